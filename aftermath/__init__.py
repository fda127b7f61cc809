"""The Aftermath: each crew's Aftermath of a confirmed game, phase by phase (hand, Payday,
Barter, Reward, Bounty, Injuries, the Doc and the Hide Out), its wizard page and API, and the
jobs that run its automatic part and take the defaults at the deadline."""

"""Leagues: clubs and stores, memberships and roles, campaign nights, pairings, standings."""

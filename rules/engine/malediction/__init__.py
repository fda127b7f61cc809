"""Malediction's rules as pure Python: cards, modes, war bands, attacks, odds, the match
tracker's state machine and a seeded match simulator (``sim``).

A different game from Malifaux played in the same leagues: a d20 attack die, echo to spend,
mastery to win, husks and relics on a 30" board. Nothing here imports Django or an app; the
``malediction`` app maps its rows onto these dataclasses and stores the tracker's entries.
"""

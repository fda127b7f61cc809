"""Errors raised by the rules engine.

Two kinds, as in well-kept tournament software: ``RulesError`` is meant for the user
(an illegal cheat, an impossible flip request) and carries a message that says what to
do instead; ``EngineBug`` means the engine reached a state that should never happen.
Both are ``ValueError`` subclasses so edges can turn them into a 400 without a 500.
"""


class RulesError(ValueError):
    """The request breaks a rule of the game; the message explains which."""


class InvalidCard(RulesError):
    """A card code, value or suit that does not exist in a Fate Deck."""


class IllegalCheat(RulesError):
    """Cheating Fate is not allowed here (negative twist, Black Joker, opponent's Red Joker)."""


class IllegalChoice(RulesError):
    """The chosen card is not one the flip allows (e.g. not the lowest under a negative twist)."""


class IllegalSoulstoneUse(RulesError):
    """Only Masters and Henchmen may spend Soulstones on a duel, and only as the rules allow."""


class EngineBug(RuntimeError):
    """An internal invariant failed; this is a defect in the engine, not a user error."""

"""Malediction's rule errors: user-facing (``RulesError``) with a message saying what to do."""

from __future__ import annotations

from rules.engine.errors import RulesError


class MaledictionRulesError(RulesError):
    """A Malediction rule refuses the request; the message says which rule and why."""


class InvalidCardData(MaledictionRulesError):
    """A card's fields break the card format (a negative cost, a relic with a rank...)."""


class IllegalEntry(MaledictionRulesError):
    """A match tracker entry the rules do not allow in the current state."""

"""``DuelContext``: what a duel is for, told to its participants' commanders.

Its own module because both sides of the engine read it: the actions that start duels
and the commanders that answer them (``commanders.base`` re-exports it).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DuelContext"]


#: Not frozen (the same eq and hash): a game builds thousands, and a frozen dataclass's
#: ``__init__`` sets every field through ``object.__setattr__``. Treat it as read-only.
@dataclass(slots=True, unsafe_hash=True)
class DuelContext:
    """What a duel is for. ``kind``: "attack", "strike" (a disengaging strike), "horror",
    "manipulative", "tactical", "shake_curse". ``role``: "attacker", "defender" or
    "simple"; ``model`` is the asking side's model, ``other`` the opposing one (or "")."""

    kind: str
    role: str
    model: str
    other: str = ""
    action: str = ""

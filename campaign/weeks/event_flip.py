"""The weekly event flip, as plain Python over a card source (no database).

``draw(purpose)`` returns one card; the service passes a function that makes and records
a server flip, tests pass a scripted one. The rules (campaign book, Weekly Event):

* flip on the Weekly Event table; reflip when the result is an event that was in force
  last week (any event of last week's chain: The Event and the event its games used);
* an event that "flips another event" (A Bad Moon Rises, A Bullet With Your Name, The
  Event, Pit Fight) keeps its own effect and a further event is flipped for the week's
  games; that further flip reflips Pit Fight and either Joker. If it lands on another
  event that flips again (A Bullet With Your Name), the chain goes on the same way;
* with the Individual Events option each game flips its own event, reflipping Pit Fight,
  either Joker and A Bullet With Your Name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.utils.translation import gettext

from rules import tables
from rules.engine.cards import Card

#: A chain longer than this means the table is broken (every link reflips the same rows).
MAX_FLIPS = 60

Draw = Callable[[str], Card]


@dataclass(frozen=True)
class EventFlipStep:
    purpose: str
    card: Card
    event_key: str
    kept: bool
    why_not: str = ""


@dataclass(frozen=True)
class WeeklyEventOutcome:
    """``chain`` lists the events in force this week, first flipped first; the last one
    is the event the week's games are played under."""

    chain: tuple[str, ...]
    steps: tuple[EventFlipStep, ...]

    @property
    def event_key(self) -> str:
        return self.chain[0]

    @property
    def games_event_key(self) -> str:
        return self.chain[-1]


class EventFlipError(RuntimeError):
    """The flip did not settle (a broken table); nothing should be recorded."""


def _flip_until(draw: Draw, purpose: str, refuse: Callable[[str], str], steps: list) -> str:
    for _ in range(MAX_FLIPS):
        card = draw(purpose)
        key = tables.weekly_event_for(card).key
        why = refuse(key)
        steps.append(EventFlipStep(purpose, card, key, kept=not why, why_not=why))
        if not why:
            return key
        purpose = f"reflip ({why})"
    raise EventFlipError(gettext("The weekly event flip did not settle after %(MAX_FLIPS)s "
"cards.") % {"MAX_FLIPS": MAX_FLIPS})


def flip_weekly_event(draw: Draw, *, previous_key: str | None = None,
                      previous_keys: Iterable[str] = ()) -> WeeklyEventOutcome:
    """Flip the week's event. ``previous_keys`` are last week's events in force (its whole
    chain, so The Event, A Bad Moon Rises, Pit Fight or A Bullet With Your Name cannot come
    back the next week); ``previous_key`` is one such key."""
    table = tables.weekly_events()
    steps: list[EventFlipStep] = []
    last_week = {k for k in (previous_key, *previous_keys) if k}

    def not_last_weeks(key: str) -> str:
        if table.reflip_repeat_of_last_week and key in last_week:
            return "same as last week's event"
        return ""

    def not_for_games(key: str) -> str:
        if key in table.another_event_reflips:
            return f"{table.row(key).name} is reflipped for the games"
        return ""

    chain = [_flip_until(draw, "weekly event", not_last_weeks, steps)]
    while table.row(chain[-1]).another_event:
        if len(chain) > 10:
            raise EventFlipError(gettext("The chain of events did not settle."))
        chain.append(_flip_until(draw, f"another event after {table.row(chain[-1]).name}",
                                 not_for_games, steps))
    return WeeklyEventOutcome(tuple(chain), tuple(steps))


def flip_individual_event(draw: Draw) -> WeeklyEventOutcome:
    """Individual Events option: one game's own event."""
    table = tables.weekly_events()
    steps: list[EventFlipStep] = []

    def refuse(key: str) -> str:
        if key in table.individual_event_reflips:
            return f"{table.row(key).name} is reflipped for a single game"
        return ""

    key = _flip_until(draw, "game event", refuse, steps)
    return WeeklyEventOutcome((key,), tuple(steps))

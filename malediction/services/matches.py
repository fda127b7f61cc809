"""Creating matches from registrations (a pairing, a bye) with each seat's list as played."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from malediction.models import Match, MatchSide, Registration, Round, Seat, WinType


def _seat(side: MatchSide, registration: Registration) -> Seat:
    listed = registration.submitted_list or {}
    return Seat.objects.create(
        side=side, player_id=registration.player_id, registration=registration,
        seeker_id=listed.get("seeker"), legacy_id=listed.get("legacy"),
        terrain_id=listed.get("terrain"), deck=listed.get("deck", []),
        side_deck=listed.get("side", []))


@transaction.atomic
def create_match(*, round: Round, sides: Sequence[Sequence[Registration]],
                 table: int | None = None) -> Match:
    """A match of the round's event between two sides (each one or two registrations)."""
    event = round.event
    match = Match.objects.create(event=event, round=round, table=table, date=round.date,
                                 mode=event.mode, board=event.board,
                                 threshold=event.threshold)
    for key, regs in zip("ab", sides, strict=True):
        team = next((r.team for r in regs if r.team_id), None)
        side = MatchSide.objects.create(match=match, key=key, team=team)
        for registration in regs:
            _seat(side, registration)
    return match


@transaction.atomic
def create_bye(*, round: Round, registrations: Sequence[Registration]) -> Match:
    """A bye counts as a win at once: one side, confirmed, no mastery."""
    event = round.event
    match = Match.objects.create(event=event, round=round, is_bye=True, date=round.date,
                                 mode=event.mode, board=event.board, threshold=event.threshold,
                                 state=Match.State.CONFIRMED, winner="a",
                                 win_type=WinType.BYE)
    team = next((r.team for r in registrations if r.team_id), None)
    side = MatchSide.objects.create(match=match, key="a", team=team)
    for registration in registrations:
        _seat(side, registration)
    return match

"""The match tracker: entries stored in order, the state rebuilt by the engine
(``rules.engine.malediction.match_state.replay``). A refused entry is never stored; undo
marks the last live entry undone (kept in the log). When the end-of-round check ends
the match, the result form is filled from the tracker and reported by the player who
made the entry, for the other side to confirm."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext

from malediction.models import Board, Match, Mode, TrackerEntry
from malediction.result_form import MAX_ROUND, ResultForm
from malediction.services.common import (
    MaledictionError,
    lock_match,
    log,
    move,
    require_player_or_organizer,
    side_of,
    touch,
)
from rules.engine.malediction import match_state as engine
from rules.engine.malediction.errors import MaledictionRulesError

OPEN_STATES = (Match.State.SET_UP, Match.State.IN_PLAY)


def _board_key(match: Match) -> str | None:
    if match.board == Board.STRIFE:
        return None if match.mode == Mode.DEMO else "strife"
    if match.board == Board.MAELSTROM:
        return "maelstrom"
    return "standard" if match.mode == Mode.DEMO else None


def players_of(match: Match) -> list:
    """Seats in the engine's player order: side a's seats, then side b's."""
    return [seat for side in sorted(match.sides.all(), key=lambda s: s.key)
            for seat in side.seats.all()]


def setup_for(match: Match) -> engine.MatchSetup:
    players = []
    for seat in players_of(match):
        deck = sum(int(r.get("count", 0)) for r in seat.deck or ()) or 30
        players.append(engine.PlayerSetup(
            name=str(seat.player), deck_size=deck,
            starting_echo=(seat.legacy.starting_echo or 0) if seat.legacy_id else 0,
            seeker=seat.seeker.name if seat.seeker_id else "Seeker",
            seeker_cost=(seat.seeker.cost or 0) if seat.seeker_id else 0))
    return engine.MatchSetup.for_mode(match.mode, players, _board_key(match))


def _match_for_tracker(pk: int) -> Match:
    return (Match.objects.select_related("event__league")
            .prefetch_related("sides__seats__player", "sides__seats__legacy",
                              "sides__seats__seeker").get(pk=pk))


def live_entries(match: Match) -> list[dict]:
    return list(match.tracker_entries.filter(undone=False).order_by("seq")
                .values_list("data", flat=True))


def state_of(match: Match) -> engine.MatchState:
    """The tracker's state now (the entries replayed)."""
    match = _match_for_tracker(match.pk)
    try:
        return engine.replay(setup_for(match), live_entries(match))
    except MaledictionRulesError as exc:
        raise MaledictionError(str(exc)) from exc


@transaction.atomic
def add_entry(*, match: Match, actor, entry: Mapping) -> engine.MatchState:
    """Check ``entry`` against the rules and store it; refused entries are not stored."""
    lock_match(match)
    match = _match_for_tracker(match.pk)
    require_player_or_organizer(actor, match)
    if match.is_bye or match.state not in OPEN_STATES:
        raise MaledictionError(gettext("The tracker is closed: this match has a result."))
    try:
        state = engine.replay(setup_for(match), live_entries(match))
        state = engine.apply(state, dict(entry))
    except MaledictionRulesError as exc:
        raise MaledictionError(str(exc)) from exc
    seq = (match.tracker_entries.aggregate(m=Max("seq"))["m"] or 0) + 1
    TrackerEntry.objects.create(match=match, seq=seq, kind=str(entry.get("type", ""))[:30],
                                data=dict(entry), actor=actor)
    if match.state == Match.State.SET_UP:
        move(match, Match.State.IN_PLAY)
        match.save(update_fields=["state", "updated_at"])
    touch(match)
    if state.result is not None:
        _report(match, actor, state)
    return state


def result_form(state: engine.MatchState) -> ResultForm:
    """The result form as the tracker knows it (two sides: a and b)."""
    result = state.result
    keys = "ab"
    facts = {keys[s]: {"relics_claimed": result.relics_claimed[s],
                       "relics_lost": result.relics_lost[s],
                       "kill_mastery": max(0, result.kill_mastery[s]),
                       "bids_won": sum(1 for _, w in result.bids_won if w == s)}
             for s in range(len(result.mastery))}
    return ResultForm(keys[result.winner], result.mastery[0], result.mastery[1],
                      min(result.final_round, MAX_ROUND), result.win_type, facts)


def _report(match: Match, actor, state: engine.MatchState) -> None:
    """The tracker ended the match: a player's entry reports it (an organizer's leaves
    the result form filled on the page for a player or a ruling)."""
    from malediction.services import results

    if side_of(match, actor) is None:
        return
    results.report_result(match=match, actor=actor, form=result_form(state),
                          source="tracker")


@transaction.atomic
def undo_last(*, match: Match, actor) -> TrackerEntry:
    """Mark the last live entry undone (it stays in the log)."""
    match = lock_match(match)
    require_player_or_organizer(actor, match)
    if match.state not in OPEN_STATES:
        raise MaledictionError(gettext(
            "The result is reported: dispute it or report a corrected result instead."))
    last = match.tracker_entries.filter(undone=False).order_by("-seq").first()
    if last is None:
        raise MaledictionError(gettext("There is no entry to undo."))
    last.undone = True
    last.save(update_fields=["undone"])
    log(match, f"{actor} undid tracker entry {last.seq} ({last.kind})", actor=actor)
    return last

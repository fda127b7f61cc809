"""Events: an organizer opens one in a league; players register and submit lists; teams
are fixed before the first round; rounds on nights are checked in, paired (random in
round one, then by standings, no rematch where avoidable, a bye that counts as a win)
with ``nights.pairing``, the pure Swiss algorithm, over units (players, or teams)."""

from __future__ import annotations

import datetime as dt
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from config.jobs import enqueue
from league import permissions as league_permissions
from malediction import standings
from malediction.models import (
    MODE_DEFAULTS,
    Board,
    Event,
    Match,
    Mode,
    Registration,
    Reveal,
    Round,
    Team,
)
from malediction.services.common import MaledictionError, require_organizer
from malediction.services.matches import create_bye, create_match
from nights import pairing

PLAYERS_PER_TEAM = {Mode.ALLEGIANCE: 2, Mode.NEMESIS: 2}


def _lock_event(event: Event) -> Event:
    return Event.objects.select_for_update().select_related("league").get(pk=event.pk)


@transaction.atomic
def create_event(*, league, actor, name: str, mode: str = Mode.STANDARD,
                 board: int | None = None, threshold: int | None = None,
                 list_deadline: dt.datetime, reveal: str = Reveal.PAIRED,
                 planned_rounds: int = 3) -> Event:
    if not league_permissions.can_manage_league(actor, league):
        raise PermissionDenied(gettext("Only the league's admins and organizers may do this."))
    problems = []
    if not name.strip():
        problems.append(gettext("Give the event a name."))
    if mode not in Mode.values:
        problems.append(gettext("Choose a mode: standard, demo, allegiance or nemesis."))
    if board is not None and board not in Board.values:
        problems.append(gettext("The board is 24, 30 or 36 inches."))
    if threshold is not None and not 1 <= threshold <= 200:
        problems.append(gettext("The mastery threshold is 1 to 200."))
    if reveal not in Reveal.values:
        problems.append(gettext("Lists are open or revealed when paired."))
    if not 1 <= planned_rounds <= 12:
        problems.append(gettext("An event has 1 to 12 rounds."))
    if problems:
        raise MaledictionError(problems[0], problems)
    default_board, default_threshold = MODE_DEFAULTS[mode]
    return Event.objects.create(
        league=league, name=name.strip()[:120], mode=mode, board=board or default_board,
        threshold=threshold or default_threshold, list_deadline=list_deadline, reveal=reveal,
        planned_rounds=planned_rounds, created_by=actor)


@transaction.atomic
def register(*, event: Event, player, actor) -> Registration:
    """A league member registers (themself; an organizer may register a member)."""
    event = _lock_event(event)
    if actor.pk != player.pk:
        require_organizer(actor, event)
    if not league_permissions.is_member(player, event.league):
        raise PermissionDenied(gettext("Join the league to play in its events."))
    if event.state == Event.State.FINISHED:
        raise MaledictionError(gettext("This event has finished."))
    registration, _ = Registration.objects.get_or_create(event=event, player=player)
    return registration


@transaction.atomic
def set_team(*, event: Event, actor, name: str, registrations: Sequence[Registration],
             is_nemesis: bool = False) -> Team:
    """A team, fixed for the event: set before the first round is paired."""
    event = _lock_event(event)
    require_organizer(actor, event)
    if not event.is_team_mode:
        raise MaledictionError(gettext("Only Allegiance and Nemesis events have teams."))
    if event.rounds.exclude(state=Round.State.OPEN).exists():
        raise MaledictionError(gettext("Teams are fixed once the first round is paired."))
    if is_nemesis and event.mode != Mode.NEMESIS:
        raise MaledictionError(gettext("Only a Nemesis event has a Nemesis player."))
    size = 1 if is_nemesis else PLAYERS_PER_TEAM[event.mode]
    if len({r.pk for r in registrations}) != size or any(r.event_id != event.pk
                                                         for r in registrations):
        raise MaledictionError(gettext("This team needs %(n)s player(s) of the event.")
                               % {"n": size})
    if not name.strip():
        raise MaledictionError(gettext("Give the team a name."))
    name = name.strip()[:80]
    taken = (Registration.objects.filter(pk__in=[r.pk for r in registrations], team__isnull=False)
             .exclude(team__name=name).select_related("player", "team").first())
    if taken is not None:  # a player plays in one team for the whole event
        raise MaledictionError(
            gettext("%(player)s is already in the team %(team)s; remove that team first.")
            % {"player": taken.player, "team": taken.team.name})
    team, _ = Team.objects.update_or_create(event=event, name=name,
                                            defaults={"is_nemesis": is_nemesis})
    Registration.objects.filter(team=team).update(team=None)
    Registration.objects.filter(pk__in=[r.pk for r in registrations]).update(team=team)
    return team


@transaction.atomic
def remove_team(*, event: Event, actor, team: Team) -> None:
    """A team is undone (its players free again) until the first round is paired."""
    event = _lock_event(event)
    require_organizer(actor, event)
    if team.event_id != event.pk:
        raise MaledictionError(gettext("No such team in this event."))
    if event.rounds.exclude(state=Round.State.OPEN).exists():
        raise MaledictionError(gettext("Teams are fixed once the first round is paired."))
    Registration.objects.filter(team=team).update(team=None)
    team.delete()


@transaction.atomic
def check_in(*, registration: Registration, actor, present: bool = True) -> Registration:
    registration = Registration.objects.select_for_update().select_related(
        "event__league").get(pk=registration.pk)
    if actor.pk != registration.player_id:
        require_organizer(actor, registration.event)
    registration.checked_in = present
    registration.save(update_fields=["checked_in"])
    return registration


@transaction.atomic
def open_round(*, event: Event, actor, date: dt.date | None = None, night=None) -> Round:
    """The next round, on ``night`` (one of the league's nights: its date) or on ``date``;
    the previous one must be closed."""
    event = _lock_event(event)
    require_organizer(actor, event)
    if night is not None:
        if night.campaign.league_id != event.league_id:
            raise MaledictionError(gettext("Choose one of this league's nights."))
        date = date or night.date
    if date is None:
        raise MaledictionError(gettext("Give the night's date."))
    if event.state == Event.State.FINISHED:
        raise MaledictionError(gettext("This event has finished."))
    last = event.rounds.order_by("-number").first()
    if last is not None and last.state != Round.State.CLOSED:
        raise MaledictionError(gettext("Close round %(n)s before opening the next.")
                               % {"n": last.number})
    return Round.objects.create(event=event, number=(last.number + 1) if last else 1,
                                date=date, night=night)


@dataclass(frozen=True)
class Unit:
    """What the pairing pairs: a player's registration, or a team's registrations."""

    key: int
    name: str
    registrations: tuple[Registration, ...]


def units(event: Event, *, checked_in_only: bool = True) -> list[Unit]:
    regs = list(event.registrations.filter(dropped=False).select_related("player", "team"))
    if checked_in_only:
        regs = [r for r in regs if r.checked_in]
    if not event.is_team_mode:
        return [Unit(r.pk, str(r.player), (r,)) for r in regs]
    teams: dict[int, list[Registration]] = {}
    for r in regs:
        if r.team_id:
            teams.setdefault(r.team_id, []).append(r)
    found = []
    for team in Team.objects.filter(pk__in=teams):
        members = tuple(teams[team.pk])
        size = 1 if team.is_nemesis else PLAYERS_PER_TEAM[event.mode]
        if len(members) == size:  # a team plays only with all its players checked in
            found.append(Unit(team.pk, team.name, members))
    return found


def nemesis_history(history: pairing.History, found) -> pairing.History:
    """In a Nemesis event a Nemesis plays a team of two, never its own kind: each unit has
    "met this round" every unit of its kind, which the pure pairing never pairs."""
    found = list(found)
    kind = {u.key: bool(u.registrations[0].team and u.registrations[0].team.is_nemesis)
            for u in found}
    same = {k: frozenset(o for o in kind if o != k and kind[o] == kind[k]) for k in kind}
    return pairing.History(max_games_per_week=1, week_opponents=same,
                           campaign_opponents=history.campaign_opponents,
                           games_this_week={}, had_bye=history.had_bye)


@dataclass(frozen=True)
class PairingResult:
    round: Round
    matches: list[Match]
    notes: list[str]


@transaction.atomic
def pair_round(*, round: Round, actor, seed: int | None = None) -> PairingResult:
    """Pair the checked-in units: at random in round one (seeded, so it can be replayed),
    then in standings order; a rematch only when nothing else pairs everyone."""
    round = Round.objects.select_for_update().select_related("event__league").get(pk=round.pk)
    event = round.event
    require_organizer(actor, event)
    if round.state != Round.State.OPEN:
        raise MaledictionError(gettext("This round is already paired."))
    found = {u.key: u for u in units(event)}
    if len(found) < 2:
        raise MaledictionError(gettext("At least two checked-in players (or teams) are needed."))
    unit_of_reg = {r.pk: u.key for u in units(event, checked_in_only=False)
                   for r in u.registrations}
    earlier, had_bye = [], []
    for match in event.matches.filter(round__number__lt=round.number).prefetch_related(
            "sides__seats"):
        keys = [unit_of_reg.get(seat.registration_id) for side in match.sides.all()
                for seat in side.seats.all()[:1]]
        if match.is_bye:
            had_bye += [k for k in keys if k is not None]
        elif len(keys) == 2 and None not in keys:
            earlier.append(tuple(keys))
    history = pairing.History.from_games(max_games_per_week=1, week_games=(),
                                         earlier_games=earlier, had_bye=had_bye)
    if event.mode == Mode.NEMESIS:
        history = nemesis_history(history, found.values())
    names = {k: u.name for k, u in found.items()}
    if round.number == 1:
        seed = seed if seed is not None else secrets.randbits(48)
        order = pairing.shuffled(found, random.Random(seed))
    else:
        table = standings.build(event, upto_round=round.number - 1)
        order = pairing.by_ranking(found, [row.key for row in table.rows])
    result = pairing.pair_players(order, history, names)
    explanations = result.explanations
    if event.mode == Mode.NEMESIS and result.unpaired:
        explanations = [*(gettext("%(unit)s has no match this round: a Nemesis plays a team "
                                  "of two, and none is free for it.") % {"unit": names[k]}
                          for k in result.unpaired),
                        *result.bye_notes, *(n for p in result.pairs for n in p.notes)]
    matches = []
    for table_no, pair in enumerate(result.pairs, start=1):
        a, b = found[pair.a], found[pair.b]
        if event.mode == Mode.NEMESIS and a.registrations[0].team and \
                a.registrations[0].team.is_nemesis:
            a, b = b, a  # the Nemesis plays side b, the Union side a
        matches.append(create_match(round=round, sides=[a.registrations, b.registrations],
                                    table=table_no))
    if result.bye is not None:
        matches.append(create_bye(round=round, registrations=found[result.bye].registrations))
    Round.LIFECYCLE.check(round.state, Round.State.PAIRED)
    round.state, round.seed, round.notes = Round.State.PAIRED, seed, explanations
    round.paired_at = timezone.now()
    round.save(update_fields=["state", "seed", "notes", "paired_at"])
    enqueue("malediction.send_pairing_notice", round.pk)  # once the pairing is committed
    if event.state == Event.State.REGISTRATION:
        event.state = Event.State.RUNNING
        event.save(update_fields=["state"])
    return PairingResult(round, matches, explanations)


@transaction.atomic
def unpair_round(*, round: Round, actor) -> Round:
    """Back to checking in: the round's matches go (only while none has a result)."""
    round = Round.objects.select_for_update().select_related("event__league").get(pk=round.pk)
    require_organizer(actor, round.event)
    if round.state != Round.State.PAIRED:
        raise MaledictionError(gettext("Only a paired round can be paired again."))
    if round.matches.filter(is_bye=False).exclude(state=Match.State.SET_UP).exists():
        raise MaledictionError(gettext("A match of this round has started; it stays paired."))
    round.matches.all().delete()
    round.state, round.notes = Round.State.OPEN, []
    round.save(update_fields=["state", "notes"])
    return round


@transaction.atomic
def close_round(*, round: Round, actor) -> Round:
    round = Round.objects.select_for_update().select_related("event__league").get(pk=round.pk)
    event = round.event
    require_organizer(actor, event)
    if round.state != Round.State.PAIRED:
        raise MaledictionError(gettext("Pair the round before closing it."))
    if round.matches.exclude(state=Match.State.CONFIRMED).exists():
        raise MaledictionError(gettext("Every match needs a confirmed or ruled result first."))
    round.state = Round.State.CLOSED
    round.save(update_fields=["state"])
    if round.number >= event.planned_rounds:
        Event.objects.filter(pk=event.pk).update(state=Event.State.FINISHED)
    return round

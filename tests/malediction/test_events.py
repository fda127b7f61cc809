"""Events: creation, registration, teams, check-in, pairing (random round one, then by
standings, no rematch where avoidable, a bye that counts as a win) and standings."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from league.models import Role
from malediction import standings
from malediction.models import Event, Match, Mode, Registration, Round
from malediction.result_form import ResultForm
from malediction.services import events, results
from malediction.services.common import MaledictionError
from tests.campaign.factories import member

pytestmark = pytest.mark.django_db
DEADLINE = timezone.now() + dt.timedelta(days=1)


def test_create_event_takes_the_modes_defaults(world):
    with pytest.raises(PermissionDenied):
        events.create_event(league=world.league, actor=world.players[0], name="X",
                            list_deadline=DEADLINE)
    demo = events.create_event(league=world.league, actor=world.organizer, name="Demo night",
                               mode=Mode.DEMO, list_deadline=DEADLINE)
    assert (demo.board, demo.threshold) == (24, 25)
    nemesis = events.create_event(league=world.league, actor=world.organizer, name="N",
                                  mode=Mode.NEMESIS, board=36, list_deadline=DEADLINE)
    assert (nemesis.board, nemesis.threshold) == (36, 50)
    with pytest.raises(MaledictionError) as exc:
        events.create_event(league=world.league, actor=world.organizer, name=" ", mode="x",
                            board=20, list_deadline=DEADLINE, planned_rounds=0)
    assert len(exc.value.problems) == 4


def test_registration_needs_league_membership(world):
    with pytest.raises(PermissionDenied):
        events.register(event=world.event, player=world.outsider, actor=world.outsider)
    newcomer = member(world.league, Role.PLAYER)
    reg = events.register(event=world.event, player=newcomer, actor=newcomer)
    assert reg.event == world.event
    with pytest.raises(PermissionDenied):
        events.register(event=world.event, player=world.outsider, actor=world.players[0])


def _win(match, winner="a", a=42, b=30):
    form = ResultForm(winner, a if winner == "a" else b, b if winner == "a" else a, 4,
                      "threshold")
    results.rule_result(match=match, actor=match.event.created_by, form=form, reason="table")


def _keys(match):
    return {match.sides.get(key=k).seats.first().registration_id for k in "ab"}


def test_three_rounds_pair_by_standings_without_rematches(world):
    extra = member(world.league, Role.PLAYER)  # five players: a bye each round
    Registration.objects.create(event=world.event, player=extra, checked_in=True)
    seen = set()
    byes = []
    for number in (1, 2, 3):
        rnd = world.round1 if number == 1 else events.open_round(
            event=world.event, actor=world.organizer, date=dt.date(2026, 12, number))
        paired = events.pair_round(round=rnd, actor=world.organizer, seed=7)
        games = [m for m in paired.matches if not m.is_bye]
        bye = next(m for m in paired.matches if m.is_bye)
        byes.append(bye.sides.get().seats.get().registration_id)
        assert len(games) == 2 and bye.state == Match.State.CONFIRMED
        for match in games:
            pair = frozenset(_keys(match))
            assert pair not in seen  # no rematch while one can be avoided
            seen.add(pair)
            _win(match)
        events.close_round(round=rnd, actor=world.organizer)
    assert len(set(byes)) == 3  # nobody gets a second bye while others had none
    table = standings.build(world.event)
    assert sum(r.wins for r in table.rows) == 9  # 6 games + 3 byes
    assert table.rows[0].wins >= table.rows[-1].wins
    assert Event.objects.get(pk=world.event.pk).state == Event.State.FINISHED


def test_round_one_is_random_but_replayable_by_its_seed(world):
    first = events.pair_round(round=world.round1, actor=world.organizer, seed=123)
    pairs = sorted(tuple(sorted(_keys(m))) for m in first.matches)
    events.unpair_round(round=world.round1, actor=world.organizer)
    again = events.pair_round(round=world.round1, actor=world.organizer, seed=123)
    assert sorted(tuple(sorted(_keys(m))) for m in again.matches) == pairs
    assert Round.objects.get(pk=world.round1.pk).seed == 123


def test_standings_order_wins_then_margin_then_strength_of_schedule():
    names = {1: "Ada", 2: "Bea", 3: "Cyd", 4: "Dov"}
    results_ = [
        standings.Result(1, 1, True, 45, (2,), 30), standings.Result(1, 2, False, 30, (1,), 45),
        standings.Result(1, 3, True, 41, (4,), 26), standings.Result(1, 4, False, 26, (3,), 41),
        standings.Result(2, 1, False, 20, (3,), 40), standings.Result(2, 3, True, 40, (1,), 20),
        standings.Result(2, 2, True, 40, (4,), 25), standings.Result(2, 4, False, 25, (2,), 40),
    ]
    rows = standings.compute(names, results_)
    assert [r.name for r in rows] == ["Cyd", "Bea", "Ada", "Dov"]
    cyd, bea, ada, _dov = rows
    assert (cyd.wins, cyd.margin) == (2, 35)
    assert (bea.wins, bea.margin, ada.wins, ada.margin) == (1, 0, 1, -5)
    # equal wins and margin: the harder schedule first
    tied = standings.compute({1: "A", 2: "B", 3: "C", 4: "D"}, [
        standings.Result(1, 1, True, 40, (3,), 30), standings.Result(1, 3, False, 30, (1,), 40),
        standings.Result(1, 2, True, 40, (4,), 30), standings.Result(1, 4, False, 30, (2,), 40),
        standings.Result(2, 3, True, 40, (4,), 39), standings.Result(2, 4, False, 39, (3,), 40),
    ])
    assert [r.name for r in tied[:2]] == ["A", "B"] and tied[0].sos == 1 and tied[1].sos == 0


def test_standings_as_of_a_round_and_per_team(world):
    event = events.create_event(league=world.league, actor=world.organizer, name="Pairs",
                                mode=Mode.ALLEGIANCE, list_deadline=DEADLINE)
    regs = [Registration.objects.create(event=event, player=p, checked_in=True)
            for p in world.players]
    with pytest.raises(MaledictionError):
        events.set_team(event=event, actor=world.organizer, name="Solo", registrations=regs[:1])
    events.set_team(event=event, actor=world.organizer, name="Reds", registrations=regs[:2])
    events.set_team(event=event, actor=world.organizer, name="Blues", registrations=regs[2:])
    rnd = events.open_round(event=event, actor=world.organizer, date=dt.date(2026, 12, 1))
    paired = events.pair_round(round=rnd, actor=world.organizer, seed=1)
    match = paired.matches[0]
    assert [s.seats.count() for s in match.sides.all()] == [2, 2]
    _win(match, "a", 52, 31)
    with pytest.raises(MaledictionError, match="fixed"):
        events.set_team(event=event, actor=world.organizer, name="Reds",
                        registrations=regs[1:3])
    teams = standings.build(event)
    assert [r.wins for r in teams.rows] == [1, 0] and teams.per == "team"
    players = standings.build(event, per="player")
    assert sorted(r.wins for r in players.rows) == [0, 0, 1, 1]
    assert standings.build(event, upto_round=0).rows[0].played == 0

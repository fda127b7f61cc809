"""Teams for Allegiance (2v2) and Nemesis (2v1): organizers set and remove them on the
event page and through the API; pairing keeps them whole, never pairs a team with
itself, and in a Nemesis event pairs each Nemesis against a team of two."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from league.models import Role
from malediction.models import Mode, Registration, Team
from malediction.result_form import ResultForm
from malediction.services import events, results
from malediction.services.common import MaledictionError
from tests.campaign.factories import member

pytestmark = pytest.mark.django_db
DEADLINE = timezone.now() + dt.timedelta(days=1)


def _event(world, mode, players=4):
    event = events.create_event(league=world.league, actor=world.organizer, name=str(mode),
                                mode=mode, list_deadline=DEADLINE)
    people = [*world.players, *(member(world.league, Role.PLAYER)
                                for _ in range(players - len(world.players)))]
    regs = [Registration.objects.create(event=event, player=p, checked_in=True)
            for p in people[:players]]
    return event, regs


def _team(world, event, name, regs, nemesis=False):
    return events.set_team(event=event, actor=world.organizer, name=name, registrations=regs,
                           is_nemesis=nemesis)


def _side_teams(match):
    return [{seat.registration.team_id for seat in side.seats.all()}
            for side in match.sides.all()]


def test_the_organizer_sets_and_removes_a_team_on_the_page(client, world):
    event, regs = _event(world, Mode.ALLEGIANCE)
    client.force_login(world.organizer)
    page = client.get(event.get_absolute_url())
    assert 'id="team-form"' in page.content.decode()
    assert 'name="is_nemesis"' not in page.content.decode()  # Allegiance: no Nemesis
    url = reverse("malediction:team", args=[event.pk])
    response = client.post(url, {"name": "Reds", "members": [regs[0].pk, regs[1].pk]})
    assert response.status_code == 302
    team = Team.objects.get(event=event, name="Reds")
    assert set(Registration.objects.filter(team=team).values_list("pk", flat=True)) == \
        {regs[0].pk, regs[1].pk}
    shown = client.get(event.get_absolute_url()).content.decode()
    assert f'id="team-{team.pk}"' in shown and str(world.players[1]) in shown
    # a player already in a team is refused by name, nothing changes
    client.post(url, {"name": "Blues", "members": [regs[1].pk, regs[2].pk]})
    assert not Team.objects.filter(name="Blues").exists()
    assert "already in the team Reds" in client.get(event.get_absolute_url()).content.decode()
    # a registration of another event is not a choice (a form error, not a 500)
    assert client.post(url, {"name": "Ghosts", "members": ["999999", "x"]}).status_code == 302
    assert not Team.objects.filter(name="Ghosts").exists()
    remove = reverse("malediction:team-remove", args=[event.pk, team.pk])
    assert client.post(remove).status_code == 302
    assert not Team.objects.filter(pk=team.pk).exists()
    assert not Registration.objects.filter(event=event, team__isnull=False).exists()


def test_players_may_not_manage_teams_on_the_page(client, world):
    event, regs = _event(world, Mode.ALLEGIANCE)
    team = _team(world, event, "Reds", regs[:2])
    client.force_login(world.players[0])
    assert 'id="team-form"' not in client.get(event.get_absolute_url()).content.decode()
    assert client.post(reverse("malediction:team", args=[event.pk]),
                       {"name": "Mine", "members": [regs[2].pk, regs[3].pk]}).status_code == 403
    assert client.post(reverse("malediction:team-remove",
                               args=[event.pk, team.pk])).status_code == 403
    assert Team.objects.filter(event=event).count() == 1


def test_the_nemesis_is_marked_on_the_page_of_a_nemesis_event(client, world):
    event, regs = _event(world, Mode.NEMESIS, players=3)
    client.force_login(world.organizer)
    assert 'name="is_nemesis"' in client.get(event.get_absolute_url()).content.decode()
    client.post(reverse("malediction:team", args=[event.pk]),
                {"name": "Dread", "members": [regs[0].pk], "is_nemesis": "on"})
    assert Team.objects.get(event=event, name="Dread").is_nemesis


def test_teams_are_fixed_once_paired_and_a_nemesis_only_in_nemesis(world):
    event, regs = _event(world, Mode.ALLEGIANCE)
    with pytest.raises(MaledictionError, match="Nemesis"):
        _team(world, event, "Alone", regs[:1], nemesis=True)
    reds = _team(world, event, "Reds", regs[:2])
    _team(world, event, "Blues", regs[2:])
    rnd = events.open_round(event=event, actor=world.organizer, date=dt.date(2026, 12, 1))
    events.pair_round(round=rnd, actor=world.organizer, seed=1)
    with pytest.raises(MaledictionError, match="fixed"):
        events.remove_team(event=event, actor=world.organizer, team=reds)


def test_the_api_lists_sets_and_removes_teams(world):
    event, regs = _event(world, Mode.ALLEGIANCE)
    api = APIClient()
    api.force_authenticate(world.organizer)
    url = f"/api/malediction/events/{event.pk}/teams/"
    answer = api.post(url, {"name": "Reds", "members": [regs[0].pk, regs[1].pk]},
                      format="json")
    assert answer.status_code == 200
    assert answer.json()[0]["registrations"] == sorted([regs[0].pk, regs[1].pk])
    assert api.post(url, {"name": "Solo", "members": [regs[2].pk]},
                    format="json").status_code == 400
    assert api.post(url, {"name": "X", "members": [10**12, regs[2].pk]},
                    format="json").json() == {"members": ["Players registered in this event only."]}
    player = APIClient()
    player.force_authenticate(world.players[2])
    assert player.get(url).json()[0]["name"] == "Reds"
    assert player.post(url, {"name": "Mine", "members": [regs[2].pk, regs[3].pk]},
                       format="json").status_code == 403
    remove = f"/api/malediction/events/{event.pk}/remove-team/"
    assert player.post(remove, {"name": "Reds"}, format="json").status_code == 403
    assert api.post(remove, {"name": "Nobody"}, format="json").status_code == 400
    assert api.post(remove, {"name": "Reds"}, format="json").json() == []
    assert not Team.objects.filter(event=event).exists()


def test_allegiance_pairing_keeps_teams_whole_and_apart(world):
    event, regs = _event(world, Mode.ALLEGIANCE, players=6)
    for i, name in enumerate(["Reds", "Blues", "Greens"]):
        _team(world, event, name, regs[2 * i:2 * i + 2])
    for number in (1, 2, 3):
        rnd = events.open_round(event=event, actor=world.organizer,
                                date=dt.date(2026, 12, number))
        paired = events.pair_round(round=rnd, actor=world.organizer, seed=number)
        for match in paired.matches:
            sides = _side_teams(match)
            assert all(len(side) == 1 and None not in side for side in sides)  # whole teams
            if not match.is_bye:
                assert [s.seats.count() for s in match.sides.all()] == [2, 2]
                assert sides[0] != sides[1]  # never a team against itself
                results.rule_result(match=match, actor=world.organizer, reason="table",
                                    form=ResultForm("a", 52, 30, 4, "threshold"))
        assert sum(m.is_bye for m in paired.matches) == 1
        events.close_round(round=rnd, actor=world.organizer)


def test_nemesis_pairing_puts_each_nemesis_against_a_team_of_two(world):
    event, regs = _event(world, Mode.NEMESIS, players=6)
    _team(world, event, "Union A", regs[0:2])
    _team(world, event, "Union B", regs[2:4])
    _team(world, event, "Dread", regs[4:5], nemesis=True)
    _team(world, event, "Wrath", regs[5:6], nemesis=True)
    for seed in range(1, 9):  # whatever the random order, never Union vs Union
        rnd = events.open_round(event=event, actor=world.organizer,
                                date=dt.date(2026, 12, 1))
        paired = events.pair_round(round=rnd, actor=world.organizer, seed=seed)
        assert len(paired.matches) == 2
        for match in paired.matches:
            a, b = match.sides.get(key="a"), match.sides.get(key="b")
            assert a.seats.count() == 2 and not a.team.is_nemesis
            assert b.seats.count() == 1 and b.team.is_nemesis
        events.unpair_round(round=rnd, actor=world.organizer)
        rnd.delete()


def test_a_nemesis_event_gives_the_odd_union_the_bye(world):
    event, regs = _event(world, Mode.NEMESIS, players=5)
    _team(world, event, "Union A", regs[0:2])
    _team(world, event, "Union B", regs[2:4])
    _team(world, event, "Dread", regs[4:5], nemesis=True)
    rnd = events.open_round(event=event, actor=world.organizer, date=dt.date(2026, 12, 1))
    paired = events.pair_round(round=rnd, actor=world.organizer, seed=2)
    played = [m for m in paired.matches if not m.is_bye]
    assert len(played) == 1
    assert played[0].sides.get(key="b").team.name == "Dread"
    # three units, odd: the bye goes to the other Union, not to a Union-vs-Union match
    bye = next(m for m in paired.matches if m.is_bye)
    assert not bye.sides.get().team.is_nemesis


def test_unions_without_a_free_nemesis_have_no_match_and_the_round_says_why(world):
    event, regs = _event(world, Mode.NEMESIS, players=7)
    for i, name in enumerate(["Union A", "Union B", "Union C"]):
        _team(world, event, name, regs[2 * i:2 * i + 2])
    _team(world, event, "Dread", regs[6:7], nemesis=True)
    rnd = events.open_round(event=event, actor=world.organizer, date=dt.date(2026, 12, 1))
    paired = events.pair_round(round=rnd, actor=world.organizer, seed=5)
    assert len(paired.matches) == 1 and not paired.matches[0].is_bye
    assert paired.matches[0].sides.get(key="b").team.name == "Dread"
    rnd.refresh_from_db()
    assert sum("a Nemesis plays a team of two" in note for note in rnd.notes) == 2

"""Who asks is checked before what is asked: a refused writer learns that it may not
write, not what its body lacked; a writer who may write still gets the field errors.
(The matrix-wide check for the outsider is in ``test_permission_matrix.py``.)"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.edges.world import build_world

pytestmark = pytest.mark.django_db

BAD = {"scheme": {"not": ["valid"]}, "vp": "many"}


def as_user(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def world():
    return build_world()


def test_a_player_gets_the_field_errors_anyone_else_the_refusal(world):
    path = f"/api/games/{world.game.pk}/scheme-vp/"
    player = as_user(world.crew.player).post(path, BAD, format="json")
    assert player.status_code == 400 and {"scheme", "vp"} <= set(player.json())
    # In the league and able to see the game, but neither a player nor an organizer.
    bystander = as_user(world.crews["Charlie"].player).post(path, BAD, format="json")
    assert bystander.status_code == 403 and "scheme" not in bystander.json()
    outsider = as_user(world.users["outsider"]).post(path, BAD, format="json")
    assert outsider.status_code == 403 and "scheme" not in outsider.json()


@pytest.mark.parametrize("route", ["reveal-scheme", "notes"])
def test_the_routes_named_in_the_issue_refuse_an_outsider_first(world, route):
    response = as_user(world.users["outsider"]).post(
        f"/api/games/{world.game.pk}/{route}/", {"scheme": "x", "bounty": []}, format="json")
    assert response.status_code == 403


def test_a_week_avatar_from_an_outsider_is_a_403_and_from_a_member_a_400(world):
    path = f"/api/campaigns/{world.campaign.pk}/weeks/1/avatar/"
    assert as_user(world.users["outsider"]).post(path, {}, format="json").status_code == 403
    member = as_user(world.crew.player).post(path, {}, format="json")
    assert member.status_code == 400 and "crew" in member.json()


def test_a_write_meant_for_outsiders_keeps_its_answer(world):
    """Asking to join the league is what outsiders do: not turned into a 403."""
    response = as_user(world.users["outsider"]).post(f"/api/leagues/{world.league.slug}/request/")
    assert response.status_code == 200

"""League API: visibility, creating, updating, members, invitations and joining.

Writes are checked by role exactly as on the pages; refusals are 403 (private leagues are
404 to outsiders: they are invisible); bad input is a 400 with errors keyed by field.
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from league import permissions
from league.models import Invitation, League, Membership, Role
from tests.campaign.factories import LeagueFactory, MembershipFactory
from tests.factories import UserFactory
from tests.league.conftest import EVERYONE, MANAGERS

pytestmark = pytest.mark.django_db

LEAGUES = "/api/leagues/"


def as_(api_client, people, who):
    if who != "anonymous":
        api_client.force_authenticate(people.actor(who))
    return api_client


def league_url(league, action: str = "") -> str:
    return f"{LEAGUES}{league.slug}/" + (f"{action}/" if action else "")


def slugs(response) -> set[str]:
    assert response.status_code == 200, response.content
    return {row["slug"] for row in response.json()["results"]}


# --- Listing and reading ----------------------------------------------------------------


def test_anonymous_visitors_list_public_leagues_only(api_client, people, private_people):
    assert slugs(api_client.get(LEAGUES)) == {people.league.slug}


@pytest.mark.parametrize("who", ["admin", "organizer", "player"])
def test_members_also_list_their_private_league(api_client, people, private_people, who):
    api_client.force_authenticate(private_people.actor(who))
    assert slugs(api_client.get(LEAGUES)) == {people.league.slug, private_people.league.slug}


def test_outsiders_and_former_members_do_not_list_a_private_league(
    api_client, people, private_people
):
    gone = MembershipFactory(league=private_people.league, status=Membership.Status.LEFT).user
    for user in (private_people.outsider, gone):
        api_client.force_authenticate(user)
        assert slugs(api_client.get(LEAGUES)) == {people.league.slug}


def test_a_league_with_many_members_is_listed_once(api_client, private_people):
    for _ in range(3):
        MembershipFactory(league=private_people.league)
    api_client.force_authenticate(private_people.player)
    rows = api_client.get(LEAGUES).json()["results"]
    assert [row["slug"] for row in rows] == [private_people.league.slug]


def test_staff_list_every_league(api_client, people, private_people):
    api_client.force_authenticate(UserFactory(is_staff=True))
    assert slugs(api_client.get(LEAGUES)) == {people.league.slug, private_people.league.slug}


def test_league_payload(api_client, league):
    body = api_client.get(league_url(league)).json()
    assert body["slug"] == league.slug
    assert set(body) == {
        "id",
        "name",
        "slug",
        "description",
        "time_zone",
        "is_public",
        "created_at",
    }


@pytest.mark.parametrize(
    ("who", "status"), [("admin", 200), ("player", 200), ("outsider", 404), ("anonymous", 404)]
)
def test_private_league_is_invisible_to_outsiders(api_client, private_people, who, status):
    response = as_(api_client, private_people, who).get(league_url(private_people.league))
    assert response.status_code == status


# --- Creating -----------------------------------------------------------------------------


def test_creating_a_league(api_client, user):
    api_client.force_authenticate(user)
    response = api_client.post(
        LEAGUES,
        {"name": "Guild Nights", "time_zone": "Europe/Paris", "is_public": False},
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["slug"], body["time_zone"], body["is_public"]) == (
        "guild-nights",
        "Europe/Paris",
        False,
    )
    league = League.objects.get(slug="guild-nights")
    assert league.created_by == user
    assert permissions.is_league_admin(user, league)


def test_created_slugs_are_unique_and_read_only(api_client, user):
    api_client.force_authenticate(user)
    first = api_client.post(LEAGUES, {"name": "Twins", "slug": "mine"}, format="json").json()
    second = api_client.post(LEAGUES, {"name": "Twins"}, format="json").json()
    assert (first["slug"], second["slug"]) == ("twins", "twins-2")


def test_a_league_called_join_does_not_collide_with_the_join_endpoint(api_client, user):
    api_client.force_authenticate(user)
    slug = api_client.post(LEAGUES, {"name": "Join"}, format="json").json()["slug"]
    assert slug != "join"
    assert api_client.get(f"{LEAGUES}{slug}/").status_code == 200


def test_anonymous_visitors_cannot_create(api_client, db):
    response = api_client.post(LEAGUES, {"name": "Sneaky"}, format="json")
    assert response.status_code == 403
    assert not League.objects.exists()


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({}, "name"),
        ({"name": "   "}, "name"),
        ({"name": "x" * 121}, "name"),
        ({"name": "Bad zone", "time_zone": "Mars/Olympus"}, "time_zone"),
        ({"name": "Bad flag", "is_public": "perhaps"}, "is_public"),
    ],
)
def test_bad_input_is_a_400_with_field_errors(api_client, user, data, field):
    api_client.force_authenticate(user)
    response = api_client.post(LEAGUES, data, format="json")
    assert response.status_code == 400
    assert list(response.json()) == [field]
    assert not League.objects.exists()


# --- Updating -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "status"),
    [("admin", 200), ("organizer", 200), ("player", 403), ("outsider", 403), ("anonymous", 403)],
)
def test_patch_for_every_role(api_client, people, who, status):
    response = as_(api_client, people, who).patch(
        league_url(people.league), {"description": "Changed"}, format="json"
    )
    assert response.status_code == status
    people.league.refresh_from_db()
    assert (people.league.description == "Changed") is (status == 200)


def test_patch_by_an_outsider_of_a_private_league_is_404(api_client, private_people):
    api_client.force_authenticate(private_people.outsider)
    response = api_client.patch(league_url(private_people.league), {"name": "Mine"}, format="json")
    assert response.status_code == 404


def test_patch_cannot_change_the_slug(api_client, people):
    api_client.force_authenticate(people.admin)
    api_client.patch(league_url(people.league), {"slug": "other"}, format="json")
    people.league.refresh_from_db()
    assert people.league.slug != "other"


def test_patch_with_a_bad_time_zone_is_a_400(api_client, people):
    api_client.force_authenticate(people.admin)
    response = api_client.patch(
        league_url(people.league), {"time_zone": "Nowhere/Town"}, format="json"
    )
    assert response.status_code == 400
    assert "time_zone" in response.json()
    people.league.refresh_from_db()
    assert people.league.time_zone == "UTC"


# --- Members ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "status"),
    [("admin", 200), ("organizer", 200), ("player", 200), ("outsider", 403), ("anonymous", 403)],
)
def test_members_endpoint_is_members_only(api_client, people, who, status):
    response = as_(api_client, people, who).get(league_url(people.league, "members"))
    assert response.status_code == status
    if status == 200:
        rows = response.json()
        assert {(row["user"], row["role"]) for row in rows} == {
            (str(people.admin), "admin"),
            (str(people.organizer), "organizer"),
            (str(people.player), "player"),
        }
        assert {row["status"] for row in rows} == {"active"}


def test_members_endpoint_of_a_private_league_is_404_to_outsiders(api_client, private_people):
    api_client.force_authenticate(private_people.outsider)
    assert api_client.get(league_url(private_people.league, "members")).status_code == 404


def test_members_endpoint_leaves_out_requests_and_former_members(api_client, people):
    MembershipFactory(league=people.league, status=Membership.Status.REQUESTED)
    MembershipFactory(league=people.league, status=Membership.Status.LEFT)
    api_client.force_authenticate(people.player)
    assert len(api_client.get(league_url(people.league, "members")).json()) == 3


def test_a_pending_asker_is_not_a_member(api_client, people):
    MembershipFactory(
        league=people.league, user=people.outsider, status=Membership.Status.REQUESTED
    )
    api_client.force_authenticate(people.outsider)
    assert api_client.get(league_url(people.league, "members")).status_code == 403


# --- Invitations --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "role", "status"),
    [
        ("admin", Role.PLAYER, 201),
        ("admin", Role.ORGANIZER, 201),
        ("admin", Role.ADMIN, 201),
        ("organizer", Role.PLAYER, 201),
        ("organizer", Role.ORGANIZER, 403),
        ("organizer", Role.ADMIN, 403),
        ("player", Role.PLAYER, 403),
        ("outsider", Role.PLAYER, 403),
        ("anonymous", Role.PLAYER, 403),
    ],
)
def test_invitations_endpoint_for_every_role(api_client, people, who, role, status):
    response = as_(api_client, people, who).post(
        league_url(people.league, "invitations"), {"role": role, "max_uses": 10}, format="json"
    )
    assert response.status_code == status, response.content
    if status != 201:
        assert not Invitation.objects.exists()
        return
    body = response.json()
    invitation = Invitation.objects.get()
    assert body == {
        "id": invitation.pk,
        "role": role,
        "max_uses": 10,
        "expires_at": None,
        "uses": 0,
        "token": invitation.token,
        "url": f"http://testserver/leagues/join/{invitation.token}/",
    }
    assert invitation.created_by == people.actor(who)


def test_invitation_role_defaults_to_player(api_client, people):
    api_client.force_authenticate(people.organizer)
    response = api_client.post(league_url(people.league, "invitations"), {}, format="json")
    assert response.status_code == 201
    assert response.json()["role"] == Role.PLAYER


def test_invitation_url_works_on_the_join_page(api_client, client, people):
    api_client.force_authenticate(people.admin)
    url = api_client.post(league_url(people.league, "invitations"), {}, format="json").json()["url"]
    client.force_login(people.outsider)
    assert client.post(url.removeprefix("http://testserver")).status_code == 302
    assert permissions.is_member(people.outsider, people.league)


def test_read_only_invitation_fields_are_ignored(api_client, people):
    api_client.force_authenticate(people.admin)
    body = api_client.post(
        league_url(people.league, "invitations"), {"token": "chosen", "uses": 5}, format="json"
    ).json()
    assert body["token"] != "chosen"
    assert body["uses"] == 0


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"role": "overlord"}, "role"),
        ({"max_uses": -1}, "max_uses"),
        ({"max_uses": "lots"}, "max_uses"),
        ({"expires_at": "someday"}, "expires_at"),
    ],
)
def test_bad_invitation_input_is_a_400_with_field_errors(api_client, people, data, field):
    api_client.force_authenticate(people.admin)
    response = api_client.post(league_url(people.league, "invitations"), data, format="json")
    assert response.status_code == 400
    assert list(response.json()) == [field]
    assert not Invitation.objects.exists()


def test_invitations_endpoint_refuses_get(api_client, people):
    api_client.force_authenticate(people.admin)
    assert api_client.get(league_url(people.league, "invitations")).status_code == 405


def test_invitations_to_a_private_league_are_404_for_outsiders(api_client, private_people):
    api_client.force_authenticate(private_people.outsider)
    response = api_client.post(league_url(private_people.league, "invitations"), {}, format="json")
    assert response.status_code == 404
    assert not Invitation.objects.exists()


# --- Joining ------------------------------------------------------------------------------

JOIN = f"{LEAGUES}join/"


@pytest.mark.parametrize("role", [Role.PLAYER, Role.ORGANIZER])
def test_joining_by_token(api_client, private_people, role):
    invitation = Invitation.objects.create(league=private_people.league, role=role)
    api_client.force_authenticate(private_people.outsider)
    response = api_client.post(JOIN, {"token": invitation.token}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["user"], body["role"], body["status"]) == (
        str(private_people.outsider),
        role,
        "active",
    )
    invitation.refresh_from_db()
    assert invitation.uses == 1
    # ...and now the private league is listed.
    assert private_people.league.slug in slugs(api_client.get(LEAGUES))


@pytest.mark.parametrize("token", ["no-such-token", "x" * 64])
def test_joining_with_a_bad_token_is_a_400_on_the_token(api_client, people, token):
    api_client.force_authenticate(people.outsider)
    response = api_client.post(JOIN, {"token": token}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "token": ["This invitation link is not valid; check it or ask for a new one."]
    }
    assert not Membership.objects.filter(user=people.outsider).exists()


@pytest.mark.parametrize("data", [{}, {"token": ""}, {"token": "x" * 65}])
def test_joining_without_a_usable_token_is_a_400_on_the_token(api_client, people, data):
    api_client.force_authenticate(people.outsider)
    response = api_client.post(JOIN, data, format="json")
    assert response.status_code == 400
    assert list(response.json()) == ["token"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"revoked": True}, "withdrawn"),
        ({"expires_at": timezone.now() - datetime.timedelta(days=1)}, "expired"),
        ({"max_uses": 1, "uses": 1}, "used up"),
    ],
    ids=["revoked", "expired", "used-up"],
)
def test_unusable_links_are_a_400_with_the_reason(api_client, people, kwargs, message):
    invitation = Invitation.objects.create(league=people.league, **kwargs)
    api_client.force_authenticate(people.outsider)
    response = api_client.post(JOIN, {"token": invitation.token}, format="json")
    assert response.status_code == 400
    [error] = response.json()["token"]
    assert message in error
    assert not Membership.objects.filter(user=people.outsider).exists()


def test_anonymous_visitors_cannot_join(api_client, people):
    invitation = Invitation.objects.create(league=people.league)
    assert api_client.post(JOIN, {"token": invitation.token}, format="json").status_code == 403
    invitation.refresh_from_db()
    assert invitation.uses == 0


def test_joining_again_as_admin_does_not_demote(api_client, people):
    invitation = Invitation.objects.create(league=people.league, role=Role.PLAYER)
    api_client.force_authenticate(people.admin)
    response = api_client.post(JOIN, {"token": invitation.token}, format="json")
    assert response.status_code == 200
    assert response.json()["role"] == Role.ADMIN
    assert Membership.objects.get(user=people.admin, league=people.league).role == Role.ADMIN


def test_join_endpoint_refuses_get(api_client, people):
    api_client.force_authenticate(people.outsider)
    assert api_client.get(JOIN).status_code == 405


# --- Every write, every role -------------------------------------------------------------


@pytest.mark.parametrize("who", EVERYONE)
def test_no_write_succeeds_without_the_role(api_client, people, who):
    """A sweep: which of the API's writes each role gets through."""
    client = as_(api_client, people, who)
    results = {
        "patch": client.patch(
            league_url(people.league), {"name": "Renamed"}, format="json"
        ).status_code,
        "invite player": client.post(
            league_url(people.league, "invitations"), {"role": "player"}, format="json"
        ).status_code,
        "invite organizer": client.post(
            league_url(people.league, "invitations"), {"role": "organizer"}, format="json"
        ).status_code,
    }
    expected = {
        "admin": {"patch": 200, "invite player": 201, "invite organizer": 201},
        "organizer": {"patch": 200, "invite player": 201, "invite organizer": 403},
    }.get(who, {"patch": 403, "invite player": 403, "invite organizer": 403})
    assert results == expected
    assert Invitation.objects.count() == sum(code == 201 for code in expected.values())
    people.league.refresh_from_db()
    assert (people.league.name == "Renamed") is (who in MANAGERS)


def test_the_schema_still_builds(api_client, db):
    response = api_client.get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/leagues/{slug}/invitations/" in response.content


def test_another_leagues_admin_has_no_say(api_client, people):
    outsider_admin = UserFactory()
    MembershipFactory(league=LeagueFactory(), user=outsider_admin, role=Role.ADMIN)
    api_client.force_authenticate(outsider_admin)
    assert (
        api_client.patch(league_url(people.league), {"name": "Taken"}, format="json").status_code
        == 403
    )
    assert (
        api_client.post(league_url(people.league, "invitations"), {}, format="json").status_code
        == 403
    )

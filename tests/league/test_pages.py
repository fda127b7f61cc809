"""League pages: every write for every role, the controls each role sees, bad input.

Refusals by role are 403s (anonymous visitors are sent to log in); refusals by a league
rule are a message on the league page; nothing is ever a 500.
"""

from __future__ import annotations

import datetime
import re
from urllib.parse import unquote

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from league import permissions
from league.models import Invitation, League, Membership, Role
from tests.campaign.factories import CampaignFactory, LeagueFactory, MembershipFactory, member
from tests.factories import UserFactory
from tests.league.conftest import EVERYONE, MANAGERS, NOT_MANAGERS

pytestmark = pytest.mark.django_db

LOGIN = reverse("login")


def as_(client, people, who):
    if who != "anonymous":
        client.force_login(people.actor(who))
    return client


def messages_of(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def membership_of(user, league) -> Membership:
    return Membership.objects.get(user=user, league=league)


def assert_sent_to_login(response, path):
    assert response.status_code == 302
    assert response.url.startswith(LOGIN)
    assert f"next={path}" in unquote(response.url)


def detail_url(league) -> str:
    return reverse("league:detail", args=[league.slug])


# --- League list ----------------------------------------------------------------------


def test_list_shows_public_leagues_to_anonymous_visitors(client, people, private_people):
    response = client.get(reverse("league:list"))
    assert response.status_code == 200
    html = response.content.decode()
    assert people.league.name in html
    assert private_people.league.name not in html
    assert reverse("league:create") not in html
    assert "3 members" in html  # admin, organizer, player; the creator is not a member


def test_list_shows_members_their_private_leagues(client, private_people, people):
    client.force_login(private_people.player)
    response = client.get(reverse("league:list"))
    assert list(response.context["mine"]) == [private_people.league]
    assert list(response.context["public"]) == [people.league]
    assert private_people.league.name in response.content.decode()
    assert reverse("league:create") in response.content.decode()


def test_list_hides_private_leagues_from_outsiders_and_former_members(client, private_people):
    MembershipFactory(
        league=private_people.league, user=private_people.outsider, status=Membership.Status.LEFT
    )
    client.force_login(private_people.outsider)
    response = client.get(reverse("league:list"))
    assert private_people.league.name not in response.content.decode()


# --- Creating a league ----------------------------------------------------------------


def test_create_page_needs_a_login(client):
    assert_sent_to_login(client.get(reverse("league:create")), reverse("league:create"))
    response = client.post(reverse("league:create"), {"name": "X", "time_zone": "UTC"})
    assert response.status_code == 302
    assert response.url.startswith(LOGIN)
    assert not League.objects.exists()


def test_create_page_renders_the_form(logged_in_client):
    response = logged_in_client.get(reverse("league:create"))
    assert response.status_code == 200
    assert 'name="name"' in response.content.decode()


def test_creating_a_league_makes_the_creator_admin(logged_in_client):
    response = logged_in_client.post(
        reverse("league:create"),
        {
            "name": "Friday Fates",
            "description": "",
            "time_zone": "Europe/London",
            "is_public": "on",
        },
    )
    league = League.objects.get()
    assert response.status_code == 302
    assert response.url == detail_url(league) == "/leagues/friday-fates/"
    assert permissions.is_league_admin(logged_in_client.user, league)
    assert league.time_zone == "Europe/London"
    page = logged_in_client.get(response.url)
    assert "Friday Fates is ready" in page.content.decode()


def test_same_name_twice_gives_two_pages(logged_in_client):
    for _ in range(2):
        logged_in_client.post(reverse("league:create"), {"name": "Twins", "time_zone": "UTC"})
    assert sorted(League.objects.values_list("slug", flat=True)) == ["twins", "twins-2"]


def test_a_league_called_new_is_still_reachable(logged_in_client):
    response = logged_in_client.post(reverse("league:create"), {"name": "New", "time_zone": "UTC"})
    league = League.objects.get()
    assert response.url == detail_url(league) != reverse("league:create")
    page = logged_in_client.get(response.url)
    assert page.status_code == 200
    assert page.context["league"] == league


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"name": "", "time_zone": "UTC"}, "name"),
        ({"name": "Bad zone", "time_zone": "Mars/Olympus"}, "time_zone"),
        ({"name": "x" * 121, "time_zone": "UTC"}, "name"),
    ],
)
def test_bad_league_input_gets_a_form_message(logged_in_client, data, field):
    response = logged_in_client.post(reverse("league:create"), data)
    assert response.status_code == 200
    assert field in response.context["form"].errors
    assert not League.objects.exists()


# --- The league page, for every role -----------------------------------------------------

CONTROLS = {
    "ask": "Ask to join",
    "login": "to join this league",
    "members": 'id="members"',
    "requests": 'id="requests"',
    "invite": "Create an invitation link",
    "set_role": "Set role",
    "remove": "Remove",
    "leave": "Leave the league",
    "new_campaign": "New campaign",
}
SEES = {
    "admin": {"members", "requests", "invite", "set_role", "remove", "leave", "new_campaign"},
    "organizer": {"members", "requests", "invite", "remove", "leave", "new_campaign"},
    "player": {"members", "leave"},
    "outsider": {"ask"},
    "anonymous": {"login"},
}


@pytest.mark.parametrize("who", EVERYONE)
def test_public_league_page_shows_each_role_its_controls(client, people, who):
    response = as_(client, people, who).get(detail_url(people.league))
    assert response.status_code == 200
    html = response.content.decode()
    for control, marker in CONTROLS.items():
        assert (marker in html) is (control in SEES[who]), (who, control)


@pytest.mark.parametrize("who", ["admin", "organizer", "player"])
def test_private_league_page_shows_members_their_controls(client, private_people, who):
    response = as_(client, private_people, who).get(detail_url(private_people.league))
    assert response.status_code == 200
    html = response.content.decode()
    for control, marker in CONTROLS.items():
        assert (marker in html) is (control in SEES[who]), (who, control)


@pytest.mark.parametrize("who", ["outsider", "anonymous"])
def test_private_league_page_is_403_for_outsiders(client, private_people, who):
    response = as_(client, private_people, who).get(detail_url(private_people.league))
    assert response.status_code == 403
    assert private_people.admin.username not in response.content.decode()


@pytest.mark.parametrize(
    "status", [Membership.Status.LEFT, Membership.Status.REQUESTED, Membership.Status.DECLINED]
)
def test_private_league_page_is_403_for_inactive_members(client, private_league, status):
    user = MembershipFactory(league=private_league, status=status).user
    client.force_login(user)
    assert client.get(detail_url(private_league)).status_code == 403


def test_staff_see_a_private_league(client, private_people):
    client.force_login(UserFactory(is_staff=True))
    response = client.get(detail_url(private_people.league))
    assert response.status_code == 200
    assert private_people.player.display_name in response.content.decode()


def test_unknown_league_is_404(client, db):
    assert client.get("/leagues/no-such-league/").status_code == 404


def test_anonymous_visitors_are_linked_to_login_and_back(client, people):
    html = client.get(detail_url(people.league)).content.decode()
    assert f'href="{LOGIN}?next=/leagues/{people.league.slug}/"' in html


def test_members_table_lists_active_members_only(client, people):
    gone = MembershipFactory(league=people.league, status=Membership.Status.LEFT).user
    client.force_login(people.player)
    members = client.get(detail_url(people.league)).context["members"]
    assert {m.user for m in members} == {people.admin, people.organizer, people.player}
    assert gone not in {m.user for m in members}


def test_organizers_are_offered_only_the_player_role_to_invite(client, people):
    client.force_login(people.organizer)
    form = client.get(detail_url(people.league)).context["invitation_form"]
    assert [value for value, _ in form.fields["role"].choices] == [Role.PLAYER]


def test_admins_are_offered_every_role_to_invite(client, people):
    client.force_login(people.admin)
    form = client.get(detail_url(people.league)).context["invitation_form"]
    assert [value for value, _ in form.fields["role"].choices] == Role.values


def test_organizers_see_remove_only_on_player_rows(client, people):
    client.force_login(people.organizer)
    html = client.get(detail_url(people.league)).content.decode()
    remove = re.compile(r'action="/leagues/[^/]+/members/(\d+)/remove/"')
    targets = {int(pk) for pk in remove.findall(html)}
    mine = membership_of(people.organizer, people.league).pk
    # The only forms: "Leave" for their own row, "Remove" for the player.
    assert targets == {mine, membership_of(people.player, people.league).pk}


def test_requests_and_invitations_are_listed_for_managers(client, people):
    asker = UserFactory()
    MembershipFactory(league=people.league, user=asker, status=Membership.Status.REQUESTED)
    live = Invitation.objects.create(league=people.league, max_uses=3)
    Invitation.objects.create(league=people.league, revoked=True)
    client.force_login(people.organizer)
    response = client.get(detail_url(people.league))
    assert [r.user for r in response.context["requests"]] == [asker]
    assert list(response.context["invitations"]) == [live]
    html = response.content.decode()
    assert f"/leagues/join/{live.token}/" in html
    assert "used 0/3" in html


def test_a_pending_request_is_shown_instead_of_the_button(client, people):
    MembershipFactory(
        league=people.league, user=people.outsider, status=Membership.Status.REQUESTED
    )
    client.force_login(people.outsider)
    html = client.get(detail_url(people.league)).content.decode()
    assert "waiting for an organizer" in html
    assert "Ask to join" not in html


def test_league_page_queries_stay_bounded_with_50_members(
    client, league, django_assert_max_num_queries
):
    admin = member(league, Role.ADMIN)
    for _ in range(49):
        member(league)
    for _ in range(10):
        MembershipFactory(league=league, status=Membership.Status.REQUESTED)
    for _ in range(10):
        Invitation.objects.create(league=league, max_uses=5)
    for _ in range(5):
        CampaignFactory(league=league)
    client.force_login(admin)
    # 13 today (one is the Malediction events), the same with 1 member or 50
    with django_assert_max_num_queries(13):
        response = client.get(detail_url(league))
    assert response.status_code == 200
    assert len(response.context["members"]) == 50
    assert response.content.decode().count("Set role") == 50


# --- Invitations ---------------------------------------------------------------------


def invite(client, league, **data):
    return client.post(
        reverse("league:invite", args=[league.slug]),
        {"role": Role.PLAYER, "max_uses": "", "expires_at": "", **data},
    )


@pytest.mark.parametrize(
    ("who", "role", "allowed"),
    [
        ("admin", Role.PLAYER, True),
        ("admin", Role.ORGANIZER, True),
        ("admin", Role.ADMIN, True),
        ("organizer", Role.PLAYER, True),
        ("organizer", Role.ORGANIZER, False),
        ("organizer", Role.ADMIN, False),
        ("player", Role.PLAYER, False),
        ("outsider", Role.PLAYER, False),
    ],
)
def test_invite_page_for_every_role(client, people, who, role, allowed):
    client.force_login(people.actor(who))
    response = invite(client, people.league, role=role, max_uses="3")
    if not allowed:
        assert response.status_code == 403
        assert not Invitation.objects.exists()
        return
    assert response.status_code == 302
    assert response.url == detail_url(people.league)
    invitation = Invitation.objects.get()
    assert (invitation.role, invitation.max_uses, invitation.created_by) == (
        role,
        3,
        people.actor(who),
    )
    assert messages_of(response) == [
        f"New invitation link: http://testserver/leagues/join/{invitation.token}/"
    ]


def test_invite_page_sends_anonymous_visitors_to_login(client, people):
    response = invite(client, people.league)
    assert response.status_code == 302
    assert response.url.startswith(LOGIN)
    assert not Invitation.objects.exists()


def test_invite_page_takes_an_expiry(client, people):
    client.force_login(people.admin)
    invite(client, people.league, expires_at="2099-01-02T18:30")
    assert Invitation.objects.get().expires_at.year == 2099


@pytest.mark.parametrize(
    "data",
    [{"max_uses": "-1"}, {"max_uses": "lots"}, {"role": "overlord"}, {"expires_at": "someday"}],
)
def test_bad_invitation_input_gets_a_message(client, people, data):
    client.force_login(people.admin)
    response = invite(client, people.league, **data)
    assert response.status_code == 302
    assert messages_of(response)[0].startswith("Check the invitation")
    assert not Invitation.objects.exists()


def test_invite_page_refuses_get(client, people):
    client.force_login(people.admin)
    assert client.get(reverse("league:invite", args=[people.league.slug])).status_code == 405


@pytest.mark.parametrize("who", EVERYONE)
def test_revoke_page_for_every_role(client, people, who):
    invitation = Invitation.objects.create(league=people.league)
    url = reverse("league:revoke", args=[people.league.slug, invitation.pk])
    response = as_(client, people, who).post(url)
    invitation.refresh_from_db()
    if who in MANAGERS:
        assert response.status_code == 302
        assert invitation.revoked
    elif who == "anonymous":
        assert response.url.startswith(LOGIN)
        assert not invitation.revoked
    else:
        assert response.status_code == 403
        assert not invitation.revoked


def test_revoking_through_another_leagues_url_is_404(client, people):
    mine = LeagueFactory()
    member(mine, Role.ADMIN, user=people.outsider)
    invitation = Invitation.objects.create(league=people.league)
    client.force_login(people.outsider)
    response = client.post(reverse("league:revoke", args=[mine.slug, invitation.pk]))
    assert response.status_code == 404
    invitation.refresh_from_db()
    assert not invitation.revoked


# --- The join page -------------------------------------------------------------------


def join_url(invitation_or_token) -> str:
    token = getattr(invitation_or_token, "token", invitation_or_token)
    return reverse("league:join", args=[token])


def test_join_page_for_anonymous_visitors_links_to_login(client, people):
    invitation = Invitation.objects.create(league=people.league, role=Role.ORGANIZER)
    response = client.get(join_url(invitation))
    assert response.status_code == 200
    html = response.content.decode()
    assert f"join <strong>{people.league.name}</strong> as organizer" in html
    assert f'href="{LOGIN}?next=/leagues/join/{invitation.token}/"' in html
    assert reverse("signup") in html
    assert "Join the league</button>" not in html


def test_join_page_offers_the_button_when_logged_in(client, people):
    invitation = Invitation.objects.create(league=people.league)
    client.force_login(people.outsider)
    html = client.get(join_url(invitation)).content.decode()
    assert "Join the league</button>" in html


def test_join_page_for_an_unknown_token_is_404(client, db):
    response = client.get(join_url("no-such-token"))
    assert response.status_code == 404
    assert "Invitation not found" in response.content.decode()


def test_join_page_explains_an_unusable_link(client, people):
    invitation = Invitation.objects.create(league=people.league, revoked=True)
    client.force_login(people.outsider)
    html = client.get(join_url(invitation)).content.decode()
    assert "withdrawn" in html
    assert "Join the league</button>" not in html


def test_posting_to_join_anonymously_goes_to_login(client, people):
    invitation = Invitation.objects.create(league=people.league)
    response = client.post(join_url(invitation))
    assert_sent_to_login(response, join_url(invitation))
    invitation.refresh_from_db()
    assert invitation.uses == 0


@pytest.mark.parametrize("role", [Role.PLAYER, Role.ORGANIZER, Role.ADMIN])
def test_joining_by_link(client, people, role):
    invitation = Invitation.objects.create(league=people.league, role=role)
    client.force_login(people.outsider)
    response = client.post(join_url(invitation))
    assert response.status_code == 302
    assert response.url == detail_url(people.league)
    assert membership_of(people.outsider, people.league).role == role
    assert messages_of(response) == [f"Welcome to {people.league.name}!"]
    invitation.refresh_from_db()
    assert invitation.uses == 1


def test_joining_a_private_league_by_link(client, private_people):
    invitation = Invitation.objects.create(league=private_people.league)
    client.force_login(private_people.outsider)
    response = client.post(join_url(invitation), follow=True)
    assert response.status_code == 200
    assert response.context["member"].user == private_people.outsider


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"revoked": True}, "withdrawn"),
        ({"expires_at": timezone.now() - datetime.timedelta(hours=1)}, "expired"),
        ({"max_uses": 1, "uses": 1}, "used up"),
    ],
    ids=["revoked", "expired", "used-up"],
)
def test_unusable_links_are_refused_with_the_message(client, people, kwargs, message):
    invitation = Invitation.objects.create(league=people.league, **kwargs)
    client.force_login(people.outsider)
    response = client.post(join_url(invitation))
    assert response.status_code == 400
    assert message in messages_of(response)[0]
    assert message in response.content.decode()
    assert not Membership.objects.filter(user=people.outsider).exists()


def test_posting_an_unknown_token_is_refused_with_the_message(client, people):
    client.force_login(people.outsider)
    response = client.post(join_url("no-such-token"))
    assert response.status_code == 400
    assert "not valid" in messages_of(response)[0]
    assert not Membership.objects.filter(user=people.outsider).exists()


def test_an_admin_following_a_player_link_stays_admin(client, people):
    invitation = Invitation.objects.create(league=people.league, role=Role.PLAYER)
    client.force_login(people.admin)
    response = client.post(join_url(invitation))
    assert response.status_code == 302
    assert membership_of(people.admin, people.league).role == Role.ADMIN
    assert messages_of(response) == [f"You are a member of {people.league.name}."]


# --- Asking to join ------------------------------------------------------------------


def ask(client, league):
    return client.post(reverse("league:request", args=[league.slug]))


def test_asking_to_join_a_public_league(client, people):
    client.force_login(people.outsider)
    response = ask(client, people.league)
    assert response.status_code == 302
    assert membership_of(people.outsider, people.league).status == Membership.Status.REQUESTED
    assert messages_of(response) == ["Request sent: an organizer will approve it."]


def test_asking_twice_keeps_one_request(client, people):
    client.force_login(people.outsider)
    ask(client, people.league)
    ask(client, people.league)
    assert Membership.objects.filter(user=people.outsider, league=people.league).count() == 1


def test_asking_to_join_a_private_league_is_refused(client, private_people):
    client.force_login(private_people.outsider)
    response = ask(client, private_people.league)
    assert response.status_code == 302
    assert "invitation only" in messages_of(response)[0]
    assert not Membership.objects.filter(user=private_people.outsider).exists()


@pytest.mark.parametrize("who", ["admin", "organizer", "player"])
def test_members_asking_again_get_a_message(client, people, who):
    client.force_login(people.actor(who))
    response = ask(client, people.league)
    assert "already a member" in messages_of(response)[0]
    assert membership_of(people.actor(who), people.league).status == Membership.Status.ACTIVE


def test_anonymous_asking_goes_to_login(client, people):
    response = ask(client, people.league)
    assert response.url.startswith(LOGIN)
    assert not Membership.objects.filter(status=Membership.Status.REQUESTED).exists()


# --- Deciding requests ----------------------------------------------------------------


def decide(client, membership, decision):
    url = reverse("league:decide", args=[membership.league.slug, membership.pk])
    return client.post(url, {} if decision is None else {"decision": decision})


@pytest.mark.parametrize("decision", ["approve", "decline"])
@pytest.mark.parametrize("who", EVERYONE)
def test_decide_page_for_every_role(client, people, who, decision):
    request = MembershipFactory(
        league=people.league, user=people.outsider, status=Membership.Status.REQUESTED
    )
    decider = UserFactory() if who == "outsider" else None  # the outsider is the asker
    if decider:
        client.force_login(decider)
    else:
        as_(client, people, who)
    response = decide(client, request, decision)
    request.refresh_from_db()
    if who in MANAGERS:
        assert response.status_code == 302
        assert request.status == ("active" if decision == "approve" else "declined")
        assert request.decided_by == people.actor(who)
        return
    assert request.status == Membership.Status.REQUESTED
    if who == "anonymous":
        assert response.url.startswith(LOGIN)
    else:
        assert response.status_code == 403


def test_the_asker_cannot_approve_themselves(client, people):
    request = MembershipFactory(
        league=people.league, user=people.outsider, status=Membership.Status.REQUESTED
    )
    client.force_login(people.outsider)
    assert decide(client, request, "approve").status_code == 403
    request.refresh_from_db()
    assert request.status == Membership.Status.REQUESTED


def test_deciding_twice_gets_a_message(client, people):
    request = MembershipFactory(
        league=people.league, user=people.outsider, status=Membership.Status.REQUESTED
    )
    client.force_login(people.organizer)
    decide(client, request, "decline")
    response = decide(client, request, "approve")
    assert response.status_code == 302
    assert messages_of(response)[-1] == "This request was already decided."
    request.refresh_from_db()
    assert request.status == Membership.Status.DECLINED


@pytest.mark.parametrize("decision", [None, "", "maybe"])
def test_a_malformed_decision_changes_nothing(client, people, decision):
    request = MembershipFactory(
        league=people.league, user=people.outsider, status=Membership.Status.REQUESTED
    )
    client.force_login(people.organizer)
    response = decide(client, request, decision)
    assert response.status_code == 302
    assert messages_of(response) == ["Choose to approve or decline the request."]
    request.refresh_from_db()
    assert request.status == Membership.Status.REQUESTED


def test_deciding_through_another_leagues_url_is_404(client, people):
    mine = LeagueFactory()
    member(mine, Role.ADMIN, user=people.player)
    request = MembershipFactory(league=people.league, status=Membership.Status.REQUESTED)
    client.force_login(people.player)
    url = reverse("league:decide", args=[mine.slug, request.pk])
    assert client.post(url, {"decision": "approve"}).status_code == 404
    request.refresh_from_db()
    assert request.status == Membership.Status.REQUESTED


# --- Roles ---------------------------------------------------------------------------


def set_role(client, league, membership, role):
    return client.post(reverse("league:role", args=[league.slug, membership.pk]), {"role": role})


@pytest.mark.parametrize("who", EVERYONE)
def test_role_page_for_every_role(client, people, who):
    target = membership_of(people.player, people.league)
    response = set_role(as_(client, people, who), people.league, target, Role.ORGANIZER)
    target.refresh_from_db()
    if who == "admin":
        assert response.status_code == 302
        assert target.role == Role.ORGANIZER
        assert messages_of(response) == [f"{people.player} is now organizer."]
        return
    assert target.role == Role.PLAYER
    if who == "anonymous":
        assert response.url.startswith(LOGIN)
    else:
        assert response.status_code == 403


def test_organizers_cannot_make_themselves_admin(client, people):
    client.force_login(people.organizer)
    mine = membership_of(people.organizer, people.league)
    assert set_role(client, people.league, mine, Role.ADMIN).status_code == 403
    mine.refresh_from_db()
    assert mine.role == Role.ORGANIZER


@pytest.mark.parametrize("role", ["", "overlord"])
def test_a_bad_role_gets_a_message(client, people, role):
    client.force_login(people.admin)
    target = membership_of(people.player, people.league)
    response = set_role(client, people.league, target, role)
    assert response.status_code == 302
    assert messages_of(response) == ["Choose a valid role."]
    target.refresh_from_db()
    assert target.role == Role.PLAYER


def test_the_last_admin_cannot_step_down(client, people):
    client.force_login(people.admin)
    mine = membership_of(people.admin, people.league)
    response = set_role(client, people.league, mine, Role.PLAYER)
    assert response.status_code == 302
    assert "at least one admin" in messages_of(response)[0]
    mine.refresh_from_db()
    assert mine.role == Role.ADMIN


# --- Removing and leaving --------------------------------------------------------------


def remove(client, league, membership):
    return client.post(reverse("league:remove", args=[league.slug, membership.pk]))


@pytest.mark.parametrize(
    ("who", "target", "allowed"),
    [
        ("admin", "player", True),
        ("admin", "organizer", True),
        ("organizer", "player", True),
        ("organizer", "admin", False),
        ("player", "organizer", False),
        ("player", "admin", False),
        ("outsider", "player", False),
        ("anonymous", "player", False),
    ],
)
def test_remove_page_for_every_role(client, people, who, target, allowed):
    row = membership_of(people.actor(target), people.league)
    response = remove(as_(client, people, who), people.league, row)
    row.refresh_from_db()
    if allowed:
        assert response.status_code == 302
        assert row.status == Membership.Status.LEFT
    elif who == "anonymous":
        assert response.url.startswith(LOGIN)
        assert row.status == Membership.Status.ACTIVE
    else:
        assert response.status_code == 403
        assert row.status == Membership.Status.ACTIVE


def test_players_cannot_remove_each_other(client, people):
    other = membership_of(member(people.league), people.league)
    client.force_login(people.player)
    assert remove(client, people.league, other).status_code == 403
    other.refresh_from_db()
    assert other.status == Membership.Status.ACTIVE


@pytest.mark.parametrize("who", ["player", "organizer"])
def test_members_may_leave(client, people, who):
    client.force_login(people.actor(who))
    mine = membership_of(people.actor(who), people.league)
    response = remove(client, people.league, mine)
    assert response.status_code == 302
    mine.refresh_from_db()
    assert mine.status == Membership.Status.LEFT
    # Back on the (public) page they are an outsider again.
    page = client.get(detail_url(people.league))
    assert page.context["member"] is None
    assert "Ask to join" in page.content.decode()


def test_the_last_admin_cannot_leave(client, people):
    client.force_login(people.admin)
    mine = membership_of(people.admin, people.league)
    response = remove(client, people.league, mine)
    assert response.status_code == 302
    assert "at least one admin" in messages_of(response)[0]
    mine.refresh_from_db()
    assert mine.status == Membership.Status.ACTIVE


def test_removing_through_another_leagues_url_is_404(client, people):
    mine = LeagueFactory()
    member(mine, Role.ADMIN, user=people.outsider)
    client.force_login(people.outsider)
    target = membership_of(people.player, people.league)
    assert remove(client, mine, target).status_code == 404
    target.refresh_from_db()
    assert target.status == Membership.Status.ACTIVE


@pytest.mark.parametrize("name", ["request", "invite", "decide", "role", "remove", "revoke"])
def test_writes_refuse_get(client, people, name):
    client.force_login(people.admin)
    args = [people.league.slug] if name in {"request", "invite"} else [people.league.slug, 1]
    assert client.get(reverse(f"league:{name}", args=args)).status_code == 405


@pytest.mark.parametrize("who", NOT_MANAGERS)
def test_refusals_never_change_the_league(client, people, who):
    """A sweep over every write a non-manager might try; none leaves a trace."""
    asker = MembershipFactory(league=people.league, status=Membership.Status.REQUESTED)
    invitation = Invitation.objects.create(league=people.league)
    before = sorted(Membership.objects.values_list("pk", "role", "status"))
    as_(client, people, who)
    slug = people.league.slug
    admin_row = membership_of(people.admin, people.league)
    client.post(reverse("league:invite", args=[slug]), {"role": Role.PLAYER})
    client.post(reverse("league:revoke", args=[slug, invitation.pk]))
    client.post(reverse("league:decide", args=[slug, asker.pk]), {"decision": "approve"})
    client.post(reverse("league:role", args=[slug, admin_row.pk]), {"role": Role.PLAYER})
    client.post(reverse("league:remove", args=[slug, admin_row.pk]))
    assert sorted(Membership.objects.values_list("pk", "role", "status")) == before
    assert Invitation.objects.count() == 1
    invitation.refresh_from_db()
    assert not invitation.revoked


def test_the_decision_and_its_message_read_in_the_readers_language(client, people):
    request = MembershipFactory(
        league=people.league, user=people.outsider, status=Membership.Status.REQUESTED
    )
    as_(client, people, MANAGERS[0])
    url = reverse("league:decide", args=[request.league.slug, request.pk])
    response = client.post(url, {"decision": "approve"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert messages_of(response) == [f"{people.outsider} accepté(e)."]

"""League services and permission rules, for every kind of actor.

Permission failures raise ``PermissionDenied``; rule failures raise ``LeagueError`` with a
message for the user. Every refused write must leave the database unchanged.
"""

from __future__ import annotations

import datetime
import threading
import time

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import OperationalError, connection
from django.utils import timezone

from league import permissions, services
from league.models import Invitation, League, Membership, Role
from tests.campaign.factories import LeagueFactory, MembershipFactory, member
from tests.factories import UserFactory
from tests.league.conftest import EVERYONE, MANAGERS, NOT_MANAGERS

pytestmark = pytest.mark.django_db

USED_UP = "This invitation has been used up; ask an organizer for a new link."
EXPIRED = "This invitation has expired; ask an organizer for a new link."
WITHDRAWN = "This invitation was withdrawn by the league's organizers."
NOT_VALID = "This invitation link is not valid; check it or ask for a new one."


def membership_of(user, league) -> Membership:
    return Membership.objects.get(user=user, league=league)


# --- Permission rules -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "is_member", "manages", "is_admin"),
    [
        ("admin", True, True, True),
        ("organizer", True, True, False),
        ("player", True, False, False),
        ("outsider", False, False, False),
        ("anonymous", False, False, False),
    ],
)
def test_permission_rules_for_every_role(people, who, is_member, manages, is_admin):
    user = people.actor(who)
    assert permissions.is_member(user, people.league) is is_member
    assert permissions.can_manage_league(user, people.league) is manages
    assert permissions.is_league_admin(user, people.league) is is_admin
    assert (permissions.membership(user, people.league) is not None) is is_member


@pytest.mark.parametrize(
    "status", [Membership.Status.REQUESTED, Membership.Status.DECLINED, Membership.Status.LEFT]
)
def test_inactive_admin_memberships_grant_nothing(league, status):
    user = MembershipFactory(league=league, role=Role.ADMIN, status=status).user
    assert permissions.membership(user, league) is None
    assert not permissions.is_member(user, league)
    assert not permissions.can_manage_league(user, league)
    assert not permissions.is_league_admin(user, league)
    assert not permissions.can_manage_content(user)


def test_site_staff_manage_every_league(league):
    staff = UserFactory(is_staff=True)
    assert permissions.is_member(staff, league)
    assert permissions.can_manage_league(staff, league)
    assert permissions.is_league_admin(staff, league)


def test_a_role_in_one_league_gives_nothing_in_another(people):
    other = LeagueFactory()
    assert not permissions.can_manage_league(people.admin, other)
    assert not permissions.is_member(people.admin, other)


@pytest.mark.parametrize(
    ("who", "allowed"),
    [
        ("admin", True),
        ("organizer", True),
        ("player", False),
        ("outsider", False),
        ("anonymous", False),
    ],
)
def test_content_managers_are_any_leagues_admins_and_organizers(people, who, allowed):
    assert permissions.can_manage_content(people.actor(who)) is allowed


# --- Creating a league --------------------------------------------------------------------


def test_creator_becomes_the_first_admin(user):
    league = services.create_league(
        name="  Wyrd Wednesdays ",
        creator=user,
        description="Weekly",
        time_zone="Europe/London",
        is_public=False,
    )
    assert league.name == "Wyrd Wednesdays"
    assert league.slug == "wyrd-wednesdays"
    assert league.created_by == user
    assert (league.time_zone, league.is_public, league.description) == (
        "Europe/London",
        False,
        "Weekly",
    )
    mine = membership_of(user, league)
    assert (mine.role, mine.status) == (Role.ADMIN, Membership.Status.ACTIVE)
    assert permissions.is_league_admin(user, league)


def test_leagues_with_the_same_name_get_unique_slugs(user):
    slugs = [services.create_league(name="Guild Games", creator=user).slug for _ in range(3)]
    assert slugs == ["guild-games", "guild-games-2", "guild-games-3"]


def test_a_name_without_letters_still_gets_a_slug(user):
    assert services.create_league(name="!!!", creator=user).slug == "league"
    assert services.create_league(name="???", creator=user).slug == "league-2"


@pytest.mark.parametrize("name", ["New", "Join", "join"])
def test_slugs_never_shadow_the_league_urls(user, name):
    """/leagues/new/ is the create page and /leagues/join/... (and /api/leagues/join/)
    the invitation endpoints: a league must never get those slugs."""
    league = services.create_league(name=name, creator=user)
    assert league.slug not in {"new", "join"}
    assert league.slug.startswith(name.lower())


def test_anonymous_cannot_create_a_league(db):
    with pytest.raises(PermissionDenied):
        services.create_league(name="Nobody's", creator=AnonymousUser())
    assert not League.objects.exists()


# --- Invitations ------------------------------------------------------------------------

INVITE_MATRIX = [
    # (actor, invited role, allowed)
    ("admin", Role.PLAYER, True),
    ("admin", Role.ORGANIZER, True),
    ("admin", Role.ADMIN, True),
    ("organizer", Role.PLAYER, True),
    ("organizer", Role.ORGANIZER, False),
    ("organizer", Role.ADMIN, False),
    ("player", Role.PLAYER, False),
    ("player", Role.ORGANIZER, False),
    ("outsider", Role.PLAYER, False),
    ("anonymous", Role.PLAYER, False),
]


@pytest.mark.parametrize(("who", "role", "allowed"), INVITE_MATRIX)
def test_create_invitation_for_every_role(people, who, role, allowed):
    actor = people.actor(who)
    if not allowed:
        with pytest.raises(PermissionDenied):
            services.create_invitation(league=people.league, actor=actor, role=role)
        assert not Invitation.objects.exists()
        return
    expires = timezone.now() + datetime.timedelta(days=7)
    invitation = services.create_invitation(
        league=people.league, actor=actor, role=role, max_uses=5, expires_at=expires
    )
    assert (invitation.league, invitation.role, invitation.created_by) == (
        people.league,
        role,
        actor,
    )
    assert (invitation.max_uses, invitation.uses, invitation.revoked) == (5, 0, False)
    assert invitation.expires_at == expires
    assert invitation.refusal() is None
    assert invitation.get_absolute_url() == f"/leagues/join/{invitation.token}/"


def test_invitation_tokens_are_long_and_unique(people):
    tokens = {
        services.create_invitation(league=people.league, actor=people.admin).token
        for _ in range(20)
    }
    assert len(tokens) == 20
    assert all(len(t) >= 30 for t in tokens)


def test_managers_of_another_league_cannot_invite(people):
    other = LeagueFactory()
    with pytest.raises(PermissionDenied):
        services.create_invitation(league=other, actor=people.admin)


def test_a_former_organizer_cannot_invite(people):
    services.remove_member(
        membership=membership_of(people.organizer, people.league), actor=people.organizer
    )
    with pytest.raises(PermissionDenied):
        services.create_invitation(league=people.league, actor=people.organizer)


@pytest.mark.parametrize("who", EVERYONE)
def test_revoke_invitation_for_every_role(people, who):
    invitation = services.create_invitation(league=people.league, actor=people.admin)
    if who in MANAGERS:
        services.revoke_invitation(invitation=invitation, actor=people.actor(who))
        invitation.refresh_from_db()
        assert invitation.revoked
        assert invitation.refusal() == WITHDRAWN
    else:
        with pytest.raises(PermissionDenied):
            services.revoke_invitation(invitation=invitation, actor=people.actor(who))
        invitation.refresh_from_db()
        assert not invitation.revoked


def test_managers_of_another_league_cannot_revoke(people):
    invitation = services.create_invitation(league=people.league, actor=people.admin)
    outsider_admin = member(LeagueFactory(), Role.ADMIN)
    with pytest.raises(PermissionDenied):
        services.revoke_invitation(invitation=invitation, actor=outsider_admin)
    invitation.refresh_from_db()
    assert not invitation.revoked


# --- Accepting an invitation ------------------------------------------------------------


@pytest.mark.parametrize("role", [Role.PLAYER, Role.ORGANIZER, Role.ADMIN])
def test_accepting_joins_at_once_with_the_links_role(people, role):
    invitation = Invitation.objects.create(league=people.league, role=role)
    newcomer = UserFactory()
    result = services.accept_invitation(token=invitation.token, user=newcomer)
    assert result.created
    assert result.membership == membership_of(newcomer, people.league)
    assert (result.membership.role, result.membership.status) == (role, "active")
    invitation.refresh_from_db()
    assert invitation.uses == 1


def test_anonymous_cannot_accept(people):
    invitation = Invitation.objects.create(league=people.league)
    with pytest.raises(PermissionDenied):
        services.accept_invitation(token=invitation.token, user=AnonymousUser())
    invitation.refresh_from_db()
    assert invitation.uses == 0


@pytest.mark.parametrize(
    ("invitation_kwargs", "message"),
    [
        ({"revoked": True}, WITHDRAWN),
        ({"expires_at": "past"}, EXPIRED),
        ({"max_uses": 2, "uses": 2}, USED_UP),
        ({"max_uses": 0}, USED_UP),
    ],
    ids=["revoked", "expired", "used-up", "zero-uses"],
)
def test_unusable_links_are_refused_with_the_reason(people, invitation_kwargs, message):
    if invitation_kwargs.get("expires_at") == "past":
        invitation_kwargs = {"expires_at": timezone.now() - datetime.timedelta(seconds=1)}
    invitation = Invitation.objects.create(league=people.league, **invitation_kwargs)
    uses_before = invitation.uses
    with pytest.raises(services.LeagueError) as caught:
        services.accept_invitation(token=invitation.token, user=people.outsider)
    assert str(caught.value) == message
    assert not Membership.objects.filter(user=people.outsider).exists()
    invitation.refresh_from_db()
    assert invitation.uses == uses_before


@pytest.mark.parametrize("token", ["no-such-token", ""])
def test_unknown_token_is_refused(people, token):
    with pytest.raises(services.LeagueError, match="not valid"):
        services.accept_invitation(token=token, user=people.outsider)
    assert not Membership.objects.filter(user=people.outsider).exists()


def test_a_link_that_expires_later_works(people):
    invitation = Invitation.objects.create(
        league=people.league, expires_at=timezone.now() + datetime.timedelta(minutes=5)
    )
    assert services.accept_invitation(token=invitation.token, user=people.outsider).created


def test_uses_are_counted_until_the_link_is_used_up(people):
    invitation = Invitation.objects.create(league=people.league, max_uses=2)
    first, second, third = UserFactory(), UserFactory(), UserFactory()
    services.accept_invitation(token=invitation.token, user=first)
    services.accept_invitation(token=invitation.token, user=second)
    with pytest.raises(services.LeagueError, match="used up"):
        services.accept_invitation(token=invitation.token, user=third)
    invitation.refresh_from_db()
    assert invitation.uses == 2
    assert set(
        Membership.objects.filter(
            league=people.league, user__in=[first, second, third]
        ).values_list("user", flat=True)
    ) == {first.pk, second.pk}


@pytest.mark.parametrize(
    ("who", "link_role"),
    [
        ("admin", Role.PLAYER),
        ("admin", Role.ORGANIZER),
        ("organizer", Role.PLAYER),
        ("player", Role.ADMIN),
    ],
)
def test_an_active_member_keeps_their_role(people, who, link_role):
    """A link never demotes (nor changes) an active member, and is not used up by them."""
    user = people.actor(who)
    role_before = membership_of(user, people.league).role
    invitation = Invitation.objects.create(league=people.league, role=link_role, max_uses=1)
    result = services.accept_invitation(token=invitation.token, user=user)
    assert not result.created
    assert membership_of(user, people.league).role == role_before
    assert Membership.objects.filter(user=user, league=people.league).count() == 1
    invitation.refresh_from_db()
    assert invitation.uses == 0


@pytest.mark.parametrize(
    "status", [Membership.Status.LEFT, Membership.Status.DECLINED, Membership.Status.REQUESTED]
)
def test_a_former_or_pending_member_rejoins_with_the_links_role(league, status):
    old = MembershipFactory(league=league, role=Role.PLAYER, status=status)
    invitation = Invitation.objects.create(league=league, role=Role.ORGANIZER)
    result = services.accept_invitation(token=invitation.token, user=old.user)
    assert not result.created
    old.refresh_from_db()
    assert (old.status, old.role) == (Membership.Status.ACTIVE, Role.ORGANIZER)
    invitation.refresh_from_db()
    assert invitation.uses == 1


def test_a_private_league_can_be_joined_by_link(private_league):
    invitation = Invitation.objects.create(league=private_league)
    user = UserFactory()
    services.accept_invitation(token=invitation.token, user=user)
    assert permissions.is_member(user, private_league)


@pytest.mark.django_db(transaction=True)
def test_two_users_racing_for_a_single_use_link_only_one_gets_in():
    """Both accept a ``max_uses=1`` link at the same moment, on separate connections.

    PostgreSQL serialises them on the invitation row lock, so the loser sees the link used
    up. SQLite has no row locks: the loser may instead get "database is locked", in which
    case it retries (as a user would) and is then refused. Either way exactly one joins.
    """
    league = LeagueFactory()
    invitation = Invitation.objects.create(league=league, max_uses=1)
    racers = [UserFactory(), UserFactory()]
    barrier = threading.Barrier(len(racers))
    outcomes: dict[int, object] = {}

    def race(user):
        try:
            barrier.wait(timeout=10)
            for _ in range(50):
                try:
                    services.accept_invitation(token=invitation.token, user=user)
                    outcomes[user.pk] = "joined"
                    return
                except services.LeagueError as exc:
                    outcomes[user.pk] = str(exc)
                    return
                except OperationalError as exc:
                    if connection.vendor != "sqlite":
                        raise
                    outcomes[user.pk] = exc  # locked: try again shortly
                    time.sleep(0.02)
        except Exception as exc:
            outcomes[user.pk] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=race, args=(user,)) for user in racers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)

    assert Membership.objects.filter(league=league).count() == 1
    invitation.refresh_from_db()
    assert invitation.uses == 1
    results = sorted(outcomes.values(), key=lambda outcome: outcome != "joined")
    assert results[0] == "joined", outcomes
    loser = results[1]
    if connection.vendor == "sqlite":
        assert loser == USED_UP or isinstance(loser, OperationalError), outcomes
    else:
        assert loser == USED_UP, outcomes


# --- Asking to join ---------------------------------------------------------------------


def test_asking_to_join_a_public_league_waits_for_approval(people):
    request = services.request_to_join(league=people.league, user=people.outsider)
    assert (request.role, request.status) == (Role.PLAYER, Membership.Status.REQUESTED)
    assert not permissions.is_member(people.outsider, people.league)


def test_asking_twice_is_idempotent(people):
    first = services.request_to_join(league=people.league, user=people.outsider)
    second = services.request_to_join(league=people.league, user=people.outsider)
    assert first.pk == second.pk
    assert Membership.objects.filter(league=people.league, user=people.outsider).count() == 1


def test_private_leagues_take_no_requests(private_people):
    with pytest.raises(services.LeagueError, match="invitation only"):
        services.request_to_join(league=private_people.league, user=private_people.outsider)
    assert not Membership.objects.filter(user=private_people.outsider).exists()


def test_anonymous_cannot_ask_to_join(league):
    with pytest.raises(PermissionDenied):
        services.request_to_join(league=league, user=AnonymousUser())
    assert not Membership.objects.filter(status=Membership.Status.REQUESTED).exists()


@pytest.mark.parametrize("who", ["admin", "organizer", "player"])
def test_members_cannot_ask_to_join_again(people, who):
    user = people.actor(who)
    role_before = membership_of(user, people.league).role
    with pytest.raises(services.LeagueError, match="already a member"):
        services.request_to_join(league=people.league, user=user)
    assert (membership_of(user, people.league).role, membership_of(user, people.league).status) == (
        role_before,
        "active",
    )


@pytest.mark.parametrize("status", [Membership.Status.LEFT, Membership.Status.DECLINED])
def test_a_former_member_asks_again_as_a_player(league, status):
    old = MembershipFactory(league=league, role=Role.ORGANIZER, status=status)
    again = services.request_to_join(league=league, user=old.user)
    assert again.pk == old.pk
    assert (again.role, again.status) == (Role.PLAYER, Membership.Status.REQUESTED)


# --- Deciding a request -----------------------------------------------------------------


@pytest.mark.parametrize("approve", [True, False], ids=["approve", "decline"])
@pytest.mark.parametrize("who", EVERYONE)
def test_decide_request_for_every_role(people, who, approve):
    request = services.request_to_join(league=people.league, user=people.outsider)
    actor = people.actor(who)
    if who in NOT_MANAGERS:
        with pytest.raises(PermissionDenied):
            services.decide_request(membership=request, actor=actor, approve=approve)
        request.refresh_from_db()
        assert request.status == Membership.Status.REQUESTED
        return
    decided = services.decide_request(membership=request, actor=actor, approve=approve)
    assert decided.status == ("active" if approve else "declined")
    assert decided.decided_by == actor
    assert permissions.is_member(people.outsider, people.league) is approve


@pytest.mark.parametrize("second", [True, False], ids=["then-approve", "then-decline"])
@pytest.mark.parametrize("first", [True, False], ids=["approved", "declined"])
def test_deciding_twice_is_refused(people, first, second):
    request = services.request_to_join(league=people.league, user=people.outsider)
    services.decide_request(membership=request, actor=people.admin, approve=first)
    with pytest.raises(services.LeagueError, match="already decided"):
        services.decide_request(membership=request, actor=people.organizer, approve=second)
    request.refresh_from_db()
    assert request.status == ("active" if first else "declined")
    assert request.decided_by == people.admin


def test_an_active_membership_is_not_a_request(people):
    player = membership_of(people.player, people.league)
    with pytest.raises(services.LeagueError):
        services.decide_request(membership=player, actor=people.admin, approve=False)
    player.refresh_from_db()
    assert player.status == Membership.Status.ACTIVE


def test_managers_of_another_league_cannot_decide(people):
    request = services.request_to_join(league=people.league, user=people.outsider)
    with pytest.raises(PermissionDenied):
        services.decide_request(
            membership=request, actor=member(LeagueFactory(), Role.ADMIN), approve=True
        )


# --- Changing roles ---------------------------------------------------------------------


@pytest.mark.parametrize("who", EVERYONE)
def test_only_admins_change_roles(people, who):
    target = membership_of(people.player, people.league)
    if who == "admin":
        services.change_role(membership=target, actor=people.admin, role=Role.ORGANIZER)
        target.refresh_from_db()
        assert target.role == Role.ORGANIZER
        assert permissions.can_manage_league(people.player, people.league)
        return
    with pytest.raises(PermissionDenied):
        services.change_role(membership=target, actor=people.actor(who), role=Role.ORGANIZER)
    target.refresh_from_db()
    assert target.role == Role.PLAYER


def test_organizers_cannot_promote_themselves(people):
    mine = membership_of(people.organizer, people.league)
    with pytest.raises(PermissionDenied):
        services.change_role(membership=mine, actor=people.organizer, role=Role.ADMIN)
    mine.refresh_from_db()
    assert mine.role == Role.ORGANIZER


@pytest.mark.parametrize(
    ("who", "role"), [("player", Role.ADMIN), ("organizer", Role.PLAYER), ("organizer", Role.ADMIN)]
)
def test_admins_set_any_role(people, who, role):
    target = membership_of(people.actor(who), people.league)
    services.change_role(membership=target, actor=people.admin, role=role)
    target.refresh_from_db()
    assert target.role == role


def test_unknown_role_is_refused(people):
    target = membership_of(people.player, people.league)
    with pytest.raises(services.LeagueError, match="Unknown role"):
        services.change_role(membership=target, actor=people.admin, role="overlord")
    target.refresh_from_db()
    assert target.role == Role.PLAYER


@pytest.mark.parametrize("role", [Role.ORGANIZER, Role.PLAYER])
def test_the_last_admin_cannot_be_demoted(people, role):
    mine = membership_of(people.admin, people.league)
    with pytest.raises(services.LeagueError, match="at least one admin"):
        services.change_role(membership=mine, actor=people.admin, role=role)
    mine.refresh_from_db()
    assert mine.role == Role.ADMIN


def test_an_admin_may_step_down_once_another_admin_exists(people):
    services.change_role(
        membership=membership_of(people.organizer, people.league),
        actor=people.admin,
        role=Role.ADMIN,
    )
    mine = membership_of(people.admin, people.league)
    services.change_role(membership=mine, actor=people.admin, role=Role.PLAYER)
    mine.refresh_from_db()
    assert mine.role == Role.PLAYER
    assert not permissions.is_league_admin(people.admin, people.league)
    # ...and now the new admin is the last one.
    with pytest.raises(services.LeagueError):
        services.change_role(
            membership=membership_of(people.organizer, people.league),
            actor=people.organizer,
            role=Role.PLAYER,
        )


def test_a_former_admin_does_not_count_as_an_admin(people):
    MembershipFactory(league=people.league, role=Role.ADMIN, status=Membership.Status.LEFT)
    with pytest.raises(services.LeagueError):
        services.change_role(
            membership=membership_of(people.admin, people.league),
            actor=people.admin,
            role=Role.PLAYER,
        )


def test_keeping_an_admin_role_is_always_allowed(people):
    mine = membership_of(people.admin, people.league)
    services.change_role(membership=mine, actor=people.admin, role=Role.ADMIN)
    mine.refresh_from_db()
    assert mine.role == Role.ADMIN


# --- Removing members -------------------------------------------------------------------

REMOVE_MATRIX = [
    # (actor, target, allowed)
    ("admin", "player", True),
    ("admin", "organizer", True),
    ("organizer", "player", True),
    ("organizer", "admin", False),
    ("player", "organizer", False),
    ("player", "admin", False),
    ("outsider", "player", False),
    ("outsider", "organizer", False),
    ("anonymous", "player", False),
    ("anonymous", "organizer", False),
]


@pytest.mark.parametrize(("who", "target", "allowed"), REMOVE_MATRIX)
def test_remove_member_for_every_role(people, who, target, allowed):
    row = membership_of(people.actor(target), people.league)
    if allowed:
        services.remove_member(membership=row, actor=people.actor(who))
        row.refresh_from_db()
        assert row.status == Membership.Status.LEFT
        assert not permissions.is_member(people.actor(target), people.league)
        return
    with pytest.raises(PermissionDenied):
        services.remove_member(membership=row, actor=people.actor(who))
    row.refresh_from_db()
    assert row.status == Membership.Status.ACTIVE


def test_organizers_cannot_remove_other_organizers(people):
    other = member(people.league, Role.ORGANIZER)
    row = membership_of(other, people.league)
    with pytest.raises(PermissionDenied):
        services.remove_member(membership=row, actor=people.organizer)
    row.refresh_from_db()
    assert row.status == Membership.Status.ACTIVE


def test_players_cannot_remove_other_players(people):
    other = member(people.league, Role.PLAYER)
    row = membership_of(other, people.league)
    with pytest.raises(PermissionDenied):
        services.remove_member(membership=row, actor=people.player)
    row.refresh_from_db()
    assert row.status == Membership.Status.ACTIVE


@pytest.mark.parametrize("who", ["player", "organizer"])
def test_members_may_leave(people, who):
    row = membership_of(people.actor(who), people.league)
    services.remove_member(membership=row, actor=people.actor(who))
    row.refresh_from_db()
    assert row.status == Membership.Status.LEFT
    assert not permissions.is_member(people.actor(who), people.league)


def test_the_last_admin_stays(people):
    row = membership_of(people.admin, people.league)
    with pytest.raises(services.LeagueError, match="at least one admin"):
        services.remove_member(membership=row, actor=people.admin)
    row.refresh_from_db()
    assert row.status == Membership.Status.ACTIVE


def test_an_admin_may_leave_or_remove_another_admin_when_one_remains(people):
    second = member(people.league, Role.ADMIN)
    services.remove_member(membership=membership_of(second, people.league), actor=people.admin)
    # Now people.admin is the last one again: cannot leave.
    with pytest.raises(services.LeagueError):
        services.remove_member(
            membership=membership_of(people.admin, people.league), actor=people.admin
        )
    third = member(people.league, Role.ADMIN)
    services.remove_member(
        membership=membership_of(people.admin, people.league), actor=people.admin
    )
    assert permissions.is_league_admin(third, people.league)
    assert not permissions.is_member(people.admin, people.league)


def test_a_removed_organizer_loses_their_powers(people):
    services.remove_member(
        membership=membership_of(people.organizer, people.league), actor=people.admin
    )
    with pytest.raises(PermissionDenied):
        services.create_invitation(league=people.league, actor=people.organizer)


def test_removal_rules_use_the_current_role(people):
    """A stale copy of a membership (promoted meanwhile) must not let an organizer remove
    someone who is now an admin."""
    stale = membership_of(people.player, people.league)
    Membership.objects.filter(pk=stale.pk).update(role=Role.ADMIN)
    with pytest.raises(PermissionDenied):
        services.remove_member(membership=stale, actor=people.organizer)
    assert membership_of(people.player, people.league).status == Membership.Status.ACTIVE

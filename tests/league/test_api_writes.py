"""League writes through the API follow the same role rules as the pages."""

import pytest

from league.models import Invitation, Membership, Role
from tests.campaign.factories import LeagueFactory, MembershipFactory, member
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    league = LeagueFactory()
    member(league, Role.ADMIN)
    return league


def url(league, tail):
    return f"/api/leagues/{league.slug}/{tail}"


def test_request_then_organizer_approves(api_client, league):
    newcomer = UserFactory()
    api_client.force_authenticate(newcomer)
    assert api_client.post(url(league, "request/")).json()["status"] == "requested"
    pending = Membership.objects.get(user=newcomer)
    api_client.force_authenticate(member(league, Role.PLAYER))
    refused = api_client.post(url(league, f"members/{pending.pk}/decide/"), {"approve": True},
                              format="json")
    assert refused.status_code == 403
    api_client.force_authenticate(member(league, Role.ORGANIZER))
    done = api_client.post(url(league, f"members/{pending.pk}/decide/"), {"approve": True},
                           format="json")
    assert done.status_code == 200 and done.json()["status"] == "active"
    again = api_client.post(url(league, f"members/{pending.pk}/decide/"), {"approve": False},
                            format="json")
    assert again.status_code == 400 and "already decided" in str(again.json())


def test_role_changes_need_an_admin_and_keep_one(api_client, league):
    admin = Membership.objects.get(league=league, role=Role.ADMIN)
    player = MembershipFactory(league=league)
    api_client.force_authenticate(member(league, Role.ORGANIZER))
    assert api_client.post(url(league, f"members/{player.pk}/role/"), {"role": "organizer"},
                           format="json").status_code == 403
    api_client.force_authenticate(admin.user)
    bad = api_client.post(url(league, f"members/{player.pk}/role/"), {"role": "king"},
                          format="json")
    assert bad.status_code == 400 and "role" in bad.json()
    ok = api_client.post(url(league, f"members/{player.pk}/role/"), {"role": "organizer"},
                         format="json")
    assert ok.json()["role"] == "organizer"
    last = api_client.post(url(league, f"members/{admin.pk}/role/"), {"role": "player"},
                           format="json")
    assert last.status_code == 400 and "at least one admin" in str(last.json())


def test_remove_and_revoke_permissions(api_client, league):
    player = MembershipFactory(league=league)
    organizer = member(league, Role.ORGANIZER)
    invitation = Invitation.objects.create(league=league)
    api_client.force_authenticate(player.user)
    assert api_client.post(url(league, f"invitations/{invitation.pk}/revoke/")).status_code == 403
    other = MembershipFactory(league=league)
    assert api_client.post(url(league, f"members/{other.pk}/remove/")).status_code == 403
    assert api_client.post(url(league, f"members/{player.pk}/remove/")).json()["status"] == "left"
    api_client.force_authenticate(organizer)
    assert api_client.post(url(league, f"invitations/{invitation.pk}/revoke/")).status_code == 200
    invitation.refresh_from_db()
    assert invitation.revoked
    assert api_client.post(url(league, f"members/{other.pk}/remove/")).status_code == 200


def test_anonymous_writes_are_refused(api_client, league):
    assert api_client.post(url(league, "request/")).status_code in (401, 403)


def test_invitations_must_be_usable_when_made(api_client, league):
    import datetime

    from django.utils import timezone

    api_client.force_authenticate(member(league, Role.ORGANIZER))
    past = (timezone.now() - datetime.timedelta(days=1)).isoformat()
    expired = api_client.post(url(league, "invitations/"), {"expires_at": past}, format="json")
    assert expired.status_code == 400 and "future" in str(expired.json())
    unusable = api_client.post(url(league, "invitations/"), {"max_uses": 0}, format="json")
    assert unusable.status_code == 400
    assert not Invitation.objects.filter(league=league).exists()


def test_join_page_sends_anonymous_users_to_the_login_page(client, league):
    invitation = Invitation.objects.create(league=league)
    response = client.post(invitation.get_absolute_url())
    assert response.status_code == 302 and response.url.startswith("/accounts/login/?next=")

"""Notifications are written once per event, email only those who want it, and every
email carries an unsubscribe link that works logged out."""

import re

import pytest
from django.core import mail, signing

from notifications import events, kinds, services, tokens
from notifications.models import EmailPreference, Notification
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def tell(user, key="thing:1", kind=kinds.JOIN_REQUEST, **params):
    return services.notify(user, kind, key=key, url="/leagues/",
                           params={"user": "Marcus", "league": "Club", **params})


def test_one_notification_and_one_email_per_event(django_capture_on_commit_callbacks):
    user = UserFactory()
    with django_capture_on_commit_callbacks(execute=True):
        first = tell(user)
        again = tell(user)
    assert first.pk == again.pk
    assert Notification.objects.filter(user=user).count() == 1
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == [user.email]
    assert "Marcus asks to join Club." in mail.outbox[0].body
    # A retried email job sends nothing twice.
    assert services.deliver_email(first.pk) is False
    assert len(mail.outbox) == 1


def test_no_email_when_the_user_turned_the_kind_off_or_has_no_address(
        django_capture_on_commit_callbacks):
    off, no_address, on = UserFactory(), UserFactory(email=""), UserFactory()
    services.set_email_preferences(off, {kinds.JOIN_REQUEST: False})
    with django_capture_on_commit_callbacks(execute=True):
        for user in (off, no_address, on):
            tell(user)
    assert [m.to for m in mail.outbox] == [[on.email]]
    # Every user still has the notification in the app.
    assert Notification.objects.filter(kind=kinds.JOIN_REQUEST).count() == 3


def test_turning_the_kind_off_after_queueing_stops_the_email():
    user = UserFactory()
    notification = tell(user)  # the job is queued on commit; it has not run
    services.set_email_preferences(user, {kinds.JOIN_REQUEST: False})
    assert services.deliver_email(notification.pk) is False
    assert mail.outbox == []


def test_every_email_has_a_working_unsubscribe_link(client, django_capture_on_commit_callbacks):
    user = UserFactory()
    with django_capture_on_commit_callbacks(execute=True):
        tell(user)
    email = mail.outbox[0]
    link = re.search(r"http://[^/]+(/notifications/unsubscribe/\S+/)\n", email.body).group(1)
    assert email.extra_headers["List-Unsubscribe"].endswith(f"{link}>")
    assert email.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # Logged out: the link shows what it stops, and a POST stops it.
    page = client.get(link)
    assert page.status_code == 200
    assert str(kinds.get(kinds.JOIN_REQUEST).label) in page.content.decode()
    assert services.email_preferences(user)[kinds.JOIN_REQUEST] is True
    done = client.post(link)
    assert 'id="unsubscribed"' in done.content.decode()
    assert services.email_preferences(user)[kinds.JOIN_REQUEST] is False
    assert services.email_preferences(user)[kinds.NEW_WEEK] is True
    # The next such event notifies in the app but emails nothing.
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tell(user, key="thing:2")
    assert mail.outbox == []


def test_the_unsubscribe_all_link_stops_every_kind(client):
    user = UserFactory()
    client.post(f"/notifications/unsubscribe/{tokens.unsubscribe_token(user.pk, 'all')}/")
    assert not any(services.email_preferences(user).values())


def test_a_forged_or_foreign_token_changes_nothing(client):
    user, other = UserFactory(), UserFactory()
    token = tokens.unsubscribe_token(user.pk, kinds.NEW_WEEK)
    forged = token.replace(token.split(":")[0], signing.dumps([other.pk, kinds.NEW_WEEK])
                           .split(":")[0])
    assert client.post(f"/notifications/unsubscribe/{forged}/").status_code == 404
    assert client.post("/notifications/unsubscribe/nonsense/").status_code == 404
    unknown = tokens.unsubscribe_token(user.pk, "no_such_kind")
    assert client.post(f"/notifications/unsubscribe/{unknown}/").status_code == 404
    assert not EmailPreference.objects.exists()


def test_marking_read_touches_only_your_own():
    user, other = UserFactory(), UserFactory()
    mine, theirs = tell(user), tell(other)
    services.mark_read(user, mine)
    with pytest.raises(Notification.DoesNotExist):
        services.mark_read(user, theirs)
    theirs.refresh_from_db()
    assert mine.is_read and not theirs.is_read
    tell(user, key="thing:2")
    assert services.mark_all_read(user) == 1
    assert not Notification.objects.filter(user=other, read_at__isnull=False).exists()


def test_an_unknown_kind_is_a_programming_error():
    with pytest.raises(KeyError):
        services.notify(UserFactory(), "no_such_kind", key="x")


def test_an_old_notification_missing_a_parameter_still_renders():
    notification = services.notify(UserFactory(), kinds.JOIN_REQUEST, key="x", params={})
    assert notification.message == "? asks to join ?."


def test_every_kind_renders_and_has_a_label():
    for kind in kinds.KINDS.values():
        assert str(kind.label) and kind.render({}) and kind.audience in (kinds.PLAYER,
                                                                         kinds.ORGANIZER)


def test_a_notification_for_a_league_goes_to_its_managers_only(django_capture_on_commit_callbacks):
    from league.models import Role
    from tests.campaign.factories import LeagueFactory, member

    league = LeagueFactory()
    organizer, admin = member(league, Role.ORGANIZER), member(league, Role.ADMIN)
    player = member(league)
    assert {u.pk for u in events.league_managers(league)} == {organizer.pk, admin.pk}
    assert player.pk not in {u.pk for u in events.league_managers(league)}

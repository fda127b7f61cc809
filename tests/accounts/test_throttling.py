"""Login throttling (django-axes) and the sign-up and password-reset throttles: a clear
message, an admin to unlock, and no difference between known and unknown accounts."""

from __future__ import annotations

import pytest
from django.core import mail
from django.core.cache import cache
from django.urls import reverse

from tests.edges.compare import comparable
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_counters():
    cache.clear()
    yield
    cache.clear()


def log_in(client, username, password, address="10.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password},
                       REMOTE_ADDR=address)


def visible_text(response) -> str:
    return comparable(response)


def test_repeated_wrong_passwords_lock_that_user_from_that_address(client, settings):
    user = UserFactory()
    answers = [log_in(client, user.username, "wrong").status_code for _ in range(30)]
    limit = settings.AXES_FAILURE_LIMIT
    assert answers[: limit - 1] == [200] * (limit - 1)  # the form again, with its error
    assert set(answers[limit - 1:]) == {429}
    locked = log_in(client, user.username, PASSWORD)
    assert locked.status_code == 429
    assert b"Too many failed log-ins" in locked.content and b"15 minutes" in locked.content
    assert "_auth_user_id" not in client.session
    # Another address, or another user from this one, is not locked.
    assert log_in(client, user.username, PASSWORD, address="10.0.0.2").status_code == 302
    client.logout()
    other = UserFactory()
    assert log_in(client, other.username, PASSWORD).status_code == 302


def test_a_lockout_looks_the_same_for_known_and_unknown_usernames(client, settings):
    known = UserFactory(username="known")
    for name in (known.username, "nobody-by-this-name"):
        for _ in range(settings.AXES_FAILURE_LIMIT):
            log_in(client, name, "wrong")
    known_page = log_in(client, known.username, "wrong")
    unknown_page = log_in(client, "nobody-by-this-name", "wrong")
    assert known_page.status_code == unknown_page.status_code == 429
    assert visible_text(known_page) == visible_text(unknown_page)


def test_a_wrong_password_answer_is_the_same_for_known_and_unknown_usernames(client):
    UserFactory(username="known")
    known = log_in(client, "known", "wrong")
    unknown = log_in(client, "unknown", "wrong")
    assert visible_text(known).replace("known", "X") == visible_text(unknown).replace(
        "unknown", "X")


def test_staff_unlock_a_user_in_the_admin(client, settings):
    from axes.models import AccessAttempt

    user = UserFactory()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(client, user.username, "wrong")
    assert log_in(client, user.username, PASSWORD).status_code == 429
    staff = UserFactory(is_staff=True, is_superuser=True)
    admin = client.__class__()
    admin.force_login(staff)
    listing = admin.get(reverse("admin:axes_accessattempt_changelist"))
    assert listing.status_code == 200 and user.username.encode() in listing.content
    attempt = AccessAttempt.objects.get(username=user.username)
    admin.post(reverse("admin:axes_accessattempt_delete", args=[attempt.pk]), {"post": "yes"})
    assert not AccessAttempt.objects.exists()
    assert log_in(client, user.username, PASSWORD).status_code == 302


def test_password_reset_is_throttled_alike_for_known_and_unknown_emails(client, settings):
    settings.PASSWORD_RESET_RATE = "3/h"
    settings.PASSWORD_RESET_EMAIL_RATE = "100/h"
    UserFactory(email="known@example.org")
    url = reverse("password_reset")
    answers = [client.post(url, {"email": email}, REMOTE_ADDR="10.0.0.9")
               for email in ["known@example.org", "unknown@example.org", "known@example.org"]]
    assert [a.status_code for a in answers] == [302, 302, 302]  # the same "sent" page
    assert len(mail.outbox) == 2
    known = client.post(url, {"email": "known@example.org"}, REMOTE_ADDR="10.0.0.9")
    unknown = client.post(url, {"email": "unknown@example.org"}, REMOTE_ADDR="10.0.0.9")
    assert known.status_code == unknown.status_code == 429
    assert visible_text(known) == visible_text(unknown)
    assert b"Too many requests" in known.content
    assert len(mail.outbox) == 2


def test_one_inbox_cannot_be_flooded_from_many_addresses(client, settings):
    settings.PASSWORD_RESET_EMAIL_RATE = "2/h"
    UserFactory(email="victim@example.org")
    codes = [client.post(reverse("password_reset"), {"email": "victim@example.org"},
                         REMOTE_ADDR=f"10.1.0.{n}").status_code for n in range(5)]
    assert codes == [302, 302, 429, 429, 429]
    assert len(mail.outbox) == 2


def test_signup_is_throttled_per_address(client, settings):
    from accounts.models import User

    settings.SIGNUP_RATE = "2/h"

    def sign_up(n):
        return client.post(reverse("signup"), {
            "username": f"new{n}", "email": f"new{n}@example.org",
            "password1": "a-long-enough-pass-123", "password2": "a-long-enough-pass-123"},
            REMOTE_ADDR="10.0.0.7")

    first = sign_up(1)
    client.logout()
    second = sign_up(2)
    client.logout()
    third = sign_up(3)
    assert [first.status_code, second.status_code, third.status_code] == [302, 302, 429]
    assert b"Too many requests" in third.content
    assert not User.objects.filter(username="new3").exists()

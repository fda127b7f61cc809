"""Password spraying: one wrong password for each of many usernames from one address is
refused past a per-address budget (``accounts/login_limit.py``), while the same users log
in from other addresses."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

SPRAYER, REAL_USER = "198.51.100.66", "203.0.113.7"


@pytest.fixture(autouse=True)
def _fresh_counters(settings):
    from config import settings as project

    settings.LOGIN_FAILURE_RATE = project.LOGIN_FAILURE_RATE  # the suite raises it
    cache.clear()
    yield
    cache.clear()


def log_in(client, username, password, address):
    return client.post(reverse("login"), {"username": username, "password": password},
                       REMOTE_ADDR=address)


def test_one_wrong_password_for_each_of_30_usernames_is_stopped(client):
    users = [UserFactory() for _ in range(30)]
    codes = [log_in(client, user.username, "Spring2026!", SPRAYER).status_code
             for user in users]
    assert codes[:20] == [200] * 20  # the form again: wrong password (default 20/h)
    assert set(codes[20:]) == {429}
    refused = log_in(client, users[-1].username, PASSWORD, SPRAYER)
    assert refused.status_code == 429  # not even the right password is checked
    assert b"whatever the username" in refused.content
    assert "_auth_user_id" not in client.session
    # A real user on another address is unaffected.
    assert log_in(client, users[-1].username, PASSWORD, REAL_USER).status_code == 302


def test_unknown_usernames_count_alike(client, settings):
    settings.LOGIN_FAILURE_RATE = "3/h"
    codes = [log_in(client, f"nobody{n}", "wrong", SPRAYER).status_code for n in range(5)]
    assert codes == [200, 200, 200, 429, 429]


def test_a_login_refused_by_a_lockout_does_not_spend_the_address_budget(client, settings):
    """Attempts refused before any password is checked are not counted again: one user's
    lockout (django-axes) leaves the other users on that address their logins."""
    settings.LOGIN_FAILURE_RATE = "8/h"
    user, other = UserFactory(), UserFactory()
    codes = [log_in(client, user.username, "wrong", SPRAYER).status_code for _ in range(20)]
    assert codes[-1] == 429
    assert log_in(client, other.username, PASSWORD, SPRAYER).status_code == 302


def test_the_budget_is_per_address_and_settable(client, settings):
    settings.LOGIN_FAILURE_RATE = "2/h"
    first, second = UserFactory(), UserFactory()
    for user in (first, second):
        log_in(client, user.username, "wrong", SPRAYER)
    assert log_in(client, first.username, PASSWORD, SPRAYER).status_code == 429
    assert log_in(client, first.username, PASSWORD, REAL_USER).status_code == 302

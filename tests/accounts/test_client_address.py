"""Client addresses behind a proxy (``config/client_ip.py``): one setting says how many
proxies are trusted, and every limiter (DRF throttles, django-axes, django-ratelimit's
sign-up and reset keys, the export throttle) counts the same address."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import RequestFactory
from django.urls import reverse

from config.client_ip import client_ip
from config.throttling import AnonThrottle
from tests.factories import PASSWORD, UserFactory

PROXY = "10.0.0.1"


@pytest.fixture(autouse=True)
def _fresh_counters():
    cache.clear()
    yield
    cache.clear()


def _request(remote="192.0.2.1", forwarded=None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


@pytest.mark.parametrize(("count", "forwarded", "expected"), [
    (0, "203.0.113.9", "192.0.2.1"),  # no proxy: the header is anyone's to write
    (0, None, "192.0.2.1"),
    (1, "203.0.113.9", "203.0.113.9"),  # what the proxy appended
    (1, "6.6.6.6, 203.0.113.9", "203.0.113.9"),  # the client's own prefix is not trusted
    (2, "6.6.6.6, 203.0.113.9, 10.1.1.1", "203.0.113.9"),
    (2, "203.0.113.9", "203.0.113.9"),  # fewer hops than proxies: the leftmost
    (1, None, "192.0.2.1"),  # reached without the proxy
    (1, "not-an-address", "192.0.2.1"),
    (1, " 2001:db8::1 ", "2001:db8::1"),
])
def test_the_client_address_trusts_only_the_proxies_it_is_told_of(settings, count,
                                                                    forwarded, expected):
    settings.TRUSTED_PROXY_COUNT = count
    assert client_ip(_request(forwarded=forwarded)) == expected


def _anonymous_gets(client, count, address_of):
    return [client.get("/api/leagues/", REMOTE_ADDR=PROXY,
                       HTTP_X_FORWARDED_FOR=address_of(n)).status_code for n in range(count)]


@pytest.mark.django_db
def test_forged_forwarded_addresses_do_not_pass_the_api_limit_without_a_proxy(
        client, settings, monkeypatch):
    settings.TRUSTED_PROXY_COUNT = 0
    monkeypatch.setattr(AnonThrottle, "THROTTLE_RATES", {"anon": "10/min"})
    codes = _anonymous_gets(client, 300, lambda n: f"198.51.{n // 256}.{n % 256}")
    assert codes.count(200) == 10 and codes.count(429) == 290


@pytest.mark.django_db
def test_with_one_proxy_the_api_limit_counts_each_client_behind_it(client, settings,
                                                                      monkeypatch):
    settings.TRUSTED_PROXY_COUNT = 1
    monkeypatch.setattr(AnonThrottle, "THROTTLE_RATES", {"anon": "3/min"})
    first = _anonymous_gets(client, 5, lambda n: "203.0.113.1")
    second = _anonymous_gets(client, 3, lambda n: "203.0.113.2")
    assert first == [200, 200, 200, 429, 429] and second == [200, 200, 200]


def log_in(client, username, password, forwarded):
    return client.post(reverse("login"), {"username": username, "password": password},
                       REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded)


@pytest.mark.django_db
def test_with_one_proxy_a_lockout_is_one_clients_not_everyones(client, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    user = UserFactory()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(client, user.username, "wrong", "203.0.113.66")
    assert log_in(client, user.username, PASSWORD, "203.0.113.66").status_code == 429
    # The real user, behind the same proxy, from their own address.
    assert log_in(client, user.username, PASSWORD, "203.0.113.7").status_code == 302


@pytest.mark.django_db
def test_without_a_proxy_forged_addresses_do_not_dodge_a_lockout(client, settings):
    settings.TRUSTED_PROXY_COUNT = 0
    user = UserFactory()
    codes = [log_in(client, user.username, "wrong", f"198.51.100.{n}").status_code
             for n in range(settings.AXES_FAILURE_LIMIT + 3)]
    assert codes[-3:] == [429, 429, 429]


def _sign_up(client, n, forwarded):
    answer = client.post(reverse("signup"), {
        "username": f"new{n}", "email": f"new{n}@example.org",
        "password1": "a-long-enough-pass-123", "password2": "a-long-enough-pass-123"},
        REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded)
    client.logout()
    return answer.status_code


@pytest.mark.django_db
def test_with_one_proxy_one_visitor_does_not_spend_everyones_signups(client, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    settings.SIGNUP_RATE = "2/h"
    assert [_sign_up(client, n, "203.0.113.66") for n in range(3)] == [302, 302, 429]
    assert _sign_up(client, 9, "203.0.113.7") == 302


@pytest.mark.django_db
def test_without_a_proxy_forged_addresses_do_not_dodge_the_signup_limit(client, settings):
    settings.TRUSTED_PROXY_COUNT = 0
    settings.SIGNUP_RATE = "2/h"
    codes = [_sign_up(client, n, f"198.51.100.{n}") for n in range(4)]
    assert codes == [302, 302, 429, 429]


@pytest.mark.django_db
def test_with_one_proxy_password_resets_are_counted_per_client(client, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    settings.PASSWORD_RESET_RATE = "1/h"
    url = reverse("password_reset")

    def reset(n, forwarded):
        return client.post(url, {"email": f"someone{n}@example.org"}, REMOTE_ADDR=PROXY,
                           HTTP_X_FORWARDED_FOR=forwarded).status_code

    assert [reset(1, "203.0.113.66"), reset(2, "203.0.113.66")] == [302, 429]
    assert reset(3, "203.0.113.7") == 302


def test_the_export_throttle_counts_anonymous_clients_by_the_same_address(settings):
    from django.contrib.auth.models import AnonymousUser

    from exports.throttle import _key

    request = _request(remote=PROXY, forwarded="6.6.6.6, 203.0.113.9")
    request.user = AnonymousUser()
    settings.TRUSTED_PROXY_COUNT = 0
    assert _key("exports", request) == f"ip:{PROXY}"
    settings.TRUSTED_PROXY_COUNT = 1
    assert _key("exports", request) == "ip:203.0.113.9"

"""Shared fixtures.

Real services: tests marked ``realservices`` need PostgreSQL, Redis and a Celery worker;
tests marked ``e2e`` need Debian's Chromium. Locally they skip with a reason when a
service is missing; with ``REQUIRE_REAL_SERVICES=1`` (set by ``.ci/run``) a missing
service fails the test instead, so CI can never pass by skipping them.
"""

from __future__ import annotations

import os
import random
import secrets
import types
import zlib

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

# ``--shuffle`` / ``--shuffle-seed=SEED``: a shuffled test order (off by default).
from tests.shuffle import (  # noqa: F401
    pytest_addoption,
    pytest_collection_modifyitems,
    pytest_report_header,
    pytest_terminal_summary,
)

REQUIRE_REAL_SERVICES = os.environ.get("REQUIRE_REAL_SERVICES") == "1"

# Property tests: no per-example deadline anywhere (a loaded CI machine is not a bug). CI
# (``HYPOTHESIS_PROFILE=ci``, set by .ci/run) also derandomizes them, so a run there is
# repeatable and passes or fails on the code alone; a developer's runs keep exploring.
hypothesis_settings.register_profile("dev", deadline=None)
hypothesis_settings.register_profile("ci", deadline=None, derandomize=True, database=None,
                                     suppress_health_check=[HealthCheck.too_slow])
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def require(condition: bool, reason: str) -> None:
    """Skip (locally) or fail (in CI) when a real service a test needs is unavailable."""
    if condition:
        return
    if REQUIRE_REAL_SERVICES:
        pytest.fail(f"Required real service unavailable: {reason}", pytrace=False)
    pytest.skip(reason)


def set_celery(**options) -> None:
    """Change Celery settings at run time. The app reads Django settings under the CELERY_
    namespace, so the namespaced key must be set (``app.conf.task_always_eager = x`` would
    silently change nothing)."""
    from config.celery import app

    for key, value in options.items():
        app.conf[f"CELERY_{key.upper()}"] = value
    if CONNECTION_OPTIONS & options.keys():
        # The app caches its connection pool, producer pool and result backend: drop them
        # so the next send, ping or result uses the broker now configured.
        app._pool = None
        app.amqp._producer_pool = None
        app._backend_cache = None
        app._local.__dict__.pop("backend", None)


CONNECTION_OPTIONS = {"broker_url", "broker_transport_options", "result_backend"}


@pytest.fixture(autouse=True, scope="session")
def _celery_eager_by_default():
    """Tasks run in-process unless a test asks for the real worker (``celery_worker``)."""
    from config.celery import app

    set_celery(task_always_eager=True)
    assert app.conf.task_always_eager is True
    yield


@pytest.fixture(autouse=True, scope="session")
def _translations_compiled():
    """The French pages need the compiled catalogue (built here when missing or stale)."""
    from config.translations import compile_stale

    compile_stale()
    yield


@pytest.fixture
def user(db):
    from tests.factories import UserFactory

    return UserFactory()


@pytest.fixture
def logged_in_client(client, user):
    client.force_login(user)
    client.user = user
    return client


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture(autouse=True)
def _default_language(request):
    """Every test starts in the site's default language: a request or a test that activates
    French (tests/i18n) would otherwise leave it on for the tests that follow."""
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fast_password_hashing(request):
    """The default hasher is deliberately slow; tests need speed, not strength.
    (Skipped when pytest runs without its Django plugin, e.g. engine-only runs.)"""
    if request.config.pluginmanager.hasplugin("django"):
        settings = request.getfixturevalue("settings")
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
        # Export counters live in a cache shared by the whole run (Redis in CI), so the
        # suite's many exports from one address must not trip the throttle; its own
        # tests set low rates for one fresh address.
        settings.EXPORT_RATE = settings.EXPORT_ANON_RATE = "100000/h"
        settings.LOGIN_FAILURE_RATE = "100000/h"  # likewise the wrong passwords per address



@pytest.fixture(autouse=True)
def _seeded_luck(request, monkeypatch):
    """The app's unpredictable draws (deck seeds, setups, pairings, random picks) come from a
    generator seeded by the test's id: no test passes or fails on the luck of a shuffle, and
    a failure reproduces. Successive draws still differ, as they do in production."""
    rng = random.Random(zlib.crc32(request.node.nodeid.encode()))
    monkeypatch.setattr(secrets, "randbits", rng.getrandbits)
    if request.config.pluginmanager.hasplugin("django"):
        # Only the app's random picks: Django draws session keys and tokens from
        # ``secrets.choice``, and those must stay unpredictable across runs.
        from campaign.services import optional_rules

        monkeypatch.setattr(optional_rules, "secrets",
                            types.SimpleNamespace(choice=rng.choice))


@pytest.fixture(autouse=True)
def _cached_sheets_are_checked(request, monkeypatch):
    """Every arsenal sheet a test gets from the cache is compared with a fresh render, so
    any test that writes between two views proves the cache was invalidated."""
    if request.config.pluginmanager.hasplugin("django"):
        from campaign import sheet_cache

        monkeypatch.setattr(sheet_cache, "CHECK_HITS", True)

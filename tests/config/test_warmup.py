"""A gunicorn worker's warm-up: the first request's one-off work, done as the worker starts."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.template import loader
from django.template.loaders.filesystem import Loader as FilesystemLoader
from django.urls import get_resolver

from config.warmup import warm_up

pytestmark = pytest.mark.django_db  # the warm-up opens the database connection


def test_warm_up_compiles_every_project_template_and_loads_every_view(monkeypatch):
    done = warm_up()

    project = sorted((Path(settings.BASE_DIR) / "templates").rglob("*.html"))
    assert done["templates"] >= len(project) > 100
    assert done["urls"] == len(get_resolver().url_patterns)
    assert get_resolver()._populated

    def no_disk(*_args, **_kwargs):
        raise AssertionError("a template was read from disk after the warm-up")

    monkeypatch.setattr(FilesystemLoader, "get_contents", no_disk)
    for path in project:
        loader.get_template(path.relative_to(Path(settings.BASE_DIR) / "templates").as_posix())


def test_warm_up_loads_what_a_first_login_or_game_page_would(settings):
    """The first login imported argon2 and the cache's client, the first game page read
    the rule tables: each worker's first visitor paid for it (issue 26)."""
    import sys

    from rules import tables

    tables.table.cache_clear()
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.Argon2PasswordHasher"]
    done = warm_up()
    assert done["rule tables"] == tables.table.cache_info().currsize > 20
    assert done["hasher"] == 1 and "argon2" in sys.modules
    assert done["connections"] == 2


def test_gunicorn_warms_each_worker_up_as_it_starts():
    import runpy

    config = runpy.run_path(str(Path(settings.BASE_DIR) / "gunicorn.conf.py"))
    logged = []

    class Worker:
        class log:
            @staticmethod
            def info(message, *args):
                logged.append(message % args)

    config["post_worker_init"](Worker())
    assert logged and "templates" in logged[0]

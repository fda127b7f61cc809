"""Settings come from the environment: embedded defaults, PostgreSQL/Redis, production."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import json, django; from django.conf import settings; django.setup();"
    "print(json.dumps({'engine': settings.DATABASES['default']['ENGINE'],"
    " 'name': str(settings.DATABASES['default']['NAME']),"
    " 'eager': settings.CELERY_TASK_ALWAYS_EAGER, 'broker': settings.CELERY_BROKER_URL,"
    " 'cache': settings.CACHES['default']['BACKEND'], 'debug': settings.DEBUG,"
    " 'email': settings.EMAIL_BACKEND}))"
)
CLEAN = ("DATABASE_URL", "REDIS_URL", "DJANGO_ENV", "DJANGO_DEBUG", "CELERY_TASK_ALWAYS_EAGER",
         "DJANGO_ALLOW_ASYNC_UNSAFE")


def run(code: str, **env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in CLEAN}
    base["DJANGO_SETTINGS_MODULE"] = "config.settings"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env={**base, **env},
        capture_output=True, text=True, timeout=60,
    )


def settings_with(**env: str) -> dict:
    result = run(PROBE, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_embedded_default_is_sqlite_a_filesystem_broker_console_debug():
    """Jobs go to a worker through a folder (no Redis), never eagerly in the web process."""
    s = settings_with()
    assert s["engine"] == "django.db.backends.sqlite3"
    assert s["name"].endswith("db.sqlite3")
    assert s["eager"] is False and s["broker"] == "filesystem://"
    assert s["email"].endswith("console.EmailBackend")
    assert s["debug"] is True


def test_database_and_redis_urls_switch_to_postgresql_and_redis():
    s = settings_with(DATABASE_URL="postgres://u@db:5432/campaigns", REDIS_URL="redis://r:6379/1")
    assert s["engine"] == "django.db.backends.postgresql"
    assert s["name"] == "campaigns"
    assert s["eager"] is False and s["broker"] == "redis://r:6379/1"
    assert s["cache"].endswith("RedisCache")


OPTIONS_PROBE = ("import json, django; from django.conf import settings; django.setup();"
                 "print(json.dumps(settings.DATABASES['default'].get('OPTIONS', {})))")


def test_sqlite_writes_wait_their_turn_and_postgresql_is_left_alone():
    sqlite = json.loads(run(OPTIONS_PROBE).stdout)
    assert sqlite == {"transaction_mode": "IMMEDIATE", "timeout": 20}
    postgres = json.loads(run(OPTIONS_PROBE, DATABASE_URL="postgres://u@db:5432/c").stdout)
    assert "transaction_mode" not in postgres and "timeout" not in postgres


def test_production_mode_passes_check_deploy_without_warnings():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={
            **{k: v for k, v in os.environ.items() if k not in CLEAN},
            "DJANGO_ENV": "production",
            "DJANGO_SECRET_KEY": "x7" * 30 + "-production-like-secret-key-for-tests",
            "DJANGO_ALLOWED_HOSTS": "campaigns.example.org",
            "REDIS_URL": "redis://127.0.0.1:6379/9",  # named, not connected to
        },
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_mode_refuses_to_start_without_a_secret_key():
    result = run("import django; django.setup()", DJANGO_ENV="production",
                 DJANGO_ALLOWED_HOSTS="x.org")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


PRODUCTION = {"DJANGO_ENV": "production", "REDIS_URL": "redis://127.0.0.1:6379/9",
              "DJANGO_SECRET_KEY": "x7" * 30 + "-production-like-secret-key-for-tests"}
SECURITY_PROBE = (
    "import json, django; from django.conf import settings; django.setup();"
    "print(json.dumps({'redirect': settings.SECURE_SSL_REDIRECT, 'debug': settings.DEBUG,"
    " 'cookie': settings.SESSION_COOKIE_SECURE, 'hsts': settings.SECURE_HSTS_SECONDS}))"
)


def test_production_refuses_to_start_without_redis_unless_it_is_one_process():
    without = dict(PRODUCTION, REDIS_URL="", DJANGO_ALLOWED_HOSTS="campaigns.example.org")
    refused = run(SECURITY_PROBE, **without)
    assert refused.returncode != 0
    assert "ImproperlyConfigured" in refused.stderr and "Set REDIS_URL" in refused.stderr
    alone = run(SECURITY_PROBE, **without, DJANGO_SINGLE_PROCESS="1")
    assert alone.returncode == 0, alone.stderr
    # The embedded default (development) needs no Redis and no flag.
    assert settings_with()["cache"].endswith("LocMemCache")


COOKIE_PROBE = (
    "import json, django; from django.conf import settings; django.setup();"
    "print(json.dumps([[getattr(settings, f'{name}_COOKIE_{part}') for part in"
    " ('SECURE', 'HTTPONLY', 'SAMESITE')] for name in ('SESSION', 'LANGUAGE')]))"
)


def test_the_language_cookie_is_sent_like_the_session_cookie():
    production = json.loads(run(COOKIE_PROBE, **PRODUCTION,
                                DJANGO_ALLOWED_HOSTS="campaigns.example.org").stdout)
    assert production == [[True, True, "Lax"], [True, True, "Lax"]]
    development = json.loads(run(COOKIE_PROBE).stdout)  # plain HTTP on the dev server
    assert development == [[False, True, "Lax"], [False, True, "Lax"]]


def test_plain_http_for_the_load_benchmark_is_refused_on_a_public_host():
    result = run(SECURITY_PROBE, **PRODUCTION, DJANGO_ALLOWED_HOSTS="campaigns.example.org",
                 DJANGO_LOOPBACK_HTTP="1")
    assert result.returncode != 0
    assert "DJANGO_LOOPBACK_HTTP" in result.stderr


def test_plain_http_for_the_load_benchmark_serves_loopback_in_production_mode():
    flagged = json.loads(run(SECURITY_PROBE, **PRODUCTION, DJANGO_ALLOWED_HOSTS="127.0.0.1",
                             DJANGO_LOOPBACK_HTTP="1").stdout)
    assert flagged == {"redirect": False, "debug": False, "cookie": False, "hsts": 0}
    plain = json.loads(run(SECURITY_PROBE, **PRODUCTION, DJANGO_ALLOWED_HOSTS="127.0.0.1").stdout)
    assert plain["redirect"] and plain["cookie"] and plain["hsts"] > 0


def test_gunicorn_runs_more_sync_workers_than_cores(monkeypatch):
    """A login hashing its password must not hold up the pages behind it: a sync worker
    takes a connection only when it is free, and there are more workers than cores (no
    interpreter lock shared by two requests, issue 26)."""
    import os
    import runpy

    for name in ("GUNICORN_WORKERS", "GUNICORN_WORKER_CLASS", "GUNICORN_THREADS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert config["worker_class"] == "sync" and config["threads"] == 1
    assert config["workers"] == 5  # gunicorn's 2 x cores + 1
    monkeypatch.setenv("GUNICORN_WORKER_CLASS", "gthread")
    monkeypatch.setenv("GUNICORN_THREADS", "4")
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert config["worker_class"] == "gthread" and config["threads"] == 4


def test_passwords_hash_with_argon2_and_old_hashes_upgrade_at_login(db, client, settings):
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import PBKDF2PasswordHasher

    from config import settings as project

    settings.PASSWORD_HASHERS = project.PASSWORD_HASHERS  # the suite uses a fast one
    # Django's own hasher, unchanged (no project subclass, no pooled memory).
    assert project.PASSWORD_HASHERS[0] == "django.contrib.auth.hashers.Argon2PasswordHasher"
    old = PBKDF2PasswordHasher().encode("an old password", "somesalt", iterations=1000)
    user = get_user_model().objects.create(username="veteran", email="v@example.org",
                                           password=old)
    response = client.post("/accounts/login/", {"username": "veteran",
                                                "password": "an old password"})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.password.startswith("argon2$argon2id$")
    assert user.check_password("an old password")


def test_production_is_never_eager():
    result = run("import django; django.setup()", **PRODUCTION, DJANGO_ALLOWED_HOSTS="x.org",
                 CELERY_TASK_ALWAYS_EAGER="1")
    assert result.returncode != 0
    assert "CELERY_TASK_ALWAYS_EAGER" in result.stderr

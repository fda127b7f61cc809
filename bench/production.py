"""Production settings for the page benchmarks: DEBUG off, static files collected (the
manifest storage), and requests made as HTTPS the way the proxy forwards them."""

from __future__ import annotations

import os
import secrets


def setup() -> None:
    """Set up Django in production settings (call before importing any model)."""
    os.environ.update(DJANGO_SETTINGS_MODULE="config.settings", DJANGO_ENV="production",
                      DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
                      DJANGO_ALLOWED_HOSTS="127.0.0.1", DJANGO_LOG_LEVEL="WARNING")
    os.environ.pop("DJANGO_DEBUG", None)
    if not os.environ.get("REDIS_URL"):
        os.environ["DJANGO_SINGLE_PROCESS"] = "1"  # the benchmark is this one process
    import django

    django.setup()
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    call_command("collectstatic", interactive=False, verbosity=0)
    setup_test_environment(debug=False)

"""The Celery application.

Workers and beat read the same Django settings (``CELERY_*`` names). Without
``REDIS_URL`` the broker is a folder of message files (Kombu's filesystem transport) and
the worker `scripts/run` starts reads it; the folders are made here, before either side
connects.
"""

import os
from pathlib import Path

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("malifaux")
app.config_from_object("django.conf:settings", namespace="CELERY")


def _make_filesystem_broker_folders() -> None:
    from django.conf import settings

    if getattr(settings, "REDIS_URL", None) or not hasattr(settings, "CELERY_DATA_DIR"):
        return
    for name in ("queue", "control", "results"):
        (Path(settings.CELERY_DATA_DIR) / name).mkdir(parents=True, exist_ok=True)


_make_filesystem_broker_folders()
app.autodiscover_tasks()
# The campaign week is a package inside the campaign app, with tasks of its own.
app.autodiscover_tasks(["campaign.weeks"])

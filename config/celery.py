"""The Celery application.

Workers and beat read the same Django settings (``CELERY_*`` names). Without
``REDIS_URL`` the app runs tasks eagerly in-process, so the embedded default needs no
broker.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("malifaux")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# The campaign week is a package inside the campaign app, with tasks of its own.
app.autodiscover_tasks(["campaign.weeks"])

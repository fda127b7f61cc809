"""How a service starts a background job without importing a task module.

Tasks call services, never the reverse. A service names the job it wants and ``enqueue``
sends it once the current transaction commits, so a rolled-back write never starts a job
and the job always sees what the service wrote. Every task is registered with Celery under
an explicit name (``@shared_task(name="app.job")``), so the name is all a service needs.
"""

from __future__ import annotations

from celery import current_app
from django.db import transaction


def enqueue(name: str, *args) -> None:
    """Send the Celery task ``name`` with ``args`` after the transaction commits (at once
    outside a transaction; in-process when Celery runs eagerly)."""
    transaction.on_commit(lambda: task(name).delay(*args))


def task(name: str):
    """The registered task called ``name``; imports the task modules the first time (a web
    process has not imported them, a worker has)."""
    if name not in current_app.tasks:
        current_app.loader.import_default_modules()
    return current_app.tasks[name]

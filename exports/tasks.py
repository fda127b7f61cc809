"""The export job's Celery task: a thin wrapper around ``services.run_job``."""

from __future__ import annotations

from celery import shared_task

from exports import services


@shared_task(name="exports.run_export_job", acks_late=True)
def run_export_job(job_id: int) -> str:
    return services.run_job(job_id).state

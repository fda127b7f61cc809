"""Requesting and running exports.

Small campaigns are exported in the request (the job is done before the response);
campaigns with more games than ``EXPORT_IMMEDIATE_MAX_GAMES`` get a queued job that a
Celery worker runs. Running is idempotent: only a queued job (or one whose worker
vanished, ``EXPORT_JOB_STALE_SECONDS``) is claimed, so a finished job is never rerun.
"""

from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from config.jobs import enqueue
from exports import registry
from exports.models import ExportJob

log = logging.getLogger(__name__)


class ExportError(ValueError):
    """An export that cannot be requested (unknown kind or format)."""


def exporter_for(kind: str, format: str) -> registry.Exporter:
    exporter = registry.get(kind, format)
    if exporter is None:
        raise ExportError(
            gettext("There is no %(kind)s export in the %(format)s format.")
            % {"kind": repr(kind), "format": repr(format)}
        )
    return exporter


def can_export(user, campaign, kind: str = "archive", format: str = "json") -> bool:
    exporter = registry.get(kind, format)
    return bool(exporter and exporter.allowed(user, campaign))


def can_download(user, job: ExportJob) -> bool:
    return can_export(user, job.campaign, job.kind, job.format)


def runs_in_request(campaign) -> bool:
    return campaign.games.count() <= settings.EXPORT_IMMEDIATE_MAX_GAMES


def request_export(
    *, campaign, kind: str, format: str, actor, options: dict | None = None
) -> ExportJob:
    """A new job: finished at once for a small campaign, queued for a large one."""
    exporter = exporter_for(kind, format)
    if not exporter.allowed(actor, campaign):
        raise PermissionDenied(
            gettext("You may not export this campaign's %(label)s.") % {"label": exporter.label}
        )
    options = dict(options or {})
    unknown = sorted(set(options) - set(exporter.options))
    if unknown:
        raise ExportError(
            gettext("The %(kind)s export takes no %(join)s option.")
            % {"kind": repr(kind), "join": ", ".join(unknown)}
        )
    job = ExportJob.objects.create(
        campaign=campaign,
        kind=kind,
        format=format,
        options=options,
        requested_by=actor if actor.is_authenticated else None,
    )
    if runs_in_request(campaign):
        return run_job(job.pk)
    enqueue("exports.run_export_job", job.pk)
    return job


def _claim(job_id: int) -> ExportJob | None:
    stale = timezone.now() - datetime.timedelta(seconds=settings.EXPORT_JOB_STALE_SECONDS)
    with transaction.atomic():
        job = ExportJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None:
            return None
        lost = job.state == ExportJob.State.RUNNING and job.started_at and job.started_at < stale
        if job.state != ExportJob.State.QUEUED and not lost:
            return None
        job.state, job.progress, job.started_at = ExportJob.State.RUNNING, 0, timezone.now()
        job.save(update_fields=["state", "progress", "started_at"])
        return job


def run_job(job_id: int) -> ExportJob:
    """Run a queued job to the end, recording its progress, its file or its error."""
    job = _claim(job_id)
    if job is None:
        return ExportJob.objects.get(pk=job_id)
    reported = [0]

    def progress(pct: int) -> None:
        pct = max(0, min(99, int(pct)))  # 100 only once the file is stored
        if pct > reported[0]:
            reported[0] = pct
            ExportJob.objects.filter(pk=job.pk).update(progress=pct)

    try:
        filename, content_type, body = exporter_for(job.kind, job.format).fn(
            job.campaign, progress, **job.options
        )
        job.file.save(f"{job.pk}-{filename}", ContentFile(body), save=False)
        job.filename, job.content_type = filename, content_type
        job.state, job.progress = ExportJob.State.DONE, 100
    except Exception as exc:
        log.exception("Export job %s failed", job.pk)
        job.state, job.error = ExportJob.State.FAILED, f"{type(exc).__name__}: {exc}"
    job.finished_at = timezone.now()
    job.save(
        update_fields=[
            "file",
            "filename",
            "content_type",
            "state",
            "progress",
            "error",
            "finished_at",
        ]
    )
    return job

"""Export pages: start an export, follow a job, download its file, import an archive."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from campaign.models import Campaign
from exports import services
from exports.archive.format import ArchiveError
from exports.archive.importer import import_campaign, read_document
from exports.forms import ArchiveImportForm
from exports.models import ExportJob
from exports.throttle import TOO_MANY, export_limited


def _job_for(request, pk) -> tuple[ExportJob | None, HttpResponse | None]:
    """The job when the viewer may run its export (anyone, for a public campaign's
    standings); else a visitor is sent to log in and a member is refused."""
    job = get_object_or_404(ExportJob.objects.select_related("campaign__league"), pk=pk)
    if services.can_download(request.user, job):
        return job, None
    if not request.user.is_authenticated:
        return None, redirect_to_login(request.get_full_path())
    raise PermissionDenied(gettext("You may not see this export."))


def download_response(job: ExportJob) -> FileResponse:
    """The job's file as an attachment under its own name."""
    return FileResponse(job.file.open("rb"), as_attachment=True, filename=job.filename,
                        content_type=job.content_type or "application/octet-stream")


@login_required
@require_POST
def export_start(request: HttpRequest, pk: int) -> HttpResponse:
    """Small campaigns download at once; large ones go to the job page."""
    campaign = get_object_or_404(Campaign.objects.select_related("league"), pk=pk)
    kind, fmt = request.POST.get("kind", "archive"), request.POST.get("format", "json")
    if export_limited(request):
        messages.error(request, TOO_MANY)
        return redirect(campaign)
    try:
        job = services.request_export(campaign=campaign, kind=kind, format=fmt,
                                      actor=request.user)
    except services.ExportError as exc:
        messages.error(request, str(exc))
        return redirect(campaign)
    if job.is_ready:
        return download_response(job)
    return redirect(job)


def job_detail(request: HttpRequest, pk: int) -> HttpResponse:
    job, refusal = _job_for(request, pk)
    if refusal:
        return refusal
    template = "exports/_job_status.html" if request.htmx else "exports/job.html"
    return render(request, template, {"job": job})


def job_download(request: HttpRequest, pk: int) -> HttpResponse:
    job, refusal = _job_for(request, pk)
    if refusal:
        return refusal
    if not job.is_ready:
        messages.info(request, gettext("The file is not ready yet."))
        return redirect(job)
    return download_response(job)


@staff_member_required
def archive_import(request: HttpRequest) -> HttpResponse:
    """Site staff load an archive; every problem is shown and nothing is imported."""
    form = ArchiveImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            document = read_document(form.cleaned_data["file"].read())
            campaign = import_campaign(document,
                                       league_slug=form.cleaned_data["league_slug"] or None)
            messages.success(
                request,
                gettext("%(campaign)s was imported into %(league)s.")
                % {"campaign": campaign, "league": campaign.league},
            )
            return redirect(campaign)
        except ArchiveError as exc:
            form.add_error("file", str(exc))
    return render(
        request, "exports/import.html", {"form": form}, status=400 if form.errors else 200
    )

"""Large campaigns export as a job: progress, a file to download, never run twice."""

import json

import pytest
from django.urls import reverse

from exports import registry, services
from exports.models import ExportJob

pytestmark = pytest.mark.django_db


@pytest.fixture
def large(settings):
    """Every campaign counts as large."""
    settings.EXPORT_IMMEDIATE_MAX_GAMES = 0


def test_the_page_queues_a_job_that_reaches_100_and_downloads(
        client, full_campaign, large, django_capture_on_commit_callbacks):
    campaign, organizer = full_campaign
    client.force_login(organizer)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = client.post(reverse("exports:start", args=[campaign.pk]))
    job = ExportJob.objects.get()
    assert response.status_code == 302 and response["Location"] == job.get_absolute_url()
    waiting = client.get(job.get_absolute_url(), HTTP_HX_REQUEST="true").content.decode()
    assert "every 2s" in waiting and "Queued" in waiting and "job-download" not in waiting

    for callback in callbacks:  # the commit hands the job to Celery (eager here)
        callback()
    job.refresh_from_db()
    assert (job.state, job.progress) == ("done", 100)
    ready = client.get(job.get_absolute_url()).content.decode()
    assert "job-download" in ready and "every 2s" not in ready
    download = client.get(reverse("exports:download", args=[job.pk]))
    document = json.loads(b"".join(download.streaming_content))
    assert document["format"] == "malifaux-campaign-archive"
    assert len(document["sections"]["games"]) == campaign.games.count()


def test_the_api_reports_progress_and_a_download_url(
        api_client, full_campaign, large, django_capture_on_commit_callbacks):
    campaign, organizer = full_campaign
    api_client.force_authenticate(organizer)
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(reverse("campaign-exports", args=[campaign.pk]),
                                   {"kind": "archive", "format": "json"})
    assert response.status_code == 202
    assert response.json()["download_url"] is None
    job = api_client.get(reverse("export-job", args=[response.json()["id"]])).json()
    assert (job["state"], job["progress"]) == ("done", 100)
    assert job["download_url"].endswith(reverse("exports:download", args=[job["id"]]))


def test_progress_climbs_while_the_exporter_runs(full_campaign, large, monkeypatch):
    campaign, organizer = full_campaign
    seen = []

    def slow(campaign, progress):
        for pct in (10, 50, 90):
            progress(pct)
            seen.append(ExportJob.objects.get().progress)
        return "x.txt", "text/plain", b"done"

    monkeypatch.setitem(registry._EXPORTERS, ("probe", "txt"),
                        registry.Exporter("probe", "txt", slow, "Probe", lambda u, c: True))
    job = services.request_export(campaign=campaign, kind="probe", format="txt",
                                  actor=organizer)
    assert job.state == "queued"
    job = services.run_job(job.pk)
    assert seen == [10, 50, 90]
    assert (job.state, job.progress, job.file.read()) == ("done", 100, b"done")


def test_a_finished_job_is_not_run_again(full_campaign):
    campaign, organizer = full_campaign
    job = services.request_export(campaign=campaign, kind="archive", format="json",
                                  actor=organizer)
    assert job.state == "done"
    again = services.run_job(job.pk)
    assert (again.file.name, again.finished_at) == (job.file.name, job.finished_at)


def test_a_failing_exporter_marks_the_job_failed(full_campaign, monkeypatch):
    campaign, organizer = full_campaign

    def broken(campaign, progress):
        raise RuntimeError("the ink ran dry")

    monkeypatch.setitem(registry._EXPORTERS, ("broken", "txt"),
                        registry.Exporter("broken", "txt", broken, "Broken", lambda u, c: True))
    job = services.request_export(campaign=campaign, kind="broken", format="txt",
                                  actor=organizer)
    assert job.state == "failed" and "the ink ran dry" in job.error and not job.file

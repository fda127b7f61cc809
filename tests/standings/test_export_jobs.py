"""Standings downloads are export jobs: a small campaign's file comes back in the request,
a large one's is made by a (here eager) Celery job whose page shows the progress and
then the download; who may ask follows the campaign's visibility."""

from __future__ import annotations

import io

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from openpyxl import load_workbook

from campaign.models import Campaign
from exports import registry, services
from exports.models import ExportJob
from standings import exports
from standings.selectors import standings_table
from tests.campaign.factories import member
from tests.encounters.test_week_effects import play
from tests.factories import UserFactory
from tests.standings.conftest import next_week
from tests.standings.test_exports import downloaded, xlsx_rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(tournament):
    campaign, (alpha, bravo, charlie), organizer = tournament
    play(campaign, alpha, bravo, vp=(5, 3))
    play(campaign, charlie, bravo, vp=(4, 4))
    campaign = next_week(campaign, organizer)
    play(campaign, charlie, alpha, vp=(6, 0))
    return campaign, (alpha, bravo, charlie), organizer


@pytest.fixture
def large(settings):
    """Every campaign with a game counts as large."""
    settings.EXPORT_IMMEDIATE_MAX_GAMES = 0


def export_url(campaign, fmt="xlsx"):
    return reverse("standings:export", args=[campaign.pk, fmt])


def test_standings_are_registered_in_three_formats_for_anyone_who_sees_the_campaign(played):
    campaign, (alpha, _bravo, _charlie), _organizer = played
    assert registry.formats("standings") == ["csv", "pdf", "xlsx"]
    assert services.can_export(alpha.player, campaign, "standings", "csv")
    assert not services.can_export(alpha.player, campaign, "archive", "json")
    with pytest.raises(services.ExportError, match="no colour option"):
        services.request_export(campaign=campaign, kind="standings", format="csv",
                                actor=alpha.player, options={"colour": "red"})


def test_a_small_campaign_downloads_at_once(client, played):
    campaign, _crews, _organizer = played
    response = client.post(export_url(campaign), {"week": 1})
    assert response.status_code == 200
    rows = xlsx_rows(downloaded(response))
    assert rows[1] == ["Standings as of", "Week 1 of 2"]
    assert rows[5:] == xlsx_rows(exports.to_xlsx(standings_table(campaign, 1)))[5:]
    job = ExportJob.objects.get()
    assert (job.kind, job.format, job.options, job.state, job.requested_by) == (
        "standings", "xlsx", {"week": 1}, "done", None)


def test_a_large_campaign_runs_a_job_with_progress_and_a_download(
        client, played, large, django_capture_on_commit_callbacks):
    campaign, _crews, _organizer = played
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = client.post(export_url(campaign), {"week": 2})
    job = ExportJob.objects.get()
    assert response.status_code == 302 and response["Location"] == job.get_absolute_url()
    waiting = client.get(job.get_absolute_url()).content.decode()
    assert "Queued" in waiting and "every 2s" in waiting and "job-download" not in waiting

    for callback in callbacks:  # the commit hands the job to Celery (eager in tests)
        callback()
    job.refresh_from_db()
    assert (job.state, job.progress) == ("done", 100)
    ready = client.get(job.get_absolute_url()).content.decode()
    assert 'id="job-progress">100%' in ready and "job-download" in ready
    download = client.get(reverse("exports:download", args=[job.pk]))
    expected = exports.to_xlsx(standings_table(campaign, 2))
    sheet = load_workbook(io.BytesIO(downloaded(download))).active
    assert ([list(row) for row in sheet.iter_rows(values_only=True)]
            == [list(row) for row in
                load_workbook(io.BytesIO(expected)).active.iter_rows(values_only=True)])
    assert download["Content-Disposition"].endswith('-standings-week-2.xlsx"')


def test_a_large_campaigns_job_records_its_progress_as_it_goes(played, large, monkeypatch):
    campaign, (alpha, _bravo, _charlie), _organizer = played
    seen = []
    real = exports.WRITERS["csv"]

    def spying(table):
        seen.append(ExportJob.objects.get().progress)
        return real(table)

    monkeypatch.setitem(exports.WRITERS, "csv", spying)
    job = services.request_export(campaign=campaign, kind="standings", format="csv",
                                  actor=alpha.player)
    assert (job.state, job.progress) == ("queued", 0)
    job = services.run_job(job.pk)
    assert seen == [70] and (job.state, job.progress) == ("done", 100)
    assert job.file.read() == real(standings_table(campaign))


def test_members_only_standings_refuse_outsiders(client, played, large,
                                                 django_capture_on_commit_callbacks):
    campaign, _crews, _organizer = played
    Campaign.objects.filter(pk=campaign.pk).update(visibility=Campaign.Visibility.MEMBERS)
    campaign.refresh_from_db()
    outsider = UserFactory()
    with pytest.raises(PermissionDenied):
        services.request_export(campaign=campaign, kind="standings", format="xlsx",
                                actor=outsider)
    client.force_login(outsider)
    assert client.post(export_url(campaign)).status_code == 403
    assert not ExportJob.objects.exists()

    league_player = member(campaign.league)  # a member without a crew may look
    client.force_login(league_player)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(export_url(campaign))
    job = ExportJob.objects.get()
    assert response.status_code == 302 and job.requested_by == league_player
    assert client.get(reverse("exports:download", args=[job.pk])).status_code == 200

    client.force_login(outsider)
    assert client.get(job.get_absolute_url()).status_code == 403
    assert client.get(reverse("exports:download", args=[job.pk])).status_code == 403
    client.logout()
    response = client.get(reverse("exports:download", args=[job.pk]))
    assert response.status_code == 302 and "login" in response["Location"]


def test_a_public_campaigns_job_page_is_open_to_visitors(client, played, large,
                                                         django_capture_on_commit_callbacks):
    campaign, _crews, _organizer = played
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(export_url(campaign, "pdf"))
    assert response.status_code == 302
    page = client.get(response["Location"])
    assert page.status_code == 200 and "job-download" in page.content.decode()
    job = ExportJob.objects.get()
    assert downloaded(client.get(reverse("exports:download", args=[job.pk]))).startswith(
        b"%PDF-")


def test_the_api_exports_standings_for_a_player(api_client, played):
    campaign, (alpha, _bravo, _charlie), _organizer = played
    api_client.force_authenticate(alpha.player)
    response = api_client.post(reverse("campaign-exports", args=[campaign.pk]),
                               {"kind": "standings", "format": "csv"})
    assert response.status_code == 201 and response.json()["state"] == "done"
    assert response.json()["filename"].endswith("-standings-week-2.csv")

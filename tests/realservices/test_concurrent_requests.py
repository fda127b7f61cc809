"""Fifty simultaneous requests through gunicorn on PostgreSQL, each taking the crew's one
New Hires of the week for more than half its scrip: exactly one succeeds, every other
gets a clear 400 that says why, and the scrip ledger still reconciles.

The requests come as a Discord bot's would: HTTP with a personal API token, released
together from fifty threads against a real gunicorn (gthread workers) started on a free
port with the test database.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest
from django.db import connection
from django.db.models import Sum

from accounts.models import ApiToken
from campaign.models import ArsenalModel, Crew, NewHires, ScripEntry
from campaign.services import crews, scrip
from config import processes
from rules.engine import hiring
from tests.campaign.factories import CampaignFactory, CrewFactory, guild_roster, member
from tests.conftest import require
from tests.parallel import worker_suffix

pytestmark = [pytest.mark.realservices, pytest.mark.django_db(transaction=True)]

REQUESTS = 50
GUNICORN_LOG = processes.ROOT / f".gunicorn-test{worker_suffix()}.log"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def gunicorn(transactional_db):
    """gunicorn serving the app against the test database; yields its base URL."""
    require(connection.vendor == "postgresql", "needs DATABASE_URL pointing at PostgreSQL")
    port = free_port()
    env = {**os.environ, "DATABASE_URL": processes.database_url(connection.settings_dict),
           "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "DATABASE_CONN_MAX_AGE": "0",
           "DJANGO_SETTINGS_MODULE": "config.settings"}
    log = open(GUNICORN_LOG, "w")  # noqa: SIM115 (the process owns it until it ends)
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}",
         "--worker-class", "gthread", "--workers", "2", "--threads", "16",
         "--backlog", "128", "--timeout", "60"],
        cwd=processes.ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    require(False, "gunicorn did not start:\n" + GUNICORN_LOG.read_text()[-2000:])
                time.sleep(0.2)
        yield base
    finally:
        processes.stop(proc)
        log.close()


def post_together(url: str, token: str, body: dict, count: int) -> list[tuple[int, dict]]:
    barrier = threading.Barrier(count)
    answers: list = [None] * count
    data = json.dumps(body).encode()

    def send(i: int) -> None:
        request = urllib.request.Request(url, data=data, method="POST", headers={
            "Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        barrier.wait()
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                answers[i] = (answer.status, json.loads(answer.read()))
        except urllib.error.HTTPError as error:
            answers[i] = (error.code, json.loads(error.read() or b"{}"))

    threads = [threading.Thread(target=send, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return answers


def test_fifty_simultaneous_new_hires_spend_once(gunicorn):
    roster = guild_roster()
    campaign = CampaignFactory(status="running", current_week=2)
    player = member(campaign.league)
    crew = CrewFactory(campaign=campaign, player=player)
    crews.build_starting_arsenal(crew=crew, actor=player, leader=roster["henchman"],
                                 models=[roster["minion"]])
    card = roster["enforcer"]
    (cost,) = hiring.new_hire_costs(crews._infos([card]), crew.faction.code)
    crew.refresh_from_db()
    scrip.adjust_scrip(crew, 2 * cost - 1 - crew.scrip, week=2, reason="Set for the test",
                       actor=player)  # each request would spend more than half of it
    crew.refresh_from_db()
    assert cost * 2 > crew.scrip >= cost
    models_before = ArsenalModel.objects.filter(crew=crew).count()
    _, token = ApiToken.objects.create(player, expiry=None, name="Discord bot")

    answers = post_together(f"{gunicorn}/api/crews/{crew.pk}/new-hires/", token,
                            {"models": [card.pk]}, REQUESTS)

    codes = sorted(code for code, _ in answers)
    assert codes.count(201) == 1, codes
    refusals = [body for code, body in answers if code != 201]
    assert {code for code, _ in answers if code != 201} <= {400, 409}, codes
    for body in refusals:
        message = " ".join(body.get("non_field_errors", []))
        assert "New Hires" in message or "scrip" in message, body
    crew = Crew.objects.get(pk=crew.pk)
    assert NewHires.objects.filter(crew=crew).count() == 1
    assert ArsenalModel.objects.filter(crew=crew).count() == models_before + 1
    assert crew.scrip == cost - 1
    assert crew.scrip == ScripEntry.objects.filter(crew=crew).aggregate(s=Sum("amount"))["s"]
    assert "Traceback" not in GUNICORN_LOG.read_text()

"""Spending is safe under concurrency on PostgreSQL: simultaneous purchases never spend
the same scrip, and a lost race is a clean refusal, not a 500."""

import threading

import pytest
from django.db import close_old_connections, connection
from django.db.models import Sum
from rest_framework.test import APIClient

from campaign.models import ArsenalModel, Crew, NewHires, ScripEntry
from campaign.services import crews, scrip
from campaign.services.errors import InsufficientScrip
from tests.campaign.factories import CampaignFactory, CrewFactory, guild_roster, member
from tests.conftest import require

pytestmark = [pytest.mark.realservices, pytest.mark.django_db(transaction=True)]


def run_together(*calls):
    """Run the calls in threads released at the same instant; return results/exceptions."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def worker(i, call):
        try:
            barrier.wait()
            results[i] = call()
        except Exception as exc:
            results[i] = exc
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=worker, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


@pytest.fixture
def postgres(transactional_db):
    require(connection.vendor == "postgresql", "concurrency tests need PostgreSQL")


@pytest.fixture
def slow_ledger_writes(monkeypatch):
    """Hold each ledger write for a moment, so a request that read the balance without a
    lock would still be deciding when the other one writes (widens the race window)."""
    import time

    original = scrip._add

    def slow_add(*args, **kwargs):
        time.sleep(0.3)
        return original(*args, **kwargs)

    monkeypatch.setattr(scrip, "_add", slow_add)


def test_two_simultaneous_spends_never_spend_the_same_scrip(postgres, slow_ledger_writes):
    crew = CrewFactory(campaign=CampaignFactory())
    scrip.gain_scrip(crew, 10, week=1, reason="Payday")
    for _ in range(2):
        results = run_together(
            lambda: scrip.spend_scrip(crew, 7, week=1, reason="A"),
            lambda: scrip.spend_scrip(crew, 7, week=1, reason="B"),
        )
        refused = [r for r in results if isinstance(r, InsufficientScrip)]
        crew.refresh_from_db()
        if len(refused) == 2:  # both lost to an earlier round: nothing left to race for
            break
        assert len(refused) == 1, results
        assert crew.scrip == 3
        total = crew.scrip_entries.aggregate(s=Sum("amount"))["s"]
        assert total == crew.scrip >= 0
        scrip.gain_scrip(crew, 7, week=2, reason="Top up")


def test_concurrent_new_hires_requests_spend_once_and_never_500(postgres, slow_ledger_writes):
    roster = guild_roster()
    campaign = CampaignFactory(status="running", current_week=2)
    player = member(campaign.league)
    crew = CrewFactory(campaign=campaign, player=player)
    crews.build_starting_arsenal(crew=crew, actor=player, leader=roster["henchman"],
                                 models=[roster["minion"]])
    scrip.gain_scrip(crew, 9, week=2, reason="Payday")
    url = f"/api/crews/{crew.pk}/new-hires/"
    body = {"models": [roster["enforcer"].pk]}

    def request():
        client = APIClient()
        client.force_authenticate(player)
        return client.post(url, body, format="json")

    responses = run_together(request, request)
    codes = sorted(r.status_code for r in responses)
    assert codes == [201, 400], [getattr(r, "content", r) for r in responses]
    crew = Crew.objects.get(pk=crew.pk)
    assert NewHires.objects.filter(crew=crew).count() == 1
    assert ArsenalModel.objects.filter(crew=crew).count() == 3
    assert crew.scrip == 3 + 9 - 3
    assert crew.scrip == ScripEntry.objects.filter(crew=crew).aggregate(s=Sum("amount"))["s"]

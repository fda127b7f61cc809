"""Wanted pays the opposing crew 2 Scrip the next time its model falls, then goes; A
Sinner's Prayer spares a Finished Off model its Injury flip on 10 or more (+3 Scrip)."""

from types import SimpleNamespace

import pytest

from aftermath.services.automatic import start_game
from campaign.models import ArsenalUpgrade, Crew, ScripEntry
from campaign.services import scrip
from tests.aftermath.conftest import play

pytestmark = pytest.mark.django_db


def test_wanted_pays_the_opponent_once_and_is_annihilated(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    guard = alpha.models.filter(station="minion").first()
    wanted = ArsenalUpgrade.objects.create(crew=alpha, kind="injury", table_key="wanted",
                                           name="Wanted", attached_to=guard)
    before = Crew.objects.get(pk=bravo.pk).scrip
    # The guard (index 1) falls in two games: only the first fall pays.
    play(campaign, alpha, bravo, vp=(2, 2), kills=[("a", 1, False)], confirm=False)
    wanted.refresh_from_db()
    bravo.refresh_from_db()
    assert wanted.status == "annihilated"
    assert bravo.scrip == before + 2 == scrip.ledger_balance(bravo)
    play(campaign, alpha, bravo, vp=(2, 2), kills=[("a", 1, False)], confirm=False)
    bravo.refresh_from_db()
    assert bravo.scrip == before + 2
    assert ScripEntry.objects.filter(crew=bravo, reason__startswith="Wanted").count() == 1
    assert not ScripEntry.objects.filter(crew=alpha, reason__startswith="Wanted").exists()


@pytest.mark.parametrize("card, spared", [("10R", True), ("9R", False)])
def test_a_sinners_prayer_spares_the_injury_flip_on_ten(campaign_week, monkeypatch,
                                                       card, spared):
    campaign, alpha, bravo, _ = campaign_week
    week = campaign.weeks.get(number=1)
    week.event_chain = ["a-sinners-prayer"]
    week.event_key = "a-sinners-prayer"
    week.save(update_fields=["event_chain", "event_key"])
    flips = []

    def fake_flip(**kwargs):
        flips.append(kwargs["purpose"])
        return SimpleNamespace(final=card, pk=None)

    game = play(campaign, alpha, bravo, vp=(2, 2), kills=[("a", 1, True)])
    monkeypatch.setattr("rules.services.server_flip", fake_flip)  # the prayer's flips only
    monkeypatch.setattr("aftermath.services.sinners_prayer.record_step",
                        _record_without_flips)
    start_game(game.pk)
    aftermath = game.aftermaths.get(crew=alpha)
    guard_id = game.record["sides"]["a"]["finished_off"][0]
    assert len(flips) == 1 and flips[0].startswith("A Sinner's Prayer")
    assert (guard_id in aftermath.state["prayer_spared"]) == spared
    injuries = (aftermath.state.get("injuries") or {}).get("remaining") or []
    assert (guard_id not in injuries) == spared or aftermath.phase != "injuries"
    prayer = ScripEntry.objects.filter(crew=alpha, reason__startswith="A Sinner's Prayer")
    assert [e.amount for e in prayer] == ([3] if spared else [])
    assert not ScripEntry.objects.filter(crew=bravo, reason__startswith="A Sinner").exists()


def _record_without_flips(aftermath, description, *, flips=(), **detail):
    from aftermath.services.common import record_step

    return record_step(aftermath, description, **detail)

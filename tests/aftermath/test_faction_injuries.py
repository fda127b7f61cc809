"""Faction-chart results that change the Arsenal: Spirit halves Wd (rounded up) once,
Doppelganger adds one copy of the model (never for a Master)."""

from types import SimpleNamespace

import pytest

from aftermath.services import injury_flips
from campaign.models import ArsenalModel
from campaign.services import arsenal
from rules import tables
from rules.engine import aftermath as rules
from tests.aftermath.conftest import aftermaths, play

pytestmark = pytest.mark.django_db


def _result(faction, key):
    row = next(r for r in tables.faction_injury_chart(faction).rows if r.key == key)
    kind = "skill" if "counts_as_skill" in row.flags else "effect"
    gained = rules.InjuryResult(row.key, row.name, "faction", kind, dict(row.stat_effects or {}),
                                tuple(row.flags), tuple(row.gains_characteristics or ()),
                                getattr(row, "adds_model", None))
    return SimpleNamespace(gained=(gained,), traitor=False, annihilated=False,
                           over_skill_limit=False)


@pytest.fixture
def aftermath_b(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    return bravo, aftermaths(play(campaign, alpha, bravo))["b"]


def test_spirit_halves_wd_rounded_up_once(aftermath_b):
    bravo, after = aftermath_b
    guard = bravo.models.filter(station="minion").order_by("id").first()
    wd = arsenal.effective_stats(guard)["wd"]
    assert wd == 6
    injury_flips.apply_outcome(after, guard, _result("resurrectionists", "spirit"))
    assert arsenal.effective_stats(ArsenalModel.objects.get(pk=guard.pk))["wd"] == (wd + 1) // 2
    assert guard.upgrades.filter(table_key="spirit", status="active").count() == 1


def test_doppelganger_adds_one_copy_but_not_for_a_master(aftermath_b):
    bravo, after = aftermath_b
    guard = bravo.models.filter(station="minion").order_by("id").first()
    before = ArsenalModel.objects.filter(crew=bravo, card=guard.card).count()
    injury_flips.apply_outcome(after, guard, _result("neverborn", "doppelganger"))
    copies = ArsenalModel.objects.filter(crew=bravo, card=guard.card)
    assert copies.count() == before + 1
    assert not copies.order_by("-id").first().upgrades.exists()
    master = ArsenalModel.objects.filter(crew=bravo).first()
    master.station = "master"
    master.save(update_fields=["station"])
    count = ArsenalModel.objects.filter(crew=bravo).count()
    injury_flips.apply_outcome(after, master, _result("neverborn", "doppelganger"))
    assert ArsenalModel.objects.filter(crew=bravo).count() == count


def test_spirit_shows_its_characteristic_and_incorporeal_on_the_stat_card(aftermath_b):
    from campaign.selectors import arsenal_sheet
    from campaign.stat_cards import stat_cards

    bravo, after = aftermath_b
    guard = bravo.models.filter(station="minion").order_by("id").first()

    def card():
        sheet = arsenal_sheet(bravo.__class__.objects.get(pk=bravo.pk))
        return next(c for c in stat_cards(sheet.models) if c.model_id == guard.pk)

    assert "Spirit" not in card().characteristics
    injury_flips.apply_outcome(after, guard, _result("resurrectionists", "spirit"))
    shown = card()
    assert shown.characteristics.count("Spirit") == 1
    assert [name for name, _ in shown.abilities].count("Incorporeal") == 1

"""Steamborg Executioner and The Chosen: optional faction-chart results offered where the
Injury is gained; the player takes or declines each, once."""

import pytest

from aftermath import flipping
from aftermath.models import AftermathStep
from aftermath.services import injuries, injury_flips
from aftermath.services.common import AftermathError
from campaign.models import ArsenalModel
from rules import tables
from rules.engine import aftermath as rules
from tests.aftermath.conftest import open_with_seeds, play, seed_where
from tests.aftermath.test_wizard import _to_injuries, fresh
from tests.catalogue.factories import ModelCardFactory

pytestmark = pytest.mark.django_db


def _optional(faction, key):
    row = next(r for r in tables.faction_injury_chart(faction).rows if r.key == key)
    kind = "skill" if "counts_as_skill" in row.flags else "effect"
    return rules.InjuryResult(row.key, row.name, faction, kind, {}, tuple(row.flags))


def _at_choice(campaign_week, monkeypatch, faction, key, master=False):
    campaign, alpha, bravo, _ = campaign_week
    game = play(campaign, alpha, bravo, vp=(5, 1), kills=[("b", 1, True)])
    seed = seed_where(lambda c: not {"RJ", "BJ"} & set(c[:10]))
    b = _to_injuries(open_with_seeds(game, {"b": seed})["b"], bravo.player)
    guard = ArsenalModel.objects.get(pk=b.state["injuries"]["remaining"][0])
    if master:  # the crew has gained a Master since it hired
        other = bravo.models.exclude(pk__in=[bravo.leader_id, guard.pk]).first()
        other.station = "master"
        other.save(update_fields=["station"])
    outcome = rules.InjuryOutcome(guard.station, (), (_optional(faction, key),), (), False,
                                  False, False, 2, 0)
    monkeypatch.setattr(injury_flips, "_run",
                        lambda aftermath, model: flipping.Run(outcome, [], []))
    b = fresh(injuries.flip(aftermath=b, actor=bravo.player, model=guard))
    return bravo, guard, b


def test_steamborg_executioner_is_offered_and_swaps_in_howard_langston(campaign_week,
                                                                      monkeypatch, client):
    bravo, guard, b = _at_choice(campaign_week, monkeypatch, "arcanists",
                                 "steamborg-executioner")
    assert b.state["injuries"]["effect_choice"]["key"] == "steamborg-executioner"
    assert fresh(b).phase == "injuries" and guard.is_active  # nothing applied yet
    client.force_login(bravo.player)
    assert b'id="effect-accept"' in client.get(b.get_absolute_url()).content
    langston = ModelCardFactory(name="Howard Langston", station="enforcer")
    response = client.post(f"/api/aftermaths/{b.pk}/injury-choice/", {"accept": "on"})
    assert response.status_code == 200
    assert ArsenalModel.objects.get(pk=guard.pk).status == "annihilated"
    added = ArsenalModel.objects.filter(crew=bravo, card=langston, status="active")
    assert added.count() == 1 and added.get().station == "enforcer"
    assert not fresh(b).state["injuries"].get("effect_choice")
    with pytest.raises(AftermathError):  # the phase moved on: nothing waits
        injuries.choose_effect(aftermath=fresh(b), actor=bravo.player, accept=True)
    assert added.count() == 1  # not applied twice
    assert AftermathStep.objects.filter(aftermath=b, detail__accepted=True).count() == 1


def test_the_chosen_declined_attaches_nothing_and_taken_leads(campaign_week, monkeypatch):
    bravo, guard, b = _at_choice(campaign_week, monkeypatch, "outcasts", "the-chosen")
    assert b.state["injuries"]["effect_choice"]["key"] == "the-chosen"
    assert not guard.upgrades.filter(table_key="the-chosen").exists()  # offered, not given
    b = injuries.choose_effect(aftermath=fresh(b), actor=bravo.player, accept=True)
    assert guard.upgrades.filter(table_key="the-chosen", status="active").count() == 1
    assert bravo.__class__.objects.get(pk=bravo.pk).leader_id == guard.pk
    with pytest.raises(AftermathError):
        injuries.choose_effect(aftermath=fresh(b), actor=bravo.player, accept=True)
    assert guard.upgrades.filter(table_key="the-chosen").count() == 1


def test_the_chosen_is_not_offered_to_a_crew_with_a_master(campaign_week, monkeypatch):
    _bravo, guard, b = _at_choice(campaign_week, monkeypatch, "outcasts", "the-chosen",
                                  master=True)
    assert not b.state["injuries"].get("effect_choice")
    assert not guard.upgrades.filter(table_key="the-chosen").exists()

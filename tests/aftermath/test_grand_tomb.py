"""Grand Tomb: once per Campaign, an enemy model killed during the game joins the Arsenal
(Undead when the crew could not hire it normally)."""

import pytest

from aftermath.services import grand_tomb
from aftermath.services.common import AftermathError
from campaign.models import ArsenalEvent, ArsenalModel, Fortification, HideOut
from encounters.models import Casualty
from tests.aftermath.conftest import aftermaths, play
from tests.aftermath.test_wizard import fresh

pytestmark = pytest.mark.django_db


def _at_extras(campaign, alpha, bravo, kills):
    game = play(campaign, alpha, bravo, kills=kills)
    mine = aftermaths(game)["a"]
    mine.phase = "extras"
    mine.state = {**mine.state, "extras": {"doctor": None}}
    mine.save(update_fields=["phase", "state"])
    return mine


def _tomb(campaign, alpha):
    campaign.competitive_mode = "hide_outs"
    campaign.save(update_fields=["competitive_mode"])
    hide_out = HideOut.objects.create(crew=alpha, hide_out_key="mausoleum", name="M")
    Fortification.objects.create(hide_out=hide_out, key="grand-tomb", name="Grand Tomb",
                                 built_week=1)


def test_grand_tomb_adds_a_killed_enemy_once_per_campaign(client, campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    mine = _at_extras(campaign, alpha, bravo, [("b", 1, False), ("a", 1, False)])
    assert grand_tomb.choices(mine) == []  # no Grand Tomb yet
    _tomb(campaign, alpha)
    mine = fresh(mine)
    offered = grand_tomb.choices(mine)
    assert [c.side.key for c in offered] == ["b"]  # only the enemy's model
    victim = offered[0].model.arsenal_model
    client.force_login(alpha.player)
    page = client.get(mine.get_absolute_url())
    assert b'id="grand-tomb"' in page.content
    own = Casualty.objects.get(game=mine.game, side__key="a")
    bad = client.post(f"/api/aftermaths/{mine.pk}/grand-tomb/", {"casualty": own.pk})
    assert bad.status_code == 400 and "casualty" in bad.json()
    before = ArsenalModel.objects.filter(crew=alpha).count()
    ok = client.post(f"/api/aftermaths/{mine.pk}/grand-tomb/", {"casualty": offered[0].pk})
    assert ok.status_code == 200
    added = ArsenalModel.objects.filter(crew=alpha).order_by("-id").first()
    assert ArsenalModel.objects.filter(crew=alpha).count() == before + 1
    assert added.card_id == victim.card_id and added.cost_paid == 0
    event = ArsenalEvent.objects.get(crew=alpha, detail__fortification="grand-tomb")
    assert event.model_id == added.pk
    undead = event.detail["characteristics"] == ["Undead"]
    assert undead == grand_tomb.undead(alpha, victim.card)
    # Once per Campaign: no longer offered, and refused.
    assert grand_tomb.choices(fresh(mine)) == []
    assert b'id="grand-tomb"' not in client.get(mine.get_absolute_url()).content
    with pytest.raises(AftermathError, match="once per Campaign"):
        grand_tomb.take(aftermath=mine, actor=alpha.player, casualty=offered[0])
    assert ArsenalModel.objects.filter(crew=alpha).count() == before + 1


def test_grand_tomb_undead_when_the_crew_could_not_hire_it(campaign_week):
    _, alpha, bravo, _ = campaign_week
    card = bravo.models.first().card
    card.is_mercenary = False
    card.characteristics = [c for c in card.characteristics or () if c != "Undead"]
    card.save(update_fields=["is_mercenary", "characteristics"])
    card.factions.set([bravo.faction])
    same = alpha.faction_id == bravo.faction_id
    assert grand_tomb.undead(alpha, card) is not same
    card.is_mercenary = True
    assert not grand_tomb.undead(alpha, card)


def test_a_grand_tomb_model_shows_undead_on_its_stat_card(client, campaign_week):
    """The Undead the Grand Tomb gives is part of the model from then on: its stat card
    (sheet and API) lists it beside the printed Characteristics."""
    from campaign.selectors import arsenal_sheet
    from campaign.stat_cards import stat_cards
    from catalogue.models import Faction

    campaign, alpha, bravo, _ = campaign_week
    mine = _at_extras(campaign, alpha, bravo, [("b", 1, False)])
    _tomb(campaign, alpha)
    [casualty] = grand_tomb.choices(fresh(mine))
    card = casualty.model.arsenal_model.card
    card.is_mercenary = False
    card.characteristics = [c for c in card.characteristics or () if c != "Undead"]
    card.save(update_fields=["is_mercenary", "characteristics"])
    card.factions.set(Faction.objects.exclude(pk=alpha.faction_id)[:1])
    added = grand_tomb.take(aftermath=fresh(mine), actor=alpha.player, casualty=casualty)
    [shown] = [c for c in stat_cards(arsenal_sheet(alpha).models) if c.model_id == added.pk]
    assert shown.characteristics.count("Undead") == 1
    assert "Undead" not in (card.characteristics or [])  # the card itself is unchanged
    client.force_login(alpha.player)
    assert "Undead" in client.get(alpha.get_absolute_url()).content.decode()

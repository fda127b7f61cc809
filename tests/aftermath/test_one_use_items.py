"""One-use Campaign Upgrades: offered at the table and annihilated once used; Healing
Salve and Field Repairs remove an Injury; Good Lead moves a Barter card 1 up or down and
is annihilated; the sheet lists what is still unspent."""

import pytest

from aftermath.models import Aftermath
from aftermath.services import barter
from aftermath.services.common import AftermathError
from campaign.models import ArsenalEvent, ArsenalUpgrade
from campaign.selectors import arsenal_sheet
from campaign.services import one_use, scrip
from encounters.services import items
from encounters.services.common import EncounterError
from tests.aftermath.conftest import open_with_seeds, play, seed_where

pytestmark = pytest.mark.django_db


def _give(crew, key, name, model):
    return ArsenalUpgrade.objects.create(crew=crew, kind="equipment", table_key=key, name=name,
                                         attached_to=model)


def test_items_are_offered_used_once_and_annihilated(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    leader = alpha.leader
    coffee = _give(alpha, "coffee", "Coffee", leader)
    whiskey = _give(alpha, "whiskey", "Whiskey", leader)
    helmet = _give(alpha, "helmet", "Helmet", leader)
    assert [u.name for u in one_use.unspent(alpha.upgrades.all())] == ["Coffee", "Whiskey"]
    seen = {}

    def at_table(game):
        offered = items.offered(game)
        seen["offered"] = sorted(u.name for ups in offered.values() for u in ups)
        with pytest.raises(EncounterError, match="controller"):
            items.use_item(game=game, actor=bravo.player, upgrade=coffee)
        with pytest.raises(EncounterError, match="not carried"):
            items.use_item(game=game, actor=alpha.player, upgrade=helmet)
        items.use_item(game=game, actor=alpha.player, upgrade=coffee)
        with pytest.raises(EncounterError, match="already used up"):
            items.use_item(game=game, actor=alpha.player, upgrade=coffee)
        seen["after"] = sorted(u.name for ups in items.offered(game).values() for u in ups)

    play(campaign, alpha, bravo, confirm=False, at_table=at_table)
    assert seen["offered"] == ["Coffee", "Whiskey"] and seen["after"] == ["Whiskey"]
    coffee.refresh_from_db()
    whiskey.refresh_from_db()
    assert coffee.status == "annihilated" and whiskey.status == "active"
    assert ArsenalEvent.objects.filter(upgrade=coffee, kind="annihilated").count() == 1
    sheet = arsenal_sheet(alpha)
    lead = next(m for m in sheet.models if m.row.pk == leader.pk)
    assert [u.name for u in lead.one_use] == ["Whiskey"]


def test_healing_salve_and_field_repairs_remove_an_injury(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    leader = alpha.leader
    guard = alpha.models.filter(station="minion").first()
    salve = _give(alpha, "healing-salve", "Healing Salve", leader)
    repairs = _give(alpha, "field-repairs", "Field Repairs", leader)
    sergeant = alpha.models.get(station="enforcer")
    hurt = [ArsenalUpgrade.objects.create(crew=alpha, kind="injury", table_key=key, name=name,
                                          attached_to=model, stat_effects={"df": -1})
            for key, name, model in (("bad-leg", "Bad Leg", guard),
                                     ("broken-arm", "Broken Arm", guard),
                                     ("blind", "Blind", sergeant))]

    def at_table(game):
        assert {i.pk for i in items.injuries_in_game(game)} == {i.pk for i in hurt}
        with pytest.raises(EncounterError, match="Choose an Injury"):
            items.use_item(game=game, actor=alpha.player, upgrade=salve)
        items.use_item(game=game, actor=alpha.player, upgrade=salve, injury=hurt[0])
        with pytest.raises(EncounterError, match="already used up"):
            items.use_item(game=game, actor=alpha.player, upgrade=salve, injury=hurt[1])
        items.use_item(game=game, actor=alpha.player, upgrade=repairs, injury=hurt[1])
        with pytest.raises(EncounterError, match="once per game"):
            items.use_item(game=game, actor=alpha.player, upgrade=repairs, injury=hurt[2])

    play(campaign, alpha, bravo, confirm=False, at_table=at_table)
    for row in (*hurt, salve, repairs):
        row.refresh_from_db()
    assert [i.status for i in hurt] == ["annihilated", "annihilated", "active"]
    assert salve.status == "annihilated" and repairs.status == "active"  # once per game
    # The next game may use Field Repairs again.
    game = play(campaign, alpha, bravo, confirm=False,
                at_table=lambda g: items.use_item(game=g, actor=alpha.player, upgrade=repairs,
                                                  injury=hurt[2]))
    hurt[2].refresh_from_db()
    assert hurt[2].status == "annihilated" and game.pk


def test_good_lead_moves_a_barter_card_once_and_is_annihilated(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    scrip.adjust_scrip(alpha, 10, week=1, reason="test funds", actor=alpha.player)
    lead = ArsenalUpgrade.objects.create(crew=alpha, kind="skill", table_key="good-lead",
                                         name="Good Lead", attached_to=alpha.leader)
    seed = seed_where(lambda c: c[2] == "4R" and "RJ" not in c[:2] and "BJ" not in c[:2])
    game = play(campaign, alpha, bravo, vp=(5, 1))
    a = open_with_seeds(game, {"a": seed})["a"]
    a = barter.flip(aftermath=a, actor=alpha.player)
    a = barter.answer(aftermath=Aftermath.objects.get(pk=a.pk), actor=alpha.player, card=None)
    assert barter._changes(a) == [0, 1, -1]
    assert "soulstone-ale" not in {u.key for u in barter.offer(a).upgrades}  # BR 5
    barter.buy(aftermath=Aftermath.objects.get(pk=a.pk), actor=alpha.player,
               key="soulstone-ale", change=1)
    lead.refresh_from_db()
    assert lead.status == "annihilated"
    a = Aftermath.objects.get(pk=a.pk)
    assert a.state["barter"]["current"]["good_lead"] == 1
    assert barter._changes(a) == [1]  # the move holds for this card, and is not made twice
    with pytest.raises(AftermathError, match="does not allow"):
        barter.buy(aftermath=a, actor=alpha.player, key="coffee", change=-1)
    assert ArsenalEvent.objects.filter(upgrade=lead, kind="annihilated").count() == 1


def test_the_tracker_page_offers_the_item_and_records_its_use(client, campaign_week):
    from django.urls import reverse

    campaign, alpha, bravo, _ = campaign_week
    ale = _give(alpha, "soulstone-ale", "Soulstone Ale", alpha.leader)
    seen = {}

    def at_table(game):
        client.force_login(alpha.player)
        page = client.get(game.get_absolute_url()).content.decode()
        seen["offered"] = "Use Soulstone Ale" in page
        client.post(reverse("encounters:use-item", args=[game.pk]), {"upgrade": ale.pk})
        again = client.get(game.get_absolute_url()).content.decode()
        seen["after"] = "Use Soulstone Ale" in again
        seen["logged"] = "used Soulstone Ale" in again
        client.force_login(bravo.player)
        seen["hidden_from_opponent"] = "Use Soulstone Ale" not in \
            client.get(game.get_absolute_url()).content.decode()

    play(campaign, alpha, bravo, confirm=False, at_table=at_table)
    ale.refresh_from_db()
    assert seen == {"offered": True, "after": False, "logged": True,
                    "hidden_from_opponent": True}
    assert ale.status == "annihilated"


def test_scrap_pile_keeps_a_used_item_for_three_scrip_out_of_play_this_game(campaign_week):
    from campaign.models import Fortification, HideOut

    campaign, alpha, bravo, _ = campaign_week
    coffee = _give(alpha, "coffee", "Coffee", alpha.leader)
    whiskey = _give(bravo, "whiskey", "Whiskey", bravo.leader)
    hide_out = HideOut.objects.create(crew=alpha, hide_out_key="wasteland-outpost", name="W")
    seen = {}

    def at_table(game):
        with pytest.raises(EncounterError, match="Scrap Pile"):
            items.use_item(game=game, actor=bravo.player, upgrade=whiskey, keep=True)
        Fortification.objects.create(hide_out=hide_out, key="scrap-pile", name="Scrap Pile",
                                     built_week=1)
        scrip.adjust_scrip(alpha, 5, week=campaign.current_week, reason="t", actor=None)
        before = alpha.scrip_entries.count()
        items.use_item(game=game, actor=alpha.player, upgrade=coffee, keep=True)
        seen["spent"] = [e.amount for e in alpha.scrip_entries.order_by("id")[before:]]
        seen["offered"] = [u.name for ups in items.offered(game).values() for u in ups]
        with pytest.raises(EncounterError, match="not carried"):
            items.use_item(game=game, actor=alpha.player, upgrade=coffee, keep=True)

    play(campaign, alpha, bravo, confirm=False, at_table=at_table)
    coffee.refresh_from_db()
    whiskey.refresh_from_db()
    assert seen == {"spent": [-3], "offered": ["Whiskey"]}
    assert coffee.status == "active" and whiskey.status == "active"
    assert not ArsenalEvent.objects.filter(upgrade=coffee, kind="annihilated").exists()


def test_both_crews_carrying_a_dynamite_for_the_game_each_use_their_own(campaign_week):
    """Equipment attached when hiring is named on the hired model: with a Dynamite in each
    crew (both led by a Captain), each model is offered its own crew's copy."""
    campaign, alpha, bravo, _ = campaign_week
    # Bravo's copy is the older row, so a match by name alone gave it to Alpha's Captain.
    theirs, mine = (ArsenalUpgrade.objects.create(crew=c, kind="equipment",
                                                  table_key="dynamite", name="Dynamite")
                    for c in (bravo, alpha))
    attach = {alpha.pk: {mine.pk: alpha.leader_id}, bravo.pk: {theirs.pk: bravo.leader_id}}
    seen = {}

    def at_table(game):
        for side in game.sides.all():
            offered = items.offered(game, list(side.hired.all()))
            seen[side.crew_id] = [u.crew_id for ups in offered.values() for u in ups]
        items.use_item(game=game, actor=alpha.player, upgrade=mine)
        items.use_item(game=game, actor=bravo.player, upgrade=theirs)

    play(campaign, alpha, bravo, confirm=False, at_table=at_table,
         attach=lambda crew, models: attach[crew.pk])
    assert seen == {alpha.pk: [alpha.pk], bravo.pk: [bravo.pk]}
    assert set(ArsenalUpgrade.objects.filter(pk__in=[mine.pk, theirs.pk])
               .values_list("status", flat=True)) == {"annihilated"}

"""Hide Out Fortifications that change costs and the Pool: Extra Guards (the first New
Hire 6 cheaper, not 5) and Soulstone Vein (+1 Soulstone in the Pool), each once."""

import pytest

from campaign.models import Crew, Fortification, HideOut
from campaign.services import crews, scrip
from campaign.weeks import services as weeks
from tests.aftermath.conftest import play
from tests.campaign.factories import campaign_in_week_one, guild_roster

pytestmark = pytest.mark.django_db


def _fortify(crew, *keys, hide_out="wasteland-outpost"):
    hide_out, _ = HideOut.objects.get_or_create(
        crew=crew, defaults={"hide_out_key": hide_out, "name": hide_out})
    for key in keys:
        Fortification.objects.create(hide_out=hide_out, key=key, name=key, built_week=1)


@pytest.fixture
def hide_outs(db):
    roster = guild_roster()
    campaign, (alpha, bravo), organizer = campaign_in_week_one(roster,
                                                              competitive_mode="hide_outs")
    weeks.set_event(week=campaign.weeks.get(number=2), actor=organizer,
                    event_key="contract-work", reason="Fixed for the test")
    return roster, campaign, alpha, bravo


def test_extra_guards_takes_six_off_the_first_new_hire(hide_outs):
    roster, campaign, alpha, bravo = hide_outs
    _fortify(alpha, "extra-guards")
    weeks.turn_over(campaign, 2)
    for crew in (alpha, bravo):
        scrip.adjust_scrip(crew, 20, week=2, reason="test funds", actor=None)
    spent = {}
    for crew in (alpha, bravo):
        crew = Crew.objects.get(pk=crew.pk)
        result = crews.new_hires(crew=crew, actor=crew.player,
                                 models=[roster["enforcer"], roster["minion"]])
        spent[crew.name] = result.scrip_spent
    # Sergeant 8 and Guard 5: 8-6+5 = 7 with Extra Guards, 8-5+5 = 8 without.
    assert spent == {"Alpha": 7, "Bravo": 8}


def test_soulstone_vein_adds_one_to_the_pool(hide_outs):
    _roster, campaign, alpha, bravo = hide_outs
    before = play(campaign, alpha, bravo, confirm=False)
    pools = {s.key: s.soulstone_pool for s in before.sides.all()}
    _fortify(alpha, "soulstone-vein")
    after = play(campaign, alpha, bravo, confirm=False)
    assert {s.key: s.soulstone_pool for s in after.sides.all()} == \
        {"a": pools["a"] + 1, "b": pools["b"]}


def test_steady_stream_raises_the_maximum_when_an_injury_is_entered_by_hand(hide_outs):
    from campaign.models import ArsenalModel
    from campaign.services import arsenal

    roster, _campaign, alpha, bravo = hide_outs
    _fortify(alpha, "steady-stream-of-customers", hide_out="saloon")
    results = {}
    for crew in (alpha, bravo):
        guard = ArsenalModel.objects.filter(crew=crew, card=roster["minion"]).first()
        # A Minion may carry 2 Injuries; Steady Stream makes it 4 (a maximum, not +4).
        results[crew.name] = [arsenal.add_injury(model=guard, actor=crew.player, key=k,
                                                 name=k).annihilated
                              for k in ("a", "b", "c", "d", "e")
                              if ArsenalModel.objects.get(pk=guard.pk).status == "active"]
    assert results["Bravo"] == [False, False, True]
    assert results["Alpha"] == [False, False, False, False, True]


def test_pig_farm_and_executioner_add_their_model_once_the_executioner_two_cheaper(hide_outs):
    from campaign.models import ArsenalModel
    from campaign.services import hideouts
    from campaign.services.errors import CampaignError
    from encounters.services import games
    from tests.campaign.factories import CardFactory

    _roster, _campaign, alpha, bravo = hide_outs
    CardFactory(name="Piglet", station="minion", cost=3)
    executioner = CardFactory(name="Executioner", station="enforcer", cost=10)
    HideOut.objects.create(crew=alpha, hide_out_key="swamp-village", name="Swamp Village")
    _fortify(bravo, "wanted-posters", "deputy", "gallows", "warrant", "posse",
             hide_out="guild-outpost")
    for crew in (alpha, bravo):
        hideouts.add_cm(crew, 10, week=1, reason="test")
    hideouts.build_fortification(crew=alpha, actor=alpha.player, key="pig-farm")
    with pytest.raises(CampaignError, match="never has two"):
        hideouts.build_fortification(crew=alpha, actor=alpha.player, key="pig-farm")
    hideouts.build_fortification(crew=bravo, actor=bravo.player, key="executioner")
    names = {c.name: sorted(m.card.name for m in ArsenalModel.objects.filter(crew=c))
             for c in (alpha, bravo)}
    assert names["Alpha"].count("Piglet") == 1 and "Executioner" not in names["Alpha"]
    assert names["Bravo"].count("Executioner") == 1 and "Piglet" not in names["Bravo"]
    row = ArsenalModel.objects.get(crew=bravo, card=executioner)
    assert row.cost_paid == 0
    assert games._model_cost(row, Crew.objects.get(pk=bravo.pk)) == 8
    assert hideouts.fortification_cost_changes(bravo) == {row.pk: -2}


def _gains(crew, prefix):
    from campaign.models import ScripEntry

    return list(ScripEntry.objects.filter(crew=crew, kind="gain", reason__startswith=prefix)
                .values_list("amount", flat=True))


def test_memento_mori_and_marble_headstones_pay_for_injuries_entered_by_hand(hide_outs):
    """Memento Mori (1 per Injury gained) and Marble Headstones (3 per model Annihilated)
    pay whatever made the change: here Injuries entered by hand, the last one past a
    Minion's maximum. A duplicate Injury gains nothing and pays nothing."""
    from campaign.services import arsenal

    _roster, _campaign, alpha, bravo = hide_outs
    _fortify(alpha, "memento-mori", "marble-headstones", hide_out="mausoleum")
    guard = alpha.models.filter(station="minion").first()
    for key in ("fragile", "fragile", "shaky-nerves"):
        arsenal.add_injury(model=guard, actor=alpha.player, key=key, name=key)
    assert _gains(alpha, "Memento Mori") == [1, 1]  # the duplicate paid nothing
    result = arsenal.add_injury(model=guard, actor=alpha.player, key="bad-eye", name="Bad Eye")
    assert result.annihilated
    assert _gains(alpha, "Marble Headstones") == [3] and _gains(alpha, "Memento Mori") == [1, 1]
    other = bravo.models.filter(station="minion").first()
    arsenal.add_injury(model=other, actor=bravo.player, key="fragile", name="Fragile")
    assert _gains(bravo, "Memento Mori") == []  # Bravo has no Mausoleum
    for crew in (alpha, bravo):
        crew = Crew.objects.get(pk=crew.pk)
        assert crew.scrip == scrip.ledger_balance(crew)


def test_marble_headstones_pays_for_a_model_cut_up_for_parts(hide_outs):
    from campaign.services import optional_rules

    _roster, campaign, alpha, _bravo = hide_outs
    campaign.cut_em_up = True
    campaign.save(update_fields=["cut_em_up"])
    _fortify(alpha, "marble-headstones", hide_out="mausoleum")
    guard = alpha.models.filter(station="minion").first()
    optional_rules.cut_em_up(model=guard, actor=alpha.player)
    assert _gains(alpha, "Marble Headstones") == [3]

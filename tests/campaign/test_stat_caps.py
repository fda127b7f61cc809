"""Stat caps on the sheet: Duelist, Quick Reflexes and the like lift a stat to 7 at most,
Extended Blade a melee range to 3 at most; a stat already above the cap keeps it."""

import pytest

from campaign.models import ArsenalModel, ArsenalUpgrade
from campaign.selectors import arsenal_sheet
from campaign.stat_cards import stat_cards
from tests.campaign.factories import CampaignFactory, CrewFactory, member
from tests.catalogue.factories import ModelCardFactory

pytestmark = pytest.mark.django_db

BLADE = {"name": "Long Blade", "stat": "Ml", "value": 7, "range": '3"', "resist": "Df",
         "damage": "2/3/4"}
KNIFE = {"name": "Knife", "stat": "Ml", "value": 6, "range": '2"', "resist": "Df",
         "damage": "1/2/3"}


def test_bonuses_stop_at_the_caps(db):
    campaign = CampaignFactory()
    crew = CrewFactory(campaign=campaign, player=member(campaign.league), status="active")
    card = ModelCardFactory(name="Duellist", station="enforcer", cost=7, df=6,
                            actions=[BLADE, KNIFE])
    model = ArsenalModel.objects.create(crew=crew, card=card, station="enforcer")
    for key, name, effects in (("duelist", "Duelist", {"ml": 1}),
                               ("quick-reflexes", "Quick Reflexes", {"df": 1}),
                               ("extended-blade", "Extended Blade", {"melee_range": 1})):
        ArsenalUpgrade.objects.create(crew=crew, kind="skill", table_key=key, name=name,
                                      attached_to=model, stat_effects=effects)
    [shown] = stat_cards(arsenal_sheet(crew).models)
    stats = {stat.key: stat for _label, stat in shown.stats}
    assert (stats["df"].base, stats["df"].value) == (6, 7)
    actions = {a.name: a for a in shown.actions}
    assert (actions["Long Blade"].value, actions["Long Blade"].range) == (7, '3"')  # capped
    assert (actions["Knife"].value, actions["Knife"].range) == (7, '3"')  # raised once
    # A second Quick Reflexes (not allowed by the book, but a stale row) stays under 7.
    ArsenalUpgrade.objects.create(crew=crew, kind="skill", table_key="quick-reflexes",
                                  name="Quick Reflexes", attached_to=model,
                                  stat_effects={"df": 1})
    [shown] = stat_cards(arsenal_sheet(crew).models)
    assert {s.key: s for _l, s in shown.stats}["df"].value == 7

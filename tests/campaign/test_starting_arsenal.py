"""Building the starting arsenal through the service: results, refusals, permissions."""

import pytest
from django.core.exceptions import PermissionDenied

from campaign.models import ArsenalEvent, ArsenalModel, ArsenalUpgrade, Crew, ScripEntry
from campaign.services import crews
from campaign.services.errors import CampaignError
from league.models import Role
from rules.engine.hiring import HiringRefused
from tests.campaign.factories import CardFactory, member
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def build(crew, roster, *, leader="henchman", models=("minion",), actor=None, **kw):
    return crews.build_starting_arsenal(
        crew=crew, actor=actor or crew.player, leader=roster[leader],
        models=[roster[m] for m in models], **kw)


def test_build_sets_leader_scrip_and_history(crew, roster):
    result = build(crew, roster, models=("minion", "minion", "enforcer", "rare"),
                   upgrade=roster["upgrade"], upgrade_on_index=-1)
    crew.refresh_from_db()
    assert crew.status == Crew.Status.ACTIVE
    assert crew.leader.card == roster["henchman"]
    assert result.plan.total == 8 + 5 + 5 + 8 + 4 + 1 == 31
    assert crew.scrip == 3
    entry = ScripEntry.objects.get(crew=crew)
    assert entry.kind == ScripEntry.Kind.STARTING and entry.amount == 3
    assert ArsenalModel.objects.filter(crew=crew).count() == 5
    upgrade = ArsenalUpgrade.objects.get(crew=crew)
    assert upgrade.attached_to == crew.leader
    assert ArsenalEvent.objects.filter(crew=crew, kind="started").exists()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"leader": "minion"}, "only a Henchman or Master leads"),
        ({"leader": "master"}, "must be a Henchman"),
        ({"models": ("enforcer",) * 4}, "budget is 35"),
        ({"models": ("master",)}, "Masters join only as Leader"),
        ({"models": ("outsider",)}, "neither in the crew's faction nor a Mercenary"),
        ({"models": ("rare",) * 3}, "Rare 2"),
        ({"models": ("totem",)}, "Totem of Marshal"),
        ({"models": ("merc",) * 3}, "At most 2 Mercenaries"),
    ],
)
def test_every_refusal_writes_nothing(crew, roster, kwargs, message):
    with pytest.raises(HiringRefused) as refused:
        build(crew, roster, **kwargs)
    assert any(message in reason for reason in refused.value.reasons), refused.value.reasons
    crew.refresh_from_db()
    assert crew.status == Crew.Status.BUILDING and crew.leader is None
    assert not ArsenalModel.objects.filter(crew=crew).exists()
    assert not ScripEntry.objects.filter(crew=crew).exists()


def test_cards_outside_the_campaigns_packs_are_refused(crew, roster):
    from tests.campaign.factories import PackFactory

    other = PackFactory(name="Other", slug="other")
    crew.campaign.content_packs.set([roster["henchman"].pack])
    stray = CardFactory(pack=other, name="Stray")
    with pytest.raises(HiringRefused, match="not in this campaign's content packs"):
        crews.build_starting_arsenal(crew=crew, actor=crew.player, leader=roster["henchman"],
                                     models=[stray])


def test_another_player_may_not_build_my_crew(crew, roster):
    stranger = member(crew.campaign.league)
    with pytest.raises(PermissionDenied):
        build(crew, roster, actor=stranger)
    with pytest.raises(PermissionDenied):
        build(crew, roster, actor=UserFactory())


def test_an_organizer_may_build_for_a_player(crew, roster):
    organizer = member(crew.campaign.league, Role.ORGANIZER)
    build(crew, roster, actor=organizer)
    assert Crew.objects.get(pk=crew.pk).status == Crew.Status.ACTIVE


def test_building_twice_is_refused(built_crew, roster):
    with pytest.raises(CampaignError, match="already built"):
        build(built_crew, roster)


def test_join_needs_membership_and_one_crew(campaign):
    from tests.campaign.factories import faction

    outsider = UserFactory()
    with pytest.raises(CampaignError, match="Join the league first"):
        crews.join_campaign(campaign=campaign, player=outsider, name="X", faction=faction())
    player = member(campaign.league)
    crews.join_campaign(campaign=campaign, player=player, name="Mine", faction=faction())
    with pytest.raises(CampaignError, match="already have a crew"):
        crews.join_campaign(campaign=campaign, player=player, name="Again", faction=faction())


def test_late_joiner_gets_five_scrip_per_week_to_hire_with(campaign, roster):
    from tests.campaign.factories import faction

    campaign.status = campaign.Status.RUNNING
    campaign.current_week = 3
    campaign.save()
    crew = crews.join_campaign(campaign=campaign, player=member(campaign.league), name="Late",
                               faction=faction())
    assert crew.joined_week == 3 and crew.scrip == 10
    assert ScripEntry.objects.get(crew=crew).kind == ScripEntry.Kind.STARTING
    plan = crews.plan_for(crew, leader=roster["henchman"], models=[roster["enforcer"]] * 4)
    assert plan.total == 40 and plan.is_legal and plan.scrip_spent == 5
    too_much = crews.plan_for(crew, leader=roster["henchman"], models=[roster["enforcer"]] * 5)
    assert "plus 10 scrip" in " ".join(too_much.refusals)
    crews.build_starting_arsenal(crew=crew, actor=crew.player, leader=roster["henchman"],
                                 models=[roster["enforcer"]] * 4)
    crew.refresh_from_db()
    assert crew.scrip == 5  # 10 - 5 spent beyond the budget; no unspent soulstones

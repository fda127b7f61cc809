"""Campaign rules applied when a game is set up and hired: the Avatar's +3 to the
Campaign Rating whatever gave the Avatar, Masters from the start (free, not counted) and
Injuries that change a model's cost (Big Head, Lowered Expectations)."""

from types import SimpleNamespace

import pytest

from aftermath.services import reward
from campaign.models import ArsenalModel, ArsenalUpgrade
from encounters.models import HiredModel
from encounters.services import games
from rules import tables

pytestmark = pytest.mark.django_db


def _hire_and_reveal(game, crew, models):
    games.hire_crew(game=game, actor=crew.player, models=models)
    games.reveal_crew(game=game, actor=crew.player)


def test_an_avatar_won_as_a_bounty_reward_adds_three_to_the_rating(campaign_week, roster):
    """Campaign book, Avatars: an Avatar Upgrade adds 3 to the Crew's Campaign Rating on
    top of counting as a Skill, however the Avatar was gained (here: a Bounty's Reward
    flip), and the lower-rated crew's Pool gains the difference."""
    campaign, alpha, bravo, _ = campaign_week
    marshal = ArsenalModel.objects.create(crew=alpha, card=roster["master"], station="master")
    alpha.leader = marshal
    alpha.save(update_fields=["leader"])
    avatar_row = next(r for r in tables.reward_chart("guild").rows if r.key == "avatar")
    reward._grant(SimpleNamespace(crew=alpha, week=1), avatar_row, holder=marshal)  # as a Reward
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    guard = alpha.models.filter(station="minion").first()
    _hire_and_reveal(game, alpha, [marshal, guard])
    _hire_and_reveal(game, bravo, [bravo.leader])
    a, b = (game.sides.get(key=k) for k in "ab")
    assert a.campaign_rating == 1 + 3 and b.campaign_rating == 0
    assert b.soulstone_pool >= 4  # the rating difference on top of its unspent stones


def test_masters_from_the_start_cost_nothing_and_do_not_count_toward_size(
        campaign_week, roster):
    """Campaign book, Variations, Masters: the free Master is never paid for nor factored
    into the Crew's size; it always leads."""
    campaign, alpha, bravo, _ = campaign_week
    campaign.masters_from_start = True
    campaign.save(update_fields=["masters_from_start"])
    marshals = []
    for crew in (alpha, bravo):
        marshal = ArsenalModel.objects.create(crew=crew, card=roster["master"],
                                              station="master")
        crew.leader = marshal
        crew.save(update_fields=["leader"])
        marshals.append(marshal)
    # Each arsenal: Marshal (free), Captain 8, Guard 5, Guard 5, Sergeant 8 = 26.
    assert games.max_size(alpha, bravo) == 26 + 5
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    everyone = list(alpha.models.filter(status="active"))
    games.hire_crew(game=game, actor=alpha.player, models=everyone)
    assert HiredModel.objects.get(side__game=game, arsenal_model=marshals[0]).cost == 0


def test_big_head_and_lowered_expectations_change_the_hire_and_the_size(campaign_week):
    """Injury chart, Big Head: this model's Cost goes up by 1. Gremlin chart, Lowered
    Expectations: its Soulstone Cost goes down by 1. Both change what the model costs
    to hire in a game and what it adds to the Arsenal's total (the Encounter size)."""
    campaign, alpha, bravo, _ = campaign_week
    before = games.max_size(alpha, bravo)
    guard, other = alpha.models.filter(station="minion").order_by("id")[:2]
    for model, key in ((guard, "big-head"), (other, "lowered-expectations")):
        row = (tables.injury_chart().row(key) if key == "big-head"
               else tables.faction_injury_chart("gremlins").row(key))
        ArsenalUpgrade.objects.create(crew=alpha, kind="injury" if key == "big-head"
                                      else "skill", table_key=key, name=row.name,
                                      attached_to=model, stat_effects=dict(row.stat_effects))
    sergeant = bravo.models.get(station="enforcer")
    row = tables.injury_chart().row("big-head")
    ArsenalUpgrade.objects.create(crew=bravo, kind="injury", table_key="big-head",
                                  name=row.name, attached_to=sergeant,
                                  stat_effects=dict(row.stat_effects))
    assert games.max_size(alpha, bravo) == before  # alpha: +1 -1; bravo: +1, not smaller
    ArsenalUpgrade.objects.filter(table_key="lowered-expectations").delete()
    assert games.max_size(alpha, bravo) == before + 1
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    games.hire_crew(game=game, actor=alpha.player, models=[alpha.leader, guard])
    assert HiredModel.objects.get(side__game=game, arsenal_model=guard).cost == 5 + 1


def test_covert_operation_may_always_choose_one_of_its_schemes(campaign_week):
    """Bounty Covert Operation: its crew may always choose one of Plant Explosives, Make
    Them Suffer and Deliver a Message, whatever the Scheme Pool, as long as it has not
    completed that Scheme for the Bounty; only one such Scheme outside the pool."""
    from campaign.models import CrewBounty
    from encounters.services.common import EncounterError

    campaign, alpha, bravo, _ = campaign_week
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    pool = game.setup["scheme_pool"]
    listed = ["plant-explosives", "make-them-suffer", "deliver-a-message"]
    outside = [k for k in listed if k not in pool]
    if len(outside) < 2:  # the flipped pool holds them: take them out for this test
        game.setup["scheme_pool"] = [k for k in pool if k not in listed]
        game.save(update_fields=["setup"])
        pool, outside = game.setup["scheme_pool"], listed
    with pytest.raises(EncounterError, match="scheme pool"):
        games.choose_schemes(game=game, actor=alpha.player,
                             choices=[(outside[0], None), (pool[0], None)])
    CrewBounty.objects.create(crew=alpha, bounty_key="covert-operation", name="Covert",
                              bought_week=1, progress={"contributions": [
                                  {"game": 0, "count": 1, "schemes": [outside[0]]}]})
    with pytest.raises(EncounterError, match="scheme pool"):  # already completed for it
        games.choose_schemes(game=game, actor=alpha.player,
                             choices=[(outside[0], None), (pool[0], None)])
    with pytest.raises(EncounterError, match="scheme pool"):  # only one outside the pool
        games.choose_schemes(game=game, actor=alpha.player,
                             choices=[(outside[1], None), (outside[0], None)])
    chosen = games.choose_schemes(game=game, actor=alpha.player,
                                  choices=[(outside[1], None), (pool[0], None)])
    assert {c.scheme_key for c in chosen} == {outside[1], pool[0]}

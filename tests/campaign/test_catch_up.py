"""Starting Anew and late joiners: one Barter flip and one Campaign Upgrade per week
missed, no Cheating, Skills on any model (one each this way)."""

import pytest

from campaign.models import ArsenalUpgrade, Crew, ScripEntry
from campaign.services import catch_up, crews, scrip
from campaign.services.errors import CampaignError
from campaign.weeks import services as weeks
from rules.models import FlipRecord
from tests.campaign.factories import campaign_in_week_one, guild_roster, member

pytestmark = pytest.mark.django_db


@pytest.fixture
def late_crew(db):
    """A player who joins in week 3 and builds the starting arsenal."""
    roster = guild_roster()
    campaign, (alpha, _), organizer = campaign_in_week_one(roster)
    for number in (2, 3):
        weeks.set_event(week=campaign.weeks.get(number=number), actor=organizer,
                        event_key="contract-work", reason="Fixed for the test")
        weeks.turn_over(campaign, number)
    campaign.refresh_from_db()
    player = member(campaign.league)
    crew = crews.join_campaign(campaign=campaign, player=player, name="Latecomer",
                               faction=alpha.faction)
    crews.build_starting_arsenal(crew=crew, actor=player, leader=roster["henchman"],
                                 models=[roster["minion"], roster["enforcer"]])
    return Crew.objects.get(pk=crew.pk), alpha


def test_a_crew_joining_in_week_three_makes_two_flips_and_no_more(late_crew):
    crew, alpha = late_crew
    assert catch_up.flips_owed(crew) == 2 and catch_up.flips_owed(alpha) == 0
    first = catch_up.flip(crew=crew, actor=crew.player)
    second = catch_up.flip(crew=crew, actor=crew.player)
    assert (first.number, second.number) == (1, 2)
    with pytest.raises(CampaignError, match="no catch-up Barter flip left"):
        catch_up.flip(crew=crew, actor=crew.player)
    records = FlipRecord.objects.filter(purpose__startswith="Catch-up Barter flip")
    assert records.count() == 2
    assert [f.card for f in catch_up.state(crew).flips] == \
        [r.final for r in records.order_by("id")]
    assert all(not r.cheated_in for r in records)  # no Aftermath Hand: never cheated
    with pytest.raises(CampaignError, match="no catch-up"):
        catch_up.flip(crew=alpha, actor=alpha.player)


def test_one_campaign_upgrade_per_flip_skills_on_any_model_once(late_crew):
    crew, _ = late_crew
    leader, minion = crew.leader, crew.models.get(station="minion")
    balance = crew.scrip
    catch_up.flip(crew=crew, actor=crew.player)
    skill = catch_up.buy(crew=crew, actor=crew.player, number=1, key="good-lead", model=minion)
    assert skill.kind == ArsenalUpgrade.Kind.SKILL and skill.attached_to == minion
    crew.refresh_from_db()
    assert crew.scrip == balance - 2 == scrip.ledger_balance(crew)
    entries = ScripEntry.objects.filter(crew=crew).count()
    with pytest.raises(CampaignError, match="one Campaign Upgrade per flip"):
        catch_up.buy(crew=crew, actor=crew.player, number=1, key="lucky-gremlins-foot",
                     model=leader)
    catch_up.flip(crew=crew, actor=crew.player)
    with pytest.raises(CampaignError, match="one per model"):
        catch_up.buy(crew=crew, actor=crew.player, number=2, key="lucky-gremlins-foot",
                     model=minion)
    with pytest.raises(CampaignError, match="cannot buy"):
        catch_up.buy(crew=crew, actor=crew.player, number=2, key="no-such-upgrade")
    assert ScripEntry.objects.filter(crew=crew).count() == entries  # refusals write nothing
    catch_up.buy(crew=crew, actor=crew.player, number=2, key="lucky-gremlins-foot",
                 model=leader)
    assert [f.bought for f in catch_up.state(crew).flips] == ["Good Lead",
                                                               "Lucky Gremlin's Foot"]
    crew.refresh_from_db()
    assert crew.scrip == balance - 4 == scrip.ledger_balance(crew)


def test_the_crew_started_anew_catches_up_too(late_crew):
    _, alpha = late_crew
    new = crews.start_anew(crew=alpha, actor=alpha.player, name="Phoenix",
                           faction=alpha.faction)
    assert new.joined_week == 3 and catch_up.flips_owed(new) == 2
    with pytest.raises(CampaignError, match="starting arsenal"):
        catch_up.flip(crew=new, actor=alpha.player)


def test_only_the_crews_player_flips(late_crew):
    from django.core.exceptions import PermissionDenied

    crew, alpha = late_crew
    with pytest.raises(PermissionDenied):
        catch_up.flip(crew=crew, actor=alpha.player)


def test_the_sheet_offers_the_flips_and_the_api_buys(client, late_crew):
    from django.urls import reverse
    from rest_framework.test import APIClient

    crew, _ = late_crew
    client.force_login(crew.player)
    page = client.get(crew.get_absolute_url()).content.decode()
    assert 'id="catch-up"' in page and "Flip (2 left)" in page
    response = client.post(reverse("campaign:catch-up-flip", args=[crew.pk]))
    assert response.status_code == 302
    page = client.get(crew.get_absolute_url()).content.decode()
    assert "Flip (1 left)" in page and 'name="key"' in page and "Good Lead" in page
    api = APIClient()
    api.force_authenticate(crew.player)
    url = f"/api/crews/{crew.pk}/catch-up-buy/"
    assert api.post(url, {"number": 1, "key": "good-lead"}, format="json").status_code == 400
    leader = crew.leader
    ok = api.post(url, {"number": 1, "key": "good-lead", "model": leader.pk}, format="json")
    assert ok.status_code == 201
    again = api.post(url, {"number": 1, "key": "good-lead", "model": leader.pk}, format="json")
    assert again.status_code == 400 and "one Campaign Upgrade per flip" in again.content.decode()
    assert "bought Good Lead" in client.get(crew.get_absolute_url()).content.decode()

"""Campaign pages: who may create, join, build and read; the builder's live totals; the
arsenal sheet's content, print styles and bounded queries."""

import re

import pytest
from django.urls import reverse

from campaign.models import ArsenalModel, Campaign, Crew
from campaign.services import arsenal, crews
from league.models import Role
from tests.campaign.factories import CardFactory, CrewFactory, LeagueFactory, faction, member
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

CAMPAIGN_FORM = {
    "name": "Winter of Blood", "visibility": "public", "length_weeks": 6,
    "start_date": "2026-12-01", "weekday": 1, "starting_arsenal_size": 35,
    "max_games_per_week": 2, "competitive_mode": "none",
}


@pytest.mark.parametrize(("role", "allowed"), [
    (Role.ADMIN, True), (Role.ORGANIZER, True), (Role.PLAYER, False), (None, False)])
def test_only_managers_create_campaigns(client, role, allowed):
    league = LeagueFactory()
    user = member(league, role) if role else UserFactory()
    client.force_login(user)
    url = reverse("campaign:create", args=[league.slug])
    response = client.post(url, {**CAMPAIGN_FORM, "extra_scrip": "on"})
    if allowed:
        campaign = Campaign.objects.get(league=league)
        assert response.status_code == 302 and campaign.extra_scrip
        assert campaign.weekly_scrip_cap == 20
    else:
        assert response.status_code == 403
        assert not Campaign.objects.exists()


def test_bad_campaign_settings_show_form_errors(client):
    league = LeagueFactory()
    client.force_login(member(league, Role.ORGANIZER))
    response = client.post(reverse("campaign:create", args=[league.slug]),
                           {**CAMPAIGN_FORM, "length_weeks": 0, "start_date": "nope"})
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()
    assert not Campaign.objects.exists()


def test_join_and_build_through_the_pages(client, campaign, roster):
    player = member(campaign.league)
    client.force_login(player)
    response = client.post(reverse("campaign:join", args=[campaign.pk]),
                           {"name": "Night Watch", "faction": faction("guild").pk})
    crew = Crew.objects.get(player=player)
    assert response.url == reverse("campaign:build", args=[crew.pk])
    page = client.get(response.url).content.decode()
    assert "Choose a Leader" in page or "choose a Leader" in page
    data = {"leader": roster["henchman"].pk, f"qty_{roster['minion'].pk}": 2,
            f"qty_{roster['enforcer'].pk}": 1}
    summary = client.post(response.url, data, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in summary
    assert re.search(r'id="arsenal-total">26<', summary)
    assert 'id="legal"' in summary
    over = client.post(response.url, {**data, f"qty_{roster['enforcer'].pk}": 4},
                       HTTP_HX_REQUEST="true").content.decode()
    assert "budget is 35" in over
    done = client.post(response.url, {**data, "action": "build"})
    assert done.status_code == 302
    crew.refresh_from_db()
    assert crew.status == Crew.Status.ACTIVE and crew.scrip == 3
    # A live summary that arrives after the build (sent on the last field's blur as the
    # Build button submits) sends the browser to the sheet, not the sheet into the box.
    late = client.post(response.url, data, HTTP_HX_REQUEST="true")
    assert late.status_code == 200 and late.content == b""
    assert late["HX-Redirect"] == crew.get_absolute_url()


def test_builder_explains_refusals_without_building(client, crew, roster):
    client.force_login(crew.player)
    url = reverse("campaign:build", args=[crew.pk])
    response = client.post(url, {"leader": roster["henchman"].pk,
                                 f"qty_{roster['rare'].pk}": 3, "action": "build"})
    assert response.status_code == 200
    assert "Rare 2" in response.content.decode()
    assert Crew.objects.get(pk=crew.pk).status == Crew.Status.BUILDING


def test_another_player_cannot_open_my_builder(client, crew):
    client.force_login(member(crew.campaign.league))
    assert client.get(reverse("campaign:build", args=[crew.pk])).status_code == 403


def test_members_only_campaign_is_hidden_from_outsiders(client, built_crew):
    campaign = built_crew.campaign
    campaign.visibility = Campaign.Visibility.MEMBERS
    campaign.save()
    client.force_login(UserFactory())
    assert client.get(campaign.get_absolute_url()).status_code == 403
    assert client.get(built_crew.get_absolute_url()).status_code == 403
    client.force_login(member(campaign.league))
    assert client.get(built_crew.get_absolute_url()).status_code == 200


def test_sheet_shows_stats_with_injuries_and_the_ledger(client, built_crew, roster):
    guard = ArsenalModel.objects.filter(crew=built_crew, card=roster["minion"]).first()
    arsenal.add_injury(model=guard, actor=built_crew.player, key="hearing-voices",
                       name="Hearing Voices", stat_effects={"wp": -2})
    html = client.get(built_crew.get_absolute_url()).content.decode()
    assert "Hearing Voices" in html
    assert 'id="scrip-balance">3<' in html
    assert "Unspent soulstones" in html
    from pathlib import Path

    assert "@media print" in Path("static/css/site.css").read_text()
    # Guard Wp 5 - 2 = 3 appears in the Guard's stat line.
    guard_block = html.split('data-model="Guard"')[1].split("</article>")[0]
    assert '>3</td>' in guard_block and "Wp 5 → 3" in guard_block


def test_sheet_renders_a_40_model_arsenal_in_bounded_queries(client, campaign,
                                                              django_assert_max_num_queries):
    crew = CrewFactory(campaign=campaign, player=member(campaign.league), status="active")
    cards = [CardFactory(name=f"Card {i}", station="enforcer") for i in range(10)]
    rows = [ArsenalModel.objects.create(crew=crew, card=cards[i % 10], station="enforcer")
            for i in range(40)]
    crew.leader = rows[0]
    crew.save()
    for row in rows[:20]:
        arsenal.add_injury(model=row, actor=crew.player, key="fragile", name="Fragile",
                           stat_effects={"df": -1})
    with django_assert_max_num_queries(16):
        response = client.get(crew.get_absolute_url())
    assert response.status_code == 200
    assert response.content.decode().count("sheet-model") == 40


def test_sheet_api_matches_and_is_bounded(api_client, built_crew, django_assert_max_num_queries):
    with django_assert_max_num_queries(14):
        body = api_client.get(f"/api/crews/{built_crew.pk}/").json()
    assert body["scrip"] == 3 and len(body["models"]) == 4
    leader = next(m for m in body["models"] if m["is_leader"])
    assert leader["name"] == "Captain"
    assert body["scrip_ledger"][0]["amount"] == 3


def test_ended_campaign_sheets_are_read_only(client, built_crew, roster):
    campaign = built_crew.campaign
    campaign.status = Campaign.Status.ENDED
    campaign.save()
    client.force_login(built_crew.player)
    html = client.get(built_crew.get_absolute_url()).content.decode()
    assert "read-only" in html
    from campaign.services.errors import CampaignError

    with pytest.raises(CampaignError, match="read-only"):
        crews.attach_upgrade(crew=built_crew, actor=built_crew.player,
                             upgrade=built_crew.upgrades.first() or _an_upgrade(built_crew),
                             model=None)


def _an_upgrade(crew):
    from campaign.models import ArsenalUpgrade

    return ArsenalUpgrade.objects.create(crew=crew, kind="upgrade", name="Spare")


def test_start_anew_retires_the_crew_and_opens_a_new_one(client, built_crew):
    campaign = built_crew.campaign
    campaign.status = "running"
    campaign.current_week = 3
    campaign.save()
    client.force_login(built_crew.player)
    response = client.post(reverse("campaign:start-anew", args=[built_crew.pk]),
                           {"name": "Second Try", "faction": faction("guild").pk})
    new = Crew.objects.get(name="Second Try")
    assert response.url == reverse("campaign:build", args=[new.pk])
    assert new.joined_week == 3 and new.status == "building"
    built_crew.refresh_from_db()
    assert built_crew.status == "retired"
    client.force_login(member(campaign.league))
    assert client.post(reverse("campaign:start-anew", args=[new.pk]),
                       {"name": "Hijack", "faction": faction("guild").pk}).status_code == 403


def test_add_master_page_and_api_refuse_before_halfway(client, api_client, built_crew, roster):
    campaign = built_crew.campaign
    campaign.status = "running"
    campaign.current_week = 2
    campaign.save()
    client.force_login(built_crew.player)
    page = client.get(reverse("campaign:hire", args=[built_crew.pk])).content.decode()
    assert 'id="add-master"' in page and "Marshal" in page
    response = client.post(reverse("campaign:add-master", args=[built_crew.pk]),
                           {"master": roster["master"].pk}, follow=True)
    assert "from week 4" in response.content.decode()
    api_client.force_authenticate(built_crew.player)
    api = api_client.post(f"/api/crews/{built_crew.pk}/add-master/",
                          {"master": roster["master"].pk}, format="json")
    assert api.status_code == 400 and "completed a Bounty" in str(api.json())

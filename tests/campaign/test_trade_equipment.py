"""Collusion and Trading: trading Campaign Equipment from the arsenal sheet (a page form,
HTMX or not) and the API (POST /api/crews/{id}/trade-equipment/). A trade moves the
upgrade to the other crew, unattached, and both histories say so; Skills, Injuries,
ordinary upgrades and the Wandering Relic never move, and every refusal writes nothing."""

from __future__ import annotations

from functools import partial

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from aftermath.services.automatic import start_game
from campaign.models import ArsenalEvent, ArsenalUpgrade, Campaign, Crew, ScripEntry
from campaign.services import optional_rules
from campaign.services.errors import CampaignError
from encounters.services import results
from tests.aftermath.conftest import play
from tests.campaign.factories import campaign_in_week_one, member
from tests.campaign.trading import fresh as _fresh
from tests.campaign.trading import trade_api, trade_page

pytestmark = pytest.mark.django_db


@pytest.fixture
def trade(roster):
    """A running campaign with Collusion and Trading on: Alpha holds a Helmet (Campaign
    Equipment, on its leader), a Skill, an Injury, its ordinary upgrade, the Wandering
    Relic and an annihilated Whiskey; Bravo and Charlie trade with it; a crew of another
    campaign (also trading) does not."""
    campaign, (alpha, bravo, charlie), organizer = campaign_in_week_one(
        roster, names=("Alpha", "Bravo", "Charlie"), collusion_and_trading=True)
    _, (stranger,), _ = campaign_in_week_one(roster, names=("Stranger",),
                                             collusion_and_trading=True)
    leader = alpha.leader

    def add(kind, key, name, **extra):
        return ArsenalUpgrade.objects.create(crew=alpha, kind=kind, table_key=key, name=name,
                                             **extra)

    rows = {
        "helmet": add("equipment", "helmet", "Helmet", attached_to=leader),
        "skill": add("skill", "agility", "Agility", attached_to=leader),
        "injury": add("injury", "bad-knee", "Bad Knee", attached_to=leader),
        "upgrade": alpha.upgrades.get(kind="upgrade"),
        "relic": add("equipment", "the-blood-stone", "The Blood Stone", wandering_relic=True),
        "annihilated": add("equipment", "whiskey", "Whiskey", status="annihilated"),
        "bravo_helmet": ArsenalUpgrade.objects.create(crew=bravo, kind="equipment",
                                                      table_key="helmet", name="Bravo's Helmet"),
    }
    return campaign, _fresh(alpha), _fresh(bravo), _fresh(charlie), _fresh(stranger), \
        organizer, rows


def _snapshot():
    """Every upgrade's holder, model and status, every history entry and every ledger."""
    return (list(ArsenalUpgrade.objects.order_by("pk")
                 .values_list("pk", "crew_id", "attached_to_id", "status")),
            list(ArsenalEvent.objects.order_by("pk").values_list("pk", flat=True)),
            list(ScripEntry.objects.order_by("pk").values_list("pk", flat=True)),
            dict(Crew.objects.values_list("pk", "scrip")))


def _traded(upgrade, giver, taker):
    """The upgrade is the taker's, unattached, and both histories say so."""
    upgrade = ArsenalUpgrade.objects.get(pk=upgrade.pk)
    assert upgrade.crew_id == taker.pk and upgrade.attached_to_id is None
    assert upgrade.status == "active"
    gave = ArsenalEvent.objects.get(crew=giver, upgrade=upgrade, kind="upgrade_moved")
    assert gave.description == f"{upgrade.name} traded to {taker.name}"
    took = ArsenalEvent.objects.get(crew=taker, upgrade=upgrade, kind="upgrade_bought")
    assert took.description == f"{upgrade.name} traded from {giver.name}"


_page = partial(trade_page, "trade-equipment")
_api = partial(trade_api, "trade-equipment")


# --- The service ------------------------------------------------------------------------


def test_the_service_asks_who_trades_before_whether_the_rule_is_on(trade):
    campaign, alpha, bravo, _, _, _, rows = trade
    campaign.collusion_and_trading = False
    campaign.save(update_fields=["collusion_and_trading"])
    before = _snapshot()
    with pytest.raises(PermissionDenied):  # another player: not theirs, whatever the rule
        optional_rules.trade_equipment(upgrade=rows["helmet"], to_crew=bravo,
                                       actor=bravo.player)
    with pytest.raises(CampaignError, match="does not use the optional rule"):
        optional_rules.trade_equipment(upgrade=rows["helmet"], to_crew=bravo,
                                       actor=alpha.player)
    assert _snapshot() == before


def test_the_service_waits_for_the_game_in_progress_and_the_aftermath(trade):
    campaign, alpha, bravo, charlie, _, _, rows = trade
    game = play(campaign, alpha, charlie, vp=(3, 1), confirm=False)
    before = _snapshot()
    with pytest.raises(CampaignError, match="game in progress"):
        optional_rules.trade_equipment(upgrade=rows["helmet"], to_crew=bravo,
                                       actor=alpha.player)
    assert _snapshot() == before
    results.confirm_result(game=game, actor=charlie.player)
    start_game(game.pk)  # the Aftermath opens
    before = _snapshot()
    with pytest.raises(CampaignError, match="Aftermath first"):
        optional_rules.trade_equipment(upgrade=rows["helmet"], to_crew=bravo,
                                       actor=alpha.player)
    assert _snapshot() == before


def test_the_service_refuses_an_ended_campaign_and_a_retired_crew(trade):
    campaign, alpha, bravo, _, _, _, rows = trade
    before = _snapshot()
    Crew.objects.filter(pk=alpha.pk).update(status=Crew.Status.RETIRED)
    with pytest.raises(CampaignError, match="Only an active crew may trade"):
        optional_rules.trade_equipment(upgrade=rows["helmet"], to_crew=bravo,
                                       actor=alpha.player)
    Crew.objects.filter(pk=alpha.pk).update(status=Crew.Status.ACTIVE)
    Campaign.objects.filter(pk=campaign.pk).update(status=Campaign.Status.ENDED)
    with pytest.raises(CampaignError, match="read-only"):
        optional_rules.trade_equipment(upgrade=rows["helmet"], to_crew=bravo,
                                       actor=alpha.player)
    assert _snapshot() == before


def test_the_service_refuses_an_upgrade_that_left_the_crew(trade):
    """A stale row (the upgrade already traded away) is checked against its crew now."""
    _, alpha, bravo, charlie, _, _, rows = trade
    helmet = rows["helmet"]
    optional_rules.trade_equipment(upgrade=helmet, to_crew=bravo, actor=alpha.player)
    before = _snapshot()
    with pytest.raises(PermissionDenied):  # it is Bravo's now: Alpha's player may not
        optional_rules.trade_equipment(upgrade=helmet, to_crew=charlie, actor=alpha.player)
    assert _snapshot() == before
    _traded(helmet, alpha, bravo)


# --- The page ---------------------------------------------------------------------------


def test_the_sheet_offers_the_trade_to_the_crews_player_only_when_the_rule_is_on(client, trade):
    campaign, alpha, bravo, *_ = trade
    url = reverse("campaign:trade-equipment", args=[alpha.pk])
    client.force_login(alpha.player)
    sheet = client.get(alpha.get_absolute_url()).content.decode()
    assert url in sheet and 'id="trade-equipment"' in sheet
    client.force_login(bravo.player)  # another player sees Alpha's sheet without it
    assert url not in client.get(alpha.get_absolute_url()).content.decode()
    campaign.collusion_and_trading = False
    campaign.save(update_fields=["collusion_and_trading"])
    client.force_login(alpha.player)
    assert url not in client.get(alpha.get_absolute_url()).content.decode()


def test_the_form_offers_only_tradeable_equipment_and_the_other_active_crews(client, trade):
    _, alpha, bravo, charlie, _, _, rows = trade
    response = _page(client, alpha.player, alpha, htmx=True)
    assert response.status_code == 200
    assert response.templates[0].name == "campaign/_trade_equipment.html"
    form = response.context["form"]
    assert [pk for pk, _ in form.fields["upgrade"].choices if pk] == [rows["helmet"].pk]
    assert list(form.fields["to_crew"].queryset) == [bravo, charlie]
    html = response.content.decode()
    assert "Helmet · " in html  # where it is carried
    for name in ("Agility", "Bad Knee", "The Blood Stone", "Whiskey", "Bravo's Helmet"):
        assert name not in html
    page = _page(client, alpha.player, alpha)
    assert page.status_code == 200 and 'id="trade-equipment"' in page.content.decode()
    assert "no Campaign Equipment to trade" not in page.content.decode()
    charlie_page = _page(client, charlie.player, charlie).content.decode()
    assert "This crew has no Campaign Equipment to trade." in charlie_page


@pytest.mark.parametrize("htmx", [False, True])
def test_a_page_trade_moves_the_upgrade_to_the_other_crew_unattached(client, trade, htmx):
    _, alpha, bravo, _, _, _, rows = trade
    response = _page(client, alpha.player, alpha,
                     {"upgrade": rows["helmet"].pk, "to_crew": bravo.pk}, htmx=htmx)
    sheet = alpha.get_absolute_url() + "#trade-equipment"
    if htmx:
        assert response.status_code == 200 and response["HX-Redirect"] == sheet
    else:
        assert response.status_code == 302 and response.url == sheet
    _traded(rows["helmet"], alpha, bravo)
    follow = client.get(alpha.get_absolute_url()).content.decode()
    assert "Alpha gave Helmet to Bravo." in follow
    assert "Helmet traded to Bravo" in follow  # the giver's history
    client.force_login(bravo.player)
    taker = client.get(bravo.get_absolute_url()).content.decode()
    assert "Upgrades not attached" in taker and "Helmet traded from Alpha" in taker


def _refused_on_page(client, user, crew, data, message, *, htmx=True):
    before = _snapshot()
    response = _page(client, user, crew, data, htmx=htmx)
    assert response.status_code == 400, response.content
    assert message in response.content.decode()
    assert _snapshot() == before


@pytest.mark.parametrize("htmx", [False, True])
def test_the_page_refuses_with_the_reason_and_writes_nothing(client, trade, htmx):
    _, alpha, bravo, _, stranger, _, rows = trade
    helmet = rows["helmet"].pk
    other_crew = "Trade with another active crew of this campaign."
    only_equipment = "Only Campaign Equipment may be traded"
    cases = [
        ({"upgrade": helmet, "to_crew": alpha.pk}, other_crew),
        ({"upgrade": helmet, "to_crew": stranger.pk}, other_crew),
        ({"upgrade": helmet}, "This field is required."),
        ({"upgrade": rows["skill"].pk, "to_crew": bravo.pk}, only_equipment),
        ({"upgrade": rows["injury"].pk, "to_crew": bravo.pk}, only_equipment),
        ({"upgrade": rows["upgrade"].pk, "to_crew": bravo.pk}, only_equipment),
        ({"upgrade": rows["relic"].pk, "to_crew": bravo.pk}, "The Wandering Relic is never"),
        ({"upgrade": rows["annihilated"].pk, "to_crew": bravo.pk},
         "Whiskey is no longer in the arsenal."),
        ({"upgrade": rows["bravo_helmet"].pk, "to_crew": bravo.pk},
         "Trade only this crew&#x27;s own Campaign Equipment."),
        ({"upgrade": "x", "to_crew": bravo.pk}, "Trade only this crew"),
    ]
    for data, message in cases:
        _refused_on_page(client, alpha.player, alpha, data, message, htmx=htmx)


def test_the_page_refuses_when_the_rule_is_off(client, trade):
    campaign, alpha, bravo, _, _, _, rows = trade
    campaign.collusion_and_trading = False
    campaign.save(update_fields=["collusion_and_trading"])
    before = _snapshot()
    data = {"upgrade": rows["helmet"].pk, "to_crew": bravo.pk}
    response = _page(client, alpha.player, alpha, data)
    assert response.status_code == 302 and response.url == alpha.get_absolute_url()
    htmx = _page(client, alpha.player, alpha, data, htmx=True)  # the sheet, not swapped in
    assert htmx["HX-Redirect"] == alpha.get_absolute_url()
    assert _snapshot() == before
    sheet = client.get(response.url).content.decode()
    assert "does not use the optional rule Collusion and Trading" in sheet


def test_someone_else_cannot_trade_a_crews_equipment_on_the_page(client, trade):
    _, alpha, bravo, _, _, _, rows = trade
    before = _snapshot()
    data = {"upgrade": rows["helmet"].pk, "to_crew": bravo.pk}
    assert _page(client, bravo.player, alpha, data).status_code == 403
    assert _page(client, bravo.player, alpha).status_code == 403
    assert _snapshot() == before


def test_the_page_waits_for_the_game_in_progress(client, trade):
    campaign, alpha, bravo, charlie, _, _, rows = trade
    play(campaign, alpha, charlie, vp=(3, 1), confirm=False)
    _refused_on_page(client, alpha.player, alpha,
                     {"upgrade": rows["helmet"].pk, "to_crew": bravo.pk}, "between games")


# --- The API ----------------------------------------------------------------------------


def test_an_api_trade_moves_the_upgrade_and_answers_both_crews(api_client, trade):
    _, alpha, bravo, _, _, _, rows = trade
    helmet = rows["helmet"]
    response = _api(api_client, alpha.player, alpha, {"upgrade": helmet.pk, "to_crew": bravo.pk})
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["upgrade"]["id"] == helmet.pk and body["upgrade"]["crew"] == bravo.pk
    assert body["upgrade"]["attached_to"] is None and body["upgrade"]["kind"] == "equipment"
    assert body["crew"]["id"] == alpha.pk and body["to_crew"]["id"] == bravo.pk
    _traded(helmet, alpha, bravo)
    api_client.force_authenticate(bravo.player)
    sheet = api_client.get(f"/api/crews/{bravo.pk}/").json()
    assert helmet.pk in [u["id"] for u in sheet["unattached_upgrades"]]
    assert "Helmet traded from Alpha" in [e["description"] for e in sheet["history"]]


def test_an_organizer_may_trade_for_the_crew(api_client, trade):
    _, alpha, bravo, _, _, organizer, rows = trade
    response = _api(api_client, organizer, alpha,
                    {"upgrade": rows["helmet"].pk, "to_crew": bravo.pk})
    assert response.status_code == 201
    _traded(rows["helmet"], alpha, bravo)


@pytest.mark.parametrize(("body", "field", "message"), [
    ({}, "upgrade", "required"),
    ({"upgrade": "helmet"}, "to_crew", "required"),
    ({"upgrade": "x", "to_crew": "bravo"}, "upgrade", ""),
    ({"upgrade": 10 ** 30, "to_crew": "bravo"}, "upgrade", "Trade only this crew"),
    ({"upgrade": "bravo_helmet", "to_crew": "bravo"}, "upgrade", "Trade only this crew"),
    ({"upgrade": "skill", "to_crew": "bravo"}, "upgrade", "Only Campaign Equipment"),
    ({"upgrade": "injury", "to_crew": "bravo"}, "upgrade", "Only Campaign Equipment"),
    ({"upgrade": "upgrade", "to_crew": "bravo"}, "upgrade", "Only Campaign Equipment"),
    ({"upgrade": "relic", "to_crew": "bravo"}, "upgrade", "The Wandering Relic is never"),
    ({"upgrade": "annihilated", "to_crew": "bravo"}, "upgrade", "no longer in the arsenal"),
    ({"upgrade": "helmet", "to_crew": "alpha"}, "to_crew", "another active crew"),
    ({"upgrade": "helmet", "to_crew": "stranger"}, "to_crew", "another active crew"),
    ({"upgrade": "helmet", "to_crew": 10 ** 30}, "to_crew", "another active crew"),
])
def test_bad_api_input_is_a_400_with_field_errors(api_client, trade, body, field, message):
    _, alpha, bravo, _, stranger, _, rows = trade
    ids = {"alpha": alpha.pk, "bravo": bravo.pk, "stranger": stranger.pk,
           **{key: row.pk for key, row in rows.items()}}
    body = {k: ids.get(v, v) if isinstance(v, str) else v for k, v in body.items()}
    before = _snapshot()
    response = _api(api_client, alpha.player, alpha, body)
    assert response.status_code == 400 and field in response.json(), response.json()
    assert message in " ".join(response.json()[field])
    assert _snapshot() == before


def test_api_refusals_are_400s_with_the_reason_and_write_nothing(api_client, trade):
    campaign, alpha, bravo, charlie, _, _, rows = trade
    body = {"upgrade": rows["helmet"].pk, "to_crew": bravo.pk}

    def refused(message):
        before = _snapshot()
        response = _api(api_client, alpha.player, alpha, body)
        assert response.status_code == 400
        assert message in " ".join(response.json()["non_field_errors"])
        assert _snapshot() == before

    campaign.collusion_and_trading = False
    campaign.save(update_fields=["collusion_and_trading"])
    refused("does not use the optional rule")
    campaign.collusion_and_trading = True
    campaign.save(update_fields=["collusion_and_trading"])
    play(campaign, alpha, charlie, vp=(3, 1), confirm=False)
    refused("between games")


def test_someone_else_cannot_trade_a_crews_equipment_by_the_api(api_client, trade):
    campaign, alpha, bravo, _, _, _, rows = trade
    body = {"upgrade": rows["helmet"].pk, "to_crew": bravo.pk}
    before = _snapshot()
    assert _api(api_client, bravo.player, alpha, body).status_code == 403
    outsider = member(campaign.league)
    assert _api(api_client, outsider, alpha, body).status_code == 403
    campaign.collusion_and_trading = False  # 403 still, not the rule's refusal
    campaign.save(update_fields=["collusion_and_trading"])
    assert _api(api_client, bravo.player, alpha, body).status_code == 403
    api_client.force_authenticate(None)
    assert api_client.post(f"/api/crews/{alpha.pk}/trade-equipment/", body,
                           format="json").status_code == 403
    assert _snapshot() == before


def test_the_schema_documents_the_trade(db):
    from tests.edges.routes import openapi_schema

    schema = openapi_schema()
    operation = schema["paths"]["/api/crews/{id}/trade-equipment/"]["post"]
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    request = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert set(request["required"]) == {"upgrade", "to_crew"}
    assert "Wandering Relic" in request["properties"]["upgrade"]["description"]
    assert "201" in operation["responses"]
    assert "Collusion and Trading" in operation["description"]

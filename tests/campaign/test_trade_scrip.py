"""Collusion and Trading: trading scrip from the arsenal sheet (a page form, HTMX or not)
and the API (POST /api/crews/{id}/trade-scrip/). A trade moves scrip between the two
ledgers, counts toward the taker's weekly cap, and every refusal writes nothing."""

from __future__ import annotations

from functools import partial

import pytest
from django.urls import reverse

from campaign.models import Crew, ScripEntry
from campaign.services import scrip
from tests.aftermath.conftest import play
from tests.campaign.factories import campaign_in_week_one, member
from tests.campaign.trading import fresh as _fresh
from tests.campaign.trading import trade_api, trade_page

pytestmark = pytest.mark.django_db

CAP = 16  # the weekly scrip cap without the Extra Scrip option


@pytest.fixture
def trade(roster):
    """A running campaign with Collusion and Trading on: Alpha (10 scrip to give), Bravo,
    Charlie, and a crew of another campaign (also trading)."""
    campaign, (alpha, bravo, charlie), organizer = campaign_in_week_one(
        roster, names=("Alpha", "Bravo", "Charlie"), collusion_and_trading=True)
    scrip.credit_starting(alpha, 10 - alpha.scrip, week=1, reason="Set for the test")
    _, (stranger,), _ = campaign_in_week_one(roster, names=("Stranger",),
                                             collusion_and_trading=True)
    return campaign, _fresh(alpha), _fresh(bravo), _fresh(charlie), _fresh(stranger), organizer


def _snapshot():
    """Every ledger as it is: the entries and each crew's cached balance."""
    return (list(ScripEntry.objects.order_by("pk").values_list("pk", "crew_id", "amount")),
            dict(Crew.objects.values_list("pk", "scrip")))


def _reconciles(*crews):
    for crew in crews:
        crew = _fresh(crew)
        assert crew.scrip == scrip.ledger_balance(crew) >= 0, crew
        assert scrip.gained_in_week(crew, 1) <= crew.campaign.weekly_scrip_cap


_page = partial(trade_page, "trade-scrip")
_api = partial(trade_api, "trade-scrip")


# --- The page ---------------------------------------------------------------------------


def test_the_sheet_offers_the_trade_to_the_crews_player_only_when_the_rule_is_on(client, trade):
    campaign, alpha, bravo, *_ = trade
    url = reverse("campaign:trade-scrip", args=[alpha.pk])
    client.force_login(alpha.player)
    assert url in client.get(alpha.get_absolute_url()).content.decode()
    client.force_login(bravo.player)  # another player sees Alpha's sheet without it
    assert url not in client.get(alpha.get_absolute_url()).content.decode()
    campaign.collusion_and_trading = False
    campaign.save(update_fields=["collusion_and_trading"])
    client.force_login(alpha.player)
    assert url not in client.get(alpha.get_absolute_url()).content.decode()


def test_the_form_lists_the_other_active_crews_of_the_campaign(client, trade):
    _, alpha, bravo, charlie, _, _ = trade
    response = _page(client, alpha.player, alpha, htmx=True)
    assert response.status_code == 200
    assert response.templates[0].name == "campaign/_trade_scrip.html"
    choices = list(response.context["form"].fields["to_crew"].queryset)
    assert choices == [bravo, charlie]
    page = _page(client, alpha.player, alpha)
    assert page.status_code == 200 and 'id="trade-scrip"' in page.content.decode()


@pytest.mark.parametrize("htmx", [False, True])
def test_a_page_trade_moves_scrip_between_the_ledgers(client, trade, htmx):
    _, alpha, bravo, *_ = trade
    response = _page(client, alpha.player, alpha, {"to_crew": bravo.pk, "amount": 4}, htmx=htmx)
    sheet = alpha.get_absolute_url() + "#scrip"
    if htmx:
        assert response.status_code == 200 and response["HX-Redirect"] == sheet
    else:
        assert response.status_code == 302 and response.url == sheet
    assert _fresh(alpha).scrip == 6 and _fresh(bravo).scrip == bravo.scrip + 4
    assert ScripEntry.objects.get(crew=alpha, kind="spend").amount == -4
    assert ScripEntry.objects.get(crew=bravo, kind="gain", reason__startswith="Traded").amount == 4
    _reconciles(alpha, bravo)
    follow = client.get(alpha.get_absolute_url())
    assert "gave 4 scrip to Bravo" in follow.content.decode()


def _refused_on_page(client, user, crew, data, message, *, htmx=True):
    before = _snapshot()
    response = _page(client, user, crew, data, htmx=htmx)
    assert response.status_code == 400, response.content
    assert message in response.content.decode()
    assert _snapshot() == before


@pytest.mark.parametrize("htmx", [False, True])
def test_the_page_refuses_with_the_reason_and_writes_nothing(client, trade, htmx):
    _, alpha, bravo, _, stranger, _ = trade
    other_campaign = "Trade with another active crew of this campaign."
    _refused_on_page(client, alpha.player, alpha, {"to_crew": alpha.pk, "amount": 1},
                     other_campaign, htmx=htmx)
    _refused_on_page(client, alpha.player, alpha, {"to_crew": stranger.pk, "amount": 1},
                     other_campaign, htmx=htmx)
    _refused_on_page(client, alpha.player, alpha, {"to_crew": bravo.pk, "amount": 11},
                     "Alpha has only 10 scrip to trade.", htmx=htmx)
    _refused_on_page(client, alpha.player, alpha, {"to_crew": bravo.pk, "amount": 0},
                     "greater than or equal to 1", htmx=htmx)
    scrip.gain_scrip(bravo, CAP - 3, week=1, reason="A good week")
    room = CAP - scrip.gained_in_week(bravo, 1)
    _refused_on_page(client, alpha.player, alpha, {"to_crew": bravo.pk, "amount": room + 1},
                     f"Bravo can take only {room} more scrip this week", htmx=htmx)
    _reconciles(alpha, bravo)


def test_the_page_trade_up_to_the_takers_weekly_room(client, trade):
    _, alpha, bravo, *_ = trade
    scrip.gain_scrip(bravo, CAP - 2, week=1, reason="A good week")
    room = CAP - scrip.gained_in_week(bravo, 1)
    assert 0 < room < 10
    response = _page(client, alpha.player, alpha, {"to_crew": bravo.pk, "amount": room})
    assert response.status_code == 302
    assert scrip.gained_in_week(_fresh(bravo), 1) == CAP
    _reconciles(alpha, bravo)


def test_the_page_refuses_when_the_rule_is_off(client, trade):
    campaign, alpha, bravo, *_ = trade
    campaign.collusion_and_trading = False
    campaign.save(update_fields=["collusion_and_trading"])
    before = _snapshot()
    response = _page(client, alpha.player, alpha, {"to_crew": bravo.pk, "amount": 1})
    assert response.status_code == 302 and response.url == alpha.get_absolute_url()
    assert _snapshot() == before
    sheet = client.get(response.url).content.decode()
    assert "does not use the optional rule Collusion and Trading" in sheet
    swapped = _page(client, alpha.player, alpha, {"to_crew": bravo.pk, "amount": 1}, htmx=True)
    assert swapped["HX-Redirect"] == alpha.get_absolute_url()  # the sheet, not in the box
    assert _snapshot() == before


def test_the_service_refuses_an_ended_campaign_and_a_retired_crew(trade):
    from campaign.models import Campaign
    from campaign.services import optional_rules
    from campaign.services.errors import CampaignError

    campaign, alpha, bravo, *_ = trade
    before = _snapshot()
    Crew.objects.filter(pk=alpha.pk).update(status=Crew.Status.RETIRED)
    with pytest.raises(CampaignError, match="Only an active crew may trade"):
        optional_rules.trade_scrip(crew=_fresh(alpha), to_crew=bravo, amount=1,
                                   actor=alpha.player)
    Crew.objects.filter(pk=alpha.pk).update(status=Crew.Status.ACTIVE)
    Campaign.objects.filter(pk=campaign.pk).update(status=Campaign.Status.ENDED)
    with pytest.raises(CampaignError, match="read-only"):
        optional_rules.trade_scrip(crew=_fresh(alpha), to_crew=bravo, amount=1,
                                   actor=alpha.player)
    assert _snapshot() == before


def test_someone_else_cannot_trade_a_crews_scrip_on_the_page(client, trade):
    _, alpha, bravo, *_ = trade
    before = _snapshot()
    assert _page(client, bravo.player, alpha, {"to_crew": bravo.pk, "amount": 5}).status_code \
        == 403
    assert _page(client, bravo.player, alpha).status_code == 403
    assert _snapshot() == before


def test_the_page_waits_for_the_game_in_progress(client, trade):
    campaign, alpha, bravo, charlie, *_ = trade
    play(campaign, alpha, charlie, vp=(3, 1), confirm=False)
    _refused_on_page(client, alpha.player, alpha, {"to_crew": bravo.pk, "amount": 1},
                     "between games")


# --- The API ----------------------------------------------------------------------------


def test_an_api_trade_moves_scrip_and_answers_both_crews(api_client, trade):
    _, alpha, bravo, *_ = trade
    response = _api(api_client, alpha.player, alpha, {"to_crew": bravo.pk, "amount": 3})
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["amount"] == 3
    assert body["crew"]["id"] == alpha.pk and body["crew"]["scrip"] == 7
    assert body["to_crew"]["id"] == bravo.pk and body["to_crew"]["scrip"] == bravo.scrip + 3
    _reconciles(alpha, bravo)


def test_an_organizer_may_trade_for_the_crew(api_client, trade):
    _, alpha, bravo, _, _, organizer = trade
    response = _api(api_client, organizer, alpha, {"to_crew": bravo.pk, "amount": 2})
    assert response.status_code == 201
    assert _fresh(alpha).scrip == 8


@pytest.mark.parametrize(("body", "field"), [
    ({}, "to_crew"),
    ({"to_crew": "x", "amount": 1}, "to_crew"),
    ({"to_crew": 10 ** 30, "amount": 1}, "to_crew"),
    ({"to_crew": "bravo", "amount": 0}, "amount"),
    ({"to_crew": "bravo", "amount": "many"}, "amount"),
    ({"to_crew": "bravo", "amount": 10 ** 6}, "amount"),
    ({"to_crew": "alpha", "amount": 1}, "to_crew"),
    ({"to_crew": "stranger", "amount": 1}, "to_crew"),
])
def test_bad_api_input_is_a_400_with_field_errors(api_client, trade, body, field):
    _, alpha, bravo, _, stranger, _ = trade
    ids = {"alpha": alpha.pk, "bravo": bravo.pk, "stranger": stranger.pk}
    body = {k: ids.get(v, v) if isinstance(v, str) else v for k, v in body.items()}
    before = _snapshot()
    response = _api(api_client, alpha.player, alpha, body)
    assert response.status_code == 400 and field in response.json(), response.json()
    assert _snapshot() == before


def test_api_refusals_are_400s_with_the_reason_and_write_nothing(api_client, trade):
    campaign, alpha, bravo, *_ = trade

    def refused(body, message):
        before = _snapshot()
        response = _api(api_client, alpha.player, alpha, body)
        assert response.status_code == 400
        assert message in " ".join(response.json()["non_field_errors"])
        assert _snapshot() == before

    refused({"to_crew": bravo.pk, "amount": 11}, "Alpha has only 10 scrip to trade.")
    scrip.gain_scrip(bravo, CAP - 1, week=1, reason="A good week")
    room = CAP - scrip.gained_in_week(bravo, 1)
    refused({"to_crew": bravo.pk, "amount": room + 1},
            f"Bravo can take only {room} more scrip this week")
    campaign.collusion_and_trading = False
    campaign.save(update_fields=["collusion_and_trading"])
    refused({"to_crew": bravo.pk, "amount": 1}, "does not use the optional rule")
    _reconciles(alpha, bravo)


def test_someone_else_cannot_trade_a_crews_scrip_by_the_api(api_client, trade):
    campaign, alpha, bravo, *_ = trade
    before = _snapshot()
    assert _api(api_client, bravo.player, alpha,
                {"to_crew": bravo.pk, "amount": 5}).status_code == 403
    outsider = member(campaign.league)
    assert _api(api_client, outsider, alpha, {"to_crew": bravo.pk, "amount": 1}).status_code \
        == 403
    api_client.force_authenticate(None)
    assert api_client.post(f"/api/crews/{alpha.pk}/trade-scrip/",
                           {"to_crew": bravo.pk, "amount": 1}, format="json").status_code == 403
    assert _snapshot() == before


def test_the_weekly_cap_holds_over_several_trades(api_client, trade):
    """Alpha and Charlie both give to Bravo: together never past Bravo's weekly room."""
    _, alpha, bravo, charlie, _, _ = trade
    scrip.credit_starting(charlie, 10 - charlie.scrip, week=1, reason="Set for the test")
    scrip.gain_scrip(bravo, 6, week=1, reason="A good week")
    assert CAP - scrip.gained_in_week(bravo, 1) == 10
    assert _api(api_client, alpha.player, alpha,
                {"to_crew": bravo.pk, "amount": 7}).status_code == 201
    assert _api(api_client, charlie.player, charlie,
                {"to_crew": bravo.pk, "amount": 4}).status_code == 400
    assert _api(api_client, charlie.player, charlie,
                {"to_crew": bravo.pk, "amount": 3}).status_code == 201
    assert scrip.gained_in_week(_fresh(bravo), 1) == CAP
    assert _fresh(alpha).scrip == 3 and _fresh(charlie).scrip == 7
    _reconciles(alpha, bravo, charlie)


def test_the_schema_documents_the_trade(db):
    from tests.edges.routes import openapi_schema

    schema = openapi_schema()
    operation = schema["paths"]["/api/crews/{id}/trade-scrip/"]["post"]
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    request = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert set(request["required"]) == {"to_crew", "amount"}
    assert request["properties"]["amount"]["minimum"] == 1
    assert "201" in operation["responses"]
    assert "Collusion and Trading" in operation["description"]

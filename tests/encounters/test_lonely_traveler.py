"""The Lonely Traveler at the table: a model asks the Traveler for guidance, one recorded
server flip (never cheated) on the chart decides, and the tracker applies it: a kill, a
heal, a Scheme Marker, 2 event scrip or one more Barter flip. Refused outside a Traveler
week, outside play, for another side's model or a model no longer in play."""

import pytest
from django.core.exceptions import PermissionDenied
from rest_framework.test import APIClient

from encounters.models import Casualty, Game, GameLog, HiredModel
from encounters.services import results, tracker, traveler
from encounters.services.common import EncounterError
from rules import services as flip_services
from rules.models import FlipRecord
from tests.encounters.test_pages import act, client_for, errors, main, section, url
from tests.encounters.traveler import game_in_play, traveler_campaign, traveler_flips

pytestmark = pytest.mark.django_db


@pytest.fixture
def week(roster):
    campaign, (alpha, bravo), organizer = traveler_campaign(roster)
    return campaign, alpha, bravo, organizer


@pytest.fixture
def game(week):
    campaign, alpha, bravo, _ = week
    return game_in_play(campaign, alpha, bravo)


def hired(game, key, *, leader=True) -> HiredModel:
    return HiredModel.objects.filter(side__game=game, side__key=key, is_leader=leader) \
        .order_by("id").first()


def ask(game, user, model, **kwargs):
    return traveler.ask_guidance(game=game, actor=user, model=model, **kwargs)


def flips_of(game):
    return FlipRecord.objects.filter(purpose__contains="Lonely Traveler",
                                     subject_id=game.pk).order_by("id")


def last_log(game) -> list[str]:
    return list(GameLog.objects.filter(game=game).order_by("id").values_list("text", flat=True))


# --- Each row of the chart ------------------------------------------------------------


def test_the_red_joker_gives_the_side_one_more_barter_flip(week, game, monkeypatch):
    _, alpha, _, _ = week
    model = hired(game, "a")
    with traveler_flips(monkeypatch, "red-joker") as seed:
        answer = ask(game, alpha.player, model)
    assert answer.card == "RJ" and answer.result.outcome == "extra_barter_flip"
    side = game.sides.get(key="a")
    assert side.traveler_barter_flips == 1
    assert game.sides.get(key="b").traveler_barter_flips == 0
    # A recorded server flip: its seed, its subject, and it replays.
    record = flips_of(game).get()
    assert record.source == FlipRecord.Source.DECK and record.seed == str(seed)
    assert record.cards == ["RJ"] and record.cheated_in == "" and record.net_twist == 0
    assert record.flipped_by == alpha.player
    assert flip_services.replay(record).matches
    log = last_log(game)
    assert any("asked the Lonely Traveler for guidance: flipped RJ" in t for t in log)
    assert "Side a flips one more Barter card at the end of the game (the Lonely Traveler)" \
        in log
    # A second Red Joker is a second flip.
    with traveler_flips(monkeypatch, "red-joker"):
        ask(game, alpha.player, hired(game, "a", leader=False))
    assert game.sides.get(key="a").traveler_barter_flips == 2


def test_the_red_joker_is_carried_in_the_game_record(week, game, monkeypatch):
    _, alpha, bravo, _ = week
    with traveler_flips(monkeypatch, "red-joker"):
        ask(game, bravo.player, hired(game, "b"))
    results.report_result(game=game, actor=alpha.player, vp_a=2, vp_b=3)
    results.confirm_result(game=game, actor=bravo.player)
    record = Game.objects.get(pk=game.pk).record
    assert record["sides"]["b"]["traveler_barter_flips"] == 1
    assert record["sides"]["a"]["traveler_barter_flips"] == 0


@pytest.mark.parametrize("row", ["tomes", "masks"])
def test_tomes_or_masks_earn_two_event_scrip(week, game, monkeypatch, row):
    _, alpha, _, _ = week
    with traveler_flips(monkeypatch, row):
        answer = ask(game, alpha.player, hired(game, "a"))
    assert answer.result.outcome == "scrip" and answer.scrip == 2
    assert game.sides.get(key="a").event_scrip == 2
    assert any(t.startswith("Side a earned 2 event scrip: the Lonely Traveler's guidance")
               for t in last_log(game))


def test_the_traveler_scrip_stays_under_the_event_limit_per_game(week, game, monkeypatch):
    _, alpha, _, _ = week
    tracker.add_event_scrip(game=game, actor=alpha.player, side_key="a", amount=5, why="earlier")
    with traveler_flips(monkeypatch, "tomes"):
        answer = ask(game, alpha.player, hired(game, "a"))
    assert answer.scrip == 1
    assert game.sides.get(key="a").event_scrip == 6


def test_the_black_joker_kills_the_model(week, game, monkeypatch):
    _, alpha, _, _ = week
    model = hired(game, "a", leader=False)
    with traveler_flips(monkeypatch, "black-joker"):
        answer = ask(game, alpha.player, model)
    casualty = Casualty.objects.get(game=game)
    assert answer.casualty == casualty and answer.result.outcome == "model_killed"
    assert casualty.model == model and casualty.side.key == "a"
    assert casualty.how == Casualty.How.KILLED
    # No model killed it: the effect is the Traveler's, credited to nobody.
    assert casualty.by_model is None and casualty.by_table_model is None
    assert casualty.by_effect == "the Lonely Traveler" and casualty.by_side == ""
    assert casualty.finished_off == Casualty.FinishedOff.PENDING  # flipped as usual
    assert f"{model.name} was killed by the Lonely Traveler" in last_log(game)
    # Dead: no longer offered, and refused if asked again.
    game = Game.objects.get(pk=game.pk)
    assert model not in traveler.offer(game, game.sides.get(key="a"))
    with pytest.raises(EncounterError, match="not in play"):
        ask(game, alpha.player, model)


def test_rams_heal_and_crows_offer_a_scheme_marker_in_the_log(week, game, monkeypatch):
    _, alpha, _, _ = week
    model = hired(game, "a")
    with traveler_flips(monkeypatch, "rams"):
        assert ask(game, alpha.player, model).result.outcome == "heal_all"
    with traveler_flips(monkeypatch, "crows"):
        assert ask(game, alpha.player, model).result.outcome == "scheme_marker"
    log = last_log(game)
    assert f"{model.name} heals all its damage (remove it at the table)" in log
    assert any(t.startswith("Side a may place a Scheme Marker anywhere") for t in log)
    side = game.sides.get(key="a")
    assert side.event_scrip == 0 and side.traveler_barter_flips == 0
    assert not game.casualties.exists() and not game.marker_changes.exists()


# --- Refusals -------------------------------------------------------------------------


def _nothing_written(game):
    assert not flips_of(game).exists()
    assert not game.casualties.exists()
    assert all(s.event_scrip == 0 and s.traveler_barter_flips == 0 for s in game.sides.all())


def test_refused_outside_a_lonely_traveler_week(campaign_week):
    campaign, alpha, bravo, _ = campaign_week  # contract-work
    game = game_in_play(campaign, alpha, bravo)
    assert traveler.offer(game, game.sides.get(key="a")) == []
    with pytest.raises(EncounterError, match="not on the table this week"):
        ask(game, alpha.player, hired(game, "a"))
    _nothing_written(game)


def test_refused_for_an_opponents_model_or_one_of_another_game(week, game):
    campaign, alpha, bravo, _ = week
    with pytest.raises(EncounterError, match="controller") as refused:
        ask(game, alpha.player, hired(game, "b"))
    assert refused.value.field == "model"
    other = game_in_play(campaign, alpha, bravo)
    with pytest.raises(EncounterError, match="not hired in this game"):
        ask(game, alpha.player, hired(other, "a"))
    _nothing_written(game)


def test_refused_for_a_model_not_in_play(week, game):
    _, alpha, bravo, _ = week
    model = hired(game, "a", leader=False)
    tracker.record_casualty(game=game, actor=bravo.player, side_key="a", model=model,
                            by_model=hired(game, "b"))
    with pytest.raises(EncounterError, match="not in play"):
        ask(game, alpha.player, model)
    assert not flips_of(game).exists()
    tracker.strategic_withdraw(game=game, actor=alpha.player)  # the whole crew leaves
    with pytest.raises(EncounterError, match="not in play"):
        ask(game, alpha.player, hired(game, "a"))
    assert traveler.offer(Game.objects.get(pk=game.pk), game.sides.get(key="a")) == []


def test_refused_while_the_game_is_not_in_play(week):
    campaign, alpha, bravo, _ = week
    game = game_in_play(campaign, alpha, bravo)
    results.report_result(game=game, actor=alpha.player, vp_a=1, vp_b=0)
    with pytest.raises(EncounterError, match="not in play"):
        ask(game, alpha.player, hired(game, "a"))
    _nothing_written(game)


def test_the_flip_cannot_be_cheated(week, game, monkeypatch):
    _, alpha, _, _ = week
    with traveler_flips(monkeypatch, "black-joker"), \
            pytest.raises(EncounterError, match="Nobody may cheat") as refused:
        ask(game, alpha.player, hired(game, "a"), cheated_in="13M")
    assert refused.value.field == "cheated_in"
    _nothing_written(game)
    # The flip is the server's own card, untwisted: no Soulstone or hand changes it.
    with traveler_flips(monkeypatch, "black-joker"):
        ask(game, alpha.player, hired(game, "a"))
    record = flips_of(game).get()
    assert record.cards == ["BJ"] and record.chosen == "BJ"
    assert record.net_twist == 0 and record.cheated_in == ""


def test_only_the_models_controller_asks(week, game):
    _, _, _, organizer = week
    with pytest.raises(PermissionDenied):
        ask(game, organizer, hired(game, "a"))
    _nothing_written(game)


# --- The tracker page -----------------------------------------------------------------


def test_the_tracker_offers_the_traveler_only_in_its_week(week, game, campaign_week):
    _, alpha, _, organizer = week
    page = main(client_for(alpha.player).get(game.get_absolute_url()))
    form = section(page, "traveler")
    assert url("traveler-guidance", game) in form
    options = [hired(game, "a"), hired(game, "a", leader=False)]
    assert all(f'value="{m.pk}"' in form for m in options)
    assert f'value="{hired(game, "b").pk}"' not in form  # only the player's own models
    assert 'id="traveler"' not in main(client_for(organizer).get(game.get_absolute_url()))
    # Another week: nothing offered.
    campaign, other_alpha, other_bravo, _ = campaign_week
    elsewhere = game_in_play(campaign, other_alpha, other_bravo)
    assert 'id="traveler"' not in main(
        client_for(other_alpha.player).get(elsewhere.get_absolute_url()))


def test_asking_through_the_page_shows_the_outcome_in_the_log(week, game, monkeypatch):
    _, alpha, _, _ = week
    client = client_for(alpha.player)
    with traveler_flips(monkeypatch, "masks"):
        html = act(client, "traveler-guidance", game, {"model": hired(game, "a").pk})
    assert not errors(html)
    assert "asked the Lonely Traveler for guidance" in html
    assert "earned 2 event scrip" in html
    refused = act(client, "traveler-guidance", game, {"model": hired(game, "b").pk})
    assert errors(refused) == ["Only a model&#x27;s controller asks the Traveler for it."]
    assert errors(act(client, "traveler-guidance", game, {"model": "x"}))
    assert flips_of(game).count() == 1


# --- The API --------------------------------------------------------------------------


def api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_api_asks_and_answers_the_game_with_the_guidance(week, game, monkeypatch):
    _, alpha, _, _ = week
    model = hired(game, "a")
    with traveler_flips(monkeypatch, "red-joker"):
        response = api(alpha.player).post(f"/api/games/{game.pk}/traveler-guidance/",
                                          {"model": model.pk}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["guidance"]["card"] == "RJ"
    assert body["guidance"]["outcome"] == "extra_barter_flip"
    assert body["guidance"]["model"] == model.pk
    assert body["guidance"]["flip"] == flips_of(game).get().pk
    assert body["id"] == game.pk
    assert [s["traveler_barter_flips"] for s in body["sides"]] == [1, 0]
    assert any("Lonely Traveler" in entry["text"] for entry in body["log"])


def test_the_api_refuses_bad_input_with_field_errors(week, game, campaign_week):
    _, alpha, _, _ = week
    client = api(alpha.player)
    path = f"/api/games/{game.pk}/traveler-guidance/"

    def refused(body, target=path, by=client):
        response = by.post(target, body, format="json")
        assert response.status_code == 400, response.content
        return response.json()

    assert "model" in refused({})
    assert "model" in refused({"model": 10**9})
    assert refused({"model": hired(game, "b").pk}) == {
        "model": ["Only a model's controller asks the Traveler for it."]}
    assert "cheated_in" in refused({"model": hired(game, "a").pk, "cheated_in": "13M"})
    other = game_in_play(*campaign_week[:3])  # a contract-work week
    assert refused({"model": hired(other, "a").pk}, f"/api/games/{other.pk}/traveler-guidance/",
                   api(campaign_week[1].player)) == {
        "non_field_errors": ["The Lonely Traveler is not on the table this week."]}
    results.report_result(game=game, actor=alpha.player, vp_a=1, vp_b=0)
    assert "non_field_errors" in refused({"model": hired(game, "a").pk})
    assert not flips_of(game).exists()


def test_the_api_operation_is_documented():
    from tests.edges.routes import openapi_schema

    operation = openapi_schema()["paths"]["/api/games/{id}/traveler-guidance/"]["post"]
    assert "Lonely Traveler" in operation["description"]
    body = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    assert body.endswith("/TravelerGuidanceRequest")

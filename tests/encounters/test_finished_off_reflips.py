"""Finished Off reflips from Hide Out Fortifications: Grizzled Bartender (own models, twice
per game), Tasteful Dirge (own models that fell in the Deployment Zone) and Gallows (any
flip, once per game). The reflip is a new recorded flip that decides the result; every
refusal writes nothing. Cards are entered from the table or come from a seeded deck, so
nothing depends on luck."""

import functools
from contextlib import contextmanager

import pytest
from django.core.exceptions import PermissionDenied
from rest_framework.test import APIClient

from campaign.models import Fortification, HideOut
from encounters.models import Casualty, Game, GameLog, HiredModel
from encounters.services import results, tracker
from encounters.services.common import EncounterError
from encounters.services.finished_off import reflip_finished_off
from rules import services as flip_services
from rules.engine.deck import FateDeck
from rules.models import FlipRecord
from tests.encounters.test_pages import act, client_for, errors, main, section
from tests.encounters.test_tracker_rules import in_play  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db

BARTENDER, DIRGE, GALLOWS = "grizzled-bartender", "tasteful-dirge", "gallows"
HIDE_OUTS = {BARTENDER: "saloon", "bouncer": "saloon", DIRGE: "mausoleum",
             GALLOWS: "guild-outpost"}

FINISHED, SPARED = Casualty.FinishedOff.FINISHED, Casualty.FinishedOff.SPARED


def fortify(crew, *keys):
    """Build Fortifications for the test (the Hide Out is the first key's)."""
    hide_out, _ = HideOut.objects.get_or_create(
        crew=crew, defaults={"hide_out_key": HIDE_OUTS[keys[0]], "name": HIDE_OUTS[keys[0]]})
    for key in keys:
        Fortification.objects.create(hide_out=hide_out, key=key, name=key, built_week=1)


def fallen(game, crews, side_key, index=0, card="2M", threshold=3, cheated_in=None):
    """A model of ``side_key`` killed, and its controller's Finished Off flip (a table
    card: 2 spares, 3 or more Finishes Off)."""
    alpha, bravo = crews
    victim = HiredModel.objects.filter(side__game=game, side__key=side_key,
                                       is_leader=False).order_by("id")[index]
    casualty = tracker.record_casualty(game=game, actor=alpha.player, side_key=side_key,
                                       model=victim, by_effect="a blast")
    controller = alpha if side_key == "a" else bravo
    return tracker.flip_finished_off(casualty=casualty, actor=controller.player,
                                     table_card=card, threshold=threshold,
                                     cheated_in=cheated_in)


def snapshot(game):
    """Everything a reflip could write."""
    return (FlipRecord.objects.count(), GameLog.objects.filter(game=game).count(),
            list(Casualty.objects.filter(game=game).order_by("id").values()))


@contextmanager
def unchanged(game, match):
    before = snapshot(game)
    with pytest.raises(EncounterError, match=match):
        yield
    assert snapshot(game) == before


@functools.cache
def seed_for(*values: int) -> int:
    """The first deck seed whose top cards have these values (in order)."""
    for seed in range(1, 200_000):
        cards = FateDeck(seed).flip(len(values))
        if tuple(c.value for c in cards) == values and not any(c.is_joker for c in cards):
            return seed
    raise AssertionError(f"no seed turns over {values}")


@contextmanager
def seeded(monkeypatch, *values):
    seed = seed_for(*values)
    with monkeypatch.context() as patch:
        patch.setattr(FateDeck, "fresh", classmethod(lambda cls, **kw: cls(seed, **kw)))
        yield seed


def last_log(game) -> str:
    return GameLog.objects.filter(game=game).order_by("-id").first().text


@pytest.fixture
def game(in_play):  # noqa: F811
    game, alpha, bravo = in_play
    return game, (alpha, bravo)


# --- Each Fortification --------------------------------------------------------------


def test_grizzled_bartender_reflips_its_own_models_twice_per_game(game):
    game, (alpha, bravo) = game
    fortify(bravo, BARTENDER)
    first, second, third = (fallen(game, (alpha, bravo), "b", i) for i in range(3))
    assert first.finished_off == SPARED
    done = reflip_finished_off(casualty=first, actor=bravo.player, source=BARTENDER,
                               table_card="9R")
    assert done.finished_off == FINISHED  # the new card decides: 9 Finishes it Off
    row = Casualty.objects.select_related("flip", "reflip").get(pk=first.pk)
    assert row.flip.cards == ["2M"] and row.reflip.cards == ["9R"]  # both flips kept
    assert row.reflip.source == FlipRecord.Source.TABLE and row.reflip.flipped_by == bravo.player
    assert row.reflipped_with == BARTENDER and row.reflipped_by.key == "b"
    assert row.final_flip == row.reflip
    assert last_log(game).startswith("Side b reflipped ")
    assert "Finished Off flip (2M) with Grizzled Bartender: flipped 9R: Finished Off" \
        in last_log(game)
    again = reflip_finished_off(casualty=second, actor=bravo.player, source=BARTENDER,
                                table_card="1C")
    assert again.finished_off == SPARED
    with unchanged(game, r"Grizzled Bartender has no use left this game \(2 per game\)"):
        reflip_finished_off(casualty=third, actor=bravo.player, source=BARTENDER,
                            table_card="13R")


def test_a_server_reflip_is_recorded_and_replays(game, monkeypatch):
    game, crews = game
    _, bravo = crews
    fortify(bravo, BARTENDER)
    casualty = fallen(game, crews, "b", card="12M")
    assert casualty.finished_off == FINISHED
    with seeded(monkeypatch, 2) as seed:
        done = reflip_finished_off(casualty=casualty, actor=bravo.player, source=BARTENDER)
    assert done.finished_off == SPARED  # a 2 spares it
    record = Casualty.objects.get(pk=casualty.pk).reflip
    assert record.source == FlipRecord.Source.DECK and record.seed == str(seed)
    assert record.net_twist == 0 and record.subject_id == casualty.pk
    assert flip_services.replay(record).matches


def test_tasteful_dirge_needs_the_deployment_zone_and_has_no_limit(game):
    game, crews = game
    alpha, _ = crews
    fortify(alpha, DIRGE)
    rows = [fallen(game, crews, "a", i, card="10T") for i in range(3)]
    with unchanged(game, "only a model killed or sacrificed in your Deployment Zone"):
        reflip_finished_off(casualty=rows[0], actor=alpha.player, source=DIRGE,
                            table_card="1T")
    for row in rows:  # three reflips in one game
        done = reflip_finished_off(casualty=row, actor=alpha.player, source=DIRGE,
                                   table_card="1T", in_deployment_zone=True)
        assert done.finished_off == SPARED
    assert "with Tasteful Dirge: flipped 1T" in last_log(game)
    enemy = fallen(game, crews, "b", card="10T")
    with unchanged(game, "Tasteful Dirge reflips only your own models"):
        reflip_finished_off(casualty=enemy, actor=alpha.player, source=DIRGE,
                            in_deployment_zone=True)


def test_gallows_reflips_any_flip_once_per_game(game):
    game, crews = game
    alpha, _ = crews
    fortify(alpha, GALLOWS)
    enemy = fallen(game, crews, "b", card="1R")
    mine = fallen(game, crews, "a", card="13R")
    done = reflip_finished_off(casualty=enemy, actor=alpha.player, source=GALLOWS,
                               table_card="11C")
    assert done.finished_off == FINISHED  # the enemy model's flip, reflipped by Alpha
    row = Casualty.objects.get(pk=enemy.pk)
    assert row.reflipped_by.key == "a" and row.reflipped_with == GALLOWS
    assert last_log(game).startswith("Side a reflipped ")
    with unchanged(game, r"Gallows has no use left this game \(1 per game\)"):
        reflip_finished_off(casualty=mine, actor=alpha.player, source=GALLOWS,
                            table_card="1C")


def test_each_crew_with_gallows_has_its_own_use(game):
    game, crews = game
    alpha, bravo = crews
    fortify(alpha, GALLOWS)
    fortify(bravo, GALLOWS)
    one, two = fallen(game, crews, "b", 0, card="5R"), fallen(game, crews, "b", 1, card="5R")
    reflip_finished_off(casualty=one, actor=alpha.player, source=GALLOWS, table_card="1R")
    done = reflip_finished_off(casualty=two, actor=bravo.player, source=GALLOWS,
                               table_card="1R")
    assert done.finished_off == SPARED


def test_tough_as_nails_keeps_its_threshold_on_the_reflip(game):
    game, crews = game
    _, bravo = crews
    fortify(bravo, BARTENDER)
    casualty = fallen(game, crews, "b", card="12M", threshold=11)
    assert casualty.finished_off == FINISHED and casualty.threshold == 11
    done = reflip_finished_off(casualty=casualty, actor=bravo.player, source=BARTENDER,
                               table_card="10M")
    assert done.finished_off == SPARED  # 10 is under 11


# --- Refusals write nothing ------------------------------------------------------------


def test_a_crew_without_the_fortification_is_refused(game):
    game, crews = game
    alpha, bravo = crews
    fortify(alpha, BARTENDER)
    casualty = fallen(game, crews, "b")
    for source in (BARTENDER, DIRGE, GALLOWS):
        with unchanged(game, "Your crew has no"):
            reflip_finished_off(casualty=casualty, actor=bravo.player, source=source,
                                in_deployment_zone=True)
    with unchanged(game, "Choose a Fortification that reflips"):
        reflip_finished_off(casualty=casualty, actor=bravo.player, source="bouncer")


def test_the_opponent_cannot_use_the_bartender_on_your_model(game):
    game, crews = game
    alpha, _ = crews
    fortify(alpha, BARTENDER)
    casualty = fallen(game, crews, "b")
    with unchanged(game, "Grizzled Bartender reflips only your own models"):
        reflip_finished_off(casualty=casualty, actor=alpha.player, source=BARTENDER)


def test_a_cheated_flip_cannot_be_reflipped(game):
    game, crews = game
    alpha, bravo = crews
    fortify(bravo, BARTENDER)
    fortify(alpha, GALLOWS)
    casualty = fallen(game, crews, "b", card="9M", cheated_in="1R")
    assert casualty.finished_off == SPARED
    for actor, source in ((bravo, BARTENDER), (alpha, GALLOWS)):
        with unchanged(game, "A cheated Finished Off flip cannot be reflipped"):
            reflip_finished_off(casualty=casualty, actor=actor.player, source=source)


def test_a_flip_is_reflipped_once(game):
    game, crews = game
    alpha, bravo = crews
    fortify(bravo, BARTENDER)
    fortify(alpha, GALLOWS)
    casualty = fallen(game, crews, "b")
    reflip_finished_off(casualty=casualty, actor=bravo.player, source=BARTENDER,
                        table_card="4R")
    for actor, source in ((bravo, BARTENDER), (alpha, GALLOWS)):
        with unchanged(game, "already reflipped"):
            reflip_finished_off(casualty=casualty, actor=actor.player, source=source)


def test_only_a_settled_flip_of_a_game_in_play_is_reflipped(game, django_user_model):
    game, crews = game
    alpha, bravo = crews
    fortify(bravo, BARTENDER)
    victim = HiredModel.objects.filter(side__game=game, side__key="b").order_by("id").last()
    pending = tracker.record_casualty(game=game, actor=alpha.player, side_key="b",
                                      model=victim)
    with unchanged(game, "Only a Finished Off flip that was made"):
        reflip_finished_off(casualty=pending, actor=bravo.player, source=BARTENDER)
    flipped = fallen(game, crews, "b")
    before = snapshot(game)
    with pytest.raises(PermissionDenied):  # only the game's players
        reflip_finished_off(casualty=flipped, actor=django_user_model.objects.create_user(
            "stranger"), source=BARTENDER)
    assert snapshot(game) == before
    Game.objects.filter(pk=game.pk).update(state=Game.State.REPORTED)
    with unchanged(game, "not in play"):
        reflip_finished_off(casualty=flipped, actor=bravo.player, source=BARTENDER)


def test_cheating_a_reflip_follows_the_first_flips_rules(game):
    game, crews = game
    alpha, bravo = crews
    fortify(bravo, BARTENDER)
    fortify(alpha, GALLOWS)
    enemy = fallen(game, crews, "b", 0, card="10R")
    with unchanged(game, "Only the model's controller may cheat"):
        reflip_finished_off(casualty=enemy, actor=alpha.player, source=GALLOWS,
                            table_card="9R", cheated_in="1M")
    done = reflip_finished_off(casualty=enemy, actor=bravo.player, source=BARTENDER,
                               table_card="9R", cheated_in="1M")
    assert done.finished_off == SPARED and done.reflip.cheated_in == "1M"
    game.campaign.unavoidable_injury = True
    game.campaign.save(update_fields=["unavoidable_injury"])
    other = fallen(game, crews, "b", 1, card="10R")
    with unchanged(game, "Unavoidable Injury"):
        reflip_finished_off(casualty=other, actor=bravo.player, source=BARTENDER,
                            table_card="9R", cheated_in="1M")


# --- Bouncer, the game record ------------------------------------------------------------


def test_bouncer_twists_the_reflip_of_its_crews_models(game, monkeypatch):
    game, crews = game
    alpha, bravo = crews
    fortify(bravo, BARTENDER, "bouncer")
    fortify(alpha, GALLOWS)
    mine, other = fallen(game, crews, "b", 0, card="9M"), fallen(game, crews, "b", 1, card="9M")
    with seeded(monkeypatch, 12, 2):
        done = reflip_finished_off(casualty=mine, actor=bravo.player, source=BARTENDER)
    record = Casualty.objects.get(pk=mine.pk).reflip
    assert len(record.cards) == 2 and record.net_twist == 1 and record.chosen == record.final
    assert FateDeck(seed_for(12, 2)).flip(2)[1].code == record.chosen  # the lowest: 2
    assert done.finished_off == SPARED
    assert "(Bouncer: +)" in last_log(game)
    # Gallows used by the enemy on Bravo's model: still Bravo's flip, still twisted.
    with seeded(monkeypatch, 12, 2):
        reflip_finished_off(casualty=other, actor=alpha.player, source=GALLOWS)
    assert Casualty.objects.get(pk=other.pk).reflip.net_twist == 1


def test_the_game_record_carries_the_reflipped_result(game):
    game, crews = game
    alpha, bravo = crews
    fortify(bravo, BARTENDER)
    spared = fallen(game, crews, "b", 0, card="2M")
    reflip_finished_off(casualty=spared, actor=bravo.player, source=BARTENDER, table_card="8M")
    results.report_result(game=game, actor=alpha.player, vp_a=2, vp_b=3)
    results.confirm_result(game=game, actor=bravo.player)
    record = Game.objects.get(pk=game.pk).record
    assert record["sides"]["b"]["finished_off"] == [spared.model.arsenal_model_id]
    kill = next(k for k in record["kills"] if k["victim"] == spared.model.arsenal_model_id)
    assert kill["finished_off"] == "finished"


# --- The page ----------------------------------------------------------------------------


def test_the_tracker_offers_the_reflip_to_the_player_who_may_use_it(game):
    game, crews = game
    alpha, bravo = crews
    fortify(bravo, BARTENDER)
    casualty = fallen(game, crews, "b")
    offered = section(main(client_for(bravo.player).get(game.get_absolute_url())),
                      f"fo-reflip-{casualty.pk}")
    assert "Reflip (Grizzled Bartender, 2 left)" in offered
    assert 'name="cheated_in"' in offered  # the controller may cheat
    assert "fo-reflip" not in main(client_for(alpha.player).get(game.get_absolute_url()))
    html = act(client_for(bravo.player), "reflip-finished-off", game,
               {"source": BARTENDER, "table_card": "9R"}, casualty.pk)
    assert not errors(html)
    assert "reflipped 9R: Finished Off." in html
    assert "(2 of Masks, reflipped: 9 of Rams)" in html
    assert f"fo-reflip-{casualty.pk}" not in html  # one reflip per flip


def test_the_page_works_without_javascript_and_refuses_with_a_message(game):
    game, crews = game
    alpha, _ = crews
    fortify(alpha, DIRGE)
    casualty = fallen(game, crews, "a")
    client = client_for(alpha.player)
    offered = section(main(client.get(game.get_absolute_url())), f"fo-reflip-{casualty.pk}")
    assert "Reflip (Tasteful Dirge)" in offered and 'name="in_deployment_zone"' in offered
    before = snapshot(game)
    html = act(client, "reflip-finished-off", game, {"source": DIRGE}, casualty.pk, htmx=False)
    assert any("Deployment Zone" in e for e in errors(html))
    assert errors(act(client, "reflip-finished-off", game, {"source": "nothing"}, casualty.pk))
    assert errors(act(client, "reflip-finished-off", game, {"source": DIRGE}, 10**9))
    assert snapshot(game) == before
    html = act(client, "reflip-finished-off", game,
               {"source": DIRGE, "in_deployment_zone": "on", "table_card": "13T"}, casualty.pk,
               htmx=False)
    assert not errors(html) and "reflipped 13T: Finished Off." in html


# --- The API ------------------------------------------------------------------------------


def api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def path(game, casualty):
    return f"/api/games/{game.pk}/casualties/{casualty.pk}/reflip-finished-off/"


def test_the_api_reflips_and_answers_the_game(game):
    game, crews = game
    alpha, _ = crews
    fortify(alpha, GALLOWS)
    casualty = fallen(game, crews, "b", card="2R")
    response = api(alpha.player).post(path(game, casualty),
                                      {"source": GALLOWS, "table_card": "kr"}, format="json")
    assert response.status_code == 200, response.content
    row = next(c for c in response.json()["casualties"] if c["id"] == casualty.pk)
    assert row == {**row, "finished_off": "finished", "flip": "2R", "reflip": "13R",
                   "reflipped_with": GALLOWS}


def test_the_api_refuses_bad_input_with_field_errors(game):
    game, crews = game
    alpha, bravo = crews
    fortify(bravo, BARTENDER)
    casualty = fallen(game, crews, "b")
    client = api(bravo.player)
    before = snapshot(game)

    def refused(body, by=client):
        response = by.post(path(game, casualty), body, format="json")
        assert response.status_code == 400, response.content
        return response.json()

    assert "source" in refused({})
    assert "source" in refused({"source": "bouncer"})
    assert "table_card" in refused({"source": BARTENDER, "table_card": "ZZ"})
    assert "cheated_in" in refused({"source": BARTENDER, "cheated_in": "99X"})
    assert "in_deployment_zone" in refused({"source": DIRGE, "in_deployment_zone": "maybe"})
    assert refused({"source": GALLOWS}) == {
        "non_field_errors": ["Your crew has no Gallows."]}
    assert "non_field_errors" in refused({"source": BARTENDER}, api(alpha.player))
    assert snapshot(game) == before


def test_the_api_operation_is_documented():
    from tests.edges.routes import openapi_schema

    operation = openapi_schema()["paths"][
        "/api/games/{id}/casualties/{casualty_id}/reflip-finished-off/"]["post"]
    assert "Gallows" in operation["description"]
    body = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    assert body.endswith("/ReflipFinishedOffRequest")

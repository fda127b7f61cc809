"""Hide Out Fortifications paid in Scrip at the table: Brain In a Jar (1 Scrip instead of
a Soulstone for the initiative reflip), Metal Servant (once per game, 1 Scrip to reflip
the Strategy before crews are revealed and schemes chosen) and BBQ (once per Turn after
initiative, 1 Scrip to heal 1 damage, logged for the table). Each pays 1 Scrip through
the ledger; every refusal writes nothing. Server flips come from seeded decks."""

from __future__ import annotations

import functools
from contextlib import contextmanager

import pytest
from django.core.exceptions import PermissionDenied
from rest_framework.test import APIClient

from campaign.models import Crew, Fortification, HideOut, ScripEntry
from campaign.services import scrip
from encounters.models import Game, GameLog, HiredModel, ScripEffect, Side
from encounters.services import games, scrip_effects, tracker
from encounters.services.common import EncounterError
from rules.encounter_tables import encounter_tables
from rules.engine.cards import Card
from rules.engine.deck import FateDeck
from rules.models import FlipRecord
from tests.campaign.factories import campaign_in_week_one
from tests.encounters.test_pages import act, client_for, errors, section, url
from tests.encounters.traveler import game_in_play

pytestmark = pytest.mark.django_db


# --- Helpers ----------------------------------------------------------------------------


@functools.cache
def seed_where(test) -> int:
    for seed in range(1, 200_000):
        if test(FateDeck(seed).flip(1)[0]):
            return seed
    raise AssertionError("no seed")


@contextmanager
def first_card(monkeypatch, test):
    """Every fresh server deck in the block turns over a first card passing ``test``."""
    seed = seed_where(test)
    with monkeypatch.context() as patch:
        patch.setattr(FateDeck, "fresh", classmethod(lambda cls, **kw: cls(seed, **kw)))
        yield FateDeck(seed).flip(1)[0]


def a_king(card: Card) -> bool:
    return not card.is_joker and card.value == 13


def fortify(crew, hide_out, *keys):
    home, _ = HideOut.objects.get_or_create(crew=crew, defaults={"hide_out_key": hide_out,
                                                                 "name": hide_out})
    for key in keys:
        Fortification.objects.create(hide_out=home, key=key, name=key, built_week=1)


def give_scrip(crew, amount, organizer):
    crew.refresh_from_db()
    scrip.adjust_scrip(crew, amount - crew.scrip, week=1, reason="Set for the test",
                       actor=organizer)


def snapshot(game):
    """Everything these effects may write, to compare before and after a refusal."""
    game = Game.objects.get(pk=game.pk)
    return (ScripEntry.objects.count(), ScripEffect.objects.count(),
            FlipRecord.objects.count(), GameLog.objects.filter(game=game).count(),
            list(Crew.objects.order_by("pk").values_list("scrip", flat=True)),
            list(Side.objects.filter(game=game).values_list("soulstone_pool", flat=True)),
            game.setup, game.initiative, game.first_player)


def reconciles(*crews):
    for crew in crews:
        crew.refresh_from_db()
        assert scrip.ledger_balance(crew) == crew.scrip


def refused(game, call, message=None, exc=EncounterError):
    before = snapshot(game)
    with pytest.raises(exc) as info:
        call()
    assert snapshot(game) == before
    if message:
        assert message in str(info.value)


@pytest.fixture
def week(roster):
    campaign, (alpha, bravo), organizer = campaign_in_week_one(roster,
                                                              competitive_mode="hide_outs")
    give_scrip(alpha, 3, organizer)
    give_scrip(bravo, 3, organizer)
    return campaign, alpha, bravo, organizer


@pytest.fixture
def in_play(week):
    campaign, alpha, bravo, _ = week
    return game_in_play(campaign, alpha, bravo)


@pytest.fixture
def set_up(week):
    campaign, alpha, bravo, _ = week
    return games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)


def flip_initiative(game, player):
    """Side b goes first: 5 against 9, flipped at the table."""
    tracker.flip_initiative(game=game, actor=player, table_cards={"a": "5R", "b": "9M"})
    return Game.objects.get(pk=game.pk)


def leader(game, key) -> HiredModel:
    return HiredModel.objects.get(side__game=game, side__key=key, is_leader=True)


def spends(crew, name):
    return list(ScripEntry.objects.filter(crew=crew, kind=ScripEntry.Kind.SPEND,
                                          reason__startswith=name).values_list("amount", "reason"))


# --- Brain In a Jar ---------------------------------------------------------------------


def test_brain_in_a_jar_pays_one_scrip_instead_of_a_soulstone(week, in_play, monkeypatch):
    _, alpha, _, _ = week
    fortify(alpha, "hidden-lab", "brain-in-a-jar")
    game = flip_initiative(in_play, alpha.player)
    pool = game.sides.get(key="a").soulstone_pool
    with first_card(monkeypatch, a_king) as king:
        card = tracker.reflip_initiative(game=game, actor=alpha.player, pay="scrip")
    game.refresh_from_db()
    assert card == king.code and game.initiative["a"] == king.code and game.first_player == "a"
    assert game.sides.get(key="a").soulstone_pool == pool  # no Soulstone spent
    alpha.refresh_from_db()
    assert alpha.scrip == 2
    assert spends(alpha, "Brain In a Jar") == [
        (-1, f"Brain In a Jar: reflipped initiative, Turn 1 (Game {game.pk})")]
    reconciles(alpha)
    use = ScripEffect.objects.get()
    assert use.kind == "brain-in-a-jar" and use.turn == 1 and use.flip.final == king.code
    assert GameLog.objects.filter(
        game=game, text__startswith="Side a spent 1 Scrip (Brain In a Jar) to reflip").exists()


def test_the_soulstone_reflip_is_unchanged(week, in_play, monkeypatch):
    _, alpha, _, _ = week
    fortify(alpha, "hidden-lab", "brain-in-a-jar")
    game = flip_initiative(in_play, alpha.player)
    Side.objects.filter(game=game, key="a").update(soulstone_pool=2)
    with first_card(monkeypatch, a_king):
        tracker.reflip_initiative(game=game, actor=alpha.player)
    assert game.sides.get(key="a").soulstone_pool == 1
    alpha.refresh_from_db()
    assert alpha.scrip == 3 and not ScripEffect.objects.exists()


def test_brain_in_a_jar_refusals_write_nothing(week, in_play):
    _, alpha, bravo, organizer = week
    game = in_play
    fortify(alpha, "hidden-lab", "brain-in-a-jar")
    refused(game, lambda: tracker.reflip_initiative(game=game, actor=alpha.player, pay="scrip"),
            "Flip for initiative this turn")
    game = flip_initiative(game, alpha.player)
    refused(game, lambda: tracker.reflip_initiative(game=game, actor=bravo.player, pay="scrip"),
            "has no Brain In a Jar")
    refused(game, lambda: tracker.reflip_initiative(game=game, actor=alpha.player, pay="gold"),
            "Pay with a soulstone or with scrip")
    refused(game, lambda: tracker.reflip_initiative(game=game, actor=organizer, pay="scrip"),
            exc=PermissionDenied)
    give_scrip(alpha, 0, organizer)
    refused(game, lambda: tracker.reflip_initiative(game=game, actor=alpha.player, pay="scrip"),
            "costs 1 Scrip; your crew has none")
    reconciles(alpha, bravo)


# --- Metal Servant ----------------------------------------------------------------------


def other_strategy(key):
    tables = encounter_tables()
    return lambda card: tables.standard_strategy_for(card).key != key


def test_metal_servant_reflips_the_strategy_once_per_game(week, set_up, monkeypatch):
    _, alpha, bravo, _ = week
    fortify(alpha, "hidden-lab", "metal-servant")
    game = set_up
    old = game.setup["strategy"]
    with first_card(monkeypatch, other_strategy(old)) as card:
        new = scrip_effects.reflip_strategy(game=game, actor=alpha.player)
    game.refresh_from_db()
    assert new == encounter_tables().standard_strategy_for(card).key != old
    assert game.setup["strategy"] == new
    kept = [f for f in game.setup["flips"] if f["purpose"].startswith("strategy")]
    assert [f["kept"] for f in kept] == [False, True] and kept[1]["card"] == card.code
    record = FlipRecord.objects.filter(purpose__contains="Metal Servant").get()
    assert record.final == card.code and record.subject_id == game.pk
    assert ScripEffect.objects.get().flip == record
    alpha.refresh_from_db()
    assert alpha.scrip == 2 and len(spends(alpha, "Metal Servant")) == 1
    reconciles(alpha, bravo)
    assert GameLog.objects.filter(game=game, text__contains=f"{old} becomes {new}").exists()
    refused(game, lambda: scrip_effects.reflip_strategy(game=game, actor=alpha.player),
            "used Metal Servant in this game")


def test_metal_servant_each_crew_once(week, set_up, monkeypatch):
    _, alpha, bravo, _ = week
    fortify(alpha, "hidden-lab", "metal-servant")
    fortify(bravo, "hidden-lab", "metal-servant")
    with first_card(monkeypatch, a_king):
        scrip_effects.reflip_strategy(game=set_up, actor=alpha.player)
        scrip_effects.reflip_strategy(game=set_up, actor=bravo.player)
    assert ScripEffect.objects.count() == 2
    reconciles(alpha, bravo)


def test_metal_servant_window_and_refusals_write_nothing(week, set_up):
    _, alpha, bravo, organizer = week
    game = set_up
    fortify(alpha, "hidden-lab", "metal-servant")
    call = functools.partial(scrip_effects.reflip_strategy, game=game, actor=alpha.player)
    refused(game, functools.partial(scrip_effects.reflip_strategy, game=game,
                                    actor=bravo.player), "has no Metal Servant")
    refused(game, functools.partial(scrip_effects.reflip_strategy, game=game, actor=organizer),
            exc=PermissionDenied)
    give_scrip(alpha, 0, organizer)
    refused(game, call, "costs 1 Scrip; your crew has none")
    give_scrip(alpha, 3, organizer)
    games.hire_crew(game=game, actor=bravo.player,
                    models=list(bravo.models.filter(status="active")))
    games.reveal_crew(game=game, actor=bravo.player)
    refused(game, call, "before either crew is revealed")
    reconciles(alpha, bravo)


def test_metal_servant_is_refused_once_a_scheme_is_chosen_or_in_play(week, set_up, in_play):
    _, alpha, _, _ = week
    fortify(alpha, "hidden-lab", "metal-servant")
    pool = set_up.setup["scheme_pool"]
    games.choose_schemes(game=set_up, actor=alpha.player, choices=[(pool[0], None),
                                                                   (pool[1], None)])
    refused(set_up, lambda: scrip_effects.reflip_strategy(game=set_up, actor=alpha.player),
            "before any scheme is chosen")
    refused(in_play, lambda: scrip_effects.reflip_strategy(game=in_play, actor=alpha.player),
            "while the game is set up")


# --- BBQ --------------------------------------------------------------------------------


def test_bbq_heals_once_per_turn_after_initiative(week, in_play):
    _, alpha, bravo, _ = week
    fortify(alpha, "swamp-village", "bbq")
    game = in_play
    model = leader(game, "a")
    refused(game, lambda: scrip_effects.bbq(game=game, actor=alpha.player, model=model),
            "after this Turn's initiative flip")
    game = flip_initiative(game, alpha.player)
    use = scrip_effects.bbq(game=game, actor=alpha.player, model=model)
    assert use.kind == "bbq" and use.turn == 1 and use.model_name == model.name
    assert GameLog.objects.filter(
        game=game, text=f"Side a paid 1 Scrip (BBQ): {model.name} heals 1 damage "
        "(remove it at the table)").exists()
    assert spends(alpha, "BBQ") == [
        (-1, f"BBQ: healed 1 damage on {model.name}, Turn 1 (Game {game.pk})")]
    refused(game, lambda: scrip_effects.bbq(game=game, actor=alpha.player, model=model),
            "used BBQ this Turn")
    tracker.end_turn(game=game, actor=alpha.player)
    game.refresh_from_db()
    refused(game, lambda: scrip_effects.bbq(game=game, actor=alpha.player, model=model),
            "after this Turn's initiative flip")
    game = flip_initiative(game, alpha.player)
    scrip_effects.bbq(game=game, actor=alpha.player, model=model)
    alpha.refresh_from_db()
    assert alpha.scrip == 1 and ScripEffect.objects.filter(kind="bbq").count() == 2
    reconciles(alpha, bravo)


def test_bbq_refusals_write_nothing(week, in_play):
    _, alpha, bravo, organizer = week
    fortify(alpha, "swamp-village", "bbq")
    game = flip_initiative(in_play, alpha.player)
    mine, theirs = leader(game, "a"), leader(game, "b")
    refused(game, lambda: scrip_effects.bbq(game=game, actor=bravo.player, model=theirs),
            "has no BBQ")
    refused(game, lambda: scrip_effects.bbq(game=game, actor=alpha.player, model=theirs),
            "Choose one of your models in play")
    refused(game, lambda: scrip_effects.bbq(game=game, actor=organizer, model=mine),
            exc=PermissionDenied)
    tracker.record_casualty(game=game, actor=alpha.player, side_key="a", model=mine,
                            automatic=True)
    refused(game, lambda: scrip_effects.bbq(game=game, actor=alpha.player, model=mine),
            "Choose one of your models in play")
    give_scrip(alpha, 0, organizer)
    other = HiredModel.objects.filter(side__game=game, side__key="a", is_leader=False).first()
    refused(game, lambda: scrip_effects.bbq(game=game, actor=alpha.player, model=other),
            "costs 1 Scrip; your crew has none")
    reconciles(alpha, bravo)


# --- Pages ------------------------------------------------------------------------------


def test_the_tracker_offers_each_effect_to_its_owner_only(week, in_play, monkeypatch):
    _, alpha, bravo, _ = week
    fortify(alpha, "hidden-lab", "brain-in-a-jar")
    fortify(bravo, "swamp-village", "bbq")
    game = in_play
    owner, opponent = client_for(alpha.player), client_for(bravo.player)
    page = owner.get(game.get_absolute_url()).content.decode()
    assert 'id="reflip-with-scrip"' not in page  # before the initiative flip
    game = flip_initiative(game, alpha.player)
    page = owner.get(game.get_absolute_url()).content.decode()
    assert 'id="reflip-with-scrip"' in page and 'id="use-bbq"' not in page
    theirs = opponent.get(game.get_absolute_url()).content.decode()
    assert 'id="reflip-with-scrip"' not in theirs and 'id="use-bbq"' in theirs
    with first_card(monkeypatch, a_king) as king:
        html = act(owner, "reflip", game, {"pay": "scrip"})
    assert f"Reflipped: {king.code}." in html and 'id="reflip-with-scrip"' in html
    model = leader(game, "b")
    html = act(opponent, "bbq", game, {"model": model.pk}, htmx=False)  # no-JS post
    assert f"BBQ: {model.name} heals 1 damage; remove it at the table." in html
    assert 'id="use-bbq"' not in html  # once per Turn
    html = act(opponent, "bbq", game, {"model": model.pk})
    assert errors(html) == ["Your crew has used BBQ this Turn."]
    html = act(opponent, "bbq", game, {"model": "abc"})
    assert errors(html)
    reconciles(alpha, bravo)
    assert ScripEffect.objects.count() == 2


def test_metal_servant_on_the_setup_page(week, set_up, monkeypatch):
    _, alpha, bravo, _ = week
    fortify(alpha, "hidden-lab", "metal-servant")
    owner = client_for(alpha.player)
    page = owner.get(set_up.get_absolute_url()).content.decode()
    form = section(page, "metal-servant")
    assert url("reflip-strategy", set_up) in form and "hx-post" not in form
    assert 'id="metal-servant"' not in client_for(bravo.player).get(
        set_up.get_absolute_url()).content.decode()
    old = set_up.setup["strategy"]
    with first_card(monkeypatch, other_strategy(old)):
        html = act(owner, "reflip-strategy", set_up, htmx=False)
    set_up.refresh_from_db()
    name = encounter_tables().standard_strategy(set_up.setup["strategy"]).name
    assert f"Metal Servant: the Strategy is now {name}." in html
    assert name in section(html, "setup-strategy") and 'id="metal-servant"' not in html
    html = act(owner, "reflip-strategy", set_up, htmx=False)
    assert errors(html) == ["Your crew has used Metal Servant in this game."]
    reconciles(alpha)


# --- API --------------------------------------------------------------------------------


def api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_api_pays_in_scrip_reflips_the_strategy_and_heals(week, set_up, monkeypatch):
    campaign, alpha, bravo, _ = week
    fortify(alpha, "hidden-lab", "brain-in-a-jar", "metal-servant")
    fortify(bravo, "swamp-village", "bbq")
    base = f"/api/games/{set_up.pk}"
    with first_card(monkeypatch, other_strategy(set_up.setup["strategy"])):
        response = api(alpha.player).post(f"{base}/reflip-strategy/", {}, format="json")
    assert response.status_code == 200, response.content
    response = api(alpha.player).post(f"{base}/reflip-strategy/", {}, format="json")
    assert response.status_code == 400 and ScripEffect.objects.count() == 1

    game = game_in_play(campaign, alpha, bravo)
    base = f"/api/games/{game.pk}"
    flip_initiative(game, alpha.player)
    response = api(alpha.player).post(f"{base}/reflip-initiative/", {"pay": "gold"},
                                      format="json")
    assert response.status_code == 400 and "pay" in response.json()
    with first_card(monkeypatch, a_king):
        response = api(alpha.player).post(f"{base}/reflip-initiative/", {"pay": "scrip"},
                                          format="json")
    assert response.status_code == 200, response.content
    response = api(bravo.player).post(f"{base}/bbq/", {}, format="json")
    assert response.status_code == 400 and "model" in response.json()
    response = api(bravo.player).post(f"{base}/bbq/", {"model": leader(game, "b").pk},
                                      format="json")
    assert response.status_code == 200, response.content
    assert response.json()["sides"][0]["scrip_effects"] == [
        {"kind": "brain-in-a-jar", "turn": 1, "model": None}]
    response = api(bravo.player).post(f"{base}/bbq/", {"model": leader(game, "b").pk},
                                      format="json")
    assert response.status_code == 400
    response = api(bravo.player).get(f"{base}/")
    assert ScripEffect.objects.count() == 3
    sides = {s["key"]: s for s in response.json()["sides"]}
    assert sides["b"]["scrip_effects"] == [
        {"kind": "bbq", "turn": 1, "model": leader(game, "b").name}]
    reconciles(alpha, bravo)
    alpha.refresh_from_db(), bravo.refresh_from_db()
    assert (alpha.scrip, bravo.scrip) == (1, 2)

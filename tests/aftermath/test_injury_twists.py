"""Fortified Walls (1 Scrip: + on an Injury flip) and Rousing Eulogies (the Leader flips
twice and keeps one): a positive twist on the first Injury-chart flip, once."""

import pytest

from aftermath.models import AftermathStep
from aftermath.services import injuries
from aftermath.services.common import AftermathError
from campaign.models import Fortification, HideOut, ScripEntry
from campaign.services import scrip
from rules.engine import aftermath as rules
from rules.engine.cards import Card
from rules.models import FlipRecord
from tests.aftermath.conftest import open_with_seeds, play, seed_where
from tests.aftermath.test_wizard import _to_injuries, fresh

pytestmark = pytest.mark.django_db


def _draw(codes):
    cards = iter(codes)
    return lambda purpose: Card.parse(next(cards))


def test_engine_twist_turns_over_two_cards_on_the_first_injury_flip_only():
    plain = rules.resolve_injury(_draw(["1r", "13r"]), station="minion", faction="guild",
                                 existing=())
    assert len(plain.steps[0].cards) == 1 and plain.steps[0].card.value == 1
    twisted = rules.resolve_injury(_draw(["1r", "13r"]), station="minion", faction="guild",
                                   existing=(), twists=1)
    first = twisted.steps[0]
    assert len(first.cards) == 2 and first.card.value == 13  # the milder card is kept
    # The Black Joker's two more flips are single cards: the twist is used once.
    master = rules.resolve_injury(_draw(["BJ", "13r", "2r", "3r"]), station="master",
                                  faction="guild", existing=(), twists=1)
    assert master.steps[0].card.joker == "black"  # a Black Joker flipped must be taken
    assert len(master.steps) == 3
    assert all(len(s.cards) == 1 for s in master.steps[1:])
    with pytest.raises(rules.RulesError):
        rules.resolve_injury(_draw(["1r"]), station="minion", faction="guild", existing=(),
                             twists=-1)


def _flip_through(b, actor, model, **kw):
    b = injuries.flip(aftermath=fresh(b), actor=actor, model=model, **kw)
    while fresh(b).state.get("injuries", {}).get("question"):
        b = injuries.answer(aftermath=fresh(b), actor=actor, card=None)
    if fresh(b).state.get("injuries", {}).get("foot"):
        b = injuries.lucky_foot(aftermath=fresh(b), actor=actor, change=0)
    return fresh(b)


def _game(campaign_week, fortification, hide_out_key, kills):
    campaign, alpha, bravo, _ = campaign_week
    hide_out = HideOut.objects.create(crew=bravo, hide_out_key=hide_out_key, name="Hide Out")
    Fortification.objects.create(hide_out=hide_out, key=fortification, name=fortification,
                                 built_week=1)
    game = play(campaign, alpha, bravo, vp=(5, 1), kills=kills)
    seed = seed_where(lambda c: not {"RJ", "BJ"} & set(c[:10]))
    return bravo, _to_injuries(open_with_seeds(game, {"b": seed})["b"], bravo.player)


def test_fortified_walls_costs_one_scrip_for_a_twist_on_one_flip(campaign_week, client):
    bravo, b = _game(campaign_week, "fortified-walls", "wasteland-outpost",
                     [("b", 1, True), ("b", 2, True)])
    guards = list(bravo.models.filter(station="minion").order_by("id")[:2])
    client.force_login(bravo.player)
    assert f'id="walls-{guards[0].pk}"'.encode() in client.get(b.get_absolute_url()).content
    scrip.adjust_scrip(bravo, 1, week=1, reason="test funds", actor=bravo.player)
    before = bravo.__class__.objects.get(pk=bravo.pk).scrip
    b = _flip_through(b, bravo.player, guards[0], walls=True)
    spent = ScripEntry.objects.filter(crew=bravo, kind="spend", reason__contains="Fortified")
    assert spent.count() == 1 and spent.get().amount == -1
    assert bravo.__class__.objects.get(pk=bravo.pk).scrip == before - 1
    first = FlipRecord.objects.filter(purpose="Aftermath: injury flip").order_by("id")
    assert len(first.last().cards) == 2
    assert AftermathStep.objects.filter(aftermath=b, detail__fortification="fortified-walls"
                                        ).count() == 1
    # No Scrip left: refused, nothing written, the flip still waits.
    left = bravo.__class__.objects.get(pk=bravo.pk).scrip
    scrip.adjust_scrip(bravo, -left, week=1, reason="test: empty", actor=bravo.player)
    with pytest.raises(Exception, match="scrip"):
        injuries.flip(aftermath=fresh(b), actor=bravo.player, model=guards[1], walls=True)
    assert spent.count() == 1 and guards[1].pk in fresh(b).state["injuries"]["remaining"]
    # The next model's flip without the Walls is a single card: not applied twice.
    b = _flip_through(b, bravo.player, guards[1])
    assert len(first.last().cards) == 1 and spent.count() == 1


def test_fortified_walls_needs_the_fortification(campaign_week):
    bravo, b = _game(campaign_week, "scrap-pile", "wasteland-outpost", [("b", 1, True)])
    guard = bravo.models.filter(station="minion").order_by("id").first()
    scrip.adjust_scrip(bravo, 3, week=1, reason="test funds", actor=bravo.player)
    with pytest.raises(AftermathError, match="Fortified Walls"):
        injuries.flip(aftermath=fresh(b), actor=bravo.player, model=guard, walls=True)
    assert not ScripEntry.objects.filter(crew=bravo, reason__contains="Fortified").exists()


def test_rousing_eulogies_twists_the_leaders_flip_only(campaign_week):
    bravo, b = _game(campaign_week, "rousing-eulogies", "mausoleum",
                     [("b", 0, True), ("b", 1, True)])
    leader = bravo.models.get(pk=bravo.leader_id)
    guard = bravo.models.filter(station="minion").order_by("id").first()
    remaining = fresh(b).state["injuries"]["remaining"]
    assert leader.pk in remaining
    records = FlipRecord.objects.filter(purpose="Aftermath: injury flip").order_by("id")
    if guard.pk in remaining:
        b = _flip_through(b, bravo.player, guard)
        assert len(records.last().cards) == 1  # not the Leader: no twist
    b = _flip_through(b, bravo.player, leader)
    assert len(records.last().cards) == 2
    assert AftermathStep.objects.filter(aftermath=b, detail__fortification="rousing-eulogies"
                                        ).count() == 1


def test_with_no_hand_the_flips_wait_for_the_walls_while_there_is_scrip(campaign_week):
    from aftermath.services import flow

    bravo, b = _game(campaign_week, "fortified-walls", "wasteland-outpost",
                     [("b", 1, True), ("b", 2, True)])
    b = fresh(b)
    if b.phase != "injuries" or b.state["injuries"].get("question"):
        pytest.skip("this seed does not leave both flips waiting")
    b.hand = []
    b.save(update_fields=["hand"])
    scrip.adjust_scrip(bravo, 1, week=1, reason="test funds", actor=bravo.player)
    waiting = list(b.state["injuries"]["remaining"])
    b = flow.continue_injuries(fresh(b), actor=bravo.player)
    assert fresh(b).state["injuries"]["remaining"] == waiting  # offered, not flipped
    left = bravo.__class__.objects.get(pk=bravo.pk).scrip
    scrip.adjust_scrip(bravo, -left, week=1, reason="test: empty", actor=bravo.player)
    b = flow.continue_injuries(fresh(b), actor=bravo.player)
    assert fresh(b).phase != "injuries"  # no Scrip for the Walls: flipped at once

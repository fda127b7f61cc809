"""Surgical Tools: the crew may reflip one Injury flip per game, before Cheating."""

import pytest

from aftermath.models import AftermathStep
from aftermath.services import injuries
from aftermath.services.common import AftermathError
from campaign.models import Fortification, HideOut
from tests.aftermath.conftest import open_with_seeds, play, seed_where
from tests.aftermath.test_wizard import _to_injuries, fresh

pytestmark = pytest.mark.django_db


def test_surgical_tools_reflips_the_first_injury_card_once(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    hide_out = HideOut.objects.create(crew=bravo, hide_out_key="hidden-lab", name="Lab")
    guards = list(bravo.models.filter(station="minion").order_by("id"))
    game = play(campaign, alpha, bravo, vp=(5, 1), kills=[("b", 1, True), ("b", 2, True)])
    seed = seed_where(lambda c: not {"RJ", "BJ"} & set(c[:8]))
    b = _to_injuries(open_with_seeds(game, {"b": seed})["b"], bravo.player)
    assert sorted(b.state["injuries"]["remaining"]) == sorted(g.pk for g in guards[:2])
    b = injuries.flip(aftermath=b, actor=bravo.player, model=guards[0])
    if not b.state["injuries"].get("question"):
        pytest.skip("no Aftermath hand with this seed")
    with pytest.raises(AftermathError, match="Surgical Tools"):
        injuries.reflip(aftermath=fresh(b), actor=bravo.player)  # not built yet
    Fortification.objects.create(hide_out=hide_out, key="surgical-tools", name="Surgical Tools",
                                 built_week=1)
    first = b.state["injuries"]["question"]["card"]
    dealt = fresh(b).dealt
    b = injuries.reflip(aftermath=fresh(b), actor=bravo.player)
    assert fresh(b).dealt > dealt  # the reflipped card stays discarded
    assert AftermathStep.objects.filter(aftermath=b, detail__card=first,
                                        detail__fortification="surgical-tools").count() == 1
    question = b.state["injuries"].get("question")
    assert question is None or question["card"] != first
    while fresh(b).state.get("injuries", {}).get("question"):
        b = injuries.answer(aftermath=fresh(b), actor=bravo.player, card=None)
    b = fresh(b)
    assert b.phase == "injuries" and b.state["injuries"]["remaining"] == [guards[1].pk]
    b = injuries.flip(aftermath=b, actor=bravo.player, model=guards[1])
    assert not injuries.can_reflip(fresh(b))  # once per game
    with pytest.raises(AftermathError, match="Surgical Tools"):
        injuries.reflip(aftermath=fresh(b), actor=bravo.player)


def _no_hand_at_injuries(campaign_week, tools: bool):
    from aftermath.models import Aftermath

    campaign, alpha, bravo, _ = campaign_week
    if tools:
        hide_out = HideOut.objects.create(crew=bravo, hide_out_key="hidden-lab", name="Lab")
        Fortification.objects.create(hide_out=hide_out, key="surgical-tools",
                                     name="Surgical Tools", built_week=1)
    game = play(campaign, alpha, bravo, vp=(5, 1), kills=[("b", 1, True), ("b", 2, True)])
    b = open_with_seeds(game, {"b": seed_where(lambda c: not {"RJ", "BJ"} & set(c[:8]))})["b"]
    Aftermath.objects.filter(pk=b.pk).update(hand=[])  # nothing to Cheat with
    return bravo, _to_injuries(fresh(b), bravo.player)


def test_with_no_hand_the_injury_flip_waits_for_the_surgical_tools(campaign_week, client):
    """The reflip needs no hand: with the Tools unused, an Injury card waits for "keep or
    reflip" although there is nothing to Cheat with; once used, the rest flip at once."""
    bravo, b = _no_hand_at_injuries(campaign_week, tools=True)
    question = b.state["injuries"]["question"]
    assert b.phase == "injuries" and question["hand"] == []
    assert injuries.can_reflip(b)
    client.force_login(bravo.player)
    page = client.get(b.get_absolute_url()).content.decode()
    assert 'id="surgical-tools"' in page and "Keep it, or reflip it?" in page
    # Keeping the card keeps the Tools: the next model's card waits too.
    b = fresh(injuries.answer(aftermath=b, actor=bravo.player, card=None))
    assert len(b.state["injuries"]["remaining"]) == 1
    second = b.state["injuries"]["question"]["card"]
    b = fresh(injuries.reflip(aftermath=b, actor=bravo.player))
    assert AftermathStep.objects.filter(aftermath=b, detail__card=second,
                                        detail__fortification="surgical-tools").count() == 1
    assert b.phase != "injuries"  # the Tools are spent: nothing else waits


def test_with_no_hand_and_no_tools_the_injury_flips_are_made_at_once(campaign_week):
    _bravo, b = _no_hand_at_injuries(campaign_week, tools=False)
    assert b.phase != "injuries"
    assert not AftermathStep.objects.filter(aftermath=b,
                                            detail__fortification="surgical-tools").exists()

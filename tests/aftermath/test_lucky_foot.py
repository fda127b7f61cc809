"""Lucky Gremlin's Foot: after the model's Injury flip the player may move the result 1 up
or down; the Foot is then annihilated, so it moves one flip only. Keeping the result keeps
the Foot."""

import pytest

from aftermath.services import injuries
from aftermath.services.common import AftermathError
from aftermath.services.defaults import take_defaults
from campaign.models import ArsenalUpgrade
from tests.aftermath.conftest import open_with_seeds, play
from tests.aftermath.test_wizard import _no_hand_seed, _to_injuries, fresh

pytestmark = pytest.mark.django_db


def _setup(campaign, alpha, bravo):
    guard = bravo.models.filter(station="minion").order_by("id").first()
    foot = ArsenalUpgrade.objects.create(crew=bravo, kind="skill", table_key="lucky-gremlins-foot",
                                         name="Lucky Gremlin's Foot", attached_to=guard)
    game = play(campaign, alpha, bravo, vp=(5, 1), kills=[("b", 1, True)])
    b = open_with_seeds(game, {"b": _no_hand_seed("3R")})["b"]  # 3 of Rams: Amputation
    return guard, foot, _to_injuries(b, bravo.player)


def _injuries_of(guard):
    return sorted(guard.upgrades.filter(kind="injury", status="active")
                  .values_list("table_key", flat=True))


def test_the_foot_moves_the_injury_result_once_and_is_annihilated(client, campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    guard, foot, b = _setup(campaign, alpha, bravo)
    with pytest.raises(AftermathError, match="Foot"):
        injuries.lucky_foot(aftermath=b, actor=bravo.player, change=1)
    b = injuries.flip(aftermath=b, actor=bravo.player, model=guard)
    while b.state["injuries"].get("question"):
        b = injuries.answer(aftermath=fresh(b), actor=bravo.player, card=None)
    assert b.state["injuries"]["foot"]["card"] == "3R"
    assert _injuries_of(guard) == []  # nothing applied while the Foot is offered
    client.force_login(bravo.player)
    assert b'id="lucky-foot"' in client.get(b.get_absolute_url()).content
    with pytest.raises(AftermathError, match="1 up or down"):
        injuries.lucky_foot(aftermath=fresh(b), actor=bravo.player, change=2)
    b = injuries.lucky_foot(aftermath=fresh(b), actor=bravo.player, change=-1)
    assert _injuries_of(guard) == ["shaky-nerves"]  # the 2 of Rams, not Amputation
    foot.refresh_from_db()
    assert foot.status == "annihilated"
    assert not (b.state.get("injuries") or {}).get("foot")
    with pytest.raises(AftermathError, match=r"Foot|not Injuries"):
        injuries.lucky_foot(aftermath=fresh(b), actor=bravo.player, change=-1)


def test_keeping_the_result_keeps_the_foot_and_the_deadline_keeps_it_too(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    guard, foot, b = _setup(campaign, alpha, bravo)
    take_defaults(b.pk)
    foot.refresh_from_db()
    assert foot.status == "active"
    assert _injuries_of(guard) == ["amputation"]

"""Fine Liquor: the crew may reflip one Barter card per Aftermath, before Cheating."""

import pytest

from aftermath.models import AftermathStep
from aftermath.services import barter
from aftermath.services.common import AftermathError
from campaign.models import Fortification, HideOut
from tests.aftermath.conftest import aftermaths, play

pytestmark = pytest.mark.django_db


def _shown(a):
    current = a.state["barter"]["current"]
    return (current.get("question") or {}).get("card") or current.get("card")


def test_fine_liquor_reflips_one_barter_card_once(client, campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    hide_out = HideOut.objects.create(crew=alpha, hide_out_key="saloon", name="Saloon")
    Fortification.objects.create(hide_out=hide_out, key="fine-liquor", name="Fine Liquor",
                                 built_week=1)
    game = play(campaign, alpha, bravo)
    found = aftermaths(game)
    mine, theirs = found["a"], found["b"]
    assert mine.phase == "barter" and theirs.phase == "barter"
    mine = barter.flip(aftermath=mine, actor=alpha.player)
    first, dealt = _shown(mine), mine.dealt
    client.force_login(alpha.player)
    assert b'id="fine-liquor"' in client.get(mine.get_absolute_url()).content
    mine = barter.reflip(aftermath=mine, actor=alpha.player)
    second = _shown(mine)
    assert second and second != first
    assert AftermathStep.objects.filter(aftermath=mine,
                                        detail__fortification="fine-liquor").count() == 1
    assert mine.dealt >= dealt
    with pytest.raises(AftermathError, match="Fine Liquor"):
        barter.reflip(aftermath=mine, actor=alpha.player)
    assert b'id="fine-liquor"' not in client.get(mine.get_absolute_url()).content
    theirs = barter.flip(aftermath=theirs, actor=bravo.player)
    with pytest.raises(AftermathError, match="Fine Liquor"):
        barter.reflip(aftermath=theirs, actor=bravo.player)

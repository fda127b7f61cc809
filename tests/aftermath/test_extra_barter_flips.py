"""Extra Barter flips: Deep Pockets on a model still in play (and its Scrip), New Tools
for each of the crew's Upgrades used up during the game; each counted once."""

import pytest

from aftermath.services.automatic import start_game
from campaign.models import ArsenalUpgrade, Fortification, HideOut, ScripEntry
from campaign.services import scrip
from encounters.services import items
from tests.aftermath.conftest import play

pytestmark = pytest.mark.django_db


def _aftermath(game, crew):
    start_game(game.pk)
    return game.aftermaths.get(crew=crew)


def test_deep_pockets_on_a_model_still_in_play(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    leader, guard = alpha.leader, alpha.models.filter(station="minion").first()
    for model in (leader, guard):
        ArsenalUpgrade.objects.create(crew=alpha, kind="skill", table_key="deep-pockets",
                                      name="Deep Pockets", attached_to=model)
    # The guard falls (index 1 is the first minion after the leader): only the leader counts.
    game = play(campaign, alpha, bravo, vp=(2, 2), kills=[("a", 1, False)])
    aftermath = _aftermath(game, alpha)
    assert aftermath.state["barter_total"] == 2  # one, plus one Deep Pockets
    assert aftermath.state["barter_extras"] == [[1, "Deep Pockets"]]
    assert ScripEntry.objects.filter(crew=alpha, reason__contains="Deep Pockets").count() == 1
    assert ScripEntry.objects.get(crew=alpha, reason__contains="Deep Pockets").amount == 1
    alpha.refresh_from_db()
    assert alpha.scrip == scrip.ledger_balance(alpha)


def test_new_tools_for_each_upgrade_used_up_in_the_game(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    campaign.competitive_mode = "hide_outs"
    campaign.save(update_fields=["competitive_mode"])
    hide_out = HideOut.objects.create(crew=alpha, hide_out_key="junkyard", name="Junkyard")
    Fortification.objects.create(hide_out=hide_out, key="new-tools", name="New Tools",
                                 built_week=1)
    used = [ArsenalUpgrade.objects.create(crew=alpha, kind="equipment", table_key=key,
                                          name=key.title(), attached_to=alpha.leader)
            for key in ("coffee", "whiskey")]

    def at_table(game):
        for upgrade in used:
            items.use_item(game=game, actor=alpha.player, upgrade=upgrade)

    game = play(campaign, alpha, bravo, vp=(2, 2), at_table=at_table)
    aftermath = _aftermath(game, alpha)
    assert aftermath.state["barter_extras"] == [[2, "New Tools"]]
    assert aftermath.state["barter_total"] == 3
    # The next game counts only its own: nothing used, no extra flip.
    game = play(campaign, alpha, bravo, vp=(2, 2))
    assert _aftermath(game, alpha).state["barter_extras"] == []

"""Library: the crew may reflip its Reward card before Cheating (once)."""

import pytest

from aftermath.models import AftermathStep
from aftermath.services import reward
from aftermath.services.common import AftermathError
from campaign.models import Fortification, HideOut
from tests.aftermath.test_wizard import _complete_a_bounty, fresh

pytestmark = pytest.mark.django_db


def test_library_reflips_the_reward_card_once_before_cheating(client, campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    a = _complete_a_bounty(campaign, alpha, bravo)
    a = reward.choose(aftermath=fresh(a), actor=alpha.player, chart="generic")
    question = fresh(a).state["reward"].get("question")
    if not question:
        pytest.skip("no Aftermath hand left for a Cheat decision with this seed")
    with pytest.raises(AftermathError, match="Library"):
        reward.reflip(aftermath=fresh(a), actor=alpha.player)  # not built
    hide_out = HideOut.objects.create(crew=alpha, hide_out_key="hidden-lab", name="Lab")
    Fortification.objects.create(hide_out=hide_out, key="library", name="Library",
                                 built_week=1)
    client.force_login(alpha.player)
    assert b'id="library"' in client.get(fresh(a).get_absolute_url()).content
    dealt = fresh(a).dealt
    response = client.post(f"/api/aftermaths/{a.pk}/reward-reflip/")
    assert response.status_code == 200
    a = fresh(a)
    assert a.state["library_used"] is True
    assert a.dealt >= dealt + question["dealt"]  # the card(s) turned over are discarded
    assert AftermathStep.objects.filter(aftermath=a, detail__fortification="library",
                                        detail__card=question["card"]).count() == 1
    # Once: refused now (even if a new Cheat decision is open), nothing written.
    assert not reward.can_reflip(a)
    again = client.post(f"/api/aftermaths/{a.pk}/reward-reflip/")
    assert again.status_code == 400
    assert AftermathStep.objects.filter(aftermath=a, detail__fortification="library"
                                        ).count() == 1


def test_with_no_hand_the_reward_card_waits_for_the_library(campaign_week):
    """The Library's reflip needs no hand: the Reward card waits for "keep or reflip"
    while the Library is unused, and is kept at once without one."""
    from aftermath.models import Aftermath

    campaign, alpha, bravo, _ = campaign_week
    hide_out = HideOut.objects.create(crew=alpha, hide_out_key="hidden-lab", name="Lab")
    Fortification.objects.create(hide_out=hide_out, key="library", name="Library",
                                 built_week=1)
    a = _complete_a_bounty(campaign, alpha, bravo)
    Aftermath.objects.filter(pk=a.pk).update(hand=[])
    waiting = reward.choose(aftermath=fresh(a), actor=alpha.player, chart="generic")
    question = fresh(waiting).state["reward"]["question"]
    assert question["hand"] == [] and reward.can_reflip(fresh(waiting))
    a = fresh(reward.reflip(aftermath=fresh(waiting), actor=alpha.player))
    assert not a.state["reward"].get("question")  # the Library is spent: no more waiting
    assert AftermathStep.objects.filter(aftermath=a, detail__fortification="library").count() == 1


def test_with_no_hand_and_no_library_the_reward_is_flipped_at_once(campaign_week):
    from aftermath.models import Aftermath

    campaign, alpha, bravo, _ = campaign_week
    a = _complete_a_bounty(campaign, alpha, bravo)
    Aftermath.objects.filter(pk=a.pk).update(hand=[])
    a = fresh(reward.choose(aftermath=fresh(a), actor=alpha.player, chart="generic"))
    assert not (a.state.get("reward") or {}).get("question")


def test_an_avatar_from_the_event_counts_as_owned_for_the_reward_chart(campaign_week, roster):
    """The Event gave the crew an Avatar Upgrade: the Reward chart's Avatar row is already
    owned, so the crew cannot take a second Avatar (and a flip never lands on it)."""
    from campaign.models import ArsenalModel, ArsenalUpgrade
    from tests.campaign.factories import UpgradeFactory

    campaign, alpha, bravo, _ = campaign_week
    a = _complete_a_bounty(campaign, alpha, bravo)
    ArsenalModel.objects.create(crew=alpha, card=roster["master"], station="master",
                                hired_week=1, cost_paid=0)
    avatar = UpgradeFactory(name="Avatar of Law", is_avatar=True, factions=["guild"])
    ArsenalUpgrade.objects.create(crew=alpha, kind="upgrade", card=avatar, name=avatar.name,
                                  acquired_week=1, from_event_week=1)
    assert "avatar" in reward._owned(fresh(a), "guild")
    with pytest.raises(Exception, match="already has"):
        reward.choose(aftermath=fresh(a), actor=alpha.player, chart="guild", take="avatar")
    assert not ArsenalUpgrade.objects.filter(crew=alpha, table_key="avatar").exists()

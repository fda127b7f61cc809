"""We Was Just Wrastlin': the opponent of the crew with it may pay that crew 1 Scrip to
reflip one of its Injury flips (before Cheating), once per game."""

import pytest

from aftermath.models import AftermathStep
from aftermath.services import injuries
from aftermath.services.common import AftermathError
from campaign.models import Fortification, HideOut, ScripEntry
from campaign.services import scrip
from tests.aftermath.conftest import open_with_seeds, play, seed_where
from tests.aftermath.test_wizard import _to_injuries, fresh

pytestmark = pytest.mark.django_db


def test_wrastlin_reflips_one_injury_for_a_scrip_paid_to_the_opponent(client, campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    guards = list(bravo.models.filter(station="minion").order_by("id")[:2])
    game = play(campaign, alpha, bravo, vp=(5, 1), kills=[("b", 1, True), ("b", 2, True)])
    seed = seed_where(lambda c: not {"RJ", "BJ"} & set(c[:8]))
    b = _to_injuries(open_with_seeds(game, {"b": seed})["b"], bravo.player)
    scrip.adjust_scrip(bravo, 2, week=1, reason="test funds", actor=bravo.player)
    b = injuries.flip(aftermath=b, actor=bravo.player, model=guards[0])
    if not b.state["injuries"].get("question"):
        pytest.skip("no Aftermath hand with this seed")
    with pytest.raises(AftermathError, match="Wrastlin"):
        injuries.reflip(aftermath=fresh(b), actor=bravo.player, wrastlin=True)  # Alpha lacks it
    hide_out = HideOut.objects.create(crew=alpha, hide_out_key="swamp-village", name="Swamp")
    Fortification.objects.create(hide_out=hide_out, key="we-was-just-wrastlin",
                                 name="We Was Just Wrastlin'", built_week=1)
    client.force_login(bravo.player)
    assert b'id="wrastlin"' in client.get(fresh(b).get_absolute_url()).content
    first, dealt = fresh(b).state["injuries"]["question"]["card"], fresh(b).dealt
    paid_before = alpha.scrip_entries.filter(reason__contains="Wrastlin").count()
    response = client.post(f"/api/aftermaths/{b.pk}/injury-reflip/", {"wrastlin": "on"})
    assert response.status_code == 200
    b = fresh(b)
    assert b.dealt > dealt and b.state["wrastlin_used"] is True
    assert ScripEntry.objects.filter(crew=bravo, kind="spend", amount=-1,
                                     reason__contains="Wrastlin").count() == 1
    assert alpha.scrip_entries.filter(reason__contains="Wrastlin").count() == paid_before + 1
    assert AftermathStep.objects.filter(aftermath=b, detail__card=first,
                                        detail__fortification="we-was-just-wrastlin"
                                        ).count() == 1
    # Once per game: refused on this model's new card and on the next model's.
    assert not injuries.can_wrastle(b)
    again = client.post(f"/api/aftermaths/{b.pk}/injury-reflip/", {"wrastlin": "on"})
    assert again.status_code == 400
    assert ScripEntry.objects.filter(crew=bravo, reason__contains="Wrastlin").count() == 1

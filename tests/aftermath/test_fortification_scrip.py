"""Wanted Posters, Deputy, Trophy Rack and Junkyard Dogs: the crew's player claims their
Scrip in the Aftermath; it is ledger income under the weekly cap, once per game."""

import pytest
from django.core.exceptions import PermissionDenied

from aftermath.services import extras
from aftermath.services.common import AftermathError
from campaign.models import Fortification, HideOut, ScripEntry
from tests.aftermath.conftest import aftermaths, play

pytestmark = pytest.mark.django_db


def _at_extras(campaign, alpha, bravo):
    game = play(campaign, alpha, bravo)
    mine = aftermaths(game)["a"]
    mine.phase = "extras"
    mine.state = {**mine.state, "extras": {"doctor": None}}
    mine.save(update_fields=["phase", "state"])
    return mine


def test_table_scrip_is_claimed_once_as_capped_income(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    hide_out = HideOut.objects.create(crew=alpha, hide_out_key="guild-outpost", name="G")
    for key, name in (("wanted-posters", "Wanted Posters"), ("deputy", "Deputy")):
        Fortification.objects.create(hide_out=hide_out, key=key, name=name, built_week=1)
    mine = _at_extras(campaign, alpha, bravo)
    with pytest.raises(AftermathError, match="does not have"):
        extras.claim_fortification_scrip(aftermath=mine, actor=alpha.player, key="trophy-rack")
    with pytest.raises(PermissionDenied):
        extras.claim_fortification_scrip(aftermath=mine, actor=bravo.player, key="deputy")
    before = alpha.scrip_entries.count()
    assert extras.claim_fortification_scrip(aftermath=mine, actor=alpha.player,
                                            key="wanted-posters") in (0, 1)
    extras.claim_fortification_scrip(aftermath=mine, actor=alpha.player, key="deputy")
    with pytest.raises(AftermathError, match="already claimed"):
        extras.claim_fortification_scrip(aftermath=mine, actor=alpha.player, key="deputy")
    new = list(alpha.scrip_entries.order_by("id")[before:])
    gains = [(e.kind, e.amount) for e in new if e.kind == ScripEntry.Kind.GAIN]
    assert gains == [("gain", 1), ("gain", 1)]
    assert not [e for e in new if e.kind == ScripEntry.Kind.ADJUSTMENT]
    # Under the weekly cap: whatever is over it is discarded, never kept.
    gained = sum(e.amount for e in alpha.scrip_entries.filter(week=mine.week)
                 if e.kind in ("gain", "discarded"))
    assert gained <= campaign.weekly_scrip_cap


def test_the_wizard_offers_the_claim_and_the_api_refuses_bad_input(client, campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    hide_out = HideOut.objects.create(crew=alpha, hide_out_key="junkyard", name="J")
    Fortification.objects.create(hide_out=hide_out, key="junkyard-dogs", name="Junkyard Dogs",
                                 built_week=1)
    campaign.competitive_mode = "hide_outs"
    campaign.save(update_fields=["competitive_mode"])
    mine = _at_extras(campaign, alpha, bravo)
    client.force_login(alpha.player)
    page = client.get(mine.get_absolute_url())
    assert b'data-claim="junkyard-dogs"' in page.content
    bad = client.post(f"/api/aftermaths/{mine.pk}/claim-scrip/", {"key": "nonsense"})
    assert bad.status_code == 400 and "key" in bad.json()
    before = alpha.scrip_entries.count()
    ok = client.post(f"/api/aftermaths/{mine.pk}/claim-scrip/", {"key": "junkyard-dogs"})
    assert ok.status_code == 200
    assert [e.amount for e in alpha.scrip_entries.order_by("id")[before:]
            if e.kind == "gain"] == [2]
    assert b'data-claim="junkyard-dogs"' not in client.get(mine.get_absolute_url()).content

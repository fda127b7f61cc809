"""The Malediction part of the edges world: the sample pack, a war band of the crew's
player (Alpha), an event of the world's league with Alpha's and Bravo's lists submitted
(the deadline passed, lists revealed when paired), round 1 paired with their match."""

from __future__ import annotations

from types import SimpleNamespace


def build(league, users) -> SimpleNamespace:
    from malediction.packs.sample import load_sample_pack
    from malediction.services import warbands
    from tests.malediction.conftest import legal_band

    pack = load_sample_pack().pack
    alpha = users["crew_player"]
    band = warbands.save_war_band(owner=alpha, name="Alpha's band", **legal_band(pack))
    return SimpleNamespace(pack=pack, band=band)


def values(name: str, mal: SimpleNamespace) -> dict:
    """Path values for a Malediction route, by what the route is about."""
    if "pack" in name:
        return {"slug": mal.pack.slug}
    if "war-band" in name or "war_band" in name or "warband" in name:
        return {"pk": mal.band.pk, "id": mal.band.pk}
    return {}

"""Fortifications the tracker now applies: Pick and Pull and Loose Gravedirt place their
Markers at the start, A Fine Specimen's Cerberus enters any game, and Trophy Rack and
Junkyard Dogs are paid at Payday from the game record (a claim the record does not show
is recorded as the player's correction)."""

import pytest

from aftermath.models import AftermathStep
from aftermath.services import extras
from aftermath.services.common import AftermathError
from campaign.models import Fortification, HideOut
from encounters.models import GameLog, MarkerChange
from encounters.services import table, tracker
from encounters.services.common import EncounterError
from tests.aftermath.conftest import aftermaths, play

pytestmark = pytest.mark.django_db


def _fortify(crew, hide_out_key, *keys):
    hide_out = HideOut.objects.create(crew=crew, hide_out_key=hide_out_key, name=hide_out_key)
    for key in keys:
        Fortification.objects.create(hide_out=hide_out, key=key, name=key.replace("-", " ").title(),
                                     built_week=1)


def _payday_lines(aftermath):
    step = AftermathStep.objects.get(aftermath=aftermath, description="Payday")
    return [why for _, why in step.detail["lines"]]


def test_markers_at_the_start_the_specimen_and_the_scrip_the_record_shows(campaign_week):
    campaign, alpha, bravo, _ = campaign_week  # Contract Work: no Neutral models this week
    campaign.competitive_mode = "hide_outs"
    campaign.save(update_fields=["competitive_mode"])
    _fortify(alpha, "junkyard", "pick-and-pull", "junkyard-dogs")
    _fortify(bravo, "mausoleum", "loose-gravedirt")
    seen = {}

    def at_table(game):
        # Started: Pick and Pull's Scrap Marker and Loose Gravedirt's Corpse Marker are on
        # the centre line for their players, and the log says so.
        seen["start"] = sorted(game.marker_changes.values_list("kind", "by_side", "delta",
                                                               "quarter"))
        seen["log"] = GameLog.objects.filter(game=game, text__contains="centre line").count()
        # Four more Scrap Markers come into play: five at the end (Junkyard Dogs).
        table.mark(game=game, actor=alpha.player, kind="scrap", delta=4, quarter=1)
        # No Fine Specimen in this game: the week brings no Neutral model.
        with pytest.raises(EncounterError, match="brings no Neutral"):
            table.bring_in(game=game, actor=bravo.player, name="Sabertooth Cerberus",
                           side_key=None)

    game = play(campaign, alpha, bravo, vp=(5, 1), at_table=at_table)
    assert seen["start"] == [("corpse", "b", 1, 0), ("scrap", "a", 1, 0)] and seen["log"] == 2
    mine = aftermaths(game)["a"]
    assert "Junkyard Dogs (five or more Scrap Markers were on the table at the end: the game " \
           "record)" in _payday_lines(mine)
    assert mine.state["recorded_scrip"] == ["junkyard-dogs"]
    mine.phase = "extras"
    mine.state = {**mine.state, "extras": {"doctor": None, "scrip_claimed": ["junkyard-dogs"]}}
    mine.save(update_fields=["phase", "state"])
    with pytest.raises(AftermathError, match="already claimed"):
        extras.claim_fortification_scrip(aftermath=mine, actor=alpha.player, key="junkyard-dogs")
    assert MarkerChange.objects.filter(game=game, kind="scrap").count() == 2


def test_a_fine_specimen_enters_and_trophy_rack_pays_from_the_record(campaign_week):
    campaign, alpha, bravo, _ = campaign_week
    campaign.competitive_mode = "hide_outs"
    campaign.save(update_fields=["competitive_mode"])
    _fortify(bravo, "mobile-encampment", "a-fine-specimen", "trophy-rack")
    _fortify(alpha, "junkyard", "junkyard-dogs")

    def at_table(game):
        with pytest.raises(EncounterError, match="only A Fine Specimen"):
            table.bring_in(game=game, actor=bravo.player, name="Guild Guard", side_key=None)
        cerberus = table.bring_in(game=game, actor=bravo.player, name="Sabertooth Cerberus",
                                  side_key=None)
        with pytest.raises(EncounterError, match="one Sabertooth Cerberus per game"):
            table.bring_in(game=game, actor=alpha.player, name="Sabertooth Cerberus",
                           side_key=None)
        tracker.record_casualty(game=game, actor=bravo.player, side_key="neutral",
                                table_model=cerberus, by_side="b")

    game = play(campaign, alpha, bravo, vp=(1, 5), at_table=at_table)
    assert [k["victim_side"] for k in game.record["kills"]] == ["neutral"]
    both = aftermaths(game)
    assert any(why.startswith("Trophy Rack") for why in _payday_lines(both["b"]))
    # Junkyard Dogs: no Scrap Markers in the record, so nothing at Payday; the player may
    # still claim it, and the step says it is a correction of the record.
    assert not any(why.startswith("Junkyard") for why in _payday_lines(both["a"]))
    mine = both["a"]
    mine.phase = "extras"
    mine.state = {**mine.state, "extras": {"doctor": None, "scrip_claimed": []}}
    mine.save(update_fields=["phase", "state"])
    extras.claim_fortification_scrip(aftermath=mine, actor=alpha.player, key="junkyard-dogs")
    step = AftermathStep.objects.filter(aftermath=mine, detail__fortification="junkyard-dogs"
                                        ).get()
    assert step.detail["correction"] is True and "a correction" in step.description

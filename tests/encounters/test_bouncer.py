"""Bouncer (Saloon): the crew's models get + to their Finished Off flips (the crew keeps
the lowest card), on each flip once, and only that crew's."""

import pytest

from campaign.models import Fortification, HideOut
from encounters.models import Casualty, GameLog, HiredModel
from encounters.services import tracker
from encounters.services.common import EncounterError
from rules.engine.cards import Card
from tests.encounters.test_tracker_rules import in_play  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db


def _kill(game, alpha, side_key, index):
    victims = list(HiredModel.objects.filter(side__game=game, side__key=side_key,
                                             is_leader=False).order_by("id"))
    return tracker.record_casualty(game=game, actor=alpha.player, side_key=side_key,
                                   model=victims[index], by_effect="a blast")


def test_bouncer_twists_the_finished_off_flip_of_its_own_crew(in_play):  # noqa: F811
    game, alpha, bravo = in_play
    hide_out = HideOut.objects.create(crew=bravo, hide_out_key="saloon", name="Saloon")
    Fortification.objects.create(hide_out=hide_out, key="bouncer", name="Bouncer",
                                 built_week=1)
    mine = _kill(game, alpha, "b", 0)
    theirs = _kill(game, alpha, "a", 0)
    flipped = tracker.flip_finished_off(casualty=mine, actor=bravo.player)
    record = flipped.flip
    assert len(record.cards) == 2 and record.net_twist == 1
    cards = [Card.parse(c) for c in record.cards]
    if not any(c.joker == "black" for c in cards):
        assert Card.parse(record.chosen).value == min(c.value for c in cards)
    assert "Bouncer" in GameLog.objects.filter(game=game).order_by("-id").first().text
    with pytest.raises(EncounterError, match="already settled"):
        tracker.flip_finished_off(casualty=mine, actor=bravo.player)
    other = tracker.flip_finished_off(casualty=theirs, actor=alpha.player).flip
    assert len(other.cards) == 1 and other.net_twist == 0  # Alpha has no Bouncer
    assert Casualty.objects.get(pk=mine.pk).flip_id == record.pk  # flipped once

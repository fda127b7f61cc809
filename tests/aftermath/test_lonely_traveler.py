"""The Lonely Traveler in the Aftermath: a Red Joker the Traveler flipped for a crew's
model is one more Barter flip for that crew (the reason shown beside the total), counted
once however often the automatic part runs; its 2 Scrip reach the ledger as weekly-event
scrip at Payday."""

import pytest

from aftermath.models import Aftermath
from aftermath.services import automatic
from campaign.models import ScripEntry
from campaign.services import scrip
from encounters.models import HiredModel
from encounters.services import traveler
from tests.aftermath.conftest import aftermaths, play
from tests.encounters.traveler import traveler_campaign, traveler_flips

pytestmark = pytest.mark.django_db


@pytest.fixture
def week(roster):
    campaign, (alpha, bravo), _organizer = traveler_campaign(roster)
    return campaign, alpha, bravo


def asks(monkeypatch, row, *, side="a", times=1):
    """``at_table``: side's Leader asks the Traveler ``times`` times, the card on ``row``."""

    def at_table(game):
        model = HiredModel.objects.get(side__game=game, side__key=side, is_leader=True)
        player = game.sides.get(key=side).player
        for _ in range(times):
            with traveler_flips(monkeypatch, row):
                traveler.ask_guidance(game=game, actor=player, model=model)

    return at_table


def test_a_red_joker_is_one_more_barter_flip_with_its_reason(week, monkeypatch, client):
    campaign, alpha, bravo = week
    game = play(campaign, alpha, bravo, vp=(2, 2), at_table=asks(monkeypatch, "red-joker"))
    assert game.record["sides"]["a"]["traveler_barter_flips"] == 1
    found = aftermaths(game)
    a, b = found["a"], found["b"]
    assert a.state["barter_total"] == 2  # one, plus the Traveler's
    assert a.state["barter_extras"] == [[1, "the Lonely Traveler"]]
    assert b.state["barter_total"] == 1 and b.state["barter_extras"] == []
    # The Aftermath page shows the reason beside the Barter total.
    a = Aftermath.objects.get(pk=a.pk)
    assert a.phase == "barter"
    client.force_login(alpha.player)
    page = client.get(a.get_absolute_url()).content.decode()
    assert "card 1 of 2" in page
    extras = page[page.index('id="barter-extras"'):]
    assert "1 for the Lonely Traveler" in extras[:extras.index("</p>")]


def test_the_traveler_flip_is_counted_once(week, monkeypatch):
    campaign, alpha, bravo = week
    game = play(campaign, alpha, bravo, vp=(2, 2),
                at_table=asks(monkeypatch, "red-joker", times=2))
    a = aftermaths(game)["a"]
    assert a.state["barter_total"] == 3 and a.state["barter_extras"] == [[2, "the Lonely Traveler"]]
    # Running the automatic part again (the job sent twice, the sweep) changes nothing.
    automatic.start_game(game.pk)
    automatic.run_automatic(a.pk)
    a = Aftermath.objects.get(pk=a.pk)
    assert a.state["barter_total"] == 3
    assert a.state["barter_extras"] == [[2, "the Lonely Traveler"]]


def test_an_early_withdraw_loses_the_traveler_flip_with_the_rest(week, monkeypatch):
    campaign, alpha, bravo = week

    def ask_then_leave(game):
        asks(monkeypatch, "red-joker")(game)
        from encounters.services import tracker

        tracker.strategic_withdraw(game=game, actor=alpha.player)

    game = play(campaign, alpha, bravo, vp=(0, 2), at_table=ask_then_leave)
    a = aftermaths(game)["a"]
    assert a.state["barter_total"] == 0 and a.state["barter_extras"] == []


def test_two_scrip_reach_the_ledger_as_event_scrip(week, monkeypatch):
    campaign, alpha, bravo = week
    game = play(campaign, alpha, bravo, vp=(2, 2), at_table=asks(monkeypatch, "masks"))
    assert game.record["sides"]["a"]["event_scrip"] == 2
    aftermaths(game)
    entry = ScripEntry.objects.get(crew=alpha, reason__contains="the weekly event")
    assert entry.amount == 2
    assert not ScripEntry.objects.filter(crew=bravo, reason__contains="the weekly event").exists()
    alpha.refresh_from_db()
    assert alpha.scrip == scrip.ledger_balance(alpha)

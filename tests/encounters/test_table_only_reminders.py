"""Table-only results (``rules/table_only.py``) are shown to the players where they
matter: marked on the stat card, listed on the tracker while the game is in play, and
logged at the moment a death sets them off. The page offers the casualty Scrip count
and its correction in a Contract Work week."""

import pytest

from campaign.models import ArsenalUpgrade
from campaign.selectors import arsenal_sheet
from campaign.stat_cards import stat_card
from encounters.models import GameLog, HiredModel
from encounters.services import tracker
from tests.encounters.test_pages import act, client_for, main, section
from tests.encounters.test_tracker_rules import in_play  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db


def test_baggage_is_marked_listed_and_reminded_when_the_model_dies(in_play):  # noqa: F811
    game, alpha, bravo = in_play
    victim = HiredModel.objects.filter(side__game=game, side__key="b",
                                       is_leader=False).order_by("id").first()
    ArsenalUpgrade.objects.create(crew=bravo, kind="injury", table_key="baggage",
                                  name="Baggage", attached_to=victim.arsenal_model)
    card = stat_card(next(m for m in arsenal_sheet(bravo).models
                          if m.row.pk == victim.arsenal_model_id))
    assert [(i.name, i.table_only) for i in card.injuries] == [("Baggage", True)]
    page = main(client_for(alpha.player).get(game.get_absolute_url()))
    reminders = section(page, "table-only-b")
    assert "Baggage" in reminders and victim.name in reminders
    tracker.record_casualty(game=game, actor=alpha.player, side_key="b", model=victim,
                            by_effect="a blast")
    assert GameLog.objects.filter(game=game, text__startswith="Apply at the table: ",
                                  text__contains="Baggage").count() == 1


def test_the_tracker_shows_the_casualty_scrip_and_takes_a_correction(in_play):  # noqa: F811
    game, alpha, _ = in_play  # a Contract Work week
    client = client_for(alpha.player)
    assert 'id="casualty-scrip"' in main(client.get(game.get_absolute_url()))
    act(client, "casualty-scrip", game, {"side": "a", "amount": "2", "why": "A missed kill"})
    assert game.sides.get(key="a").casualty_scrip_correction == 2
    assert "<strong>2</strong>" in section(main(client.get(game.get_absolute_url())),
                                           "casualty-scrip")

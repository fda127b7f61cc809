"""What the game page costs (issue 26, the load goals): a fixed number of queries for
every viewer of a finished game, none of them joining the game back to sort its own rows,
and a log translated line by line without a catalogue lookup for every known line shape."""

from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from aftermath.services.automatic import start_game
from encounters.models import Game
from encounters.services import results, tracker
from rules.log_lines import translated
from tests.encounters.test_pages import client_for, game_in_play

pytestmark = pytest.mark.django_db


def _page_queries(user, path) -> list[str]:
    client = client_for(user)
    client.get(path)  # warm the caches (content types, rule tables)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).status_code == 200
    return [query["sql"] for query in queries.captured_queries]


def finished_game(campaign_week) -> Game:
    """A game played with casualties, its result confirmed and its Aftermaths open."""
    _campaign, alpha, bravo, _organizer = campaign_week
    game = game_in_play(campaign_week)
    for victim in game.sides.get(key="b").hired.filter(is_leader=False):
        casualty = tracker.record_casualty(game=game, actor=alpha.player, side_key="b",
                                           model=victim)
        tracker.flip_finished_off(casualty=casualty, actor=bravo.player, table_card="1R")
    results.report_result(game=game, actor=alpha.player, vp_a=3, vp_b=1)
    results.confirm_result(game=game, actor=bravo.player)
    start_game(game.pk)
    game.refresh_from_db()
    return game


def test_a_finished_game_page_reads_a_few_queries_for_every_viewer(campaign_week):
    _campaign, alpha, _bravo, organizer = campaign_week
    game = finished_game(campaign_week)
    assert game.aftermaths.count() == 2
    path = game.get_absolute_url()
    counts = {}
    for name, user in (("player", alpha.player), ("organizer", organizer), ("visitor", None)):
        sql = _page_queries(user, path)
        joined = [q for q in sql if 'JOIN "encounters_game"' in q]
        assert not joined, f"{name}: rows of the game sorted through the game: {joined}"
        counts[name] = len(sql)
    # session, user, the game (permission), the game's view (game, sides, hired models,
    # schemes, Bounty notes, table models, log, casualties, the crews' Bounties), the
    # membership (organizer?), reports, the Aftermaths with their crews, the flip record,
    # unread notifications; a visitor has no session, no Aftermath links and no
    # notifications. The organizer's Aftermath links load no crew of their own, and
    # whether an Aftermath has started is read from them.
    bounds = {"player": 17, "organizer": 17, "visitor": 12}
    assert all(counts[name] <= bound for name, bound in bounds.items()), counts


def test_a_log_line_is_translated_with_one_catalogue_lookup():
    """Each line used to translate all sixty line templates before matching one (about
    1,900 lookups for the demo game's log on every view of the game page)."""
    with translation.override("en"), mock.patch.object(
            translation._trans, "gettext", wraps=translation._trans.gettext) as lookups:
        assert translated("Turn 3 begins") == "Turn 3 begins"
        assert translated("Side a scored 2 Strategy VP") == "Side a scored 2 Strategy VP"
        assert translated("no known shape") == "no known shape"
    assert lookups.call_count == 2

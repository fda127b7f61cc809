"""The Story's secret note on the game page: asked of the side that writes it only, taken
by HTMX and by a plain post, and never shown to the opponent."""

import pytest

from encounters.models import Game, GameLog
from tests.encounters.test_pages import act, client_for, game_in_play, url

pytestmark = pytest.mark.django_db


def story(game: Game, **setup) -> Game:
    game.kind = Game.Kind.STORY
    game.setup = {**(game.setup or {}), **setup}
    game.save(update_fields=["kind", "setup"])
    return game


def test_jail_break_the_attacker_notes_and_the_defender_never_reads_it(campaign_week):
    _campaign, alpha, bravo, _organizer = campaign_week
    game = story(game_in_play(campaign_week), attacker="second",
                 attacker_strategy="jail-break", defender_objective="hold-the-prisoner")
    a, b = client_for(alpha.player), client_for(bravo.player)
    assert 'id="story-note-jail-break"' in b.get(url("panel", game)).content.decode()
    assert "story-note" not in a.get(url("panel", game)).content.decode()
    refused = act(a, "story-note", game, {"key": "jail-break", "text": "my master"})
    assert not GameLog.objects.filter(game=game, text__contains="my master").exists()
    assert "asks no such note" in refused
    act(b, "story-note", game, {"key": "jail-break", "text": "the Judge"}, htmx=False)
    assert "the Judge" in b.get(url("panel", game)).content.decode()
    assert 'id="story-note-jail-break"' not in b.get(url("panel", game)).content.decode()
    seen = a.get(url("panel", game)).content.decode()
    assert "the Judge" not in seen


def test_make_them_guess_the_defender_notes_by_htmx(campaign_week):
    _campaign, alpha, _bravo, _organizer = campaign_week
    game = story(game_in_play(campaign_week), attacker="second",
                 attacker_strategy="squatters-rights", defender_objective="make-them-guess")
    a = client_for(alpha.player)
    html = act(a, "story-note", game, {"key": "make-them-guess", "text": "3"})
    assert "secretly note a number" not in html
    assert GameLog.objects.filter(game=game, secret_for="a",
                                  text="Side a secret note for Make them guess: 3").exists()

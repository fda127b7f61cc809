"""The pages of a finished game speak plain words (issue 23): the game page, its replay and
a prediction of it name the crews and models, schemes and strategies by name, cards as
people read them; no rule-table key (slug), card code, "Side a"/"Crew A" or negative
Wounds in the visible text."""

import re

import pytest
from django.urls import reverse

from autoresolve.models import Prediction, ResolveRun
from autoresolve.services import resolve
from encounters.services import results
from rules.wording import readable, slug_keys

pytestmark = pytest.mark.django_db

CODE = re.compile(r"(?<![\w-])((?:1[0-3]|[1-9])[RCTM]|RJ|BJ)(?![\w-])")
INTERNAL = re.compile(r"\b[Ss]ide [ab]\b|\bCrew [AB]\b|-\d+ W(d|ounds) left")


def visible(html: str) -> str:
    """What a reader sees: no scripts, styles, JSON data or markup."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"<!--.*?-->", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def offences(text: str) -> list[str]:
    found = [k for k in slug_keys() if re.search(rf"(?<![\w-]){re.escape(k)}(?![\w-])", text)]
    found += [m.group(0) for m in CODE.finditer(text)]
    found += [m.group(0) for m in INTERNAL.finditer(text)]
    return found


def test_the_reader_rewrites_sides_cards_and_slugs():
    line = readable("Turn 1 initiative: 12M vs RJ, side a goes first; Side b scored "
                    "protect-territory", {"a": "Alpha", "b": "Bravo"})
    assert line == ("Turn 1 initiative: 12 of Masks vs Red Joker, Alpha goes first; Bravo "
                    "scored Protect Territory")


def test_a_finished_games_pages_show_no_key_or_code(
        client, game, league_week, django_capture_on_commit_callbacks):
    _campaign, alpha, bravo, _ = league_week
    resolve.request_resolve(game=game, actor=alpha.player)
    with django_capture_on_commit_callbacks(execute=True):
        resolve.request_resolve(game=game, actor=bravo.player)
    run = ResolveRun.objects.get(game=game)
    results.confirm_result(game=game, actor=alpha.player)
    with django_capture_on_commit_callbacks(execute=True):
        results.confirm_result(game=game, actor=bravo.player)
    client.force_login(alpha.player)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("autoresolve:predict"), {"game": game.pk, "size": game.size,
                                                     "strategy": "random",
                                                     "deployment": "random", "games": 100})
    prediction = Prediction.objects.get()
    pages = {"game": game.get_absolute_url(),
             "replay": reverse("autoresolve:replay", args=[run.pk]),
             "prediction": prediction.get_absolute_url()}
    for name, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200, name
        text = visible(response.content.decode())
        assert not offences(text), (name, offences(text))
    assert alpha.name in visible(client.get(pages["replay"]).content.decode())


"""What the simulator does not play, in French (issue 23): an auto-resolved game's "not
modelled" list, a Malediction replay's, a card's coverage and a pack's common reasons read
in French; names, quoted card text and the simulator's effect descriptions stay English,
marked lang="en". An English page shows the lines as stored."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from tests.autoresolve.conftest import fixed_seed, game, league_week  # noqa: F401
from tests.catalogue.test_coverage import load_pack
from tests.i18n.test_french_rendered import proper_names
from tests.i18n.visible_english import english_in

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


def _section(html: str, start: str) -> str:
    part = html[html.index(">", html.index(start)) + 1:]
    return part[:part.index("</section>")] if "</section>" in part else part


def test_a_cards_coverage_and_a_packs_reasons_are_french(client):
    card = load_pack()
    url = reverse("catalogue:model", args=[card.pack.slug, card.slug])
    fr_page = _section(client.get(url, **FRENCH).content.decode(), 'id="coverage"')
    names = proper_names()
    assert not english_in(fr_page, names), english_in(fr_page, names)
    assert "déclencheur <span lang=\"en\">Mumble</span> de <span lang=\"en\">Shove Off" \
        in fr_page
    assert "texte non lu : <span lang=\"en\">" in fr_page
    assert "text not read" not in fr_page
    en_page = client.get(url, **ENGLISH).content.decode()
    assert "trigger Mumble of Shove Off (text not read: " in en_page

    url = reverse("catalogue:pack-coverage", args=[card.pack.slug])
    fr_page = client.get(url, **FRENCH).content.decode()
    reasons = fr_page[fr_page.index(">", fr_page.index('id="coverage-reasons"')) + 1:]
    reasons = reasons[:reasons.index("</ol>")]
    assert not english_in(reasons, names), english_in(reasons, names)
    assert "texte non lu" in reasons
    assert "text not read" in client.get(url, **ENGLISH).content.decode()


#: Lines an auto-resolved game stores (rules/engine/simulation/crews.py), one per shape.
LINES = [
    "Doc Shover: ability Odd Habit (text not read: 'It borrows a shadow.')",
    "Doc Shover: trigger Mumble of Shove Off (its action is not played)",
    "Doc Shover: action Ponder (a tactical action whose effect is only text)",
    "Doc Shover: action Lunge (partly played: gain Slow; push 2\" is not played)",
    "Doc Shover: ability Grim (from Lucky Charm) (an ability the simulator does not play)",
    "Doc Shover: card field 'flavour' (not read by the simulator)",
    "Doc Shover: action Bark (range 'far' is not understood)",
]


def test_an_auto_resolved_games_not_modelled_list_is_french(
        client, game, league_week, django_capture_on_commit_callbacks):  # noqa: F811
    from autoresolve.models import ResolveRun
    from autoresolve.services import resolve

    _campaign, alpha, bravo, _ = league_week
    resolve.request_resolve(game=game, actor=alpha.player)
    with django_capture_on_commit_callbacks(execute=True):
        resolve.request_resolve(game=game, actor=bravo.player)
    run = ResolveRun.objects.get(game=game)
    simulated = list(run.summary["not_modelled"])
    run.summary = {**run.summary, "not_modelled": simulated + LINES}
    run.save(update_fields=["summary"])
    client.force_login(alpha.player)
    url = reverse("autoresolve:run", args=[run.pk])
    fr_page = client.get(url, **FRENCH).content.decode()
    listed = fr_page[fr_page.index(">", fr_page.index('id="not-modelled"')) + 1:]
    listed = listed[:listed.index("</details>")]
    names = [*proper_names(), "Doc Shover", "Odd Habit", "Mumble", "Shove Off", "Ponder",
                              "Lunge", "Grim", "Lucky Charm", "Bark"]
    assert not english_in(listed, names), english_in(listed, names)
    for french in ("texte non lu : <span lang=\"en\">",
                   "son action n\u2019est pas jouée",
                   "une action tactique dont l\u2019effet n\u2019est que du texte",
                   "(joué en partie : <span lang=\"en\">gain Slow</span> ; ",
                   "(de <span lang=\"en\">Lucky Charm</span>)",
                   "champ <span lang=\"en\">&#x27;flavour&#x27;</span> (non lu par le "
                   "simulateur)"):
        assert french in listed, french
    en_page = client.get(url, **ENGLISH).content.decode()
    for line in LINES:
        assert escape(line) in en_page, line

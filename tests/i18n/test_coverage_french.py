"""What the simulator does not play, in French (issue 23): an auto-resolved game's "not
modelled" list, a Malediction replay's, a card's coverage and a pack's common reasons read
in French, the simulator's own effect descriptions too; names and quoted card text stay
English, marked lang="en". An English page shows the lines as stored."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone
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
    assert "texte non lu\u00a0: <span lang=\"en\">" in fr_page
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
    lines = listed[listed.index("<ul>"):]
    assert " : " not in lines and " ; " not in lines  # a non-breaking space before each
    for french in ("<span lang=\"en\">Doc Shover</span>\u00a0: ",  # a non-breaking space
                   "texte non lu\u00a0: <span lang=\"en\">",
                   "son action n\u2019est pas jouée",
                   "une action tactique dont l\u2019effet n\u2019est que du texte",
                   "(joué en partie\u00a0: gagne <span lang=\"en\">Slow</span>\u00a0; ",
                   "pousse de 2&quot;\u00a0: non joué",
                   "(de <span lang=\"en\">Lucky Charm</span>)",
                   "champ <span lang=\"en\">&#x27;flavour&#x27;</span> (non lu par le "
                   "simulateur)"):
        assert french in listed, french
    en_page = client.get(url, **ENGLISH).content.decode()
    for line in LINES:
        assert escape(line) in en_page, line


def test_a_malediction_replays_not_modelled_list_is_french(
        client, django_capture_on_commit_callbacks):
    from types import SimpleNamespace

    from autoresolve.models import MalResolveRun
    from malediction.models import Event, Registration, Round
    from malediction.packs.sample import load_sample_pack
    from tests.autoresolve.mal_fixtures import ready_match
    from tests.campaign.factories import LeagueFactory, member

    league = LeagueFactory(name="Hollow Crown Club", is_public=True)
    organizer = member(league, "organizer")
    players = [member(league, "player") for _ in range(2)]
    event = Event.objects.create(league=league, name="Relic Night", created_by=organizer,
                                 list_deadline=timezone.now() + dt.timedelta(days=2))
    regs = [Registration.objects.create(event=event, player=p, checked_in=True)
            for p in players]
    round1 = Round.objects.create(event=event, number=1, date=dt.date(2026, 12, 1))
    world = SimpleNamespace(league=league, organizer=organizer, players=players, event=event,
                            regs=regs, round1=round1)
    match = ready_match(world, load_sample_pack().pack)
    for player in players:
        client.force_login(player)
        with django_capture_on_commit_callbacks(execute=True):
            client.post(reverse("autoresolve:mal-ask", args=[match.pk]))
    run = MalResolveRun.objects.get(match=match)
    lines = ["Old Lantern (legacy): Once per match, light the way.",
             "Ash Storm (spell): Every unit nearby loses its footing.",
             "Sunken Bog (terrain): Units here move slowly.",
             "Grim Hound: Keeps watch."]
    run.summary = {**run.summary, "not_modelled": lines}
    run.save(update_fields=["summary"])
    url = reverse("autoresolve:mal-replay", args=[run.pk])
    fr_page = client.get(url, **FRENCH).content.decode()
    listed = _section(fr_page, 'id="not-modelled"')
    assert not english_in(listed, []), english_in(listed, [])
    assert ('<span lang="en">Old Lantern</span> (héritage)\u00a0: '
            '<span lang="en">Once per match, light the way.</span>') in listed
    assert "(sort)\u00a0:" in listed and "(terrain)\u00a0:" in listed
    assert '<li><span lang="en">Grim Hound: Keeps watch.</span></li>' in listed
    en_page = client.get(url, **ENGLISH).content.decode()
    assert "<li>Old Lantern (legacy): Once per match, light the way.</li>" in en_page


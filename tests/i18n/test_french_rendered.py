"""The demo's pages rendered in French (home, sheet, games at each state, replay,
prediction, Aftermath, week, night, standings...) hold no English sentence: every visible
text is translated, and what must stay English (names from a pack) is marked lang="en"."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command

from tests.i18n.visible_english import english_in

pytestmark = pytest.mark.django_db


def proper_names() -> list[str]:
    from django.contrib.auth import get_user_model

    from campaign.models import Campaign, Crew
    from catalogue.models import ContentPack, Faction, ModelCard, UpgradeCard
    from league.models import League

    names = []
    for user in get_user_model().objects.all():
        names += [user.username, str(user), user.get_full_name()]
    names += [c.name for c in Crew.objects.all()]
    names += [c.name for c in Campaign.objects.all()]
    names += [x.name for x in League.objects.all()]
    names += [x.description for x in League.objects.all()]  # the organizer's own words
    for card in ModelCard.objects.all():  # names from a pack: cards, actions, abilities
        names.append(card.name)
        names += [a.get("name", "") for a in card.actions + card.abilities
                  if isinstance(a, dict)]
    names += [u.name for u in UpgradeCard.objects.all()]
    names += [p.name for p in ContentPack.objects.all()]
    names += [f.name for f in Faction.objects.all()]
    return names


@pytest.fixture
def demo(db):
    from django.contrib.auth import get_user_model

    from campaign.models import Campaign
    from nights import services as nights

    call_command("load_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    users = {u.username: u for u in get_user_model().objects.all()}
    campaign = Campaign.objects.get(slug="demo-campaign")
    night = nights.open_night(campaign=campaign, actor=users["organizer"])
    for crew in campaign.crews.filter(status="active"):
        nights.check_in(night=night, crew=crew, actor=crew.player)
    return users


def english_on_pages(client, user) -> dict[str, list[str]]:
    from tests.e2e.test_phone_layout_browser import demo_pages

    user.language = "fr"
    user.save(update_fields=["language"])
    client.force_login(user)
    names = proper_names()
    found = {}
    for path in dict.fromkeys(demo_pages()):
        response = client.get(path, HTTP_ACCEPT_LANGUAGE="fr")
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        english = english_in(response.content.decode(), names)
        if english:
            found[path] = english
    return found


@pytest.mark.parametrize("username", ["player", "organizer"])
def test_the_demo_pages_in_french_hold_no_english_sentence(client, demo, username):
    found = english_on_pages(client, demo[username])
    assert not found, "\n".join(f"{p}: {t}" for p, ts in found.items() for t in ts)


def svg_numbers_in_french_form(html: str) -> list[str]:
    """SVG attributes written with a decimal comma (French's 10,5), which no browser
    reads as a number: a coordinate has none, a point has one comma, between x and y."""
    bad = []
    for svg in re.findall(r"<svg\b.*?</svg>", html, re.S):
        for name, value in re.findall(
                r'\s(x|y|x1|x2|y1|y2|cx|cy|r|width|height|viewBox|points)="([^"]*)"', svg):
            if name == "points":
                bad += [f"{name}={value}" for token in value.split() if token.count(",") != 1]
            elif "," in value:
                bad.append(f"{name}={value}")
    return bad


def test_the_replay_and_a_prediction_in_french_hold_no_english_sentence(
        client, django_capture_on_commit_callbacks):
    from django.urls import reverse

    from autoresolve.models import Prediction, ResolveRun
    from autoresolve.services import resolve
    from tests.autoresolve.conftest import sample_roster, seeded_game
    from tests.campaign.factories import campaign_in_week_one
    from tests.e2e.steps import ensure_factions

    ensure_factions()
    campaign, (alpha, bravo), _ = campaign_in_week_one(
        sample_roster(), models=("minion", "enforcer", "inquisitor"), upgrade=False,
        auto_resolve="both_players")
    game = seeded_game(campaign, alpha, bravo)
    with django_capture_on_commit_callbacks(execute=True):
        resolve.request_resolve(game=game, actor=alpha.player)
        resolve.request_resolve(game=game, actor=bravo.player)
    run = ResolveRun.objects.get(game=game)
    assert run.status == "done"
    alpha.player.language = "fr"
    alpha.player.save(update_fields=["language"])
    client.force_login(alpha.player)
    form = {"crew_a": alpha.pk, "crew_b": bravo.pk, "size": 40, "strategy": "random",
            "deployment": "standard", "games": 100}
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(reverse("autoresolve:predict"), form, HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 302, english_in(answer.content.decode(), []) or answer
    prediction = Prediction.objects.get()
    names = proper_names()
    for url in (reverse("autoresolve:replay", args=[run.pk]), game.get_absolute_url(),
                prediction.get_absolute_url(), reverse("autoresolve:predict")):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
        assert response.status_code == 200, url
        html = response.content.decode()
        assert 'id="replay-log"' in html or url != reverse("autoresolve:replay", args=[run.pk])
        assert not english_in(html, names), (url, english_in(html, names))
        assert not svg_numbers_in_french_form(html), (url, svg_numbers_in_french_form(html))


def test_a_game_at_each_state_in_french_holds_no_english_sentence():
    """The game page at set-up, hired, in play, reported and in its Aftermath (the demo
    holds only a confirmed game), for both players, walked through the pages' own forms."""
    from encounters.models import Game
    from tests.campaign.factories import guild_roster
    from tests.walk.pageforms import forms_on
    from tests.walk.test_walk_every_week import week_of
    from tests.walk.walker import Walk

    campaign, (alpha, bravo) = week_of("contract-work", guild_roster())
    for crew in (alpha, bravo):
        crew.player.language = "fr"
        crew.player.save(update_fields=["language"])
    walk = Walk(campaign, alpha, bravo)
    names = proper_names()
    seen = set()

    def french_only(state):
        seen.add(walk.refresh().state)
        for who in "ab":
            html = walk.page(who)
            assert 'lang="fr"' in html[:300], (state, who)
            assert not english_in(html, names), (state, who, english_in(html, names))

    walk.set_up()
    french_only("set up")
    for who in "ab":
        walk.hire(who)
        walk.schemes(who)
    french_only("hired")
    walk.play()
    french_only("in play")
    walk.post("a", walk.need(forms_on(walk.page("a")), "/report/", "a", "report"), "report")
    french_only("reported")
    walk.post("b", walk.need(forms_on(walk.page("b")), "/confirm/", "b", "confirm"), "confirm")
    french_only("confirmed")
    assert {Game.State.SET_UP, Game.State.IN_PLAY, Game.State.REPORTED} <= seen
    for who in "ab":
        walk.aftermath(who)
    french_only("done")

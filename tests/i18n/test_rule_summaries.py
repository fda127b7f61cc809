"""Rule summaries in the reader's language (issue 23): every summary the week and game
pages can show has its French in rules/data/fr/summaries.json; a French page shows it
unmarked, an English page keeps the English marked lang="en", and a summary without
French falls back to the English, still marked."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from encounters.models import Game
from encounters.services import games
from rules.encounter_tables import encounter_tables
from rules.summaries import french, page_summaries, said
from rules.tables import weekly_events
from tests.campaign.factories import campaign_in_week_one, guild_roster

FRENCH_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}
ENGLISH_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


def test_every_summary_the_pages_show_has_its_french():
    missing = sorted(set(page_summaries()) - set(french()))
    assert not missing, f"rules/data/fr/summaries.json has no French for {missing}"


def test_no_french_entry_is_left_for_a_summary_that_is_gone():
    stale = sorted(set(french()) - set(page_summaries()))
    assert not stale, f"French for summaries the tables no longer have: {stale}"


def test_the_french_is_a_translation_not_a_copy():
    english = page_summaries()
    copied = sorted(k for k, text in french().items() if text == english.get(k))
    assert not copied, copied


def test_the_summaries_cover_all_28_weekly_events_and_the_second_edition_tables():
    keys = set(page_summaries())
    assert len([r for r in weekly_events().rows]) == 28
    assert {f"weekly-events/summary/{r.key}" for r in weekly_events().rows} <= keys
    t = encounter_tables()
    assert {f"encounter-schemes/summary/{r.key}" for r in t.schemes.rows} <= keys
    assert {f"encounter-story/objective/{r.key}" for r in t.story.defender_objectives} <= keys
    assert "encounter-story/shindig" in keys and "weekly-events/neutral_model_rules" in keys


def test_said_gives_french_in_french_and_english_otherwise():
    key = "weekly-events/summary/contract-work"
    english = weekly_events().row("contract-work").summary
    with translation.override("fr"):
        text = said(key, english)
        assert text == french()[key] and text.lang == "fr"
        fallback = said("weekly-events/summary/not-translated-yet", english)
        assert fallback == english and fallback.lang == "en"
    with translation.override("en-gb"):
        text = said(key, english)
        assert text == english and text.lang == "en"



@pytest.fixture
def patrol_week(db):
    """A campaign in week 1 of Guild Patrol: an event with two scrip opportunities and
    neutral models (so the neutral model rules show)."""
    campaign, (alpha, bravo), _ = campaign_in_week_one(guild_roster(), event="guild-patrol")
    return campaign, alpha, bravo


def _page(client, user, url, headers) -> str:
    client.force_login(user)
    response = client.get(url, **headers)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_the_week_page_in_french_shows_the_french_summaries_unmarked(client, patrol_week):
    campaign, alpha, _ = patrol_week
    url = reverse("campaign:week", args=[campaign.pk, 1])
    row = weekly_events().row("guild-patrol")
    fr = french()
    html = _page(client, alpha.player, url, FRENCH_BROWSER)
    assert f"<p>{escape(fr['weekly-events/summary/guild-patrol'])}</p>" in html
    for index in range(len(row.scrip)):
        assert f"<span>{escape(fr[f'weekly-events/scrip/guild-patrol/{index}'])}</span>" in html
    assert f"<p>{escape(fr['weekly-events/neutral_model_rules'])}</p>" in html
    assert escape(row.summary) not in html

    html = _page(client, alpha.player, url, ENGLISH_BROWSER)
    assert f'<p lang="en">{escape(row.summary)}</p>' in html
    assert f'<span lang="en">{escape(row.scrip[0].when)}</span>' in html
    rules = weekly_events().neutral_model_rules
    assert f'<p lang="en">{escape(rules)}</p>' in html


@pytest.mark.django_db
def test_a_standard_game_page_in_french_shows_the_french_setup(client, patrol_week):
    campaign, alpha, bravo = patrol_week
    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    setup, fr, t = game.setup, french(), encounter_tables()
    texts = {
        f"deployment/summary/{setup['deployment']}": t.deployment(setup["deployment"]).summary,
        f"encounter-standard/strategy/{setup['strategy']}":
            t.standard_strategy(setup["strategy"]).summary,
        "weekly-events/summary/guild-patrol": weekly_events().row("guild-patrol").summary,
    } | {f"encounter-schemes/summary/{k}": t.scheme(k).summary for k in setup["scheme_pool"]}
    html = _page(client, alpha.player, game.get_absolute_url(), FRENCH_BROWSER)
    for key, english in texts.items():
        assert f"<span>{escape(fr[key])}</span>" in html, key
        assert f'lang="en">{escape(english)}<' not in html, key
    html = _page(client, alpha.player, game.get_absolute_url(), ENGLISH_BROWSER)
    for key, english in texts.items():
        assert f'<span lang="en">{escape(english)}</span>' in html, key


@pytest.mark.django_db
def test_a_story_game_page_in_french_shows_terrain_objective_and_shindig(client, patrol_week):
    _, alpha, _ = patrol_week
    game = games.create_setup(actor=alpha.player, size=50, kind=Game.Kind.STORY)
    t, fr = encounter_tables(), french()
    strategy = t.story.strategies[0]
    objective = t.story.objective(strategy.defender.rams)
    game.setup |= {"terrain": ["bog", "saloon"], "attacker_strategy": strategy.key,
                   "defender_objective": objective.key, "shindig": True}
    game.save(update_fields=["setup"])
    keys = ["encounter-story/terrain/bog", "encounter-story/terrain/saloon",
            f"encounter-story/attacker/{strategy.key}",
            f"encounter-story/objective/{objective.key}", "encounter-story/shindig"]
    html = _page(client, alpha.player, game.get_absolute_url(), FRENCH_BROWSER)
    for key in keys:
        assert f"<span>{escape(fr[key])}</span>" in html, key
    html = _page(client, alpha.player, game.get_absolute_url(), ENGLISH_BROWSER)
    assert f'<span lang="en">{escape(strategy.attacker)}</span>' in html
    assert f'<span lang="en">{escape(t.story.shindig.summary)}</span>' in html


@pytest.mark.django_db
def test_a_summary_without_french_falls_back_to_english_marked(client, patrol_week,
                                                               monkeypatch):
    campaign, alpha, _ = patrol_week
    key = "weekly-events/summary/guild-patrol"
    monkeypatch.setitem(french(), key, "")
    html = _page(client, alpha.player, reverse("campaign:week", args=[campaign.pk, 1]),
                 FRENCH_BROWSER)
    assert f'<p lang="en">{escape(weekly_events().row("guild-patrol").summary)}</p>' in html


@pytest.mark.django_db
def test_a_first_edition_game_page_in_french_shows_the_french_setup(client):
    from rules.engine.first_edition_tables import first_edition_tables
    from tests.factories import UserFactory

    player = UserFactory()
    game = games.create_setup(actor=player, size=35, ruleset="m1e", first_edition_size="scrap",
                              location="old-witchs-territory", strategy_mode="quick_reference")
    t, fr = first_edition_tables(), french()
    location = t.location("old-witchs-territory")
    keys = ["first-edition/location/old-witchs-territory", "first-edition/lost_pages_note",
            f"first-edition/deployment/{game.setup['deployment']}",
            *(f"first-edition/scheme/{s.key}" for s in t.schemes),
            *(f"first-edition/feature/{k}" for k in game.setup["features"]
              if t.feature(k).summary)]
    html = _page(client, player, game.get_absolute_url(), FRENCH_BROWSER)
    for key in keys:
        assert f">{escape(fr[key])}</" in html, key
    assert escape(location.summary) not in html and "Bodyguard" in html
    assert escape(fr["first-edition/setting/outdoor"]) in html

    html = _page(client, player, game.get_absolute_url(), ENGLISH_BROWSER)
    assert f'<span lang="en">{escape(location.summary)}</span>' in html
    assert f'lang="en">{escape(t.lost_pages_note)}</p>' in html


#: Notes and Joker choices the first edition set-up writes (rules/engine/first_edition_setup
#: .py), as the game stores them.
FIRST_EDITION_NOTES = [
    "The feature table of Old Witch's Territory is on the lost pages of the French rules.",
    "Flip the chosen location's feature table once it is chosen.",
    "Story encounters are not in the sources (they were published online): the "
    "alternative the table gives is played.",
    "Each player may reflip their individual strategy once, hiring with one Soulstone "
    "fewer.",
    "Both players drew the same strategy: they play its shared version.",
]
FIRST_EDITION_CHOICES = [
    {"what": "location", "by": "second", "why": "Red Joker: the other player chooses (outdoor)"},
    {"what": "deployment", "by": "first", "why": "Black Joker: the player who flipped chooses"},
    {"what": "strategy: second", "by": "first", "why": "Black Joker: the opponent chooses"},
    {"what": "strategy type", "by": "first",
     "why": "a Joker: the player who flipped chooses the kind"},
    {"what": "features", "by": "first", "why": "a Joker: the player chooses"},
]


@pytest.mark.django_db
def test_a_first_edition_setups_notes_and_choices_are_french(client):
    from tests.factories import UserFactory
    from tests.i18n.visible_english import english_in

    player = UserFactory()
    game = games.create_setup(actor=player, size=35, ruleset="m1e", first_edition_size="scrap",
                              location="old-witchs-territory", strategy_mode="general")
    game.setup |= {"notes": FIRST_EDITION_NOTES, "choices": FIRST_EDITION_CHOICES,
                   "zone_chooser": "second"}
    game.save(update_fields=["setup"])

    def part(html, start):
        return html[html.index(start):html.index('id="setup-notes"') + 2000]

    html = _page(client, player, game.get_absolute_url(), FRENCH_BROWSER)
    shown = part(html, 'id="setup-deployment"')
    from rules.wording import rule_names

    left = english_in(shown[:shown.index("</dl>")], list(rule_names().values()))
    assert not left, left
    for note in FIRST_EDITION_NOTES:
        assert escape(note) not in html, note
    for french_text in ("La table des particularités de Old Witch",
                        "Les deux joueurs ont tiré la même stratégie",
                        "Lieu : le second joueur (Joker rouge : l\u2019autre joueur choisit "
                        "(extérieur)).", "Stratégie du second joueur : le premier joueur",
                        "Le tirage du second joueur était le plus haut"):
        assert escape(french_text) in html, french_text

    html = _page(client, player, game.get_absolute_url(), ENGLISH_BROWSER)
    for note in FIRST_EDITION_NOTES:
        assert escape(note) in html, note
    assert "Location: the second player (Red Joker: the other player chooses (outdoor))." \
        in html
    assert "The second player's flip was higher" in html

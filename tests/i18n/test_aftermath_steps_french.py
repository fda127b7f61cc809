"""Payday's reasons and the rarer Aftermath steps in the reader's language (issue 23).

The lines are stored in English (an audit record, written once for every reader) and
read in French on a French page (rules.log_lines): Payday's lines on the Aftermath and
the scrip ledger's "Payday, game N: ..." reasons, Fortification uses, Those Who Thirst,
the Doc's (a suit, not the chart's key), a result kept or declined, Bounty progress."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from aftermath.services.common import record_step
from campaign.models import ScripEntry
from tests.aftermath.conftest import campaign_week, roster  # noqa: F401
from tests.aftermath.test_pages import full_game
from tests.i18n.visible_english import english_in

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


def _steps(html: str) -> str:
    return html[html.index('id="steps"'):]


def test_payday_lines_and_the_ledger_reasons_are_french(client, campaign_week):  # noqa: F811
    _, alpha, _, _ = campaign_week
    a = full_game(campaign_week)  # alpha wins: Payday pays for its VP and the win
    client.force_login(alpha.player)
    reasons = list(ScripEntry.objects.filter(crew=alpha, reason__startswith="Payday")
                   .values_list("reason", flat=True))
    assert any(r.endswith(": winning") for r in reasons), reasons

    fr_page = _steps(client.get(a.get_absolute_url(), **FRENCH).content.decode())
    en_page = _steps(client.get(a.get_absolute_url(), **ENGLISH).content.decode())
    assert " pour la victoire" in fr_page and " PV" in fr_page
    assert " for winning" not in fr_page and " for winning" in en_page
    assert not english_in(fr_page, [alpha.name]), english_in(fr_page, [alpha.name])

    sheet = reverse("campaign:crew", args=[alpha.pk])
    fr_sheet = client.get(sheet, **FRENCH).content.decode()
    en_sheet = client.get(sheet, **ENGLISH).content.decode()
    game = a.game_id
    assert f"Jour de paie, partie {game} : la victoire" in fr_sheet
    assert f"Payday, game {game}:" not in fr_sheet
    assert f"Payday, game {game}: winning" in en_sheet


#: Lines the Aftermath services write for the rarer steps, as they store them, and a part
#: of their French.
RARE = [
    ("Fortified Walls: + on Sergeant Pike's Injury flip (1 Scrip)", "Murs fortifiés : + sur"),
    ("Rousing Eulogies: Sergeant Pike flips twice and keeps one", "tire deux fois"),
    ("We Was Just Wrastlin': Injury card 5C reflipped for 1 Scrip to Bravo Crew",
     "retirée pour 1 Scrip versé à"),
    ("Surgical Tools: Injury card 9T reflipped", "Outils chirurgicaux : carte de Blessure"),
    ("Fine Liquor: Barter card 3M reflipped", "Alcool fin : carte de Troc"),
    ("Cash Box: one more Barter flip", "Coffre : un tirage de Troc de plus"),
    ("Those Who Thirst: Edict", "Ceux qui ont soif : Edict"),
    ("Grand Tomb: Guard Two joins the Arsenal (Undead)", "rejoint l\u2019Arsenal (Mort-vivant)"),
    ("Built cash-box", "construit"),
    ("Trophy Rack: 1 Scrip (the crew killed a Neutral model) (a correction: the game "
     "record does not show it)", "la bande a tué une figurine Neutre"),
    ("The Doc's: Sergeant Pike (crows)", "Chez le Doc : Sergeant Pike (Corbeaux)"),
    ("Sergeant Pike: Brutal kept in place of Fast", "gardé à la place de"),
    ("Sergeant Pike: Brutal declined (no room)", "refusé (pas de place)"),
    ("Guard Two: The Chosen taken", "The Chosen accepté"),
    ("Guard Two: The Chosen declined", "The Chosen refusé"),
    ("Favors of Steel let go (no model takes it)", "aucune figurine ne le prend"),
    ("Favors of Steel goes to Sergeant Pike", "va à Sergeant Pike"),
    ("Shaken wears off Guard Two", "ne fait plus effet sur Guard Two"),
    ("Hunting Party: 3 of 3 done (completed)", "3 sur 3 faits (accomplie)"),
    ("Guard Two turned traitor", "a trahi"),
    ("Guard Two was annihilated (too many Injuries)", "trop de Blessures"),
    ("Guard Two: no lasting harm", "aucun mal durable"),
    ("A Sinner's Prayer: no model spared", "aucune figurine épargnée"),
    ("The Wandering Relic goes to the winner", "passe au vainqueur"),
    ("Barter flip 2: 7R (cheated)", "(triché)"),
]


def test_the_rarer_aftermath_steps_are_french(client, campaign_week):  # noqa: F811
    _, alpha, _, _ = campaign_week
    a = full_game(campaign_week)
    for english, _ in RARE:
        record_step(a, english, phase="extras")
    client.force_login(alpha.player)
    fr_page = _steps(client.get(a.get_absolute_url(), **FRENCH).content.decode())
    en_page = _steps(client.get(a.get_absolute_url(), **ENGLISH).content.decode())
    names = [alpha.name, "Sergeant Pike", "Guard Two", "Bravo Crew", "Edict", "Brutal",
             "Fast", "The Chosen", "Favors of Steel", "Hunting Party", "Trophy Rack",
             "We Was Just Wrastlin\u2019"]
    left = english_in(fr_page, names)
    assert not left, left
    for english, french in RARE:
        # A key is shown as its name, the Doc's row as its suit.
        shown = english.replace("cash-box", "Cash Box").replace("(crows)", "(Crows)")
        assert escape(shown) in en_page, english
        assert escape(shown) not in fr_page and escape(english) not in fr_page, english
        assert escape(french) in fr_page, french

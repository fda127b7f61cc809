"""Payday's reasons and the rarer Aftermath steps in the reader's language (issue 23).

The lines are stored in English (an audit record, written once for every reader) and
read in French on a French page (rules.log_lines): Payday's lines on the Aftermath and
the scrip ledger's "Payday, game N: ..." reasons, Fortification uses, Those Who Thirst,
the Doc's (a suit, not the chart's key), a result kept or declined, Bounty progress."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from aftermath.services.common import record_step
from campaign.models import ScripEntry
from rules.table_names import card_label
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
    # French puts a (non-breaking) space before the colon that opens Payday's list.
    assert "Jour de paie\xa0: +" in fr_page and "Jour de paie: +" not in fr_page
    assert "Payday: +" in en_page
    assert not english_in(fr_page, [alpha.name]), english_in(fr_page, [alpha.name])

    sheet = reverse("campaign:crew", args=[alpha.pk])
    fr_sheet = client.get(sheet, **FRENCH).content.decode()
    en_sheet = client.get(sheet, **ENGLISH).content.decode()
    game = a.game_id
    assert f"Jour de paie, partie {game} : la victoire" in fr_sheet
    assert f"Payday, game {game}:" not in fr_sheet
    assert f"Payday, game {game}: winning" in en_sheet


CARD_CODE = re.compile(r"\b(\d{1,2}[RCTM])\b")

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
        # A key is shown as its name, the Doc's row as its suit, a card as people read
        # it ("5 of Crows", not "5C").
        shown = english.replace("cash-box", "Cash Box").replace("(crows)", "(Crows)")
        shown = CARD_CODE.sub(lambda code: card_label(code[1]), shown)
        assert escape(shown) in en_page, english
        assert escape(shown) not in fr_page and escape(english) not in fr_page, english
        assert escape(french) in fr_page, french


def _history(html: str) -> str:
    start = html.index('id="history"')
    return html[start:html.index("</section>", start)]


def test_the_arsenal_history_is_french_with_its_names_marked_english(client, campaign_week):  # noqa: F811
    """The sheet's history, as the services write it: the Doc's (an Injury taken off), a
    Bounty's reward, a model annihilated with its Skill (the reason an upgrade goes)."""
    from types import SimpleNamespace

    from aftermath.services import extras, reward
    from campaign.models import ArsenalEvent
    from campaign.services import arsenal, scrip
    from rules import tables
    from tests.aftermath.conftest import open_with_seeds, play
    from tests.aftermath.test_wizard import _injure, _no_hand_seed, _to_injuries, fresh

    campaign, alpha, bravo, _ = campaign_week
    campaign.good_doctor = True
    campaign.save(update_fields=["good_doctor"])
    scrip.adjust_scrip(bravo, 6, week=1, reason="test funds", actor=bravo.player)
    guard, other = bravo.models.filter(station="minion").order_by("id")[:2]
    _injure(guard, ["fragile"])
    game = play(campaign, alpha, bravo, vp=(5, 1))
    b = _to_injuries(open_with_seeds(game, {"b": _no_hand_seed("6R")})["b"], bravo.player)
    b = extras.visit_doctor(aftermath=b, actor=bravo.player, model=guard)
    while (fresh(b).state["extras"].get("doctor") or {}).get("question"):
        b = extras.doctor_answer(aftermath=fresh(b), actor=bravo.player, card=None)
    row = next(r for r in tables.reward_chart("generic").rows if r.type == "Skill")
    reward._grant(SimpleNamespace(crew=bravo, week=1), row, holder=other)
    arsenal.annihilate_model(model=other, actor=bravo.player, why="cut up for parts")
    lines = list(ArsenalEvent.objects.filter(crew=bravo).values_list("description", flat=True))
    stored = {"fragile annihilated at the Doc's",
              f"Bounty reward: {row.name} on {other.card.name}",
              f"{row.name} annihilated with {other.card.name}",
              f"{other.card.name} annihilated: cut up for parts"}
    assert stored <= set(lines), lines

    client.force_login(bravo.player)
    sheet = reverse("campaign:crew", args=[bravo.pk])
    fr = _history(client.get(sheet, **FRENCH).content.decode())
    en = _history(client.get(sheet, **ENGLISH).content.decode())
    for line in stored:
        assert escape(line) in en, line
        assert escape(line) not in fr, line
    assert "annihilé chez le Doc" in fr
    assert "Récompense de Prime : " in fr and " sur " in fr
    assert "dépecé pour les pièces" in fr
    for name in (row.name, other.card.name, "fragile"):
        assert f'<span lang="en">{escape(name)}</span>' in fr, name
    left = english_in(fr, [bravo.name])
    assert not left, left


def test_an_injury_flips_results_are_french_electrodes_and_all(client, campaign_week):  # noqa: F811
    """An Injury flip's result line (aftermath/services/injury_flips): the results' names
    stay English, marked; the Lab's Electrodes cancelling a missed game reads French."""
    from aftermath.services import injury_flips
    from campaign.models import Fortification, HideOut
    from rules import tables
    from rules.engine.aftermath import InjuryOutcome, InjuryResult

    _, alpha, _, _ = campaign_week
    a = full_game(campaign_week)
    hide_out = HideOut.objects.create(crew=alpha, hide_out_key="hidden-lab", name="Lab")
    Fortification.objects.create(hide_out=hide_out, key="electrodes", name="Electrodes",
                                 built_week=1)
    chart = tables.injury_chart()
    gained = tuple(InjuryResult(r.key, r.name, "injuries", "injury", {}, tuple(r.flags or ()))
                   for r in (chart.row("fragile"), chart.row("knocked-out")))
    model = alpha.models.filter(station="minion").first()
    line = injury_flips._describe(model, InjuryOutcome(station="minion", steps=(),
                                                       gained=gained), alpha)
    assert line.endswith("(ignored: Electrodes)"), line
    record_step(a, line, phase="injuries")
    client.force_login(alpha.player)
    fr = _steps(client.get(a.get_absolute_url(), **FRENCH).content.decode())
    en = _steps(client.get(a.get_absolute_url(), **ENGLISH).content.decode())
    assert escape(line) in en and escape(line) not in fr
    name = escape(model.card.name)
    assert (f'<span lang="en">{name}</span> : <span lang="en">Fragile +1</span>, '
            '<span lang="en">Knocked Out</span> (sans effet : Électrodes)') in fr
    assert not english_in(fr, [alpha.name]), english_in(fr, [alpha.name])


def test_a_one_use_item_used_up_reads_french_in_the_history(client, campaign_week):  # noqa: F811
    """A one-use item used in a game (campaign.services.one_use.spend, as the game's item
    use writes it): "used up: game N, turn T" reads French, the item's name marked."""
    from campaign.models import ArsenalEvent, ArsenalUpgrade
    from campaign.services import one_use

    _, alpha, _, _ = campaign_week
    guard = alpha.models.filter(station="minion").first()
    whiskey = ArsenalUpgrade.objects.create(crew=alpha, kind="equipment", table_key="whiskey",
                                            name="Whiskey", attached_to=guard)
    one_use.spend(upgrade=whiskey, actor=alpha.player, where="game 3, turn 2", game_id=None)
    line = ArsenalEvent.objects.filter(crew=alpha, upgrade=whiskey).get().description
    assert line == "Whiskey used up: game 3, turn 2", line
    client.force_login(alpha.player)
    sheet = reverse("campaign:crew", args=[alpha.pk])
    fr = _history(client.get(sheet, **FRENCH).content.decode())
    en = _history(client.get(sheet, **ENGLISH).content.decode())
    assert escape(line) in en and escape(line) not in fr
    assert '<span lang="en">Whiskey</span> épuisé : partie 3, tour 2' in fr

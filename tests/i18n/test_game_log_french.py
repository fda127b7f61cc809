"""The game's log at the table in French (issue 23): the lines the tracker, the table,
the Lonely Traveler, a Warrant and the game Fortifications write, stored in English,
read French on a French page (rules.log_lines), the book's names marked lang="en"."""

from __future__ import annotations

import pytest
from django.utils.html import escape

from encounters.services.common import log
from tests.autoresolve.conftest import fixed_seed, game, league_week  # noqa: F401
from tests.i18n.visible_english import english_in

pytestmark = pytest.mark.django_db

#: Lines as the services store them, and a part of their French.
LINES = [
    ("Side a spent a Soulstone (3 left)", "a dépensé une Pierrâme (reste 3)"),
    ("Side b gained a Soulstone (4 left)", "a gagné une Pierrâme (reste 4)"),
    ("Turn 2 initiative: 5C vs 7R, side b goes first",
     "Initiative du Tour 2 : 5 de Corbeaux contre 7 de Béliers, "),
    ("End of Turn 4: flipped 5C, needed 7: the game goes on",
     "Fin du Tour 4 : 5 de Corbeaux tiré, il fallait 7 : la partie continue"),
    ("End of Turn 5: flipped 9C, needed 7: the game ends", "la partie se termine"),
    ("Side a earned 2 event scrip: the Lonely Traveler's guidance (Ezra Vane) (1 over the "
     "6-per-game limit)", "scrip d\u2019événement : les conseils du Voyageur solitaire"),
    ("Side a made a Strategic Withdraw on Turn 3 (from Turn 3: VP compared as the rules say)",
     "a fait un Retrait stratégique au Tour 3"),
    ("Ezra Vane was Wanted: side b gains 2 Scrip", "Ezra Vane était "),
    ("Side a paid 1 Scrip (Metal Servant) to reflip the Strategy: 5C, turf-war becomes "
     "plant-explosives", "pour retirer la Stratégie : 5 de Corbeaux, "),
    ("Side a paid 1 Scrip (BBQ): Ezra Vane heals 1 damage (remove it at the table)",
     "soigne 1 dommage (retirez-le à la table)"),
    ("Side a spent 1 Scrip (Brain In a Jar) to reflip initiative: 5C; side b goes first",
     "pour retirer son initiative : 5 de Corbeaux ; "),
    ("Side a spent a Soulstone to reflip initiative: 5C; side b goes first",
     "a dépensé une Pierrâme pour retirer son initiative"),
    ("Side a noted a model for Assassinate (secret)", "a noté une figurine pour "),
    ("Side a named Ezra Vane for Assassinate", "a nommé Ezra Vane pour "),
    ("Side a made its secret note for Assassinate", "a pris sa note secrète pour "),
    ("Linked Games, game 2 of 5", "Parties liées, partie 2 sur 5"),
    ("The Plot Thickens: every game this week is a Story Encounter",
     "chaque partie de la semaine est une Rencontre scénarisée"),
    ("Ezra Vane heals all its damage (remove it at the table)",
     "soigne tous ses dommages (retirez-les à la table)"),
    ("Side a flips one more Barter card at the end of the game (the Lonely Traveler)",
     "tire une carte de Troc de plus"),
    ("Side a may place a Scheme Marker anywhere on the table (record it on the Markers "
     "board if placed)", "peut placer un Marqueur de Combine"),
    ("Warrant: Side A chose to Defend; Side B is the Attacker",
     "a choisi de défendre ; "),
    ("2 side a's Scheme Marker(s) placed in quarter 3",
     "2 Marqueur(s) de Combine (Alpha) posé(s) dans le quart 3"),
    ("1 Corpse Marker(s) removed (Interact) in the centre",
     "1 Marqueur(s) Cadavre retiré(s) (Interagir) au centre"),
    ("On The Move: side b proposes to play Pit Fight instead",
     " : Bravo propose de jouer plutôt "),
    ("The game is set up again as a Story encounter for its event",
     "La partie est remise en place comme Rencontre scénarisée pour son événement"),
    ("Encounter generated: Standard encounter, 50 soulstones",
     "Rencontre générée : Rencontre standard, 50 pierrâmes"),
    ("Side a corrected the casualties' event Scrip by +1 (computed 2, now 3): a miscount",
     "a corrigé le Scrip d\u2019événement des pertes de +1 (calculé : 2, désormais 3)"),
    ("Side a: its hidden third scheme is worth 2 VP, paid as 4 Scrip (A Lucrative Offer)",
     " : sa troisième Combine cachée vaut 2 PV, payés 4 Scrip"),
]


def test_the_games_log_reads_french(client, game, league_week):  # noqa: F811
    _campaign, alpha, bravo, _ = league_week
    for english, _ in LINES:
        log(game, english)
    client.force_login(alpha.player)
    fr = client.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    en = client.get(game.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for english, french in LINES:
        assert escape(french) in fr, (english, french)
    for word in ("spent a Soulstone", "goes first", "the game ends", "event scrip",
                 "Strategic Withdraw", "heals 1 damage", "made its secret note", "Linked Games",
                 "Marker(s) placed"):
        assert word not in fr, word
        assert word in en, word
    assert '<span lang="en">Assassinate</span>' in fr
    names = [alpha.name, bravo.name, "Ezra Vane", "Brain In a Jar", "Metal Servant", "BBQ",
             "Wanted", "Warrant", "Assassinate", "Turf War", "Plant Explosives",
             str(alpha.player), str(bravo.player)]
    log_part = fr[fr.index("Pierrâme (reste 3)") - 3000:]
    assert not english_in(log_part, names), english_in(log_part, names)


#: A game's flips' purposes (its set-up and the tracker's flips), and their French.
PURPOSES = [
    ("Game 4: deployment", "Partie 4 : déploiement"),
    ("Game 4: strategy", "Partie 4 : stratégie"),
    ("Game 4: attacker: first player's card", "Partie 4 : attaquant : carte du premier joueur"),
    ("Game 4: turn 2 initiative, side a", "Partie 4 : initiative du Tour 2, Alpha"),
    ("Game 4: turn 2 initiative reflip, side a", "Partie 4 : initiative du Tour 2 retirée, Alpha"),
    ("Game 4: turn 2 initiative tie, side b",
     "Partie 4 : égalité d\u2019initiative au Tour 2, Bravo"),
    ("Game 4: end of Turn 3", "Partie 4 : fin du Tour 3"),
    ("Game 4: Finished Off: Ezra Vane", "Partie 4 : Achevé : Ezra Vane"),
    ("Game 4: the Lonely Traveler's guidance for Ezra Vane",
     "Partie 4 : les conseils du Voyageur solitaire pour Ezra Vane"),
    ("Game 4: strategy (Metal Servant reflip, side a)",
     "Partie 4 : stratégie (retirée par le Serviteur de métal, Alpha)"),
    ("Game 4: scheme card 1 (reflip: Jokers are reflipped for the Scheme pool)",
     "(retirage : les Jokers sont retirés pour la réserve de Combines)"),
]


def test_a_games_flip_purposes_read_french():
    from django.utils import translation

    from rules.wording import readable

    crews = {"a": "Alpha", "b": "Bravo"}
    with translation.override("fr"):
        for english, french in PURPOSES:
            assert french in readable(english, crews), (english, readable(english, crews))
    with translation.override("en"):
        assert readable("Game 4: end of Turn 3", crews) == "Game 4: end of Turn 3"

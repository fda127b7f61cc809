"""The simulator's own descriptions of effects in French (issue 23): they are our words
(rules.engine.effects.coverage.describe), not a pack's, so a French page reads them in
French (rules.effect_words); a Condition's or a Marker's name, a summoned model and a
condition as printed stay English, marked lang="en"."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from rules.effect_words import effect_text, joined_effects_text
from rules.engine.simulation.plays import what_it_plays
from tests.catalogue.test_coverage import load_pack
from tests.i18n.visible_english import english_in

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}

#: Shapes beyond the simulator's examples, and a part of their French.
MORE = [
    ("+2 damage, 1 Blast", "+2 dégâts, 1 Explosion"),
    ("1 damage per Crow", "1 dégât par Corbeau"),
    ("TN 12 Wp Ram duel or gain Slow; 2 damage",
     'duel de Wp Bélier ND 12, sinon gagne <span lang="en">Slow</span>\u00a0; 2 dégâts'),
    ("place all Scheme Markers", "place tous les Marqueurs de Combine"),
    ("remove 2 Corpse Markers", "retire 2 Marqueurs Cadavre"),
    ("draw 2 cards (opponent)", "pioche 2 cartes (adversaire)"),
    ("may not cheat fate", "ne peut pas Tromper le Destin"),
    ("summon 1 Rat", 'invoque 1 <span lang="en">Rat</span>'),
    ("no Walk action until end of turn", "aucune action Marcher jusqu\u2019à la fin du Tour"),
    ("1 negative twist on df", "1 Modificateur de Destin négatif sur Df"),
    ('push up to 3" away from the target (enemy models (pulse 3")), once per turn',
     "pousse jusqu\u2019à 3&quot; en s\u2019éloignant de la cible (les figurines ennemies "
     "(pulsation 3&quot;)), une fois par Tour"),
    ("gain Poison +1 only if the target is Slow",
     'gagne <span lang="en">Poison</span> +1 seulement si <span lang="en">the target is '
     "Slow</span>"),
    ("the attack and its damage", "l\u2019attaque et ses dégâts"),
    ("once:turn", "une fois par Tour"),
]


def test_every_effect_the_simulator_plays_reads_french():
    examples = sorted({entry["example"] for entry in what_it_plays()})
    assert len(examples) > 50
    with translation.override("fr"):
        for text in examples + [english for english, _ in MORE]:
            html = str(effect_text(text))
            assert not english_in(f"<p>{html}</p>", []), (text, html)
            assert not (html.startswith('<span lang="en">') and html.count("<span") == 1), text
        for english, french in MORE:
            assert french in str(effect_text(english)), english
    with translation.override("en"):
        for text in examples[:20]:
            assert str(effect_text(text)).replace("&quot;", '"') == text


def test_a_description_of_no_known_shape_stays_english_marked():
    with translation.override("fr"):
        assert str(effect_text("glows faintly")) == '<span lang="en">glows faintly</span>'
        joined = str(joined_effects_text("gain Slow, +2 damage, 1 Blast, glows faintly"))
    assert joined == ('gagne <span lang="en">Slow</span>, +2 dégâts, 1 Explosion, '
                      '<span lang="en">glows faintly</span>')


@pytest.mark.django_db
def test_a_cards_played_effects_read_french_on_its_page(client):
    card = load_pack()
    url = reverse("catalogue:model", args=[card.pack.slug, card.slug])
    en = client.get(url, **ENGLISH).content.decode()
    fr = client.get(url, **FRENCH).content.decode()
    played_en = en[en.index('id="coverage-played"'):]
    played_en = played_en[:played_en.index("</ul>")]
    played_fr = fr[fr.index('id="coverage-played"'):]
    played_fr = played_fr[:played_fr.index("</ul>")]
    assert "the attack and its damage" in played_en, played_en
    assert "l\u2019attaque et ses dégâts" in played_fr, played_fr
    for word in ("damage", "gain ", "push ", "the attack and its damage"):
        assert word not in played_fr.replace('lang="en"', ""), (word, played_fr)
    assert not english_in(played_fr, [card.name]), english_in(played_fr, [card.name])


@pytest.mark.django_db
def test_a_packs_coverage_table_names_its_elements_in_french(client):
    card = load_pack()
    url = reverse("catalogue:pack-coverage", args=[card.pack.slug])
    fr = client.get(url, **FRENCH).content.decode()
    en = client.get(url, **ENGLISH).content.decode()
    assert "trigger Mumble of Shove Off" in en
    assert "trigger Mumble" not in fr
    assert ('déclencheur <span lang="en">Mumble</span> de <span lang="en">Shove Off</span>'
            in fr)

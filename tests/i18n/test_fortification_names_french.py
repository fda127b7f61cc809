"""Hide Outs and Fortifications by French names on French pages, their refusals in French
(issue 23: every refusal message translated; the Aftermath's messages already said
"Murs fortifiés" or "Alcool fin", the lists beside them said "Fortified Walls")."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from campaign.services import hideouts, scrip
from rules import tables
from rules.hide_out_names import NAMES, hide_out_name
from tests.aftermath.conftest import (  # noqa: F401
    campaign_week,
    open_with_seeds,
    play,
    roster,
    safe_seed,
)
from tests.aftermath.test_pages import _walk_to
from tests.i18n.test_french_rendered import proper_names
from tests.i18n.visible_english import english_in

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}


def test_every_hide_out_and_fortification_has_a_french_name():
    names = set()
    for row in tables.hide_outs().rows:
        names.add(row.name)
        names.update(f.name for f in tables.fortifications(row.key))
    assert names == set(NAMES)
    with translation.override("fr"):
        french = {name: hide_out_name(name) for name in names}
    assert all(french.values())
    assert french["Fortified Walls"] == "Murs fortifiés" and french["Warrant"] == "Mandat"
    untranslated = {n for n, fr in french.items() if fr == n} - {"Saloon"}
    assert not untranslated, untranslated
    with translation.override("en"):
        assert hide_out_name("Smuggling Tunnels") == "Smuggling Tunnels"


def test_the_aftermaths_hide_out_and_the_sheet_read_french(client, campaign_week):  # noqa: F811
    campaign, alpha, bravo, _ = campaign_week
    campaign.competitive_mode = "hide_outs"
    campaign.save(update_fields=["competitive_mode"])
    hideouts.choose_hide_out(crew=alpha, actor=alpha.player, key="wasteland-outpost")
    hideouts.add_cm(alpha, 3, week=1, reason="test material")
    hideouts.build_fortification(crew=alpha, actor=alpha.player, key="smuggling-tunnels")
    hideouts.add_cm(alpha, 3, week=1, reason="test material for the Extras")
    scrip.adjust_scrip(alpha, 10, week=1, reason="test funds", actor=alpha.player)
    a = open_with_seeds(play(campaign, alpha, bravo, vp=(5, 1)), {"a": safe_seed(0)})["a"]
    alpha.player.language = "fr"
    alpha.player.save(update_fields=["language"])
    client.force_login(alpha.player)
    a = _walk_to(client, a, "extras")
    html = client.get(a.get_absolute_url(), **FRENCH).content.decode()
    extras = html[html.index('id="extras"'):]
    extras = extras[:extras.index("</section>")]
    listed = re.sub(r"<span class=\"help\"[^>]*>.*?</span>", "", extras, flags=re.S)
    assert "Avant-poste des Terres désolées" in listed
    assert "Tunnels de contrebande" in listed and "Smuggling Tunnels" not in listed
    # Refusals in French: built already, a prerequisite missing, too little Material.
    assert "La Planque a déjà" in listed and "never has two of one" not in listed
    assert "demande d\u2019abord" in listed and "needs" not in listed
    assert not english_in(listed, proper_names()), english_in(listed, proper_names())
    sheet = client.get(reverse("campaign:crew", args=[alpha.pk]), **FRENCH).content.decode()
    hide_out = sheet[sheet.index('id="hide-out"'):]
    hide_out = hide_out[:hide_out.index("</section>")]
    assert "Avant-poste des Terres désolées" in hide_out
    assert "Tunnels de contrebande" in hide_out and "Smuggling" not in hide_out

"""The Malediction tracker's event log on a phone, in French (headless Chromium at
390x844): entries made through the tracker's own forms read as words, not stored types or
JSON, and nothing is wider than the phone."""

from __future__ import annotations

import pytest

from malediction.services import warbands
from malediction.services.matches import create_match
from tests.e2e.test_phone_malediction_forms_browser import _fits
from tests.e2e.test_tracker_browser import phone_for
from tests.malediction.conftest import legal_band, sample, world  # noqa: F401

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_tracker_log_reads_french_words_on_a_phone(browser, live_server,
                                                        world, sample):  # noqa: F811
    for i in (0, 1):
        band = warbands.save_war_band(owner=world.players[i], name=f"B{i}",
                                      **legal_band(sample))
        warbands.submit_list(registration=world.regs[i], war_band=band,
                             actor=world.players[i])
        world.regs[i].refresh_from_db()
    match = create_match(round=world.round1, sides=[[world.regs[0]], [world.regs[1]]],
                         table=1)
    player = world.players[0]
    player.language = "fr"
    player.save(update_fields=["language"])
    context, page = phone_for(browser, live_server, player)
    page.goto(f"/malediction/matches/{match.pk}/tracker/")
    page.fill("#setup-bid input[name=bid_0]", "3")
    page.fill("#setup-bid input[name=bid_1]", "1")
    page.click("#setup-bid button[type=submit]")
    page.click("#setup-choice")
    page.fill("#deploy input[name=name]", "Marrow Hound")
    page.fill("#deploy input[name=cost]", "2")
    page.click("#deploy button[type=submit]")
    log = page.locator("#tracker-log")
    log.locator("text=Déploiement").wait_for()
    text = log.inner_text()
    assert f"Déploiement : Marrow Hound ({player}, coût 2)" in text
    assert "Enchère de mise en place" in text and "{" not in text and "deploy" not in text
    _fits(page)
    context.close()

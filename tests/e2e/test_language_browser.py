"""The language switch in a phone's browser (headless Chromium at 390x844): a French
browser gets French pages, the footer switch changes the language on the spot and the
account remembers it on another device."""

import pytest
from django.contrib.auth import get_user_model

from tests.e2e.test_tracker_browser import PHONE, phone_for
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_french_browser_then_the_switch(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, locale="fr-FR")
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto("/")
        assert page.get_attribute("html", "lang") == "fr"
        page.wait_for_selector("header >> text=Se connecter")

        page.click("#language-switch button[value='en-gb']")
        page.wait_for_selector("header >> text=Log in")
        assert page.get_attribute("html", "lang") == "en-gb"
        switch = page.locator("#language-switch button[value='fr']").bounding_box()
        assert switch["height"] >= 44 and switch["width"] >= 44

        user = UserFactory(language="")
        page.goto("/accounts/login/")
        page.fill("#id_username", user.username)
        page.fill("#id_password", PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_selector("text=Log out")
        page.click("#language-switch button[value='fr']")
        page.wait_for_selector("text=Se déconnecter")
        assert page.locator("#language-switch button[value='fr']").get_attribute(
            "aria-pressed") == "true"
    finally:
        context.close()

    user = get_user_model().objects.get(pk=user.pk)
    assert user.language == "fr"
    # Another device, an English browser: the account's choice wins.
    other, phone = phone_for(browser, live_server, user)
    try:
        phone.goto("/")
        phone.wait_for_selector("text=Se déconnecter")
        assert phone.get_attribute("html", "lang") == "fr"
    finally:
        other.close()

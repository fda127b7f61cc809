"""Sign up (through the emailed link), log out and log in again in a real browser, on a
phone-sized screen."""

import pytest

from tests.e2e import steps

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_signup_logout_login_in_chromium(page):
    steps.sign_up(page, "marcus", "wild-hunt-42-pass")
    page.wait_for_url("**/")
    assert page.locator("nav.main").inner_text().count("marcus") == 1
    page.click("text=Log out")
    page.wait_for_selector("text=Log in")
    page.goto("/accounts/login/")
    page.fill("#id_username", "marcus")
    page.fill("#id_password", "wild-hunt-42-pass")
    page.click("button[type=submit]")
    page.wait_for_selector("text=Log out")


def test_404_page_in_chromium(page):
    response = page.goto("/missing-page/")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "Page not found"

"""The Content Security Policy in a real browser: the main pages load with no violation
reported, and HTMX still works under it (the conftest fails any browser test whose pages
cause a violation; this test visits every main page on purpose)."""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType

from aftermath.models import Aftermath
from catalogue.models import ContentPack
from catalogue.sample import load_sample_pack
from nights.services import open_night
from tests.e2e.test_aftermath_browser import confirmed_game
from tests.e2e.test_tracker_browser import phone_for
from tests.factories import UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def main_pages(game, aftermath, night, pack) -> list[str]:
    campaign, crew = game.campaign, aftermath.crew
    model = pack.models.first()
    return [
        "/", "/leagues/", campaign.league.get_absolute_url(), campaign.get_absolute_url(),
        f"/campaigns/crews/{crew.pk}/", f"/campaigns/{campaign.pk}/weeks/",
        f"/campaigns/{campaign.pk}/weeks/1/", game.get_absolute_url(),
        aftermath.get_absolute_url(), f"/nights/campaign/{campaign.pk}/",
        f"/nights/{night.pk}/", f"/nights/{night.pk}/dashboard/",
        f"/campaigns/{campaign.pk}/standings/", f"/campaigns/{campaign.pk}/standings/print/",
        "/rules/odds/", "/rules/tables/", "/rules/tables/injuries/", "/rules/catalogue/",
        f"/rules/catalogue/packs/{pack.slug}/",
        f"/rules/catalogue/packs/{pack.slug}/models/{model.slug}/",
        "/accounts/tokens/", "/accounts/password/change/", "/games/setup/",
        "/api/docs/", "/no-such-page/",
    ]


def test_main_pages_report_no_csp_violation(browser, live_server):
    game = confirmed_game()
    ContentType.objects.clear_cache()
    load_sample_pack()
    pack = ContentPack.objects.get(slug="sample-pack")
    alpha = game.sides.get(key="a").crew
    aftermath = Aftermath.objects.get(game=game, crew=alpha)
    organizer = game.campaign.league.memberships.get(role="organizer").user
    night = open_night(campaign=game.campaign, actor=organizer)
    context, page = phone_for(browser, live_server, organizer)
    for url in main_pages(game, aftermath, night, pack):
        response = page.goto(url)
        assert response.status < 500, url
        page.wait_for_load_state("networkidle")
        assert "content-security-policy" in response.headers, url
        assert response.headers["referrer-policy"] == "same-origin"
        assert "camera=()" in response.headers["permissions-policy"]
    assert browser.csp.violations == [], browser.csp.violations
    context.close()

    # Swagger UI draws the schema (its script is a file, not inline).
    context, page = phone_for(browser, live_server, alpha.player)
    page.goto("/api/docs/")
    page.wait_for_selector(".swagger-ui .opblock", timeout=30_000)
    context.close()


def test_htmx_swaps_work_under_the_policy(page):
    page.goto("/rules/odds/")
    assert page.evaluate("typeof window.htmx") == "object"
    assert page.evaluate("htmx.config.allowEval") is False
    page.evaluate("window.__same = true")
    page.fill("#id_a_stat", "7")
    page.fill("#id_tn", "5")
    page.dispatch_event("#id_tn", "change")
    page.wait_for_selector("#odds-result table.bar-chart svg.bar rect")
    widths = page.eval_on_selector_all("#odds-result svg.bar rect",
                                       "rects => rects.map(r => r.getBoundingClientRect().width)")
    assert max(widths) > 2 * min(widths) > 0  # the bars are drawn to their values
    assert page.evaluate("window.__same") is True  # swapped in place, no reload


def test_login_pages_and_admin_under_the_policy(browser, live_server):
    staff = UserFactory(is_staff=True, is_superuser=True)
    context, page = phone_for(browser, live_server, staff)
    for url in ["/admin/", "/admin/accounts/user/", f"/admin/accounts/user/{staff.pk}/change/",
                "/admin/axes/accessattempt/", "/exports/import/"]:
        assert page.goto(url).status == 200, url
        page.wait_for_load_state("networkidle")
    context.close()
    anonymous = browser.new_context(base_url=live_server.url)
    page = anonymous.new_page()
    for url in ["/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"]:
        assert page.goto(url).status == 200, url
    anonymous.close()
    assert browser.csp.violations == []

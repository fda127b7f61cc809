"""Every page of the demo on a phone (headless Chromium at 390x844), as the organizer and
as a player (in English and in French): no page is wider than the screen, and every
visible tap target is at least 44 px each way.

The pages come from the demo data itself (each league, campaign, crew sheet, week, game,
Aftermath, night... named by their URL patterns and filled with the demo's own objects),
plus every same-site page those pages link to, so a new page linked from anywhere is
covered without touching this test."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.test_tracker_browser import PHONE, phone_for

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Not pages to lay out: downloads, the API and its docs, Django's admin, HTMX fragments.
SKIP_PREFIXES = ("/api/", "/admin/", "/static/", "/accounts/logout/", "/exports/jobs/")
SKIP_SUFFIXES = (".pdf", ".json", ".zip", ".csv", ".xlsx", "/body/", "/panel/", "/live/",
                 "/bell/")
MAX_PAGES = 120  # a bound, so a link loop can never make the walk endless

# Each tap target's box, and the first hit area of 44 px it sits in (itself, or a label
# or list row padded around it); returns the offenders as "selector (w x h)".
SMALL_TARGETS = """() => {
  const targets = document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary, label[for]');
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
    (e.classList.length ? '.' + [...e.classList].join('.') : '') +
    (e.getAttribute('href') ? `[href="${e.getAttribute('href')}"]` : '') +
    (e.getAttribute('name') ? `[name="${e.getAttribute('name')}"]` : '') +
    ` "${(e.innerText || e.value || '').trim().slice(0, 30)}"`;
  const visible = (e) => {
    const s = getComputedStyle(e);
    const r = e.getBoundingClientRect();
    // Off-screen until focused (the skip link) is not a target yet.
    return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0 &&
      r.right > 0 && r.bottom > 0;
  };
  const big = (r) => r.width >= 43.5 && r.height >= 43.5;
  const out = [];
  for (const e of targets) {
    if (!visible(e)) continue;
    if (big(e.getBoundingClientRect())) continue;
    // A checkbox or radio inside (or named by) a 44 px label: the label is the hit area.
    const label = e.closest('label') || (e.id && document.querySelector(`label[for="${e.id}"]`));
    if (label && label !== e && big(label.getBoundingClientRect())) continue;
    const r = e.getBoundingClientRect();
    out.push(`${name(e)} (${Math.round(r.width)}x${Math.round(r.height)})`);
  }
  return out;
}"""


def demo_pages() -> list[str]:
    """The demo's pages, from its own objects (so new objects bring their pages)."""
    from django.urls import reverse

    from aftermath.models import Aftermath
    from campaign.models import Campaign, Crew
    from catalogue.models import ContentPack
    from encounters.models import Game
    from league.models import League
    from nights.models import CampaignNight

    pages = ["/", reverse("notifications:list"), reverse("notifications:preferences"),
             reverse("tokens"), reverse("password_change"), reverse("league:list"),
             reverse("league:create"), reverse("encounters:setup"),
             reverse("encounters:series-new"), reverse("rules:odds"), reverse("rules:tables"),
             reverse("catalogue:browse"), reverse("catalogue:packs"),
             reverse("catalogue:pack-import"), reverse("exports:import")]
    for league in League.objects.all():
        pages += [league.get_absolute_url(), reverse("campaign:create", args=[league.slug])]
    for campaign in Campaign.objects.all():
        pk = campaign.pk
        pages += [campaign.get_absolute_url(), reverse("campaign:edit", args=[pk]),
                  reverse("campaign:weeks", args=[pk]), reverse("standings:page", args=[pk]),
                  reverse("standings:history", args=[pk]),
                  reverse("standings:settings", args=[pk]),
                  reverse("nights:campaign", args=[pk]), reverse("encounters:new", args=[pk])]
        pages += [reverse("campaign:week", args=[pk, week.number])
                  for week in campaign.weeks.all()]
    for crew in Crew.objects.all():
        pages += [reverse(name, args=[crew.pk])
                  for name in ("campaign:crew", "campaign:cards", "campaign:hire")]
    pages += [game.get_absolute_url() for game in Game.objects.all()]
    pages += [reverse("aftermath:wizard", args=[a.pk]) for a in Aftermath.objects.all()]
    for night in CampaignNight.objects.all():
        pages += [reverse("nights:night", args=[night.pk]),
                  reverse("nights:dashboard", args=[night.pk])]
    for pack in ContentPack.objects.all():
        pages.append(reverse("catalogue:pack", args=[pack.slug]))
    return pages


def walkable(url: str) -> str | None:
    parts = urlsplit(url)
    if parts.netloc and parts.netloc != "localhost" and not parts.netloc.startswith(
            ("localhost:", "127.0.0.1")):
        return None
    path = parts.path
    if not path.startswith("/") or path.startswith(SKIP_PREFIXES) or path.endswith(
            SKIP_SUFFIXES):
        return None
    return path


def offenders_on(page, paths: list[str]) -> tuple[list[str], set[str]]:
    """Visit ``paths`` and every page they link to (up to MAX_PAGES), and name each page
    wider than the screen and each tap target smaller than 44 px; also returns the pages
    laid out."""
    seen, laid_out, queue, problems = set(), set(), list(paths), []
    while queue and len(seen) < MAX_PAGES:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        try:
            response = page.goto(path)
        except PlaywrightError:  # a bodiless answer (a 405 to GET): nothing to lay out
            continue
        if response is None or "text/html" not in response.headers.get("content-type", ""):
            continue
        page.wait_for_load_state("load")
        if not walkable(page.url):  # redirected to the admin's login, say
            continue
        laid_out.add(path)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
              .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
              .slice(0, 3).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
                (e.className && typeof e.className === 'string' ? '.' + e.className : ''))""")
            problems.append(f"{path}: {width} px wide (widest: {', '.join(wide)})")
        problems += [f"{path}: {target}" for target in page.evaluate(SMALL_TARGETS)]
        for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
            linked = walkable(href)
            if linked and linked not in seen:
                queue.append(linked)
    return problems, laid_out


@pytest.fixture
def demo(db):
    from django.contrib.auth import get_user_model

    from campaign.models import Campaign
    from nights import services as nights

    call_command("load_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    users = {u.username: u for u in get_user_model().objects.all()}
    campaign = Campaign.objects.get(slug="demo-campaign")
    night = nights.open_night(campaign=campaign, actor=users["organizer"])
    for crew in campaign.crews.filter(status="active"):
        nights.check_in(night=night, crew=crew, actor=crew.player)
    return users


@pytest.mark.parametrize("username, language", [
    ("organizer", ""), ("player", ""), ("player", "fr"),  # French words run longer
])
def test_every_demo_page_fits_a_phone(browser, live_server, demo, username, language):
    user = demo[username]
    user.language = language
    user.save(update_fields=["language"])
    context, page = phone_for(browser, live_server, user)
    try:
        problems, laid_out = offenders_on(page, demo_pages())
    finally:
        context.close()
    assert not problems, report(problems)
    # Every kind of page was reached (a walk that stopped early would prove nothing).
    for needed in ("/leagues/demo-club/", "/campaigns/crews/", "/weeks/",
                   "/games/", "/aftermath/", "/nights/", "/standings/", "/rules/tables/",
                   "/rules/catalogue/packs/", "/rules/odds/", "/notifications/",
                   "/accounts/tokens/"):
        assert any(needed in path for path in laid_out), f"No page like {needed} was visited"
    assert len(laid_out) >= 40, sorted(laid_out)


def report(problems: list[str]) -> str:
    """One line per offender, with the pages it is on (the same link on every page once)."""
    pages: dict[str, list[str]] = {}
    for problem in problems:
        path, _, what = problem.partition(": ")
        pages.setdefault(what, []).append(path)
    lines = [f"{what} on {', '.join(paths[:3])}" + (f" and {len(paths) - 3} more"
             if len(paths) > 3 else "") for what, paths in pages.items()]
    return f"{len(lines)} problems at 390x844:\n" + "\n".join(lines)


def test_the_campaign_crews_table_is_stacked_rows_on_a_phone(browser, live_server, demo):
    """The table that used to push the campaign page sideways: each crew is a block, each
    cell labelled with its column's name."""
    from campaign.models import Campaign

    context, page = phone_for(browser, live_server, demo["player"])
    try:
        page.goto(Campaign.objects.get(slug="demo-campaign").get_absolute_url())
        row = page.locator("#crews table.stack tbody tr").first
        assert row.evaluate("e => getComputedStyle(e).display") == "block"
        label = page.locator("#crews td[data-label]").first.evaluate(
            "e => getComputedStyle(e, '::before').content")
        assert label == '"Player: "'
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.set_viewport_size({"width": 1000, "height": 800})  # a desktop keeps the table
        assert row.evaluate("e => getComputedStyle(e).display") == "table-row"
    finally:
        context.close()

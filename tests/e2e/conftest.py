"""Headless Chromium (Debian's package) driven by Playwright against the live server.

Every browser context is watched for Content Security Policy violations (Chromium reports
each on the console); any test whose pages caused one fails, naming it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import require

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]

# Playwright's sync API runs an event loop in this thread; the live server's ORM calls
# happen in its own thread, but fixtures touching the ORM here need this allowance.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


# Also reports violations the console might word differently (and with JavaScript on, the
# directive and what was blocked).
REPORT_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (e) =>
  console.error(`Content Security Policy violation: ${e.violatedDirective} blocked ` +
                `${e.blockedURI || "inline"} on ${document.location.pathname}`));"""


class CSPWatch:
    """Collects the CSP violations of every context made through ``WatchedBrowser``."""

    def __init__(self):
        self.violations: list[str] = []

    def attach(self, context) -> None:
        context.add_init_script(REPORT_VIOLATIONS)
        context.on("console", self._console)

    def _console(self, message) -> None:
        if "Content Security Policy" in message.text:
            self.violations.append(message.text)


#: Unfolds the phone menu as each page loads (injected by the browser, not a page script).
OPEN_MENU = ("document.addEventListener('DOMContentLoaded', () => document.querySelectorAll("
             "'nav.main').forEach(n => n.classList.add('open')));")


class WatchedBrowser:
    """The Playwright browser, whose new contexts report CSP violations to the watch."""

    def __init__(self, browser, watch: CSPWatch):
        self._browser, self.csp = browser, watch

    def new_context(self, folded_menu: bool = False, **options):
        """``folded_menu``: keep the phone menu folded behind its button, as a person first
        sees it (the phone-layout tests); otherwise pages open with the menu unfolded, so a
        walk can use its links directly."""
        context = self._browser.new_context(**options)
        self.csp.attach(context)
        if not folded_menu:
            context.add_init_script(OPEN_MENU)
        return context

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def browser():
    require(Path(CHROMIUM).exists(), f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield WatchedBrowser(browser, CSPWatch())
        browser.close()


@pytest.fixture(autouse=True)
def no_csp_violations(request):
    """Every browser test passes with the CSP on: a violation on any page fails it."""
    if "browser" not in request.fixturenames:
        yield
        return
    watch = request.getfixturevalue("browser").csp
    watch.violations.clear()
    yield
    assert not watch.violations, "CSP violations:\n" + "\n".join(watch.violations)


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()

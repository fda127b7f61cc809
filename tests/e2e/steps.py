"""Steps several browser tests share: the catalogue a flushed database lacks, an
organizer running a campaign night up to its started games, and the standings table as
the page shows it."""

from __future__ import annotations

from catalogue.models import Faction
from nights.models import CampaignNight
from rules.tables import FACTIONS


def ensure_factions() -> None:
    """A transactional test may follow a flush that emptied the factions."""
    for code, name in FACTIONS.items():
        Faction.objects.update_or_create(code=code, defaults={"name": name})


def start_night(page, campaign, crews, method: str = "standings") -> CampaignNight:
    """From the campaign page: open the week's night, check every crew in, pair them and
    start the games; returns the night."""
    page.goto(campaign.get_absolute_url())
    page.click("#night-link a")
    page.click("#open-night")
    page.wait_for_selector("#night-state:text-is('Checking in')")
    for crew in crews:
        page.click(f"#crew-{crew.pk} button.toggle")
        page.wait_for_selector(f"#crew-{crew.pk} button:text-is('Checked in ✓')")
    page.select_option("#id_method", method)
    page.click("#generate-pairings")
    page.wait_for_selector("#night-state:text-is('Paired')")
    assert page.locator("#pairings tr[data-pairing]").count() == len(crews) // 2
    page.click("#start-games")
    page.wait_for_selector("#night-state:text-is('Games started')")
    return CampaignNight.objects.get(campaign=campaign)


def shown_rows(page) -> list[list[str]]:
    """The standings table's cells as the page shows them, row by row."""
    return page.eval_on_selector_all(
        "#standings tbody tr",
        "rows => rows.map(r => [...r.querySelectorAll('td')].map(td => td.innerText.trim()))")


def shown_headings(page) -> list[str]:
    return page.eval_on_selector_all("#standings thead th", "ths => ths.map(th => "
                                     "th.innerText.trim())")


def sign_up(page, username: str, password: str, email: str | None = None) -> None:
    """Fill the sign-up form, then open the emailed activation link (the live server
    shares this process's test outbox), which logs the new account in."""
    import re

    from django.core import mail

    email = email or f"{username}@example.org"
    sent = len(mail.outbox)
    page.goto("/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_email", email)
    page.fill("#id_password1", password)
    page.fill("#id_password2", password)
    page.click("main button[type=submit]")
    page.wait_for_selector("h1:text-is('Check your inbox')")
    [message] = [m for m in mail.outbox[sent:] if m.to == [email]]
    page.goto(re.search(r"https?://\S+", message.body).group(0))
    page.wait_for_selector("text=Log out")

"""Steps several browser tests share: the catalogue a flushed database lacks, an
organizer running a campaign night up to its started games, and the standings table as
the page shows it."""

from __future__ import annotations

from nights.models import CampaignNight
from rules.models import Faction
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

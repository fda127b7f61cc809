"""Standings downloads as export jobs (``exports.registry``): kind "standings" in CSV,
XLSX and PDF, for anyone who may see the campaign.

Going through ``exports.services.request_export`` means a small campaign's file comes
back in the request and a large one's is made by a Celery worker while the requester
watches the job page; the bytes are those of ``standings.exports`` either way.
"""

from __future__ import annotations

from campaign.services.access import can_view_campaign
from exports import registry
from standings import exports
from standings.compute import build_table
from standings.selectors import load_facts, tie_breaks

KIND = "standings"


class WeekOutOfRange(ValueError):
    pass


def standings_file(fmt: str):
    """The exporter for one format: ``fn(campaign, progress, week=None)``."""

    def export(campaign, progress, week: int | None = None) -> tuple[str, str, bytes]:
        facts = load_facts(campaign)
        if week is not None and not 1 <= week <= facts.last_week:
            raise WeekOutOfRange(f"The campaign has reached week {facts.last_week}.")
        progress(40)
        table = build_table(facts, tie_breaks(campaign), week)
        progress(70)
        return (exports.filename(table, fmt), exports.CONTENT_TYPES[fmt],
                exports.WRITERS[fmt](table))

    return export


def register() -> None:
    for fmt in exports.WRITERS:
        registry.register(KIND, standings_file(fmt), format=fmt,
                          label=f"standings as {fmt.upper()}", allowed=can_view_campaign,
                          options=("week",))

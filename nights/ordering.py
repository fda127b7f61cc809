"""The order "by current standings" that pairings follow.

It is the campaign's published standings (``standings.selectors``: counted results only,
ranked by the campaign's own tie-breaks), so the night pairs crews exactly as the
standings page lists them; crews level on every tie-break come in the page's order.
"""

from __future__ import annotations

from campaign.models import Campaign
from standings.selectors import standings_table


def ranked_crews(campaign: Campaign) -> list[int]:
    """The campaign's entrants' crew ids, best placed first, as of the latest week.

    A player's retired crews fold into the current one, so only current crews appear;
    a checked-in crew that is not listed pairs last (``pairing.by_ranking``)."""
    return [row.entrant.crew_id for row in standings_table(campaign).rows]

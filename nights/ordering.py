"""The order "by current standings" that pairings follow.

``ranked_crews`` is the one place the night asks for standings; the standings app will
replace its body with the campaign's own tie-breaks. Until then it ranks Tournament
Style from counted results only: Campaign Points (3 for a win, 1 for a draw, 0 for a
loss), then VP Differential, then total VP; crew name and id settle what remains so
the order never changes between two identical requests.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from campaign.models import Campaign, Crew
from encounters.models import Game
from encounters.services.results import COUNTED


@dataclass
class Tally:
    campaign_points: int = 0
    differential: int = 0
    vp: int = 0


def tally(results: Iterable[Mapping]) -> dict[int, Tally]:
    """Totals per crew from frozen game records (``Game.record``: sides' crews and VP)."""
    totals: dict[int, Tally] = {}
    for record in results:
        sides, vp = record.get("sides") or {}, record.get("vp") or {}
        if set(sides) != {"a", "b"} or set(vp) != {"a", "b"}:
            continue
        for key, other in (("a", "b"), ("b", "a")):
            crew = sides[key].get("crew")
            if crew is None:
                continue
            row = totals.setdefault(crew, Tally())
            mine, theirs = vp[key], vp[other]
            row.campaign_points += 3 if mine > theirs else 1 if mine == theirs else 0
            row.differential += mine - theirs
            row.vp += mine
    return totals


def rank(crews: Iterable[tuple[int, str]], totals: Mapping[int, Tally]) -> list[int]:
    """Crew ids best first; ``crews`` are (id, name) pairs."""
    def key(crew: tuple[int, str]):
        row = totals.get(crew[0], Tally())
        return (-row.campaign_points, -row.differential, -row.vp, crew[1].casefold(), crew[0])

    return [crew_id for crew_id, _ in sorted(crews, key=key)]


def ranked_crews(campaign: Campaign) -> list[int]:
    """The campaign's active crews, best placed first (two queries)."""
    crews = Crew.objects.filter(campaign=campaign, status=Crew.Status.ACTIVE)
    records = Game.objects.filter(campaign=campaign, state__in=COUNTED).values_list(
        "record", flat=True)
    return rank(crews.values_list("id", "name"), tally(records))

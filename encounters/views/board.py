"""The Marker board: counters for the Markers the Bounties read."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from rules.engine.record import facts_needed

MARKER_KINDS = (
    ("scheme", gettext_lazy("Scheme Markers")),
    ("corpse", gettext_lazy("Corpse Markers")),
    ("scrap", gettext_lazy("Scrap Markers")),
)


def marker_board(table, me, crews: dict[str, str] | None = None) -> list[dict]:
    """Rows of counters for the Markers the Bounties read: Scheme Markers per side and
    quarter (0 = centre or straddling), Corpse and Scrap Markers in play. Each button
    posts one "kind:owner:quarter:delta" change; enemy Scheme Markers also offer the
    Interact removal Cleanup Crew counts."""
    rows = []
    crews = crews or {}

    def reads(side: str, fact: str) -> bool:
        bounty = table.bounties.get(side)
        return bool(bounty) and fact in facts_needed([bounty["key"]])

    for kind, label in MARKER_KINDS:
        if kind == "scheme":
            # A side's own Markers for Map It Out / Leave Our Mark; the enemy's for Cleanup.
            owners = [
                o
                for o in ("a", "b")
                if reads(o, "markers.scheme") or reads("b" if o == "a" else "a", "removals")
            ]
            for owner in owners:
                cells = []
                for quarter in (0, 1, 2, 3, 4):
                    count = table.markers.get((kind, owner, quarter), 0)
                    enemy = me is None or me.side.key != owner
                    cells.append(
                        {
                            "quarter": quarter,
                            "count": count,
                            "plus": f"{kind}:{owner}:{quarter}:1",
                            "minus": f"{kind}:{owner}:{quarter}:-1" if count else "",
                            "interact": f"{kind}:{owner}:{quarter}:-1:interact"
                            if count and enemy and table.needs("removals")
                            else "",
                        }
                    )
                rows.append(
                    {
                        "kind": kind,
                        "owner": owner,
                        "cells": cells,
                        "label": f"{crews.get(owner, owner.upper())}: {label}",
                    }
                )
        elif kind != "scheme" and table.needs(f"markers.{kind}"):
            count = sum(n for (k, _, _), n in table.markers.items() if k == kind)
            here = table.markers.get((kind, "", 0), 0)
            rows.append(
                {
                    "kind": kind,
                    "owner": "",
                    "label": f"{label} in play",
                    "cells": [
                        {
                            "quarter": 0,
                            "count": count,
                            "plus": f"{kind}::0:1",
                            "minus": f"{kind}::0:-1" if here else "",
                            "interact": "",
                        }
                    ],
                }
            )
    return rows

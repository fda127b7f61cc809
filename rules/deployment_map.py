"""The deployment zones of a Standard deployment as the set-up page draws them: the same
polygons the simulator plays and the replay draws (``rules.engine.simulation.table``),
in SVG coordinates (north up), so a player sees where the crews set up instead of a note
that a diagram is missing."""

from __future__ import annotations

from rules.encounter_tables import encounter_tables
from rules.engine.simulation.errors import InvalidEncounterInput
from rules.engine.simulation.geometry import TABLE_SIZE
from rules.engine.simulation.table import deployment_geometry


def deployment_map(key: str | None) -> dict | None:
    """{"zones": [svg points, svg points], "centerline": [[x, y], [x, y]], "size": 36} for
    a deployment key (a Story deployment by the one it is treated as); None if unknown."""
    if not key:
        return None
    try:
        row = encounter_tables().deployment(key)
        kind = getattr(row, "treated_as", None) or row.key
        zone_a, zone_b, line = deployment_geometry(kind)
    except (KeyError, InvalidEncounterInput):
        return None

    def flip(points):
        return " ".join(f"{round(x, 2)},{round(TABLE_SIZE - y, 2)}" for x, y in points)

    return {"zones": [flip(zone_a), flip(zone_b)],
            "centerline": [[x, TABLE_SIZE - y] for x, y in line], "size": TABLE_SIZE}

"""Refuse, before play, a setup the simulator cannot play, naming everything missing.

``check_playable`` collects every problem (a Story element, a Shindig, an unknown
Strategy, a Scheme not open to the crew, a noted model that does not fit, a broken card)
and raises one ``UnplayableEncounter`` listing them all. It reads only the input: nothing
is flipped and no model is placed.

The rules for what a Scheme notes live here too (``note_roles``/``note_candidates``), so
the check and the game agree on them.
"""

from __future__ import annotations

from contextlib import suppress

from rules.encounter_tables import encounter_tables
from rules.tables import FACTIONS

from ..encounters import EncounterSizeError, encounter_size_band
from ..errors import RulesError
from ..scoring import limit_presets
from .crews import EncounterInput, ModelProfile
from .errors import InvalidEncounterInput, UnplayableEncounter
from .geometry import TABLE_SIZE
from .table import DEPLOYMENTS, MAX_DENSITY, TerrainPiece

__all__ = ["check_playable", "note_candidates", "note_roles", "playable_problems"]

#: What each Scheme notes when it is chosen, in the order it is noted.
_ROLES: dict[str, tuple[str, ...]] = {
    "bodyguard": ("model",),
    "entourage": ("model",),
    "vendetta": ("friendly", "enemy"),
    "take-prisoner": ("enemy",),
    "murder-protege": ("enemy",),
    "frame-for-murder": ("model",),
}


def note_roles(scheme: str) -> tuple[str, ...]:
    return _ROLES.get(scheme, ())


def _profiles(setup: EncounterInput, side: int) -> list[ModelProfile]:
    return [m.profile for m in setup.crews[side].models]


def note_candidates(setup: EncounterInput, side: int, scheme: str, role: str,
                    noted: dict[str, str]) -> tuple[str, ...]:
    """The model ids a Scheme may note in ``role`` (``noted``: roles noted already)."""
    own = _profiles(setup, side)
    enemy = _profiles(setup, 1 - side)
    if scheme == "bodyguard":
        picks = [p for p in own if not p.is_leader and p.station in ("henchman", "enforcer")]
        if not picks:
            top = max((p.printed_cost for p in own), default=0)
            picks = [p for p in own if p.printed_cost == top]
    elif scheme == "entourage":
        picks = [p for p in own if p.station in ("master", "henchman")]
    elif scheme == "vendetta" and role == "friendly":
        # Only a model some enemy can be noted against (its cost at least as high).
        dearest = max((p.printed_cost for p in enemy), default=0)
        picks = [p for p in own if not p.is_leader and not p.is_peon
                 and 0 < p.printed_cost <= dearest]
    elif scheme == "vendetta":
        friend = next((p for p in own if p.id == noted.get("friendly")), None)
        floor = friend.printed_cost if friend is not None else 0
        picks = [p for p in enemy if p.printed_cost >= floor]
    elif scheme == "take-prisoner":
        picks = list(enemy)
    elif scheme == "murder-protege":
        top = max((p.printed_cost for p in enemy), default=0)
        picks = [p for p in enemy if p.printed_cost == top]
    elif scheme == "frame-for-murder":
        picks = [p for p in own if not p.is_peon]
    else:
        picks = []
    return tuple(p.id for p in picks)


def check_playable(setup: EncounterInput) -> None:
    """Raise ``UnplayableEncounter`` naming every element the simulator cannot play.

    The input is frozen, so a setup found playable is marked and not checked again (a
    batch plays the same setup hundreds of times)."""
    if getattr(setup, "_playable", False):
        return
    problems = playable_problems(setup)
    if problems:
        raise UnplayableEncounter(problems)
    # A setup without an instance dict is simply checked every time.
    with suppress(AttributeError, TypeError):
        object.__setattr__(setup, "_playable", True)


def playable_problems(setup: EncounterInput) -> list[str]:
    problems: list[str] = []
    tables = encounter_tables()
    standard = {s.key for s in tables.standard.strategies}
    story = {s.key for s in tables.story.strategies}
    if setup.kind != "standard":
        problems.append(f"a {setup.kind.title()} encounter (only Standard encounters are "
                        "played)")
    if setup.story:
        for key in setup.story:
            problems.append(f"the Story element {key!r}")
    if setup.shindig:
        problems.append("a Shindig (its extra Actions and VP are not modelled)")
    if setup.strategy not in standard:
        if setup.strategy in story:
            problems.append(f"the Story Strategy {setup.strategy!r}")
        else:
            problems.append(f"an unknown Strategy {setup.strategy!r} (use one of "
                            f"{sorted(standard)})")
    if setup.deployment not in DEPLOYMENTS:
        name = "Blind Deployment" if setup.deployment == "blind" else repr(setup.deployment)
        problems.append(f"the deployment {name} (use one of {list(DEPLOYMENTS)})")
    if setup.limits not in limit_presets() or setup.limits == "shindig":
        problems.append(f"the VP limits {setup.limits!r}")
    try:
        encounter_size_band(setup.size)
    except EncounterSizeError as exc:
        problems.append(str(exc).rstrip("."))
    problems += _table_problems(setup)
    ids: dict[str, int] = {}
    for side, crew in enumerate(setup.crews):
        label = crew.name or ("crew A", "crew B")[side]
        if crew.faction not in FACTIONS:
            problems.append(f"{label}: unknown faction {crew.faction!r}")
        if not crew.models:
            problems.append(f"{label}: no models")
        leaders = [m for m in crew.models if m.is_leader]
        if len(leaders) != 1:
            problems.append(f"{label}: {len(leaders)} Leaders (a crew has exactly one)")
        if crew.soulstone_pool < 0:
            problems.append(f"{label}: a negative Soulstone Pool")
        if crew.hand_size < 0:
            problems.append(f"{label}: a negative hand size")
        for m in crew.models:
            if m.id in ids:
                problems.append(f"model id {m.id!r} is used twice")
            ids[m.id] = side
            try:
                m.profile  # noqa: B018 - building the profile checks the card
            except (InvalidEncounterInput, RulesError) as exc:
                problems.append(str(exc).rstrip("."))
            if m.enters_on_turn is not None and not 1 <= m.enters_on_turn <= 5:
                problems.append(f"{m.id}: enters_on_turn must be 1 to 5")
        problems += _scheme_problems(setup, side, label)
    return problems


def _table_problems(setup: EncounterInput) -> list[str]:
    problems = []
    if setup.table.terrain is None:
        if not 0.0 <= setup.table.density <= MAX_DENSITY:
            problems.append(f"terrain density {setup.table.density} (use 0 to {MAX_DENSITY})")
        return problems
    for index, raw in enumerate(setup.table.terrain):
        try:
            piece = TerrainPiece.from_dict(raw, index)
        except InvalidEncounterInput as exc:
            problems.append(str(exc).rstrip("."))
            continue
        if piece.x1 <= 0 or piece.y1 <= 0 or piece.x0 >= TABLE_SIZE or piece.y0 >= TABLE_SIZE:
            problems.append(f"terrain piece {piece.id} lies off the table")
    return problems


def _scheme_problems(setup: EncounterInput, side: int, label: str) -> list[str]:
    tables = encounter_tables()
    known = {row.key: row for row in tables.schemes.rows}
    crew = setup.crews[side]
    problems = []
    keys = [s.key for s in crew.schemes]
    if not keys:
        if len(setup.scheme_pool) < 2:
            problems.append(f"{label}: no Schemes and no Scheme pool to choose two from")
        return problems
    if len(keys) != 2 or len(set(keys)) != 2:
        problems.append(f"{label}: a crew chooses two different Schemes, not {keys}")
    for choice in crew.schemes:
        row = known.get(choice.key)
        if row is None:
            problems.append(f"{label}: unknown Scheme {choice.key!r}")
            continue
        if row.faction is not None and row.faction != crew.faction:
            problems.append(f"{label}: {row.name} is the {FACTIONS[row.faction]} Faction "
                            "Scheme")
        elif setup.scheme_pool and choice.key not in setup.scheme_pool and row.faction is None:
            problems.append(f"{label}: {row.name} is not in the Scheme pool")
        if choice.revealed and row.reveal_at_start == "forbidden":
            problems.append(f"{label}: {row.name} may not be revealed at the start")
        if choice.revealed is False and row.reveal_at_start == "required":
            problems.append(f"{label}: {row.name} must be revealed at the start")
        noted: dict[str, str] = {}
        for role in note_roles(choice.key):
            candidates = note_candidates(setup, side, choice.key, role, noted)
            if not candidates:
                problems.append(f"{label}: {row.name} needs a {role} model to note and the "
                                "crews have none that fits")
                continue
            given = choice.noted.get(role)
            if given is not None and given not in candidates:
                problems.append(f"{label}: {row.name} cannot note {given!r} as its {role} "
                                f"model (allowed: {', '.join(candidates)})")
            noted[role] = given if given is not None else candidates[0]
        extra = sorted(set(choice.noted) - set(note_roles(choice.key)))
        if extra:
            problems.append(f"{label}: {row.name} notes nothing called {extra}")
    return problems

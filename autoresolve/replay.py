"""A simulated game's event log as replay steps and as a turn-by-turn log.

Pure Python over the log dict (``rules.engine.simulation.log``). ``visible_log`` applies
secrecy first: before the game counts, a side's Scheme names, what they noted and the
Interacts they allowed are shown only to that side; the other side sees that Scheme VP
were scored, not for which Scheme. ``steps`` cuts the log at each Activation (and at
deployment and each End Phase) with every model's position and Wounds, the Markers in
play, the VP so far and the duels of that step; the page's script draws them on the SVG
board, and ``turn_lines`` is the same story as text for a page without JavaScript.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable

from django.utils.translation import gettext as _

from rules.engine.simulation.log import SCHEME_EVENTS
from rules.templatetags.rule_names import scheme_label
from rules.wording import marked_names

SIDES = ("a", "b")
TABLE = 36.0


def visible_log(log: dict, *, sides: Iterable[str] = SIDES) -> dict:
    """The log with the schemes of the sides not in ``sides`` hidden."""
    shown = {SIDES.index(s) for s in sides}
    if shown == {0, 1}:
        return log
    out = copy.deepcopy(log)
    for index, crew in enumerate(out.get("setup", {}).get("crews", [])):
        if index not in shown:
            crew["schemes"] = [{"key": "hidden"} for _ in crew.get("schemes", [])]
    events = []
    for event in out.get("events", []):
        if event[0] in SCHEME_EVENTS and event[1] not in shown:
            if event[0] == "svp":
                events.append(["svp", event[1], "", event[3], event[4]])
            elif event[0] == "reveal":
                events.append(event)  # revealed at the table, so public
            continue
        events.append(event)
    out["events"] = events
    out["decisions"] = []
    return out


def _duel_cards(duel: str) -> list[str]:
    """The cards a duel string shows (flipped, chosen, cheated in), readable."""
    out = []
    for step in duel.split("|") if duel else []:
        parts = step.split(":", 2)
        if len(parts) == 3 and parts[0] in ("f", "c", "x") and parts[2]:
            role = {"a": "attacker", "d": "defender", "s": "model"}.get(parts[1], parts[1])
            verb = {"f": "flipped", "c": "chose", "x": "cheated"}[parts[0]]
            out.append(f"{role} {verb} {parts[2]}")
    return out


def crew_names(log: dict) -> list[str]:
    """The two crews' names as the log's setup holds them (a letter when it has none)."""
    crews = log.get("setup", {}).get("crews", [])
    return [(crews[i].get("name") if i < len(crews) else "") or side.upper()
            for i, side in enumerate(SIDES)]


def steps(log: dict) -> list[dict]:
    """The replay's steps (see the module docstring); JSON-safe. Lines name the crews and
    models, schemes by name, and never a negative Wounds count."""
    models = log.get("models", [])
    names = [m[2] for m in models]
    crews = crew_names(log)
    pos: dict[int, list[float]] = {}
    wounds = {i: m[4] for i, m in enumerate(models)}
    markers: dict[int, list] = {}
    vp = [0, 0]
    turn = 0
    out: list[dict] = []
    current: dict | None = None

    def snapshot(title: str, acting: int | None) -> dict:
        return {"turn": turn, "title": title, "acting": acting, "lines": [], "duels": [],
                "vp": list(vp), "models": [], "markers": []}

    def close(step: dict | None) -> None:
        if step is None:
            return
        step["vp"] = list(vp)
        step["models"] = [[i, round(p[0], 1), round(p[1], 1), wounds[i]]
                          for i, p in sorted(pos.items())]
        step["markers"] = [[k, v[0], v[1], v[2], v[3]] for k, v in sorted(markers.items())]
        out.append(step)

    current = snapshot(_("Deployment"), None)
    for event in log.get("events", []):
        kind = event[0]
        if kind == "turn":
            close(current)
            turn = event[1]
            current = snapshot(_("Turn %(turn)s") % {"turn": turn}, None)
        elif kind in ("deploy", "arrive"):
            pos[event[1]] = [event[2], event[3]]
        elif kind == "act":
            close(current)
            current = snapshot(names[event[1]], event[1])
        elif kind == "done":
            close(current)
            current = snapshot(_("Turn %(turn)s: End Phase") % {"turn": turn}, None)
        elif kind == "walk" and event[2]:
            pos[event[1]] = list(event[2][-1])
            current["lines"].append(_("%(model)s walks.") % {"model": names[event[1]]})
        elif kind in ("charge",):
            pos[event[1]] = [event[3], event[4]]
            current["lines"].append(_("%(model)s charges %(target)s.")
                                    % {"model": names[event[1]], "target": names[event[2]]})
        elif kind == "push":
            pos[event[1]] = [event[2], event[3]]
        elif kind == "fall":
            current["lines"].append(_("%(model)s falls %(inches)s\" from a height.")
                                    % {"model": names[event[1]], "inches": event[2]})
        elif kind == "attack":
            line = (_("%(model)s: %(action)s at %(target)s, hits.") if event[5]
                    else _("%(model)s: %(action)s at %(target)s, misses."))
            current["lines"].append(line % {"model": names[event[1]], "action": event[3],
                                            "target": names[event[2]]})
            current["duels"].append({"action": event[3], "cards": _duel_cards(event[4])})
        elif kind == "dmg":
            wounds[event[1]] = event[3]
            left = max(0, event[3])
            if left:
                line = _("%(model)s suffers %(damage)s damage (%(left)s Wounds left).")
            else:
                line = _("%(model)s suffers %(damage)s damage (no Wounds left).")
            current["lines"].append(line % {"model": names[event[1]], "damage": event[2],
                                            "left": left})
        elif kind == "heal":
            wounds[event[1]] = event[3]
        elif kind == "kill":
            pos.pop(event[1], None)
            how = {"killed": _("killed"), "sacrificed": _("sacrificed"),
                   "buried": _("left buried")}.get(event[3], event[3])
            if event[2] >= 0:
                line = _("%(model)s is %(how)s by %(killer)s.")
            else:
                line = _("%(model)s is %(how)s.")
            current["lines"].append(line % {"model": names[event[1]], "how": how,
                                            "killer": names[event[2]] if event[2] >= 0 else ""})
        elif kind == "summon":
            pos[event[2]] = [event[4], event[5]]
            current["lines"].append(_("%(model)s summons %(summoned)s.")
                                    % {"model": names[event[1]], "summoned": names[event[2]]})
        elif kind == "bury":
            pos.pop(event[1], None)
            current["lines"].append(_("%(model)s is buried.") % {"model": names[event[1]]})
        elif kind == "unbury":
            pos[event[1]] = [event[2], event[3]]
            current["lines"].append(_("%(model)s is unburied.") % {"model": names[event[1]]})
        elif kind == "place":
            pos[event[1]] = [event[2], event[3]]
            current["lines"].append(_("%(model)s is placed beside %(other)s.")
                                    % {"model": names[event[1]], "other": names[event[4]]})
        elif kind == "twist":
            line = (_("%(model)s will have a negative twist on its next duel.")
                    if event[2] < 0 else
                    _("%(model)s will have a positive twist on its next duel."))
            current["lines"].append(line % {"model": names[event[1]]})
        elif kind == "duel":
            line = (_("%(model)s passes a TN %(tn)s %(stat)s duel.") if event[5]
                    else _("%(model)s fails a TN %(tn)s %(stat)s duel."))
            current["lines"].append(line % {"model": names[event[1]], "tn": event[3],
                                            "stat": event[2].title()})
        elif kind == "marker":
            markers[event[1]] = [event[2], event[3], event[4], event[5]]
        elif kind == "unmarker":
            markers.pop(event[1], None)
        elif kind == "vp":
            vp[event[1]] += event[3]
            current["lines"].append(_("%(crew)s scores %(vp)s VP (Strategy).")
                                    % {"crew": crews[event[1]], "vp": event[3]})
        elif kind == "svp":
            vp[event[1]] += event[3]
            scheme = scheme_label(event[2]) if event[2] else _("a Scheme")
            current["lines"].append(_("%(crew)s scores %(vp)s VP (%(scheme)s).")
                                    % {"crew": crews[event[1]], "vp": event[3],
                                       "scheme": scheme})
        elif kind == "reveal":
            current["lines"].append(_("%(crew)s reveals %(scheme)s.")
                                    % {"crew": crews[event[1]], "scheme": scheme_label(event[2])})
        elif kind == "end":
            vp = [event[2], event[3]]
            current["lines"].append(
                _("The game ends after Turn %(turn)s: %(crew_a)s %(vp_a)s, %(crew_b)s %(vp_b)s.")
                % {"turn": event[1], "crew_a": crews[0], "vp_a": event[2], "crew_b": crews[1],
                   "vp_b": event[3]})
    close(current)
    return [s for s in out if s["lines"] or s["acting"] is not None or s is out[0]]


def turn_lines(log: dict, *, mark: bool = False) -> list[dict]:
    """The story turn by turn: [{"turn": n, "lines": [...]}] (the no-JavaScript replay).
    With ``mark`` (a French page) each line is HTML with the book's names in it (schemes,
    strategies) marked English."""
    turns: dict[int, list[str]] = {}
    for step in steps(log):
        turns.setdefault(step["turn"], []).extend(
            marked_names(line) if mark else line for line in step["lines"])
    return [{"turn": t, "lines": lines} for t, lines in sorted(turns.items()) if lines]


def board(log: dict) -> dict:
    """What the SVG board draws once: the table, terrain, zones, Centerline, and the
    models (name, side, base radius in inches)."""
    table = log.get("table", {})
    terrain = []
    for piece in table.get("terrain", []):
        item = {"shape": piece["shape"], "traits": piece.get("traits", []),
                "name": piece.get("name", "")}
        if piece["shape"] == "rect":
            item.update(x=piece["x"], y=TABLE - piece["y"] - piece["h"], w=piece["w"],
                        h=piece["h"])
        else:
            item.update(cx=piece["x"], cy=TABLE - piece["y"], r=piece["w"])
        terrain.append(item)
    zones = [" ".join(f"{x},{TABLE - y}" for x, y in zone) for zone in table.get("zones", [])]
    line = table.get("centerline", [])
    return {"terrain": terrain, "zones": zones,
            "centerline": [[x, TABLE - y] for x, y in line],
            "models": [{"name": m[2], "side": SIDES[m[1]], "r": round(m[3] / 25.4 / 2, 3)}
                       for m in log.get("models", [])]}

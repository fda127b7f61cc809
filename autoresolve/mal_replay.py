"""A simulated Malediction match's log as replay steps and as a round-by-round log.

Like ``autoresolve.replay`` for Malifaux: ``steps`` gives the board after every event that
changes it (units with their damage and relic, husks, mastery so far; from the engine's
``sim.frames``), the page's script draws them on the SVG table; ``round_lines`` is the
same story in words for a page without JavaScript. Malediction has no secret to hide."""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules.engine.malediction.sim import frames


def _outcome(code: str) -> str:
    return {"C": _("critical hit"), "H": _("hit"), "G": _("graze"),
            "c": _("critical graze")}.get(code, _("miss"))


def _win_type(code: str) -> str:
    return {"threshold": _("threshold reached"), "deck_out": _("empty deck")}.get(code, code)


def players(log: dict) -> list[str]:
    names = list((log.get("input") or {}).get("names") or [])
    bands = (log.get("input") or {}).get("bands") or []
    return [names[i] if i < len(names) and names[i] else
            _("Player %(n)s") % {"n": i + 1} for i in range(len(bands))]


def sides_of(log: dict) -> list[int]:
    """Player index -> side (0 or 1): side a's players come first."""
    from rules.engine.malediction.modes import get_mode

    mode = get_mode((log.get("input") or {}).get("mode", "standard"))
    out = []
    for side, count in enumerate(mode.sides):
        out += [side] * count
    return out


def _unit_names(log: dict) -> dict[int, tuple[str, int]]:
    return {ev[1]: (ev[3], ev[2]) for ev in log.get("events", []) if ev[0] == "deploy"}


def line(ev: list, units: dict, who: list[str]) -> str:
    """One event in words; '' for the bookkeeping ones (activation start and end)."""
    kind = ev[0]

    def name(uid) -> str:
        return units.get(uid, (f"#{uid}", 0))[0]

    if kind == "round":
        return _("Round %(n)s begins.") % {"n": ev[1]}
    if kind == "deploy":
        return _("%(player)s deploys %(unit)s.") % {"player": who[ev[2]], "unit": ev[3]}
    if kind in ("move", "shift"):
        return _("%(unit)s moves.") % {"unit": name(ev[1])}
    if kind == "push":
        return _("%(unit)s is pushed.") % {"unit": name(ev[1])}
    if kind == "charge":
        return _("%(unit)s charges %(target)s.") % {"unit": name(ev[1]), "target": name(ev[2])}
    if kind == "attack":
        return _("%(unit)s attacks %(target)s: %(roll)s on the die, %(outcome)s, "
                 "%(damage)s damage.") % {"unit": name(ev[1]), "target": name(ev[2]),
                                          "roll": ev[4], "outcome": _outcome(ev[5]),
                                          "damage": ev[6]}
    if kind == "dmg":
        return _("%(unit)s takes %(damage)s damage.") % {"unit": name(ev[1]), "damage": ev[2]}
    if kind == "heal":
        return _("%(unit)s heals %(n)s.") % {"unit": name(ev[1]), "n": ev[2]}
    if kind == "defeat":
        return _("%(unit)s is defeated (%(mastery)s mastery).") % {"unit": name(ev[1]),
                                                                  "mastery": ev[3]}
    if kind == "claim":
        return _("%(unit)s claims the relic %(relic)s.") % {"unit": name(ev[1]),
                                                            "relic": ev[3]}
    if kind == "spell":
        return _("%(player)s casts %(spell)s.") % {"player": who[ev[1]], "spell": ev[2]}
    if kind == "swift":
        words = {"activation": _("%(player)s answers with the swift spell %(spell)s on "
                                 "%(target)s as %(unit)s activates."),
                 "attack": _("%(player)s answers %(unit)s's attack with the swift spell "
                             "%(spell)s on %(target)s, before the die."),
                 "hit": _("%(player)s answers %(unit)s's attack with the swift spell "
                          "%(spell)s on %(target)s, before the damage.")}
        return words.get(ev[4], words["activation"]) % {
            "player": who[ev[1]], "spell": ev[2], "target": name(ev[3]), "unit": name(ev[5])}
    if kind == "swap":
        return _swap_line(ev, name)
    if kind == "item":
        return _("%(unit)s takes the item %(item)s.") % {"unit": name(ev[1]), "item": ev[2]}
    if kind == "end":
        return _("End of round %(n)s: mastery %(a)s to %(b)s.") % {
            "n": ev[1], "a": ev[2][0], "b": ev[2][-1]}
    if kind == "over":
        return _("Side %(side)s wins (%(how)s), mastery %(a)s to %(b)s.") % {
            "side": "ab"[ev[1]], "how": _win_type(ev[2]), "a": ev[3][0], "b": ev[3][-1]}
    return ""


def _swap_line(ev: list, name) -> str:
    """A deploy-phase swap: ["swap", a, b, kind, went to b, went to a]."""
    a, b, kind, to_b, to_a = ev[1], ev[2], ev[3], ev[4], ev[5]
    if to_b and to_a:
        return _("%(unit)s and %(other)s swap %(name)s and %(other_name)s.") % {
            "unit": name(a), "other": name(b), "name": to_b, "other_name": to_a}
    giver, taker, what = (a, b, to_b) if to_b else (b, a, to_a)
    if kind == "relic":
        text = _("%(unit)s passes the relic %(name)s to %(other)s.")
    else:
        text = _("%(unit)s passes the item %(name)s to %(other)s.")
    return text % {"unit": name(giver), "other": name(taker), "name": what}


def board(log: dict) -> dict:
    setup = next((ev[1] for ev in log.get("events", []) if ev[0] == "setup"), {})
    units = _unit_names(log)
    side = sides_of(log)
    return {"size": setup.get("size", 30.0),
            "terrain": [{"x": min(p[0], p[2]), "y": min(p[1], p[3]), "w": abs(p[2] - p[0]),
                         "h": abs(p[3] - p[1]), "tall": bool(p[4]), "name": p[6]}
                        for p in setup.get("pieces", [])],
            "units": {str(uid): {"name": n, "side": side[owner] if owner < len(side) else 0}
                      for uid, (n, owner) in units.items()}}


def steps(log: dict) -> list[dict]:
    """Every board-changing event as a step: round, its line, units, husks, mastery."""
    units = _unit_names(log)
    who = players(log)
    shown = frames(log)
    out, at, round_ = [], 0, 0
    for ev in log.get("events", []):
        if ev[0] == "round":
            round_ = ev[1]
        if at < len(shown) and shown[at]["event"] is ev:
            f = shown[at]
            out.append({"round": round_, "line": line(ev, units, who),
                        "units": [[u["id"], u["x"], u["y"], u["damage"], u["hp"],
                                   bool(u["relic"])] for u in f["units"]],
                        "husks": f["husks"], "mastery": f["mastery"]})
            at += 1
    return out


def round_lines(log: dict) -> list[dict]:
    """The match in words, round by round (round 0: setup and the first deployment)."""
    units = _unit_names(log)
    who = players(log)
    rounds = [{"round": 0, "lines": []}]
    for ev in log.get("events", []):
        if ev[0] == "round" and ev[1] > rounds[-1]["round"]:
            rounds.append({"round": ev[1], "lines": []})
            continue
        text = line(ev, units, who)
        if text:
            rounds[-1]["lines"].append(text)
    return [r for r in rounds if r["lines"]]


def replay_of(run) -> dict:
    """What the replay page and the API show of a run: the log, the table and its steps,
    the story in words, the players and the card texts not played (empty until done)."""
    log = run.log or None
    return {"log": log,
            "board": board(log) if log else None,
            "steps": steps(log) if log else [],
            "rounds": round_lines(log) if log else [],
            "players": players(log) if log else [],
            "not_modelled": list((run.summary or {}).get("not_modelled", []))}

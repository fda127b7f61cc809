"""The setup in words: the game keeps table keys; names and summaries come from the
encounter tables (or the first edition tables) at display time."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import replace

from django.contrib.contenttypes.models import ContentType

from encounters.models import Game
from rules import tables
from rules.deployment_map import deployment_map
from rules.encounter_tables import encounter_tables
from rules.models import FlipRecord
from rules.summaries import said


def _leaders(stations) -> str:
    """"henchman or master" in the reader's language (station names as the catalogue
    translates them)."""
    from django.utils.translation import gettext

    from catalogue.models import Station

    names = [str(dict(Station.choices).get(s, s)).lower() for s in stations]
    if len(names) < 2:
        return "".join(names)
    return gettext("%(first)s or %(last)s") % {"first": ", ".join(names[:-1]),
                                               "last": names[-1]}


def named_scheme(key: str) -> dict:
    return {"key": key, "name": scheme_name(key)}


def scheme_name(key: str) -> str:
    try:
        return encounter_tables().scheme(key).name
    except KeyError:
        return key.replace("-", " ").title()


def named_row(lookup, key, part: str) -> dict:
    """A table row's name and summary (in the reader's language, ``part`` naming its
    French entries); a key the tables no longer know is shown as is."""
    try:
        row = lookup(key)
    except (KeyError, StopIteration):
        return {"key": key, "name": str(key).replace("-", " ").title(), "summary": ""}
    summary = said(f"{part}/{key}", getattr(row, "summary", ""))
    return {"key": key, "name": row.name, "summary": summary}


def setup_view(game: Game) -> dict:
    """The setup in words. The game keeps table keys; names and summaries come from the
    encounter tables at display time."""
    t = encounter_tables()
    setup = game.setup or {}
    if setup.get("ruleset") == "m1e":
        return _first_edition_setup_view(setup)
    band = next((b for b in t.standard.sizes if b.key == setup.get("encounter_size")), None)
    view = {
        "band": band,
        "leaders": _leaders(band.leaders) if band else "",
        "deployment": named_row(t.deployment, setup.get("deployment"), "deployment/summary"),
        "deployment_map": deployment_map(setup.get("deployment")),
        "event": named_row(tables.weekly_events().row, game.moved_event or game.event_key,
                           "weekly-events/summary")
        if (game.moved_event or game.event_key) else None,
        "moved": bool(game.moved_event),
        "story": game.kind == Game.Kind.STORY,
    }
    if game.kind == Game.Kind.STORY:
        view.update(
            terrain=[named_row(t.story.terrain_row, k, "encounter-story/terrain")
                     for k in setup.get("terrain", [])],
            attacker={"first": "a", "second": "b"}.get(setup.get("attacker") or ""),
            warrant_used=bool(setup.get("warrant")),
            strategy=named_row(t.story.strategy, setup.get("attacker_strategy"),
                               "encounter-story/attacker"),
            objective=named_row(t.story.objective, setup.get("defender_objective"),
                                "encounter-story/objective"),
            shindig={"name": t.story.shindig.name,
                     "summary": said("encounter-story/shindig", t.story.shindig.summary)}
            if setup.get("shindig") else None,
            max_vp=setup.get("max_vp"),
        )
        with suppress(KeyError):  # the Attacker's half of the story strategy
            key = setup["attacker_strategy"]
            view["strategy"]["summary"] = said(f"encounter-story/attacker/{key}",
                                               t.story.strategy(key).attacker)
    else:
        view.update(
            strategy=named_row(t.standard_strategy, setup.get("strategy"),
                               "encounter-standard/strategy"),
            pool=[named_row(t.scheme, k, "encounter-schemes/summary")
                  for k in setup.get("scheme_pool", [])],
            scheme_cards=setup.get("scheme_cards", []),
            distract_because=setup.get("distract_because", ""),
        )
    return view


def _first_edition_setup_view(setup: dict) -> dict:
    """A first edition setup in words; what the sources lost is flagged, not filled in."""
    from django.utils.translation import gettext

    from rules.engine.first_edition_tables import first_edition_tables

    t = first_edition_tables()
    band = t.size(setup["size"])
    strategies = []
    for player, key in zip(
        (gettext("First player"), gettext("Second player")), setup.get("strategies") or [],
        strict=False,
    ):
        strategies.append({"player": player, "strategy": _said_strategy(_lookup(t.strategy, key))})
    location = _said_location(_lookup(t.location, setup.get("location")))
    deployment = _lookup(t.deployment, setup.get("deployment"))
    if deployment:
        deployment = replace(
            deployment, summary=_fe("deployment", deployment.key, deployment.summary),
            quick_reference=_fe("deployment-quick-reference", deployment.key,
                                deployment.quick_reference))
    return {
        "first_edition": True,
        "band": band,
        "setup": setup,
        "location": location,
        "features": [replace(f, summary=_fe("feature", f.key, f.summary))
                     for f in (t.feature(k) for k in setup.get("features") or [])],
        "deployment": deployment,
        "strategies": strategies,
        "schemes": [replace(s, summary=_fe("scheme", s.key, s.summary)) for s in t.schemes],
        "unused_scheme_bonus": t.hiring.unused_scheme_bonus,
        "choices": setup.get("choices") or [],
        "notes": setup.get("notes") or [],
        "event_rule": said("first-edition/event_rule", t.event_rule),
        "lost_pages_note": said("first-edition/lost_pages_note", t.lost_pages_note),
        "strategy_mode": {
            "general": gettext("General (French rules)"),
            "extended": gettext("Extended (French rules)"),
            "quick_reference": gettext("Original first edition (quick reference)"),
        }.get(setup.get("strategy_mode"), ""),
    }


def _fe(part: str, key: str, english: str):
    return said(f"first-edition/{part}/{key}", english)


def _said_location(location):
    if location is None:
        return None
    return replace(
        location, summary=_fe("location", location.key, location.summary),
        suggested_terrain=_fe("suggested-terrain", location.key, location.suggested_terrain),
        setting=_fe("setting", location.setting, location.setting))


def _said_strategy(strategy):
    if strategy is None:
        return None
    return replace(strategy, summary=_fe("strategy", strategy.key, strategy.summary),
                   full_vp=_fe("full-vp", strategy.key, strategy.full_vp),
                   partial_vp=_fe("partial-vp", strategy.key, strategy.partial_vp))


def _lookup(find, key):
    if not key:
        return None
    try:
        return find(key)
    except KeyError:
        return None


def setup_flips(game: Game) -> list[FlipRecord]:
    """Every card flipped for the game itself (setup, initiative, end of turn), shared by
    both players; Finished Off flips belong to their casualty and show in the log."""
    return list(
        FlipRecord.objects.filter(
            subject_type=ContentType.objects.get_for_model(Game), subject_id=game.pk
        ).order_by("created_at", "id")
    )

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
        "choices": [_choice(c) for c in setup.get("choices") or []],
        "notes": [_note(n) for n in setup.get("notes") or []],
        "zone_chooser": _player(setup.get("zone_chooser")),
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


# A first edition setup stores its choices and notes in English (the engine writes them,
# rules/engine/first_edition_setup.py); the page reads them in the reader's language.


def _player(word) -> str:
    """"first" / "second" (a player) as the page says it."""
    from django.utils.translation import pgettext

    return {"first": pgettext("first edition player", "first"),
            "second": pgettext("first edition player", "second")}.get(word, word or "")


def _choice(choice: dict) -> dict:
    """A choice a Joker left to a player: what, by whom and why, in words."""
    import re

    from django.utils.translation import gettext, pgettext

    what = choice.get("what", "")
    whats = {"location": gettext("location"), "deployment": pgettext("choice", "deployment"),
             "features": gettext("special features"), "strategy type": gettext("strategy type"),
             "shared strategy": gettext("shared strategy")}
    if what.startswith("strategy: "):
        shown = gettext("strategy of the %(player)s player") % {
            "player": _player(what.removeprefix("strategy: "))}
    else:
        shown = whats.get(what, what)
    why = choice.get("why", "")
    setting = ""
    match = re.fullmatch(r"(.+) \((indoor|outdoor)\)", why)
    if match:
        why, setting = match.group(1), str(said(f"first-edition/setting/{match.group(2)}",
                                                match.group(2)))
    whys = {
        "Black Joker: the player who flipped chooses":
            gettext("Black Joker: the player who flipped chooses"),
        "Red Joker: the other player chooses": gettext("Red Joker: the other player chooses"),
        "a Joker: the player chooses": gettext("a Joker: the player chooses"),
        "Black Joker: the opponent chooses": gettext("Black Joker: the opponent chooses"),
        "a Joker: the player who flipped chooses the kind":
            gettext("a Joker: the player who flipped chooses the kind"),
    }
    why = whys.get(why, why)
    if setting:
        why = gettext("%(why)s (%(setting)s)") % {"why": why, "setting": setting}
    return {**choice, "what": shown, "by": _player(choice.get("by")), "why": why}


def _note(text: str) -> str:
    """A note of the setup (rules/engine/first_edition_setup.py) in the reader's
    language; a note of no known wording as it was stored."""
    import re

    from django.utils.translation import gettext

    match = re.fullmatch(r"The feature table of (.+) is on the lost pages of the French "
                         r"rules\.", text)
    if match:
        return gettext("The feature table of %(location)s is on the lost pages of the "
                       "French rules.") % {"location": match.group(1)}
    return {
        "Flip the chosen location's feature table once it is chosen.":
            gettext("Flip the chosen location's feature table once it is chosen."),
        "Story encounters are not in the sources (they were published online): the "
        "alternative the table gives is played.":
            gettext("Story encounters are not in the sources (they were published "
                    "online): the alternative the table gives is played."),
        "Each player may reflip their individual strategy once, hiring with one Soulstone "
        "fewer.":
            gettext("Each player may reflip their individual strategy once, hiring with "
                    "one Soulstone fewer."),
        "Both players drew the same strategy: they play its shared version.":
            gettext("Both players drew the same strategy: they play its shared version."),
    }.get(text, text)

"""Pages of the campaign rule tables: an index and one searchable page per table.

The tables come from ``rules.tables`` (cached data files), so these pages touch no
database. Each table type is presented as columns of plain text; the same text is what
the ``q`` search matches, server-side, so the page works without JavaScript and HTMX only
swaps the table body.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules import tables as t

MAX_QUERY = 100


@dataclass(frozen=True)
class Column:
    header: str
    cell: Callable[[Any], str]
    numeric: bool = False


@dataclass(frozen=True)
class Presentation:
    """How a table is shown: columns, the row objects, and a few facts above it."""

    columns: tuple[Column, ...]
    rows: tuple[Any, ...]
    facts: tuple[str, ...] = field(default=())

    def cells(self, query: str = "") -> list[list[tuple[str, bool]]]:
        """Rendered rows (text, numeric) that contain ``query`` in any cell, case-blind."""
        needle = query.casefold()
        out = []
        for row in self.rows:
            cells = [(column.cell(row), column.numeric) for column in self.columns]
            if not needle or any(needle in text.casefold() for text, _numeric in cells):
                out.append(cells)
        return out


_FLAG_TEXT = {
    "no_injury": "No Injury attached",
    "cannot_be_hired_next_game": "Cannot be hired next game",
    "temporary": "Temporary",
    "auto_finished_off": "Always Finished Off",
    "late_deploy": "Deploys late next game",
    "faction_chart": "Flip the Faction chart",
    "counts_as_skill": "Counts as a Skill",
    "halve_wd": "Wd halved",
    "annihilate": "May Annihilate the model",
    "optional": "Optional",
    "flip_twice_more": "flips twice more",
    "traitor": "turns traitor",
    "annihilated_on_use": "Annihilated when used",
    "attach_to_peon": "May go on a Peon",
    "multiple_per_model": "Stackable",
    "outside_skill_limit": "Ignores the Skill limit",
    "one_per_crew": "One per crew",
    "flip_those_who_thirst": "Flip Those Who Thirst",
    "finished_off_cannot_be_cheated": "No cheating Finished Off",
    "special_terrain": "Special terrain",
    "no_aftermath": "No Aftermath",
    "third_scheme": "Third Scheme",
    "auto_finished_off_in_zone": "Auto Finished Off near marker",
    "secret_draw": "Secret draw",
    "wandering_mercenary": "Free mercenary",
    "story_encounter": "Story Encounter",
    "adds_avatar": "Adds an Avatar",
}


def _join(parts: Iterable[str], sep: str = "; ") -> str:
    return sep.join(p for p in parts if p)


def _flags(flags: Iterable[str]) -> str:
    return _join(_FLAG_TEXT.get(f, f.replace("_", " ")) for f in flags)


def _stats(effects) -> str:
    return _join((f"{k.replace('_', ' ').capitalize()} {v:+d}" for k, v in effects.items()), ", ")


def _twist(n: int) -> str:
    if not n:
        return ""
    return f"{abs(n)} {'positive' if n > 0 else 'negative'} twist{'s' if abs(n) > 1 else ''}"


def _flip(row) -> str:
    return row.flip.label if row.flip else "Any (chosen)"


def _weekly(table: t.WeeklyEventTable) -> Presentation:
    def notes(row: t.WeeklyEvent) -> str:
        return _join(
            [
                "One-off" if row.singular else "",
                "Flip another event" if row.another_event else "",
                f"Neutral: {', '.join(row.neutral_models)}" if row.neutral_models else "",
                f"See {t.table(row.sub_table).title}" if row.sub_table else "",
                _flags(row.flags),
            ]
        )

    def effect(row: t.WeeklyEvent) -> str:
        bands = (f"{r.low}-{r.high}: {r.text}" if r.low != r.high else r.text for r in row.results)
        return _join([row.summary, *bands], " ")

    return Presentation(
        (
            Column(_("Flip"), _flip),
            Column(_("Event"), lambda r: r.name),
            Column(_("Book section"), lambda r: r.section),
            Column(_("Effect"), effect),
            Column(_("Scrip"), lambda r: _join(f"{s.amount}: {s.when}" for s in r.scrip)),
            Column(_("Notes"), notes),
        ),
        table.rows,
        (
            f"A crew earns at most {table.max_scrip_per_game} Scrip from the event in one game.",
            "A repeat of last week's event is reflipped.",
            "When an event flips another, reflip: "
            + ", ".join(table.row(k).name for k in table.another_event_reflips)
            + ".",
            table.neutral_model_rules,
        ),
    )


def _injuries(table: t.InjuryChart) -> Presentation:
    def notes(row: t.Injury) -> str:
        return _join(
            [
                _flags(row.flags),
                _join(
                    (f"{s.capitalize()}: {_FLAG_TEXT[o]}" for s, o in row.station_outcomes.items()),
                    ", ",
                ),
                f"Reflip if {row.reflip_if}" if row.reflip_if else "",
                f"Gains {', '.join(row.gains_characteristics)}"
                if row.gains_characteristics
                else "",
                f"Adds {row.adds_model}" if row.adds_model else "",
            ]
        )

    return Presentation(
        (
            Column(_("Flip"), _flip),
            Column(_("Result"), lambda r: r.name),
            Column(_("Effect"), lambda r: r.summary),
            Column(_("Stats"), lambda r: _stats(r.stat_effects)),
            Column(_("Notes"), notes),
        ),
        table.rows,
    )


def _upgrades(table: t.UpgradeTable) -> Presentation:
    def effect(row: t.CampaignUpgrade) -> str:
        return _join([row.action.label if row.action else "", row.summary], ". ")

    def restrictions(row: t.CampaignUpgrade) -> str:
        caps = (f"Max {k.replace('_', ' ')} {v}" for k, v in row.stat_caps.items())
        return _join([_stats(row.stat_effects), *caps, _flags(row.restrictions)])

    return Presentation(
        (
            Column(_("BR"), lambda r: "Always" if r.always_available else str(r.barter_rating),
                   True),
            Column(_("Name"), lambda r: r.name),
            Column(_("Type"), lambda r: r.type),
            Column(_("CC"), lambda r: str(r.campaign_cost), True),
            Column(_("SS"), lambda r: str(r.soulstone_cost), True),
            Column(_("Effect"), effect),
            Column(_("Stats and restrictions"), restrictions),
        ),
        table.rows,
        (
            "A Barter card buys an Upgrade whose BR equals its value, paying CC Scrip; "
            "Always upgrades are on offer after any Barter flip.",
        ),
    )


def _thirst(table: t.ThirstChart) -> Presentation:
    def triggers(row: t.Relic) -> str:
        return _join(
            f"{(tr.suit or 'unknown suit').capitalize()} {tr.name}: {tr.summary}"
            for tr in row.triggers
        )

    return Presentation(
        (
            Column(_("Suit"), _flip),
            Column(_("Relic"), lambda r: r.name),
            Column(_("Action"), lambda r: r.action.label),
            Column(_("Effect"), lambda r: r.summary),
            Column(_("Triggers"), triggers),
        ),
        table.rows,
        (
            "Jokers are reflipped.",
            "A crew may own only one of these relics." if table.one_per_crew else "",
        ),
    )


def _rewards(table: t.RewardChart) -> Presentation:
    return Presentation(
        (
            Column(_("Suit"), _flip),
            Column(_("Reward"), lambda r: r.name),
            Column(_("Type"), lambda r: r.type),
            Column(_("SS"), lambda r: "-" if r.soulstone_cost is None else str(r.soulstone_cost),
                   True),
            Column(_("Effect"), lambda r: r.summary),
        ),
        table.rows,
        ("Jokers are reflipped, and so is a reward the crew already has.",),
    )


def _bounties(table: t.BountyTable) -> Presentation:
    unit = {"games": "{} games", "total": "{} in total", "schemes": "{} different Schemes"}

    def progress(row: t.Bounty) -> str:
        text = unit[row.tally].format(row.target)
        if row.target == 1 and row.tally == "games":
            text = "1 game"
        return _join(
            [
                text,
                f"from: {', '.join(row.schemes)}" if row.schemes else "",
                "secret note" if row.secret_note else "",
                "one per game" if row.one_per_game else "",
            ],
            ", ",
        )

    return Presentation(
        (
            Column(_("Bounty"), lambda r: r.name),
            Column(_("Faction"), lambda r: t.FACTIONS.get(r.faction, "Any")),
            Column(_("Goal"), lambda r: r.summary),
            Column(_("Progress"), progress),
            Column(_("Reward flip"), lambda r: _twist(r.reward_twist)),
        ),
        table.rows,
        (
            f"A Bounty costs {table.cost_scrip} Scrip; a crew holds one at a time and completes "
            "each Bounty at most once per campaign.",
        ),
    )


def _stations(table: t.StationLimitTable) -> Presentation:
    return Presentation(
        (
            Column(_("Station"), lambda r: r.station.capitalize()),
            Column(_("Max Skills"), lambda r: str(r.max_skills), True),
            Column(_("Max Injuries"), lambda r: str(r.max_injuries), True),
        ),
        table.rows,
    )


def _hide_outs(table: t.HideOutTable) -> Presentation:
    rows = tuple((h, f) for h in table.rows for f in h.fortifications)
    cm = table.construction_material
    return Presentation(
        (
            Column(_("Hide out"), lambda r: r[0].name),
            Column(_("Fortification"), lambda r: r[1].name),
            Column(_("CM"), lambda r: str(r[1].cm), True),
            Column(_("Requires"), lambda r: ", ".join(r[1].requires) or "-"),
            Column(_("Effect"), lambda r: r[1].summary),
        ),
        rows,
        (
            f"Construction Material per game: {cm.scheme_two_vp} for 2+ VP from one Scheme, "
            f"{cm.strategy_max_vp} for full Strategy VP, {cm.win} for a win "
            f"(at most {cm.max_per_game}).",
            f"Flair: {table.flair.summary}",
            f"Winner: {table.standings}",
        ),
    )


def _doctor(table: t.GoodDoctorChart) -> Presentation:
    def removed(row: t.DoctorResult) -> str:
        return "All" if row.removes_all_injuries else str(row.removes_injuries)

    then = {"injuries": "Injury chart", "faction-injuries": "Faction injury chart", None: "-"}
    return Presentation(
        (
            Column(_("Flip"), _flip),
            Column(_("Result"), lambda r: r.summary),
            Column(_("Injuries removed"), removed, True),
            Column(_("Then flips"), lambda r: then[r.then_flip]),
        ),
        table.rows,
        (
            f"A visit costs {table.cost_scrip} Scrip; {table.twist_cost_scrip} more buy a "
            "positive twist.",
        ),
    )


def _traveler(table: t.LonelyTravelerChart) -> Presentation:
    m = table.marker
    return Presentation(
        (
            Column(_("Flip"), _flip),
            Column(_("Result"), lambda r: r.summary),
            Column(_("Scrip"), lambda r: str(r.scrip), True),
        ),
        table.rows,
        (f"The traveler: {m.base_mm}mm marker, Ht {m.ht}, Df {m.df}, Wp {m.wp}, {m.wd} Wd.",),
    )


def _they_ride(table: t.TheyRideChart) -> Presentation:
    a = table.arrival
    return Presentation(
        (
            Column(_("Suit"), _flip),
            Column(_("Horseman"), lambda r: r.name),
            Column(_("Stat card"), lambda r: r.reference),
        ),
        table.rows,
        (
            f"Arrival flip from the end of Turn {a.first_turn}: {a.arrives_on} or more; at "
            f"the end of Turn {a.last_turn}: {a.last_turn_arrives_on} or more. Jokers are "
            "reflipped.",
        ),
    )


_PRESENTERS: dict[type, Callable[[Any], Presentation]] = {
    t.WeeklyEventTable: _weekly,
    t.InjuryChart: _injuries,
    t.UpgradeTable: _upgrades,
    t.ThirstChart: _thirst,
    t.RewardChart: _rewards,
    t.BountyTable: _bounties,
    t.StationLimitTable: _stations,
    t.HideOutTable: _hide_outs,
    t.GoodDoctorChart: _doctor,
    t.LonelyTravelerChart: _traveler,
    t.TheyRideChart: _they_ride,
}


def present(table: t.Table) -> Presentation:
    return _PRESENTERS[type(table)](table)


def index(request: HttpRequest) -> HttpResponse:
    groups: dict[str, list[dict]] = {}
    for entry in t.TABLES.values():
        table = entry.loader()
        groups.setdefault(gettext(entry.group), []).append(
            {
                "key": entry.key,
                "title": table.title,
                "description": table.description,
                "rows": len(present(table).rows),
                "reconstructed": bool(table.suit_mapping_note),
            }
        )
    return render(request, "rules/tables/index.html", {"groups": groups})


def table_page(request: HttpRequest, key: str) -> HttpResponse:
    """GET ``q`` filters rows server-side; an HTMX request gets only the table body."""
    entry = t.TABLES.get(key)
    if entry is None:
        raise Http404(f"No campaign table {key!r}.")
    table = entry.loader()
    presentation = present(table)
    query = request.GET.get("q", "").strip()[:MAX_QUERY]
    context = {
        "table": table,
        "columns": presentation.columns,
        "facts": [f for f in presentation.facts if f],
        "rows": presentation.cells(query),
        "total": len(presentation.rows),
        "q": query,
    }
    if request.htmx and not request.htmx.history_restore_request:
        response = render(request, "rules/tables/_rows.html", context)
    else:
        response = render(request, "rules/tables/table.html", context)
    patch_vary_headers(response, ("HX-Request",))
    return response

"""Game pages: set up a campaign game, then one page per game for both players and any
spectator: the setup, hiring and schemes, the live tracker and the result.

Views parse input, check who may look, call an encounter service and render. Everything
a viewer sees of the game comes from ``encounters.selectors.game_view``, so an opponent's
secrets never reach the HTML. Every refusal (a rule, a permission, a bad card code) comes
back as a message, on the page or in the swapped panel, never as an error page.

The live part of the page is one panel (``#game-panel``). Buttons post with HTMX and get
the panel back; the panel polls itself every 3 seconds with the version it was rendered
at and receives 204 (nothing to swap) until ``Game.version`` moves on.
"""

from __future__ import annotations

from contextlib import suppress
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from campaign.lifecycle import IllegalTransition
from campaign.models import ArsenalModel, ArsenalUpgrade, Campaign, Crew
from campaign.services import hideouts, one_use
from campaign.services.access import can_manage_campaign, can_view_campaign
from encounters import forms
from encounters.models import (
    BountyNote,
    Casualty,
    Game,
    HiredModel,
    LinkedSeries,
    ResultReport,
    SchemeChoice,
)
from encounters.score_check import score_check
from encounters.selectors import GameView, can_view_game, game_view
from encounters.services import finished_off as finished_off_reflips
from encounters.services import (
    games,
    items,
    lucrative,
    posse,
    results,
    scrip_effects,
    tracker,
    traveler,
    warrant,
)
from encounters.services import series as series_services
from encounters.services import table as table_facts
from encounters.services.common import EncounterError
from rules import tables
from rules.encounter_tables import encounter_tables
from rules.engine import campaign_game
from rules.engine.encounters import story_scheme_choices
from rules.engine.errors import RulesError
from rules.engine.hiring import HiringRefused
from rules.engine.record import facts_needed
from rules.models import FlipRecord

REFUSALS = (EncounterError, HiringRefused, RulesError, IllegalTransition, PermissionDenied)
TRACKING = (Game.State.IN_PLAY,)
REPORTABLE = (Game.State.SET_UP, Game.State.IN_PLAY, Game.State.REPORTED,
              Game.State.DISPUTED)


class Refused(Exception):
    """A request the page itself turns down (an invalid form, an unknown row)."""

    def __init__(self, reasons: list[str]):
        self.reasons = reasons
        super().__init__(" ".join(reasons))


def _reasons(exc: Exception) -> list[str]:
    if isinstance(exc, HiringRefused | Refused):
        return exc.reasons
    return [str(exc) or "That is not allowed."]


def _valid(form) -> dict:
    """The cleaned data, or a refusal listing each error with its field's label."""
    if form.is_valid():
        return form.cleaned_data
    reasons = []
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else None
        reasons += [f"{label}: {e}" if label else e for e in errors]
    raise Refused(reasons)


def _game_for(request, pk) -> Game:
    game = get_object_or_404(Game.objects.select_related("campaign__league"), pk=pk)
    if not can_view_game(request.user, game):
        raise PermissionDenied(gettext("This game belongs to a campaign visible to its league's "
                               "members only."))
    return game


# --- Setting up a game ---------------------------------------------------------------


@login_required
def game_new(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A campaign game: a player picks the opponent (an organizer picks both crews)."""
    campaign = get_object_or_404(Campaign.objects.select_related("league"), pk=campaign_id)
    if not can_view_campaign(request.user, campaign):
        raise PermissionDenied(gettext("This campaign is visible to its league's members only."))
    crews = list(campaign.crews.filter(status=Crew.Status.ACTIVE).select_related("player"))
    mine = next((c for c in crews if c.player_id == request.user.pk), None)
    if mine is None and not can_manage_campaign(request.user, campaign):
        raise PermissionDenied(gettext("Join the campaign with a built crew to set up a game."))
    limits = {c.pk: games.max_size(mine, c) for c in crews if c != mine} if mine else {}
    form = forms.GameSetupForm(request.POST or None, crews=crews, mine=mine, limits=limits,
                               initial={"crew_a": mine.pk if mine else None})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = games.create_campaign_game(
                campaign=campaign, crew_a=data["crew_a"], crew_b=data["crew_b"],
                actor=request.user, size=data["size"], kind=data["kind"])
        except REFUSALS as exc:
            for reason in _reasons(exc):
                form.add_error(None, reason)
        else:
            messages.success(request, gettext("The game is set up: hire your crew and choose your "
                             "schemes."))
            return redirect(game)
    return render(request, "encounters/new.html", {
        "campaign": campaign, "form": form, "mine": mine, "others": len(crews) - bool(mine)})


@login_required
def setup_new(request: HttpRequest) -> HttpResponse:
    """Generate a standalone encounter; the result page is shared by its link.
    ``?league=<slug>`` preselects a league (and so its default edition)."""
    initial = {}
    leagues = list(forms.member_leagues(request.user))
    wanted = request.GET.get("league", "")
    chosen = next((lg for lg in leagues if lg.slug == wanted), None)
    if chosen is None and len(leagues) == 1:
        chosen = leagues[0]
    if chosen is not None:
        initial["league"] = chosen.pk
    form = forms.StandaloneSetupForm(request.POST or None, initial=initial, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            game = games.create_setup(actor=request.user, **form.cleaned_data)
        except REFUSALS as exc:
            for reason in _reasons(exc):
                form.add_error(None, reason)
        else:
            messages.success(
                request,
                gettext(
                    "Encounter generated: share this page's link with your "
                    "opponent; both of you see the same setup."
                ),
            )
            return redirect(game)
    return render(request, "encounters/setup_new.html", {"form": form, "league": chosen})


@login_required
def series_new(request: HttpRequest) -> HttpResponse:
    form = forms.SeriesStartForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            series = series_services.start_series(actor=request.user, **form.cleaned_data)
        except REFUSALS as exc:
            for reason in _reasons(exc):
                form.add_error(None, reason)
        else:
            messages.success(
                request,
                gettext(
                    "Series started: your opponent declares a Faction and "
                    "a Leader, then set up the first game."
                ),
            )
            return redirect(series)
    return render(request, "encounters/series_new.html", {"form": form})


def series_detail(request: HttpRequest, pk: int) -> HttpResponse:
    series = get_object_or_404(LinkedSeries.objects.select_related("player_a", "player_b"), pk=pk)
    me = next(
        (
            k
            for k, p in (("a", series.player_a), ("b", series.player_b))
            if request.user.is_authenticated and p.pk == request.user.pk
        ),
        "",
    )
    declare_form = forms.SeriesDeclareForm(request.POST if "declare" in request.POST else None)
    next_form = forms.SeriesNextForm(request.POST if "next" in request.POST else None)
    if request.method == "POST" and me:
        try:
            if "declare" in request.POST and declare_form.is_valid():
                series_services.declare(
                    series=series, actor=request.user, **declare_form.cleaned_data
                )
                messages.success(request, gettext("Faction and Leader declared."))
                return redirect(series)
            if "next" in request.POST and next_form.is_valid():
                game = series_services.next_game(
                    series=series,
                    actor=request.user,
                    spoils=next_form.cleaned_data["spoils"] or None,
                    choice=next_form.cleaned_data["choice"] or None,
                )
                return redirect(game)
        except REFUSALS as exc:
            for reason in _reasons(exc):
                messages.error(request, reason)
    elif request.method == "POST":
        raise PermissionDenied(gettext("Only the series' two players may do this."))
    return render(
        request,
        "encounters/series.html",
        {
            "series": series,
            "info": series_services.summary(series),
            "me": me,
            "declare_form": declare_form,
            "next_form": next_form,
        },
    )


# --- The game page -------------------------------------------------------------------


def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game_for(request, pk)
    context = _panel_context(request, game)
    context.update(setup=_setup_view(context["game"]), flips=_setup_flips(game))
    return render(request, "encounters/game.html", context)


def game_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The live panel; 204 while the version the client holds is still current."""
    game = _game_for(request, pk)
    if request.GET.get("version") == str(game.version):
        return HttpResponse(status=204)
    return render(request, "encounters/_panel.html", _panel_context(request, game))


def _panel_context(request, game: Game, *, show_messages: bool = False) -> dict:
    """Everything the panel shows this viewer, with the forms the viewer may use."""
    view = game_view(game, request.user)
    g = view.game
    me = next((s for s in view.sides if s.is_viewer), None)
    organizer = view.organizer
    reports = [
        r
        for r in g.reports.select_related("reported_by", "answered_by")
        if r.status != ResultReport.Status.SUPERSEDED
    ]
    report = reports[-1] if reports else None
    score = score_check(report, {s.side.key: s.total_vp for s in view.sides})
    context = {
        "view": view,
        "game": g,
        "me": me,
        "organizer": organizer,
        "can_track": bool(me or organizer),
        "sides": _side_rows(view),
        "report": report,
        "score": score,
        "show_messages": show_messages,
        "log": list(reversed(view.log)),
        "poll": bool(view.sides) and g.state != Game.State.DONE,
        "continue_needed": campaign_game.continue_value_needed(g.turn) if g.turn else None,
    }
    for row in context["sides"]:  # the result's VP beside the tracked VP (see score_check)
        row["result_vp"] = score.reported[row["key"]] if score.reported else None
    if g.state == Game.State.SET_UP and me is not None:
        if not me.side.hire_revealed and me.side.crew_id:
            context["hire_form"] = _hire_form(me)
        context["schemes_form"] = _schemes_form(view, me)
        if warrant.refusal(g, me.side) is None:
            context["warrant_form"] = forms.WarrantForm(
                auto_id="warrant_%s", initial={"role": warrant.role_of(g, me.side.key)})
    table = view.table
    context["table"] = table
    if g.state in TRACKING and context["can_track"]:
        context.update(
            initiative_form=forms.InitiativeForm(auto_id="init_%s"),
            casualty_form=forms.CasualtyForm(
                sides=view.sides,
                table_models=table.table_models,
                needed=table.needed,
                auto_id="casualty_%s",
                initial={"side": _opponent_key(me), "by_model": _last_killer(view)},
            ),
            scrip_form=forms.EventScripForm(
                auto_id="scrip_%s", initial={"side": me.side.key if me else "a"}
            ),
            end_turn_form=forms.EndTurnForm(auto_id="end_%s"),
            bring_in_form=forms.BringInForm(
                auto_id="bring_%s", initial={"side": me.side.key if me else "a"}
            ),
            event_form=forms.ModelEventForm(
                sides=view.sides, table_models=table.table_models, auto_id="event_%s"
            ),
            marker_board=_marker_board(table, me),
            quarters_forms=_quarters_forms(view) if _reads_quarters(g) else [],
        )
    if g.state in (*TRACKING, Game.State.REPORTED, Game.State.DISPUTED) and context["can_track"]:
        context["end_forms"] = _end_forms(view, me)
    if me is not None and g.state in (Game.State.SET_UP, Game.State.IN_PLAY) and g.turn <= 1:
        context["note_form"] = _note_form(view, me)
    # The viewer's Fortifications, read once for every offer below that depends on them.
    owned = (hideouts.owned_keys(me.side.crew)
             if me is not None and me.side.crew_id and g.state in (Game.State.SET_UP,
                                                                    Game.State.IN_PLAY)
             else set())
    if me is not None and g.campaign_id:
        context.update(_scrip_offers(g, me, owned))
    if me is not None and g.state == Game.State.IN_PLAY and g.campaign_id:
        offered = items.offered(g, me.hired)
        mine = [(h, offered[h.pk]) for h in me.hired if h.pk in offered]
        if mine:
            context["items"] = mine
            context["scrap_pile"] = one_use.has_scrap_pile(me.side.crew_id)
            if any(u.table_key in one_use.REMOVES_INJURY for _h, ups in mine for u in ups):
                context["item_injuries"] = items.injuries_in_game(g)
    if me is not None:
        context["traveler_models"] = traveler.offer(g, me.side)
        context["finished_off"] = [
            (c, forms.FinishedOffForm(auto_id=f"fo{c.pk}_%s"))
            for c in view.casualties
            if c.side_id == me.side.pk and c.finished_off == Casualty.FinishedOff.PENDING
        ]
        context["reflips"] = _reflip_rows(g, me, view.casualties, owned)
        if g.state in REPORTABLE:
            totals = {s.side.key: s.total_vp for s in view.sides}
            context["report_form"] = forms.ReportForm(
                auto_id="report_%s", initial={"vp_a": totals.get("a"), "vp_b": totals.get("b")}
            )
        if (
            g.state == Game.State.REPORTED
            and report is not None
            and report.reported_by_id != request.user.pk
        ):
            context["answer"] = True
            context["dispute_form"] = forms.DisputeForm(auto_id="dispute_%s")
    if organizer and view.sides and g.state != Game.State.DONE and not results.aftermath_started(g):
        initial = {"vp_a": report.vp_a, "vp_b": report.vp_b} if report else {}
        context["ruling_form"] = forms.RulingForm(auto_id="rule_%s", initial=initial)
    return context


def _reflip_rows(game: Game, me, casualties, owned: set[str]) -> list[dict]:
    """The Finished Off flips the viewer may reflip now, one row per casualty with its
    buttons (one per Fortification) and a form for a card reflipped at the table."""
    rows: dict[int, dict] = {}
    for offer in finished_off_reflips.offers(game, me.side, casualties, owned=owned):
        c = offer.casualty
        row = rows.setdefault(c.pk, {"casualty": c, "offers": [], "mine": c.side_id == me.side.pk})
        row["offers"].append(offer)
    for row in rows.values():
        form = forms.ReflipFinishedOffForm(auto_id=f"rfo{row['casualty'].pk}_%s")
        form.fields["source"].choices = [(o.reflip.key, o.reflip.title) for o in row["offers"]]
        row["form"] = form
        row["needs_zone"] = any(o.reflip.needs_zone for o in row["offers"])
    return list(rows.values())


def _last_killer(view: GameView) -> str:
    """The killer of the last casualty: a model that just killed often kills again."""
    for casualty in reversed(view.casualties):
        if casualty.by_model_id:
            return str(casualty.by_model_id)
        if casualty.by_table_model_id:
            return f"t{casualty.by_table_model_id}"
    return ""


MARKER_KINDS = (
    ("scheme", gettext_lazy("Scheme Markers")),
    ("corpse", gettext_lazy("Corpse Markers")),
    ("scrap", gettext_lazy("Scrap Markers")),
)


def _marker_board(table, me) -> list[dict]:
    """Rows of counters for the Markers the Bounties read: Scheme Markers per side and
    quarter (0 = centre or straddling), Corpse and Scrap Markers in play. Each button
    posts one "kind:owner:quarter:delta" change; enemy Scheme Markers also offer the
    Interact removal Cleanup Crew counts."""
    rows = []

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
                        "label": f"Side {owner.upper()}'s {label}",
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


def _reads_quarters(game: Game) -> bool:
    """Reconnoiter scores quarters held at the end of each Turn: offer the toggle."""
    return (game.setup or {}).get("strategy") == "reconnoiter"


def _quarters_forms(view: GameView) -> list:
    turn = str(view.game.turn)
    return [
        (
            row.side.key,
            forms.QuartersForm(
                auto_id=f"q{row.side.key}_%s",
                initial={
                    "side": row.side.key,
                    "quarters": (row.side.quarters_held or {}).get(turn, []),
                },
            ),
        )
        for row in view.sides
    ]


def _end_forms(view: GameView, me) -> list:
    """End-of-game questions per side, only those its Bounty needs: the viewer's own side
    (an organizer answers for both)."""
    out = []
    for row in view.sides:
        if me is not None and me.side.pk != row.side.pk:
            continue
        bounty = view.table.bounties.get(row.side.key)
        if bounty is None:
            continue
        needed = facts_needed([bounty["key"]])
        escort = any(
            n["side"] == row.side.key and n["bounty"] == "escort-mission" and n["mine"]
            for n in view.table.notes
        )
        facts = row.side.end_facts or {}
        initial = {
            "side": row.side.key,
            "pool": row.side.soulstone_pool,
            "engaging_leader": facts.get("engaging_leader"),
            "afflicted": facts.get("afflicted"),
            "pigs": facts.get("pigs", []),
        }
        opponent = next((o for o in view.sides if o.side.pk != row.side.pk), None)
        zone = ((opponent.side.end_facts or {}).get("zone") or {}) if opponent else {}
        if zone:
            initial.update(
                in_their_zone=zone.get(row.side.key),
                theirs_in_their_zone=zone.get(opponent.side.key),
            )
        form = forms.EndFactsForm(
            needed=needed, escort=escort, initial=initial, auto_id=f"end{row.side.key}_%s"
        )
        if form.asks:
            out.append((row.side.key, bounty["name"], form))
    return out


def _note_form(view: GameView, me):
    """The note the viewer's Bounty asks for at the start, until it is made."""
    bounty = view.table.bounties.get(me.side.key)
    if bounty is None or bounty["key"] not in table_facts.NOTES:
        return None
    if any(n["side"] == me.side.key and n["bounty"] == bounty["key"] for n in view.table.notes):
        return None
    if bounty["key"] == "escort-mission":
        choices = [h for h in me.hired if not h.is_leader]
    elif bounty["key"] == "hit-list":
        choices = [
            h
            for s in view.sides
            if not s.is_viewer
            for h in s.hired
            if not h.is_leader and (h.model_cost or 0) >= 6
        ]
    elif view.game.state == Game.State.IN_PLAY:
        choices = []  # Roundup names a Characteristic after deployment
    else:
        return None
    if bounty["key"] != "roundup" and not choices:
        return None  # the models to note are not revealed yet
    form = forms.NoteForm(choices=choices, auto_id="note_%s", initial={"bounty": bounty["key"]})
    return {"bounty": bounty, "form": form, "by_model": bounty["key"] != "roundup"}


def _opponent_key(me) -> str:
    return ("b" if me.side.key == "a" else "a") if me else "a"


def _side_rows(view: GameView) -> list[dict]:
    """Each side with its schemes named (the selector already hid what must be hidden)."""
    rows = []
    for side in view.sides:
        schemes = [
            {**s, "name": _scheme_name(s["scheme"]) if s["id"] else "Hidden"} for s in side.schemes
        ]
        third = side.third_scheme
        rows.append(
            {
                "view": side,
                "side": side.side,
                "key": side.side.key,
                "schemes": schemes,
                "third": {**third, "name": _scheme_name(third["scheme"]),
                          "vp_choices": range(third["max_vp"] + 1)} if third else None,
                "cost": sum(h.cost for h in side.hired),
            }
        )
    return rows


def _hire_form(me, data=None) -> forms.HireForm:
    crew = me.side.crew
    arsenal = list(
        crew.models.filter(status=ArsenalModel.Status.ACTIVE)
        .select_related("card")
        .order_by("-station", "id")
    )
    arsenal.sort(key=lambda m: m.pk != crew.leader_id)
    upgrades = list(
        crew.upgrades.filter(status="active").exclude(
            kind__in=[ArsenalUpgrade.Kind.SKILL, ArsenalUpgrade.Kind.INJURY]
        )
    )
    return forms.HireForm(
        data, crew=crew, arsenal=arsenal, upgrades=upgrades, hired=me.hired, auto_id="hire_%s"
    )


def _scheme_pool(view: GameView, me) -> list[dict]:
    """The game's pool (Standard), or any generic scheme plus the faction's (Story), and
    Posse's Take Prisoner when the pool lacks it."""
    keys = list(view.game.setup.get("scheme_pool") or [])
    if not keys and me.side.crew_id:
        try:
            keys = list(story_scheme_choices(me.side.crew.faction.code))
        except RulesError:
            keys = []
    rows = []
    for key in keys:
        try:
            scheme = encounter_tables().scheme(key)
            rows.append(
                {"key": key, "name": scheme.name, "summary": scheme.summary, "notes": scheme.notes}
            )
        except KeyError:
            rows.append({"key": key, "name": _scheme_name(key), "summary": "", "notes": ""})
    return rows + posse.offered(view.game, keys)


def _schemes_form(view: GameView, me, data=None) -> forms.SchemesForm:
    # The viewer's own choices, read from the viewer's own side only.
    chosen = [
        {"scheme": c.scheme_key, "noted_model_id": c.noted_model_id} for c in me.side.schemes.all()
    ]
    hired = [h for s in view.sides for h in s.hired]
    third = third_chosen = None
    if lucrative.LUCRATIVE in games.game_events(view.game):
        faction = me.side.crew.faction.code if me.side.crew_id else None
        # Every scheme it may be: the two may change in the same post (the service
        # refuses a third scheme that repeats one of them, saying so).
        third = [_named_scheme(k) for k in lucrative.offered(faction)]
        mine = me.third_scheme
        if mine:
            third_chosen = {"scheme": mine["scheme"],
                            "noted_model_id": lucrative.third_of(me.side).noted_model_id}
    return forms.SchemesForm(
        data, pool=_scheme_pool(view, me), hired=hired, chosen=chosen, third=third,
        third_chosen=third_chosen, auto_id="schemes_%s"
    )


def _named_scheme(key: str) -> dict:
    return {"key": key, "name": _scheme_name(key)}


def _scheme_name(key: str) -> str:
    try:
        return encounter_tables().scheme(key).name
    except KeyError:
        return key.replace("-", " ").title()


def _named(lookup, key) -> dict:
    """A table row's name and summary; a key the tables no longer know is shown as is."""
    try:
        row = lookup(key)
    except (KeyError, StopIteration):
        return {"key": key, "name": str(key).replace("-", " ").title(), "summary": ""}
    return {"key": key, "name": row.name, "summary": getattr(row, "summary", "")}


def _setup_view(game: Game) -> dict:
    """The setup in words. The game keeps table keys; names and summaries come from the
    encounter tables at display time."""
    t = encounter_tables()
    setup = game.setup or {}
    if setup.get("ruleset") == "m1e":
        return _first_edition_setup_view(setup)
    band = next((b for b in t.standard.sizes if b.key == setup.get("encounter_size")), None)
    view = {
        "band": band,
        "leaders": " or ".join(band.leaders) if band else "",
        "deployment": _named(t.deployment, setup.get("deployment")),
        "event": _named(tables.weekly_events().row, game.event_key) if game.event_key else None,
        "story": game.kind == Game.Kind.STORY,
    }
    if game.kind == Game.Kind.STORY:
        view.update(
            terrain=[_named(t.story.terrain_row, k) for k in setup.get("terrain", [])],
            attacker={"first": "a", "second": "b"}.get(setup.get("attacker") or ""),
            warrant_used=bool(setup.get("warrant")),
            strategy=_named(t.story.strategy, setup.get("attacker_strategy")),
            objective=_named(t.story.objective, setup.get("defender_objective")),
            shindig=t.story.shindig if setup.get("shindig") else None,
            max_vp=setup.get("max_vp"),
        )
        with suppress(KeyError):  # the Attacker's half of the story strategy
            view["strategy"]["summary"] = t.story.strategy(setup["attacker_strategy"]).attacker
    else:
        view.update(
            strategy=_named(t.standard_strategy, setup.get("strategy")),
            pool=[_named(t.scheme, k) for k in setup.get("scheme_pool", [])],
            scheme_cards=setup.get("scheme_cards", []),
            distract_because=setup.get("distract_because", ""),
        )
    return view


def _first_edition_setup_view(setup: dict) -> dict:
    """A first edition setup in words; what the sources lost is flagged, not filled in."""
    from rules.engine.first_edition_tables import first_edition_tables

    t = first_edition_tables()
    band = t.size(setup["size"])
    strategies = []
    for player, key in zip(
        ("First player", "Second player"), setup.get("strategies") or [], strict=False
    ):
        strategies.append({"player": player, "strategy": _lookup(t.strategy, key)})
    location = _lookup(t.location, setup.get("location"))
    return {
        "first_edition": True,
        "band": band,
        "setup": setup,
        "location": location,
        "features": [t.feature(k) for k in setup.get("features") or []],
        "deployment": _lookup(t.deployment, setup.get("deployment")),
        "strategies": strategies,
        "schemes": t.schemes,
        "unused_scheme_bonus": t.hiring.unused_scheme_bonus,
        "choices": setup.get("choices") or [],
        "notes": setup.get("notes") or [],
        "event_rule": t.event_rule,
        "lost_pages_note": t.lost_pages_note,
        "strategy_mode": {
            "general": "General (French rules)",
            "extended": "Extended (French rules)",
            "quick_reference": "Original first edition (quick reference)",
        }.get(setup.get("strategy_mode"), ""),
    }


def _lookup(find, key):
    if not key:
        return None
    try:
        return find(key)
    except KeyError:
        return None


def _setup_flips(game: Game) -> list[FlipRecord]:
    """Every card flipped for the game itself (setup, initiative, end of turn), shared by
    both players; Finished Off flips belong to their casualty and show in the log."""
    return list(
        FlipRecord.objects.filter(
            subject_type=ContentType.objects.get_for_model(Game), subject_id=game.pk
        ).order_by("created_at", "id")
    )


# --- Actions -------------------------------------------------------------------------


def _scrip_offers(game: Game, me, owned: set[str]) -> dict:
    """The Scrip-paid Fortifications the viewer may use right now (see scrip_effects)."""
    offers = scrip_effects.offers(game, me.side, owned=owned)
    if offers.get("bbq_models"):
        offers["bbq_form"] = forms.BBQForm(models=offers["bbq_models"], auto_id="bbq_%s")
    return offers


def game_action(handler):
    """A POST that changes the game through a service. The handler returns a short note
    (or None); refusals become error messages. HTMX gets the panel back, a plain form
    post is redirected to the game page, where the messages show."""

    @login_required
    @require_POST
    @wraps(handler)
    def view(request, pk, **kwargs):
        game = _game_for(request, pk)
        try:
            note = handler(request, game, **kwargs)
        except (Refused, *REFUSALS) as exc:
            for reason in _reasons(exc):
                messages.error(request, reason)
        else:
            if note:
                messages.success(request, note)
        if request.htmx:
            context = _panel_context(request, game, show_messages=True)
            if getattr(handler, "changes_setup", False):  # the setup box sits outside the panel
                context.update(setup=_setup_view(context["game"]), flips=_setup_flips(game),
                               setup_oob=True)
            return render(request, "encounters/_panel.html", context)
        return redirect(game.get_absolute_url() + "#game-panel")

    return view


def _me(request, game: Game):
    view = game_view(game, request.user)
    me = next((s for s in view.sides if s.is_viewer), None)
    if me is None:
        raise PermissionDenied(gettext("Only the game's two players may do this."))
    return view, me


@game_action
def hire(request, game):
    _, me = _me(request, game)
    if me.side.hire_revealed:
        raise Refused(["Your crew is revealed; it can no longer change."])
    form = _hire_form(me, request.POST)
    _valid(form)
    models, attach = form.selection()
    games.hire_crew(game=game, actor=request.user, models=models, attach=attach)
    return (
        f"Hired {len(models)} model{'s' if len(models) != 1 else ''}. Reveal your crew "
        "when you are both ready."
    )


@game_action
def reveal_crew(request, game):
    games.reveal_crew(game=game, actor=request.user)
    return "Your crew is revealed."


@game_action
def choose_schemes(request, game):
    view, me = _me(request, game)
    form = _schemes_form(view, me, request.POST)
    _valid(form)
    games.choose_schemes(game=game, actor=request.user, choices=form.choices(),
                         third=form.third() if "third_scheme" in form.fields else None)
    return gettext("Schemes chosen (secret until you reveal them).")


def _warrant_role(request, game):
    data = _valid(forms.WarrantForm(request.POST))
    attacker = warrant.choose_role(game=game, actor=request.user, role=data["role"])
    return gettext("Warrant used: Side %(side)s is the Attacker.") % {"side": attacker.upper()}


_warrant_role.changes_setup = True
warrant_role = game_action(_warrant_role)


@game_action
def start(request, game):
    tracker.start(game=game, actor=request.user)
    return "Turn 1: flip for initiative."


@game_action
def initiative(request, game):
    form = forms.InitiativeForm(request.POST)
    _valid(form)
    winner = tracker.flip_initiative(game=game, actor=request.user, table_cards=form.table_cards())
    return f"Side {winner.upper()} goes first."


@game_action
def reflip(request, game):
    pay = _valid(forms.ReflipForm(request.POST))["pay"] or "soulstone"
    card = tracker.reflip_initiative(game=game, actor=request.user, pay=pay)
    return f"Reflipped: {card}."


@game_action
def reflip_strategy(request, game):
    strategy = scrip_effects.reflip_strategy(game=game, actor=request.user)
    return gettext("Metal Servant: the Strategy is now %(strategy)s.") % {
        "strategy": _strategy_name(strategy)}


def _strategy_name(key: str) -> str:
    try:
        return encounter_tables().standard_strategy(key).name
    except KeyError:
        return key


@game_action
def bbq(request, game):
    _, me = _me(request, game)
    form = forms.BBQForm(request.POST, models=me.hired)
    model = HiredModel.objects.filter(pk=_valid(form)["model"]).first()
    use = scrip_effects.bbq(game=game, actor=request.user, model=model)
    return gettext("BBQ: %(model)s heals 1 damage; remove it at the table.") % {
        "model": use.model_name}


@game_action
def strategy_vp(request, game):
    side = _valid(forms.SideForm(request.POST))["side"]
    tracker.score_strategy(game=game, actor=request.user, side_key=side, vp=1)
    return f"+1 Strategy VP for side {side.upper()}."


def _own_scheme(game: Game, scheme_id: int) -> SchemeChoice:
    scheme = SchemeChoice.objects.filter(pk=scheme_id, side__game=game).first()
    if scheme is None:
        raise Refused(["That scheme is not part of this game."])
    return scheme


@game_action
def reveal_scheme(request, game, scheme_id):
    tracker.reveal_scheme(game=game, actor=request.user, scheme=_own_scheme(game, scheme_id))
    return "Scheme revealed."


@game_action
def scheme_vp(request, game, scheme_id):
    tracker.score_scheme(game=game, actor=request.user, scheme=_own_scheme(game, scheme_id), vp=1)
    return "+1 Scheme VP."


@game_action
def reveal_third_scheme(request, game):
    tracker.reveal_third_scheme(game=game, actor=request.user)
    return gettext("Third scheme revealed (A Lucrative Offer).")


@game_action
def third_scheme_vp(request, game):
    vp = _valid(forms.ThirdSchemeVPForm(request.POST))["vp"]
    third = tracker.score_third_scheme(game=game, actor=request.user, vp=vp)
    return gettext("Third scheme: %(vp)s VP, paid as %(scrip)s Scrip.") % {
        "vp": third.vp_equivalent, "scrip": third.vp_equivalent * lucrative.scrip_per_vp()}


@game_action
def casualty(request, game):
    view = game_view(game, request.user)
    data = _valid(
        forms.CasualtyForm(
            request.POST,
            sides=view.sides,
            table_models=view.table.table_models,
            needed=view.table.needed,
        )
    )
    tracker.record_casualty(
        game=game,
        actor=request.user,
        side_key=data["side"],
        model=data["model"],
        summoned_name=data["summoned_name"],
        how=data["how"],
        by_model=data["by_model"],
        by_effect=data["by_effect"],
        automatic=data["automatic"],
        table_model=data["table_model"],
        by_table_model=data["by_table_model"],
        by_side=data["by_side"],
        action=data["action"],
        blast=data["blast"],
        own_activation=data["own_activation"],
    )
    return "Casualty recorded."


@game_action
def bring_in(request, game):
    data = _valid(forms.BringInForm(request.POST))
    model = table_facts.bring_in(
        game=game,
        actor=request.user,
        name=data["name"],
        side_key=data["side"] or None,
        station=data["station"],
        cost=data["cost"],
        characteristics=data["characteristics"],
    )
    return f"{model.name} is on the table."


@game_action
def marker(request, game):
    data = _valid(forms.MarkerForm(request.POST))
    table_facts.mark(game=game, actor=request.user, by_side=data["by_side"], **data["change"])
    return None


@game_action
def model_event(request, game):
    view = game_view(game, request.user)
    data = _valid(
        forms.ModelEventForm(request.POST, sides=view.sides, table_models=view.table.table_models)
    )
    table_facts.model_event(
        game=game, actor=request.user, kind=data["kind"], model=data["model"], name=data["name"]
    )
    return "Recorded."


@game_action
def use_item(request, game):
    upgrade = _owned_upgrade(game, request.POST.get("upgrade"))
    injury = _owned_upgrade(game, request.POST.get("injury")) if request.POST.get("injury") \
        else None
    if upgrade is None:
        raise Refused([gettext("Choose an item of a model in this game.")])
    used = items.use_item(game=game, actor=request.user, upgrade=upgrade, injury=injury,
                          keep=request.POST.get("keep") == "1")
    return gettext("%(name)s used.") % {"name": used.name}


@game_action
def traveler_guidance(request, game):
    pk = request.POST.get("model", "")
    model = HiredModel.objects.filter(pk=int(pk), side__game=game).first() \
        if pk.isdigit() and len(pk) < 19 else None
    if model is None:
        raise Refused([gettext("Choose one of your models in play.")])
    answer = traveler.ask_guidance(game=game, actor=request.user, model=model,
                                   cheated_in=request.POST.get("cheated_in") or None)
    return gettext("%(name)s asked the Traveler: %(card)s.") % {
        "name": answer.model.name, "card": answer.card}


def _owned_upgrade(game, pk):
    """An upgrade of one of the game's two crews, or None."""
    if not (pk or "").isdigit():
        return None
    crews = list(game.sides.values_list("crew_id", flat=True))
    return ArsenalUpgrade.objects.filter(pk=int(pk), crew_id__in=crews).first()


@game_action
def note(request, game):
    view, _ = _me(request, game)
    hired = [h for s in view.sides for h in s.hired]
    data = _valid(forms.NoteForm(request.POST, choices=hired))
    table_facts.note(
        game=game,
        actor=request.user,
        bounty=data["bounty"],
        model=data["model"],
        characteristic=data["characteristic"],
    )
    return "Noted."


@game_action
def reveal_note(request, game, note_id):
    row = BountyNote.objects.filter(pk=note_id, side__game=game).first()
    if row is None:
        raise Refused(["That note is not part of this game."])
    table_facts.reveal_note(game=game, actor=request.user, note=row)
    return "Note revealed."


@game_action
def end_facts(request, game):
    view = game_view(game, request.user)
    side = request.POST.get("side", "")
    bounty = view.table.bounties.get(side)
    needed = facts_needed([bounty["key"]]) if bounty else frozenset()
    data = _valid(forms.EndFactsForm(request.POST, needed=needed, escort=True))
    zone = None
    if data.get("in_their_zone") is not None or data.get("theirs_in_their_zone") is not None:
        zone = (data.get("in_their_zone") or 0, data.get("theirs_in_their_zone") or 0)
    table_facts.set_end_facts(
        game=game,
        actor=request.user,
        side_key=data["side"],
        in_their_zone=zone,
        engaging_leader=data.get("engaging_leader"),
        afflicted=data.get("afflicted"),
        pigs=data.get("pigs") if "pigs" in data else None,
        pool=data.get("pool"),
        escorted=data.get("escorted"),
    )
    return "End of the game recorded."


@game_action
def quarters(request, game):
    data = _valid(forms.QuartersForm(request.POST))
    table_facts.hold_quarters(
        game=game, actor=request.user, side_key=data["side"], quarters=data["quarters"]
    )
    return None


@game_action
def pool(request, game):
    data = _valid(forms.PoolForm(request.POST))
    table_facts.adjust_pool(
        game=game, actor=request.user, side_key=data["side"], change=data["change"]
    )
    return None


@game_action
def finished_off(request, game, casualty_id):
    row = Casualty.objects.filter(pk=casualty_id, game=game).first()
    if row is None:
        raise Refused(["That casualty is not part of this game."])
    data = _valid(forms.FinishedOffForm(request.POST))
    settled = tracker.flip_finished_off(
        casualty=row,
        actor=request.user,
        table_card=data["table_card"] or None,
        cheated_in=data["cheated_in"] or None,
        threshold=data["threshold"],
    )
    return f"{settled.model or settled.summoned_name}: {settled.get_finished_off_display()}."


@game_action
def reflip_finished_off(request, game, casualty_id):
    row = Casualty.objects.filter(pk=casualty_id, game=game).first()
    if row is None:
        raise Refused([gettext("That casualty is not part of this game.")])
    data = _valid(forms.ReflipFinishedOffForm(request.POST))
    settled = finished_off_reflips.reflip_finished_off(
        casualty=row,
        actor=request.user,
        source=data["source"],
        table_card=data["table_card"] or None,
        cheated_in=data["cheated_in"] or None,
        in_deployment_zone=data["in_deployment_zone"],
    )
    return gettext("%(name)s reflipped %(card)s: %(result)s.") % {
        "name": settled.victim_name, "card": settled.reflip.final,
        "result": settled.get_finished_off_display()}


@game_action
def event_scrip(request, game):
    data = _valid(forms.EventScripForm(request.POST))
    counted = tracker.add_event_scrip(
        game=game, actor=request.user, side_key=data["side"], amount=data["amount"], why=data["why"]
    )
    return f"{counted} event scrip counted for side {data['side'].upper()}."


@game_action
def withdraw(request, game):
    tracker.strategic_withdraw(game=game, actor=request.user)
    return "Your crew made a Strategic Withdraw."


@game_action
def end_turn(request, game):
    data = _valid(forms.EndTurnForm(request.POST))
    goes_on = tracker.end_turn(game=game, actor=request.user, table_card=data["table_card"] or None)
    return "Next turn." if goes_on else "The game is over: report the result."


@game_action
def report(request, game):
    data = _valid(forms.ReportForm(request.POST))
    results.report_result(game=game, actor=request.user, vp_a=data["vp_a"], vp_b=data["vp_b"])
    return "Result reported: your opponent confirms it."


@game_action
def confirm(request, game):
    change = results.confirm_result(game=game, actor=request.user)
    return "Result confirmed." if change.changed else "The result was already confirmed."


@game_action
def dispute(request, game):
    data = _valid(forms.DisputeForm(request.POST))
    results.dispute_result(game=game, actor=request.user, reason=data["reason"])
    return "Result disputed: an organizer will rule."


@game_action
def rule(request, game):
    data = _valid(forms.RulingForm(request.POST))
    results.rule_result(
        game=game, actor=request.user, vp_a=data["vp_a"], vp_b=data["vp_b"], reason=data["reason"]
    )
    return "Ruling recorded."

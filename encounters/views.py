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
from django.views.decorators.http import require_POST

from campaign.hiring import HiringRefused
from campaign.lifecycle import IllegalTransition
from campaign.models import ArsenalModel, ArsenalUpgrade, Campaign, Crew
from campaign.services.access import can_manage_campaign, can_view_campaign
from encounters import forms
from encounters.models import Casualty, Game, LinkedSeries, ResultReport, SchemeChoice
from encounters.selectors import GameView, can_view_game, game_view
from encounters.services import games, results, tracker
from encounters.services import series as series_services
from encounters.services.common import EncounterError
from rules import tables
from rules.encounter_tables import encounter_tables
from rules.engine import campaign_game
from rules.engine.encounters import story_scheme_choices
from rules.engine.errors import RulesError
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
        raise PermissionDenied("This game belongs to a campaign visible to its league's "
                               "members only.")
    return game


# --- Setting up a game ---------------------------------------------------------------


@login_required
def game_new(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A campaign game: a player picks the opponent (an organizer picks both crews)."""
    campaign = get_object_or_404(Campaign.objects.select_related("league"), pk=campaign_id)
    if not can_view_campaign(request.user, campaign):
        raise PermissionDenied("This campaign is visible to its league's members only.")
    crews = list(campaign.crews.filter(status=Crew.Status.ACTIVE).select_related("player"))
    mine = next((c for c in crews if c.player_id == request.user.pk), None)
    if mine is None and not can_manage_campaign(request.user, campaign):
        raise PermissionDenied("Join the campaign with a built crew to set up a game.")
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
            messages.success(request, "The game is set up: hire your crew and choose your "
                             "schemes.")
            return redirect(game)
    return render(request, "encounters/new.html", {
        "campaign": campaign, "form": form, "mine": mine, "others": len(crews) - bool(mine)})


@login_required
def setup_new(request: HttpRequest) -> HttpResponse:
    """Generate a standalone encounter; the result page is shared by its link."""
    form = forms.StandaloneSetupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = games.create_setup(actor=request.user, **form.cleaned_data)
        except REFUSALS as exc:
            for reason in _reasons(exc):
                form.add_error(None, reason)
        else:
            messages.success(request, "Encounter generated: share this page's link with your "
                             "opponent; both of you see the same setup.")
            return redirect(game)
    return render(request, "encounters/setup_new.html", {"form": form})


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
            messages.success(request, "Series started: your opponent declares a Faction and "
                             "a Leader, then set up the first game.")
            return redirect(series)
    return render(request, "encounters/series_new.html", {"form": form})


def series_detail(request: HttpRequest, pk: int) -> HttpResponse:
    series = get_object_or_404(LinkedSeries.objects.select_related("player_a", "player_b"),
                               pk=pk)
    me = next((k for k, p in (("a", series.player_a), ("b", series.player_b))
               if request.user.is_authenticated and p.pk == request.user.pk), "")
    declare_form = forms.SeriesDeclareForm(request.POST if "declare" in request.POST else None)
    next_form = forms.SeriesNextForm(request.POST if "next" in request.POST else None)
    if request.method == "POST" and me:
        try:
            if "declare" in request.POST and declare_form.is_valid():
                series_services.declare(series=series, actor=request.user,
                                        **declare_form.cleaned_data)
                messages.success(request, "Faction and Leader declared.")
                return redirect(series)
            if "next" in request.POST and next_form.is_valid():
                game = series_services.next_game(
                    series=series, actor=request.user,
                    spoils=next_form.cleaned_data["spoils"] or None,
                    choice=next_form.cleaned_data["choice"] or None)
                return redirect(game)
        except REFUSALS as exc:
            for reason in _reasons(exc):
                messages.error(request, reason)
    elif request.method == "POST":
        raise PermissionDenied("Only the series' two players may do this.")
    return render(request, "encounters/series.html", {
        "series": series, "info": series_services.summary(series), "me": me,
        "declare_form": declare_form, "next_form": next_form,
    })


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
    reports = [r for r in g.reports.select_related("reported_by", "answered_by")
               if r.status != ResultReport.Status.SUPERSEDED]
    report = reports[-1] if reports else None
    context = {
        "view": view, "game": g, "me": me, "organizer": organizer,
        "can_track": bool(me or organizer), "sides": _side_rows(view),
        "report": report, "show_messages": show_messages,
        "log": list(reversed(view.log)),
        "poll": bool(view.sides) and g.state != Game.State.DONE,
        "continue_needed": campaign_game.continue_value_needed(g.turn) if g.turn else None,
    }
    if g.state == Game.State.SET_UP and me is not None:
        if not me.side.hire_revealed and me.side.crew_id:
            context["hire_form"] = _hire_form(me)
        context["schemes_form"] = _schemes_form(view, me)
    if g.state in TRACKING and context["can_track"]:
        context.update(
            initiative_form=forms.InitiativeForm(auto_id="init_%s"),
            casualty_form=forms.CasualtyForm(sides=view.sides, auto_id="casualty_%s",
                                             initial={"side": _opponent_key(me)}),
            scrip_form=forms.EventScripForm(auto_id="scrip_%s",
                                            initial={"side": me.side.key if me else "a"}),
            end_turn_form=forms.EndTurnForm(auto_id="end_%s"),
        )
    if me is not None:
        context["finished_off"] = [
            (c, forms.FinishedOffForm(auto_id=f"fo{c.pk}_%s"))
            for c in view.casualties
            if c.side.key == me.side.key and c.finished_off == Casualty.FinishedOff.PENDING]
        if g.state in REPORTABLE:
            totals = {s.side.key: s.total_vp for s in view.sides}
            context["report_form"] = forms.ReportForm(
                auto_id="report_%s", initial={"vp_a": totals.get("a"), "vp_b": totals.get("b")})
        if (g.state == Game.State.REPORTED and report is not None
                and report.reported_by_id != request.user.pk):
            context["answer"] = True
            context["dispute_form"] = forms.DisputeForm(auto_id="dispute_%s")
    if (organizer and view.sides and g.state != Game.State.DONE
            and not results.aftermath_started(g)):
        initial = {"vp_a": report.vp_a, "vp_b": report.vp_b} if report else {}
        context["ruling_form"] = forms.RulingForm(auto_id="rule_%s", initial=initial)
    return context


def _opponent_key(me) -> str:
    return ("b" if me.side.key == "a" else "a") if me else "a"


def _side_rows(view: GameView) -> list[dict]:
    """Each side with its schemes named (the selector already hid what must be hidden)."""
    rows = []
    for side in view.sides:
        schemes = [{**s, "name": _scheme_name(s["scheme"]) if s["id"] else "Hidden"}
                   for s in side.schemes]
        rows.append({"view": side, "side": side.side, "key": side.side.key,
                     "schemes": schemes, "cost": sum(h.cost for h in side.hired)})
    return rows


def _hire_form(me, data=None) -> forms.HireForm:
    crew = me.side.crew
    arsenal = list(crew.models.filter(status=ArsenalModel.Status.ACTIVE)
                   .select_related("card").order_by("-station", "id"))
    arsenal.sort(key=lambda m: m.pk != crew.leader_id)
    upgrades = list(crew.upgrades.filter(status="active")
                    .exclude(kind__in=[ArsenalUpgrade.Kind.SKILL, ArsenalUpgrade.Kind.INJURY]))
    return forms.HireForm(data, crew=crew, arsenal=arsenal, upgrades=upgrades,
                          hired=me.hired, auto_id="hire_%s")


def _scheme_pool(view: GameView, me) -> list[dict]:
    """The game's pool (Standard), or any generic scheme plus the faction's (Story)."""
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
            rows.append({"key": key, "name": scheme.name, "summary": scheme.summary,
                         "notes": scheme.notes})
        except KeyError:
            rows.append({"key": key, "name": _scheme_name(key), "summary": "", "notes": ""})
    return rows


def _schemes_form(view: GameView, me, data=None) -> forms.SchemesForm:
    # The viewer's own choices, read from the viewer's own side only.
    chosen = [{"scheme": c.scheme_key, "noted_model_id": c.noted_model_id}
              for c in me.side.schemes.all()]
    hired = [h for s in view.sides for h in s.hired]
    return forms.SchemesForm(data, pool=_scheme_pool(view, me), hired=hired, chosen=chosen,
                             auto_id="schemes_%s")


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


def _setup_flips(game: Game) -> list[FlipRecord]:
    """Every card flipped for the game itself (setup, initiative, end of turn), shared by
    both players; Finished Off flips belong to their casualty and show in the log."""
    return list(FlipRecord.objects.filter(
        subject_type=ContentType.objects.get_for_model(Game), subject_id=game.pk)
        .order_by("created_at", "id"))


# --- Actions -------------------------------------------------------------------------


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
            return render(request, "encounters/_panel.html",
                          _panel_context(request, game, show_messages=True))
        return redirect(game.get_absolute_url() + "#game-panel")

    return view


def _me(request, game: Game):
    view = game_view(game, request.user)
    me = next((s for s in view.sides if s.is_viewer), None)
    if me is None:
        raise PermissionDenied("Only the game's two players may do this.")
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
    return f"Hired {len(models)} model{'s' if len(models) != 1 else ''}. Reveal your crew " \
        "when you are both ready."


@game_action
def reveal_crew(request, game):
    games.reveal_crew(game=game, actor=request.user)
    return "Your crew is revealed."


@game_action
def choose_schemes(request, game):
    view, me = _me(request, game)
    form = _schemes_form(view, me, request.POST)
    _valid(form)
    games.choose_schemes(game=game, actor=request.user, choices=form.choices())
    return "Schemes chosen (secret until you reveal them)."


@game_action
def start(request, game):
    tracker.start(game=game, actor=request.user)
    return "Turn 1: flip for initiative."


@game_action
def initiative(request, game):
    form = forms.InitiativeForm(request.POST)
    _valid(form)
    winner = tracker.flip_initiative(game=game, actor=request.user,
                                     table_cards=form.table_cards())
    return f"Side {winner.upper()} goes first."


@game_action
def reflip(request, game):
    card = tracker.reflip_initiative(game=game, actor=request.user)
    return f"Reflipped: {card}."


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
    tracker.score_scheme(game=game, actor=request.user, scheme=_own_scheme(game, scheme_id),
                         vp=1)
    return "+1 Scheme VP."


@game_action
def casualty(request, game):
    view = game_view(game, request.user)
    data = _valid(forms.CasualtyForm(request.POST, sides=view.sides))
    tracker.record_casualty(
        game=game, actor=request.user, side_key=data["side"], model=data["model"],
        summoned_name=data["summoned_name"], how=data["how"], by_model=data["by_model"],
        by_effect=data["by_effect"], automatic=data["automatic"])
    return "Casualty recorded."


@game_action
def finished_off(request, game, casualty_id):
    row = Casualty.objects.filter(pk=casualty_id, game=game).first()
    if row is None:
        raise Refused(["That casualty is not part of this game."])
    data = _valid(forms.FinishedOffForm(request.POST))
    settled = tracker.flip_finished_off(
        casualty=row, actor=request.user, table_card=data["table_card"] or None,
        cheated_in=data["cheated_in"] or None, threshold=data["threshold"])
    return f"{settled.model or settled.summoned_name}: {settled.get_finished_off_display()}."


@game_action
def event_scrip(request, game):
    data = _valid(forms.EventScripForm(request.POST))
    counted = tracker.add_event_scrip(game=game, actor=request.user, side_key=data["side"],
                                      amount=data["amount"], why=data["why"])
    return f"{counted} event scrip counted for side {data['side'].upper()}."


@game_action
def withdraw(request, game):
    tracker.strategic_withdraw(game=game, actor=request.user)
    return "Your crew made a Strategic Withdraw."


@game_action
def end_turn(request, game):
    data = _valid(forms.EndTurnForm(request.POST))
    goes_on = tracker.end_turn(game=game, actor=request.user,
                               table_card=data["table_card"] or None)
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
    results.rule_result(game=game, actor=request.user, vp_a=data["vp_a"], vp_b=data["vp_b"],
                        reason=data["reason"])
    return "Ruling recorded."

"""The live panel: everything the panel shows one viewer, with the forms the viewer
may use (secrets already hidden by ``encounters.selectors.game_view``)."""

from __future__ import annotations

from django import forms as django_forms

from campaign.services import hideouts, one_use
from encounters import forms
from encounters.models import Casualty, Game, ResultReport
from encounters.score_check import score_check
from encounters.selectors import GameView, game_view
from encounters.services import (
    casualty_scrip,
    items,
    on_the_move,
    results,
    scrip_effects,
    story_notes,
    traveler,
    warrant,
)
from encounters.services import finished_off as finished_off_reflips
from encounters.services import table as table_facts
from encounters.views.board import marker_board
from encounters.views.common import REPORTABLE, TRACKING
from encounters.views.panel_forms import hire_form, schemes_form
from encounters.views.setup_view import scheme_name
from rules.engine import campaign_game
from rules.engine.record import facts_needed
from rules.wording import readable


def panel_context(request, game: Game, *, show_messages: bool = False) -> dict:
    """Everything the panel shows this viewer, with the forms the viewer may use."""
    view = game_view(game, request.user)
    g = view.game
    me = next((s for s in view.sides if s.is_viewer), None)
    organizer = view.organizer
    reports = [
        r
        for r in g.reports.select_related("reported_by", "answered_by").order_by("id")
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
        "log": readable_log(view),
        "poll": bool(view.sides) and g.state != Game.State.DONE,
        "continue_needed": campaign_game.continue_value_needed(g.turn) if g.turn else None,
    }
    if g.state in (Game.State.AFTERMATH, Game.State.DONE) and context["can_track"]:
        # The Aftermath links of the result box, each with its crew (one query, in the
        # order of the model, sides a then b, without joining the game to sort by it).
        context["aftermaths"] = list(g.aftermaths.select_related("crew").order_by("side_key"))
    for row in context["sides"]:  # the result's VP beside the tracked VP (see score_check)
        row["result_vp"] = score.reported[row["key"]] if score.reported else None
    if g.state == Game.State.SET_UP and me is not None:
        if not me.side.hire_revealed and me.side.crew_id:
            context["hire_form"] = hire_form(me, game=g)
        context["schemes_form"] = schemes_form(view, me)
        if on_the_move.refusal(g, me.side) is None:
            context["on_the_move_form"] = forms.OnTheMoveForm(
                auto_id="move_%s", choices=on_the_move.choices(g),
                initial={"event": (g.setup or {}).get("on_the_move", {}).get(me.side.key)})
            context["on_the_move_proposals"] = (g.setup or {}).get("on_the_move") or {}
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
            casualty_scrip=casualty_scrip.for_sides(g, [row.side for row in view.sides],
                                                    view.casualties),
            casualty_scrip_form=forms.CasualtyScripCorrectionForm(
                auto_id="cscrip_%s", initial={"side": me.side.key if me else "a"}),
            bring_in_form=forms.BringInForm(
                auto_id="bring_%s", initial={"side": me.side.key if me else "a"}
            ),
            event_form=forms.ModelEventForm(
                sides=view.sides, table_models=table.table_models, auto_id="event_%s"
            ),
            marker_board=marker_board(table, me, {r.side.key: str(r.side) for r in view.sides}),
            quarters_forms=_quarters_forms(view) if _reads_quarters(g) else [],
        )
    if g.state in (*TRACKING, Game.State.REPORTED, Game.State.DISPUTED) and context["can_track"]:
        context["end_forms"] = _end_forms(view, me)
    if me is not None and g.state in (Game.State.SET_UP, Game.State.IN_PLAY) and g.turn <= 1:
        context["note_form"] = _note_form(view, me)
        context["story_notes"] = [
            {"key": key, "name": name, "what": what,
             "form": forms.StoryNoteForm(auto_id=f"story_{key}_%s", initial={"key": key})}
            for key, name, what in story_notes.pending(g, me.side.key)]
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
    if me is not None:  # the viewer's own Story notes (the selector gave only its side's)
        mine = f"Side {me.side.key} {story_notes.SECRET}"
        context["story_noted"] = [e.text[len(mine):] for e in view.log
                                  if e.secret_for == me.side.key and e.text.startswith(mine)]
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
        simulated = bool(report is not None and (report.details or {}).get("auto_resolved"))
        context["simulated"] = simulated
        if (
            g.state == Game.State.REPORTED
            and report is not None
            and (simulated or report.reported_by_id != request.user.pk)
        ):
            # An auto-resolved result is confirmed in the auto-resolve panel (each player
            # once): the result box offers only the dispute, so there is one way to confirm.
            context["answer"] = not simulated
            context["dispute_form"] = forms.DisputeForm(auto_id="dispute_%s")
    if organizer and view.sides and g.state != Game.State.DONE and not _aftermath_started(
            g, context.get("aftermaths")):
        initial = {"vp_a": report.vp_a, "vp_b": report.vp_b} if report else {}
        context["ruling_form"] = forms.RulingForm(auto_id="rule_%s", initial=initial)
    name_sides(context, {row.side.key: str(row.side) for row in view.sides})
    return context


def _aftermath_started(game: Game, aftermaths: list | None) -> bool:
    """``results.aftermath_started``, from the Aftermaths the panel already loaded."""
    if aftermaths is None:
        return results.aftermath_started(game)
    return any(a.phase != "pending" for a in aftermaths)


def name_sides(context: dict, crews: dict[str, str]) -> None:
    """Every form the panel offers says the crews' names where it said "Side A"/"Side B"
    (choices and their groups); the values posted stay "a" and "b"."""
    if not crews:
        return

    def label(text) -> str:
        return readable(str(text), crews)

    def rename(form) -> None:
        for field in form.fields.values():
            choices = getattr(field, "choices", None)
            if not choices:
                continue
            renamed = []
            for value, text in choices:
                if isinstance(text, list | tuple):  # an optgroup
                    renamed.append((label(value), list(text)))
                else:
                    renamed.append((value, label(text)))
            field.choices = renamed

    for value in context.values():
        if isinstance(value, django_forms.BaseForm):
            rename(value)
        elif isinstance(value, list):
            for item in value:
                for part in item if isinstance(item, tuple) else [item]:
                    if isinstance(part, django_forms.BaseForm):
                        rename(part)
                    elif isinstance(part, dict) and isinstance(part.get("form"),
                                                               django_forms.BaseForm):
                        rename(part["form"])


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


def _table_reminders(view: GameView) -> dict[str, list[tuple[str, str, str]]]:
    """Side key -> (model, result, what it does) for the hired models' table-only results
    (``rules/table_only.py``): the tracker does not apply them, so it reminds the players
    while the game is in play. Shown once the crews are revealed; one query."""
    from campaign.models import ArsenalUpgrade
    from rules import table_only

    if view.game.state not in TRACKING:
        return {}
    side_of = {h.arsenal_model_id: (s.side.key, h.name) for s in view.sides
               if s.side.hire_revealed for h in s.hired if getattr(h, "arsenal_model_id", None)}
    if not side_of:
        return {}
    rows = ArsenalUpgrade.objects.filter(
        status=ArsenalUpgrade.Status.ACTIVE, table_key__in=list(table_only.ALL),
        attached_to_id__in=list(side_of),
    ).values_list("attached_to_id", "name", "table_key").order_by("attached_to_id", "id")
    out: dict[str, list[tuple[str, str, str]]] = {}
    for model_id, name, key in rows:
        side_key, model = side_of[model_id]
        out.setdefault(side_key, []).append((model, name, table_only.shown(key)))
    return out


def _side_rows(view: GameView) -> list[dict]:
    """Each side with its schemes named (the selector already hid what must be hidden)."""
    rows = []
    reminders = _table_reminders(view)
    for side in view.sides:
        schemes = [
            {**s, "name": scheme_name(s["scheme"]) if s["id"] else "Hidden"} for s in side.schemes
        ]
        third = side.third_scheme
        rows.append(
            {
                "view": side,
                "side": side.side,
                "key": side.side.key,
                "schemes": schemes,
                "third": {**third, "name": scheme_name(third["scheme"]),
                          "vp_choices": range(third["max_vp"] + 1)} if third else None,
                "cost": sum(h.cost for h in side.hired),
                "table_only": reminders.get(side.side.key, []),
            }
        )
    return rows


def _scrip_offers(game: Game, me, owned: set[str]) -> dict:
    """The Scrip-paid Fortifications the viewer may use right now (see scrip_effects)."""
    offers = scrip_effects.offers(game, me.side, owned=owned)
    if offers.get("bbq_models"):
        offers["bbq_form"] = forms.BBQForm(models=offers["bbq_models"], auto_id="bbq_%s")
    return offers


def readable_log(view) -> list[dict]:
    """The game log in plain words: crews by name, cards as people say them, schemes and
    strategies by name (the stored lines keep their keys; see ``rules.wording``)."""
    from django.utils.translation import get_language

    from rules.wording import marked_names

    crews = {row.side.key: str(row.side) for row in view.sides}
    french = (get_language() or "").startswith("fr")  # the book's names marked English
    return [{"turn": entry.turn, "text": marked_names(readable(entry.text, crews)) if french
             else readable(entry.text, crews)} for entry in reversed(view.log)]

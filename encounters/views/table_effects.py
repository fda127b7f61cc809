"""Facts of the table the Bounties read: models brought in, Markers, model events,
Bounty notes, end-of-game facts, quarters held and the Soulstone Pool."""

from __future__ import annotations

from encounters import forms
from encounters.models import BountyNote
from encounters.selectors import game_view
from encounters.services import table as table_facts
from encounters.views.actions import game_action
from encounters.views.common import Refused, as_player, valid
from rules.engine.record import facts_needed


@game_action
def bring_in(request, game):
    data = valid(forms.BringInForm(request.POST))
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
    data = valid(forms.MarkerForm(request.POST))
    table_facts.mark(game=game, actor=request.user, by_side=data["by_side"], **data["change"])
    return None


@game_action
def model_event(request, game):
    view = game_view(game, request.user)
    data = valid(
        forms.ModelEventForm(request.POST, sides=view.sides, table_models=view.table.table_models)
    )
    table_facts.model_event(
        game=game, actor=request.user, kind=data["kind"], model=data["model"], name=data["name"]
    )
    return "Recorded."


@game_action
def note(request, game):
    view, _ = as_player(request, game)
    hired = [h for s in view.sides for h in s.hired]
    data = valid(forms.NoteForm(request.POST, choices=hired))
    table_facts.note(
        game=game,
        actor=request.user,
        bounty=data["bounty"],
        model=data["model"],
        characteristic=data["characteristic"],
    )
    return "Noted."


@game_action
def story_note(request, game):
    """The Story's secret note, kept to its side (``encounters.services.story_notes``)."""
    from encounters.services import story_notes

    data = valid(forms.StoryNoteForm(request.POST))
    story_notes.note(game=game, actor=request.user, key=data["key"], text=data["text"])
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
    data = valid(forms.EndFactsForm(request.POST, needed=needed, escort=True))
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
    data = valid(forms.QuartersForm(request.POST))
    table_facts.hold_quarters(
        game=game, actor=request.user, side_key=data["side"], quarters=data["quarters"]
    )
    return None


@game_action
def pool(request, game):
    data = valid(forms.PoolForm(request.POST))
    table_facts.adjust_pool(
        game=game, actor=request.user, side_key=data["side"], change=data["change"]
    )
    return None

"""The tracker: turns, initiative, Strategy VP, casualties and their Finished Off
flips, event scrip, withdrawal."""

from __future__ import annotations

from django.utils.translation import gettext

from encounters import forms
from encounters.models import Casualty
from encounters.selectors import game_view
from encounters.services import tracker
from encounters.views.actions import game_action
from encounters.views.common import Refused, valid


def _start(request, game):
    tracker.start(game=game, actor=request.user)
    return gettext("Turn 1: flip for initiative.")


# The set-up box folds once the game starts (the tracker comes first on a phone).
_start.changes_setup = True
start = game_action(_start)


@game_action
def initiative(request, game):
    form = forms.InitiativeForm(request.POST)
    valid(form)
    winner = tracker.flip_initiative(game=game, actor=request.user, table_cards=form.table_cards())
    first = next((str(s) for s in game.sides.all() if s.key == winner), winner.upper())
    return gettext("%(crew)s goes first.") % {"crew": first}


@game_action
def reflip(request, game):
    pay = valid(forms.ReflipForm(request.POST))["pay"] or "soulstone"
    card = tracker.reflip_initiative(game=game, actor=request.user, pay=pay)
    return f"Reflipped: {card}."


@game_action
def strategy_vp(request, game):
    side = valid(forms.SideForm(request.POST))["side"]
    tracker.score_strategy(game=game, actor=request.user, side_key=side, vp=1)
    return f"+1 Strategy VP for side {side.upper()}."


@game_action
def casualty(request, game):
    view = game_view(game, request.user)
    data = valid(
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
def finished_off(request, game, casualty_id):
    row = Casualty.objects.filter(pk=casualty_id, game=game).first()
    if row is None:
        raise Refused(["That casualty is not part of this game."])
    data = valid(forms.FinishedOffForm(request.POST))
    settled = tracker.flip_finished_off(
        casualty=row,
        actor=request.user,
        table_card=data["table_card"] or None,
        cheated_in=data["cheated_in"] or None,
        threshold=data["threshold"],
    )
    return f"{settled.model or settled.summoned_name}: {settled.get_finished_off_display()}."


@game_action
def event_scrip(request, game):
    data = valid(forms.EventScripForm(request.POST))
    counted = tracker.add_event_scrip(
        game=game, actor=request.user, side_key=data["side"], amount=data["amount"], why=data["why"]
    )
    return f"{counted} event scrip counted for side {data['side'].upper()}."


@game_action
def casualty_scrip_correction(request, game):
    from encounters.services import casualty_scrip

    data = valid(forms.CasualtyScripCorrectionForm(request.POST))
    casualty_scrip.correct(game=game, actor=request.user, side_key=data["side"],
                           amount=data["amount"], why=data["why"])
    return f"Casualty Scrip corrected for side {data['side'].upper()}."


@game_action
def withdraw(request, game):
    tracker.strategic_withdraw(game=game, actor=request.user)
    return "Your crew made a Strategic Withdraw."


@game_action
def end_turn(request, game):
    data = valid(forms.EndTurnForm(request.POST))
    goes_on = tracker.end_turn(game=game, actor=request.user, table_card=data["table_card"] or None)
    return "Next turn." if goes_on else "The game is over: report the result."

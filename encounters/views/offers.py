"""What a crew pays for or uses at the table: Scrip-paid Fortifications (Metal
Servant, BBQ, Finished Off reflips), one-use items and the Lonely Traveler."""

from __future__ import annotations

from django.utils.translation import gettext

from campaign.models import ArsenalUpgrade
from encounters import forms
from encounters.models import Casualty, HiredModel
from encounters.services import finished_off as finished_off_reflips
from encounters.services import items, scrip_effects, traveler
from encounters.views.actions import game_action
from encounters.views.common import Refused, as_player, valid
from rules.encounter_tables import encounter_tables


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
    _, me = as_player(request, game)
    form = forms.BBQForm(request.POST, models=me.hired)
    model = HiredModel.objects.filter(pk=valid(form)["model"]).first()
    use = scrip_effects.bbq(game=game, actor=request.user, model=model)
    return gettext("BBQ: %(model)s heals 1 damage; remove it at the table.") % {
        "model": use.model_name}


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
def reflip_finished_off(request, game, casualty_id):
    row = Casualty.objects.filter(pk=casualty_id, game=game).first()
    if row is None:
        raise Refused([gettext("That casualty is not part of this game.")])
    data = valid(forms.ReflipFinishedOffForm(request.POST))
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

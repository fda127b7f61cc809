"""The setup forms the panel offers a player: the hire and the schemes (with their
pool, Posse's extra scheme and A Lucrative Offer's third)."""

from __future__ import annotations

from campaign.models import ArsenalModel, ArsenalUpgrade
from catalogue.models import ModelCard
from encounters import forms
from encounters.selectors import GameView
from encounters.services import games, lucrative, posse
from encounters.views.setup_view import named_scheme, scheme_name
from rules.encounter_tables import encounter_tables
from rules.engine.encounters import story_scheme_choices
from rules.engine.errors import RulesError
from rules.summaries import said


def wandering_choices(game, crew) -> list[ModelCard] | None:
    """In a Wandering Mercenaries week, the Mercenaries costing 7 or less a crew may hire
    for free (none already in its arsenal); otherwise None (the hire form asks nothing)."""
    if games.WANDERING not in games.game_events(game):
        return None
    owned = crew.models.filter(status=ArsenalModel.Status.ACTIVE).values("card_id")
    return list(
        ModelCard.objects.filter(is_mercenary=True, cost__lte=games.WANDERING_MAX_COST)
        .exclude(pk__in=owned).order_by("name", "id")
    )


def hire_form(me, data=None, *, game) -> forms.HireForm:
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
        data, crew=crew, arsenal=arsenal, upgrades=upgrades, hired=me.hired,
        wandering=wandering_choices(game, crew), auto_id="hire_%s",
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
                {"key": key, "name": scheme.name,
                 "notes": said(f"encounter-schemes/notes/{key}", scheme.notes),
                 "summary": said(f"encounter-schemes/summary/{key}", scheme.summary)}
            )
        except KeyError:
            rows.append({"key": key, "name": scheme_name(key), "summary": "", "notes": ""})
    return rows + posse.offered(view.game, keys)


def schemes_form(view: GameView, me, data=None) -> forms.SchemesForm:
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
        third = [named_scheme(k) for k in lucrative.offered(faction)]
        mine = me.third_scheme
        if mine:
            third_chosen = {"scheme": mine["scheme"],
                            "noted_model_id": lucrative.third_of(me.side).noted_model_id}
    return forms.SchemesForm(
        data, pool=_scheme_pool(view, me), hired=hired, chosen=chosen, third=third,
        third_chosen=third_chosen, auto_id="schemes_%s"
    )

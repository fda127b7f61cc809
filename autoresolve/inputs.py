"""The simulator's input from the app's rows: a campaign game as hired (arsenal cards,
upgrades, skills and injuries as modifiers, schemes and noted models), or two crews'
arsenals or two catalogue lists for a prediction.

Secrecy is decided here for predictions: ``viewer_side`` keeps only that side's schemes;
the other crew's schemes are left out, so its commander chooses from the pool.
"""

from __future__ import annotations

from collections.abc import Iterable

from campaign.models import ArsenalModel, ArsenalUpgrade, Crew
from catalogue.models import ModelCard
from catalogue.schema import MODEL_FIELDS
from encounters.models import Game, HiredModel
from encounters.services import posse
from rules import tables
from rules.engine.simulation import (
    CrewInput,
    EncounterInput,
    ModelInput,
    Modifier,
    SchemeChoice,
    TableInput,
)
from rules.engine.simulation.crews import (
    MODIFIABLE,
    modifier_from_campaign_upgrade,
    modifier_from_injury,
    modifier_from_upgrade_card,
)
from rules.engine.simulation.playable import note_roles

PERMANENT = (ArsenalUpgrade.Kind.SKILL, ArsenalUpgrade.Kind.INJURY)


def card_dict(card: ModelCard) -> dict:
    """A catalogue card in the content-pack format the simulator reads."""
    out = {}
    for name in MODEL_FIELDS:
        out[name] = (sorted(f.code for f in card.factions.all()) if name == "factions"
                     else getattr(card, name))
    return out


def _injury_row(key: str):
    for chart in ("injuries",):
        for row in tables.table(chart).rows:
            if getattr(row, "key", "") == key:
                return row
    return None


def modifier_for(upgrade: ArsenalUpgrade) -> Modifier:
    """An arsenal upgrade as the simulator's modifier: a card's effect text, a Campaign
    Upgrade or Injury from the tables, else its recorded stat effects."""
    if upgrade.card_id:
        return modifier_from_upgrade_card({"name": upgrade.card.name, "slug": upgrade.card.slug,
                                           "effect": upgrade.card.effect})
    if upgrade.table_key:
        if upgrade.kind == ArsenalUpgrade.Kind.INJURY:
            row = _injury_row(upgrade.table_key)
            if row is not None:
                return modifier_from_injury(row)
        else:
            try:
                return modifier_from_campaign_upgrade(
                    tables.campaign_upgrades().row(upgrade.table_key))
            except KeyError:
                pass
    effects = {k: v for k, v in (upgrade.stat_effects or {}).items() if k in MODIFIABLE}
    return Modifier(name=upgrade.name, kind=str(upgrade.kind), key=upgrade.table_key,
                    stat_effects=effects)


def hired_upgrades(hired: HiredModel, crew_upgrades: Iterable[ArsenalUpgrade]
                   ) -> list[ArsenalUpgrade]:
    """The arsenal upgrades a hired model carries this game (by the names the hire kept)."""
    names = list(hired.upgrades or ())
    out = []
    for u in crew_upgrades:
        if u.name in names and (u.attached_to_id == hired.arsenal_model_id
                                or u.kind not in PERMANENT):
            names.remove(u.name)
            out.append(u)
    return out


def arsenal_changes(game: Game) -> list[str]:
    """What changed in either arsenal since the crews were hired (a model gone, an upgrade
    lost, a skill or injury gained): the game must be hired again before it is played."""
    problems = []
    for side in game.sides.all():
        if not side.crew_id:
            continue
        upgrades = list(side.crew.upgrades.filter(status="active"))
        for hired in side.hired.all():
            row = hired.arsenal_model
            if row is None:
                continue
            if row.status != ArsenalModel.Status.ACTIVE:
                problems.append(f"{hired.name} is no longer in {side.crew}'s arsenal.")
                continue
            carried = {u.name for u in hired_upgrades(hired, upgrades)}
            lost = sorted(set(hired.upgrades or ()) - carried)
            gained = sorted(u.name for u in upgrades if u.attached_to_id == row.pk
                            and u.kind in PERMANENT and u.name not in (hired.upgrades or ()))
            if lost:
                problems.append(f"{hired.name} no longer has {', '.join(lost)}.")
            if gained:
                problems.append(f"{hired.name} has gained {', '.join(gained)} since it was "
                                "hired.")
    return problems


def _sim_id(hired: HiredModel) -> str:
    return f"h{hired.pk}"


def _schemes(side, ids: dict[int, str], own: set[str]) -> tuple[SchemeChoice, ...]:
    out = []
    for choice in side.schemes.all():
        noted = {}
        roles = note_roles(choice.scheme_key)
        if choice.noted_model_id and roles:
            model_id = ids.get(choice.noted_model_id)
            if model_id is not None:
                mine = model_id in own
                role = next((r for r in roles if (r == "enemy") != mine), roles[0])
                noted[role] = model_id
        out.append(SchemeChoice(choice.scheme_key, noted, True if choice.revealed else None))
    return tuple(out)


def game_input(game: Game, *, schemes_of: Iterable[str] = ("a", "b")
               ) -> tuple[EncounterInput, dict[str, int]]:
    """The game as hired, and the simulator's model ids -> hired model ids. Only the sides
    in ``schemes_of`` keep their schemes (a prediction never reads the opponent's)."""
    sides = list(game.sides.select_related("crew__faction", "crew__campaign")
                 .prefetch_related("schemes", "hired__arsenal_model__card__factions",
                                   "hired__wandering_card__factions")
                 .order_by("key"))
    upgrades = {s.crew_id: list(ArsenalUpgrade.objects.filter(crew=s.crew_id, status="active")
                                .select_related("card").order_by("id"))
                for s in sides if s.crew_id}
    ids = {h.pk: _sim_id(h) for s in sides for h in s.hired.all()}
    crews, arsenal = [], {}
    for side in sides:
        models = []
        for h in sorted(side.hired.all(), key=lambda h: (not h.is_leader, h.pk)):
            card = h.arsenal_model.card if h.arsenal_model_id else h.wandering_card
            mods = tuple(modifier_for(u) for u in hired_upgrades(h, upgrades.get(side.crew_id,
                                                                              ())))
            models.append(ModelInput(_sim_id(h), card_dict(card), is_leader=h.is_leader,
                                     cost=h.model_cost, modifiers=mods, name=h.name))
            arsenal[_sim_id(h)] = h.pk
        own = {_sim_id(h) for h in side.hired.all()}
        schemes = _schemes(side, ids, own) if side.key in schemes_of else ()
        crew = side.crew
        crews.append(CrewInput(str(crew or side.player), crew.faction.code if crew else "",
                               side.soulstone_pool or 0, tuple(models), schemes))
    setup = game.setup or {}
    # Posse makes Take Prisoner available to both crews: the simulator checks chosen
    # schemes (and lets a commander choose) from this pool, so it is passed in it.
    pool = tuple(setup.get("scheme_pool") or ()) + posse.extra_schemes(game)
    return EncounterInput(
        crews=tuple(crews), strategy=str(setup.get("strategy", "")),
        deployment=str(setup.get("deployment", "standard")), size=game.size,
        scheme_pool=pool, table=TableInput(),
        shindig=setup.get("shindig") or None, kind=game.kind), arsenal


def crew_input(crew: Crew, *, size: int, prefix: str = "a") -> CrewInput:
    """A crew's current arsenal for a prediction: the Leader first, then the dearest
    active models that fit ``size``, each with its skills and injuries."""
    rows = list(crew.models.filter(status="active").select_related("card")
                .prefetch_related("card__factions").order_by("-cost_paid", "id"))
    upgrades = list(crew.upgrades.filter(status="active", kind__in=PERMANENT).order_by("id"))
    rows.sort(key=lambda r: (r.pk != crew.leader_id, -(r.card.cost or 0), r.pk))
    models, spent = [], 0
    for row in rows:
        cost = 0 if row.pk == crew.leader_id else (row.card.cost or 0)
        if spent + cost > size:
            continue
        spent += cost
        mods = tuple(modifier_for(u) for u in upgrades if u.attached_to_id == row.pk)
        models.append(ModelInput(f"{prefix}{row.pk}", card_dict(row.card),
                                 is_leader=row.pk == crew.leader_id, cost=cost, modifiers=mods,
                                 name=row.card.name))
    return CrewInput(crew.name, crew.faction.code, max(0, min(size - spent, 7)), tuple(models))


def list_input(name: str, faction: str, cards: list[ModelCard], *, size: int,
               prefix: str = "a") -> CrewInput:
    """A catalogue list (the first card leads) for a prediction."""
    models, spent = [], 0
    for i, card in enumerate(cards):
        cost = 0 if i == 0 else (card.cost or 0)
        spent += cost
        models.append(ModelInput(f"{prefix}{i}", card_dict(card), is_leader=i == 0, cost=cost))
    return CrewInput(name, faction, max(0, min(size - spent, 7)), tuple(models))

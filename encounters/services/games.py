"""Setting up games: the encounter's flips, the two sides, hiring from the arsenal,
revealing crews (then Campaign Rating and Soulstone Pools), and choosing schemes.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, override

from campaign.models import ArsenalModel, ArsenalUpgrade, Campaign, CampaignWeek, Crew
from campaign.services import arsenal
from campaign.services.access import can_manage_campaign
from catalogue.models import Station
from encounters.models import Game, HiredModel, LucrativeScheme, SchemeChoice, Side
from encounters.services import posse
from encounters.services.common import (
    EncounterError,
    draw_for,
    lock_game,
    log,
    plain,
    require_player,
)
from encounters.services.game_events import game_events
from encounters.services.lucrative import check_third
from encounters.services.series import check_series_schemes, series_faction
from rules.engine import campaign_game, hiring

SCHEMES_PER_SIDE = 2
#: The Reward charts' Avatar row (``rules/data/rewards-*.json``): an Avatar won as a reward.
AVATAR_ROW = "avatar"


def cost_change(row: ArsenalModel, upgrades=None) -> int:
    """What the model's active Injuries and Skills do to its Soulstone Cost (Big Head +1,
    Lowered Expectations -1): the ``cost`` entry of their stat effects. ``upgrades`` are
    the model's upgrades when already fetched."""
    if upgrades is None:
        upgrades = row.upgrades.all()
    return sum(int((u.stat_effects or {}).get("cost", 0)) for u in upgrades
               if u.status == ArsenalUpgrade.Status.ACTIVE
               and u.kind in (ArsenalUpgrade.Kind.SKILL, ArsenalUpgrade.Kind.INJURY))


def _arsenal_entries(crew: Crew) -> list[campaign_game.ArsenalModel]:
    rows = (crew.models.filter(status=ArsenalModel.Status.ACTIVE).select_related("card")
            .prefetch_related("upgrades"))
    free = crew.campaign.masters_from_start
    fortified = _fortified(crew)
    entries = []
    for row in rows:
        cost = row.card.cost or 0
        if row.pk == crew.leader_id and row.station == Station.HENCHMAN and not cost:
            cost = hiring.leader_cost(hiring.CardInfo(row.card_id, row.card.name, frozenset(),
                                                      row.station, 0, row.card.cache))
        master = row.station == Station.MASTER
        entries.append(campaign_game.ArsenalModel(cost, is_master=master,
                                                  cost_change=cost_change(row)
                                                  + fortified.get(row.pk, 0),
                                                  free=master and free))
    return entries


def max_size(crew_a: Crew, crew_b: Crew) -> int:
    """Maximum encounter size: the smaller arsenal total + 5 (a Master counts 15)."""
    return campaign_game.max_encounter_size(_arsenal_entries(crew_a), _arsenal_entries(crew_b))


def games_this_week(crew: Crew, week: CampaignWeek) -> int:
    return Game.objects.filter(week=week, sides__crew=crew).count()


@transaction.atomic
def create_campaign_game(*, campaign: Campaign, crew_a: Crew, crew_b: Crew, actor,
                         size: int | None = None, kind: str = Game.Kind.STANDARD) -> Game:
    """A campaign game between two crews in the current week, with its setup flipped."""
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    players = {crew_a.player_id, crew_b.player_id}
    if actor.pk not in players and not can_manage_campaign(actor, campaign):
        from django.core.exceptions import PermissionDenied

        raise PermissionDenied(gettext("Only the two players or an organizer set up a game."))
    week = campaign.weeks.filter(number=campaign.current_week).first()
    if week is None or week.state != CampaignWeek.State.GAMES:
        raise EncounterError(gettext("Games are played once the week has turned over."))
    crews = list(Crew.objects.select_for_update().filter(pk__in=[crew_a.pk, crew_b.pk]))
    if len(crews) != 2 or any(c.campaign_id != campaign.pk or c.status != Crew.Status.ACTIVE
                              for c in crews):
        raise EncounterError(gettext("Choose two different active crews of this campaign."))
    for crew in (crew_a, crew_b):
        if games_this_week(crew, week) >= campaign.max_games_per_week:
            raise EncounterError(
                gettext(
                    "%(crew)s has already played %(max_games_per_week)s game(s) "
                    "this week, the campaign's maximum."
                )
                % {"crew": crew, "max_games_per_week": campaign.max_games_per_week}
            )
    limit = max_size(crew_a, crew_b)
    size = size or limit
    if not 1 <= size <= limit:
        raise EncounterError(
            gettext(
                "The largest encounter these arsenals allow is %(limit)s "
                "soulstones (the smaller arsenal + 5)."
            )
            % {"limit": limit}
        )
    game = Game.objects.create(
        campaign=campaign,
        week=week,
        kind=kind,
        size=size,
        created_by=actor,
        event_key=week.games_event_key,
    )
    Side.objects.create(game=game, key="a", player=crew_a.player, crew=crew_a)
    Side.objects.create(game=game, key="b", player=crew_b.player, crew=crew_b)
    if campaign.individual_events:
        from campaign.weeks.event_flip import flip_individual_event

        game.event_key = flip_individual_event(draw_for(game, actor)).games_event_key
    forced = kind != Game.Kind.STORY and PLOT_THICKENS in _events_of(week, game)
    if forced:
        game.kind = Game.Kind.STORY
    game.setup = _generate_setup(game, actor)
    if forced:
        game.setup["plot_thickens"] = True  # On The Move may take the game back to Standard
    game.save()
    log(game, f"Game set up: {crew_a} vs {crew_b}, {size} soulstones", actor=actor)
    if forced:
        log(game, "The Plot Thickens: every game this week is a Story Encounter", actor=actor)
    return game


PLOT_THICKENS = "the-plot-thickens"


def _events_of(week: CampaignWeek, game: Game) -> set[str]:
    """The weekly events in force for this game (the week's flips and its own event)."""
    keys = set(week.event_chain or ()) | {week.event_key, week.games_event_key, game.event_key}
    return {k for k in keys if k}


@transaction.atomic
def create_setup(
    *,
    actor,
    size: int,
    kind: str = Game.Kind.STANDARD,
    ruleset: str | None = None,
    league=None,
    first_edition_size: str | None = None,
    strategy_mode: str = "general",
    location: str | None = None,
) -> Game:
    """A standalone encounter setup (no campaign): every flip recorded, shareable by link
    so both players open the same setup. The edition is ``ruleset``, else the league's
    default (the actor must belong to ``league``), else second edition; the other keyword
    arguments only matter in first edition."""
    if not actor.is_authenticated:
        from django.core.exceptions import PermissionDenied

        raise PermissionDenied(gettext("Log in to generate an encounter."))
    ruleset = ruleset or _league_ruleset(actor, league)
    if ruleset == "m1e" and kind == Game.Kind.STORY:
        raise EncounterError(
            gettext(
                "The first edition sources hold no story encounters (they were "
                "published online): generate a standard one."
            )
        )
    if ruleset not in ("m1e", "m2e"):
        raise EncounterError(
            gettext("Unknown edition %(ruleset)s: use m2e or m1e.") % {"ruleset": repr(ruleset)}
        )
    game = Game.objects.create(kind=kind, size=size, created_by=actor)
    if ruleset == "m1e":
        from rules.engine.first_edition_setup import generate_first_edition

        setup = generate_first_edition(
            draw_for(game, actor),
            soulstones=size,
            size=first_edition_size,
            strategy_mode=strategy_mode,
            location=location,
        )
        game.setup = plain(setup)
    else:
        game.setup = _generate_setup(game, actor)
    game.save(update_fields=["setup"])
    with override("en"):  # stored in English, read in the reader's (rules.log_lines)
        edition = "first edition" if ruleset == "m1e" else str(game.get_kind_display())
    log(game, f"Encounter generated: {edition}, {size} soulstones", actor=actor)
    return game


def _league_ruleset(actor, league) -> str:
    """The default edition of ``league`` for one of its members (second without one)."""
    if league is None:
        return "m2e"
    from league.permissions import is_member

    if not is_member(actor, league):
        from django.core.exceptions import PermissionDenied

        raise PermissionDenied(gettext("Only the league's members use its default edition."))
    return league.default_ruleset


def _generate_setup(game: Game, actor) -> dict:
    from rules.engine import encounters

    draw = draw_for(game, actor)
    if game.kind == Game.Kind.STORY:
        setup = encounters.generate_story(draw, size=game.size)
    else:
        setup = encounters.generate_standard(draw, size=game.size)
    return plain(setup)


def _card_info(row: ArsenalModel, crew: Crew) -> hiring.CardInfo:
    return arsenal.hiring_info(row, crew.leader_id)


WANDERING = "wandering-mercenaries"
WANDERING_MAX_COST = 7


def _wandering_refusals(game: Game, crew: Crew, card) -> list[str]:
    needed = WANDERING in game_events(game)
    if card is None:
        return (
            [
                gettext(
                    "Wandering Mercenaries: hire one free Mercenary costing 7 or less from "
                    "outside your arsenal."
                )
            ]
            if needed
            else []
        )
    if not needed:
        return [gettext("Only a Wandering Mercenaries week brings a free mercenary.")]
    reasons = []
    if not card.is_mercenary or (card.cost or 0) > WANDERING_MAX_COST:
        reasons.append(gettext("%(card)s must be a Mercenary costing 7 or less.")
                       % {"card": card.name})
    if crew.models.filter(card=card, status="active").exists():
        reasons.append(
            gettext("%(card)s is already in your arsenal; the wandering mercenary comes from "
                    "outside it.") % {"card": card.name}
        )
    return reasons


@transaction.atomic
def hire_crew(
    *,
    game: Game,
    actor,
    models: list[ArsenalModel],
    attach: dict[int, int] | None = None,
    wandering=None,
) -> Side:
    """Hire this game's crew from the arsenal (the Leader included). ``attach`` maps an
    arsenal upgrade id to the arsenal model carrying it this game; skills and injuries
    always come with their model. A side may re-hire until it reveals its crew."""
    game = lock_game(game)
    side = require_player(actor, game)
    side = Side.objects.select_for_update(of=("self",)).select_related("crew").get(pk=side.pk)
    crew = side.crew
    if game.state != Game.State.SET_UP:
        raise EncounterError(gettext("Crews are hired while the game is being set up."))
    if side.hire_revealed:
        raise EncounterError(gettext("Your crew is revealed; it can no longer change."))
    reasons = []
    ids = {m.pk for m in models}
    rows = {
        r.pk: r
        for r in ArsenalModel.objects.filter(pk__in=ids, crew=crew)
        .select_related("card")
        .prefetch_related("card__factions", "upgrades")
    }
    if len(rows) != len(ids) or len(ids) != len(models):
        reasons.append(gettext("Hire each model once, from your own arsenal."))
    if any(not r.is_active for r in rows.values()):
        reasons.append(gettext("Annihilated models cannot be hired."))
    if crew.leader_id not in rows:
        reasons.append(gettext("The crew's Leader must be hired (and leads the crew)."))
    sitting_out = [
        r.card.name for r in rows.values() if r.misses_next_game and r.pk != crew.leader_id
    ]
    if sitting_out:
        reasons.append(gettext("Knocked Out last game, so not hired this game: %(models)s")
                       % {"models": ", ".join(sitting_out)})
    carried = _check_attachments(crew, rows, attach or {}, reasons)
    reasons += _wandering_refusals(game, crew, wandering)
    cost = 0
    fortified = _fortified(crew)
    for row in rows.values():
        cost += _model_cost(row, crew, fortified)
        cost += sum(upgrade_soulstones(u) for u in _permanent(row))
        cost += sum(upgrade_soulstones(u) for u in carried.get(row.pk, []))
    if cost > game.size:
        reasons.append(
            gettext("The crew costs %(cost)s soulstones with its upgrades; this encounter is "
                    "%(size)s.") % {"cost": cost, "size": game.size}
        )
    if reasons:
        raise hiring.HiringRefused(reasons)
    side.hired.all().delete()
    for row in rows.values():
        upgrades = [*_permanent(row), *carried.get(row.pk, [])]
        model_cost = _model_cost(row, crew, fortified)
        HiredModel.objects.create(
            side=side,
            arsenal_model=row,
            name=row.card.name,
            cost=model_cost + sum(upgrade_soulstones(u) for u in upgrades),
            is_leader=row.pk == crew.leader_id,
            upgrades=[u.name for u in upgrades],
            station=row.station,
            # A Master's 15 is a hiring cost only: Schemes and Bounties see no cost.
            model_cost=None if row.station == Station.MASTER else model_cost,
        )
    if wandering is not None:
        HiredModel.objects.create(
            side=side,
            wandering_card=wandering,
            cost=0,
            name=f"{wandering.name} (wandering mercenary)",
            station=wandering.station,
            model_cost=wandering.cost,
        )
    side.soulstone_pool = None
    side.save(update_fields=["soulstone_pool"])
    log(
        game,
        f"Side {side.key} hired its crew ({cost} soulstones)",
        actor=actor,
        side=side.key,
        secret_for=side.key,
    )
    return side


def _fortified(crew: Crew) -> dict[int, int]:
    """Cost changes of models a Fortification added (the Executioner: 2 less). One query."""
    from campaign.services import hideouts

    return hideouts.fortification_cost_changes(crew)


def _model_cost(row: ArsenalModel, crew: Crew, fortified: dict[int, int] | None = None) -> int:
    """The model's hiring cost in this game, upgrades excluded (Masters from the start are
    free; Big Head and Lowered Expectations change the cost)."""
    return campaign_game.hire_cost_in_game(
        _card_info(row, crew),
        faction=crew.faction.code,
        as_leader=row.pk == crew.leader_id,
        masters_free=crew.campaign.masters_from_start,
        cost_change=cost_change(row, row.upgrades.all())
        + (_fortified(crew) if fortified is None else fortified).get(row.pk, 0))


def _permanent(row: ArsenalModel) -> list[ArsenalUpgrade]:
    """Skills and injuries: always attached to their model when it is hired."""
    return [
        u
        for u in row.upgrades.all()
        if u.status == "active"
        and u.kind in (ArsenalUpgrade.Kind.SKILL, ArsenalUpgrade.Kind.INJURY)
    ]


def upgrade_soulstones(upgrade: ArsenalUpgrade) -> int:
    """What an upgrade costs in the hire: its card's cost, or a Campaign upgrade's
    soulstone cost from the table (injuries cost nothing)."""
    if upgrade.card_id:
        return upgrade.card.cost
    if upgrade.kind == ArsenalUpgrade.Kind.INJURY or not upgrade.table_key:
        return 0
    from rules import tables

    try:
        return tables.campaign_upgrades().row(upgrade.table_key).soulstone_cost
    except KeyError:
        return 0


def _check_attachments(crew, rows, attach, reasons) -> dict[int, list[ArsenalUpgrade]]:
    carried: dict[int, list[ArsenalUpgrade]] = {}
    if not attach:
        return carried
    upgrades = {
        u.pk: u
        for u in crew.upgrades.filter(pk__in=attach, status="active")
        .exclude(kind__in=[ArsenalUpgrade.Kind.SKILL, ArsenalUpgrade.Kind.INJURY])
        .select_related("card")
        .prefetch_related("card__factions")
    }
    leader = _card_info(rows[crew.leader_id], crew) if crew.leader_id in rows else None
    for upgrade_id, model_id in attach.items():
        upgrade, row = upgrades.get(int(upgrade_id)), rows.get(int(model_id))
        if upgrade is None or row is None:
            reasons.append("Attach your own upgrades to models you hired.")
            continue
        on_model = [
            hiring.UpgradeInfo.from_card(u.card) for u in carried.get(row.pk, []) if u.card_id
        ]
        if upgrade.card_id:
            reasons += hiring.upgrade_refusals(
                hiring.UpgradeInfo.from_card(upgrade.card),
                faction=crew.faction.code,
                model=_card_info(row, crew),
                leader=leader,
                on_model=on_model,
            )
        carried.setdefault(row.pk, []).append(upgrade)
    return carried


@transaction.atomic
def reveal_crew(*, game: Game, actor) -> Side:
    """Reveal the hired crew. When both are revealed, each side's Campaign Rating and
    Soulstone Pool are worked out (the lower rating gains the difference)."""
    game = lock_game(game)
    side = require_player(actor, game)
    side = Side.objects.select_for_update().get(pk=side.pk)
    if not side.hired.exists():
        raise EncounterError(gettext("Hire your crew before revealing it."))
    side.hire_revealed = True
    side.save(update_fields=["hire_revealed"])
    log(game, f"Side {side.key} revealed its crew", actor=actor, side=side.key)
    sides = list(game.sides.select_for_update(of=("self",)).select_related("crew"))
    if all(s.hire_revealed for s in sides):
        _rate_and_pool(game, sides)
    return side


def is_avatar(upgrade: ArsenalUpgrade) -> bool:
    """An Avatar, however it was gained: an Avatar upgrade card (The Event) or the Avatar
    row of a Reward chart (a completed Bounty)."""
    return upgrade.table_key == AVATAR_ROW or bool(upgrade.card_id and upgrade.card.is_avatar)


def _rated(side: Side) -> list[campaign_game.HiredModel]:
    hired = []
    for model in side.hired.select_related("arsenal_model"):
        rows = (
            model.arsenal_model.upgrades.filter(status="active").select_related("card")
            if model.arsenal_model_id
            else []
        )
        carried = set(model.upgrades)
        upgrades = []
        for upgrade in rows:
            if upgrade.name not in carried and upgrade.kind not in ("skill", "injury"):
                continue
            if upgrade.kind == ArsenalUpgrade.Kind.INJURY:
                kind = campaign_game.UpgradeKind.INJURY
            elif is_avatar(upgrade):
                kind = campaign_game.UpgradeKind.AVATAR
            elif upgrade.kind in (ArsenalUpgrade.Kind.SKILL, ArsenalUpgrade.Kind.EQUIPMENT):
                kind = campaign_game.UpgradeKind.CAMPAIGN
            else:
                kind = campaign_game.UpgradeKind.REGULAR
            upgrades.append(campaign_game.RatedUpgrade(upgrade.name, kind))
        station = model.arsenal_model.station if model.arsenal_model_id else "minion"
        hired.append(campaign_game.HiredModel(model.name, station, tuple(upgrades)))
    return hired


def _rate_and_pool(game: Game, sides: list[Side]) -> None:
    crews = {}
    for side in sides:
        side.campaign_rating = campaign_game.campaign_rating(_rated(side)).value
        leader = side.hired.filter(is_leader=True).select_related("arsenal_model__card").first()
        spent = sum(h.cost for h in side.hired.all())
        crews[side.key] = campaign_game.PoolCrew(
            leader=_card_info(leader.arsenal_model, side.crew),
            unspent=max(0, game.size - spent),
            rating=side.campaign_rating,
        )
    pools = campaign_game.soulstone_pools(crews["a"], crews["b"])
    for side in sides:
        side.soulstone_pool = getattr(pools, side.key).total + _hide_out_pool(side)
        side.save(update_fields=["campaign_rating", "soulstone_pool"])
    a, b = sides
    log(
        game,
        f"Crews revealed: Campaign Rating {a.campaign_rating} vs {b.campaign_rating}; "
        f"Soulstone Pools {a.soulstone_pool} and {b.soulstone_pool}",
    )


def _hide_out_pool(side: Side) -> int:
    """Soulstones the crew's Hide Out adds to its Pool (Soulstone Vein: 1)."""
    if not side.crew_id:
        return 0
    from campaign.services import hideouts

    return hideouts.fortification_effects(side.crew).get("pool_soulstones", 0)


COVERT_OPERATION = "covert-operation"


def _covert_operation_allows(side: Side, outside: list[str]) -> list[str]:
    """Covert Operation: its crew may always choose one of the Bounty's Schemes it has not
    completed for it yet, whatever the pool. Returns the choices still outside the pool."""
    from campaign.models import CrewBounty
    from rules import tables
    from rules.engine.bounties import listed_schemes

    if not outside or not side.crew_id:
        return outside
    held = CrewBounty.objects.filter(
        crew_id=side.crew_id, bounty_key=COVERT_OPERATION, status=CrewBounty.Status.ACTIVE
    ).first()
    if held is None:
        return outside
    row = next(b for b in tables.bounties().rows if b.key == COVERT_OPERATION)
    done = {k for c in (held.progress or {}).get("contributions", ()) for k in c.get("schemes", ())}
    allowed = [k for k in listed_schemes(row) if k not in done]
    free = next((k for k in outside if k in allowed), None)
    return [k for k in outside if k != free]


@transaction.atomic
def choose_schemes(
    *, game: Game, actor, choices: list[tuple[str, HiredModel | None]],
    third: tuple[str, HiredModel | None] | None = None,
) -> list[SchemeChoice]:
    """Secretly choose up to two schemes from the game's pool (noting a model if needed).
    In A Lucrative Offer's week ``third`` is the optional third scheme (None declines
    it); it is checked with the two before anything is written."""
    game = lock_game(game)
    side = require_player(actor, game)
    if game.state != Game.State.SET_UP:
        raise EncounterError(gettext("Schemes are chosen before the game starts."))
    pool = set(game.setup.get("scheme_pool", []))
    if game.kind == Game.Kind.STORY:
        from rules.engine.encounters import story_scheme_choices

        faction = side.crew.faction.code if side.crew_id else series_faction(game, side.key)
        if faction:
            pool = set(story_scheme_choices(faction))
    keys = [key for key, _ in choices]
    if len(keys) != SCHEMES_PER_SIDE or len(set(keys)) != len(keys):
        raise EncounterError(
            gettext("Choose %(SCHEMES_PER_SIDE)s different schemes.")
            % {"SCHEMES_PER_SIDE": SCHEMES_PER_SIDE}
        )
    if game.series_id:
        check_series_schemes(game, side.key, keys)
    outside = [k for k in keys if pool and k not in pool]
    outside = posse.allows(game, pool, outside)
    outside = _covert_operation_allows(side, outside)
    if outside:
        raise EncounterError(gettext("Choose from this game's scheme pool: %(pool)s")
                             % {"pool": ", ".join(sorted(pool))})
    noted = [m for _, m in choices if m is not None]
    if any(m.side.game_id != game.pk for m in noted):
        raise EncounterError(gettext("Note a model of this game."))
    if third is not None:
        check_third(game, side, third, events=game_events(game), chosen=keys)
    side.schemes.all().delete()
    rows = [
        SchemeChoice.objects.create(side=side, scheme_key=key, noted_model=model)
        for key, model in choices
    ]
    LucrativeScheme.objects.filter(side=side).delete()
    if third is not None:
        LucrativeScheme.objects.create(side=side, scheme_key=third[0], noted_model=third[1])
    log(game, f"Side {side.key} chose its schemes", actor=actor, side=side.key)
    extra = f"; A Lucrative Offer (scrip, not VP): {third[0]}" if third else ""
    log(game, "Schemes: " + ", ".join(keys) + extra, actor=actor, side=side.key,
        secret_for=side.key)
    return rows

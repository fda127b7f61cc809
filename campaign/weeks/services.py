"""The campaign week: turnover, the weekly event, organizer controls, the week's one-offs.

``turn_over`` is idempotent on (campaign, week): it locks the campaign row, re-reads the
week under the lock and does nothing when the week has already turned over, so a retried
job or two workers running the same job flip the event exactly once. Everything a
turnover changes (previous week closed, states, flips, draws, the campaign's current
week) happens in one transaction: a failure leaves nothing half-applied.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from campaign.models import (
    ArsenalEvent,
    ArsenalUpgrade,
    BulletDraw,
    Campaign,
    CampaignWeek,
    Crew,
    PitFight,
    PitFightEntry,
    WeekTransition,
)
from campaign.services import optional_rules, scrip
from campaign.services.access import require_campaign_manager, require_crew_editor
from campaign.services.errors import CampaignError
from campaign.weeks import calendar
from campaign.weeks.event_flip import WeeklyEventOutcome, flip_weekly_event
from catalogue.models import UpgradeCard
from config.jobs import enqueue
from rules import services as flip_services
from rules import tables
from rules.models import FlipRecord

BULLET = "a-bullet-with-your-name"
PIT_FIGHT = "pit-fight"
THE_EVENT = "the-event"
PIT_FIGHT_SCRIP = 3
BULLET_SCRIP = 6
OWN_NAME_BULLET_SCRIP = 4


@dataclass(frozen=True)
class TurnoverResult:
    campaign: Campaign
    week: CampaignWeek | None
    turned_over: bool
    ended: bool = False
    reason: str = ""


def week_dates(campaign: Campaign) -> list[tuple[int, object]]:
    return [(n, calendar.week_start(campaign.start_date, campaign.weekday, n))
            for n in range(1, campaign.length_weeks + 1)]


def ensure_weeks(campaign: Campaign) -> None:
    """Create the rows of weeks 1..N (idempotent); dates follow the campaign settings."""
    existing = set(campaign.weeks.values_list("number", flat=True))
    CampaignWeek.objects.bulk_create(
        [CampaignWeek(campaign=campaign, number=n, starts_on=day)
         for n, day in week_dates(campaign) if n not in existing],
        ignore_conflicts=True,
    )


def turnover_time(campaign: Campaign, number: int):
    return calendar.turnover_at(campaign.start_date, campaign.weekday, number,
                                hour=campaign.turnover_hour, time_zone=campaign.league.time_zone)


def last_turned_week(campaign: Campaign) -> int:
    return (campaign.weeks.exclude(state=CampaignWeek.State.UPCOMING)
            .order_by("-number").values_list("number", flat=True).first() or 0)


def _move(week: CampaignWeek, target: str, *, actor=None, note: str = "") -> None:
    CampaignWeek.LIFECYCLE.check(week.state, target)
    WeekTransition.objects.create(week=week, from_state=week.state, to_state=target,
                                  actor=actor, note=note[:250])
    week.state = target


@transaction.atomic
def turn_over(campaign: Campaign | int, number: int, *, actor=None) -> TurnoverResult:
    """Turn over week ``number``: close the previous week, open New Hires (not in week 1),
    flip the weekly event (unless an organizer set it), open the week's games.

    ``number == length + 1`` ends the campaign after its last week.
    """
    pk = campaign.pk if isinstance(campaign, Campaign) else campaign
    campaign = Campaign.objects.select_for_update(of=("self",)).select_related("league").get(pk=pk)
    if campaign.status == Campaign.Status.ENDED:
        return TurnoverResult(campaign, None, False, reason="the campaign has ended")
    if campaign.status != Campaign.Status.RUNNING:
        raise CampaignError(gettext("Start the campaign before its weeks turn over."))
    if not 1 <= number <= campaign.length_weeks + 1:
        raise CampaignError(
            gettext("This campaign has weeks 1 to %(length_weeks)s.")
            % {"length_weeks": campaign.length_weeks}
        )
    ensure_weeks(campaign)
    turned = last_turned_week(campaign)
    if number <= turned:
        return TurnoverResult(
            campaign,
            campaign.weeks.get(number=number),
            False,
            reason=f"week {number} has already turned over",
        )
    if number > turned + 1:
        raise CampaignError(
            gettext("Week %(value)s has not turned over yet; weeks turn in order.")
            % {"value": turned + 1}
        )
    previous = (
        CampaignWeek.objects.select_for_update().get(campaign=campaign, number=turned)
        if turned
        else None
    )
    if previous is not None:
        _close_week(previous, actor=actor)
    if number == campaign.length_weeks + 1:
        campaign.status = Campaign.Status.ENDED
        campaign.save(update_fields=["status"])
        return TurnoverResult(campaign, previous, True, ended=True)
    week = CampaignWeek.objects.select_for_update().get(campaign=campaign, number=number)
    if number > 1:
        _move(week, CampaignWeek.State.NEW_HIRES, actor=actor, note="New Hires open")
    _settle_event(week, previous_keys=event_chain(previous) if previous else (), actor=actor)
    _move(week, CampaignWeek.State.GAMES, actor=actor, note="Games open")
    week.turned_over_at = timezone.now()
    week.save()
    campaign.current_week = number
    campaign.save(update_fields=["current_week"])
    _start_one_offs(week)
    enqueue("campaign.send_week_notice", week.pk)
    return TurnoverResult(campaign, week, True)


def _settle_event(week: CampaignWeek, *, previous_keys, actor) -> None:
    """Flip the event, unless an organizer already set it for this week (or, with the
    Individual Events option, leave it to each game)."""
    if week.campaign.individual_events and not week.event_key:
        _move(
            week,
            CampaignWeek.State.EVENT_FLIPPED,
            actor=actor,
            note="Individual Events: each game flips its own event",
        )
        return
    if week.event_key:
        _move(
            week,
            CampaignWeek.State.EVENT_FLIPPED,
            actor=actor,
            note=f"Event set by an organizer: {week.set_reason}",
        )
        return
    draw = flip_services.recorded_draw(label=f"Week {week.number}", subject=week, actor=actor)
    outcome: WeeklyEventOutcome = flip_weekly_event(draw, previous_keys=previous_keys)
    week.event_key = outcome.event_key
    week.games_event_key = outcome.games_event_key
    week.event_chain = list(outcome.chain)
    names = " then ".join(tables.weekly_events().row(k).name for k in outcome.chain)
    _move(week, CampaignWeek.State.EVENT_FLIPPED, actor=actor, note=f"Flipped: {names}")


def event_chain(week: CampaignWeek) -> list[str]:
    """The events in force in a week, in flip order."""
    if week.event_chain:
        return list(week.event_chain)
    return list(dict.fromkeys(k for k in (week.event_key, week.games_event_key) if k))


def week_flips(week: CampaignWeek):
    from django.contrib.contenttypes.models import ContentType

    return FlipRecord.objects.filter(
        subject_type=ContentType.objects.get_for_model(week), subject_id=week.pk
    ).order_by("id")


def _start_one_offs(week: CampaignWeek) -> None:
    chain = event_chain(week)
    if BULLET in chain:
        draw_bullet_names(week)
    if PIT_FIGHT in chain:
        PitFight.objects.get_or_create(week=week)


def _close_week(week: CampaignWeek, *, actor) -> None:
    """Weekly tallies become final; secret draws are revealed now the week is over."""
    if week.state == CampaignWeek.State.CLOSED:
        return
    _move(week, CampaignWeek.State.CLOSED, actor=actor, note="Week closed")
    week.closed_at = timezone.now()
    week.save(update_fields=["state", "closed_at"])
    week.bullet_draws.filter(revealed=False).update(revealed=True)
    settle_wandering_mercenaries(week, actor=actor)
    optional_rules.relic_for_idle_crew(week=week, actor=actor)


WANDERING = "wandering-mercenaries"
COUNTED_GAMES = ("confirmed", "aftermath", "done")


def settle_wandering_mercenaries(week: CampaignWeek, *, actor=None) -> list:
    """At the week's end a crew keeps its Wandering Mercenary for free when it played at
    least two counted games that week, hired that same Mercenary in every one of them, and
    it was never killed or sacrificed (book: Wandering Mercenaries). One game with another
    Mercenary, or with none (a game moved to another event by On The Move), keeps nothing."""
    if WANDERING not in event_chain(week):
        return []
    from campaign.models import ArsenalModel
    from encounters.models import Casualty, HiredModel, Side

    played: dict[int, set[int]] = {}
    for crew_id, game_id in Side.objects.filter(
        game__week=week, game__state__in=COUNTED_GAMES, crew__isnull=False
    ).values_list("crew_id", "game_id"):
        played.setdefault(crew_id, set()).add(game_id)
    used: dict[int, dict[int, set[int]]] = {}
    hired = HiredModel.objects.filter(
        side__game__week=week, wandering_card__isnull=False, side__game__state__in=COUNTED_GAMES
    ).select_related("side", "wandering_card")
    cards = {}
    for model in hired:
        used.setdefault(model.side.crew_id, {}).setdefault(model.wandering_card_id, set()).add(
            model.side.game_id)
        cards[model.wandering_card_id] = model.wandering_card
    lost = set(Casualty.objects.filter(model__in=hired).values_list(
        "model__side__crew_id", "model__wandering_card_id"))
    kept = []
    for crew_id, games in sorted(played.items()):
        mercenaries = used.get(crew_id, {})
        if len(games) < 2 or len(mercenaries) != 1:
            continue
        ((card_id, with_it),) = mercenaries.items()
        if with_it != games or (crew_id, card_id) in lost:
            continue
        crew = Crew.objects.get(pk=crew_id)
        if crew.models.filter(card_id=card_id, status="active").exists():
            continue
        card = cards[card_id]
        row = ArsenalModel.objects.create(
            crew=crew, card=card, station=card.station, hired_week=week.number, cost_paid=0
        )
        ArsenalEvent.objects.create(
            crew=crew,
            kind=ArsenalEvent.Kind.HIRED,
            week=week.number,
            model=row,
            actor=actor,
            description=f"Wandering Mercenaries: {card.name} stays "
            f"with the crew ({len(games)} games)",
        )
        kept.append(row)
    return kept


def _active_crews(campaign: Campaign):
    return campaign.crews.filter(status=Crew.Status.ACTIVE).order_by("id")


def draw_bullet_names(week: CampaignWeek) -> list[BulletDraw]:
    """Every crew draws a player's name from a hat (possibly its own), in secret."""
    if week.bullet_draws.exists():
        return list(week.bullet_draws.all())
    crews = list(_active_crews(week.campaign))
    hat = crews[:]
    random.Random(secrets.randbits(64)).shuffle(hat)
    return BulletDraw.objects.bulk_create(
        [
            BulletDraw(week=week, crew=crew, target=target)
            for crew, target in zip(crews, hat, strict=True)
        ]
    )


# --- Organizer controls ------------------------------------------------------------


def flip_now(*, campaign: Campaign, actor) -> TurnoverResult:
    """Turn over the next week now, whatever the schedule says."""
    require_campaign_manager(actor, campaign)
    return turn_over(campaign, last_turned_week(campaign) + 1, actor=actor)


@transaction.atomic
def set_event(
    *, week: CampaignWeek, actor, event_key: str, reason: str, games_event_key: str = ""
) -> CampaignWeek:
    """Curated campaigns: set a week's event by hand, with who and why on record."""
    require_campaign_manager(actor, week.campaign)
    week = CampaignWeek.objects.select_for_update().get(pk=week.pk)
    if week.state == CampaignWeek.State.CLOSED:
        raise CampaignError(gettext("This week is closed; its event can no longer change."))
    if not reason.strip():
        raise CampaignError(gettext("Say why the event is set by hand; players will see it."))
    table = tables.weekly_events()
    try:
        event = table.row(event_key)
        games = table.row(games_event_key) if games_event_key else None
    except KeyError as exc:
        raise CampaignError(
            gettext("Unknown weekly event: %(args)s") % {"args": exc.args[0]}
        ) from exc
    if event.another_event and games is None:
        raise CampaignError(
            gettext("%(name)s also needs the event the week's games use.") % {"name": event.name}
        )
    if games is not None and not event.another_event:
        raise CampaignError(gettext("%(name)s does not flip another event.") % {"name": event.name})
    if games is not None and (games.key in table.another_event_reflips or games.another_event):
        raise CampaignError(gettext("%(name)s cannot be the games' event.") % {"name": games.name})
    week.event_key = event.key
    week.games_event_key = games.key if games else event.key
    week.event_chain = [event.key, games.key] if games else [event.key]
    week.set_by = actor
    week.set_reason = reason.strip()[:250]
    week.save()
    WeekTransition.objects.create(
        week=week,
        from_state=week.state,
        to_state=week.state,
        actor=actor,
        note=f"Event set to {event.name}: {reason}"[:250],
    )
    if week.state != CampaignWeek.State.UPCOMING:
        _start_one_offs(week)
    return week


# --- The week's one-offs -----------------------------------------------------------


def pay_bullets_for_game(game) -> list[int]:
    """A counted game in which a Leader was killed or sacrificed pays the bullet whose
    name matches (or a crew's own-name bullet, once). Called when the result counts."""
    if not game.week_id or BULLET not in event_chain(game.week):
        return []
    crews = {s.key: s.crew for s in game.sides.select_related("crew") if s.crew_id}
    paid = []
    for kill in game.record.get("kills", []):
        if not kill.get("victim_is_leader") or kill.get("by_side") not in crews:
            continue
        killer, victim = crews[kill["by_side"]], crews.get(kill["victim_side"])
        if victim is None or victim.pk == killer.pk:
            continue
        draw = BulletDraw.objects.filter(week=game.week, crew=killer, claimed=False).first()
        if draw and (draw.drew_own_name or draw.target_id == victim.pk):
            paid.append(_pay_bullet(draw, victim, actor=None, source=game))
    return paid


@transaction.atomic
def claim_bullet(*, draw: BulletDraw, actor, leader_crew: Crew, source=None) -> int:
    """The drawing crew killed or sacrificed the Leader of ``leader_crew``: reveal and pay.

    A crew that drew its own name may claim any one Leader, for the smaller reward.
    """
    draw = (
        BulletDraw.objects.select_for_update(of=("self",))
        .select_related("week", "crew")
        .get(pk=draw.pk)
    )
    # Only the drawing player: an organizer trying names would learn the secret target.
    if not (actor.is_authenticated and (actor.pk == draw.crew.player_id or actor.is_staff)):
        raise PermissionDenied(gettext("Only the player who drew this bullet may claim it."))
    if leader_crew.campaign_id != draw.crew.campaign_id or leader_crew.status != Crew.Status.ACTIVE:
        raise CampaignError(gettext("Choose a crew of this campaign."))
    if draw.claimed:
        raise CampaignError(gettext("This bullet has already been claimed."))
    if draw.week.state == CampaignWeek.State.CLOSED:
        raise CampaignError(gettext("The week is over; its bullets can no longer be claimed."))
    if leader_crew.pk == draw.crew_id:
        raise CampaignError(gettext("Claim the bullet on another crew's Leader."))
    if not draw.drew_own_name and leader_crew.pk != draw.target_id:
        raise CampaignError(gettext("Your bullet has another name on it."))
    return _pay_bullet(draw, leader_crew, actor=actor, source=source)


def _pay_bullet(draw: BulletDraw, leader_crew: Crew, *, actor, source) -> int:
    amount = OWN_NAME_BULLET_SCRIP if draw.drew_own_name else BULLET_SCRIP
    scrip.gain_scrip(
        draw.crew,
        amount,
        week=draw.week.number,
        actor=actor,
        source=source,
        reason=f"A Bullet With Your Name: {leader_crew}'s Leader",
    )
    draw.revealed = draw.claimed = True
    draw.save(update_fields=["revealed", "claimed"])
    return amount


@dataclass(frozen=True)
class PitFightEntryInput:
    crew: Crew
    kills: int = 0
    fighter: object | None = None


@transaction.atomic
def record_pit_fight(
    *,
    week: CampaignWeek,
    actor,
    entries: list[PitFightEntryInput],
    winner: Crew,
    first_eliminated: Crew,
) -> PitFight:
    """Record the Pit Fight once; pay 3 scrip per kill, 3 to the winner and 3 to the first
    player knocked out (all counted toward the weekly cap)."""
    require_campaign_manager(actor, week.campaign)
    week = CampaignWeek.objects.select_for_update().get(pk=week.pk)  # the state as of now
    fight = PitFight.objects.select_for_update().filter(week=week).first()
    if fight is None:
        raise CampaignError(gettext("There is no Pit Fight this week."))
    if fight.recorded_at:
        raise CampaignError(gettext("The Pit Fight is already recorded."))
    if week.state == CampaignWeek.State.CLOSED:
        raise CampaignError(gettext("The week is closed; its tallies are final."))
    if any(
        e.crew.campaign_id != week.campaign_id or e.crew.status != Crew.Status.ACTIVE
        for e in entries
    ):
        raise CampaignError(
            gettext("Every fighter must come from an active crew of this campaign.")
        )
    crews = {e.crew.pk for e in entries}
    if len(crews) != len(entries) or len(entries) < 2:
        raise CampaignError(gettext("A Pit Fight needs at least two different crews."))
    if winner.pk not in crews or first_eliminated.pk not in crews:
        raise CampaignError(gettext("The winner and the first knocked out must have fought."))
    if winner.pk == first_eliminated.pk:
        raise CampaignError(gettext("The winner cannot also be the first knocked out."))
    if sum(e.kills for e in entries) > len(entries) - 1:
        raise CampaignError(gettext("There are more kills than fighters who could fall."))
    for entry in entries:
        PitFightEntry.objects.create(
            pit_fight=fight, crew=entry.crew, kills=entry.kills, fighter=entry.fighter
        )
        amount = PIT_FIGHT_SCRIP * entry.kills
        amount += PIT_FIGHT_SCRIP if entry.crew.pk in (winner.pk, first_eliminated.pk) else 0
        if amount:
            scrip.gain_scrip(
                entry.crew, amount, week=week.number, actor=actor, source=fight, reason="Pit Fight"
            )
    fight.winner, fight.first_eliminated = winner, first_eliminated
    fight.recorded_by, fight.recorded_at = actor, timezone.now()
    fight.save()
    return fight


@transaction.atomic
def choose_event_avatar(*, crew: Crew, actor, avatar: UpgradeCard) -> ArsenalUpgrade:
    """The Event: each crew adds one Avatar of its choice to its arsenal, for free
    (ignored in a campaign set Before The Event: nobody has access to Avatars)."""
    require_crew_editor(actor, crew)
    crew = scrip.lock_crew(crew)
    if crew.campaign.before_the_event:
        raise CampaignError(
            gettext("This campaign is set Before The Event: The Event grants no Avatar.")
        )
    week = crew.campaign.weeks.filter(number=crew.campaign.current_week).first()
    if (
        week is None
        or THE_EVENT not in event_chain(week)
        or week.state in (CampaignWeek.State.UPCOMING, CampaignWeek.State.CLOSED)
    ):
        raise CampaignError(gettext("Avatars are added during a week of The Event."))
    if not avatar.is_avatar:
        raise CampaignError(gettext("%(name)s is not an Avatar upgrade.") % {"name": avatar.name})
    if avatar.factions.exists() and not avatar.factions.filter(pk=crew.faction_id).exists():
        raise CampaignError(
            gettext("%(name)s is not an Avatar of the crew's faction.") % {"name": avatar.name}
        )
    if crew.upgrades.filter(from_event_week=week.number).exists():
        raise CampaignError(gettext("This crew already chose its Avatar this week."))
    upgrade = ArsenalUpgrade.objects.create(
        crew=crew,
        kind=ArsenalUpgrade.Kind.UPGRADE,
        card=avatar,
        name=avatar.name,
        acquired_week=week.number,
        from_event_week=week.number,
    )
    ArsenalEvent.objects.create(
        crew=crew,
        kind=ArsenalEvent.Kind.UPGRADE_BOUGHT,
        week=week.number,
        upgrade=upgrade,
        actor=actor,
        description=f"The Event: {avatar.name} joins the arsenal",
    )
    return upgrade

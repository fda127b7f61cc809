"""Read paths for the campaign week page and API.

``visible_bullet_draws`` is the one place that decides who sees A Bullet With Your Name
draws; ``week_summary`` gathers everything else the page and the API show, in a fixed
number of queries whatever the number of crews.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass, field, replace

from django.contrib.auth.models import AnonymousUser
from django.contrib.contenttypes.models import ContentType
from django.db.models import Prefetch, Q, QuerySet, Sum

from campaign.models import (
    ArsenalEvent,
    ArsenalUpgrade,
    BulletDraw,
    Campaign,
    CampaignWeek,
    Crew,
    NewHires,
    PitFight,
    PitFightEntry,
    ScripEntry,
    TurnoverRun,
    WeekTransition,
)
from campaign.services.access import can_manage_campaign, can_view_campaign
from campaign.weeks import services as week_services
from rules import tables
from rules.summaries import said

#: Ledger kinds that make up a week's earnings: the gain, less what the cap discarded.
WEEKLY_SCRIP_KINDS = (ScripEntry.Kind.GAIN, ScripEntry.Kind.DISCARDED)
HIRE_KINDS = (ArsenalEvent.Kind.HIRED, ArsenalEvent.Kind.UPGRADE_BOUGHT)
FAILED_RUNS = (TurnoverRun.Status.FAILED, TurnoverRun.Status.GAVE_UP)
RECENT_RUNS = 10


def visible_bullet_draws(user, week: CampaignWeek) -> QuerySet[BulletDraw]:
    """A crew's draw is its player's secret until revealed: not even organizers see it
    (they could otherwise tip off a target); site staff see all to settle disputes."""
    draws = (BulletDraw.objects.filter(week=week)
             .select_related("crew", "crew__player", "target").order_by("crew__name", "id"))
    if user.is_authenticated and user.is_staff:
        return draws
    if not can_view_campaign(user, week.campaign):
        return draws.none()
    if not user.is_authenticated:
        return draws.filter(revealed=True)
    return draws.filter(Q(revealed=True) | Q(crew__player=user))


@dataclass(frozen=True)
class EventView:
    """One event in force this week, in the product's own words."""

    key: str
    name: str
    summary: str
    scrip: tuple[tables.ScripOpportunity, ...]
    flags: tuple[str, ...]
    another_event: bool
    for_games: bool
    neutral_models: tuple[str, ...] = ()


@dataclass
class CrewWeek:
    """A crew's week: scrip earned so far against the cap, and its New Hires."""

    crew: Crew
    scrip_so_far: int
    cap: int
    new_hires: NewHires | None = None
    hires: list[ArsenalEvent] = field(default_factory=list)

    @property
    def at_cap(self) -> bool:
        return self.scrip_so_far >= self.cap


@dataclass
class WeekSummary:
    week: CampaignWeek
    campaign: Campaign
    events: list[EventView]
    max_scrip_per_game: int
    flips: list
    transitions: list[WeekTransition]
    turnover_at: datetime.datetime
    next_turnover_at: datetime.datetime
    crews: list[CrewWeek]
    pit_fight: PitFight | None
    pit_fight_paid: dict[int, int]
    avatars: list[ArsenalUpgrade]
    bullet_draws: list[BulletDraw]
    turnover_runs: list[TurnoverRun]
    viewer_crew: Crew | None
    games: list = field(default_factory=list)

    @property
    def is_last_week(self) -> bool:
        return self.week.number >= self.campaign.length_weeks

    @property
    def games_event(self) -> EventView | None:
        return self.events[-1] if self.events else None

    @property
    def neutral_model_rules(self) -> str:
        """The table's shared rules for neutral models, when an event brings some."""
        if any(e.neutral_models for e in self.events):
            return said("weekly-events/neutral_model_rules",
                        tables.weekly_events().neutral_model_rules)
        return ""

    @property
    def has_bullet(self) -> bool:
        return any(e.key == week_services.BULLET for e in self.events)

    @property
    def has_the_event(self) -> bool:
        return any(e.key == week_services.THE_EVENT for e in self.events)

    @property
    def has_pit_fight(self) -> bool:
        return self.pit_fight is not None

    @property
    def my_draw(self) -> BulletDraw | None:
        """The viewer's own draw (the visible list always includes it)."""
        crew = self.viewer_crew
        return next((d for d in self.bullet_draws if crew and d.crew_id == crew.pk), None)

    @property
    def my_bullet_reward(self) -> int:
        draw = self.my_draw
        if draw is None:
            return 0
        if draw.drew_own_name:
            return week_services.OWN_NAME_BULLET_SCRIP
        return week_services.BULLET_SCRIP

    @property
    def other_draws(self) -> list[BulletDraw]:
        """Visible draws besides the viewer's own: revealed ones (all of them for staff)."""
        mine = self.my_draw
        return [d for d in self.bullet_draws if d is not mine]

    @property
    def my_avatar(self) -> ArsenalUpgrade | None:
        crew = self.viewer_crew
        return next((a for a in self.avatars if crew and a.crew_id == crew.pk), None)

    @property
    def new_hires(self) -> list[CrewWeek]:
        return [c for c in self.crews if c.new_hires or c.hires]

    @property
    def unresolved_failures(self) -> list[TurnoverRun]:
        return unresolved_failures(self.turnover_runs)


def unresolved_failures(runs: list[TurnoverRun]) -> list[TurnoverRun]:
    """Failed runs with no later success for the same week: what an organizer must act on.
    ``runs`` come newest first."""
    settled: set[int] = set()
    failing = []
    for run in runs:
        if run.status in FAILED_RUNS and run.week_number not in settled:
            failing.append(run)
        settled.add(run.week_number)
    return failing


def event_views(week: CampaignWeek) -> list[EventView]:
    table = tables.weekly_events()
    chain = week_services.event_chain(week)
    views = []
    for index, key in enumerate(chain):
        try:
            row = table.row(key)
        except KeyError:  # a key the current table no longer has: show it, never crash
            views.append(EventView(key, key, "", (), (), False, index == len(chain) - 1))
            continue
        scrip = tuple(replace(o, when=said(f"weekly-events/scrip/{row.key}/{i}", o.when))
                      for i, o in enumerate(row.scrip))
        views.append(EventView(row.key, row.name,
                               said(f"weekly-events/summary/{row.key}", row.summary), scrip,
                               row.flags, row.another_event, index == len(chain) - 1,
                               row.neutral_models))
    return views


def week_queryset(campaign: Campaign) -> QuerySet[CampaignWeek]:
    return campaign.weeks.select_related("set_by").order_by("number")


def recent_runs(campaign: Campaign) -> list[TurnoverRun]:
    return list(TurnoverRun.objects.filter(campaign=campaign)[:RECENT_RUNS])


def week_summary(week: CampaignWeek, viewer=None, *, manager: bool | None = None) -> WeekSummary:
    """Everything the week page and API show, for ``viewer`` (anonymous when None):
    bullet draws go through ``visible_bullet_draws``, turnover runs to organizers only.
    ``manager``: whether the viewer manages the campaign, when the caller already asked."""
    viewer = viewer or AnonymousUser()
    if manager is None:
        manager = can_manage_campaign(viewer, week.campaign)
    campaign = week.campaign
    number = week.number
    crews = list(campaign.crews.exclude(status=Crew.Status.RETIRED)
                 .select_related("player", "faction").order_by("name", "id"))
    scrip = dict(ScripEntry.objects.filter(crew__campaign=campaign, week=number,
                                           kind__in=WEEKLY_SCRIP_KINDS)
                 .values_list("crew").annotate(total=Sum("amount")))
    rows = {c.pk: CrewWeek(c, scrip.get(c.pk, 0), campaign.weekly_scrip_cap) for c in crews}
    _add_hires(rows, campaign, number)
    pit_fight, paid = _pit_fight(week)
    events = event_views(week)
    avatars = []
    if any(e.key == week_services.THE_EVENT for e in events):
        avatars = list(ArsenalUpgrade.objects.filter(crew__campaign=campaign,
                                                     from_event_week=number)
                       .select_related("crew").order_by("crew__name"))
    return WeekSummary(
        week=week, campaign=campaign, events=events,
        max_scrip_per_game=tables.weekly_events().max_scrip_per_game,
        flips=list(week_services.week_flips(week).select_related("flipped_by")),
        transitions=_labelled(week.transitions.select_related("actor").order_by("id")),
        turnover_at=week_services.turnover_time(campaign, number),
        next_turnover_at=week_services.turnover_time(campaign, number + 1),
        crews=list(rows.values()), pit_fight=pit_fight, pit_fight_paid=paid,
        avatars=avatars,
        bullet_draws=list(visible_bullet_draws(viewer, week)),
        turnover_runs=recent_runs(campaign) if manager else [],
        viewer_crew=next((c for c in crews if viewer.is_authenticated
                          and c.player_id == viewer.pk), None),
        games=week_games(week),
    )


def week_games(week: CampaignWeek) -> list:
    """The week's games with their crews and counted result (no secrets: setup and
    results only)."""
    from encounters.models import Game, ResultReport, Side

    # Sides with their crews in one query; sides and reports ordered within their game
    # (their models' ordering would join the game to sort by it).
    games = list(Game.objects.filter(week=week).prefetch_related(
        Prefetch("sides", queryset=Side.objects.select_related("crew").order_by("key")),
        Prefetch("reports", queryset=ResultReport.objects.order_by("id")),
    ).order_by("id"))
    for game in games:
        sides = {s.key: s for s in game.sides.all()}
        game.crew_a, game.crew_b = sides.get("a"), sides.get("b")
        counted = [r for r in game.reports.all() if r.status in ("confirmed", "ruled")]
        game.counted = counted[-1] if counted else None
    return games


def _labelled(transitions) -> list[WeekTransition]:
    """Transitions store raw states; pages show the states' names."""
    labels = dict(CampaignWeek.State.choices)
    rows = list(transitions)
    for row in rows:
        row.from_label = labels.get(row.from_state, row.from_state)
        row.to_label = labels.get(row.to_state, row.to_state)
    return rows


def _add_hires(rows: dict[int, CrewWeek], campaign: Campaign, number: int) -> None:
    for record in NewHires.objects.filter(crew__campaign=campaign, week=number):
        if record.crew_id in rows:
            rows[record.crew_id].new_hires = record
    events = (ArsenalEvent.objects.filter(crew__campaign=campaign, week=number,
                                          kind__in=HIRE_KINDS).order_by("id"))
    for event in events:
        if event.crew_id in rows:
            rows[event.crew_id].hires.append(event)


def _pit_fight(week: CampaignWeek) -> tuple[PitFight | None, dict[int, int]]:
    """The Pit Fight and the scrip its ledger entries actually paid (after the cap)."""
    entries = Prefetch("entries", queryset=PitFightEntry.objects.select_related("crew")
                       .order_by("crew__name"))
    fight = (PitFight.objects.filter(week=week)
             .select_related("winner", "first_eliminated", "recorded_by")
             .prefetch_related(entries).first())
    if fight is None or not fight.recorded_at:
        return fight, {}
    paid: dict[int, int] = defaultdict(int)
    rows = ScripEntry.objects.filter(source_type=ContentType.objects.get_for_model(PitFight),
                                     source_id=fight.pk, kind__in=WEEKLY_SCRIP_KINDS)
    for crew_id, amount in rows.values_list("crew", "amount"):
        paid[crew_id] += amount
    for entry in fight.entries.all():
        entry.scrip_paid = paid.get(entry.crew_id, 0)
    return fight, dict(paid)


@dataclass(frozen=True)
class WeekRow:
    week: CampaignWeek
    events: list[EventView]


def week_rows(campaign: Campaign) -> list[WeekRow]:
    """The weeks list: one query for all the weeks, events named from the table."""
    return [WeekRow(w, event_views(w)) for w in week_queryset(campaign)]


def avatar_choices(crew: Crew) -> QuerySet:
    """The Event: Avatars of the crew's faction or of any faction, from the campaign's
    content packs (the same packs hiring uses)."""
    from campaign.services.crews import upgrades_for

    return (upgrades_for(crew.campaign).filter(is_avatar=True)
            .filter(Q(factions=crew.faction) | Q(factions__isnull=True))
            .distinct().order_by("name"))


def bullet_targets(crew: Crew) -> QuerySet[Crew]:
    """Crews whose Leader a bullet may be claimed on: the other active crews."""
    return (crew.campaign.crews.filter(status=Crew.Status.ACTIVE).exclude(pk=crew.pk)
            .order_by("name"))


def current_crew(user, campaign: Campaign) -> Crew | None:
    """The user's crew in the campaign (not a retired one)."""
    if not user.is_authenticated:
        return None
    return (campaign.crews.exclude(status=Crew.Status.RETIRED).select_related("campaign")
            .filter(player=user).first())

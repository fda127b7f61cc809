"""What a user's home shows, in a fixed number of queries whatever their number of
campaigns, crews, games or leagues: every list below is one query over all of them (a
few prefetches add one each), never one query per campaign.

``player_home`` is for everyone with a crew; ``organizer_home`` adds what the leagues a
user runs need (None for a user who runs none). Both return plain dataclasses that the
page and the API (``/api/home/``) render the same way.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.conf import settings
from django.db.models import Exists, F, Max, OuterRef, Prefetch, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from aftermath.models import Aftermath
from campaign.models import Campaign, CampaignWeek, Crew, NewHires, TurnoverRun
from campaign.weeks import calendar
from encounters.models import Game, ResultReport, Side
from league.models import MANAGING_ROLES, Membership
from nights.models import CampaignNight, CheckIn, Pairing
from notifications import kinds
from notifications.models import Notification
from notifications.selectors import notifications_of

#: How many rows a list shows at most: a home is a summary, not an archive.
LIMIT = 20
UNFINISHED = (Game.State.SET_UP, Game.State.IN_PLAY, Game.State.REPORTED)
DECIDING = [p for p in Aftermath.ORDER if p not in (Aftermath.Phase.PENDING,
                                                      Aftermath.Phase.DONE)]
#: Failed exports stay on the organizer's home this long.
FAILED_EXPORT_DAYS = 7


@dataclass(frozen=True)
class Need:
    """Something waiting for the user: what, where to do it, and the button's words."""

    kind: str
    text: str
    url: str
    action: str
    campaign: str = ""


@dataclass
class CrewLine:
    crew: Crew
    week: CampaignWeek | None

    @property
    def campaign(self) -> Campaign:
        return self.crew.campaign


@dataclass
class NextGame:
    text: str
    url: str
    state: str
    campaign: str = ""


@dataclass
class PlayerHome:
    crews: list[CrewLine]
    needs: list[Need]
    next_game: NextGame | None
    notifications: list[Notification]


@dataclass
class OrganizerHome:
    campaigns: list[Campaign]
    needs: list[Need] = field(default_factory=list)


def _versus(game: Game, user) -> str:
    """"Bravo" (the opponent's crew) for a player, "Alpha vs Bravo" for anyone else."""
    sides = list(game.sides.all())
    others = [s for s in sides if user is None or s.player_id != user.pk]
    if len(others) < len(sides) and others:
        return str(others[0])
    return " vs ".join(str(s) for s in sides) or _("game %(id)s") % {"id": game.pk}


def _sides():
    return Prefetch("sides", queryset=Side.objects.select_related("crew", "player"))


# --- The player's home -------------------------------------------------------------------


def player_home(user) -> PlayerHome:
    crews = list(Crew.objects.filter(player=user).exclude(status=Crew.Status.RETIRED)
                 .select_related("campaign", "campaign__league", "faction", "leader__card")
                 .order_by("-campaign__created_at", "name")[:LIMIT])
    campaign_ids = [c.campaign_id for c in crews]
    weeks = {w.campaign_id: w for w in CampaignWeek.objects.filter(
        campaign_id__in=campaign_ids, number=F("campaign__current_week"))}
    needs: list[Need] = []
    needs += _results_to_confirm(user)
    needs += _aftermaths_waiting(user)
    needs += _crew_needs(crews, weeks)
    tonight, check_in_needs = _tonight(user, crews)
    needs += check_in_needs
    needs += _requests(user)
    needs += _malediction(user)
    return PlayerHome(
        crews=[CrewLine(c, weeks.get(c.campaign_id)) for c in crews],
        needs=needs,
        next_game=_next_game(user) or tonight,
        notifications=list(notifications_of(user)[:5]),
    )


def _malediction(user) -> list[Need]:
    """Malediction's part of the home (results, lists, matches, disputes)."""
    from malediction.selectors import home_needs

    return [Need(*need) for need in home_needs(user, LIMIT)]


def _results_to_confirm(user) -> list[Need]:
    reports = (ResultReport.objects
               .filter(status=ResultReport.Status.PENDING, game__state=Game.State.REPORTED,
                       game__sides__player=user)
               .exclude(reported_by=user)
               .select_related("game", "game__campaign", "reported_by")
               .prefetch_related(Prefetch("game__sides", queryset=Side.objects
                                          .select_related("crew", "player")))
               .order_by("created_at")[:LIMIT])
    return [Need("confirm_result",
                 _("%(reporter)s reported %(a)s-%(b)s against %(opponent)s: confirm or "
                   "dispute it.") % {"reporter": r.reported_by, "a": r.vp_a, "b": r.vp_b,
                                     "opponent": _versus(r.game, user)},
                 r.game.get_absolute_url(), _("Confirm the result"),
                 str(r.game.campaign or "")) for r in reports]


def _aftermaths_waiting(user) -> list[Need]:
    rows = (Aftermath.objects.filter(crew__player=user, phase__in=DECIDING)
            .select_related("crew", "crew__campaign", "opponent").order_by("created_at")[:LIMIT])
    # Two Aftermaths waiting are told apart: crew, opponent, week and the game's date.
    return [Need("aftermath",
                 _("%(crew)s's Aftermath of the week %(week)s game against %(opponent)s "
                   "(%(date)s) waits for you: %(phase)s.") % {
                     "crew": a.crew, "week": a.week, "opponent": a.opponent or "?",
                     "date": date_format(timezone.localtime(a.created_at), "DATE_FORMAT"),
                     "phase": a.get_phase_display()},
                 a.get_absolute_url(), _("Open the Aftermath"), str(a.crew.campaign))
            for a in rows]


def _crew_needs(crews: list[Crew], weeks: dict[int, CampaignWeek]) -> list[Need]:
    """Starting arsenals to build and New Hires not yet taken in the current week (they
    close once the crew has a game that week: New Hires come before the week's games)."""
    hired = set(NewHires.objects.filter(crew__in=[c.pk for c in crews],
                                        week=F("crew__campaign__current_week"))
                .values_list("crew_id", flat=True))
    hired |= set(Side.objects.filter(crew__in=[c.pk for c in crews],
                                     game__campaign=F("crew__campaign"),
                                     game__week__number=F("crew__campaign__current_week"))
                 .values_list("crew_id", flat=True))
    needs = []
    for crew in crews:
        campaign = crew.campaign
        if campaign.status == Campaign.Status.ENDED:
            continue
        if crew.status == Crew.Status.BUILDING:
            needs.append(Need("build", _("%(crew)s has no starting arsenal yet.") % {
                "crew": crew}, reverse("campaign:build", args=[crew.pk]),
                _("Build the arsenal"), campaign.name))
            continue
        week = weeks.get(campaign.pk)
        open_week = week is not None and week.state not in (CampaignWeek.State.UPCOMING,
                                                            CampaignWeek.State.CLOSED)
        if (campaign.status == Campaign.Status.RUNNING and campaign.current_week > 1
                and open_week and crew.pk not in hired):
            needs.append(Need("new_hires", _("New Hires are open for %(crew)s in week "
                                             "%(week)s: hire at least one model.") % {
                "crew": crew, "week": campaign.current_week},
                reverse("campaign:hire", args=[crew.pk]), _("New Hires"), campaign.name))
    return needs


def _tonight(user, crews: list[Crew]) -> tuple[NextGame | None, list[Need]]:
    """Tonight's campaign nights: a check-in to make, or the table once paired."""
    today = timezone.localdate()
    active = {c.campaign_id: c for c in crews if c.status == Crew.Status.ACTIVE}
    nights = list(CampaignNight.objects
                  .filter(campaign_id__in=list(active), date=today,
                          state__in=[CampaignNight.State.OPEN, CampaignNight.State.PAIRED])
                  .select_related("campaign")
                  .prefetch_related(
                      Prefetch("check_ins", queryset=CheckIn.objects.filter(
                          crew_id__in=[c.pk for c in active.values()]), to_attr="mine"),
                      Prefetch("pairings", queryset=Pairing.objects.filter(
                          Q(crew_a__in=list(active.values())) | Q(crew_b__in=list(active.values())))
                          .select_related("crew_a", "crew_b"), to_attr="my_pairings")))
    needs, paired = [], None
    for night in nights:
        crew = active[night.campaign_id]
        if not night.mine:
            needs.append(Need("check_in", _("Check-in is open for tonight's campaign night "
                                            "of %(campaign)s.") % {"campaign": night.campaign},
                              night.get_absolute_url(), _("Check in %(crew)s") % {"crew": crew},
                              night.campaign.name))
        elif night.state == CampaignNight.State.PAIRED and paired is None:
            paired = NextGame(_tonight_line(night, crew), night.get_absolute_url(),
                              night.state, night.campaign.name)
    return paired, needs


def _tonight_line(night, crew) -> str:
    """What the night page says of this crew: its table and opponent, its bye, or that it
    sits out (a checked-in crew the pairing left out is not told its game starts soon)."""
    mine = next((p for p in night.my_pairings if crew.pk in (p.crew_a_id, p.crew_b_id)), None)
    if mine is None:
        return _("Tonight's campaign night: %(crew)s sits out; it has no game tonight.") % {
            "crew": crew}
    if mine.bye:
        return _("Tonight's campaign night: %(crew)s has the bye; it has no game "
                 "tonight.") % {"crew": crew}
    opponent = mine.crew_b if mine.crew_a_id == crew.pk else mine.crew_a
    return _("Tonight's campaign night: %(crew)s plays %(opponent)s at table %(table)s; the "
             "games start soon.") % {"crew": crew, "opponent": opponent, "table": mine.table}


def _requests(user) -> list[Need]:
    """Unread requests that only a notification records (an auto-resolve request)."""
    asking = [k.key for k in kinds.KINDS.values() if k.asks_for_action]
    rows = notifications_of(user).filter(read_at__isnull=True, kind__in=asking)[:LIMIT]
    return [Need(n.kind, n.message, n.get_absolute_url(), _("Answer")) for n in rows]


def _next_game(user) -> NextGame | None:
    game = (Game.objects.filter(sides__player=user, state__in=UNFINISHED[:2])
            .select_related("campaign").prefetch_related(_sides())
            .order_by("created_at", "pk").first())
    if game is None:
        return None
    return NextGame(_("Against %(opponent)s (%(state)s)") % {
        "opponent": _versus(game, user), "state": game.get_state_display()},
        game.get_absolute_url(), game.state, str(game.campaign or ""))


# --- The organizer's home ------------------------------------------------------------------


def organizer_home(user, now: datetime.datetime | None = None) -> OrganizerHome | None:
    """What the leagues ``user`` runs (as admin or organizer) need; None if they run none."""
    leagues = list(Membership.objects.filter(
        user=user, status=Membership.Status.ACTIVE, role__in=MANAGING_ROLES)
        .values_list("league_id", flat=True))
    if not leagues:
        return None
    now = now or timezone.now()
    campaigns = list(
        Campaign.objects.filter(league_id__in=leagues).exclude(status=Campaign.Status.ENDED)
        .select_related("league").order_by("-created_at")
        .annotate(turned=Max("weeks__number", filter=~Q(weeks__state=CampaignWeek.State.UPCOMING)))
        [:LIMIT])
    needs = [*_disputes(leagues), *_overdue_games(leagues), *_overdue_aftermaths(leagues, now),
             *_turnovers_due(campaigns, now), *_failed_jobs(leagues, now),
             *_join_requests(leagues)]
    return OrganizerHome(campaigns=campaigns, needs=needs)


def _disputes(leagues) -> list[Need]:
    games = (Game.objects.filter(campaign__league_id__in=leagues, state=Game.State.DISPUTED)
             .select_related("campaign").prefetch_related(_sides()).order_by("updated_at")[:LIMIT])
    return [Need("dispute", _("%(game)s: the result is disputed.") % {"game": _versus(g, None)},
                 g.get_absolute_url(), _("Rule on it"), g.campaign.name) for g in games]


def _overdue_games(leagues) -> list[Need]:
    """Games not yet counted whose week has closed: past their deadline."""
    games = (Game.objects.filter(campaign__league_id__in=leagues, state__in=UNFINISHED,
                                 week__state=CampaignWeek.State.CLOSED)
             .select_related("campaign", "week").prefetch_related(_sides())
             .order_by("created_at")[:LIMIT])
    return [Need("overdue_game", _("%(game)s (week %(week)s) is still %(state)s after its "
                                   "week closed.") % {
        "game": _versus(g, None), "week": g.week.number, "state": g.get_state_display().lower()},
        g.get_absolute_url(), _("Open the game"), g.campaign.name) for g in games]


def _overdue_aftermaths(leagues, now) -> list[Need]:
    """Aftermaths whose decision deadline passed without the defaults being taken (the
    deadline job is late or failing)."""
    grace = datetime.timedelta(seconds=2 * settings.CELERY_BEAT_SCHEDULE[
        "aftermath-deadlines"]["schedule"])
    rows = (Aftermath.objects.filter(crew__campaign__league_id__in=leagues,
                                     phase__in=DECIDING, deadline__lt=now - grace)
            .select_related("crew", "crew__campaign").order_by("deadline")[:LIMIT])
    return [Need("overdue_aftermath", _("%(crew)s's Aftermath (week %(week)s) is past its "
                                        "deadline.") % {"crew": a.crew, "week": a.week},
                 a.get_absolute_url(), _("Open the Aftermath"), a.crew.campaign.name)
            for a in rows]


def _turnovers_due(campaigns: list[Campaign], now) -> list[Need]:
    needs = []
    for campaign in campaigns:
        if campaign.status != Campaign.Status.RUNNING:
            continue
        following = (campaign.turned or 0) + 1
        if following > campaign.length_weeks + 1:
            continue
        due = calendar.turnover_at(campaign.start_date, campaign.weekday, following,
                                   hour=campaign.turnover_hour,
                                   time_zone=campaign.league.time_zone)
        if due <= now:
            needs.append(Need("turnover_due", _("Week %(week)s of %(campaign)s is waiting to "
                                                "turn over.") % {"week": following,
                                                                 "campaign": campaign},
                              reverse("campaign:weeks", args=[campaign.pk]),
                              _("Open the weeks"), campaign.name))
    return needs


def _failed_jobs(leagues, now) -> list[Need]:
    """Turnovers that gave up (and never succeeded since) and recent failed exports."""
    from exports.models import ExportJob

    later_success = TurnoverRun.objects.filter(
        campaign=OuterRef("campaign"), week_number=OuterRef("week_number"),
        status__in=[TurnoverRun.Status.SUCCEEDED, TurnoverRun.Status.SKIPPED])
    runs = (TurnoverRun.objects.filter(campaign__league_id__in=leagues,
                                       status=TurnoverRun.Status.GAVE_UP)
            .exclude(Exists(later_success)).select_related("campaign")[:LIMIT])
    exports = (ExportJob.objects.filter(campaign__league_id__in=leagues,
                                        state=ExportJob.State.FAILED,
                                        created_at__gte=now - datetime.timedelta(
                                            days=FAILED_EXPORT_DAYS))
               .select_related("campaign")[:LIMIT])
    return [
        *(Need("failed_job", _("The turnover of week %(week)s failed: %(error)s") % {
            "week": r.week_number, "error": r.error[:120]},
            reverse("campaign:week", args=[r.campaign_id, r.week_number]),
            _("Open the week"), r.campaign.name) for r in runs),
        *(Need("failed_job", _("An export (%(kind)s, %(format)s) failed: %(error)s") % {
            "kind": j.kind, "format": j.format, "error": j.error[:120]},
            j.get_absolute_url(), _("Open the export"), j.campaign.name) for j in exports),
    ]


def _join_requests(leagues) -> list[Need]:
    rows = (Membership.objects.filter(league_id__in=leagues, status=Membership.Status.REQUESTED)
            .select_related("user", "league").order_by("updated_at")[:LIMIT])
    return [Need("join_request", _("%(user)s asks to join %(league)s.") % {
        "user": m.user, "league": m.league}, m.league.get_absolute_url(),
        _("Decide"), "") for m in rows]

"""Who hears about what. Other apps' services call one function here per event, inside
their own transaction, so a rolled-back change notifies nobody (and its email, queued
on commit, never leaves).

Secrets stay with their owner: a notification goes to the people the event concerns,
and what only one player may know (their Bullet's name) is added to that player's
notification alone (``params_for``).
"""

from __future__ import annotations

from notifications import kinds
from notifications.services import notify_each


def league_managers(league) -> list:
    """The league's active admins and organizers."""
    from league.models import MANAGING_ROLES, Membership

    return [m.user for m in Membership.objects.filter(
        league=league, status=Membership.Status.ACTIVE, role__in=MANAGING_ROLES)
        .select_related("user").order_by("pk")]


def _game_name(sides) -> str:
    return " vs ".join(str(s) for s in sides)


def result_reported(report) -> list:
    """A player reported a result: the opponent confirms or disputes it."""
    game = report.game
    sides = list(game.sides.select_related("player", "crew"))
    return notify_each(
        [s.player for s in sides if s.player_id != report.reported_by_id],
        kinds.RESULT_TO_CONFIRM, key=f"report:{report.pk}", url=game.get_absolute_url(),
        params={"reporter": str(report.reported_by), "game": _game_name(sides),
                "score": f"{report.vp_a}-{report.vp_b}"})


def result_disputed(report) -> list:
    """A result was disputed: the campaign's organizers settle it."""
    game = report.game
    if not game.campaign_id:
        return []
    sides = list(game.sides.select_related("player", "crew"))
    return notify_each(
        league_managers(game.campaign.league), kinds.RESULT_DISPUTED,
        key=f"dispute:{report.pk}", url=game.get_absolute_url(),
        params={"player": str(report.answered_by), "game": _game_name(sides),
                "reason": report.reason})


def aftermath_waiting(aftermath) -> list:
    """An Aftermath reached a phase its player decides (once per phase)."""
    crew = aftermath.crew
    return notify_each(
        [crew.player], kinds.AFTERMATH_WAITING,
        key=f"aftermath:{aftermath.pk}:{aftermath.phase}", url=aftermath.get_absolute_url(),
        params={"crew": crew.name, "week": aftermath.week, "phase": aftermath.phase,
                "opponent": str(aftermath.opponent) if aftermath.opponent_id else "?"})


def week_began(week) -> list:
    """A week turned over: its event, and New Hires from week 2. A crew that drew a
    Bullet learns the name in its own notification only."""
    from campaign.models import BulletDraw, Crew
    from campaign.weeks import services as weeks
    from rules import tables

    campaign = week.campaign
    table = tables.weekly_events()
    events = [table.row(key) for key in weeks.event_chain(week)]
    crews = list(campaign.crews.filter(status=Crew.Status.ACTIVE).select_related("player"))
    draws = {d.crew.player_id: d.target.name for d in BulletDraw.objects.filter(
        week=week, crew__in=crews).select_related("crew", "target")}
    return notify_each(
        [c.player for c in crews], kinds.NEW_WEEK, key=f"week:{week.pk}",
        url=week_url(week),
        params={"campaign": campaign.name, "week": week.number,
                "event": events[-1].name if events else "?",
                "new_hires": week.number > 1,
                "lines": [f"{e.name}: {e.summary}" for e in events]},
        params_for=lambda user: ({"bullet_target": draws[user.pk]} if user.pk in draws
                                 else {}))


def week_url(week) -> str:
    from django.urls import reverse

    return reverse("campaign:week", args=[week.campaign_id, week.number])


def check_in_opened(night) -> list:
    """An organizer opened a campaign night: its players check in."""
    from campaign.models import Crew

    campaign = night.campaign
    players = [c.player for c in campaign.crews.filter(status=Crew.Status.ACTIVE)
               .select_related("player")]
    return notify_each(players, kinds.CHECK_IN_OPEN, key=f"night:{night.pk}",
                       url=night.get_absolute_url(),
                       params={"campaign": campaign.name, "date": night.date.isoformat()})


def auto_resolve_requested(*, game, requested_by, request_key: str | int = "") -> list:
    """The opponent of ``requested_by`` is asked to let the simulator play ``game``.

    ``autoresolve.services.resolve.request_resolve`` calls this with the run's id as
    ``request_key``, so a later request (after a withdrawn one) notifies again.
    """
    sides = list(game.sides.select_related("player", "crew"))
    return notify_each(
        [s.player for s in sides if s.player_id != requested_by.pk],
        kinds.AUTO_RESOLVE_REQUEST, key=f"auto-resolve:{game.pk}:{request_key}",
        url=game.get_absolute_url(),
        params={"opponent": str(requested_by), "game": _game_name(sides)})


def join_requested(membership) -> list:
    """Someone asked to join a league: its admins and organizers decide."""
    league = membership.league
    stamp = int(membership.updated_at.timestamp()) if membership.updated_at else 0
    return notify_each(league_managers(league), kinds.JOIN_REQUEST,
                       key=f"join:{membership.pk}:{stamp}", url=league.get_absolute_url(),
                       params={"user": str(membership.user), "league": league.name})


def job_failed(*, campaign, job: str, error: str, key: str, url: str = "", **details) -> list:
    """A background job gave up: the campaign's organizers look at it. ``job`` is a key of
    ``kinds.JOBS`` (its ``details``, e.g. the week, fill its name)."""
    return notify_each(league_managers(campaign.league), kinds.JOB_FAILED, key=key,
                       url=url or campaign.get_absolute_url(),
                       params={"job": job, "campaign": campaign.name, "error": error[:200],
                               **details})


# --- Malediction ------------------------------------------------------------------------


def _mal_players(side) -> str:
    return " & ".join(str(seat.player) for seat in side.seats.all())


def _mal_match_name(match, sides) -> str:
    name = " vs ".join(_mal_players(s) for s in sides)
    return f"{name} ({match.event})" if match.event_id else name


def malediction_round_paired(round) -> list:
    """A Malediction round was paired: each player hears their opponents and table (or
    their bye), with a link to their match. Keyed by the pairing's time, so a round
    paired again after an unpairing notifies again, and a retried job never twice."""
    from django.db.models import Prefetch

    from malediction.models import Match, MatchSide, Seat
    from notifications.services import notify

    if round.paired_at is None:
        return []
    event = round.event
    key = f"mal-round:{round.pk}:{round.paired_at.timestamp():.6f}"
    seats = Seat.objects.select_related("player").order_by("id")
    sides = MatchSide.objects.order_by("key").prefetch_related(Prefetch("seats", seats))
    made = []
    for match in (Match.objects.filter(round=round).order_by("table", "id")
                  .prefetch_related(Prefetch("sides", sides))):
        by_key = {s.key: s for s in match.sides.all()}
        for side in by_key.values():
            other = by_key.get("b" if side.key == "a" else "a")
            params = {"event": event.name, "round": round.number, "table": match.table,
                      "bye": match.is_bye or other is None,
                      "opponents": _mal_players(other) if other else ""}
            for seat in side.seats.all():
                notification = notify(seat.player, kinds.MALEDICTION_PAIRED, key=key,
                                      url=match.get_absolute_url(), params=params)
                if notification is not None:
                    made.append(notification)
    return made


def malediction_result_reported(report) -> list:
    """A Malediction result was reported: the other side confirms or disputes it (as a
    Malifaux game's opponent does; the same kind, so the same email choice)."""
    match = report.match
    sides = list(match.sides.prefetch_related("seats__player"))
    return notify_each(
        [seat.player for side in sides if side.key != report.reporter_side
         for seat in side.seats.all()],
        kinds.RESULT_TO_CONFIRM, key=f"mal-report:{report.pk}", url=match.get_absolute_url(),
        params={"reporter": str(report.reported_by), "game": _mal_match_name(match, sides),
                "score": f"{report.mastery_a}-{report.mastery_b}"})


def malediction_result_disputed(report) -> list:
    """A Malediction result was disputed: the league's organizers rule on it."""
    match = report.match
    if not match.event_id:
        return []
    sides = list(match.sides.prefetch_related("seats__player"))
    return notify_each(
        league_managers(match.event.league), kinds.RESULT_DISPUTED,
        key=f"mal-dispute:{report.pk}", url=match.get_absolute_url(),
        params={"player": str(report.answered_by), "game": _mal_match_name(match, sides),
                "reason": report.reason})

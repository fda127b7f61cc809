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

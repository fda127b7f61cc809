"""Shared pieces of the Malediction services: the error, locking, permissions, the log."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import F
from django.utils.translation import gettext

from league import permissions as league_permissions
from malediction.models import Event, Match, MatchLog, MatchSide


class MaledictionError(ValueError):
    """A rule refuses the request; the message says what to do instead. ``problems``
    holds every reason when there are several (a war band's validation)."""

    def __init__(self, message: str, problems: list[str] | None = None):
        super().__init__(message)
        self.problems = list(problems or [message])


def can_manage_event(user, event: Event) -> bool:
    return league_permissions.can_manage_league(user, event.league)


def require_organizer(user, event: Event) -> None:
    if not can_manage_event(user, event):
        raise PermissionDenied(gettext("Only the league's admins and organizers may do this."))


def lock_match(match: Match | int) -> Match:
    pk = match.pk if isinstance(match, Match) else match
    return Match.objects.select_for_update(of=("self",)).select_related(
        "event__league").get(pk=pk)


def side_of(match: Match, user) -> MatchSide | None:
    """The side ``user`` plays in ``match`` (any seat of it), or None."""
    if not user.is_authenticated:
        return None
    for side in match.sides.prefetch_related("seats"):
        if any(seat.player_id == user.pk for seat in side.seats.all()):
            return side
    return None


def is_match_organizer(user, match: Match) -> bool:
    if match.event_id:
        return can_manage_event(user, match.event)
    return bool(user.is_authenticated and user.is_staff)


def require_match_player(user, match: Match) -> MatchSide:
    side = side_of(match, user)
    if side is None:
        raise PermissionDenied(gettext("Only the match's players may do this."))
    return side


def require_player_or_organizer(user, match: Match) -> MatchSide | None:
    side = side_of(match, user)
    if side is None and not is_match_organizer(user, match):
        raise PermissionDenied(
            gettext("Only the match's players or the event's organizers may do this."))
    return side


def move(match: Match, target: str) -> None:
    Match.LIFECYCLE.check(match.state, target)
    match.state = target


def touch(match: Match) -> None:
    """Bump the version the tracker polls, so every phone refreshes."""
    Match.objects.filter(pk=match.pk).update(version=F("version") + 1)


def log(match: Match, text: str, *, actor=None) -> None:
    MatchLog.objects.create(match=match, text=text[:250], actor=actor)
    touch(match)

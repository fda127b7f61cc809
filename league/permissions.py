"""Who may do what in a league. Pages, API permission classes and services all ask here.

The rules: site staff may do everything; a league's active admins and organizers manage
it (members, invitations, campaigns); active members read members-only pages.
"""

from __future__ import annotations

from league.models import MANAGING_ROLES, League, Membership, Role


def membership(user, league: League) -> Membership | None:
    """The user's active membership of the league, or None."""
    if not user.is_authenticated:
        return None
    # One row at most; ordered by id, not by the model's ordering (league, role, username),
    # which joins the league and the user tables on every permission check.
    return Membership.objects.filter(
        league=league, user=user, status=Membership.Status.ACTIVE
    ).order_by("id").first()


def is_member(user, league: League) -> bool:
    return bool(user.is_authenticated and (user.is_staff or membership(user, league)))


def can_manage_league(user, league: League) -> bool:
    """Admins and organizers of the league (and site staff)."""
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    m = membership(user, league)
    return bool(m and m.role in MANAGING_ROLES)


def is_league_admin(user, league: League) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    m = membership(user, league)
    return bool(m and m.role == Role.ADMIN)


def can_manage_content(user) -> bool:
    """Content packs are shared by all leagues: staff and any league's admins/organizers."""
    if not user.is_authenticated:
        return False
    return user.is_staff or Membership.objects.filter(
        user=user, status=Membership.Status.ACTIVE, role__in=MANAGING_ROLES
    ).exists()

"""League writes: creating leagues, invitations, joining, approving, roles.

Every function is one transaction that re-reads the rows it changes under a lock and
re-checks the rule before writing, so a double click or two organizers acting at once
cannot create two memberships or over-use an invitation. Permission failures raise
``PermissionDenied``; rule failures raise ``LeagueError`` with a message for the user.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext

from league import permissions
from league.models import Invitation, League, Membership, Role, Ruleset
from notifications import events as notify


class LeagueError(ValueError):
    """A league rule refuses the request; the message says what to do instead."""


@dataclass(frozen=True)
class JoinResult:
    membership: Membership
    created: bool


#: Slugs that would be shadowed by other URLs (/leagues/new/, /leagues/join/...,
#: /api/leagues/join/), so a league page there could never be reached.
RESERVED_SLUGS = frozenset({"new", "join"})


def _unique_slug(name: str) -> str:
    base = slugify(name)[:120] or "league"
    slug, n = base, 2
    while slug in RESERVED_SLUGS or League.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


@transaction.atomic
def create_league(*, name: str, creator, description: str = "", time_zone: str = "UTC",
                  is_public: bool = True, default_ruleset: str = "m2e") -> League:
    """Create a league; its creator becomes its first admin."""
    if not creator.is_authenticated:
        raise PermissionDenied(gettext("Log in to create a league."))
    for _attempt in range(5):
        try:
            # A savepoint per attempt: a slug taken by a parallel request is retried.
            with transaction.atomic():
                league = League.objects.create(
                    name=name.strip(), slug=_unique_slug(name), description=description,
                    time_zone=time_zone, is_public=is_public, created_by=creator,
                    default_ruleset=_ruleset(default_ruleset),
                )
            break
        except IntegrityError:
            continue
    else:
        raise LeagueError(gettext("Could not pick a unique address for the league; try again."))
    Membership.objects.create(league=league, user=creator, role=Role.ADMIN)
    return league


#: League settings ``update_league`` may change.
SETTINGS = ("name", "description", "time_zone", "is_public", "default_ruleset")


def _ruleset(value: str) -> str:
    if value not in Ruleset.values:
        raise LeagueError(
            gettext("Unknown edition %(value)s: use one of %(join)s.")
            % {"value": repr(value), "join": ", ".join(Ruleset.values)}
        )
    return value


@transaction.atomic
def update_league(*, league: League, actor, **changes) -> League:
    """Change a league's settings (admins and organizers)."""
    unknown = set(changes) - set(SETTINGS)
    if unknown:
        raise LeagueError(
            gettext("These are not league settings: %(join)s.")
            % {"join": ", ".join(sorted(unknown))}
        )
    league = _lock_league(league)
    _require_manager(actor, league)
    if "default_ruleset" in changes:
        _ruleset(changes["default_ruleset"])
    for field, value in changes.items():
        setattr(league, field, value.strip() if field == "name" else value)
    league.save(update_fields=[*changes])
    return league


def _lock_league(league: League) -> League:
    """Serialize role changes and removals in one league (two admins demoting each other
    at once would otherwise lock each other's rows in opposite orders)."""
    return League.objects.select_for_update().get(pk=league.pk)


def _require_manager(actor, league: League) -> None:
    if not permissions.can_manage_league(actor, league):
        raise PermissionDenied(gettext("Only the league's admins and organizers may do this."))


@transaction.atomic
def create_invitation(
    *, league: League, actor, role: str = Role.PLAYER, max_uses=None, expires_at=None
) -> Invitation:
    """Organizers invite players; only league admins may invite organizers or admins."""
    _require_manager(actor, league)
    if role != Role.PLAYER and not permissions.is_league_admin(actor, league):
        raise PermissionDenied(gettext("Only league admins may invite organizers or admins."))
    if max_uses is not None and max_uses < 1:
        raise LeagueError(
            gettext("An invitation must allow at least one use (or leave it unlimited).")
        )
    if expires_at is not None and expires_at <= timezone.now():
        raise LeagueError(gettext("Choose an expiry in the future (or none)."))
    return Invitation.objects.create(
        league=league, role=role, created_by=actor, max_uses=max_uses, expires_at=expires_at
    )


@transaction.atomic
def revoke_invitation(*, invitation: Invitation, actor) -> Invitation:
    _require_manager(actor, invitation.league)
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    invitation.revoked = True
    invitation.save(update_fields=["revoked"])
    return invitation


@transaction.atomic
def accept_invitation(*, token: str, user) -> JoinResult:
    """Join through a link. A member keeps their role (a link never demotes anyone)."""
    if not user.is_authenticated:
        raise PermissionDenied(gettext("Log in (or sign up) to accept the invitation."))
    invitation = Invitation.objects.select_for_update().filter(token=token).first()
    if invitation is None:
        raise LeagueError(
            gettext("This invitation link is not valid; check it or ask for a new one.")
        )
    refusal = invitation.refusal()
    if refusal:
        raise LeagueError(refusal)
    existing = (
        Membership.objects.select_for_update().filter(league=invitation.league, user=user).first()
    )
    if existing and existing.is_active:
        return JoinResult(existing, created=False)
    if existing:
        existing.status = Membership.Status.ACTIVE
        existing.role = invitation.role
        existing.save(update_fields=["status", "role", "updated_at"])
        membership, created = existing, False
    else:
        membership = Membership.objects.create(
            league=invitation.league, user=user, role=invitation.role
        )
        created = True
    invitation.uses += 1
    invitation.save(update_fields=["uses"])
    return JoinResult(membership, created)


@transaction.atomic
def request_to_join(*, league: League, user) -> Membership:
    if not user.is_authenticated:
        raise PermissionDenied(gettext("Log in to ask to join a league."))
    if not league.is_public:
        raise LeagueError(gettext("This league accepts members by invitation only."))
    existing = Membership.objects.select_for_update().filter(league=league, user=user).first()
    if existing:
        if existing.is_active:
            raise LeagueError(gettext("You are already a member of this league."))
        if existing.status == Membership.Status.REQUESTED:
            return existing
        existing.status = Membership.Status.REQUESTED
        existing.role = Role.PLAYER
        existing.save(update_fields=["status", "role", "updated_at"])
        notify.join_requested(existing)
        return existing
    try:
        with transaction.atomic():
            membership = Membership.objects.create(
                league=league, user=user, role=Role.PLAYER, status=Membership.Status.REQUESTED
            )
    except IntegrityError:  # a parallel request won the race (and notified): return its row
        return Membership.objects.get(league=league, user=user)
    notify.join_requested(membership)
    return membership


@transaction.atomic
def decide_request(*, membership: Membership, actor, approve: bool) -> Membership:
    _require_manager(actor, membership.league)
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    if membership.status != Membership.Status.REQUESTED:
        raise LeagueError(gettext("This request was already decided."))
    membership.status = Membership.Status.ACTIVE if approve else Membership.Status.DECLINED
    membership.decided_by = actor
    membership.save(update_fields=["status", "decided_by", "updated_at"])
    return membership


@transaction.atomic
def change_role(*, membership: Membership, actor, role: str) -> Membership:
    """League admins change roles; a league always keeps at least one admin."""
    league = membership.league
    if not permissions.is_league_admin(actor, league):
        raise PermissionDenied(gettext("Only league admins may change roles."))
    if role not in Role.values:
        raise LeagueError(gettext("Unknown role %(role)s.") % {"role": repr(role)})
    _lock_league(league)
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    if not membership.is_active:
        raise LeagueError(gettext("Only active members have a role to change."))
    if membership.role == Role.ADMIN and role != Role.ADMIN:
        _keep_an_admin(league, leaving=membership)
    membership.role = role
    membership.save(update_fields=["role", "updated_at"])
    return membership


@transaction.atomic
def remove_member(*, membership: Membership, actor) -> Membership:
    """Admins remove anyone; organizers remove players; anyone may leave."""
    league = membership.league
    _lock_league(league)
    # Decide on the current row (locked), not on a copy that may predate a role change.
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    leaving_self = membership.user_id == actor.pk
    if not leaving_self:
        if membership.role != Role.PLAYER and not permissions.is_league_admin(actor, league):
            raise PermissionDenied(gettext("Only league admins may remove organizers or admins."))
        _require_manager(actor, league)
    if membership.role == Role.ADMIN:
        _keep_an_admin(league, leaving=membership)
    membership.status = Membership.Status.LEFT
    membership.save(update_fields=["status", "updated_at"])
    return membership


def _keep_an_admin(league: League, *, leaving: Membership) -> None:
    admins = (
        Membership.objects.select_for_update()
        .filter(league=league, role=Role.ADMIN, status=Membership.Status.ACTIVE)
        .exclude(pk=leaving.pk)
    )
    if not admins.exists():
        raise LeagueError(
            gettext("A league needs at least one admin: make someone else admin first.")
        )

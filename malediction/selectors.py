"""What a viewer may read. ``visible_list`` is the one place that decides whether a
submitted war band list is shown: a locked list before its reveal is a secret."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from league.models import League, Membership
from malediction.models import Event, WarBand


def visible_events(user) -> QuerySet[Event]:
    """Events of public leagues and of the user's leagues."""
    events = Event.objects.select_related("league").order_by("-created_at", "-id")
    if not user.is_authenticated:
        return events.filter(league__is_public=True)
    if user.is_staff:
        return events
    mine = Membership.objects.filter(user=user, status=Membership.Status.ACTIVE)
    return events.filter(Q(league__is_public=True)
                         | Q(league__in=League.objects.filter(memberships__in=mine)))


def war_bands_of(user) -> QuerySet[WarBand]:
    if not user.is_authenticated:
        return WarBand.objects.none()
    return WarBand.objects.filter(owner=user).select_related("seeker").order_by("name")


def can_see_list(registration, viewer, *, now=None) -> bool:
    """The one rule for a submitted list: its player and the organizers always; anyone
    who may see the event once the event is finished; before that, a locked list is
    shown when the event's setting says (open lists: once locked; revealed when paired:
    to the opponents of a paired match). An unlocked list is a draft only its player sees."""
    from django.utils import timezone

    from league.permissions import can_manage_league
    from malediction.models import Event, Reveal, Seat

    if not registration.submitted_at:
        return False
    event = registration.event
    if viewer.is_authenticated and (viewer.pk == registration.player_id
                                    or can_manage_league(viewer, event.league)):
        return True
    if not visible_events(viewer).filter(pk=event.pk).exists():
        return False
    if event.state == Event.State.FINISHED:
        return True
    if (now or timezone.now()) < event.list_deadline:
        return False
    if event.reveal == Reveal.OPEN:
        return True
    if not viewer.is_authenticated:
        return False
    mine = Seat.objects.filter(player=viewer, side__match__event=event).values("side__match")
    return Seat.objects.filter(registration=registration, side__match__in=mine,
                               side__match__is_bye=False).exists()


def visible_list_ids(event, viewer) -> set[int]:
    """The registrations of ``event`` whose list ``viewer`` may read (``can_see_list``
    for each, in a fixed number of queries)."""
    from django.utils import timezone

    from league.permissions import can_manage_league
    from malediction.models import Event, Reveal, Seat

    submitted = {r.pk: r.player_id for r in event.registrations.exclude(submitted_at=None)}
    if viewer.is_authenticated and can_manage_league(viewer, event.league):
        return set(submitted)
    own = {pk for pk, player in submitted.items()
           if viewer.is_authenticated and player == viewer.pk}
    if not visible_events(viewer).filter(pk=event.pk).exists():
        return own
    if event.state == Event.State.FINISHED or (
            timezone.now() >= event.list_deadline and event.reveal == Reveal.OPEN):
        return set(submitted)
    if timezone.now() < event.list_deadline or not viewer.is_authenticated:
        return own
    mine = Seat.objects.filter(player=viewer, side__match__event=event,
                               side__match__is_bye=False).values("side__match")
    opponents = set(Seat.objects.filter(side__match__in=mine, registration__isnull=False)
                    .values_list("registration_id", flat=True))
    return own | (opponents & set(submitted))


def can_view_event(user, event) -> bool:
    return visible_events(user).filter(pk=event.pk).exists()

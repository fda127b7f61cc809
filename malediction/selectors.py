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


def rounds_on_night(night, user) -> list:
    """The Malediction rounds played on a league night, of the events ``user`` may see
    (for the night's page)."""
    from malediction.models import Round

    return list(Round.objects.filter(night=night, event__in=visible_events(user))
                .select_related("event").order_by("event__name", "number"))


def can_view_event(user, event) -> bool:
    return visible_events(user).filter(pk=event.pk).exists()


def home_needs(user, limit: int = 20) -> list[tuple[str, str, str, str, str]]:
    """What waits for ``user`` in Malediction, for the home page and /api/home/:
    (kind, sentence, url, button, event) for results to confirm, lists to submit before
    the deadline, paired matches to play; an organizer's disputes. Three queries (five
    when a result waits)."""
    from django.utils import timezone
    from django.utils.formats import date_format
    from django.utils.translation import gettext as _

    from league.permissions import MANAGING_ROLES
    from league.result_flow import ReportStatus
    from malediction.models import Match, MatchReport, Registration, Seat

    needs = []
    reports = list(MatchReport.objects.filter(status=ReportStatus.PENDING,
                                              match__state=Match.State.REPORTED,
                                              match__sides__seats__player=user)
                   .exclude(reported_by=user).values_list("pk", flat=True)
                   .distinct()[:limit])
    if reports:
        my_side = dict(Seat.objects.filter(player=user, side__match__reports__in=reports)
                       .values_list("side__match_id", "side__key"))
        for r in (MatchReport.objects.filter(pk__in=reports)
                  .select_related("match__event", "reported_by")):
            if my_side.get(r.match_id) == r.reporter_side:
                continue  # a teammate reported: the other side confirms
            needs.append(("malediction_confirm", _(
                "%(reporter)s reported %(a)s-%(b)s in Malediction: confirm or dispute it.")
                % {"reporter": r.reported_by, "a": r.mastery_a, "b": r.mastery_b},
                r.match.get_absolute_url(), _("Confirm the result"), str(r.match.event)))
    for reg in (Registration.objects.filter(player=user, submitted_at=None,
                                            event__list_deadline__gt=timezone.now())
                .select_related("event")[:limit]):
        needs.append(("malediction_list", _("Submit your war band list before %(when)s.")
                      % {"when": date_format(timezone.localtime(reg.event.list_deadline),
                                        "DATETIME_FORMAT")},
                      reg.event.get_absolute_url(), _("Submit the list"), str(reg.event)))
    # Matches to play and, for an organizer, disputes in their leagues: one query.
    to_play = Q(sides__seats__player=user, is_bye=False,
                state__in=[Match.State.SET_UP, Match.State.IN_PLAY])
    disputed = Q(state=Match.State.DISPUTED, event__league__memberships__user=user,
                 event__league__memberships__role__in=MANAGING_ROLES,
                 event__league__memberships__status="active")
    for match in (Match.objects.filter(to_play | disputed).select_related("event")
                  .distinct().order_by("id")[:limit]):
        if match.state == Match.State.DISPUTED:
            needs.append(("malediction_dispute", _("A Malediction result is disputed."),
                          match.get_absolute_url(), _("Rule on it"), str(match.event)))
        else:
            needs.append(("malediction_match", _("Your Malediction match at table %(t)s.")
                          % {"t": match.table or "-"}, match.get_absolute_url(),
                          _("Open the match"), str(match.event or "")))
    return needs[:limit]

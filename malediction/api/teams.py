"""An event's teams as an API (Allegiance 2v2, Nemesis 2v1): anyone who sees the event
lists them; its organizers set one (by name: a new one, or its players changed) or remove
one, until the first round is paired. Mixed into ``play.EventViewSet``."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import action
from rest_framework.response import Response

from config import fields
from malediction.models import Event, Team
from malediction.services import events
from malediction.services.common import MaledictionError, can_manage_event


class MalTeamSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    is_nemesis = serializers.BooleanField()
    registrations = serializers.ListField(child=serializers.IntegerField())
    players = serializers.ListField(child=serializers.CharField())


class MalTeamInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    members = fields.ListField(child=serializers.IntegerField(min_value=1, max_value=2**62),
                               max_length=2, min_length=1,
                               help_text="Registration ids: two, or the Nemesis alone.")
    is_nemesis = serializers.BooleanField(default=False)


class MalTeamRemoveSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)


def _teams(event: Event) -> list[dict]:
    regs = list(event.registrations.select_related("player").filter(team__isnull=False))
    return [{"id": t.pk, "name": t.name, "is_nemesis": t.is_nemesis,
             "registrations": [r.pk for r in regs if r.team_id == t.pk],
             "players": [str(r.player) for r in regs if r.team_id == t.pk]}
            for t in event.teams.all()]


def _organizer(request, event: Event) -> None:
    """Who asks before what is asked."""
    if not can_manage_event(request.user, event):
        raise PermissionDenied(gettext("Only the league's admins and organizers may do this."))


def _refused(exc: MaledictionError) -> Response:
    return Response({"detail": str(exc), "problems": exc.problems},
                    status=status.HTTP_400_BAD_REQUEST)


class EventTeamActions:
    @extend_schema(methods=["GET"], responses={200: MalTeamSerializer(many=True)})
    @extend_schema(methods=["POST"], request=MalTeamInputSerializer,
                   responses={200: MalTeamSerializer(many=True), 400: OpenApiTypes.OBJECT,
                              403: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["get", "post"], url_path="teams", url_name="teams")
    def teams(self, request, pk=None):
        """The event's teams; POST sets one (the organizers, before round one is paired)."""
        event = self.get_object()
        if request.method == "POST":
            _organizer(request, event)
            data = MalTeamInputSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            wanted = set(data.validated_data["members"])
            regs = list(event.registrations.filter(pk__in=wanted))
            if len(regs) != len(wanted):
                return Response({"members": [gettext("Players registered in this event only.")]},
                                status=status.HTTP_400_BAD_REQUEST)
            try:
                events.set_team(event=event, actor=request.user, registrations=regs,
                                name=data.validated_data["name"],
                                is_nemesis=data.validated_data["is_nemesis"])
            except MaledictionError as exc:
                return _refused(exc)
        return Response(_teams(event))

    @extend_schema(request=MalTeamRemoveSerializer,
                   responses={200: MalTeamSerializer(many=True), 400: OpenApiTypes.OBJECT,
                              403: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["post"], url_path="remove-team", url_name="remove-team")
    def remove_team(self, request, pk=None):
        """Undo a team (its players free again), before round one is paired."""
        event = self.get_object()
        _organizer(request, event)
        data = MalTeamRemoveSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        team = Team.objects.filter(event=event, name=data.validated_data["name"].strip()).first()
        if team is None:
            return Response({"name": [gettext("No such team in this event.")]},
                            status=status.HTTP_400_BAD_REQUEST)
        try:
            events.remove_team(event=event, actor=request.user, team=team)
        except MaledictionError as exc:
            return _refused(exc)
        return Response(_teams(event))

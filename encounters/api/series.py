"""Linked Games between two players: five Story Encounters, total VP decides."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from encounters.api.record import game_data
from encounters.models import LinkedSeries
from encounters.services import series as series_services


class SeriesStartSerializer(serializers.Serializer):
    opponent = serializers.SlugRelatedField(slug_field="username",
                                            queryset=get_user_model().objects.all())
    size = serializers.IntegerField(min_value=10, max_value=100)
    faction = serializers.CharField(max_length=30)
    leader = serializers.CharField(max_length=120)


class SeriesDeclareSerializer(serializers.Serializer):
    faction = serializers.CharField(max_length=30)
    leader = serializers.CharField(max_length=120)


class SeriesNextSerializer(serializers.Serializer):
    spoils = serializers.CharField(max_length=40, required=False, allow_blank=True)
    choice = serializers.CharField(max_length=60, required=False, allow_blank=True)


def series_data(series) -> dict:
    info = series_services.summary(series)
    return {
        "id": series.pk, "size": series.size,
        "players": {"a": str(series.player_a), "b": str(series.player_b)},
        "factions": {"a": series.faction_a, "b": series.faction_b},
        "leaders": {"a": series.leader_a, "b": series.leader_b},
        "games": [{"id": g.pk, "number": g.series_number, "state": g.state,
                   "spoils": g.spoils} for g in info.games],
        "totals": info.totals, "complete": info.complete, "winner": info.winner,
        "spoils_to": info.spoils_to,
    }


class SeriesViewSet(viewsets.GenericViewSet):
    """Linked Games between two players: five Story Encounters, total VP decides."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    serializer_class = SeriesStartSerializer
    queryset = LinkedSeries.objects.select_related("player_a", "player_b")

    def _data(self, serializer_class) -> dict:
        """The validated body; a write to one series is first refused (403) to anyone but
        its two players, so they never see field errors."""
        if "pk" in self.kwargs:
            series = self.get_object()
            if self.request.user.pk not in (series.player_a_id, series.player_b_id):
                raise PermissionDenied(gettext("Only the series' two players may do this."))
        serializer = serializer_class(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    @extend_schema(responses={200: dict})
    def retrieve(self, request, pk=None):
        return Response(series_data(self.get_object()))

    @extend_schema(request=SeriesStartSerializer, responses={201: dict})
    def create(self, request):
        series = series_services.start_series(actor=request.user, **self._data(
            SeriesStartSerializer))
        return Response(series_data(series), status=status.HTTP_201_CREATED)

    @extend_schema(request=SeriesDeclareSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def declare(self, request, pk=None):
        series = series_services.declare(series=self.get_object(), actor=request.user,
                                         **self._data(SeriesDeclareSerializer))
        return Response(series_data(series))

    @extend_schema(request=SeriesNextSerializer, responses={201: dict})
    @action(detail=True, methods=["post"], url_path="next-game")
    def next_game(self, request, pk=None):
        data = self._data(SeriesNextSerializer)
        game = series_services.next_game(series=self.get_object(), actor=request.user,
                                         spoils=data.get("spoils") or None,
                                         choice=data.get("choice") or None)
        return Response(game_data(game, request.user), status=status.HTTP_201_CREATED)

"""API views of the rules engine: duel odds and the flip record."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from rules import services
from rules.engine.odds import duel_odds
from rules.selectors import visible_flips
from rules.serializers import (
    DuelOddsRequestSerializer,
    DuelOddsResponseSerializer,
    FlipRecordSerializer,
    ServerFlipRequestSerializer,
    TableFlipRequestSerializer,
)


class DuelOddsView(APIView):
    """Exact odds of a duel: a pure calculation, open to everyone, writes nothing."""

    permission_classes = [AllowAny]

    @extend_schema(
        request=DuelOddsRequestSerializer,
        responses={200: DuelOddsResponseSerializer},
        examples=[
            OpenApiExample(
                "Opposed duel with damage",
                value={
                    "attacker": {"stat": 6, "positive": 1},
                    "defender": {"stat": 5},
                    "damage": "2/3/4",
                },
                request_only=True,
            )
        ],
    )
    def post(self, request):
        serializer = DuelOddsRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        odds = duel_odds(serializer.validated_data["spec"])
        return Response(odds.as_dict())


class FlipViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Flips made by the server or entered from the table; each user sees their own."""

    serializer_class = FlipRecordSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        return visible_flips(self.request.user)

    @extend_schema(request=ServerFlipRequestSerializer, responses={201: FlipRecordSerializer})
    def create(self, request):
        """Flip from a freshly seeded Fate Deck (the highest allowed card is chosen)."""
        data = self._validated(ServerFlipRequestSerializer)
        record = services.server_flip(actor=request.user, **data)
        return Response(FlipRecordSerializer(record).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=TableFlipRequestSerializer, responses={201: FlipRecordSerializer})
    @action(detail=False, methods=["post"])
    def table(self, request):
        """Record cards flipped at the table; they are checked against the flip rules."""
        data = self._validated(TableFlipRequestSerializer)
        record = services.record_table_flip(actor=request.user, **data)
        return Response(FlipRecordSerializer(record).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: FlipRecordSerializer})
    @action(detail=True, methods=["get"])
    def replay(self, request, pk=None):
        """Replay a server flip from its stored seed and say whether the cards match."""
        record = self.get_object()
        result = services.replay(record)
        body = FlipRecordSerializer(record).data
        body["replay"] = (
            None if result is None else {"matches": result.matches, "cards": list(result.cards)}
        )
        return Response(body)

    def _validated(self, serializer_class) -> dict:
        serializer = serializer_class(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

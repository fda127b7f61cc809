"""API of the content catalogue: read-only cards and packs, pack export and import.

Reading is open to everyone. Importing is for ``can_manage_content`` users (staff and
league admins/organizers); the importer validates every row and answers 400 with each
row's errors, writing nothing, or 201 with what it imported.
"""

from __future__ import annotations

from django.db.models import Count
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.response import Response

from catalogue import selectors
from catalogue.coverage import card_coverage_dict, coverage_of_pack, model_coverage
from catalogue.exporter import export_pack_json
from catalogue.importer import MAX_UPLOAD_BYTES, import_pack
from catalogue.schema import STATIONS
from catalogue.serializers import (
    CardCoverageSerializer,
    CatalogueFilterSerializer,
    ImportErrorsSerializer,
    ImportQuerySerializer,
    ImportResultSerializer,
    ModelCardSerializer,
    PackCoverageSerializer,
    PackDocumentSerializer,
    PackSerializer,
    UpgradeCardSerializer,
)
from config.parsers import JSONParser
from league.permissions import can_manage_content


class CanManageContent(BasePermission):
    """Content packs are shared by every league: staff and league organizers manage them."""

    message = "Only staff and league admins or organizers may import content packs."

    def has_permission(self, request, view) -> bool:
        return can_manage_content(request.user)


FILTER_PARAMETERS = [
    OpenApiParameter("pack", str, description="Only cards of the pack with this slug."),
    OpenApiParameter("faction", str, description="A faction code, e.g. guild."),
    OpenApiParameter("station", str, enum=STATIONS),
    OpenApiParameter("search", str, description="Part of the card's name."),
]


class _FilteredCards(viewsets.ReadOnlyModelViewSet):
    permission_classes = [AllowAny]
    list_query = None  # one of catalogue.selectors' card queries

    def get_queryset(self):
        if self.action != "list":
            return type(self).list_query()
        params = CatalogueFilterSerializer(data=self.request.query_params)
        params.is_valid(raise_exception=True)
        return type(self).list_query(**params.validated_data)


@extend_schema_view(
    list=extend_schema(
        parameters=FILTER_PARAMETERS,
        description="Stat cards, filtered by pack, faction, station and name.",
    )
)
class ModelCardViewSet(_FilteredCards):
    serializer_class = ModelCardSerializer
    list_query = staticmethod(selectors.model_cards)

    @extend_schema(responses={200: CardCoverageSerializer})
    @action(detail=True, methods=["get"])
    def coverage(self, request, pk=None):
        """What the simulator plays of this card, element by element, with reasons."""
        return Response(card_coverage_dict(model_coverage(self.get_object())))


@extend_schema_view(
    list=extend_schema(
        parameters=FILTER_PARAMETERS,
        description=(
            "Upgrade cards. A faction filter keeps any-faction upgrades; a station filter "
            "keeps the upgrades that station may take."
        ),
    )
)
class UpgradeCardViewSet(_FilteredCards):
    serializer_class = UpgradeCardSerializer
    list_query = staticmethod(selectors.upgrade_cards)


class PackViewSet(viewsets.ReadOnlyModelViewSet):
    """Content packs; ``export`` gives a pack's document, ``import`` takes one."""

    serializer_class = PackSerializer
    permission_classes = [AllowAny]
    lookup_field = "slug"
    max_body_bytes = None  # the import action takes a pack as large as an upload

    def get_queryset(self):
        return selectors.packs().annotate(
            model_count=Count("models", distinct=True),
            upgrade_count=Count("upgrades", distinct=True),
        )

    @extend_schema(responses={200: PackCoverageSerializer})
    @action(detail=True, methods=["get"])
    def coverage(self, request, slug=None):
        """What the simulator plays of the pack: shares per role and every card's list."""
        pack = self.get_object()
        coverage, _ = coverage_of_pack(pack)
        return Response({"pack": pack.slug, "summary": coverage.summary,
                         "cards": [card_coverage_dict(card) for card in coverage.cards]})

    @extend_schema(responses={200: PackDocumentSerializer})
    @action(detail=True, methods=["get"])
    def export(self, request, slug=None):
        """The pack as a JSON document; importing it elsewhere reproduces the same cards."""
        return Response(export_pack_json(self.get_object()))

    @extend_schema(
        request=PackDocumentSerializer,
        parameters=[ImportQuerySerializer],
        responses={
            201: ImportResultSerializer,
            400: ImportErrorsSerializer,
            403: OpenApiTypes.OBJECT,
        },
    )
    @action(
        detail=False,
        methods=["post"],
        url_path="import",
        url_name="import",
        permission_classes=[CanManageContent],
        parser_classes=[JSONParser],
        max_body_bytes=MAX_UPLOAD_BYTES,
    )
    def import_document(self, request):
        """Import a pack document; nothing is written unless every row is valid."""
        options = ImportQuerySerializer(data=request.query_params)
        options.is_valid(raise_exception=True)
        result = import_pack(request.data, replace=options.validated_data["replace"])
        if not result.ok:
            body = {"detail": result.summary(), "errors": [e.as_dict() for e in result.errors]}
            return Response(body, status=status.HTTP_400_BAD_REQUEST)
        pack = self.get_queryset().get(pk=result.pack.pk)
        body = {
            "pack": PackSerializer(pack).data,
            "created": result.created,
            "models": result.models,
            "upgrades": result.upgrades,
            "removed": result.removed,
        }
        return Response(body, status=status.HTTP_201_CREATED)

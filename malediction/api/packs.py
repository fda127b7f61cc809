"""Packs and cards: open to read; import for ``can_manage_content`` users, answering 400
with every row's errors (nothing written) or 201 with what was imported."""

from __future__ import annotations

from django.db.models import Count, Prefetch
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.response import Response

from config.parsers import JSONParser
from league.permissions import can_manage_content
from malediction.forms import MAX_UPLOAD_BYTES
from malediction.models import Card, CardPack
from malediction.packs.exporter import export_pack
from malediction.packs.importer import import_pack
from malediction.serializers import (
    MalImportErrorsSerializer,
    MalImportQuerySerializer,
    MalImportResultSerializer,
    MalPackDetailSerializer,
    MalPackDocumentSerializer,
    MalPackSerializer,
)


class CanManageContent(BasePermission):
    message = "Only staff and league admins or organizers may import packs."

    def has_permission(self, request, view) -> bool:
        return can_manage_content(request.user)


class PackViewSet(viewsets.ReadOnlyModelViewSet):
    """Malediction packs with their cards; ``export`` gives the document, ``import`` takes one."""

    permission_classes = [AllowAny]
    lookup_field = "slug"
    max_body_bytes = None

    def get_queryset(self):
        packs = CardPack.objects.annotate(card_count=Count("cards")).order_by("name")
        if self.action == "retrieve":
            cards = Card.objects.select_related("pack", "seeker").prefetch_related("pieces")
            packs = packs.prefetch_related(Prefetch("cards", queryset=cards))
        return packs

    def get_serializer_class(self):
        return MalPackDetailSerializer if self.action == "retrieve" else MalPackSerializer

    @extend_schema(responses={200: MalPackDocumentSerializer})
    @action(detail=True, methods=["get"])
    def export(self, request, slug=None):
        """The pack as a JSON document; importing it elsewhere gives the same cards."""
        return Response(export_pack(self.get_object()))

    @extend_schema(request=MalPackDocumentSerializer, parameters=[MalImportQuerySerializer],
                   responses={201: MalImportResultSerializer, 400: MalImportErrorsSerializer,
                              403: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["post"], url_path="import", url_name="import",
            permission_classes=[CanManageContent], parser_classes=[JSONParser],
            max_body_bytes=MAX_UPLOAD_BYTES)
    def import_document(self, request):
        """Import a pack document; nothing is written unless every row is valid."""
        options = MalImportQuerySerializer(data=request.query_params)
        options.is_valid(raise_exception=True)
        result = import_pack(request.data, replace=options.validated_data["replace"])
        if not result.ok:
            return Response({"detail": result.summary(),
                             "errors": [e.as_dict() for e in result.errors]},
                            status=status.HTTP_400_BAD_REQUEST)
        pack = self.get_queryset().get(pk=result.pack.pk)
        return Response({"pack": MalPackSerializer(pack).data, "created": result.created,
                         "updated": result.updated}, status=status.HTTP_201_CREATED)

"""Serializers of the Malediction API (read shapes and input checks)."""

from __future__ import annotations

from rest_framework import serializers

from config import fields
from malediction.models import Card, CardPack, TerrainPiece


class MalTerrainPieceSerializer(serializers.ModelSerializer):
    class Meta:
        model = TerrainPiece
        fields = ["name", "size", "height", "count"]


class MalCardSerializer(serializers.ModelSerializer):
    pack = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    seeker = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    pieces = MalTerrainPieceSerializer(many=True, read_only=True)

    class Meta:
        model = Card
        fields = ["id", "pack", "slug", "name", "kind", "cost", "rank", "acc", "power_hit",
                  "power_graze", "range", "speed", "defense", "max_hp", "sigils", "subtype",
                  "abilities", "text", "seeker", "starting_echo", "pieces"]


class MalPackSerializer(serializers.ModelSerializer):
    card_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = CardPack
        fields = ["slug", "name", "version", "description", "is_sample", "card_count"]


class MalPackDetailSerializer(MalPackSerializer):
    cards = MalCardSerializer(many=True, read_only=True)

    class Meta(MalPackSerializer.Meta):
        fields = [*MalPackSerializer.Meta.fields, "cards"]


class MalPackDocumentSerializer(serializers.Serializer):
    """The pack document (``malediction.packs.schema``); the importer checks each row."""

    format = serializers.CharField(required=False)
    pack = fields.DictField(max_length=10)
    cards = fields.ListField(child=fields.DictField(max_length=30), max_length=2000)


class MalRowErrorSerializer(serializers.Serializer):
    row = serializers.IntegerField(allow_null=True)
    field = serializers.CharField(allow_null=True)
    message = serializers.CharField()
    text = serializers.CharField()


class MalImportErrorsSerializer(serializers.Serializer):
    detail = serializers.CharField()
    errors = MalRowErrorSerializer(many=True)


class MalImportResultSerializer(serializers.Serializer):
    pack = MalPackSerializer()
    created = serializers.IntegerField()
    updated = serializers.IntegerField()


class MalImportQuerySerializer(serializers.Serializer):
    replace = serializers.BooleanField(default=False)

"""API output of the content catalogue, and the shape of a pack document for the schema.

These serializers only *describe and render*; they never validate a pack. The rules of the
format live in ``catalogue.schema`` (shared with CSV, pages, admin and commands), so
the import endpoint hands the raw document to the importer and returns its row errors.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from catalogue.card_elements import ABILITY_KINDS, ACTION_KINDS, TRIGGER_TIMINGS
from catalogue.effects_json import MAX_EFFECTS
from catalogue.models import ContentPack, Faction, ModelCard, UpgradeCard
from catalogue.schema import (
    MAX_ROWS,
    MODEL_FIELDS,
    PACK_FIELDS,
    STATIONS,
    STATS,
    SUITS,
    UPGRADE_FIELDS,
    UPGRADE_STATIONS,
)
from config import fields


class _ReadingFields(serializers.Serializer):
    """Structured effects beside an element's text (format 2; the effect language)."""

    effects = fields.ListField(child=serializers.DictField(), required=False,
                               max_length=MAX_EFFECTS,
                                    help_text=gettext_lazy("Effects, each with a kind."))
    qualifiers = fields.DictField(required=False, max_length=20)
    unread = fields.ListField(child=serializers.CharField(), required=False,
                              max_length=MAX_EFFECTS,
                                   help_text=gettext_lazy("Sentences not read: not modelled."))


class AbilitySerializer(_ReadingFields):
    name = serializers.CharField()
    kind = serializers.ChoiceField(ABILITY_KINDS, required=False)
    suits = serializers.ListField(child=serializers.ChoiceField(SUITS), required=False,
                                  max_length=4)
    text = serializers.CharField(required=False)


class TriggerSerializer(_ReadingFields):
    suits = serializers.ListField(child=serializers.ChoiceField(SUITS), min_length=1)
    name = serializers.CharField()
    timing = serializers.ChoiceField(TRIGGER_TIMINGS, required=False)
    text = serializers.CharField(required=False)


class ConditionSerializer(_ReadingFields):
    name = serializers.CharField()
    text = serializers.CharField(required=False)


@extend_schema_field({"type": "string", "pattern": f"^({'|'.join(STATS)})$"})
class StatField(serializers.ChoiceField):
    """A stat name (Ml, Sh, Ca, Df, Wp...). A pattern, not an enum, in the schema: the
    action's stat and resist share one list, which as an enum would get two names."""

    def __init__(self, **kwargs):
        super().__init__(STATS, **kwargs)


class ActionSerializer(_ReadingFields):
    name = serializers.CharField()
    ap = serializers.IntegerField(required=False, min_value=0, max_value=3,
                                  help_text=gettext_lazy("AP cost; 1 when left out."))
    kind = serializers.ChoiceField(ACTION_KINDS, required=False)
    stat = StatField(required=False, help_text=gettext_lazy("The duel stat, e.g. Ml."))
    value = serializers.IntegerField(
        required=False, help_text=gettext_lazy("The stat's value, e.g. 6.")
    )
    suits = serializers.ListField(
        child=serializers.ChoiceField(SUITS),
        required=False,
        help_text=gettext_lazy("Suits built in."),
    )
    range = serializers.CharField(
        required=False,
        help_text=gettext_lazy('melee 2", 12", Pulse 6", Aura 3" or self (format 1: free text).'),
    )
    resist = serializers.CharField(required=False, help_text=gettext_lazy(
        'The stat the target resists with, or a choice: "Df or Wp".'))
    tn = serializers.IntegerField(required=False)
    tn_suits = serializers.ListField(child=serializers.ChoiceField(SUITS), required=False,
                                     max_length=4)
    damage = serializers.CharField(
        required=False, help_text=gettext_lazy("weak/moderate/severe, a b per Blast: 2/3b/4bb")
    )
    text = serializers.CharField(required=False)
    triggers = TriggerSerializer(many=True, required=False)


_FACTION_CODES = {"slug_field": "code", "many": True, "read_only": True}


class ModelRowSerializer(serializers.ModelSerializer):
    """A stat card as written in a pack document (no ids, factions by code)."""

    factions = serializers.SlugRelatedField(**_FACTION_CODES)
    characteristics = serializers.ListField(child=serializers.CharField(), read_only=True)
    abilities = AbilitySerializer(many=True, read_only=True)
    actions = ActionSerializer(many=True, read_only=True)

    class Meta:
        model = ModelCard
        fields = MODEL_FIELDS
        read_only_fields = MODEL_FIELDS


class UpgradeRowSerializer(serializers.ModelSerializer):
    """An upgrade card as written in a pack document; no factions means any faction."""

    factions = serializers.SlugRelatedField(**_FACTION_CODES)
    stations = serializers.ListField(
        child=serializers.ChoiceField(UPGRADE_STATIONS),
        read_only=True,
        help_text=gettext_lazy(
            "Stations that may take it; empty means any station that takes upgrades."
        ),
    )

    class Meta:
        model = UpgradeCard
        fields = UPGRADE_FIELDS
        read_only_fields = UPGRADE_FIELDS


class PackMetaSerializer(serializers.ModelSerializer):
    class Meta:
        model = ContentPack
        fields = PACK_FIELDS


class PackDocumentSerializer(serializers.Serializer):
    """The whole pack document (docs/content-packs.md): what export returns, import takes."""

    format = serializers.IntegerField(default=1, help_text=gettext_lazy(
        "1 or 2; the export writes 2."))
    pack = PackMetaSerializer()
    conditions = fields.ListField(child=ConditionSerializer(), required=False,
                                  max_length=MAX_ROWS)
    models = ModelRowSerializer(many=True, required=False, max_length=MAX_ROWS)
    upgrades = UpgradeRowSerializer(many=True, required=False, max_length=MAX_ROWS)


class ModelCardSerializer(ModelRowSerializer):
    pack = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    sample_data = serializers.BooleanField(
        source="pack.is_sample",
        read_only=True,
        help_text=gettext_lazy("From a sample pack: not real cards."),
    )
    upgrade_slots = serializers.IntegerField(read_only=True)
    can_use_soulstones = serializers.BooleanField(read_only=True)

    class Meta(ModelRowSerializer.Meta):
        fields = ("id", "pack", "sample_data", *MODEL_FIELDS, "upgrade_slots", "can_use_soulstones")
        read_only_fields = fields


class UpgradeCardSerializer(UpgradeRowSerializer):
    pack = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    sample_data = serializers.BooleanField(source="pack.is_sample", read_only=True)

    class Meta(UpgradeRowSerializer.Meta):
        fields = ("id", "pack", "sample_data", *UPGRADE_FIELDS)
        read_only_fields = fields


class PackSerializer(serializers.ModelSerializer):
    model_count = serializers.IntegerField(read_only=True)
    upgrade_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = ContentPack
        fields = (*PACK_FIELDS, "format_version", "model_count", "upgrade_count",
                  "created_at", "updated_at")
        read_only_fields = fields


class CatalogueFilterSerializer(serializers.Serializer):
    """Query parameters of the card lists; a bad station or faction is a 400, not a 500."""

    pack = serializers.SlugField(required=False, help_text=gettext_lazy("A pack slug."))
    faction = serializers.SlugField(
        required=False, help_text=gettext_lazy("A faction code, e.g. guild.")
    )
    station = serializers.ChoiceField(STATIONS, required=False)
    search = serializers.CharField(
        required=False, max_length=100, help_text=gettext_lazy("Part of a name.")
    )

    def validate_faction(self, code: str) -> str:
        if not Faction.objects.filter(code=code).exists():
            codes = ", ".join(Faction.objects.values_list("code", flat=True))
            raise serializers.ValidationError(
                gettext("Unknown faction %(code)s: use one of %(codes)s.")
                % {"code": repr(code), "codes": codes}
            )
        return code


class ImportQuerySerializer(serializers.Serializer):
    replace = serializers.BooleanField(
        default=False,
        help_text=gettext_lazy("Update the pack with the same slug instead of refusing."),
    )


class RowErrorSerializer(serializers.Serializer):
    section = serializers.CharField(
        help_text=gettext_lazy("document, file, pack, models or upgrades")
    )
    row = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("Row number, counted from 1.")
    )
    field = serializers.CharField(allow_null=True)
    message = serializers.CharField()
    card = serializers.CharField(help_text=gettext_lazy("The card's name (models rows)."))
    text = serializers.CharField(help_text=gettext_lazy("The whole message, ready to show."))


class ImportErrorsSerializer(serializers.Serializer):
    detail = serializers.CharField()
    errors = RowErrorSerializer(many=True)


class ImportResultSerializer(serializers.Serializer):
    pack = PackSerializer()
    created = serializers.BooleanField(
        help_text=gettext_lazy("False when an existing pack was replaced.")
    )
    models = serializers.IntegerField()
    upgrades = serializers.IntegerField()
    removed = serializers.IntegerField(
        help_text=gettext_lazy("Cards dropped because the new version lacks them.")
    )


class ElementCoverageSerializer(serializers.Serializer):
    """One ability, action or trigger: played, partly played or not modelled, and why."""

    role = serializers.ChoiceField(["attack", "tactical", "trigger", "ability"])
    name = serializers.CharField()
    of = serializers.CharField(required=False, help_text=gettext_lazy("A trigger's action."))
    label = serializers.CharField()
    status = serializers.ChoiceField(["played", "partly", "not_modelled"])
    played = serializers.ListField(child=serializers.CharField())
    reasons = serializers.ListField(child=serializers.CharField())
    line = serializers.CharField(required=False, help_text=gettext_lazy(
        "The element as a result's not-modelled list shows it (when not played in full)."))


class CardCoverageSerializer(serializers.Serializer):
    card = serializers.CharField()
    status = serializers.ChoiceField(["played", "partly", "not_modelled"])
    share_played = serializers.FloatField()
    counts = serializers.DictField(child=serializers.IntegerField())
    elements = ElementCoverageSerializer(many=True)


class PackCoverageSerializer(serializers.Serializer):
    pack = serializers.CharField()
    summary = serializers.DictField(help_text=gettext_lazy(
        "cards, cards_fully_played, all and by_role shares (elements, played, partly, "
        "not_modelled), top_reasons as [reason, count]."))
    cards = CardCoverageSerializer(many=True)

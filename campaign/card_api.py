"""``GET /api/crews/<id>/cards/``: the crew's stat cards as the sheet shows them
(effective stats with their printed values and causes, actions, abilities and what each
model carries). The roster PDF is at ``/campaigns/crews/<id>/roster.pdf``."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.selectors import arsenal_sheet, crew_queryset
from campaign.services.access import can_view_campaign
from campaign.stat_cards import StatCard, stat_cards


class CardChangeSerializer(serializers.Serializer):
    source = serializers.CharField(help_text=gettext_lazy("The injury, skill or upgrade."))
    delta = serializers.IntegerField()


class CardStatSerializer(serializers.Serializer):
    key = serializers.CharField()
    printed = serializers.IntegerField(allow_null=True)
    value = serializers.IntegerField(allow_null=True, help_text=gettext_lazy("After every effect."))
    changes = CardChangeSerializer(many=True)


class CardTriggerSerializer(serializers.Serializer):
    suits = serializers.ListField(child=serializers.CharField())
    name = serializers.CharField()
    text = serializers.CharField()


class CardActionSerializer(serializers.Serializer):
    name = serializers.CharField()
    stat = serializers.CharField()
    value = serializers.IntegerField(allow_null=True)
    printed_value = serializers.IntegerField(allow_null=True)
    suits = serializers.ListField(child=serializers.CharField())
    range = serializers.CharField()
    printed_range = serializers.CharField()
    resist = serializers.CharField()
    tn = serializers.IntegerField(allow_null=True)
    damage = serializers.CharField()
    text = serializers.CharField()
    triggers = CardTriggerSerializer(many=True)
    source = serializers.CharField(
        help_text=gettext_lazy("The upgrade granting it; empty for the card's.")
    )


class CardAttachmentSerializer(serializers.Serializer):
    name = serializers.CharField()
    kind = serializers.CharField()
    text = serializers.CharField()
    effects = serializers.CharField()


class CardAbilitySerializer(serializers.Serializer):
    name = serializers.CharField()
    text = serializers.CharField()


class StatCardSerializer(serializers.Serializer):
    model = serializers.IntegerField()
    name = serializers.CharField()
    station = serializers.CharField()
    is_leader = serializers.BooleanField()
    sample_data = serializers.BooleanField()
    misses_next_game = serializers.BooleanField()
    base_size = serializers.IntegerField()
    cache = serializers.IntegerField(allow_null=True)
    characteristics = serializers.ListField(child=serializers.CharField())
    cost = CardStatSerializer()
    stats = CardStatSerializer(many=True)
    abilities = CardAbilitySerializer(many=True)
    actions = CardActionSerializer(many=True)
    upgrades = CardAttachmentSerializer(many=True)
    skills = CardAttachmentSerializer(many=True)
    injuries = CardAttachmentSerializer(many=True)


def _stat(stat) -> dict:
    return {
        "key": stat.key,
        "printed": stat.base,
        "value": stat.value,
        "changes": [{"source": c.source, "delta": c.delta} for c in stat.changes],
    }


def card_data(card: StatCard) -> dict:
    def attached(rows):
        return [
            {"name": u.name, "kind": str(u.kind), "text": u.text, "effects": u.effects}
            for u in rows
        ]

    return {
        "model": card.model_id,
        "name": card.name,
        "station": card.station,
        "is_leader": card.is_leader,
        "sample_data": card.is_sample,
        "misses_next_game": card.misses_next_game,
        "base_size": card.base_size,
        "cache": card.cache,
        "characteristics": list(card.characteristics),
        "cost": _stat(card.cost),
        "stats": [_stat(s) for _label, s in card.stats],
        "abilities": [{"name": n, "text": t} for n, t in card.abilities],
        "actions": [
            {
                "name": a.name,
                "stat": a.stat,
                "value": a.value,
                "printed_value": a.printed_value,
                "suits": list(a.suits),
                "range": a.range,
                "printed_range": a.printed_range,
                "resist": a.resist,
                "tn": a.tn,
                "damage": a.damage,
                "text": a.text,
                "triggers": [
                    {"suits": list(t.suits), "name": t.name, "text": t.text} for t in a.triggers
                ],
                "source": a.source,
            }
            for a in card.actions
        ],
        "upgrades": attached(card.upgrades),
        "skills": attached(card.skills),
        "injuries": attached(card.injuries),
    }


class CrewCardsView(APIView):
    permission_classes = [permissions.AllowAny]  # reads follow the campaign's visibility

    @extend_schema(responses={200: StatCardSerializer(many=True)})
    def get(self, request, pk: int):
        crew = get_object_or_404(crew_queryset(), pk=pk)
        if not can_view_campaign(request.user, crew.campaign):
            raise PermissionDenied(
                gettext("This campaign is visible to its league's members only.")
            )
        return Response([card_data(c) for c in stat_cards(arsenal_sheet(crew).models)])

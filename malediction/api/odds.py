"""The attack odds as JSON: exact fractions ("n/d") with their float values."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from malediction.forms import AttackOddsForm


class MalAttackOddsRequestSerializer(serializers.Serializer):
    acc = serializers.IntegerField(required=False, allow_null=True, min_value=-20,
                                   max_value=30, help_text="Null is the null stat '-'.")
    power_hit = serializers.IntegerField(min_value=0, max_value=30)
    power_graze = serializers.IntegerField(min_value=0, max_value=30)
    defense = serializers.IntegerField(min_value=0, max_value=40)
    hp = serializers.IntegerField(min_value=1, max_value=99)


class AttackOddsView(APIView):
    """Chances of a critical hit (natural 20), hit, graze and critical graze (natural 1),
    the damage distribution and the chance to defeat the target within 1 to 5 attacks."""

    permission_classes = [AllowAny]

    @extend_schema(request=MalAttackOddsRequestSerializer,
                   responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT})
    def post(self, request):
        data = MalAttackOddsRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        form = AttackOddsForm({k: v for k, v in data.validated_data.items() if v is not None})
        form.is_valid()
        return Response(form.odds().to_dict())

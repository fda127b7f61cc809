"""The result: report, confirm or dispute it; an organizer's ruling."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import action

from encounters.api.common import GameActions
from encounters.services import results


class ReportSerializer(serializers.Serializer):
    vp_a = serializers.IntegerField(min_value=0, max_value=12)
    vp_b = serializers.IntegerField(min_value=0, max_value=12)


class DisputeSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=250)


class RulingSerializer(ReportSerializer):
    reason = serializers.CharField(max_length=250)


class ResultActions(GameActions):
    """Report, confirm or dispute the result; an organizer's ruling."""

    @extend_schema(request=ReportSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def report(self, request, pk=None):
        data = self._data(ReportSerializer)
        results.report_result(game=self.get_object(), actor=request.user, **data)
        return self._game()

    @extend_schema(request=None, responses={200: dict})
    @action(detail=True, methods=["post"])
    def confirm(self, request, pk=None):
        results.confirm_result(game=self.get_object(), actor=request.user)
        return self._game()

    @extend_schema(request=DisputeSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def dispute(self, request, pk=None):
        data = self._data(DisputeSerializer)
        results.dispute_result(game=self.get_object(), actor=request.user, **data)
        return self._game()

    @extend_schema(request=RulingSerializer, responses={200: dict})
    @action(detail=True, methods=["post"])
    def rule(self, request, pk=None):
        data = self._data(RulingSerializer)
        results.rule_result(game=self.get_object(), actor=request.user, **data)
        return self._game()

"""Aftermath API: read a crew's Aftermath and take its decisions one at a time.

Every response is built from ``aftermath.selectors``: the hand, the pending Cheat
question and what the open phase offers reach only the crew's player and the league's
organizers. Each POST action has the name and the input form the wizard page uses
(``aftermath.forms.ACTIONS``); bad input is a 400 with field errors, someone else's
Aftermath a 403, and refusals from the services a 400 (``config.api``).
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.response import Response

from aftermath.forms import ACTIONS, field_errors
from aftermath.models import Aftermath
from aftermath.selectors import (
    AftermathView,
    aftermath_view,
    aftermath_views,
    can_view,
    sees_secrets,
    visible_aftermaths,
)


def aftermath_data(view: AftermathView) -> dict:
    """The Aftermath as the viewer may see it."""
    a = view.aftermath
    data = {
        "id": a.pk, "game": a.game_id, "crew": a.crew_id, "crew_name": a.crew.name,
        "side": a.side_key, "opponent": a.opponent_id, "week": a.week,
        "phase": a.phase, "phase_label": a.get_phase_display(),
        "phases": [{"key": p.key, "label": p.label, "status": p.status} for p in view.phases],
        "deadline": a.deadline, "defaults_taken": a.defaults_taken, "version": a.version,
        "url": a.get_absolute_url(),
        "steps": [{"phase": s.phase, "description": s.description, "by_default": s.by_default,
                   "detail": _public_detail(s.detail), "at": s.created_at}
                  for s in view.steps],
        "secret": view.secret,
    }
    if view.secret:
        data.update(hand=view.hand, question=view.question)
        if view.decision:
            data["decision"] = view.decision
    return data


def _public_detail(detail: dict) -> dict:
    """Payday lines and Construction Material: the numbers a step shows on the page."""
    return {k: v for k, v in (detail or {}).items() if k in ("lines", "cm", "cost", "size")}


def _endpoint(name: str):
    def endpoint(self, request, pk=None):
        return self._act(request, name)

    endpoint.__name__ = name.replace("-", "_")
    endpoint.__doc__ = f"Aftermath decision {name!r} (input: the wizard's form of that name)."
    endpoint = action(detail=True, methods=["post"], url_path=name, url_name=name)(endpoint)
    return extend_schema(request=OpenApiTypes.OBJECT, responses={200: dict})(endpoint)


class AftermathViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """One crew's Aftermath of one game; decisions go through the Aftermath services."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    queryset = Aftermath.objects.none()

    def get_queryset(self):
        rows = visible_aftermaths(self.request.user).order_by("game_id", "side_key")
        game = self.request.query_params.get("game")
        if game is not None:
            if not (game.isascii() and game.isdigit()) or len(game) > 18:
                raise ValidationError({"game": ["A game id is a whole number."]})
            rows = rows.filter(game_id=int(game))
        return rows

    def get_object(self) -> Aftermath:
        aftermath = get_object_or_404(Aftermath.objects.select_related("game__campaign__league"),
                                      pk=self.kwargs["pk"])
        if not can_view(self.request.user, aftermath):
            raise NotFound()
        return aftermath

    @extend_schema(operation_id="aftermaths_list", responses={200: dict},
                   parameters=[OpenApiParameter("game", int, description="Only this game's")])
    def list(self, request):
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(
            [aftermath_data(v) for v in aftermath_views(page, request.user)])

    @extend_schema(parameters=[OpenApiParameter("change", int, description=(
        "A Hide Out's change to the open Barter card's value, for the offer"))],
        responses={200: dict})
    def retrieve(self, request, pk=None):
        try:
            change = int(request.query_params.get("change") or 0)
        except ValueError:
            raise ValidationError({"change": ["A whole number."]}) from None
        return Response(aftermath_data(aftermath_view(self.get_object(), request.user,
                                                      change=change)))

    def _act(self, request, name: str) -> Response:
        aftermath = self.get_object()
        if not sees_secrets(request.user, aftermath):
            raise PermissionDenied(gettext("Only the crew's player (or an organizer) takes its "
                                   "Aftermath."))
        spec = ACTIONS[name]
        data = {}
        if spec.form is not None:
            if not isinstance(request.data, dict):
                raise ValidationError({"non_field_errors": [gettext("Send an object of fields.")]})
            form = spec.form(request.data, aftermath=aftermath)
            if not form.is_valid():
                return Response(field_errors(form), status=status.HTTP_400_BAD_REQUEST)
            data = form.cleaned_data
        spec.run(aftermath, request.user, data)
        return Response(aftermath_data(aftermath_view(aftermath, request.user,
                                                      change=data.get("change") or 0)))


for _name in ACTIONS:
    setattr(AftermathViewSet, _name.replace("-", "_"), _endpoint(_name))

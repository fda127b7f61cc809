"""What every game action shares: the game looked up (404 when the viewer may not
see it), the body validated, the game answered as the viewer may see it."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from encounters.api.record import game_data
from encounters.models import Game
from encounters.selectors import can_view_game
from encounters.services.common import require_player_or_organizer

SIDES = [("a", gettext_lazy("Side A")), ("b", gettext_lazy("Side B"))]
#: More models than any crew hires; a longer list is refused before lookups.
MAX_HIRED = 50
MAX_ID = 2**63 - 1


class GameActions:
    """The base of each concern's actions; ``GameViewSet`` mixes them together."""

    def get_object(self) -> Game:
        game = get_object_or_404(Game, pk=self.kwargs["pk"])
        if not can_view_game(self.request.user, game):
            raise NotFound()
        return game

    def _data(self, serializer_class) -> dict:
        """The validated body. A write to one game is first refused (403) to anyone but
        its players and the campaign's organizers, so they never see field errors."""
        if "pk" in self.kwargs:
            require_player_or_organizer(self.request.user, self.get_object())
        serializer = serializer_class(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def _game(self, game_id=None, code=status.HTTP_200_OK) -> Response:
        game = Game.objects.get(pk=game_id or self.kwargs["pk"])
        return Response(game_data(game, self.request.user), status=code)

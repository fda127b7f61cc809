"""Encounter API: set up a campaign game, hire, choose schemes, track the game, report.

Every response that carries game data is built from ``encounters.selectors.game_view``
(``encounters.api.record``), so an opponent never receives unrevealed schemes, noted
models or an unrevealed hire.

One module per concern, each a mixin of ``GameViewSet``'s actions: ``hiring``,
``schemes``, ``tracker``, ``table_effects``, ``offers`` and ``results``; ``games`` holds
the viewset itself (list, read, create, setups), ``series`` the Linked Games. This
package re-exports what ``encounters.api_urls`` routes to.
"""

from encounters.api.games import GameViewSet
from encounters.api.series import SeriesViewSet

__all__ = ["GameViewSet", "SeriesViewSet"]

"""Game pages: set up a campaign game, then one page per game for both players and any
spectator: the setup, hiring and schemes, the live tracker and the result.

Views parse input, check who may look, call an encounter service and render. Everything
a viewer sees of the game comes from ``encounters.selectors.game_view``, so an opponent's
secrets never reach the HTML. Every refusal (a rule, a permission, a bad card code) comes
back as a message, on the page or in the swapped panel, never as an error page.

The live part of the page is one panel (``#game-panel``). Buttons post with HTMX and get
the panel back; the panel polls itself every 3 seconds with the version it was rendered
at and receives 204 (nothing to swap) until ``Game.version`` moves on.

One module per concern: ``setup`` and ``series`` (before a game), ``pages`` and ``panel``
(the game page), ``hiring``, ``schemes``, ``tracker``, ``table_effects``, ``offers`` and
``results`` (the actions, each a ``game_action``). This package re-exports the views
``encounters.urls`` routes to.
"""

from encounters.views.hiring import hire, move_event, reveal_crew, warrant_role
from encounters.views.offers import (
    bbq,
    reflip_finished_off,
    reflip_strategy,
    traveler_guidance,
    use_item,
)
from encounters.views.pages import game_detail, game_panel
from encounters.views.results import confirm, dispute, report, rule
from encounters.views.schemes import (
    choose_schemes,
    reveal_scheme,
    reveal_third_scheme,
    scheme_vp,
    third_scheme_vp,
)
from encounters.views.series import series_detail, series_new
from encounters.views.setup import game_new, setup_new
from encounters.views.table_effects import (
    bring_in,
    end_facts,
    marker,
    model_event,
    note,
    pool,
    quarters,
    reveal_note,
    story_note,
)
from encounters.views.tracker import (
    casualty,
    casualty_scrip_correction,
    end_turn,
    event_scrip,
    finished_off,
    initiative,
    reflip,
    start,
    strategy_vp,
    withdraw,
)

__all__ = [
    "bbq", "bring_in", "casualty", "casualty_scrip_correction", "choose_schemes", "confirm",
    "dispute", "end_facts",
    "end_turn", "event_scrip", "finished_off", "game_detail", "game_new", "game_panel", "hire",
    "initiative", "marker", "model_event", "move_event", "note", "pool", "quarters", "reflip",
    "reflip_finished_off", "reflip_strategy", "report", "reveal_crew", "reveal_note",
    "reveal_scheme", "reveal_third_scheme", "rule", "scheme_vp", "series_detail", "series_new",
    "setup_new", "start", "story_note", "strategy_vp", "third_scheme_vp", "traveler_guidance",
    "use_item",
    "warrant_role", "withdraw",
]

"""Which hired models are still on the table. Read by the Lonely Traveler's offer and by
the Scrip-paid Fortifications that name a model in play (BBQ); kept apart from both so
neither service imports the other for it."""

from __future__ import annotations

from encounters.models import Game, HiredModel, Side


def fallen(game: Game) -> set[int]:
    """The hired models the game has a casualty for (killed, sacrificed or buried)."""
    return set(game.casualties.filter(model__isnull=False).values_list("model_id", flat=True))


def models_in_play(game: Game, side: Side) -> list[HiredModel]:
    """The side's hired models still on the table: not killed, sacrificed or buried, and
    the crew has not withdrawn. Two queries."""
    if side.withdrew_on_turn:
        return []
    gone = fallen(game)
    return [h for h in HiredModel.objects.filter(side=side).order_by("-is_leader", "id")
            if h.pk not in gone]

"""Exact duel odds, the public entry: ``duel_odds(spec)`` counts the duel under its
ruleset and caches the answer per spec.

Second edition is counted in ``duel_counting`` (whose docstring states the model and how
the count works), first edition in ``first_edition_odds``, which builds on it. This
module sits above both, so the engine's odds imports point one way.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .duel_counting import (
    SEVERITIES,
    DamageOdds,
    DuelistSpec,
    DuelOdds,
    DuelSpec,
    InvalidOddsRequest,
    clear_counting_cache,
    second_edition_hit_odds,
    second_edition_odds,
    trigger_label,
)
from .first_edition_odds import clear_first_edition_cache, first_edition_odds

__all__ = [
    "SEVERITIES",
    "DamageOdds",
    "DuelOdds",
    "DuelSpec",
    "DuelistSpec",
    "InvalidOddsRequest",
    "clear_odds_cache",
    "duel_odds",
    "hit_odds",
    "trigger_label",
]


def duel_odds(spec: DuelSpec) -> DuelOdds:
    """Exact odds of a duel under the default policy (see ``duel_counting``).

    Results are cached per spec (specs are frozen and hashable); ``clear_odds_cache``
    empties the caches.
    """
    if not isinstance(spec, DuelSpec):
        raise InvalidOddsRequest("duel_odds needs a DuelSpec.")
    return _duel_odds(spec)


def hit_odds(spec: DuelSpec) -> tuple[Fraction, DamageOdds | None]:
    """``(duel_odds(spec).p_win, duel_odds(spec).damage)``, exact, not cached: in second
    edition counted without the odds nothing reads (the simulator's commander weighs
    attacks by these two and caches them itself)."""
    if not isinstance(spec, DuelSpec):
        raise InvalidOddsRequest("hit_odds needs a DuelSpec.")
    if spec.ruleset != "m2e":
        odds = duel_odds(spec)
        return odds.p_win, odds.damage
    return second_edition_hit_odds(spec)


def clear_odds_cache() -> None:
    """Forget every memoized result (for honest benchmarks)."""
    _duel_odds.cache_clear()
    clear_counting_cache()
    clear_first_edition_cache()


@lru_cache(maxsize=1024)
def _duel_odds(spec: DuelSpec) -> DuelOdds:
    if spec.ruleset != "m2e":
        return first_edition_odds(spec)
    return second_edition_odds(spec)

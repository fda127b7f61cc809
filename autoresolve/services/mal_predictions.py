"""Malediction matchup predictions on the Malifaux predictions' machinery: the same
``Prediction`` row (``game="malediction"``), cache key, limits, Celery chord of chunks
and progress; only playing a chunk and summing it up differ (``mal_stats``)."""

from __future__ import annotations

import hashlib
import json

from django.db import transaction
from django.utils.translation import gettext as _

from autoresolve import mal_stats
from autoresolve.mal_replay import sides_of
from autoresolve.models import Prediction
from autoresolve.services.predictions import (
    CHUNK,
    MAX_GAMES,
    MIN_GAMES,
    PredictionOutcome,
    PredictionRefused,
    check_limits,
    request_key,
)
from config.jobs import enqueue
from rules.engine.malediction.errors import MaledictionRulesError
from rules.engine.malediction.sim import SIM_VERSION, MatchInput, simulate
from rules.engine.malediction.warband import validate
from rules.engine.simulation import derive_seed

GAME = "malediction"


@transaction.atomic
def request_prediction(*, setup: MatchInput, games: int, actor, label: str = "",
                       seed: int | None = None) -> PredictionOutcome:
    """``games`` simulated matches of ``setup``; the same request is a cache hit."""
    if not MIN_GAMES <= games <= MAX_GAMES:
        raise PredictionRefused(_("Ask for %(low)s to %(high)s games.")
                                % {"low": MIN_GAMES, "high": MAX_GAMES})
    problems = [p for band in setup.bands for p in validate(band)]
    if problems:
        raise PredictionRefused(_("The simulator cannot play this matchup: %(why)s")
                                % {"why": problems[0].message})
    data = {**setup.to_dict(), "game": GAME, "malediction_simulator": SIM_VERSION}
    if seed is None:
        digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).digest()
        seed = int.from_bytes(digest[:6], "big")
    key = request_key(data, games, seed, actor.pk if actor else None)
    found = Prediction.objects.filter(key=key).first()
    if found is not None and found.status != Prediction.Status.FAILED:
        return PredictionOutcome(found, True)
    if found is not None:
        found.delete()
    check_limits(actor)
    prediction = Prediction.objects.create(
        key=key, game=GAME, requested_by=actor, label=label[:250], games=games, seed=seed,
        simulator_version=SIM_VERSION, input=data, chunks_total=(games + CHUNK - 1) // CHUNK)
    enqueue("autoresolve.predict", prediction.pk)
    return PredictionOutcome(prediction, False)


def predict_bands(*, first, second, mode: str, board: int, games: int,
                  actor) -> PredictionOutcome:
    """Two war bands face to face (the predict page and the API both ask here)."""
    from autoresolve.mal_inputs import bands_input

    try:
        setup = bands_input(first, second, mode=mode, board=board)
    except MaledictionRulesError as exc:
        raise PredictionRefused(_("The simulator cannot play this matchup: %(why)s")
                                % {"why": exc}) from exc
    return request_prediction(setup=setup, games=games, actor=actor,
                              label=f"{first.name} / {second.name}")


def play_chunk(prediction: Prediction, index: int) -> dict:
    """One chunk's tally (matches ``index * CHUNK`` onwards, each on its derived seed)."""
    setup = MatchInput.from_dict(prediction.input)
    sides = sides_of({"input": prediction.input})
    tally = mal_stats.empty()
    for n in range(index * CHUNK, min((index + 1) * CHUNK, prediction.games)):
        try:
            sim = simulate(setup, seed=derive_seed(prediction.seed, f"g{n}"))
        except MaledictionRulesError:
            continue
        mal_stats.add_match(tally, sim, sides)
    return tally

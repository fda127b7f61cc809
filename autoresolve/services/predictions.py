"""Matchup predictions: N simulated games of one input, in chunks on Celery, cached by
the hash of what decides the outcome.

The input is built by the caller from what the requester may see (``autoresolve.inputs``:
an opponent's secret schemes are never in it), and the requester is part of the key, so
one player's prediction is never served to another.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from autoresolve import stats
from autoresolve.models import Prediction
from config.jobs import enqueue
from encounters.services.common import EncounterError
from rules.engine.simulation import (
    SIMULATOR_VERSION,
    EncounterInput,
    SimulationError,
    check_playable,
    derive_seed,
    simulate,
)

MIN_GAMES, MAX_GAMES, DEFAULT_GAMES = 100, 10_000, 1_000
CHUNK = 100


class PredictionRefused(EncounterError):
    """A prediction request the rules refuse; the message says why."""


@dataclass(frozen=True)
class PredictionOutcome:
    prediction: Prediction
    cached: bool


def request_key(setup: dict, games: int, seed: int, user_id: int | None) -> str:
    text = json.dumps({"input": setup, "games": games, "seed": seed, "user": user_id,
                       "simulator": SIMULATOR_VERSION}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@transaction.atomic
def request_prediction(*, setup: EncounterInput, games: int, actor, label: str = "",
                       seed: int | None = None) -> PredictionOutcome:
    """Ask for ``games`` simulated games of ``setup``; the same request (same input,
    number, seed and requester) returns the stored prediction instead of running again.
    Without a ``seed`` one is derived from the input, so asking twice is a cache hit."""
    if not MIN_GAMES <= games <= MAX_GAMES:
        raise PredictionRefused(_("Ask for %(low)s to %(high)s games.")
                                % {"low": MIN_GAMES, "high": MAX_GAMES})
    try:
        check_playable(setup)
    except SimulationError as exc:
        raise PredictionRefused(_("The simulator cannot play this matchup: %(why)s")
                                % {"why": exc}) from exc
    data = setup.to_dict()
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
        key=key, requested_by=actor, label=label[:250], games=games, seed=seed,
        simulator_version=SIMULATOR_VERSION, input=data,
        chunks_total=(games + CHUNK - 1) // CHUNK)
    enqueue("autoresolve.predict", prediction.pk)
    return PredictionOutcome(prediction, False)


def _is_organizer(user) -> bool:
    from league.models import MANAGING_ROLES, Membership

    return Membership.objects.filter(user=user, role__in=MANAGING_ROLES,
                                     status=Membership.Status.ACTIVE).exists()


def limits_for(user) -> tuple[int, int]:
    """(predictions running at once, predictions started an hour) this user may have:
    organizers run more (they predict a whole night's pairings)."""
    if user is not None and (user.is_staff or _is_organizer(user)):
        return settings.PREDICTIONS_RUNNING_ORGANIZER, settings.PREDICTIONS_PER_HOUR_ORGANIZER
    return settings.PREDICTIONS_RUNNING_PER_USER, settings.PREDICTIONS_PER_HOUR


def check_limits(user) -> None:
    """Refuse a new prediction past the user's running limit or hourly throttle: the
    worker's cores are shared by every user, and a burst must not starve the others.
    Counted in the database (under the request's transaction), so every web process
    agrees; asking again for a stored prediction is never refused (it costs nothing)."""
    if user is None:
        return
    running_limit, hourly_limit = limits_for(user)
    mine = Prediction.objects.filter(requested_by=user)
    running = mine.filter(status__in=[Prediction.Status.QUEUED, Prediction.Status.RUNNING])
    if running.count() >= running_limit:
        raise PredictionRefused(
            _("You already have %(count)s predictions running; wait for one to finish.")
            % {"count": running_limit})
    since = timezone.now() - timedelta(hours=1)
    if mine.filter(created_at__gte=since).count() >= hourly_limit:
        raise PredictionRefused(
            _("You started %(count)s predictions in the last hour; try again later.")
            % {"count": hourly_limit})


#: Chunk players of other games, by ``Prediction.game`` (Malediction registers its own in
#: ``AutoresolveConfig.ready``, so this module need not import it).
CHUNK_PLAYERS: dict = {}


def new_seed() -> int:
    return secrets.randbits(48)


def run_chunk(prediction_id: int, index: int) -> bool:
    """Play one chunk's games (outside any transaction: they take a while), then store
    its tally once; a chunk already stored (a retried task) is not counted twice."""
    prediction = Prediction.objects.get(pk=prediction_id)
    if str(index) in prediction.partials or prediction.status == Prediction.Status.DONE:
        return False
    if prediction.game in CHUNK_PLAYERS:
        tally = CHUNK_PLAYERS[prediction.game](prediction, index)
    else:
        setup = EncounterInput.from_dict(prediction.input)
        tally = stats.empty()
        start, stop = index * CHUNK, min((index + 1) * CHUNK, prediction.games)
        for game in range(start, stop):
            stats.add_game(tally,
                           simulate(setup, seed=derive_seed(prediction.seed, f"g{game}")))
    with transaction.atomic():
        prediction = Prediction.objects.select_for_update().get(pk=prediction_id)
        if str(index) in prediction.partials:
            return False
        prediction.partials = {**prediction.partials, str(index): tally}
        prediction.chunks_done = len(prediction.partials)
        prediction.status = Prediction.Status.RUNNING
        prediction.save(update_fields=["partials", "chunks_done", "status"])
    return True


@transaction.atomic
def finish(prediction_id: int) -> bool:
    """Merge the chunks' tallies into the result (once every chunk is in)."""
    prediction = Prediction.objects.select_for_update().get(pk=prediction_id)
    if prediction.status == Prediction.Status.DONE:
        return False
    if len(prediction.partials) < prediction.chunks_total:
        return False
    if prediction.game == "malediction":
        from autoresolve import mal_stats as game_stats
    else:
        game_stats = stats
    prediction.result = game_stats.summary(game_stats.merge(prediction.partials.values()))
    prediction.status, prediction.finished_at = Prediction.Status.DONE, timezone.now()
    prediction.partials = {}
    prediction.save(update_fields=["result", "status", "finished_at", "partials"])
    return True

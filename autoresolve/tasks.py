"""Auto-resolve and prediction jobs: thin Celery tasks over ``autoresolve.services``.

The resolve job acknowledges late and is rejected back to the queue when its worker dies,
so a killed worker's game is played again; the service's lock and status check make a
second delivery change nothing.
"""

from __future__ import annotations

from celery import shared_task


@shared_task(name="autoresolve.resolve_game", acks_late=True, reject_on_worker_lost=True)
def resolve_game(run_id: int) -> bool:
    from autoresolve.services import resolve

    if not resolve.mark_running(run_id):
        return False
    return resolve.resolve(run_id)


@shared_task(name="autoresolve.resume_stalled")
def resume_stalled() -> int:
    """Send the job again for runs queued or running for too long (a lost message)."""
    from autoresolve.services.resolve import stalled_runs

    ids = stalled_runs()
    for pk in ids:
        resolve_game.delay(pk)
    return len(ids)


@shared_task(name="autoresolve.predict_chunk", acks_late=True, reject_on_worker_lost=True)
def predict_chunk(prediction_id: int, index: int) -> bool:
    from autoresolve.services import predictions

    return predictions.run_chunk(prediction_id, index)


@shared_task(name="autoresolve.predict_finish")
def predict_finish(_results, prediction_id: int) -> bool:
    from autoresolve.services import predictions

    return predictions.finish(prediction_id)


@shared_task(name="autoresolve.predict")
def predict(prediction_id: int) -> None:
    """Fan the prediction out in chunks (a chord: the finish step runs after them all)."""
    from celery import chord

    from autoresolve.models import Prediction

    total = Prediction.objects.values_list("chunks_total", flat=True).get(pk=prediction_id)
    chord(predict_chunk.si(prediction_id, i) for i in range(total))(
        predict_finish.s(prediction_id))


@shared_task(name="autoresolve.resolve_mal_match", acks_late=True, reject_on_worker_lost=True)
def resolve_mal_match(run_id: int) -> bool:
    """A Malediction match's auto-resolve (idempotent: a second delivery finds it done)."""
    from autoresolve.services import mal_resolve

    return mal_resolve.resolve(run_id)

"""The real path: a task sent through Redis, run by a separate Celery worker process,
writing to PostgreSQL, read back here."""

import pytest

from rules import services
from rules.models import FlipRecord
from rules.tasks import server_flip

pytestmark = [pytest.mark.realservices, pytest.mark.django_db(transaction=True)]


def test_server_flip_task_runs_on_a_real_worker(celery_worker, user):
    result = server_flip.delay("weekly event (worker test)", positive=1, user_id=user.pk)
    record_id = result.get(timeout=60)
    record = FlipRecord.objects.get(pk=record_id)
    assert record.flipped_by == user
    assert record.purpose == "weekly event (worker test)"
    assert len(record.cards) == 2
    # The worker's flip replays from its seed here, in another process.
    assert services.replay(record).matches
    assert result.successful()

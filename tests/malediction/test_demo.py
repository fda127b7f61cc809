"""The demo data holds a Malediction event with two rounds played (``scripts/run``)."""

import pytest
from django.core.management import call_command

from malediction import standings
from malediction.demo import DEMO_EVENT
from malediction.models import Event, Match, Round

pytestmark = pytest.mark.django_db


def test_the_demo_has_an_event_with_two_rounds_played(client):
    call_command("load_demo")
    call_command("load_demo")  # idempotent
    event = Event.objects.get(name=DEMO_EVENT)
    assert list(event.rounds.values_list("number", "state")) == [
        (1, Round.State.CLOSED), (2, Round.State.CLOSED), (3, Round.State.OPEN)]
    assert Match.objects.filter(event=event, state=Match.State.CONFIRMED).count() == 4
    table = standings.build(event)
    assert sum(r.wins for r in table.rows) == 4 and table.rows[0].wins == 2
    page = client.get(event.get_absolute_url())
    assert page.status_code == 200 and DEMO_EVENT.encode() in page.content

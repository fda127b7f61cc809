"""Rounds on league nights: the round form offers the league's open nights, a round opened
on one takes its date and links to it, and the night's page shows the event's round."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from malediction.models import Event, Round
from malediction.services import events
from malediction.services.common import MaledictionError
from nights import services as nights
from tests.campaign.factories import campaign_in_week_one, guild_roster

pytestmark = pytest.mark.django_db


@pytest.fixture
def night_and_event():
    campaign, _crews, organizer = campaign_in_week_one(guild_roster(), ["Alpha", "Bravo"])
    night = nights.open_night(campaign=campaign, actor=organizer)
    event = Event.objects.create(league=campaign.league, name="Relic Night",
                                 list_deadline=timezone.now() + dt.timedelta(days=1),
                                 created_by=organizer)
    return night, event, organizer


def test_the_round_form_offers_the_leagues_nights_and_takes_the_nights_date(
        client, night_and_event):
    night, event, organizer = night_and_event
    client.force_login(organizer)
    page = client.get(event.get_absolute_url()).content.decode()
    assert f'<option value="{night.pk}">' in page
    client.post(reverse("malediction:open-round", args=[event.pk]), {"night": night.pk})
    rnd = Round.objects.get(event=event)
    assert (rnd.night, rnd.date) == (night, night.date)
    shown = client.get(event.get_absolute_url()).content.decode()
    assert night.get_absolute_url() in shown
    night_page = client.get(night.get_absolute_url()).content.decode()
    assert 'id="malediction-rounds"' in night_page and "Relic Night, round 1" in night_page


def test_a_date_alone_still_opens_a_round_without_a_night(client, night_and_event):
    _night, event, organizer = night_and_event
    client.force_login(organizer)
    client.post(reverse("malediction:open-round", args=[event.pk]), {"date": "2026-12-03"})
    rnd = Round.objects.get(event=event)
    assert (rnd.night, rnd.date) == (None, dt.date(2026, 12, 3))


@pytest.mark.parametrize("body, message", [
    ({}, "Choose a league night or give the date."),
    ({"date": "2001-01-01", "night": "NIGHT"}, "the night&#x27;s date"),
    ({"night": "999999999"}, "Select a valid choice"),
    ({"night": "x"}, "Select a valid choice"),
])
def test_a_bad_round_form_is_refused_with_the_reason(client, night_and_event, body, message):
    night, event, organizer = night_and_event
    client.force_login(organizer)
    body = {k: (night.pk if v == "NIGHT" else v) for k, v in body.items()}
    response = client.post(reverse("malediction:open-round", args=[event.pk]), body,
                           follow=True)
    assert message in response.content.decode()
    assert not Round.objects.filter(event=event).exists()


def test_another_leagues_night_is_refused(night_and_event):
    night, _event, _organizer = night_and_event
    other_campaign, _, other_organizer = campaign_in_week_one(guild_roster(), ["Charlie"])
    other = Event.objects.create(league=other_campaign.league, name="Elsewhere",
                                 list_deadline=timezone.now(), created_by=other_organizer)
    with pytest.raises(MaledictionError, match="this league"):
        events.open_round(event=other, actor=other_organizer, night=night)
    assert not Round.objects.filter(event=other).exists()


def test_the_night_page_hides_rounds_of_events_the_viewer_may_not_see(client, night_and_event):
    night, event, organizer = night_and_event
    events.open_round(event=event, actor=organizer, night=night)
    league = event.league
    league.is_public = False
    league.save(update_fields=["is_public"])
    from tests.factories import UserFactory

    client.force_login(UserFactory(is_staff=False))
    response = client.get(night.get_absolute_url())
    assert response.status_code == 200
    assert "Relic Night" not in response.content.decode()

"""The weekly event flip and the calendar, as plain Python with scripted cards."""

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campaign.weeks import calendar
from campaign.weeks.event_flip import (
    EventFlipError,
    flip_individual_event,
    flip_weekly_event,
)
from rules import tables
from rules.engine.cards import FULL_DECK, Card


def scripted(*codes):
    cards = iter(Card.parse(c) for c in codes)
    return lambda purpose: next(cards)


def key_of(code):
    return tables.weekly_event_for(Card.parse(code)).key


def test_a_plain_event_is_the_weeks_event_and_the_games_event():
    outcome = flip_weekly_event(scripted("1R"), previous_key=None)
    assert outcome.chain == ("contract-work",)
    assert outcome.event_key == outcome.games_event_key == "contract-work"


def test_block_split_follows_the_rules_notes():
    assert key_of("1M") == key_of("1R") == "contract-work"
    assert key_of("1C") == key_of("1T") == "extermination"
    assert key_of("BJ") == "a-bad-moon-rises" and key_of("RJ") == "the-event"


def test_repeat_of_last_week_is_reflipped_and_recorded():
    outcome = flip_weekly_event(scripted("1R", "1M", "2R"), previous_key="contract-work")
    assert outcome.event_key == "they-ride"
    assert [s.kept for s in outcome.steps] == [False, False, True]
    assert "same as last week" in outcome.steps[1].purpose


def test_bad_moon_flips_another_event_reflipping_pit_fight_and_jokers():
    outcome = flip_weekly_event(scripted("BJ", "13R", "RJ", "BJ", "3T"), previous_key=None)
    assert outcome.chain == ("a-bad-moon-rises", key_of("3T"))
    assert [s.kept for s in outcome.steps] == [True, False, False, False, True]


def test_bullet_chains_to_another_event_and_a_bad_moon_may_lead_to_a_bullet():
    bullet = next(c.code for c in FULL_DECK
                  if not c.is_joker and key_of(c.code) == "a-bullet-with-your-name")
    outcome = flip_weekly_event(scripted("BJ", bullet, "1R"), previous_key=None)
    assert outcome.chain == ("a-bad-moon-rises", "a-bullet-with-your-name", "contract-work")


def test_pit_fight_and_the_event_also_flip_for_the_games():
    assert flip_weekly_event(scripted("13M", "2M")).chain == ("pit-fight", "they-ride")
    assert flip_weekly_event(scripted("RJ", "2M")).chain == ("the-event", "they-ride")


def test_individual_events_reflip_pit_fight_jokers_and_the_bullet():
    bullet = next(c.code for c in FULL_DECK
                  if not c.is_joker and key_of(c.code) == "a-bullet-with-your-name")
    outcome = flip_individual_event(scripted("13R", "BJ", "RJ", bullet, "1T"))
    assert outcome.chain == ("extermination",)
    assert sum(s.kept for s in outcome.steps) == 1


def test_a_flip_that_never_settles_raises():
    with pytest.raises(EventFlipError):
        flip_weekly_event(lambda purpose: Card.parse("1R"), previous_key="contract-work")


@given(st.randoms(use_true_random=False), st.sampled_from([None, "contract-work", "pit-fight"]))
def test_any_deck_gives_a_legal_chain(rng, previous):
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    cards = iter(deck * 2)  # a shuffled deck, reshuffled (here: repeated) when it runs out

    def draw(purpose):
        return next(cards)

    outcome = flip_weekly_event(draw, previous_key=previous)
    table = tables.weekly_events()
    assert outcome.event_key != previous
    for key in outcome.chain[1:]:
        assert key not in table.another_event_reflips
    assert not table.row(outcome.games_event_key).another_event
    assert [s.event_key for s in outcome.steps if s.kept] == list(outcome.chain)


def test_calendar_weeks_fall_on_the_designated_weekday_in_the_league_zone():
    start = datetime.date(2026, 11, 20)  # a Friday
    assert calendar.first_week_day(start, 1) == datetime.date(2026, 11, 24)  # Tuesday
    assert calendar.week_start(start, 1, 3) == datetime.date(2026, 12, 8)
    moment = calendar.turnover_at(start, 1, 1, hour=9, time_zone="Europe/London")
    assert moment.isoformat() == "2026-11-24T09:00:00+00:00"
    summer = calendar.turnover_at(datetime.date(2027, 6, 1), 1, 1, hour=9,
                                  time_zone="Europe/London")
    assert summer.utcoffset() == datetime.timedelta(hours=1)
    with pytest.raises(ValueError):
        calendar.week_start(start, 1, 0)


def test_due_week_counts_passed_turnovers_and_the_end():
    start = datetime.date(2026, 11, 24)
    tz = datetime.UTC

    def due(day, hour=10):
        return calendar.due_week(start, 1, 4, datetime.datetime(*day, hour, tzinfo=tz), hour=9,
                                 time_zone="UTC")

    assert due((2026, 11, 24), hour=8) == 0
    assert due((2026, 11, 24)) == 1
    assert due((2026, 12, 2)) == 2
    assert due((2027, 1, 30)) == 5  # past week 4: the campaign's end is due

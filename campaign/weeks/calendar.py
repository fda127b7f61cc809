"""Week dates and turnover times: plain Python, time-zone aware.

Week 1 opens on the first designated weekday on or after the campaign's start date;
each later week opens seven days after the previous one. A week turns over at the
campaign's turnover hour on that day, in the league's time zone.
"""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo


def first_week_day(start: datetime.date, weekday: int) -> datetime.date:
    """The first date on or after ``start`` that falls on ``weekday`` (Monday = 0)."""
    return start + datetime.timedelta(days=(weekday - start.weekday()) % 7)


def week_start(start: datetime.date, weekday: int, number: int) -> datetime.date:
    if number < 1:
        raise ValueError("Campaign weeks are numbered from 1.")
    return first_week_day(start, weekday) + datetime.timedelta(weeks=number - 1)


def turnover_at(start: datetime.date, weekday: int, number: int, *, hour: int,
                time_zone: str) -> datetime.datetime:
    """The aware moment week ``number`` turns over."""
    day = week_start(start, weekday, number)
    return datetime.datetime.combine(day, datetime.time(hour), tzinfo=ZoneInfo(time_zone))


def due_week(start: datetime.date, weekday: int, length: int, now: datetime.datetime, *,
             hour: int, time_zone: str) -> int:
    """The latest week whose turnover moment has passed at ``now`` (0 before week 1), or
    ``length + 1`` once the week after the last one would have begun (the campaign ends)."""
    due = 0
    for number in range(1, length + 2):
        if turnover_at(start, weekday, number, hour=hour, time_zone=time_zone) <= now:
            due = number
        else:
            break
    return due

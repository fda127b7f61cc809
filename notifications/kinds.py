"""Every kind of notification: who it is for, what it says, whether it emails by default.

A notification stores its kind and plain parameters (names, numbers, keys), never a
finished sentence, so the message is written in the reader's language each time it is
shown or emailed. Adding a kind means adding one ``Kind`` here and one function in
``notifications.events`` that decides who hears about it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

PLAYER = "player"
ORGANIZER = "organizer"

RESULT_TO_CONFIRM = "result_to_confirm"
AFTERMATH_WAITING = "aftermath_waiting"
NEW_WEEK = "new_week"
CHECK_IN_OPEN = "check_in_open"
AUTO_RESOLVE_REQUEST = "auto_resolve_request"
RESULT_DISPUTED = "result_disputed"
JOIN_REQUEST = "join_request"
JOB_FAILED = "job_failed"
MALEDICTION_PAIRED = "malediction_paired"


class _Params(dict):
    """Parameters for a message: a missing one reads as "?" instead of raising, so a
    notification written by an older version still renders."""

    def __missing__(self, key: str) -> str:
        return "?"


@dataclass(frozen=True)
class Kind:
    key: str
    audience: str
    #: What the preferences page calls it ("A result waits for your confirmation").
    label: str
    #: Builds the sentence from the stored parameters, in the active language.
    message: Callable[[Mapping], str]
    email_by_default: bool = True
    #: Shown under "Needs you" on the home while unread: for requests that no other
    #: record on the home already shows (an auto-resolve request).
    asks_for_action: bool = False

    def render(self, params: Mapping) -> str:
        return self.message(_Params(params or {}))


def _week_message(p: Mapping) -> str:
    text = gettext("Week %(week)s of %(campaign)s has begun: %(event)s.") % p
    if p.get("new_hires"):
        text += " " + gettext("New Hires are open: hire at least one model this week.")
    if p.get("bullet_target"):
        # Only the drawing crew's own notification carries the name (a secret draw).
        text += " " + gettext("Your Bullet names %(bullet_target)s.") % p
    return text


def _aftermath_message(p: Mapping) -> str:
    from aftermath.models import Aftermath

    phase = p.get("phase", "")
    label = Aftermath.Phase(phase).label if phase in Aftermath.Phase.values else phase
    return gettext("Your Aftermath of the week %(week)s game against %(opponent)s waits for "
                   "you: %(phase)s.") % _Params(p, phase=label)


def _night_message(p: Mapping) -> str:
    import datetime

    from django.utils.formats import date_format

    try:
        day = date_format(datetime.date.fromisoformat(p.get("date", "")), "DATE_FORMAT")
    except ValueError:
        day = p.get("date", "?")
    return gettext("Check-in is open for the campaign night of %(campaign)s on "
                   "%(date)s.") % _Params(p, date=day)


def _paired_message(p: Mapping) -> str:
    if p.get("bye"):
        return gettext("Round %(round)s of %(event)s is paired: you have the bye, which "
                       "counts as a win.") % p
    return gettext("Round %(round)s of %(event)s is paired: you play %(opponents)s at "
                   "table %(table)s.") % p


#: The jobs whose failure organizers hear about, named in the reader's language.
JOBS = {"turnover": _("The turnover of %(campaign)s, week %(week)s")}


def _job_message(p: Mapping) -> str:
    job = JOBS.get(p.get("job", ""))
    name = str(job) % p if job is not None else p.get("job", "?")
    return gettext("%(job)s failed: %(error)s") % _Params(p, job=name)


KINDS: dict[str, Kind] = {k.key: k for k in (
    Kind(RESULT_TO_CONFIRM, PLAYER, _("Your opponent reported a result for you to confirm"),
         lambda p: gettext("%(reporter)s reported %(score)s in %(game)s: confirm it or "
                           "dispute it.") % p),
    Kind(AFTERMATH_WAITING, PLAYER, _("An Aftermath phase waits for your decision"),
         _aftermath_message),
    Kind(NEW_WEEK, PLAYER, _("A campaign week begins (its weekly event, the New Hires window)"),
         _week_message),
    Kind(CHECK_IN_OPEN, PLAYER, _("Check-in opens for a campaign night"), _night_message),
    Kind(AUTO_RESOLVE_REQUEST, PLAYER, _("Your opponent asks to auto-resolve a game"),
         lambda p: gettext("%(opponent)s asks to auto-resolve %(game)s.") % p,
         asks_for_action=True),
    Kind(MALEDICTION_PAIRED, PLAYER,
         _("A Malediction round is paired (your opponent and table)"), _paired_message),
    Kind(RESULT_DISPUTED, ORGANIZER, _("A player disputes a result (organizers)"),
         lambda p: gettext("%(player)s disputed the result of %(game)s: “%(reason)s”") % p),
    Kind(JOIN_REQUEST, ORGANIZER, _("Someone asks to join your league (organizers)"),
         lambda p: gettext("%(user)s asks to join %(league)s.") % p),
    Kind(JOB_FAILED, ORGANIZER, _("A background job failed (organizers)"), _job_message),
)}


def get(key: str) -> Kind:
    """The kind called ``key``; an unknown key is a programming error (KeyError)."""
    return KINDS[key]


def for_audience(audience: str) -> list[Kind]:
    return [k for k in KINDS.values() if k.audience == audience]

"""Does a reported result agree with the VP tracked at the table, and if not, why?

The game page shows the result beside each side's tracked VP. When they differ (a final
score typed in without tracking, a Strategic Withdraw, an organizer's ruling), the page
says which, so "6-3" never sits silently beside "0 VP".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _


@dataclass(frozen=True)
class ScoreCheck:
    tracked: Mapping[str, int]
    reported: Mapping[str, int] | None
    reason: str = ""

    @property
    def agrees(self) -> bool:
        return self.reported is None or dict(self.reported) == dict(self.tracked)


def score_check(report, tracked: Mapping[str, int]) -> ScoreCheck:
    """Compare ``report`` (a ``ResultReport`` or None) with ``tracked`` VP by side key."""
    if report is None:
        return ScoreCheck(tracked, None)
    reported = {"a": report.vp_a, "b": report.vp_b}
    check = ScoreCheck(tracked, reported)
    if check.agrees:
        return check
    scores = {"tracked": f"{tracked.get('a', 0)}-{tracked.get('b', 0)}",
              "reported": f"{report.vp_a}-{report.vp_b}"}
    withdraw = (report.details or {}).get("withdraw")
    if withdraw:
        reason = _("Side %(side)s withdrew on Turn %(turn)s: the Strategic Withdraw rule made "
                   "the result %(reported)s from the VP reported (tracked at the table: "
                   "%(tracked)s).") % {**scores, "side": str(withdraw.get("side", "?")).upper(),
                                       "turn": withdraw.get("turn", "?")}
    elif report.status == "ruled":
        reason = _("An organizer ruled the result %(reported)s (tracked at the table: "
                   "%(tracked)s): “%(why)s”") % {**scores, "why": report.reason}
    elif not any(tracked.values()):
        reason = _("No VP were tracked at the table: the result %(reported)s was reported as "
                   "the final score.") % scores
    else:
        reason = _("The result %(reported)s was reported as the final score; the VP tracked "
                   "at the table add up to %(tracked)s.") % scores
    return ScoreCheck(tracked, reported, reason)

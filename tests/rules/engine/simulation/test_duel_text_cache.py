"""``log.duel_text`` looks each event's text up in a bounded table (``_TEXTS``): the
same text as building it from the step and role codes, for any events, met for the
first time or again, and the table never holds more than ``_MAX_TEXTS`` events."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.simulation import log
from rules.engine.simulation.log import _BLOCKED, _ROLE, _STEP, duel_text


def _plain(events) -> str:
    """``duel_text`` as it was written before the table: every event built."""
    parts = []
    for step, role, detail in events:
        if step == "blocked":
            detail = _BLOCKED.get(detail, detail)
        elif step == "result" and role == "simple":
            role, detail = "simple", "1" if detail == "success" else "0"
        parts.append(f"{_STEP.get(step, step)}:{_ROLE.get(role, role[:1])}:{detail}")
    return "|".join(parts)


_EXAMPLES = (
    (("flip", "attacker", "13R 12M"), ("flip", "defender", "1T"), ("choose", "defender", "1T"),
     ("choose", "attacker", "12M"), ("pass", "defender", ""),
     ("blocked", "attacker", "a negative twist remains on the flip after cancellation"),
     ("result", "attacker", "16")),
    (("flip", "simple", "5C"), ("cheat", "simple", "5C>13R"), ("result", "simple", "success")),
    (("flip", "simple", "BJ"), ("result", "simple", "failure")),
    (("blocked", "defender", "something new"), ("odd-step", "odd-role", "x")),
    (("soulstone", "attacker", "card 4M"), ("name", "attacker", "rams"),
     ("trigger", "attacker", "Critical Strike")),
    (),
)


def test_hand_built_duels_twice_over():
    for _ in range(2):  # built, then looked up
        for events in _EXAMPLES:
            assert duel_text(events) == _plain(events)
    assert duel_text(_EXAMPLES[0]) == "f:a:13R 12M|f:d:1T|c:d:1T|c:a:12M|p:d:|b:a:neg|r:a:16"


_STEPS = st.sampled_from([*_STEP, "other"])
_ROLES = st.sampled_from(["attacker", "defender", "simple", "winner", "x"])
_DETAILS = st.one_of(st.sampled_from([*_BLOCKED, "success", "failure", "", "13R", "3"]),
                     st.text(max_size=6))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_STEPS, _ROLES, _DETAILS), max_size=12))
def test_any_events_read_as_the_plain_text(events):
    events = tuple(events)
    assert duel_text(events) == _plain(events)
    assert duel_text(events) == _plain(events)


def test_the_table_is_bounded(monkeypatch):
    monkeypatch.setattr(log, "_MAX_TEXTS", len(log._TEXTS) + 50)
    for i in range(500):
        events = (("flip", "attacker", f"{i}R"), ("pass", "defender", ""))
        assert duel_text(events) == _plain(events)
    assert len(log._TEXTS) <= log._MAX_TEXTS

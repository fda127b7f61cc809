"""Who or what a ledger or history entry comes from, while a rule is being applied.

The Aftermath changes arsenals through the same services players use. Inside
``applying(step)`` every scrip and construction-material entry those services write
gets ``step`` as its source, every arsenal event gets the step's game and phase in its
detail, and the crew-editor check passes: the rules act here, on behalf of a player or
of the deadline, and the Aftermath services have already checked who may do that.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_current: ContextVar[tuple[object, dict] | None] = ContextVar("campaign_audit", default=None)


@contextmanager
def applying(source, **detail) -> Iterator[None]:
    token = _current.set((source, detail))
    try:
        yield
    finally:
        _current.reset(token)


def source():
    """The object entries point at, or None outside ``applying``."""
    found = _current.get()
    return found[0] if found else None


def detail() -> dict:
    found = _current.get()
    return dict(found[1]) if found else {}


def rules_acting() -> bool:
    return _current.get() is not None

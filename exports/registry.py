"""Exporters by kind and format.

``register(kind, fn)`` adds an exporter: ``fn(campaign, progress, **options)`` returns
``(filename, content_type, bytes)`` and calls ``progress(pct)`` (0-100) as it goes.
``options`` names the keyword arguments it accepts (the job stores their values, e.g.
the standings' week). ``allowed(user, campaign)`` says who may run it (by default the
league's admins and organizers); standings exports follow the campaign's visibility.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from campaign.services.access import can_manage_campaign

ExportFn = Callable[..., tuple[str, str, bytes]]
AllowedFn = Callable[[object, object], bool]


@dataclass(frozen=True)
class Exporter:
    kind: str
    format: str
    fn: ExportFn
    label: str
    allowed: AllowedFn
    options: tuple[str, ...] = ()


_EXPORTERS: dict[tuple[str, str], Exporter] = {}


def register(kind: str, fn: ExportFn, *, format: str = "json", label: str = "",
             allowed: AllowedFn = can_manage_campaign, options: tuple[str, ...] = ()) -> None:
    _EXPORTERS[(kind, format)] = Exporter(kind, format, fn, label or kind, allowed,
                                          tuple(options))


def get(kind: str, format: str) -> Exporter | None:
    return _EXPORTERS.get((kind, format))


def kinds() -> list[str]:
    return sorted({kind for kind, _ in _EXPORTERS})


def formats(kind: str | None = None) -> list[str]:
    return sorted({fmt for k, fmt in _EXPORTERS if kind in (None, k)})

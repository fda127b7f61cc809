"""Inline SVG line charts (no script, no CDN): each crew's position and scrip by week.

Pure geometry: ``line_chart`` turns series of numbers into polyline points and axis
ticks in a fixed view box; the template only draws them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from django.utils.translation import gettext

from standings.compute import History

WIDTH, HEIGHT = 360, 220
LEFT, RIGHT, TOP, BOTTOM = 28, 84, 10, 22
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b",
           "#e377c2", "#7f7f7f", "#bcbd22")


@dataclass(frozen=True)
class Line:
    label: str
    colour: str
    points: str
    end: tuple[float, float]
    values: tuple[int, ...]
    highlighted: bool = False
    label_y: float = 0.0  # the end label's height, moved apart from its neighbours


@dataclass(frozen=True)
class Chart:
    title: str
    width: int
    height: int
    lines: tuple[Line, ...]
    x_ticks: tuple[tuple[float, str], ...]
    y_ticks: tuple[tuple[float, str], ...]
    plot: tuple[float, float, float, float]  # left, top, right, bottom


def _ticks(low: int, high: int, count: int = 5) -> list[int]:
    if high <= low:
        return [low]
    step = max(1, -(-(high - low) // (count - 1)))
    ticks = list(range(low, high + 1, step))
    if high - ticks[-1] > step / 2:
        ticks.append(high)
    return ticks


LABEL_GAP = 11


def spread(heights: list[float], gap: float = LABEL_GAP) -> list[float]:
    """Move label heights apart so that no two are closer than ``gap`` (order kept)."""
    order = sorted(range(len(heights)), key=lambda i: heights[i])
    placed = list(heights)
    for previous, index in pairwise(order):
        placed[index] = max(placed[index], placed[previous] + gap)
    return placed


def line_chart(title: str, weeks: Sequence[int], series: Sequence[tuple[str, Sequence[int]]],
               *, top_is_low: bool = False, highlight: str | None = None) -> Chart:
    """``series`` are (label, one value per week); with ``top_is_low`` the smallest value
    is drawn at the top (rank 1 above rank 2)."""
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM
    values = [v for _, vs in series for v in vs] or [0]
    low, high = min(values), max(values)
    if top_is_low:
        low = min(low, 1)
    span = (high - low) or 1
    count = max(len(weeks) - 1, 1)

    def x(index: int) -> float:
        return round(LEFT + (right - LEFT) * index / count, 1)

    def y(value: int) -> float:
        share = (value - low) / span
        return round(TOP + (bottom - TOP) * (share if top_is_low else 1 - share), 1)

    lines = []
    for index, (label, vs) in enumerate(series):
        points = [(x(i), y(v)) for i, v in enumerate(vs)]
        lines.append(Line(label, PALETTE[index % len(PALETTE)],
                          " ".join(f"{px},{py}" for px, py in points),
                          points[-1] if points else (LEFT, bottom), tuple(vs),
                          highlighted=label == highlight))
    heights = spread([line.end[1] for line in lines])
    lines = [replace(line, label_y=round(h, 1)) for line, h in zip(lines, heights, strict=True)]
    return Chart(title, WIDTH, HEIGHT, tuple(lines),
                 tuple((x(i), gettext("W%(week)s") % {"week": w}) for i, w in enumerate(weeks)),
                 tuple((y(v), str(v)) for v in _ticks(low, high)),
                 (LEFT, TOP, right, bottom))


def history_charts(history: History, *, limit: int = 8, crew_id: int | None = None
                   ) -> tuple[Chart, Chart]:
    """Position and scrip charts for the leading crews (and the viewer's own crew)."""
    shown = list(history.crews[:limit])
    mine = next((c for c in history.crews if c.entrant.crew_id == crew_id), None)
    if mine is not None and mine not in shown:
        shown.append(mine)
    highlight = mine.entrant.crew if mine else None
    positions = line_chart(gettext("Position by week"), history.weeks,
                           [(c.entrant.crew, c.positions) for c in shown],
                           top_is_low=True, highlight=highlight)
    scrip = line_chart(gettext("Scrip at the end of each week"), history.weeks,
                       [(c.entrant.crew, c.scrip) for c in shown], highlight=highlight)
    return positions, scrip

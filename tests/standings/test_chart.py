"""The SVG chart geometry (pure): rank 1 drawn at the top, labels kept apart."""

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from standings.chart import HEIGHT, LABEL_GAP, history_charts, line_chart, spread
from standings.compute import CrewHistory, History
from standings.facts import Entrant


def test_positions_put_rank_one_at_the_top():
    chart = line_chart("Position", [1, 2, 3], [("A", [1, 2, 3]), ("B", [3, 1, 1])],
                       top_is_low=True)
    a, b = chart.lines
    a_points = [tuple(map(float, p.split(","))) for p in a.points.split()]
    assert a_points[0][1] < a_points[1][1] < a_points[2][1]  # falling from first to third
    assert a_points[0][0] < a_points[1][0] < a_points[2][0]
    assert b.end[1] == a_points[0][1]  # B ends first, where A started
    assert [label for _, label in chart.x_ticks] == ["W1", "W2", "W3"]
    assert chart.y_ticks[0][1] == "1" and all(0 <= y <= HEIGHT for y, _ in chart.y_ticks)


def test_scrip_grows_upwards():
    chart = line_chart("Scrip", [1, 2], [("A", [0, 10])])
    start, end = [tuple(map(float, p.split(","))) for p in chart.lines[0].points.split()]
    assert end[1] < start[1]


@given(st.lists(st.floats(0, 200), max_size=12))
def test_labels_never_overlap(heights):
    placed = spread(heights)
    ordered = sorted(placed)
    assert all(b - a >= LABEL_GAP - 1e-9 for a, b in pairwise(ordered))
    assert all(p >= h for p, h in zip(placed, heights, strict=True))


def test_history_charts_add_the_viewers_crew_to_the_leaders():
    crews = tuple(CrewHistory(Entrant(i, f"Crew {i}", f"P{i}", "Guild", i), (i, i), (0, i))
                  for i in range(1, 12))
    positions, scrip = history_charts(History((1, 2), crews), limit=3, crew_id=9)
    assert [line.label for line in positions.lines] == ["Crew 1", "Crew 2", "Crew 3", "Crew 9"]
    assert [line.highlighted for line in scrip.lines] == [False, False, False, True]

"""No import circles: the project's first-party imports form a graph without cycles.

The rule for an edge (every import statement, lazy and ``TYPE_CHECKING`` ones included;
``from P import x`` is an edge to the submodule ``P.x`` when there is one) is stated in
``tests/import_graph.py``. A new circle fails the first test, which names it as a
closed path (``a -> b -> c -> a``); the others show on a small package in ``tmp_path``
that the check finds what it should and ignores what it should.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.import_graph import cycles, import_graph

ROOT = Path(__file__).resolve().parents[2]


def circles_of(root: Path, packages: list[str] | None = None, **kwargs) -> list[str]:
    return [" -> ".join(path) for path in cycles(import_graph(root, packages, **kwargs))]


@pytest.fixture(scope="module")
def graph():
    return import_graph(ROOT)


def test_the_project_has_no_import_circle(graph):
    assert {"campaign.models", "rules.engine.odds", "encounters.views.panel"} <= set(graph)
    found = [" -> ".join(path) for path in cycles(graph)]
    assert found == [], "Import circles (break them; see tests/import_graph.py):\n" + \
        "\n".join(found)


def test_the_engine_odds_and_the_simulator_point_one_way(graph):
    """The circles of issue 26 (on main before this change, the first test named four)
    stay broken in the direction chosen."""
    assert "rules.engine.first_edition_odds" in graph["rules.engine.odds"]
    assert "rules.engine.odds" not in graph["rules.engine.first_edition_odds"]
    assert "rules.engine.simulation.actions" in graph["rules.engine.simulation.engine"]
    for module in ("actions", "scoring", "view", "result", "commanders.base"):
        assert "rules.engine.simulation.engine" not in graph[f"rules.engine.simulation.{module}"]
    assert "campaign.sheet_cache" not in graph["campaign.models"]


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


PLANTED = {
    "pkg/__init__.py": "",
    "pkg/a.py": "from pkg import b\n",
    # A lazy import closes the circle: it counts.
    "pkg/b.py": "def later():\n    from . import c\n",
    "pkg/c.py": ("from typing import TYPE_CHECKING\n\n"
                 "if TYPE_CHECKING:\n    from pkg.a import Thing\n"),
    "pkg/d.py": "import pkg.c\nfrom pkg import e\n",
    "pkg/sub/__init__.py": "from . import e\n",
    "pkg/sub/e.py": "import json\nfrom pkg.sub import e\n",
}


def test_a_planted_circle_fails_the_check_and_is_named(tmp_path):
    write(tmp_path, PLANTED)
    found = circles_of(tmp_path, ["pkg"])
    assert found == ["pkg.a -> pkg.b -> pkg.c -> pkg.a"]
    with pytest.raises(AssertionError, match=r"pkg\.a -> pkg\.b -> pkg\.c -> pkg\.a"):
        assert found == [], "Import circles:\n" + "\n".join(found)


def test_two_circles_are_each_named(tmp_path):
    write(tmp_path, {**PLANTED, "pkg/x.py": "from pkg.y import f\n",
                     "pkg/y.py": "from pkg import x\n"})
    assert circles_of(tmp_path, ["pkg"]) == ["pkg.a -> pkg.b -> pkg.c -> pkg.a",
                                             "pkg.x -> pkg.y -> pkg.x"]


def test_the_edges_follow_the_stated_rule(tmp_path):
    write(tmp_path, PLANTED)
    graph = import_graph(tmp_path, ["pkg"])
    assert graph["pkg.a"] == {"pkg.b"}  # ``from pkg import b``: the submodule
    assert graph["pkg.d"] == {"pkg.c", "pkg"}  # ``e`` is no module of pkg: the package
    assert graph["pkg.sub"] == {"pkg.sub.e"}
    assert graph["pkg.sub.e"] == set()  # itself and the standard library: no edge
    # Leaving lazy and type-only imports out (the looser rule) drops this circle.
    assert circles_of(tmp_path, ["pkg"], where=("module",)) == []


def test_the_check_does_not_parse_in_this_process(tmp_path, monkeypatch):
    """The CPython 3.11 ``ast.parse`` SystemError (see tests/import_scan.py) cannot reach
    the check: it parses in a child interpreter."""

    def broken(*args, **kwargs):
        raise SystemError("AST constructor recursion depth mismatch (before=49, after=48)")

    monkeypatch.setattr(ast, "parse", broken)
    write(tmp_path, PLANTED)
    assert circles_of(tmp_path, ["pkg"]) == ["pkg.a -> pkg.b -> pkg.c -> pkg.a"]

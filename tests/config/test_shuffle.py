"""The ``--shuffle`` option's order (``tests/shuffle.py``): the same seed gives the same
order, modules stay together, and every test runs once."""

from __future__ import annotations

from types import SimpleNamespace

from tests.shuffle import shuffled


def items(names: list[str]) -> list:
    return [SimpleNamespace(nodeid=name) for name in names]


NAMES = [f"tests/{m}.py::test_{i}" for m in "abcdef" for i in range(5)]


def test_a_seed_replays_its_order_and_another_seed_differs():
    order = [i.nodeid for i in shuffled(items(NAMES), 7)]
    assert order == [i.nodeid for i in shuffled(items(NAMES), 7)]
    assert order != [i.nodeid for i in shuffled(items(NAMES), 8)]
    assert order != NAMES and sorted(order) == sorted(NAMES)


def test_each_module_stays_in_one_run_of_tests():
    modules = [i.nodeid.split("::")[0] for i in shuffled(items(NAMES), 3)]
    runs = [m for k, m in enumerate(modules) if k == 0 or modules[k - 1] != m]
    assert len(runs) == len(set(modules)) == 6

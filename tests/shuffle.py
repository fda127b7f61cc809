"""``--shuffle`` (or ``--shuffle-seed=SEED``): run the suite in a shuffled order, to find
tests that pass only after (or before) another one.

Off by default. Modules are shuffled, then the tests within each module (so module
fixtures are still set up once per module); pytest-django then groups the tests by
database use as usual, keeping the shuffled order within each group. The seed is
printed in the header and the summary: ``--shuffle-seed=SEED`` replays an order exactly.
Hooks imported by ``tests/conftest.py``.
"""

from __future__ import annotations

import random

import pytest


def pytest_addoption(parser):
    parser.addoption(
        "--shuffle", action="store_true", default=False,
        help="Run the tests in a shuffled order (modules, then the tests within each) "
             "from a fresh seed, printed.")
    parser.addoption(
        "--shuffle-seed", type=int, default=None, metavar="SEED",
        help="Run the tests in the shuffled order of this seed (implies --shuffle).")


def shuffle_seed(config) -> int | None:
    seed = config.getoption("shuffle_seed", None)
    if hasattr(config, "workerinput"):  # an xdist worker: the controller's seed
        seed = config.workerinput.get("shuffle_seed")
        if seed is None:
            return None
    if seed is None and not config.getoption("shuffle", False):
        return None
    if not hasattr(config, "_shuffle_seed"):
        config._shuffle_seed = seed if seed is not None \
            else random.SystemRandom().randrange(10**6)
    return config._shuffle_seed


def shuffled(items: list, seed: int) -> list:
    """The items by module in a shuffled module order, each module's items shuffled."""
    rng = random.Random(seed)
    modules: dict[str, list] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::")[0], []).append(item)
    order = sorted(modules)
    rng.shuffle(order)
    out = []
    for name in order:
        group = modules[name]
        rng.shuffle(group)
        out += group
    return out


# Before pytest-django's own (tryfirst too, registered earlier, so called after this).
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session, config, items):
    seed = shuffle_seed(config)
    if seed is not None:
        items[:] = shuffled(items, seed)


def pytest_report_header(config):
    seed = shuffle_seed(config)
    return None if seed is None else f"shuffled order: --shuffle-seed={seed}"


def pytest_terminal_summary(terminalreporter, config):
    seed = shuffle_seed(config)
    if seed is not None:
        terminalreporter.write_line(f"Shuffled order; replay it with --shuffle-seed={seed}")

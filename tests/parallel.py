"""Running the suite on several processes (pytest-xdist, ``scripts/test`` does by default).

Loaded with ``-p tests.parallel`` before Django's settings are read. Each xdist worker has
its own test database already (pytest-django adds the worker's name); here it also gets its
own Redis database (the base ``REDIS_URL`` database plus the worker's number), so one
worker's ``cache.clear()`` or Celery broker never touches another's. The shuffle seed is
handed from the controller to every worker, so they all collect the same order.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

import pytest


def worker_index() -> int:
    """0 for the first xdist worker and for a run without xdist."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(name[2:]) if name.startswith("gw") else 0


def worker_suffix() -> str:
    """A file-name suffix naming this worker ("" without xdist)."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "")
    return f"-{name}" if name else ""


def redis_url_for_worker(url: str, index: int) -> str:
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{base + index}"))


if os.environ.get("REDIS_URL") and worker_index():
    os.environ["REDIS_URL"] = redis_url_for_worker(os.environ["REDIS_URL"], worker_index())


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    """(xdist controller) every worker shuffles with the controller's seed."""
    from tests.shuffle import shuffle_seed

    node.workerinput["shuffle_seed"] = shuffle_seed(node.config)

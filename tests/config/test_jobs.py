"""Tasks call services, never the reverse; services start jobs by name through ``enqueue``."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from config.jobs import task
from tests.import_scan import scan

ROOT = Path(__file__).resolve().parents[2]
APPS = sorted(p.parent for p in ROOT.glob("*/apps.py"))
SERVICE_FILES = sorted(
    {*[p for app in APPS for p in app.rglob("services.py")],
     *[p for app in APPS for p in app.rglob("services/*.py")]})


@functools.cache
def _scanned() -> dict[str, list[list]]:
    # Parsed in a child interpreter (tests/import_scan.py): CPython 3.11 before 3.11.9 can
    # fail ``ast.parse`` in this process after the deep-JSON tests.
    return scan(ROOT, SERVICE_FILES)


def imported_modules(path: Path) -> set[str]:
    names = set()
    for _line, module, taken, _where in _scanned()[str(path.relative_to(ROOT))]:
        names.add(module)
        names |= {f"{module}.{name}" for name in taken}
    return names


def test_the_check_sees_the_services():
    names = {str(p.relative_to(ROOT)) for p in SERVICE_FILES}
    assert {"exports/services.py", "campaign/weeks/services.py",
            "encounters/services/results.py"} <= names


@pytest.mark.parametrize("path", SERVICE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_service_imports_a_task_module(path: Path):
    tasks = sorted(n for n in imported_modules(path) if n.split(".")[-1] == "tasks"
                   or ".tasks." in n)
    assert tasks == []


def test_no_two_services_of_an_app_import_each_other():
    services = {p: imported_modules(p) for p in SERVICE_FILES}

    def module(p: Path) -> str:
        return ".".join(p.relative_to(ROOT).with_suffix("").parts)

    loops = sorted((module(a), module(b)) for a in services for b in services
                   if a < b and module(b) in services[a] and module(a) in services[b])
    assert loops == []


@pytest.mark.django_db
def test_every_job_a_service_names_is_a_registered_task():
    named = set()
    for path in ROOT.glob("*/**/*.py"):
        if ".venv" in path.parts:
            continue
        named |= set(re.findall(r'enqueue\(\s*"([\w.]+)"', path.read_text()))
    assert {"aftermath.process_game", "exports.run_export_job",
            "campaign.send_week_notice"} <= named
    for name in named:
        assert task(name).name == name

"""The engine stands alone: nothing under ``rules/engine/`` imports Django or a project app.

The engine may import the standard library, itself, and the rule-table loaders
(``rules.tables``, ``rules.encounter_tables``), which are plain Python held to the same
rule. Checked twice: statically over every import statement (so a lazy import inside a
function, or one under ``if TYPE_CHECKING``, is caught too), and by importing every engine
module in a fresh interpreter and looking at what got loaded.

The statements are read by ``tests/import_scan.py`` in a child interpreter: CPython 3.11
before 3.11.9 can fail ``ast.parse`` in-process with "AST constructor recursion depth
mismatch" once the deep-JSON tests have run, which broke this check on a fresh clone.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from tests.import_scan import scan

ROOT = Path(__file__).resolve().parents[3]
ENGINE = ROOT / "rules" / "engine"
TABLE_LOADERS = ("rules.tables", "rules.encounter_tables")
#: Every project package that is a Django app (it has an ``apps.py``), plus the settings.
PROJECT_APPS = [*sorted(p.parent.name for p in ROOT.glob("*/apps.py")), "config"]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


ENGINE_MODULES = sorted(module_name(p) for p in ENGINE.rglob("*.py"))
CHECKED_FILES = sorted(ENGINE.rglob("*.py")) + [
    ROOT / (name.replace(".", "/") + ".py") for name in TABLE_LOADERS]


def allowed(name: str) -> bool:
    top = name.split(".")[0]
    if name == "rules.engine" or name.startswith("rules.engine."):
        return True
    if name in TABLE_LOADERS:
        return True
    return top in sys.stdlib_module_names and top != "rules"


@cache
def _scanned() -> dict[str, list[list]]:
    """Every checked file's import statements, read once in a child interpreter."""
    return scan(ROOT, CHECKED_FILES)


def imports_of(path: Path, root: Path = ROOT) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in the file, relative ones resolved."""
    found = []
    rel = str(path.relative_to(root))
    statements = _scanned()[rel] if root == ROOT and rel in _scanned() \
        else scan(root, [path])[rel]
    for line, name, names, _where in statements:
        # ``from rules import tables`` imports the module ``rules.tables``.
        found += [(line, name)] if not names or allowed(name) else \
            [(line, f"{name}.{alias}") for alias in names]
    return found


def test_the_check_knows_the_engine_and_the_apps():
    assert "rules.engine.duels" in ENGINE_MODULES
    assert {"campaign", "catalogue", "encounters", "rules"} <= set(PROJECT_APPS)
    assert not allowed("django.db") and not allowed("campaign.models")
    assert not allowed("catalogue.models") and not allowed("rules.models")


@pytest.mark.parametrize("path", CHECKED_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_import_is_the_standard_library_or_the_engine(path: Path):
    offending = [f"line {line}: {name}" for line, name in imports_of(path) if not allowed(name)]
    assert offending == [], f"{path.relative_to(ROOT)} reaches outside the engine"


def test_importing_the_whole_engine_loads_no_django_and_no_app():
    script = (
        "import importlib, json, sys\n"
        f"for name in {ENGINE_MODULES!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    loaded = json.loads(subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout)
    tops = {name.split(".")[0] for name in loaded}
    assert "django" not in tops
    assert "celery" not in tops and "rest_framework" not in tops
    outside = [name for name in loaded if name.split(".")[0] in PROJECT_APPS
               and name != "rules" and not allowed(name)]
    assert outside == []


PLANTED = """\
from __future__ import annotations

import json
from typing import TYPE_CHECKING

from . import cards
from .duels import opposed_duel
from rules import tables
from django.db import models

if TYPE_CHECKING:
    from rules.models import FlipRecord


class Holder:
    from catalogue import models as cards_table


def later():
    from campaign.models import Crew

    return Crew
"""


def test_a_planted_forbidden_import_is_caught(tmp_path):
    """Each way in: module level, a class body, a function, ``if TYPE_CHECKING``."""
    planted = tmp_path / "rules" / "engine" / "planted.py"
    planted.parent.mkdir(parents=True)
    planted.write_text(PLANTED)
    found = imports_of(planted, tmp_path)
    offending = sorted(name for _line, name in found if not allowed(name))
    assert offending == ["campaign.models.Crew", "catalogue.models", "django.db.models",
                         "rules.models.FlipRecord"]


def test_the_check_survives_a_broken_ast_parse_in_this_process(tmp_path, monkeypatch):
    """What CPython 3.11.7 did after the deep-JSON tests: ``ast.parse`` raising
    SystemError in the test process. The check parses elsewhere, so it still runs and
    still catches a forbidden import."""

    def broken(*args, **kwargs):
        raise SystemError("AST constructor recursion depth mismatch (before=49, after=48)")

    monkeypatch.setattr(ast, "parse", broken)
    _scanned.cache_clear()
    deck = ROOT / "rules" / "engine" / "deck.py"
    assert [name for _line, name in imports_of(deck) if not allowed(name)] == []
    planted = tmp_path / "rules" / "engine" / "planted.py"
    planted.parent.mkdir(parents=True)
    planted.write_text(PLANTED)
    assert "django.db.models" in {name for _line, name in imports_of(planted, tmp_path)}

"""The engine stands alone: nothing under ``rules/engine/`` imports Django or a project app.

The engine may import the standard library, itself, and the rule-table loaders
(``rules.tables``, ``rules.encounter_tables``), which are plain Python held to the same
rule. Checked twice: statically over every import statement (so a lazy import inside a
function is caught too), and by importing every engine module in a fresh interpreter and
looking at what got loaded.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

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


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in the file, relative ones resolved."""
    package = module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" \
        else module_name(path)
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            # ``from rules import tables`` imports the module ``rules.tables``.
            found += [(node.lineno, name)] if allowed(name) else \
                [(node.lineno, f"{name}.{alias.name}") for alias in node.names]
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

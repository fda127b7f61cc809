"""Every import statement of some Python files, read in a fresh interpreter.

Run as a script (``python tests/import_scan.py ROOT FILE...``), it prints one JSON
object: for each file (relative to ROOT), a list of ``[line, module, names, where]``:
``module`` is the absolute module the statement names (relative imports resolved
against the file's package), ``names`` what a ``from`` import takes from it (empty for
``import x``), and ``where`` one of ``"module"`` (runs when the file is imported: the
module body, class bodies, ``if``/``try`` blocks), ``"function"`` (inside a function or
lambda: runs only when called) or ``"type_checking"`` (under ``if TYPE_CHECKING:``).

Why a separate process: CPython 3.11 before 3.11.9 can raise ``SystemError: AST
constructor recursion depth mismatch`` from ``ast.parse`` once a RecursionError (deeply
nested JSON, in the bad-input tests) has unwound through C code earlier in the same
process. The tests that read imports (the engine's isolation, the import cycles) call
``scan`` below, which parses in a child interpreter, so what ran before cannot break them.

Standard library only: the engine's import test runs it.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path


def module_name(root: Path, path: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_in(root: Path, path: Path) -> list[list]:
    """``[line, module, names, where]`` for every import statement of one file."""
    name = module_name(root, path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[list] = []

    def visit(node: ast.AST, where: str) -> None:
        if isinstance(node, ast.Import):
            found.extend([node.lineno, alias.name, [], where] for alias in node.names)
            return
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".") if package else []
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            found.append([node.lineno, module, [a.name for a in node.names], where])
            return
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            where = "function"
        if isinstance(node, ast.If) and where == "module" and _is_type_checking(node.test):
            for child in node.body:
                visit(child, "type_checking")
            for child in node.orelse:
                visit(child, where)
            return
        for child in ast.iter_child_nodes(node):
            visit(child, where)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)), "module")
    return found


def scan(root: Path, paths: list[Path]) -> dict[str, list[list]]:
    """``imports_in`` for each file, computed in a child interpreter (see the docstring)."""
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), str(root), *map(str, paths)],
        check=True, capture_output=True, text=True,
    )
    return json.loads(done.stdout)


def main(argv: list[str]) -> None:
    root = Path(argv[0]).resolve()
    out = {str(Path(p).resolve().relative_to(root)): imports_in(root, Path(p).resolve())
           for p in argv[1:]}
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])

"""The graph of the project's first-party imports, and its cycles.

The rule (what counts as an edge from module A to module B):
- every import statement in A, wherever it is: the module body, class bodies, inside
  functions (a lazy import only hides a circle until the function runs) and under
  ``if TYPE_CHECKING:`` (a circle of annotations is still two modules that each need the
  other). This is how the circles named in issue 26 were counted; ``import_graph`` takes
  ``where`` to leave kinds out.
- B is first-party: a module of one of the project's top-level packages (folders with
  an ``__init__.py``; ``tests`` excluded).
- ``from P import x`` is an edge to the module ``P.x`` when that is a module (a
  submodule taken by name), else to ``P``. ``import P.q`` is an edge to ``P.q``. Parent
  packages are not added: a package ``__init__`` is an edge source like any module.
- A module importing itself is no edge.

A cycle is a set of modules each reachable from the others (a strongly connected
component of more than one module); ``cycles`` names one closed path through each.
The files are parsed in a child interpreter (``tests/import_scan.py`` says why).
"""

from __future__ import annotations

from pathlib import Path

from tests.import_scan import module_name, scan

#: Folders that are not part of the product's import graph.
SKIPPED = {".venv", ".git", "node_modules", "__pycache__", "tests"}
#: Where an import statement may sit (``tests/import_scan.py``); all count by default.
EVERYWHERE = ("module", "function", "type_checking")


def project_files(root: Path, packages: list[str] | None = None) -> list[Path]:
    """The .py files of the project's top-level packages (folders with ``__init__.py``)."""
    tops = packages or sorted(p.parent.name for p in root.glob("*/__init__.py")
                              if p.parent.name not in SKIPPED)
    files = []
    for top in tops:
        files += [p for p in (root / top).rglob("*.py")
                  if not SKIPPED & set(p.relative_to(root).parts[:-1])]
    return sorted(files)


def import_graph(root: Path, packages: list[str] | None = None,
                 where: tuple[str, ...] = EVERYWHERE) -> dict[str, set[str]]:
    """Module -> the first-party modules it imports (the rule above)."""
    files = project_files(root, packages)
    modules = {module_name(root, p) for p in files}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for rel, found in scan(root, files).items():
        source = module_name(root, root / rel)
        for _line, module, names, place in found:
            if place not in where:
                continue
            targets = [f"{module}.{n}" if f"{module}.{n}" in modules else module
                       for n in names] or [module]
            graph[source] |= {t for t in targets if t in modules and t != source}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One closed path (first module repeated at the end) per strongly connected
    component of more than one module, sorted (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[set[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(component)
    return sorted(_closed_path(graph, c) for c in components)


def _closed_path(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """A shortest cycle through the component's first module (breadth-first)."""
    start = min(component)
    parents: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & component):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(parents[path[-1]])
                    return [*reversed(path), start]
                if child not in parents:
                    parents[child] = node
                    following.append(child)
        frontier = following
    return sorted(component)  # unreachable for a strongly connected component

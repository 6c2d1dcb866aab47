"""The package's folders are its layers (issue 25): kalends/ the binding, one module per
area header; kalends/compat/ the drop-ins; kalends/app/ the applications.

- Every module imports alone, in a fresh interpreter (no module works only because
  another one was imported first).
- No import cycles: the graph of every import statement in the package (those at the
  top of a module, inside functions and under TYPE_CHECKING alike) has no cycle.
- Imports go down the layers only: the binding imports neither compat nor app, compat
  not app.
- Every area header of include/kalends/ has its module here (AREAS), and every module
  of the binding is an area's, the package's own plumbing or a public path kept.
"""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import kalends

PACKAGE_DIR = Path(kalends.__file__).resolve().parent
ROOT = PACKAGE_DIR.parents[2]
#: Each area header and the module that binds it (status.h: errors; version.h: the
#: package itself; rrule.h: recurrence, since kalends.rrule is the dateutil drop-in's path).
AREAS = {
    "status.h": "errors", "version.h": "__init__", "dates.h": "dates", "geometry.h": "geometry",
    "calendar.h": "calendar", "grid.h": "calendar", "calendar_system.h": "systems", "locale.h": "locale",
    "view.h": "view", "scroll.h": "scroll", "flow.h": "flow", "events.h": "events", "store.h": "store",
    "event_layout.h": "event_layout", "time_grid.h": "time_grid", "editing.h": "editing", "timezone.h": "timezone", "sources.h": "sources", "sys/plugin.h": "plugin",
    "ical.h": "ical", "rrule.h": "recurrence", "solver.h": "solver", "autolayout.h": "autolayout",
    "pointer.h": "pointer", "picker.h": "picker",
    "agenda.h": "agenda", "date_field.h": "date_field",
}
#: Binding modules that bind no header: loading and declarations, argument checks, the
#: handle base, the command's message before the package loads; and the public paths
#: kept for the drop-ins (re-exports of kalends.compat's).
PLUMBING = {"_abi", "_native", "_checks", "_handle", "_command", "__main__", "kiwisolver", "rrule", "tkcalendar"}


def modules() -> list[str]:
    out = []
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out.append(".".join(parts))
    return out


def imports(name: str) -> set[str]:
    """The package's modules that module `name` imports, anywhere in it."""
    path = PACKAGE_DIR.parent.joinpath(*name.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    known = set(modules())
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else [])) if node.level else (node.module or "")
            subs = [f"{module}.{a.name}" for a in node.names]
            found.update(s for s in subs if s in known)
            if module in known and not all(s in known for s in subs):
                found.add(module)   # a name of the module itself, not only its submodules
    found.discard(name)
    return found


def test_every_module_imports_alone_in_a_fresh_interpreter() -> None:
    names = modules()
    assert len(names) > 40
    for name in names:
        if name.endswith("__main__"):
            continue
        run = subprocess.run([sys.executable, "-c", f"import {name}"], capture_output=True, text=True,
                             env=None, cwd=PACKAGE_DIR.parent)
        assert run.returncode == 0, f"import {name} alone: {run.stderr[-2000:]}"


def test_no_import_cycles() -> None:
    graph = {name: imports(name) for name in modules()}
    assert graph["kalends.view"] >= {"kalends.store", "kalends.calendar"}   # the graph sees real imports
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def strong(v: str) -> None:   # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for v in graph:
        if v not in index:
            strong(v)
    assert cycles == [], f"import cycles: {cycles}"


def test_imports_go_down_the_layers() -> None:
    for name in modules():
        layer = "app" if name.startswith("kalends.app") else "compat" if name.startswith("kalends.compat") else ""
        below = {"": ("kalends.app", "kalends.compat"), "compat": ("kalends.app",), "app": ()}[layer]
        if name in ("kalends.kiwisolver", "kalends.rrule", "kalends.tkcalendar", "kalends.__main__"):
            continue   # the public paths of the drop-ins and of the command
        up = sorted(m for m in imports(name) if m.startswith(below)) if below else []
        assert not up, f"{name} ({layer or 'binding'}) imports {up}"


def test_every_area_header_has_its_module() -> None:
    headers = sorted(str(p.relative_to(ROOT / "include" / "kalends"))
                     for p in (ROOT / "include" / "kalends").rglob("*.h"))
    assert headers == sorted(AREAS), "a header without its module (or a module for no header) in AREAS"
    binding = {n.removeprefix("kalends.") for n in modules() if n.count(".") == 1} - {"app", "compat", "caldav"}
    assert set(AREAS.values()) - {"__init__"} <= binding
    assert binding - set(AREAS.values()) - PLUMBING == set(), "a binding module that binds no header"

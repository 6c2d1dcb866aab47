"""docs/NAMES.md's Python column: every name of its table exists in the package, and every
Python file of its files column exists under bindings/python/kalends/ (the C, core and
Swift wrapper columns are tools/tests/test_names.py's). A rename in Python without
NAMES.md, or a row naming what Python does not have, fails here.

A cell's names are in backquotes, relative to ``kalends.``: ``Calendar`` is
kalends.Calendar, ``View.event_bars`` a member of it, ``kalends.ical.ICalendar`` a path;
a name in parentheses after a class or module (``Locale`` (``month_names``, ...),
``kalends.rrule`` (``rruleset``)) is a member of it, and so is one the package does not
export by itself (``ICalOccurrence`` after ``kalends.ical.ICalendar``); ``.status`` is a
field; ``version()`` is called nothing, only looked up."""
from __future__ import annotations

import importlib
import re
from pathlib import Path
from types import ModuleType
from typing import Any, Optional

import pytest

import kalends

PACKAGE_DIR = Path(kalends.__file__).resolve().parent
NAMES = PACKAGE_DIR.parents[2] / "docs" / "NAMES.md"
#: Words of a cell that are no Python names (prose in backquotes, the datetime module's).
NOT_NAMES = {"...", "fetch", "begin", "datetime.date"}


def rows() -> list[list[str]]:
    lines = [ln for ln in NAMES.read_text(encoding="utf-8").splitlines() if ln.startswith("| ")]
    header, body = lines[0], lines[2:]
    assert [c.strip() for c in header.strip("|").split("|")][3:6:2] == [
        "Python (`kalends.`)", "files: core / C header / CAPI / Python / Swift"], header
    return [[c.strip() for c in ln.strip().strip("|").split("|")] for ln in body]


ROWS = rows()
IDS = [r[0] for r in ROWS]


def _path(name: str) -> Optional[Any]:
    """kalends.a.b.C.d: the longest importable module, then attributes."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            value = getattr(found, attribute, None)
            if value is None and attribute in _fields(found):
                value = attribute   # a field of instances
            if value is None:
                return None
            found = value
        return found
    return None


def _fields(obj: Any) -> set[str]:
    """What a class's instances have besides its attributes: NamedTuple and dataclass
    fields, and the instance attributes a class body declares (``hidden: list[...]``)."""
    declared = set(vars(obj).get("__annotations__", {})) if isinstance(obj, type) else set()
    return set(getattr(obj, "_fields", ())) | set(getattr(obj, "__dataclass_fields__", {})) | declared


def resolved(cell: str) -> list[str]:
    """The cell's names that do not exist in the package."""
    missing: list[str] = []
    context: list[Any] = [kalends]   # the package, then the classes and modules the cell named, latest last
    for raw in re.findall(r"`([^`]+)`", cell):
        name = re.sub(r"\(.*?\)", "", raw).strip()
        if not name or name in NOT_NAMES or name.startswith("kalends_"):
            continue
        chain = _lookup(name, context)
        if chain is None:
            missing.append(raw)
            continue
        for found in chain:   # the object and what holds it: their members may follow
            if isinstance(found, (type, ModuleType)):
                context.append(found)
                if isinstance(found, type):
                    context.append(importlib.import_module(found.__module__))
    return missing


def _lookup(name: str, context: list[Any]) -> Optional[list[Any]]:
    """``name``'s object and the objects on its way (kalends.ical.ICalendar: the module,
    the class), or None."""
    if name.startswith("kalends."):
        found = _path(name)
        owner = _path(name.rpartition(".")[0]) if "." in name[len("kalends."):] else None
        return None if found is None else [owner, found]
    parts = name.lstrip(".").split(".")
    for scope in reversed(context):
        chain: list[Any] = []
        found: Any = scope
        for part in parts:
            value = getattr(found, part, None)
            if value is None and part in _fields(found):
                value = part   # a field of instances
            if value is None:
                break
            chain.append(value)
            found = value
        else:
            return chain
    return None


def test_the_table_has_python_names() -> None:
    assert sum(1 for r in ROWS if re.search(r"`[A-Za-z]", r[3])) >= 25


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_python_names_exist(row: list[str]) -> None:
    missing = resolved(row[3])
    assert not missing, f"{row[0]}: not in the Python package: {missing}"


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_python_files_exist(row: list[str]) -> None:
    sides = [s.strip() for s in row[5].split(" / ")]
    python = sides[3] if len(sides) > 3 else ""
    missing = [f for f in re.findall(r"`([^`]+)`", python) if not (PACKAGE_DIR / f).is_file()]
    assert not missing, f"{row[0]}: not under bindings/python/kalends/: {missing}"


def test_a_wrong_name_is_found() -> None:
    assert resolved("`Calendar`, `Locale` (`month_names`, `no_such_method`), `kalends.ical.NoSuchThing`") == [
        "no_such_method", "kalends.ical.NoSuchThing"]
    assert resolved("`kalends.ical.ICalendar` (`status`), `ICalOccurrence` (`.status`), `.nothing`") == [".nothing"]

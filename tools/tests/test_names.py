"""docs/NAMES.md's table of concepts names, for each layer, what exists: every C name in
the headers, every core name in KalendsCore (or KalendsSystem), every Swift wrapper name
in bindings/swift, every file of the files column where its layer keeps it. A rename in
one layer without NAMES.md (or a row naming what does not exist) fails here. (The Python
column is the Python binding's to check: its test reads the same table.)

Cells hold names in backquotes: `kalends_view_*` is every function with that prefix;
`kalends_calendar_system_*` (`from_day`, ...) names kalends_calendar_system_from_day;
`EventStore.add(series:recurrence:zone:)` is EventStore and add; `View.Notice` is View
and Notice; `.code` is a member; folders end with `/`."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NAMES = ROOT / "docs" / "NAMES.md"
CORE = ROOT / "Sources" / "KalendsCore"
SYSTEM = ROOT / "Sources" / "KalendsSystem"
CAPI = ROOT / "Sources" / "KalendsCAPI"
WRAPPER = ROOT / "bindings" / "swift" / "Sources" / "Kalends"
HEADERS = ROOT / "include"


def rows() -> list[list[str]]:
    """The table's rows after its header line, as cells."""
    lines = [ln for ln in NAMES.read_text(encoding="utf-8").splitlines() if ln.startswith("| ")]
    header, body = lines[0], lines[2:]
    assert [c.strip() for c in header.strip("|").split("|")][:6] == [
        "concept", "core (KalendsCore)", "C", "Python (`kalends.`)", "Swift wrapper (`Kalends.`)",
        "files: core / C header / CAPI / Python / Swift"], header
    return [[c.strip() for c in ln.strip().strip("|").split("|")] for ln in body]


def ticked(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def words(folder: Path) -> set[str]:
    """Every identifier in the Swift sources below `folder`."""
    out: set[str] = set()
    for f in folder.rglob("*.swift"):
        out.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", f.read_text(encoding="utf-8")))
    return out


def c_identifiers() -> set[str]:
    out: set[str] = set()
    for f in [HEADERS / "kalends.h", *HEADERS.glob("kalends/*.h"), *HEADERS.glob("kalends/sys/*.h")]:
        out.update(re.findall(r"\b(?:kalends|KALENDS)_[A-Za-z0-9_]+\b", f.read_text(encoding="utf-8")))
    return out


def swift_parts(name: str) -> list[str]:
    """`EventStore.add(series:recurrence:zone:)` -> EventStore, add; `View.title()` -> View,
    title; `.code` -> code; `Time/Systems/` -> [] (a folder, checked as a file)."""
    if "/" in name or name.endswith(".swift"):
        return []
    name = re.sub(r"\(.*\)", "", name)
    return [p for p in re.split(r"[.\s]", name) if p and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", p)]


ROWS = rows()
IDS = [r[0] for r in ROWS]


def test_the_table_has_rows() -> None:
    assert len(ROWS) >= 30


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_c_names_exist(row: list[str]) -> None:
    known = c_identifiers()
    prefix = None
    previous = ""
    missing = []
    for name in ticked(row[2]):
        base = name.split(".")[0].split("(")[0]
        if base.startswith("_") and previous:   # `available_count`/`_identifier`: available_identifier
            base = previous.rsplit("_", 1)[0] + base
        previous = base
        if base.startswith(("kalends_", "KALENDS_")):
            if base.endswith("*"):
                prefix = base[:-1]
                if not any(k.startswith(prefix) for k in known):
                    missing.append(name)
            elif base not in known:
                missing.append(name)
        elif prefix and re.fullmatch(r"[a-z0-9_]+", base):
            if prefix + base not in known:   # a suffix of the wildcard before it
                missing.append(prefix + base)
    assert not missing, f"{row[0]}: not in the headers: {missing}"


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_core_names_exist(row: list[str]) -> None:
    known = words(CORE) | words(SYSTEM)
    missing = [n for name in ticked(row[1]) for n in swift_parts(name) if n not in known]
    assert not missing, f"{row[0]}: not in KalendsCore or KalendsSystem: {missing}"


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_wrapper_names_exist(row: list[str]) -> None:
    known = words(WRAPPER)
    missing = [n for name in ticked(row[4]) for n in swift_parts(name) if n not in known]
    assert not missing, f"{row[0]}: not in the Swift wrapper: {missing}"


@pytest.mark.parametrize("row", ROWS, ids=IDS)
def test_files_exist(row: list[str]) -> None:
    """The files column: core / C header / CAPI / Python / Swift wrapper, each side
    one or more files (`—` none); the Python side is the Python binding's."""
    sides = [s.strip() for s in row[5].split(" / ")]
    anywhere = [ROOT / "Sources", ROOT]   # another layer's file, named from the Sources or the repository
    places = [[CORE], [HEADERS / "kalends", HEADERS], [CAPI], None, [WRAPPER]]
    missing = []
    for side, roots in zip(sides, places):
        if roots is None:
            continue
        for name in ticked(side):
            if not any(any(root.glob(name.rstrip("/"))) for root in roots + anywhere):
                missing.append(name)
    assert not missing, f"{row[0]}: files not found: {missing}"

"""include/kalends.h is a valid C declaration set for a real C parser (cffi's cdef),
and the ctypes declarations of the binding agree with it, field by field."""
from __future__ import annotations

import ctypes
import re
from pathlib import Path

import pytest

cffi = pytest.importorskip("cffi")

import kalends
from kalends import _native

HEADER = Path(__file__).resolve().parents[3] / "include" / "kalends.h"


STRING_MACRO = re.compile(r'#define (KALENDS_[A-Z_]+) "([^"]*)"$')


def cdef_source() -> str:
    """The header without what cffi's cdef does not take: include guards, #include, the
    C++ extern "C" wrapper and string macros (see test_string_macros). Everything else
    goes to the parser as written."""
    out, skipping = [], False
    for line in HEADER.read_text().splitlines():
        s = line.strip()
        if s.startswith("#ifdef __cplusplus"):
            skipping = True
            continue
        if skipping:
            skipping = not s.startswith("#endif")
            continue
        if s.startswith(("#include", "#ifndef KALENDS_H", "#define KALENDS_H", "#endif")) or STRING_MACRO.match(s):
            continue
        out.append(line)
    return "\n".join(out)


def test_string_macros() -> None:
    """The one string macro names the plugin entry point the header documents."""
    macros = dict(m.groups() for m in map(STRING_MACRO.match, map(str.strip, HEADER.read_text().splitlines())) if m)
    assert macros == {"KALENDS_PLUGIN_ENTRY": "kalends_plugin_entry"}
    assert "const kalends_plugin_vtable *kalends_plugin_entry(void);" in HEADER.read_text()


@pytest.fixture(scope="module")
def ffi() -> "cffi.FFI":
    f = cffi.FFI()
    f.cdef(cdef_source())
    return f


def declared_functions(ffi: "cffi.FFI") -> set[str]:
    """The functions the C parser found (cffi keeps them as "function NAME")."""
    return {key.split(" ", 1)[1] for key in ffi._parser._declarations if key.startswith("function ")}


def test_header_parses(ffi: "cffi.FFI") -> None:
    assert ffi.sizeof("kalends_day") == 32


def test_every_declared_function_is_bound_and_nothing_else(ffi: "cffi.FFI") -> None:
    assert declared_functions(ffi) == set(_native._SIGNATURES)


@pytest.mark.parametrize("ctype, cname", [
    (_native.CDate, "kalends_date"), (_native.CWeekOfYear, "kalends_week_of_year"),
    (_native.CDayRange, "kalends_day_range"), (_native.CDay, "kalends_day"),
    (_native.CCalendarOptions, "kalends_calendar_options"), (_native.CPoint, "kalends_point"),
    (_native.CSize, "kalends_size"), (_native.CRect, "kalends_rect"), (_native.CViewOptions, "kalends_view_options"),
    (_native.CViewMetrics, "kalends_view_metrics"), (_native.CPage, "kalends_page"),
    (_native.CTransition, "kalends_transition"), (_native.CModeChange, "kalends_mode_change"),
    (_native.CAction, "kalends_action"), (_native.CSelection, "kalends_selection"),
    (_native.CElement, "kalends_element"), (_native.CViewCallbacks, "kalends_view_callbacks"),
    (_native.CScrollOptions, "kalends_scroll_options"), (_native.CFlowOptions, "kalends_flow_options"),
    (_native.CFlowFitResult, "kalends_flow_fit_result"), (_native.CConstraint, "kalends_constraint"),
    (_native.CConstantChange, "kalends_constant_change"), (_native.CBrokenConstraint, "kalends_broken_constraint"),
    (_native.CEvent, "kalends_event"), (_native.CEventSink, "kalends_event_sink"),
    (_native.CCompletion, "kalends_completion"), (_native.CSource, "kalends_source"),
    (_native.CBarOptions, "kalends_bar_options"), (_native.CEventBar, "kalends_event_bar"),
    (_native.CEventMore, "kalends_event_more"), (_native.CTimelineOptions, "kalends_timeline_options"),
    (_native.CTimelineItem, "kalends_timeline_item"),
])
def test_ctypes_structs_match_the_header(ffi: "cffi.FFI", ctype: type, cname: str) -> None:
    assert ctypes.sizeof(ctype) == ffi.sizeof(cname)
    assert [name for name, _ in ctype._fields_] == [name for name, _ in ffi.typeof(cname).fields]
    for name, _ in ctype._fields_:
        assert getattr(ctype, name).offset == ffi.offsetof(cname, name), name


def test_constants_match_the_header(ffi: "cffi.FFI") -> None:
    lib = ffi.dlopen(str(Path(_native.lib._name)))
    assert kalends.ABI_VERSION == lib.KALENDS_ABI_VERSION
    for status in kalends.Status:
        name = "KALENDS_OK" if status == 0 else f"KALENDS_E_{status.name}"
        assert getattr(lib, name) == status, name
    for flag in kalends.DayFlags:
        assert getattr(lib, f"KALENDS_DAY_{flag.name}") == flag
    for rows in kalends.Rows:
        assert getattr(lib, f"KALENDS_ROWS_{rows.name}") == rows
    for wd in kalends.Weekday:
        assert getattr(lib, f"KALENDS_{wd.name}") == wd
        assert getattr(lib, f"KALENDS_WEEKDAY_MASK_{wd.name}") == 1 << (wd - 1)
    for today in kalends.Today:
        assert getattr(lib, f"KALENDS_TODAY_{today.name}") == today.value
    assert lib.KALENDS_TODAY_FIXED == 1
    assert (lib.KALENDS_YEAR_MIN, lib.KALENDS_YEAR_MAX) == (kalends.YEAR_MIN, kalends.YEAR_MAX)
    assert lib.KALENDS_GRID_MAX_DAYS == _native.GRID_MAX_DAYS
    for enum_type, prefix in [(kalends.DisplayMode, "MODE"), (kalends.SelectionMode, "SELECTION"),
                              (kalends.OutDates, "OUT_DATES"), (kalends.OutDateTap, "OUT_DATE_TAP"),
                              (kalends.Key, "KEY"), (kalends.Outcome, "OUTCOME"), (kalends.Direction, "DIRECTION"),
                              (kalends.ElementKind, "ELEMENT"), (kalends.TimingCurve, "CURVE"),
                              (kalends.Axis, "AXIS"), (kalends.ScrollPosition, "SCROLL"),
                              (kalends.Attribute, "ATTRIBUTE"), (kalends.Relation, "RELATION"),
                              (kalends.Basis, "BASIS")]:
        for member in enum_type:
            assert getattr(lib, f"KALENDS_{prefix}_{member.name}") == member, (prefix, member)
    assert lib.KALENDS_ITEM_SCREEN == kalends.SCREEN and lib.KALENDS_ITEM_NONE == 0
    assert lib.KALENDS_PRIORITY_REQUIRED == kalends.Priority.REQUIRED and lib.KALENDS_PRIORITY_LOW == kalends.Priority.LOW
    assert [lib.KALENDS_ROW_HEIGHT_SQUARE, lib.KALENDS_ROW_HEIGHT_FIXED, lib.KALENDS_ROW_HEIGHT_ASPECT_RATIO] == [
        kalends.RowHeight.square().mode, kalends.RowHeight.fixed(1).mode, kalends.RowHeight.aspect_ratio(1).mode]


def test_cffi_calls_the_library_too(ffi: "cffi.FFI") -> None:
    lib = ffi.dlopen(str(Path(_native.lib._name)))
    assert lib.kalends_abi_version() == kalends.abi_version()
    out = ffi.new("kalends_date *")
    assert lib.kalends_date_from_day_number(20779, out) == 0
    assert (out.year, out.month, out.day) == (2026, 11, 22)

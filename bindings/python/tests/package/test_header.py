"""The headers (include/kalends.h and the area headers it includes) are a valid C
declaration set for a real C parser (cffi's cdef), and what tools/abigen generated from
them agrees with that parser: every function's type, every constant, every struct."""
from __future__ import annotations

import ctypes
import re
import sys
from pathlib import Path

import pytest
import required

cffi = required.module("cffi", "a real C parser reads the header")

import kalends
from kalends import _abi, _native

ROOT = Path(__file__).resolve().parents[4]
HEADER = ROOT / "include" / "kalends.h"
sys.path.insert(0, str(ROOT / "tools" / "abigen"))

from parse import parse  # noqa: E402

STRING_MACRO = re.compile(r'#define (KALENDS_[A-Z_]+) "([^"]*)"$')


def header_lines(path: Path = HEADER, seen: set[Path] | None = None) -> list[str]:
    """The umbrella header with its quoted includes expanded in place (each file once),
    as the preprocessor would."""
    seen = set() if seen is None else seen
    path = path.resolve()
    if path in seen:
        return []
    seen.add(path)
    out: list[str] = []
    for line in path.read_text().splitlines():
        m = re.match(r'#include "([^"]+)"', line.strip())
        if m:
            target = (path.parent / m.group(1)).resolve()   # kalends/sys/ includes "../dates.h"
            out += header_lines(target if target.exists() else ROOT / "include" / m.group(1), seen)
        else:
            out.append(line)
    return out


def cdef_source() -> str:
    """The headers without what cffi's cdef does not take: include guards, #include, the
    C++ extern "C" wrapper and string macros (see test_string_macros). Everything else
    goes to the parser as written."""
    out, skipping = [], False
    for line in header_lines():
        s = line.strip()
        if s.startswith("#ifdef __cplusplus"):
            skipping = True
            continue
        if skipping:
            skipping = not s.startswith("#endif")
            continue
        if s.startswith(("#include", "#ifndef KALENDS_", "#endif")) or re.match(r"#define KALENDS_(\w+_)?H$", s) or \
                STRING_MACRO.match(s):
            continue
        out.append(line)
    return "\n".join(out)


def test_string_macros() -> None:
    """The one string macro names the plugin entry point the header documents."""
    macros = dict(m.groups() for m in map(STRING_MACRO.match, map(str.strip, header_lines())) if m)
    assert macros == {"KALENDS_PLUGIN_ENTRY": "kalends_plugin_entry"}
    assert "const kalends_plugin_vtable *kalends_plugin_entry(void);" in "\n".join(header_lines())
    assert _abi.KALENDS_PLUGIN_ENTRY == "kalends_plugin_entry"


@pytest.fixture(scope="module")
def ffi() -> "cffi.FFI":
    f = cffi.FFI()
    f.cdef(cdef_source())
    return f


@pytest.fixture(scope="module")
def clib(ffi: "cffi.FFI") -> object:
    return ffi.dlopen(str(Path(_native.lib._name)))


def declared_functions(ffi: "cffi.FFI") -> set[str]:
    """The functions the C parser found (cffi keeps them as "function NAME")."""
    return {key.split(" ", 1)[1] for key in ffi._parser._declarations if key.startswith("function ")}


def test_header_parses(ffi: "cffi.FFI") -> None:
    assert ffi.sizeof("kalends_day") == 32


def test_every_declared_function_is_bound_and_nothing_else(ffi: "cffi.FFI") -> None:
    assert declared_functions(ffi) == set(_abi.FUNCTIONS) == set(_native.FUNCTION_NAMES)


def test_the_generator_reads_every_function_as_the_c_parser_does(ffi: "cffi.FFI", clib: object) -> None:
    """tools/abigen's model spells each function's type; cffi (pycparser) resolves both
    spellings, so any difference in a parameter, a pointer or a const shows."""
    model = parse(HEADER)
    assert [f.name for f in model.functions] == list(_abi.FUNCTIONS)
    for f in model.functions:
        spelled = f"{f.returns.spelling}(*)({', '.join(p.type.spelling for p in f.params) or 'void'})"
        assert ffi.typeof(getattr(clib, f.name)) is ffi.typeof(spelled), f.name


def test_generated_argtypes_have_the_c_sizes(ffi: "cffi.FFI", clib: object) -> None:
    """Every ctypes argtype and restype is as large as the C parameter it passes."""
    for name, (restype, params) in _abi.FUNCTIONS.items():
        ctype = ffi.typeof(getattr(clib, name))
        assert len(ctype.args) == len(params), name
        for (pname, argtype), carg in zip(params, ctype.args):
            assert ctypes.sizeof(argtype) == ffi.sizeof(carg), (name, pname)
        if restype is not None:
            assert ctypes.sizeof(restype) == ffi.sizeof(ctype.result), name


def test_every_constant_is_generated_with_the_header_value(ffi: "cffi.FFI", clib: object) -> None:
    model = parse(HEADER)
    for c in model.constants:
        if isinstance(c.value, str):
            continue
        assert getattr(clib, c.name) == getattr(_abi, c.name) == c.value, c.name
    for g in model.groups:
        enum_type = getattr(_abi, "".join(p.capitalize() for p in g.name[len("kalends_"):].split("_")))
        names = {g.member_name(c): c.value for c in g.constants}
        if g.name == "kalends_status":   # Python names statuses without their E_, as Swift does
            names = {k.removeprefix("E_"): v for k, v in names.items()}
        assert {k: m.value for k, m in enum_type.__members__.items()} == names, g.name


def test_python_enums_match_the_generated_groups() -> None:
    """The package's enums are the generated groups (kalends.Status, Weekday, Rows, ...
    are _abi's), or hold the header's values under Pythonic names (Today, ContentPriority)."""
    assert kalends.ABI_VERSION == _abi.KALENDS_ABI_VERSION
    assert kalends.Status is _abi.Status and kalends.Weekday is _abi.Weekday and kalends.Attribute is _abi.Attribute
    for status in kalends.Status:
        name = "KALENDS_OK" if status == 0 else f"KALENDS_E_{status.name}"
        assert getattr(_abi, name) == status, name
    for flag in kalends.DayFlags:
        assert _abi.DayFlags[flag.name] == flag
    for wd in kalends.Weekday:
        assert _abi.Weekday[wd.name] == wd and _abi.WeekdayMask[wd.name] == 1 << (wd - 1)
    for today in kalends.Today:
        assert _abi.TodayMode[today.name] == today.value
    assert (_abi.KALENDS_YEAR_MIN, _abi.KALENDS_YEAR_MAX) == (kalends.YEAR_MIN, kalends.YEAR_MAX)
    for enum_type, group in [(kalends.Rows, _abi.Rows), (kalends.DisplayMode, _abi.DisplayMode),
                             (kalends.SelectionMode, _abi.SelectionMode), (kalends.OutDates, _abi.OutDates),
                             (kalends.OutDateTap, _abi.OutDateTap), (kalends.Key, _abi.Key),
                             (kalends.Outcome, _abi.Outcome), (kalends.Direction, _abi.Direction),
                             (kalends.ElementKind, _abi.ElementKind), (kalends.TimingCurve, _abi.TimingCurve),
                             (kalends.Axis, _abi.Axis), (kalends.ScrollPosition, _abi.ScrollPosition),
                             (kalends.Attribute, _abi.Attribute), (kalends.Relation, _abi.Relation),
                             (kalends.Basis, _abi.Basis), (kalends.LayoutAxis, _abi.LayoutAxis),
                             (kalends.Policy, _abi.Policy), (kalends.BrokenKind, _abi.BrokenKind)]:
        # every Python member has the header's value
        assert {m.name: int(m) for m in enum_type}.items() <= {m.name: int(m) for m in group}.items(), enum_type
    assert {m.name: int(m) for m in kalends.ContentPriority} == {"HUGGING": _abi.KALENDS_CONTENT_HUGGING,
                                                                   "COMPRESSION_RESISTANCE":
                                                                       _abi.KALENDS_COMPRESSION_RESISTANCE}
    assert _abi.KALENDS_ITEM_SCREEN == kalends.SCREEN and _abi.KALENDS_ITEM_NONE == 0
    assert _abi.KALENDS_PRIORITY_REQUIRED == kalends.Priority.REQUIRED
    assert _abi.KALENDS_PRIORITY_LOW == kalends.Priority.LOW
    assert [_abi.KALENDS_ROW_HEIGHT_SQUARE, _abi.KALENDS_ROW_HEIGHT_FIXED, _abi.KALENDS_ROW_HEIGHT_ASPECT_RATIO] == [
        kalends.RowHeight.square().mode, kalends.RowHeight.fixed(1).mode, kalends.RowHeight.aspect_ratio(1).mode]


def test_cffi_calls_the_library_too(ffi: "cffi.FFI", clib: object) -> None:
    assert clib.kalends_abi_version() == kalends.abi_version()  # type: ignore[attr-defined]
    out = ffi.new("kalends_date *")
    assert clib.kalends_date_from_day_number(20779, out) == 0  # type: ignore[attr-defined]
    assert (out.year, out.month, out.day) == (2026, 11, 22)

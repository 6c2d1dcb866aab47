"""tools/abigen: the parser reads the headers' rules and refuses what breaks them; a
function declared once in an area header reaches every generated file; a stale
generated file fails the check."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE.parent))

import emit_capi  # noqa: E402
from model import indexed_names, layout, nullable_names  # noqa: E402
from parse import HeaderError, parse  # noqa: E402

GENERATOR = ROOT / "tools" / "abigen"


def write_header(tmp: Path, body: str) -> Path:
    (tmp / "kalends").mkdir(parents=True, exist_ok=True)
    (tmp / "kalends" / "status.h").write_text((ROOT / "include" / "kalends" / "status.h").read_text())
    (tmp / "kalends" / "area.h").write_text(
        "/* kalends/area.h -- a test area. */\n#ifndef KALENDS_AREA_H\n#define KALENDS_AREA_H\n"
        "#include \"status.h\"\n" + body + "\n#endif\n")
    umbrella = tmp / "kalends.h"
    umbrella.write_text("#ifndef KALENDS_H\n#define KALENDS_H\n#include \"kalends/area.h\"\n#endif\n")
    return umbrella


def test_the_real_headers_parse_into_a_complete_model() -> None:
    abi = parse(ROOT / "include" / "kalends.h")
    assert len(abi.functions) >= 146 and len(abi.structs) >= 34
    assert all(f.doc for f in abi.functions)
    assert {a.name for a in abi.areas} >= {"status", "dates", "calendar", "grid", "view", "plugin", "autolayout"}
    grid = abi.function("kalends_calendar_month_grid")
    assert [(p.name, p.role) for p in grid.params] == [
        ("calendar", "handle"), ("year", "value"), ("month", "value"), ("rows", "value"), ("out", "out_array"),
        ("capacity", "capacity"), ("count", "count")]
    assert grid.params[4].capacity == "capacity" and grid.params[4].count == "count"
    assert abi.group("kalends_display_mode") is not None
    assert [abi.group("kalends_display_mode").member_name(c) for c in abi.group("kalends_display_mode").constants] == [
        "MONTH", "WEEK", "DAY"]
    assert layout(abi, "kalends_event").size == 64


def test_roles(tmp_path: Path) -> None:
    abi = parse(write_header(tmp_path, """
typedef struct kalends_thing kalends_thing;
typedef struct kalends_item { int32_t a; double b; } kalends_item;
typedef kalends_status (*kalends_visit_fn)(void *user_data, int32_t item);
/* Doc. */
kalends_status kalends_thing_new(const char *name, kalends_thing **out);
/* Doc. */
kalends_status kalends_thing_items(const kalends_thing *thing, const kalends_item *items, int32_t count,
                                   kalends_item *out, int32_t capacity, int32_t *count_out_count);
/* Doc. */
kalends_status kalends_thing_name(const kalends_thing *thing, char *buffer, size_t capacity, size_t *length);
/* Doc. */
kalends_status kalends_thing_visit(kalends_thing *thing, kalends_visit_fn fn, void *user_data);
"""))
    roles = {f.name: [p.role for p in f.params] for f in abi.functions}
    assert roles["kalends_thing_new"] == ["string_in", "handle_out"]
    assert roles["kalends_thing_items"] == ["handle", "in_array", "count", "out_array", "capacity", "count"]
    assert roles["kalends_thing_name"] == ["handle", "string_buffer", "capacity", "length"]
    assert roles["kalends_thing_visit"] == ["handle", "callback", "user_data"]


@pytest.mark.parametrize("body, message", [
    ("kalends_status kalends_undocumented(void);", "has no doc comment"),
    ("/* Doc. */\nkalends_status other_prefix(void);", "does not start with kalends_"),
    ("/* Doc. */\nkalends_status kalends_f(int32_t);", "every parameter needs a name"),
    ("/* Doc. */\nkalends_status kalends_f(int32_t const *x);", "write `const T *`"),
    ("#define KALENDS_X (1 + 2)", "not an integer or string literal"),
    ("#if 1\n#endif", "unsupported preprocessor line"),
    ("/* Doc. */\nkalends_status kalends_f(kalends_unknown *x);", "unknown type"),
])
def test_the_parser_refuses_what_breaks_the_rules(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises((HeaderError, KeyError)) as caught:
        parse(write_header(tmp_path, body))
    assert message in str(caught.value)


def copy_repo(tmp: Path) -> Path:
    """The headers and the generated files, in a directory the generator can work on."""
    out = subprocess.run([sys.executable, str(GENERATOR), "--list"], capture_output=True, text=True, check=True)
    shutil.copytree(ROOT / "include", tmp / "include")
    for path in out.stdout.split():
        (tmp / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / path, tmp / path)
    return tmp


def check(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(GENERATOR), "--check", "--root", str(root)], capture_output=True,
                          text=True)


def test_a_stale_generated_file_fails_the_check(tmp_path: Path) -> None:
    root = copy_repo(tmp_path)
    assert check(root).returncode == 0
    abi_py = root / "bindings" / "python" / "kalends" / "_abi.py"
    abi_py.write_text(abi_py.read_text().replace("KALENDS_ABI_VERSION = 1", "KALENDS_ABI_VERSION = 2"))
    result = check(root)
    assert result.returncode == 1
    assert "_abi.py" in result.stdout and "stale" in result.stderr


def test_a_function_declared_once_reaches_every_generated_file(tmp_path: Path) -> None:
    root = copy_repo(tmp_path)
    dates = root / "include" / "kalends" / "dates.h"
    dates.write_text(dates.read_text().replace("#ifdef __cplusplus\n}\n#endif", """/* Writes the number of days of `year` (365 or 366) to *out.
   Errors: INVALID_ARGUMENT (out is NULL), OUT_OF_RANGE (year). */
kalends_status kalends_year_days(int32_t year, int32_t *out);

#ifdef __cplusplus
}
#endif"""))
    assert check(root).returncode == 1      # the header changed: every output is stale
    subprocess.run([sys.executable, str(GENERATOR), "--root", str(root)], check=True, capture_output=True)
    assert check(root).returncode == 0
    expect = {
        "bindings/python/kalends/_abi.py": """    "kalends_year_days": '(c_int32, (("year", c_int32), ("out", POINTER(c_int32)),))',""",
        "Sources/KalendsCAPI/kalends.map": "    kalends_year_days;",
        "bindings/swift/Sources/Kalends/Generated/Functions.swift": "let yearDays: KalendsABI.YearDays",
        "Sources/KalendsABI/FunctionTypes.swift":
            "public typealias YearDays = @convention(c) (Int32, UnsafeMutablePointer<Int32>?) -> kalends_status",
        "Sources/KalendsABICheck/HeaderCheck.swift": "declared(kalends_year_days as KalendsABI.YearDays)",
        "Sources/KalendsCAPI/Generated/ExportCheck.swift": "exported(kalendsYearDays, as: type(of: kalends_year_days))",
        "bindings/c/tests/generated/ffi_signatures.h":
            '{"kalends_year_days", &ffi_type_sint32, 2, {&ffi_type_sint32, &ffi_type_pointer}, "vo", 1},',
        "Sources/KalendsCAPI/Generated/Exports.swift": "        deliver(try yearDays(year), out)",
    }
    for path, line in expect.items():
        assert line in (root / path).read_text(), path


def test_the_doc_says_which_pointers_may_be_null() -> None:
    doc = """Gives the view a `store` (NULL: detaches the sources) and a `zone` (NULL: UTC).
    *version (may be NULL) receives it; `hit` and `out` may be NULL; (*height; may be
    NULL); options NULL: defaults; `terms` may be NULL when count is 0. The `calendar`
    handle must be live; out is NULL is INVALID_ARGUMENT. ids[i] gets the i-th id."""
    assert nullable_names(doc) == {"store", "zone", "version", "hit", "out", "height", "options", "terms"}
    assert "calendar" not in nullable_names(doc)
    assert indexed_names(doc) == {"ids"}


def test_the_exports_follow_the_roles(tmp_path: Path) -> None:
    abi = parse(write_header(tmp_path, """
typedef struct kalends_thing kalends_thing;
typedef struct kalends_item { int32_t a; double b; } kalends_item;
/* Makes a thing named `name`. */
kalends_status kalends_thing_new(const char *name, kalends_thing **out);
/* The items of `thing` like `items` (array conventions); *total (may be NULL) how many
   there are in all; `zone` (NULL: none). */
kalends_status kalends_thing_items(const kalends_thing *thing, const kalends_thing *zone, const kalends_item *items,
                                   int32_t count, kalends_item *out, int32_t capacity, int32_t *out_count, int32_t *total);
/* Its name, snprintf convention. */
kalends_status kalends_thing_name(const kalends_thing *thing, char *buffer, size_t capacity, size_t *length);
/* The number; *found says whether there is one. */
kalends_status kalends_thing_number(const kalends_thing *thing, int64_t *out, int32_t *found);
"""))
    text = emit_capi.exports(abi, "// banner")
    # a new handle: the body returns its object, registered under its kind
    assert 'let name = try requiredString(name, "name")' in text
    assert "out.pointee = try HandleRegistry.shared.register(try thingNew(name) as ThingHandle, kind: .thing)" in text
    # handles looked up first (a NULL-able one optional), arrays checked, the body called, results written
    assert "calls `thingItems(ThingHandle, ThingHandle?, UnsafeBufferPointer<kalends_item>, ArrayOutput<kalends_item>)" in text
    assert "let thing = try handle(thing, .thing, ThingHandle.self)" in text
    assert "let zone = try optionalHandle(zone, .thing, ThingHandle.self)" in text
    assert 'let items = try inputBuffer(items, count, "items")' in text
    assert 'let out = try ArrayOutput(out, capacity, outCount, "out")' in text
    assert "deliver(try thingItems(thing, zone, items, out), ifAsked: total)" in text
    # text is returned and written by the snprintf convention
    assert "let buffer = try StringOutput(buffer, capacity, length)" in text
    assert "buffer.write(try thingName(thing))" in text
    # several results: a tuple, written in order after the body returned
    assert "let result = try thingNumber(thing)" in text
    assert "deliver(result.0, out)" in text and "deliver(result.1, found)" in text
    assert "kalends_thing_free" not in text or "freeHandle(handle, .thing)" in text

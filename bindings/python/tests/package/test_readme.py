"""Every snippet of README.md (and of bindings/python/README.md) is compiled or run, taken
from the files by their fences, so a README and its test cannot drift apart:

* ``c``: the snippets in order are one C99 program (-Wall -Wextra -pedantic -Werror),
  linked with libkalends.so and run; checks after the last snippet read its variables;
* ``python``: the snippets in order run in one namespace, then checks read it;
* ``swift``: the snippets in order are the body of a Swift test generated into
  bindings/swift/Tests/KalendsParityTests/ReadmeSnippetTests.swift (``make test`` builds and runs it);
  this test fails when that file is not what the README makes of it
  (``python3 bindings/python/tests/package/test_readme.py`` writes it);
* ``sh``: each ``make TARGET`` names a target of the Makefile (``make -n``);
* ``rust``, ``go``, ``lua``, ``ruby``, ``java``, ``perl``, ``js``: each is a program of its
  runtime written by bindings/conformance/readme.py, which ``make test-runtimes`` runs
  and checks; this test fails when one is not what the README makes of it.
"""
from __future__ import annotations

import calendar
import contextlib
import datetime as dt
import io
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
README = ROOT / "README.md"
PYTHON_README = ROOT / "bindings" / "python" / "README.md"
SWIFT_TEST = ROOT / "bindings" / "swift" / "Tests" / "KalendsParityTests" / "ReadmeSnippetTests.swift"
FENCE = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
RUNTIMES = {"rust", "go", "lua", "ruby", "java", "perl", "js"}
LANGUAGES = {"c", "python", "swift", "sh"} | RUNTIMES


def snippets(path: Path, language: str) -> list[str]:
    return [body for lang, body in FENCE.findall(path.read_text(encoding="utf-8")) if lang == language]


def test_every_fenced_snippet_is_of_a_language_tested_here() -> None:
    for path in (README, PYTHON_README):
        found = {lang for lang, _ in FENCE.findall(path.read_text(encoding="utf-8"))}
        assert found <= LANGUAGES, f"{path.name}: add a test for {found - LANGUAGES}"
    assert all(snippets(README, lang) for lang in LANGUAGES)
    # no snippet hides in an indented block either (they would escape these tests)
    for path in (README, PYTHON_README):
        outside = FENCE.sub("", path.read_text(encoding="utf-8"))
        assert not re.search(r"^(    |\t)\S", outside, re.MULTILINE), f"{path.name} has an unfenced code block"


# -- C -----------------------------------------------------------------------------------

C_CHECKS = r"""
    /* checks of the test, not of the README: what the snippets computed */
    int failed = 0;
    if (count != 35) { printf("FAIL: the grid has %d days, not 35\n", count); failed = 1; }
    if (n < 50) { printf("FAIL: the layout has %d elements\n", n); failed = 1; }
    if (page.year != 2026 || page.month != 11 || day_count != 42) {
        printf("FAIL: the page is %d-%d with %d days, not 2026-11 with 42\n", page.year, page.month, day_count);
        failed = 1;
    }
    if (found_count != 1 || found[0].id != 42) { printf("FAIL: %d events found on the page\n", found_count); failed = 1; }
    if (counts[20783 - page.first] != 1) { printf("FAIL: no dot on Thanksgiving\n"); failed = 1; }
    if (bar_count != 1 || bars[0].first_column != bars[0].last_column || more_count != 0) {
        printf("FAIL: %d bars, %d more\n", bar_count, more_count);
        failed = 1;
    }
    if (item_count != 0) { printf("FAIL: an all-day event in the timeline\n"); failed = 1; }
    if (frame.x != 0 || frame.y != 20 || frame.width != 390 || !(frame.height > 100)) {
        printf("FAIL: the calendar's frame is {%g, %g, %g, %g}\n", frame.x, frame.y, frame.width, frame.height);
        failed = 1;
    }
    if (action.outcome != KALENDS_OUTCOME_MOVED && action.outcome != KALENDS_OUTCOME_SELECTED) {
        printf("FAIL: the key did %d\n", action.outcome);
        failed = 1;
    }
    if (gesture.kind != KALENDS_GESTURE_RANGE || pointer_action.outcome != KALENDS_OUTCOME_SELECTED) {
        printf("FAIL: the drag was gesture %d, outcome %d\n", gesture.kind, pointer_action.outcome);
        failed = 1;
    }
    (void)elements;
    return failed;
"""


def c_program() -> str:
    """The snippets in order as main()'s body; their #include lines go to the top."""
    includes = ["#include <stdio.h>", "#include <stdint.h>"]
    body = []
    for snippet in snippets(README, "c"):
        for line in snippet.splitlines():
            if line.startswith("#include"):
                includes.append(line)
            else:
                body.append(("    " + line).rstrip())
    return "\n".join(includes) + "\n\nint main(void) {\n" + "\n".join(body) + "\n" + C_CHECKS + "}\n"


def test_c_snippets_compile_and_run(tmp_path: Path) -> None:
    from kalends._native import lib
    cc = shutil.which("cc") or shutil.which("gcc")
    assert cc is not None, "a C compiler is needed (CI has gcc)"
    source = tmp_path / "readme.c"
    source.write_text(c_program())
    library = Path(lib._name).resolve().parent
    exe = tmp_path / "readme"
    build = subprocess.run([cc, "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-I", str(ROOT / "include"),
                            str(source), "-L", str(library), f"-Wl,-rpath,{library}", "-lkalends", "-o", str(exe)],
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, TZ="America/New_York"))
    assert run.returncode == 0, run.stdout + run.stderr
    # the first snippet prints November 2026's grid from Sunday: python's calendar agrees
    weeks = calendar.Calendar(calendar.SUNDAY).monthdatescalendar(2026, 11)
    expected = "".join(" ".join(f"{d.day:2d}" for d in week) + "\n" for week in weeks)
    assert run.stdout == expected


# -- Python --------------------------------------------------------------------------------


def run_python(code: list[str]) -> tuple[dict[str, object], str]:
    namespace: dict[str, object] = {"__name__": "readme"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for snippet in code:
            exec(compile(snippet, "README.md", "exec"), namespace)
    return namespace, out.getvalue()


def test_python_snippets_run() -> None:
    import kalends
    ns, printed = run_python(snippets(README, "python"))
    # the grid printed: week numbers and days of November 2026, Sunday first, today the 22nd
    lines = printed.splitlines()
    assert lines[0].startswith("44 [(1, False)") and any("(22, True)" in line for line in lines)
    assert "picked 2026-11-20" in printed and "picked 2026-11-24" in printed
    # the week titles in five locales (issue 27: CLDR's interval formats), as the README shows them
    assert "en_GB 23–29 Nov 2026" in printed and "ja_JP 2026年11月22日～28日" in printed
    assert ns["typed"] == (dt.date(2026, 11, 22), dt.date(2026, 11, 22))
    view, store = ns["view"], ns["store"]
    assert isinstance(view, kalends.View) and isinstance(store, kalends.EventStore)
    assert ns["done"].outcome == kalends.Outcome.SELECTED and len(ns["picker"].selected_days()) == 3  # type: ignore
    moved = ns["moved"]
    assert (moved.outcome, moved.start) == (kalends.Outcome.EDITED, 1795528800 + 86400 + 5 * 3600)  # type: ignore
    assert ns["agenda"].get(1).start == moved.start  # type: ignore[attr-defined]
    element, action = ns["element"], ns["action"]                  # the tap starts a new range (a third selection)
    assert element.kind == kalends.ElementKind.DAY and view.selected_days() == [action.date]  # type: ignore
    titles = {e.title for e in store.query(dt.date(2026, 11, 1), dt.date(2026, 12, 31))}
    assert titles == {"Trip", "Thanksgiving"}                       # the source answered for the page
    bars = ns["bars"]
    assert isinstance(bars, kalends.EventBars) and {b.event for b in bars} == {1, 100}   # a sequence of EventBar
    assert ns["kiwi"].__name__ == "kalends.kiwisolver"             # type: ignore[attr-defined]
    assert ns["rosh_hashanah"] == kalends.SystemDate(0, 5787, 1, 1)  # published: 2026-09-12
    first = ns["first"]
    assert first.date == dt.date(2026, 2, 17) and first.system_date[2:4] == (1, 1)  # type: ignore[attr-defined]
    assert first.secondary_date == kalends.SystemDate(1, 2026, 2, 17)  # type: ignore[attr-defined]
    (tg,) = ns["thanksgiving"]                                      # the fourth Thursday of November 2026
    assert (tg.uid, tg.start, tg.recurrence_id) == ("tg", dt.date(2026, 11, 26), dt.date(2026, 11, 26))
    assert [e.start_time for e in ns["holidays"].query(dt.date(2027, 11, 1), dt.date(2027, 11, 30))] == \
        [dt.date(2027, 11, 25)]
    # RFC 7529: the rules, expanded, and the birthday drawn on March 2027's page
    assert ns["new_year"] == "RSCALE=CHINESE;FREQ=YEARLY;BYMONTHDAY=1;BYMONTH=1"
    assert ns["birthday"] == "RSCALE=HEBREW;FREQ=YEARLY;BYMONTHDAY=30;BYMONTH=5L;SKIP=BACKWARD"
    assert [d.date() for d in ns["next_new_years"]] == [dt.date(2026, 2, 17), dt.date(2027, 2, 6), dt.date(2028, 1, 26)]
    (bar,) = ns["feast_bars"]
    assert bar.event == 3 and ns["feast_more"] == []
    assert kalends.CalendarSystem("hebrew").from_day(dt.date(2027, 3, 9)) == kalends.SystemDate(0, 5787, 6, 30)
    assert (bar.row, bar.first_column) == (1, 1)                      # Monday first: Tuesday the 9th, second week


def test_python_package_readme_snippet_runs() -> None:
    ns, printed = run_python(snippets(PYTHON_README, "python"))
    expected = [[d.day for d in week if d.month == 11] for week in
                calendar.Calendar(calendar.MONDAY).monthdatescalendar(2026, 11)]
    assert [line.split(" ", 1)[1] for line in printed.splitlines()] == [str(days) for days in expected]


# -- Swift ---------------------------------------------------------------------------------

SWIFT_CHECKS = """\
// checks of the test, not of the README: what the snippets computed
#expect(month.map(\\.title) == ["Trip"])
#expect(bars.map(\\.event) == [1] && more.isEmpty)
#expect(element.kind == .day && action.outcome == .selected)
"""


def swift_test_source() -> str:
    body = []
    for snippet in snippets(README, "swift"):
        body += [line for line in snippet.splitlines() if not line.startswith("import ")] + [""]
    body += SWIFT_CHECKS.splitlines()
    lines = "\n".join(("        " + line).rstrip() for line in body)
    return (
        "// Generated from README.md's ```swift snippets by bindings/python/tests/package/test_readme.py\n"
        "// (python3 bindings/python/tests/package/test_readme.py writes it); edit the README, not this file.\n"
        "import Kalends\n"
        "import Testing\n\n"
        "@Suite struct ReadmeSnippetTests {\n"
        "    /// The README's Swift snippets, in order, as one program, and checks of what they computed.\n"
        "    @Test func readmeSwiftSnippetsRun() throws {\n"
        f"{lines}\n"
        "    }\n"
        "}\n")


def test_the_swift_snippets_are_the_generated_swift_test() -> None:
    assert SWIFT_TEST.exists() and SWIFT_TEST.read_text() == swift_test_source(), \
        f"{SWIFT_TEST.relative_to(ROOT)} is stale: run python3 {Path(__file__).relative_to(ROOT)}"


# -- sh ------------------------------------------------------------------------------------


def test_shell_snippets_name_make_targets() -> None:
    targets = [m.group(1) for s in snippets(README, "sh") for m in re.finditer(r"^make (\S+)", s, re.MULTILINE)]
    assert targets
    for target in targets:
        dry = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True)
        assert dry.returncode == 0, (target, dry.stderr)


# -- the other runtimes ----------------------------------------------------------------------


def test_the_runtime_snippets_are_the_generated_programs() -> None:
    check = subprocess.run([sys.executable, str(ROOT / "bindings" / "conformance" / "readme.py"), "--check"],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr


if __name__ == "__main__":   # regenerate the Swift test from the README
    SWIFT_TEST.write_text(swift_test_source())
    print(f"wrote {SWIFT_TEST}")
    sys.exit(0)

"""python -m kalends is a drop-in for python -m calendar: the same options give the same
bytes (text, -t html with -c and -e, -e for text, -L ... -e for the English locales), for
every year both cover, run side by side in this process over a spread of arguments.
Where python -m calendar would silently change a value or fail (-w 1, -l 0, -m 0),
Kalends refuses it; years beyond 1 ... 9999 print as python -m calendar prints them."""
from __future__ import annotations

import calendar
import contextlib
import io
import itertools
import sys
from typing import Callable, Iterator, Sequence

import pytest

from kalends.app.cli import main

LEAP_AND_ODD_YEARS = [1, 2, 4, 100, 400, 1582, 1752, 1900, 2000, 2023, 2024, 2026, 9999]
FAR_YEARS = [0, -1, -4, -100, -400, -2026, 10000, 12345, 99999, 999999, -999999]


@contextlib.contextmanager
def captured() -> Iterator[tuple[io.BytesIO, io.BytesIO]]:
    """sys.stdout and sys.stderr as bytes (both programs write text and bytes)."""
    out, err = io.BytesIO(), io.BytesIO()
    saved = sys.stdout, sys.stderr
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    sys.stderr = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    try:
        yield out, err
    finally:
        wrappers = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = saved
        for wrapper in wrappers:
            wrapper.flush()
            wrapper.detach()   # the bytes stay readable


def run(program: Callable[[], object]) -> tuple[int, bytes, bytes]:
    """(exit status, stdout, stderr) of a command-line main run in this process."""
    with captured() as (out, err):
        try:
            code = program()
            status = code if isinstance(code, int) else 0
        except SystemExit as e:
            status = e.code if isinstance(e.code, int) else 1
        except Exception as e:   # python -m calendar's failures are tracebacks
            status = 1
            sys.stderr.write(f"{type(e).__name__}: {e}\n")
    return status, out.getvalue(), err.getvalue()


def python_calendar(args: Sequence[str]) -> tuple[int, bytes, bytes]:
    return run(lambda: calendar.main(["calendar", *args]))


def kalends(args: Sequence[str]) -> tuple[int, bytes, bytes]:
    return run(lambda: main(["--color", "never", *args]))


def same(args: Sequence[str], theirs: Sequence[str] | None = None) -> bytes:
    """Both print the same bytes and succeed; returns them."""
    code, out, err = kalends(args)
    expected = python_calendar(args if theirs is None else theirs)
    assert expected[0] == 0, (args, expected[2])
    assert code == 0 and err == b"", (args, err)
    assert out == expected[1], f"python -m kalends {' '.join(args)} differs from python -m calendar"
    return out


def spread() -> Iterator[list[str]]:
    """Arguments for text output: every month of leap and odd years, far years, the
    layout options alone and together, long and short spellings."""
    for year, month in itertools.product(LEAP_AND_ODD_YEARS, range(1, 13)):
        yield [str(year), str(month)]
    for year in LEAP_AND_ODD_YEARS + FAR_YEARS:
        yield [str(year)]
    for year, month in itertools.product(FAR_YEARS, (1, 2, 3, 12)):
        yield [str(year), str(month)]
    for w, l in itertools.product((2, 3, 4, 5, 8, 9, 10, 20), (1, 2, 3)):
        yield ["-w", str(w), "-l", str(l), "2026", "2"]
        yield ["--width", str(w), "--lines", str(l), "2024"]
    for s, m in itertools.product((2, 3, 6, 10), (1, 2, 3, 4, 5, 6, 7, 12, 13, 20)):
        yield ["-s", str(s), "-m", str(m), "2024"]
    yield ["--spacing=4", "--months=4", "-w", "3", "1"]
    yield ["-m", "2", "-w", "9", "-l", "2", "9999"]
    yield ["-s", "7", "-m", "5", "2026", "11"]       # -s and -m do nothing for a month, in both


@pytest.mark.parametrize("args", list(spread()), ids=" ".join)
def test_text_is_byte_identical(args: list[str]) -> None:
    same(args)


@pytest.mark.parametrize("encoding", ["utf-8", "latin-1", "ascii", "cp1252", "utf-16", "utf-32", "cp500"])
def test_text_in_an_encoding_is_byte_identical(encoding: str) -> None:
    for args in (["2026", "11"], ["-w", "3", "2024"], ["-1", "2"]):
        out = same(["-e", encoding, *args])
        assert out.decode(encoding).startswith(calendar.TextCalendar().formatmonth(2026, 11)[:4]) or "-w" in args \
            or args[0] == "-1"


@pytest.mark.parametrize("year", [1, 4, 1900, 2024, 2026, 9999, 0, -1, -400, 10000, 999999, -999999])
def test_html_year_pages_are_byte_identical(year: int) -> None:
    for extra in ([], ["-c", "my.css"], ["-c", ""], ["--css", "a b.css"], ["-e", "latin-1"], ["-e", "utf-16"],
                  ["-e", "ascii", "-c", "x.css"], ["-m", "4", "-w", "5"]):   # -m and -w are text only, in both
        out = same(["-t", "html", *extra, str(year)])
        assert out.count(b"<table") == 13 * (2 if "utf-16" in extra else 1) or "utf-16" in extra


def test_html_of_this_year_and_the_usage_error_for_a_month() -> None:
    same(["-t", "html"])
    same([])
    ours, theirs = kalends(["-t", "html", "2026", "1"]), python_calendar(["-t", "html", "2026", "1"])
    assert ours[0] == theirs[0] == 2 and ours[1] == theirs[1] == b""
    assert ours[2].endswith(b"error: incorrect number of arguments\n")
    assert theirs[2].endswith(b"error: incorrect number of arguments\n")


def test_english_locales_print_english() -> None:
    """-L LOCALE -e ENCODING (python -m calendar's form) with the English locales prints
    python -m calendar's bytes. (python -m calendar refuses -L without -e; Kalends takes
    it as a locale's whole conventions: test_cli_locale.py.)"""
    for locale in ("C", "POSIX", "C.UTF-8", "en", "en_US", "en_GB.UTF-8", "en_US.utf8@euro"):
        for args in (["2026", "11"], ["2024"], ["-t", "html", "2026"]):
            code, out, err = kalends(["-L", locale, "-e", "utf-8", *args])
            # python -m calendar prints English for these where the C library has the
            # locale; this machine may lack it (then python fails), so compare with no -L
            theirs = python_calendar(["-L", locale, "-e", "utf-8", *args])
            if theirs[0] != 0:
                theirs = python_calendar(["-e", "utf-8", *args])
            assert code == 0 and out == theirs[1], (locale, args, err)


@pytest.mark.parametrize("first", range(7))
def test_first_weekday_as_python_3_13_numbers_it(first: int) -> None:
    """-f/--first-weekday N is python -m calendar's (3.13): 0 = Monday ... 6 = Sunday."""
    for args, expected in (
            ([str(2026), "2"], calendar.TextCalendar(first).formatmonth(2026, 2).encode()),
            (["-w", "4", "2024"], calendar.TextCalendar(first).formatyear(2024, 4).encode()),
            (["-999999", "1"], calendar.TextCalendar(first).formatmonth(-999999, 1).encode()),   # the first and
            (["999999"], calendar.TextCalendar(first).formatyear(999999).encode()),              # last months
            (["-t", "html", "-999999"], calendar.HTMLCalendar(first).formatyearpage(-999999, encoding="utf-8")),
            (["-t", "html", "2026"], calendar.HTMLCalendar(first).formatyearpage(2026, encoding="utf-8"))):
        for spelling in (["-f", str(first)], ["--first-weekday", calendar.day_name[first].lower()[:3]]):
            code, out, err = kalends([*spelling, *args])
            assert code == 0 and out == expected, (spelling, args, err)


@pytest.mark.parametrize("args, python_does, message", [
    (["-w", "1", "2026", "1"], "prints width 2", "argument -w/--width: 1 is not in 2 ... 1000"),
    (["-w", "-3", "2026", "1"], "prints width 2", "argument -w/--width: -3 is not in 2 ... 1000"),
    (["-l", "0", "2026", "1"], "prints one line a week", "argument -l/--lines: 0 is not in 1 ... 1000"),
    (["-s", "1", "2026"], "prints spacing 2", "argument -s/--spacing: 1 is not in 2 ... 1000"),
    (["-m", "0", "2026"], "fails with a traceback", "argument -m/--months: 0 is not in 1 ... 1000"),
    (["-m", "-1", "2026"], "prints the year's number only", "argument -m/--months: -1 is not in 1 ... 1000"),
    (["-e", "bogus", "2026", "1"], "fails with a traceback", "argument -e/--encoding: unknown encoding: 'bogus'"),
    (["2026", "13"], "fails with a traceback", "argument month: 13 is not in 1 ... 12"),
    (["1000000", "1"], "prints it", "year 1000000 is outside the years Kalends covers, -999999 ... 999999"),
])
def test_values_python_calendar_changes_or_fails_on_are_refused(args: list[str], python_does: str,
                                                                 message: str) -> None:
    code, out, err = kalends(args)
    assert code == 2 and out == b"" and message.encode() in err, err
    assert b"Traceback" not in err

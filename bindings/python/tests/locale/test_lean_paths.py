"""The lean Python paths of parse_date, parse_time and format_interval (issue 27's
speed): every argument form still converts as before (dates, Date, day numbers,
datetime, bytes, any calendar), bad arguments are still refused, and threads calling
at once each read their own answers (the outputs are per thread, not shared)."""
from __future__ import annotations

import datetime as dt
import threading

import pytest
from babel.dates import format_interval as babel_interval

from kalends import Date, Locale
from kalends.errors import InvalidArgumentError, NotFoundError

D = dt.date
EN = Locale("en_US")


def test_interval_arguments_of_every_form_agree() -> None:
    a, b = D(2026, 11, 23), D(2026, 11, 29)
    title = EN.format_interval(a, b)
    assert title == babel_interval(a, b, "yMMMd", locale="en_US")   # the oracle: "Nov 23 – 29, 2026", thin spaces
    days = a.toordinal() - D(1970, 1, 1).toordinal()
    assert EN.format_interval(days, days + 6) == title
    assert EN.format_interval(Date(2026, 11, 23), Date(2026, 11, 29), "yMMMd") == title
    assert EN.format_interval(dt.datetime(2026, 11, 23, 10), b) == title   # its date, as before the lean path
    with pytest.raises((InvalidArgumentError, TypeError)):
        EN.format_interval(a, b, 5)  # type: ignore[arg-type]
    with pytest.raises(NotFoundError):
        EN.format_interval(a, b, calendar="no-such-calendar")
    assert Locale("fa_IR").format_interval(a, b, calendar="persian") == "۲ تا ۸ آذر ۱۴۰۵"


def test_parse_arguments_of_every_form_agree() -> None:
    assert EN.parse_date("11/22/26", "short") == EN.parse_date(b"11/22/26") == D(2026, 11, 22)
    assert EN.parse_date(bytearray(b"Nov 22, 2026"), None) == D(2026, 11, 22)
    assert EN.parse_time("3:30 PM", "short") == EN.parse_time(b"3:30 PM") == dt.time(15, 30)
    with pytest.raises(InvalidArgumentError):
        EN.parse_date("11/22/26", "tiny")
    with pytest.raises((InvalidArgumentError, TypeError)):
        EN.parse_date("11/22/26", 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        EN.parse_date(1122)  # type: ignore[arg-type]
    assert Locale("fa_IR").parse_date("۱۴۰۵/۹/۱", calendar="persian") == D(2026, 11, 22)


def test_threads_read_their_own_answers() -> None:
    days = [D(2000, 1, 1) + dt.timedelta(days=97 * i) for i in range(200)]
    expected = [(EN.parse_date(f"{d.month}/{d.day}/{d.year}", "short"), EN.format_interval(d, d + dt.timedelta(days=40)))
                for d in days]
    wrong: list[int] = []
    start = threading.Barrier(4)

    def work(offset: int) -> None:
        start.wait()
        for _ in range(20):
            for i in range(offset, len(days), 3):
                d = days[i]
                got = (EN.parse_date(f"{d.month}/{d.day}/{d.year}", "short"),
                       EN.format_interval(d, d + dt.timedelta(days=40)))
                if got != expected[i] or got[0] != d:
                    wrong.append(i)

    threads = [threading.Thread(target=work, args=(k % 3,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []

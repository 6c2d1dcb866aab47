"""The title of a page of several months (View.title(), kalends_view_title): its first
and last month by the locale's "yMMM" interval format (CLDR's intervalFormats), against
babel 2.18's format_interval in several locales and numbering systems, and in other
calendar systems by the locale's own interval formatter over the system's months."""
from __future__ import annotations

import datetime
import sys
from pathlib import Path

import pytest
import required

from kalends import Calendar, CalendarOptions, DisplayMode, ElementKind, Locale, View

babel = required.module("babel", "babel 2.18 (CLDR 47) is the oracle", version="2.18.0")

sys.path.insert(0, str(Path(__file__).resolve().parents[4] / "tools" / "cldr"))
import babel_oracle  # noqa: E402

from babel.dates import format_interval  # noqa: E402

D = datetime.date


def months_view(locale: str, start: D, n: int, system: str = "gregorian") -> View:
    cal = Calendar(CalendarOptions(locale=locale, system=system))
    view = View(cal, mode=DisplayMode.MONTH, months=n, width=900)
    view.go_to(start)
    return view


def babel_title(name: str, first: D, last: D) -> str:
    loc = babel_oracle.fresh(name)
    babel_oracle._digits_system[0] = str(loc._data.get("default_numbering_system", "latn"))
    return str(format_interval(first, last, "yMMM", locale=loc))


def add_months(d: D, k: int) -> D:
    i = d.year * 12 + d.month - 1 + k
    return D(i // 12, i % 12 + 1, 1)


@pytest.mark.parametrize("name", ["en_US", "en_GB", "de_DE", "fr_FR", "ja_JP", "zh_Hans", "ru", "ar_EG", "fa_IR",
                                  "hi_IN", "he_IL", "ko"])
@pytest.mark.parametrize("start,n", [(D(2026, 11, 1), 3), (D(2026, 3, 1), 2), (D(2026, 1, 1), 12),
                                     (D(2027, 12, 1), 2), (D(2026, 11, 1), 1)])
def test_title_is_babels_interval_of_first_and_last_month(name: str, start: D, n: int) -> None:
    view = months_view(name, start, n)
    if n == 1:   # one month keeps its month-and-year title
        assert view.title() == Locale(name).format_month_year(start.year, start.month)
        return
    last = add_months(start, n - 1)
    if name == "fa_IR" and start.year == last.year:
        # babel 2.18 splits fa's "LLL تا MMM y" at the repeated letter and writes the first
        # month twice; CLDR (UTS #35) splits where the month field repeats, as
        # test_format_interval.test_babel_split_cases_follow_cldr shows: the end month is its own
        assert view.title() == Locale(name).format_interval(start, last, "yMMM") != babel_title(name, start, last)
        assert Locale(name).format_pattern(last, "MMM") in view.title()
        return
    assert view.title() == babel_title(name, start, last)


def test_examples() -> None:
    """The shapes the issue names: two years, one year."""
    assert months_view("en_US", D(2026, 11, 1), 3).title() == "Nov 2026\u2009–\u2009Jan 2027"
    assert months_view("en_US", D(2026, 11, 1), 2).title() == "Nov\u2009–\u2009Dec 2026"
    assert months_view("ja_JP", D(2026, 11, 1), 3).title() == "2026年11月～2027年1月"


@pytest.mark.parametrize("name,system", [("he", "hebrew"), ("fa_IR", "persian"), ("ar_SA", "islamic-umalqura"),
                                         ("th_TH", "buddhist"), ("zh", "chinese")])
def test_other_systems_interval_their_own_months(name: str, system: str) -> None:
    """In another system the months are the system's: the title is the locale's yMMM
    interval of the page's first and last system month (their first days are the
    MONTH_HEADER days of the layout), in its names and numbering; not the month page's
    title of the first month alone."""
    view = months_view(name, D(2026, 11, 25), 3, system)
    firsts = [e.day_number for e in view.layout() if e.kind == ElementKind.MONTH_HEADER]
    assert len(firsts) == 3
    locale = Locale(name)
    first, last = (D(1970, 1, 1) + datetime.timedelta(days=d) for d in (firsts[0], firsts[-1]))
    title = view.title()
    assert title == locale.format_interval(first, last, "yMMM", calendar=system)
    for day in (first, last):   # the month by name, or by number where the pattern has M (zh: "10月至12月")
        assert any(locale.format_pattern(day, p, calendar=system) in title for p in ("MMM", "LLL", "M"))
    one = months_view(name, D(2026, 11, 25), 1, system)
    assert title != one.title()

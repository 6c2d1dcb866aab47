"""Locale.format_interval in the chinese and dangi calendars against ICU 77.1's
DateIntervalFormat (CLDR 47's ca-chinese and ca-dangi intervalFormats: zh
"rU年MMM至MMM", en "MMM – MMM U", root "U MMM–MMM"), in locales of several scripts
and numberings, for skeletons yMMM, yMMMd, yMd and MMMd and pairs of days that are
the same day or differ in day, month or year. babel reads only gregorian intervals.

Where ICU's output is not CLDR 47's data applied as UTS #35 says, the case is named
and compared with what the data says:
- the calendar's numbering: CLDR gives the chinese calendar's date patterns a
  `numbers` attribute (zh "d=hanidays": 十五, 廿一; ja "hanidec": 一五); the library
  writes the calendar's dates with it everywhere, as its month titles do, while ICU's
  DateIntervalFormat writes ASCII digits. ICU's output is compared with those fields
  rewritten in that numbering (ICU's own numbering systems, at ICU's field positions);
- a skeleton without a year (MMMd) over two years: ICU writes both days with a year
  added ("2025年腊月2至2026年正月15"); CLDR's MMMd item has no year and UTS #35 picks its
  M pattern (babel does the same for the gregorian calendar);
- a leap month against its month (2025's 六月 and 闰六月): ICU's greatest difference
  ignores the leap flag and takes the d pattern ("2025年六月26至17"), CLDR's month differs;
- the sexagenary cycle turning (2043 癸亥 to 2044 甲子: ICU's era field): ICU takes
  the fallback over two yMMM days, the library the y pattern (no item has a G
  pattern; as for the gregorian era, the year pattern covers it).
These are checked against the library's own single-date formatting of CLDR's pieces.
"""
from __future__ import annotations

import datetime
from typing import Iterator

import pytest

from icu_interval_oracle import by_pieces, icu, icu_interval, icu_locale, in_utc, seconds
from kalends import Locale

D = datetime.date
CALENDARS = ["chinese", "dangi"]
LOCALES = ["zh", "zh_Hant", "yue", "ja", "ko", "en", "vi", "de", "fr", "ru", "ar", "fa", "hi", "he", "th", "root"]
SKELETONS = ["yMMM", "yMMMd", "yMd", "MMMd"]
#: The same day; days of one month; of two months; of two years (2026's new year is
#: 17 February); from the 10th month of 乙巳 to its last day; several months of 丙午.
PAIRS = [(D(2026, 11, 22), D(2026, 11, 22)), (D(2026, 11, 23), D(2026, 11, 29)),
         (D(2026, 11, 30), D(2026, 12, 24)), (D(2026, 1, 20), D(2026, 3, 3)),
         (D(2025, 12, 1), D(2026, 2, 16)), (D(2026, 3, 20), D(2026, 10, 1))]
#: The named cases (see the module's text): MMMd over two years, a leap month
#: against its month, the cycle turning.
YEARS = (D(2026, 1, 20), D(2026, 3, 3))
LEAP = (D(2025, 7, 20), D(2025, 8, 10))
CYCLE = (D(2043, 12, 20), D(2044, 3, 3))


@pytest.fixture(autouse=True, scope="module")
def icu_in_utc() -> Iterator[None]:
    """ICU's formats in UTC while these tests run (the days are noon UTC)."""
    yield from in_utc()


def icu_date(calendar: str, d: datetime.date) -> str:
    """ICU's date of the day in English: related gregorian year, month (a leap one
    "Mo6bis"), day."""
    f = icu.SimpleDateFormat("r MMM d", icu_locale("en", calendar))
    return str(f.format(seconds(d)))


@pytest.mark.parametrize("calendar", CALENDARS)
def test_the_days_compared_are_the_same_in_icu(calendar: str) -> None:
    """ICU computes the chinese months; the library tabulates them (ICU starts 2027's
    first month a day late, on 7 February): the pairs avoid days where they differ."""
    en = Locale("en")
    for pair in PAIRS + [YEARS, LEAP, CYCLE]:
        for d in pair:
            assert en.format_pattern(d, "r MMM d", calendar=calendar) == icu_date(calendar, d), (calendar, d)
    assert "bis" in icu_date(calendar, LEAP[1]) and "bis" not in icu_date(calendar, LEAP[0])


@pytest.mark.parametrize("calendar", CALENDARS)
def test_intervals_match_icu(calendar: str) -> None:
    misses: list[str] = []
    compared = 0
    for name in LOCALES:
        ours = Locale(name)
        for skeleton in SKELETONS:
            for start, end in PAIRS:
                if skeleton == "MMMd" and (start, end) == YEARS:
                    continue            # named: MMMd over two years (below)
                theirs = icu_interval(name, calendar, skeleton, start, end)
                got = ours.format_interval(start, end, skeleton, calendar=calendar)
                compared += 1
                if got != theirs:
                    misses.append(f"{name} {skeleton} {start}..{end}: ICU {theirs!r}, kalends {got!r}")
    assert not misses, f"{len(misses)} of {compared} differ:\n" + "\n".join(misses[:30])


@pytest.mark.parametrize("calendar", CALENDARS)
@pytest.mark.parametrize("name", LOCALES)
def test_named_cases_follow_cldr(calendar: str, name: str) -> None:
    F = icu.UCalendarDateFields
    ours = Locale(name)
    # MMMd over two years: CLDR's M pattern; ICU adds the year to both days
    got = ours.format_interval(*YEARS, "MMMd", calendar=calendar)
    assert got == by_pieces(name, calendar, "MMMd", F.MONTH, *YEARS)
    assert got != icu_interval(name, calendar, "MMMd", *YEARS)
    # a leap month against its month: the M pattern; ICU takes the d pattern
    for skeleton in ("yMMMd", "MMMd"):
        got = ours.format_interval(*LEAP, skeleton, calendar=calendar)
        assert got == by_pieces(name, calendar, skeleton, F.MONTH, *LEAP)
        assert got != icu_interval(name, calendar, skeleton, *LEAP)
    # the cycle turning: the y pattern; ICU falls back over two yMMM days (which reads
    # the same where the fallback pattern is the y pattern's separator: zh_Hant's "至")
    got = ours.format_interval(*CYCLE, "yMMM", calendar=calendar)
    assert got == by_pieces(name, calendar, "yMMM", F.YEAR, *CYCLE)
    if name in ("zh", "en", "ko", "de"):
        assert got != icu_interval(name, calendar, "yMMM", *CYCLE)

"""Locale.format_interval in the calendars other than the gregorian, chinese and dangi
(test_format_interval_chinese.py) against ICU 77.1's DateIntervalFormat: CLDR 47's
generic-calendar intervalFormats (ca-generic, which the buddhist, japanese, roc,
hebrew, islamic, persian, indian, coptic and ethiopic calendars inherit unless they
have their own: en "13 – 15 Kislev 5787 AM", ja "平成31年4月～令和1年5月"), in locales of
several scripts and numberings, for skeletons yMMM, yMMMd, yMd and MMMd and pairs of
days that are the same day or differ in day, month or year in the calendar.

Where ICU's output is not CLDR 47's data applied as UTS #35 says, the case is named and
compared with what the data says (the library's single dates of CLDR's two pieces):
- a skeleton without a year (MMMd) over two years: ICU writes both days with the year
  and era added ("Nov 22, 2569 – Jan 21, 2570 BE"); CLDR's MMMd item has no year and
  UTS #35 picks its M pattern ("Nov 22 – Jan 21"), as for the gregorian calendar and
  the chinese one (test_format_interval_chinese.py);
- fa yMMM over two months of a year: CLDR's pattern "LLL تا MMM y" names the month
  with L then M; ICU writes the first month twice ("حشوان تا حشوان", "نوامبر تا
  نوامبر"), UTS #35 splits at the first field that repeats (the month) and writes the
  second day's month ("نوامبر تا دسامبر");
- he in the hebrew calendar: the oracle writes ICU's ASCII years in Hebrew numerals
  with the thousands (ה׳תשפ״ז, ICU's number format); ICU's own date format and the
  library write a Hebrew date's year without them (תשפ״ז): compared without.
"""
from __future__ import annotations

import datetime
from typing import Iterator

import pytest

import icu_interval_oracle as oracle
from kalends import Locale

F = oracle.icu.UCalendarDateFields

D = datetime.date
CALENDARS = ["buddhist", "japanese", "roc", "hebrew", "islamic", "islamic-umalqura", "persian", "indian",
             "coptic", "ethiopic", "ethiopic-amete-alem"]
LOCALES = ["en", "de", "fr", "ru", "ja", "zh", "ko", "th", "ar", "fa", "he", "hi", "am", "vi", "es", "root"]
SKELETONS = ["yMMM", "yMMMd", "yMd", "MMMd"]
#: Pairs from two days: the same day, and ends 2, 25, 60 and 380 days later (each
#: calendar's pairs hold the four kinds: checked below).
STARTS = [D(2026, 11, 22), D(2026, 3, 5)]
SPANS = [0, 2, 25, 60, 380]


def pairs() -> list[tuple[datetime.date, datetime.date]]:
    return [(a, a + datetime.timedelta(days=k)) for a in STARTS for k in SPANS]


@pytest.fixture(autouse=True, scope="module")
def icu_in_utc() -> Iterator[None]:
    yield from oracle.in_utc()


@pytest.mark.parametrize("calendar", CALENDARS)
def test_the_pairs_differ_in_every_field(calendar: str) -> None:
    """In each calendar the pairs hold the same day, and days differing first in the
    day, the month and the year (the library's own dates, equal to ICU's)."""
    en = Locale("en")
    kinds = set()
    for a, b in pairs():
        fa, fb = (en.format_pattern(d, "G y M d", calendar=calendar).split() for d in (a, b))
        kinds.add(next((i for i in range(4) if fa[i] != fb[i]), 4))
        for d, fields in ((a, fa), (b, fb)):
            theirs = str(oracle.icu.SimpleDateFormat("G y M d", oracle.icu_locale("en", calendar)).format(oracle.seconds(d)))
            assert theirs.split()[1:] == fields[1:], (calendar, d)
    assert {1, 2, 3, 4} <= kinds, (calendar, kinds)


#: The thousands of a Hebrew year in Hebrew numerals (5000: ה׳), which dates leave out.
HEBREW_THOUSANDS = "ה׳"


def test_icu_writes_a_hebrew_year_without_its_thousands() -> None:
    f = oracle.icu.DateFormat.createDateInstance(oracle.icu.DateFormat.LONG, oracle.icu_locale("he", "hebrew"))
    day = oracle.seconds(D(2026, 11, 22))
    assert str(f.format(day)).endswith(" תשפ״ז")
    assert oracle.icu_interval("he", "hebrew", "yMMMd", D(2026, 11, 22), D(2026, 11, 22)).endswith(HEBREW_THOUSANDS + "תשפ״ז")


def named_case(name: str, calendar: str, skeleton: str, start: datetime.date, end: datetime.date) -> object | None:
    """The field whose CLDR pattern the library follows where ICU does not (see the
    module's text), None where ICU's output is compared as it is."""
    en = Locale("en")
    year = [en.format_pattern(d, "G y", calendar=calendar) for d in (start, end)]
    month = [en.format_pattern(d, "G y M", calendar=calendar) for d in (start, end)]
    if skeleton == "MMMd" and year[0] != year[1]:
        return F.MONTH
    if name == "fa" and skeleton == "yMMM" and year[0] == year[1] and month[0] != month[1]:
        return F.MONTH
    return None


@pytest.mark.parametrize("calendar", CALENDARS)
def test_intervals_match_icu(calendar: str) -> None:
    misses: list[str] = []
    compared = named = 0
    for name in LOCALES:
        ours = Locale(name)
        for skeleton in SKELETONS:
            for start, end in pairs():
                theirs = oracle.icu_interval(name, calendar, skeleton, start, end)
                if name == "he" and calendar == "hebrew":
                    theirs = theirs.replace(HEBREW_THOUSANDS, "")
                got = ours.format_interval(start, end, skeleton, calendar=calendar)
                field = named_case(name, calendar, skeleton, start, end)
                if field is not None:
                    named += 1
                    expected = oracle.by_pieces(name, calendar, skeleton, field, start, end)
                    if got != expected or got == theirs:
                        misses.append(f"{name} {skeleton} {start}..{end} (named): CLDR {expected!r}, "
                                      f"ICU {theirs!r}, kalends {got!r}")
                    continue
                compared += 1
                if got != theirs:
                    misses.append(f"{name} {skeleton} {start}..{end}: ICU {theirs!r}, kalends {got!r}")
    assert not misses, f"{len(misses)} of {compared + named} differ:\n" + "\n".join(misses[:40])
    assert compared > 8 * named, (compared, named)

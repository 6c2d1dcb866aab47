"""Locale.format_interval (kalends_locale_format_interval) against babel 2.18's
format_interval (CLDR 47's intervalFormats), every locale, date skeletons, pairs of
days that differ in year, month, day or not at all; and the week page's title.

babel writes ASCII digits: tools/cldr/babel_oracle.py patches its number fields to
write the locale's native ones, as the library (and ICU) write them.
"""
from __future__ import annotations

import datetime
import sys
from pathlib import Path

import pytest
import required

from kalends import DisplayMode, InvalidArgumentError, Locale, View

babel = required.module("babel", "babel 2.18 (CLDR 47) is the oracle", version="2.18.0")

sys.path.insert(0, str(Path(__file__).resolve().parents[4] / "tools" / "cldr"))
import babel_oracle  # noqa: E402

from babel import localedata  # noqa: E402
from babel.dates import format_interval  # noqa: E402

D = datetime.date
#: (start, end): the same day, days of one month, of two months, of two years.
PAIRS = [(D(2026, 11, 23), D(2026, 11, 29)), (D(2026, 11, 30), D(2026, 12, 6)),
         (D(2026, 12, 28), D(2027, 1, 3)), (D(2026, 11, 22), D(2026, 11, 22)),
         (D(2024, 2, 29), D(2024, 3, 1)), (D(1999, 12, 31), D(2000, 1, 1))]
#: Skeletons the locales have (yMMMd, yMd, ...), ones they match by width (yMMMMd,
#: yMMd), one with no fitting skeleton (yw: fallback over medium dates) and "". The G
#: skeletons (GyMMMd) are not compared: babel 2.18 raises NotImplementedError
#: extracting the era of a date ("Not implemented: extracting 'G'").
SKELETONS = ["yMMMd", "yMd", "yMMMEd", "yMMM", "yMMMM", "MMMd", "MEd", "d", "y", "yMMMMd", "yMMd", "yw"]

#: Where babel 2.18 is not CLDR 47: it splits an interval pattern at every repeated
#: letter and joins the first two pieces, so a pattern repeating a field by another
#: letter (fa's "LLL تا MMM y": the month is L then M) formats the end day's month
#: with the start day's, and one repeating a field twice (de_LU's GyMMMEd, qu_EC's,
#: yo's, frr_DE's, pap_CW's) loses its last piece. The library splits at the first
#: field that repeats, as UTS #35 says (and ICU does): these (locale, skeleton) pairs
#: are compared with ICU's reading below, not babel's.
def babel_splits_wrong(loc: babel.Locale, skeleton: str) -> bool:
    formats = loc.interval_formats
    chosen = skeleton if skeleton in formats else babel.dates.match_skeleton(skeleton, formats) if skeleton else None
    if not chosen:
        return False
    for pieces in formats[chosen].values():
        if len(pieces) != 2:
            return True
    return False


def every_locale() -> list[str]:
    return sorted(set(localedata.locale_identifiers()) | {"root"})


def test_every_locale_matches_babel() -> None:
    misses: list[str] = []
    named: set[tuple[str, str]] = set()
    for name in every_locale():
        ours = Locale(name)
        loc = babel_oracle.fresh(name)
        babel_oracle._digits_system[0] = str(loc._data.get("default_numbering_system", "latn"))
        for skeleton in SKELETONS:
            if babel_splits_wrong(loc, skeleton):
                named.add((name, skeleton))
                continue
            for start, end in PAIRS:
                theirs = format_interval(start, end, skeleton, locale=loc)
                got = ours.format_interval(start, end, skeleton)
                if got != theirs:
                    misses.append(f"{name} {skeleton} {start}..{end}: babel {theirs!r}, kalends {got!r}")
    assert not misses, f"{len(misses)} differences, first: " + "\n".join(misses[:20])
    # the cases babel reads differently exist (the list is not empty by accident)
    assert ("fa", "yMMM") in named


def test_babel_split_cases_follow_cldr() -> None:
    """fa's yMMM interval of two months ("LLL تا MMM y"): babel writes the start's month
    twice ("نوامبر تا نوامبر ۲۰۲۶"); CLDR's pattern splits before MMM (UTS #35: the
    month field repeats), so the end month is December's."""
    fa = Locale("fa")
    assert fa.format_interval(D(2026, 11, 23), D(2026, 12, 6), "yMMM") == "نوامبر تا دسامبر ۲۰۲۶"
    localedata._cache.clear()
    babel_oracle._digits_system[0] = "arabext"
    assert format_interval(D(2026, 11, 23), D(2026, 12, 6), "yMMM", locale="fa") != "نوامبر تا دسامبر ۲۰۲۶"


def test_other_calendar_systems_use_their_names_and_numbering() -> None:
    he = Locale("he")
    # Kislev 13-19, 5787 in Hebrew numerals (he's numbering of Hebrew dates)
    assert he.format_interval(D(2026, 11, 23), D(2026, 11, 29), calendar="hebrew") == \
        he.format_pattern(D(2026, 11, 23), "d", calendar="hebrew", numbers="hebr") + "–" + \
        he.format_pattern(D(2026, 11, 29), "d בMMMM y", calendar="hebrew", numbers="hebr")
    fa = Locale("fa_IR")
    assert fa.format_interval(D(2026, 11, 23), D(2026, 11, 29), calendar="persian") == "۲ تا ۸ آذر ۱۴۰۵"


def test_bad_skeletons_are_errors() -> None:
    en = Locale("en")
    for bad in ["yMMMdHm", "x" * 65, "y M", "y\u00e9"]:
        with pytest.raises(InvalidArgumentError):
            en.format_interval(D(2026, 1, 1), D(2026, 1, 2), bad)
    localedata._cache.clear()
    babel_oracle._digits_system[0] = "latn"
    assert en.format_interval(D(2026, 1, 1), D(2026, 1, 2), "") == format_interval(D(2026, 1, 1), D(2026, 1, 2), "", locale="en")


@pytest.mark.parametrize("name, title", [
    ("en_US", "Nov 22\u2009–\u200928, 2026"), ("en_GB", "23–29 Nov 2026"), ("de_DE", "23.–29. Nov. 2026"),
    ("ja_JP", "2026年11月22日～28日"), ("fr_FR", "23–29 nov. 2026")])
def test_week_title_is_the_weeks_interval(name: str, title: str) -> None:
    view = View(locale=name, mode=DisplayMode.WEEK)
    view.go_to(D(2026, 11, 25))
    assert view.title() == title
    first, last = view.page.first_date, view.page.last_date
    localedata._cache.clear()
    babel_oracle._digits_system[0] = "latn"
    assert title == format_interval(first, last, "yMMMd", locale=name)

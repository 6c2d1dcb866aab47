"""ICU 77.1's DateIntervalFormat (PyICU) as the oracle of Locale.format_interval in the
calendars whose CLDR 47 intervalFormats babel does not read (every one but the
gregorian): ICU's interval of two days, with its numeric fields written in the
numbering CLDR gives the calendar's date patterns (ICU's DateIntervalFormat writes
ASCII digits where CLDR says "d=hanidays", "hebr", "hanidec"), and CLDR's interval
pattern of a field split where UTS #35 says (and the interval the library's single
dates of its two pieces make). Used by test_format_interval_chinese.py
and test_format_interval_calendars.py."""
from __future__ import annotations

import datetime
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

import required
from kalends import Locale

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools" / "cldr"))
from interval_split import split_interval  # noqa: E402

icu: Any = required.module("icu", "PyICU (pip install pyicu-wheels==2.15.2): ICU 77.1, CLDR 47, is the oracle")
if not str(icu.ICU_VERSION).startswith("77."):
    required.missing(f"ICU {icu.ICU_VERSION} is not 77 (CLDR 47)")

#: ICU's date format field ids (UDateFormatField) of the numbers an override rewrites.
FIELD_IDS = {"y": 1, "M": 2, "d": 3, "r": 34}


def icu_locale(name: str, calendar: str) -> Any:
    return icu.Locale(f"{'' if name == 'root' else name}@calendar={calendar}")


def in_utc() -> Iterator[None]:
    """ICU's formats in UTC while a module's tests run (the days are noon UTC): a
    module fixture's body."""
    before = icu.TimeZone.createDefault()
    icu.TimeZone.setDefault(icu.TimeZone.createTimeZone("UTC"))
    yield
    icu.TimeZone.setDefault(before)


def seconds(d: datetime.date) -> float:
    """Noon UTC of the day, as ICU's seconds."""
    return (datetime.datetime(d.year, d.month, d.day, 12) - datetime.datetime(1970, 1, 1)).total_seconds()


def numbering(name: str, calendar: str) -> str:
    """CLDR's `numbers` attribute of the calendar's full date pattern in the locale
    (ICU keeps it beside the pattern in DateTimePatterns), "" for none."""
    rb = icu.ResourceBundle("", icu.Locale("" if name == "root" else name))
    try:
        r = rb.getWithFallback("calendar").getWithFallback(calendar).getWithFallback("DateTimePatterns")
    except icu.ICUError:
        return ""
    e = r.get(4) if r.getSize() > 4 else None
    return str(e.getStringEx(1)) if e is not None and e.getType() == 8 and e.getSize() > 1 else ""


def rewriter(override: str) -> Callable[[int, int], str] | None:
    """Writes a number of ICU field `field` in the override's numbering ("hanidec": every
    number; "d=hanidays": the day), None where the override leaves the field alone."""
    if not override:
        return None
    parts = dict(p.split("=", 1) if "=" in p else ("*", p) for p in override.split(";"))
    formats = {}
    for letter, system in parts.items():
        nf = icu.NumberFormat.createInstance(icu.Locale(f"en@numbers={system}"))
        nf.setGroupingUsed(False)
        formats[letter] = nf

    def write(field: int, value: int) -> str:
        for letter, nf in formats.items():
            if letter == "*" or FIELD_IDS.get(letter) == field:
                return str(nf.format(value))
        return ""
    return write


def icu_interval(name: str, calendar: str, skeleton: str, start: datetime.date, end: datetime.date) -> str:
    """ICU's interval, its numeric fields rewritten in the calendar's numbering."""
    f = icu.DateIntervalFormat.createInstance(skeleton, icu_locale(name, calendar))
    value = f.formatToValue(icu.DateInterval(seconds(start), seconds(end)))
    text = str(value)
    write = rewriter(numbering(name, calendar))
    if write is None:
        return text
    spans = []
    position = icu.ConstrainedFieldPosition()
    position.constrainCategory(icu.UFieldCategory.DATE)
    while value.nextPosition(position):
        piece = text[position.getStart():position.getLimit()]
        if piece.isascii() and piece.isdigit():
            spans.append((position.getStart(), position.getLimit(), write(position.getField(), int(piece))))
    for a, b, digits in sorted(spans, reverse=True):
        if digits:
            text = text[:a] + digits + text[b:]
    return text


def pieces(name: str, calendar: str, skeleton: str, field: Any) -> tuple[str, str]:
    """CLDR's interval pattern for `field` split where UTS #35 says (the first field
    that repeats), read from ICU's DateIntervalInfo."""
    pattern = str(icu.DateIntervalInfo(icu_locale(name, calendar)).getIntervalPattern(skeleton, field))
    return split_interval(pattern)


def by_pieces(name: str, calendar: str, skeleton: str, field: Any,
              start: datetime.date, end: datetime.date) -> str:
    """The interval CLDR's two pieces of `field`'s pattern make, each day by the library's
    single-date formatting in the calendar's numbering: what the data says where ICU
    does not follow it."""
    ours = Locale(name)
    numbers = numbering(name, calendar) or None
    a, b = pieces(name, calendar, skeleton, field)
    assert a and b, (name, calendar, skeleton, field)
    return str(ours.format_pattern(start, a, calendar=calendar, numbers=numbers)) + \
        str(ours.format_pattern(end, b, calendar=calendar, numbers=numbers))

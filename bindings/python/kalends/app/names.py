"""Month and weekday names, digits and direction for the renderers, from the library's
CLDR tables (``kalends.Locale``): CLDR's English by default, laid out as Python's
``calendar`` module lays out its English names, or a locale's."""
from __future__ import annotations

from typing import Optional

from ..locale import Locale

_ENGLISH = Locale("en")
MONTH_NAMES = ("",) + tuple(_ENGLISH.month_names("wide", "format"))
#: Index by ISO weekday (1 = Monday).
WEEKDAY_NAMES = ("",) + tuple(_ENGLISH.weekday_names("wide", "format"))
WEEKDAY_ABBREVIATIONS = ("",) + tuple(_ENGLISH.weekday_names("abbreviated", "format"))
_ASCII = "0123456789"


def month_name(month: int) -> str:
    return MONTH_NAMES[month]


def weekday_name(weekday: int, width: int | None = None) -> str:
    """The weekday's English name, abbreviated to ``width`` characters when given (full
    names from width 9 on, as Python's ``calendar`` does)."""
    if width is None or width >= 9:
        return WEEKDAY_NAMES[weekday]
    return WEEKDAY_ABBREVIATIONS[weekday][:width]


class Names:
    """The words of a page in one locale. ``Names()`` is Python's ``calendar`` module's
    English (its titles, its abbreviations cut to the column width, ASCII digits);
    ``Names(Locale("ar_EG"))`` the locale's: its month-year titles, the weekday names
    that fit a column (abbreviated, else short, else narrow), its digits and direction."""

    def __init__(self, locale: Optional[Locale] = None) -> None:
        self.locale = locale
        loc = locale or _ENGLISH
        self.months = ("",) + tuple(loc.month_names("wide", "format"))
        self.standalone_months = ("",) + tuple(loc.month_names("wide", "stand-alone"))
        context = "stand-alone" if locale is not None else "format"
        self._weekdays = {w: ("",) + tuple(loc.weekday_names(w, context)) for w in ("wide", "abbreviated", "short",
                                                                                     "narrow")}
        self.digits = loc.digits if locale is not None else _ASCII
        self._table = str.maketrans(_ASCII, self.digits) if self.digits != _ASCII else None
        #: True for right-to-left locales: the first weekday is the rightmost column.
        self.rtl = locale is not None and locale.direction == "rtl"

    def weekday(self, weekday: int, width: int | None = None) -> str:
        """A weekday column's label of at most ``width`` characters (the full name from
        width 9 on)."""
        wide = self._weekdays["wide"][weekday]
        if width is None or width >= 9:
            return wide
        if self.locale is None:
            return self._weekdays["abbreviated"][weekday][:width]
        for w in ("abbreviated", "short", "narrow"):
            name = self._weekdays[w][weekday]
            if len(name) <= width:
                return name
        return self._weekdays["narrow"][weekday][:width]

    def weekday_row(self, weekdays: list[int], width: int) -> list[str]:
        """Labels of a row of weekday columns of ``width`` characters, all in one of the
        locale's widths (abbreviated, else short, else narrow: the first in which every
        one fits), as ``weekday`` gives them for Python's English."""
        if self.locale is not None:
            for w in ("abbreviated", "short", "narrow"):
                names = [self._weekdays[w][d] for d in weekdays]
                if all(len(n) <= width for n in names):
                    return names
        return [self.weekday(d, width) for d in weekdays]

    def abbreviation(self, weekday: int) -> str:
        """A weekday's abbreviated name, whole (an HTML column's label)."""
        return self._weekdays["abbreviated"][weekday]

    def number(self, value: int, width: int = 0) -> str:
        """``value`` right-aligned in ``width`` characters, in the locale's digits."""
        text = f"{value:{width}d}"
        return text.translate(self._table) if self._table else text

    def day(self, day_number: int, system: str, value: int) -> str:
        """A day cell's label: the locale's label of the day in calendar ``system`` (its
        numbering of that system's days: ט״ז for a Hebrew date in he), or ``value`` (the
        day of the month) in ASCII digits without a locale."""
        if self.locale is None:
            return self.number(value)
        return self.locale.format_day(day_number, calendar=system)

    def year(self, year: int) -> str:
        """A year page's title: ``repr(year)`` as Python's ``calendar`` writes it, in the
        locale's digits."""
        text = repr(year)
        return text.translate(self._table) if self._table else text

    def month_year(self, year: int, month: int) -> str:
        """A month page's title: "November 2026" (Python's way: the name and ``repr``
        of the year, for every year Kalends covers) or the locale's "yMMMM" pattern."""
        if self.locale is None:
            return f"{self.months[month]} {year!r}"
        return self.locale.format_month_year(year, month)

    def time(self, hour: int, minute: int) -> str:
        """A time of day before an event's title: "9:30" (24 hours, no leading zero), or
        the locale's short time ("9:30 AM", "09:30", "٩:٣٠ ص")."""
        if self.locale is None:
            return f"{hour}:{minute:02d}"
        return self.locale.format_time(hour, minute, 0, "short")

    def month(self, month: int) -> str:
        """A month's name alone (the titles of a year page's months)."""
        return self.standalone_months[month] if self.locale is not None else self.months[month]

"""Month pages of other calendar systems for ``python -m kalends --calendar SYSTEM``:
which months a YEAR [MONTH] of a system means, and those months as text and JSON (SVG
goes through ``render_svg`` with the views' system dates).

YEAR is the system's extended year (ICU's): the year everyone uses for systems of one
era (Hebrew 5787, Islamic 1448, Persian 1405, ...), the Gregorian year for japanese,
buddhist and roc, the years since 2637 BCE for chinese and dangi (4663 began in
February 2026). MONTH is the month's number in that year (Hebrew 1 = Tishri ... 13 =
Elul); a leap month comes with the year's page.
"""
from __future__ import annotations

from typing import Any, Optional

from ..calendar import Calendar, Day, DayFlags, MonthGrid, Rows
from .names import Names, weekday_name
from ..systems import CalendarSystem, SystemDate, SystemMonth


def month_title(system: str, month: SystemMonth, names: Optional[Names] = None) -> str:
    """``hebrew 5787 month 3`` (``leap`` after a leap month's number); with a locale's
    ``names``, its title of the month in the system ("כסלו תשפ״ז", "Kislev 5787")."""
    if names is not None and names.locale is not None:
        return names.locale.format_month_year(month.extended_year, month.month, calendar=system,
                                              leap_month=month.leap_month)
    leap = " leap" if month.leap_month else ""
    return f"{system} {month.extended_year} month {month.month}{leap}"


def months_of(cal: Calendar, system: CalendarSystem, year: Optional[int], month: Optional[int],
              today_day: int) -> list[SystemMonth]:
    """The months a page shows: today's month (no YEAR), every month of YEAR, or MONTH of
    YEAR. Errors name the system and the valid range (the library's)."""
    if year is None:
        return [system.month(today_day)]
    grid = cal.month_grid(year, month if month is not None else 1)   # checks the year and month
    first = next(d for d in grid.days if d.in_month).day_number
    m = system.month(first)
    if month is not None:
        return [m]
    out = []
    while m.extended_year == year:
        out.append(m)
        following = m.first_day + m.length
        if following > system.day_range.last:
            break
        m = system.month(following)
    return out


def _date_json(d: Optional[SystemDate]) -> Optional[dict[str, Any]]:
    if d is None:
        return None
    return {"era": d.era, "year": d.year, "month": d.month, "day": d.day, "leap_month": d.leap_month}


def _flags(flags: DayFlags) -> list[str]:
    return [f.name.lower() for f in (DayFlags.IN_MONTH, DayFlags.LEADING, DayFlags.TRAILING, DayFlags.TODAY,
                                     DayFlags.WEEKEND) if f in flags and f.name]


def month_json(system: str, month: SystemMonth, grid: MonthGrid, title: Optional[str] = None) -> dict[str, Any]:
    """A month and its grid's days with their Gregorian, system and secondary dates."""
    return {
        "calendar": system, "era": month.era, "year": month.year, "month": month.month,
        "leap_month": month.leap_month, "extended_year": month.extended_year, "first_day": month.first_day,
        "length": month.length, "title": title if title is not None else month_title(system, month),
        "weeks": [{"week": w.week_of_year.week, "week_year": w.week_of_year.year,
                   "days": [{"date": str(d.civil), "day_number": d.day_number, "weekday": int(d.weekday),
                             "flags": _flags(d.flags), "system": _date_json(d.system_date),
                             "secondary": _date_json(d.secondary_date)} for d in w.days]}
                  for w in grid.weeks],
    }


def month_text(system: str, month: SystemMonth, grid: MonthGrid, *, week_numbers: bool = False,
               secondary: Optional[str] = None, names: Optional[Names] = None, title: Optional[str] = None) -> str:
    """A month as text: its title, the weekday names, and a row per week of the system's
    day labels (out-of-month days blank; with a locale's ``names``, as the locale writes
    the system's days: ט״ז for a Hebrew date in he); with ``secondary`` (the secondary
    system's identifier) each week is followed by the secondary dates' day labels (the
    month number too where a secondary month begins: ``3/1``)."""
    words = names or Names()
    labels = {d.day_number: words.day(d.day_number, system, d.system_date.day)
              for w in grid.weeks for d in w.days if d.flags & DayFlags.IN_MONTH and d.system_date is not None}
    widest = max((len(t) for t in labels.values()), default=2)
    cell = max(5 if secondary is not None else 3, widest + 1 + (secondary is not None and widest > 2))
    lead = "   " if week_numbers else ""
    width = len(lead) + 7 * cell

    def row(cells: list[str]) -> str:   # right-to-left locales put the first weekday on the right
        return "".join(reversed(cells) if words.rtl else cells)

    lines = [(title or month_title(system, month)).center(width).rstrip()]
    first = grid.weeks[0].days
    def label(wd: int) -> str:
        return weekday_name(wd, 2) if names is None else words.weekday(wd, cell - 1)

    lines.append(lead + row([label(int(d.weekday)).rjust(cell) for d in first]))
    for w in grid.weeks:
        head = words.number(w.week_of_year.week, 2) + " " if week_numbers else ""
        lines.append((head + row([_cell(d, cell, labels) for d in w.days])).rstrip())
        if secondary is not None:
            lines.append((lead + row([_secondary_cell(d, cell, words, secondary) for d in w.days])).rstrip())
    return "\n".join(lines) + "\n"


def _cell(day: Day, width: int, labels: dict[int, str]) -> str:
    label = labels.get(day.day_number)
    if label is None:
        return " " * width
    mark = "*" if day.flags & DayFlags.TODAY else ""
    return (label + mark).rjust(width)


def _secondary_cell(day: Day, width: int, names: Names, system: str) -> str:
    q = day.secondary_date
    if not day.flags & DayFlags.IN_MONTH or q is None:
        return " " * width
    label = names.day(day.day_number, system, q.day)
    text = f"{names.number(q.month)}{'+' if q.leap_month else ''}/{label}" if q.day == 1 else label
    return text.rjust(width)


def year_rows(rows: Optional[str]) -> Rows:
    return Rows[(rows or "variable").upper()]

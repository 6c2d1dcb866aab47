"""Months and years as text, laid out exactly like Python's ``calendar.TextCalendar``
(so ``python -m kalends 2026 11`` prints what ``python -m calendar 2026 11`` prints), with
optional ISO/locale week numbers and today highlighted on terminals."""
from __future__ import annotations

from typing import Sequence

from .calendars import Calendar, Day, MonthGrid, Rows
from .names import month_name, weekday_name

#: ANSI reverse video, used to mark today when colour is on.
TODAY_ON, TODAY_OFF = "\x1b[7m", "\x1b[27m"


class TextRenderer:
    """Renders grids of one calendar. ``width`` is the width of a day column (>= 2)."""

    def __init__(self, calendar: Calendar, *, width: int = 2, lines: int = 1, spacing: int = 6,
                 months_per_row: int = 3, rows: Rows = Rows.VARIABLE, week_numbers: bool = False,
                 color: bool = False) -> None:
        self.calendar = calendar
        self.width = max(2, width)
        self.lines = max(1, lines)
        self.spacing = max(2, spacing)
        self.months_per_row = max(1, months_per_row)
        self.rows = rows
        self.week_numbers = week_numbers
        self.color = color

    # -- pieces ------------------------------------------------------------------

    @property
    def column_width(self) -> int:
        """Width of one month: 7 day columns, plus the week-number column if shown."""
        return 7 * (self.width + 1) - 1 + (3 if self.week_numbers else 0)

    def _prefix(self, text: str) -> str:
        return text + " " if self.week_numbers else ""

    def weekday_header(self) -> str:
        first = int(self.calendar.options.first_weekday)
        names = (weekday_name((first - 1 + i) % 7 + 1, self.width).center(self.width) for i in range(7))
        return self._prefix("Wk") + " ".join(names)

    def _day(self, day: Day) -> str:
        if not day.in_month:
            return " " * self.width
        text = f"{day.day:2d}".center(self.width)
        if self.color and day.is_today:
            return f"{TODAY_ON}{text}{TODAY_OFF}"
        return text

    def week_lines(self, grid: MonthGrid) -> list[str]:
        """One line per row of the grid (not stripped)."""
        return [self._prefix(f"{week.week_of_year.week:2d}") + " ".join(self._day(d) for d in week.days)
                for week in grid.weeks]

    def month_title(self, year: int, month: int, with_year: bool = True) -> str:
        title = f"{month_name(month)} {year!r}" if with_year else month_name(month)
        return self._prefix("  ") + title.center(7 * (self.width + 1) - 1)

    # -- whole pages -------------------------------------------------------------

    def month(self, year: int, month: int) -> str:
        grid = self.calendar.month_grid(year, month, self.rows)
        nl = "\n" * self.lines
        out = [self.month_title(year, month).rstrip(), nl, self.weekday_header().rstrip(), nl]
        for line in self.week_lines(grid):
            out += [line.rstrip(), nl]
        return "".join(out)

    def year(self, year: int) -> str:
        width = self.column_width
        gap = " " * self.spacing
        nl = "\n" * self.lines
        m = self.months_per_row
        out = [repr(year).center(width * m + self.spacing * (m - 1)).rstrip(), nl]
        header = self.weekday_header()
        for first in range(1, 13, m):
            months = range(first, min(first + m, 13))
            out.append(nl)
            out += [gap.join(self.month_title(year, k, False).center(width) for k in months).rstrip(), nl]
            out += [gap.join(header.center(width) for _ in months).rstrip(), nl]
            columns = [self.week_lines(self.calendar.month_grid(year, k, self.rows)) for k in months]
            for j in range(max(len(c) for c in columns)):
                cells: Sequence[str] = [_center(c[j], width) if j < len(c) else " " * width for c in columns]
                out += [gap.join(cells).rstrip(), nl]
        return "".join(out)


def _center(text: str, width: int) -> str:
    """str.center that ignores ANSI escapes when measuring."""
    visible = len(text.replace(TODAY_ON, "").replace(TODAY_OFF, ""))
    if visible >= width:
        return text
    left = (width - visible) // 2 + ((width - visible) & width & 1)
    return " " * left + text + " " * (width - visible - left)

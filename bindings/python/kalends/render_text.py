"""Months and years as text, laid out exactly like Python's ``calendar.TextCalendar``
(so ``python -m kalends 2026 11`` prints what ``python -m calendar 2026 11`` prints), with
optional ISO/locale week numbers and today highlighted on terminals."""
from __future__ import annotations

from typing import Sequence

from .calendars import Calendar, Day, DayFlags, MonthGrid, Rows
from .names import month_name, weekday_name

if False:  # typing only
    from .views import View  # noqa: F401

#: ANSI reverse video marks today, bold underline the selection, yellow highlighted
#: days, when colour is on.
TODAY_ON, TODAY_OFF = "\x1b[7m", "\x1b[27m"
SELECTED_ON, SELECTED_OFF = "\x1b[1;4m", "\x1b[22;24m"
HIGHLIGHT_ON, HIGHLIGHT_OFF = "\x1b[33m", "\x1b[39m"
_ESCAPES = (TODAY_ON, TODAY_OFF, SELECTED_ON, SELECTED_OFF, HIGHLIGHT_ON, HIGHLIGHT_OFF)


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

    def _day(self, day: Day, marks: dict[int, DayFlags] | None = None, show_all: bool = False) -> str:
        if not (day.in_month or show_all):
            return " " * self.width
        text = f"{day.day:2d}".center(self.width)
        if not self.color:
            return text
        flags = day.flags | (marks.get(day.day_number, DayFlags(0)) if marks else DayFlags(0))
        if flags & DayFlags.SELECTED:
            text = f"{SELECTED_ON}{text}{SELECTED_OFF}"
        if flags & DayFlags.HIGHLIGHTED:
            text = f"{HIGHLIGHT_ON}{text}{HIGHLIGHT_OFF}"
        if flags & DayFlags.TODAY:
            text = f"{TODAY_ON}{text}{TODAY_OFF}"
        return text

    def week_lines(self, grid: MonthGrid, marks: dict[int, DayFlags] | None = None) -> list[str]:
        """One line per row of the grid (not stripped)."""
        return [self._prefix(f"{week.week_of_year.week:2d}") + " ".join(self._day(d, marks) for d in week.days)
                for week in grid.weeks]

    def month_title(self, year: int, month: int, with_year: bool = True) -> str:
        title = f"{month_name(month)} {year!r}" if with_year else month_name(month)
        return self._prefix("  ") + title.center(7 * (self.width + 1) - 1)

    # -- whole pages -------------------------------------------------------------

    def month(self, year: int, month: int, marks: Sequence[Day] | None = None) -> str:
        """A month as ``calendar.TextCalendar.formatmonth`` prints it; ``marks`` (a view's
        days) add the selection and highlights when colour is on."""
        grid = self.calendar.month_grid(year, month, self.rows)
        nl = "\n" * self.lines
        by_day = {d.day_number: d.flags for d in marks} if marks else None
        out = [self.month_title(year, month).rstrip(), nl, self.weekday_header().rstrip(), nl]
        for line in self.week_lines(grid, by_day):
            out += [line.rstrip(), nl]
        return "".join(out)

    def view(self, view: "View") -> str:
        """A week or day page of a view: its title, weekday labels and days."""
        from .render_svg import page_title
        days = view.days()
        nl = "\n" * self.lines
        labels = " ".join(weekday_name(int(d.weekday), self.width).center(self.width) for d in days[:7])
        out = [page_title(view), nl, self._prefix("Wk") + labels, nl]
        for i in range(0, len(days), 7):
            row = days[i:i + 7]
            out += [(self._prefix(f"{row[0].week_of_year.week:2d}")
                     + " ".join(self._day(d, show_all=True) for d in row)).rstrip(), nl]
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
    visible = len(text)
    for escape in _ESCAPES:
        visible -= text.count(escape) * len(escape)
    if visible >= width:
        return text
    left = (width - visible) // 2 + ((width - visible) & width & 1)
    return " " * left + text + " " * (width - visible - left)

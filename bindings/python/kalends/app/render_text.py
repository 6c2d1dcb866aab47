"""Months and years as text, laid out exactly like Python's ``calendar.TextCalendar``
(so ``python -m kalends 2026 11`` prints what ``python -m calendar 2026 11`` prints), with
optional ISO/locale week numbers and today highlighted on terminals."""
from __future__ import annotations

from typing import Sequence

from ..calendar import Calendar, Day, DayFlags, MonthGrid, Rows, Week
from ..dates import YEAR_MAX, YEAR_MIN, Date, Weekday, WeekOfYear, weekday, year_days_in_month
from ..errors import OutOfRangeError
from .names import Names

if False:  # typing only
    from ..view import View  # noqa: F401

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
                 color: bool = False, names: Names | None = None) -> None:
        self.calendar = calendar
        self.width = max(2, width)
        self.lines = max(1, lines)
        self.spacing = max(2, spacing)
        self.months_per_row = max(1, months_per_row)
        self.rows = rows
        self.week_numbers = week_numbers
        self.color = color
        #: Python's calendar's English by default; a locale's names, digits and direction.
        self.names = names or Names()

    # -- pieces ------------------------------------------------------------------

    @property
    def column_width(self) -> int:
        """Width of one month: 7 day columns, plus the week-number column if shown."""
        return 7 * (self.width + 1) - 1 + (3 if self.week_numbers else 0)

    def _prefix(self, text: str) -> str:
        return text + " " if self.week_numbers else ""

    def _row(self, cells: list[str]) -> str:
        """Seven cells in reading order: right-to-left locales put the first on the right."""
        return " ".join(reversed(cells) if self.names.rtl else cells)

    def weekday_header(self) -> str:
        first = int(self.calendar.options.first_weekday)
        names = [self.names.weekday((first - 1 + i) % 7 + 1, self.width).center(self.width) for i in range(7)]
        return self._prefix("Wk") + self._row(names)

    def _day(self, day: Day, marks: dict[int, DayFlags] | None = None, show_all: bool = False) -> str:
        if not (day.in_month or show_all):
            return " " * self.width
        text = self.names.number(day.day, 2).center(self.width)
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
        return [self._prefix(self.names.number(week.week_of_year.week, 2)) + self._row([self._day(d, marks) for d in week.days])
                for week in grid.weeks]

    def grid(self, year: int, month: int) -> MonthGrid:
        return printable_grid(self.calendar, year, month, self.rows)

    def month_title(self, year: int, month: int, with_year: bool = True) -> str:
        title = self.names.month_year(year, month) if with_year else self.names.month(month)
        return self._prefix("  ") + title.center(7 * (self.width + 1) - 1)

    # -- whole pages -------------------------------------------------------------

    def month(self, year: int, month: int, marks: Sequence[Day] | None = None) -> str:
        """A month as ``calendar.TextCalendar.formatmonth`` prints it; ``marks`` (a view's
        days) add the selection and highlights when colour is on."""
        grid = self.grid(year, month)
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
        labels = self._row([self.names.weekday(int(d.weekday), self.width).center(self.width) for d in days[:7]])
        out = [page_title(view), nl, self._prefix("Wk") + labels, nl]
        for i in range(0, len(days), 7):
            row = days[i:i + 7]
            out += [(self._prefix(self.names.number(row[0].week_of_year.week, 2))
                     + self._row([self._day(d, show_all=True) for d in row])).rstrip(), nl]
        return "".join(out)

    def year(self, year: int, page: "View | None" = None) -> str:
        """A year as ``calendar.TextCalendar.formatyear`` prints it: the months of ``page``
        (the year's page: a view of the 12 months from January, whose days carry today,
        highlights and the selection) or, without one, of the calendar's month grids."""
        width = self.column_width
        nl = "\n" * self.lines
        m = self.months_per_row
        grids = view_months(page) if page is not None else None
        out = [self.names.year(year).center(width * m + self.spacing * (m - 1)).rstrip(), nl]
        out += self._month_rows([(year, k) for k in range(1, 13)], m, with_year=False, grids=grids)
        return "".join(out)

    def months(self, year: int, month: int, n: int, title: str | None = None) -> str:
        """``n`` months from year-month side by side, three to a row, each titled with
        its month and year (a page of several months, ``--page-months N`` with a MONTH);
        ``title`` (the page's, ``View.title()``: "Nov 2026 – Jan 2027") centred above
        them as a year's number is above its months."""
        index = year * 12 + month - 1
        shown = [((index + k) // 12, (index + k) % 12 + 1) for k in range(n)]
        rows = self._month_rows(shown, min(n, 3), with_year=True)
        if title is None:
            return "".join(rows[1:])
        per_row = min(n, 3)
        head = title.center(self.column_width * per_row + self.spacing * (per_row - 1)).rstrip()
        return "".join([head, "\n" * self.lines] + rows)

    def _month_rows(self, shown: list[tuple[int, int]], per_row: int, with_year: bool,
                    grids: list[MonthGrid] | None = None) -> list[str]:
        """Rows of months as python -m calendar prints a year's: a blank line, the titles,
        the weekday headers, the weeks side by side (of ``grids``, one per month shown,
        when given; else of the calendar's grids)."""
        width = self.column_width
        gap = " " * self.spacing
        nl = "\n" * self.lines
        header = self.weekday_header()
        out: list[str] = []
        for first in range(0, len(shown), per_row):
            months = shown[first:first + per_row]
            out.append(nl)
            out += [gap.join(self.month_title(y, k, with_year).center(width) for y, k in months).rstrip(), nl]
            out += [gap.join(header.center(width) for _ in months).rstrip(), nl]
            columns = [self.week_lines(grids[first + i] if grids is not None else self.grid(y, k))
                       for i, (y, k) in enumerate(months)]
            for j in range(max(len(c) for c in columns)):
                cells: Sequence[str] = [_center(c[j], width) if j < len(c) else " " * width for c in columns]
                out += [gap.join(cells).rstrip(), nl]
        return out


def view_months(view: "View") -> list[MonthGrid]:
    """The grids of a page of several months, read from the view: each month's days are
    the DAY elements after its MONTH_HEADER in the layout (``kalends_view_layout``), in
    rows of seven, with the view's flags (today, highlights, selection)."""
    from ..view import ElementKind
    days = view.days()
    months: list[tuple[int, list[Day]]] = []
    for e in view.layout():
        if e.kind == ElementKind.MONTH_HEADER:
            months.append((e.day_number, []))
        elif e.kind == ElementKind.DAY and months:
            months[-1][1].append(days[e.index])
    grids = []
    for first, cells in months:
        start = Date.from_day_number(first)
        weeks = tuple(Week(cells[i].week_of_year, tuple(cells[i:i + 7])) for i in range(0, len(cells), 7))
        grids.append(MonthGrid(start.year, start.month, view.options.rows, weeks))
    return grids


def printable_grid(calendar: Calendar, year: int, month: int, rows: Rows) -> MonthGrid:
    """The month's grid, for pages that print only the month's own days. The grids of
    the first and last supported months (-999999-01, 999999-12) would show days beyond
    the supported range, which the library refuses; for those two, the days of the month
    are placed by their weekdays (library calls) between empty cells."""
    try:
        return calendar.month_grid(year, month, rows)
    except OutOfRangeError:
        if (year, month) not in ((YEAR_MIN, 1), (YEAR_MAX, 12)):
            raise
    options = calendar.options
    first = int(options.first_weekday)
    today = calendar.today()
    today_key = (today.year, today.month, today.day) if today is not None else None
    days: list[Day] = []
    for n in range(1, year_days_in_month(year, month) + 1):
        date = Date(year, month, n)
        wd = weekday(date)
        flags = DayFlags.IN_MONTH
        if wd in options.weekend_days:
            flags |= DayFlags.WEEKEND
        if (year, month, n) == today_key:
            flags |= DayFlags.TODAY
        days.append(Day(year, month, n, date.day_number, wd, calendar.week_of_year(date), flags))
    empty = Day(0, 0, 0, 0, Weekday.MONDAY, WeekOfYear(0, 0), DayFlags.HIDDEN)
    before = (int(days[0].weekday) - first) % 7
    cells = [empty] * before + days
    total = 42 if rows == Rows.FIXED else -(-len(cells) // 7) * 7
    cells += [empty] * (total - len(cells))
    weeks = []
    for i in range(0, len(cells), 7):
        row = tuple(cells[i:i + 7])
        woy = next(d.week_of_year for d in row if d.flags & DayFlags.IN_MONTH) if any(
            d.flags & DayFlags.IN_MONTH for d in row) else WeekOfYear(0, 0)
        weeks.append(Week(woy, tuple(d if d.flags & DayFlags.IN_MONTH else d._replace(week_of_year=woy) for d in row)))
    return MonthGrid(year, month, rows, tuple(weeks))


def _center(text: str, width: int) -> str:
    """str.center that ignores ANSI escapes when measuring."""
    visible = len(text)
    for escape in _ESCAPES:
        visible -= text.count(escape) * len(escape)
    if visible >= width:
        return text
    left = (width - visible) // 2 + ((width - visible) & width & 1)
    return " " * left + text + " " * (width - visible - left)

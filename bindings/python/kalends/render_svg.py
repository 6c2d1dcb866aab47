"""A month (or a year of months) as a standalone SVG picture: header, weekday labels,
day cells, leading and trailing days dimmed, weekends tinted, today marked.

Every drawn day carries ``class`` (``day`` plus ``in-month``/``leading``/``trailing``,
``weekend``, ``today``) and ``data-date``, so the picture is easy to style or inspect.
"""
from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from .calendars import Calendar, Day, MonthGrid, Rows
from .names import month_name, weekday_name


@dataclass(frozen=True)
class SvgStyle:
    cell_width: float = 48
    cell_height: float = 44
    header_height: float = 52
    weekday_height: float = 28
    week_number_width: float = 34
    padding: float = 16
    gap: float = 24  # between months of a year
    font: str = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"
    ink: str = "#1f2937"
    muted: str = "#9ca3af"
    faint: str = "#d1d5db"
    weekend_ink: str = "#b45309"
    weekend_fill: str = "#fff7ed"
    accent: str = "#2563eb"
    card: str = "#ffffff"
    border: str = "#e5e7eb"


def _f(x: float) -> str:
    return f"{x:g}"


class SvgRenderer:
    def __init__(self, calendar: Calendar, *, rows: Rows = Rows.FIXED, week_numbers: bool = False,
                 style: SvgStyle | None = None) -> None:
        self.calendar = calendar
        self.rows = rows
        self.week_numbers = week_numbers
        self.style = style or SvgStyle()

    def month_size(self, grid: MonthGrid) -> tuple[float, float]:
        s = self.style
        width = 7 * s.cell_width + (s.week_number_width if self.week_numbers else 0)
        height = s.header_height + s.weekday_height + len(grid.weeks) * s.cell_height
        return width, height

    def _month(self, grid: MonthGrid, x0: float, y0: float, title: str) -> list[str]:
        s = self.style
        out: list[str] = []
        width, height = self.month_size(grid)
        out.append(f'<g class="month" data-month="{grid.year:04d}-{grid.month:02d}">')
        out.append(f'<text class="title" x="{_f(x0 + width / 2)}" y="{_f(y0 + s.header_height * 0.62)}" '
                   f'text-anchor="middle" font-size="20" font-weight="600" fill="{s.ink}">{escape(title)}</text>')
        left = x0 + (s.week_number_width if self.week_numbers else 0)
        first = int(self.calendar.options.first_weekday)
        weekend = self.calendar.options.weekend_days
        top = y0 + s.header_height
        if self.week_numbers:
            out.append(f'<text class="weekday-label" x="{_f(x0 + s.week_number_width / 2)}" '
                       f'y="{_f(top + s.weekday_height * 0.65)}" text-anchor="middle" font-size="11" '
                       f'fill="{s.muted}">Wk</text>')
        for c in range(7):
            wd = (first - 1 + c) % 7 + 1
            color = s.weekend_ink if wd in weekend else s.muted
            out.append(f'<text class="weekday-label" x="{_f(left + (c + 0.5) * s.cell_width)}" '
                       f'y="{_f(top + s.weekday_height * 0.65)}" text-anchor="middle" font-size="12" '
                       f'font-weight="600" fill="{color}">{weekday_name(wd, 3)}</text>')
        top += s.weekday_height
        out.append(f'<line x1="{_f(x0)}" y1="{_f(top - 0.5)}" x2="{_f(x0 + width)}" y2="{_f(top - 0.5)}" '
                   f'stroke="{s.border}"/>')
        for r, week in enumerate(grid.weeks):
            y = top + r * s.cell_height
            if self.week_numbers:
                out.append(f'<text class="week-number" x="{_f(x0 + s.week_number_width / 2)}" '
                           f'y="{_f(y + s.cell_height * 0.6)}" text-anchor="middle" font-size="11" '
                           f'fill="{s.muted}">{week.week_of_year.week}</text>')
            for c, day in enumerate(week.days):
                out.extend(self._day(day, left + c * s.cell_width, y))
        out.append("</g>")
        return out

    def _day(self, day: Day, x: float, y: float) -> list[str]:
        s = self.style
        classes = ["day", "in-month" if day.in_month else "leading" if day.is_leading else "trailing"]
        if day.is_weekend:
            classes.append("weekend")
        if day.is_today:
            classes.append("today")
        out = [f'<g class="{" ".join(classes)}" data-date="{day.civil}">']
        if day.is_weekend and day.in_month:
            out.append(f'<rect x="{_f(x + 2)}" y="{_f(y + 2)}" width="{_f(s.cell_width - 4)}" '
                       f'height="{_f(s.cell_height - 4)}" rx="8" fill="{s.weekend_fill}"/>')
        cx, cy = x + s.cell_width / 2, y + s.cell_height / 2
        if day.is_today:
            radius = min(s.cell_width, s.cell_height) / 2 - 4
            out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(radius)}" fill="{s.accent}"/>')
            ink, weight = "#ffffff", "700"
        elif not day.in_month:
            ink, weight = s.faint, "400"
        else:
            ink, weight = (s.weekend_ink if day.is_weekend else s.ink), "500"
        out.append(f'<text x="{_f(cx)}" y="{_f(cy + 5)}" text-anchor="middle" font-size="15" '
                   f'font-weight="{weight}" fill="{ink}">{day.day}</text>')
        out.append("</g>")
        return out

    def _document(self, width: float, height: float, body: list[str]) -> str:
        s = self.style
        return "\n".join([
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(width)}" height="{_f(height)}" '
            f'viewBox="0 0 {_f(width)} {_f(height)}" font-family="{s.font}">',
            f'<rect class="card" x="0.5" y="0.5" width="{_f(width - 1)}" height="{_f(height - 1)}" rx="14" '
            f'fill="{s.card}" stroke="{s.border}"/>',
            *body,
            "</svg>",
            "",
        ])

    def month(self, year: int, month: int) -> str:
        grid = self.calendar.month_grid(year, month, self.rows)
        s = self.style
        width, height = self.month_size(grid)
        body = self._month(grid, s.padding, s.padding / 2, f"{month_name(month)} {year}")
        return self._document(width + 2 * s.padding, height + 1.5 * s.padding, body)

    def year(self, year: int, months_per_row: int = 3) -> str:
        s = self.style
        grids = [self.calendar.month_grid(year, m, Rows.FIXED) for m in range(1, 13)]
        mw, mh = self.month_size(grids[0])
        per_row = max(1, min(12, months_per_row))
        rows = (12 + per_row - 1) // per_row
        title_height = 48
        body = [f'<text class="year-title" x="{_f((per_row * mw + (per_row - 1) * s.gap) / 2 + s.padding)}" '
                f'y="{_f(s.padding + 26)}" text-anchor="middle" font-size="28" font-weight="700" '
                f'fill="{s.ink}">{year}</text>']
        for i, grid in enumerate(grids):
            x = s.padding + (i % per_row) * (mw + s.gap)
            y = s.padding + title_height + (i // per_row) * (mh + s.gap)
            body += self._month(grid, x, y, month_name(grid.month))
        width = 2 * s.padding + per_row * mw + (per_row - 1) * s.gap
        height = 2 * s.padding + title_height + rows * mh + (rows - 1) * s.gap
        return self._document(width, height, body)

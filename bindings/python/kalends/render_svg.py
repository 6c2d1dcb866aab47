"""Pictures of views as standalone SVG, drawn from the frames ``View.layout()`` reports:
header with title and page buttons, weekday labels, day cells. Leading and trailing
days are dimmed, weekends tinted, today ringed, selected days filled, a selected range
drawn as a band with rounded ends, highlighted days dotted, disabled days struck out.

Every day is a ``<g class="day ...">`` (``in-month``/``leading``/``trailing``,
``weekend``, ``today``, ``selected``, ``range-start``/``range-middle``/``range-end``,
``highlighted``, ``disabled``) with ``data-date``, so pictures are easy to inspect.
"""
from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from .calendars import DayFlags
from .dates import Date
from .names import month_name, weekday_name
from .views import DisplayMode, Element, ElementKind, View


@dataclass(frozen=True)
class SvgStyle:
    padding: float = 16
    gap: float = 24  # between the months of a year
    week_number_width: float = 34
    font: str = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"
    ink: str = "#1f2937"
    muted: str = "#9ca3af"
    faint: str = "#d1d5db"
    weekend_ink: str = "#b45309"
    weekend_fill: str = "#fff7ed"
    accent: str = "#2563eb"
    band: str = "#dbeafe"
    highlight: str = "#f59e0b"
    card: str = "#ffffff"
    border: str = "#e5e7eb"


def _f(x: float) -> str:
    return f"{x:g}"


def page_title(view: View) -> str:
    """The header text of the view's page."""
    page = view.page
    if page.mode == DisplayMode.MONTH:
        return f"{month_name(page.month)} {page.year}"
    first, last = Date.from_day_number(page.first), Date.from_day_number(page.last)
    if page.mode == DisplayMode.DAY:
        return f"{weekday_name(int(first.weekday))}, {first.day} {month_name(first.month)} {first.year}"
    if first.month == last.month:
        return f"{first.day} – {last.day} {month_name(last.month)} {last.year}"
    head = f"{first.day} {month_name(first.month)[:3]}" + ("" if first.year == last.year else f" {first.year}")
    return f"{head} – {last.day} {month_name(last.month)[:3]} {last.year}"


class SvgRenderer:
    """Draws views. ``week_numbers`` reserves the view's left inset for a week-number
    column (the host composes it; the view only leaves room)."""

    def __init__(self, *, week_numbers: bool = False, style: SvgStyle | None = None) -> None:
        self.week_numbers = week_numbers
        self.style = style or SvgStyle()

    def prepare(self, view: View) -> None:
        """Makes room for week numbers in the view's left inset."""
        if self.week_numbers:
            insets = view.metrics.insets
            view.set_metrics(insets=insets._replace(left=max(insets.left, self.style.week_number_width)))

    def view_body(self, view: View, x0: float, y0: float, title: str | None = None) -> list[str]:
        """SVG elements of the view's layout, moved to (x0, y0)."""
        s = self.style
        layout = view.layout()
        days = {d.day_number: d for d in view.days()}
        page = view.page
        out = [f'<g class="view" data-mode="{page.mode.name.lower()}" data-month="{page.year:04d}-{page.month:02d}" '
               f'transform="translate({_f(x0)},{_f(y0)})">']
        weekend = view_weekend(days)
        for e in layout:
            f = e.frame
            if e.kind == ElementKind.TITLE:
                out.append(f'<text class="title" x="{_f(f.x + f.width / 2)}" y="{_f(f.y + f.height * 0.62)}" '
                           f'text-anchor="middle" font-size="18" font-weight="600" fill="{s.ink}">'
                           f'{escape(title or page_title(view))}</text>')
            elif e.kind in (ElementKind.PREVIOUS, ElementKind.NEXT):
                out.append(self._chevron(e))
            elif e.kind == ElementKind.WEEKDAY:
                color = s.weekend_ink if e.day_number in weekend else s.muted
                name = weekday_name(e.day_number, 3) if f.width >= 24 else weekday_name(e.day_number, 1)
                out.append(f'<text class="weekday-label" x="{_f(f.x + f.width / 2)}" y="{_f(f.y + f.height * 0.72)}" '
                           f'text-anchor="middle" font-size="12" font-weight="600" fill="{color}">{name}</text>')
            elif e.kind == ElementKind.DAY:
                out.extend(self._day(e, days[e.day_number]))
        if self.week_numbers:
            out.extend(self._week_numbers(layout, days))
        out.append("</g>")
        return out

    def _chevron(self, e: Element) -> str:
        s = self.style
        f = e.frame
        cx, cy, r = f.x + f.width / 2, f.y + f.height / 2, min(f.width, f.height) / 6
        dx = -r / 2 if e.kind == ElementKind.PREVIOUS else r / 2
        color = s.faint if e.flags & DayFlags.DISABLED else s.accent
        kind = "previous" if e.kind == ElementKind.PREVIOUS else "next"
        return (f'<path class="{kind}" d="M{_f(cx - dx)},{_f(cy - r)} L{_f(cx + dx)},{_f(cy)} '
                f'L{_f(cx - dx)},{_f(cy + r)}" fill="none" stroke="{color}" stroke-width="2" '
                f'stroke-linecap="round" stroke-linejoin="round"/>')

    def _day(self, e: Element, day: object) -> list[str]:
        s = self.style
        f = e.frame
        flags = e.flags
        if flags & DayFlags.HIDDEN:
            return []
        classes = ["day", "in-month" if flags & DayFlags.IN_MONTH else "leading" if flags & DayFlags.LEADING
                   else "trailing"]
        for flag, name in ((DayFlags.WEEKEND, "weekend"), (DayFlags.TODAY, "today"), (DayFlags.SELECTED, "selected"),
                           (DayFlags.RANGE_START, "range-start"), (DayFlags.RANGE_MIDDLE, "range-middle"),
                           (DayFlags.RANGE_END, "range-end"), (DayFlags.HIGHLIGHTED, "highlighted"),
                           (DayFlags.DISABLED, "disabled"), (DayFlags.FOCUSED, "focused")):
            if flags & flag:
                classes.append(name)
        civil = Date.from_day_number(e.day_number)
        out = [f'<g class="{" ".join(classes)}" data-date="{civil}">']
        cx, cy = f.x + f.width / 2, f.y + f.height / 2
        radius = max(0.0, min(f.width, f.height) / 2 - 3)
        in_month = bool(flags & DayFlags.IN_MONTH)
        if flags & DayFlags.WEEKEND and in_month and not flags & DayFlags.SELECTED:
            out.append(f'<rect x="{_f(f.x + 2)}" y="{_f(f.y + 2)}" width="{_f(max(0, f.width - 4))}" '
                       f'height="{_f(max(0, f.height - 4))}" rx="8" fill="{s.weekend_fill}"/>')
        in_range = flags & (DayFlags.RANGE_START | DayFlags.RANGE_MIDDLE | DayFlags.RANGE_END)
        single = flags & DayFlags.RANGE_START and flags & DayFlags.RANGE_END
        if in_range and not single:
            # the band spans the cell; its round ends are the start and end circles
            left = cx if flags & DayFlags.RANGE_START else f.x
            right = cx if flags & DayFlags.RANGE_END else f.x + f.width
            out.append(f'<rect class="band" x="{_f(left)}" y="{_f(cy - radius)}" width="{_f(right - left)}" '
                       f'height="{_f(2 * radius)}" fill="{s.band}"/>')
        ink, weight = (s.ink if in_month else s.faint), "500"
        if flags & DayFlags.WEEKEND and in_month:
            ink = s.weekend_ink
        if flags & DayFlags.SELECTED and not flags & DayFlags.RANGE_MIDDLE:
            out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(radius)}" fill="{s.accent}"/>')
            ink, weight = "#ffffff", "700"
        elif flags & DayFlags.TODAY:
            out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(radius)}" fill="none" stroke="{s.accent}" '
                       f'stroke-width="2"/>')
            ink, weight = s.accent, "700"
        if flags & DayFlags.TODAY and flags & DayFlags.SELECTED:
            out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(radius + 2)}" fill="none" stroke="{s.accent}" '
                       f'stroke-width="1"/>')
        if flags & DayFlags.DISABLED:
            ink = s.faint
        size = max(6.0, min(15.0, f.height * 0.36, f.width * 0.45))
        out.append(f'<text x="{_f(cx)}" y="{_f(cy + size / 3)}" text-anchor="middle" font-size="{_f(size)}" '
                   f'font-weight="{weight}" fill="{ink}">{civil.day}</text>')
        if flags & DayFlags.DISABLED:
            out.append(f'<line x1="{_f(cx - size / 2)}" y1="{_f(cy)}" x2="{_f(cx + size / 2)}" y2="{_f(cy)}" '
                       f'stroke="{s.faint}" stroke-width="1.5"/>')
        if flags & DayFlags.HIGHLIGHTED:
            out.append(f'<circle class="dot" cx="{_f(cx)}" cy="{_f(f.y + f.height - 7)}" r="2.5" fill="{s.highlight}"/>')
        out.append("</g>")
        return out

    def _week_numbers(self, layout: list[Element], days: dict[int, object]) -> list[str]:
        s = self.style
        out = []
        weekday_row = [e for e in layout if e.kind == ElementKind.WEEKDAY]
        if weekday_row:
            f = weekday_row[0].frame
            out.append(f'<text class="weekday-label" x="{_f(s.week_number_width / 2)}" y="{_f(f.y + f.height * 0.72)}" '
                       f'text-anchor="middle" font-size="11" fill="{s.muted}">Wk</text>')
        for e in layout:
            if e.kind == ElementKind.DAY and e.index % 7 == 0:
                week = days[e.day_number].week_of_year.week  # type: ignore[attr-defined]
                out.append(f'<text class="week-number" x="{_f(s.week_number_width / 2)}" '
                           f'y="{_f(e.frame.y + e.frame.height * 0.6)}" text-anchor="middle" font-size="11" '
                           f'fill="{s.muted}">{week}</text>')
        return out

    def document(self, width: float, height: float, body: list[str]) -> str:
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

    def view(self, view: View) -> str:
        """The view's current page as a picture."""
        self.prepare(view)
        size = view.intrinsic_size()
        s = self.style
        body = self.view_body(view, s.padding, s.padding / 2)
        return self.document(size.width + 2 * s.padding, size.height + 1.5 * s.padding, body)

    def year(self, views: list[View], year: int, months_per_row: int = 3) -> str:
        """Twelve month views (one per month, already on their pages) in a grid."""
        s = self.style
        for v in views:
            self.prepare(v)
        size = views[0].intrinsic_size()
        per_row = max(1, min(12, months_per_row))
        rows = (len(views) + per_row - 1) // per_row
        title_height = 48
        width = 2 * s.padding + per_row * size.width + (per_row - 1) * s.gap
        body = [f'<text class="year-title" x="{_f(width / 2)}" y="{_f(s.padding + 26)}" text-anchor="middle" '
                f'font-size="28" font-weight="700" fill="{s.ink}">{year}</text>']
        for i, v in enumerate(views):
            x = s.padding + (i % per_row) * (size.width + s.gap)
            y = s.padding + title_height + (i // per_row) * (size.height + s.gap)
            body += self.view_body(v, x, y, month_name(v.page.month))
        height = 2 * s.padding + title_height + rows * size.height + (rows - 1) * s.gap
        return self.document(width, height, body)


def view_weekend(days: dict[int, object]) -> set[int]:
    """ISO weekdays that are weekend days, read from the days' flags."""
    return {d.weekday for d in days.values() if d.flags & DayFlags.WEEKEND}  # type: ignore[attr-defined]

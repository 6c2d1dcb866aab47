"""Pictures of views as standalone SVG, drawn from the frames ``View.layout()`` reports:
header with title and page buttons, weekday labels, day cells. Leading and trailing
days are dimmed, weekends tinted, today ringed, selected days filled, a selected range
drawn as a band with rounded ends, highlighted days dotted, disabled days struck out.

Every day is a ``<g class="day ...">`` (``in-month``/``leading``/``trailing``,
``weekend``, ``today``, ``selected``, ``range-start``/``range-middle``/``range-end``,
``highlighted``, ``disabled``) with ``data-date``, so pictures are easy to inspect.

With an :class:`EventLayer` the events of a store are drawn too: as bars (``<g
class="event-bar" data-event="ID" data-first="DATE" data-last="DATE" data-lane="N">``, cut per week row, lanes from
``View.event_bars``, with ``<text class="more">+N more</text>`` where a day's events do
not fit; each occurrence of a recurring entry is a bar of its own, with its own title,
whole in the bar's ``<title>``; a timed event of one day is a dot in its colour and
"9:30 Standup", the time first where the title's start fits beside it, in a ``<rect
class="slot">`` the size of its lane; text is cut to its box by ``text_fit``) or as up
to N coloured dots per day (``<circle class="event-dot">``, from ``EventStore.dots``; always on a year or a
page of several months unless bars are asked for: each month's bars then lie over its own grid).
The day number then moves to the top of its cell.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable, Optional
from xml.sax.saxutils import escape

from . import text_fit
from ..calendar import Day, DayFlags
from ..dates import Date
from .names import Names, month_name, weekday_name
from .svg_events import PAGE_EVENTS, EventLayer, PageEvents, bar_path as _bar_path, fmt as _f, ink_on as _ink_on, page_occurrences, rgba as _rgba
from ..geometry import Rect
from ..view import DisplayMode, Element, ElementKind, View
from .render_timegrid import TimeGrid

if TYPE_CHECKING:
    from ..events import Event
    from ..timezone import TimeZone


def _label_size(frame: Rect) -> float:
    """Font size of a weekday label: 12 points, or what its frame's height allows."""
    return max(6.0, min(12.0, frame.height * 1.1))


#: Height of the band at the top of a day cell that holds its number when events are drawn.
NUMBER_BAND = 20.0
BAR_HEIGHT = 14.0
LANE_SPACING = 2.0


def _compact(n: int) -> str:
    """A count in at most four characters: 999, 1.2k, 86k, 3.6M (a "+N more" that has
    no room for its digits; data-hidden keeps the exact count)."""
    for size, suffix in ((1_000_000_000, "G"), (1_000_000, "M"), (1_000, "k")):
        if n >= size:   # rounded down: never more than are hidden
            tenths = n * 10 // size
            return f"{tenths // 10}.{tenths % 10}{suffix}" if tenths < 100 and tenths % 10 else f"{n // size}{suffix}"
    return str(n)


def time_and_title(time: Optional[str], title: str, room: float, size: float) -> str:
    """A month's label of an event in ``room`` points: "9:30 Standup" (the time first)
    while the time and the title's start fit ("9:30 Stan…"), else the title alone, cut
    to fit: a narrow cell keeps the title, not the time."""
    if time is not None:
        both = f"{time} {title}"
        cut = text_fit.ellipsize(both, room, size)
        if cut == both or len(cut) - 1 >= len(time) + 1 + min(3, len(title)):
            return cut
    return text_fit.ellipsize(title, room, size)


def _utc() -> "TimeZone":
    from ..timezone import TimeZone
    return TimeZone("UTC")


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


def page_title(view: View, names: Names | None = None) -> str:
    """The header text of the view's page (with a locale's ``names``, the library's
    title in the view's calendar's locale and system)."""
    page = view.page
    if names is not None and names.locale is not None or page.mode == DisplayMode.MONTH and view.options.months > 1:
        return view.title()   # several months: the locale's interval of the first and last ("Nov 2026 – Jan 2027")
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

    def __init__(self, *, week_numbers: bool = False, style: SvgStyle | None = None,
                 names: Names | None = None) -> None:
        self.week_numbers = week_numbers
        self.style = style or SvgStyle()
        #: English by default; a locale's weekday names, digits and titles.
        self.names = names or Names()

    def prepare(self, view: View) -> None:
        """Makes room for week numbers in the view's left inset."""
        if self.week_numbers:
            insets = view.metrics.insets
            view.set_metrics(insets=insets._replace(left=max(insets.left, self.style.week_number_width)))

    def view_body(self, view: View, x0: float, y0: float, title: str | None = None,
                  events: EventLayer | None = None, arrows: bool = True, month_names: bool = False) -> list[str]:
        """SVG elements of the view's layout (and of the events, if given), moved to (x0, y0).
        Each month of a page of several months is a ``<g class="month" data-month="YYYY-MM">``
        under its title (its month and year, or with ``month_names`` its name alone: a
        year's page)."""
        s = self.style
        layout = view.layout()
        dots = self._dots(view, events) if events is not None and events.style == "dots" else {}
        day_list = view.days()
        days = {d.day_number: d for d in day_list}
        page = view.page
        out = [f'<g class="view" data-mode="{page.mode.name.lower()}" data-month="{page.year:04d}-{page.month:02d}" '
               f'transform="translate({_f(x0)},{_f(y0)})">']
        weekend = view_weekend(days)
        month_open = False
        for e in layout:
            f = e.frame
            if e.kind == ElementKind.TITLE:
                text = title or page_title(view, self.names)
                size = max(9.0, min(18.0, round(f.width / (0.62 * max(1, len(text))), 1)))   # fits between the arrows
                out.append(f'<text class="title" x="{_f(f.x + f.width / 2)}" y="{_f(f.y + f.height * 0.5 + size * 0.35)}" '
                           f'text-anchor="middle" font-size="{_f(size)}" font-weight="600" fill="{s.ink}">'
                           f'{escape(text)}</text>')
            elif e.kind in (ElementKind.PREVIOUS, ElementKind.NEXT):
                if arrows:
                    out.append(self._chevron(e))
            elif e.kind == ElementKind.MONTH_HEADER:   # a month of several: its name above its weekday labels
                d = Date.from_day_number(e.day_number)
                name = self.names.month(d.month) if month_names else self.names.month_year(d.year, d.month)
                out.append(("</g>" if month_open else "") + f'<g class="month" data-month="{d.year:04d}-{d.month:02d}">')
                month_open = True
                out.append(f'<text class="month-title" x="{_f(f.x + f.width / 2)}" y="{_f(f.y + (f.height - 10) / 2 + 5)}" '
                           f'text-anchor="middle" font-size="14" font-weight="600" fill="{s.ink}">{escape(name)}</text>')
            elif e.kind == ElementKind.WEEKDAY:
                color = s.weekend_ink if e.day_number in weekend else s.muted
                name = self.names.weekday(e.day_number, 3 if f.width >= 24 else 1)
                size = _label_size(f)   # the labels may sit in the header's 10-point strip
                out.append(f'<text class="weekday-label" x="{_f(f.x + f.width / 2)}" '
                           f'y="{_f(f.y + f.height / 2 + size * 0.35)}" text-anchor="middle" font-size="{_f(size)}" '
                           f'font-weight="600" fill="{color}">{escape(name)}</text>')
            elif e.kind == ElementKind.DAY:
                label = view.day_label(Date.from_day_number(e.day_number)) if self.names.locale is not None else None
                if view.options.months > 1 and not e.flags & DayFlags.IN_MONTH:
                    # several months: today is marked in its own month, not again dimmed in a neighbour's grid
                    e = e._replace(flags=e.flags & ~DayFlags.TODAY)
                out.extend(self._day(e, day_list[e.index], top_band=events is not None and events.style == "bars",
                                     dots=dots.get(e.day_number, []), label=label))
        if month_open:
            out.append("</g>")
        if self.week_numbers:
            out.extend(self._week_numbers(layout, days))
        out.extend(self._drag_preview(view, layout))
        if events is not None and events.style == "bars":
            out.extend(self._bars(view, layout, events))
        out.append("</g>")
        return out

    def _drag_preview(self, view: View, layout: list[Element]) -> list[str]:
        """A range, paint or erase drag in progress (``View.gesture``): a dashed outline
        around each previewed day of the page and an arrow where the pointer is, in a
        ``<g class="drag-preview" data-kind="range" data-first="DATE" data-last="DATE">``."""
        g = view.gesture
        if g.preview is None:
            return []
        first, last = g.preview
        s = self.style
        out = [f'<g class="drag-preview" data-kind="{g.kind.name.lower()}" data-first="{Date.from_day_number(first)}" '
               f'data-last="{Date.from_day_number(last)}">']
        for e in layout:
            if e.kind == ElementKind.DAY and first <= e.day_number <= last and not e.flags & DayFlags.HIDDEN:
                f = e.frame
                out.append(f'<rect x="{_f(f.x + 1.5)}" y="{_f(f.y + 1.5)}" width="{_f(max(0, f.width - 3))}" '
                           f'height="{_f(max(0, f.height - 3))}" rx="6" fill="none" stroke="{s.accent}" '
                           f'stroke-width="1.5" stroke-dasharray="4 3"/>')
        x, y = g.location
        out.append(f'<path class="pointer" d="M{_f(x)},{_f(y)} l0,14 l4,-4 l3,6.5 l2.5,-1.2 l-3,-6.3 l5.5,0 z" '
                   f'fill="#ffffff" stroke="{s.ink}" stroke-width="1.2" stroke-linejoin="round"/>')
        out.append("</g>")
        return out

    def _dots(self, view: View, events: EventLayer) -> dict[int, list[int]]:
        """Day number -> the colours of its first events."""
        page = view.page
        first, last = Date.from_day_number(page.first), Date.from_day_number(page.last)
        found = events.store.dots(first, last, events.max_dots, events.zone)
        return {page.first + i: d.colors for i, d in enumerate(found) if d.colors}

    def _bars(self, view: View, layout: list[Element], events: EventLayer) -> list[str]:
        """The event bars of the page and the "+N more" labels, as many lanes as fit."""
        cells = [e.frame for e in layout if e.kind == ElementKind.DAY]
        if not cells:
            return []
        height = min(f.height for f in cells)
        lanes = max(1, int((height - NUMBER_BAND - 2) // (BAR_HEIGHT + LANE_SPACING)))
        found = page_occurrences(events, view.page.first, view.page.last)
        if len(found) <= PAGE_EVENTS:     # each bar names its own occurrence (overrides keep their titles)
            page = PageEvents.of(found)
            bars, more = view.event_bars(page.store, events.zone, max_lanes=lanes, bar_height=BAR_HEIGHT,
                                         lane_spacing=LANE_SPACING, top_inset=NUMBER_BAND)
            occurrence: Callable[[int], "Event"] = page.events.__getitem__
        else:   # a dense page: the store lays out and counts what shows; a bar names its entry
            bars, more = view.event_bars(events.store, events.zone, max_lanes=lanes, bar_height=BAR_HEIGHT,
                                         lane_spacing=LANE_SPACING, top_inset=NUMBER_BAND)
            entries: dict[int, "Event"] = {}

            def entry(id: int) -> "Event":
                if id not in entries:
                    entries[id] = next((e for e in found if e.id == id), None) or events.store.get(id)
                return entries[id]
            occurrence = entry
        day_of = {e.index: e.day_number for e in layout if e.kind == ElementKind.DAY}
        zone = events.zone if events.zone is not None else _utc()
        out = []
        for b in bars:
            event = occurrence(b.event)
            f = b.frame
            first = Date.from_day_number(day_of.get(b.row * 7 + b.first_column, view.page.first))
            last = Date.from_day_number(day_of.get(b.row * 7 + b.last_column, view.page.first))
            out.append(f'<g class="event-bar" data-event="{event.id}" data-first="{first}" data-last="{last}" '
                       f'data-lane="{b.lane}">')
            out.append(f"<title>{escape(event.title)}</title>")
            out.extend(self._bar(event, b.continues_before, b.continues_after, f, zone))
            out.append("</g>")
        for m in more:
            f = m.frame
            label = next((t for t in (f"+{m.hidden} more", f"+{m.hidden}", f"+{_compact(m.hidden)}")
                          if text_fit.width(t, 10) <= f.width - 4), "")
            out.append(f'<text class="more" data-date="{m.day}" data-hidden="{m.hidden}" x="{_f(f.x + 3)}" '
                       f'y="{_f(f.y + f.height * 0.8)}" font-size="10" fill="{self.style.muted}">{label}</text>')
        return out

    def _bar(self, event: "Event", continues_before: bool, continues_after: bool, f: Rect,
             zone: "TimeZone") -> list[str]:
        """One segment of an event in a week row, as calendar apps draw a month: an
        all-day event (or a timed one over several days) as a filled bar with its title,
        a timed event of one day as a dot in its colour and "9:30 Standup" (the time
        first); each segment carries the title, so rows read on their own."""
        fill, opacity = _rgba(event.color)
        size, y = 10.0, f.y + f.height * 0.75
        time, one_day = None, False
        if not event.all_day:
            day, seconds = zone.local_day(event.start)
            if not continues_before:
                time = self.names.time(seconds // 3600, seconds // 60 % 60)
            one_day = not (continues_before or continues_after) and \
                day == zone.local_day(max(event.start, event.end - 1))[0]
        if one_day:
            r = min(3.0, f.height / 4)
            text = time_and_title(time, event.title, f.width - 3 - 2 * r - 5, size)
            return [f'<rect class="slot" x="{_f(f.x)}" y="{_f(f.y)}" width="{_f(f.width)}" height="{_f(f.height)}" '
                    f'fill="none"/>',
                    f'<circle class="time-dot" cx="{_f(f.x + 2 + r)}" cy="{_f(f.y + f.height / 2)}" r="{_f(r)}" '
                    f'fill="{fill}" fill-opacity="{opacity:.3g}"/>',
                    f'<text x="{_f(f.x + 3 + 2 * r + 2)}" y="{_f(y)}" font-size="{_f(size)}" fill="{self.style.ink}">'
                    f'{escape(text)}</text>']
        # round ends where the event starts or ends, square where it goes on in another row
        text = time_and_title(time, event.title, f.width - 6, size)
        return [f'<path d="{_bar_path(f, 0 if continues_before else 4, 0 if continues_after else 4)}" '
                f'fill="{fill}" fill-opacity="{opacity:.3g}"/>',
                f'<text x="{_f(f.x + 3)}" y="{_f(y)}" font-size="{_f(size)}" fill="{_ink_on(event.color)}">'
                f'{escape(text)}</text>']

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

    def _day(self, e: Element, day: object, top_band: bool = False, dots: list[int] | None = None,
             label: str | None = None) -> list[str]:
        """A day cell; with ``top_band`` its number sits in the band at the top (event bars
        fill the rest); ``dots`` are event colours drawn under the number."""
        s = self.style
        cell = e.frame
        f = Rect(cell.x, cell.y, cell.width, min(cell.height, NUMBER_BAND)) if top_band else cell
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
        system_date = getattr(day, "system_date", None)
        secondary = getattr(day, "secondary_date", None)
        if label is None:   # the view's day label (the locale's numbering) when the page has a locale
            label = self.names.number(system_date.day if system_date is not None else civil.day)
        out = [f'<g class="{" ".join(classes)}" data-date="{civil}"'
               + (f' data-system-date="{system_date.year}-{system_date.month}-{system_date.day}"' if system_date else "")
               + (f' data-secondary-date="{secondary.year}-{secondary.month}-{secondary.day}"' if secondary else "")
               + '>']
        cx, cy = f.x + f.width / 2, f.y + f.height / 2
        radius = max(0.0, min(f.width, f.height) / 2 - (1 if top_band else 3))
        in_month = bool(flags & DayFlags.IN_MONTH)
        if flags & DayFlags.WEEKEND and in_month and not flags & DayFlags.SELECTED:
            out.append(f'<rect x="{_f(cell.x + 2)}" y="{_f(cell.y + 2)}" width="{_f(max(0, cell.width - 4))}" '
                       f'height="{_f(max(0, cell.height - 4))}" rx="8" fill="{s.weekend_fill}"/>')
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
        size = max(6.0, min(15.0, f.height * (0.6 if top_band else 0.36), f.width * 0.45))
        out.append(f'<text x="{_f(cx)}" y="{_f(cy + size / 3)}" text-anchor="middle" font-size="{_f(size)}" '
                   f'font-weight="{weight}" fill="{ink}">{label}</text>')
        if secondary is not None and in_month:
            small = max(5.0, size * 0.55)
            text = f"{secondary.month}/{secondary.day}" if secondary.day == 1 else str(secondary.day)
            out.append(f'<text class="secondary" x="{_f(cx)}" y="{_f(cy + size / 3 + small + 1)}" text-anchor="middle" '
                       f'font-size="{_f(small)}" fill="{s.muted}">{text}</text>')
        if flags & DayFlags.DISABLED:
            out.append(f'<line x1="{_f(cx - size / 2)}" y1="{_f(cy)}" x2="{_f(cx + size / 2)}" y2="{_f(cy)}" '
                       f'stroke="{s.faint}" stroke-width="1.5"/>')
        if flags & DayFlags.HIGHLIGHTED:
            out.append(f'<circle class="dot" cx="{_f(cx)}" cy="{_f(cell.y + cell.height - 7)}" r="2.5" '
                       f'fill="{s.highlight}"/>')
        if dots:
            # a row of dots under the number (above the highlight dot when there is one)
            y = cell.y + cell.height - (14 if flags & DayFlags.HIGHLIGHTED else 7)
            step = min(7.0, max(3.0, (cell.width - 6) / len(dots)))
            x = cx - step * (len(dots) - 1) / 2
            for i, color in enumerate(dots):
                fill, opacity = _rgba(color)
                out.append(f'<circle class="event-dot" cx="{_f(x + i * step)}" cy="{_f(y)}" r="{_f(min(2.5, step / 2.4))}" '
                           f'fill="{fill}" fill-opacity="{opacity:.3g}"/>')
        out.append("</g>")
        return out

    def _week_numbers(self, layout: list[Element], days: dict[int, Day]) -> list[str]:
        """"Wk" and each row's week number, left of the row (of each month's weekday labels
        and rows on a page of several months, in the room its month spacing leaves)."""
        s = self.style
        out = []
        labels = [e.frame for e in layout if e.kind == ElementKind.WEEKDAY]
        for i in range(0, len(labels), 7):   # one strip of labels a month
            strip = labels[i:i + 7]
            f = strip[0]
            size = _label_size(f)
            out.append(f'<text class="weekday-label" x="{_f(min(r.x for r in strip) - s.week_number_width / 2)}" '
                       f'y="{_f(f.y + f.height / 2 + size * 0.35)}" text-anchor="middle" font-size="{_f(size)}" '
                       f'fill="{s.muted}">Wk</text>')
        cells = {e.index: e.frame for e in layout if e.kind == ElementKind.DAY}
        for e in layout:
            if e.kind == ElementKind.DAY and e.index % 7 == 0:
                week = days[e.day_number].week_of_year.week
                left = min(cells[k].x for k in range(e.index, e.index + 7) if k in cells)
                out.append(f'<text class="week-number" x="{_f(left - s.week_number_width / 2)}" '
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

    def view(self, view: View, events: EventLayer | None = None, now: Optional[tuple[int, int]] = None,
             title: str | None = None, month_names: bool = False) -> str:
        """The view's current page as a picture (with the events, if given): a month as
        day cells; a week or a day with its hours (see render_timegrid), the now-line at
        ``now`` (local day number, seconds since its midnight) when that day is shown."""
        if view.page.mode != DisplayMode.MONTH:
            return TimeGrid(self).picture(view, events, now)
        self.prepare(view)
        size = view.intrinsic_size()
        s = self.style
        body = self.view_body(view, s.padding, s.padding / 2, title, events=events, month_names=month_names)
        return self.document(size.width + 2 * s.padding, size.height + 1.5 * s.padding, body)

    def year_page(self, view: View, events: EventLayer | None = None, title: str | None = None) -> str:
        """A year's page: one view of 12 months (``months = 12``, from January), titled
        with the year (``title``), each month under its name, with the events as the
        store's dots per day (the cells are too small for bars)."""
        return self.view(view, as_dots(events), title=title, month_names=True)

    def year(self, views: list[View], year: int, months_per_row: int = 3, events: EventLayer | None = None,
             titles: list[str] | None = None, title: str | None = None) -> str:
        """Twelve month views (one per month, already on their pages) in a grid, with
        the events (if given) as dots: the cells are too small for bars."""
        events = as_dots(events)
        s = self.style
        for v in views:
            self.prepare(v)
        size = views[0].intrinsic_size()
        per_row = max(1, min(12, months_per_row))
        rows = (len(views) + per_row - 1) // per_row
        title_height = 48
        width = 2 * s.padding + per_row * size.width + (per_row - 1) * s.gap
        body = [f'<text class="year-title" x="{_f(width / 2)}" y="{_f(s.padding + 26)}" text-anchor="middle" '
                f'font-size="28" font-weight="700" fill="{s.ink}">{escape(title or str(year))}</text>']
        # one pair of arrows for the year's page, beside its title (the months draw none)
        flags = DayFlags(0)
        for kind, x in ((ElementKind.PREVIOUS, width / 2 - 110), (ElementKind.NEXT, width / 2 + 66)):
            body.append(self._chevron(Element(kind, 0, 0, flags, Rect(x, s.padding, 44, 36))))
        for i, v in enumerate(views):
            x = s.padding + (i % per_row) * (size.width + s.gap)
            y = s.padding + title_height + (i // per_row) * (size.height + s.gap)
            body += self.view_body(v, x, y, titles[i] if titles else self.names.month(v.page.month), events,
                                   arrows=False)
        height = 2 * s.padding + title_height + rows * size.height + (rows - 1) * s.gap
        return self.document(width, height, body)


def view_weekend(days: dict[int, Day]) -> set[int]:
    """ISO weekdays that are weekend days, read from the days' flags."""
    return {d.weekday for d in days.values() if d.flags & DayFlags.WEEKEND}


def as_dots(events: EventLayer | None) -> EventLayer | None:
    """The events drawn as dots per day (pages whose cells cannot hold one month's bars)."""
    return events if events is None or events.style == "dots" else replace(events, style="dots")

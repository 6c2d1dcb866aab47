"""Week and day pages as calendar apps draw them: the view's header and its row of day
numbers, an all-day strip of the all-day and multi-day events (lanes and "+N more" from
``View.event_bars``), and a time grid with hour labels where the timed events stand by
the time they take (columns and frames from ``EventStore.timeline``: overlapping events
side by side), with a red now-line across today.

Every event is a ``<g class="timed-event" ...>`` or ``<g class="all-day-event" ...>``
with ``data-event`` (its id; the occurrences of a recurring entry share it), ``data-day``
(``data-last`` for all-day ones), for timed ones ``data-column``, ``data-columns`` and
``data-time``, and the whole title in a ``<title>``; a timed event's box holds its
``<text class="event-title">`` lines (wrapped and cut to the box, ``box_lines``) and,
when a line is left, its ``<text class="event-time">``; hour labels are ``<text
class="hour">``; the now-line is ``<g class="now-line" data-day="DATE" data-time="HH:MM">``
(placed by the core's ``TimeGrid.line``); the stretches outside the view's business hours
are ``<rect class="closed" data-day data-start data-end>`` (the core's ``TimeGrid.shades``);
the background source's events are ``<rect class="background-event" data-event data-day>``
behind the boxes (the core's ``TimeGrid.background``); with ``max_stack`` a group's hidden boxes are one ``<g class="stack-more" data-day
data-hidden>`` (the core's ``TimeGrid.stack_more``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple, Optional, Protocol
from xml.sax.saxutils import escape

from . import text_fit
from ..calendar import DayFlags
from ..dates import Date, date_from_day_number
from ..events import Event
from ..store import EventStore
from ..timezone import TimeZone
from ..geometry import Rect
from .svg_events import EventLayer, PageEvents, bar_path as _bar_path, fmt as _f, ink_on as _ink_on, page_occurrences, rgba as _rgba
from ..time_grid import TimeGrid as CoreTimeGrid
from ..view import RowHeight, View



class Renderer(Protocol):
    """What a time grid draws into (render_svg.SvgRenderer): the month picture's style, its
    page prepared, its header and weekday rows, and the document around a body."""

    style: Any

    def prepare(self, view: View) -> None: ...
    def view_body(self, view: View, x: float, y: float) -> list[str]: ...
    def document(self, width: float, height: float, body: list[str]) -> str: ...

#: (local day number, seconds since that day's midnight) of the now-line.
NowLine = tuple[int, int]


@dataclass(frozen=True)
class TimeGridStyle:
    gutter: float = 50            # left of the day columns: hour labels
    day_row: float = 40           # height of the row of day numbers
    hour_height: float = 44
    min_event_height: float = 20
    hours: tuple[int, int] = (8, 18)   # shown at least; widened to every event and to now
    strip_bar: float = 18
    strip_spacing: float = 2
    strip_lanes: int = 3
    line: str = "#e5e7eb"
    half_line: str = "#f3f4f6"
    now: str = "#ef4444"
    weekend: str = "#fffaf3"
    closed: str = "#f1f2f4"    # outside business hours (the view's, kalends.editing)
    max_stack: int = 0         # at most this many boxes side by side, then "+N" (0: no limit)
    background_source: int = 0  # the source whose events are drawn behind the columns (0: none)


def _darker(color: int, factor: float = 0.55) -> str:
    """The colour darkened (text on its own tint)."""
    r, g, b = (int((color >> shift & 0xFF) * factor) for shift in (24, 16, 8))
    return f"#{r:02x}{g:02x}{b:02x}"


class Line(NamedTuple):
    """A line of text in an event's box: its baseline's start, size and weight, and
    whether it is (part of) the title or the time."""

    text: str
    x: float
    y: float
    size: float
    bold: bool
    kind: Literal["title", "time"]


def box_lines(title: str, start: str, when: str, r: Rect) -> list[Line]:
    """The lines of a timed event's box ``r``, as calendar apps write them: the title
    first, wrapped over as many lines as the box holds (cut with an ellipsis when it
    does not fit whole), then the time ``when`` ("09:30–10:15", else its start) on the
    next line if one is left; a box of one line holds the title and its ``start`` when
    both fit. A narrow box takes less padding and smaller text, down to 9 points: the
    largest size that shows the whole title, else that breaks no word, else one by the
    box's width (words cut). Every line lies inside the box (text_fit's widths)."""
    left, right = (6.0, 3.0) if r.width >= 40 else (5.0, 2.0)
    room = r.width - left - right
    pad = 3.0 if r.height >= 24 else 2.0
    inner = r.height - 2 * pad

    def lines_fit(size: float) -> int:
        ink = (text_fit.ASCENT + text_fit.DESCENT) * size
        return int((inner - ink) // (size * text_fit.LINE_HEIGHT)) + 1 if inner >= ink else 0

    def words_fit(size: float) -> bool:   # on lines of their own at least
        return lines_fit(size) > 1 and all(text_fit.width(w, size, True) <= room for w in title.split())

    sizes = (11.0, 10.0, 9.0)
    size = next((z for z in sizes if text_fit.wraps_whole(title, room, z, True, lines_fit(z))), None) or \
        next((z for z in sizes if words_fit(z)), None) or (11.0 if room >= 36 else 10.0 if room >= 24 else 9.0)
    count = lines_fit(size)
    x, top, lead = r.x + left, r.y + pad + text_fit.ASCENT * size, size * text_fit.LINE_HEIGHT

    def at(i: int, text: str, kind: Literal["title", "time"], line_size: float, bold: bool) -> Line:
        return Line(text, x, top + i * lead, line_size, bold, kind)

    if count == 0:
        return []
    if count == 1:
        both = f"{title} {start}"
        if text_fit.width(both, size, True) <= room:
            return [at(0, both, "title", size, True)]
        cut = text_fit.ellipsize(title, room, size, True)
        return [at(0, cut, "title", size, True)] if cut else []
    wrapped = text_fit.wrap(title, room, size, True, count)
    out = [at(i, text, "title", size, True) for i, text in enumerate(wrapped)]
    whole = "".join(wrapped).replace(" ", "") == "".join(title.split())   # a word broken across lines too
    if whole and len(wrapped) < count:
        small = size - 1
        time = next((t for t in (when, start) if text_fit.width(t, small) <= room), "")
        if time:
            out.append(at(len(wrapped), time, "time", small, False))
    return out


def _clock(seconds: int) -> str:
    return f"{seconds // 3600 % 24:02d}:{seconds // 60 % 60:02d}"


class TimeGrid:
    """Draws a view's week or day page with the hours of its days."""

    def __init__(self, renderer: Renderer, style: TimeGridStyle | None = None) -> None:
        self.renderer = renderer
        self.style = style or TimeGridStyle()

    def picture(self, view: View, events: Optional["EventLayer"] = None, now: Optional[NowLine] = None) -> str:
        s, base = self.style, self.renderer.style
        self.renderer.prepare(view)
        insets = view.metrics.insets
        view.set_metrics(insets=insets._replace(left=max(insets.left, s.gutter)), row_height=RowHeight.fixed(s.day_row))
        width = view.intrinsic_size().width
        zone = events.zone if events is not None and events.zone is not None else TimeZone("UTC")
        page = (PageEvents.of(page_occurrences(replace(events, zone=zone), view.page.first, view.page.last))
                if events is not None else PageEvents(EventStore(), []))
        first_hour, last_hour = s.hours
        if now is not None and view.page.first <= now[0] <= view.page.last:   # the now-line's hour is shown
            first_hour, last_hour = min(first_hour, now[1] // 3600), max(last_hour, now[1] // 3600 + 1)
        grid = CoreTimeGrid(view, page.store, zone, first_hour=max(0, first_hour), last_hour=min(24, last_hour),
                            fit_events=1, hour_height=s.hour_height, min_height=s.min_event_height,
                            strip_bar_height=s.strip_bar, strip_lane_spacing=s.strip_spacing, strip_lanes=s.strip_lanes,
                            max_stack=s.max_stack, background_source=s.background_source)
        body = self.renderer.view_body(view, 0, 0)
        strip = self._strip(grid, page, width)
        now_y = self._now_y(grid, now)
        lines = self._grid(grid, width, now_y)
        lines += [self._background(page.events[b.event], b.day, b.frame) for b in grid.background]
        items = [line for t in grid.items
                 for line in self._event_box(page.events[t.event], t.frame, t.day, t.column, t.columns, zone,
                                             t.clipped_start, t.clipped_end, base.ink)]
        items += [line for m in grid.stack_more for line in self._stack_more(m.day, m.hidden, m.frame)]
        line = self._now_line(grid, now, now_y)
        height = grid.height + 12
        pad = base.padding
        content = [f'<g transform="translate({_f(pad)},{_f(pad / 2)})">', *body, *strip, *lines, *items, *line, "</g>"]
        return self.renderer.document(width + 2 * pad, height + pad, content)

    # -- the all-day strip ---------------------------------------------------------------

    def _strip(self, grid: CoreTimeGrid, page: PageEvents, width: float) -> list[str]:
        s, base = self.style, self.renderer.style
        top = grid.strip.y
        if not grid.bars and not grid.more:
            return [f'<line x1="0" y1="{_f(top + 3)}" x2="{_f(width)}" y2="{_f(top + 3)}" stroke="{s.line}"/>']
        y0 = top + 4
        out = [f'<rect class="all-day-strip" x="{_f(grid.strip.x)}" y="{_f(top)}" width="{_f(grid.strip.width)}" '
               f'height="{_f(grid.strip.height)}" fill="#fafafa"/>',
               f'<text class="all-day-label" x="{_f(s.gutter - 8)}" y="{_f(y0 + s.strip_bar * 0.7)}" '
               f'text-anchor="end" font-size="10" fill="{base.muted}">all-day</text>']
        for b in grid.bars:
            event = page.events[b.event]
            fill, opacity = _rgba(event.color)
            f = b.frame
            first, last = grid.columns[b.first_column].day, grid.columns[b.last_column].day
            out.append(f'<g class="all-day-event" data-event="{event.id}" data-day="{first}" data-last="{last}" '
                       f'data-lane="{b.lane}">')
            out.append(f"<title>{escape(event.title)}</title>")
            # round ends where the event starts or ends, square where it goes on past the page
            out.append(f'<path d="{_bar_path(f, 0 if b.continues_before else 4, 0 if b.continues_after else 4)}" '
                       f'fill="{fill}" fill-opacity="{opacity:.3g}"/>')
            label = text_fit.ellipsize(event.title, f.width - 8, 11, bold=True)
            out.append(f'<text x="{_f(f.x + 5)}" y="{_f(f.y + f.height * 0.7)}" font-size="11" font-weight="600" '
                       f'fill="{_ink_on(event.color)}">{escape(label)}</text>')
            out.append("</g>")
        for m in grid.more:
            out.append(f'<text class="more" data-date="{m.day}" x="{_f(m.frame.x + 4)}" '
                       f'y="{_f(m.frame.y + m.frame.height * 0.7)}" font-size="10" fill="{base.muted}">+{m.hidden} more</text>')
        return out

    # -- the time grid -------------------------------------------------------------------

    def _grid(self, grid: CoreTimeGrid, width: float, now_y: Optional[float]) -> list[str]:
        s, base = self.style, self.renderer.style
        top, height, left = grid.grid.y, grid.grid.height, grid.grid.x
        out = ['<g class="time-grid">']
        for c in grid.columns:
            if c.flags & DayFlags.WEEKEND:
                out.append(f'<rect x="{_f(c.frame.x)}" y="{_f(top)}" width="{_f(c.frame.width)}" height="{_f(height)}" '
                           f'fill="{s.weekend}"/>')
        for z in grid.shades:   # outside the view's business hours, as the core gives them
            f = z.frame
            out.append(f'<rect class="closed" data-day="{z.day}" data-start="{_clock(z.start)}" '
                       f'data-end="{_clock(z.end)}" x="{_f(f.x)}" y="{_f(f.y)}" width="{_f(f.width)}" '
                       f'height="{_f(f.height)}" fill="{s.closed}"/>')
        rows = [(h.hour, h.frame.y, h.frame.height) for h in grid.hours] + [(grid.last_hour, top + height, 0.0)]
        for hour, y, row in rows:
            out.append(f'<line x1="{_f(left - 4)}" y1="{_f(y)}" x2="{_f(width)}" y2="{_f(y)}" stroke="{s.line}"/>')
            if row:
                half = y + row / 2
                out.append(f'<line x1="{_f(left)}" y1="{_f(half)}" x2="{_f(width)}" y2="{_f(half)}" '
                           f'stroke="{s.half_line}" stroke-dasharray="3 3"/>')
            if now_y is None or abs(now_y - y) > 10:   # the now-line's time takes the place of a near hour
                out.append(f'<text class="hour" x="{_f(left - 8)}" y="{_f(y + 3.5)}" text-anchor="end" font-size="10" '
                           f'fill="{base.muted}">{hour:02d}:00</text>')
        for c in grid.columns:
            out.append(f'<line x1="{_f(c.frame.x)}" y1="{_f(top)}" x2="{_f(c.frame.x)}" y2="{_f(top + height)}" '
                       f'stroke="{s.line}"/>')
        out.append(f'<line x1="{_f(width)}" y1="{_f(top)}" x2="{_f(width)}" y2="{_f(top + height)}" stroke="{s.line}"/>')
        out.append("</g>")
        return out

    def _event_box(self, event: Event, r: Rect, date: object, column: int, columns: int, zone: TimeZone,
                   clipped_start: bool, clipped_end: bool, ink: str) -> list[str]:
        fill, opacity = _rgba(event.color)
        start, end = zone.local_day(event.start)[1], zone.local_day(event.end)[1]
        when = f"{_clock(start)}–{_clock(end)}"
        out = [f'<g class="timed-event" data-event="{event.id}" data-day="{date}" data-column="{column}" '
               f'data-columns="{columns}" data-time="{when}">',
               f"<title>{escape(event.title)}</title>",
               f'<rect x="{_f(r.x)}" y="{_f(r.y)}" width="{_f(max(0.0, r.width))}" height="{_f(max(0.0, r.height))}" '
               f'rx="4" fill="{fill}" fill-opacity="{0.18 * opacity:.3g}"/>',
               f'<rect x="{_f(r.x)}" y="{_f(r.y)}" width="3" height="{_f(max(0.0, r.height))}" rx="1.5" fill="{fill}" '
               f'fill-opacity="{opacity:.3g}"/>']
        text = _darker(event.color)
        for line in box_lines(event.title, _clock(start), when, r):
            weight = ' font-weight="600"' if line.bold else ""
            faded = ' fill-opacity="0.8"' if line.kind == "time" else ""
            out.append(f'<text class="event-{line.kind}" x="{_f(line.x)}" y="{_f(line.y)}" font-size="{_f(line.size)}"'
                       f'{weight} fill="{text}"{faded}>{escape(line.text)}</text>')
        out.append("</g>")
        return out

    def _background(self, event: Event, day: object, r: Rect) -> str:
        """A background event's stretch: its colour, faint, across the column."""
        fill, opacity = _rgba(event.color)
        return (f'<rect class="background-event" data-event="{event.id}" data-day="{day}" x="{_f(r.x)}" y="{_f(r.y)}" '
                f'width="{_f(r.width)}" height="{_f(max(0.0, r.height))}" fill="{fill}" fill-opacity="{0.12 * opacity:.3g}"/>')

    def _stack_more(self, day: object, hidden: int, r: Rect) -> list[str]:
        """A "+N more" item of a group beyond max_stack: a grey box where the core puts it,
        "+N more" when it fits, else "+N", else nothing written."""
        base = self.renderer.style
        label = next((t for t in (f"+{hidden} more", f"+{hidden}") if text_fit.width(t, 10, True) <= r.width - 6), "")
        out = [f'<g class="stack-more" data-day="{day}" data-hidden="{hidden}">',
               f'<rect x="{_f(r.x)}" y="{_f(r.y)}" width="{_f(max(0.0, r.width))}" height="{_f(max(0.0, r.height))}" '
               f'rx="4" fill="#e5e7eb"/>']
        if label and r.height >= 14:
            out.append(f'<text x="{_f(r.x + r.width / 2)}" y="{_f(r.y + 12)}" text-anchor="middle" font-size="10" '
                       f'font-weight="600" fill="{base.muted}">{escape(label)}</text>')
        out.append("</g>")
        return out

    def _now_y(self, grid: CoreTimeGrid, now: Optional[NowLine]) -> Optional[float]:
        """Where the now-line goes (the core's line of that wall time), if today is on the
        page within the hours shown."""
        line = grid.line(date_from_day_number(now[0]), now[1]) if now is not None else None
        return line.frame.y if line is not None else None

    def _now_line(self, grid: CoreTimeGrid, now: Optional[NowLine], y: Optional[float]) -> list[str]:
        line = grid.line(date_from_day_number(now[0]), now[1]) if now is not None else None
        if now is None or line is None:
            return []
        s = self.style
        day, seconds = now
        y = line.frame.y
        column = grid.columns[line.column].frame
        left = grid.grid.x
        label = _clock(seconds)
        return [f'<g class="now-line" data-day="{Date.from_day_number(day)}" data-time="{label}">',
                f'<rect x="{_f(left - 45)}" y="{_f(y - 7)}" width="39" height="14" rx="7" fill="{s.now}"/>',
                f'<text x="{_f(left - 25.5)}" y="{_f(y + 3.5)}" text-anchor="middle" font-size="10" '
                f'font-weight="700" fill="#ffffff">{label}</text>',
                f'<line x1="{_f(left)}" y1="{_f(y)}" x2="{_f(column.x)}" y2="{_f(y)}" stroke="{s.now}" '
                f'stroke-width="1" stroke-opacity="0.5"/>',
                f'<line x1="{_f(column.x)}" y1="{_f(y)}" x2="{_f(column.x + column.width)}" y2="{_f(y)}" '
                f'stroke="{s.now}" stroke-width="2"/>',
                f'<circle cx="{_f(column.x)}" cy="{_f(y)}" r="4" fill="{s.now}"/>',
                "</g>"]

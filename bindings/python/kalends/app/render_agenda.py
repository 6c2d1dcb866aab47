"""``--mode agenda`` as an SVG picture: the rows of the library's agenda layout
(``kalends.Agenda``), each where the layout puts it. A day's heading is a band with the
library's full date in the locale (and yesterday/today/tomorrow in CLDR's words, on the
right); an event's row a dot in its colour, its hours on the day, its title cut to its
room by ``text_fit``, and "2/3" for the second of three days. Every row is a ``<g
class="agenda-heading" data-date=...>`` or ``<g class="agenda-event" data-event=ID
data-date=... data-day="2" data-days="3">``, so pictures are easy to inspect."""
from __future__ import annotations

from typing import Optional
from xml.sax.saxutils import escape, quoteattr

from . import text_fit
from .agenda import _hours, _span, agenda_rows
from .render_svg import SvgRenderer
from .svg_events import fmt as _f, rgba as _rgba
from ..agenda import Agenda, AgendaRowKind
from ..locale import Locale
from ..store import EventStore
from ..timezone import TimeZone

#: Row heights of the picture, and the most content it draws (the rest is cut, "…").
HEADING_HEIGHT, ROW_HEIGHT, MAX_HEIGHT = 34.0, 26.0, 4000.0
#: Width of an event row's hours column.
HOURS_WIDTH = 150.0


def agenda_svg(store: EventStore, zone: TimeZone, first: int, last: int, today: Optional[int], locale: Locale,
               width: float, title: str, renderer: Optional[SvgRenderer] = None) -> str:
    """The agenda of days first ... last, ``width`` points wide, under ``title``."""
    r = renderer or SvgRenderer()
    s = r.style
    page = agenda_rows(store, zone, first, last, today, MAX_HEIGHT, HEADING_HEIGHT, ROW_HEIGHT)
    top = s.padding + 36.0
    inner = width - 2 * s.padding
    body = [f'<text class="title" x="{_f(s.padding)}" y="{_f(s.padding + 18)}" font-size="20" font-weight="700" '
            f'fill="{s.ink}">{escape(title)}</text>']
    bottom = top
    for row in page.rows:
        y = top + row.y
        bottom = max(bottom, y + row.height)
        date = quoteattr(str(row.day))
        if row.kind == AgendaRowKind.HEADING:
            text, word = Agenda.heading(row.day, locale, relative=row.relative)
            size = 13.0
            room = inner - 16 - (text_fit.width(word, size, True) + 12 if word else 0)
            body.append(f'<g class="agenda-heading" data-date={date}>'
                        f'<rect x="{_f(s.padding)}" y="{_f(y + 4)}" width="{_f(inner)}" height="{_f(row.height - 6)}" '
                        f'rx="6" fill="{s.band}"/>'
                        f'<text x="{_f(s.padding + 8)}" y="{_f(y + row.height / 2 + 5.5)}" font-size="{_f(size)}" '
                        f'font-weight="600" fill="{s.ink}">{escape(text_fit.ellipsize(text, room, size, True))}</text>'
                        + (f'<text class="relative" x="{_f(s.padding + inner - 8)}" y="{_f(y + row.height / 2 + 5.5)}" '
                           f'text-anchor="end" font-size="{_f(size)}" font-weight="600" fill="{s.accent}">'
                           f'{escape(word)}</text>' if word else "")
                        + '</g>')
            continue
        o = row.occurrence
        assert o is not None
        e = o.event
        color, opacity = _rgba(e.color)
        size = 12.0
        hours = _hours(row, zone, locale)
        span = _span(row, locale)
        span_width = text_fit.width(span, size) + 10 if span else 0.0
        x_title = s.padding + 18 + HOURS_WIDTH
        room = s.padding + inner - 6 - span_width - x_title
        base = y + row.height / 2 + 4.5
        body.append(f'<g class="agenda-event" data-event="{e.id}" data-date={date} data-day="{row.day_index}" '
                    f'data-days="{row.day_count}"><title>{escape(e.title)}</title>'
                    f'<circle cx="{_f(s.padding + 9)}" cy="{_f(y + row.height / 2)}" r="4.5" fill="{color}" '
                    f'fill-opacity="{opacity:g}"/>'
                    f'<text x="{_f(s.padding + 20)}" y="{_f(base)}" font-size="{_f(size)}" fill="{s.muted}">'
                    f'{escape(text_fit.ellipsize(hours, HOURS_WIDTH - 8, size))}</text>'
                    f'<text x="{_f(x_title)}" y="{_f(base)}" font-size="{_f(size)}" fill="{s.ink}">'
                    f'{escape(text_fit.ellipsize(e.title, room, size))}</text>'
                    + (f'<text class="span" x="{_f(s.padding + inner - 6)}" y="{_f(base)}" text-anchor="end" '
                       f'font-size="{_f(size)}" fill="{s.muted}">{escape(span)}</text>' if span else "")
                    + '</g>')
    if not page.rows:
        body.append(f'<text x="{_f(s.padding)}" y="{_f(top + 20)}" font-size="13" fill="{s.muted}">no events</text>')
        bottom = top + 30
    elif not page.at_end:
        body.append(f'<text class="more" x="{_f(s.padding)}" y="{_f(bottom + 16)}" font-size="12" '
                    f'fill="{s.muted}">…</text>')
        bottom += 22
    return r.document(width, bottom + s.padding, body)


__all__ = ["agenda_svg", "HEADING_HEIGHT", "ROW_HEIGHT", "MAX_HEIGHT"]

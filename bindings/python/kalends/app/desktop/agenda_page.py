"""The desktop calendar's agenda page: the rows of kalends.Agenda's viewport (day
headings and event rows, where the layout puts them) drawn on the Canvas; scrolling adds
to the viewport's offset, and the layout says what lies there."""
from __future__ import annotations

import datetime as _dt
import tkinter as tk
from typing import Any, Optional, Tuple

from ...agenda import Agenda, AgendaRowKind, AgendaViewport
from ...locale import Locale
from ...store import EventStore
from ...timezone import TimeZone
from ...compat.tkcalendar.bidi import visual
from .pages import COLOURS, TAG, rgb

#: How far ahead of the anchor the agenda reaches, in days.
REACH = 366


class AgendaPage:
    """An agenda from a day on, scrolled by ``offset`` points within its anchor's block."""

    def __init__(self, store: EventStore, zone: Optional[TimeZone], locale: Locale, system: str, first: _dt.date,
                 today: Optional[_dt.date] = None) -> None:
        self.locale, self.system, self.zone = locale, system, zone
        self.agenda = Agenda(store, first, first + _dt.timedelta(days=REACH), zone, today=today, heading_height=30,
                             row_height=24)
        self.anchor: Any = first
        self.offset = 0.0
        self.viewport: Optional[AgendaViewport] = None

    def scroll(self, points: float) -> None:
        self.offset += points

    def draw(self, canvas: tk.Canvas, width: float, height: float, font: Any, small: Any, bold: Any) -> None:
        canvas.delete(TAG)
        page = self.agenda.viewport(height, self.anchor, self.offset)
        self.viewport = page
        self.anchor, self.offset = page.anchor_day, page.offset   # normalised, as the layout asks
        if not page.rows:
            canvas.create_text(width / 2, 40, text="no events", fill=COLOURS["muted"], font=font, tags=TAG)
        for row in page.rows:
            if row.kind == AgendaRowKind.HEADING:
                text, word = Agenda.heading(row.day, self.locale, self.system, row.relative)
                label = f"{word} · {text}" if word else text
                canvas.create_rectangle(0, row.y, width, row.y + row.height, fill=COLOURS["outside"], outline="",
                                        tags=(TAG, "heading"))
                canvas.create_text(12, row.y + row.height / 2, text=visual(label), anchor="w", fill=COLOURS["text"],
                                   font=bold, tags=(TAG, "heading"))
                continue
            occurrence = row.occurrence
            if occurrence is None:
                continue
            event = occurrence.event
            when = self._when(event)
            if row.day_count > 1:
                when += f" ({self.locale.number(row.day_index)}/{self.locale.number(row.day_count)})"
            y = row.y + row.height / 2
            canvas.create_oval(14, y - 4, 22, y + 4, fill=rgb(event.color), outline="", tags=(TAG, "event"))
            canvas.create_text(32, y, text=visual(when), anchor="w", fill=COLOURS["muted"], font=small, tags=(TAG, "event"))
            canvas.create_text(150, y, text=visual(event.title), anchor="w", fill=COLOURS["text"], font=font,
                               tags=(TAG, "event"))

    def _when(self, event: Any) -> str:
        if event.all_day:
            return "all day"
        zone = self.zone or TimeZone("UTC")
        _, seconds = zone.local_day(event.start)
        return self.locale.format_time(seconds // 3600, seconds // 60 % 60)

    def shown_days(self) -> Tuple[Any, ...]:
        """The days whose headings the last drawing showed."""
        if self.viewport is None:
            return ()
        return tuple(r.day for r in self.viewport.rows if r.kind == AgendaRowKind.HEADING)

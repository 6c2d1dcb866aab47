"""Draws the desktop calendar's page on a Tk Canvas from what Kalends laid out: a month
(month_page.py: the view's day frames and its event bars) or a week or day (the time grid: columns,
hour rows, timed boxes and the all-day strip). Titles come from the window's cache of
the store's events; nothing here decides where anything goes."""
from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from ...calendar import DayFlags
from ...store import EventStore
from ...time_grid import TimeGrid
from ...timezone import TimeZone
from ...view import DisplayMode, ElementKind, View
from ...compat.tkcalendar.bidi import visual
from .month_page import MonthPage

TAG = "page"

#: Colours of the page.
COLOURS = {
    "background": "#ffffff", "outside": "#f1f3f4", "weekend": "#f8f9fa", "line": "#dadce0", "text": "#202124",
    "muted": "#80868b", "selected": "#c6dafc", "today": "#1a73e8", "header": "#ffffff", "more": "#5f6368",
}

#: Sizes of the page, in pixels.
WEEKDAY_HEIGHT = 24.0
BAR_HEIGHT = 16.0
DAY_NUMBER_HEIGHT = 20.0


def rgb(colour: int) -> str:
    """A store colour (0xRRGGBBAA) as Tk's #rrggbb."""
    return "#%06x" % ((colour >> 8) & 0xFFFFFF)


@dataclass
class Drawn:
    """What the last drawing put where, for hit tests of events: (x0, y0, x1, y1, event,
    recurrence id, all-day) per event box or bar, and the time grid of a week or day page."""
    boxes: List[Tuple[float, float, float, float, int, Optional[int], bool]] = field(default_factory=list)
    grid: Optional[TimeGrid] = None


def draw_time_grid(canvas: tk.Canvas, view: View, store: EventStore, zone: Optional[TimeZone],
                   titles: Dict[int, Tuple[str, int]], font: Any, small: Any, hour_height: float) -> Drawn:
    """A week or day page: day columns with their labels, hour rows, timed boxes, the
    all-day strip's bars."""
    grid = TimeGrid(view, store, zone, first_hour=0, last_hour=24, hour_height=hour_height, strip_bar_height=BAR_HEIGHT,
                    strip_lanes=3)
    drawn = Drawn(grid=grid)
    rect, text, line = canvas.create_rectangle, canvas.create_text, canvas.create_line
    c = COLOURS
    for column in grid.columns:
        f = column.frame
        fill = c["selected"] if column.flags & DayFlags.SELECTED else \
            c["weekend"] if column.flags & DayFlags.WEEKEND else c["background"]
        rect(f.x, f.y, f.x + f.width, f.y + f.height, fill=fill, outline=c["line"], tags=(TAG, "column"))
        s = column.strip
        rect(s.x, s.y, s.x + s.width, s.y + s.height, fill=c["outside"], outline=c["line"], tags=TAG)
    days = view.days()
    for e in view.layout():     # the page's row of days: the columns' headings
        if e.kind != ElementKind.DAY:
            continue
        f, day = e.frame, days[e.index]
        fill = c["selected"] if day.flags & (DayFlags.SELECTED | DayFlags.RANGE_MIDDLE) else c["header"]
        rect(f.x, f.y, f.x + f.width, f.y + f.height, fill=fill, outline=c["line"], tags=(TAG, "day"))
        colour = c["today"] if day.flags & DayFlags.TODAY else c["text"]
        label = f"{view.weekday_label(int(day.weekday), 'abbreviated')} {view.day_label(day.date)}"
        text(f.x + f.width / 2, f.y + f.height / 2, text=visual(label), fill=colour, font=font, tags=(TAG, "columnlabel"))
    for hour in grid.hours:
        f = hour.frame
        line(grid.grid.x, f.y, grid.grid.x + grid.grid.width, f.y, fill=c["line"], tags=TAG)
        lab = hour.label
        text(lab.x + lab.width - 4, lab.y + 2, text=view.hour_label(hour.hour % 24), anchor="ne", fill=c["muted"],
             font=small, tags=TAG)
    for item in grid.items:
        f = item.frame
        title, tint = titles.get(item.event, ("", 0x4285F4FF))
        rect(f.x, f.y, f.x + f.width, f.y + f.height, fill=rgb(tint), outline="white", tags=(TAG, "item"))
        text(f.x + 3, f.y + 2, text=visual(title), anchor="nw", fill="white", font=small, width=max(1.0, f.width - 4),
             tags=(TAG, "item"))
        drawn.boxes.append((f.x, f.y, f.x + f.width, f.y + f.height, item.event, item.recurrence_id, False))
    for bar in grid.bars:
        f = bar.frame
        title, tint = titles.get(bar.event, ("", 0x4285F4FF))
        rect(f.x, f.y, f.x + f.width, f.y + f.height, fill=rgb(tint), outline="", tags=(TAG, "bar"))
        text(f.x + 4, f.y + f.height / 2, text=visual(title), anchor="w", fill="white", font=small, tags=(TAG, "bar"))
        drawn.boxes.append((f.x, f.y, f.x + f.width, f.y + f.height, bar.event, bar.recurrence_id, True))
    return drawn


def draw(canvas: tk.Canvas, view: View, store: EventStore, zone: Optional[TimeZone],
         titles: Dict[int, Tuple[str, int]], font: Any, small: Any, hour_height: float, month: MonthPage) -> Drawn:
    """The view's page on the canvas (everything drawn before it removed; the month page's
    items, kept in ``month``, reused or hidden)."""
    canvas.delete(TAG)
    if view.page.mode == DisplayMode.MONTH:
        return Drawn(boxes=month.draw(view, store, zone, titles, BAR_HEIGHT, DAY_NUMBER_HEIGHT))
    month.hide()
    return draw_time_grid(canvas, view, store, zone, titles, font, small, hour_height)

"""Draws the desktop calendar's page on a Tk Canvas from what Kalends laid out: a month
(month_page.py: the view's day frames and its event bars) or a week or day
(time_grid_page.py: columns, hour rows, timed boxes and the all-day strip), both in canvas
items kept between drawings. Titles come from the window's cache of the store's events;
nothing here decides where anything goes."""
from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

from ...store import EventStore
from ...time_grid import TimeGrid
from ...timezone import TimeZone
from ...view import DisplayMode, View
from .month_page import MonthPage
from .time_grid_page import TimeGridPage

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


class KeptPages:
    """The month page's and the week and day pages' canvas items, kept between drawings."""

    def __init__(self, canvas: tk.Canvas, font: Any, small: Any, number: Callable[[int], str] = str) -> None:
        """``number`` writes a "+N more" label's count (the locale's digits: Locale.number)."""
        self.month = MonthPage(canvas, COLOURS, font, small, number)
        self.time_grid = TimeGridPage(canvas, COLOURS, font, small, number)

    def hide(self) -> None:
        """Hides both (the agenda or a message is shown)."""
        self.month.hide()
        self.time_grid.hide()


def draw(canvas: tk.Canvas, view: View, store: EventStore, zone: Optional[TimeZone],
         titles: Dict[int, Tuple[str, int]], hour_height: float, kept: KeptPages) -> Drawn:
    """The view's page on the canvas (what other pages drew removed; the kept pages' items
    reused or hidden)."""
    canvas.delete(TAG)
    if view.page.mode == DisplayMode.MONTH:
        kept.time_grid.hide()
        return Drawn(boxes=kept.month.draw(view, store, zone, titles, BAR_HEIGHT, DAY_NUMBER_HEIGHT))
    kept.month.hide()
    grid, boxes = kept.time_grid.draw(view, store, zone, titles, hour_height, BAR_HEIGHT)
    return Drawn(boxes=boxes, grid=grid)

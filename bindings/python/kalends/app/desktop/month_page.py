"""The desktop calendar's month page on a Tk Canvas, drawn from what Kalends laid out (the
view's weekday and day frames, its event bars and "+N more" labels) into canvas items that
live as long as the canvas. A page change moves and relabels the items already there
(``coords`` and ``itemconfigure`` only for the values that changed since the last
drawing, sent to Tcl as one script; unused items hidden: canvas_items.py) instead of
deleting the page and creating it again: Tk's work follows what changed on screen, not
the number of items (a day cell whose frame, colour and label stay costs nothing).
Nothing here decides where anything goes."""
from __future__ import annotations

import tkinter as tk
from typing import Any, Callable, Dict, List, Optional, Tuple

from ...calendar import DayFlags
from ...store import EventStore
from ...timezone import TimeZone
from ...view import ElementKind, View
from ...compat.tkcalendar.bidi import visual
from ...compat.tkcalendar.canvas_items import ItemPool
from .pooled_page import PooledPage
from .title_fit import TitleFit

#: The tag of every item of the month page (not the pages' TAG: these are hidden, never deleted).
TAG = "month"

_HIDDEN = int(DayFlags.HIDDEN)
_SELECTED = int(DayFlags.SELECTED | DayFlags.RANGE_MIDDLE)
_IN_MONTH = int(DayFlags.IN_MONTH)
_WEEKEND = int(DayFlags.WEEKEND)
_TODAY = int(DayFlags.TODAY)
_WEEKDAY = ElementKind.WEEKDAY
_DAY = ElementKind.DAY

#: Space between two lanes of bars, in pixels.
LANE_SPACING = 2.0

#: At most this many day and weekday labels are kept (a label is the locale's digits of a day).
LABELS_KEPT = 4096


def month_lanes(cell_height: float, bar_height: float, top_inset: float) -> int:
    """As many bar lanes as a day cell holds at its drawn height (the last one for "+N
    more"; 1 to 64): a fixed count left cells with room for more bars showing "+N"."""
    return int(min(64.0, max(1.0, (cell_height - top_inset - LANE_SPACING) / (bar_height + LANE_SPACING))))


class MonthPage(PooledPage):
    """The month page's items on ``canvas``, kept between drawings."""

    def __init__(self, canvas: tk.Canvas, colours: Dict[str, str], font: Any, small: Any,
                 number: Callable[[int], str] = str) -> None:
        super().__init__(canvas, colours, number)
        s = self.script
        self.weekdays = ItemPool(canvas, s, "text", (TAG,), "monthbar", fill=colours["muted"], font=small)
        self.cells = ItemPool(canvas, s, "rectangle", (TAG, "day"), "monthbar", outline=colours["line"])
        self.numbers = ItemPool(canvas, s, "text", (TAG,), "monthbar", anchor="nw", font=font)
        self.bars = ItemPool(canvas, s, "rectangle", (TAG, "bar", "monthbar"), None, outline="")
        self.titles = ItemPool(canvas, s, "text", (TAG, "bar", "monthbar"), None, anchor="w", fill="white", font=small)
        self.more = ItemPool(canvas, s, "text", (TAG,), None, anchor="w", fill=colours["more"], font=small)
        self._pools = (self.weekdays, self.cells, self.numbers, self.bars, self.titles, self.more)
        self.fit = TitleFit(small)
        self._view: Optional[View] = None
        self._labels: Dict[Any, str] = {}

    def _label(self, view: View, key: Any) -> str:
        """A day's label (key a date) or a weekday's (key an int), in display order, kept."""
        if view is not self._view or len(self._labels) > LABELS_KEPT:
            self._view, self._labels = view, {}
        label = self._labels.get(key)
        if label is None:
            label = visual(view.weekday_label(key, "abbreviated") if isinstance(key, int) else view.day_label(key))
            self._labels[key] = label
        return label

    def draw(self, view: View, store: EventStore, zone: Optional[TimeZone], titles: Dict[int, Tuple[str, int]],
             bar_height: float, top_inset: float) -> List[Tuple[float, float, float, float, int, Optional[int], bool]]:
        """The view's month page: weekday row, day cells with their numbers, event bars,
        "+N more". Returns the bars' boxes (x0, y0, x1, y1, event, None, True) for hit tests."""
        c = self.colours
        days = view.days()
        weekdays, cells, numbers = self.weekdays, self.cells, self.numbers
        cell_height = 0.0
        for e in view.layout():
            kind = e.kind
            if kind is _WEEKDAY:
                f = e.frame
                weekdays.put((f.x + f.width / 2, f.y + f.height / 2), (("-text", self._label(view, e.day_number)),))
            elif kind is _DAY:
                day = days[e.index]
                flags = int(day.flags)
                if flags & _HIDDEN:
                    cells.skip()
                    numbers.skip()
                    continue
                f = e.frame
                cell_height = f.height
                fill = c["selected"] if flags & _SELECTED else \
                    c["background"] if flags & _IN_MONTH and not flags & _WEEKEND else \
                    c["weekend"] if flags & _IN_MONTH else c["outside"]
                colour = c["today"] if flags & _TODAY else c["text"] if flags & _IN_MONTH else c["muted"]
                cells.put((f.x, f.y, f.x + f.width, f.y + f.height), (("-fill", fill),))
                numbers.put((f.x + 6, f.y + 3), (("-text", self._label(view, day.date)), ("-fill", colour)))
        lanes = month_lanes(cell_height, bar_height, top_inset)
        bars, more = view.event_bars(store, zone, bar_height=bar_height, top_inset=top_inset, lane_spacing=LANE_SPACING,
                                     side_inset=2.0, max_lanes=lanes)
        boxes: List[Tuple[float, float, float, float, int, Optional[int], bool]] = []
        rects, texts, fit = self.bars, self.titles, self.fit
        for bar in bars:
            f = bar.frame
            x1, y1 = f.x + f.width, f.y + f.height
            title, tint = titles.get(bar.event, ("", 0x4285F4FF))
            rects.put((f.x, f.y, x1, y1), (("-fill", "#%06x" % ((tint >> 8) & 0xFFFFFF)),))
            texts.put((f.x + 4, f.y + f.height / 2), (("-text", visual(fit(title, f.width - 8))),))
            boxes.append((f.x, f.y, x1, y1, bar.event, None, True))
        for m in more:
            f = m.frame
            self.more.put((f.x + 4, f.y + f.height / 2), (("-text", self._more_text(m.hidden)),))
        for pool in self._pools:
            pool.finish()
        self.script.send()
        return boxes

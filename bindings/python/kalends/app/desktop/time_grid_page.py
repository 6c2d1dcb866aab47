"""The desktop calendar's week and day pages on a Tk Canvas (the time grid: day columns,
hour rows, timed boxes and the all-day strip's bars), drawn from kalends.TimeGrid into
canvas items that live as long as the canvas: a page change moves and relabels them (only
the values that changed, one Tcl script: canvas_items.py), unused items hidden, as the
month page does. Titles are cut to their box (title_fit.py). Nothing here decides where
anything goes."""
from __future__ import annotations

import tkinter as tk
from typing import Any, Callable, Dict, List, Optional, Tuple

from ...calendar import DayFlags
from ...store import EventStore
from ...time_grid import TimeGrid
from ...timezone import TimeZone
from ...view import ElementKind, View
from ...compat.tkcalendar.bidi import visual
from ...compat.tkcalendar.canvas_items import ItemPool
from .pooled_page import PooledPage
from .title_fit import TitleFit

#: The tag of every item of the week and day pages (hidden, never deleted).
TAG = "timegrid"
#: The tag of the items drawn over the columns (a column created later goes under them).
_OVER = "timegridover"

_SELECTED = int(DayFlags.SELECTED | DayFlags.RANGE_MIDDLE)

Box = Tuple[float, float, float, float, int, Optional[int], bool]


def _rgb(colour: int) -> str:
    return "#%06x" % ((colour >> 8) & 0xFFFFFF)


class TimeGridPage(PooledPage):
    """The week and day pages' items on ``canvas``, kept between drawings."""

    def __init__(self, canvas: tk.Canvas, colours: Dict[str, str], font: Any, small: Any,
                 number: Callable[[int], str] = str) -> None:
        super().__init__(canvas, colours, number)
        s = self.script

        def under(*tags: str, **fixed: Any) -> ItemPool:
            return ItemPool(canvas, s, "rectangle", (TAG, *tags), _OVER, **fixed)

        def over(kind: str, *tags: str, **fixed: Any) -> ItemPool:
            return ItemPool(canvas, s, kind, (TAG, _OVER, *tags), None, **fixed)

        self.columns = under("column", outline=colours["line"])
        self.strips = under(fill=colours["outside"], outline=colours["line"])
        self.headings = under("columnday", outline=colours["line"])
        self.heading_texts = over("text", "columnlabel", font=font)
        self.lines = over("line", fill=colours["line"])
        self.hour_texts = over("text", fill=colours["muted"], font=small)
        self.item_boxes = over("rectangle", "item", outline="white")
        self.item_texts = over("text", "item", anchor="nw", fill="white", font=small)
        self.bars = over("rectangle", "stripbar", outline="")
        self.bar_texts = over("text", "stripbar", anchor="w", fill="white", font=small)
        self.more = over("text", anchor="w", fill=colours["more"], font=small)
        self._pools = (self.columns, self.strips, self.headings, self.heading_texts, self.lines, self.hour_texts,
                       self.item_boxes, self.item_texts, self.bars, self.bar_texts, self.more)
        self.fit = TitleFit(small)
        self._line = int(small.metrics("linespace"))
        self._labels: Dict[Any, str] = {}
        self._view: Optional[View] = None

    def _label(self, view: View, key: Any, day: Any = None) -> str:
        """A column's heading (key its date, ``day`` the view's day) or an hour's label
        (key an int), kept per view."""
        if view is not self._view or len(self._labels) > 4096:
            self._view, self._labels = view, {}
        label = self._labels.get(key)
        if label is None:
            if day is None:
                label = view.hour_label(key % 24)
            else:
                label = visual(f"{view.weekday_label(int(day.weekday), 'abbreviated')} {view.day_label(day.date)}")
            self._labels[key] = label
        return label

    def draw(self, view: View, store: EventStore, zone: Optional[TimeZone], titles: Dict[int, Tuple[str, int]],
             hour_height: float, strip_bar_height: float) -> Tuple[TimeGrid, List[Box]]:
        """The view's week or day page; returns the time grid and the boxes of its events
        (x0, y0, x1, y1, event, recurrence id, all-day) for hit tests."""
        c = self.colours
        grid = TimeGrid(view, store, zone, first_hour=0, last_hour=24, hour_height=hour_height,
                        strip_bar_height=strip_bar_height, strip_lanes=3)
        for column in grid.columns:
            f, s = column.frame, column.strip
            flags = int(column.flags)
            fill = c["selected"] if flags & DayFlags.SELECTED else c["weekend"] if flags & DayFlags.WEEKEND \
                else c["background"]
            self.columns.put((f.x, f.y, f.x + f.width, f.y + f.height), (("-fill", fill),))
            self.strips.put((s.x, s.y, s.x + s.width, s.y + s.height), ())
        days = view.days()
        for e in view.layout():     # the page's row of days: the columns' headings
            if e.kind != ElementKind.DAY:
                continue
            f, day = e.frame, days[e.index]
            flags = int(day.flags)
            self.headings.put((f.x, f.y, f.x + f.width, f.y + f.height),
                              (("-fill", c["selected"] if flags & _SELECTED else c["header"]),))
            self.heading_texts.put((f.x + f.width / 2, f.y + f.height / 2),
                                   (("-text", self._label(view, day.date, day)),
                                    ("-fill", c["today"] if flags & DayFlags.TODAY else c["text"])))
        g = grid.grid
        right = bool(grid.hours) and grid.hours[0].label.x >= g.x + g.width
        for hour in grid.hours:
            f, lab = hour.frame, hour.label
            self.lines.put((g.x, f.y, g.x + g.width, f.y), ())
            if right:   # right of the columns (right to left): left-aligned next to them
                self.hour_texts.put((lab.x + 4, lab.y + 2), (("-text", self._label(view, hour.hour)), ("-anchor", "nw")))
            else:
                self.hour_texts.put((lab.x + lab.width - 4, lab.y + 2),
                                    (("-text", self._label(view, hour.hour)), ("-anchor", "ne")))
        boxes: List[Box] = []
        fit, line = self.fit, self._line
        for item in grid.items:
            f = item.frame
            title, tint = titles.get(item.event, ("", 0x4285F4FF))
            self.item_boxes.put((f.x, f.y, f.x + f.width, f.y + f.height), (("-fill", _rgb(tint)),))
            room = f.width - 6
            if f.height - 2 < 2 * line:     # one line: cut to the box's width
                self.item_texts.put((f.x + 3, f.y + 2), (("-text", visual(fit(title, room))), ("-width", 0)))
            else:                           # wrapped at the box's width
                self.item_texts.put((f.x + 3, f.y + 2), (("-text", visual(title)), ("-width", max(1.0, room))))
            boxes.append((f.x, f.y, f.x + f.width, f.y + f.height, item.event, item.recurrence_id, False))
        for bar in grid.bars:
            f = bar.frame
            title, tint = titles.get(bar.event, ("", 0x4285F4FF))
            self.bars.put((f.x, f.y, f.x + f.width, f.y + f.height), (("-fill", _rgb(tint)),))
            self.bar_texts.put((f.x + 4, f.y + f.height / 2), (("-text", visual(fit(title, f.width - 8))),))
            boxes.append((f.x, f.y, f.x + f.width, f.y + f.height, bar.event, bar.recurrence_id, True))
        for m in grid.more:     # the strip's "+N more", in the locale's digits
            f = m.frame
            self.more.put((f.x + 4, f.y + f.height / 2), (("-text", self._more_text(m.hidden)),))
        for pool in self._pools:
            pool.finish()
        self.script.send()
        return grid, boxes

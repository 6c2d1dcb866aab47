"""The desktop calendar's month page on a Tk Canvas, drawn from what Kalends laid out (the
view's weekday and day frames, its event bars and "+N more" labels) into canvas items that
live as long as the canvas. A page change moves and relabels the items already there
(``coords`` and ``itemconfigure`` only for the values that changed since the last
drawing, unused items hidden) instead of deleting the page and creating it again: Tk's
work follows what changed on screen, not the number of items (a day cell whose frame,
colour and label stay costs nothing). Nothing here decides where anything goes."""
from __future__ import annotations

import tkinter as tk
from typing import Any, Dict, List, Optional, Tuple

from ...calendar import DayFlags
from ...store import EventStore
from ...timezone import TimeZone
from ...view import ElementKind, View
from ...compat.tkcalendar.bidi import visual

#: The tag of every item of the month page (not the pages' TAG: these are hidden, never deleted).
TAG = "month"

_HIDDEN = int(DayFlags.HIDDEN)
_SELECTED = int(DayFlags.SELECTED | DayFlags.RANGE_MIDDLE)
_IN_MONTH = int(DayFlags.IN_MONTH)
_WEEKEND = int(DayFlags.WEEKEND)
_TODAY = int(DayFlags.TODAY)
_WEEKDAY = ElementKind.WEEKDAY
_DAY = ElementKind.DAY

#: At most this many day and weekday labels are kept (a label is the locale's digits of a day).
LABELS_KEPT = 4096


class _Slot:
    """One canvas item and the values it was last given."""
    __slots__ = ("id", "coords", "options", "last", "shown")

    def __init__(self, item: int) -> None:
        self.id = item
        self.coords: Tuple[float, ...] = ()
        self.options: Dict[str, Any] = {}
        self.last: Tuple[Tuple[str, Any], ...] = ()
        self.shown = True


class _Pool:
    """Items of one type and fixed options, taken in order; those not taken in a drawing
    are hidden at its end."""

    def __init__(self, canvas: tk.Canvas, kind: str, tags: Tuple[str, ...], below: Optional[str],
                 **fixed: Any) -> None:
        self.canvas, self.kind, self.below = canvas, kind, below
        self.call, self.widget = canvas.tk.call, str(canvas)
        self.create = tuple(x for k, v in fixed.items() for x in ("-" + k, v)) + ("-tags", (TAG,) + tags)
        self.slots: List[_Slot] = []
        self.used = 0

    def put(self, coords: Tuple[float, ...], options: Tuple[Tuple[str, Any], ...]) -> _Slot:
        """The next item, at ``coords`` with ``options`` (only changed values sent to Tk)."""
        call, widget = self.call, self.widget
        if self.used == len(self.slots):
            item = int(call(widget, "create", self.kind, *coords, *self.create,
                            *(x for k, v in options for x in (k, v))))
            if self.below is not None and call(widget, "find", "withtag", self.below):
                call(widget, "lower", item, self.below)   # new cells stay under the bars drawn before
            slot = _Slot(item)
            slot.coords, slot.options, slot.last = coords, dict(options), options
            self.slots.append(slot)
            self.used += 1
            return slot
        slot = self.slots[self.used]
        self.used += 1
        if slot.shown and slot.coords == coords and slot.last == options:
            return slot     # the same values as last time: nothing for Tk to do
        slot.last = options
        if slot.coords != coords:
            call(widget, "coords", slot.id, *coords)
            slot.coords = coords
        changed: List[Any] = []
        last = slot.options
        for k, v in options:
            if last.get(k) != v:
                changed += (k, v)
                last[k] = v
        if not slot.shown:
            changed += ("-state", "normal")
            slot.shown = True
        if changed:
            call(widget, "itemconfigure", slot.id, *changed)
        return slot

    def skip(self) -> None:
        """The next item is not drawn this time (hidden at the end)."""
        if self.used < len(self.slots):
            slot = self.slots[self.used]
            if slot.shown:
                self.call(self.widget, "itemconfigure", slot.id, "-state", "hidden")
                slot.shown = False
            self.used += 1

    def finish(self) -> None:
        """Hides the items this drawing did not take; the next drawing starts at the first."""
        for slot in self.slots[self.used:]:
            if slot.shown:
                self.call(self.widget, "itemconfigure", slot.id, "-state", "hidden")
                slot.shown = False
        self.used = 0


class MonthPage:
    """The month page's items on ``canvas``, kept between drawings."""

    def __init__(self, canvas: tk.Canvas, colours: Dict[str, str], font: Any, small: Any) -> None:
        self.colours = colours
        self.weekdays = _Pool(canvas, "text", (), "monthbar", fill=colours["muted"], font=small)
        self.cells = _Pool(canvas, "rectangle", ("day",), "monthbar", outline=colours["line"])
        self.numbers = _Pool(canvas, "text", (), "monthbar", anchor="nw", font=font)
        self.bars = _Pool(canvas, "rectangle", ("bar", "monthbar"), None, outline="")
        self.titles = _Pool(canvas, "text", ("bar", "monthbar"), None, anchor="w", fill="white", font=small)
        self.more = _Pool(canvas, "text", (), None, anchor="w", fill=colours["more"], font=small)
        self._pools = (self.weekdays, self.cells, self.numbers, self.bars, self.titles, self.more)
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

    def hide(self) -> None:
        """Hides the whole page (another page is shown)."""
        for pool in self._pools:
            pool.finish()

    def draw(self, view: View, store: EventStore, zone: Optional[TimeZone], titles: Dict[int, Tuple[str, int]],
             bar_height: float, top_inset: float) -> List[Tuple[float, float, float, float, int, Optional[int], bool]]:
        """The view's month page: weekday row, day cells with their numbers, event bars,
        "+N more". Returns the bars' boxes (x0, y0, x1, y1, event, None, True) for hit tests."""
        c = self.colours
        days = view.days()
        weekdays, cells, numbers = self.weekdays, self.cells, self.numbers
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
                fill = c["selected"] if flags & _SELECTED else \
                    c["background"] if flags & _IN_MONTH and not flags & _WEEKEND else \
                    c["weekend"] if flags & _IN_MONTH else c["outside"]
                colour = c["today"] if flags & _TODAY else c["text"] if flags & _IN_MONTH else c["muted"]
                cells.put((f.x, f.y, f.x + f.width, f.y + f.height), (("-fill", fill),))
                numbers.put((f.x + 6, f.y + 3), (("-text", self._label(view, day.date)), ("-fill", colour)))
        bars, more = view.event_bars(store, zone, bar_height=bar_height, top_inset=top_inset, lane_spacing=2.0,
                                     side_inset=2.0)
        boxes: List[Tuple[float, float, float, float, int, Optional[int], bool]] = []
        rects, texts = self.bars, self.titles
        for bar in bars:
            f = bar.frame
            x1, y1 = f.x + f.width, f.y + f.height
            title, tint = titles.get(bar.event, ("", 0x4285F4FF))
            rects.put((f.x, f.y, x1, y1), (("-fill", "#%06x" % ((tint >> 8) & 0xFFFFFF)),))
            texts.put((f.x + 4, f.y + f.height / 2), (("-text", visual(title)),))
            boxes.append((f.x, f.y, x1, y1, bar.event, None, True))
        for m in more:
            f = m.frame
            self.more.put((f.x + 4, f.y + f.height / 2), (("-text", f"+{m.hidden}"),))
        for pool in self._pools:
            pool.finish()
        return boxes

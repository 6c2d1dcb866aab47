"""Draws a kalends.View's layout on a Tk Canvas: every rectangle where the view's
elements say, every text the view wrote (title, weekday and day labels). The colours
come from the Calendar's options; nothing here decides a date.

The canvas items live as long as the widget (canvas_items.py): a month change moves and
relabels them (only the values that changed, in one Tcl script) and hides the unused."""
from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

from ...calendar import DayFlags
from ...view import Element, ElementKind
from .bidi import visual
from .canvas_items import ItemPool, Script

#: Canvas tag of everything drawn from a layout.
TAG = "kalends"


@dataclass(frozen=True)
class DayLook:
    """How one day is painted."""
    background: str
    foreground: str
    outline: str = ""
    dots: Tuple[str, ...] = ()
    secondary: str = ""


_SELECTED = int(DayFlags.SELECTED | DayFlags.RANGE_MIDDLE)
_DISABLED = int(DayFlags.DISABLED)
_WEEKEND = int(DayFlags.WEEKEND)
_IN_MONTH = int(DayFlags.IN_MONTH)


def day_look(flags: DayFlags, colour: Callable[[str], str], state: str,
             tag_colours: Optional[Tuple[str, str]]) -> DayLook:
    """The colours of a day with ``flags`` (the view's) by tkcalendar's options: selected,
    disabled, a calevent tag's, weekend or not, in the month or not."""
    bits = int(flags)
    disabled_widget = state == "disabled"
    if bits & _SELECTED:
        if disabled_widget:
            return DayLook(colour("disabledselectbackground"), colour("disabledselectforeground"))
        return DayLook(colour("selectbackground"), colour("selectforeground"))
    if disabled_widget or bits & _DISABLED:
        return DayLook(colour("disableddaybackground"), colour("disableddayforeground"))
    if tag_colours is not None:
        return DayLook(tag_colours[1], tag_colours[0])
    weekend = bits & _WEEKEND
    if bits & _IN_MONTH:
        if weekend:
            return DayLook(colour("weekendbackground"), colour("weekendforeground"))
        return DayLook(colour("normalbackground"), colour("normalforeground"))
    if weekend:
        return DayLook(colour("othermonthwebackground"), colour("othermonthweforeground"))
    return DayLook(colour("othermonthbackground"), colour("othermonthforeground"))


#: Canvas tag of the items drawn over rectangles (a rectangle created later goes under them).
_OVER = "kalends-over"


def arrow(frame: Any, pointing: str) -> Tuple[float, ...]:
    """The points of a triangle in ``frame`` pointing "left" or "right"."""
    cx, cy = frame.x + frame.width / 2, frame.y + frame.height / 2
    half = max(2.0, min(frame.width, frame.height) / 4)
    if pointing == "left":
        return (cx + half / 2, cy - half, cx - half / 2, cy, cx + half / 2, cy + half)
    return (cx - half / 2, cy - half, cx + half / 2, cy, cx - half / 2, cy + half)


class Drawing:
    """The calendar's canvas items, kept between drawings (one pool per kind of item)."""

    def __init__(self, canvas: tk.Canvas) -> None:
        s = self.script = Script(canvas)

        def rects(name: str, **fixed: Any) -> ItemPool:
            return ItemPool(canvas, s, "rectangle", (TAG, name), _OVER, **fixed)

        def over(kind: str, *tags: str, **fixed: Any) -> ItemPool:
            return ItemPool(canvas, s, kind, (TAG, *tags, _OVER), None, **fixed)

        self.week_column = rects("weekcolumn", outline="")
        self.header = rects("header", outline="")
        self.weekday_boxes = rects("weekday", outline="")
        self.cells = rects("day")
        self.labels = over("text", "day")
        self.seconds = over("text", "day")
        self.dots = over("oval", "day", "dot", outline="")
        self.title = over("text", "title")
        self.previous = over("polygon", "previous", outline="")
        self.next = over("polygon", "next", outline="")
        self.weekdays = over("text", "weekday")
        self.week_numbers = over("text", "weeknumber")
        self.message_text = over("text", "message", fill="black")
        self.pools = (self.week_column, self.header, self.weekday_boxes, self.cells, self.labels, self.seconds,
                      self.dots, self.title, self.previous, self.next, self.weekdays, self.week_numbers,
                      self.message_text)

    def finish(self) -> None:
        """Hides what this drawing did not take and sends the drawing to Tk."""
        for pool in self.pools:
            pool.finish()
        self.script.send()

    def message(self, text: str, width: float, height: float) -> None:
        """Only ``text``, in the middle of a ``width`` x ``height`` canvas."""
        self.message_text.put((max(1.0, width) / 2, max(1.0, height) / 2),
                              (("-text", text), ("-width", max(10.0, width - 4))))
        self.finish()


def draw(drawing: Drawing, elements: List[Element], texts: Dict[int, str], looks: Dict[int, DayLook],
         colour: Callable[[str], str], font: Any, header_font: Any, title: str,
         weekday_texts: Dict[int, str], week_numbers: List[Tuple[float, float, float, str]],
         right_to_left: bool, small_font: Any = None,
         week_column: Optional[Tuple[float, float]] = None) -> None:
    """Shows ``elements`` on the drawing's canvas: ``texts`` are the day labels by
    element index, ``looks`` their colours, ``weekday_texts`` the weekday labels by
    column, ``week_numbers`` (x, y, height, text) rows of the week number column, which
    spans ``week_column`` (x, width) below the header."""
    d = drawing
    font, header_font, small = str(font), str(header_font), str(small_font or font)
    if week_column is not None and elements:
        header = [e.frame for e in elements if e.kind == ElementKind.HEADER]
        top = header[0].y + header[0].height if header else 0.0
        bottom = max(e.frame.y + e.frame.height for e in elements)
        d.week_column.put((week_column[0], top, week_column[0] + week_column[1], bottom),
                          (("-fill", colour("headersbackground")),))
    cells, labels, seconds, dots = d.cells, d.labels, d.seconds, d.dots
    for e in elements:
        f = e.frame
        kind = e.kind
        if kind == ElementKind.DAY:
            look = looks.get(e.index)
            if look is None:
                continue
            cells.put((f.x, f.y, f.x + f.width, f.y + f.height),
                      (("-fill", look.background), ("-outline", look.outline), ("-width", 2 if look.outline else 0)))
            text = visual(texts.get(e.index, ""))
            if look.secondary:
                labels.put((f.x + f.width / 2, f.y + f.height * 0.4),
                           (("-text", text), ("-fill", look.foreground), ("-font", font)))
                seconds.put((f.x + f.width / 2, f.y + f.height * 0.8),
                            (("-text", visual(look.secondary)), ("-fill", look.foreground), ("-font", small)))
            else:
                labels.put((f.x + f.width / 2, f.y + f.height / 2),
                           (("-text", text), ("-fill", look.foreground), ("-font", font)))
            shown = min(3, len(look.dots))
            for i, dot in enumerate(look.dots[:3]):
                x = f.x + f.width / 2 + (i - (shown - 1) / 2) * 5
                y = f.y + f.height - 4
                dots.put((x - 1.5, y - 1.5, x + 1.5, y + 1.5), (("-fill", dot),))
            for _ in range(shown, 3):   # three items a day: a day's dots stay where they were
                dots.skip()
        elif kind == ElementKind.HEADER:
            d.header.put((f.x, f.y, f.x + f.width, f.y + f.height), (("-fill", colour("background")),))
        elif kind == ElementKind.TITLE:
            d.title.put((f.x + f.width / 2, f.y + f.height / 2),
                        (("-text", visual(title)), ("-fill", colour("foreground")), ("-font", header_font)))
        elif kind in (ElementKind.PREVIOUS, ElementKind.NEXT):
            disabled = bool(e.flags & DayFlags.DISABLED)
            fill = colour("disabledforeground") if disabled else colour("foreground")
            backward = kind == ElementKind.PREVIOUS
            pointing = "left" if backward != right_to_left else "right"
            (d.previous if backward else d.next).put(arrow(f, pointing), (("-fill", fill),))
        elif kind == ElementKind.WEEKDAY:
            d.weekday_boxes.put((f.x, f.y, f.x + f.width, f.y + f.height), (("-fill", colour("headersbackground")),))
            d.weekdays.put((f.x + f.width / 2, f.y + f.height / 2),
                           (("-text", visual(weekday_texts.get(e.index, ""))),
                            ("-fill", colour("headersforeground")), ("-font", font)))
    for x, y, height, text in week_numbers:
        d.week_numbers.put((x, y + height / 2),
                           (("-text", text), ("-fill", colour("headersforeground")), ("-font", font)))
    d.finish()

"""Draws a kalends.View's layout on a Tk Canvas: every rectangle where the view's
elements say, every text the view wrote (title, weekday and day labels). The colours
come from the Calendar's options; nothing here decides a date."""
from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ...calendar import DayFlags
from ...view import Element, ElementKind
from .bidi import visual

#: Canvas tag of everything drawn from a layout (deleted before the next).
TAG = "kalends"


@dataclass(frozen=True)
class DayLook:
    """How one day is painted."""
    background: str
    foreground: str
    outline: str = ""
    dots: Tuple[str, ...] = ()
    secondary: str = ""


def day_look(flags: DayFlags, colour: Callable[[str], str], state: str,
             tag_colours: Optional[Tuple[str, str]]) -> DayLook:
    """The colours of a day with ``flags`` (the view's) by tkcalendar's options: selected,
    disabled, a calevent tag's, weekend or not, in the month or not."""
    disabled_widget = state == "disabled"
    if flags & DayFlags.SELECTED or flags & DayFlags.RANGE_MIDDLE:
        if disabled_widget:
            return DayLook(colour("disabledselectbackground"), colour("disabledselectforeground"))
        return DayLook(colour("selectbackground"), colour("selectforeground"))
    if disabled_widget or flags & DayFlags.DISABLED:
        return DayLook(colour("disableddaybackground"), colour("disableddayforeground"))
    if tag_colours is not None:
        return DayLook(tag_colours[1], tag_colours[0])
    weekend = bool(flags & DayFlags.WEEKEND)
    if flags & DayFlags.IN_MONTH:
        if weekend:
            return DayLook(colour("weekendbackground"), colour("weekendforeground"))
        return DayLook(colour("normalbackground"), colour("normalforeground"))
    if weekend:
        return DayLook(colour("othermonthwebackground"), colour("othermonthweforeground"))
    return DayLook(colour("othermonthbackground"), colour("othermonthforeground"))


def arrow(canvas: tk.Canvas, frame: Any, pointing: str, fill: str, tags: Sequence[str]) -> None:
    """A triangle in ``frame`` pointing "left" or "right"."""
    cx, cy = frame.x + frame.width / 2, frame.y + frame.height / 2
    half = max(2.0, min(frame.width, frame.height) / 4)
    if pointing == "left":
        points = [cx + half / 2, cy - half, cx - half / 2, cy, cx + half / 2, cy + half]
    else:
        points = [cx - half / 2, cy - half, cx + half / 2, cy, cx - half / 2, cy + half]
    canvas.create_polygon(points, fill=fill, outline="", tags=tuple(tags))


def draw(canvas: tk.Canvas, elements: List[Element], texts: Dict[int, str], looks: Dict[int, DayLook],
         colour: Callable[[str], str], font: Any, header_font: Any, title: str,
         weekday_texts: Dict[int, str], week_numbers: List[Tuple[float, float, float, str]],
         right_to_left: bool, small_font: Any = None,
         week_column: Optional[Tuple[float, float]] = None) -> None:
    """Replaces the canvas's drawing by ``elements``: ``texts`` are the day labels by
    element index, ``looks`` their colours, ``weekday_texts`` the weekday labels by
    column, ``week_numbers`` (x, y, height, text) rows of the week number column, which
    spans ``week_column`` (x, width) below the header."""
    canvas.delete(TAG)
    if week_column is not None and elements:
        header = [e.frame for e in elements if e.kind == ElementKind.HEADER]
        top = header[0].y + header[0].height if header else 0.0
        bottom = max(e.frame.y + e.frame.height for e in elements)
        canvas.create_rectangle(week_column[0], top, week_column[0] + week_column[1], bottom,
                                fill=colour("headersbackground"), outline="", tags=(TAG, "weekcolumn"))
    create_rect, create_text = canvas.create_rectangle, canvas.create_text
    for e in elements:
        f = e.frame
        kind = e.kind
        if kind == ElementKind.DAY:
            look = looks.get(e.index)
            if look is None:
                continue
            tags = (TAG, "day", f"day{e.index}")
            create_rect(f.x, f.y, f.x + f.width, f.y + f.height, fill=look.background,
                        outline=look.outline, width=2 if look.outline else 0, tags=tags)
            text = visual(texts.get(e.index, ""))
            if look.secondary:
                create_text(f.x + f.width / 2, f.y + f.height * 0.4, text=text, fill=look.foreground, font=font,
                            tags=tags)
                create_text(f.x + f.width / 2, f.y + f.height * 0.8, text=visual(look.secondary), fill=look.foreground,
                            font=small_font or font, tags=tags)
            else:
                create_text(f.x + f.width / 2, f.y + f.height / 2, text=text, fill=look.foreground, font=font,
                            tags=tags)
            for i, dot in enumerate(look.dots[:3]):
                x = f.x + f.width / 2 + (i - (min(3, len(look.dots)) - 1) / 2) * 5
                y = f.y + f.height - 4
                canvas.create_oval(x - 1.5, y - 1.5, x + 1.5, y + 1.5, fill=dot, outline="", tags=tags)
        elif kind == ElementKind.HEADER:
            create_rect(f.x, f.y, f.x + f.width, f.y + f.height, fill=colour("background"), outline="",
                        tags=(TAG, "header"))
        elif kind == ElementKind.TITLE:
            create_text(f.x + f.width / 2, f.y + f.height / 2, text=visual(title), fill=colour("foreground"),
                        font=header_font, tags=(TAG, "title"))
        elif kind in (ElementKind.PREVIOUS, ElementKind.NEXT):
            disabled = bool(e.flags & DayFlags.DISABLED)
            fill = colour("disabledforeground") if disabled else colour("foreground")
            backward = kind == ElementKind.PREVIOUS
            pointing = "left" if backward != right_to_left else "right"
            arrow(canvas, f, pointing, fill, (TAG, "previous" if backward else "next"))
        elif kind == ElementKind.WEEKDAY:
            create_rect(f.x, f.y, f.x + f.width, f.y + f.height, fill=colour("headersbackground"), outline="",
                        tags=(TAG, "weekday"))
            create_text(f.x + f.width / 2, f.y + f.height / 2, text=visual(weekday_texts.get(e.index, "")),
                        fill=colour("headersforeground"), font=font, tags=(TAG, "weekday"))
    for x, y, height, text in week_numbers:
        create_text(x, y + height / 2, text=text, fill=colour("headersforeground"), font=font,
                    tags=(TAG, "weeknumber"))

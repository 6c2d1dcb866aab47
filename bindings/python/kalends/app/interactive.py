"""``python -m kalends --interactive``: a calendar in the terminal, driven by a
kalends.View. Arrows move (the selection follows in single mode), enter selects, n/p
page, m/w/d switch modes, t goes to today, q quits and prints the selection.

The screen is redrawn from ``View.days()`` after every key; the focus is shown in
[brackets], selected days with a *star (and in reverse video with colour), days with
events with a • and the focused day's events listed under the page. It takes the
command's options as the other outputs do: the locale's names, digits and direction
(--locale), a calendar system's months and day numbers (--calendar), the secondary
system's dates under each week (--secondary), week numbers, rows, events.
"""
from __future__ import annotations

import argparse
import datetime
import os
import sys
import termios
import tty
from dataclasses import dataclass, field
from typing import Callable, Optional, Union

from ..calendar import Calendar, Day, Rows
from ..dates import Date
from ..timezone import TimeZone
from .agenda import agenda
from .names import Names
from .render_svg import page_title
from .svg_events import EventLayer
from ..view import DisplayMode, Key, SelectionMode, View

AnyDate = Union[datetime.date, Date]

#: Byte sequences terminals send, and what they mean to the view.
KEYS: dict[bytes, Key] = {
    b"\x1b[A": Key.UP, b"\x1b[B": Key.DOWN, b"\x1b[C": Key.RIGHT, b"\x1b[D": Key.LEFT,
    b"\x1bOA": Key.UP, b"\x1bOB": Key.DOWN, b"\x1bOC": Key.RIGHT, b"\x1bOD": Key.LEFT,
    b"\x1b[5~": Key.PAGE_UP, b"\x1b[6~": Key.PAGE_DOWN,
    b"\x1b[H": Key.HOME, b"\x1bOH": Key.HOME, b"\x1b[1~": Key.HOME, b"\x1b[7~": Key.HOME,
    b"\x1b[F": Key.END, b"\x1bOF": Key.END, b"\x1b[4~": Key.END, b"\x1b[8~": Key.END,
    b"\r": Key.ENTER, b"\n": Key.ENTER, b" ": Key.ENTER,
}
HELP = "arrows move · enter select · n/p page · m/w/d mode · t today · q quit"


def split_keys(data: bytes) -> list[bytes]:
    """Splits what a read returned into single keys (a paste or fast typing can bring
    several at once; escape sequences stay whole)."""
    out: list[bytes] = []
    i = 0
    while i < len(data):
        match = next((seq for seq in sorted(KEYS, key=len, reverse=True) if data.startswith(seq, i)), None)
        if match is None and data[i:i + 1] == b"\x1b":
            end = i + 1
            while end < len(data) and end - i < 6 and not (data[end:end + 1].isalpha() or data[end:end + 1] == b"~"):
                end += 1
            match = data[i:end + 1]
        match = match or data[i:i + 1]
        out.append(match)
        i += len(match)
    return out


@dataclass(frozen=True)
class Look:
    """What the terminal calendar shows besides the days, from the command's options:
    the locale's words, digits and direction (``names``), week numbers, the secondary
    system's dates under each week, the calendar system's titles (``system``), and
    events as marks with the focused day's listed below."""

    names: Names = field(default_factory=Names)
    week_numbers: bool = False
    secondary: bool = False
    system: bool = False
    events: Optional[EventLayer] = None
    #: Events of the focused day listed at most (the rest counted).
    listed: int = 8


def _title(view: View, look: Look) -> str:
    """The page's title: the library's in the locale and system, or Python's English."""
    return view.title() if look.names.locale is not None or look.system else page_title(view)


def _label(day: Day, look: Look) -> str:
    """A day's number: in the calendar's system (its day of month) and the locale's digits."""
    return look.names.number(day.system_date.day if day.system_date is not None else day.day)


def _secondary(day: Day, look: Look) -> str:
    """The secondary date's day, with its month where a month begins ("3/1")."""
    q = day.secondary_date
    if q is None:
        return ""
    n = look.names.number
    return f"{n(q.month)}{'+' if q.leap_month else ''}/{n(q.day)}" if q.day == 1 else n(q.day)


def _marked(view: View, look: Look) -> set[int]:
    """Day numbers of the page that have events."""
    if look.events is None:
        return set()
    page = view.page
    found = look.events.store.dots(Date.from_day_number(page.first), Date.from_day_number(page.last), 0,
                                   look.events.zone)
    return {page.first + i for i, d in enumerate(found) if d.count}


def _agenda(view: View, look: Look) -> list[str]:
    """The focused day's events (at most ``look.listed``), or that it has none."""
    if look.events is None:
        return []
    focus = view.focus
    day = focus.day_number if isinstance(focus, Date) else Date.from_date(focus).day_number
    lines = agenda(look.events.store, look.events.zone or TimeZone("UTC"), day, day).splitlines()
    if not lines:
        return [f"  No events on {focus}"]
    shown = [f"    {line}" for line in lines[:look.listed]]
    more = len(lines) - len(shown)
    return [f"  Events on {focus}:", *shown] + ([f"    … and {more} more"] if more else [])


def screen(view: View, color: bool, message: str = "", look: Optional[Look] = None) -> str:
    """One full frame of the interactive calendar."""
    look = look or Look()
    names = look.names
    days = view.days()
    marked = _marked(view, look)
    labels = [_label(d, look) for d in days]
    under = [_secondary(d, look) for d in days] if look.secondary else []
    inner = max([2] + [len(t) for t in labels + under])
    columns = min(7, len(days))

    def row(cells: list[str]) -> str:   # right-to-left locales put the first weekday on the right
        return "".join(reversed(cells) if names.rtl else cells)

    def lead(text: str) -> str:
        return f"{text:>3} " if look.week_numbers else ""

    lines = [f"  {_title(view, look)}", ""]
    weekdays = names.weekday_row([int(d.weekday) for d in days[:columns]], inner)
    lines.append(lead("Wk") + row([f" {name:>{inner}} " for name in weekdays]))
    for i in range(0, len(days), 7):
        week = days[i:i + 7]
        cells = []
        for j, d in enumerate(week, i):
            if d.is_hidden:
                cells.append(" " * (inner + 2))
                continue
            shown = d.in_month or view.page.mode != DisplayMode.MONTH
            mark = "•" if shown and d.day_number in marked else " "
            left, right = ("[", "]") if d.is_focused else ("*", mark) if d.is_selected else (" ", mark)
            cell = f"{left}{labels[j] if shown else '':>{inner}}{right}"
            if color and d.is_selected:
                cell = f"\x1b[7m{cell}\x1b[27m"
            elif color and d.is_today:
                cell = f"\x1b[4m{cell}\x1b[24m"
            cells.append(cell)
        lines.append(lead(names.number(week[0].week_of_year.week)) + row(cells))
        if look.secondary:
            shown_under = [f" {under[j] if d.in_month or view.page.mode != DisplayMode.MONTH else '':>{inner}} "
                           for j, d in enumerate(week, i)]
            lines.append(lead("") + row(shown_under))
    selected = view.selected_days()
    if len(selected) > 3:
        summary = f"{selected[0]} .. {selected[-1]} ({len(selected)} days)"
    else:
        summary = ", ".join(str(d) for d in selected) or "nothing"
    lines += ["", f"  Selected: {summary}", f"  Focus: {view.focus}", *_agenda(view, look),
              f"  {message}" if message else "", f"  {HELP}"]
    return "\x1b[H\x1b[2J" + "\r\n".join(line.rstrip() for line in lines) + "\r\n"


def run(calendar: Calendar, args: argparse.Namespace, *, color: bool, look: Optional[Look] = None,
        start: Optional[AnyDate] = None) -> int:
    """The interactive loop, on the page of ``start`` (else of YEAR and MONTH, else
    today's). Returns the exit status."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("kalends: --interactive needs a terminal", file=sys.stderr)
        return 2
    look = look or Look()
    picked = args.select or ()
    mode = SelectionMode.RANGE if getattr(picked, "is_range", False) else SelectionMode.SINGLE
    rows = Rows[args.rows.upper()] if args.rows else Rows.FIXED
    view = View(calendar, selection_mode=mode, mode=DisplayMode[args.mode.upper()], rows=rows)
    if start is not None:
        view.go_to(start)
    elif args.year is not None:
        view.go_to(datetime.date(args.year, args.month or 1, 1) if 1 <= args.year <= 9999
                   else Date(args.year, args.month or 1, 1))
    for d in dict.fromkeys(picked):   # A..A starts a range and leaves its end open
        view.select(d)
    if args.highlight:
        view.set_highlighted(list(args.highlight))

    actions: dict[bytes, Callable[[], object]] = {
        b"n": view.next_page, b"p": view.previous_page, b"t": view.go_to_today,
        b"m": lambda: view.set_mode(DisplayMode.MONTH), b"w": lambda: view.set_mode(DisplayMode.WEEK),
        b"d": lambda: view.set_mode(DisplayMode.DAY),
    }
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    out = sys.stdout
    message = ""
    try:
        tty.setcbreak(fd)
        out.write("\x1b[?25l")
        while True:
            out.write(screen(view, color, message, look))
            out.flush()
            data = os.read(fd, 64)
            if not data:
                break
            quit_now = False
            for key in split_keys(data):
                message = ""
                if key in (b"q", b"Q", b"\x1b"):
                    quit_now = True
                    break
                try:
                    if key in KEYS:
                        action = view.key(KEYS[key])
                        if action.outcome.name in ("VETOED", "DISABLED"):
                            message = f"{action.date} cannot be selected"
                    elif key in actions:
                        actions[key]()
                except Exception as e:  # show the error, keep the calendar running
                    message = str(e)
            if quit_now:
                break
    except KeyboardInterrupt:
        pass
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[?25h\x1b[H\x1b[2J")
        out.flush()
    for d in view.selected_days():
        print(d)
    view.close()
    return 0


__all__ = ["Look", "run", "screen", "split_keys", "KEYS"]

"""``python -m kalends --interactive``: a calendar in the terminal, driven by a
kalends.View. Arrows move (the selection follows in single mode), enter selects, n/p
page, m/w/d switch modes, t goes to today, q quits and prints the selection.

The screen is redrawn from ``View.days()`` after every key; the focus is shown in
[brackets], selected days with a *star (and in reverse video with colour).
"""
from __future__ import annotations

import argparse
import datetime
import os
import sys
import termios
import tty
from typing import Callable

from .calendars import Calendar
from .dates import Date
from .names import weekday_name
from .render_svg import page_title
from .views import DisplayMode, Key, SelectionMode, View

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


def screen(view: View, color: bool, message: str = "") -> str:
    """One full frame of the interactive calendar."""
    days = view.days()
    lines = [f"  {page_title(view)}", ""]
    columns = min(7, len(days))
    lines.append(" " + " ".join(f"{weekday_name(int(d.weekday), 2):>3}" for d in days[:columns]))
    for i in range(0, len(days), 7):
        cells = []
        for d in days[i:i + 7]:
            if d.is_hidden:
                cells.append("   ")
                continue
            left, right = ("[", "]") if d.is_focused else ("*", " ") if d.is_selected else (" ", " ")
            text = f"{d.day:2d}" if d.in_month or view.page.mode != DisplayMode.MONTH else "  "
            cell = f"{left}{text}{right}"
            if color and d.is_selected:
                cell = f"\x1b[7m{cell}\x1b[27m"
            elif color and d.is_today:
                cell = f"\x1b[4m{cell}\x1b[24m"
            cells.append(cell)
        lines.append("".join(cells))
    selected = view.selected_days()
    if len(selected) > 3:
        summary = f"{selected[0]} .. {selected[-1]} ({len(selected)} days)"
    else:
        summary = ", ".join(str(d) for d in selected) or "nothing"
    lines += ["", f"  Selected: {summary}", f"  Focus: {view.focus}", f"  {message}" if message else "", f"  {HELP}"]
    return "\x1b[H\x1b[2J" + "\r\n".join(lines) + "\r\n"


def run(calendar: Calendar, args: argparse.Namespace, *, color: bool) -> int:
    """The interactive loop. Returns the exit status."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("kalends: --interactive needs a terminal", file=sys.stderr)
        return 2
    picked = args.select or ()
    mode = SelectionMode.RANGE if getattr(picked, "is_range", False) else SelectionMode.SINGLE
    view = View(calendar, selection_mode=mode, mode=DisplayMode[args.mode.upper()])
    if args.year is not None:
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
            out.write(screen(view, color, message))
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


__all__ = ["run", "screen", "split_keys", "KEYS"]

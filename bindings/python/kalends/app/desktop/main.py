"""``python -m kalends.app``: the desktop calendar's command line."""
from __future__ import annotations

import argparse
import datetime as _dt
import os
import sys
from typing import List, Optional

from ...errors import KalendsError
from .sources import add_arguments, sources_from_arguments


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m kalends.app",
                                description="A desktop calendar (Tk) of the events in .ics files.")
    add_arguments(p)
    p.add_argument("--locale", default=None, help="a CLDR locale (default: the environment's, LANG/LC_ALL)")
    p.add_argument("--calendar", default=os.environ.get("KALENDS_CALENDAR") or None,
                   help="a calendar system: gregorian, hebrew, islamic-umalqura, ... (default: KALENDS_CALENDAR, "
                        "else the locale's)")
    p.add_argument("--mode", choices=("month", "week", "day", "agenda"), default="month")
    p.add_argument("--date", type=_dt.date.fromisoformat, default=None, help="the date to show (YYYY-MM-DD)")
    p.add_argument("--zone", default=None, help="an IANA time zone (default: the environment's)")
    p.add_argument("--geometry", default="1000x720", help="the window's size, WIDTHxHEIGHT")
    return p


def main(argv: Optional[List[str]] = None) -> int:
    args = parser().parse_args(argv)
    import tkinter as tk
    from .window import DesktopCalendar
    try:
        root = tk.Tk(className="kalends")
    except tk.TclError as e:
        print(f"kalends.app: cannot open a window: {e}", file=sys.stderr)
        return 1
    root.title("Kalends")
    root.geometry(args.geometry)
    try:
        DesktopCalendar(root, sources_from_arguments(args), locale=args.locale, calendar=args.calendar,
                        mode=args.mode, date=args.date, zone=args.zone)
    except (ValueError, KalendsError) as e:
        root.destroy()
        print(f"kalends.app: {e}", file=sys.stderr)
        return 2
    root.mainloop()
    return 0

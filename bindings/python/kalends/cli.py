"""``python -m kalends`` (also installed as ``kalends``): a month or a year in the
terminal, as JSON, or as an SVG picture. Modelled on ``python -m calendar``."""
from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
from pathlib import Path
from typing import Any, Sequence

from . import __version__
from .calendars import Calendar, CalendarOptions, Day, DayFlags, MonthGrid, Rows, Today
from .dates import Weekday
from .errors import KalendsError
from .render_svg import SvgRenderer
from .render_text import TextRenderer

EPILOG = """\
Weekdays follow ISO 8601 (1 = Monday ... 7 = Sunday) or are given by name ("sun").
Week numbers follow the calendar's rule: ISO 8601 by default; --first-weekday sunday
--min-days 1 gives US week numbers.

examples:
  python -m kalends                      this year
  python -m kalends 2026 11 --week-numbers
  python -m kalends 2026 11 --first-weekday sun --svg november.svg
  python -m kalends 2026 11 --json --today 2026-11-22
"""


def _weekday(text: str) -> Weekday:
    try:
        return Weekday.parse(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date: {text!r} (use YYYY-MM-DD)") from None


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m kalends", description="Print a month or a year, as text, JSON or SVG.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("year", nargs="?", type=int, help="year (default: this year)")
    p.add_argument("month", nargs="?", type=int, help="month 1-12 (default: the whole year)")
    p.add_argument("--version", action="version", version=f"kalends {__version__}")
    p.add_argument("-f", "--first-weekday", type=_weekday, default=Weekday.MONDAY, metavar="DAY",
                   help="first day of the week: a name or 1-7, Monday = 1 (default: monday)")
    p.add_argument("--min-days", type=int, default=4, metavar="N",
                   help="days of the new year that week 1 must hold, 1-7 (default: 4, ISO 8601)")
    p.add_argument("--weekend", type=lambda s: frozenset(_weekday(x) for x in s.split(",") if x),
                   default=frozenset({Weekday.SATURDAY, Weekday.SUNDAY}), metavar="DAYS",
                   help="comma-separated weekend days (default: sat,sun)")
    p.add_argument("--week-numbers", action="store_true", help="show week numbers")
    p.add_argument("--rows", choices=["fixed", "variable"], default=None,
                   help="six rows always, or only the rows a month needs "
                        "(default: variable for text, fixed for SVG and JSON)")
    today = p.add_mutually_exclusive_group()
    today.add_argument("--today", type=_date, metavar="DATE", help="mark DATE as today (default: the system date)")
    today.add_argument("--no-today", action="store_true", help="mark no day as today")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the grid with its flags as JSON")
    p.add_argument("--svg", type=Path, metavar="FILE", help="also write the month (or year) as an SVG picture")
    p.add_argument("--color", choices=["auto", "always", "never"], default="auto",
                   help="highlight today in the terminal (default: auto, when stdout is a terminal)")
    text = p.add_argument_group("text layout (as python -m calendar)")
    text.add_argument("-w", "--width", type=int, default=2, help="width of a day column (default 2)")
    text.add_argument("-l", "--lines", type=int, default=1, help="lines per week (default 1)")
    text.add_argument("-s", "--spacing", type=int, default=6, help="spacing between months (default 6)")
    text.add_argument("-m", "--months", type=int, default=3, help="months per row (default 3)")
    return p


def _flag_names(flags: DayFlags) -> list[str]:
    return [f.name.lower() for f in DayFlags if f in flags and f.name]


def _day_json(day: Day) -> dict[str, Any]:
    return {"date": str(day.civil), "day_number": day.day_number, "weekday": int(day.weekday),
            "flags": _flag_names(day.flags)}


def grid_json(grid: MonthGrid) -> dict[str, Any]:
    return {
        "year": grid.year, "month": grid.month, "rows": grid.rows.name.lower(),
        "first_day": grid.range.first, "last_day": grid.range.last,
        "weeks": [{"week": w.week_of_year.week, "week_year": w.week_of_year.year,
                   "days": [_day_json(d) for d in w.days]} for w in grid.weeks],
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    today_option: datetime.date | Today
    if args.no_today:
        today_option = Today.OFF
    elif args.today:
        today_option = args.today
    else:
        today_option = Today.SYSTEM
    try:
        options = CalendarOptions(first_weekday=args.first_weekday, min_days_in_first_week=args.min_days,
                                  weekend_days=args.weekend, today=today_option)
        with Calendar(options) as cal:
            year = args.year if args.year is not None else (cal.today() or datetime.date.today()).year
            months = [args.month] if args.month is not None else list(range(1, 13))
            for m in months:
                cal.month_range(year, m)   # validates year and month before any output
            if args.json:
                rows = Rows[(args.rows or "fixed").upper()]
                grids = [grid_json(cal.month_grid(year, m, rows)) for m in months]
                doc: dict[str, Any] = {"first_weekday": int(options.first_weekday),
                                       "min_days_in_first_week": options.min_days_in_first_week}
                doc.update(grids[0] if args.month is not None else {"year": year, "months": grids})
                print(json.dumps(doc, indent=2))
            else:
                color = args.color == "always" or (args.color == "auto" and sys.stdout.isatty()
                                                   and os.environ.get("NO_COLOR") is None)
                text = TextRenderer(cal, width=args.width, lines=args.lines, spacing=args.spacing,
                                    months_per_row=args.months, rows=Rows[(args.rows or "variable").upper()],
                                    week_numbers=args.week_numbers, color=color)
                sys.stdout.write(text.month(year, args.month) if args.month is not None else text.year(year))
            if args.svg:
                svg = SvgRenderer(cal, rows=Rows[(args.rows or "fixed").upper()], week_numbers=args.week_numbers)
                picture = svg.month(year, args.month) if args.month is not None else svg.year(year, args.months)
                args.svg.parent.mkdir(parents=True, exist_ok=True)
                args.svg.write_text(picture, encoding="utf-8")
    except KalendsError as e:
        print(f"kalends: {e.message}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"kalends: {e}", file=sys.stderr)
        return 1
    return 0

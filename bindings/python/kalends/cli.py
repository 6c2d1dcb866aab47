"""``python -m kalends`` (also installed as ``kalends``): a month or a year in the
terminal, as JSON, or as an SVG picture; a view in a mode with a selection; an
interactive calendar in the terminal. Modelled on ``python -m calendar``."""
from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
from pathlib import Path
from typing import Any, Literal, Sequence

from . import __version__
from .calendars import Calendar, CalendarOptions, Day, DayFlags, Rows, Today
from .dates import Date, Weekday
from .errors import KalendsError
from .event_files import load_events
from .events import Event, EventStore, TimeZone
from .render_svg import EventLayer, SvgRenderer
from .render_text import TextRenderer
from .views import DisplayMode, SelectionMode, View

EPILOG = """\
Weekdays follow ISO 8601 (1 = Monday ... 7 = Sunday) or are given by name ("sun").
Week numbers follow the calendar's rule: ISO 8601 by default; --first-weekday sunday
--min-days 1 gives US week numbers.

examples:
  python -m kalends                      this year
  python -m kalends 2026 11 --week-numbers
  python -m kalends 2026 11 --first-weekday sun --svg november.svg
  python -m kalends --select 2026-11-20..2026-11-24 --svg range.svg
  python -m kalends --mode week --select 2026-11-22 --width 700 --svg week.svg
  python -m kalends 2026 11 --json --today 2026-11-22
  python -m kalends 2026 11 --events events.csv --svg november.svg
  python -m kalends 2026 --events events.json --time-zone Europe/Paris --svg year.svg
  python -m kalends --interactive        arrows move, enter selects, n/p page, m/w/d mode, q quits
"""

#: Flags that describe a day; FOCUSED is interactive state, not part of a picture.
SHOWN_FLAGS = [f for f in DayFlags if f.name and f != DayFlags.FOCUSED]


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


class Picked(tuple):  # type: ignore[type-arg]
    """Dates given to --select; ``is_range`` for DATE..DATE."""

    is_range = False


def _selection(text: str) -> Picked:
    """DATE, DATE..DATE (a range) or DATE,DATE,... (several days)."""
    if ".." in text:
        first, _, last = text.partition("..")
        picked = Picked((_date(first), _date(last)))
        picked.is_range = True
        return picked
    return Picked(_date(t) for t in text.split(",") if t)


def _dates(text: str) -> tuple[datetime.date, ...]:
    return tuple(_date(t) for t in text.split(",") if t)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m kalends", description="Print a month or a year, as text, JSON or SVG.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("year", nargs="?", type=int, help="year (default: this year, or the selected day's)")
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
    view = p.add_argument_group("view")
    view.add_argument("--mode", choices=["month", "week", "day"], default="month",
                      help="what to show around the selected day (default: month)")
    view.add_argument("--select", type=_selection, metavar="DATE[..DATE]",
                      help="select a day, a range DATE..DATE, or several days DATE,DATE")
    view.add_argument("--highlight", type=_dates, metavar="DATES", help="comma-separated days to highlight")
    view.add_argument("--width", type=float, default=392, help="view width in points for SVG (default 392)")
    view.add_argument("--interactive", action="store_true",
                      help="an interactive calendar in the terminal; prints the selection when you quit")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the page with its flags as JSON")
    ev = p.add_argument_group("events")
    ev.add_argument("--events", type=Path, metavar="FILE",
                    help="events from a CSV or JSON file (fields: title, start, end, color, id; see "
                         "kalends.event_files): listed under the text, in the JSON, drawn in the SVG")
    ev.add_argument("--time-zone", metavar="ZONE",
                    help="tz database name or POSIX TZ string that puts timed events on days "
                         "(default: TZ, else /etc/localtime)")
    ev.add_argument("--event-style", choices=["bars", "dots"], default=None,
                    help="draw events as bars in the cells or as dots (default: bars for a month, week "
                         "or day; dots for a year)")
    ev.add_argument("--max-dots", type=int, default=3, metavar="N", help="dots per day at most (default 3)")
    p.add_argument("--svg", type=Path, metavar="FILE", help="also write the page (or year) as an SVG picture")
    p.add_argument("--color", choices=["auto", "always", "never"], default="auto",
                   help="highlight today and the selection in the terminal (default: auto, when a terminal)")
    text = p.add_argument_group("text layout (as python -m calendar)")
    text.add_argument("-w", "--width-chars", dest="chars", type=int, default=2, help="width of a day column (default 2)")
    text.add_argument("-l", "--lines", type=int, default=1, help="lines per week (default 1)")
    text.add_argument("-s", "--spacing", type=int, default=6, help="spacing between months (default 6)")
    text.add_argument("-m", "--months", type=int, default=3, help="months per row (default 3)")
    return p


def _flag_names(flags: DayFlags) -> list[str]:
    return [f.name.lower() for f in SHOWN_FLAGS if f in flags and f.name]


def _day_json(day: Day) -> dict[str, Any]:
    return {"date": str(day.civil), "day_number": day.day_number, "weekday": int(day.weekday),
            "flags": _flag_names(day.flags)}


def view_json(view: View, events: EventLayer | None = None) -> dict[str, Any]:
    """The view's page as JSON: the page, its weeks of days with flags, the selection,
    and the events of the page's days (if any are given)."""
    page = view.page
    days = view.days()
    doc = {
        "mode": page.mode.name.lower(), "year": page.year, "month": page.month,
        "rows": view.options.rows.name.lower(), "first_day": page.first, "last_day": page.last,
        "weeks": [{"week": days[i].week_of_year.week, "week_year": days[i].week_of_year.year,
                   "days": [_day_json(d) for d in days[i:i + 7]]} for i in range(0, len(days), 7)],
        "selected": [str(d) for d in view.selected_days()],
    }
    if events is not None:
        zone = events.zone or TimeZone()
        found = events.store.query(Date.from_day_number(page.first), Date.from_day_number(page.last), zone)
        doc["events"] = [event_json(e, zone) for e in found]
    return doc


def _event_layer(args: argparse.Namespace, single_month: bool) -> EventLayer | None:
    """The events of --events in a store, with the zone and style to draw them."""
    if args.events is None:
        return None
    if args.max_dots < 0 or args.max_dots > 64:
        raise ValueError(f"--max-dots {args.max_dots} is not 0 ... 64")
    zone = TimeZone(args.time_zone)
    store = EventStore(load_events(args.events, zone))
    style: Literal["bars", "dots"] = args.event_style or ("bars" if single_month else "dots")
    return EventLayer(store, zone, style, args.max_dots)


def _local(seconds: int, zone: TimeZone) -> datetime.datetime:
    """The wall-clock time of an instant in the zone."""
    day, since_midnight = zone.local_day(seconds)
    return datetime.datetime(day.year, day.month, day.day) + datetime.timedelta(seconds=since_midnight)


def event_json(event: Event, zone: TimeZone) -> dict[str, Any]:
    """An event as JSON: dates for all-day events, local ISO times for timed ones."""
    doc: dict[str, Any] = {"id": event.id, "title": event.title, "all_day": event.all_day,
                           "color": f"#{event.color & 0xFFFFFFFF:08x}"}
    if event.all_day:
        doc.update(start=str(event.start_time), end=str(event.end_time))
    else:
        doc.update(start=_local(event.start, zone).isoformat(), end=_local(event.end, zone).isoformat())
    return doc


def agenda(store: EventStore, zone: TimeZone, first: int, last: int) -> str:
    """The events of days first ... last as text lines, in start order: the day (or
    days), the local hours (or "all day"), the title."""
    lines = []
    for e in store.query(Date.from_day_number(first), Date.from_day_number(last), zone):
        if e.all_day:
            start, end = Date.from_day_number(e.start), Date.from_day_number(e.end)
            when, hours = str(start) + (f" – {end}" if e.end != e.start else ""), "all day"
        else:
            a, b = _local(e.start, zone), _local(e.end, zone)
            when = str(a.date()) + (f" – {b.date()}" if b.date() != a.date() else "")
            hours = f"{a:%H:%M}–{b:%H:%M}"
        lines.append(f"{when:<23}  {hours:<11}  {e.title}")
    return "".join(line + "\n" for line in lines)


def _view_for(cal: Calendar, args: argparse.Namespace, year: int, month: int, rows: Rows) -> View:
    """A view of the CLI's settings on the page of year-month (or of the selection)."""
    mode = DisplayMode[args.mode.upper()]
    selection = args.select or ()
    selection_mode = (SelectionMode.RANGE if getattr(selection, "is_range", False)
                      else SelectionMode.MULTIPLE if len(selection) > 1 else SelectionMode.SINGLE)
    view = View(cal, mode=DisplayMode.MONTH, rows=rows, selection_mode=selection_mode, width=args.width)
    view.go_to(datetime.date(year, month, 1) if not selection or args.month is not None else selection[0])
    for d in dict.fromkeys(selection):   # A..A starts a range and leaves its end open
        view.select(d)
    if args.highlight:
        view.set_highlighted(list(args.highlight))
    if args.month is not None and selection and (selection[0].year, selection[0].month) != (year, month):
        view.go_to(datetime.date(year, month, 1))
    view.set_mode(mode)
    return view


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
    color = args.color == "always" or (args.color == "auto" and sys.stdout.isatty()
                                       and os.environ.get("NO_COLOR") is None)
    try:
        options = CalendarOptions(first_weekday=args.first_weekday, min_days_in_first_week=args.min_days,
                                  weekend_days=args.weekend, today=today_option)
        with Calendar(options) as cal:
            if args.interactive:
                from .interactive import run
                return run(cal, args, color=color)
            anchor = args.select[0] if args.select else (cal.today() or datetime.date.today())
            year = args.year if args.year is not None else anchor.year
            single_month = args.month is not None or bool(args.select) or args.mode != "month"
            month = args.month if args.month is not None else (anchor.month if single_month else 1)
            months = [month] if single_month else list(range(1, 13))
            for m in months:
                cal.month_range(year, m)   # validates year and month before any output
            views = [_view_for(cal, args, year, m, Rows[(args.rows or "fixed").upper()]) for m in months]
            layer = _event_layer(args, single_month)
            if args.json:
                doc: dict[str, Any] = {"first_weekday": int(options.first_weekday),
                                       "min_days_in_first_week": options.min_days_in_first_week}
                doc.update(view_json(views[0], layer) if single_month else
                           {"year": year, "months": [view_json(v, layer) for v in views]})
                print(json.dumps(doc, indent=2))
            else:
                text = TextRenderer(cal, width=args.chars, lines=args.lines, spacing=args.spacing,
                                    months_per_row=args.months, rows=Rows[(args.rows or "variable").upper()],
                                    week_numbers=args.week_numbers, color=color)
                if args.mode != "month":
                    sys.stdout.write(text.view(_view_for(cal, args, year, month, Rows.VARIABLE)))
                else:
                    marks = _view_for(cal, args, year, month, Rows.VARIABLE).days() if args.select or args.highlight \
                        else None
                    sys.stdout.write(text.month(year, month, marks) if single_month else text.year(year))
                if layer is not None:
                    first, last = (views[0].page.first, views[-1].page.last)
                    listed = agenda(layer.store, layer.zone or TimeZone(), first, last)
                    sys.stdout.write("\n" + (listed or "no events\n"))
            if args.svg:
                svg = SvgRenderer(week_numbers=args.week_numbers)
                picture = (svg.view(views[0], layer) if single_month else
                           svg.year(views, year, args.months, layer))
                args.svg.parent.mkdir(parents=True, exist_ok=True)
                args.svg.write_text(picture, encoding="utf-8")
    except KalendsError as e:
        print(f"kalends: {e.message}", file=sys.stderr)
        return 1
    except ValueError as e:   # an events file that does not parse
        print(f"kalends: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"kalends: {e}", file=sys.stderr)
        return 1
    return 0

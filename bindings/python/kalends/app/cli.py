"""``python -m kalends`` (also installed as ``kalends``): a drop-in for ``python -m
calendar`` (the same options, the same bytes: text, ``-t html``, ``-e``, ``-L`` with the
English locales) for every year Kalends covers (-999999 ... 999999), and more: every
CLDR locale (``--locale ar_EG``: its names, digits, weeks and direction), week numbers,
any week rule, a view in a mode with a selection as text, JSON or an SVG picture, events
from a file, an interactive calendar in the terminal."""
from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import re
import signal
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Literal, Optional, Sequence, Union

from .. import __version__, ical
from ..calendar import Calendar, CalendarOptions, Day, DayFlags, Rows, Today
from ..dates import YEAR_MAX, YEAR_MIN, Date, Weekday
from ..errors import KalendsError, OutOfRangeError
from .agenda import LISTED_EVENTS, agenda, local_time as _local
from .event_files import EventFileError, load_events
from ..events import Event
from ..store import EventStore
from ..timezone import TimeZone
from ..locale import Locale
from .names import Names
from .render_html import HtmlRenderer
from .render_svg import SvgRenderer, SvgStyle
from .svg_events import EventLayer
from .render_text import TextRenderer
from ..view import DisplayMode, ElementKind, SelectionMode, View

AnyDate = Union[datetime.date, Date]

DESCRIPTION = """\
Print a month or a year as python -m calendar does (the same options, the same bytes,
for every year from -999999 to 999999), and more: week numbers, week rules, a month,
week or day page with a selection, events from a file, as text, HTML, JSON or SVG.

Output: text, as python -m calendar prints it (the default); -t html: its HTML page
of the year; --json: the page with its days and flags; --svg FILE writes a picture
as well (files are written before anything is printed)."""

EPILOG = """\
Weekdays are names ("sun", "sunday") or numbers as python -m calendar numbers them
(0 = Monday ... 6 = Sunday). Week numbers follow the calendar's rule: ISO 8601 by
default; --first-weekday sun --min-days 1 gives US week numbers. Values python -m
calendar would silently change or fail on (-w 1, -l 0, -s 0, -m 0) are refused.

"Today" is the date in --time-zone, else in TZ, else in /etc/localtime; an invalid TZ
is an error. --mode week and --mode day show today's week or day (or --select's, or
the first of the YEAR and MONTH given when today is not in them).

examples:
  python -m kalends                      this year
  python -m kalends 2026 11 --week-numbers
  python -m kalends -t html -c my.css 2026 > 2026.html
  python -m kalends 2026 11 --first-weekday sun --svg november.svg
  python -m kalends --select 2026-11-20..2026-11-24 --svg range.svg
  python -m kalends --mode week --today 2026-11-18T14:30 --events events.csv --svg week.svg
  python -m kalends 2026 11 --json --today 2026-11-22
  python -m kalends 2026 11 --page-months 3 --svg quarter.svg   three months side by side
  python -m kalends --locale ar_EG 2026 11    Arabic names and digits, Saturday first, right to left
  python -m kalends --locale he_IL --calendar hebrew 5787
  python -m kalends 2026 --events events.json --time-zone Europe/Paris --svg year.svg
  python -m kalends --interactive        arrows move, enter selects, n/p page, m/w/d mode, r range, q quits;
                                         the mouse clicks, drags a range, pages with the wheel
"""

#: Flags that describe a day; FOCUSED is interactive state, not part of a picture.
SHOWN_FLAGS = [f for f in DayFlags if f.name and f != DayFlags.FOCUSED]
#: 128 + SIGPIPE: what a shell reports for a command whose reader went away.
BROKEN_PIPE_STATUS = 128 + int(getattr(signal, "SIGPIPE", 13))


class CliError(Exception):
    """A message for the user and an exit status (1: the input or the system; 2: usage)."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


# -- argument types --------------------------------------------------------------------


def _weekday(text: str) -> Weekday:
    """A weekday by name or prefix ("sun", "Sunday"), or by python -m calendar's number
    (0 = Monday ... 6 = Sunday, as its -f/--first-weekday takes)."""
    t = text.strip()
    if t.lstrip("-").isdigit():
        n = int(t)
        if not 0 <= n <= 6:
            raise argparse.ArgumentTypeError(
                f"weekday {text!r}: numbers are 0 = Monday ... 6 = Sunday (as python -m calendar's); or use a name")
        return Weekday(n + 1)
    try:
        return Weekday.parse(t)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not a weekday: {text!r} (a name such as 'mon', or 0 = Monday ... 6 = Sunday)") from None


def _weekdays(text: str) -> frozenset[Weekday]:
    return frozenset(_weekday(x) for x in text.split(",") if x.strip())


_DATE = re.compile(r"([+-]?\d{4,6})-(\d\d)-(\d\d)")
_TIME = re.compile(r"(\d\d):(\d\d)(?::(\d\d))?")


def parse_date(text: str) -> AnyDate:
    """YYYY-MM-DD (a ``datetime.date``), or a year outside 1 ... 9999 with a sign and up
    to six digits (-000044-03-15, +012026-01-01: a ``kalends.Date``)."""
    m = _DATE.fullmatch(text.strip())
    if m is None:
        raise argparse.ArgumentTypeError(f"not a date: {text!r} (use YYYY-MM-DD)")
    year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    try:
        if 1 <= year <= 9999:
            return datetime.date(year, month, day)
        return Date(year, month, day)
    except (ValueError, KalendsError) as e:
        raise argparse.ArgumentTypeError(f"not a date: {text!r} ({e})") from None


@dataclass(frozen=True)
class TodayArg:
    """--today DATE or DATE-TIME: the day that is today, and the local time of day (the
    now-line of week and day pictures) when given."""

    date: AnyDate
    seconds: Optional[int] = None


def _today(text: str) -> TodayArg:
    day, sep, clock = text.strip().partition("T")
    if not sep and " " in day:
        day, _, clock = day.partition(" ")
    date = parse_date(day)
    if not clock:
        return TodayArg(date)
    m = _TIME.fullmatch(clock)
    if m is None or int(m.group(1)) > 23 or int(m.group(2)) > 59 or int(m.group(3) or 0) > 59:
        raise argparse.ArgumentTypeError(f"not a date or date-time: {text!r} (use YYYY-MM-DD or YYYY-MM-DDTHH:MM)")
    return TodayArg(date, int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3) or 0))


class Picked(tuple):  # type: ignore[type-arg]
    """Dates given to --select; ``is_range`` for DATE..DATE."""

    is_range = False


def _selection(text: str) -> Picked:
    """DATE, DATE..DATE (a range; the first date may not come after the second) or
    DATE,DATE,... (several days)."""
    if ".." in text:
        first_text, _, last_text = text.partition("..")
        first, last = parse_date(first_text), parse_date(last_text)
        if _day_number(last) < _day_number(first):
            raise argparse.ArgumentTypeError(
                f"the range {text} ends before it starts: write the earlier date first ({last_text}..{first_text})")
        picked = Picked((first, last))
        picked.is_range = True
        return picked
    return Picked(parse_date(t) for t in text.split(",") if t.strip())


def _drag(text: str) -> tuple[AnyDate, AnyDate]:
    """FROM..TO: the day a drag starts on and the day it reached (either order)."""
    first_text, dots, last_text = text.partition("..")
    if not dots:
        raise argparse.ArgumentTypeError(f"{text} is not FROM..TO (the day pressed, then the day the pointer reached)")
    return parse_date(first_text), parse_date(last_text)


def _dates(text: str) -> tuple[AnyDate, ...]:
    return tuple(parse_date(t) for t in text.split(",") if t.strip())


def _count(minimum: int, maximum: int, why: str = "") -> Callable[[str], int]:
    """An int option in minimum ... maximum."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not minimum <= n <= maximum:
            raise argparse.ArgumentTypeError(f"{n} is not in {minimum} ... {maximum}{why}")
        return n
    return parse


def _points(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not (math.isfinite(value) and 0 < value <= 100_000):
        raise argparse.ArgumentTypeError(f"{text} points: the view needs a width above 0 (and at most 100000)")
    return value


def _year(text: str) -> int:
    try:
        year = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a year: {text!r}") from None
    if not YEAR_MIN <= year <= YEAR_MAX:
        raise argparse.ArgumentTypeError(f"year {year} is outside the years Kalends covers, {YEAR_MIN} ... {YEAR_MAX}")
    return year


def _encoding(text: str) -> str:
    try:
        "".encode(text)
    except LookupError:
        raise argparse.ArgumentTypeError(f"unknown encoding: {text!r}") from None
    return text


def build_parser(systems: bool = False) -> argparse.ArgumentParser:
    """The parser; ``systems`` (--calendar or --secondary given) lets MONTH be 13, as
    the thirteenth month of Hebrew, Coptic and Ethiopic years."""
    p = argparse.ArgumentParser(prog="python -m kalends", description=DESCRIPTION, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("year", nargs="?", type=_year,
                   help=f"year number, {YEAR_MIN} ... {YEAR_MAX} (default: this year, or the selected day's)")
    p.add_argument("month", nargs="?", type=_count(1, 13 if systems else 12),
                   help="month number, 1-12 (1-13 with --calendar; default: the whole year)")
    p.add_argument("--version", action="version", version=f"kalends {__version__}")
    # python -m calendar's options, with its names, defaults and meaning
    text = p.add_argument_group("text only arguments (as python -m calendar)")
    text.add_argument("-w", "--width", type=_count(2, 1000, " (python -m calendar takes 2 for less)"), default=2,
                      help="width of date column (default 2)")
    text.add_argument("-l", "--lines", type=_count(1, 1000, " (python -m calendar takes 1 for less)"), default=1,
                      help="number of lines for each week (default 1)")
    text.add_argument("-s", "--spacing", type=_count(2, 1000, " (python -m calendar takes 2 for less)"), default=6,
                      help="spacing between months (default 6)")
    text.add_argument("-m", "--months", type=_count(1, 1000, " (python -m calendar fails on 0)"), default=3,
                      help="months per row (default 3)")
    html = p.add_argument_group("html only arguments (as python -m calendar)")
    html.add_argument("-c", "--css", default="calendar.css", help="CSS to use for page")
    p.add_argument("-L", "--locale", help="a CLDR locale (fr_FR, ar-EG, he_IL.UTF-8, ...; others fall back as CLDR "
                                          "does): its month and weekday names, digits and direction, and its first "
                                          "weekday, minimal days and weekend unless -f, --min-days or --weekend are "
                                          "given; with -e (python -m calendar's -L form) weeks start on Monday "
                                          "unless -f says otherwise, as python -m calendar's do")
    p.add_argument("-e", "--encoding", type=_encoding, help="encoding to use for output")
    p.add_argument("-t", "--type", default="text", choices=("text", "html"), help="output type (text or html)")
    p.add_argument("-f", "--first-weekday", type=_weekday, default=None, metavar="DAY",
                   help="first day of the week: a name, or 0 = Monday ... 6 = Sunday (default: monday, or the "
                        "locale's)")
    # Kalends' own
    cal = p.add_argument_group("calendar")
    cal.add_argument("--min-days", type=_count(1, 7), default=None, metavar="N",
                     help="days of the new year that week 1 must hold, 1-7 (default: 4, ISO 8601, or the locale's)")
    cal.add_argument("--weekend", type=_weekdays, default=None,
                     metavar="DAYS", help="comma-separated weekend days (default: sat,sun, or the locale's)")
    cal.add_argument("--week-numbers", action="store_true", help="show week numbers (text and SVG)")
    cal.add_argument("--calendar", metavar="SYSTEM",
                     help="a calendar system (hebrew, islamic-umalqura, chinese, persian, ...; see "
                          "kalends.CalendarSystem.identifiers()): YEAR and MONTH are that system's (its extended "
                          "year: Hebrew 5787, AH 1448, Chinese 4663 for 2026), pages show its months in text, "
                          "JSON and SVG")
    cal.add_argument("--secondary", metavar="SYSTEM",
                     help="a second calendar system whose date every day also shows (e.g. chinese)")
    cal.add_argument("--rows", choices=["fixed", "variable"], default=None,
                     help="six rows always, or only the rows a month needs "
                          "(default: variable for text, fixed for SVG and JSON)")
    today = cal.add_mutually_exclusive_group()
    today.add_argument("--today", type=_today, metavar="DATE[THH:MM]",
                       help="mark DATE as today, and put the now-line of week and day pictures at the time "
                            "(default: the date and time in the time zone)")
    today.add_argument("--no-today", action="store_true", help="mark no day as today")
    view = p.add_argument_group("view")
    view.add_argument("--mode", choices=["month", "week", "day", "agenda"], default="month",
                      help="the page to show: a month, or today's week or day, or the agenda of the month's "
                           "--events (days with events, each with its heading and events) (default: month)")
    view.add_argument("--select", type=_selection, metavar="DATE[..DATE]",
                      help="select a day, a range DATE..DATE (first date first), or several days DATE,DATE")
    view.add_argument("--highlight", type=_dates, metavar="DATES", help="comma-separated days to highlight")
    view.add_argument("--drag", type=_drag, metavar="FROM..TO",
                      help="show the page in the middle of a range drag (the pointer pressed on FROM and moved to "
                           "TO, either way, not released): the days preview the range, the SVG outlines it and "
                           "draws the pointer")
    view.add_argument("--page-months", type=_count(1, 12), default=1, metavar="N",
                      help="a page of N months, 1-12, from the MONTH given (or this month): text side by side, "
                           "three to a row; SVG: a view of several months (-m keeps python -m calendar's meaning, "
                           "months per row of a year)")
    view.add_argument("--view-width", type=_points, default=None, metavar="POINTS",
                      help="width of the view in the SVG picture, in points (default 392; a week: 840, so that "
                           "seven columns of overlapping events keep their titles' words whole)")
    view.add_argument("--interactive", action="store_true",
                      help="an interactive calendar in the terminal, with the other options (--locale, --calendar, "
                           "--secondary, --week-numbers, --events: marked days, the focused day's listed); prints "
                           "the selection when you quit")
    out = p.add_argument_group("output")
    out.add_argument("--json", action="store_true", help="print the page (or year) with its days' flags as JSON")
    out.add_argument("--svg", type=Path, metavar="FILE", help="also write the page (or year) as an SVG picture")
    out.add_argument("--color", choices=["auto", "always", "never"], default="auto",
                     help="highlight today and the selection in the terminal (default: auto, when a terminal)")
    ev = p.add_argument_group("events")
    ev.add_argument("--events", type=Path, metavar="FILE",
                    help="events from an iCalendar file (.ics: recurring events give their occurrences) or a "
                         "CSV or JSON file (fields: title, start, end, color, id; see kalends.event_files): listed under the text, in the JSON, drawn in the SVG")
    ev.add_argument("--time-zone", metavar="ZONE",
                    help="tz database name or POSIX TZ string for today and for the events' local days and times "
                         "(default: TZ, else /etc/localtime)")
    ev.add_argument("--event-style", choices=["bars", "dots"], default=None,
                    help="draw a month's events as bars in the cells or as dots (default: bars for a month; "
                         "dots for a year and for --page-months, whose months draw bars over their own grids "
                         "when asked; week and day pages show the hours)")
    ev.add_argument("--max-dots", type=_count(0, 64), default=3, metavar="N", help="dots per day at most (default 3)")
    from .caldav_account import add_arguments as caldav_arguments   # issue 30: --caldav URL
    caldav_arguments(ev)
    return p


def check_combinations(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Usage errors between options (argparse's message and status 2)."""
    if getattr(args, "caldav", None) is not None and (args.events is not None or args.type == "html"
                                                      or args.calendar is not None or args.secondary is not None):
        parser.error("--caldav shows a CalDAV calendar's events on Gregorian text, JSON and SVG pages: "
                     "not with --events, -t html, --calendar or --secondary")
    if args.type == "html":
        if args.month is not None:
            parser.error("incorrect number of arguments")                  # python -m calendar's words
        shown = [name for name, on in (("--json", args.json), ("--week-numbers", args.week_numbers),
                                       ("--select", args.select), ("--highlight", args.highlight),
                                       ("--events", args.events), ("--interactive", args.interactive),
                                       ("--mode " + args.mode, args.mode != "month")) if on]
        if shown:
            parser.error(f"-t html prints python -m calendar's year page: {shown[0]} is for text, JSON and SVG")
    if args.page_months > 1:
        other = [name for name, on in (("--mode " + args.mode, args.mode != "month"), ("--json", args.json),
                                       ("--interactive", args.interactive), ("--calendar", args.calendar),
                                       ("--secondary", args.secondary), ("-t html", args.type == "html")) if on]
        if other:
            parser.error(f"--page-months shows month pages as text and SVG: not with {other[0]}")
    if args.interactive and (args.json or args.svg):
        parser.error("--interactive draws in the terminal: it takes no --json or --svg")
    if args.mode == "agenda" and (args.json or args.interactive):
        parser.error("--mode agenda prints text and draws SVG: it takes no --json or --interactive")
    if args.interactive:   # the terminal calendar takes every other option, with any system
        if args.month == 13 and args.calendar is None:
            parser.error("argument month: 13 is not in 1...12 (13 is a month of --calendar systems)")
        return
    if args.calendar is not None or args.secondary is not None:
        other = [name for name, on in (("-t html", args.type == "html"), ("--select", args.select),
                                       ("--highlight", args.highlight), ("--events", args.events),
                                       ("--mode " + args.mode, args.mode != "month"))
                 if on]
        if other:
            parser.error(f"--calendar and --secondary show month pages in text, JSON and SVG (and --interactive "
                         f"takes every option): {other[0]} is for Gregorian pages")
    elif args.month == 13:
        parser.error("argument month: 13 is not in 1...12 (13 is a month of --calendar systems)")


# -- time zone and today ---------------------------------------------------------------


class Clock:
    """The time zone of --time-zone (checked at once, events or not), else of TZ or
    /etc/localtime (checked when first needed), and the present moment in it."""

    def __init__(self, name: Optional[str]) -> None:
        self.name = name
        self._zone: Optional[TimeZone] = None
        if name is not None:
            try:
                self._zone = TimeZone(name)
            except KalendsError as e:
                raise CliError(f"--time-zone {name}: {e.message}", 2) from None

    @property
    def zone(self) -> TimeZone:
        if self._zone is None:
            try:
                self._zone = TimeZone()
            except KalendsError as e:
                tz = os.environ.get("TZ")
                if tz is not None:
                    raise CliError(f"the TZ environment variable ({tz!r}) does not name a time zone: {e.message}; "
                                   "set TZ to a zone such as Europe/Paris, unset it, or pass --time-zone") from None
                raise CliError(f"no local time zone: {e.message}; pass --time-zone") from None
        return self._zone

    def local_now(self) -> tuple[AnyDate, int]:
        """Today's date and the seconds since its midnight, in the zone."""
        day, seconds = self.zone.local_day(int(time.time()))
        return day, seconds


def _day_number(d: AnyDate) -> int:
    return d.day_number if isinstance(d, Date) else (d.toordinal() - datetime.date(1970, 1, 1).toordinal())


def _civil(year: int, month: int, day: int) -> AnyDate:
    return datetime.date(year, month, day) if 1 <= year <= 9999 else Date(year, month, day)


# -- pages -----------------------------------------------------------------------------


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
        zone = events.zone or TimeZone("UTC")
        first, last = Date.from_day_number(page.first), Date.from_day_number(page.last)
        found = events.store.query(first, last, zone, limit=LISTED_EVENTS + 1)
        doc["events"] = [event_json(e, zone) for e in found[:LISTED_EVENTS]]
        if len(found) > LISTED_EVENTS:
            doc["events_not_listed"] = events.store.count(first, last, zone) - LISTED_EVENTS
    return doc


def event_json(event: Event, zone: TimeZone) -> dict[str, Any]:
    """An event as JSON: dates for all-day events, local ISO times for timed ones."""
    doc: dict[str, Any] = {"id": event.id, "title": event.title, "all_day": event.all_day,
                           "color": f"#{event.color & 0xFFFFFFFF:08x}"}
    if event.all_day:
        doc.update(start=str(event.start_time), end=str(event.end_time))
    else:
        doc.update(start=_local(event.start, zone).isoformat(), end=_local(event.end, zone).isoformat())
    return doc


@dataclass
class Page:
    """What to show: the year, the month (None: the whole year) and the day the page
    is about (the selection's, today's or the first of the period)."""

    year: int
    month: Optional[int]
    anchor: AnyDate


def choose_page(args: argparse.Namespace, today: AnyDate) -> Page:
    """The page: --select's day; else today when it lies in the YEAR (and MONTH) given
    or none is given; else the first day of the YEAR (and MONTH)."""
    if args.select:
        anchor = args.select[0]
    elif (args.year is None or args.year == today.year) and (args.month is None or args.month == today.month):
        anchor = today
    else:
        anchor = _civil(args.year if args.year is not None else today.year, args.month or 1, 1)
    year = args.year if args.year is not None else anchor.year
    single = (args.month is not None or bool(args.select) or args.mode != "month"
              or getattr(args, "page_months", 1) > 1)
    month = args.month if args.month is not None else (anchor.month if single else None)
    return Page(year, month, anchor)


def make_view(cal: Calendar, args: argparse.Namespace, year: int, month: int, anchor: AnyDate, rows: Rows) -> View:
    """A view of the CLI's settings showing year-month (a month page), or the week or
    day of ``anchor`` in week and day mode."""
    selection = args.select or ()
    selection_mode = (SelectionMode.RANGE if getattr(selection, "is_range", False)
                      else SelectionMode.MULTIPLE if len(selection) > 1 else SelectionMode.SINGLE)
    drag = getattr(args, "drag", None)
    if drag:
        selection_mode = SelectionMode.RANGE
    view = View(cal, mode=DisplayMode.MONTH, rows=rows, selection_mode=selection_mode, width=view_width(args))
    for d in dict.fromkeys(selection):   # A..A starts a range and leaves its end open
        view.select(d)
    if args.highlight:
        view.set_highlighted(list(args.highlight))
    if args.mode == "month":
        view.go_to(_civil(year, month, 1))
    else:
        view.go_to(anchor)
        view.set_mode(DisplayMode[args.mode.upper()])
    if drag:
        drag_preview(view, drag[0], drag[-1])
    return view


def drag_preview(view: View, first: AnyDate, last: AnyDate) -> None:
    """Leaves ``view`` in the middle of a mouse drag from ``first`` to ``last`` (pressed
    on the first day's cell, moved to the last's, not released), as a host's pointer
    events would. Both days must be on the page; otherwise nothing is dragged."""
    centres = {e.day_number: (e.frame.x + e.frame.width / 2, e.frame.y + e.frame.height / 2)
               for e in view.layout() if e.kind == ElementKind.DAY}
    start, end = centres.get(_day_number(first)), centres.get(_day_number(last))
    if start is None or end is None:
        return
    view.press(*start, time=0.0)
    view.drag(*end, time=0.1)


#: The pictures' default widths in points: a phone's width for a month or a day; a week's seven
#: columns need more, or two overlapping events get ~20 points each and their titles break
#: inside words.
DEFAULT_VIEW_WIDTH, DEFAULT_WEEK_VIEW_WIDTH = 392.0, 840.0


def months_view(cal: Calendar, args: argparse.Namespace, page: Page) -> View:
    """A view of --months N months from the MONTH given, up to three months per row of
    the view width each (16 points apart)."""
    n = args.page_months
    columns = min(n, 3)
    spacing = month_spacing(args)
    width = view_width(args) * columns + spacing * (columns - 1)
    view = View(cal, mode=DisplayMode.MONTH, rows=Rows[(args.rows or "fixed").upper()], width=width)
    if args.highlight:
        view.set_highlighted(list(args.highlight))
    first_month(view, _civil(page.year, page.month or 1, 1), months=n, month_columns=columns, month_spacing=spacing)
    for d in dict.fromkeys(args.select or ()):
        view.select(d)
    return view


def month_spacing(args: argparse.Namespace) -> float:
    """Points between the months of a page of several months: 16, or with --week-numbers
    the week-number column's width (each month's numbers sit left of its rows)."""
    return SvgStyle().week_number_width if args.week_numbers else 16.0


def first_month(view: View, first: AnyDate, **months: Any) -> None:
    """Shows the page of several months (``months``: the ViewOptions of several months)
    that starts with ``first``'s month: the one-month view goes to it, then shows the
    months. (A view already showing several months pages by whole pages from its page,
    today's: going to a month it shows, or to one a whole number of pages away, would
    keep today's month first.)"""
    view.go_to(first)
    view.set_options(**months)


def year_view(cal: Calendar, args: argparse.Namespace, year: int, rows: Rows) -> Optional[View]:
    """The year's page: one view of the 12 months from January, -m/--months months to a
    row (python -m calendar's months per row, at most 12), each month --view-width wide,
    with --highlight's days. None for the first and last years Kalends covers, whose
    January or December grid would show days beyond them (the text then prints the
    months' own days from the calendar, see render_text.printable_grid)."""
    columns = min(args.months, 12)
    spacing = month_spacing(args)
    width = view_width(args) * columns + spacing * (columns - 1)
    view = View(cal, mode=DisplayMode.MONTH, rows=rows, width=width)
    try:
        first_month(view, _civil(year, 1, 1), months=12, month_columns=columns, month_spacing=spacing)
        view.days()
    except OutOfRangeError:
        if year not in (YEAR_MIN, YEAR_MAX):
            raise
        return None
    if args.highlight:
        view.set_highlighted(list(args.highlight))
    return view


def view_width(args: argparse.Namespace) -> float:
    """--view-width, else the default width of the page --mode shows."""
    if args.view_width is not None:
        return float(args.view_width)
    return DEFAULT_WEEK_VIEW_WIDTH if args.mode == "week" else DEFAULT_VIEW_WIDTH


def _now(clock: Clock, args: argparse.Namespace, today: AnyDate) -> Optional[tuple[int, int]]:
    """The now-line of week and day pictures: today (local day number) and --today's time
    of day, else the present time of day in the zone; none with --no-today."""
    if args.no_today:
        return None
    seconds = args.today.seconds if args.today is not None and args.today.seconds is not None \
        else clock.local_now()[1]
    return _day_number(today), seconds


# -- the command -----------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(systems=any(w in ("--calendar", "--secondary") or w.startswith(("--calendar=", "--secondary="))
                                      for w in words))
    args = parser.parse_args(argv)
    check_combinations(parser, args)
    try:
        return run(args)
    except CliError as e:
        print(f"kalends: {e}", file=sys.stderr)
        return e.status
    except EventFileError as e:
        print(f"kalends: {e}", file=sys.stderr)
        return 1
    except KalendsError as e:
        print(f"kalends: {e.message}", file=sys.stderr)
        return 1
    except OSError as e:
        where = f"{e.filename}: " if e.filename else ""
        print(f"kalends: {where}{e.strerror or e}", file=sys.stderr)
        return 1


def apply_locale(args: argparse.Namespace) -> Optional[Locale]:
    """The --locale's Locale (None without one), and the week options it decides: the
    locale's first weekday, minimal days and weekend where -f, --min-days, --weekend are
    not given (python -m calendar's Monday with -e, its -L form); else ISO 8601's."""
    loc = Locale(args.locale) if args.locale is not None else None
    full = loc is not None and not args.encoding
    if args.first_weekday is None:
        args.first_weekday = loc.first_weekday if full and loc is not None else Weekday.MONDAY
    if args.min_days is None:
        args.min_days = loc.min_days if full and loc is not None else 4
    if args.weekend is None:
        args.weekend = loc.weekend if loc is not None else frozenset({Weekday.SATURDAY, Weekday.SUNDAY})
    return loc


def run(args: argparse.Namespace) -> int:
    locale = apply_locale(args)
    names = Names(locale) if locale is not None else None
    clock = Clock(args.time_zone)
    color = args.color == "always" or (args.color == "auto" and sys.stdout.isatty()
                                       and os.environ.get("NO_COLOR") is None)
    today = args.today.date if args.today is not None else clock.local_now()[0]
    options = CalendarOptions(first_weekday=args.first_weekday, min_days_in_first_week=args.min_days,
                              weekend_days=args.weekend, today=Today.OFF if args.no_today else today,
                              locale=args.locale if args.locale is not None else "en")
    if args.interactive:
        return run_interactive(args, options, clock, today, color, names)
    if args.calendar is not None or args.secondary is not None:
        return run_system(args, options, today, color, names)
    with Calendar(options) as cal:
        page = choose_page(args, today)
        layer = _event_layer(args, clock, single_month=page.month is not None and args.page_months == 1)
        svg = _svg(cal, args, page, layer, clock, today, names) if args.svg else None
        output = _stdout(cal, args, page, layer, color, names)
    if svg is not None:   # files first: a reader that stops early (| head) must not lose them
        args.svg.parent.mkdir(parents=True, exist_ok=True)
        args.svg.write_text(svg, encoding="utf-8")
    return write_stdout(output)


def run_interactive(args: argparse.Namespace, options: CalendarOptions, clock: Clock, today: AnyDate, color: bool,
                    names: Optional[Names] = None) -> int:
    """``--interactive``: the terminal calendar with the options the other outputs take
    (the locale, --calendar's system and its YEAR and MONTH, --secondary, week numbers,
    rows, selection and highlights, events)."""
    from .interactive import Look, run as interactive
    from ..systems import CalendarSystem
    options = replace(options, system=args.calendar or "gregorian", secondary_system=args.secondary)
    layer = _event_layer(args, clock, single_month=True)
    look = Look(names=names or Names(), week_numbers=args.week_numbers, secondary=args.secondary is not None,
                system=args.calendar is not None, events=layer)
    with Calendar(options) as cal:
        start: Optional[AnyDate] = None
        if args.calendar is not None and args.year is not None:
            from .render_system import months_of
            first = months_of(cal, CalendarSystem(args.calendar), args.year, args.month or 1, _day_number(today))[0]
            start = Date.from_day_number(first.first_day)
        return interactive(cal, args, color=color, look=look, start=start)


def run_system(args: argparse.Namespace, options: CalendarOptions, today: AnyDate, color: bool,
               names: Optional[Names] = None) -> int:
    """``--calendar SYSTEM [YEAR [MONTH]]`` (and ``--secondary``): the system's months in
    text, JSON and SVG (render_system)."""
    from . import render_system as rs
    from ..systems import CalendarSystem
    name = args.calendar or "gregorian"
    system = CalendarSystem(name)
    options = replace(options, system=name, secondary_system=args.secondary)
    rows = Rows[(args.rows or ("fixed" if args.svg else "variable")).upper()]
    with Calendar(options) as cal:
        months = rs.months_of(cal, system, args.year, args.month, _day_number(today))
        grids = [cal.month_grid_containing(m.first_day, rows) for m in months]
        svg = None
        titles = [rs.month_title(name, m, names) for m in months]
        if args.svg:
            renderer = SvgRenderer(week_numbers=args.week_numbers, names=names)
            views = []
            for m in months:
                v = View(cal, mode=DisplayMode.MONTH, rows=rows, width=view_width(args))
                v.go_to(Date.from_day_number(m.first_day))
                views.append(v)
            year_title = f"{name} {args.year}" if names is None else names.year(args.year or 0)
            svg = (renderer.view(views[0], title=titles[0]) if args.month is not None or args.year is None
                   else renderer.year(views, args.year, args.months, titles=titles, title=year_title))
        if args.json:
            doc: dict[str, Any] = {"calendar": name, "secondary": args.secondary,
                                   "first_weekday": int(args.first_weekday), "min_days_in_first_week": args.min_days,
                                   "months": [rs.month_json(name, m, g, title) for m, g, title in
                                              zip(months, grids, titles)]}
            if names is not None and names.locale is not None:
                doc.update(_locale_json(names.locale))
            text = json.dumps(doc, indent=2) + "\n"
        else:
            text = "\n".join(rs.month_text(name, m, g, week_numbers=args.week_numbers,
                                           secondary=args.secondary, names=names, title=title)
                             for m, g, title in zip(months, grids, titles))
    if svg is not None:
        args.svg.parent.mkdir(parents=True, exist_ok=True)
        args.svg.write_text(svg, encoding="utf-8")
    return write_stdout(text.encode(args.encoding, "replace") if args.encoding else text)


def _is_ical(path: Path) -> bool:
    """An iCalendar file: named .ics, or starting with BEGIN:VCALENDAR."""
    if path.suffix.lower() in (".ics", ".ical", ".ifb"):
        return True
    try:
        with open(path, "rb") as f:
            return f.read(64).lstrip(b"\xef\xbb\xbf \t\r\n").upper().startswith(b"BEGIN:VCALENDAR")
    except OSError:
        return False


def _event_layer(args: argparse.Namespace, clock: Clock, single_month: bool) -> EventLayer | None:
    """The events of --events (or --caldav) in a store, with the zone and style to draw them."""
    if getattr(args, "caldav", None) is not None:   # issue 30: a CalDAV account's events of the pages shown
        from .caldav_account import caldav_store
        style_: Literal["bars", "dots"] = args.event_style or ("bars" if single_month else "dots")
        today = args.today.date if args.today is not None else clock.local_now()[0]
        from ..caldav import CalDAVError
        page = choose_page(args, today)
        try:
            store_ = caldav_store(args, clock.zone, page.year, page.month)
        except CalDAVError as e:
            raise CliError(f"--caldav: {e}") from None
        return EventLayer(store_, clock.zone, style_, args.max_dots)
    if args.events is None:
        return None
    zone = clock.zone
    try:
        if _is_ical(args.events):
            store = EventStore()
            ical.load(args.events, store, zone=zone)
        else:
            store = EventStore(load_events(args.events, zone))
    except KalendsError as e:   # a problem the library found after the file's own checks
        raise CliError(f"{args.events}: {e.message}") from None
    style: Literal["bars", "dots"] = args.event_style or ("bars" if single_month else "dots")
    return EventLayer(store, zone, style, args.max_dots)


def _views(cal: Calendar, args: argparse.Namespace, page: Page, rows: Rows) -> list[View]:
    months = [page.month] if page.month is not None else list(range(1, 13))
    return [make_view(cal, args, page.year, m, page.anchor, rows) for m in months]


def _svg(cal: Calendar, args: argparse.Namespace, page: Page, layer: EventLayer | None, clock: Clock,
         today: AnyDate, names: Optional[Names] = None) -> str:
    if args.mode == "agenda":
        return agenda_output(cal, args, page, layer, names, svg=True)
    rows = Rows[(args.rows or "fixed").upper()]
    renderer = SvgRenderer(week_numbers=args.week_numbers, names=names)
    if page.month is None:
        year = year_view(cal, args, page.year, rows)
        title = names.year(page.year) if names else str(page.year)
        if year is None:   # the first or last year covered: twelve month views, each within the range
            return renderer.year(_views(cal, args, page, rows), page.year, args.months, layer, title=title)
        return renderer.year_page(year, layer, title=title)
    if args.mode == "month" and args.page_months > 1:
        return renderer.view(months_view(cal, args, page), layer)
    now = _now(clock, args, today) if args.mode != "month" else None
    return renderer.view(_views(cal, args, page, rows)[0], layer, now=now)


#: The agenda picture's default width in points: a full date and its relative word in a heading.
AGENDA_WIDTH = 480.0


def agenda_output(cal: Calendar, args: argparse.Namespace, page: Page, layer: EventLayer | None,
                  names: Optional[Names], svg: bool) -> str:
    """``--mode agenda``: the agenda of the page's month (the library's layout, see
    app/agenda.py and app/render_agenda.py) as text or SVG, headings in the locale."""
    from .agenda import agenda_text
    from .render_agenda import agenda_svg
    month = page.month or page.anchor.month
    first = _day_number(_civil(page.year, month, 1))
    last = _day_number(_civil(page.year + month // 12, month % 12 + 1, 1)) - 1
    store, zone = (layer.store, layer.zone or TimeZone("UTC")) if layer is not None else (EventStore(), TimeZone("UTC"))
    marked = cal.today()
    today = _day_number(marked) if marked is not None else None
    locale = names.locale if names is not None and names.locale is not None else Locale("en")
    if svg:
        title = locale.format_month_year(page.year, month)
        return agenda_svg(store, zone, first, last, today, locale, args.view_width or AGENDA_WIDTH, title,
                          SvgRenderer(names=names))
    return agenda_text(store, zone, first, last, today, locale)


def _locale_json(locale: Locale) -> dict[str, Any]:
    """What --locale adds to the JSON: the locale it resolved to and its direction."""
    return {"locale": locale.identifier, "requested_locale": locale.requested, "direction": locale.direction}


def _stdout(cal: Calendar, args: argparse.Namespace, page: Page, layer: EventLayer | None, color: bool,
            names: Optional[Names] = None) -> bytes | str:
    """What to print: bytes when an encoding is given (or for HTML), else text."""
    if args.type == "html":
        return HtmlRenderer(cal, names).year_page(page.year, css=args.css,
                                                  encoding=args.encoding or sys.getdefaultencoding())
    if args.mode == "agenda":
        text = agenda_output(cal, args, page, layer, names, svg=False)
        return text.encode(args.encoding, "replace") if args.encoding else text
    if args.json:
        views = _views(cal, args, page, Rows[(args.rows or "fixed").upper()])
        doc: dict[str, Any] = {"first_weekday": int(args.first_weekday),
                               "min_days_in_first_week": args.min_days}
        doc.update(view_json(views[0], layer) if page.month is not None else
                   {"year": page.year, "months": [view_json(v, layer) for v in views]})
        if names is not None and names.locale is not None:
            doc.update(_locale_json(names.locale))
            if page.month is not None:
                doc["title"] = views[0].title()
            else:
                for page_doc, v in zip(doc["months"], views):
                    page_doc["title"] = v.title()
            doc["weekdays"] = [names.locale.weekday_names("abbreviated", "stand-alone")[int(w) - 1]
                               for w in _columns(args.first_weekday)]
        text = json.dumps(doc, indent=2) + "\n"
    else:
        rows = Rows[(args.rows or "variable").upper()]
        renderer = TextRenderer(cal, width=args.width, lines=args.lines, spacing=args.spacing,
                                months_per_row=args.months, rows=rows, week_numbers=args.week_numbers, color=color,
                                names=names)
        marked = args.mode != "month" or args.select or args.highlight
        year: Optional[View] = None
        view = make_view(cal, args, page.year, page.month or 1, page.anchor, Rows.VARIABLE) if marked else None
        if args.mode != "month" and view is not None:
            text = renderer.view(view)
        elif page.month is not None and args.page_months > 1:
            text = renderer.months(page.year, page.month, args.page_months, months_view(cal, args, page).title())
        elif page.month is not None:
            text = renderer.month(page.year, page.month, view.days() if view is not None else None)
        else:
            year = year_view(cal, args, page.year, rows)
            text = renderer.year(page.year, year)
        if layer is not None:
            # the events of every day the page shows: all its months when there are several
            views = ([months_view(cal, args, page)] if page.month is not None and args.page_months > 1
                     else [year] if page.month is None and year is not None
                     else _views(cal, args, page, Rows.VARIABLE))
            listed = agenda(layer.store, layer.zone or TimeZone("UTC"), views[0].page.first, views[-1].page.last)
            text += "\n" + (listed or "no events\n")
    return text.encode(args.encoding, "replace") if args.encoding else text


def _columns(first: Weekday) -> list[Weekday]:
    """The weekdays of a page's columns, from the first weekday."""
    return [Weekday((int(first) - 1 + i) % 7 + 1) for i in range(7)]


def write_stdout(output: bytes | str) -> int:
    """Prints the output; a reader that went away (``| head``) ends the command quietly
    with the status a shell gives a command stopped by SIGPIPE. The output goes out in
    pieces, each flushed: one large write() into a pipe can report success after the
    reader has gone."""
    piece = 1 << 15
    try:
        stream = getattr(sys.stdout, "buffer", None)
        if isinstance(output, bytes) and stream is not None:
            sys.stdout.flush()
            for i in range(0, len(output), piece):
                stream.write(output[i:i + piece])
                stream.flush()
        else:
            text = output.decode("utf-8", "replace") if isinstance(output, bytes) else output
            for i in range(0, len(text), piece):
                sys.stdout.write(text[i:i + piece])
                sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return BROKEN_PIPE_STATUS
    return 0


def _silence_stdout() -> None:
    """Points stdout at /dev/null, so that the interpreter's last flush at exit does not
    fail on the closed pipe again (and print "Exception ignored ... BrokenPipeError")."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)

"""Writes expected.txt: the inputs and expected values of the conformance scenario that
every language runtime's binding runs (SCENARIO.md), computed here from Python's
`calendar` and `datetime` modules and the header's documented rules, never from
Kalends' own output.

    python3 bindings/conformance/oracle.py          # rewrite expected.txt
    python3 bindings/conformance/oracle.py --check  # fail if expected.txt is stale

Format of expected.txt (easy to read in any language): one fact per line, `key value...`
separated by single spaces; blank lines and lines starting with '#' are comments. A
runtime formats what the library returned the same way and compares the strings.
"""
from __future__ import annotations

import calendar
import datetime as dt
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
EPOCH = dt.date(1970, 1, 1)
UTC = dt.timezone.utc

# ---- constants of the header (include/kalends/*.h) -----------------------------------


def header_constants() -> dict[str, int]:
    """#define KALENDS_X <integer> and enum { KALENDS_X = <integer>, ... } of the area headers."""
    out: dict[str, int] = {}
    for h in sorted((ROOT / "include" / "kalends").glob("*.h")):
        text = h.read_text()
        for m in re.finditer(r"^#define (KALENDS_\w+) (0x[0-9a-fA-F]+|\d+)u?\b", text, re.M):
            out[m.group(1)] = int(m.group(2), 0)
        for body in re.findall(r"enum \{([^}]*)\}", text):
            for m in re.finditer(r"(KALENDS_\w+) = (-?\d+)", body):
                out[m.group(1)] = int(m.group(2))
    return out


K = header_constants()

# ---- the scenario's inputs -----------------------------------------------------------

TODAY = dt.date(2026, 11, 18)
YEAR, MONTH = 2026, 11
FIRST_WEEKDAY = K["KALENDS_SUNDAY"]          # ISO 7
MIN_DAYS = 1                                 # the US rule: the week holding January 1st is week 1
WEEKEND = {6, 7}                             # Saturday and Sunday (the default weekend)
WIDTH = 320.0                                # the view's width; every other metric is the default
HEADER, WEEKDAY_ROW = 44.0, 0.0              # kalends_view_metrics_init: header (weekday symbols inside), no row; square rows
TAP_DAY = dt.date(2026, 12, 5)               # a trailing day of November's page
# id, all_day, start, end (timed: UTC instants; all-day: first and last day), color, title
EVENTS = [
    (1, 0, dt.datetime(2026, 11, 18, 9, 0, tzinfo=UTC), dt.datetime(2026, 11, 18, 10, 0, tzinfo=UTC), 0x3366CCFF, "Standup"),
    (2, 1, dt.date(2026, 11, 18), dt.date(2026, 11, 20), 0xCC3333FF, "Café"),
    (3, 0, dt.datetime(2026, 11, 25, 12, 0, tzinfo=UTC), dt.datetime(2026, 11, 25, 13, 0, tzinfo=UTC), 0x33AA55FF, "Lunch"),
    (4, 0, dt.datetime(2026, 10, 31, 23, 30, tzinfo=UTC), dt.datetime(2026, 11, 1, 0, 30, tzinfo=UTC), 0xAA7700FF, "Party"),
]
QUERIES = [(dt.date(2026, 11, 18), dt.date(2026, 11, 21)), (dt.date(2026, 11, 1), dt.date(2026, 11, 30)),
           (dt.date(2026, 12, 1), dt.date(2026, 12, 31))]


def day_number(d: dt.date) -> int:
    return d.toordinal() - EPOCH.toordinal()


def week_of_year(d: dt.date, first_weekday: int, min_days: int) -> tuple[int, int]:
    """(week, week-based year) by a (first weekday, minimum days in week 1) rule: week 1
    is the first week, starting on first_weekday, holding at least min_days of its year."""
    def week_start(x: dt.date) -> dt.date:
        return x - dt.timedelta(days=(x.isoweekday() - first_weekday) % 7)

    def week1(year: int) -> dt.date:
        jan1 = dt.date(year, 1, 1)
        start = week_start(jan1)
        days_in_year = 7 - (jan1 - start).days
        return start if days_in_year >= min_days else start + dt.timedelta(days=7)

    year = d.year
    if d < week1(year):
        year -= 1
    elif d >= week1(year + 1):
        year += 1
    return (week_start(d) - week1(year)).days // 7 + 1, year


def grid(year: int, month: int) -> list[dt.date]:
    """A fixed six-row month grid: Python's calendar module gives the first row's first
    day for weeks starting on FIRST_WEEKDAY; 42 consecutive days from there."""
    weeks = calendar.Calendar(firstweekday=FIRST_WEEKDAY - 1).monthdatescalendar(year, month)
    first = weeks[0][0]
    return [first + dt.timedelta(days=i) for i in range(42)]


def flags(d: dt.date, year: int, month: int, today: bool = True, selected: frozenset[dt.date] = frozenset(),
          focus: dt.date | None = None) -> int:
    f = 0
    if (d.year, d.month) == (year, month):
        f |= K["KALENDS_DAY_IN_MONTH"]
    elif (d.year, d.month) < (year, month):
        f |= K["KALENDS_DAY_LEADING"]
    else:
        f |= K["KALENDS_DAY_TRAILING"]
    if today and d == TODAY:
        f |= K["KALENDS_DAY_TODAY"]
    if d.isoweekday() in WEEKEND:
        f |= K["KALENDS_DAY_WEEKEND"]
    if d in selected:
        f |= K["KALENDS_DAY_SELECTED"]
    if d == focus:
        f |= K["KALENDS_DAY_FOCUSED"]
    return f


def day_line(key: str, i: int, d: dt.date, f: int, row_start: dt.date) -> str:
    week, week_year = week_of_year(row_start, FIRST_WEEKDAY, MIN_DAYS)
    return f"{key} {i} {d.isoformat()} {day_number(d)} {d.isoweekday()} {week} {week_year} {f}"


def weekend_mask() -> int:
    return sum(1 << (w - 1) for w in WEEKEND)


def event_bounds(e: tuple) -> tuple[int, int]:
    _, all_day, start, end, _, _ = e
    if all_day:
        return day_number(start), day_number(end)
    return int(start.timestamp()), int(end.timestamp())


def overlaps(e: tuple, first: dt.date, last: dt.date) -> bool:
    """Overlap with UTC days first...last (store.h): all-day events by their inclusive
    days; timed events [start, end), a zero-length one on the day of its start."""
    _, all_day, start, end, _, _ = e
    if all_day:
        return start <= last and end >= first
    lo = dt.datetime.combine(first, dt.time(), UTC)
    hi = dt.datetime.combine(last + dt.timedelta(days=1), dt.time(), UTC)
    if start == end:
        return lo <= start < hi
    return start < hi and end > lo


def start_key(e: tuple) -> tuple[dt.datetime, int, int]:
    """Start order (store.h): by start instant, an all-day event from the UTC midnight of
    its first day and before timed events starting then, then id."""
    eid, all_day, start, _, _, _ = e
    instant = dt.datetime.combine(start, dt.time(), UTC) if all_day else start
    return instant, 0 if all_day else 1, eid


def render() -> str:
    out = ["# Generated by bindings/conformance/oracle.py from Python's calendar and datetime",
           "# modules and the header's rules; do not edit (python3 bindings/conformance/oracle.py).",
           "# SCENARIO.md says what each line means.", ""]
    major, minor, patch = K["KALENDS_VERSION_MAJOR"], K["KALENDS_VERSION_MINOR"], K["KALENDS_VERSION_PATCH"]
    out += ["# 1. version (include/kalends/version.h)",
            f"version.string {major}.{minor}.{patch}",
            f"version.number {(major << 16) | (minor << 8) | patch}",
            f"version.abi {K['KALENDS_ABI_VERSION']}", ""]
    out += ["# 2. calendar: inputs, then what kalends_calendar_get_options and _today give back",
            f"calendar.first_weekday {FIRST_WEEKDAY}",
            f"calendar.min_days_in_first_week {MIN_DAYS}",
            f"calendar.today_mode {K['KALENDS_TODAY_FIXED']}",
            f"calendar.today {TODAY.year} {TODAY.month} {TODAY.day}",
            f"calendar.weekend_days {weekend_mask()}",
            f"calendar.today_date {TODAY.isoformat()}", ""]
    days = grid(YEAR, MONTH)
    out += ["# 3. grid: kalends_calendar_month_grid(YEAR, MONTH, KALENDS_ROWS_FIXED)",
            "# grid.day INDEX DATE DAY_NUMBER ISO_WEEKDAY WEEK WEEK_YEAR FLAGS",
            f"grid.month {YEAR} {MONTH} {K['KALENDS_ROWS_FIXED']}",
            f"grid.count {len(days)}"]
    out += [day_line("grid.day", i, d, flags(d, YEAR, MONTH), days[i - i % 7]) for i, d in enumerate(days)]
    for name, bit in (("in_month", "KALENDS_DAY_IN_MONTH"), ("leading", "KALENDS_DAY_LEADING"),
                      ("trailing", "KALENDS_DAY_TRAILING"), ("today", "KALENDS_DAY_TODAY"),
                      ("weekend", "KALENDS_DAY_WEEKEND")):
        out.append(f"grid.{name} {sum(1 for d in days if flags(d, YEAR, MONTH) & K[bit])}")
    out.append("")
    # the tap: the centre of TAP_DAY's cell by the documented default metrics
    index = days.index(TAP_DAY)
    cell = WIDTH / 7
    x = (index % 7 + 0.5) * cell
    y = HEADER + WEEKDAY_ROW + (index // 7 + 0.5) * cell
    page = grid(TAP_DAY.year, TAP_DAY.month)
    out += ["# 4. view: width VIEW.WIDTH (other metrics and options default), tap at TAP.POINT",
            f"view.width {WIDTH:g}",
            f"view.page_before {YEAR} {MONTH} {day_number(TODAY)}",
            f"tap.point {x:.6f} {y:.6f}",
            f"tap.hit {K['KALENDS_ELEMENT_DAY']} {day_number(TAP_DAY)} {index}",
            f"tap.action {K['KALENDS_OUTCOME_SELECTED']} 1 {day_number(TAP_DAY)} {K['KALENDS_DIRECTION_FORWARD']}",
            "# view.page YEAR MONTH ANCHOR FIRST LAST (day numbers)",
            f"view.page {TAP_DAY.year} {TAP_DAY.month} {day_number(TAP_DAY)} {day_number(page[0])} {day_number(page[-1])}",
            "# view.selection COUNT FIRST LAST",
            f"view.selection 1 {day_number(TAP_DAY)} {day_number(TAP_DAY)}",
            f"view.count {len(page)}"]
    out += [day_line("view.day", i, d, flags(d, TAP_DAY.year, TAP_DAY.month, selected=frozenset({TAP_DAY}),
                                              focus=TAP_DAY), page[i - i % 7]) for i, d in enumerate(page)]
    out.append("")
    out += ["# 5. store: add these events (one kalends_store_add_events call), then query UTC days",
            "# store.event ID ALL_DAY START END COLOR TITLE (title: UTF-8, the rest of the line)"]
    for e in EVENTS:
        start, end = event_bounds(e)
        out.append(f"store.event {e[0]} {e[1]} {start} {end} {e[4]} {e[5]}")
    out.append(f"store.count {len(EVENTS)}")
    out.append("# store.query FIRST LAST [IDS...] (day numbers; the ids in start order)")
    for first, last in QUERIES:
        ids = [e[0] for e in sorted((e for e in EVENTS if overlaps(e, first, last)), key=start_key)]
        out.append(" ".join(["store.query", str(day_number(first)), str(day_number(last))] + [str(i) for i in ids]))
    out.append("")
    out += ["# 6. error: a calendar used after its handle was released by the runtime's own",
            "# mechanism (Drop, Close, close, ...); status and kalends_status_string",
            f"error.status {K['KALENDS_E_MISUSE']} misuse", ""]
    out += ["# 7. overhead: calls of kalends_date_from_day_number to time (printed, not asserted)",
            "overhead.calls 100000", ""]
    return "\n".join(out)


def main() -> int:
    target = HERE / "expected.txt"
    text = render()
    if "--check" in sys.argv[1:]:
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            print("bindings/conformance/expected.txt is stale: run python3 bindings/conformance/oracle.py",
                  file=sys.stderr)
            return 1
        print("conformance: expected.txt up to date")
        return 0
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

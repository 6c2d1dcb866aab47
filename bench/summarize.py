"""The bench summary: every path of issues 13 and 16 (and the paths that are ahead) with
its anchor, Kalends, the ratio, the goal and whether it is met.

    python bench/summarize.py [--write SUMMARY.md] RESULTS.tsv [MORE.tsv ...]

Each RESULTS file is what one `make bench` wrote (the benches append
``key<TAB>anchor<TAB>kalends`` rows to $KALENDS_BENCH_SUMMARY; anchor and Kalends were
measured in the same process, samples alternating, medians). With several files (several
runs) the table shows each run's figure and a row is met only when it is met in every run.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

# Goal kinds, on (anchor, kalends):
#   "faster"  anchor / kalends >= goal   (kalends is `goal` times faster; times)
#   "time"    kalends / anchor <= goal   (kalends takes at most `goal` times the anchor)
#   "max"     kalends <= goal            (an absolute bound in the row's unit)
#   "over"    kalends - anchor <= goal   (at most `goal` more than the anchor)


@dataclass(frozen=True)
class Row:
    key: str
    path: str
    anchor: str
    unit: str
    kind: str
    goal: float
    issue: str


ARITHMETIC = ["gregorian", "iso8601", "buddhist", "roc", "japanese", "julian", "islamic-civil", "islamic-tbla",
              "coptic", "ethiopic", "ethiopic-amete-alem", "persian", "indian", "hebrew"]
ASTRONOMICAL = ["islamic-umalqura", "islamic", "chinese", "dangi"]

ROWS: list[Row] = [
    Row("grid.c.floor", "month grid through the C ABI", "plain-C grid (floor_grid.h)", "ns", "time", 1.5, "16"),
    Row("grid.py.month_dates", "`month_dates` (datetime.date weeks)", "calendar.monthdatescalendar", "ns",
        "faster", 3, "16"),
    Row("grid.py.month_grid", "`month_grid` (Day objects)", "calendar.monthdatescalendar", "ns", "faster", 1, "16"),
    Row("grid.py.month_grid_first_time", "`month_grid`, a month's Day objects made anew", "calendar.monthdatescalendar",
        "ns", "faster", 1, "16"),
    *[Row(f"solver.py.chain_build.{n}", f"kiwisolver drop-in, chain build N={n}", "kiwisolver", "us", "faster", 1,
          "16") for n in (100, 1000, 3000)],
    Row("solver.py.drag_x0.100", "kiwisolver drop-in, drag x0 N=100", "kiwisolver", "ns", "faster", 1, "16"),
    Row("solver.py.drag_last.100", "kiwisolver drop-in, drag last N=100", "kiwisolver", "ns", "faster", 1, "16"),
    Row("solver.py.drag_x0.1000", "kiwisolver drop-in, drag x0 N=1000", "kiwisolver", "ns", "time", 0.1, "16"),
    Row("solver.py.drag_last.1000", "kiwisolver drop-in, drag last N=1000", "kiwisolver", "ns", "faster", 1, "16"),
    Row("solver.py.form_build", "kiwisolver drop-in, enaml-like form build", "kiwisolver", "us", "faster", 1, "16"),
    Row("solver.py.form_resize", "kiwisolver drop-in, form resize step", "kiwisolver", "ns", "faster", 1, "16"),
    Row("events.py.query_bisect.10000", "event query from Python, 10k events", "bisect over host tuples", "ns",
        "faster", 2, "16"),
    Row("events.py.query_host.10000", "event query from Python, 10k events", "three bisects over the host's objects",
        "ns", "faster", 1, "25"),
    Row("events.py.query_host.1000000", "event query from Python, 1M events", "three bisects over the host's objects",
        "ns", "faster", 1, "25"),
    Row("events.py.query_sqlite.10000", "event query from Python, 10k events", "sqlite3 (in memory, indexed)", "ns",
        "faster", 10, "16"),
    Row("events.py.query_bisect.1000000", "event query from Python, 1M events", "bisect, tuples in start order",
        "ns", "faster", 1, "16"),
    Row("events.py.query_sqlite.1000000", "event query from Python, 1M events", "sqlite3 (in memory, indexed)", "ns",
        "faster", 10, "16 (ahead)"),
    Row("events.c.bytes_per_event", "memory per event, C store, 1M events", "SQLite in memory", "B", "max", 64,
        "16"),
    Row("events.c.load_peak", "C store load peak, 1M events", "the store's resident size", "MiB", "time", 1.5,
        "16"),
    Row("events.py.memory.1000000", "Python store after every event queried, 1M", "bisect's sorted tuples", "MiB",
        "time", 1, "16"),
    Row("bars.c.500", "month bars, 500 multi-day events, C", "-", "us", "max", 30, "16"),
    Row("bars.py.500", "month bars from Python, 500 events (~640 bars)", "-", "us", "max", 250, "16"),
    Row("locale.py.format_date", "`Locale.format_date` (full style)", "babel's format_date", "ns", "faster", 1.5, "25"),
    Row("locale.py.open", "`Locale(identifier)` opened (and freed)", "babel's Locale.parse", "ns", "faster", 2, "25"),
    Row("locale.py.format_interval", "`Locale.format_interval` (yMMMd, a week)", "babel's format_interval", "ns", "faster", 20, "27"),
    Row("locale.c.parse_date", "`kalends_locale_parse_date` from C (en_US short, style given)", "-", "us", "max", 2, "27"),
    Row("locale.c.parse_date_any", "`kalends_locale_parse_date` from C (en_US medium, any style)", "-", "us", "max", 2, "27"),
    Row("locale.c.format_interval", "`kalends_locale_format_interval` from C (yMMMd, a week)", "-", "us", "max", 5, "27"),
    Row("locale.py.parse_date", "`Locale.parse_date` (en_US short, style given)", "datetime.strptime (%m/%d/%y)", "ns", "faster", 20, "27"),
    Row("import.py", "`import kalends` (fresh interpreter)", "`import calendar`", "ms", "over", 15, "16"),
    # before systems: the bench built against 5151164, run in turns with this build (bench/pre_systems.py)
    Row("grid.swift.gregorian_vs_pre_systems", "Gregorian monthGrid ([Day]) in Swift",
        "the same before calendar systems", "ns", "time", 1.05, "13"),
    Row("grid.swift.forEachDay_vs_pre_systems", "Gregorian forEachDay in Swift", "the same before calendar systems",
        "ns", "time", 1.05, "13"),
    *[Row(f"systems.grid.{s}", f"{s} month grid (42 days)", "Gregorian grid", "ns", "time", 2, "13")
      for s in ARITHMETIC if s != "gregorian"],
    *[Row(f"systems.grid.{s}", f"{s} month grid (42 days)", "Gregorian grid", "ns", "time", 10, "13")
      for s in ASTRONOMICAL],
    *[Row(f"systems.day.{s}", f"day -> {s} date", "Foundation Calendar", "ns", "faster", 50, "13")
      for s in ARITHMETIC + ASTRONOMICAL if s not in ("julian",)],
    # paths that are ahead today: they must stay ahead
    Row("grid.py.month_grid_again", "`month_grid`, the same month again (cached)", "calendar.monthdatescalendar", "ns",
        "faster", 1, "ahead"),
    Row("grid.swift.monthGrid", "KalendsCore monthGrid ([Day])", "Foundation grid (seed-app style)", "ns", "faster",
        10, "ahead"),
    Row("grid.swift.forEachDay", "KalendsCore forEachDay", "Foundation grid (seed-app style)", "ns", "faster", 10,
        "ahead"),
    Row("grid.swift.c_abi", "C ABI month grid (dlopen)", "Foundation grid (seed-app style)", "ns", "faster", 10,
        "ahead"),
    Row("grid.c.far_year", "C ABI grid in year 990000", "the same in 2000", "ns", "time", 1.2, "ahead"),
    Row("view.c.far_year", "view page layout in year 900000", "the same in 2026", "ns", "time", 1.2, "ahead"),
    Row("scroll.c.10000y.vertical", "scroll query, 10,000 years (vertical)", "1 year", "ns", "time", 1.5, "ahead"),
    Row("scroll.c.10000y.horizontal", "scroll query, 10,000 years (horizontal)", "1 year", "ns", "time", 1.5,
        "ahead"),
    *[Row(f"solver.c.chain_build.{n}", f"solver from C, chain build N={n}", "kiwi C++", "us", "faster", 1, "ahead")
      for n in (100, 1000, 3000)],
    *[Row(f"solver.c.drag_{w}.{n}", f"solver from C, drag {w} N={n}", "kiwi C++", "ns", "faster", 1, "ahead")
      for n in (100, 1000) for w in ("x0", "last")],
    Row("solver.c.form_build", "solver from C, enaml-like form build", "kiwi C++", "us", "faster", 1, "ahead"),
    Row("solver.c.form_resize", "solver from C, form resize step", "kiwi C++", "ns", "faster", 1, "ahead"),
    Row("events.c.query.10000", "event query from C, 10k events", "SQLite (C, indexed)", "ns", "faster", 10,
        "ahead"),
    Row("events.c.query.1000000", "event query from C, 1M events", "SQLite (C, indexed)", "ns", "faster", 10,
        "ahead"),
    # issue 24: a dense recurring event (one a second) costs what a month page shows;
    # anchors: the same event once a minute (bars, dots), a month's count (the year's),
    # the CLI without events
    Row("dense.py.bars", "month bars from Python, an event every second (3.6M on the page)", "every minute", "us",
        "max", 1000, "24"),
    Row("dense.py.dots", "month dots from Python, an event every second", "every minute", "us", "max", 1000, "24"),
    Row("dense.py.count_year", "count of a year of an event every second", "count of a month", "us", "time", 3, "24"),
    Row("dense.cli.ms", "`kalends 2026 11 --events` an event every second", "the CLI without events", "ms", "max", 1000,
        "24"),
    Row("dense.cli.rss", "its peak RSS", "the CLI without events", "MiB", "max", 50, "24"),
    # issue 26: a pointer move during a range drag (hit test + preview); anchors: a hit
    # test alone (C), the same move without reading the days (Python); the far row: a
    # drag that started 120 pages (3649 days) back, against one from the page
    Row("pointer.c.range_move", "range drag move from C (hit test + preview)", "a hit test", "ns", "max", 2000, "26"),
    Row("pointer.c.range_move.far", "range drag move from C, drag from 10 years back", "drag from the page", "ns",
        "time", 1.2, "26"),
    Row("pointer.py.range_move", "range drag move from Python with the days' flags", "the move alone", "us", "max",
        40, "26"),
    *[Row(f"rrule.{side}.{case}", f"dateutil.rrule drop-in ({'C' if side == 'c' else 'Python'}), {case}",
          "dateutil 4.0.0", "ns", "faster", 100 if side == "c" else 20, "15")
      for side in ("py", "c") for case in ("weekly-10-years", "weekly-100-years", "monthly-last-day-100-years",
                                           "yearly-4th-thursday-1000-years")],
    Row("edit.c.move", "a move during an event drag, week of 1,000 timed events: proposal + affected days' boxes, C",
        "-", "us", "max", 50, "26"),
    Row("edit.c.move_10x", "the same with 10x the events elsewhere in the store", "1,000 events in the store", "us",
        "time", 1.2, "26"),
    Row("edit.c.commit_1m", "the commit of an event drag into a store of 1M events, C", "-", "us", "max", 5, "26"),
    Row("edit.py.move", "a move during an event drag from Python (update + preview), 1,000 events", "-", "us", "max",
        500, "26"),
    # issue 28: RFC 7529 rules against libical's iterator built with ICU (from C)
    *[Row(f"rscale.{side}.{case}", f"RSCALE rule ({'C' if side == 'c' else 'Python'}), {case}",
          "libical 3.0.16 (C, ICU)", "ns", "faster", 10 if side == "c" else 3, "28")
      for side in ("c", "py") for case in ("chinese-new-year-1000-years", "hebrew-monthly-100-years",
                                           "ramadan-500-years")],
    # issue 29: the Tk hosts under Xvfb (bench/python/tk_page_bench.py), wall time
    Row("tk.desktop.page", "desktop calendar: a month page change, 1,000 events a month (layout + Tk drawing)", "-",
        "ms", "max", 16, "29"),
    Row("tk.desktop.page_10x", "the same with 10,000 events a month", "1,000 events", "ms", "time", 1.5, "29"),
    Row("tk.desktop.vs_tkcalendar", "desktop page change against tkcalendar's month change, 1,000 calevents a month",
        "tkcalendar 1.5.0", "ms", "faster", 5, "29"),
    Row("tk.tkcalendar.page", "kalends.tkcalendar month change, 1,000 calevents a month, at tkcalendar's size "
        "(like for like)", "tkcalendar 1.5.0", "ms", "faster", 5, "29"),
    Row("tk.desktop.vs_tkcalendar_same_size", "desktop page change against tkcalendar stretched to the desktop's "
        "canvas (1000x661, a 20 px font), 1,000 calevents a month", "tkcalendar 1.5.0", "ms", "faster", 5, "29"),
    Row("tk.tkcalendar.page_large", "kalends.tkcalendar month change, both stretched to 1000x661 (a 20 px font)",
        "tkcalendar 1.5.0", "ms", "faster", 5, "29"),
    Row("tk.desktop.week_page", "desktop calendar: a week page change, 1,000 events a month (layout + Tk drawing)",
        "-", "ms", "max", 16, "29"),
    # Tk's own share: a repaint of the unchanged window (the floor of any page change of it);
    # above 0.2x of tkcalendar's month change, 5x cannot be reached at that size
    Row("tk.desktop.repaint", "Tk + X repainting the desktop's unchanged month page (1000x661)",
        "tkcalendar 1.5.0 month change", "ms", "time", 0.2, "29"),
    Row("tk.tkcalendar.repaint", "Tk + X repainting kalends.tkcalendar unchanged, at tkcalendar's size",
        "tkcalendar 1.5.0 month change", "ms", "time", 0.2, "29"),
    # issue 29: the GTK 4 host (bindings/c/examples/gtk) redraws its week page offscreen:
    # Kalends' frames (the anchor column) plus Cairo's drawing, under Xvfb
    *[Row(f"gtk.c.week_redraw.{n}", f"GTK host: a week of {n + 9:,} events redrawn (frames + Cairo), C",
          "Kalends' frames alone", "ms", "max", 8, "29") for n in (100, 1000)],
    # issue 27: a year page (12 months laid out, the dots of every day shown) from C
    Row("year_page.c.10000", "year page: 12 months laid out + dots of 10,000 events, C", "-", "us", "max", 100, "27"),
    # issue 27 item 2: the agenda, a viewport of 800 points over 1M events (from C)
    Row("agenda.c.viewport_month_1m", "agenda viewport (800 points, ~30 rows), range one month of 1M events in 10 years, C",
        "-", "us", "max", 500, "27"),
    Row("agenda.c.viewport_10y_1m", "the same viewport with the range all 10 years", "range one month", "us", "time",
        1.5, "27"),
    Row("agenda.c.viewport_9999y_1m", "the same viewport with the range years 1 ... 9999", "range one month", "us",
        "time", 1.5, "27"),
    Row("agenda.c.viewport_10y_100k_vs_1m", "10-year viewport, 1M events (274 a day) against 100,000 (27 a day)",
        "100,000 events", "us", "time", 1.5, "27"),
    Row("agenda.c.viewport_1y_1m_vs_10y_100k", "1-year viewport, 1M events (2,740 a day) against 10 years of 100,000",
        "100,000 events", "us", "time", 1.5, "27"),
    # issue 27 item 4: the date field, en_US, "11222026" typed digit by digit (no goal in the issue: the
    # keystroke's bound is parse_date's from C, the others follow from eight keystrokes)
    Row("date_field.c.keystroke", "DateField: a keystroke (a digit) from C", "-", "us", "max", 2, "27"),
    Row("date_field.c.typed_date", "DateField: a date typed (clear, 8 digits, value) from C", "-", "us", "max", 16,
        "27"),
    Row("date_field.py.keystroke", "`DateField.type` of a digit from Python", "-", "us", "max", 10, "27"),
    Row("date_field.py.typed_date", "`DateField`: a date typed from Python (clear, 8 digits, value)",
        "datetime.strptime of its text", "us", "max", 80, "27"),
    # issue 30: CalDAV with 10,000 events on the server (a month page: ~600 resources)
    Row("caldav.py.page_change", "a CalDAV page change: the view's call, returning before the answer", "-", "us",
        "max", 1000, "30"),
    Row("caldav.py.apply", "a CalDAV answer applied after the response (parse + cache + page + store)", "-", "ms",
        "max", 50, "30"),
    Row("caldav.py.apply_10k", "the same with the other 9,400 events cached", "only the page cached", "ms", "time",
        1.5, "30"),
    Row("caldav.py.cached_page", "a CalDAV page inside the fetched range, answered from the cache", "-", "ms", "max",
        50, "30"),
]


def read(path: str) -> dict[str, tuple[float, float]]:
    out: dict[str, tuple[float, float]] = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) == 3:
            out[parts[0]] = (float(parts[1]), float(parts[2]))
    return out


def figure(row: Row, anchor: float, kalends: float) -> tuple[str, bool]:
    """The ratio as the goal reads it, and whether the goal is met."""
    if row.kind == "faster":
        r = anchor / kalends if kalends else float("inf")
        return f"{r:.2f}x faster", r >= row.goal
    if row.kind == "time":
        r = kalends / anchor if anchor else float("inf")
        return f"{r:.2f}x the anchor", r <= row.goal
    if row.kind == "max":
        return f"{kalends:.4g} {row.unit}", kalends <= row.goal
    return f"+{kalends - anchor:.1f} {row.unit}", kalends - anchor <= row.goal


def goal_text(row: Row) -> str:
    return {"faster": f">= {row.goal:g}x faster", "time": f"<= {row.goal:g}x the anchor",
            "max": f"<= {row.goal:g} {row.unit}", "over": f"<= +{row.goal:g} {row.unit}"}[row.kind]


def value(v: float, unit: str) -> str:
    if unit == "ns" and v >= 10_000:
        return f"{v / 1000:.1f} us"
    return f"{v:.4g} {unit}"


def table(runs: list[dict[str, tuple[float, float]]]) -> str:
    multi = len(runs) > 1
    head = ["issue", "path", "anchor", "anchor value", "Kalends"]
    head += [f"run {i + 1}" for i in range(len(runs))] if multi else ["ratio"]
    head += ["goal", "status"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    met_count = 0
    measured = 0
    for row in ROWS:
        per_run = [r.get(row.key) for r in runs]
        found = [x for x in per_run if x is not None]
        if not found:
            cells = [row.issue, row.path, row.anchor, "-", "-"] + ["-"] * (len(runs) if multi else 1)
            lines.append("| " + " | ".join(cells + [goal_text(row), "not measured"]) + " |")
            continue
        measured += 1
        figures = [figure(row, a, k) for a, k in found]
        ok = all(m for _, m in figures) and len(found) == len(runs)
        met_count += ok
        a, k = found[-1]
        status = "met" if ok else ("NOT met" if not any(m for _, m in figures) else
                                   f"met in {sum(m for _, m in figures)} of {len(runs)}")
        anchor_value = value(a, row.unit) if row.kind != "max" or a else "-"
        cells = [row.issue, row.path, row.anchor, anchor_value, value(k, row.unit)]
        shown = iter(f for f, _ in figures)
        cells += [next(shown) if x is not None else "-" for x in per_run] if multi else [figures[-1][0]]
        lines.append("| " + " | ".join(cells + [goal_text(row), status]) + " |")
    note = (f"\n{met_count} of {measured} measured rows meet their goal"
            + (f" in all {len(runs)} runs" if multi else "") + " (anchor and Kalends values: the last run).\n")
    return "\n".join(lines) + "\n" + note


def main(argv: list[str]) -> int:
    write = None
    if len(argv) >= 2 and argv[0] == "--write":
        write, argv = argv[1], argv[2:]
    if not argv:
        print(__doc__)
        return 2
    runs = [read(p) for p in argv if Path(p).exists()]
    if not runs:
        print("summarize: no results (run `make bench`)")
        return 1
    text = table(runs)
    print(text)
    if write:
        Path(write).write_text("# Bench summary (bench/summarize.py, from `make bench`)\n\n" + text, encoding="utf-8")
        print(f"wrote {write}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""A page change in the Tk hosts (issue 29), under an X server (``make -C bench tk`` runs
it in xvfb-run): the desktop calendar (kalends.app) turning a month that holds 1,000 (and
10,000) events: Kalends' layout (the view's frames, days and event bars) and Tk's drawing
(the canvas items, and the X server rendering them: ``update_idletasks``) timed apart;
against tkcalendar 1.5.0 turning its month with 1,000 calevents in it, in the same
process (and kalends.tkcalendar with the same calevents). Medians of wall time, ms."""
from __future__ import annotations

import datetime as dt
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_summary import record  # noqa: E402

MONTH = dt.date(2026, 11, 1)
SAMPLES = 41


def ics(count: int) -> bytes:
    """``count`` events in November 2026: a quarter all-day (1-3 days), the rest timed."""
    rng = random.Random(29)
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//kalends bench//EN"]
    for i in range(count):
        day = MONTH + dt.timedelta(days=rng.randrange(30))
        lines += ["BEGIN:VEVENT", f"UID:e{i}@bench", "DTSTAMP:20261101T000000Z", f"SUMMARY:Event {i}"]
        if i % 4 == 0:
            end = day + dt.timedelta(days=1 + rng.randrange(3))
            lines += [f"DTSTART;VALUE=DATE:{day:%Y%m%d}", f"DTEND;VALUE=DATE:{end:%Y%m%d}"]
        else:
            hour = 8 + rng.randrange(10)
            lines += [f"DTSTART:{day:%Y%m%d}T{hour:02d}0000Z", f"DTEND:{day:%Y%m%d}T{hour + 1:02d}0000Z"]
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return ("\r\n".join(lines) + "\r\n").encode()


def desktop(root: object, count: int) -> tuple[float, float]:
    """(Kalends' layout, layout + Tk drawing and rendering) of a month page change, ms."""
    from kalends.app.desktop.sources import IcsFile
    from kalends.app.desktop.window import DesktopCalendar
    import tkinter as tk
    folder = tempfile.TemporaryDirectory()
    path = Path(folder.name) / "bench.ics"
    path.write_bytes(ics(count))
    top = tk.Toplevel(root)   # type: ignore[arg-type]
    top.geometry("1000x720+0+0")
    app = DesktopCalendar(top, [IcsFile(path)], locale="en_US", date=MONTH + dt.timedelta(days=14), zone="UTC")
    for _ in range(5):
        top.update()
    view = app.view
    layout, total = [], []
    for i in range(SAMPLES):
        step = view.next_page if i % 2 == 0 else view.previous_page
        t0 = time.perf_counter()
        step()
        view.layout()
        view.days()
        view.event_bars(app.store, app.zone, bar_height=16.0, top_inset=20.0, lane_spacing=2.0, side_inset=2.0)
        view.title()
        layout.append(time.perf_counter() - t0)
        (view.previous_page if i % 2 == 0 else view.next_page)()
        t0 = time.perf_counter()
        step()
        app.redraw()
        top.update_idletasks()
        total.append(time.perf_counter() - t0)
        top.update()   # the main loop's turn: the X server's events, outside the timing
    top.destroy()
    folder.cleanup()
    return statistics.median(layout) * 1000, statistics.median(total) * 1000


def calendar_paging(module: object, root: object, count: int) -> float:
    """A month change of a Calendar with ``count`` calevents in the month, ms (its next
    month button, as a click invokes it)."""
    import tkinter as tk
    top = tk.Toplevel(root)   # type: ignore[arg-type]
    cal = module.Calendar(top, locale="en_US", year=2026, month=11, day=15)   # type: ignore[attr-defined]
    cal.pack()
    rng = random.Random(29)
    for i in range(count):
        cal.calevent_create(MONTH + dt.timedelta(days=rng.randrange(30)), f"Event {i}", "tag")
    for _ in range(5):
        top.update()
    samples = []
    for i in range(SAMPLES):
        t0 = time.perf_counter()
        if hasattr(cal, "_r_month"):            # tkcalendar: its arrow buttons
            (cal._r_month if i % 2 == 0 else cal._l_month).invoke()
        else:                                   # kalends.tkcalendar: the view's page, as a click on its arrow
            cal._user_page(1 if i % 2 == 0 else -1)
        top.update_idletasks()
        samples.append(time.perf_counter() - t0)
        top.update()
    top.destroy()
    return statistics.median(samples) * 1000


def main() -> None:
    import tkinter as tk
    import tkcalendar
    import kalends.tkcalendar
    root = tk.Tk()
    root.withdraw()
    layout, total = desktop(root, 1000)
    layout10, total10 = desktop(root, 10000)
    theirs = calendar_paging(tkcalendar, root, 1000)
    ours = calendar_paging(kalends.tkcalendar, root, 1000)
    root.destroy()
    print(f"desktop month page change, 1,000 events: Kalends layout {layout:.2f} ms, with Tk drawing {total:.2f} ms "
          f"(Tk {total - layout:.2f} ms)")
    print(f"desktop month page change, 10,000 events: Kalends layout {layout10:.2f} ms, with Tk drawing "
          f"{total10:.2f} ms (Tk {total10 - layout10:.2f} ms)")
    print(f"tkcalendar month change, 1,000 calevents: {theirs:.2f} ms; kalends.tkcalendar: {ours:.2f} ms")
    print(f"desktop page change {theirs / total:.1f}x faster than tkcalendar's paging")
    record("tk.desktop.page", 0, total)
    record("tk.desktop.page_10x", total, total10)
    record("tk.desktop.vs_tkcalendar", theirs, total)
    record("tk.tkcalendar.page", theirs, ours)


if __name__ == "__main__":
    main()

"""A page change in the Tk hosts (issue 29), under an X server (``make -C bench tk`` runs
it in xvfb-run): the desktop calendar (kalends.app) turning between two months that hold
1,000 (and 10,000) events each: Kalends' layout (the view's frames, days and event bars)
and Tk's drawing (the canvas items, and the X server rendering them: ``update_idletasks``
and a round trip to the server) timed apart; against tkcalendar 1.5.0 turning between
the same two months with 1,000 calevents in each, in the same process (and
kalends.tkcalendar with the same calevents), interleaved sample by sample.

Two sizes: each at its default size (the desktop's canvas 1000x661, tkcalendar's natural
size), and at equal sizes (tkcalendar stretched to the desktop's canvas with a larger
font; kalends.tkcalendar at tkcalendar's natural size, the like-for-like row, and
stretched as tkcalendar). Tk's own share is measured by a repaint of the whole window
that changes nothing (the canvas's background set to itself), the floor of any page
change of that window. Medians of wall time, ms."""
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
from kalends.app.desktop.month_page import month_lanes  # noqa: E402
from kalends.view import ElementKind  # noqa: E402

MONTH = dt.date(2026, 11, 1)
SAMPLES = 101


def day_in(i: int, rng: random.Random) -> dt.date:
    """The day of the ``i``-th event: November 2026 for even ``i``, December for odd (so
    both pages of a page change hold ``count`` events)."""
    return MONTH + dt.timedelta(days=rng.randrange(30) + (30 if i % 2 else 0))


def ics(count: int) -> bytes:
    """``count`` events in each of November and December 2026: a quarter all-day (1-3
    days), the rest timed."""
    rng = random.Random(29)
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//kalends bench//EN"]
    for i in range(2 * count):
        day = day_in(i, rng)
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


class Desktop:
    """The desktop calendar on November 2026, ``count`` events in it and as many in
    December, in its own window."""

    def __init__(self, root: object, count: int) -> None:
        from kalends.app.desktop.sources import IcsFile
        from kalends.app.desktop.window import DesktopCalendar
        import tkinter as tk
        self.folder = tempfile.TemporaryDirectory()
        path = Path(self.folder.name) / "bench.ics"
        path.write_bytes(ics(count))
        self.top = tk.Toplevel(root)   # type: ignore[arg-type]
        self.top.geometry("1000x720+0+0")
        self.app = DesktopCalendar(self.top, [IcsFile(path)], locale="en_US", date=MONTH + dt.timedelta(days=14),
                                   zone="UTC")
        for _ in range(5):
            self.top.update()
        self.layout: list[float] = []
        self.total: list[float] = []
        self.python: list[float] = []
        self.tk: list[float] = []
        self.repaint: list[float] = []

    def sample(self, i: int) -> None:
        """One page change (to December on even ``i``, back to November on odd): Kalends'
        layout alone, then the page change drawn (layout + the Python drawing, then Tk's
        canvas work + X rendering), then a repaint that changes nothing."""
        app, view = self.app, self.app.view
        step = view.next_page if i % 2 == 0 else view.previous_page
        t0 = time.perf_counter()
        step()
        cell = next(e.frame.height for e in view.layout() if e.kind == ElementKind.DAY)
        view.days()
        view.event_bars(app.store, app.zone, bar_height=16.0, top_inset=20.0, lane_spacing=2.0, side_inset=2.0,
                        max_lanes=month_lanes(cell, 16.0, 20.0))
        view.title()
        self.layout.append(time.perf_counter() - t0)
        (view.previous_page if i % 2 == 0 else view.next_page)()
        t0 = time.perf_counter()
        step()
        app.redraw()
        t1 = time.perf_counter()
        self.top.update_idletasks()
        self.top.winfo_pointerxy()   # a round trip: the X server has drawn what Tk sent
        t2 = time.perf_counter()
        self.total.append(t2 - t0)
        self.python.append(t1 - t0)
        self.tk.append(t2 - t1)
        self.top.update()   # the main loop's turn: the X server's events, outside the timing
        self.repaint.append(repaint(self.top, app.canvas))
        self.top.update()

    def close(self) -> None:
        self.top.destroy()
        self.folder.cleanup()


def repaint(top: object, canvas: object) -> float:
    """A repaint of the whole ``canvas`` that changes nothing, drawn by the X server: s."""
    t0 = time.perf_counter()
    canvas.configure(background=canvas.cget("background"))   # type: ignore[attr-defined]
    top.update_idletasks()   # type: ignore[attr-defined]
    top.winfo_pointerxy()   # type: ignore[attr-defined]
    return time.perf_counter() - t0


class WeekPaging:
    """The desktop calendar's week page (1,000 events a month: about 250 a week) turned a
    week on and back: the page change drawn, wall time."""

    def __init__(self, root: object, count: int) -> None:
        self.desktop = Desktop(root, count)
        self.desktop.app.set_mode("week")
        for _ in range(3):
            self.desktop.top.update()
        self.samples: list[float] = []

    def sample(self, i: int) -> None:
        top = self.desktop.top
        t0 = time.perf_counter()
        self.desktop.app.page(1 if i % 2 == 0 else -1)
        top.update_idletasks()
        top.winfo_pointerxy()
        self.samples.append(time.perf_counter() - t0)
        top.update()

    def close(self) -> None:
        self.desktop.close()


class Paging:
    """A Calendar (tkcalendar's or kalends.tkcalendar's) with ``count`` calevents in
    November 2026 and as many in December, in its own window: its natural size, or
    ``size`` (the calendar stretched to it) with ``font``."""

    def __init__(self, module: object, root: object, count: int, size: tuple[int, int] | None = None,
                 font: object = None) -> None:
        import tkinter as tk
        self.top = tk.Toplevel(root)   # type: ignore[arg-type]
        extra = {} if font is None else {"font": font}
        self.cal = module.Calendar(self.top, locale="en_US", year=2026, month=11, day=15,   # type: ignore[attr-defined]
                                   **extra)
        if size is None:
            self.cal.pack()
        else:
            self.top.geometry(f"{size[0]}x{size[1]}+0+0")
            self.cal.pack(fill="both", expand=True)
        rng = random.Random(29)
        for i in range(2 * count):
            self.cal.calevent_create(day_in(i, rng), f"Event {i}", "tag")
        for _ in range(5):
            self.top.update()
        self.size = (self.cal.winfo_width(), self.cal.winfo_height())
        self.samples: list[float] = []
        self.python: list[float] = []   # the widget's own work (Python and its Tcl calls)
        self.tk: list[float] = []       # then Tk's redraw and the X server's drawing
        self.repaint: list[float] = []

    def sample(self, i: int) -> None:
        """One month change, as a click on its arrow invokes it."""
        cal = self.cal
        t0 = time.perf_counter()
        if hasattr(cal, "_r_month"):            # tkcalendar: its arrow buttons
            (cal._r_month if i % 2 == 0 else cal._l_month).invoke()
        else:                                   # kalends.tkcalendar: the view's page, as a click on its arrow
            cal._user_page(1 if i % 2 == 0 else -1)
        t1 = time.perf_counter()
        self.top.update_idletasks()
        self.top.winfo_pointerxy()   # a round trip: the X server has drawn what Tk sent
        t2 = time.perf_counter()
        self.samples.append(t2 - t0)
        self.python.append(t1 - t0)
        self.tk.append(t2 - t1)
        self.top.update()
        if hasattr(cal, "canvas"):
            self.repaint.append(repaint(self.top, cal.canvas))
            self.top.update()

    def close(self) -> None:
        self.top.destroy()


def ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def main() -> None:
    import tkinter as tk
    import tkcalendar
    import kalends.tkcalendar
    root = tk.Tk()
    root.withdraw()
    small, large = Desktop(root, 1000), Desktop(root, 10000)
    canvas = (small.app.canvas.winfo_width(), small.app.canvas.winfo_height())
    theirs = Paging(tkcalendar, root, 1000)
    ours = Paging(kalends.tkcalendar, root, 1000, size=theirs.size)    # like for like: tkcalendar's size
    big = ("DejaVu Sans", 20)
    theirs_big = Paging(tkcalendar, root, 1000, size=canvas, font=big)
    ours_big = Paging(kalends.tkcalendar, root, 1000, size=canvas, font=big)
    week = WeekPaging(root, 1000)
    subjects = (small, theirs, large, ours, theirs_big, ours_big, week)
    # interleaved: each round turns every window once, so a busy machine slows all alike
    for i in range(SAMPLES):
        for subject in subjects:
            subject.sample(i)
    layout, total, layout10, total10 = ms(small.layout), ms(small.total), ms(large.layout), ms(large.total)
    sizes = {name: p.size for name, p in (("theirs", theirs), ("ours", ours), ("theirs_big", theirs_big),
                                          ("ours_big", ours_big))}
    for subject in subjects:
        subject.close()
    root.destroy()
    w, h = canvas
    tw, th = sizes["theirs"]
    print(f"desktop month page change ({w}x{h}), 1,000 events a month: Kalends layout {layout:.2f} ms, with the "
          f"Python drawing {ms(small.python):.2f} ms, with Tk drawing {total:.2f} ms (Tk and X {ms(small.tk):.2f} ms; "
          f"a repaint of the unchanged page {ms(small.repaint):.2f} ms)")
    print(f"desktop month page change, 10,000 events a month: Kalends layout {layout10:.2f} ms, with Tk drawing "
          f"{total10:.2f} ms (Tk {total10 - layout10:.2f} ms)")
    print(f"default sizes: tkcalendar ({tw}x{th}) month change, 1,000 calevents a month: {ms(theirs.samples):.2f} ms; "
          f"desktop ({w}x{h}) {total:.2f} ms: {ms(theirs.samples) / total:.1f}x")
    print(f"equal size {tw}x{th}: kalends.tkcalendar {sizes['ours'][0]}x{sizes['ours'][1]} {ms(ours.samples):.2f} ms "
          f"(Python and Tcl {ms(ours.python):.2f} ms, Tk and X {ms(ours.tk):.2f} ms; a repaint of the unchanged "
          f"calendar {ms(ours.repaint):.2f} ms), tkcalendar {ms(theirs.samples):.2f} ms (Python and Tcl "
          f"{ms(theirs.python):.2f} ms, Tk and X {ms(theirs.tk):.2f} ms): {ms(theirs.samples) / ms(ours.samples):.1f}x")
    bw, bh = sizes["theirs_big"]
    print(f"equal size {bw}x{bh} (font {big[1]}): tkcalendar {ms(theirs_big.samples):.2f} ms; desktop {total:.2f} ms: "
          f"{ms(theirs_big.samples) / total:.1f}x; kalends.tkcalendar {ms(ours_big.samples):.2f} ms (a repaint of the "
          f"unchanged calendar {ms(ours_big.repaint):.2f} ms): {ms(theirs_big.samples) / ms(ours_big.samples):.1f}x")
    print(f"desktop week page change, 1,000 events a month: {ms(week.samples):.2f} ms")
    record("tk.desktop.page", 0, total)
    record("tk.desktop.week_page", 0, ms(week.samples))
    record("tk.desktop.page_10x", total, total10)
    record("tk.desktop.vs_tkcalendar", ms(theirs.samples), total)
    record("tk.tkcalendar.page", ms(theirs.samples), ms(ours.samples))
    record("tk.desktop.vs_tkcalendar_same_size", ms(theirs_big.samples), total)
    record("tk.tkcalendar.page_large", ms(theirs_big.samples), ms(ours_big.samples))
    record("tk.desktop.repaint", ms(theirs.samples), ms(small.repaint))
    record("tk.tkcalendar.repaint", ms(theirs.samples), ms(ours.repaint))


if __name__ == "__main__":
    main()

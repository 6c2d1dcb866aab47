"""The desktop calendar (``python -m kalends.app``) as a person uses it, under Xvfb through
xdotool: paging by button, wheel and keys; a drag across days selects them (state, and the
screenshot's pixels); events dragged in the week and month pages are saved to the .ics
(read back by the icalendar package); a failed write leaves the file as it was; a
DateEntry jumps; bad files and bad options are messages, not crashes."""
from __future__ import annotations

import datetime
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator, Tuple

import pytest

import required
from xserver import XServer, close, pump_tk, retype, screen_point, tk_root, wait_until

icalendar = required.module("icalendar", "the oracle of the saved .ics")
d = datetime.date

ICS = """BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//kalends tests//EN\r
BEGIN:VEVENT\r
UID:standup@example.com\r
DTSTAMP:20261101T000000Z\r
DTSTART:20261118T090000Z\r
DTEND:20261118T100000Z\r
SUMMARY:Standup\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:conference@example.com\r
DTSTAMP:20261101T000000Z\r
DTSTART;VALUE=DATE:20261110\r
DTEND;VALUE=DATE:20261113\r
SUMMARY:Conference\r
END:VEVENT\r
END:VCALENDAR\r
"""


@pytest.fixture()
def ics(tmp_path: Path) -> Path:
    path = tmp_path / "work.ics"
    path.write_bytes(ICS.encode())
    return path


def _app(xserver: XServer, files: Any, **kw: Any) -> Tuple[Any, Any]:
    from kalends.app.desktop.sources import IcsFile
    from kalends.app.desktop.window import DesktopCalendar
    root = tk_root(xserver)
    root.geometry("1000x720+0+0")
    try:
        app = DesktopCalendar(root, [IcsFile(Path(f)) for f in files], locale=kw.pop("locale", "en_US"),
                              date=kw.pop("date", d(2026, 11, 18)), zone="UTC", **kw)
    except BaseException:
        root.destroy()   # no window left behind to cover the next test's
        raise
    pump = pump_tk(root)
    assert wait_until(lambda: app.canvas.winfo_viewable() == 1 and app.canvas.winfo_width() > 500, pump)
    for _ in range(5):
        pump()
    return root, app


@pytest.fixture()
def running(xserver: XServer, ics: Path) -> Iterator[Tuple[Any, Any]]:
    root, app = _app(xserver, [ics])
    yield root, app
    root.destroy()


def _cell(app: Any, date: datetime.date, dx: float = 0.5, dy: float = 0.8) -> Tuple[float, float]:
    from kalends.dates import day_number
    from kalends.view import ElementKind
    for e in app.view.layout():
        if e.kind == ElementKind.DAY and e.day_number == day_number(date):
            f = e.frame
            return screen_point(app.canvas, f.x + f.width * dx, f.y + f.height * dy)
    raise AssertionError(f"{date} is not on the page")


def _events(path: Path) -> dict[str, Tuple[Any, Any]]:
    cal = icalendar.Calendar.from_ical(path.read_bytes())
    return {str(c["SUMMARY"]): (c.decoded("DTSTART"), c.decoded("DTEND")) for c in cal.walk("VEVENT")}


def test_paging_by_button_wheel_and_keys(xserver: XServer, running: Tuple[Any, Any]) -> None:
    root, app = running
    pump = pump_tk(root)
    assert app.title.cget("text") == "November 2026"
    b = app.next_button
    xserver.click(*screen_point(b, b.winfo_width() / 2, b.winfo_height() / 2))
    assert wait_until(lambda: app.title.cget("text") == "December 2026", pump), app.title.cget("text")
    xserver.click(*screen_point(app.canvas, 300, 300), button=5)
    assert wait_until(lambda: app.title.cget("text") == "January 2027", pump)
    xserver.key("Prior", "Prior")
    assert wait_until(lambda: app.title.cget("text") == "November 2026", pump), app.title.cget("text")
    xserver.key("w")
    assert wait_until(lambda: app.view.page.mode.name == "WEEK", pump)
    assert app.title.cget("text") == app.view.title()


def test_a_drag_across_days_selects_them(xserver: XServer, running: Tuple[Any, Any]) -> None:
    from kalends.app.desktop.pages import COLOURS
    from xserver import hex_rgb
    root, app = running
    pump = pump_tk(root)
    xserver.drag(_cell(app, d(2026, 11, 2)), _cell(app, d(2026, 11, 4)), steps=8, between=pump)
    assert wait_until(lambda: len(app.selected_days()) == 3, pump), app.selected_days()
    assert app.selected_days() == [d(2026, 11, 2), d(2026, 11, 3), d(2026, 11, 4)]
    pump()
    shot = xserver.screenshot()
    assert close(shot.pixel(*_cell(app, d(2026, 11, 3), 0.9, 0.9)), hex_rgb(COLOURS["selected"]))
    assert not close(shot.pixel(*_cell(app, d(2026, 11, 5), 0.9, 0.9)), hex_rgb(COLOURS["selected"]))


def _box(app: Any, title: str) -> Tuple[float, float, float, float]:
    for x0, y0, x1, y1, event, _, _ in app.drawn.boxes:
        if app.titles[event][0] == title:
            return (x0, y0, x1, y1)
    raise AssertionError(f"{title} is not drawn")


def test_an_event_moved_in_the_week_is_saved(xserver: XServer, running: Tuple[Any, Any], ics: Path) -> None:
    root, app = running
    pump = pump_tk(root)
    app.set_mode("week")
    pump()
    x0, y0, x1, y1 = _box(app, "Standup")
    hour = app.drawn.grid.hour_height
    start = screen_point(app.canvas, (x0 + x1) / 2, y0 + 4)
    xserver.drag(start, (start[0] + (x1 - x0) + 2, start[1] + 2 * hour), steps=10, between=pump)
    assert wait_until(lambda: app.saved == 1, pump), app.status.cget("text")
    moved = _events(ics)
    assert moved["Standup"] == (datetime.datetime(2026, 11, 19, 11, tzinfo=datetime.timezone.utc),
                                datetime.datetime(2026, 11, 19, 12, tzinfo=datetime.timezone.utc))
    assert moved["Conference"] == (d(2026, 11, 10), d(2026, 11, 13))          # the other event as it was
    assert [p.name for p in ics.parent.iterdir()] == ["work.ics"]             # no temporary file left


def test_an_event_resized_in_the_day_page(xserver: XServer, running: Tuple[Any, Any], ics: Path) -> None:
    root, app = running
    pump = pump_tk(root)
    app.set_mode("day")
    pump()
    x0, y0, x1, y1 = _box(app, "Standup")
    hour = app.drawn.grid.hour_height
    start = screen_point(app.canvas, (x0 + x1) / 2, y1 - 2)
    xserver.drag(start, (start[0], start[1] + hour), steps=8, between=pump)
    assert wait_until(lambda: app.saved == 1, pump), app.status.cget("text")
    assert _events(ics)["Standup"][1] == datetime.datetime(2026, 11, 18, 11, tzinfo=datetime.timezone.utc)


def test_an_all_day_event_moved_in_the_month_is_saved(xserver: XServer, running: Tuple[Any, Any], ics: Path) -> None:
    root, app = running
    pump = pump_tk(root)
    x0, y0, x1, y1 = _box(app, "Conference")
    start = _cell(app, d(2026, 11, 10))
    start = (start[0], screen_point(app.canvas, 0, (y0 + y1) / 2)[1])
    end = _cell(app, d(2026, 11, 17))
    xserver.drag(start, (end[0], end[1] - 40), steps=10, between=pump)
    assert wait_until(lambda: app.saved == 1, pump), app.status.cget("text")
    assert _events(ics)["Conference"] == (d(2026, 11, 17), d(2026, 11, 20))


def test_a_failed_write_leaves_the_file_as_it_was(xserver: XServer, running: Tuple[Any, Any], ics: Path) -> None:
    """The write fails for real: the process may write no file longer than 64 bytes."""
    root, app = running
    pump = pump_tk(root)
    before = ics.read_bytes()
    old_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    old_limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (64, old_limit[1]))
    try:
        app.set_mode("week")
        pump()
        x0, y0, x1, y1 = _box(app, "Standup")
        start = screen_point(app.canvas, (x0 + x1) / 2, y0 + 4)
        xserver.drag(start, (start[0], start[1] + 2 * app.drawn.grid.hour_height), steps=8, between=pump)
        assert wait_until(lambda: "cannot save" in app.status.cget("text"), pump), app.status.cget("text")
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, old_limit)
        signal.signal(signal.SIGXFSZ, old_handler)
    assert app.saved == 0
    assert "unchanged" in app.status.cget("text")
    assert ics.read_bytes() == before
    assert [p.name for p in ics.parent.iterdir()] == ["work.ics"]


def test_a_date_typed_into_the_jump_entry(xserver: XServer, running: Tuple[Any, Any]) -> None:
    root, app = running
    pump = pump_tk(root)
    retype(xserver, app.jump, "3/15/27", pump)
    assert wait_until(lambda: app.title.cget("text") == "March 2027", pump), app.title.cget("text")


def test_bad_files_are_messages(xserver: XServer, tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.ics"
    garbage.write_bytes(b"\xff\xfe not a calendar \x00")
    missing = tmp_path / "missing.ics"
    root, app = _app(xserver, [garbage, missing, tmp_path])
    try:
        text = app.status.cget("text")
        assert "missing.ics" in text and str(tmp_path) in text
        assert not app.editable
        for size in ("1x1", "0x0", "3x500", "1000x720"):
            root.geometry(size)
            for _ in range(3):
                pump_tk(root)()
        assert app.title.cget("text") == "November 2026"
    finally:
        root.destroy()


def test_bad_options_are_refused(xserver: XServer, ics: Path) -> None:
    from kalends.errors import KalendsError
    with pytest.raises(ValueError):
        _app(xserver, [ics], locale="xx_NOPE")
    with pytest.raises((ValueError, KalendsError)):
        _app(xserver, [ics], calendar="martian")


def test_python_m_kalends_app_starts(xserver: XServer, ics: Path) -> None:
    env = {**xserver.env, "PYTHONPATH": os.pathsep.join(sys.path)}
    bad = subprocess.run([sys.executable, "-m", "kalends.app", "--locale", "xx_NOPE", str(ics)], env=env,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "unknown locale" in bad.stderr
    app = subprocess.Popen([sys.executable, "-m", "kalends.app", "--date", "2026-11-18", str(ics)], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert wait_until(lambda: bool(xserver.windows("^Kalends$")) or app.poll() is not None, lambda: None,
                          timeout=30)
        assert app.poll() is None, app.stderr.read() if app.stderr else ""
    finally:
        app.terminate()
        app.wait(timeout=10)


def test_the_agenda_page(xserver: XServer, running: Tuple[Any, Any]) -> None:
    """The Agenda button shows kalends.Agenda's rows: a heading per day with events (the
    locale's full date), the events under it; the wheel scrolls on to later days."""
    from kalends import Locale
    root, app = running
    pump = pump_tk(root)
    b = app.agenda_button
    xserver.click(*screen_point(b, b.winfo_width() / 2, b.winfo_height() / 2))
    assert wait_until(lambda: app.agenda is not None and bool(app.canvas.find_withtag("heading")), pump)
    texts = [app.canvas.itemcget(i, "text") for i in app.canvas.find_withtag("page")
             if app.canvas.type(i) == "text"]
    en = Locale("en_US")
    for day in (d(2026, 11, 10), d(2026, 11, 11), d(2026, 11, 12), d(2026, 11, 18)):
        assert en.format_date(day, "full") in texts, (day, texts)
    assert texts.count("Conference") == 3 and "Standup" in texts
    assert "9:00\u202fAM" in texts or "9:00 AM" in texts
    assert app.agenda.shown_days()[0] == d(2026, 11, 10)
    assert app.agenda.viewport.at_end                       # all of it fits: the wheel has nowhere to go
    xserver.click(*screen_point(app.canvas, 300, 200), button=5)
    for _ in range(5):
        pump()
    assert app.agenda.shown_days()[0] == d(2026, 11, 10)
    xserver.key("m")
    assert wait_until(lambda: app.agenda is None and app.title.cget("text") == "November 2026", pump)


def test_the_agenda_scrolls(xserver: XServer, tmp_path: Path) -> None:
    days = [d(2026, 11, 1) + datetime.timedelta(days=i) for i in range(60)]
    path = tmp_path / "daily.ics"
    path.write_text(ICS.split("BEGIN:VEVENT")[0] + "".join(
        f"BEGIN:VEVENT\r\nUID:day{i}@x\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;VALUE=DATE:{day:%Y%m%d}\r\n"
        f"SUMMARY:Day {i}\r\nEND:VEVENT\r\n" for i, day in enumerate(days)) + "END:VCALENDAR\r\n")
    root, app = _app(xserver, [path], mode="agenda")
    try:
        pump = pump_tk(root)
        assert wait_until(lambda: bool(app.agenda.shown_days()), pump)
        first = app.agenda.shown_days()
        assert first[0] == d(2026, 11, 1) and not app.agenda.viewport.at_end
        xserver.click(*screen_point(app.canvas, 300, 200), button=5)
        assert wait_until(lambda: app.agenda.shown_days()[0] >= first[-2], pump), (first, app.agenda.shown_days())
        xserver.key("Prior")
        assert wait_until(lambda: app.agenda.shown_days()[0] == d(2026, 11, 1), pump), app.agenda.shown_days()
    finally:
        root.destroy()


def _busy_ics(path: Path) -> Path:
    """Events enough to fill November's and December's cells ("+N more" in many), some
    spanning days, with titles that differ by month."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//kalends tests//EN"]
    for i in range(240):
        day = d(2026, 11, 1) + datetime.timedelta(days=i % 61)
        lines += ["BEGIN:VEVENT", f"UID:busy{i}@example.com", "DTSTAMP:20261101T000000Z", f"SUMMARY:Busy {i}"]
        if i % 3 == 0:
            end = day + datetime.timedelta(days=1 + i % 4)
            lines += [f"DTSTART;VALUE=DATE:{day:%Y%m%d}", f"DTEND;VALUE=DATE:{end:%Y%m%d}"]
        else:
            lines += [f"DTSTART:{day:%Y%m%d}T{8 + i % 9:02d}0000Z", f"DTEND:{day:%Y%m%d}T{9 + i % 9:02d}0000Z"]
        lines.append("END:VEVENT")
    path.write_bytes(("\r\n".join(lines + ["END:VCALENDAR"]) + "\r\n").encode())
    return path


def _shown(canvas: Any) -> list[Tuple[Any, ...]]:
    """The canvas's visible items: type, coordinates, text or fill."""
    items = []
    for i in canvas.find_all():
        if canvas.itemcget(i, "state") == "hidden":
            continue
        kind = canvas.type(i)
        what = canvas.itemcget(i, "text") if kind == "text" else canvas.itemcget(i, "fill")
        colour = canvas.itemcget(i, "fill")
        items.append((kind, tuple(round(v, 1) for v in canvas.coords(i)), what, colour))
    return sorted(items)


def test_a_page_change_reuses_the_month_pages_items(xserver: XServer, tmp_path: Path) -> None:
    """Paging through months, the week page and a selection and back draws what a window
    opened on that month draws (the items are moved and relabelled, not created again), the
    cells stay under the bars, and paging between pages drawn before creates no item."""
    path = _busy_ics(tmp_path / "busy.ics")
    root, app = _app(xserver, [path])
    try:
        pump = pump_tk(root)
        fresh_november = _shown(app.canvas)
        assert any(t == "text" and str(w).startswith("+") for t, _, w, _ in fresh_november)   # "+N more" drawn
        app.page(1)
        pump()
        fresh_december = _shown(app.canvas)
        assert fresh_december != fresh_november
        for step in (1, 1, -1, -1, -1, 1):   # January, February, January, December, November, December
            app.page(step)
            pump()
        assert _shown(app.canvas) == fresh_december
        app.set_mode("week")
        pump()
        assert not [i for i in app.canvas.find_withtag("month") if app.canvas.itemcget(i, "state") != "hidden"]
        app.set_mode("month")
        app.page(-1)
        pump()
        assert _shown(app.canvas) == fresh_november
        items = set(app.canvas.find_all())
        for step in (1, -1) * 4:
            app.page(step)
        pump()
        assert set(app.canvas.find_all()) == items   # the same items: none deleted, none created
        order = app.canvas.find_all()
        cells = [order.index(i) for i in app.canvas.find_withtag("day")]
        bars = [order.index(i) for i in app.canvas.find_withtag("bar")]
        assert bars and max(cells) < min(bars)
    finally:
        root.destroy()
    # a window opened on December draws what paging drew there
    root, app = _app(xserver, [path], date=d(2026, 12, 10))
    try:
        assert _shown(app.canvas) == fresh_december
    finally:
        root.destroy()

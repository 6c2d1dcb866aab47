"""kalends.tkcalendar as a person uses it, in Xvfb through xdotool: a click selects the day
(the widget's state, and the screenshot's pixels at the frame the view reported), a drag
selects a range, keys move and page, a date typed in the locale's words fills a DateEntry;
calendar systems, right-to-left and bad input."""
from __future__ import annotations

import datetime
from typing import Any, Iterator, List, Tuple

import pytest

from xserver import XServer, close, pump_tk, retype, screen_point, tk_root, wait_until

d = datetime.date


@pytest.fixture()
def root(xserver: XServer) -> Iterator[Any]:
    r = tk_root(xserver)
    r.geometry("+0+0")
    yield r
    r.destroy()


def _rgb(widget: Any, colour: str) -> Tuple[int, int, int]:
    r, g, b = widget.winfo_rgb(colour)
    return (r // 257, g // 257, b // 257)


def _shown(cal: Any, root: Any) -> None:
    pump = pump_tk(root)
    assert wait_until(lambda: cal.canvas.winfo_viewable() == 1, pump)
    for _ in range(5):
        pump()


def _centre(cal: Any, date: datetime.date) -> Tuple[float, float]:
    frame = cal.day_frame(date)
    assert frame is not None, date
    x, y, w, h = frame
    return screen_point(cal.canvas, x + w / 2, y + h / 2)


def _corner(cal: Any, date: datetime.date) -> Tuple[float, float]:
    """A point inside the day's cell away from its text."""
    x, y, w, h = cal.day_frame(date)
    return screen_point(cal.canvas, x + 3, y + 3)


def test_a_click_selects_and_the_day_is_drawn_selected(xserver: XServer, root: Any) -> None:
    from kalends.tkcalendar import Calendar
    events: List[str] = []
    cal = Calendar(root, locale="en_US", year=2026, month=11, day=2, selectbackground="#1e90ff",
                   normalbackground="#ffffff")
    cal.pack()
    cal.bind("<<CalendarSelected>>", lambda e: events.append("selected"))
    _shown(cal, root)
    before = xserver.screenshot()
    assert close(before.pixel(*_corner(cal, d(2026, 11, 18))), _rgb(root, "#ffffff"))
    xserver.click(*_centre(cal, d(2026, 11, 18)))
    assert wait_until(lambda: cal.selection_get() == d(2026, 11, 18), pump_tk(root))
    assert events == ["selected"]
    pump_tk(root)()
    shot = xserver.screenshot()
    assert close(shot.pixel(*_corner(cal, d(2026, 11, 18))), _rgb(root, "#1e90ff"))
    assert close(shot.pixel(*_corner(cal, d(2026, 11, 2))), _rgb(root, "#ffffff"))   # no longer selected


def test_a_drag_selects_a_range(xserver: XServer, root: Any) -> None:
    from kalends.tkcalendar import Calendar
    cal = Calendar(root, locale="en_US", selectmode="range", year=2026, month=11, selectbackground="#1e90ff")
    cal.pack()
    _shown(cal, root)
    pump = pump_tk(root)
    xserver.drag(_centre(cal, d(2026, 11, 10)), _centre(cal, d(2026, 11, 19)), steps=10, between=pump)
    assert wait_until(lambda: len(cal.selected_days()) == 10, pump), cal.selected_days()
    assert cal.selected_days() == [d(2026, 11, 10) + datetime.timedelta(days=i) for i in range(10)]
    pump()
    shot = xserver.screenshot()
    for day in (10, 14, 19):
        assert close(shot.pixel(*_corner(cal, d(2026, 11, day))), _rgb(root, "#1e90ff")), day
    assert not close(shot.pixel(*_corner(cal, d(2026, 11, 20))), _rgb(root, "#1e90ff"))


def test_keys_move_the_selection_and_page(xserver: XServer, root: Any) -> None:
    from kalends.tkcalendar import Calendar
    events: List[str] = []
    cal = Calendar(root, locale="en_US", year=2026, month=11, day=30)
    cal.pack()
    cal.bind("<<CalendarMonthChanged>>", lambda e: events.append("month"))
    _shown(cal, root)
    pump = pump_tk(root)
    xserver.click(*_centre(cal, d(2026, 11, 30)))
    assert wait_until(lambda: cal.selection_get() == d(2026, 11, 30), pump)
    xserver.key("Left")
    assert wait_until(lambda: cal.selection_get() == d(2026, 11, 29), pump), cal.selection_get()
    xserver.key("Right", "Right")
    assert wait_until(lambda: cal.selection_get() == d(2026, 12, 1), pump), cal.selection_get()
    assert cal.get_displayed_month() == (12, 2026)
    assert "month" in events
    events.clear()
    xserver.key("Next")
    assert wait_until(lambda: cal.get_displayed_month() == (1, 2027), pump), cal.get_displayed_month()
    assert events == ["month"]
    xserver.click(*screen_point(cal.canvas, 1, 1), button=5)   # the wheel pages too
    assert wait_until(lambda: cal.get_displayed_month() == (2, 2027), pump)


def test_a_date_typed_in_the_locales_words(xserver: XServer, root: Any) -> None:
    from kalends.tkcalendar import DateEntry
    entry = DateEntry(root, locale="en_GB", year=2026, month=1, day=5)
    entry.pack()
    events: List[str] = []
    entry.bind("<<DateEntrySelected>>", lambda e: events.append("selected"))
    pump = pump_tk(root)
    assert wait_until(lambda: entry.winfo_viewable() == 1, pump)
    assert entry.get() == "05/01/2026"
    retype(xserver, entry, "22 Nov 2026", pump)
    assert wait_until(lambda: entry.get() == "22/11/2026", pump), entry.get()
    assert entry.get_date() == d(2026, 11, 22)
    assert events == ["selected"]


def test_the_drop_down_calendar_picks_a_date(xserver: XServer, root: Any) -> None:
    from kalends.tkcalendar import DateEntry
    entry = DateEntry(root, locale="en_US", year=2026, month=3, day=14)
    entry.pack()
    events: List[str] = []
    entry.bind("<<DateEntrySelected>>", lambda e: events.append("selected"))
    pump = pump_tk(root)
    assert wait_until(lambda: entry.winfo_viewable() == 1, pump)
    xserver.click(*screen_point(entry, entry.winfo_width() - 6, entry.winfo_height() / 2))
    cal = entry.calendar
    assert wait_until(lambda: cal.winfo_ismapped() == 1, pump)
    for _ in range(5):
        pump()
    xserver.click(*_centre(cal, d(2026, 3, 20)))
    assert wait_until(lambda: events == ["selected"], pump), events
    assert entry.get_date() == d(2026, 3, 20)
    assert wait_until(lambda: cal.winfo_ismapped() == 0, pump)


def test_a_hebrew_calendar_right_to_left(xserver: XServer, root: Any) -> None:
    from kalends import Locale
    from kalends.tkcalendar import Calendar
    from kalends.view import ElementKind
    cal = Calendar(root, locale="he_IL", calendar="hebrew", firstweekday="sunday", year=2026, month=11, day=18)
    cal.pack()
    _shown(cal, root)
    title = cal.canvas.itemcget(cal.canvas.find_withtag("title")[0], "text")
    from kalends.compat.tkcalendar.bidi import visual
    assert title == visual(cal.view.title()) and "תשפ" in cal.view.title()   # a Hebrew year, drawn right to left
    assert title[::-1] == cal.view.title()                                   # (Tk 8.6 draws in memory order)
    weekdays = [e for e in cal.view.layout() if e.kind == ElementKind.WEEKDAY]
    assert weekdays[0].frame.x > weekdays[6].frame.x            # Sunday's column is the rightmost
    x, y, w, h = cal.day_frame(d(2026, 11, 18))
    texts = [cal.canvas.itemcget(i, "text") for i in cal.canvas.find_overlapping(x, y, x + w, y + h)
             if cal.canvas.type(i) == "text"]
    assert visual(cal.view.day_label(d(2026, 11, 18))) in texts
    assert cal.view.day_label(d(2026, 11, 18)) == Locale("he_IL").format_day(d(2026, 11, 18), "hebrew")
    assert cal.cget("weekenddays") == [6, 7]                     # he_IL: Friday and Saturday, Sunday first


def test_bad_input_is_refused_or_survived(xserver: XServer, root: Any) -> None:
    from kalends.errors import KalendsError
    from kalends.tkcalendar import Calendar
    with pytest.raises(ValueError):
        Calendar(root, locale="xx_NOPE")
    with pytest.raises((ValueError, KalendsError)):
        Calendar(root, calendar="martian")
    cal = Calendar(root, locale="en_US", year=2026, month=11, day=18)
    cal.pack(fill="both", expand=True)
    _shown(cal, root)
    with pytest.raises((ValueError, KalendsError)):
        cal.configure(calendar="martian")
    assert cal.cget("calendar") == "gregorian"
    pump = pump_tk(root)
    for size in ("1x1", "0x0", "2x300", "400x2"):
        root.geometry(size)
        for _ in range(5):
            pump()
    root.geometry("300x260")
    assert wait_until(lambda: cal.day_frame(d(2026, 11, 18)) is not None and cal.canvas.winfo_width() > 200, pump)
    xserver.click(*_centre(cal, d(2026, 11, 19)))
    assert wait_until(lambda: cal.selection_get() == d(2026, 11, 19), pump)


def test_right_to_left_text_is_put_in_display_order() -> None:
    from kalends.compat.tkcalendar.bidi import visual
    assert visual("November 2026") == "November 2026"
    assert visual("כסלו תשפ״ז") == "ז״פשת ולסכ"
    assert visual("ז׳ 18") == "18 ׳ז"                 # a number keeps its digits' order
    assert visual("יום Standup 9") == "Standup 9 םוי"

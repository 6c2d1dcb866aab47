"""The GTK 4 host (bindings/c/examples/gtk) as a person uses it: started under Xvfb,
driven by xdotool (click a day, drag across days, drag an event, keys that page), and
checked through its state file (what the views say: selection, pages, the store's event
times, the frames Kalends reported) and a screenshot's pixels at those frames.

Run by ``make test-hosts-gtk`` (tests/run.sh), which installs Kalends into a temporary
prefix, builds the program there with pkg-config and sets KALENDS_GTK_HOST to it."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator, Optional, Tuple

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gtk_host import DAY, Host, State  # noqa: E402
from xserver import XServer, close, hex_rgb, xserver  # noqa: E402,F401  (the fixture)

@pytest.fixture
def host(xserver: XServer) -> Iterator[Host]:
    h = Host(xserver, "--date", "2026-11-24")
    try:
        yield h
    finally:
        h.stop()


def day_number(y: int, m: int, d: int) -> int:
    import datetime
    return (datetime.date(y, m, d) - datetime.date(1970, 1, 1)).days


def corner_pixel(xs: XServer, h: Host, pane: str, day: int,
                 expect: Optional[Tuple[int, int, int]] = None) -> Tuple[int, int, int]:
    """The screenshot's colour just inside a day cell's top-left corner (clear of its
    number, its grid line, today's and the focus's outlines, and the bars). The state
    file is written before GTK draws the change: with ``expect``, screenshots are taken
    until that colour is there (5 s at most) and the last one's colour is returned."""
    _, (x, y, w, hgt) = h.state.day(pane, day)
    return screen_pixel(xs, h, pane, x + 7, y + 7, expect)


def screen_pixel(xs: XServer, h: Host, pane: str, x: float, y: float,
                 expect: Optional[Tuple[int, int, int]] = None) -> Tuple[int, int, int]:
    """The colour at a pane's point; with ``expect``, the first screenshot (within 5 s)
    that shows it there, else the last one's colour."""
    deadline = time.monotonic() + 5
    while True:
        colour = xs.screenshot().pixel(*h.screen(pane, x, y))
        if expect is None or close(colour, expect) or time.monotonic() > deadline:
            return colour
        time.sleep(0.05)


def test_a_click_selects_the_day_and_draws_it_selected(xserver: XServer, host: Host) -> None:
    d = day_number(2026, 11, 10)
    flags, _ = host.state.day("month", d)
    assert not flags & 0x20
    before = corner_pixel(xserver, host, "month", d)
    assert not close(before, host.state.colour("selected"))
    xserver.click(*host.centre("month", d))
    s = host.wait(lambda s: s.selection()[0] == 1, "the click's selection")
    assert s.selection()[1:3] == [d, d]
    assert s.day("month", d)[0] & 0x20
    # the week pane follows the selected day
    week = s.page("week")
    assert week[1] <= d <= week[2]
    host.wait(lambda s: s.first("sliding", "week")[0] == "0", "the week's slide to end")
    selected = host.state.colour("selected")
    assert close(corner_pixel(xserver, host, "month", d, selected), selected)
    # a day not selected keeps its colour
    assert close(corner_pixel(xserver, host, "month", day_number(2026, 11, 12)), before)


def test_a_drag_across_days_selects_the_range(xserver: XServer, host: Host) -> None:
    first, middle, last = day_number(2026, 11, 3), day_number(2026, 11, 4), day_number(2026, 11, 5)
    xserver.drag(host.centre("month", first), host.centre("month", last))
    s = host.wait(lambda s: s.selection()[0] == 3, "the range")
    assert s.selection() == [3, first, last, 1]
    for day, colour in ((first, "selected"), (middle, "in_range"), (last, "selected")):
        assert close(corner_pixel(xserver, host, "month", day, s.colour(colour)), s.colour(colour)), day


def test_a_drag_moves_an_event_a_day_and_an_hour_on(xserver: XServer, host: Host) -> None:
    start, end = host.state.event(1)          # Standup, the week's first day 9:00-9:30
    day, (x, y, w, h) = host.state.item(1)
    _, (cx, _, cw, _) = host.state.day("week", day)
    hour = 30                                 # the program's hour height (model.c)
    grab = host.screen("week", x + w / 2, y + h / 2)
    xserver.drag(grab, (grab[0] + cw, grab[1] + hour), steps=10)
    s = host.wait(lambda s: s.event(1)[0] != start, "the event's move")
    assert s.event(1) == (start + DAY + 3600, end + DAY + 3600)
    new_day, (nx, ny, _, _) = s.item(1)
    assert new_day == day + 1 and ny == pytest.approx(y + hour)
    # drawn where Kalends put it: the event's colour (0x3b82f6) inside the new box
    blue = hex_rgb("3b82f6")
    assert close(screen_pixel(xserver, host, "week", nx + 2, ny + h - 3, blue), blue)


def test_keys_move_the_focus_and_page_with_a_slide(xserver: XServer, host: Host) -> None:
    assert host.state.first("focus") == ["2026-11-24"]
    xserver.key("Right")
    host.wait(lambda s: s.first("focus") == ["2026-11-25"], "Right to move the focus")
    slides = int(host.state.first("sliding", "month")[1])
    xserver.key("Next")                       # Page Down: a month on, the same day
    s = host.wait(lambda s: s.page("month")[3:5] == [2026, 12] and s.first("sliding", "month")[0] == "0",
                  "Page Down to show December")
    assert s.first("focus") == ["2026-12-25"]
    assert int(s.first("sliding", "month")[1]) == slides + 1
    xserver.key("Return")                     # selects the focused day
    s = host.wait(lambda s: s.selection()[0] == 1, "Return to select")
    d = day_number(2026, 12, 25)
    assert s.selection()[1] == d
    assert close(corner_pixel(xserver, host, "month", d, s.colour("selected")), s.colour("selected"))
    xserver.key("Prior")
    host.wait(lambda s: s.page("month")[3:5] == [2026, 11], "Page Up to go back")


def test_the_next_button_pages(xserver: XServer, host: Host) -> None:
    x, y, w, h = (float(v) for v in host.state.first("next", "month")[2:6])
    xserver.click(*host.screen("month", x + w / 2, y + h / 2))
    host.wait(lambda s: s.page("month")[3:5] == [2026, 12], "the next button")


# ---- bad input: a message in the window, no crash ---------------------------------------

def bad_start(xserver: XServer, *args: str) -> Tuple[Host, State]:
    h = Host(xserver, "--date", "2026-11-24", *args)
    return h, h.state


@pytest.mark.parametrize("args, message", [
    (("--row-height", "nan"), "sizing the month: invalid argument: row height nan"),
    (("--row-height", "-3"), "sizing the month: invalid argument: row height -3"),
    (("--hour-height", "nan"), "the time grid options: invalid argument"),
    (("--hour-height", "-5"), "the time grid options: invalid argument"),
    (("--locale", "xx_NOPE"), "no locale 'xx_NOPE'"),
    (("--ics", "/nonexistent/calendar.ics"), "reading the .ics file: i/o error: cannot open /nonexistent/calendar.ics"),
])
def test_bad_input_is_a_message_in_the_window(xserver: XServer, args: Tuple[str, ...], message: str) -> None:
    h = Host(xserver, "--date", "2026-11-24", *args, ready=lambda s: s.message != "" and s.has("day", "week"))
    try:
        assert message in h.state.message, h.state.message
        # still working: the week was laid out; a click on it selects its day
        day = day_number(2026, 11, 25)
        xserver.click(*h.centre("week", day))
        h.wait(lambda s: s.day("week", day)[0] & 0x20, "a click after the message")
        if h.state.has("day", "month"):   # a refused month size leaves the month without frames, and says so
            xserver.click(*h.centre("month", day_number(2026, 11, 10)))
            h.wait(lambda s: s.selection()[0] == 1, "a click after the message")
    finally:
        h.stop()


def test_a_date_kalends_refuses_is_a_message(xserver: XServer) -> None:
    h = Host(xserver, "--date", "2026-13-45", ready=lambda s: s.message != "" and s.has("day", "month"))
    try:
        assert h.state.message.startswith("the start date: invalid argument: month 13"), h.state.message
    finally:
        h.stop()


def test_a_locale_name_kalends_refuses_leaves_a_message_and_an_empty_window(xserver: XServer) -> None:
    """An identifier over 255 bytes is INVALID_ARGUMENT: no views can be made; the window
    stays, with the message, until it is closed."""
    h = Host(xserver, "--locale", "x" * 300, ready=lambda s: s.message != "")
    try:
        assert h.state.message.startswith("opening the locale: invalid argument"), h.state.message
        assert not h.state.has("day", "month")
        wx, wy = h.geometry()
        xserver.click(wx + 100, wy + 100)
        xserver.key("Next")
        time.sleep(0.3)
        assert h.process.poll() is None
    finally:
        h.stop()


def test_an_unreadable_ics_is_a_message(xserver: XServer, tmp_path: Path) -> None:
    folder = tmp_path / "a-folder.ics"     # a directory where a file should be: cannot be read
    folder.mkdir()
    h = Host(xserver, "--ics", str(folder), ready=lambda s: s.message != "")
    try:
        assert "reading the .ics file" in h.state.message
    finally:
        h.stop()


def test_a_window_resized_to_one_pixel_and_back(xserver: XServer, host: Host) -> None:
    subprocess.run([xserver.xdotool, "windowsize", "--sync", host.window, "1", "1"], env=xserver.env, check=True,
                   timeout=30)
    s = host.wait(lambda s: s.message != "", "a message about the size")
    assert "sizing the" in s.message or "no room for the" in s.message, s.message
    # GTK re-sizes its window when the message's label changes; a person drags it back
    # again if it did not take: a few tries
    for attempt in range(5):
        subprocess.run([xserver.xdotool, "windowsize", "--sync", host.window, "1100", "640"], env=xserver.env,
                       check=True, timeout=30)
        try:
            host.wait(lambda s: s.message == "" and float(s.first("size", "month")[1]) > 100, "the size back", 3)
            break
        except AssertionError:
            if attempt == 4:
                raise
    xserver.click(*host.centre("month", day_number(2026, 11, 10)))
    host.wait(lambda s: s.selection()[0] == 1, "a click after the resize")


def test_a_zero_size_window_starts(xserver: XServer) -> None:
    h = Host(xserver, "--date", "2026-11-24", "--width", "0", "--height", "0", ready=lambda s: s.message != "")
    try:
        assert "no room for the" in h.state.message or "sizing the" in h.state.message, h.state.message
        time.sleep(0.5)
        assert h.process.poll() is None
    finally:
        h.stop()


# ---- events from an .ics file, swipes, Escape -------------------------------------------

ICS = """BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//kalends tests//EN\r
BEGIN:VEVENT\r
UID:board@example.com\r
DTSTAMP:20261101T000000Z\r
DTSTART:20261125T100000Z\r
DTEND:20261125T113000Z\r
SUMMARY:Board meeting\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:weekly@example.com\r
DTSTAMP:20261101T000000Z\r
DTSTART:20261123T080000Z\r
DTEND:20261123T083000Z\r
RRULE:FREQ=DAILY;COUNT=3\r
SUMMARY:Daily\r
END:VEVENT\r
END:VCALENDAR\r
"""


def test_events_of_an_ics_file_are_drawn_in_the_week(xserver: XServer, tmp_path: Path) -> None:
    import datetime
    path = tmp_path / "calendar.ics"
    path.write_bytes(ICS.encode())
    h = Host(xserver, "--date", "2026-11-24", "--ics", str(path))
    try:
        start = int(datetime.datetime(2026, 11, 25, 10, tzinfo=datetime.timezone.utc).timestamp())
        assert h.state.event(1) == (start, start + 5400)
        day, (x, y, w, hgt) = h.state.item(1)
        assert day == day_number(2026, 11, 25) and hgt == pytest.approx(45)   # 90 minutes at 30 points an hour
        # the recurring entry: one box a day, Monday to Wednesday
        days = sorted(int(line[2]) for line in h.state.lines if line[:2] == ["item", "2"])
        assert days == [day_number(2026, 11, 23), day_number(2026, 11, 24), day_number(2026, 11, 25)]
        rgba = h.state.event_colour(1)   # the import's colour, or the host's default without one
        colour = (rgba >> 24, rgba >> 16 & 0xff, rgba >> 8 & 0xff) if rgba & 0xff else hex_rgb("3b82f6")
        assert close(screen_pixel(xserver, h, "week", x + 2, y + hgt - 3, colour), colour)
        assert h.state.message == ""
    finally:
        h.stop()


def test_a_swipe_on_the_header_pages(xserver: XServer, host: Host) -> None:
    """A drag that does not start on a day is a swipe (kalends/pointer.h): past half the
    page it pages, with the slide."""
    slides = int(host.state.first("sliding", "month")[1])
    width = float(host.state.first("size", "month")[0])
    y = 10.0                                   # the header bar, between the buttons
    start = host.screen("month", width - 60, y)
    xserver.drag(start, (start[0] - width * 0.6, start[1]), steps=12)
    s = host.wait(lambda s: s.page("month")[3:5] == [2026, 12], "the swipe to page")
    assert int(s.first("sliding", "month")[1]) > slides
    assert s.selection()[0] == 0


def test_escape_cancels_a_range_drag(xserver: XServer, host: Host) -> None:
    first, last = day_number(2026, 11, 3), day_number(2026, 11, 6)
    xserver.press(*host.centre("month", first))
    to = host.centre("month", last)
    for i in range(1, 7):
        a = host.centre("month", first)
        xserver.move(a[0] + (to[0] - a[0]) * i / 6, a[1])
    host.wait(lambda s: s.day("month", last)[0] & 0x400 != 0, "the range preview")   # RANGE_END while dragging
    xserver.key("Escape")
    xserver.release()
    s = host.wait(lambda s: not s.day("month", last)[0] & 0x400, "Escape to cancel the preview")
    time.sleep(0.3)
    s = host.wait(lambda s: True, "the state")
    assert s.selection()[0] == 0


def test_a_press_held_still_is_a_long_press(xserver: XServer, host: Host) -> None:
    """GTK sends no motion while the pointer rests: the host's timer sends Kalends moves at
    the same point, and Kalends recognises the long press (0.5 s by default)."""
    assert host.state.first("long-presses", "month") == ["0"]
    xserver.press(*host.centre("month", day_number(2026, 11, 10)))
    try:
        host.wait(lambda s: s.first("long-presses", "month") == ["1"], "the long press", timeout=5)
    finally:
        xserver.release()


def test_an_event_dragged_shows_where_it_would_land_before_the_drop(xserver: XServer, host: Host) -> None:
    """While the pointer is down, the days the drag changes show kalends_view_edit_preview's
    boxes: the event at its proposed place, gone from its old one; the store is unchanged."""
    start, end = host.state.event(1)
    day, (x, y, w, h) = host.state.item(1)
    _, (_, _, cw, _) = host.state.day("week", day)
    grab = host.screen("week", x + w / 2, y + h / 2)
    xserver.press(*grab)
    try:
        for i in range(1, 9):
            xserver.move(grab[0] + cw * i / 8, grab[1] + 60 * i / 8)     # a day and two hours on
        s = host.wait(lambda s: s.has("edit", "1") and int(s.first("edit", "1")[0]) == start + DAY + 7200,
                      "the proposal")
        assert s.event(1) == (start, end)                  # nothing in the store before the drop
        pday, px, py, pw, ph = (float(v) for v in s.first("preview", "1"))
        assert int(pday) == day + 1 and py == pytest.approx(y + 60)
        blue, white = hex_rgb("3b82f6"), hex_rgb("ffffff")
        assert close(screen_pixel(xserver, host, "week", px + 2, py + ph - 3, blue), blue)
        assert close(screen_pixel(xserver, host, "week", x + 2, y + h - 3, white), white)   # gone from its old place
    finally:
        xserver.release()
    host.wait(lambda s: s.event(1) == (start + DAY + 7200, end + DAY + 7200), "the drop")


# ---- the locale's digits and direction ---------------------------------------------------

def _busy_day_ics(path: Path) -> Path:
    """Eight all-day events on 2026-11-25: "+N" in the month's cell and the week's strip."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//kalends tests//EN"]
    for i in range(8):
        lines += ["BEGIN:VEVENT", f"UID:busy{i}@example.com", "DTSTAMP:20261101T000000Z", f"SUMMARY:Busy {i}",
                  "DTSTART;VALUE=DATE:20261125", "DTEND;VALUE=DATE:20261126", "END:VEVENT"]
    path.write_bytes(("\r\n".join(lines + ["END:VCALENDAR"]) + "\r\n").encode())
    return path


@pytest.mark.parametrize("locale", ["ar_EG", "en_US", "he_IL"])
def test_more_labels_in_the_locales_digits_and_hour_labels_on_its_side(xserver: XServer, tmp_path: Path,
                                                                      locale: str) -> None:
    """"+N" is written in the locale's digits (those of babel's default numbering system of
    the locale, CLDR 47: Arabic-Indic in ar_EG), and the hour labels sit beside the columns
    on the locale's start side: right of them right to left (ar_EG, he_IL), left of them
    left to right; their text is drawn there."""
    import unicodedata
    import babel
    names = {"latn": "DIGIT ", "arab": "ARABIC-INDIC DIGIT "}
    system = babel.Locale.parse(locale).default_numbering_system
    digits = "".join(unicodedata.lookup(names[system] + w) for w in
                     ("ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"))
    h = Host(xserver, "--date", "2026-11-24", "--locale", locale, "--ics", str(_busy_day_ics(tmp_path / "busy.ics")))
    try:
        xserver.key("Right")   # a change: the state file is written again after the first drawing
        s = h.wait(lambda s: s.first("focus") != ["2026-11-24"] and s.first("drawn-more", "week") != [""],
                   "the state after a drawing")
        for pane in ("month", "week"):
            text = " ".join(s.first("drawn-more", pane))
            assert text.startswith("+") and len(text) > 1 and all(ch in digits for ch in text[1:]), (pane, text)
        rtl = babel.Locale.parse(locale).character_order == "right-to-left"
        x, width = (float(v) for v in s.first("hour-label"))
        days = [float(line[4]) for line in s.lines if line[:2] == ["day", "week"]]
        right = max(float(line[4]) + float(line[6]) for line in s.lines if line[:2] == ["day", "week"])
        assert width >= 40
        if rtl:
            assert x >= right - 1, (x, right)
        else:
            assert x + width <= min(days) + 1, (x, width, min(days))
        # the labels' text is drawn in that margin (the muted text's pixels)
        _, (_, dy, _, dh) = s.day("week", int([line for line in s.lines if line[:2] == ["day", "week"]][0][2]))
        left, top = h.screen("week", x + 1, dy + dh + 40)
        right_, bottom = h.screen("week", x + width - 1, dy + dh + 300)
        inked = sum(n for c, n in xserver.screenshot().colours_in(left, top, right_, bottom).items() if sum(c) < 600)
        assert inked > 20, inked
    finally:
        h.stop()

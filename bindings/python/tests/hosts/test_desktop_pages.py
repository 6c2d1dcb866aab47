"""The desktop calendar's week and day pages keep their canvas items (a page change moves
and relabels them, none created or deleted, and draws what a window opened on that week
draws), and no event title spills out of its bar or box (each drawn text's box, as Tk
measures it, inside its bar's), in Xvfb."""
from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any, List, Tuple

from xserver import XServer, pump_tk
from test_desktop_app import _app, _busy_ics, _shown

d = datetime.date


def _long_titles(path: Path) -> Path:
    """Long titles (and awkward ones for Tcl) on the 18th."""
    text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//kalends tests//EN\r\nEND:VCALENDAR\r\n"
    extra = []
    for i, title in enumerate(["A very long title of an all-day event that no bar holds {[$x]} \\",
                               "Another long title of a meeting with many people in a small room"]):
        extra += ["BEGIN:VEVENT", f"UID:long{i}@example.com", "DTSTAMP:20261101T000000Z",
                  f"SUMMARY:{title.replace(chr(92), chr(92) * 2)}"]
        extra += ["DTSTART;VALUE=DATE:20261118", "DTEND;VALUE=DATE:20261119"] if i == 0 else \
            ["DTSTART:20261118T070000Z", "DTEND:20261118T073000Z"]
        extra.append("END:VEVENT")
    path.write_text(text.replace("END:VCALENDAR", "\r\n".join(extra) + "\r\nEND:VCALENDAR"))
    return path


def _spills(app: Any) -> List[Tuple[str, Tuple[int, ...], Tuple[float, ...]]]:
    """Every shown event text whose drawn box leaves the bar or box under it."""
    c = app.canvas
    out = []
    for x0, y0, x1, y1, *_ in app.drawn.boxes:
        for i in c.find_overlapping(x0 + 1, y0 + 1, x1 - 1, y1 - 1):
            if c.type(i) != "text" or c.itemcget(i, "state") == "hidden":
                continue
            tx, ty = c.coords(i)
            if not (x0 <= tx <= x1 and y0 <= ty <= y1):
                continue     # a text of a neighbour reaching in is checked with its own box
            bx0, _, bx1, _ = c.bbox(i)
            if bx0 < x0 - 1 or bx1 > x1 + 1:
                out.append((c.itemcget(i, "text"), (bx0, bx1), (x0, x1)))
    return out


def test_week_and_day_pages_reuse_their_items(xserver: XServer, tmp_path: Path) -> None:
    path = _busy_ics(tmp_path / "busy.ics")
    root, app = _app(xserver, [path], mode="week")
    try:
        pump = pump_tk(root)
        first_week = _shown(app.canvas)
        assert any(t == "rectangle" for t, *_ in first_week)
        app.page(1)
        pump()
        next_week = _shown(app.canvas)
        assert next_week != first_week
        items = set(app.canvas.find_all())
        for step in (1, -1) * 3:
            app.page(step)
        pump()
        assert set(app.canvas.find_all()) == items   # none created, none deleted
        assert _shown(app.canvas) == next_week
        app.set_mode("day")
        pump()
        app.page(1)
        app.page(-1)
        pump()
        day = _shown(app.canvas)
        app.set_mode("month")
        pump()
        assert not [i for i in app.canvas.find_withtag("timegrid") if app.canvas.itemcget(i, "state") != "hidden"]
        app.set_mode("day")
        pump()
        assert _shown(app.canvas) == day
    finally:
        root.destroy()
    # a window opened on the next week draws what paging drew there
    root, app = _app(xserver, [path], mode="week", date=d(2026, 11, 25))
    try:
        assert _shown(app.canvas) == next_week
    finally:
        root.destroy()


def test_no_title_spills_out_of_its_bar(xserver: XServer, tmp_path: Path) -> None:
    path = _long_titles(tmp_path / "long.ics")
    root, app = _app(xserver, [path])
    try:
        pump = pump_tk(root)
        for mode in ("month", "week", "day"):
            app.set_mode(mode)
            pump()
            assert app.drawn.boxes, mode
            assert _spills(app) == [], mode
            texts = [app.canvas.itemcget(i, "text") for i in app.canvas.find_all() if app.canvas.type(i) == "text"
                     and app.canvas.itemcget(i, "state") != "hidden"]
            if mode != "day":   # (a day's all-day bar holds it)
                assert any(t.startswith("A very long") and t.endswith("…") for t in texts), (mode, texts)
    finally:
        root.destroy()


def test_hour_labels_stand_right_of_the_columns_right_to_left(xserver: XServer, tmp_path: Path) -> None:
    """he_IL reads from the right: the week's hour labels are drawn right of its columns
    (in the time grid's label boxes), en_US's left of them."""
    path = _long_titles(tmp_path / "long.ics")
    for locale, right in (("he_IL", True), ("en_US", False)):
        root, app = _app(xserver, [path], mode="week", locale=locale)
        try:
            c, grid = app.canvas, app.drawn.grid
            assert grid is not None and grid.hours
            g = grid.grid
            hours = {app.view.hour_label(h.hour % 24) for h in grid.hours}
            xs = [c.bbox(i) for i in c.find_withtag("timegrid") if c.type(i) == "text"
                  and c.itemcget(i, "state") != "hidden" and c.itemcget(i, "text") in hours]
            assert len(xs) >= len(grid.hours) - 1, locale
            if right:
                assert all(x0 >= g.x + g.width for x0, _, _, _ in xs), (locale, xs[:3], g)
            else:
                assert all(x1 <= g.x for _, _, x1, _ in xs), (locale, xs[:3], g)
        finally:
            root.destroy()


def test_more_labels_in_the_locales_digits(xserver: XServer, tmp_path: Path) -> None:
    """"+N" in the month's cells and the week's all-day strip is written in the digits of
    the locale's default numbering system (babel's CLDR 47 data, from Unicode's names):
    Arabic-Indic in ar_EG, Latin in en_US."""
    import unicodedata
    import babel
    path = _busy_ics(tmp_path / "busy.ics")
    names = {"latn": "DIGIT ", "arab": "ARABIC-INDIC DIGIT "}
    words = ("ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE")
    for locale in ("ar_EG", "en_US"):
        system = babel.Locale.parse(locale).default_numbering_system
        digits = "".join(unicodedata.lookup(names[system] + w) for w in words)
        root, app = _app(xserver, [path], locale=locale)
        try:
            pump = pump_tk(root)
            for mode in ("month", "week"):
                app.set_mode(mode)
                pump()
                c = app.canvas
                more = [c.itemcget(i, "text") for i in c.find_all() if c.type(i) == "text"
                        and c.itemcget(i, "state") != "hidden" and c.itemcget(i, "text").startswith("+")]
                assert more, (locale, mode)
                assert all(len(t) > 1 and all(ch in digits for ch in t[1:]) for t in more), (locale, mode, more[:5])
        finally:
            root.destroy()


def test_a_month_cell_fills_its_height_with_bars_before_plus_n(xserver: XServer, tmp_path: Path) -> None:
    """A cell that shows "+N more" has no room left for another bar under it (the lanes
    follow the cell's drawn height), in a short and a tall window."""
    from kalends.app.desktop.pages import BAR_HEIGHT
    path = _busy_ics(tmp_path / "busy.ics")
    for height in (720, 1000):
        root, app = _app(xserver, [path])
        try:
            root.geometry(f"1000x{height}+0+0")
            pump = pump_tk(root)
            for _ in range(10):
                pump()
            c = app.canvas
            more = [i for i in c.find_all() if c.type(i) == "text" and c.itemcget(i, "state") != "hidden"
                    and c.itemcget(i, "text").startswith("+")]
            assert more, height
            cells = [c.coords(i) for i in c.find_withtag("day") if c.itemcget(i, "state") != "hidden"]
            for i in more:
                x, y = c.coords(i)
                bottom = next(y1 for x0, y0, x1, y1 in cells if x0 <= x <= x1 and y0 <= y <= y1)
                assert bottom - (y + BAR_HEIGHT / 2) < BAR_HEIGHT + 2, (height, bottom, y)
        finally:
            root.destroy()

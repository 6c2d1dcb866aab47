"""The Tk hosts' kept canvas items (kalends/compat/tkcalendar/canvas_items.py) in a real Tk
under Xvfb: texts that mean something to Tcl (braces, brackets, backslashes, dollars,
quotes, semicolons, newlines) reach the canvas unchanged through the one-script drawing,
and kalends.tkcalendar's month change moves and relabels its items (none created or
deleted) in one Tcl round trip, drawing what a calendar opened on that month draws."""
from __future__ import annotations

import cProfile
import datetime
import pstats
from typing import Any, Dict, List, Tuple

from xserver import XServer, pump_tk
from test_tkcalendar_x import root  # noqa: F401  (the fixture: a Tk root in the X server)

d = datetime.date

#: Texts whose Tcl quoting can go wrong.
AWKWARD = ["plain", "", " ", "two words", "{", "}", "{unbalanced", "a}b{c", "[exit 1]", "$x", "$::tcl_version",
           "\\", "ends with \\", "\\n is not a newline", "tab\there", "line\nbreak", "cr\rhere", '"quoted"',
           "semi; colon", "# not a comment", "{*}{a b}", "\x01\x7f", "naïve — “quotes” 日本 עברית 🙂", "-text",
           "a\\\nb", ";\\{\\}["]


def test_tcl_words_evaluate_to_the_text_they_quote(xserver: XServer, root: Any) -> None:
    from kalends.compat.tkcalendar.canvas_items import tcl_word
    for text in AWKWARD:
        assert root.tk.eval(f"return -level 0 {tcl_word(text)}") == text, repr(text)
        assert root.tk.eval(f"llength [list {tcl_word(text)}]") == "1", repr(text)


def test_awkward_titles_reach_the_canvas_unchanged_through_the_script(xserver: XServer, root: Any) -> None:
    import tkinter as tk
    from kalends.compat.tkcalendar.canvas_items import ItemPool, Script
    canvas = tk.Canvas(root, width=200, height=100)
    canvas.pack()
    script = Script(canvas)
    texts = ItemPool(canvas, script, "text", ("t",), None, anchor="w")
    # first drawing creates the items with plain texts; the second changes them through the script
    for _ in AWKWARD:
        texts.put((1.0, 1.0), (("-text", "x"), ("-fill", "black")))
    texts.finish()
    script.send()
    ids = [texts.put((2.0, float(i)), (("-text", t), ("-fill", "#ff0000"))) for i, t in enumerate(AWKWARD)]
    texts.finish()
    assert len(script.lines) == 2 * len(AWKWARD)   # a coords and an itemconfigure each, not sent yet
    script.send()
    assert [canvas.itemcget(i, "text") for i in ids] == AWKWARD
    assert all(canvas.itemcget(i, "fill") == "#ff0000" for i in ids)
    assert [tuple(canvas.coords(i)) for i in ids] == [(2.0, float(i)) for i in range(len(AWKWARD))]
    # the same values again: nothing to send; fewer items: the rest hidden, not deleted
    for i, t in enumerate(AWKWARD):
        texts.put((2.0, float(i)), (("-text", t), ("-fill", "#ff0000")))
    texts.finish()
    assert script.lines == []
    texts.put((2.0, 0.0), (("-text", AWKWARD[0]), ("-fill", "#ff0000")))
    texts.finish()
    script.send()
    assert set(canvas.find_withtag("t")) == set(ids)
    assert [canvas.itemcget(i, "state") for i in ids] == [""] + ["hidden"] * (len(AWKWARD) - 1)


def _items(cal: Any) -> List[Tuple[Any, ...]]:
    """What the calendar's canvas shows: every visible item's type, coordinates and look."""
    c = cal.canvas
    out = []
    for i in c.find_all():
        if c.itemcget(i, "state") == "hidden":
            continue
        kind = c.type(i)
        look = (c.itemcget(i, "fill"), c.itemcget(i, "text"), str(c.tk.call("font", "actual", c.itemcget(i, "font")))) \
            if kind == "text" else \
            tuple(c.itemcget(i, k) for k in ("fill", "outline", "width"))
        out.append((kind, tuple(round(v, 2) for v in c.coords(i)), look))
    return sorted(out)


def _tcl_calls(action: Any) -> Dict[str, int]:
    """How many times ``action`` called into Tcl: tkapp's ``eval`` and ``call``."""
    profile = cProfile.Profile()
    profile.enable()
    action()
    profile.disable()
    counts = {"eval": 0, "call": 0}
    for (_, _, name), (_, calls, *_rest) in pstats.Stats(profile).stats.items():   # type: ignore[attr-defined]
        for method in counts:
            if name == f"<method '{method}' of '_tkinter.tkapp' objects>":
                counts[method] += calls
    return counts


def _calendar(root: Any, month: int, count: int = 60) -> Any:
    from kalends.tkcalendar import Calendar
    cal = Calendar(root, locale="en_US", year=2026, month=month, showweeknumbers=True)   # no day selected
    for i in range(count):
        cal.calevent_create(d(2026, 11, 1) + datetime.timedelta(days=i % 61), f"{{[event]}} {i}", "tag" if i % 3 else ())
    cal.tag_config("tag", background="#228b22", foreground="#ffffff")
    cal.pack()
    pump = pump_tk(root)
    for _ in range(3):
        pump()
    return cal


def test_a_month_change_reuses_the_items_in_one_tcl_round_trip(xserver: XServer, root: Any) -> None:
    cal = _calendar(root, 11)
    november = _items(cal)
    items = set(cal.canvas.find_all())
    calls = _tcl_calls(lambda: cal._user_page(1))
    assert calls["eval"] == 1 and calls["call"] <= 2, calls   # the page's changes in one script (+ the virtual event)
    assert set(cal.canvas.find_all()) == items                # none created, none deleted
    december = _items(cal)
    assert december != november
    # a calendar opened on December with the same calevents shows the same items
    other = _calendar(root, 12)
    assert _items(other) == december
    cal._user_page(-1)
    assert _items(cal) == november
    # a drawing that changes nothing calls Tcl not at all
    assert _tcl_calls(cal._redraw) == {"eval": 0, "call": 0}

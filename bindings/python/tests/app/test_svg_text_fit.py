"""Text in the SVG pictures stays in its box and keeps the titles (issue 24.3).

Every text of an event (a timed event's box in a week or day picture, a bar of the
all-day strip, a month's bar or slot) is measured in DejaVu Sans, the font the pictures
are drawn with here (the last of their font list, and what fontconfig gives for
system-ui), by FreeType through Pillow: its ink lies inside its event's box. The title
comes first: a timed box shows the title (wrapped, cut with an ellipsis only where the
box runs out), then the time if a line is left; a month shows "9:30 Standup" where it
fits and the title (not the time) where it does not; no two texts of a picture overlap.
"""
from __future__ import annotations

import datetime as dt
import os
import re
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

import pytest

import required
from kalends.app.cli import main

from test_cli_recurring import TEAM, ZONE

SVG = "{http://www.w3.org/2000/svg}"
ELLIPSIS = "…"
#: Titles longer than any box of a narrow week, and letters outside ASCII.
EXTRA = """BEGIN:VEVENT\r
UID:planning@team\r
SUMMARY:Quarterly planning with the whole product team\r
DTSTART;TZID=Europe/Paris:20261119T090000\r
DTEND;TZID=Europe/Paris:20261119T103000\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:cafe@team\r
SUMMARY:Café with Zoë\r
DTSTART;TZID=Europe/Paris:20261119T093000\r
DTEND;TZID=Europe/Paris:20261119T100000\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:dentist@team\r
SUMMARY:Dentist\r
DTSTART;TZID=Europe/Paris:20261119T100000\r
DTEND;TZID=Europe/Paris:20261119T101500\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:holiday@team\r
SUMMARY:Öffentlicher Feiertag (Buß- und Bettag)\r
DTSTART;VALUE=DATE:20261118\r
END:VEVENT\r
END:VCALENDAR\r
"""
CALENDAR = TEAM.replace("END:VCALENDAR\r\n", EXTRA)


class Box(NamedTuple):
    x: float
    y: float
    width: float
    height: float

    def holds(self, other: "Box", slack: float = 0.01) -> bool:
        return (self.x - slack <= other.x and other.x + other.width <= self.x + self.width + slack
                and self.y - slack <= other.y and other.y + other.height <= self.y + self.height + slack)

    def meets(self, other: "Box") -> bool:
        return (self.x < other.x + other.width and other.x < self.x + self.width
                and self.y < other.y + other.height and other.y < self.y + self.height)


@lru_cache(maxsize=None)
def font(bold: bool) -> Any:
    """DejaVu Sans at 1000 pixels (measured there and scaled: Pillow rounds to pixels)."""
    pil = required.module("PIL.ImageFont", "Pillow measures the text (.ci/run installs it with matplotlib)")
    matplotlib = required.module("matplotlib", "its DejaVu Sans is the font measured")
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return pil.truetype(os.path.join(matplotlib.get_data_path(), "fonts", "ttf", name), 1000)


def ink(t: ET.Element, offset: tuple[float, float]) -> Box:
    """Where a <text> is drawn: its advance across, its glyphs' ink up and down."""
    size = float(t.get("font-size", "16"))
    bold = int(t.get("font-weight", "400")) >= 600
    text = "".join(t.itertext())
    f = font(bold)
    scale = size / 1000
    advance = f.getlength(text) * scale
    left, top, right, bottom = (v * scale for v in f.getbbox(text, anchor="ls"))
    x = float(t.get("x", "0")) + offset[0]
    x -= {"middle": advance / 2, "end": advance}.get(t.get("text-anchor", "start"), 0.0)
    y = float(t.get("y", "0")) + offset[1]
    return Box(x + min(0.0, left), y + top, max(advance, right) - min(0.0, left), bottom - top)


def path_box(d: str) -> Box:
    """The box of a bar's outline (absolute M, H, V, A and Z only, as the renderer writes)."""
    xs, ys, x, y = [], [], 0.0, 0.0
    for op, args in re.findall(r"([MHVAZ])([^MHVAZ]*)", d):
        n = [float(v) for v in re.findall(r"-?[\d.]+(?:e-?\d+)?", args)]
        if op == "M":
            x, y = n
        elif op == "H":
            x = n[0]
        elif op == "V":
            y = n[0]
        elif op == "A":
            x, y = n[5], n[6]
        xs.append(x)
        ys.append(y)
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def offsets(root: ET.Element) -> dict[ET.Element, tuple[float, float]]:
    """Each element's translation (the renderer moves groups with translate(x,y))."""
    out: dict[ET.Element, tuple[float, float]] = {}

    def walk(e: ET.Element, at: tuple[float, float]) -> None:
        m = re.fullmatch(r"translate\(([-\d.e]+),([-\d.e]+)\)", e.get("transform", ""))
        if m:
            at = (at[0] + float(m.group(1)), at[1] + float(m.group(2)))
        out[e] = at
        for child in e:
            walk(child, at)
    walk(root, (0.0, 0.0))
    return out


class Event(NamedTuple):
    kind: str
    title: str
    day: str
    box: Box
    texts: list[tuple[ET.Element, Box]]


def events(root: ET.Element) -> list[Event]:
    at = offsets(root)
    out = []
    for g in root.iter(f"{SVG}g"):
        kind = next((k for k in ("timed-event", "all-day-event", "event-bar") if k in g.get("class", "").split()), None)
        if kind is None:
            continue
        title = g.find(f"{SVG}title")
        assert title is not None and title.text
        rect, path = g.find(f"{SVG}rect"), g.find(f"{SVG}path")
        o = at[g]
        if path is not None:
            b = path_box(path.get("d", ""))
        else:
            assert rect is not None, ET.tostring(g)
            b = Box(*(float(rect.get(k, "0")) for k in ("x", "y", "width", "height")))
        box = Box(b.x + o[0], b.y + o[1], b.width, b.height)
        texts = [(t, ink(t, at[t])) for t in g.iter(f"{SVG}text")]
        out.append(Event(kind, title.text, g.get("data-day") or g.get("data-first") or "", box, texts))
    return out


def picture(tmp_path: Path, *argv: str) -> ET.Element:
    ics, svg = tmp_path / "team.ics", tmp_path / "p.svg"
    ics.write_text(CALENDAR, encoding="utf-8")
    code = main(["--events", str(ics), "--time-zone", ZONE, "--today", "2026-11-17T14:20", "--color", "never",
                 "--svg", str(svg), *argv])
    assert code == 0
    return ET.parse(svg).getroot()


def squeeze(text: str) -> str:
    return "".join(text.split())


PICTURES = [[*m, "--view-width", w] for m in (["--mode", "week", "--select", "2026-11-17"],
                                               ["--mode", "week", "--select", "2026-11-19"],
                                               ["--mode", "day", "--select", "2026-11-17"],
                                               ["--mode", "day", "--select", "2026-11-19"],
                                               ["2026", "11"]) for w in ("392", "600", "1000")]


@pytest.mark.parametrize("argv", PICTURES, ids=[" ".join(a) for a in PICTURES])
def test_every_event_text_lies_in_its_box_and_no_texts_overlap(tmp_path: Path, argv: list[str]) -> None:
    root = picture(tmp_path, *argv)
    found = events(root)
    assert found
    for e in found:
        for t, box in e.texts:
            assert e.box.holds(box), (e.title, e.day, "".join(t.itertext()), box, e.box)
    at = offsets(root)
    texts = [("".join(t.itertext()), ink(t, at[t])) for t in root.iter(f"{SVG}text") if "".join(t.itertext()).strip()]
    for i, (a, box_a) in enumerate(texts):
        for b, box_b in texts[i + 1:]:
            assert not box_a.meets(box_b), (a, box_a, b, box_b)


@pytest.mark.parametrize("argv", [a for a in PICTURES if "2026" not in a], ids=lambda a: " ".join(a))
def test_timed_boxes_show_the_title_first_then_the_time(tmp_path: Path, argv: list[str]) -> None:
    for e in events(picture(tmp_path, *argv)):
        if e.kind != "timed-event":
            continue
        titles = [t for t, _ in e.texts if t.get("class") == "event-title"]
        times = [t for t, _ in e.texts if t.get("class") == "event-time"]
        shown = squeeze("".join("".join(t.itertext()) for t in titles))
        whole = squeeze(e.title)
        # the title's start (or all of it) comes first; with a time on its line only when whole
        assert e.texts and e.texts[0][0] in titles, (e.title, e.day)
        cut = shown.endswith(ELLIPSIS)
        assert whole.startswith(shown[:-1] if cut else shown[:len(whole)]), (e.title, shown)
        assert len(shown) >= min(3 if e.box.width >= 40 else 1 if e.box.width >= 20 else 0, len(whole)), \
            (e.title, shown, e.box)
        if times:   # a time only after the whole title, below it
            assert not cut and shown.startswith(whole)
            assert min(float(t.get("y", "0")) for t in times) > max(float(t.get("y", "0")) for t in titles)


def test_overlapping_events_of_a_narrow_week_keep_their_titles(tmp_path: Path) -> None:
    """The issue's case: Design review 10-12 and Lunch with Ana 11-13 side by side in a
    seven-day week at the default width showed "1…" (the time's start) and no title."""
    root = picture(tmp_path, "--mode", "week", "--select", "2026-11-17")
    shown = {e.title: squeeze("".join("".join(t.itertext()) for t, _ in e.texts if t.get("class") == "event-title"))
             for e in events(root) if e.kind == "timed-event" and e.day == "2026-11-17"}
    assert shown["Design review"] == "Designreview" and shown["Lunch with Ana"] == "LunchwithAna"
    # ... and at the week's default width (840 points) their lines break between words
    for e in events(root):
        if e.kind == "timed-event" and e.title in ("Design review", "Lunch with Ana"):
            lines = ["".join(t.itertext()) for t, _ in e.texts if t.get("class") == "event-title"]
            words = {w for line in lines for w in line.split()}
            assert all(w in words for w in e.title.split()), (e.title, lines)


def test_a_month_writes_the_time_first_and_all_day_events_as_bars(tmp_path: Path) -> None:
    wide = {(e.title, e.day): e for e in events(picture(tmp_path, "2026", "11", "--view-width", "1000"))}
    standup = wide[("Standup", "2026-11-16")]
    assert ["".join(t.itertext()) for t, _ in standup.texts] == ["9:30 Standup"]
    assert wide[("Standup (moved)", "2026-11-20")].texts[0][0].text == "10:30 Standup (moved)"
    # a timed event of one day: a dot in its colour and its text in the slot, no filled bar
    assert standup.box.height > 0 and not ET.tostring(standup.texts[0][0]).count(b"path")
    for key in (("Offsite", "2026-11-26"), ("Conference", "2026-11-18")):
        assert [t.text for t, _ in wide[key].texts] == [key[0]]    # all day: the title in a bar
    for e in events(picture(tmp_path, "2026", "11")):                 # narrow cells (392 points)
        text = "".join("".join(t.itertext()) for t, _ in e.texts)
        rest = re.sub(r"^\d{1,2}:\d\d ", "", text)
        rest = rest[:-1] if rest.endswith(ELLIPSIS) else rest
        # the title's start stays (the time gives way first)
        assert e.title.startswith(rest) and len(rest) >= min(3, len(e.title)), (e.title, text)


@pytest.mark.parametrize("n, shown", [(5, "5"), (999, "999"), (1000, "1k"), (1234, "1.2k"), (9999, "9.9k"),
                                      (86_398, "86k"), (3_628_800, "3.6M"), (12_500_000, "12M")])
def test_a_more_label_without_room_for_its_digits_is_compact_and_never_overstates(n: int, shown: str) -> None:
    from kalends.app.render_svg import _compact
    assert _compact(n) == shown

"""``make screenshots``: pictures of the Tk hosts for the README, taken in an X server
(run under xvfb-run): docs/tkcalendar.png (kalends.tkcalendar: a US month with calevents
and a selected range, a Hebrew calendar in he_IL, right to left, and a DateEntry) and
docs/desktop-month.png, docs/desktop-week.png (``python -m kalends.app`` on an .ics)."""
from __future__ import annotations

import datetime as dt
import subprocess
import sys
import tempfile
import tkinter as tk
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bindings" / "python"))

DOCS = ROOT / "docs"

ICS = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//kalends screenshots//EN
{events}END:VCALENDAR
"""
EVENT = """BEGIN:VEVENT
UID:{uid}@kalends
DTSTAMP:20261101T000000Z
{when}SUMMARY:{title}
END:VEVENT
"""


def calendar_file(folder: Path) -> Path:
    timed = [("2026-11-16", 9, 10, "Standup"), ("2026-11-17", 9, 10, "Standup"), ("2026-11-18", 9, 10, "Standup"),
             ("2026-11-18", 13, 15, "Design review"), ("2026-11-19", 11, 12, "Lunch with Ana"),
             ("2026-11-20", 15, 17, "Release"), ("2026-11-17", 14, 15, "Dentist"), ("2026-11-03", 10, 11, "Planning"),
             ("2026-11-25", 16, 17, "Retro")]
    all_day = [("2026-11-10", "2026-11-13", "Conference"), ("2026-11-26", "2026-11-28", "Thanksgiving break"),
               ("2026-11-19", "2026-11-20", "Ana's birthday")]
    events = []
    for i, (day, a, b, title) in enumerate(timed):
        d = day.replace("-", "")
        events.append(EVENT.format(uid=f"t{i}", title=title, when=f"DTSTART:{d}T{a:02d}0000Z\nDTEND:{d}T{b:02d}0000Z\n"))
    for i, (first, end, title) in enumerate(all_day):
        events.append(EVENT.format(uid=f"a{i}", title=title, when=f"DTSTART;VALUE=DATE:{first.replace('-', '')}\n"
                                                               f"DTEND;VALUE=DATE:{end.replace('-', '')}\n"))
    path = folder / "calendar.ics"
    path.write_text(ICS.format(events="".join(events)).replace("\n", "\r\n"), encoding="utf-8")
    return path


def grab(window: tk.Misc, path: Path) -> None:
    """The window's pixels (ImageMagick's import of the root window, cropped to it)."""
    for _ in range(10):
        window.update()
    x, y, w, h = window.winfo_rootx(), window.winfo_rooty(), window.winfo_width(), window.winfo_height()
    subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+{x}+{y}", "+repage", str(path)], check=True)
    print(f"wrote {path.relative_to(ROOT)}")


def tkcalendar_picture(root: tk.Tk) -> None:
    from kalends.tkcalendar import Calendar, DateEntry
    top = tk.Toplevel(root, background="white", padx=10, pady=10)
    top.geometry("+0+0")
    us = Calendar(top, locale="en_US", firstweekday="sunday", selectmode="range", year=2026, month=11,
                  font="DejaVu\\ Sans 10")
    for day, text, tag in ((4, "Planning", "work"), (12, "Conference", "work"), (19, "Ana's birthday", "home"),
                           (26, "Thanksgiving", "home")):
        us.calevent_create(dt.date(2026, 11, day), text, tag)
    us.tag_config("home", background="#188038", foreground="white")
    us.view.select(dt.date(2026, 11, 16))
    us.view.select(dt.date(2026, 11, 18))
    us.grid(row=0, column=0, padx=8, pady=8, sticky="n")
    hebrew = Calendar(top, locale="he_IL", calendar="hebrew", firstweekday="sunday", year=2026, month=11, day=18,
                      font="DejaVu\\ Sans 10", showweeknumbers=False)
    hebrew.grid(row=0, column=1, padx=8, pady=8, sticky="n")
    arabic = Calendar(top, locale="en_GB", calendar="islamic-umalqura", secondary_calendar="gregorian",
                      firstweekday="saturday", year=2026, month=11, day=18, font="DejaVu\\ Sans 10",
                      showweeknumbers=False)
    arabic.grid(row=0, column=2, padx=8, pady=8, sticky="n")
    entry = DateEntry(top, locale="de_DE", year=2026, month=11, day=18, width=14)
    entry.grid(row=1, column=0, padx=8, pady=8, sticky="w")
    us.see(dt.date(2026, 11, 1))   # draws the selection made through the view
    grab(top, DOCS / "tkcalendar.png")
    top.destroy()


def desktop_pictures(root: tk.Tk, ics: Path) -> None:
    from kalends.app.desktop.sources import IcsFile
    from kalends.app.desktop.window import DesktopCalendar
    top = tk.Toplevel(root)
    top.geometry("1000x700+0+0")
    app = DesktopCalendar(top, [IcsFile(ics)], locale="en_US", date=dt.date(2026, 11, 18), zone="UTC")
    grab(top, DOCS / "desktop-month.png")
    app.set_mode("week")
    grab(top, DOCS / "desktop-week.png")
    top.destroy()


def main() -> int:
    root = tk.Tk()
    root.withdraw()
    with tempfile.TemporaryDirectory() as folder:
        ics = calendar_file(Path(folder))
        tkcalendar_picture(root)
        desktop_pictures(root, ics)
    root.destroy()
    return 0


if __name__ == "__main__":
    sys.exit(main())

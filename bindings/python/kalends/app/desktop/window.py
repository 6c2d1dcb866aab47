"""The desktop calendar's window: a toolbar (previous, today, next, the page's title, the
modes, a DateEntry to jump), the page on a Canvas, a status line for messages. Input
goes to the kalends.View (pages, keys, day selection by drag, swipes) and to
kalends.editing (event moves and resizes); what they change is drawn again, and edits are
saved to the calendar's file."""
from __future__ import annotations

import datetime as _dt
import time
import tkinter as tk
from tkinter import ttk
from tkinter.font import Font
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ...calendar import Calendar, CalendarOptions
from ...dates import date_from_day_number
from ...editing import Editing, EditState, GestureKind, Outcome, point
from ...errors import KalendsError
from ...geometry import Insets
from ...locale import Locale
from ...store import EventStore
from ...time_grid import TimeGridArea
from ...timezone import TimeZone
from ...view import DisplayMode, ElementKind, Key, Metrics, RowHeight, SelectionMode, View, ViewOptions
from ...tkcalendar import DateEntry
from ...compat.tkcalendar.bidi import visual
from ...compat.tkcalendar.options import open_locale
from . import pages
from .sources import SourceError

MODES = {"month": DisplayMode.MONTH, "week": DisplayMode.WEEK, "day": DisplayMode.DAY}

#: Keys of the page (Tk keysyms) and the view's keys.
KEYS = {"Left": Key.LEFT, "Right": Key.RIGHT, "Up": Key.UP, "Down": Key.DOWN, "Prior": Key.PAGE_UP,
        "Next": Key.PAGE_DOWN, "Home": Key.HOME, "End": Key.END, "Return": Key.ENTER, "Escape": Key.ESCAPE}

#: Week and day pages: the width of the hour labels' column, the height of the row of days.
HOUR_LABELS = 52.0
DAY_ROW = 28.0

#: How close to a timed box's bottom edge a press resizes it instead of moving it.
RESIZE_EDGE = 6.0


class DesktopCalendar:
    """The window's state and widgets, inside ``root`` (a Tk or Toplevel)."""

    def __init__(self, root: tk.Misc, sources: Sequence[Any], locale: Optional[str] = None,
                 calendar: Optional[str] = None, mode: str = "month", date: Optional[_dt.date] = None,
                 zone: Optional[str] = None, size: Tuple[int, int] = (900, 640)) -> None:
        self.root = root
        self.locale: Locale = open_locale(locale)          # ValueError: no such locale
        options = CalendarOptions.for_locale(self.locale)
        if calendar is not None:
            options = CalendarOptions.for_locale(self.locale, system=calendar)
        self.kcalendar = Calendar(options)                  # KalendsError: no such calendar system
        if mode not in MODES and mode != "agenda":
            raise ValueError(f"mode must be one of {', '.join(MODES)} or agenda, not {mode!r}")
        self.zone = TimeZone(zone)
        self.store = EventStore()
        self.sources = list(sources)
        self.messages: List[str] = []
        self.titles: Dict[int, Tuple[str, int]] = {}
        self._load()
        self.editable = len(self.sources) == 1 and not self.messages
        self.view = View(self.kcalendar, ViewOptions(mode=MODES.get(mode, DisplayMode.MONTH), selection_mode=SelectionMode.RANGE,
                                                     right_to_left=self.locale.direction == "rtl"),
                         Metrics(width=float(size[0]), header_height=0.0, weekday_height=pages.WEEKDAY_HEIGHT,
                                 row_height=RowHeight.fixed(80.0)))
        self.view.set_store(self.store, self.zone)
        self.editing = Editing(self.view)
        self.editing.set_options(editable=self.editable)
        if date is not None:
            self.view.go_to(date)
        self.drawn = pages.Drawn()
        self._metrics_for: Tuple[float, float, bool] = (0.0, 0.0, False)   # the size and mode the view's metrics are for
        self.agenda: Optional[Any] = None     # the agenda page while it is shown (agenda_page.AgendaPage)
        self._edit: Optional[EditState] = None
        self._pointer = False
        self.saved = 0
        self._build(size)
        if mode == "agenda":
            self.agenda_page()
        self.redraw()

    # -- events ---------------------------------------------------------------------------

    def _load(self) -> None:
        next_id = 1
        for source in self.sources:
            try:
                count = source.load(self.store, next_id, self.zone)
            except SourceError as e:
                self.messages.append(str(e))
                continue
            next_id += count
        self._ids = range(1, next_id)
        self._refresh_titles()

    def _refresh_titles(self) -> None:
        """The title and colour of every event (the sources' ids are 1, 2, ...)."""
        self.titles = {}
        for event_id in self._ids:
            try:
                event = self.store.get(event_id)
            except (KeyError, KalendsError, ValueError):
                continue
            self.titles[event_id] = (event.title, event.color)

    # -- widgets ----------------------------------------------------------------------------

    def _build(self, size: Tuple[int, int]) -> None:
        root = self.root
        self.font = Font(root, family="DejaVu Sans", size=10)
        self.small = Font(root, family="DejaVu Sans", size=8)
        self.bold = Font(root, family="DejaVu Sans", size=10, weight="bold")
        bar = ttk.Frame(root, padding=4)
        bar.pack(side="top", fill="x")
        self.previous_button = ttk.Button(bar, text="◀", width=3, command=lambda: self.page(-1))
        self.today_button = ttk.Button(bar, text="Today", command=self.today)
        self.next_button = ttk.Button(bar, text="▶", width=3, command=lambda: self.page(1))
        for b in (self.previous_button, self.today_button, self.next_button):
            b.pack(side="left", padx=2)
        self.title = ttk.Label(bar, text="", font=Font(root, family="DejaVu Sans", size=13, weight="bold"))
        self.title.pack(side="left", padx=12)
        self.jump = DateEntry(bar, locale=self.locale.identifier, width=12)
        self.jump.pack(side="right", padx=4)
        self.jump.bind("<<DateEntrySelected>>", self._on_jump)
        self.mode_buttons: Dict[str, ttk.Button] = {}
        for name in ("day", "week", "month"):
            button = ttk.Button(bar, text=name.title(), command=self._mode_command(name))
            button.pack(side="right", padx=1)
            self.mode_buttons[name] = button
        self.agenda_button = ttk.Button(bar, text="Agenda", command=self.agenda_page)
        self.agenda_button.pack(side="right", padx=1)
        self.status = ttk.Label(root, text="", anchor="w", padding=(6, 2))
        self.status.pack(side="bottom", fill="x")
        self.canvas = tk.Canvas(root, width=size[0], height=size[1], background=pages.COLOURS["background"],
                                highlightthickness=0, takefocus=1)
        self.canvas.pack(side="top", fill="both", expand=True)
        self.kept = pages.KeptPages(self.canvas, self.font, self.small, self.locale.number)
        c = self.canvas
        c.bind("<Configure>", lambda e: self.redraw())
        c.bind("<ButtonPress-1>", self._on_press)
        c.bind("<B1-Motion>", self._on_motion)
        c.bind("<ButtonRelease-1>", self._on_release)
        c.bind("<Button-4>", lambda e: self.page(-1))
        c.bind("<Button-5>", lambda e: self.page(1))
        c.bind("<MouseWheel>", lambda e: self.page(-1 if e.delta > 0 else 1))
        root.bind("<KeyPress>", self._on_key)     # the window's keys, but not while typing in an entry
        self.show_message("; ".join(self.messages) if self.messages else
                          "" if self.editable or not self.sources else "several files: read-only")

    def _mode_command(self, name: str) -> Callable[[], None]:
        return lambda: self.set_mode(name)

    def _on_jump(self, event: Any) -> None:
        self.go_to(self.jump.get_date())

    def show_message(self, text: str) -> None:
        """A message in the status line (and nothing else: the window goes on)."""
        self.status.configure(text=text)

    def agenda_page(self) -> None:
        """The agenda (list) page from the first day of the page shown (agenda_page.py:
        kalends.Agenda's rows); the other modes' buttons go back to the view's pages."""
        from .agenda_page import AgendaPage
        first = self.view.page.first_date
        self.agenda = AgendaPage(self.store, self.zone, self.locale, self.kcalendar.options.system, first,
                                 today=_dt.date.today())
        self.redraw()

    # -- pages ------------------------------------------------------------------------------

    def _size(self) -> Tuple[float, float]:
        w, h = float(self.canvas.winfo_width()), float(self.canvas.winfo_height())
        if w <= 1 and h <= 1:   # not mapped yet: the size asked for
            w, h = float(self.canvas.cget("width")), float(self.canvas.cget("height"))
        return w, h

    def _hour_label_insets(self) -> Insets:
        """Room for the hour labels beside the columns: left of them, right of them right to left."""
        rtl = self.locale.direction == "rtl"
        return Insets(0, 0 if rtl else HOUR_LABELS, 0, HOUR_LABELS if rtl else 0)

    def _hour_height(self, height: float) -> float:
        return max(8.0, (height - DAY_ROW - 3 * pages.BAR_HEIGHT - 16) / 24)

    def redraw(self) -> None:
        """Lays the page out for the canvas's size and draws it."""
        w, h = self._size()
        if not (w >= 20 and h >= 20):     # too small to lay out (or not a number): nothing drawn
            self.canvas.delete(pages.TAG)
            self.kept.hide()
            return
        if self.agenda is not None:
            self.kept.hide()
            try:
                self.agenda.draw(self.canvas, w, h, self.font, self.small, self.bold)
                self.drawn = pages.Drawn()
                self.title.configure(text=visual(self.locale.format_date(self.agenda.anchor, "long")))
            except (KalendsError, ValueError) as e:
                self.canvas.delete(pages.TAG)
                self.show_message(f"cannot draw the agenda: {e}")
            return
        try:
            month = self.view.page.mode == DisplayMode.MONTH
            if (w, h, month) != self._metrics_for:   # not on a page change: the size or the mode changed
                if month:
                    self.view.set_metrics(width=w, header_height=0.0, weekday_height=pages.WEEKDAY_HEIGHT, insets=Insets(),
                                          row_height=RowHeight.fixed(max(1.0, (h - pages.WEEKDAY_HEIGHT) / 6)))
                else:
                    self.view.set_metrics(width=w, header_height=0.0, weekday_height=0.0,
                                          insets=self._hour_label_insets(), row_height=RowHeight.fixed(DAY_ROW))
                self._metrics_for = (w, h, month)
            self.drawn = pages.draw(self.canvas, self.view, self.store, self.zone, self.titles, self._hour_height(h),
                                    self.kept)
            self.title.configure(text=visual(self.view.title()))
        except (KalendsError, ValueError) as e:
            self.canvas.delete(pages.TAG)
            self.kept.hide()
            self.show_message(f"cannot draw the page: {e}")

    def page(self, step: int) -> None:
        if self.agenda is not None:   # the agenda scrolls by most of a screen
            self.agenda.scroll(step * max(40.0, self._size()[1] - 60))
        else:
            self.view.next_page() if step > 0 else self.view.previous_page()
        self.redraw()

    def today(self) -> None:
        self.agenda = None
        self.view.go_to_today()
        self.redraw()

    def go_to(self, date: _dt.date) -> None:
        if self.agenda is not None:
            self.agenda.anchor, self.agenda.offset = date, 0.0
            self.redraw()
            return
        self.view.go_to(date)
        self.redraw()

    def set_mode(self, name: str) -> None:
        if name == "agenda":
            self.agenda_page()
            return
        self.agenda = None
        self.view.set_mode(MODES[name])
        self.redraw()

    # -- input ------------------------------------------------------------------------------

    def _box_at(self, x: float, y: float) -> Optional[Tuple[float, float, float, float, int, Optional[int], bool]]:
        for box in reversed(self.drawn.boxes):
            if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
                return box
        return None

    def _edit_point(self, x: float, y: float) -> Optional[Any]:
        """The (day, time) under (x, y) for an edit: a month cell is its day (all day)."""
        if self.drawn.grid is None:
            hit = self.view.hit_test(x, y)
            if hit.kind != ElementKind.DAY:
                return None
            return point(date_from_day_number(hit.day_number), all_day=True)
        spot = self.drawn.grid.spot(x, y)
        if spot.day is None or spot.area == TimeGridArea.NONE:
            return None
        return point(spot.day, spot.seconds, all_day=spot.area == TimeGridArea.STRIP)

    def _on_press(self, event: Any) -> None:
        self.canvas.focus_set()
        if self.agenda is not None:   # the agenda's rows are for reading (and the wheel)
            return
        box = self._box_at(event.x, event.y)
        if box is not None and self.editable:
            at = self._edit_point(event.x, event.y)
            if at is not None:
                kind = GestureKind.EVENT_RESIZE_END if not box[6] and event.y >= box[3] - RESIZE_EDGE \
                    else GestureKind.EVENT_MOVE
                self._edit = self.editing.begin(kind, at, box[4], box[5])
                return
        self._pointer = True
        self.view.press(event.x, event.y, time=event.time / 1000.0)

    def _on_motion(self, event: Any) -> None:
        if self._edit is not None:
            at = self._edit_point(event.x, event.y)
            if at is not None:
                self._edit = self.editing.update(at)
            return
        if self._pointer:
            _, action = self.view.drag(event.x, event.y, time=event.time / 1000.0)
            if action.outcome in (Outcome.PREVIEW, Outcome.PAGED):
                self.redraw()

    def _on_release(self, event: Any) -> None:
        if self._edit is not None:
            at = self._edit_point(event.x, event.y)
            if at is not None:
                self.editing.update(at)
            state = self.editing.commit()
            self._edit = None
            if state.outcome == Outcome.EDITED:
                self._refresh_titles()
                self.save()
            elif state.outcome == Outcome.REFUSED:
                self.show_message(f"the event cannot go there ({state.refusal.name.lower()})")
            self.redraw()
            return
        if self._pointer:
            self._pointer = False
            self.view.release(event.x, event.y, time=event.time / 1000.0)
            self.redraw()

    def _on_key(self, event: Any) -> str:
        if isinstance(event.widget, (tk.Entry, ttk.Entry)):
            return ""
        char = event.char
        if char == "t":
            self.today()
        elif char in ("m", "w", "d", "a"):
            self.set_mode({"m": "month", "w": "week", "d": "day", "a": "agenda"}[char])
        elif self.agenda is not None and event.keysym in ("Prior", "Next", "Up", "Down"):
            if event.keysym in ("Prior", "Next"):
                self.page(1 if event.keysym == "Next" else -1)
            else:
                self.agenda.scroll(24.0 if event.keysym == "Down" else -24.0)
                self.redraw()
        elif event.keysym in KEYS:
            self.view.key(KEYS[event.keysym])
            self.redraw()
        else:
            return ""
        return "break"

    # -- saving -----------------------------------------------------------------------------

    def save(self) -> bool:
        """Writes the events back to the calendar's file; a failure is a message, and the
        file stays as it was."""
        if not self.editable:
            return False
        try:
            self.sources[0].save(self.store)
        except SourceError as e:
            self.show_message(str(e))
            return False
        self.saved += 1
        self.show_message(f"saved {self.sources[0].name}")
        return True

    # -- for tests and the bench ------------------------------------------------------------

    def selected_days(self) -> List[Any]:
        return self.view.selected_days()

    def timed(self, fn: Callable[[], None]) -> float:
        start = time.perf_counter()
        fn()
        return time.perf_counter() - start

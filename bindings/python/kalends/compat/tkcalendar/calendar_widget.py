"""``kalends.tkcalendar.Calendar``: tkcalendar's Calendar widget on a kalends.View.

The widget is a ttk.Frame holding one Canvas. What the calendar shows and decides (the
page, the grid, the selection, min/max dates, keys, clicks and drags, titles and labels in
the locale and calendar system) comes from the View; the widget keeps tkcalendar's
options and calevents, draws the View's frames and turns what changed into tkcalendar's
virtual events."""
from __future__ import annotations

import datetime as _dt
import tkinter as tk
from tkinter import ttk
from tkinter.font import Font
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from ...calendar import Calendar as KCalendar, CalendarOptions, DayFlags
from ...errors import KalendsError
from ...locale import Locale
from ...view import ElementKind, Key, Metrics, OutDates, RowHeight, SelectionMode, View, ViewOptions
from ...dates import Weekday, date_from_day_number, day_number
from . import options as opt
from .drawing import DayLook, Drawing, day_look, draw
from .tooltip import TooltipWrapper

#: Tk keysyms and the view's keys (arrows move the focus day and select it, Page Up/Down
#: page, Home/End go to the page's ends, shift+arrows extend a range).
KEYS: Dict[Tuple[str, bool], Key] = {
    ("Left", False): Key.LEFT, ("Right", False): Key.RIGHT, ("Up", False): Key.UP, ("Down", False): Key.DOWN,
    ("Prior", False): Key.PAGE_UP, ("Next", False): Key.PAGE_DOWN, ("Home", False): Key.HOME,
    ("End", False): Key.END, ("Return", False): Key.ENTER, ("KP_Enter", False): Key.ENTER,
    ("space", False): Key.ENTER, ("Escape", False): Key.ESCAPE,
    ("Left", True): Key.SHIFT_LEFT, ("Right", True): Key.SHIFT_RIGHT, ("Up", True): Key.SHIFT_UP,
    ("Down", True): Key.SHIFT_DOWN,
}

_HIDDEN = int(DayFlags.HIDDEN)
_TODAY = int(DayFlags.TODAY)

_MODES = {"none": SelectionMode.NONE, "day": SelectionMode.SINGLE, "multiple": SelectionMode.MULTIPLE,
          "range": SelectionMode.RANGE}

#: Options whose change rebuilds the view's calendar (locale, week, system).
_CALENDAR_KEYS = {"locale", "firstweekday", "weekenddays", "calendar", "secondary_calendar"}


class Calendar(ttk.Frame):
    """Calendar widget: tkcalendar's options, methods and virtual events
    (``<<CalendarSelected>>`` when the user selects a day, ``<<CalendarMonthChanged>>``
    when the user changes the displayed month), on a kalends.View. See the package's
    docstring for what it adds and where it differs."""

    date = _dt.date
    datetime = _dt.datetime
    timedelta = _dt.timedelta
    strptime = _dt.datetime.strptime
    strftime = _dt.datetime.strftime

    def __init__(self, master: Optional[tk.Misc] = None, **kw: Any) -> None:
        cursor = kw.pop("cursor", "")
        font = kw.pop("font", opt.DEFAULT_FONT)
        ttk.Frame.__init__(self, master, class_=kw.pop("class_", "Calendar"), cursor=cursor,
                           name=kw.pop("name", None))
        self._textvariable: Optional[tk.Variable] = kw.pop("textvariable", None)
        self._font = Font(self, font=font)
        props = self._font.actual()
        self._header_font = Font(self, family=props["family"], size=int(props["size"]) + 1, weight=props["weight"])
        self._small_font = Font(self, family=props["family"], size=max(6, int(props["size"]) - 2))
        state = opt.check_state(kw.pop("state", "normal"))
        borderwidth = opt.check_borderwidth(kw.pop("borderwidth", 2))
        firstweekday = kw.pop("firstweekday", "monday")
        first = opt.check_firstweekday(firstweekday)
        weekenddays = kw.pop("weekenddays", None)
        locale_name = kw.pop("locale", None)
        self._locale = opt.open_locale(locale_name)   # a locale that does not exist raises here
        if locale_name is None:
            locale_name = self._locale.identifier
        if not weekenddays:
            weekenddays = opt.weekend_positions(sorted(int(w) for w in self._locale.weekend), first) \
                if len(self._locale.weekend) == 2 else opt.weekend_positions([6, 7], first)
        opt.check_weekenddays(weekenddays)
        pattern = opt.date_pattern(kw.pop("date_pattern", "short"), self._locale)
        mindate = opt.check_limit(kw.pop("mindate", None), "mindate")
        maxdate = opt.check_limit(kw.pop("maxdate", None), "maxdate")
        if mindate is not None and maxdate is not None and mindate > maxdate:
            raise ValueError("mindate should be smaller than maxdate.")
        selectmode = opt.check_selectmode(kw.pop("selectmode", "day"))
        extras = {k: kw.pop(k, v) for k, v in opt.EXTRA_DEFAULTS.items()}

        today = self.date.today()
        selected: Optional[_dt.date]
        shown = None
        if self._textvariable is not None:
            try:
                selected = self._parse(self._textvariable.get(), pattern)
            except (IndexError, ValueError):
                selected = None
                self._textvariable.set("")
        elif ("month" in kw or "year" in kw) and "day" not in kw:
            selected = None
        else:
            try:
                selected = self.date(kw.get("year", today.year), kw.get("month", today.month),
                                     kw.get("day", today.day))
            except ValueError:
                selected = None
        year, month = kw.pop("year", today.year), kw.pop("month", today.month)
        kw.pop("day", None)
        shown = selected or self.date(year, month, 1)

        style = ttk.Style(self)
        themed = {
            "selectbackground": style.lookup("TEntry", "selectbackground", ("focus",)),
            "disabledselectbackground": style.lookup("TEntry", "selectbackground", ("disabled",)),
            "disableddaybackground": style.lookup("TLabel", "background", ("disabled",)),
            "disableddayforeground": style.lookup("TLabel", "foreground", ("disabled",)),
        }
        self._properties: Dict[str, Any] = {
            "cursor": cursor, "font": font, "borderwidth": borderwidth, "state": state, "locale": locale_name,
            "date_pattern": pattern, "selectmode": selectmode, "textvariable": self._textvariable,
            "firstweekday": firstweekday, "weekenddays": weekenddays, "mindate": mindate, "maxdate": maxdate,
            "showweeknumbers": kw.pop("showweeknumbers", True), "showothermonthdays": kw.pop("showothermonthdays", True),
        }
        for key, default in opt.COLOURS.items():
            self._properties[key] = themed.get(key, default) if default is None else default
        self._properties.update({k: v for k, v in kw.items() if k in opt.COLOURS})   # others: ignored, as tkcalendar
        self._properties.update(extras)

        self.calevents: Dict[int, Dict[str, Any]] = {}
        self._calevent_dates: Dict[_dt.date, List[int]] = {}
        self._tags: Dict[str, Dict[str, str]] = {}
        self._message = ""

        self._canvas = tk.Canvas(self, highlightthickness=0, borderwidth=0, cursor=cursor,
                                 background=self._properties["bordercolor"], takefocus=1)
        self._canvas.pack(fill="both", expand=True, padx=borderwidth, pady=borderwidth)
        self._drawing = Drawing(self._canvas)
        #: The day labels the view wrote, by date (until its calendar changes).
        self._labels: Dict[_dt.date, str] = {}
        self._labels_of: Optional[View] = None
        ttk.Frame.configure(self, style=self._frame_style())
        #: The date a "none" selectmode keeps aside: get_date() shows it, "day" selects it.
        self._held = selected if selectmode == "none" else None
        self._view = self._new_view(selected, shown)
        width, height = self._natural_size()
        self._canvas.configure(width=width, height=height)
        self._size = (float(width), float(height))
        self._pointer_down = False
        self._before_press: Optional[Tuple[Any, Any]] = None

        self.tooltip_wrapper = TooltipWrapper(self, alpha=self._properties["tooltipalpha"],
                                              delay=self._properties["tooltipdelay"])
        self._tooltip_day: Optional[_dt.date] = None

        c = self._canvas
        c.bind("<Configure>", self._on_configure)
        c.bind("<ButtonPress-1>", self._on_press)
        c.bind("<B1-Motion>", self._on_motion)
        c.bind("<ButtonRelease-1>", self._on_release)
        c.bind("<Motion>", self._on_hover)
        c.bind("<Leave>", lambda e: self.tooltip_wrapper.hide())
        c.bind("<KeyPress>", self._on_key)
        c.bind("<MouseWheel>", self._on_wheel)
        c.bind("<Button-4>", lambda e: self._user_page(-1))
        c.bind("<Button-5>", lambda e: self._user_page(1))
        if self._textvariable is not None:
            self._trace = self._textvariable.trace_add("write", self._on_textvariable)
        self._redraw()

    # -- the view ---------------------------------------------------------------------

    def _frame_style(self) -> str:
        name = f"main.{self}.TFrame"
        ttk.Style(self).configure(name, background=self._properties["background"])
        return name

    def _kalends_calendar(self) -> KCalendar:
        p = self._properties
        first = opt.WEEKDAYS[p["firstweekday"]]
        weekend = frozenset(Weekday(w) for w in opt.weekend_weekdays(p["weekenddays"], first))
        options = CalendarOptions.for_locale(self._locale, first_weekday=Weekday(first), weekend_days=weekend,
                                             system=p["calendar"], secondary_system=p["secondary_calendar"])
        return KCalendar(options)

    def _right_to_left(self) -> bool:
        rtl = self._properties["righttoleft"]
        return self._locale.direction == "rtl" if rtl is None else bool(rtl)

    def _view_options(self) -> ViewOptions:
        p = self._properties
        return ViewOptions(out_dates=OutDates.SHOW if p["showothermonthdays"] else OutDates.HIDE,
                           selection_mode=_MODES[p["selectmode"]], right_to_left=self._right_to_left(),
                           min_date=p["mindate"], max_date=p["maxdate"])

    def _metrics(self, width: float, height: float) -> Metrics:
        line = self._font.metrics("linespace")
        header = float(self._header_font.metrics("linespace") + 10)
        weekday = float(line + 6)
        week_column = float(self._font.measure("00") + 10) if self._properties["showweeknumbers"] else 0.0
        rows_height = max(6.0, height - header - weekday)
        from ...geometry import Insets
        insets = Insets(0, 0 if self._right_to_left() else week_column, 0, week_column if self._right_to_left() else 0)
        return Metrics(width=max(1.0, width), header_height=header, weekday_height=weekday, insets=insets,
                       column_spacing=1.0, row_spacing=1.0, row_height=RowHeight.fixed(max(1.0, (rows_height - 5) / 6)))

    def _natural_size(self) -> Tuple[int, int]:
        cell = max(self._font.measure("00") + 14, self._font.measure("Www") + 6)
        line = self._font.metrics("linespace")
        week_column = self._font.measure("00") + 10 if self._properties["showweeknumbers"] else 0
        header = self._header_font.metrics("linespace") + 10
        return (7 * cell + 6 + week_column, header + line + 6 + 6 * (line + 10) + 5)

    def _new_view(self, selected: Optional[_dt.date], shown: _dt.date) -> View:
        w, h = self._natural_size()
        view = View(self._kalends_calendar(), self._view_options(), self._metrics(w, h))
        view.go_to(shown)
        if selected is not None:
            view.select(self._clamp(selected))
            view.go_to(shown)
        return view

    def _rebuild(self) -> None:
        """A new calendar for the view (locale, week, system changed): page and selection kept."""
        self._labels = {}
        self._view.set_calendar(self._kalends_calendar())
        self._view.set_options(self._view_options())
        self._view.set_metrics(self._metrics(*self._size))

    def _clamp(self, date: _dt.date) -> _dt.date:
        return self.check_date_range(date)

    # -- drawing ----------------------------------------------------------------------

    def _colour(self, name: str) -> str:
        return str(self._properties[name])

    def _day_tag_colours(self, date: _dt.date) -> Optional[Tuple[str, str]]:
        """tkcalendar's rule: the last tag of the lowest event with tags colours the day."""
        for ev_id in reversed(self._calevent_dates.get(date, [])):
            tags = self.calevents[ev_id]["tags"]
            if tags:
                props = self._tags.get(tags[-1], {"foreground": "white", "background": "royal blue"})
                return props["foreground"], props["background"]
        return None

    def _redraw(self) -> None:
        view = self._view
        try:
            elements = view.layout()
            days = view.days()
            title = view.title()
        except KalendsError as error:
            self._show_message(str(error))
            return
        self._message = ""
        state = self._properties["state"]
        texts: Dict[int, str] = {}
        looks: Dict[int, DayLook] = {}
        weekday_texts: Dict[int, str] = {}
        week_rows: Dict[float, Tuple[float, float, str]] = {}
        show_week = bool(self._properties["showweeknumbers"])
        rtl = self._right_to_left()
        metrics = view.metrics
        secondary = self._properties["secondary_calendar"] is not None
        weekday_width = self._weekday_width(elements)
        if view is not self._labels_of or len(self._labels) > 4096:
            self._labels_of, self._labels = view, {}
        labels = self._labels
        for e in elements:
            if e.kind == ElementKind.DAY:
                day = days[e.index]
                flags = int(day.flags)
                if flags & _HIDDEN:
                    continue
                d = day.date
                label = labels.get(d)
                if label is None:
                    label = labels[d] = view.day_label(d)
                texts[e.index] = label
                events = self._calevent_dates.get(d, [])
                look = day_look(day.flags, self._colour, state, self._day_tag_colours(d))
                dots: Tuple[str, ...] = ()
                if events and self._properties["showeventdots"]:
                    dots = tuple(self._tag_dot(ev) for ev in events[:3])   # three are drawn
                outline = self._colour("todayforeground") if flags & _TODAY else ""
                second = ""
                if secondary and day.secondary_date is not None:
                    second = str(day.secondary_date.day)
                looks[e.index] = DayLook(look.background, look.foreground, outline, dots, second)
                if show_week and e.frame.y not in week_rows:
                    x = (metrics.width - metrics.insets.right / 2) if rtl else metrics.insets.left / 2
                    week_rows[e.frame.y] = (x, e.frame.height, str(day.week_of_year.week))
            elif e.kind == ElementKind.WEEKDAY:
                weekday_texts[e.index] = view.weekday_label(e.day_number, weekday_width)
        week_numbers = [(x, y, h, t) for y, (x, h, t) in sorted(week_rows.items())]
        week_column = None
        if show_week:
            width = metrics.insets.right if rtl else metrics.insets.left
            week_column = (metrics.width - width if rtl else 0.0, width)
        draw(self._drawing, elements, texts, looks, self._colour, self._font, self._header_font, title,
             weekday_texts, week_numbers, rtl, self._small_font, week_column)

    def _weekday_width(self, elements: List[Any]) -> str:
        """The widest weekday names that fit their column (abbreviated, else short, else
        narrow: "الأحد" does not fit where "Sun" does)."""
        columns = [e for e in elements if e.kind == ElementKind.WEEKDAY]
        if not columns:
            return "abbreviated"
        room = min(e.frame.width for e in columns) - 8
        key = (room, self._properties["locale"], repr(self._properties["font"]))
        if getattr(self, "_width_key", None) != key:
            self._width_key = key
            self._width = "narrow"
            for width in ("abbreviated", "short"):
                if all(self._font.measure(self._view.weekday_label(e.day_number, width)) <= room for e in columns):
                    self._width = width
                    break
        return self._width

    def _tag_dot(self, ev_id: int) -> str:
        tags = self.calevents[ev_id]["tags"]
        if tags:
            return self._tags.get(tags[-1], {}).get("background", "royal blue")
        return self._colour("todayforeground")

    def _show_message(self, text: str) -> None:
        self._message = text
        self._drawing.message(text, *self._size)

    # -- input ------------------------------------------------------------------------

    def _snapshot(self) -> Tuple[Any, Any]:
        return (self._view.page, tuple(self._view.selected_days()))

    def _after_user(self, before: Tuple[Any, Any], selected_action: bool) -> None:
        """Draws what the user's input changed (once) and fires tkcalendar's virtual events."""
        page, selection = self._snapshot()
        paged = page.month != before[0].month or page.year != before[0].year or page.anchor != before[0].anchor
        selected = selected_action or selection != before[1]
        if selected:
            self._sync_textvariable()
        self._redraw()
        if paged:
            self.event_generate("<<CalendarMonthChanged>>")
        if selected:
            self.event_generate("<<CalendarSelected>>")

    def _enabled(self) -> bool:
        return bool(self._properties["state"] == "normal")

    def _on_configure(self, event: Any) -> None:
        width, height = float(event.width), float(event.height)
        self._size = (width, height)
        if width < 2 or height < 2:
            self._show_message("")
            return
        try:
            self._view.set_metrics(self._metrics(width, height))
        except (KalendsError, ValueError) as e:
            self._show_message(str(e))
            return
        self._redraw()

    def _on_press(self, event: Any) -> None:
        self._canvas.focus_set()
        self.tooltip_wrapper.hide()
        if not self._enabled():
            return
        self._before_press = self._snapshot()
        self._pointer_down = True
        self._view.press(event.x, event.y, time=event.time / 1000.0)

    def _on_motion(self, event: Any) -> None:
        if not self._pointer_down:
            return
        _, action = self._view.drag(event.x, event.y, time=event.time / 1000.0)
        if action.outcome.name in ("PREVIEW", "PAGED"):
            self._redraw()

    def _on_release(self, event: Any) -> None:
        if not self._pointer_down:
            return
        self._pointer_down = False
        _, action = self._view.release(event.x, event.y, time=event.time / 1000.0)
        before = self._before_press or self._snapshot()
        self._after_user(before, action.outcome.name in ("SELECTED", "DESELECTED"))

    def _on_key(self, event: Any) -> str:
        shift = bool(event.state & 0x1)
        key = KEYS.get((event.keysym, shift)) or KEYS.get((event.keysym, False))
        if key is None or not self._enabled():
            return ""
        before = self._snapshot()
        action = self._view.key(key)
        self._after_user(before, action.outcome.name in ("SELECTED", "DESELECTED"))
        return "break"

    def _on_wheel(self, event: Any) -> None:
        self._user_page(-1 if event.delta > 0 else 1)

    def _user_page(self, step: int) -> None:
        if not self._enabled():
            return
        before = self._snapshot()
        self._view.next_page() if step > 0 else self._view.previous_page()
        self._after_user(before, False)

    def _on_hover(self, event: Any) -> None:
        if self._pointer_down:
            return
        try:
            hit = self._view.hit_test(event.x, event.y)
        except KalendsError:
            return
        date: Optional[_dt.date] = None
        if hit.kind == ElementKind.DAY:
            date = date_from_day_number(hit.day_number)
        if date == self._tooltip_day:
            self.tooltip_wrapper.move(event.x_root, event.y_root)
            return
        self._tooltip_day = date
        self.tooltip_wrapper.hide()
        if date is not None and date in self._calevent_dates:
            text = "\n".join("➢ {}".format(self.calevents[ev]["text"]) for ev in self._calevent_dates[date])
            self.tooltip_wrapper.schedule(text, event.x_root, event.y_root,
                                          background=self._colour("tooltipbackground"),
                                          foreground=self._colour("tooltipforeground"))

    def _on_textvariable(self, *args: Any) -> None:
        if self._properties["selectmode"] == "none" or self._textvariable is None:
            return
        text = str(self._textvariable.get())  # type: ignore[no-untyped-call]
        if not text:
            self._view.clear_selection()
        else:
            try:
                date = self.parse_date(text)
            except (IndexError, ValueError):
                if not self._view.selected_days():
                    self._textvariable.set("")
                return
            self._view.clear_selection()
            self._view.select(date)
            self._view.go_to(date)
        self._redraw()

    def _sync_textvariable(self) -> None:
        if self._textvariable is not None:
            selected = self.selection_get()
            self._textvariable.set(self.format_date(selected) if isinstance(selected, _dt.date) else "")

    # -- options ----------------------------------------------------------------------

    def __getitem__(self, key: str) -> Any:
        try:
            return self._properties[key]
        except KeyError:
            raise AttributeError("Calendar object has no attribute %s." % key) from None

    def __setitem__(self, key: str, value: Any) -> None:
        if key not in self._properties:
            raise AttributeError("Calendar object has no attribute %s." % key)
        p = self._properties
        if key == "date_pattern":
            value = opt.date_pattern(value, self._locale)
        elif key == "selectmode":
            opt.check_selectmode(value)
            if value == "none" and p["selectmode"] != "none":
                self._held = self.selection_get()
            elif value != "none" and p["selectmode"] == "none" and self._held is not None:
                p[key] = value
                self._view.set_options(self._view_options())
                self._view.select(self._held)
                self._held = None
        elif key == "firstweekday":
            opt.check_firstweekday(value)
        elif key == "weekenddays":
            opt.check_weekenddays(value)
        elif key == "borderwidth":
            value = opt.check_borderwidth(value, "expected integer for the borderwidth option.")
            self._canvas.pack_configure(padx=value, pady=value)
        elif key == "state":
            opt.check_state(value)
        elif key in ("mindate", "maxdate"):
            value = opt.check_limit(value, key)
            other = "maxdate" if key == "mindate" else "mindate"
            if value is not None and p[other] is not None and \
                    (p[other] < value if key == "mindate" else p[other] > value):
                p[other] = value
        elif key == "locale":
            self._locale = opt.open_locale(value)
            p["date_pattern"] = opt.date_pattern("short", self._locale)
        elif key == "font":
            self._font.configure(**Font(self, font=value).actual())
            props = self._font.actual()
            self._header_font.configure(family=props["family"], size=int(props["size"]) + 1, weight=props["weight"])
        elif key == "textvariable":
            if self._textvariable is not None:
                self._textvariable.trace_remove("write", self._trace)
            self._textvariable = value
            if value is not None:
                self._trace = value.trace_add("write", self._on_textvariable)
                value.set(value.get())
        elif key == "cursor":
            ttk.Frame.configure(self, cursor=value)
            self._canvas.configure(cursor=value)
        elif key == "bordercolor":
            self._canvas.configure(background=value)
        elif key == "background":
            ttk.Style(self).configure(f"main.{self}.TFrame", background=value)
        elif key == "tooltipalpha":
            self.tooltip_wrapper.configure(alpha=value)
        elif key == "tooltipdelay":
            self.tooltip_wrapper.configure(delay=value)
        elif key == "calendar" or key == "secondary_calendar":
            KCalendar(CalendarOptions(**{"system" if key == "calendar" else "secondary_system": value}))  # checks
        p[key] = value
        if key in _CALENDAR_KEYS:
            self._rebuild()
        elif key in ("showothermonthdays", "selectmode", "mindate", "maxdate", "righttoleft", "showweeknumbers"):
            self._view.set_options(self._view_options())
            self._view.set_metrics(self._metrics(*self._size))
            if key in ("mindate", "maxdate"):
                self._clamp_selection()
        self._redraw()

    def _clamp_selection(self) -> None:
        selected = self.selection_get()
        if isinstance(selected, _dt.date) and self.check_date_range(selected) != selected:
            self._view.clear_selection()
            self._view.select(self.check_date_range(selected))
            self._sync_textvariable()

    def keys(self) -> List[str]:
        """The option names: tkcalendar's, then kalends.tkcalendar's own."""
        return list(self._properties.keys())

    def cget(self, key: str) -> Any:
        return self[key]

    def configure(self, cnf: Optional[Dict[str, Any]] = None, **kw: Any) -> None:  # type: ignore[override]
        """Sets options (``configure(locale="de_DE")``, or a dict)."""
        if cnf is None:
            cnf = {}
        if not isinstance(cnf, dict):
            raise TypeError("Expected a dictionary or keyword arguments.")
        for key, value in {**cnf, **kw}.items():
            self[key] = value

    config = configure  # type: ignore[assignment]

    # -- dates --------------------------------------------------------------------------

    def _parse(self, text: str, pattern: str) -> _dt.date:
        if any(ch.isalpha() for ch in text):
            try:
                return self._locale.parse_date(text)      # "22 Nov 2026": the locale's words
            except ValueError:
                pass                                      # else as tkcalendar: the numbers in it
        return opt.parse_numeric(text, pattern)

    def format_date(self, date: Optional[_dt.date] = None) -> str:
        """``date`` (today when None) by the date pattern, in the locale."""
        if date is None:
            date = self.date.today()
        if isinstance(date, _dt.datetime):
            date = date.date()
        return self._locale.format_pattern(date, self._properties["date_pattern"])

    def parse_date(self, date: str) -> _dt.date:
        """A date written by the date pattern (numbers in its order) or in the locale's
        words ("22 Nov 2026"); IndexError or ValueError when it holds none."""
        return self._parse(date, self._properties["date_pattern"])

    def check_date_range(self, date: _dt.date) -> _dt.date:
        """``date``, or the nearest of mindate/maxdate when it lies beyond."""
        lo, hi = self._properties["mindate"], self._properties["maxdate"]
        if hi is not None and date > hi:
            return hi   # type: ignore[no-any-return]
        if lo is not None and date < lo:
            return lo   # type: ignore[no-any-return]
        return date

    def see(self, date: _dt.date) -> None:
        """Shows the month of ``date``."""
        date = opt.as_date(date, "expected %s for the 'date' argument.")
        self._view.go_to(date)
        self._redraw()

    def selection_clear(self) -> None:  # type: ignore[override]
        self._view.clear_selection()
        if self._textvariable is not None:
            self._textvariable.set("")
        self._redraw()

    def selection_get(self) -> Optional[_dt.date]:  # type: ignore[override]
        """The selected date (the latest selected one in "multiple" and "range" modes);
        None when nothing is selected or selectmode is "none"."""
        if self._properties["selectmode"] == "none":
            return None
        latest = self._view.selection.latest
        if latest is None:
            return None
        return date_from_day_number(latest)

    def selected_days(self) -> List[_dt.date]:
        """Every selected day, ascending (all days of a range)."""
        if self._properties["selectmode"] == "none":
            return []
        return [d for d in self._view.selected_days() if isinstance(d, _dt.date)]

    def selection_set(self, date: Union[_dt.date, str, None]) -> None:
        """Selects ``date`` (a date, or a text the calendar parses) and shows its month;
        nothing when selectmode is "none" or the widget is disabled."""
        if self._properties["selectmode"] == "none" or self._properties["state"] != "normal":
            return
        if date is None:
            self.selection_clear()
            return
        if isinstance(date, _dt.datetime):
            day = date.date()
        elif isinstance(date, _dt.date):
            day = date
        else:
            try:
                day = self.parse_date(date)
            except Exception:
                raise ValueError("%r is not a valid date." % (date,)) from None
        day = self.check_date_range(day)
        if self._properties["selectmode"] == "day":
            self._view.clear_selection()
        self._view.go_to(day)
        if day not in self.selected_days():
            self._view.select(day)
        self._view.go_to(day)
        self._sync_textvariable()
        self._redraw()

    def get_displayed_month(self) -> Tuple[int, int]:
        """(month, year) of the displayed month (of its first day in a calendar system
        whose months are not the Gregorian ones)."""
        page = self._view.page
        if self._properties["calendar"] == "gregorian":
            return page.month, page.year
        anchor = page.anchor_date
        return anchor.month, anchor.year

    def get_date(self) -> str:
        """The selected date formatted, or ""."""
        selected = self._held if self._properties["selectmode"] == "none" else self.selection_get()
        return self.format_date(selected) if selected is not None else ""

    # -- calevents --------------------------------------------------------------------------

    def _tag_initialize(self, tag: str) -> None:
        self._tags[tag] = {"foreground": "white", "background": "royal blue"}

    def calevent_create(self, date: _dt.date, text: str, tags: Any = ()) -> int:
        """Adds an event on ``date`` shown by its ``tags`` (the last decides the colours)
        with ``text`` in the day's tooltip; returns its id."""
        date = opt.as_date(date)
        ev_id = max(self.calevents) + 1 if self.calevents else 0
        tag_list = [tags] if isinstance(tags, str) else list(tags)
        self.calevents[ev_id] = {"date": date, "text": text, "tags": tag_list}
        for tag in tag_list:
            if tag not in self._tags:
                self._tag_initialize(tag)
        self._calevent_dates.setdefault(date, []).append(ev_id)
        self._redraw()
        return ev_id

    def _calevent_remove(self, ev_id: int) -> None:
        event = self.calevents.pop(ev_id, None)
        if event is None:
            return
        on_day = self._calevent_dates[event["date"]]
        on_day.remove(ev_id)
        if not on_day:
            del self._calevent_dates[event["date"]]

    def calevent_remove(self, *ev_ids: Any, **kw: Any) -> None:
        """Removes events by id ('all': every one), or by ``tag`` and/or ``date``."""
        if ev_ids:
            ids = self.get_calevents() if "all" in ev_ids else ev_ids
        else:
            ids = self.get_calevents(date=kw.get("date"), tag=kw.get("tag"))
        for ev_id in ids:
            self._calevent_remove(ev_id)
        self._redraw()

    def _event(self, ev_id: int) -> Dict[str, Any]:
        try:
            return self.calevents[ev_id]
        except KeyError:
            raise ValueError("event %s does not exists" % (ev_id,)) from None

    def calevent_cget(self, ev_id: int, option: str) -> Any:
        event = self._event(ev_id)
        try:
            return event[option]
        except KeyError:
            raise ValueError('unknown option "%s"' % (option,)) from None

    def calevent_configure(self, ev_id: int, **kw: Any) -> None:
        """Changes an event's ``date``, ``text`` or ``tags``."""
        event = self._event(ev_id)
        text, tags, date = kw.pop("text", None), kw.pop("tags", None), kw.pop("date", None)
        if kw:
            raise KeyError('Invalid keyword option(s) %s, valid options are "text", "tags" and "date".' % (kw.keys(),))
        if text is not None:
            event["text"] = str(text)
        if tags is not None:
            tag_list = [tags] if isinstance(tags, str) else list(tags)
            for tag in tag_list:
                if tag not in self._tags:
                    self._tag_initialize(tag)
            event["tags"] = tag_list
        if date is not None:
            date = opt.as_date(date)
            old = self._calevent_dates[event["date"]]
            old.remove(ev_id)
            if not old:
                del self._calevent_dates[event["date"]]
            event["date"] = date
            self._calevent_dates.setdefault(date, []).append(ev_id)
        self._redraw()

    def _reorder(self, ev_id: int, other: Any, before: bool) -> None:
        event = self._event(ev_id)
        on_day = self._calevent_dates[event["date"]]
        if other is not None and other not in on_day:
            raise ValueError("event %s does not exists on %s" % (other, event["date"]))
        on_day.remove(ev_id)
        if other is None:
            on_day.insert(0 if before else len(on_day), ev_id)
        else:
            on_day.insert(on_day.index(other) + (0 if before else 1), ev_id)
        self._redraw()

    def calevent_raise(self, ev_id: int, above: Any = None) -> None:
        """Moves an event up its day's list (above ``above``, or to the top)."""
        self._reorder(ev_id, above, True)

    def calevent_lower(self, ev_id: int, below: Any = None) -> None:
        """Moves an event down its day's list (below ``below``, or to the bottom)."""
        self._reorder(ev_id, below, False)

    def get_calevents(self, date: Optional[_dt.date] = None, tag: Optional[str] = None) -> Tuple[int, ...]:
        """Ids of the events on ``date`` and/or with ``tag`` (every id without either)."""
        if date is not None:
            date = opt.as_date(date)
            ids = self._calevent_dates.get(date, [])
            return tuple(i for i in ids if tag is None or tag in self.calevents[i]["tags"])
        if tag is not None:
            return tuple(i for i, e in self.calevents.items() if tag in e["tags"])
        return tuple(self.calevents)

    def tag_config(self, tag: str, **kw: Any) -> None:
        """Sets a tag's ``foreground`` and ``background`` (a day's colours)."""
        props = {"foreground": "white", "background": "royal blue"}
        props.update(self._tags.get(tag, {}))
        props.update(kw)
        self._tags[tag] = props
        self._redraw()

    def tag_cget(self, tag: str, option: str) -> str:
        try:
            props = self._tags[tag]
        except KeyError:
            raise ValueError('unknow tag "%s"' % (tag,)) from None
        try:
            return props[option]
        except KeyError:
            raise ValueError('unknow option "%s"' % (option,)) from None

    def tag_names(self) -> Tuple[str, ...]:
        return tuple(self._tags)

    def tag_delete(self, tag: str) -> None:
        """Deletes a tag and takes it off every event."""
        if tag not in self._tags:
            raise ValueError('tag "%s" does not exists' % (tag,))
        del self._tags[tag]
        for event in self.calevents.values():
            if tag in event["tags"]:
                event["tags"].remove(tag)
        self._redraw()

    # -- for hosts and tests: where things are --------------------------------------------

    @property
    def view(self) -> View:
        """The kalends.View the widget draws (its frames are the canvas's coordinates)."""
        return self._view

    @property
    def canvas(self) -> tk.Canvas:
        return self._canvas

    def day_frame(self, date: _dt.date) -> Optional[Tuple[float, float, float, float]]:
        """(x, y, width, height) of ``date``'s cell on the canvas, as the view laid it out;
        None when the page does not show it."""
        number = day_number(opt.as_date(date))
        for e in self._view.layout():
            if e.kind == ElementKind.DAY and e.day_number == number:
                return (e.frame.x, e.frame.y, e.frame.width, e.frame.height)
        return None

    def element_frame(self, kind: ElementKind) -> Optional[Tuple[float, float, float, float]]:
        """The frame of the first element of ``kind`` (the previous/next buttons, the title)."""
        for e in self._view.layout():
            if e.kind == kind:
                return (e.frame.x, e.frame.y, e.frame.width, e.frame.height)
        return None

    def destroy(self) -> None:
        wrapper = getattr(self, "tooltip_wrapper", None)   # None when __init__ refused an option
        if wrapper is not None:
            wrapper.hide()
        variable = getattr(self, "_textvariable", None)
        if variable is not None and hasattr(self, "_trace"):
            try:
                variable.trace_remove("write", self._trace)
            except (tk.TclError, AttributeError):
                pass
        ttk.Frame.destroy(self)
        view = getattr(self, "_view", None)
        if view is not None:
            view.close()



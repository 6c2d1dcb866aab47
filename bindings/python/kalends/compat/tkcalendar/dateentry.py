"""``kalends.tkcalendar.DateEntry``: tkcalendar's DateEntry (a ttk.Entry with a drop-down
Calendar) whose text is read by the Calendar: numbers in the date pattern's order, or the
locale's own words ("22 Nov 2026", "22. November 2026": kalends.Locale.parse_date)."""
from __future__ import annotations

import datetime
import tkinter as tk
from tkinter import ttk
from typing import Any, Dict, List, Optional, Union

from .calendar_widget import Calendar


class DateEntry(ttk.Entry):
    """A date entry with a drop-down calendar. ``<<DateEntrySelected>>`` fires when the
    user picks a date in the calendar, or types one and presses Return (or leaves the
    entry) and it differs from the last. A typed text that is not a date goes back to the
    last valid date when the entry is left."""

    entry_kw: Dict[str, Any] = {
        "exportselection": 1, "invalidcommand": "", "justify": "left", "show": "", "cursor": "xterm",
        "style": "", "state": "normal", "takefocus": "ttk::takefocus", "textvariable": "", "validate": "none",
        "validatecommand": "", "width": 12, "xscrollcommand": "",
    }

    def __init__(self, master: Optional[tk.Misc] = None, **kw: Any) -> None:
        kw["selectmode"] = "day"
        style = kw.pop("style", "DateEntry")
        entry_kw = {key: kw.pop(key, default) for key, default in self.entry_kw.items()}
        entry_kw["font"] = kw.get("font", None)
        self._cursor = entry_kw["cursor"]
        kw["cursor"] = kw.pop("calendar_cursor", None)
        ttk.Entry.__init__(self, master, **{k: v for k, v in entry_kw.items() if k != "style"})
        self._top_cal = tk.Toplevel(self)
        self._top_cal.withdraw()
        self._top_cal.overrideredirect(True)
        if kw.get("cursor") is None:
            kw.pop("cursor")
        self._calendar = Calendar(self._top_cal, **kw)
        self._calendar.pack()
        self.format_date = self._calendar.format_date
        self.parse_date = self._calendar.parse_date

        self.style = ttk.Style(self)
        self._setup_style()
        ttk.Entry.configure(self, style=style)

        selected = self._calendar.selection_get()
        if selected is not None:
            self._date = selected
        else:
            today = datetime.date.today()
            try:
                self._date = datetime.date(kw.get("year", today.year), kw.get("month", today.month),
                                           kw.get("day", today.day))
            except ValueError:
                self._date = today
        self._set_text(self.format_date(self._date))

        self.bind("<ButtonPress-1>", self._on_b1_press)
        self.bind("<Return>", self._on_typed)
        self.bind("<KP_Enter>", self._on_typed)
        self.bind("<FocusOut>", self._on_typed)
        self.bind("<Down>", lambda e: self.drop_down() if not self._calendar.winfo_ismapped() else None)
        self._calendar.bind("<<CalendarSelected>>", self._select)
        self._calendar.canvas.bind("<FocusOut>", self._on_focus_out_cal, add=True)
        self._calendar.canvas.bind("<Escape>", lambda e: self._close(), add=True)

    def _setup_style(self) -> None:
        """Looks like a Combobox: its layout, with the drop-down arrow."""
        self.style.layout("DateEntry", self.style.layout("TCombobox"))
        for option in ("fieldbackground", "foreground", "selectbackground", "selectforeground"):
            value = self.style.map("TCombobox", option)
            if value:
                self.style.map("DateEntry", **{option: list(value)})  # type: ignore[call-overload]

    def _downarrow(self, x: int, y: int) -> bool:
        return "downarrow" in str(self.identify(x, y))

    def _on_b1_press(self, event: Any) -> None:
        if "disabled" not in self.state() and self._downarrow(event.x, event.y):
            self.drop_down()

    def _on_focus_out_cal(self, event: Any) -> None:
        focused = self.focus_get()
        if focused is None or not str(focused).startswith(str(self._top_cal)):
            self._close()

    def _close(self) -> None:
        self._top_cal.withdraw()
        self.state(["!pressed"])

    def _on_typed(self, event: Any = None) -> None:
        """Reads what the user typed: a date (in range) becomes the entry's date."""
        before = self._date
        self._validate_date()
        if self._date != before and self.get() == self.format_date(self._date):
            self.event_generate("<<DateEntrySelected>>")

    def _validate_date(self) -> bool:
        try:
            date = self.parse_date(self.get())
        except (ValueError, IndexError):
            self._set_text(self.format_date(self._date))
            return False
        self._date = self._calendar.check_date_range(date)
        self._set_text(self.format_date(self._date))
        return self._date == date

    def _select(self, event: Any = None) -> None:
        date = self._calendar.selection_get()
        if date is not None:
            self._set_text(self.format_date(date))
            self._date = date
            self.event_generate("<<DateEntrySelected>>")
        self._close()
        if "readonly" not in self.state():
            self.focus_set()

    def _set_text(self, text: str) -> None:
        readonly = "readonly" in self.state()
        if readonly:
            self.state(("!readonly",))
        self.delete(0, "end")
        self.insert(0, text)
        if readonly:
            self.state(("readonly",))

    def drop_down(self) -> None:
        """Shows the calendar under the entry (the entry's date selected), or hides it."""
        if self._calendar.winfo_ismapped():
            self._close()
            return
        self._validate_date()
        x, y = self.winfo_rootx(), self.winfo_rooty() + self.winfo_height()
        self._top_cal.geometry("+%i+%i" % (x, y))
        self._top_cal.deiconify()
        self._top_cal.lift()
        self._calendar.canvas.focus_set()
        self._calendar.selection_set(self._date)

    @property
    def calendar(self) -> Calendar:
        """The drop-down Calendar."""
        return self._calendar

    def keys(self) -> List[str]:
        keys = set(self.entry_kw) | set(self._calendar.keys()) | {"calendar_cursor"}
        return list(keys)

    def cget(self, key: str) -> Any:
        if key in self.entry_kw:
            return ttk.Entry.cget(self, key)
        if key == "calendar_cursor":
            return self._calendar.cget("cursor")
        return self._calendar.cget(key)

    def __getitem__(self, key: str) -> Any:
        return self.cget(key)

    def __setitem__(self, key: str, value: Any) -> None:
        self.configure(**{key: value})

    def configure(self, cnf: Optional[Dict[str, Any]] = None, **kw: Any) -> None:  # type: ignore[override]
        if cnf is None:
            cnf = {}
        if not isinstance(cnf, dict):
            raise TypeError("Expected a dictionary or keyword arguments.")
        options = {**cnf, **kw}
        entry = {k: options.pop(k) for k in list(options) if k in self.entry_kw}
        if options.get("font") is not None:
            entry["font"] = options["font"]
        if entry:
            ttk.Entry.configure(self, entry)
        if "calendar_cursor" in options:
            options["cursor"] = options.pop("calendar_cursor")
        self._calendar.configure(options)
        if "date_pattern" in options or "locale" in options:
            self._set_text(self.format_date(self._date))

    config = configure  # type: ignore[assignment]

    def set_date(self, date: Union[datetime.date, str]) -> None:
        """Sets the entry's date (a date, or a text the calendar parses)."""
        if isinstance(date, (datetime.date, datetime.datetime)):
            text = self.format_date(date)
        else:
            text = str(date)
            try:
                self.parse_date(text)
            except Exception:
                raise ValueError("%r is not a valid date." % (date,)) from None
        self._set_text(text)
        self._validate_date()

    def get_date(self) -> datetime.date:
        """The entry's date (a text that is not one goes back to the last valid date)."""
        self._validate_date()
        return self.parse_date(self.get())

    def destroy(self) -> None:
        try:
            self._calendar.destroy()
        except tk.TclError:
            pass
        ttk.Entry.destroy(self)

"""A tooltip for the Calendar's days with calevents: a borderless Toplevel with a label,
shown ``delay`` ms after the pointer rests on a day, at ``alpha`` opacity."""
from __future__ import annotations

import tkinter as tk
from typing import Any, Optional


class Tooltip(tk.Toplevel):
    """A borderless window holding one label (tk.Label options, and ``alpha``)."""

    def __init__(self, parent: tk.Misc, **kw: Any) -> None:
        alpha = float(kw.pop("alpha", 0.8))
        tk.Toplevel.__init__(self, parent, padx=0, pady=0)
        self.withdraw()
        self.overrideredirect(True)
        try:
            self.attributes("-alpha", alpha)
        except tk.TclError:
            pass   # no compositing: opaque
        self.label = tk.Label(self, justify="left", padx=4, pady=2, **kw)
        self.label.pack()

    def configure(self, cnf: Any = None, **kw: Any) -> Any:
        if "alpha" in kw:
            try:
                self.attributes("-alpha", float(kw.pop("alpha")))
            except tk.TclError:
                pass
        if kw:
            return self.label.configure(**kw)
        return None

    config = configure


class TooltipWrapper:
    """Shows a Tooltip for a widget after ``delay`` ms (``schedule``), moves and hides it."""

    def __init__(self, master: tk.Misc, alpha: float = 0.8, delay: int = 2000) -> None:
        self.master = master
        self.alpha = alpha
        self.delay = int(delay)
        self.tooltip: Optional[Tooltip] = None
        self._after: Optional[str] = None
        self.text = ""

    def configure(self, **kw: Any) -> None:
        if "alpha" in kw:
            self.alpha = float(kw["alpha"])
            if self.tooltip is not None:
                self.tooltip.configure(alpha=self.alpha)
        if "delay" in kw:
            self.delay = int(kw["delay"])

    def schedule(self, text: str, x: int, y: int, **colours: str) -> None:
        """Shows ``text`` near screen point (x, y) after the delay."""
        self.hide()
        self.text = text
        self._after = self.master.after(self.delay, lambda: self.show(text, x, y, **colours))

    def show(self, text: str, x: int, y: int, **colours: str) -> None:
        self._after = None
        if self.tooltip is None:
            self.tooltip = Tooltip(self.master, alpha=self.alpha)
        self.tooltip.label.configure(text=text, **colours)  # type: ignore[call-overload]
        self.tooltip.geometry(f"+{x + 12}+{y + 12}")
        self.tooltip.deiconify()
        self.tooltip.lift()

    def move(self, x: int, y: int) -> None:
        if self.tooltip is not None and self.tooltip.winfo_ismapped():
            self.tooltip.geometry(f"+{x + 12}+{y + 12}")

    def visible(self) -> bool:
        return self.tooltip is not None and bool(self.tooltip.winfo_ismapped())

    def hide(self) -> None:
        if self._after is not None:
            try:
                self.master.after_cancel(self._after)
            except tk.TclError:
                pass
            self._after = None
        if self.tooltip is not None:
            try:
                self.tooltip.withdraw()
            except tk.TclError:
                self.tooltip = None

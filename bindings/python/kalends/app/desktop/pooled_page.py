"""What the desktop's pages share: their canvas items kept in pools between drawings and
changed by one Tcl script a drawing, and their "+N" labels in the locale's digits."""
from __future__ import annotations

import tkinter as tk
from typing import Callable, Dict, Tuple

from ...compat.tkcalendar.bidi import visual
from ...compat.tkcalendar.canvas_items import ItemPool, Script

MORE_KEPT = 4096   # "+N" texts kept before the table starts again


class PooledPage:
    """A page whose items live in ``_pools`` (set by the subclass) on ``canvas``."""

    _pools: Tuple[ItemPool, ...] = ()

    def __init__(self, canvas: tk.Canvas, colours: Dict[str, str], number: Callable[[int], str]) -> None:
        self.colours = colours
        self.number = number
        self._more: Dict[int, str] = {}   # "+N" by N, in the locale's digits
        self.script = Script(canvas)

    def _more_text(self, hidden: int) -> str:
        """"+N" for ``hidden`` events, in the locale's digits and display order."""
        text = self._more.get(hidden)
        if text is None:
            if len(self._more) > MORE_KEPT:
                self._more = {}
            text = self._more[hidden] = visual("+" + self.number(hidden))
        return text

    def hide(self) -> None:
        """Hides the whole page (another page is shown)."""
        for pool in self._pools:
            pool.finish()
        self.script.send()

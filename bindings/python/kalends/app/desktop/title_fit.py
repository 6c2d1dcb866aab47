"""Event titles cut to the width of their bar in a Tk font (an ellipsis after the longest
start that fits), so that no title spills out of its bar. Widths are Tk's own (``font
measure``) for each character, asked once per character and font and added up; a title
cut for a width is kept, so a page change measures nothing it measured before."""
from __future__ import annotations

from typing import Any, Dict, Tuple

ELLIPSIS = "…"

#: At most this many cut titles are kept (then the cache starts again).
KEPT = 8192


class TitleFit:
    """Cuts texts to a width in ``font`` (a tkinter Font)."""

    def __init__(self, font: Any) -> None:
        self._measure = font.measure
        self._widths: Dict[str, int] = {}
        self._cut: Dict[Tuple[str, int], str] = {}

    def _width(self, ch: str) -> int:
        w = self._widths.get(ch)
        if w is None:
            w = self._widths[ch] = int(self._measure(ch))
        return w

    def __call__(self, text: str, room: float) -> str:
        """``text`` if it is at most ``room`` pixels wide, else its longest start that fits
        with "…" after it, else "" (not even the ellipsis fits)."""
        key = (text, int(room))
        cut = self._cut.get(key)
        if cut is not None:
            return cut
        if len(self._cut) >= KEPT:
            self._cut = {}
        width = self._width
        widths = [width(ch) for ch in text]
        if sum(widths) <= key[1]:
            cut = text
        else:
            room_left = key[1] - width(ELLIPSIS)
            used, end = 0, 0
            while end < len(text) and used + widths[end] <= room_left:
                used += widths[end]
                end += 1
            cut = text[:end].rstrip() + ELLIPSIS if room_left >= 0 and end > 0 else ""
        self._cut[key] = cut
        return cut

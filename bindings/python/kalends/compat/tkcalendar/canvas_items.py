"""Canvas items kept between drawings and changed by one Tcl script per drawing.

A drawing takes items from pools in order (``ItemPool.put``), each with its coordinates
and options. An item that already shows those values costs nothing; one that changed adds
a ``coords`` and/or an ``itemconfigure`` command (only the values that changed) to the
drawing's ``Script``; the items a drawing did not take are hidden (``-state hidden``),
never deleted. ``Script.send`` hands the commands to Tcl in one ``eval``: one round trip
between Python and Tcl per drawing instead of one per changed item. Only creating an item
(a pool growing) is a call made at once, as its id is needed.

Values are quoted as Tcl words (``tcl_word``): texts with braces, brackets, backslashes,
dollars, quotes, semicolons, spaces or newlines reach the canvas unchanged. Nothing here
decides where anything goes."""
from __future__ import annotations

import re
import tkinter as tk
from typing import Any, Dict, List, Optional, Sequence, Tuple

#: ASCII characters that mean something to Tcl's parser in a word (everything but letters,
#: digits and a few inert signs; non-ASCII characters mean nothing to it).
_UNSAFE = re.compile(r"[^A-Za-z0-9_.\-#:+/%,@=!?'*<>()&~^|`\x80-\U0010ffff]")
#: What a braced word cannot hold as it is.
_BRACED = re.compile(r"[{}\\]")
_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _escape(match: "re.Match[str]") -> str:
    c = match.group()
    named = _NAMED.get(c)
    if named is not None:
        return named
    if c < " " or c == "\x7f":
        return "\\u%04x" % ord(c)
    return "\\" + c


def tcl_word(value: Any) -> str:
    """``value`` (its ``str``) as one Tcl word that evaluates to exactly that string: as
    it is when nothing in it means anything to Tcl, in braces when it holds no brace or
    backslash (braces keep everything else literal), else with each sign escaped."""
    s = value if isinstance(value, str) else str(value)
    if not s:
        return "{}"
    if _UNSAFE.search(s) is None:
        return s
    if _BRACED.search(s) is None:
        return "{" + s + "}"
    return _UNSAFE.sub(_escape, s)


class Script:
    """The Tcl commands of one drawing on a canvas, sent in one ``eval``."""

    def __init__(self, canvas: tk.Canvas) -> None:
        self.widget = str(canvas)
        self._eval = canvas.tk.eval
        self.lines: List[str] = []

    def send(self) -> None:
        """Evaluates the commands gathered since the last ``send`` (none: no call)."""
        if self.lines:
            lines, self.lines = self.lines, []
            self._eval("\n".join(lines))


class _Slot:
    """One canvas item and the values it shows."""
    __slots__ = ("id", "coords", "options", "last", "shown")

    def __init__(self, item: int, coords: Tuple[float, ...], options: Tuple[Tuple[str, Any], ...]) -> None:
        self.id = item
        self.coords = coords
        self.options: Dict[str, Any] = dict(options)
        self.last = options
        self.shown = True


class ItemPool:
    """Canvas items of one type and fixed options (``fixed``, given at creation), taken in
    order by a drawing; the commands that change them go to ``script``. ``below``: a tag
    whose items an item created later is lowered under (cells created after the bars or
    texts stay under them)."""

    def __init__(self, canvas: tk.Canvas, script: Script, kind: str, tags: Sequence[str],
                 below: Optional[str] = None, **fixed: Any) -> None:
        self.script, self.kind, self.below = script, kind, below
        self.call, self.widget = canvas.tk.call, str(canvas)
        self.create = tuple(x for k, v in fixed.items() for x in ("-" + k, v)) + ("-tags", tuple(tags))
        self.slots: List[_Slot] = []
        self.used = 0

    def put(self, coords: Tuple[float, ...], options: Tuple[Tuple[str, Any], ...]) -> int:
        """The next item, at ``coords`` with ``options`` ((``-name``, value) pairs, the same
        names in the same order every time): its id."""
        if self.used == len(self.slots):
            return self._new(coords, options)
        slot = self.slots[self.used]
        self.used += 1
        if slot.shown and slot.coords == coords and slot.last == options:
            return slot.id          # it shows these values already: nothing for Tk to do
        lines = self.script.lines
        if slot.coords != coords:
            lines.append(f"{self.widget} coords {slot.id} {' '.join(map(str, coords))}")
            slot.coords = coords
        if slot.last != options:
            slot.last = options
            shown = slot.options
            changed = [f"{k} {tcl_word(v)}" for k, v in options if shown.get(k) != v]
            shown.update(options)
        else:
            changed = []
        if not slot.shown:
            changed.append("-state normal")
            slot.shown = True
        if changed:
            lines.append(f"{self.widget} itemconfigure {slot.id} {' '.join(changed)}")
        return slot.id

    def _new(self, coords: Tuple[float, ...], options: Tuple[Tuple[str, Any], ...]) -> int:
        call, widget = self.call, self.widget
        item = int(call(widget, "create", self.kind, *coords, *self.create, *(x for k, v in options for x in (k, v))))
        if self.below is not None and call(widget, "find", "withtag", self.below):
            call(widget, "lower", item, self.below)
        self.slots.append(_Slot(item, coords, options))
        self.used += 1
        return item

    def skip(self) -> None:
        """The next item is not drawn this time (hidden)."""
        if self.used < len(self.slots):
            self._hide(self.slots[self.used])
            self.used += 1

    def _hide(self, slot: _Slot) -> None:
        if slot.shown:
            self.script.lines.append(f"{self.widget} itemconfigure {slot.id} -state hidden")
            slot.shown = False

    def finish(self) -> None:
        """Hides the items this drawing did not take; the next drawing starts at the first."""
        for slot in self.slots[self.used:]:
            self._hide(slot)
        self.used = 0

    def items(self) -> List[int]:
        """The ids of the items shown."""
        return [s.id for s in self.slots if s.shown]

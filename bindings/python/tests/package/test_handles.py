"""One lifetime and one loader (issue 25): every class that holds a library handle is a
kalends._handle.Handle, whose close(), ``with`` block and garbage collection release it
once; nothing else in the package frees a handle, finalizes or opens the library.

Each handle class: close() releases the handle (the library's registry then answers
MisuseError for it, and ``closed`` says so), a second close() is nothing, a ``with``
block closes it, and an object dropped without close() is freed by the collector (the
library's count of live handles goes back down)."""
from __future__ import annotations

import ast
import datetime as dt
import gc
import re
from pathlib import Path
from typing import Any, Callable

import pytest

import kalends
from kalends import ical
from kalends._handle import Handle
from kalends.compat import kiwisolver, rrule
from kalends.recurrence import Rrule
from kalends.solver import Solver

PACKAGE_DIR = Path(kalends.__file__).resolve().parent
ICS = b"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261122T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"

#: Each handle class: a maker, and a call that needs the handle alive.
MADE: dict[str, tuple[Callable[[], Handle], Callable[[Any], object]]] = {
    "Calendar": (kalends.Calendar, lambda c: c.options),
    "View": (lambda: kalends.View(width=300), lambda v: v.page),
    "Scroll": (lambda: kalends.Scroll(width=300), lambda s: s.month_count),
    "AutoLayout": (kalends.AutoLayout, lambda a: a.add_item()),
    "Locale": (lambda: kalends.Locale("fr"), lambda loc: loc.identifier),
    "TimeZone": (lambda: kalends.TimeZone("Europe/Paris"), lambda z: z.name),
    "EventStore": (kalends.EventStore, lambda s: len(s)),
    "ICalendar": (lambda: ical.read(ICS), lambda c: len(c)),
    "Rrule": (Rrule.set, lambda r: r.count()),
    "Solver": (Solver, lambda s: s.dump()),
    "DateField": (lambda: kalends.DateField("en_US"), lambda f: f.text),
}


def test_every_handle_class_is_a_handle() -> None:
    classes = {name: maker() for name, (maker, _) in MADE.items()}
    assert all(isinstance(obj, Handle) for obj in classes.values())
    found = {cls.__name__ for cls in _subclasses(Handle)}
    assert found == set(MADE) | {"Plugin"}, "a Handle subclass without a test here, or one that is not a Handle"


def _subclasses(cls: type) -> list[type]:
    out = []
    for sub in cls.__subclasses__():
        out += [sub, *_subclasses(sub)]
    return out


@pytest.mark.parametrize("name", sorted(MADE))
def test_close_with_and_collection_release_the_handle_once(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    maker, use = MADE[name]
    cls = type(maker())
    freed: list[int] = []
    real = cls._free
    monkeypatch.setattr(cls, "_free", staticmethod(lambda handle: (freed.append(handle.value), real(handle))[1]))
    obj = maker()
    use(obj)
    assert not obj.closed
    obj.close()
    assert obj.closed and freed == [obj._handle]
    with pytest.raises(kalends.MisuseError):   # the library's answer for a freed handle
        use(obj)
    obj.close()   # idempotent
    assert freed == [obj._handle]
    with maker() as inside:
        use(inside)
    assert inside.closed and freed[-1] == inside._handle
    freed.clear()
    made = [maker() for _ in range(5)]
    handles = sorted(m._handle for m in made)
    del made
    gc.collect()
    assert sorted(freed) == handles   # each freed once by the collector


def test_the_drop_ins_hold_their_handles_through_the_binding() -> None:
    solver = kiwisolver.Solver()
    assert not isinstance(solver, Handle) and isinstance(solver._native, Solver)   # kiwisolver's has no close()
    rule = rrule.rrule(rrule.DAILY, dtstart=dt.datetime(2026, 1, 1), count=3)
    s = rrule.rruleset()
    s.rrule(rule)
    assert isinstance(rule._native(), Rrule) and isinstance(s._expansion(), Rrule)


def test_one_lifetime_mechanism_and_one_loader() -> None:
    """No module but _handle.py finalizes or defines __del__; no module but _native.py
    opens the library (CDLL/PyDLL of anything but libc's malloc_trim) or declares
    argtypes; nothing but Handle calls a kalends_*_free function."""
    for path in PACKAGE_DIR.rglob("*.py"):
        if path.name == "_abi.py":
            continue
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(PACKAGE_DIR)
        tree = ast.parse(text)
        if path.name != "_handle.py":
            assert "weakref.finalize" not in text, rel
            assert not [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == "__del__"], rel
            assert not re.search(r"kalends_\w+_free\(", text), f"{rel} frees a handle itself"
        if path.name != "_native.py":
            opened = re.findall(r"(?:CDLL|PyDLL|cdll|pydll)\(([^)]*)\)", text)
            assert all(arg == "None" for arg in opened), f"{rel} opens a library: {opened}"
            assert ".argtypes" not in text, f"{rel} declares argtypes itself"

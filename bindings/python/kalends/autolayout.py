"""Auto Layout: ``kalends_autolayout_*``. Items in a tree, the screen, constraints whose
constants may follow another item's or the screen's size (HKNSLayoutConstraint),
intrinsic sizes with hugging and compression resistance, measured items (two-pass
layout for content whose height follows its width), calendar views as items, and a
Cassowary solve into frames::

    layout = AutoLayout()
    container = layout.add_item()
    item = layout.add_item(container)
    layout.set_view(item, view)                       # width from the container,
    layout.add_constraint(Constraint(item, Attribute.LEFT, second_item=container,
                                     second_attribute=Attribute.LEFT))
    layout.add_constraint(Constraint(item, Attribute.TOP, second_item=container,
                                     second_attribute=Attribute.TOP, constant=20))
    ...
    layout.solve()
    layout.frame(item)                                # Rect(x=0, y=20, width=390, height=...)
"""
from __future__ import annotations

import enum
import threading
from ctypes import byref, c_double, c_int32, c_void_p
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Optional, Union

from . import _abi
from ._checks import flag, function, instance, int32, number, optional_int32, optional_number, pair
from ._handle import Handle
from ._native import BROKEN_FN, MEASURE_FN, CConstantChange, CConstraint, CRect, CSize, check, lib
from .errors import Status
from .geometry import Rect, Size

if TYPE_CHECKING:
    from .view import View

#: An axis without an intrinsic length, and a length not decided yet (C's -1).
NO_INTRINSIC_METRIC = float(_abi.KALENDS_NO_INTRINSIC_METRIC)

#: The screen is always item 1; ``None`` in a constraint means "no item" (C's 0).
SCREEN = _abi.KALENDS_ITEM_SCREEN


#: ``KALENDS_ATTRIBUTE_*`` (NSLayoutAttribute's numbers; NONE: no second item). The generated
#: enum of the header (``_abi.Attribute``).
from ._abi import Attribute as Attribute  # noqa: E402


#: ``KALENDS_RELATION_*``. The generated enum of the header (``_abi.Relation``).
from ._abi import Relation as Relation  # noqa: E402


#: Which length of the alt item (``KALENDS_BASIS_*``); the library clamps other values. The generated enum
#: of the header (``_abi.Basis``).
from ._abi import Basis as Basis  # noqa: E402


class Priority:
    """``KALENDS_PRIORITY_*`` as floats (a constraint's priority is any number up to REQUIRED)."""

    REQUIRED = float(_abi.KALENDS_PRIORITY_REQUIRED)
    HIGH = float(_abi.KALENDS_PRIORITY_HIGH)
    LOW = float(_abi.KALENDS_PRIORITY_LOW)
    FITTING = float(_abi.KALENDS_PRIORITY_FITTING)


@dataclass(frozen=True)
class Constraint:
    """``first.first_attribute (relation) second.second_attribute x multiplier + constant``,
    where ``alt_item``/``alt_basis``/``alt_multiplier`` may replace the constant
    (``kalends_constraint``)."""

    first_item: int
    first_attribute: Attribute
    relation: Relation = Relation.EQUAL
    second_item: Optional[int] = None
    second_attribute: Optional[Attribute] = None
    multiplier: float = 1.0
    constant: float = 0.0
    alt_item: Optional[int] = None
    alt_basis: int = Basis.CONSTANT
    alt_multiplier: float = 1.0
    priority: float = Priority.REQUIRED

    def to_c(self) -> CConstraint:
        c = CConstraint()
        check(lib.kalends_constraint_init(byref(c)))
        c.first_item = int32(self.first_item, "first_item")
        c.first_attribute = int32(self.first_attribute, "first_attribute")
        c.relation = int32(self.relation, "relation")
        c.second_item = optional_int32(self.second_item, "second_item")
        c.second_attribute = optional_int32(self.second_attribute, "second_attribute")
        c.multiplier, c.constant = number(self.multiplier, "multiplier"), number(self.constant, "constant")
        c.alt_item, c.alt_basis = optional_int32(self.alt_item, "alt_item"), int32(self.alt_basis, "alt_basis")
        c.alt_multiplier = number(self.alt_multiplier, "alt_multiplier")
        c.priority = number(self.priority, "priority")
        return c


class ContentPriority(enum.IntEnum):
    """Which intrinsic-size priority (``KALENDS_CONTENT_HUGGING`` / ``_COMPRESSION_RESISTANCE``):
    ``_abi.ContentPriority`` under Pythonic names (tests/package/test_header.py checks them)."""

    HUGGING = _abi.KALENDS_CONTENT_HUGGING
    COMPRESSION_RESISTANCE = _abi.KALENDS_COMPRESSION_RESISTANCE


#: ``KALENDS_LAYOUT_HORIZONTAL`` / ``_VERTICAL``. The generated enum of the header (``_abi.LayoutAxis``).
from ._abi import LayoutAxis as LayoutAxis  # noqa: E402


#: What ``solve`` does when required constraints cannot all hold (``KALENDS_POLICY_*``). The generated enum
#: of the header (``_abi.Policy``).
from ._abi import Policy as Policy  # noqa: E402


#: ``KALENDS_BROKEN_*``. The generated enum of the header (``_abi.BrokenKind``).
from ._abi import BrokenKind as BrokenKind  # noqa: E402


class BrokenConstraint(NamedTuple):
    """A constraint the BREAK_LOWEST policy broke: a host constraint's id, or 0 with the
    item whose intrinsic size it was."""

    kind: BrokenKind
    constraint: int
    item: int


#: A measure function: (item, width or None, height or None) -> (width or None, height
#: or None); None means "not decided" going in and "no intrinsic metric" coming out.
MeasureFunction = Callable[[int, Optional[float], Optional[float]], tuple[Optional[float], Optional[float]]]


def _length(value: Optional[float], name: str = "length") -> float:
    return optional_number(value, name, NO_INTRINSIC_METRIC)


class ConstantChange(NamedTuple):
    constraint: int
    old: float
    new: float


class AutoLayout(Handle, free="kalends_autolayout_free"):
    """Items, the screen (:data:`SCREEN`) and constraints (``kalends_autolayout``)."""

    SCREEN = SCREEN

    def __init__(self) -> None:
        handle = c_void_p()
        check(lib.kalends_autolayout_new(byref(handle)))
        self._own(handle.value or 0)
        self._errors = threading.local()  # an exception raised by a callback, per thread
        self._measures: dict[int, Any] = {}  # item -> ctypes callback (the C side holds the pointer)
        self._views: dict[int, Any] = {}
        self._broken_callback: Any = None

    def add_item(self, parent: Optional[int] = None) -> int:
        out = c_int32()
        check(lib.kalends_autolayout_add_item(self._handle, optional_int32(parent, "parent"), byref(out)))
        return out.value

    def set_item_size(self, item: int, width: float, height: float) -> None:
        """The size alt constants read; for :data:`SCREEN` the screen's (rotate by swapping)."""
        check(lib.kalends_autolayout_set_item_size(self._handle, int32(item, "item"), number(width, "width"),
                                                   number(height, "height")))

    def add_constraint(self, constraint: Constraint) -> int:
        out = c_int32()
        c = instance(constraint, Constraint, "constraint").to_c()
        check(lib.kalends_autolayout_add_constraint(self._handle, byref(c), byref(out)))
        return out.value

    def remove_constraint(self, constraint: int) -> None:
        check(lib.kalends_autolayout_remove_constraint(self._handle, int32(constraint, "constraint")))

    def constant(self, constraint: int) -> float:
        """The constraint's effective constant now."""
        out = c_double()
        check(lib.kalends_autolayout_constant(self._handle, int32(constraint, "constraint"), byref(out)))
        return out.value

    # -- solving ----------------------------------------------------------------------

    def _check(self, status: int) -> None:
        """check(), re-raising a callback's own exception when it caused the failure."""
        if status:
            error = getattr(self._errors, "value", None)
            self._errors.value = None
            if status == Status.CALLBACK and error is not None:
                raise error
            check(status)

    def set_intrinsic_size(self, item: int, width: Optional[float] = None, height: Optional[float] = None) -> None:
        """The item's own content size; None on an axis: no intrinsic metric."""
        check(lib.kalends_autolayout_set_intrinsic_size(self._handle, int32(item, "item"), _length(width, "width"),
                                                        _length(height, "height")))

    def set_priority(self, item: int, kind: ContentPriority, axis: LayoutAxis, priority: float) -> None:
        """Content hugging (default 250) or compression resistance (default 750) of an axis."""
        check(lib.kalends_autolayout_set_priority(self._handle, int32(item, "item"), int32(kind, "kind"),
                                                  int32(axis, "axis"), number(priority, "priority")))

    def set_baselines(self, item: int, first_from_top: Optional[float] = None,
                      last_from_bottom: Optional[float] = None) -> None:
        """Baseline offsets; None means the bottom edge."""
        check(lib.kalends_autolayout_set_baselines(self._handle, int32(item, "item"),
                                                   _length(first_from_top, "first_from_top"),
                                                   _length(last_from_bottom, "last_from_bottom")))

    def set_measure(self, item: int, measure: Optional[MeasureFunction]) -> None:
        """Measures the item's content during :meth:`solve` (see :data:`MeasureFunction`).
        An exception it raises comes out of ``solve``."""
        item = int32(item, "item")
        if measure is None:
            check(lib.kalends_autolayout_set_measure(self._handle, item, MEASURE_FN(), None))
            self._measures.pop(item, None)
            return
        function(measure, "measure")
        errors = self._errors

        def trampoline(_user: Any, it: int, width: float, height: float, out: Any) -> int:
            try:
                w, h = measure(it, None if width < 0 else width, None if height < 0 else height)
                out.contents.width = _length(w)
                out.contents.height = _length(h)
                return 0
            except BaseException as e:  # carried back to the caller, never across the C frames
                if getattr(errors, "value", None) is None:
                    errors.value = e
                return int(Status.CALLBACK)

        cb = MEASURE_FN(trampoline)
        check(lib.kalends_autolayout_set_measure(self._handle, item, cb, None))
        self._measures[item] = cb
        self._views.pop(item, None)

    def set_view(self, item: int, view: Optional["View"]) -> None:
        """Makes the item a calendar view's: its width follows its container, its height
        the view's content; after each solve the view lays out at the solved width."""
        from .view import View
        item = int32(item, "item")
        if view is not None:
            instance(view, View, "view")
        check(lib.kalends_autolayout_set_view(self._handle, item, view._handle if view is not None else None))
        self._measures.pop(item, None)
        if view is None:
            self._views.pop(item, None)
        else:
            self._views[item] = view

    def set_right_to_left(self, right_to_left: bool) -> None:
        check(lib.kalends_autolayout_set_right_to_left(self._handle, flag(right_to_left, "right_to_left")))

    def set_policy(self, policy: Policy,
                   on_broken: Optional[Callable[[BrokenConstraint], None]] = None) -> None:
        """The unsatisfiable policy, and a function told of each constraint it breaks
        (an exception it raises is reported after the solve)."""
        policy_value = int32(policy, "policy")
        if on_broken is not None:
            function(on_broken, "on_broken")
        errors = self._errors
        cb: Any = BROKEN_FN()
        if on_broken is not None:
            def trampoline(_user: Any, broken: Any) -> None:
                b = broken.contents
                try:
                    on_broken(BrokenConstraint(BrokenKind(b.kind), b.constraint, b.item))
                except BaseException as e:
                    if getattr(errors, "value", None) is None:
                        errors.value = e
            cb = BROKEN_FN(trampoline)
        check(lib.kalends_autolayout_set_policy(self._handle, policy_value, cb, None))
        self._broken_callback = cb

    def solve(self) -> None:
        """Solves the layout into frames (:meth:`frame`). Raises UnsatisfiableError under
        the ERROR policy, or a measure function's own exception."""
        self._check(lib.kalends_autolayout_solve(self._handle))
        error = getattr(self._errors, "value", None)
        if error is not None:  # raised by a broken-constraint callback, which cannot fail the solve
            self._errors.value = None
            raise error

    def frame(self, item: int) -> Rect:
        """The item's frame from the last solve, in its parent's coordinates."""
        r = CRect()
        check(lib.kalends_autolayout_frame(self._handle, int32(item, "item"), byref(r)))
        return Rect(r.x, r.y, r.width, r.height)

    def fitting_size(self, item: int, target: Union[Size, tuple[float, float]], horizontal: float,
                     vertical: float) -> Size:
        """systemLayoutSizeFitting: the item's size laid out on its own, as close to
        ``target`` as the priorities allow (``Priority.FITTING`` lets an axis follow the
        content, ``Priority.REQUIRED`` fixes it)."""
        t = CSize(*pair(target, "target"))
        out = CSize()
        self._check(lib.kalends_autolayout_fitting_size(self._handle, int32(item, "item"), byref(t),
                                                        number(horizontal, "horizontal"), number(vertical, "vertical"),
                                                        byref(out)))
        return Size(out.width, out.height)

    def update_constants(self) -> list[ConstantChange]:
        """Constants that changed since they were last reported."""
        count = c_int32()
        check(lib.kalends_autolayout_update_constants(self._handle, None, 0, byref(count)))
        buf = (CConstantChange * max(1, count.value))()
        check(lib.kalends_autolayout_update_constants(self._handle, buf, count.value, byref(count)))
        return [ConstantChange(c.constraint, c.old_value, c.new_value) for c in buf[: count.value]]


__all__ = ["AutoLayout", "Constraint", "ConstantChange", "Attribute", "Relation", "Basis", "Priority", "SCREEN",
           "ContentPriority", "LayoutAxis", "Policy", "BrokenKind", "BrokenConstraint", "MeasureFunction",
           "NO_INTRINSIC_METRIC"]

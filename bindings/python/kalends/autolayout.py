"""Auto Layout: ``kalends_autolayout_*``. Items, the screen, and constraints whose
constants may follow another item's or the screen's size (HKNSLayoutConstraint),
re-evaluated on demand, e.g. after a rotation."""
from __future__ import annotations

import enum
import weakref
from ctypes import byref, c_double, c_int32, c_void_p
from dataclasses import dataclass
from typing import NamedTuple, Optional

from ._native import CConstantChange, CConstraint, check, lib
from .errors import InvalidArgumentError

#: The screen is always item 1; ``None`` in a constraint means "no item" (C's 0).
SCREEN = 1


class Attribute(enum.IntEnum):
    """``KALENDS_ATTRIBUTE_*`` (NSLayoutAttribute's numbers)."""

    LEFT = 1
    RIGHT = 2
    TOP = 3
    BOTTOM = 4
    LEADING = 5
    TRAILING = 6
    WIDTH = 7
    HEIGHT = 8
    CENTER_X = 9
    CENTER_Y = 10
    LAST_BASELINE = 11
    FIRST_BASELINE = 12


class Relation(enum.IntEnum):
    """``KALENDS_RELATION_*``."""

    LESS_OR_EQUAL = -1
    EQUAL = 0
    GREATER_OR_EQUAL = 1


class Basis(enum.IntEnum):
    """Which length of the alt item (``KALENDS_BASIS_*``); the library clamps other values."""

    WIDTH = 1
    HEIGHT = 2
    SHORTER_EDGE = 3
    LONGER_EDGE = 4
    CONSTANT = 5


class Priority:
    REQUIRED = 1000.0
    HIGH = 750.0
    LOW = 250.0
    FITTING = 50.0


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
        try:
            c.first_item, c.first_attribute, c.relation = self.first_item, int(self.first_attribute), int(self.relation)
            c.second_item = self.second_item or 0
            c.second_attribute = int(self.second_attribute) if self.second_attribute is not None else 0
            c.multiplier, c.constant = float(self.multiplier), float(self.constant)
            c.alt_item, c.alt_basis = self.alt_item or 0, int(self.alt_basis)
            c.alt_multiplier, c.priority = float(self.alt_multiplier), float(self.priority)
        except (TypeError, ValueError, OverflowError) as e:
            raise InvalidArgumentError(f"bad constraint field: {e}") from None
        return c


class ConstantChange(NamedTuple):
    constraint: int
    old: float
    new: float


def _free(handle: int) -> None:
    lib.kalends_autolayout_free(handle)


class AutoLayout:
    """Items, the screen (:data:`SCREEN`) and constraints (``kalends_autolayout``)."""

    SCREEN = SCREEN

    def __init__(self) -> None:
        handle = c_void_p()
        check(lib.kalends_autolayout_new(byref(handle)))
        self._handle: int = handle.value or 0
        self._finalizer = weakref.finalize(self, _free, self._handle)

    def close(self) -> None:
        self._finalizer()

    def __enter__(self) -> AutoLayout:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def add_item(self, parent: Optional[int] = None) -> int:
        out = c_int32()
        check(lib.kalends_autolayout_add_item(self._handle, parent or 0, byref(out)))
        return out.value

    def set_item_size(self, item: int, width: float, height: float) -> None:
        """The size alt constants read; for :data:`SCREEN` the screen's (rotate by swapping)."""
        check(lib.kalends_autolayout_set_item_size(self._handle, item, float(width), float(height)))

    def add_constraint(self, constraint: Constraint) -> int:
        out = c_int32()
        check(lib.kalends_autolayout_add_constraint(self._handle, byref(constraint.to_c()), byref(out)))
        return out.value

    def remove_constraint(self, constraint: int) -> None:
        check(lib.kalends_autolayout_remove_constraint(self._handle, constraint))

    def constant(self, constraint: int) -> float:
        """The constraint's effective constant now."""
        out = c_double()
        check(lib.kalends_autolayout_constant(self._handle, constraint, byref(out)))
        return out.value

    def update_constants(self) -> list[ConstantChange]:
        """Constants that changed since they were last reported."""
        count = c_int32()
        check(lib.kalends_autolayout_update_constants(self._handle, None, 0, byref(count)))
        buf = (CConstantChange * max(1, count.value))()
        check(lib.kalends_autolayout_update_constants(self._handle, buf, count.value, byref(count)))
        return [ConstantChange(c.constraint, c.old_value, c.new_value) for c in buf[: count.value]]


__all__ = ["AutoLayout", "Constraint", "ConstantChange", "Attribute", "Relation", "Basis", "Priority", "SCREEN"]

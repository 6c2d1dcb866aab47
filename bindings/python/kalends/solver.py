"""The constraint solver (``kalends_solver``, include/kalends/solver.h): the handle, its
calls and the records they take.

Python's face of it is kiwisolver's API, ``kalends.kiwisolver`` (the drop-in in
kalends/compat/kiwisolver.py, built on this module). Its hot loop makes the fast calls
below (``_native.FAST_CALLS``, the rows ``solver.py.*``) with arguments made ready once:
the handle as ``Solver.ref``, arrays through ``address``, constraints packed by
``record`` (a ``kalends_constraint_record`` and its ``kalends_term``s).
"""
from __future__ import annotations

import ctypes
import struct
from typing import Any

from . import _abi
from ._handle import Handle
from ._native import check, fast, lib


def address(value: int) -> Any:
    """An argument that passes ``value`` as a pointer: a reference to a ctypes object at
    that address (never read). ctypes passes such a reference as it is, where a c_void_p
    is converted on every call (~35 ns less per pointer argument)."""
    return ctypes.byref(ctypes.c_char.from_address(value))


class Solver(Handle, free="kalends_solver_free"):
    """A ``kalends_solver``; ``ref`` is its handle as a ready argument of the fast calls."""

    __slots__ = ("ref", "__weakref__")

    def __init__(self) -> None:
        handle = ctypes.c_void_p()
        check(lib.kalends_solver_new(ctypes.byref(handle)))
        self._own(handle.value or 0)
        self.ref = address(self._handle)

    def add_edit_variable(self, variable: int, strength: float) -> int:
        """``kalends_solver_add_edit_variable``: its status (the caller names the failure)."""
        return int(lib.kalends_solver_add_edit_variable(self._handle, variable, strength))

    def remove_edit_variable(self, variable: int) -> int:
        """``kalends_solver_remove_edit_variable``: its status."""
        return int(lib.kalends_solver_remove_edit_variable(self._handle, variable))

    def reset(self) -> None:
        """Removes every constraint and edit variable (``kalends_solver_reset``)."""
        check(lib.kalends_solver_reset(self._handle))

    def dump(self) -> str:
        """The tableau as text (``kalends_solver_dump``)."""
        length = ctypes.c_size_t()
        check(lib.kalends_solver_dump(self._handle, None, 0, ctypes.byref(length)))
        buffer = ctypes.create_string_buffer(length.value + 1)
        check(lib.kalends_solver_dump(self._handle, buffer, len(buffer), ctypes.byref(length)))
        return buffer.value.decode("utf-8", "replace")


def strength(strong: float, medium: float, weak: float, weight: float) -> float:
    """``kalends_strength``: strong x 1e6 + medium x 1e3 + weak, each times the weight and
    clipped to 0 ... 1000."""
    out = ctypes.c_double()
    check(lib.kalends_strength(strong, medium, weak, weight, ctypes.byref(out)))
    return out.value


#: The solver's fast calls (_native.FAST_CALLS): handles and arrays as ``ref``/``address``
#: arguments, counts and ids as ints, values as floats.
add_constraints = fast("kalends_solver_add_constraints")
constraint_forget = fast("kalends_solver_constraint_forget")
add_variables = fast("kalends_solver_add_variables")
suggest_values = fast("kalends_solver_suggest_values")
suggest_and_update = fast("kalends_solver_suggest_and_update")
update_variables = fast("kalends_solver_update_variables")

# A kalends_constraint_record (constant, strength, relation, term count) and its
# kalends_term (int32 variable, 4 bytes of padding, double coefficient), as the layouts
# generated from the header give them.
_RECORD_FORMAT, _TERM_FORMAT = "=" + _abi.FORMATS["kalends_constraint_record"].lstrip("="), "i4xd"
if (struct.calcsize(_RECORD_FORMAT), struct.calcsize("=" + _TERM_FORMAT)) != (
        _abi.LAYOUTS["kalends_constraint_record"][0], _abi.LAYOUTS["kalends_term"][0]) or \
        [offset for _, offset, _ in _abi.LAYOUTS["kalends_term"][1]][::2] != [0, 8]:
    raise ImportError("kalends_constraint_record or kalends_term changed: update kalends/solver.py's packing")
_RECORDS: dict[int, Any] = {}


def record(count: int) -> Any:
    """The packer of a constraint record with ``count`` terms:
    ``pack(constant, strength, relation, count, variable, coefficient, ...)``."""
    pack = _RECORDS.get(count)
    if pack is None:
        pack = _RECORDS[count] = struct.Struct(_RECORD_FORMAT + _TERM_FORMAT * count).pack
    return pack


__all__ = ["Solver", "address", "strength", "record", "add_constraints", "constraint_forget", "add_variables",
           "suggest_values", "suggest_and_update", "update_variables"]

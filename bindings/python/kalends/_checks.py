"""Argument checks used by every public function before a value reaches ctypes.

ctypes converts a Python int to a C integer by dropping the high bits (``2**64 + 5``
becomes 5, silently), takes any float where a double goes but raises its own
``ctypes.ArgumentError`` for other types, and sets any attribute on a Structure. So
each argument is checked here, by its C type, and named in the message:

* wrong type: ``TypeError("id must be an int, not float")``;
* an int outside its C type: ``OutOfRangeError("id 18446744073709551621 does not fit
  in int64 (-9223372036854775808 ... 9223372036854775807)")``.

Integers are anything with ``__index__`` (``int``, ``bool``, IntEnum members, numpy
integers); numbers are real numbers (``int``, ``float``, ``fractions.Fraction``, numpy
floats), never strings.
"""
from __future__ import annotations

import operator
from typing import Any, Callable, Iterable, Mapping, Optional, TypeVar, cast

from .errors import OutOfRangeError

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
UINT32_MAX = 2**32 - 1
UINT64_MAX = 2**64 - 1

T = TypeVar("T")


def type_name(value: object) -> str:
    return "None" if value is None else type(value).__name__


def integer(value: object, name: str, low: int, high: int, c_type: str) -> int:
    """``value`` as an int in low ... high (the C type ``c_type``)."""
    if type(value) is int:
        n = value
    else:
        try:
            n = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            raise TypeError(f"{name} must be an int, not {type_name(value)}") from None
    if not low <= n <= high:
        raise OutOfRangeError(f"{name} {n} does not fit in {c_type} ({low} ... {high})")
    return n


def int32(value: object, name: str) -> int:
    """A C ``int32_t``."""
    if type(value) is int and INT32_MIN <= value <= INT32_MAX:  # the common case, fast
        return value
    return integer(value, name, INT32_MIN, INT32_MAX, "int32")


def int64(value: object, name: str) -> int:
    """A C ``int64_t``."""
    if type(value) is int and INT64_MIN <= value <= INT64_MAX:
        return value
    return integer(value, name, INT64_MIN, INT64_MAX, "int64")


def uint32(value: object, name: str) -> int:
    """A C ``uint32_t``."""
    return integer(value, name, 0, UINT32_MAX, "uint32")


def uint64(value: object, name: str) -> int:
    """A C ``uint64_t``."""
    return integer(value, name, 0, UINT64_MAX, "uint64")


def optional_int32(value: object, name: str, none: int = 0) -> int:
    """An int32 where None means ``none`` (C's "no item" 0, say)."""
    return none if value is None else int32(value, name)


def number(value: object, name: str) -> float:
    """A C ``double`` from a real number (NaN and infinities pass: the library decides)."""
    if type(value) is float:
        return value
    if hasattr(type(value), "__index__") or _is_real(value):   # int, bool, numpy ints; Fraction, numpy floats
        try:
            return float(value)  # type: ignore[arg-type]
        except OverflowError:
            raise OutOfRangeError(f"{name} {value} is too large for a double") from None
    raise TypeError(f"{name} must be a number, not {type_name(value)}")


def _is_real(value: object) -> bool:
    """isinstance(value, numbers.Real), importing numbers only when an argument is
    neither a float nor an integer (it is not needed at import)."""
    import numbers
    return isinstance(value, numbers.Real)


def optional_number(value: object, name: str, none: float) -> float:
    """A double where None means ``none`` (C's -1 "no intrinsic metric", say)."""
    return none if value is None else number(value, name)


def flag(value: object, name: str) -> int:
    """A C boolean (int32 0 or 1) from a bool or an int."""
    if value is True or value is False:
        return 1 if value else 0
    try:
        return 1 if operator.index(value) else 0  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be a bool, not {type_name(value)}") from None


def text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type_name(value)}")
    return value


def instance(value: object, cls: type[T], name: str) -> T:
    """``value`` when it is a ``cls``; TypeError naming the argument otherwise."""
    if not isinstance(value, cls):
        raise TypeError(f"{name} must be a {_qualified(cls)}, not {type_name(value)}")
    return value


def optional_instance(value: object, cls: type[T], name: str) -> Optional[T]:
    return None if value is None else instance(value, cls, name)


def function(value: object, name: str) -> Callable[..., Any]:
    if not callable(value):
        raise TypeError(f"{name} must be callable, not {type_name(value)}")
    return value


def numbers_of(value: object, name: str, labels: tuple[str, ...]) -> tuple[float, ...]:
    """A tuple of len(labels) numbers (a size, a rect, insets), each checked by its label."""
    shape = f"({', '.join(labels)})"
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be {shape}, not {type_name(value)}")
    try:
        items = tuple(cast("Iterable[object]", value))
    except TypeError:
        raise TypeError(f"{name} must be {shape}, not {type_name(value)}") from None
    if len(items) != len(labels):
        raise TypeError(f"{name} must be {shape}: {len(labels)} numbers, not {len(items)}")
    return tuple(number(v, f"{name}.{label}") for v, label in zip(items, labels))


def pair(value: object, name: str) -> tuple[float, float]:
    """(width, height)."""
    width, height = numbers_of(value, name, ("width", "height"))
    return width, height


def rect(value: object, name: str) -> tuple[float, float, float, float]:
    """(x, y, width, height)."""
    x, y, width, height = numbers_of(value, name, ("x", "y", "width", "height"))
    return x, y, width, height


def insets(value: object, name: str) -> tuple[float, float, float, float]:
    """(top, left, bottom, right)."""
    top, left, bottom, right = numbers_of(value, name, ("top", "left", "bottom", "right"))
    return top, left, bottom, right


def options(struct: object, given: Mapping[str, object], kinds: Mapping[str, Callable[[object, str], Any]],
            what: str) -> None:
    """Sets fields of an options struct from keyword arguments, each checked by its
    kind (``int32``, ``number``, ...); an unknown name is a TypeError (setattr on a
    ctypes Structure would quietly add a Python attribute instead)."""
    for key, value in given.items():
        kind = kinds.get(key)
        if kind is None:
            raise TypeError(f"unknown {what} option {key!r} (options: {', '.join(kinds)})")
        setattr(struct, key, kind(value, key))


def _qualified(cls: type) -> str:
    module = cls.__module__
    if module.startswith("kalends"):
        return f"kalends.{cls.__qualname__}"
    return cls.__qualname__ if module == "builtins" else f"{module}.{cls.__qualname__}"

"""kiwisolver's API on Kalends' Cassowary solver (``kalends_solver_*``).

Existing kiwisolver code runs by changing only its import::

    import kalends.kiwisolver as kiwi        # was: import kiwisolver as kiwi

    x, y = kiwi.Variable("x"), kiwi.Variable("y")
    solver = kiwi.Solver()
    solver.addConstraint(x + y == 100)
    solver.addConstraint((x == 3 * y) | "strong")
    solver.updateVariables()
    x.value(), y.value()                     # (75.0, 25.0)

The names, operators, strengths, exceptions and their attributes are kiwisolver's
(camelCase methods included, so the switch is one line). Two differences, both
fixes: a failed ``addConstraint`` leaves the solver exactly as it was (kiwisolver
keeps pivots of a failed inequality), and ``updateVariables`` costs what changed,
not how many variables there are. Variables are hashable (by identity).

Expressions are built in Python; the solving happens in libkalends.so. A
``Variable`` reads its value from the array the last solver that updated it keeps
in step through ``kalends_solver_update_variables``.
"""
from __future__ import annotations

import ctypes
import math
import numbers
import struct
import sys
from array import array
from typing import Any, Iterable, Union, cast

from ._native import check, hotlib, lib
from .errors import Status

__all__ = [
    "BadRequiredStrength", "Constraint", "DuplicateConstraint", "DuplicateEditVariable", "Expression",
    "Solver", "Term", "UnknownConstraint", "UnknownEditVariable", "UnsatisfiableConstraint", "Variable",
    "strength", "__version__", "__kiwi_version__", "__kalends_version__",
]

#: The kiwisolver release whose API this module reproduces and is tested against, as
#: kiwisolver's own ``__version__`` (what version checks such as matplotlib's read).
__version__ = "1.5.1"
#: The same, under the name this module used before.
__kiwi_version__ = __version__
#: The version of Kalends behind this module (``kalends.__version__``).
__kalends_version__ = lib.kalends_version_string().decode()

_REQUIRED = 1001001000.0


# --------------------------------------------------------------------------- exceptions


class UnsatisfiableConstraint(Exception):
    """A required constraint contradicts the required constraints in the solver."""

    def __init__(self, constraint: "Constraint") -> None:
        super().__init__(constraint)
        self.constraint = constraint


class DuplicateConstraint(Exception):
    """The constraint is already in the solver."""

    def __init__(self, constraint: "Constraint") -> None:
        super().__init__(constraint)
        self.constraint = constraint


class UnknownConstraint(Exception):
    """The constraint is not in the solver."""

    def __init__(self, constraint: "Constraint") -> None:
        super().__init__(constraint)
        self.constraint = constraint


class DuplicateEditVariable(Exception):
    """The variable is already an edit variable."""

    def __init__(self, edit_variable: "Variable") -> None:
        super().__init__(edit_variable)
        self.edit_variable = edit_variable


class UnknownEditVariable(Exception):
    """The variable is not an edit variable."""

    def __init__(self, edit_variable: "Variable") -> None:
        super().__init__(edit_variable)
        self.edit_variable = edit_variable


class BadRequiredStrength(Exception):
    """An edit variable cannot have required strength."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*(args or ("A required strength cannot be used in this context.",)))


class InternalSolverError(Exception):
    """A numerical failure inside the solver (does not happen with finite input)."""


# --------------------------------------------------------------------------- numbers


def _number(value: Any) -> float | None:
    """``value`` as a float when it is a real number (bools count, as ints), else None."""
    t = type(value)
    if t is float:
        return value  # type: ignore[no-any-return]
    if t is int:
        return float(value)
    if isinstance(value, (int, float)) or (isinstance(value, numbers.Real) and not isinstance(value, complex)):
        return float(value)
    return None


class _Strength:
    """kiwisolver's ``strength``: the named strengths and ``create``."""

    __slots__ = ()

    @property
    def required(self) -> float:
        return _REQUIRED

    @property
    def strong(self) -> float:
        return 1_000_000.0

    @property
    def medium(self) -> float:
        return 1000.0

    @property
    def weak(self) -> float:
        return 1.0

    def create(self, a: float, b: float, c: float, w: float = 1.0, /) -> float:
        """``strong × 1e6 + medium × 1e3 + weak``, each part times ``w`` and clipped to 0 … 1000."""
        parts = [_number(v) for v in (a, b, c, w)]
        if any(p is None for p in parts):
            raise TypeError("strength.create() takes 3 or 4 numbers")
        a_, b_, c_, w_ = cast("list[float]", parts)
        out = ctypes.c_double()
        check(lib.kalends_strength(a_, b_, c_, w_, ctypes.byref(out)))
        return out.value


strength = _Strength()

_NAMED = {"required": _REQUIRED, "strong": 1_000_000.0, "medium": 1000.0, "weak": 1.0}


def _strength_value(value: Any) -> float:
    """A strength argument (a name or a number) as a float, not yet clipped."""
    if type(value) is str:
        try:
            return _NAMED[value]
        except KeyError:
            raise ValueError(
                f"string strength must be 'required', 'strong', 'medium', or 'weak', not '{value}'") from None
    n = _number(value)
    if n is None:
        raise TypeError(f"strength must be a number or a strength name, not {type(value).__name__}")
    return n


def _clip(value: float) -> float:
    """Clips to 0 … required (NaN counts as required, as in kiwisolver)."""
    return max(0.0, min(_REQUIRED, value))


# --------------------------------------------------------------------------- expressions


class Variable:
    """A solver variable: a name, a context object and the value the last update wrote."""

    __slots__ = ("_name", "_context", "_values", "_index", "__weakref__")

    def __init__(self, name: str = "", context: Any = None) -> None:
        if type(name) is not str and not isinstance(name, str):
            raise TypeError(f"name must be a str, not {type(name).__name__}")
        self._name = name
        self._context = context
        self._values: array[float] | None = None
        self._index = 0

    def name(self) -> str:
        return self._name

    def setName(self, name: str) -> None:
        if not isinstance(name, str):
            raise TypeError(f"name must be a str, not {type(name).__name__}")
        self._name = name

    def context(self) -> Any:
        return self._context

    def setContext(self, context: Any) -> None:
        self._context = context

    def value(self) -> float:
        """The value written by the last ``Solver.updateVariables`` (0.0 before any)."""
        values = self._values
        return 0.0 if values is None else values[self._index]

    def __str__(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return self._name

    __hash__ = object.__hash__

    def __reduce_ex__(self, protocol: Any) -> Any:
        raise TypeError("cannot pickle 'Variable' object")

    # arithmetic
    def __neg__(self) -> "Term":
        return _term(self, -1.0)

    def __mul__(self, other: Any) -> "Term":
        n = _number(other)
        if n is None:
            return NotImplemented
        return _term(self, n)

    __rmul__ = __mul__

    def __truediv__(self, other: Any) -> "Term":
        n = _number(other)
        if n is None:
            return NotImplemented
        if n == 0:
            raise ZeroDivisionError("float division by zero")
        return _term(self, 1.0 / n)

    def __add__(self, other: Any) -> "Expression":
        return _add(_term(self, 1.0), other)

    def __radd__(self, other: Any) -> "Expression":
        return _radd(_term(self, 1.0), other)

    def __sub__(self, other: Any) -> "Expression":
        return _add(_term(self, 1.0), _negate(other))

    def __rsub__(self, other: Any) -> "Expression":
        return _radd(_term(self, -1.0), other)

    # comparisons
    def __eq__(self, other: Any) -> "Constraint":  # type: ignore[override]
        return _compare(self, other, "==")

    def __le__(self, other: Any) -> "Constraint":
        return _compare(self, other, "<=")

    def __ge__(self, other: Any) -> "Constraint":
        return _compare(self, other, ">=")

    def __ne__(self, other: object) -> bool:
        raise _unsupported("!=", self, other)

    def __lt__(self, other: object) -> bool:
        raise _unsupported("<", self, other)

    def __gt__(self, other: object) -> bool:
        raise _unsupported(">", self, other)


class Term:
    """``coefficient × variable``."""

    __slots__ = ("_variable", "_coefficient")

    def __init__(self, variable: Variable, coefficient: float = 1.0) -> None:
        if not isinstance(variable, Variable):
            raise TypeError(f"Term needs a Variable, not {type(variable).__name__}")
        n = _number(coefficient)
        if n is None:
            raise TypeError(f"coefficient must be a number, not {type(coefficient).__name__}")
        self._variable = variable
        self._coefficient = n

    def variable(self) -> Variable:
        return self._variable

    def coefficient(self) -> float:
        return self._coefficient

    def value(self) -> float:
        return self._coefficient * self._variable.value()

    def __repr__(self) -> str:
        return f"{_format(self._coefficient)} * {self._variable._name}"

    __hash__ = None  # type: ignore[assignment]

    def __neg__(self) -> "Term":
        return _term(self._variable, -self._coefficient)

    def __mul__(self, other: Any) -> "Term":
        n = _number(other)
        if n is None:
            return NotImplemented
        return _term(self._variable, self._coefficient * n)

    __rmul__ = __mul__

    def __truediv__(self, other: Any) -> "Term":
        n = _number(other)
        if n is None:
            return NotImplemented
        if n == 0:
            raise ZeroDivisionError("float division by zero")
        return _term(self._variable, self._coefficient / n)

    def __add__(self, other: Any) -> "Expression":
        return _add(self, other)

    def __radd__(self, other: Any) -> "Expression":
        return _radd(self, other)

    def __sub__(self, other: Any) -> "Expression":
        return _add(self, _negate(other))

    def __rsub__(self, other: Any) -> "Expression":
        return _radd(_term(self._variable, -self._coefficient), other)

    def __eq__(self, other: Any) -> "Constraint":  # type: ignore[override]
        return _compare(self, other, "==")

    def __le__(self, other: Any) -> "Constraint":
        return _compare(self, other, "<=")

    def __ge__(self, other: Any) -> "Constraint":
        return _compare(self, other, ">=")

    __ne__ = Variable.__ne__
    __lt__ = Variable.__lt__
    __gt__ = Variable.__gt__


def _unsupported(symbol: str, left: object, right: object) -> TypeError:
    """kiwisolver's error for ``<``, ``>`` and ``!=``, which are not constraints: "unsupported
    operand type(s) for <: 'kalends.kiwisolver.Expression' and 'int'" (kiwisolver names its
    own types 'kiwisolver.Expression', other types by name)."""
    return TypeError(f"unsupported operand type(s) for {symbol}: '{_type_name(left)}' and '{_type_name(right)}'")


def _type_name(value: object) -> str:
    cls = type(value)
    return f"{__name__}.{cls.__qualname__}" if cls.__module__ == __name__ else cls.__name__


def _term(variable: Variable, coefficient: float) -> Term:
    """A Term without argument checks (the arguments are known good)."""
    t = Term.__new__(Term)
    t._variable = variable
    t._coefficient = coefficient
    return t


class Expression:
    """A sum of terms plus a constant. Terms are kept as given, never merged."""

    __slots__ = ("_terms", "_constant")

    def __init__(self, terms: Iterable[Term], constant: float = 0.0) -> None:
        items = tuple(terms)
        for t in items:
            if not isinstance(t, Term):
                raise TypeError(f"Expression terms must be Terms, not {type(t).__name__}")
        n = _number(constant)
        if n is None:
            raise TypeError(f"constant must be a number, not {type(constant).__name__}")
        self._terms = items
        self._constant = n

    def terms(self) -> tuple[Term, ...]:
        return self._terms

    def constant(self) -> float:
        return self._constant

    def value(self) -> float:
        return sum(t._coefficient * t._variable.value() for t in self._terms) + self._constant

    def __repr__(self) -> str:
        parts = [repr(t) for t in self._terms] + [_format(self._constant)]
        return " + ".join(parts)

    __hash__ = None  # type: ignore[assignment]

    def __neg__(self) -> "Expression":
        return _expression(tuple(_term(t._variable, -t._coefficient) for t in self._terms), -self._constant)

    def __mul__(self, other: Any) -> "Expression":
        n = _number(other)
        if n is None:
            return NotImplemented
        return _expression(tuple(_term(t._variable, t._coefficient * n) for t in self._terms), self._constant * n)

    __rmul__ = __mul__

    def __truediv__(self, other: Any) -> "Expression":
        n = _number(other)
        if n is None:
            return NotImplemented
        if n == 0:
            raise ZeroDivisionError("float division by zero")
        return _expression(tuple(_term(t._variable, t._coefficient / n) for t in self._terms), self._constant / n)

    def __add__(self, other: Any) -> "Expression":
        return _add(self, other)

    def __radd__(self, other: Any) -> "Expression":
        return _radd(self, other)

    def __sub__(self, other: Any) -> "Expression":
        return _add(self, _negate(other))

    def __rsub__(self, other: Any) -> "Expression":
        return _radd(-self, other)

    def __eq__(self, other: Any) -> "Constraint":  # type: ignore[override]
        return _compare(self, other, "==")

    def __le__(self, other: Any) -> "Constraint":
        return _compare(self, other, "<=")

    def __ge__(self, other: Any) -> "Constraint":
        return _compare(self, other, ">=")

    __ne__ = Variable.__ne__
    __lt__ = Variable.__lt__
    __gt__ = Variable.__gt__


def _expression(terms: tuple[Term, ...], constant: float) -> Expression:
    """An Expression without argument checks."""
    e = Expression.__new__(Expression)
    e._terms = terms
    e._constant = constant
    return e


_Operand = Union[Variable, Term, Expression, float]


def _negate(value: Any) -> Any:
    """-value for kiwi objects and numbers; other values pass through to fail later."""
    if isinstance(value, (Variable, Term, Expression)):
        return -value
    n = _number(value)
    return value if n is None else -n


def _add(left: Term | Expression, right: Any) -> Expression:
    """``left + right`` with left's terms first (kiwisolver's folding)."""
    if isinstance(left, Term):
        lt: tuple[Term, ...] = (left,)
        lc = 0.0
    else:
        lt, lc = left._terms, left._constant
    if isinstance(right, Variable):
        return _expression(lt + (_term(right, 1.0),), lc)
    if isinstance(right, Term):
        return _expression(lt + (right,), lc)
    if isinstance(right, Expression):
        if isinstance(left, Term):   # kiwisolver computes term + expression as expression + term
            return _expression(right._terms + lt, right._constant)
        return _expression(lt + right._terms, lc + right._constant)
    n = _number(right)
    if n is None:
        return cast(Expression, NotImplemented)
    return _expression(lt, lc + n)


def _radd(right: Term | Expression, left: Any) -> Expression:
    """``number + right`` (the only reflected addition that reaches a kiwi object)."""
    n = _number(left)
    if n is None:
        return cast(Expression, NotImplemented)
    if isinstance(right, Term):
        return _expression((right,), n)
    return _expression(right._terms, right._constant + n)


def _compare(left: Any, right: Any, op: str) -> "Constraint":
    """``Constraint(left - right, op)`` at required strength, reduced in one pass."""
    combined: dict[Variable, float] = {}
    get = combined.get
    if isinstance(left, Variable):
        combined[left] = 1.0
        constant = 0.0
    elif isinstance(left, Term):
        combined[left._variable] = left._coefficient
        constant = 0.0
    else:
        for t in left._terms:
            v = t._variable
            combined[v] = get(v, 0.0) + t._coefficient
        constant = left._constant
    if isinstance(right, Variable):
        combined[right] = get(right, 0.0) - 1.0
    elif isinstance(right, Term):
        v = right._variable
        combined[v] = get(v, 0.0) - right._coefficient
    elif isinstance(right, Expression):
        for t in right._terms:
            v = t._variable
            combined[v] = get(v, 0.0) - t._coefficient
        constant -= right._constant
    else:
        n = right if type(right) is float else _number(right)
        if n is None:   # Python then tries the reflected operation, and raises its own TypeError
            return cast(Constraint, NotImplemented)
        constant -= n
    c = Constraint.__new__(Constraint)
    c._variables = tuple(combined)
    c._coefficients = tuple(combined.values())
    c._constant = constant
    c._expression = None
    c._op = op
    c._strength = _REQUIRED
    return c


def _format(number: float) -> str:
    return f"{number:g}"


# --------------------------------------------------------------------------- constraints

_OPS = {"==": 0, "<=": -1, ">=": 1}


class Constraint:
    """``expression (op) 0`` at a strength. The expression is reduced: one term per variable."""

    __slots__ = ("_expression", "_op", "_strength", "_variables", "_coefficients", "_constant", "__weakref__")

    def __init__(self, expression: Expression, op: str, strength: Union[str, float] = "required") -> None:
        if not isinstance(expression, Expression):
            raise TypeError(f"Constraint needs an Expression, not {type(expression).__name__}")
        if not isinstance(op, str):
            raise TypeError(f"op must be a str, not {type(op).__name__}")
        if op not in _OPS:
            raise ValueError(f"relational operator must be '==', '<=', or '>=', not '{op}'")
        value = _clip(_strength_value(strength))
        combined: dict[Variable, float] = {}
        for t in expression._terms:
            v = t._variable
            combined[v] = combined.get(v, 0.0) + t._coefficient
        self._variables = tuple(combined)
        self._coefficients = tuple(combined.values())
        self._constant = expression._constant
        self._expression: Expression | None = None
        self._op = op
        self._strength = value

    def expression(self) -> Expression:
        """The reduced expression: one term per variable (built on first use)."""
        e = self._expression
        if e is None:
            e = self._expression = _expression(
                tuple(_term(v, c) for v, c in zip(self._variables, self._coefficients)), self._constant)
        return e

    def op(self) -> str:
        return self._op

    def strength(self) -> float:
        return self._strength

    def violated(self) -> bool:
        """Whether the variables' current values break the constraint (== within 1e-8)."""
        value = self.expression().value()
        if self._op == "==":
            return abs(value) >= 1e-8
        if self._op == "<=":
            return value > 0.0
        return value < 0.0

    def __or__(self, other: Any) -> "Constraint":
        value = _NAMED.get(other) if type(other) is str else None
        if value is None:
            value = _clip(_strength_value(other))
        c = Constraint.__new__(Constraint)
        c._expression = self._expression
        c._variables = self._variables
        c._coefficients = self._coefficients
        c._constant = self._constant
        c._op = self._op
        c._strength = value
        return c

    __ror__ = __or__

    def __repr__(self) -> str:
        text = f"{self.expression()!r} {self._op} 0 | strength = {self._strength:g}"
        return text + " (VIOLATED)" if self.violated() else text


# --------------------------------------------------------------------------- solver


def _hot(name: str) -> Any:
    """A PyDLL function without argtypes: callers pass c_void_p handles and c_double
    values themselves (ints pass as C ints), which is what makes the call cheap."""
    fn = getattr(hotlib, name)
    fn.restype = ctypes.c_int32
    return fn


_add_terms = _hot("kalends_solver_add_constraint_terms")
_forget = _hot("kalends_solver_constraint_forget")
_add_variables = _hot("kalends_solver_add_variables")
_suggest_values = _hot("kalends_solver_suggest_values")
_update = _hot("kalends_solver_update_variables")
_PACKERS: dict[int, struct.Struct] = {}
_double = ctypes.c_double
#: Strengths as ready C doubles (a program uses a few; at most 256 are kept).
_STRENGTHS: dict[float, ctypes.c_double] = {}


def _c_strength(value: float) -> ctypes.c_double:
    if len(_STRENGTHS) >= 256:
        _STRENGTHS.clear()
    c = _STRENGTHS[value] = _double(value)
    return c


_PACK1 = struct.Struct("iid").pack
_PACK2 = struct.Struct("iidiid").pack
#: Zeros to extend a solver's values by a block of new variables.
_ZEROS = array("d", bytes(8 * 4096))


def _packer(count: int) -> struct.Struct:
    """Packs `count` kalends_term structs (int32 variable, int32 0, double coefficient)."""
    packer = _PACKERS.get(count)
    if packer is None:
        packer = _PACKERS[count] = struct.Struct("iid" * count)
    return packer


class Solver:
    """kiwisolver's Solver on ``kalends_solver``.

    Suggestions are queued and handed to the library in one call when the solution is
    next needed (``updateVariables``, or any call that changes the system), in the
    order they were made: the result is the same as solving after each one, and a
    drag costs two library calls per frame however many variables are edited.
    """

    __slots__ = ("_handle", "_hv", "_ids", "_variables", "_values", "_values_ptr", "_shared", "_active",
                 "_edits", "_out", "_out_ref", "_pending", "_pending_ids", "_pending_values", "_pending_ids_ptr",
                 "_pending_values_ptr", "__weakref__")

    def __init__(self) -> None:
        handle = ctypes.c_void_p()
        check(lib.kalends_solver_new(ctypes.byref(handle)))
        self._handle = handle.value
        self._hv = ctypes.c_void_p(self._handle)
        self._ids: dict[Variable, int] = {}
        self._variables: list[Variable] = []
        self._values: array[float] = array("d")
        self._values_ptr = ctypes.c_void_p(0)
        self._shared: list[Variable] = []
        self._active: dict[Constraint, int] = {}
        self._edits: dict[Variable, int] = {}
        self._out = ctypes.c_int32()
        self._out_ref = ctypes.byref(self._out)
        # Queued suggestions: the first _pending entries of two arrays whose addresses
        # are ready ctypes arguments (grown by _grow_pending, never appended to).
        self._pending = 0
        self._pending_ids = array("i")
        self._pending_values = array("d")
        self._pending_ids_ptr = self._pending_values_ptr = ctypes.c_void_p(0)
        self._grow_pending()

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle:
            lib.kalends_solver_free(handle)
            self._handle = None

    def _index(self, variable: Variable) -> int:
        """The solver's id of a variable, registering it on first use."""
        i = self._ids.get(variable)
        if i is not None:
            return i
        i = len(self._variables)
        values = self._values
        if i == len(values):
            self._reserve()
        self._ids[variable] = i
        self._variables.append(variable)
        if variable._values is None:
            variable._values = values
            variable._index = i
        else:   # already shown by another solver: rebind on each of our updates
            self._shared.append(variable)
        return i

    def _reserve(self) -> None:
        """Makes the next block of variable ids in one call (as many as there are,
        16 ... 4096): ids are dense and only this object makes them, so the variables
        registered later take them in order. An id not handed out yet costs the library
        a few bytes and is in no constraint; _values covers every id made."""
        values = self._values
        count = min(max(16, len(values)), 4096)
        status = _add_variables(self._hv, count, self._out_ref)
        if status:
            _raise(status)
        if self._out.value != len(values):
            raise InternalSolverError(f"the library made variable {self._out.value}, expected {len(values)}")
        values.extend(_ZEROS[:count])
        self._values_ptr = ctypes.c_void_p(values.buffer_info()[0])   # extend may move it

    def _grow_pending(self) -> None:
        """Doubles the room for queued suggestions (at least 8)."""
        room = max(8, 2 * len(self._pending_ids))
        self._pending_ids.extend(array("i", bytes(4 * (room - len(self._pending_ids)))))
        self._pending_values.extend(array("d", bytes(8 * (room - len(self._pending_values)))))
        self._pending_ids_ptr = ctypes.c_void_p(self._pending_ids.buffer_info()[0])
        self._pending_values_ptr = ctypes.c_void_p(self._pending_values.buffer_info()[0])

    def _flush(self) -> None:
        """Hands queued suggestions to the library."""
        count = self._pending
        if not count:
            return
        self._pending = 0
        status = _suggest_values(self._hv, self._pending_ids_ptr, self._pending_values_ptr, count)
        if status:
            _raise(status)

    def addConstraint(self, constraint: Constraint, /) -> None:
        if not isinstance(constraint, Constraint):
            raise TypeError(f"addConstraint needs a Constraint, not {type(constraint).__name__}")
        active = self._active
        if constraint in active:
            raise DuplicateConstraint(constraint)
        if self._pending:
            self._flush()
        ids = self._ids
        variables = constraint._variables
        count = len(variables)
        packed: bytes | None
        if count == 1:   # the common shapes without a list: x op c, x - y op c
            v = variables[0]
            i = ids.get(v)
            packed = _PACK1(self._index(v) if i is None else i, 0, constraint._coefficients[0])
        elif count == 2:
            v, w = variables
            i, j = ids.get(v), ids.get(w)
            a, b = constraint._coefficients
            packed = _PACK2(self._index(v) if i is None else i, 0, a, self._index(w) if j is None else j, 0, b)
        else:
            flat: list[float] = []
            for v, c in zip(variables, constraint._coefficients):
                i = ids.get(v)
                flat += (self._index(v) if i is None else i, 0, c)
            packed = _packer(count).pack(*flat) if count else None
        strength = constraint._strength
        cstrength = _STRENGTHS.get(strength)
        if cstrength is None:
            cstrength = _c_strength(strength)
        status = _add_terms(self._hv, packed, count, _double(constraint._constant), _OPS[constraint._op],
                            cstrength, self._out_ref)
        if status:
            if status == Status.UNSATISFIABLE:
                raise UnsatisfiableConstraint(constraint)
            _raise(status)
        active[constraint] = self._out.value

    def removeConstraint(self, constraint: Constraint, /) -> None:
        if not isinstance(constraint, Constraint):
            raise TypeError(f"removeConstraint needs a Constraint, not {type(constraint).__name__}")
        cid = self._active.get(constraint)
        if cid is None:
            raise UnknownConstraint(constraint)
        if self._pending:
            self._flush()
        status = _forget(self._hv, cid)
        if status:
            _raise(status)
        del self._active[constraint]

    def hasConstraint(self, constraint: Constraint, /) -> bool:
        if not isinstance(constraint, Constraint):
            raise TypeError(f"hasConstraint needs a Constraint, not {type(constraint).__name__}")
        return constraint in self._active

    def addEditVariable(self, variable: Variable, strength: Union[str, float], /) -> None:
        if not isinstance(variable, Variable):
            raise TypeError(f"addEditVariable needs a Variable, not {type(variable).__name__}")
        value = _clip(_strength_value(strength))
        if value >= _REQUIRED:
            raise BadRequiredStrength()
        if variable in self._edits:
            raise DuplicateEditVariable(variable)
        if self._pending:
            self._flush()
        i = self._index(variable)
        status = lib.kalends_solver_add_edit_variable(self._handle, i, value)
        if status:
            _raise(status)
        self._edits[variable] = i

    def removeEditVariable(self, variable: Variable, /) -> None:
        if not isinstance(variable, Variable):
            raise TypeError(f"removeEditVariable needs a Variable, not {type(variable).__name__}")
        i = self._edits.get(variable)
        if i is None:
            raise UnknownEditVariable(variable)
        if self._pending:
            self._flush()
        status = lib.kalends_solver_remove_edit_variable(self._handle, i)
        if status:
            _raise(status)
        del self._edits[variable]

    def hasEditVariable(self, variable: Variable, /) -> bool:
        if not isinstance(variable, Variable):
            raise TypeError(f"hasEditVariable needs a Variable, not {type(variable).__name__}")
        return variable in self._edits

    def suggestValue(self, variable: Variable, value: float, /) -> None:
        """Queues a suggestion (checked now, solved at the next update)."""
        i = self._edits.get(variable) if isinstance(variable, Variable) else None
        if i is None:
            if not isinstance(variable, Variable):
                raise TypeError(f"suggestValue needs a Variable, not {type(variable).__name__}")
            raise UnknownEditVariable(variable)
        n = value if type(value) is float else _number(value)
        if n is None:
            raise TypeError(f"the suggested value must be a number, not {type(value).__name__}")
        if n - n != 0.0:   # inf or NaN
            raise ValueError(f"the suggested value {n} is not finite")
        k = self._pending
        if k == len(self._pending_ids):
            self._grow_pending()
        self._pending_ids[k] = i
        self._pending_values[k] = n
        self._pending = k + 1

    def updateVariables(self) -> None:
        """Writes the solution into the variables' values (costs what changed)."""
        if self._pending:
            self._flush()
        status = _update(self._hv, self._values_ptr, len(self._values), None)
        if status:
            _raise(status)
        if self._shared:
            values, ids = self._values, self._ids
            for v in self._shared:
                v._values = values
                v._index = ids[v]

    def reset(self) -> None:
        """Removes every constraint and edit variable; variable values stay."""
        self._pending = 0
        check(lib.kalends_solver_reset(self._handle))
        for cid in self._active.values():
            _forget(self._hv, cid)
        self._active.clear()
        self._edits.clear()

    def dumps(self) -> str:
        """The tableau, the variables (``v<id>`` in the tableau) and the edit variables, as text."""
        if self._pending:
            self._flush()
        length = ctypes.c_size_t()
        check(lib.kalends_solver_dump(self._handle, None, 0, ctypes.byref(length)))
        buffer = ctypes.create_string_buffer(length.value + 1)
        check(lib.kalends_solver_dump(self._handle, buffer, len(buffer), ctypes.byref(length)))
        lines = [buffer.value.decode("utf-8", "replace"), "Variables", "---------"]
        lines += [f"v{i} = {v._name} = {self._values[i]:g}" for i, v in enumerate(self._variables)]
        lines += ["", "Edit Variables", "--------------"]
        lines += [v._name for v in self._edits]
        lines += ["", "Constraints", "-----------"]
        lines += [repr(c) for c in self._active]
        return "\n".join(lines) + "\n"

    def dump(self) -> None:
        """Prints ``dumps()``."""
        sys.stdout.write(self.dumps())
        sys.stdout.flush()


def _raise(status: int) -> None:
    """Raises the error of a failed call other than the kiwi exceptions handled in place."""
    message = lib.kalends_last_error().decode("utf-8", "replace")
    if status == Status.INTERNAL:
        raise InternalSolverError(message)
    if status == Status.INVALID_ARGUMENT:
        raise ValueError(message)
    check(status)

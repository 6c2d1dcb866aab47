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
import numbers
import sys
from array import array
from typing import Any, Callable, Iterable, Union, cast

from .. import _abi, solver as native
from .._native import lib
from ..errors import Status, error_for
from . import publish

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

_REQUIRED = float(_abi.KALENDS_STRENGTH_REQUIRED)
#: The drop-in's public path: its classes' module (publish, at the end).
PUBLIC = "kalends.kiwisolver"


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
        return float(_abi.KALENDS_STRENGTH_STRONG)

    @property
    def medium(self) -> float:
        return float(_abi.KALENDS_STRENGTH_MEDIUM)

    @property
    def weak(self) -> float:
        return float(_abi.KALENDS_STRENGTH_WEAK)

    def create(self, a: float, b: float, c: float, w: float = 1.0, /) -> float:
        """``strong × 1e6 + medium × 1e3 + weak``, each part times ``w`` and clipped to 0 … 1000."""
        parts = [_number(v) for v in (a, b, c, w)]
        if any(p is None for p in parts):
            raise TypeError("strength.create() takes 3 or 4 numbers")
        a_, b_, c_, w_ = cast("list[float]", parts)
        return native.strength(a_, b_, c_, w_)


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
#
# An Expression keeps its terms as two tuples, variables and coefficients (floats); the
# Term objects kiwisolver's API shows are made when terms() is first asked for. A
# Constraint keeps the reduced form (one coefficient per variable, in order of first
# appearance). The operators build these tuples directly: no object per term.


def _variable_comparison(op: str) -> Callable[["Variable", Any], "Constraint"]:
    """Variable's ``==``, ``<=`` and ``>=``: ``x op number`` and ``x op y + c`` (the usual
    shapes) are made here without a further call; everything else goes to _compare,
    which makes the same constraint the long way."""

    def compare(self: Variable, other: Any) -> Constraint:
        t = type(other)
        if t is float or t is int:
            c = _new(Constraint)
            c._variables = (self,)
            c._coefficients = (1.0,)
            c._constant = 0.0 - other
            c._op = op
            c._strength = _REQUIRED
            return c
        if t is Expression:
            variables = other._variables
            if len(variables) == 1 and variables[0] is not self:
                c = _new(Constraint)
                c._variables = (self, variables[0])
                c._coefficients = (1.0, -other._coefficients[0])
                c._constant = 0.0 - other._constant
                c._op = op
                c._strength = _REQUIRED
                return c
        return _compare((self,), (1.0,), 0.0, other, op)

    return compare


class Variable:
    """A solver variable: a name, a context object and the value the last update wrote."""

    __slots__ = ("_name", "_context", "_values", "_index", "__weakref__")

    def __init__(self, name: str = "", context: Any = None) -> None:
        if type(name) is not str and not isinstance(name, str):
            raise TypeError(f"name must be a str, not {type(name).__name__}")
        self._name = name
        self._context = context
        self._values: _Values | None = None
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
        n = other if type(other) is float else _number(other)
        if n is None:
            return NotImplemented
        t = _new(Term)
        t._variable = self
        t._coefficient = n
        return t

    __rmul__ = __mul__

    def __truediv__(self, other: Any) -> "Term":
        n = _number(other)
        if n is None:
            return NotImplemented
        if n == 0:
            raise ZeroDivisionError("float division by zero")
        return _term(self, 1.0 / n)

    def __add__(self, other: Any) -> "Expression":
        t = type(other)
        if t is int or t is float:   # the common x + c, without a call
            e = _new(Expression)
            e._variables = (self,)
            e._coefficients = (1.0,)
            e._constant = 0.0 + other
            return e
        return _add_term(self, 1.0, other)

    def __radd__(self, other: Any) -> "Expression":
        n = other if type(other) is float else _number(other)
        if n is None:
            return NotImplemented
        e = _new(Expression)
        e._variables = (self,)
        e._coefficients = (1.0,)
        e._constant = n
        return e

    def __sub__(self, other: Any) -> "Expression":
        return _add_term(self, 1.0, _negate(other))

    def __rsub__(self, other: Any) -> "Expression":
        n = _number(other)
        if n is None:
            return NotImplemented
        return _expression((self,), (-1.0,), n)

    # comparisons
    __eq__ = _variable_comparison("==")  # type: ignore[assignment]
    __le__ = _variable_comparison("<=")
    __ge__ = _variable_comparison(">=")

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
        n = other if type(other) is float else _number(other)
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
        return _add_term(self._variable, self._coefficient, other)

    def __radd__(self, other: Any) -> "Expression":
        n = _number(other)
        if n is None:
            return NotImplemented
        return _expression((self._variable,), (self._coefficient,), n)

    def __sub__(self, other: Any) -> "Expression":
        return _add_term(self._variable, self._coefficient, _negate(other))

    def __rsub__(self, other: Any) -> "Expression":
        n = _number(other)
        if n is None:
            return NotImplemented
        return _expression((self._variable,), (-self._coefficient,), n)

    def __eq__(self, other: Any) -> "Constraint":  # type: ignore[override]
        return _compare((self._variable,), (self._coefficient,), 0.0, other, "==")

    def __le__(self, other: Any) -> "Constraint":
        return _compare((self._variable,), (self._coefficient,), 0.0, other, "<=")

    def __ge__(self, other: Any) -> "Constraint":
        return _compare((self._variable,), (self._coefficient,), 0.0, other, ">=")

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
    return f"{PUBLIC}.{cls.__qualname__}" if cls.__module__ == PUBLIC else cls.__name__


_new = object.__new__


def _term(variable: Variable, coefficient: float) -> Term:
    """A Term without argument checks (the arguments are known good)."""
    t = _new(Term)
    t._variable = variable
    t._coefficient = coefficient
    return t


_negated = float.__neg__


class Expression:
    """A sum of terms plus a constant. Terms are kept as given, never merged."""

    # _terms is set when terms() first makes the Term objects (or by the constructor).
    __slots__ = ("_variables", "_coefficients", "_constant", "_terms")

    def __init__(self, terms: Iterable[Term], constant: float = 0.0) -> None:
        items = tuple(terms)
        for t in items:
            if not isinstance(t, Term):
                raise TypeError(f"Expression terms must be Terms, not {type(t).__name__}")
        n = _number(constant)
        if n is None:
            raise TypeError(f"constant must be a number, not {type(constant).__name__}")
        self._variables = tuple([t._variable for t in items])
        self._coefficients = tuple([t._coefficient for t in items])
        self._terms = items
        self._constant = n

    def terms(self) -> tuple[Term, ...]:
        try:
            return self._terms
        except AttributeError:
            terms = self._terms = tuple(map(_term, self._variables, self._coefficients))
            return terms

    def constant(self) -> float:
        return self._constant

    def value(self) -> float:
        return sum(c * v.value() for v, c in zip(self._variables, self._coefficients)) + self._constant

    def __repr__(self) -> str:
        parts = [f"{_format(c)} * {v._name}" for v, c in zip(self._variables, self._coefficients)]
        parts.append(_format(self._constant))
        return " + ".join(parts)

    __hash__ = None  # type: ignore[assignment]

    def __neg__(self) -> "Expression":
        return _expression(self._variables, tuple(map(_negated, self._coefficients)), -self._constant)

    def __mul__(self, other: Any) -> "Expression":
        n = _number(other)
        if n is None:
            return NotImplemented
        return _expression(self._variables, tuple([c * n for c in self._coefficients]), self._constant * n)

    __rmul__ = __mul__

    def __truediv__(self, other: Any) -> "Expression":
        n = _number(other)
        if n is None:
            return NotImplemented
        if n == 0:
            raise ZeroDivisionError("float division by zero")
        return _expression(self._variables, tuple([c / n for c in self._coefficients]), self._constant / n)

    def __add__(self, other: Any) -> "Expression":
        return _add_expression(self, other)

    def __radd__(self, other: Any) -> "Expression":
        n = _number(other)
        if n is None:
            return NotImplemented
        return _expression(self._variables, self._coefficients, self._constant + n)

    def __sub__(self, other: Any) -> "Expression":
        t = type(other)
        if t is float or t is int:
            return _expression(self._variables, self._coefficients, self._constant - other)
        if t is Variable:   # the common e - x, without a Term
            e = _new(Expression)
            e._variables = self._variables + (other,)
            e._coefficients = self._coefficients + (-1.0,)
            e._constant = self._constant
            return e
        if t is Term:
            e = _new(Expression)
            e._variables = self._variables + (other._variable,)
            e._coefficients = self._coefficients + (-other._coefficient,)
            e._constant = self._constant
            return e
        return _add_expression(self, _negate(other))

    def __rsub__(self, other: Any) -> "Expression":
        n = _number(other)
        if n is None:
            return NotImplemented
        return _expression(self._variables, tuple(map(_negated, self._coefficients)), -self._constant + n)

    def __eq__(self, other: Any) -> "Constraint":  # type: ignore[override]
        return _compare(self._variables, self._coefficients, self._constant, other, "==")

    def __le__(self, other: Any) -> "Constraint":
        return _compare(self._variables, self._coefficients, self._constant, other, "<=")

    def __ge__(self, other: Any) -> "Constraint":
        return _compare(self._variables, self._coefficients, self._constant, other, ">=")

    __ne__ = Variable.__ne__
    __lt__ = Variable.__lt__
    __gt__ = Variable.__gt__


def _expression(variables: tuple[Variable, ...], coefficients: tuple[float, ...], constant: float) -> Expression:
    """An Expression without argument checks."""
    e = _new(Expression)
    e._variables = variables
    e._coefficients = coefficients
    e._constant = constant
    return e


_Operand = Union[Variable, Term, Expression, float]


def _negate(value: Any) -> Any:
    """-value for kiwi objects and numbers; other values pass through to fail later."""
    t = type(value)
    if t is float or t is int:
        return -value
    if isinstance(value, (Variable, Term, Expression)):
        return -value
    n = _number(value)
    return value if n is None else -n


def _add_term(variable: Variable, coefficient: float, right: Any) -> Expression:
    """``coefficient × variable + right`` (kiwisolver's folding: a term plus an expression
    is computed as the expression plus the term, so the expression's terms come first)."""
    t = type(right)
    if t is float or t is int:
        return _expression((variable,), (coefficient,), 0.0 + right)
    if t is Variable or isinstance(right, Variable):
        return _expression((variable, right), (coefficient, 1.0), 0.0)
    if t is Term or isinstance(right, Term):
        return _expression((variable, right._variable), (coefficient, right._coefficient), 0.0)
    if t is Expression or isinstance(right, Expression):
        return _expression(right._variables + (variable,), right._coefficients + (coefficient,), right._constant)
    n = _number(right)
    if n is None:
        return cast(Expression, NotImplemented)
    return _expression((variable,), (coefficient,), 0.0 + n)


def _add_expression(left: Expression, right: Any) -> Expression:
    """``left + right`` with left's terms first."""
    t = type(right)
    e: Expression
    if t is Variable:
        e = _new(Expression)
        e._variables = left._variables + (right,)
        e._coefficients = left._coefficients + (1.0,)
        e._constant = left._constant
        return e
    if t is float or t is int:
        return _expression(left._variables, left._coefficients, left._constant + right)
    if t is Term or (t is not Expression and isinstance(right, Term)):
        return _expression(left._variables + (right._variable,), left._coefficients + (right._coefficient,),
                           left._constant)
    if t is Expression or isinstance(right, Expression):
        return _expression(left._variables + right._variables, left._coefficients + right._coefficients,
                           left._constant + right._constant)
    if isinstance(right, Variable):
        return _expression(left._variables + (right,), left._coefficients + (1.0,), left._constant)
    n = _number(right)
    if n is None:
        return cast(Expression, NotImplemented)
    return _expression(left._variables, left._coefficients, left._constant + n)


def _compare(variables: tuple[Variable, ...], coefficients: tuple[float, ...], constant: float, right: Any,
             op: str) -> "Constraint":
    """``Constraint(left - right, op)`` at required strength, where left is
    ``Σ coefficients × variables + constant``; the terms reduced to one per variable."""
    t = type(right)
    if t is float or t is int:
        constant = constant - right
    elif t is Expression:
        variables = variables + right._variables
        coefficients = coefficients + tuple(map(_negated, right._coefficients))
        constant = constant - right._constant
    elif t is Variable:
        variables = variables + (right,)
        coefficients = coefficients + (-1.0,)
    elif t is Term:
        variables = variables + (right._variable,)
        coefficients = coefficients + (-right._coefficient,)
    elif isinstance(right, Expression):
        return _compare(variables, coefficients, constant, _expression(right._variables, right._coefficients,
                                                                        right._constant), op)
    elif isinstance(right, Variable):
        variables = variables + (right,)
        coefficients = coefficients + (-1.0,)
    elif isinstance(right, Term):
        variables = variables + (right._variable,)
        coefficients = coefficients + (-right._coefficient,)
    else:
        n = _number(right)
        if n is None:   # Python then tries the reflected operation, and raises its own TypeError
            return cast(Constraint, NotImplemented)
        constant = constant - n
    count = len(variables)
    if count == 2:
        if variables[0] is variables[1]:
            variables, coefficients = _reduce(variables, coefficients)
    elif count > 2 and len(set(variables)) != count:   # variables hash by identity
        variables, coefficients = _reduce(variables, coefficients)
    c = _new(Constraint)
    c._variables = variables
    c._coefficients = coefficients
    c._constant = constant
    c._op = op
    c._strength = _REQUIRED
    return c


def _reduce(variables: tuple[Variable, ...], coefficients: tuple[float, ...]) -> tuple[tuple[Variable, ...],
                                                                                        tuple[float, ...]]:
    """One coefficient per variable (their sum), in order of first appearance."""
    combined: dict[Variable, float] = {}
    get = combined.get
    for v, c in zip(variables, coefficients):
        combined[v] = get(v, 0.0) + c
    return tuple(combined), tuple(combined.values())


def _format(number: float) -> str:
    return f"{number:g}"


# --------------------------------------------------------------------------- constraints

_OPS = {"==": int(_abi.Relation.EQUAL), "<=": int(_abi.Relation.LESS_OR_EQUAL), ">=": int(_abi.Relation.GREATER_OR_EQUAL)}


class Constraint:
    """``expression (op) 0`` at a strength. The expression is reduced: one term per variable."""

    # _expression is set when expression() first builds it.
    __slots__ = ("_expression", "_op", "_strength", "_variables", "_coefficients", "_constant", "__weakref__")
    _expression: Expression

    def __init__(self, expression: Expression, op: str, strength: Union[str, float] = "required") -> None:
        if not isinstance(expression, Expression):
            raise TypeError(f"Constraint needs an Expression, not {type(expression).__name__}")
        if not isinstance(op, str):
            raise TypeError(f"op must be a str, not {type(op).__name__}")
        if op not in _OPS:
            raise ValueError(f"relational operator must be '==', '<=', or '>=', not '{op}'")
        value = _clip(_strength_value(strength))
        combined: dict[Variable, float] = {}
        for v, c in zip(expression._variables, expression._coefficients):
            combined[v] = combined.get(v, 0.0) + c
        self._variables = tuple(combined)
        self._coefficients = tuple(combined.values())
        self._constant = expression._constant
        self._op = op
        self._strength = value

    def expression(self) -> Expression:
        """The reduced expression: one term per variable (built on first use)."""
        try:
            return self._expression
        except AttributeError:
            e = self._expression = _expression(self._variables, self._coefficients, self._constant)
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
        c = _new(Constraint)
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


class _Values(array):  # type: ignore[type-arg]
    """A solver's published values (``Variable._values`` of the variables it shows) and
    its variables that other solvers show too (``shared``: rebound to this array on each
    of its updates, so a variable always reads the solver that updated it last, as
    kiwisolver's setValue on every update does)."""

    __slots__ = ("shared",)
    shared: list[Variable]


_address = native.address
_add_constraints = native.add_constraints
_forget = native.constraint_forget
_add_variables = native.add_variables
_suggest_values = native.suggest_values
_suggest_and_update = native.suggest_and_update
_update = native.update_variables
#: Zeros to extend a solver's values by a block of new variables.
_ZEROS = array("d", bytes(8 * 4096))

_record = native.record
_RECORD1 = _record(1)
_RECORD2 = _record(2)
#: Below this a coefficient is zero to the solver (Cassowary's tolerance).
_EPSILON = 1e-8


class Solver:
    """kiwisolver's Solver on ``kalends_solver``.

    Constraints whose addition cannot fail are queued and handed to the library in one
    call when the solver is next needed: those that are not required (they always have
    an error term to give), and required ones with a variable the solver has not seen
    (that variable can take any value). Every other call sends the queue first, in
    order, so the tableau is the one adding them one by one builds. A numerical failure
    inside the library (InternalSolverError, which finite input does not cause) of a
    queued constraint is raised by the call that sent it, and that constraint is not in
    the solver. Suggestions are queued likewise and solved with the next update; a drag
    frame or a resize costs one library call however many variables are edited.
    """

    __slots__ = ("_native", "_hv", "_ids", "_variables", "_values", "_values_ptr", "_shared", "_active",
                 "_edits", "_out", "_out_ref", "_pending", "_pending_ids", "_pending_values", "_pending_ids_ptr",
                 "_pending_values_ptr", "_queue", "_queued", "_sent_ids", "_sent_ids_ptr", "__weakref__")

    def __init__(self) -> None:
        self._native = native.Solver()   # the handle, freed with this object
        self._hv = self._native.ref
        self._ids: dict[Variable, int] = {}
        self._variables: list[Variable] = []
        self._values = _Values("d")
        self._values_ptr = _address(0)
        self._shared: list[Variable] = []
        self._values.shared = self._shared
        # Constraint -> its library id (0 while queued).
        self._active: dict[Constraint, int] = {}
        self._edits: dict[Variable, int] = {}
        self._out = ctypes.c_int32()
        self._out_ref = ctypes.byref(self._out)
        # Queued constraints: their packed records and the Constraint objects, in order;
        # _sent_ids receives their ids (grown by _send).
        self._queue: list[bytes] = []
        self._queued: list[Constraint] = []
        self._sent_ids = array("i", bytes(4 * 64))
        self._sent_ids_ptr = _address(self._sent_ids.buffer_info()[0])
        # Queued suggestions: the first _pending entries of two arrays whose addresses
        # are ready ctypes arguments (grown by _grow_pending, never appended to).
        self._pending = 0
        self._pending_ids = array("i")
        self._pending_values = array("d")
        self._pending_ids_ptr = self._pending_values_ptr = _address(0)   # made by the first suggestion

    def _index(self, variable: Variable) -> int:
        """The solver's id of a variable, registering it on first use."""
        i = self._ids.get(variable)
        if i is not None:
            return i
        return self._register(variable)

    def _register(self, variable: Variable) -> int:
        """Gives a variable the solver has not seen the next id."""
        i = len(self._variables)
        values = self._values
        if i == len(values):
            self._reserve()
        self._ids[variable] = i
        self._variables.append(variable)
        if variable._values is None:
            variable._values = values
            variable._index = i
        else:   # shown by another solver too: from now on each of the two rebinds it on its updates
            self._shared.append(variable)
            variable._values.shared.append(variable)
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
        self._values_ptr = _address(values.buffer_info()[0])   # extend may move it

    def _grow_pending(self) -> None:
        """Doubles the room for queued suggestions (at least 8)."""
        room = max(8, 2 * len(self._pending_ids))
        self._pending_ids.extend(array("i", bytes(4 * (room - len(self._pending_ids)))))
        self._pending_values.extend(array("d", bytes(8 * (room - len(self._pending_values)))))
        self._pending_ids_ptr = _address(self._pending_ids.buffer_info()[0])
        self._pending_values_ptr = _address(self._pending_values.buffer_info()[0])

    def _flush(self) -> None:
        """Hands queued constraints, then queued suggestions, to the library."""
        if self._queued:
            self._send()
        count = self._pending
        if not count:
            return
        self._pending = 0
        status = _suggest_values(self._hv, self._pending_ids_ptr, self._pending_values_ptr, count)
        if status:
            _raise(status)

    def _send(self) -> None:
        """Adds the queued constraints in one call (more if one fails: it is dropped, the
        rest go on); raises the first failure, for its constraint."""
        queue, queued = self._queue, self._queued
        self._queue, self._queued = [], []
        active = self._active
        failure: tuple[Constraint, int, str] | None = None
        while queued:
            count = len(queued)
            if count > len(self._sent_ids):
                self._sent_ids = array("i", bytes(4 * max(count, 2 * len(self._sent_ids))))
                self._sent_ids_ptr = _address(self._sent_ids.buffer_info()[0])
            records = queue[0] if count == 1 else b"".join(queue)
            status = _add_constraints(self._hv, records, len(records), count, self._sent_ids_ptr, self._out_ref)
            added = self._out.value
            active.update(zip(queued if added == count else queued[:added], self._sent_ids))
            if not status:
                break
            failed = queued[added]
            del active[failed]
            if failure is None:
                failure = (failed, status, lib.kalends_last_error().decode("utf-8", "replace"))
            queue, queued = queue[added + 1:], queued[added + 1:]
        if failure is not None:
            constraint, status, message = failure
            if status == Status.UNSATISFIABLE:
                raise UnsatisfiableConstraint(constraint)
            _raise(status, message)

    def addConstraint(self, constraint: Constraint, /) -> None:
        if type(constraint) is not Constraint and not isinstance(constraint, Constraint):
            raise TypeError(f"addConstraint needs a Constraint, not {type(constraint).__name__}")
        active = self._active
        if constraint in active:
            raise DuplicateConstraint(constraint)
        if self._pending:
            self._flush()
        ids = self._ids
        variables = constraint._variables
        coefficients = constraint._coefficients
        constant = constraint._constant
        strength = constraint._strength
        count = len(variables)
        # fresh: a variable new to the solver, with a coefficient that is not zero
        fresh = False
        if count == 1:   # the common shapes without a list: x op c, x - y op c
            v = variables[0]
            a = coefficients[0]
            i = ids.get(v)
            if i is None:
                i = self._register(v)
                fresh = a >= _EPSILON or a <= -_EPSILON
            record = _RECORD1(constant, strength, _OPS[constraint._op], 1, i, a)
            total = constant + a
        elif count == 2:
            v, w = variables
            a, b = coefficients
            i, j = ids.get(v), ids.get(w)
            if i is None:
                i = self._register(v)
                fresh = a >= _EPSILON or a <= -_EPSILON
            if j is None:
                j = self._index(w)
                fresh = fresh or b >= _EPSILON or b <= -_EPSILON
            record = _RECORD2(constant, strength, _OPS[constraint._op], 2, i, a, j, b)
            total = constant + a + b
        else:
            flat: list[Any] = [constant, strength, _OPS[constraint._op], count]
            total = constant
            for v, a in zip(variables, coefficients):
                i = ids.get(v)
                if i is None:
                    i = self._index(v)
                    fresh = fresh or a >= _EPSILON or a <= -_EPSILON
                flat += (i, a)
                total += a
            record = _record(count)(*flat)
        # Queued when adding it cannot fail: numbers finite (the library refuses others)
        # and not required, or required with a fresh variable. Else sent now (with the
        # queue before it, if any).
        if total - total == 0.0 and (strength < _REQUIRED or fresh):
            self._queue.append(record)
            self._queued.append(constraint)
            active[constraint] = 0
        elif self._queued:
            self._queue.append(record)
            self._queued.append(constraint)
            active[constraint] = 0
            self._send()
        else:
            status = _add_constraints(self._hv, record, len(record), 1, self._sent_ids_ptr, None)
            if status:
                if status == Status.UNSATISFIABLE:
                    raise UnsatisfiableConstraint(constraint)
                _raise(status)
            active[constraint] = self._sent_ids[0]

    def removeConstraint(self, constraint: Constraint, /) -> None:
        if not isinstance(constraint, Constraint):
            raise TypeError(f"removeConstraint needs a Constraint, not {type(constraint).__name__}")
        if constraint not in self._active:
            raise UnknownConstraint(constraint)
        self._flush()
        cid = self._active.get(constraint)
        if cid is None:   # it was queued and failed
            raise UnknownConstraint(constraint)
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
        self._flush()
        i = self._index(variable)
        status = self._native.add_edit_variable(i, value)
        if status:
            _raise(status)
        self._edits[variable] = i

    def removeEditVariable(self, variable: Variable, /) -> None:
        if not isinstance(variable, Variable):
            raise TypeError(f"removeEditVariable needs a Variable, not {type(variable).__name__}")
        i = self._edits.get(variable)
        if i is None:
            raise UnknownEditVariable(variable)
        self._flush()
        status = self._native.remove_edit_variable(i)
        if status:
            _raise(status)
        del self._edits[variable]

    def hasEditVariable(self, variable: Variable, /) -> bool:
        if not isinstance(variable, Variable):
            raise TypeError(f"hasEditVariable needs a Variable, not {type(variable).__name__}")
        return variable in self._edits

    def suggestValue(self, variable: Variable, value: float, /) -> None:
        """Queues a suggestion (checked now, solved at the next update)."""
        try:
            i = self._edits[variable]
        except (KeyError, TypeError):   # not an edit variable, or not hashable
            i = None
        if i is None or (type(variable) is not Variable and not isinstance(variable, Variable)):
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
        if self._queued:
            self._send()
        count = self._pending
        if count:
            self._pending = 0
            status = _suggest_and_update(self._hv, self._pending_ids_ptr, self._pending_values_ptr, count,
                                         self._values_ptr, len(self._values), None)
        else:
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
        self._queue, self._queued = [], []
        self._native.reset()
        for cid in self._active.values():
            if cid:
                _forget(self._hv, cid)
        self._active.clear()
        self._edits.clear()

    def dumps(self) -> str:
        """The tableau, the variables (``v<id>`` in the tableau) and the edit variables, as text."""
        self._flush()
        lines = [self._native.dump(), "Variables", "---------"]
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


def _raise(status: int, message: str | None = None) -> None:
    """Raises the error of a failed call other than the kiwi exceptions handled in place."""
    if message is None:
        message = lib.kalends_last_error().decode("utf-8", "replace")
    if status == Status.INTERNAL:
        raise InternalSolverError(message)
    if status == Status.INVALID_ARGUMENT:
        raise ValueError(message)
    raise error_for(status, message)


publish(globals(), PUBLIC)

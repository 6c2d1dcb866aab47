"""Helpers of the kiwisolver compatibility suite (see conftest.py)."""
from __future__ import annotations

import pytest


def _is_reference(kiwi):
    return kiwi.__name__ == "kiwisolver"


def pairs(expr):
    """The (variable, coefficient) pairs of an Expression, in stored order."""
    return [(t.variable(), t.coefficient()) for t in expr.terms()]


def coefficient_of(expr, var):
    """Sum of the coefficients of ``var`` over all terms of ``expr``."""
    return sum(t.coefficient() for t in expr.terms() if t.variable() is var)


def assert_terms(expr, expected, ordered=True):
    """Assert ``expr.terms()`` holds exactly ``expected`` (variable, coefficient) pairs."""
    got = pairs(expr)
    assert len(got) == len(expected), (got, expected)
    if ordered:
        for (gv, gc), (ev, ec) in zip(got, expected):
            assert gv is ev
            assert gc == pytest.approx(ec)
        return
    remaining = list(got)
    for ev, ec in expected:
        for i, (gv, gc) in enumerate(remaining):
            if gv is ev and gc == pytest.approx(ec):
                del remaining[i]
                break
        else:
            raise AssertionError(f"term ({ev.name()}, {ec}) missing from {got}")


def assert_linear(expr, coefficients, constant):
    """Assert ``expr`` equals sum(c * v) + constant, however its terms are split."""
    variables = {id(t.variable()): t.variable() for t in expr.terms()}
    wanted = {id(v): (v, c) for v, c in coefficients}
    for key, var in variables.items():
        if key not in wanted:
            assert coefficient_of(expr, var) == pytest.approx(0.0)
    for var, coef in wanted.values():
        assert coefficient_of(expr, var) == pytest.approx(coef)
    assert expr.constant() == pytest.approx(constant)


def pin(kiwi, **values):
    """Variables named after the keywords, solved to the given values.

    Returns (solver, variables-dict); the solver holds ``v == value`` constraints.
    """
    solver = kiwi.Solver()
    variables = {}
    for name, value in values.items():
        var = kiwi.Variable(name)
        solver.addConstraint(var == value)
        variables[name] = var
    solver.updateVariables()
    return solver, variables


def solved(kiwi, *constraints):
    """A solver holding ``constraints``, already updated."""
    solver = kiwi.Solver()
    for c in constraints:
        solver.addConstraint(c)
    solver.updateVariables()
    return solver


# operands of every kind, for the operator and comparison tests
KINDS = ["number", "Variable", "Term", "Expression"]


def _operand(kiwi, kind, var):
    """An operand of ``kind`` built on ``var`` (number: 4.0)."""
    if kind == "number":
        return 4.0
    if kind == "Variable":
        return var
    if kind == "Term":
        return 3 * var
    return 2 * var + 5


def _numeric(kind, value):
    """The value of ``_operand(kind)`` when its variable has ``value``."""
    return {"number": 4.0, "Variable": value, "Term": 3 * value, "Expression": 2 * value + 5}[kind]


def _pairs_of_kinds():
    return [(a, b) for a in KINDS for b in KINDS if not (a == "number" and b == "number")]

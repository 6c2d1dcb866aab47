"""kiwisolver compatibility: Constraint: comparisons that make constraints, strengths given with |, violated()."""
from __future__ import annotations

import operator

import pytest

from kiwi_helpers import assert_linear, pin, solved, _operand, _numeric, _pairs_of_kinds


class TestComparisons:
    @pytest.mark.parametrize("left,right", _pairs_of_kinds())
    @pytest.mark.parametrize("op,symbol", [(operator.eq, "=="), (operator.le, "<="), (operator.ge, ">=")])
    def test_build_constraint(self, kiwi, left, right, op, symbol):
        """==, <=, >= between any kiwi operands/numbers give Constraint(left - right, op)."""
        _, v = pin(kiwi, x=2, y=7)
        c = op(_operand(kiwi, left, v["x"]), _operand(kiwi, right, v["y"]))
        assert isinstance(c, kiwi.Constraint)
        assert c.strength() == kiwi.strength.required
        expr = c.expression()
        assert isinstance(expr, kiwi.Expression)
        l, r = _numeric(left, 2), _numeric(right, 7)
        if left == "number":
            # Python reflects the comparison: ``4 <= x`` runs ``x >= 4``.
            reflected = {"==": "==", "<=": ">=", ">=": "<="}[symbol]
            assert c.op() == reflected
            assert expr.value() == pytest.approx(r - l)
        else:
            assert c.op() == symbol
            assert expr.value() == pytest.approx(l - r)

    @pytest.mark.parametrize("left,right", _pairs_of_kinds())
    @pytest.mark.parametrize("op", [operator.ne, operator.lt, operator.gt], ids=["!=", "<", ">"])
    def test_unsupported_comparisons_raise(self, kiwi, left, right, op):
        """!=, < and > raise TypeError for every operand combination."""
        x, y = kiwi.Variable("x"), kiwi.Variable("y")
        with pytest.raises(TypeError):
            op(_operand(kiwi, left, x), _operand(kiwi, right, y))

    def test_expression_is_left_minus_right(self, kiwi):
        """``a op b`` stores a - b with the constant folded in."""
        x, y = kiwi.Variable("x"), kiwi.Variable("y")
        c = 2 * x + 3 <= y
        assert c.op() == "<="
        assert_linear(c.expression(), [(x, 2), (y, -1)], 3.0)
        c = x >= 10
        assert c.op() == ">="
        assert_linear(c.expression(), [(x, 1)], -10.0)
        c = 10 * x + 5 == y - 10
        assert_linear(c.expression(), [(x, 10), (y, -1)], 15.0)

    def test_number_on_left_is_reflected(self, kiwi):
        """``1 <= x`` is ``x >= 1`` and ``1 >= x`` is ``x <= 1``."""
        x = kiwi.Variable("x")
        for c, op in ((1 <= x, ">="), (1 >= x, "<="), (1 == x, "==")):
            assert c.op() == op
            assert_linear(c.expression(), [(x, 1)], -1.0)

    def test_constraint_expression_is_reduced(self, kiwi):
        """A Constraint merges duplicate variables of its expression into one term each."""
        x, y = kiwi.Variable("x"), kiwi.Variable("y")
        c = x + x + y == 2 * x + 1
        expr = c.expression()
        assert_linear(expr, [(x, 0), (y, 1)], -1.0)
        variables = [t.variable() for t in expr.terms()]
        assert len(variables) == len({id(v) for v in variables})
        assert sum(1 for v in variables if v is y) == 1

    def test_comparisons_with_unsupported_types(self, kiwi):
        """<=/>= with non-numbers raise TypeError; == with them falls back to False."""
        x = kiwi.Variable("x")
        for other in ("a", None, object()):
            with pytest.raises(TypeError):
                x <= other
            with pytest.raises(TypeError):
                x >= other
            assert (x == other) is False
            assert ((2 * x) == other) is False
            assert ((x + 1) == other) is False

    def test_constraints_are_truthy(self, kiwi):
        """A Constraint is an ordinary truthy object (kiwi's own tests use ``a and b``)."""
        x = kiwi.Variable("x")
        assert bool(x >= 1) is True
        both = (x >= 1) and (x <= 0)
        assert isinstance(both, kiwi.Constraint) and both.op() == "<="


# --------------------------------------------------------------------------- Constraint


class TestConstraint:
    @pytest.mark.parametrize("op", ["==", "<=", ">="])
    def test_constructor(self, kiwi, op):
        """Constraint(expression, op) defaults to required strength."""
        x = kiwi.Variable("x")
        c = kiwi.Constraint(x + 1, op)
        assert c.op() == op
        assert c.strength() == kiwi.strength.required
        assert isinstance(c.strength(), float)
        assert_linear(c.expression(), [(x, 1)], 1.0)

    @pytest.mark.parametrize("name", ["weak", "medium", "strong", "required"])
    def test_constructor_strength_names(self, kiwi, name):
        """Constraint(expression, op, name) maps names to strength values."""
        c = kiwi.Constraint(kiwi.Variable("x") + 1, "==", name)
        assert c.strength() == getattr(kiwi.strength, name)

    def test_constructor_numeric_strength(self, kiwi):
        """Numeric strengths are kept, clipped into [0, required]."""
        e = kiwi.Variable("x") + 1
        assert kiwi.Constraint(e, "==", 5).strength() == 5.0
        assert kiwi.Constraint(e, ">=", 12.5).strength() == 12.5
        assert kiwi.Constraint(e, "==", -5).strength() == 0.0
        assert kiwi.Constraint(e, "==", 1e20).strength() == kiwi.strength.required

    def test_constructor_errors(self, kiwi):
        """Bad expression -> TypeError, bad op -> ValueError/TypeError, bad strength -> ValueError/TypeError."""
        x = kiwi.Variable("x")
        with pytest.raises(TypeError):
            kiwi.Constraint()
        with pytest.raises(TypeError):
            kiwi.Constraint(1, "==")
        with pytest.raises(TypeError):
            kiwi.Constraint(x, "==")
        with pytest.raises(TypeError):
            kiwi.Constraint(2 * x, "==")
        for op in ("<", ">", "!=", "=", ""):
            with pytest.raises(ValueError):
                kiwi.Constraint(x + 1, op)
        with pytest.raises(TypeError):
            kiwi.Constraint(x + 1, 1)
        with pytest.raises(ValueError):
            kiwi.Constraint(x + 1, "==", "huge")
        with pytest.raises(TypeError):
            kiwi.Constraint(x + 1, "==", None)

    def test_constructor_reduces_expression(self, kiwi):
        """The stored expression is a reduced copy: same value, one term per variable."""
        x = kiwi.Variable("x")
        c = kiwi.Constraint(x + x + 2, "==")
        assert len(c.expression().terms()) == 1
        assert_linear(c.expression(), [(x, 2)], 2.0)

    @pytest.mark.parametrize("name", ["weak", "medium", "strong", "required"])
    def test_or_strength_name(self, kiwi, name):
        """``constraint | name`` returns a new constraint with that strength."""
        x = kiwi.Variable("x")
        c = x == 1
        c2 = c | name
        assert isinstance(c2, kiwi.Constraint)
        assert c2 is not c
        assert c2.strength() == getattr(kiwi.strength, name)
        assert c.strength() == kiwi.strength.required
        assert c2.op() == c.op()
        assert_linear(c2.expression(), [(x, 1)], -1.0)

    def test_ror_strength(self, kiwi):
        """``name | constraint`` and ``number | constraint`` work too."""
        c = kiwi.Variable("x") == 1
        assert ("weak" | c).strength() == kiwi.strength.weak
        assert (10 | c).strength() == 10.0

    def test_or_numeric_strength(self, kiwi):
        """Numeric strengths (int or float, including strength.create) with clipping."""
        c = kiwi.Variable("x") >= 0
        assert (c | 10).strength() == 10.0
        assert (c | 10.5).strength() == 10.5
        assert (c | kiwi.strength.strong).strength() == kiwi.strength.strong
        custom = kiwi.strength.create(1, 1, 0)
        assert (c | custom).strength() == custom
        assert (c | -1).strength() == 0.0
        assert (c | 2e9).strength() == kiwi.strength.required

    def test_or_can_chain(self, kiwi):
        """The last ``|`` wins."""
        c = (kiwi.Variable("x") >= 0) | "weak" | "strong"
        assert c.strength() == kiwi.strength.strong

    @pytest.mark.parametrize("bad", ["Strong", "STRONG", "very strong", "", "medium "])
    def test_or_bad_strength_string(self, kiwi, bad):
        """Strength names are exact and lowercase; others raise ValueError."""
        c = kiwi.Variable("x") >= 0
        with pytest.raises(ValueError):
            c | bad

    def test_or_bad_strength_type(self, kiwi):
        """Non-number, non-str strengths raise TypeError."""
        x = kiwi.Variable("x")
        c = x >= 0
        for bad in (None, x, c, [1], object()):
            with pytest.raises(TypeError):
                c | bad

    def test_unsupported_operators(self, kiwi):
        """Constraints do not support arithmetic or ordering."""
        c = kiwi.Variable("x") >= 0
        with pytest.raises(TypeError):
            c + 1
        with pytest.raises(TypeError):
            c & c
        with pytest.raises(TypeError):
            c < c

    def test_identity_equality_and_hash(self, kiwi):
        """Constraints compare by identity and are hashable (usable in sets and dicts)."""
        x = kiwi.Variable("x")
        c1, c2 = x >= 1, x >= 1
        assert c1 == c1
        assert not (c1 == c2)
        assert len({c1, c2, c1}) == 2
        table = {c1: "a", c2: "b"}
        assert table[c1] == "a" and table[c2] == "b"

    def test_repr_mentions_op(self, kiwi):
        """repr/str of a Constraint is a string naming its operator."""
        for op in ("==", "<=", ">="):
            c = kiwi.Constraint(kiwi.Variable("x") + 1, op)
            assert op in repr(c) and op in str(c)


class TestViolated:
    def test_uses_current_values(self, kiwi):
        """violated() evaluates the expression with the variables' current values."""
        y = kiwi.Variable("y")
        c = y >= 5
        assert c.violated() is True  # y is 0.0 so far
        solved(kiwi, y == 7)
        assert c.violated() is False

    @pytest.mark.parametrize("op,value,violated", [
        ("==", 3.0, False), ("==", 3.5, True), ("==", 2.5, True),
        ("<=", 3.0, False), ("<=", 2.0, False), ("<=", 4.0, True),
        (">=", 3.0, False), (">=", 4.0, False), (">=", 2.0, True),
    ])
    def test_by_operator(self, kiwi, op, value, violated):
        """==, <= and >= compare expression value with 0."""
        _, v = pin(kiwi, x=value)
        c = kiwi.Constraint(v["x"] - 3, op)
        assert c.violated() is violated

    def test_equality_tolerance(self, kiwi):
        """An equality off by a rounding-sized amount (< 1e-8) is not violated."""
        _, v = pin(kiwi, x=0.1 + 0.2)
        assert (v["x"] == 0.3).violated() is False
        _, w = pin(kiwi, w=1e-10)
        assert (w["w"] == 0).violated() is False
        _, u = pin(kiwi, u=1e-3)
        assert (u["u"] == 0).violated() is True

    def test_soft_constraint_violated_in_solution(self, kiwi):
        """A weak constraint that lost to a required one reports violated()."""
        z = kiwi.Variable("z")
        weak = (z == 10) | "weak"
        solved(kiwi, z == 3, weak)
        assert z.value() == pytest.approx(3.0)
        assert weak.violated() is True

"""kiwisolver compatibility: Expression, the arithmetic operators and how numbers fold into their results."""
from __future__ import annotations

import operator

import pytest

from kiwi_helpers import assert_terms, assert_linear, pin, KINDS, _operand, _numeric, _pairs_of_kinds


class TestExpression:
    def test_constructor(self, kiwi):
        """Expression(terms, constant) keeps the given terms in order."""
        x, y = kiwi.Variable("x"), kiwi.Variable("y")
        e = kiwi.Expression([kiwi.Term(x, 2), kiwi.Term(y, -1)], 4)
        assert_terms(e, [(x, 2), (y, -1)])
        assert e.constant() == 4.0
        assert isinstance(e.constant(), float)

    def test_constructor_default_constant(self, kiwi):
        """The constant defaults to 0.0."""
        e = kiwi.Expression([kiwi.Term(kiwi.Variable("x"))])
        assert e.constant() == 0.0

    def test_constructor_accepts_any_iterable(self, kiwi):
        """terms may be a tuple, list or generator of Term."""
        xs = [kiwi.Variable(n) for n in "abc"]
        for iterable in ([kiwi.Term(v) for v in xs], tuple(kiwi.Term(v) for v in xs),
                         (kiwi.Term(v) for v in xs)):
            e = kiwi.Expression(iterable)
            assert_terms(e, [(v, 1) for v in xs])

    def test_empty(self, kiwi):
        """An Expression with no terms is just its constant."""
        e = kiwi.Expression([], 1.5)
        assert e.terms() == ()
        assert e.value() == 1.5

    def test_terms_is_tuple_of_terms(self, kiwi):
        """terms() returns a tuple of Term."""
        x = kiwi.Variable("x")
        terms = (2 * x + 1).terms()
        assert isinstance(terms, tuple)
        assert all(isinstance(t, kiwi.Term) for t in terms)

    def test_duplicates_are_kept(self, kiwi):
        """Expression keeps one Term per operand; it does not merge variables."""
        x = kiwi.Variable("x")
        e = kiwi.Expression([kiwi.Term(x, 1), kiwi.Term(x, 2)])
        assert_terms(e, [(x, 1), (x, 2)])
        assert_terms(x + x, [(x, 1), (x, 1)])
        assert_terms(2 * x + 3 * x, [(x, 2), (x, 3)])
        assert_terms(x - x, [(x, 1), (x, -1)])

    def test_constructor_type_errors(self, kiwi):
        """Only an iterable of Term and a number are accepted."""
        x = kiwi.Variable("x")
        with pytest.raises(TypeError):
            kiwi.Expression()
        with pytest.raises(TypeError):
            kiwi.Expression([x])
        with pytest.raises(TypeError):
            kiwi.Expression([1])
        with pytest.raises(TypeError):
            kiwi.Expression(kiwi.Term(x))
        with pytest.raises(TypeError):
            kiwi.Expression([kiwi.Term(x)], "1")

    def test_value(self, kiwi):
        """value() is sum(coefficient * value) + constant."""
        _, v = pin(kiwi, x=2, y=5)
        e = 3 * v["x"] - v["y"] + 10
        assert e.value() == pytest.approx(11.0)
        assert isinstance(e.value(), float)

    def test_value_counts_duplicates(self, kiwi):
        """Duplicate terms all contribute to value()."""
        _, v = pin(kiwi, x=3)
        assert (v["x"] + v["x"] + 1).value() == pytest.approx(7.0)


# --------------------------------------------------------------------------- operators

class TestOperators:
    @pytest.mark.parametrize("left,right", _pairs_of_kinds())
    @pytest.mark.parametrize("op", [operator.add, operator.sub], ids=["+", "-"])
    def test_add_sub_give_expression(self, kiwi, left, right, op):
        """+ and - between any kiwi operands or numbers give an Expression of the right value."""
        _, v = pin(kiwi, x=2, y=7)
        result = op(_operand(kiwi, left, v["x"]), _operand(kiwi, right, v["y"]))
        assert isinstance(result, kiwi.Expression)
        assert result.value() == pytest.approx(op(_numeric(left, 2), _numeric(right, 7)))

    @pytest.mark.parametrize("kind", ["Variable", "Term", "Expression"])
    @pytest.mark.parametrize("number", [2, 2.5, -4, 0])
    def test_multiply_by_number(self, kiwi, kind, number):
        """kiwi * number and number * kiwi scale; Variable/Term give Term, Expression gives Expression."""
        _, v = pin(kiwi, x=3)
        expected_type = kiwi.Expression if kind == "Expression" else kiwi.Term
        for result in (_operand(kiwi, kind, v["x"]) * number, number * _operand(kiwi, kind, v["x"])):
            assert isinstance(result, expected_type)
            assert result.value() == pytest.approx(_numeric(kind, 3) * number)

    @pytest.mark.parametrize("kind", ["Variable", "Term", "Expression"])
    @pytest.mark.parametrize("number", [2, 0.5, -4])
    def test_divide_by_number(self, kiwi, kind, number):
        """kiwi / number scales by 1/number, keeping the Term/Expression type."""
        _, v = pin(kiwi, x=3)
        expected_type = kiwi.Expression if kind == "Expression" else kiwi.Term
        result = _operand(kiwi, kind, v["x"]) / number
        assert isinstance(result, expected_type)
        assert result.value() == pytest.approx(_numeric(kind, 3) / number)

    @pytest.mark.parametrize("kind", ["Variable", "Term", "Expression"])
    @pytest.mark.parametrize("zero", [0, 0.0])
    def test_divide_by_zero(self, kiwi, kind, zero):
        """Division by zero raises ZeroDivisionError."""
        with pytest.raises(ZeroDivisionError):
            _operand(kiwi, kind, kiwi.Variable("x")) / zero

    @pytest.mark.parametrize("kind", ["Variable", "Term", "Expression"])
    def test_negation(self, kiwi, kind):
        """Unary minus: Variable and Term give Term, Expression gives Expression."""
        _, v = pin(kiwi, x=3)
        result = -_operand(kiwi, kind, v["x"])
        expected_type = kiwi.Expression if kind == "Expression" else kiwi.Term
        assert isinstance(result, expected_type)
        assert result.value() == pytest.approx(-_numeric(kind, 3))

    @pytest.mark.parametrize("left,right", [(a, b) for a in KINDS[1:] for b in KINDS[1:]])
    @pytest.mark.parametrize("op", [operator.mul, operator.truediv], ids=["*", "/"])
    def test_nonlinear_products_raise(self, kiwi, left, right, op):
        """Multiplying or dividing two kiwi objects is not linear: TypeError."""
        x, y = kiwi.Variable("x"), kiwi.Variable("y")
        with pytest.raises(TypeError):
            op(_operand(kiwi, left, x), _operand(kiwi, right, y))

    @pytest.mark.parametrize("kind", ["Variable", "Term", "Expression"])
    def test_number_divided_by_kiwi_raises(self, kiwi, kind):
        """number / kiwi object raises TypeError."""
        with pytest.raises(TypeError):
            1.0 / _operand(kiwi, kind, kiwi.Variable("x"))

    @pytest.mark.parametrize("kind", ["Variable", "Term", "Expression"])
    @pytest.mark.parametrize("other", ["a", None, [1], 1j, object()])
    @pytest.mark.parametrize("op", [operator.add, operator.sub, operator.mul, operator.truediv],
                             ids=["+", "-", "*", "/"])
    def test_unsupported_operand_types(self, kiwi, kind, other, op):
        """Arithmetic with str, None, lists, complex or arbitrary objects raises TypeError."""
        operand = _operand(kiwi, kind, kiwi.Variable("x"))
        with pytest.raises(TypeError):
            op(operand, other)
        with pytest.raises(TypeError):
            op(other, operand)

    @pytest.mark.parametrize("kind", ["Variable", "Term", "Expression"])
    def test_power_and_modulo_raise(self, kiwi, kind):
        """**, % and // are not supported."""
        operand = _operand(kiwi, kind, kiwi.Variable("x"))
        for op in (operator.pow, operator.mod, operator.floordiv):
            with pytest.raises(TypeError):
                op(operand, 2)

    def test_bool_and_int_coefficients(self, kiwi):
        """int and bool (an int subclass) work as numbers and become floats."""
        x = kiwi.Variable("x")
        assert (x * 3).coefficient() == 3.0
        assert isinstance((x * 3).coefficient(), float)
        assert (x * True).coefficient() == 1.0
        assert (x + 2).constant() == 2.0
        assert isinstance((x + 2).constant(), float)

    def test_float_subclass_accepted(self, kiwi):
        """Subclasses of float (e.g. numpy.float64) are numbers."""

        class MyFloat(float):
            pass

        x = kiwi.Variable("x")
        assert (x * MyFloat(2.0)).coefficient() == 2.0
        assert (x + MyFloat(1.5)).constant() == 1.5


class TestFolding:
    """Exact terms and constant produced by the operators."""

    def test_readme_example(self, kiwi):
        """2 * x + 3 - y gives terms [(x, 2), (y, -1)] and constant 3."""
        x, y = kiwi.Variable("x"), kiwi.Variable("y")
        e = 2 * x + 3 - y
        assert isinstance(e, kiwi.Expression)
        assert_terms(e, [(x, 2), (y, -1)])
        assert e.constant() == 3.0

    def test_variable_operators(self, kiwi):
        """Variable with numbers and Variables."""
        x, y = kiwi.Variable("x"), kiwi.Variable("y")
        t = -x
        assert t.variable() is x and t.coefficient() == -1.0
        assert (x * 2).variable() is x and (x * 2).coefficient() == 2.0
        assert (2 * x).coefficient() == 2.0
        assert (x / 4).coefficient() == 0.25
        e = x + 2
        assert_terms(e, [(x, 1)])
        assert e.constant() == 2.0
        e = 2 + x
        assert_terms(e, [(x, 1)])
        assert e.constant() == 2.0
        e = x - 2
        assert_terms(e, [(x, 1)])
        assert e.constant() == -2.0
        e = 2 - x
        assert_terms(e, [(x, -1)])
        assert e.constant() == 2.0
        assert_terms(x + y, [(x, 1), (y, 1)])
        assert_terms(x - y, [(x, 1), (y, -1)])
        assert (x + y).constant() == 0.0

    def test_term_operators(self, kiwi):
        """Term with numbers, Variables and Terms."""
        x, y = kiwi.Variable("x"), kiwi.Variable("y")
        t = kiwi.Term(x, 10)
        assert (-t).coefficient() == -10.0 and (-t).variable() is x
        assert (t * 2).coefficient() == 20.0
        assert (0.5 * t).coefficient() == 5.0
        assert (t / 4).coefficient() == 2.5
        e = t + 1
        assert_terms(e, [(x, 10)])
        assert e.constant() == 1.0
        e = 1 - t
        assert_terms(e, [(x, -10)])
        assert e.constant() == 1.0
        assert_terms(t + y, [(x, 10), (y, 1)])
        assert_terms(y + t, [(y, 1), (x, 10)])
        assert_terms(t - y, [(x, 10), (y, -1)])
        assert_terms(y - t, [(y, 1), (x, -10)])
        assert_terms(t + 2 * y, [(x, 10), (y, 2)])
        assert_terms(t - 2 * y, [(x, 10), (y, -2)])

    def test_expression_operators(self, kiwi):
        """Expression with numbers, Variables, Terms and Expressions."""
        x, y = kiwi.Variable("x"), kiwi.Variable("y")
        e = 10 * x + 5
        neg = -e
        assert_terms(neg, [(x, -10)])
        assert neg.constant() == -5.0
        for product in (e * 2, 2 * e):
            assert_terms(product, [(x, 20)])
            assert product.constant() == 10.0
        half = e / 2
        assert_terms(half, [(x, 5)])
        assert half.constant() == 2.5
        assert (e + 2).constant() == 7.0 and (2 + e).constant() == 7.0
        assert (e - 2).constant() == 3.0
        assert_terms(2 - e, [(x, -10)])
        assert (2 - e).constant() == -3.0
        assert_terms(e + y, [(x, 10), (y, 1)])
        assert_terms(e - y, [(x, 10), (y, -1)])
        assert_terms(e + 3 * y, [(x, 10), (y, 3)])
        assert_terms(e - 3 * y, [(x, 10), (y, -3)])
        e2 = y - 10
        both = e + e2
        assert_terms(both, [(x, 10), (y, 1)])
        assert both.constant() == -5.0
        diff = e - e2
        assert_terms(diff, [(x, 10), (y, -1)])
        assert diff.constant() == 15.0

    def test_non_expression_minus_expression(self, kiwi):
        """Variable/Term/number minus Expression negates every term and the constant."""
        x, y = kiwi.Variable("x"), kiwi.Variable("y")
        e = 10 * x + 5
        r = y - e
        assert_terms(r, [(x, -10), (y, 1)], ordered=False)
        assert r.constant() == -5.0
        r = 2 * y - e
        assert_terms(r, [(x, -10), (y, 2)], ordered=False)
        assert r.constant() == -5.0
        r = y + e
        assert_terms(r, [(x, 10), (y, 1)], ordered=False)
        assert r.constant() == 5.0

    def test_scaling_distributes(self, kiwi):
        """Multiplying/dividing an Expression scales every term and the constant."""
        x, y = kiwi.Variable("x"), kiwi.Variable("y")
        e = (x + y + 1) * 2
        assert_terms(e, [(x, 2), (y, 2)])
        assert e.constant() == 2.0
        e = (x + y + 1) / 2
        assert_terms(e, [(x, 0.5), (y, 0.5)])
        assert e.constant() == 0.5
        e = 0 * (x + 1)
        assert_linear(e, [(x, 0)], 0.0)

    def test_operands_are_not_mutated(self, kiwi):
        """Operators build new objects; operands keep their terms and constant."""
        x, y = kiwi.Variable("x"), kiwi.Variable("y")
        t = 2 * x
        e = x + 1
        _ = (e + y, e - t, e * 3, -e, t * 5, -t, e + e)
        assert t.coefficient() == 2.0
        assert_terms(e, [(x, 1)])
        assert e.constant() == 1.0

    def test_sum_builtin(self, kiwi):
        """sum() over Variables works (it starts from 0) and keeps every term."""
        xs = [kiwi.Variable(f"x{i}") for i in range(4)]
        e = sum(xs)
        assert isinstance(e, kiwi.Expression)
        assert_terms(e, [(v, 1) for v in xs])
        assert e.constant() == 0.0

    def test_long_chain(self, kiwi):
        """A long mixed chain folds constants and keeps per-variable totals."""
        x, y, z = kiwi.Variable("x"), kiwi.Variable("y"), kiwi.Variable("z")
        e = 3 * x - 2 + y / 2 - (z - 4) * 2 + x + 0.5 * y - 1
        assert_linear(e, [(x, 4), (y, 1), (z, -2)], 5.0)

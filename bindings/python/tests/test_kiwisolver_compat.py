"""Compatibility suite: ``kalends.kiwisolver`` must behave like the ``kiwisolver`` package.

Every test runs once per implementation through the ``kiwi`` fixture, so the same
assertions hold for the reference (PyPI ``kiwisolver``) and for the drop-in
replacement. An implementation that cannot be imported is skipped, never failed.

The suite checks what user code relies on: constructors, accessors, operator
results and how numbers fold into them, constraint strengths, solver semantics,
exceptions and their attributes, and solved values of small layouts. It avoids
incidental details of kiwisolver (repr text, ``dumps()`` text, the term order of
mixed expressions and of a constraint's reduced expression).
"""
from __future__ import annotations

import importlib
import operator

import pytest

IMPLEMENTATIONS = ["kiwisolver", "kalends.kiwisolver"]


def _import_or_skip(name):
    """Import ``name``; skip when it (or kalends' native library) is absent."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and name.startswith(exc.name):
            pytest.skip(f"{name} is not available: {exc}")
        raise
    except ImportError as exc:
        if type(exc).__name__ == "LibraryNotFoundError":
            pytest.skip(f"{name} needs libkalends.so: {exc}")
        raise


@pytest.fixture(params=IMPLEMENTATIONS)
def kiwi(request):
    """The implementation under test, as a module."""
    return _import_or_skip(request.param)


def _is_reference(kiwi):
    return kiwi.__name__ == "kiwisolver"


# --------------------------------------------------------------------------- helpers


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


# --------------------------------------------------------------------------- module


class TestModule:
    PUBLIC = [
        "BadRequiredStrength", "Constraint", "DuplicateConstraint", "DuplicateEditVariable",
        "Expression", "Solver", "Term", "UnknownConstraint", "UnknownEditVariable",
        "UnsatisfiableConstraint", "Variable", "strength",
    ]

    def test_public_names(self, kiwi):
        """All public kiwisolver names exist."""
        for name in self.PUBLIC:
            assert hasattr(kiwi, name), name

    def test_version_strings(self, kiwi):
        """__version__ and __kiwi_version__ are strings."""
        assert isinstance(kiwi.__version__, str) and kiwi.__version__
        assert isinstance(kiwi.__kiwi_version__, str) and kiwi.__kiwi_version__

    def test_classes_are_types(self, kiwi):
        """The value classes are real classes usable with isinstance."""
        x = kiwi.Variable("x")
        assert isinstance(x, kiwi.Variable)
        assert isinstance(2 * x, kiwi.Term)
        assert isinstance(x + 1, kiwi.Expression)
        assert isinstance(x >= 1, kiwi.Constraint)
        assert isinstance(kiwi.Solver(), kiwi.Solver)


# --------------------------------------------------------------------------- Variable


class TestVariable:
    def test_defaults(self, kiwi):
        """A new Variable has an empty name, value 0.0 and context None."""
        v = kiwi.Variable()
        assert v.name() == ""
        assert v.value() == 0.0
        assert isinstance(v.value(), float)
        assert v.context() is None

    def test_name_and_context_arguments(self, kiwi):
        """Variable(name, context) stores both positionally."""
        ctx = object()
        v = kiwi.Variable("left", ctx)
        assert v.name() == "left"
        assert v.context() is ctx

    def test_unicode_name(self, kiwi):
        """Names are arbitrary str, including non-ASCII."""
        assert kiwi.Variable("größe→x").name() == "größe→x"

    def test_set_name(self, kiwi):
        """setName replaces the name and returns None."""
        v = kiwi.Variable("a")
        assert v.setName("b") is None
        assert v.name() == "b"

    @pytest.mark.parametrize("bad", [1, 2.5, b"x", None, ["x"]])
    def test_name_must_be_str(self, kiwi, bad):
        """Variable() and setName() reject non-str names with TypeError."""
        with pytest.raises(TypeError):
            kiwi.Variable(bad)
        with pytest.raises(TypeError):
            kiwi.Variable("ok").setName(bad)

    def test_set_context(self, kiwi):
        """setContext stores any object (including None) and returns None."""
        v = kiwi.Variable("a")
        ctx = {"owner": "widget"}
        assert v.setContext(ctx) is None
        assert v.context() is ctx
        v.setContext(None)
        assert v.context() is None

    def test_too_many_arguments(self, kiwi):
        """Variable takes at most (name, context)."""
        with pytest.raises(TypeError):
            kiwi.Variable("a", None, 3)

    def test_str_is_name(self, kiwi):
        """str(Variable) is its name (kiwisolver's own tests rely on it)."""
        assert str(kiwi.Variable("width")) == "width"

    def test_value_is_written_by_solver(self, kiwi):
        """value() reports what Solver.updateVariables wrote."""
        v = kiwi.Variable("v")
        solved(kiwi, v == 4)
        assert v.value() == pytest.approx(4.0)

    def test_subclass(self, kiwi):
        """Variable can be subclassed and the subclass still builds expressions."""

        class Named(kiwi.Variable):
            pass

        v = Named("sub")
        assert v.name() == "sub"
        t = 2 * v
        assert isinstance(t, kiwi.Term) and t.variable() is v
        solved(kiwi, v + 1 == 5)
        assert v.value() == pytest.approx(4.0)


# --------------------------------------------------------------------------- Term


class TestTerm:
    def test_constructor_default_coefficient(self, kiwi):
        """Term(v) has coefficient 1.0 and keeps the same Variable object."""
        x = kiwi.Variable("x")
        t = kiwi.Term(x)
        assert t.variable() is x
        assert t.coefficient() == 1.0
        assert isinstance(t.coefficient(), float)

    @pytest.mark.parametrize("coef", [2, 2.5, -3, 0])
    def test_constructor_coefficient(self, kiwi, coef):
        """Term(v, c) stores c as a float."""
        t = kiwi.Term(kiwi.Variable("x"), coef)
        assert t.coefficient() == float(coef)
        assert isinstance(t.coefficient(), float)

    def test_constructor_type_errors(self, kiwi):
        """Term needs a Variable and a number."""
        x = kiwi.Variable("x")
        with pytest.raises(TypeError):
            kiwi.Term()
        with pytest.raises(TypeError):
            kiwi.Term(1)
        with pytest.raises(TypeError):
            kiwi.Term(2 * x)
        with pytest.raises(TypeError):
            kiwi.Term(x, "2")
        with pytest.raises(TypeError):
            kiwi.Term(x, None)

    def test_value(self, kiwi):
        """Term.value() is coefficient * variable value."""
        _, v = pin(kiwi, x=4)
        t = kiwi.Term(v["x"], 2.5)
        assert t.value() == pytest.approx(10.0)
        assert isinstance(t.value(), float)
        assert kiwi.Term(kiwi.Variable("free"), 3).value() == 0.0

    def test_value_tracks_variable(self, kiwi):
        """Term.value() reads the variable's current value each call."""
        x = kiwi.Variable("x")
        t = 3 * x
        solver = solved(kiwi)
        solver.addEditVariable(x, "strong")
        for target in (1.0, 7.0):
            solver.suggestValue(x, target)
            solver.updateVariables()
            assert t.value() == pytest.approx(3 * target)


# --------------------------------------------------------------------------- Expression


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


# --------------------------------------------------------------------------- comparisons


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


# --------------------------------------------------------------------------- strength


class TestStrength:
    def test_predefined_values(self, kiwi):
        """weak=1, medium=1e3, strong=1e6, required=1001001000, all floats."""
        s = kiwi.strength
        assert s.weak == 1.0
        assert s.medium == 1000.0
        assert s.strong == 1_000_000.0
        assert s.required == 1_001_001_000.0
        for name in ("weak", "medium", "strong", "required"):
            assert isinstance(getattr(s, name), float)

    def test_order(self, kiwi):
        """weak < medium < strong < required."""
        s = kiwi.strength
        assert s.weak < s.medium < s.strong < s.required

    def test_read_only(self, kiwi):
        """The predefined strengths cannot be reassigned."""
        with pytest.raises(AttributeError):
            kiwi.strength.weak = 5.0
        assert kiwi.strength.weak == 1.0

    @pytest.mark.parametrize("args,expected", [
        ((1, 1, 1), 1_001_001.0),
        ((1, 2, 3), 1_002_003.0),
        ((0, 0, 1), 1.0),
        ((0, 1, 0), 1000.0),
        ((1, 0, 0), 1_000_000.0),
        ((0.5, 0.5, 0.5), 500_500.5),
        ((1, 2, 3, 2), 2_004_006.0),
        ((1, 0, 0, 0.5), 500_000.0),
        ((1000, 1000, 1000), 1_001_001_000.0),
        ((999, 999, 999), 999_999_999.0),
    ])
    def test_create(self, kiwi, args, expected):
        """create(a, b, c[, w]) = a*w*1e6 + b*w*1e3 + c*w."""
        result = kiwi.strength.create(*args)
        assert isinstance(result, float)
        assert result == pytest.approx(expected)

    @pytest.mark.parametrize("args,expected", [
        ((2000, 0, 0), 1_000_000_000.0),
        ((1001, 0, 0), 1_000_000_000.0),
        ((0, 2000, 0), 1_000_000.0),
        ((0, 0, 5000), 1000.0),
        ((-1, 0, 0), 0.0),
        ((0, 0, -5), 0.0),
        ((-1, 2, 3), 2003.0),
        ((1, 1, 1, 2000), 1_001_001_000.0),
        ((1, 1, 1, -1), 0.0),
        ((600, 0, 0, 2), 1_000_000_000.0),
    ])
    def test_create_clips_each_part(self, kiwi, args, expected):
        """Each of a*w, b*w, c*w is clipped into [0, 1000] before combining."""
        assert kiwi.strength.create(*args) == pytest.approx(expected)

    def test_create_max_is_required(self, kiwi):
        """create(1000, 1000, 1000) equals required."""
        assert kiwi.strength.create(1000, 1000, 1000) == kiwi.strength.required

    def test_create_errors(self, kiwi):
        """create takes 3 or 4 positional numbers."""
        s = kiwi.strength
        with pytest.raises(TypeError):
            s.create(1, 2)
        with pytest.raises(TypeError):
            s.create(1, 2, 3, 4, 5)
        with pytest.raises(TypeError):
            s.create("", "", "")
        with pytest.raises(TypeError):
            s.create(1, 2, None)


# --------------------------------------------------------------------------- exceptions

EXCEPTIONS = ["UnsatisfiableConstraint", "DuplicateConstraint", "UnknownConstraint",
              "DuplicateEditVariable", "UnknownEditVariable", "BadRequiredStrength"]


class TestExceptions:
    @pytest.mark.parametrize("name", EXCEPTIONS)
    def test_are_exceptions(self, kiwi, name):
        """Each solver exception is an Exception subclass, distinct from the others."""
        cls = getattr(kiwi, name)
        assert issubclass(cls, Exception)
        for other in EXCEPTIONS:
            if other != name:
                assert not issubclass(cls, getattr(kiwi, other))

    @pytest.mark.parametrize("name", ["UnsatisfiableConstraint", "DuplicateConstraint",
                                      "UnknownConstraint"])
    def test_constraint_attribute(self, kiwi, name):
        """Constraint errors are built from the constraint and expose it as .constraint."""
        c = kiwi.Variable("x") >= 1
        exc = getattr(kiwi, name)(c)
        assert exc.constraint is c
        assert exc.args == (c,)

    @pytest.mark.parametrize("name", ["DuplicateEditVariable", "UnknownEditVariable"])
    def test_edit_variable_attribute(self, kiwi, name):
        """Edit-variable errors are built from the variable and expose it as .edit_variable."""
        v = kiwi.Variable("x")
        exc = getattr(kiwi, name)(v)
        assert exc.edit_variable is v
        assert exc.args == (v,)

    def test_bad_required_strength_message(self, kiwi):
        """BadRequiredStrength is a plain exception carrying a message."""
        exc = kiwi.BadRequiredStrength("no required here")
        assert exc.args == ("no required here",)

    def test_duplicate_constraint_raised(self, kiwi):
        """Adding the same Constraint object twice raises DuplicateConstraint(c)."""
        s = kiwi.Solver()
        c = kiwi.Variable("x") >= 1
        s.addConstraint(c)
        with pytest.raises(kiwi.DuplicateConstraint) as info:
            s.addConstraint(c)
        assert info.value.constraint is c
        assert info.value.args[0] is c

    def test_unknown_constraint_raised(self, kiwi):
        """Removing a constraint the solver lacks raises UnknownConstraint(c)."""
        s = kiwi.Solver()
        c = kiwi.Variable("x") >= 1
        with pytest.raises(kiwi.UnknownConstraint) as info:
            s.removeConstraint(c)
        assert info.value.constraint is c

    def test_unsatisfiable_raised(self, kiwi):
        """A conflicting required constraint raises UnsatisfiableConstraint(c)."""
        x = kiwi.Variable("x")
        s = solved(kiwi, x == 10)
        bad = x == 20
        with pytest.raises(kiwi.UnsatisfiableConstraint) as info:
            s.addConstraint(bad)
        assert info.value.constraint is bad
        assert info.value.args[0] is bad

    def test_duplicate_edit_variable_raised(self, kiwi):
        """Adding an edit variable twice raises DuplicateEditVariable(v)."""
        s = kiwi.Solver()
        v = kiwi.Variable("v")
        s.addEditVariable(v, "weak")
        with pytest.raises(kiwi.DuplicateEditVariable) as info:
            s.addEditVariable(v, "strong")
        assert info.value.edit_variable is v

    def test_unknown_edit_variable_raised(self, kiwi):
        """removeEditVariable/suggestValue on a non-edit variable raise UnknownEditVariable(v)."""
        s = kiwi.Solver()
        v = kiwi.Variable("v")
        with pytest.raises(kiwi.UnknownEditVariable) as info:
            s.removeEditVariable(v)
        assert info.value.edit_variable is v
        with pytest.raises(kiwi.UnknownEditVariable) as info:
            s.suggestValue(v, 1.0)
        assert info.value.edit_variable is v

    @pytest.mark.parametrize("strength", ["required", 1_001_001_000.0, 1e12])
    def test_bad_required_strength_raised(self, kiwi, strength):
        """An edit variable cannot have required (or higher) strength."""
        s = kiwi.Solver()
        v = kiwi.Variable("v")
        with pytest.raises(kiwi.BadRequiredStrength):
            s.addEditVariable(v, strength)
        assert not s.hasEditVariable(v)

    def test_catchable_as_exception(self, kiwi):
        """Solver errors can be caught by a generic ``except Exception``."""
        s = kiwi.Solver()
        try:
            s.removeConstraint(kiwi.Variable("x") >= 0)
        except Exception as exc:  # noqa: BLE001 - the point of the test
            assert isinstance(exc, kiwi.UnknownConstraint)
        else:
            pytest.fail("no exception raised")


# --------------------------------------------------------------------------- Solver API


class TestSolverAPI:
    def test_constructor_takes_no_arguments(self, kiwi):
        """Solver() takes no arguments."""
        with pytest.raises(TypeError):
            kiwi.Solver(kiwi.Variable())

    def test_methods_exist(self, kiwi):
        """The full camelCase method set is present."""
        s = kiwi.Solver()
        for name in ("addConstraint", "removeConstraint", "hasConstraint", "addEditVariable",
                     "removeEditVariable", "hasEditVariable", "suggestValue",
                     "updateVariables", "reset", "dump", "dumps"):
            assert callable(getattr(s, name)), name

    def test_add_has_remove_constraint(self, kiwi):
        """addConstraint/hasConstraint/removeConstraint return None/bool/None."""
        s = kiwi.Solver()
        c = kiwi.Variable("x") >= 1
        assert s.hasConstraint(c) is False
        assert s.addConstraint(c) is None
        assert s.hasConstraint(c) is True
        assert s.removeConstraint(c) is None
        assert s.hasConstraint(c) is False
        with pytest.raises(kiwi.UnknownConstraint):
            s.removeConstraint(c)
        s.addConstraint(c)
        assert s.hasConstraint(c) is True

    def test_has_constraint_is_by_identity(self, kiwi):
        """An equal-looking or ``|``-derived constraint is a different constraint."""
        x = kiwi.Variable("x")
        c = x >= 10
        s = solved(kiwi, c)
        assert s.hasConstraint(x >= 10) is False
        derived = c | "strong"
        assert s.hasConstraint(derived) is False
        s.addConstraint(derived)  # not a duplicate
        assert s.hasConstraint(derived) and s.hasConstraint(c)

    def test_constraint_methods_type_errors(self, kiwi):
        """Non-Constraint arguments raise TypeError."""
        s = kiwi.Solver()
        x = kiwi.Variable("x")
        for bad in (object(), None, x, x + 1, 1):
            with pytest.raises(TypeError):
                s.addConstraint(bad)
            with pytest.raises(TypeError):
                s.removeConstraint(bad)
            with pytest.raises(TypeError):
                s.hasConstraint(bad)

    def test_add_has_remove_edit_variable(self, kiwi):
        """addEditVariable/hasEditVariable/removeEditVariable."""
        s = kiwi.Solver()
        v = kiwi.Variable("v")
        assert s.hasEditVariable(v) is False
        assert s.addEditVariable(v, "strong") is None
        assert s.hasEditVariable(v) is True
        assert s.removeEditVariable(v) is None
        assert s.hasEditVariable(v) is False
        s.addEditVariable(v, "weak")
        assert s.hasEditVariable(v) is True

    @pytest.mark.parametrize("strength", ["weak", "medium", "strong", 1.0, 5, 999_999_999.0, 0])
    def test_edit_variable_strengths(self, kiwi, strength):
        """Edit strengths may be names or numbers below required."""
        s = kiwi.Solver()
        v = kiwi.Variable("v")
        s.addEditVariable(v, strength)
        assert s.hasEditVariable(v)

    def test_edit_variable_type_errors(self, kiwi):
        """Edit-variable methods need a Variable; strength is mandatory and typed."""
        s = kiwi.Solver()
        v = kiwi.Variable("v")
        for bad in (object(), 2 * v, v + 1, None):
            with pytest.raises(TypeError):
                s.addEditVariable(bad, "weak")
            with pytest.raises(TypeError):
                s.removeEditVariable(bad)
            with pytest.raises(TypeError):
                s.hasEditVariable(bad)
            with pytest.raises(TypeError):
                s.suggestValue(bad, 1.0)
        with pytest.raises(TypeError):
            s.addEditVariable(v)
        with pytest.raises(TypeError):
            s.addEditVariable(v, None)
        with pytest.raises(ValueError):
            s.addEditVariable(v, "Strong")
        assert not s.hasEditVariable(v)

    def test_suggest_value_type_error(self, kiwi):
        """suggestValue needs a number."""
        s = kiwi.Solver()
        v = kiwi.Variable("v")
        s.addEditVariable(v, "strong")
        with pytest.raises(TypeError):
            s.suggestValue(v, "1")
        with pytest.raises(TypeError):
            s.suggestValue(v, None)
        assert s.suggestValue(v, 3) is None

    def test_update_variables_returns_none(self, kiwi):
        """updateVariables() returns None."""
        assert kiwi.Solver().updateVariables() is None

    def test_values_change_only_on_update(self, kiwi):
        """addConstraint and suggestValue do not write variable values; updateVariables does."""
        x = kiwi.Variable("x")
        s = kiwi.Solver()
        s.addConstraint(x >= 10)
        assert x.value() == 0.0
        s.updateVariables()
        assert x.value() == pytest.approx(10.0)
        s.addEditVariable(x, "strong")
        s.suggestValue(x, 42)
        assert x.value() == pytest.approx(10.0)
        s.updateVariables()
        assert x.value() == pytest.approx(42.0)

    def test_reset(self, kiwi):
        """reset() drops constraints and edit variables but leaves variable values."""
        v = kiwi.Variable("v")
        c = v == 3
        s = kiwi.Solver()
        s.addConstraint(c)
        s.addEditVariable(v, "weak")
        s.updateVariables()
        assert s.reset() is None
        assert not s.hasConstraint(c)
        assert not s.hasEditVariable(v)
        assert v.value() == pytest.approx(3.0)
        s.addConstraint(c)  # not a duplicate any more
        s.addConstraint(v >= 0)
        s.updateVariables()
        assert v.value() == pytest.approx(3.0)

    def test_reset_then_rebuild(self, kiwi):
        """After reset() the solver solves a new system from scratch."""
        x = kiwi.Variable("x")
        s = solved(kiwi, x == 1)
        s.reset()
        s.addConstraint(x == 5)
        s.updateVariables()
        assert x.value() == pytest.approx(5.0)

    def test_dumps_and_dump(self, kiwi, capfd):
        """dumps() returns a str; dump() prints to stdout and returns None."""
        x, y = kiwi.Variable("x"), kiwi.Variable("y")
        s = kiwi.Solver()
        s.addEditVariable(y, "weak")
        s.addConstraint(x + y == 0)
        s.addConstraint((y >= 0) | "weak")
        s.updateVariables()
        text = s.dumps()
        assert isinstance(text, str) and text
        assert s.dump() is None
        out, _ = capfd.readouterr()
        assert out.strip()

    def test_constraint_in_two_solvers(self, kiwi):
        """One Constraint object may be added to several solvers."""
        x = kiwi.Variable("x")
        c = x >= 3
        a, b = kiwi.Solver(), kiwi.Solver()
        a.addConstraint(c)
        b.addConstraint(c)
        assert a.hasConstraint(c) and b.hasConstraint(c)
        a.removeConstraint(c)
        assert not a.hasConstraint(c) and b.hasConstraint(c)

    def test_variable_shared_by_solvers(self, kiwi):
        """Each solver writes its own solution into a shared Variable on update."""
        q = kiwi.Variable("q")
        a, b = kiwi.Solver(), kiwi.Solver()
        a.addConstraint(q == 1)
        b.addConstraint(q == 2)
        a.updateVariables()
        assert q.value() == pytest.approx(1.0)
        b.updateVariables()
        assert q.value() == pytest.approx(2.0)

    def test_constant_constraints(self, kiwi):
        """Constraints without variables: true ones are accepted, false required ones raise."""
        s = kiwi.Solver()
        s.addConstraint(kiwi.Constraint(kiwi.Expression([], 0), "=="))
        s.addConstraint(kiwi.Constraint(kiwi.Expression([], 1), ">="))
        with pytest.raises(kiwi.UnsatisfiableConstraint):
            s.addConstraint(kiwi.Constraint(kiwi.Expression([], 1), "=="))
        with pytest.raises(kiwi.UnsatisfiableConstraint):
            s.addConstraint(kiwi.Constraint(kiwi.Expression([], -1), ">="))
        s.addConstraint(kiwi.Constraint(kiwi.Expression([], 1), "==", "weak"))

    def test_non_required_conflicts_never_raise(self, kiwi):
        """Conflicting non-required constraints are accepted; the stronger wins."""
        x = kiwi.Variable("x")
        s = kiwi.Solver()
        s.addConstraint((x == 10) | "strong")
        s.addConstraint((x == 20) | "medium")
        s.addConstraint((x == 30) | "weak")
        s.updateVariables()
        assert x.value() == pytest.approx(10.0)


# --------------------------------------------------------------------------- solving behaviour


class TestSolving:
    def test_equality_chain(self, kiwi):
        """A chain of required equalities propagates values."""
        x0, x1, x2 = (kiwi.Variable(f"x{i}") for i in range(3))
        solved(kiwi, x0 == 10, x1 == x0 + 20, x2 == 2 * x1 - 5)
        assert (x0.value(), x1.value(), x2.value()) == (
            pytest.approx(10.0), pytest.approx(30.0), pytest.approx(55.0))

    def test_constraints_order_independent(self, kiwi):
        """Adding the same system in reverse order gives the same solution."""
        x0, x1, x2 = (kiwi.Variable(f"x{i}") for i in range(3))
        solved(kiwi, x2 == 2 * x1 - 5, x1 == x0 + 20, x0 == 10)
        assert x2.value() == pytest.approx(55.0)

    def test_explicit_objects(self, kiwi):
        """Constraints built from Term/Expression/Constraint constructors solve normally."""
        x = kiwi.Variable("x")
        c = kiwi.Constraint(kiwi.Expression([kiwi.Term(x, 2)], -8), "==")
        solved(kiwi, c)
        assert x.value() == pytest.approx(4.0)

    def test_inequality_with_weak_preference(self, kiwi):
        """A weak preference is followed until a required bound stops it."""
        x = kiwi.Variable("x")
        solved(kiwi, x >= 10, (x == 0) | "weak")
        assert x.value() == pytest.approx(10.0)
        y = kiwi.Variable("y")
        solved(kiwi, y <= 100, (y == 50) | "weak")
        assert y.value() == pytest.approx(50.0)

    def test_strength_hierarchy_box(self, kiwi):
        """Columns sharing 300px: strong beats medium beats weak."""
        w1, w2, w3 = (kiwi.Variable(f"w{i}") for i in (1, 2, 3))
        solved(kiwi, w1 + w2 + w3 == 300, w1 >= 0, w2 >= 0, w3 >= 0,
               (w3 == 50) | "strong", (w2 == 100) | "medium", (w1 == 100) | "weak")
        assert w1.value() == pytest.approx(150.0)
        assert w2.value() == pytest.approx(100.0)
        assert w3.value() == pytest.approx(50.0)

    def test_numeric_strengths_weigh_conflicts(self, kiwi):
        """Between conflicting soft constraints the higher numeric strength wins."""
        x = kiwi.Variable("x")
        solved(kiwi, (x == 10) | 2.0, (x == 20) | 1.0)
        assert x.value() == pytest.approx(10.0)
        y = kiwi.Variable("y")
        solved(kiwi, (y == 10) | kiwi.strength.create(0, 0, 999),
               (y == 20) | kiwi.strength.create(0, 1, 0))
        assert y.value() == pytest.approx(20.0)

    def test_equal_columns(self, kiwi):
        """Four equal columns with 10px gaps fill 400px."""
        n, gap, total = 4, 10, 400
        left = [kiwi.Variable(f"l{i}") for i in range(n)]
        width = [kiwi.Variable(f"w{i}") for i in range(n)]
        cons = [left[0] == 0, left[-1] + width[-1] == total]
        for i in range(1, n):
            cons += [left[i] == left[i - 1] + width[i - 1] + gap, width[i] == width[0]]
        solved(kiwi, *cons)
        expected_w = (total - gap * (n - 1)) / n
        for i in range(n):
            assert width[i].value() == pytest.approx(expected_w)
            assert left[i].value() == pytest.approx(i * (expected_w + gap))

    def test_remove_constraint_resolves(self, kiwi):
        """Removing the winning constraint lets the weaker one take over."""
        x = kiwi.Variable("x")
        pin_c = x == 10
        s = solved(kiwi, pin_c, (x == 50) | "weak")
        assert x.value() == pytest.approx(10.0)
        s.removeConstraint(pin_c)
        s.updateVariables()
        assert x.value() == pytest.approx(50.0)
        s.addConstraint(pin_c)
        s.updateVariables()
        assert x.value() == pytest.approx(10.0)

    def test_expression_values_after_solve(self, kiwi):
        """Constraint expression/term values reflect the solution."""
        v = kiwi.Variable("v")
        c = 2 * v + 1 >= 0
        s = kiwi.Solver()
        s.addEditVariable(v, "weak")
        s.addConstraint(c)
        s.suggestValue(v, 10)
        s.updateVariables()
        assert c.expression().value() == pytest.approx(21.0)
        (term,) = c.expression().terms()
        assert term.value() == pytest.approx(20.0)
        assert term.variable() is v and term.variable().value() == pytest.approx(10.0)

    def test_edit_beats_weak_constraint(self, kiwi):
        """A medium edit suggestion overrides a weak constraint."""
        v = kiwi.Variable("v")
        s = kiwi.Solver()
        s.addEditVariable(v, "medium")
        s.addConstraint((v == 1) | "weak")
        s.suggestValue(v, 2)
        s.updateVariables()
        assert v.value() == pytest.approx(2.0)

    def test_required_beats_edit(self, kiwi):
        """A required constraint bounds an edit suggestion."""
        v, w = kiwi.Variable("v"), kiwi.Variable("w")
        s = kiwi.Solver()
        s.addEditVariable(w, "weak")
        s.addConstraint(v + w == 0)
        s.addConstraint(w <= -1)
        s.addConstraint((w >= 0) | "weak")
        s.suggestValue(w, 0)
        s.updateVariables()
        assert w.value() == pytest.approx(-1.0)
        assert v.value() == pytest.approx(1.0)

    def test_drag_box(self, kiwi):
        """Dragging a 100px box inside [0, 500] clamps at both ends."""
        left, right = kiwi.Variable("left"), kiwi.Variable("right")
        s = kiwi.Solver()
        for c in (left >= 0, right <= 500, right == left + 100):
            s.addConstraint(c)
        s.addEditVariable(left, "strong")
        for target, want_left in ((50, 50), (450, 400), (-30, 0), (200, 200)):
            s.suggestValue(left, target)
            s.updateVariables()
            assert left.value() == pytest.approx(want_left)
            assert right.value() == pytest.approx(want_left + 100)

    def test_midpoint_dual_optimization(self, kiwi):
        """The Cassowary midpoint example, including a drag that needs dual optimization."""
        xl, xm, xr = kiwi.Variable("xl"), kiwi.Variable("xm"), kiwi.Variable("xr")
        s = kiwi.Solver()
        s.addEditVariable(xm, "strong")
        s.addEditVariable(xl, "weak")
        s.addEditVariable(xr, "weak")
        for c in (2 * xm == xl + xr, xl + 10 <= xr, xl >= 0, xr <= 100):
            s.addConstraint(c)
        s.suggestValue(xl, 20)
        s.suggestValue(xr, 60)
        s.suggestValue(xm, 40)
        s.updateVariables()
        assert (xl.value(), xm.value(), xr.value()) == (
            pytest.approx(20.0), pytest.approx(40.0), pytest.approx(60.0))
        s.suggestValue(xm, 95)  # only xl=90, xr=100 fits
        s.updateVariables()
        assert (xl.value(), xm.value(), xr.value()) == (
            pytest.approx(90.0), pytest.approx(95.0), pytest.approx(100.0))
        s.suggestValue(xm, 99)  # beyond reach: xm stops at 95
        s.updateVariables()
        assert xm.value() == pytest.approx(95.0)
        assert xr.value() == pytest.approx(100.0)
        s.suggestValue(xm, 30)
        s.updateVariables()
        assert xm.value() == pytest.approx(30.0)
        assert xl.value() + xr.value() == pytest.approx(2 * xm.value())
        assert xl.value() >= -1e-9 and xr.value() - xl.value() >= 10 - 1e-9

    def test_edit_context_pattern(self, kiwi):
        """Temporarily editing a variable and removing the edit afterwards."""
        x0, x1 = kiwi.Variable("x0"), kiwi.Variable("x1")
        s = solved(kiwi, x0 >= 0, x1 >= 0, x1 == x0)
        assert x0.value() == pytest.approx(0.0)
        s.addEditVariable(x1, 1.0)
        s.suggestValue(x1, 1.0)
        s.updateVariables()
        assert x0.value() == pytest.approx(1.0) and x1.value() == pytest.approx(1.0)
        s.removeEditVariable(x1)
        assert not s.hasEditVariable(x1)
        s.addEditVariable(x1, "weak")
        s.suggestValue(x1, 5.0)
        s.updateVariables()
        assert x0.value() == pytest.approx(5.0)

    def test_many_variables(self, kiwi):
        """A 50-link chain solves exactly."""
        xs = [kiwi.Variable(f"x{i}") for i in range(50)]
        cons = [xs[0] == 1]
        cons += [xs[i] == xs[i - 1] + i for i in range(1, 50)]
        solved(kiwi, *cons)
        assert xs[-1].value() == pytest.approx(1 + sum(range(50)))


class TestUnsatisfiable:
    def test_failed_add_is_not_kept(self, kiwi):
        """A constraint rejected as unsatisfiable is not in the solver."""
        x = kiwi.Variable("x")
        s = solved(kiwi, x == 10)
        bad = x == 20
        with pytest.raises(kiwi.UnsatisfiableConstraint):
            s.addConstraint(bad)
        assert not s.hasConstraint(bad)
        with pytest.raises(kiwi.UnknownConstraint):
            s.removeConstraint(bad)

    def test_conflicting_equality_leaves_values_unchanged(self, kiwi):
        """Values after a failed required equality equal the values before it."""
        x, y = kiwi.Variable("x"), kiwi.Variable("y")
        s = solved(kiwi, x == 10, y == x + 5)
        before = (x.value(), y.value())
        with pytest.raises(kiwi.UnsatisfiableConstraint):
            s.addConstraint(y == 40)
        s.updateVariables()
        assert (x.value(), y.value()) == (pytest.approx(before[0]), pytest.approx(before[1]))

    def test_contradiction_leaves_values_unchanged(self, kiwi):
        """A self-contradictory constraint (x - x == 1) fails without side effects."""
        x = kiwi.Variable("x")
        s = solved(kiwi, x == 10)
        with pytest.raises(kiwi.UnsatisfiableConstraint):
            s.addConstraint(x - x == 1)
        s.updateVariables()
        assert x.value() == pytest.approx(10.0)

    def test_solver_usable_after_failed_equality(self, kiwi):
        """After a failed add the solver keeps adding, removing and editing correctly."""
        x, y = kiwi.Variable("x"), kiwi.Variable("y")
        pin_x = x == 10
        s = solved(kiwi, pin_x)
        with pytest.raises(kiwi.UnsatisfiableConstraint):
            s.addConstraint(x == 20)
        s.addConstraint(y == x + 1)
        s.updateVariables()
        assert (x.value(), y.value()) == (pytest.approx(10.0), pytest.approx(11.0))
        s.removeConstraint(pin_x)
        s.addEditVariable(x, "strong")
        s.suggestValue(x, 3)
        s.updateVariables()
        assert (x.value(), y.value()) == (pytest.approx(3.0), pytest.approx(4.0))

    def test_reset_recovers_after_failed_add(self, kiwi):
        """reset() always returns a solver to a clean state after a failure."""
        p = kiwi.Variable("p")
        s = solved(kiwi, p >= 10)
        with pytest.raises(kiwi.UnsatisfiableConstraint):
            s.addConstraint(p <= 5)
        s.reset()
        s.addConstraint(p >= 10)
        s.addEditVariable(p, "strong")
        s.suggestValue(p, 42)
        s.updateVariables()
        assert p.value() == pytest.approx(42.0)

    def test_conflicting_inequality_rolls_back(self, kiwi, request):
        """Values after a failed required inequality equal the values before it.

        kiwisolver (C++ kiwi, up to at least 1.5.1) does not roll back the
        artificial-variable pivots of a failed inequality: the solver then reports
        x == 5 against its own required x >= 10 and ignores later edits. The
        replacement must keep the solver unchanged, so the reference is xfailed.
        """
        if _is_reference(kiwi):
            request.applymarker(pytest.mark.xfail(
                reason="kiwisolver leaves the tableau modified after UnsatisfiableConstraint",
                strict=False))
        x = kiwi.Variable("x")
        ge10 = x >= 10
        s = solved(kiwi, ge10, (x == 50) | "weak")
        assert x.value() == pytest.approx(50.0)
        with pytest.raises(kiwi.UnsatisfiableConstraint):
            s.addConstraint(x <= 5)
        s.updateVariables()
        assert x.value() == pytest.approx(50.0)
        assert not ge10.violated()
        s.removeConstraint(ge10)
        s.addEditVariable(x, "strong")
        s.suggestValue(x, 42)
        s.updateVariables()
        assert x.value() == pytest.approx(42.0)

    def test_conflicting_chain_rolls_back(self, kiwi, request):
        """A failed bound on a chain leaves the chain's solution as it was."""
        if _is_reference(kiwi):
            request.applymarker(pytest.mark.xfail(
                reason="kiwisolver leaves the tableau modified after UnsatisfiableConstraint",
                strict=False))
        a, b, c = kiwi.Variable("a"), kiwi.Variable("b"), kiwi.Variable("c")
        s = solved(kiwi, a == 5, b >= a + 10, c >= b + 10, c <= 100,
                   (b == a + 10) | "weak", (c == b + 10) | "weak")
        assert (a.value(), b.value(), c.value()) == (
            pytest.approx(5.0), pytest.approx(15.0), pytest.approx(25.0))
        with pytest.raises(kiwi.UnsatisfiableConstraint):
            s.addConstraint(c <= 20)
        s.updateVariables()
        assert (a.value(), b.value(), c.value()) == (
            pytest.approx(5.0), pytest.approx(15.0), pytest.approx(25.0))

"""kiwisolver compatibility: Solver: its API, solved values of small layouts, unsatisfiable systems."""
from __future__ import annotations

import pytest

from kiwi_helpers import _is_reference, solved


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

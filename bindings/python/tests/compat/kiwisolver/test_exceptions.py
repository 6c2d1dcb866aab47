"""kiwisolver compatibility: the exceptions and their attributes."""
from __future__ import annotations

import pytest

from kiwi_helpers import solved


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

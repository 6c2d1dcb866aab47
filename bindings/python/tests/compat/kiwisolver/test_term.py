"""kiwisolver compatibility: Term."""
from __future__ import annotations

import pytest

from kiwi_helpers import pin, solved


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

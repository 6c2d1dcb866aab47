"""kiwisolver compatibility: Variable."""
from __future__ import annotations

import pytest

from kiwi_helpers import solved


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

"""kiwisolver compatibility: the module: names, version, strength and exception objects."""
from __future__ import annotations


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

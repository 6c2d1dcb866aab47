"""kiwisolver compatibility: strength: the named strengths and strength.create."""
from __future__ import annotations

import pytest


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

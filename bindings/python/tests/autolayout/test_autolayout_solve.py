"""Auto Layout solving from Python: the seed scenarios (a calendar view placed by its
position only, a SquareView-like wrapping item in a self-sizing cell, a constraint at a
quarter of the screen's shorter edge), intrinsic sizes, policies and callbacks."""
from __future__ import annotations

import math

import pytest

import kalends
from kalends import (
    Attribute,
    AutoLayout,
    BrokenConstraint,
    BrokenKind,
    Constraint,
    ContentPriority,
    LayoutAxis,
    Metrics,
    Policy,
    Priority,
    Rect,
    Relation,
    Size,
    View,
)


def pin(layout: AutoLayout, item: int, attribute: Attribute, other: int | None = None,
        other_attribute: Attribute | None = None, constant: float = 0.0, **kw) -> int:
    if other is not None and other_attribute is None:
        other_attribute = attribute
    return layout.add_constraint(Constraint(item, attribute, second_item=other, second_attribute=other_attribute,
                                            constant=constant, **kw))


def test_a_calendar_view_needs_only_its_position() -> None:
    """MBCalendarKit 5: X and Y inside a 390-wide container lay the view out."""
    oracle = View(metrics=Metrics(width=390))
    view = View()
    with AutoLayout() as layout:
        container = layout.add_item()
        item = layout.add_item(container)
        for attribute, value in ((Attribute.LEFT, 0), (Attribute.TOP, 0), (Attribute.WIDTH, 390), (Attribute.HEIGHT, 844)):
            pin(layout, container, attribute, constant=value)
        layout.set_view(item, view)
        pin(layout, item, Attribute.LEADING, container)
        pin(layout, item, Attribute.TOP, container, constant=88)
        layout.solve()
        expected = oracle.intrinsic_size()
        assert layout.frame(item) == Rect(0, 88, 390, expected.height)
        assert view.intrinsic_size() == expected          # the view now lays out at that width
        assert max(e.frame.x + e.frame.width for e in view.layout()) <= 390 + 1e-9
        # The container narrows (a split view): the calendar follows.
        layout.add_constraint(Constraint(container, Attribute.WIDTH, constant=320, priority=Priority.REQUIRED))
        layout.set_policy(Policy.BREAK_LOWEST)
        layout.solve()   # the second width contradicts the first: the newer one breaks
        assert layout.frame(item).width == 390


def test_a_calendar_view_follows_its_container_through_rotation() -> None:
    view = View()
    with AutoLayout() as layout:
        layout.set_item_size(kalends.SCREEN, 390, 844)
        item = layout.add_item()
        layout.set_view(item, view)
        layout.add_constraint(Constraint(item, Attribute.WIDTH, second_item=kalends.SCREEN,
                                         second_attribute=Attribute.WIDTH))
        pin(layout, item, Attribute.LEFT, kalends.SCREEN)
        pin(layout, item, Attribute.TOP, kalends.SCREEN, constant=44)
        sizes = []
        for w, h in ((390, 844), (844, 390)):
            layout.set_item_size(kalends.SCREEN, w, h)
            layout.solve()
            frame = layout.frame(item)
            assert frame.width == w
            assert frame.height == View(metrics=Metrics(width=w)).intrinsic_size().height
            sizes.append(frame.height)
        assert sizes[0] != sizes[1]


def square_measure(count: int, side: float = 44, spacing: float = 8):
    """SquareView: squares in rows that wrap; laid out with kalends.flow_layout."""
    calls = []

    def measure(item: int, width: float | None, height: float | None):
        calls.append(width)
        squares = [(side, side)] * count
        if width is None:
            one_line = kalends.flow_layout(squares, item_spacing=spacing, line_spacing=spacing)
            return one_line.size.width, one_line.size.height
        wrapped = kalends.flow_layout(squares, max_width=width, item_spacing=spacing, line_spacing=spacing)
        return None, wrapped.size.height
    return measure, calls


@pytest.mark.parametrize("table_width", [375, 390, 667, 844])
def test_a_square_view_sizes_its_cell_in_portrait_and_landscape(table_width: float) -> None:
    measure, calls = square_measure(15)
    with AutoLayout() as layout:
        cell = layout.add_item()
        title = layout.add_item(cell)
        squares = layout.add_item(cell)
        layout.set_intrinsic_size(title, 120, 21)
        layout.set_measure(squares, measure)
        pin(layout, title, Attribute.LEADING, cell, constant=16)
        pin(layout, title, Attribute.TOP, cell, constant=12)
        pin(layout, squares, Attribute.LEADING, cell, constant=16)
        pin(layout, squares, Attribute.TRAILING, cell, constant=-16)
        pin(layout, squares, Attribute.TOP, title, Attribute.BOTTOM, constant=8)
        pin(layout, squares, Attribute.BOTTOM, cell, constant=-12)
        size = layout.fitting_size(cell, (table_width, 0), Priority.REQUIRED, Priority.FITTING)
        per_row = max(1, int((table_width - 32 + 8) // 52))
        rows = math.ceil(15 / per_row)
        assert size == Size(table_width, 12 + 21 + 8 + rows * 52 - 8 + 12)
        assert None in calls and table_width - 32 in calls   # measured freely, then at its width


def test_a_quarter_of_the_shorter_edge_through_rotation() -> None:
    with AutoLayout() as layout:
        layout.set_item_size(kalends.SCREEN, 390, 844)
        badge = layout.add_item()
        layout.add_constraint(Constraint(badge, Attribute.WIDTH, alt_item=kalends.SCREEN,
                                         alt_basis=kalends.Basis.SHORTER_EDGE, alt_multiplier=0.25))
        pin(layout, badge, Attribute.HEIGHT, badge, Attribute.WIDTH)
        pin(layout, badge, Attribute.CENTER_X, kalends.SCREEN)
        pin(layout, badge, Attribute.CENTER_Y, kalends.SCREEN)
        layout.solve()
        assert layout.frame(badge) == Rect((390 - 97.5) / 2, (844 - 97.5) / 2, 97.5, 97.5)
        layout.set_item_size(kalends.SCREEN, 844, 390)
        layout.solve()
        assert layout.frame(badge) == Rect((844 - 97.5) / 2, (390 - 97.5) / 2, 97.5, 97.5)


def test_hugging_and_compression() -> None:
    with AutoLayout() as layout:
        row = layout.add_item()
        left, right = layout.add_item(row), layout.add_item(row)
        pin(layout, row, Attribute.LEFT, constant=0)
        pin(layout, row, Attribute.TOP, constant=0)
        wide = pin(layout, row, Attribute.WIDTH, constant=300)
        for item, width in ((left, 100), (right, 80)):
            layout.set_intrinsic_size(item, width, 20)
            pin(layout, item, Attribute.TOP, row)
        pin(layout, left, Attribute.LEADING, row)
        pin(layout, right, Attribute.LEADING, left, Attribute.TRAILING, constant=8)
        pin(layout, right, Attribute.TRAILING, row)
        # 300 = 100 + 8 + 80 + 112 extra: the lower hugging priority stretches.
        layout.set_priority(left, ContentPriority.HUGGING, LayoutAxis.HORIZONTAL, 200)
        layout.solve()
        assert (layout.frame(left).width, layout.frame(right).width) == (212, 80)
        layout.set_priority(left, ContentPriority.HUGGING, LayoutAxis.HORIZONTAL, 300)
        layout.solve()
        assert (layout.frame(left).width, layout.frame(right).width) == (100, 192)
        # Too narrow: the lower compression resistance gives way.
        layout.add_constraint(Constraint(row, Attribute.WIDTH, constant=150, priority=999))
        layout.set_priority(right, ContentPriority.COMPRESSION_RESISTANCE, LayoutAxis.HORIZONTAL, 700)
        layout.remove_constraint(wide)
        layout.solve()
        assert (layout.frame(left).width, layout.frame(right).width) == (100, 42)


def test_policies_and_callbacks() -> None:
    with AutoLayout() as layout:
        item = layout.add_item()
        pin(layout, item, Attribute.WIDTH, constant=100)
        layout.solve()
        conflict = pin(layout, item, Attribute.WIDTH, constant=200)
        with pytest.raises(kalends.UnsatisfiableError, match=f"constraint {conflict}"):
            layout.solve()
        assert layout.frame(item).width == 100
        broken: list[BrokenConstraint] = []
        layout.set_policy(Policy.BREAK_LOWEST, broken.append)
        layout.solve()
        assert broken == [BrokenConstraint(BrokenKind.CONSTRAINT, conflict, item)]

        def failing(*_: object) -> None:
            raise LookupError("from the callback")
        other = pin(layout, item, Attribute.HEIGHT, constant=10)
        pin(layout, item, Attribute.HEIGHT, constant=20)
        layout.set_policy(Policy.BREAK_LOWEST, failing)
        with pytest.raises(LookupError, match="from the callback"):
            layout.solve()
        assert layout.frame(item).height == 10 and other > 0


def test_measure_errors_and_reentry() -> None:
    with AutoLayout() as layout:
        item = layout.add_item()
        seen: list[BaseException] = []

        def reenters(it: int, width: float | None, height: float | None):
            layout.frame(it)                       # reading is fine
            try:
                layout.add_item()                  # changing is not
            except kalends.MisuseError as e:
                seen.append(e)
            return 10, 10
        layout.set_measure(item, reenters)
        layout.solve()
        assert seen and layout.frame(item) == Rect(0, 0, 10, 10)

        def raises(*_: object):
            raise ZeroDivisionError("measure")
        layout.set_measure(item, raises)
        with pytest.raises(ZeroDivisionError):
            layout.solve()
        layout.set_measure(item, lambda *_: (-3, 1))
        with pytest.raises(kalends.CallbackError):
            layout.solve()
        layout.set_measure(item, None)
        layout.set_intrinsic_size(item, 5, None)
        layout.solve()
        assert layout.frame(item).width == 5
        with pytest.raises(kalends.InvalidArgumentError):
            layout.set_intrinsic_size(item, float("nan"))
        with pytest.raises(kalends.NotFoundError):
            layout.frame(999)


def test_right_to_left_reads_leading_from_the_right() -> None:
    with AutoLayout() as layout:
        layout.set_item_size(kalends.SCREEN, 400, 100)
        tag = layout.add_item()
        pin(layout, tag, Attribute.LEADING, kalends.SCREEN, constant=10)
        pin(layout, tag, Attribute.TOP, kalends.SCREEN)
        layout.set_intrinsic_size(tag, 50, 20)
        layout.solve()
        assert layout.frame(tag) == Rect(10, 0, 50, 20)
        layout.set_right_to_left(True)
        layout.solve()
        assert layout.frame(tag) == Rect(340, 0, 50, 20)


def test_first_baselines_align() -> None:
    with AutoLayout() as layout:
        big, small = layout.add_item(), layout.add_item()
        layout.set_intrinsic_size(big, 100, 40)
        layout.set_intrinsic_size(small, 60, 16)
        layout.set_baselines(big, 30)
        layout.set_baselines(small, 12)
        pin(layout, big, Attribute.TOP, constant=0)
        pin(layout, big, Attribute.LEFT, constant=0)
        pin(layout, small, Attribute.LEFT, big, Attribute.RIGHT, constant=8)
        pin(layout, small, Attribute.FIRST_BASELINE, big)
        layout.solve()
        assert layout.frame(small) == Rect(108, 18, 60, 16)
        assert Relation.EQUAL == 0

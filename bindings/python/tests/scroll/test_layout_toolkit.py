"""Scrolling calendars, flow layout and alt-basis constraints from Python."""
from __future__ import annotations

import datetime

import pytest

import kalends
from kalends import Attribute, AutoLayout, Axis, Basis, Constraint, ElementKind, Relation, Scroll, ScrollPosition

D = datetime.date


def key(e: kalends.Element) -> tuple[int, int, int]:
    return (int(e.kind), e.index, e.day_number)


@pytest.mark.parametrize("axis", list(Axis))
def test_adjacent_viewports_cover_every_element_once(axis: Axis) -> None:
    cal = kalends.Calendar(first_weekday=kalends.Weekday.SUNDAY, today=D(2026, 11, 22))
    s = Scroll(cal, first_month=D(2026, 1, 1), last_month=D(2026, 6, 1), axis=axis, width=350, scale=2,
               column_spacing=1, month_spacing=17)
    size, unbounded = s.content_size()
    assert not unbounded and s.month_count == 6
    everything = s.elements((0, 0, size.width, size.height))
    assert len({key(e) for e in everything}) == len(everything)
    days = [e for e in everything if e.kind == ElementKind.DAY]
    assert sorted(e.day_number for e in days) == list(range(kalends.day_number(D(2026, 1, 1)),
                                                            kalends.day_number(D(2026, 7, 1))))
    length = size.height if axis == Axis.VERTICAL else size.width
    for step in (41.0, 250.0):
        union = set()
        offset = 0.0
        while offset < length:
            vp = (0, offset, size.width, step) if axis == Axis.VERTICAL else (offset, 0, step, size.height)
            for e in s.elements(vp):
                f = e.frame
                assert f.x < vp[0] + vp[2] and f.max_x > vp[0] and f.y < vp[1] + vp[3] and f.max_y > vp[1]
                union.add(key(e))
            offset += step
        assert union == {key(e) for e in everything}


def test_ten_thousand_years_and_open_ended_ranges() -> None:
    long = Scroll(first_month=D(1, 1, 1), last_month=kalends.Date(10000, 12, 1), width=390)
    assert long.month_count == 120_000
    y = long.offset(D(2026, 11, 22), ScrollPosition.START, 800)
    assert long.visible_months((0, y, 390, 10)) == (D(2026, 11, 1), D(2026, 11, 1))
    found = long.visible_days((0, y, 390, 1))
    assert found is not None and D(2026, 11, 22) in found
    open_ended = Scroll(first_month=D(2026, 1, 1), width=390)
    size, unbounded = open_ended.content_size()
    assert unbounded and size.height == float("inf")
    far = open_ended.offset(kalends.Date(100000, 1, 1), ScrollPosition.START, 500)
    assert open_ended.visible_months((0, far, 390, 100))[0] == kalends.Date(100000, 1, 1)   # type: ignore[index]
    with pytest.raises(kalends.OutOfRangeError):
        long.offset(kalends.Date(10001, 1, 1))
    with pytest.raises(kalends.NoIntrinsicMetricError):
        Scroll(first_month=D(2026, 1, 1))   # no width
    with pytest.raises(kalends.InvalidArgumentError):
        Scroll(first_month=D(2026, 5, 1), last_month=D(2026, 4, 1), width=300)
    with pytest.raises(kalends.InvalidArgumentError):
        long.elements((0, float("nan"), 10, 10))
    assert long.visible_days((0, -500, 390, 100)) is None


def test_offsets_place_the_date() -> None:
    s = Scroll(first_month=D(2026, 1, 1), last_month=D(2026, 12, 1), width=350)
    cell = next(e for e in s.elements((0, 0, 350, 1e6)) if e.kind == ElementKind.DAY
                and e.day_number == kalends.day_number(D(2026, 8, 20)))
    assert s.offset(D(2026, 8, 20), ScrollPosition.START, 700) == cell.frame.y
    assert s.offset(D(2026, 8, 20), ScrollPosition.END, 700) == cell.frame.max_y - 700
    assert s.offset(D(2026, 8, 20), ScrollPosition.CENTER, 700) == cell.frame.center.y - 350
    horizontal = Scroll(first_month=D(2026, 1, 1), last_month=D(2026, 12, 1), axis=Axis.HORIZONTAL, width=350,
                        month_spacing=0)
    assert horizontal.offset(D(2026, 3, 2), ScrollPosition.START, 350) == 700 + 0   # March's page, its first column


def test_flow_wraps_by_items_where_the_readme_formula_fails() -> None:
    result = kalends.flow_layout([(60, 20)] * 3, max_width=100)
    readme_lines = -(-180 // 100)   # ceil(total width / max width) = 2
    assert readme_lines == 2
    assert result.size.height == 3 * 20 and [f.y for f in result.frames] == [0, 20, 40]
    single = kalends.flow_layout([(30, 10), (40, 12)], item_spacing=5, padding=kalends.Insets(1, 2, 3, 4))
    assert single.size == kalends.Size(2 + 30 + 5 + 40 + 4, 1 + 12 + 3)   # the first pass: one line
    chips = kalends.flow_fit([(40, 14)] * 9, (84, 46), (30, 14), item_spacing=2, line_spacing=2)
    assert len(chips.frames) == 5 and chips.hidden == 4 and chips.more == kalends.Rect(42, 32, 30, 14)
    assert kalends.flow_fit([(40, 14)] * 2, (84, 46), (30, 14)).more is None
    with pytest.raises(kalends.InvalidArgumentError):
        kalends.flow_layout([(float("nan"), 1)])
    with pytest.raises(TypeError, match=r"items\[0\]\.width must be a number, not str"):
        kalends.flow_layout([("wide", 1)])  # type: ignore[list-item]


def test_constants_from_the_screen_in_portrait_and_landscape() -> None:
    with AutoLayout() as layout:
        view = layout.add_item()
        layout.set_item_size(kalends.SCREEN, 390, 844)
        quarter = layout.add_constraint(Constraint(view, Attribute.WIDTH, alt_item=kalends.SCREEN,
                                                   alt_basis=Basis.SHORTER_EDGE, alt_multiplier=0.25))
        top = layout.add_constraint(Constraint(view, Attribute.TOP, second_item=kalends.SCREEN,
                                               second_attribute=Attribute.TOP, alt_item=kalends.SCREEN,
                                               alt_basis=Basis.HEIGHT, alt_multiplier=0.1))
        clamped = layout.add_constraint(Constraint(view, Attribute.HEIGHT, Relation.GREATER_OR_EQUAL,
                                                   alt_item=kalends.SCREEN, alt_basis=-4, alt_multiplier=0.5))
        assert layout.constant(quarter) == 97.5
        assert layout.constant(top) == pytest.approx(84.4)
        assert layout.constant(clamped) == 195   # a basis below 1 is the width
        layout.set_item_size(kalends.SCREEN, 844, 390)   # landscape
        changes = layout.update_constants()
        assert [(c.constraint, c.new) for c in changes] == [(top, 39.0), (clamped, 422.0)]
        assert layout.constant(quarter) == 97.5          # the shorter edge is still 390
        assert layout.update_constants() == []
        with pytest.raises(kalends.NotFoundError):
            layout.constant(999)
        with pytest.raises(kalends.InvalidArgumentError):
            layout.add_constraint(Constraint(view, Attribute.WIDTH, second_item=view, second_attribute=Attribute.TOP))

"""Where the time grid puts its hour labels: in the margin beside the columns on the
page's start side, left of them left to right and right of them right to left (a Hebrew
or Arabic week reads from the right: its hours stand at the right edge), never over a
column."""
from __future__ import annotations

import datetime as dt

import pytest

from kalends import DisplayMode, EventStore, View
from kalends.geometry import Insets
from kalends.time_grid import TimeGrid

WIDTH, MARGIN = 700.0, 52.0


def week(right_to_left: bool) -> View:
    insets = Insets(0, 0, 0, MARGIN) if right_to_left else Insets(0, MARGIN, 0, 0)
    view = View(width=WIDTH, insets=insets, right_to_left=right_to_left)
    view.set_mode(DisplayMode.WEEK)
    view.go_to(dt.date(2026, 11, 18))
    return view


@pytest.mark.parametrize("right_to_left", [False, True])
def test_hour_labels_stand_in_the_margin_on_the_start_side(right_to_left: bool) -> None:
    grid = TimeGrid(week(right_to_left), EventStore([]), None, first_hour=7, last_hour=21, hour_height=30.0)
    g = grid.grid
    assert len(grid.hours) == 14
    columns = [(c.frame.x, c.frame.x + c.frame.width) for c in grid.columns]
    if right_to_left:
        assert columns[0][0] > columns[-1][0]                 # the first day is the rightmost column
        assert g.x == pytest.approx(0) and g.x + g.width == pytest.approx(WIDTH - MARGIN)
    else:
        assert g.x == pytest.approx(MARGIN) and g.x + g.width == pytest.approx(WIDTH)
    for i, hour in enumerate(grid.hours):
        label = hour.label
        assert (label.y, label.height) == (hour.frame.y, hour.frame.height)
        assert label.width == pytest.approx(MARGIN)
        assert label.x == pytest.approx(WIDTH - MARGIN if right_to_left else 0.0)
        assert all(label.x + label.width <= a + 1e-9 or label.x >= b - 1e-9 for a, b in columns), i

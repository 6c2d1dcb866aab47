"""Points, sizes and rectangles of view coordinates (``kalends_point``, ``kalends_size``,
``kalends_rect``): origin at the top left, y downwards, in points."""
from __future__ import annotations

from typing import NamedTuple


class Point(NamedTuple):
    x: float
    y: float


class Size(NamedTuple):
    width: float
    height: float


class Rect(NamedTuple):
    x: float
    y: float
    width: float
    height: float

    @property
    def max_x(self) -> float:
        return self.x + self.width

    @property
    def max_y(self) -> float:
        return self.y + self.height

    @property
    def center(self) -> Point:
        return Point(self.x + self.width / 2, self.y + self.height / 2)

    def contains(self, x: float, y: float) -> bool:
        """Half-open: right and bottom edges belong to the neighbours."""
        return self.x <= x < self.max_x and self.y <= y < self.max_y


class Insets(NamedTuple):
    top: float = 0
    left: float = 0
    bottom: float = 0
    right: float = 0

"""Flow layout: ``kalends_flow_layout`` and ``kalends_flow_fit``."""
from __future__ import annotations

import ctypes
from ctypes import byref, c_int32
from typing import NamedTuple, Optional, Sequence, Union

from ._checks import insets, number, pair
from ._native import CFlowFitResult, CFlowOptions, CRect, CSize, check, lib
from .geometry import Insets, Rect, Size

SizeLike = Union[Size, tuple[float, float]]


class FlowResult(NamedTuple):
    frames: list[Rect]
    size: Size  # the widest line and all lines, with padding


class FitResult(NamedTuple):
    frames: list[Rect]  # the items shown
    more: Optional[Rect]  # the "+N more" item, when not all fit
    hidden: int  # N


def _options(max_width: float | None, item_spacing: float, line_spacing: float, padding: Insets) -> CFlowOptions:
    o = CFlowOptions()
    check(lib.kalends_flow_options_init(byref(o)))
    o.max_width = 0.0 if max_width is None else number(max_width, "max_width")
    o.item_spacing, o.line_spacing = number(item_spacing, "item_spacing"), number(line_spacing, "line_spacing")
    o.padding_top, o.padding_left, o.padding_bottom, o.padding_right = insets(padding, "padding")
    return o


def _sizes(items: Sequence[SizeLike]) -> "ctypes.Array[CSize]":
    if isinstance(items, (str, bytes)) or not hasattr(items, "__len__"):
        raise TypeError(f"items must be a sequence of (width, height) pairs, not {type(items).__name__}")
    return (CSize * max(1, len(items)))(*(CSize(*pair(item, f"items[{i}]")) for i, item in enumerate(items)))


def flow_layout(items: Sequence[SizeLike], *, max_width: float | None = None, item_spacing: float = 0,
                line_spacing: float = 0, padding: Insets = Insets()) -> FlowResult:
    """Items placed left to right, wrapping by whole items at ``max_width`` (None: one
    line, the first of SquareView's two passes)."""
    o = _options(max_width, item_spacing, line_spacing, padding)
    buf = _sizes(items)
    frames = (CRect * max(1, len(items)))()
    count, size = c_int32(), CSize()
    check(lib.kalends_flow_layout(buf, len(items), byref(o), frames, len(items), byref(count), byref(size)))
    return FlowResult([Rect(f.x, f.y, f.width, f.height) for f in frames[: count.value]], Size(size.width, size.height))


def flow_fit(items: Sequence[SizeLike], box: SizeLike, more: SizeLike, *, item_spacing: float = 0,
             line_spacing: float = 0, padding: Insets = Insets()) -> FitResult:
    """As many items as fit ``box``; when not all do, a "+N more" item of size ``more``
    takes the last place (event chips in a day cell)."""
    o = _options(None, item_spacing, line_spacing, padding)
    buf = _sizes(items)
    frames = (CRect * max(1, len(items)))()
    count, result = c_int32(), CFlowFitResult()
    check(lib.kalends_flow_fit(buf, len(items), byref(o), byref(CSize(*pair(box, "box"))), byref(CSize(*pair(more, "more"))), frames,
                               len(items), byref(count), byref(result)))
    m = result.more
    return FitResult([Rect(f.x, f.y, f.width, f.height) for f in frames[: count.value]],
                     Rect(m.x, m.y, m.width, m.height) if result.has_more else None, result.hidden)


__all__ = ["flow_layout", "flow_fit", "FlowResult", "FitResult"]

"""Sets of half-open ranges of instants [start, end): what a source has fetched."""
from __future__ import annotations

from typing import Optional


class Ranges:
    """Disjoint, sorted ranges [start, end); merging on add. O(k) for k ranges (a
    source's few visited stretches)."""

    def __init__(self) -> None:
        self._spans: list[tuple[int, int]] = []

    def add(self, start: int, end: int) -> None:
        kept, a, b = [], start, end
        for s, e in self._spans:
            if e < a or s > b:
                kept.append((s, e))
            else:
                a, b = min(a, s), max(b, e)
        kept.append((a, b))
        self._spans = sorted(kept)

    def missing(self, start: int, end: int) -> Optional[tuple[int, int]]:
        """The smallest range that holds every part of [start, end) not covered (None:
        all covered)."""
        gaps, at = [], start
        for s, e in self._spans:
            if e <= at:
                continue
            if s >= end:
                break
            if s > at:
                gaps.append((at, s))
            at = max(at, e)
        if at < end:
            gaps.append((at, end))
        return (gaps[0][0], gaps[-1][1]) if gaps else None

    def spans(self) -> list[tuple[int, int]]:
        return list(self._spans)

    def clear(self) -> None:
        self._spans = []


__all__ = ["Ranges"]

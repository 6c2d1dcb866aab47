"""Right-to-left text for Tk 8.6, which draws a string's characters in memory order: the
string reordered for display (a simplified Unicode bidi: a paragraph holding a
right-to-left letter is right to left; runs of right-to-left letters are reversed, runs
of left-to-right letters and numbers keep their order, and the runs' order is reversed;
neutrals join the right-to-left side, except between two left-to-right runs). Arabic
letters are not shaped (Tk 8.6 draws them unjoined): a known limit of the toolkit."""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import List, Tuple

_RTL = {"R", "AL"}
_LTR = {"L", "EN", "AN"}


def _kind(ch: str) -> str:
    c = unicodedata.bidirectional(ch)
    return "r" if c in _RTL else "l" if c in _LTR else "n"


@lru_cache(maxsize=4096)
def visual(text: str) -> str:
    """``text`` in display order for a toolkit without bidi (unchanged without RTL letters)."""
    kinds = [_kind(ch) for ch in text]
    if "r" not in kinds:
        return text
    # neutrals between two left-to-right characters are left to right; others right to left
    resolved: List[str] = []
    for i, k in enumerate(kinds):
        if k != "n":
            resolved.append(k)
            continue
        before = next((kinds[j] for j in range(i - 1, -1, -1) if kinds[j] != "n"), "r")
        after = next((kinds[j] for j in range(i + 1, len(kinds)) if kinds[j] != "n"), "r")
        resolved.append("l" if before == after == "l" else "r")
    runs: List[Tuple[str, str]] = []
    for ch, k in zip(text, resolved):
        if runs and runs[-1][0] == k:
            runs[-1] = (k, runs[-1][1] + ch)
        else:
            runs.append((k, ch))
    return "".join(chars[::-1] if k == "r" else chars for k, chars in reversed(runs))

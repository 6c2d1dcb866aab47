"""UTS #35's split of an interval pattern into the parts of its two dates, shared by
tools/cldr/generate_locales.py (the tables) and the tests that check intervals against
CLDR's patterns (bindings/python/tests/locale/test_format_interval_chinese.py). No
dependencies."""
from __future__ import annotations


# Pattern letters of one calendar field (UTS #35: "the first field that repeats").
SAME_FIELD = {"L": "M", "c": "E", "e": "E"}


def split_interval(pattern: str) -> tuple[str, str]:
    """An intervalFormatItem's pattern split as UTS #35 says: the end part starts at the
    first field whose calendar field already appeared (L repeats M, c and e repeat E).
    babel 2.18 splits at every repeated letter and joins only two pieces: where CLDR 47
    has a pattern that repeats a field twice or a field by another letter (fa's "LLL تا
    MMM y", de_LU's GyMMMEd), the tables follow CLDR and the test names the case."""
    seen: set[str] = set()
    quoted = False
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "'":
            quoted = not quoted
        elif not quoted and ch.isascii() and ch.isalpha():
            field = SAME_FIELD.get(ch, ch)
            if field in seen:
                return pattern[:i], pattern[i:]
            seen.add(field)
            while i + 1 < len(pattern) and pattern[i + 1] == ch:
                i += 1
        i += 1
    return pattern, ""

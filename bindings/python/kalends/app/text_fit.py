"""Text in the pictures' boxes: how wide a string is drawn, and a string cut (with an
ellipsis) or wrapped into lines so that it stays inside a box.

Widths are the advance widths of DejaVu Sans (Book and Bold), the widest of the fonts
the pictures ask for (``system-ui``, Segoe UI, Roboto, then DejaVu Sans, which most
Linux machines draw ``system-ui`` with): text measured so fits in any of them. The
host's toolkit would measure with its own font; the SVG pictures cannot ask theirs."""
from __future__ import annotations

import unicodedata

#: Advance widths of the printable ASCII characters (32 ... 126) in DejaVu Sans, in
#: units of 1/2048 em (the fonts' hmtx tables), Book then Bold.
_BOOK = (
    651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690, 1303, 1303, 1303, 1303,
    1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087, 2048, 1401, 1405, 1430, 1577, 1294, 1178,
    1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612, 1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251,
    1403, 799, 690, 799, 1716, 1024, 1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995,
    1298, 1253, 1300, 1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716)
_BOLD = (
    713, 934, 1067, 1716, 1425, 2052, 1786, 627, 936, 936, 1071, 1716, 778, 850, 778, 748, 1425, 1425, 1425, 1425,
    1425, 1425, 1425, 1425, 1425, 1425, 819, 819, 1716, 1716, 1716, 1188, 2048, 1585, 1561, 1503, 1700, 1399, 1399,
    1681, 1714, 762, 762, 1587, 1305, 2038, 1714, 1741, 1501, 1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579, 1483,
    1485, 936, 748, 936, 1716, 1024, 1024, 1382, 1466, 1214, 1466, 1389, 891, 1466, 1458, 702, 702, 1362, 702, 2134,
    1458, 1407, 1466, 1466, 1010, 1219, 979, 1458, 1335, 1892, 1321, 1335, 1192, 1458, 748, 1458, 1716)
_UNITS = 2048
#: Dashes and the ellipsis (the same in both weights), in units.
_PUNCTUATION = {"–": 1024, "—": 2048, "…": 2048, "\u00a0": 651}
#: What an unknown character is taken to take: wider than any Latin lower-case letter.
_OTHER, _WIDE = 0.75, 1.0
ELLIPSIS = "…"
#: Above and below the baseline, in em: DejaVu Sans' capital height (with accents'
#: room) and its descender. A line is drawn at ``LINE_HEIGHT`` em.
ASCENT, DESCENT, LINE_HEIGHT = 0.76, 0.24, 1.2


def _char_em(ch: str, bold: bool) -> float:
    code = ord(ch)
    if 32 <= code <= 126:
        return (_BOLD if bold else _BOOK)[code - 32] / _UNITS
    if ch in _PUNCTUATION:
        return _PUNCTUATION[ch] / _UNITS
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0.0
    base = unicodedata.normalize("NFD", ch)[0]
    if base != ch and 32 <= ord(base) <= 126:   # é, Ö, ç: as wide as e, O, c
        return _char_em(base, bold)
    return _WIDE if unicodedata.east_asian_width(ch) in ("W", "F") else _OTHER


def width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` drawn at ``size`` points (its characters' advances)."""
    return size * sum(_char_em(ch, bold) for ch in text)


def ellipsize(text: str, room: float, size: float, bold: bool = False) -> str:
    """``text`` if it fits in ``room`` points, else its longest start that fits with an
    ellipsis after it; where not even one character and the ellipsis fit, the characters
    that fit alone ("" when none does)."""
    if width(text, size, bold) <= room:
        return text
    head = _start(text, room - width(ELLIPSIS, size, bold), size, bold).rstrip()
    return head + ELLIPSIS if head else _start(text, room, size, bold).rstrip()


def _start(text: str, room: float, size: float, bold: bool) -> str:
    """The longest start of ``text`` no wider than ``room``."""
    used, cut = 0.0, 0
    for ch in text:
        used += size * _char_em(ch, bold)
        if used > room:
            break
        cut += 1
    return text[:cut]


def wrap(text: str, room: float, size: float, bold: bool = False, max_lines: int = 1) -> list[str]:
    """``text`` in at most ``max_lines`` lines of at most ``room`` points: broken at
    spaces, a word longer than a line at characters; the last line cut with an ellipsis
    when text is left over. No line when not even one character fits."""
    if max_lines < 1 or room <= 0:
        return []
    lines: list[str] = []
    rest = " ".join(text.split())
    while rest and len(lines) < max_lines:
        if len(lines) == max_lines - 1 or width(rest, size, bold) <= room:
            last = ellipsize(rest, room, size, bold)
            return lines + [last] if last else lines
        line = _longest_start(rest, room, size, bold)
        if not line:
            return lines
        lines.append(line.rstrip())
        rest = rest[len(line):].lstrip()
    return lines


def wraps_whole(text: str, room: float, size: float, bold: bool = False, max_lines: int = 1) -> bool:
    """True when ``text`` fits in ``max_lines`` lines of ``room`` points broken only at
    spaces (no word cut, no ellipsis)."""
    lines, line = 0, ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if width(joined, size, bold) <= room:
            line = joined
            continue
        if width(word, size, bold) > room:
            return False
        lines, line = lines + 1, word
    return lines + (1 if line else 0) <= max_lines


def _longest_start(text: str, room: float, size: float, bold: bool) -> str:
    """The longest start of ``text`` that fits: up to a space where one is in reach, else
    as many characters as fit."""
    used, fits, space = 0.0, 0, -1
    for i, ch in enumerate(text):
        used += size * _char_em(ch, bold)
        if used > room:
            break
        fits = i + 1
        if ch == " ":
            space = i
    if fits == len(text):
        return text
    if text[fits:fits + 1] == " ":   # the break falls on a space
        return text[:fits]
    return text[:space + 1] if space > 0 else text[:fits]

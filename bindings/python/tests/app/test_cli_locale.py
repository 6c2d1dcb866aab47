"""python -m kalends --locale: a CLDR locale's names, digits, weeks and direction in text,
JSON and SVG, for Gregorian pages and for calendar systems. The layout oracle is Python's
calendar module (its weeks from the locale's first weekday), the words are babel's
(CLDR 47), written in the locale's digits."""
from __future__ import annotations

import calendar
import datetime
import json
import re
from pathlib import Path

import required

from kalends import Locale

from test_cli_calendar_dropin import kalends, python_calendar

babel = required.module("babel", "babel 2.18 (CLDR 47) is the oracle", version="2.18.0")
from babel import localedata  # noqa: E402
from babel.dates import format_skeleton  # noqa: E402


def parse(name: str) -> "babel.Locale":
    """babel's locale, its cache cleared first (babel #1234: shared caches corrupt others)."""
    localedata._cache.clear()
    return babel.Locale.parse(name)

ARABIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def fitting(names: list[str], width: int) -> str:
    """The first of CLDR's abbreviated, short, narrow names that fits the column."""
    return next((n for n in names if len(n) <= width), names[-1][:width])


def test_arabic_egypt_prints_arabic_names_digits_saturday_first_right_to_left() -> None:
    code, out, err = kalends(["--locale", "ar_EG", "2026", "11"])
    assert code == 0, err
    lines = out.decode().splitlines()
    loc = parse("ar_EG")
    title = format_skeleton("yMMMM", datetime.date(2026, 11, 1), locale=loc).translate(ARABIC)
    assert lines[0] == title.center(20).rstrip()
    # CLDR's weekData for EG: Saturday first; right to left: Saturday is the rightmost column
    order = [5, 6, 0, 1, 2, 3, 4]   # babel's weekday numbers (0 = Monday), Saturday first
    names = [fitting([loc.days["stand-alone"][w][i] for w in ("abbreviated", "short", "narrow")], 2) for i in order]
    assert lines[1] == " ".join(n.center(2) for n in reversed(names)).rstrip()
    weeks = calendar.Calendar(firstweekday=5).monthdayscalendar(2026, 11)
    expected = [" ".join((f"{d:2d}".translate(ARABIC) if d else "  ") for d in reversed(w)).rstrip() for w in weeks]
    assert lines[2:] == expected
    assert "٢٢" in out.decode() and "22" not in out.decode()


def test_english_locales_with_an_encoding_are_python_calendars_bytes() -> None:
    for locale in ("C", "en_US", "en_GB.UTF-8"):
        for args in (["2026", "11"], ["2024"], ["-w", "9", "2026", "2"], ["-t", "html", "2026"]):
            ours = kalends(["-L", locale, "-e", "utf-8", *args])
            theirs = python_calendar(["-e", "utf-8", *args])
            assert ours[0] == 0 and ours[1] == theirs[1], (locale, args, ours[2])


def test_a_locale_with_an_encoding_keeps_pythons_monday_and_takes_the_names() -> None:
    code, out, _ = kalends(["-L", "de_DE.UTF-8", "-e", "utf-8", "2026", "1"])
    lines = out.decode().splitlines()
    de = parse("de_DE")
    assert code == 0 and lines[0].strip() == format_skeleton("yMMMM", datetime.date(2026, 1, 1), locale=de)
    assert lines[1].split() == [fitting([de.days["stand-alone"][w][i] for w in ("abbreviated", "short", "narrow")], 2)
                                for i in range(7)]                       # Monday first, as python -m calendar
    ours = [line.split() for line in lines[2:]]
    assert ours == [[str(d) for d in w if d] for w in calendar.Calendar(0).monthdayscalendar(2026, 1)]


def test_without_an_encoding_the_locales_week_applies_unless_given() -> None:
    code, out, _ = kalends(["--locale", "en_US", "2026", "11"])
    assert code == 0 and out.decode().splitlines()[1] == "Su Mo Tu We Th Fr Sa"    # US: Sunday first
    code, out, _ = kalends(["--locale", "en_US", "-f", "mon", "2026", "11"])
    assert out.decode().splitlines()[1] == "Mo Tu We Th Fr Sa Su"
    code, out, _ = kalends(["--locale", "fr_FR", "-w", "9", "2026", "11"])
    fr = parse("fr_FR")
    assert out.decode().splitlines()[1].split() == [fr.days["stand-alone"]["wide"][i] for i in range(7)]


def test_json_and_svg_carry_the_locale(tmp_path: Path) -> None:
    svg = tmp_path / "ar.svg"
    code, out, err = kalends(["--locale", "ar_EG", "2026", "11", "--json", "--today", "2026-11-22", "--svg", str(svg)])
    assert code == 0, err
    doc = json.loads(out)
    loc = Locale("ar_EG")
    assert (doc["locale"], doc["direction"], doc["first_weekday"], doc["min_days_in_first_week"]) == ("ar_EG", "rtl", 6, 1)
    assert doc["title"] == loc.format_month_year(2026, 11)
    assert doc["weekdays"][0] == loc.weekday_names("abbreviated", "stand-alone")[5]       # Saturday first
    assert [d["weekday"] for d in doc["weeks"][0]["days"]] == [6, 7, 1, 2, 3, 4, 5]
    assert {d["date"] for w in doc["weeks"] for d in w["days"] if "weekend" in d["flags"] and "in_month" in d["flags"]} \
        >= {"2026-11-06", "2026-11-07"}                                                  # Friday and Saturday
    picture = svg.read_text(encoding="utf-8")
    assert f">{loc.format_month_year(2026, 11)}<" in picture and ">٢٢<" in picture
    labels = re.findall(r'class="weekday-label" x="([\d.]+)"[^>]*>([^<]*)<', picture)
    rightmost = max(labels, key=lambda t: float(t[0]))[1]
    assert rightmost in [loc.weekday_names(w, "stand-alone")[5] for w in ("abbreviated", "short", "narrow")]


def test_hebrew_calendar_in_hebrew() -> None:
    code, out, err = kalends(["--locale", "he_IL", "--calendar", "hebrew", "5787", "3"])
    assert code == 0, err
    lines = out.decode().splitlines()
    he = Locale("he_IL")
    assert lines[0].strip() == he.format_month_year(5787, 3, calendar="hebrew") and "כסלו" in lines[0]
    assert he.month_names(calendar="hebrew")[2] == "כסלו"
    # he_IL: Sunday first, right to left: Sunday's name is the rightmost label
    assert lines[1].split()[-1] in (he.weekday_names(w, "stand-alone")[6] for w in ("abbreviated", "short", "narrow"))
    code, out, _ = kalends(["--locale", "he_IL", "--calendar", "hebrew", "5787", "3", "--json"])
    doc = json.loads(out)
    assert doc["locale"] == "he_IL" and doc["months"][0]["title"] == he.format_month_year(5787, 3, calendar="hebrew")
    code, out, _ = kalends(["--calendar", "hebrew", "5787", "3"])
    assert out.decode().splitlines()[0].strip() == "hebrew 5787 month 3"   # without a locale, as before


def test_hebrew_calendar_in_hebrew_numerals() -> None:
    """kalends --locale he_IL --calendar hebrew 5787: the year of the titles and the days
    of the grid in Hebrew numerals, as he's Hebrew dates write them (CLDR's
    numbers="hebr" on its date patterns; the long date's first word is the day, its last
    the year: "י״ב בכסלו תשפ״ז"), not in digits (issue 24: "תשרי 5787", "1 ... 30")."""
    he = Locale("he_IL")
    code, out, err = kalends(["--locale", "he_IL", "--calendar", "hebrew", "5787", "--today", "2026-01-01"])
    assert code == 0, err
    text = out.decode()
    assert not re.search(r"[0-9]", text), text
    code, out, _ = kalends(["--calendar", "hebrew", "5787", "--json", "--today", "2026-01-01"])
    months = json.loads(out)["months"]
    pages = text.split("\n\n")
    assert len(pages) == len(months) == 13      # 5787 is a leap year
    for page, month in zip(pages, months):
        days = [d for w in month["weeks"] for d in w["days"] if "in_month" in d["flags"]]
        words = [he.format_date(d["day_number"], "long", calendar="hebrew").split() for d in days]
        assert page.splitlines()[0].strip() == he.format_month_year(5787, month["month"], calendar="hebrew")
        assert page.splitlines()[0].split()[-1] == words[0][-1] == "תשפ״ז"
        # right to left: each row's cells read from the right
        cells = [cell for line in page.splitlines()[2:] for cell in reversed(line.split())]
        assert cells == [w[0] for w in words]
        assert cells[:3] == ["א׳", "ב׳", "ג׳"] and "ט״ו" in cells and "ט״ז" in cells


def test_day_labels_follow_the_calendars_numbering(tmp_path: Path) -> None:
    """A Chinese month in zh: its days as 初一 ... 三十 (zh's Chinese dates carry
    numbers="d=hanidays"), in text and SVG; the same days in a Gregorian page stay digits."""
    zh = Locale("zh")
    code, out, err = kalends(["--locale", "zh", "--calendar", "chinese", "4663", "1", "--json"])
    assert code == 0, err
    days = [d for w in json.loads(out)["months"][0]["weeks"] for d in w["days"] if "in_month" in d["flags"]]
    expected = [zh.format_pattern(d["day_number"], "d", calendar="chinese", numbers="d=hanidays") for d in days]
    assert expected[:3] == ["初一", "初二", "初三"]
    assert [zh.format_day(d["day_number"], calendar="chinese") for d in days] == expected
    code, out, _ = kalends(["--locale", "zh", "--calendar", "chinese", "4663", "1"])
    assert [c for line in out.decode().splitlines()[2:] for c in line.split()] == expected
    picture = tmp_path / "chinese.svg"
    code, _, err = kalends(["--locale", "zh", "--calendar", "chinese", "4663", "1", "--svg", str(picture)])
    assert code == 0, err
    assert all(f">{label}<" in picture.read_text(encoding="utf-8") for label in expected)
    assert [zh.format_day(d["day_number"]) for d in days[:3]] == [str(datetime.date.fromordinal(d["day_number"] + 719163).day)
                                                                  for d in days[:3]]

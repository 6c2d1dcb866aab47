"""kalends.Locale through the C ABI against babel 2.18 (CLDR 47), every locale.

The expectations come from tools/cldr/babel_oracle.py: names, week data from CLDR's
territory tables through likely subtags (not babel's Locale.first_week_day & co., which
are wrong for 224 language-only locales and 8 pt_* ones), direction, digits, the four
date styles and the month-year title with number fields in the locale's native digits,
every locale on six dates.
"""
from __future__ import annotations

import datetime
import sys
from pathlib import Path
from typing import Any

import pytest
import required

import kalends
from kalends import Calendar, CalendarSystem, Locale, View, Weekday

babel = required.module("babel", "babel 2.18 (CLDR 47) is the oracle", version="2.18.0")

sys.path.insert(0, str(Path(__file__).resolve().parents[4] / "tools" / "cldr"))
import babel_oracle  # noqa: E402

from babel import localedata  # noqa: E402

#: Where babel is not CLDR 47 and the library follows CLDR (as ICU 77 does): haw's short
#: date carries numbers="M=romanlow" ("22/xi/26"), which babel ignores.
BABEL_DEVIATIONS = {("haw", "short"), ("haw_US", "short")}
NOV22 = datetime.date(2026, 11, 22)


@pytest.fixture(scope="module")
def tables() -> tuple[dict[str, Any], dict[str, Any]]:
    return babel_oracle.territory_week_tables()


def every_locale() -> list[str]:
    return sorted(set(localedata.locale_identifiers()) | {"root"})


def compare(name: str, expected: dict[str, Any], dates: list[datetime.date]) -> list[str]:
    """The differences between the library's locale `name` and babel's expectations."""
    loc = Locale(name)
    misses = []

    def check(key: str, ours: object, theirs: object) -> None:
        if ours != theirs:
            misses.append(f"{name} {key}: babel {theirs!r}, kalends {ours!r}")

    check("resolves", (loc.identifier, loc.is_fallback), (name, False))
    for context in ("format", "stand-alone"):
        for width in ("wide", "abbreviated", "short", "narrow"):
            if width != "short":
                check(f"months {context} {width}", loc.month_names(width, context), expected["months"][f"{context} {width}"])
                check(f"eras {width}", loc.era_names(width), expected["eras"][width])
            check(f"weekdays {context} {width}", loc.weekday_names(width, context),
                  expected["weekdays"][f"{context} {width}"])
    check("am/pm", [loc.day_period_name("am"), loc.day_period_name("pm")], expected["am_pm"])
    week = expected["week"]
    check("week", (loc.first_weekday, loc.min_days, loc.weekend),
          (Weekday(week["first_weekday"]), week["min_days"], frozenset(Weekday(d) for d in week["weekend"])))
    check("direction", loc.direction, expected["direction"])
    check("character order", loc.character_order, expected["character_order"])
    check("digits", loc.digits, expected["digits"])
    for d in dates:
        row = expected["formats"][d.isoformat()]
        for style in ("full", "long", "medium", "short"):
            if (name, style) not in BABEL_DEVIATIONS:
                check(f"{style} {d}", loc.format_date(d, style), row[style])
        check(f"yMMMM {d}", loc.format_month_year(d.year, d.month), row["yMMMM"])
    return misses


def test_every_locale_matches_babel_on_six_dates(tables: tuple[dict[str, Any], dict[str, Any]]) -> None:
    """Every locale's names, week data, direction, digits, four date styles and title on
    babel_oracle.DATES. (This is the comparison a Swift test of KalendsCore,
    LocaleBabelOracleTests, made when given the oracle's JSON by hand; it was removed:
    these are the same values, reached through the C ABI.)"""
    names = every_locale()
    assert Locale.identifiers() == names
    assert Locale.cldr_version() == 47
    misses = []
    for name in names:
        misses += compare(name, babel_oracle.expectations(name, *tables), babel_oracle.DATES)
    assert not misses, f"{len(misses)} differences:\n" + "\n".join(misses[:40])


def test_vertical_script_orders() -> None:
    """mn_Mong writes its characters top to bottom (babel's characterOrder, checked for
    every locale above) and its lines left to right: CLDR's mn_Mong.xml lineOrder,
    which babel does not import; every other CLDR 47 locale's lines run top to bottom.
    Its calendar's columns run left to right, the way its lines follow one another."""
    vertical = [n for n in every_locale() if Locale(n).character_order == "top-to-bottom"]
    assert vertical == ["mn_Mong", "mn_Mong_CN", "mn_Mong_MN"]
    for name in every_locale():
        loc = Locale(name)
        assert loc.line_order == ("left-to-right" if name in vertical else "top-to-bottom"), name
    mong = Locale("mn-Mong-CN")
    assert (mong.character_order, mong.line_order, mong.direction) == ("top-to-bottom", "left-to-right", "ltr")
    assert (Locale("ar").character_order, Locale("ar").line_order) == ("right-to-left", "top-to-bottom")
    assert (Locale("mn").character_order, Locale("mn").direction) == ("left-to-right", "ltr")


def test_the_named_deviation_still_occurs() -> None:
    """haw's short date has CLDR's Roman month (numbers="M=romanlow"); babel writes 11."""
    ours = Locale("haw").format_date(NOV22, "short")
    babel_oracle._digits_system[0] = "latn"     # haw's digits (the oracle writes numbers in a locale's own)
    theirs = babel.dates.format_date(NOV22, "short", locale="haw")
    assert ours == "22/xi/26" and theirs == "22/11/26"


# -- identifiers, fallback, spellings ----------------------------------------------------


@pytest.mark.parametrize("requested, resolved, fallback", [
    ("de_AT", "de_AT", False), ("de-AT", "de_AT", False), ("de_AT.UTF-8", "de_AT", False),
    ("de_XX", "de", True), ("xx", "root", True), ("C", "en_US_POSIX", False), ("POSIX", "en_US_POSIX", False),
    ("iw", "he", False), ("zh_TW", "zh_Hant_TW", False), ("sr_RS@latin", "sr_Latn_RS", False),
    ("ar-EG-u-ca-islamic-fw-sat", "ar_EG", False), ("", "root", False), ("root", "root", False),
    ("!!", "root", True),
])
def test_identifiers_resolve_along_cldr_chains(requested: str, resolved: str, fallback: bool) -> None:
    loc = Locale(requested)
    assert (loc.identifier, loc.is_fallback, loc.requested) == (resolved, fallback, requested)


def test_unicode_extensions_and_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Locale("de-u-fw-sun").first_weekday == Weekday.SUNDAY
    assert Locale("de").first_weekday == Weekday.MONDAY
    assert Locale("he-IL-u-ca-hebrew").calendar == "hebrew" and Locale("he_IL").calendar is None
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_TIME", "fr_CA.UTF-8")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert Locale().identifier == "fr_CA"          # POSIX: LC_ALL, then LC_TIME, then LANG
    monkeypatch.setenv("LC_ALL", "ja_JP")
    assert Locale().identifier == "ja_JP"


def test_week_data_from_territories_not_babels_locale_properties() -> None:
    """babel's Locale.first_week_day is the world default (Monday) for language-only
    locales and pt_PT's for pt_MZ; CLDR's territory rule (and Foundation) say otherwise."""
    assert babel.Locale.parse("en").first_week_day == 0 and Locale("en").first_weekday == Weekday.SUNDAY
    assert babel.Locale.parse("ar").first_week_day == 0 and Locale("ar").first_weekday == Weekday.SATURDAY
    assert Locale("ar").weekend == {Weekday.FRIDAY, Weekday.SATURDAY}
    assert Locale("pt_MZ").first_weekday == Weekday.SUNDAY and Locale("pt_MZ").min_days == 1
    assert (Locale("fa").weekend, Locale("fa").direction) == ({Weekday.FRIDAY}, "rtl")


# -- names and formats of other calendar systems ------------------------------------------


def test_calendar_systems_names_follow_the_systems_months() -> None:
    """format_pattern's M, d, y are the system's own fields (CalendarSystem.from_day),
    and its MMMM is month_names' name of that month (Hebrew leap years: Adar II)."""
    he = Locale("he_IL")
    en = Locale("en")
    names = en.month_names(calendar="hebrew")
    assert len(names) == 14 and names[2] == "Kislev" and names[13] == "Adar II"
    hebrew = CalendarSystem("hebrew")
    for day in range(20000, 20800, 37):
        s = hebrew.from_day(day)
        leap = hebrew.months_in_year(0, s.year) == 13
        # ICU's numeric month: 1...12 in common years (Adar is 6 there, 7 in the system's numbering)
        number = s.month - 1 if not leap and s.month >= 7 else s.month
        assert en.format_pattern(day, "M|d|y", calendar="hebrew") == f"{number}|{s.day}|{s.year}"
        expected = names[13] if leap and s.month == 7 else names[s.month - 1]
        assert en.format_pattern(day, "MMMM", calendar="hebrew") == expected
    assert he.format_month_year(5787, 3, calendar="hebrew").startswith(he.month_names(calendar="hebrew")[2])
    assert Locale("ar_SA").month_names(calendar="islamic-umalqura") == Locale("ar_SA").month_names(calendar="islamic")
    assert len(Locale("ja").era_names(calendar="japanese")) == 237


def test_hebrew_dates_titles_and_day_labels_in_hebrew_numerals() -> None:
    """he with the hebrew calendar, as ICU 77 (CLDR 47) writes it: the date styles carry
    numbers="hebr" (days and years in Hebrew numerals, CLDR's final pe and reordered
    sequences); the month-year title and a day's label take the same numbering (ICU keeps
    it when a formatter made for a date style is given their patterns; CLDR's yMMMM has
    no numbers attribute of its own, so a fresh formatter writes "כסלו 5787": see
    LocaleFoundationTests)."""
    he = Locale("he")
    assert he.format_date(NOV22, "long", calendar="hebrew") == "י״ב בכסלו תשפ״ז"
    assert he.format_date(NOV22, "full", calendar="hebrew") == "יום ראשון, י״ב בכסלו תשפ״ז"
    assert he.format_month_year(5787, 3, calendar="hebrew") == "כסלו תשפ״ז"
    assert he.format_day(NOV22, calendar="hebrew") == "י״ב" and he.format_day(NOV22) == "22"
    assert Locale("en").format_month_year(5787, 3, calendar="hebrew") == "Kislev 5787"
    view = View(Calendar(locale="he", system="hebrew", today=NOV22))
    assert view.title() == "כסלו תשפ״ז" and view.day_label(NOV22) == "י״ב"
    # thousands, as CLDR's hebrew rules write them (years outside 5001...5999)
    hebrew = CalendarSystem("hebrew")
    assert he.format_date(hebrew.to_day(0, 6001, 1, 1), "long", calendar="hebrew") == "א׳ בתשרי ו׳א׳"
    assert he.format_date(hebrew.to_day(0, 15015, 1, 1), "long", calendar="hebrew") == "א׳ בתשרי ט״ו׳ט״ו"
    # 5780 ends in a final pe (תש״ף), 5744 is reordered (תשד״מ), 5698 too (תרח״צ)
    assert he.format_date(datetime.date(2019, 10, 10), "long", calendar="hebrew") == "י״א בתשרי תש״ף"
    assert he.format_date(datetime.date(1983, 10, 10), "long", calendar="hebrew") == "ג׳ בחשוון תשד״מ"
    assert he.format_date(datetime.date(1937, 10, 10), "long", calendar="hebrew") == "ה׳ בחשוון תרח״צ"
    # Japanese titles in Japanese: an era's first year is 元 (ICU's rule for patterns with 年)
    assert Locale("ja").format_month_year(2019, 5, calendar="japanese") == "令和元年5月"
    assert Locale("ja").format_month_year(2020, 5, calendar="japanese") == "令和2年5月"
    assert Locale("en").format_month_year(2019, 5, calendar="japanese") == "May 1 Reiwa"


def test_accessibility_labels_say_today_in_the_locale() -> None:
    """The "today" of a label is CLDR's name of the current day (ICU 77: heute, היום,
    i dag); the other state words stay English (CLDR has none)."""
    for name, today in (("de", "heute"), ("he", "היום"), ("sv", "i dag"), ("en", "today")):
        view = View(Calendar(locale=name, today=NOV22))
        view.select(NOV22)
        label = view.accessibility_label(NOV22)
        assert label == Locale(name).format_date(NOV22, "full") + f", {today}, selected", label
    assert View(Calendar(locale="de", today=NOV22)).accessibility_label(NOV22 + datetime.timedelta(days=1)) == \
        "Montag, 23. November 2026"


def test_formats_in_native_digits_and_bad_input() -> None:
    ar = Locale("ar_EG")
    assert ar.digits == "٠١٢٣٤٥٦٧٨٩" and ar.number(2026) == "٢٠٢٦" and ar.number(-5) == "-٥"
    assert ar.format_month_year(2026, 11) == "نوفمبر ٢٠٢٦"
    assert Locale("en").format_time(15, 30) == "3:30\u202fPM" and Locale("de").format_hour(9) == "09 Uhr"
    with pytest.raises(kalends.InvalidArgumentError, match="width"):
        ar.month_names("long")
    with pytest.raises(kalends.InvalidArgumentError, match="context"):
        ar.weekday_names(context="standalone")
    with pytest.raises(kalends.NotFoundError):
        ar.month_names(calendar="mayan")
    with pytest.raises(kalends.InvalidArgumentError):
        ar.format_month_year(2026, 13)
    with pytest.raises(kalends.InvalidArgumentError):
        ar.format_time(24)
    with pytest.raises(TypeError, match="identifier"):
        Locale(5)  # type: ignore[arg-type]


def test_close_releases_the_handle_and_later_calls_are_misuse() -> None:
    de = Locale("de")
    assert de.month_names()[0] == "Januar"
    de.close()
    de.close()   # a second close does nothing
    with pytest.raises(kalends.MisuseError):
        de.month_names()
    with pytest.raises(kalends.MisuseError):
        de.first_weekday
    # a Locale released by the garbage collector while others live on
    for _ in range(1000):
        Locale("fr")
    assert Locale("fr").month_names()[0] == "janvier"


# -- calendars and views take a locale --------------------------------------------------


def test_calendar_takes_the_locales_week_and_system() -> None:
    cal = Calendar(locale="ar_EG", today=NOV22)
    o = cal.options
    assert (o.first_weekday, o.min_days_in_first_week, o.weekend_days, o.locale) == (
        Weekday.SATURDAY, 1, frozenset({Weekday.FRIDAY, Weekday.SATURDAY}), "ar_EG")
    assert cal.month_grid(2026, 11).weeks[0].days[0].weekday == Weekday.SATURDAY
    # what the host sets wins
    assert Calendar(locale="ar_EG", first_weekday=Weekday.MONDAY).options.first_weekday == Weekday.MONDAY
    assert Calendar(locale="he-IL-u-ca-hebrew").options.system == "hebrew"
    assert Calendar(locale=Locale("fr_FR")).options.locale == "fr_FR"
    assert Calendar().options.locale == "en"


def test_view_text_in_the_locale() -> None:
    view = View(Calendar(locale="ar_EG", today=NOV22), width=350)   # right-to-left from the calendar's locale
    assert view.options.right_to_left
    assert view.title() == "نوفمبر ٢٠٢٦"
    assert view.weekday_label(Weekday.SATURDAY) == Locale("ar_EG").weekday_names("abbreviated", "stand-alone")[5]
    assert view.accessibility_label(NOV22).startswith(Locale("ar_EG").format_date(NOV22, "full"))
    assert view.hour_label(15) == Locale("ar_EG").format_hour(15)
    labels = sorted((e for e in view.layout() if e.kind == kalends.ElementKind.WEEKDAY), key=lambda e: e.frame.x)
    assert [e.day_number for e in labels][::-1] == [6, 7, 1, 2, 3, 4, 5]   # Saturday first, on the right
    fr = View(Calendar(today=NOV22), locale="fr_FR", width=350)
    assert not fr.options.right_to_left and fr.title() == "novembre 2026"
    assert fr.weekday_label(Weekday.MONDAY, "wide") == "lundi"
    assert View(locale="he_IL").options.right_to_left
    assert not View(locale="he_IL", right_to_left=False).options.right_to_left
    he = View(Calendar(locale="he_IL", system="hebrew", today=NOV22), width=350)
    assert he.title() == Locale("he_IL").format_month_year(5787, 3, calendar="hebrew")
    assert "כסלו" in he.title()

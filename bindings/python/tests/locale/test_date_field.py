"""kalends.DateField (kalends_date_field_*) driven by keys in en_US, de_DE, ja_JP, ar_EG
(Arabic-Indic digits) and fa_IR (the Persian calendar). The oracle for the text shown is
babel 2.18 (CLDR 47): a date field's text is babel's format_skeleton("yMd") of its value
in the locale's digits, a time field's babel's short format_time; fa_IR's Persian dates
are read back by Locale.parse_date (the Swift tests check the Persian conversion against
Foundation). Bad input: unknown key codes, keys in any order, text of any length and
encoding: an error or nothing, never a trap, and an error changes nothing.
"""
from __future__ import annotations

import ctypes
import datetime
import random

import pytest
import required

import kalends

from kalends import InvalidArgumentError, Locale, OutOfRangeError, ParseError
from kalends._native import lib
from kalends.date_field import DateField, DateFieldKey, DateFieldValidity, DateSegmentKind

babel = required.module("babel", "babel 2.18 (CLDR 47) is the oracle", version="2.18.0")

from babel.dates import format_skeleton, format_time  # noqa: E402

NOV28 = datetime.date(2026, 11, 28)
#: The zero of each numbering system these locales use (CLDR numberingSystems).
ZERO = {"latn": 0x30, "arab": 0x660, "arabext": 0x6F0}


def native(text: str, locale: str) -> str:
    zero = ZERO[babel.Locale.parse(locale).default_numbering_system]
    return "".join(chr(zero + ord(c) - 0x30) if "0" <= c <= "9" else c for c in text)


def babel_date(d: datetime.date, locale: str) -> str:
    return native(format_skeleton("yMd", d, locale=locale), locale)


def kinds(f: DateField) -> list[DateSegmentKind]:
    return [s.kind for s in f.segments if s.editable]


# ----- dates, typed in each locale's order ---------------------------------------------

@pytest.mark.parametrize("locale, keys", [
    ("en_US", "11282026"),          # M/d/y
    ("de_DE", "28112026"),          # d.M.y
    ("ja_JP", "20261128"),          # y/M/d
    ("ar_EG", "٢٨١١٢٠٢٦"),          # d/M/y in Arabic-Indic digits
])
def test_typing_a_date_in_the_locales_order_gives_babels_text(locale: str, keys: str) -> None:
    f = DateField(locale, placeholder=NOV28)
    assert f.value is None and f.validity == DateFieldValidity.INCOMPLETE
    f.type(keys)
    assert f.value == NOV28
    assert f.text == babel_date(NOV28, locale)
    assert f.validity == DateFieldValidity.VALID


def test_latin_digits_in_ar_eg_are_read_and_shown_in_arabic_indic_digits() -> None:
    f = DateField("ar_EG", placeholder=NOV28)
    f.type("2811")
    f.type("2026")
    assert f.value == NOV28
    assert f.text == babel_date(NOV28, "ar_EG") and "٢٠٢٦" in f.text


def test_empty_segments_show_placeholders_and_english_shows_mm_dd_yyyy() -> None:
    assert DateField("en_US", placeholder=NOV28).text == "mm/dd/yyyy"
    de = DateField("de_DE", placeholder=NOV28)
    assert [s.text for s in de.segments if s.editable] == ["––", "––", "––––"]
    assert kinds(de) == [DateSegmentKind.DAY, DateSegmentKind.MONTH, DateSegmentKind.YEAR]


def test_auto_advance_waits_while_a_further_digit_fits() -> None:
    f = DateField("en_US", placeholder=NOV28)
    month, day = 0, 2
    f.type("1")                          # 1 may become 10, 11, 12
    assert f.focus == month and f.segments[month].value == 1
    f.type("2")
    assert f.focus == day and f.segments[month].value == 12
    f.type("4")                          # no day is 40-something: on to the year
    assert f.focus == 4 and f.segments[day].value == 4
    f.press("backtab")
    f.type("3")                          # 3 may become 30, 31
    assert f.focus == day
    f.type("0")
    assert f.focus == 4 and f.segments[day].value == 30


def test_a_month_typed_after_a_full_month_starts_again() -> None:
    f = DateField("de_DE", placeholder=NOV28)
    f.press("tab")                       # the month
    f.type("1")
    f.type("3")                          # 13 is not a month: 3, and on
    assert f.segments[2].value == 3 and f.focus == 4


def test_the_day_is_kept_within_its_month() -> None:
    f = DateField("en_US", placeholder=NOV28)
    f.type("12")
    f.type("31")
    f.type("2026")
    assert f.value == datetime.date(2026, 12, 31)
    f.focus_segment(0)
    f.type("2")                          # February: the 31st becomes the 28th
    assert f.value == datetime.date(2026, 2, 28)


def test_up_and_down_step_with_wrap_from_the_placeholder() -> None:
    f = DateField("de_DE", placeholder=NOV28)
    f.press("up")                        # an empty day starts at the placeholder's
    assert f.segments[0].value == 28
    f.press("tab")
    f.press("up")
    f.press("up")                        # 11 -> 12
    assert f.segments[2].value == 12
    f.press("up")                        # 12 -> 1
    assert f.segments[2].value == 1
    f.press("down")
    f.press("down")
    assert f.segments[2].value == 11
    f.press("tab")
    f.press("down")
    assert f.value == datetime.date(2026, 11, 28)


def test_backspace_removes_a_digit_then_moves_back() -> None:
    f = DateField("ja_JP", placeholder=NOV28)
    f.type("2026")
    assert f.focus == 2
    f.type("1")
    f.press("backspace")                 # the typed 1
    assert f.segments[2].value is None
    assert f.press("backspace")          # an empty month: back to the year
    assert f.focus == 0
    f.press("backspace")                 # 2026 -> 202
    assert f.segments[0].value == 202
    f.press("delete")
    assert f.segments[0].value is None and f.text == "––––/––/––"


def test_tab_stops_at_the_ends_and_left_right_follow_the_screen() -> None:
    f = DateField("en_US", placeholder=NOV28)
    assert not f.press("backtab") and f.focus == 0
    assert f.press("right") and f.focus == 2
    assert f.press("tab") and f.focus == 4
    assert not f.press("tab")
    rtl = DateField("ar_EG", placeholder=NOV28)       # d/M/y drawn right to left
    assert rtl.focus == 0
    assert rtl.press("left") and rtl.focus == 2       # left on screen: the next segment
    assert rtl.press("right") and rtl.focus == 0


# ----- fa_IR: the Persian calendar ------------------------------------------------------

def test_fa_ir_persian_date_typed_in_persian_digits() -> None:
    f = DateField("fa_IR", calendar="persian", placeholder=NOV28)
    assert kinds(f) == [DateSegmentKind.YEAR, DateSegmentKind.MONTH, DateSegmentKind.DAY]
    f.type("۱۴۰۵")
    f.type("۹")                          # no tenth-and-more month after 9 fits: 9 moves on
    f.type("۷")
    assert f.value == NOV28
    assert f.text == "۱۴۰۵/۹/۷"
    # the text reads back to the same day by the locale's own parse of Persian dates
    assert Locale("fa_IR").parse_date(f.text, calendar="persian") == NOV28
    # fa's digits are arabext, as babel says; the pattern y/M/d is babel's yMd for fa
    assert babel.Locale.parse("fa_IR").default_numbering_system == "arabext"
    assert format_skeleton("yMd", NOV28, locale="fa_IR") == "2026/11/28"


def test_fa_ir_month_lengths_follow_the_persian_year() -> None:
    f = DateField("fa_IR", calendar="persian", placeholder=NOV28)
    f.type("1405")
    f.type("12")                         # Esfand: 29 days in 1405
    f.press("down")                      # an empty day steps from the placeholder's (7)
    assert f.segments[4].max_value == 29
    f.set_value(datetime.date(2025, 3, 20))   # 1403/12/30 (Esfand of a leap year)
    assert [s.value for s in f.segments if s.editable] == [1403, 12, 30]
    assert f.segments[4].max_value == 30


# ----- times ----------------------------------------------------------------------------

@pytest.mark.parametrize("locale, keys", [
    ("en_US", "307p"), ("de_DE", "1507"), ("ja_JP", "1507"), ("ar_EG", "٣٠٧م"), ("fa_IR", "۱۵۰۷"),
])
def test_a_time_field_gives_babels_short_time(locale: str, keys: str) -> None:
    f = DateField(locale, shows_date=False, granularity="minute", placeholder=NOV28)
    f.type(keys)
    assert f.value == datetime.time(15, 7)
    assert f.text == native(format_time(datetime.time(15, 7), "short", locale=locale), locale)


def test_hour_cycle_forced_and_granularity_hour() -> None:
    f = DateField("en_US", shows_date=False, granularity="minute", hour_cycle="h23", placeholder=NOV28)
    assert DateSegmentKind.DAY_PERIOD not in kinds(f)
    f.type("1507")
    assert f.value == datetime.time(15, 7) and f.text == "15:07"
    g = DateField("de_DE", shows_date=False, granularity="hour", hour_cycle="h12", placeholder=NOV28)
    assert kinds(g) == [DateSegmentKind.HOUR, DateSegmentKind.DAY_PERIOD]
    g.type("9")
    g.type("P")                          # day periods by prefix, any case
    assert g.value == datetime.time(21, 0)


def test_date_and_time_field_value_is_a_datetime() -> None:
    f = DateField("de_DE", granularity="minute", placeholder=NOV28)
    f.type("281120261507")
    assert f.value == datetime.datetime(2026, 11, 28, 15, 7)
    assert f.text == babel_date(NOV28, "de_DE") + " " + format_time(datetime.time(15, 7), "short", locale="de_DE")


# ----- validation -----------------------------------------------------------------------

def test_limits_and_unavailable_days() -> None:
    f = DateField("en_US", placeholder=NOV28)
    f.set_limits(datetime.date(2026, 11, 1), datetime.date(2026, 11, 30))
    f.set_unavailable([datetime.date(2026, 11, 26)])
    f.set_value(datetime.date(2026, 11, 28))
    assert f.validity == DateFieldValidity.VALID
    f.set_value(datetime.date(2026, 10, 31))
    assert f.validity == DateFieldValidity.RANGE_UNDERFLOW
    f.set_value(datetime.date(2026, 12, 1))
    assert f.validity == DateFieldValidity.RANGE_OVERFLOW
    f.set_value(datetime.date(2026, 11, 26))
    assert f.validity == DateFieldValidity.UNAVAILABLE
    f.set_value(None)
    assert f.validity == DateFieldValidity.INCOMPLETE and f.text == "mm/dd/yyyy"
    with pytest.raises(InvalidArgumentError):
        f.set_limits(datetime.date(2026, 12, 1), datetime.date(2026, 11, 1))


# ----- bad input ------------------------------------------------------------------------

def test_bad_text_is_an_error_and_changes_nothing() -> None:
    f = DateField("en_US", placeholder=NOV28)
    f.type("11")
    before = (f.text, f.focus)
    with pytest.raises(ParseError):
        f.type("1" * 1025)
    with pytest.raises(ParseError):
        f.type(b"2\xff")
    assert (f.text, f.focus) == before
    f.type("x#,/ ")                      # nothing a segment takes: ignored (the "/" moves on)
    assert f.segments[0].value == 11


def test_unknown_key_codes_are_refused_and_change_nothing() -> None:
    f = DateField("en_US", placeholder=NOV28)
    f.type("1")
    handled = ctypes.c_int32()
    for code in (0, 9, -1, 2**31 - 1, -(2**31)):
        assert lib.kalends_date_field_press(f._handle, code, ctypes.byref(handled)) != 0
    assert f.segments[0].value == 1 and f.focus == 0
    with pytest.raises(OutOfRangeError):
        f.focus_segment(99)
    with pytest.raises(InvalidArgumentError):
        f.focus_segment(1)               # a literal


@pytest.mark.parametrize("locale, calendar", [("en_US", "gregorian"), ("ar_EG", "gregorian"),
                                              ("fa_IR", "persian"), ("ja_JP", "japanese")])
def test_keys_in_any_order_keep_the_field_consistent(locale: str, calendar: str) -> None:
    rng = random.Random(27)
    f = DateField(locale, calendar=calendar, granularity="minute", placeholder=NOV28)
    alphabet = "0123456789٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹apAPمص/.: xyz"
    for _ in range(3000):
        if rng.random() < 0.5:
            f.press(rng.choice(list(DateFieldKey)))
        else:
            f.type("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 4))))
        for s in f.segments:
            if s.value is not None and s.editable:
                assert s.min_value <= s.value <= s.max_value, s
        v = f.value
        if v is not None:
            complete = DateField(locale, calendar=calendar, granularity="minute", placeholder=NOV28)
            complete.set_value(v)
            assert complete.text == f.text


def test_limits_at_the_ends_of_int64_are_moments_not_a_trap() -> None:
    """A fuzz finding: a minimum of INT64_MIN + 1 overflowed splitting it into a day and a second."""
    f = DateField("en_US", placeholder=NOV28)
    for low, high in [(-(2**63) + 1, 0), (-(2**63) + 1, 2**63 - 2), (-1, 86399)]:
        assert lib.kalends_date_field_set_limits(f._handle, ctypes.c_int64(low), ctypes.c_int64(high)) == 0
    f.set_value(NOV28)
    assert f.validity == DateFieldValidity.RANGE_OVERFLOW      # after 1970-01-01 23:59:59


def test_a_day_the_segments_cannot_show_is_refused() -> None:
    """A fuzz finding: a day before 645 in the Japanese calendar has Taika's era with a
    year far outside its 1...6, and a BC day in en_US's era-less y/M/d would read back
    as AD: both are OutOfRangeError, and nothing changes."""
    ja = DateField("ja_JP", calendar="japanese", placeholder=NOV28)
    ja.set_value(NOV28)
    before = ja.text
    with pytest.raises(OutOfRangeError):
        ja.set_value(datetime.date(1, 1, 1))
    assert ja.text == before and ja.value == NOV28
    en = DateField("en_US", placeholder=NOV28)
    day_of_1_bc = (datetime.date(1, 1, 1).toordinal() - datetime.date(1970, 1, 1).toordinal()) - 366
    assert lib.kalends_date_field_set_value(en._handle, day_of_1_bc, 0) == int(kalends.Status.OUT_OF_RANGE)
    assert en.text == "mm/dd/yyyy"

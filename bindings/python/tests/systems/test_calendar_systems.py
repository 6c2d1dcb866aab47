"""Calendar systems through the C ABI: conversions against convertdate and hijridate,
grids and views in other systems, bad input, and a calendar system from a plugin
(the French Republican example and a deliberately broken one)."""
from __future__ import annotations

import datetime
import gc
import pathlib

import pytest
import required

import kalends
from kalends import CalendarSystem, SystemDate

convertdate = required.module("convertdate", "a second implementation of the calendar systems")
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
from convertdate import french_republican, hebrew, indian_civil, islamic, julian  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[4]
PLUGINS = ROOT / ".build" / "plugins"
JD_1970 = 2440587.5


def day_of(d: datetime.date) -> int:
    return d.toordinal() - 719163


def jd_day(jd: float) -> int:
    return int(jd - JD_1970)


# ---------------------------------------------------------------------------------
# Conversions against second implementations

# ICU's Hebrew month numbers -> convertdate's (Nisan = 1 ... Adar = 12, Adar II = 13).
def convertdate_hebrew_month(year: int, month: int) -> int:
    leap = hebrew.leap(year)
    if month <= 5:
        return month + 6
    if month == 6:
        return 12
    if month == 7:
        return 13 if leap else 12
    return month - 7


def test_hebrew_new_years_and_month_lengths_match_convertdate() -> None:
    system = CalendarSystem("hebrew")
    for year in range(5600, 5922):
        assert system.to_day(0, year, 1, 1) == jd_day(hebrew.to_jd(year, 7, 1)), year
        months = system.months_in_year(0, year)
        assert months == (13 if hebrew.leap(year) else 12)
        for m in range(1, 14):
            if m == 6 and months == 12:
                with pytest.raises(kalends.InvalidArgumentError, match="hebrew"):
                    system.month_length(0, year, m)
                continue
            assert system.month_length(0, year, m) == hebrew.month_length(year, convertdate_hebrew_month(year, m)), (year, m)


def test_days_match_convertdate_for_hebrew_julian_islamic_civil_and_indian() -> None:
    systems = {
        "hebrew": lambda jd: hebrew.from_jd(jd),
        "julian": lambda jd: julian.from_jd(jd),
        "islamic-civil": lambda jd: islamic.from_jd(jd),
        "indian": lambda jd: indian_civil.from_jd(jd),
    }
    start = day_of(datetime.date(1850, 1, 1))
    for name, theirs in systems.items():
        system = CalendarSystem(name)
        for z in range(start, start + 300 * 366, 29 if name == "hebrew" else 11):
            ours = system.from_day(z)
            y, m, d = theirs(z + JD_1970)
            if name == "hebrew":
                m = next(k for k in range(1, 14) if (k != 6 or hebrew.leap(y))
                         and convertdate_hebrew_month(y, k) == m and (k != 7 or not hebrew.leap(y) or m == 13))
            if name == "julian":
                assert ours == SystemDate(1, y, m, d), (name, z)
            else:
                assert (ours.year, ours.month, ours.day) == (y, m, d), (name, z, ours)
            assert system.to_day(*ours) == z


def test_umm_al_qura_month_starts_match_hijridate() -> None:
    hijridate = required.module("hijridate", "the oracle of the Umm al-Qura calendar")
    system = CalendarSystem("islamic-umalqura")
    for year in range(1420, 1451):
        for month in range(1, 13):
            g = hijridate.Hijri(year, month, 1).to_gregorian()
            assert system.to_day(0, year, month, 1) == day_of(datetime.date(g.year, g.month, g.day)), (year, month)
            assert system.month_length(0, year, month) == hijridate.Hijri(year, month, 1).month_length()


def test_every_system_round_trips_and_its_months_tile() -> None:
    start = day_of(datetime.date(2020, 1, 1))
    for name in CalendarSystem.identifiers():
        system = CalendarSystem(name)
        z = start
        while z < start + 800:
            month = system.month(z)
            assert month.first_day <= z < month.first_day + month.length
            date = system.from_day(z)
            assert (date.month, date.leap_month) == (month.month, month.leap_month)
            assert date.day == z - month.first_day + 1
            assert system.to_day(*date) == z
            z = month.first_day + month.length
            assert system.month(z).first_day == z, name


# ---------------------------------------------------------------------------------
# Months, years, eras, arithmetic

def test_lunisolar_leap_months_and_clamping() -> None:
    chinese = CalendarSystem("chinese")
    # 2023 (cycle 78, year 40) has a leap 2nd month; 2026 (year 43) has none.
    assert chinese.months_in_year(78, 40) == 13
    assert chinese.month_length(78, 40, 2, leap_month=True) in (29, 30)
    with pytest.raises(kalends.InvalidArgumentError, match="chinese.*leap month is 2|leap month is 2"):
        chinese.month_length(78, 40, 3, leap_month=True)
    with pytest.raises(kalends.InvalidArgumentError, match="chinese"):
        chinese.month_length(78, 43, 2, leap_month=True)
    hebrew_system = CalendarSystem("hebrew")
    # 30 Adar I 5784 + 1 year = 29 Adar 5785 (no Adar I in 5785: Adar, day clamped).
    adar1 = hebrew_system.to_day(0, 5784, 6, 30)
    assert hebrew_system.from_day(hebrew_system.add_years(adar1, 1)) == SystemDate(0, 5785, 7, 29)
    islamic_civil = CalendarSystem("islamic-civil")
    assert islamic_civil.add_months(islamic_civil.to_day(0, 1447, 1, 30), 1) == islamic_civil.to_day(0, 1447, 2, 29)


def test_eras_and_their_ranges() -> None:
    japanese = CalendarSystem("japanese")
    eras = japanese.eras()
    reiwa = next(e for e in eras if e.code == "reiwa")
    assert japanese.from_day(datetime.date(2019, 5, 1)) == SystemDate(reiwa.era, 1, 5, 1)
    assert reiwa.first_day == day_of(datetime.date(2019, 5, 1))
    # Heisei 31-05-01 does not exist: that day is Reiwa 1.
    with pytest.raises(kalends.InvalidArgumentError, match="japanese"):
        japanese.to_day(reiwa.era - 1, 31, 5, 1)
    gregorian = CalendarSystem("gregorian")
    assert [(e.era, e.code) for e in gregorian.eras()] == [(0, "bce"), (1, "ce")]
    assert CalendarSystem("hebrew").day_range == CalendarSystem("gregorian").day_range


def test_bad_input_names_the_system_and_the_range() -> None:
    with pytest.raises(kalends.NotFoundError, match="no calendar system is named \"klingon\".*hebrew"):
        CalendarSystem("klingon")
    civil = CalendarSystem("islamic-civil")
    with pytest.raises(kalends.InvalidArgumentError, match="month 13 .*islamic-civil.*1...12"):
        civil.to_day(0, 1447, 13, 1)
    with pytest.raises(kalends.InvalidArgumentError, match="era 5 .*islamic-civil"):
        civil.months_in_year(5, 1447)
    with pytest.raises(kalends.OutOfRangeError, match="chinese calendar's days"):
        CalendarSystem("chinese").from_day(day_of(datetime.date(1, 1, 1)) - 4_000_000)
    with pytest.raises(kalends.InvalidArgumentError, match="day 31 is not in 1...30"):
        CalendarSystem("coptic").to_day(1, 1742, 1, 31)
    cal = kalends.Calendar(system="hebrew")
    with pytest.raises(kalends.NotFoundError):
        cal.set_options(system="klingon")
    assert cal.options.system == "hebrew"   # nothing changed
    with pytest.raises(kalends.NotFoundError):
        kalends.Calendar(secondary_system="klingon")


# ---------------------------------------------------------------------------------
# Grids and views in a system

def test_grids_report_each_days_system_and_secondary_dates() -> None:
    for name in ["hebrew", "chinese", "persian", "islamic-umalqura", "coptic", "japanese"]:
        cal = kalends.Calendar(system=name, secondary_system="hebrew", today=kalends.Today.OFF)
        system, secondary = CalendarSystem(name), CalendarSystem("hebrew")
        z = day_of(datetime.date(2026, 1, 1))
        for _ in range(14):
            grid = cal.month_grid_containing(z)
            in_month = [d for d in grid.days if d.in_month]
            month = system.month(z)
            assert in_month[0].day_number == month.first_day and len(in_month) == month.length
            assert (grid.year, grid.month) == (month.year, month.month)
            for d in grid.days:
                assert d.system_date == system.from_day(d.day_number)
                assert d.secondary_date == secondary.from_day(d.day_number)
            z = month.first_day + month.length


def test_gregorian_days_carry_no_system_dates_unless_a_secondary_is_set() -> None:
    plain = kalends.Calendar().month_grid(2026, 11)
    assert all(d.system_date is None and d.secondary_date is None for d in plain.days)
    lunar = kalends.Calendar(secondary_system="chinese").month_grid(2026, 11)
    chinese = CalendarSystem("chinese")
    assert [d.secondary_date for d in lunar.days] == [chinese.from_day(d.day_number) for d in lunar.days]
    assert [d.system_date for d in lunar.days] == [SystemDate(1, d.year, d.month, d.day) for d in lunar.days]


def test_a_view_pages_through_hebrew_months() -> None:
    view = kalends.View(kalends.Calendar(today=datetime.date(2026, 11, 24)), system="hebrew", width=350)
    system = CalendarSystem("hebrew")
    seen = []
    for _ in range(13):
        days = [d for d in view.days() if d.in_month]
        assert all(d.system_date == system.from_day(d.day_number) for d in days)
        seen.append((days[0].system_date.year, days[0].system_date.month))
        view.next_page()
    assert seen[0] == (5787, 3) and seen[-1] == (5788, 2)
    assert len(set(seen)) == 13


# ---------------------------------------------------------------------------------
# A calendar system from a plugin

def french_plugin() -> kalends.Plugin:
    path = PLUGINS / "libfrench_republican.so"
    if not path.exists():
        required.missing("plugins not built (make plugins)")
    return kalends.Plugin(str(path))


def test_the_french_republican_plugin_matches_convertdate() -> None:
    plugin = french_plugin()
    try:
        assert "french-republican" in CalendarSystem.identifiers()
        fr = CalendarSystem("french-republican")
        # Every day of years I...XCIX against convertdate's Romme method.
        z = fr.to_day(0, 1, 1, 1)
        assert z == day_of(datetime.date(1792, 9, 22))
        end = fr.to_day(0, 100, 1, 1)
        for day in range(z, end):
            y, m, d = french_republican.from_jd(day + JD_1970, method="romme")
            assert fr.from_day(day) == SystemDate(0, y, m, d), day
        # Year lengths for years 1...8000 by the rule convertdate's leap() documents
        # (its to_jd/from_jd place the century exceptions 13 years late from year 100 on:
        # to_jd(101, 1, 1) - to_jd(100, 1, 1) is 366 there while leap(100) is False).
        for year in range(1, 8001):
            assert fr.month_length(0, year, 13) == (6 if french_republican.leap(year, method="romme") else 5), year
        assert fr.months_in_year(0, 235) == 13
        with pytest.raises(kalends.InvalidArgumentError, match="french-republican"):
            fr.to_day(0, 235, 14, 1)
        cal = kalends.Calendar(system="french-republican", secondary_system="gregorian")
        grid = cal.month_grid_containing(datetime.date(2026, 11, 24))
        assert (grid.year, grid.month) == (235, 3)
        assert [d.system_date.day for d in grid.days if d.in_month] == list(range(1, 31))
    finally:
        del plugin
        gc.collect()


@pytest.mark.parametrize("mode, message", [
    ("gap", "month 500 starts on day 15001, but month 499 ends on day 14999"),
    ("overlap", "month 500 holds days 15000...15030"),
    ("long", "month 500 is 40 days long"),
    ("zero", "month 500 is 0 days long"),
    ("leap-flag", "is_leap_month 2"),
    ("dup-month", "appears twice in extended year 42"),
    ("year-jump", "extended year 52 after a month of year 50"),
    ("era", "era 3, not one of its eras 0...0"),
    ("index-lies", "its month index says 7"),
    ("fails", "month\\(600\\) returned status 13"),
    ("pair", "era 0 year 1 is extended year 1 and 51"),
    ("bad-name", "identifier \"Bad Name!\""),
    ("abi", "ABI version 7"),
    ("small", "table is 8 bytes"),
    ("null", "lacks identifier, month_index or month"),
    ("range", "days 10...5 are empty"),
    ("huge", "more than 1048576"),
])
def test_a_broken_plugin_system_is_refused_with_a_message(mode: str, message: str) -> None:
    path = PLUGINS / "libbad_system.so"
    if not path.exists():
        required.missing("plugins not built (make plugins)")
    before = CalendarSystem.identifiers()
    with pytest.raises(kalends.PluginError, match=message):
        kalends.Plugin(str(path), mode)
    assert CalendarSystem.identifiers() == before
    with pytest.raises(kalends.DuplicateError, match="hebrew"):
        kalends.Plugin(str(path), "builtin")
    ok = kalends.Plugin(str(path), "ok")   # the same library, answering well, loads
    try:
        assert CalendarSystem("test-thirty").month_length(0, 3, 7) == 30
        with pytest.raises(kalends.DuplicateError, match="test-thirty"):
            kalends.Plugin(str(path), "ok")
    finally:
        del ok
        gc.collect()
    assert "test-thirty" not in CalendarSystem.identifiers()


def test_rscale_rules_count_in_a_plugin_system() -> None:
    """RFC 7529 in a plugin's system: the 1st of Vendémiaire (the new year) and the last
    complementary day (month 13, 5 or 6 days: BYMONTHDAY=-1) every year, by convertdate."""
    from kalends.rrule import rrulestr
    plugin = french_plugin()
    try:
        fr = CalendarSystem("french-republican")
        start = fr.to_date(0, 234, 1, 1)
        text = fr.yearly_rule(start)
        assert text == "RSCALE=FRENCH-REPUBLICAN;FREQ=YEARLY;BYMONTHDAY=1;BYMONTH=1"
        new_years = [d.date() for d in rrulestr(f"DTSTART:{start:%Y%m%d}\nRRULE:{text};COUNT=30")]
        assert new_years == [datetime.date(*french_republican.to_gregorian(y, 1, 1, method="romme"))
                             for y in range(234, 264)]
        ends = rrulestr(f"DTSTART:{start:%Y%m%d}\nRRULE:RSCALE=FRENCH-REPUBLICAN;FREQ=YEARLY;BYMONTH=13;"
                        "BYMONTHDAY=-1;COUNT=30")
        assert [fr.from_day(d.date()).day for d in ends] == \
            [6 if french_republican.leap(y, method="romme") else 5 for y in range(234, 264)]
    finally:
        del plugin
        gc.collect()

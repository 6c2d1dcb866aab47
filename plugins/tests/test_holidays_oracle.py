"""Oracle tests of the holiday plugins, loaded directly with ctypes (no libkalends).

Easter-relative rules are checked against python-dateutil's dateutil.easter.easter
(Gregorian, its documented range 1583 ... 4099), nth-weekday and fixed rules against
Python's calendar module. The plugins' paths come from KALENDS_HOLIDAYS_C and
KALENDS_HOLIDAYS_RUST (default: .build/plugins/ of this checkout).
"""

import calendar
import ctypes
import datetime
import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PLUGINS = {
    "holidays-c": os.environ.get("KALENDS_HOLIDAYS_C", str(ROOT / ".build/plugins/libholidays_c.so")),
    "holidays-rust": os.environ.get("KALENDS_HOLIDAYS_RUST", str(ROOT / ".build/plugins/libholidays_rust.so")),
}

KALENDS_OK = 0
KALENDS_E_PARSE = 8
EPOCH_ORDINAL = datetime.date(1970, 1, 1).toordinal()
ID_RULE_FACTOR = 10_000_000
ID_YEAR_BIAS = 1_000_000
DEFAULT_COLOR = 0xD0021BFF


class Event(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("all_day", ctypes.c_int32),
        ("id", ctypes.c_int64),
        ("start", ctypes.c_int64),
        ("end", ctypes.c_int64),
        ("color", ctypes.c_uint32),
        ("source", ctypes.c_int32),
        ("user_value", ctypes.c_uint64),
        ("title", ctypes.c_char_p),
        ("title_length", ctypes.c_int32),
        ("reserved", ctypes.c_int32),
    ]


ADD = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.POINTER(Event))


class Sink(ctypes.Structure):
    _fields_ = [("context", ctypes.c_void_p), ("add", ADD)]


CREATE = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p))
DESTROY = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
FETCH = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_int32, ctypes.c_int32, ctypes.POINTER(Sink))


class Vtable(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("abi_version", ctypes.c_int32),
        ("name", ctypes.c_char_p),
        ("create", CREATE),
        ("destroy", DESTROY),
        ("fetch", FETCH),
        ("begin", ctypes.c_void_p),
        ("cancel", ctypes.c_void_p),
    ]


def day_number(d: datetime.date) -> int:
    return d.toordinal() - EPOCH_ORDINAL


def date_of(day: int) -> datetime.date:
    return datetime.date.fromordinal(day + EPOCH_ORDINAL)


class Plugin:
    def __init__(self, path: str):
        if not os.path.exists(path):
            pytest.fail(f"plugin not built: {path} (run make -C plugins)")
        self.lib = ctypes.CDLL(path)
        entry = self.lib.kalends_plugin_entry
        entry.restype = ctypes.POINTER(Vtable)
        entry.argtypes = []
        self.vt = entry().contents

    def create(self, path):
        instance = ctypes.c_void_p()
        status = self.vt.create(str(path).encode(), ctypes.byref(instance))
        return status, instance

    def fetch(self, instance, first: int, last: int):
        """All events of days first ... last as (id, day, title, color) tuples."""
        events, errors = [], []

        def add(_context, event_pointer):
            try:
                e = event_pointer.contents
                if not (e.struct_size == ctypes.sizeof(Event) and e.all_day == 1 and e.start == e.end
                        and e.title_length == -1 and e.source == 0 and e.user_value == 0 and e.reserved == 0):
                    errors.append(f"malformed event {e.id}")
                events.append((e.id, e.start, e.title.decode("utf-8"), e.color))
            except Exception as exc:  # pragma: no cover - reported below
                errors.append(repr(exc))
            return KALENDS_OK

        callback = ADD(add)
        sink = Sink(None, callback)
        status = self.vt.fetch(instance, first, last, ctypes.byref(sink))
        assert status == KALENDS_OK
        assert not errors, errors[:5]
        return events


@pytest.fixture(params=sorted(PLUGINS), scope="module")
def plugin(request):
    return Plugin(PLUGINS[request.param])


@pytest.fixture
def make_rules(tmp_path):
    def make(text: str):
        path = tmp_path / "oracle.rules"
        path.write_text(text, encoding="utf-8")
        return path

    return make


def split_id(event_id: int):
    """(rule index, rule-year) from an event id."""
    rule = event_id // ID_RULE_FACTOR - 1
    year = event_id % ID_RULE_FACTOR - ID_YEAR_BIAS
    return rule, year


EASTER_OFFSETS = [-365, -251, -100, -48, -47, -46, -2, -1, 0, 1, 39, 49, 50, 60, 100, 251, 365]


def test_easter_against_dateutil(plugin, make_rules):
    easter_module = pytest.importorskip("dateutil.easter")
    text = "".join(f"easter {o:+d} Easter {o:+d}\n" for o in EASTER_OFFSETS)
    status, inst = plugin.create(make_rules(text))
    assert status == KALENDS_OK
    try:
        first = day_number(datetime.date(1583, 1, 1))
        last = day_number(datetime.date(4099, 12, 31))
        events = plugin.fetch(inst, first, last)
    finally:
        plugin.vt.destroy(inst)

    got = {}
    for event_id, day, title, color in events:
        rule, year = split_id(event_id)
        assert 0 <= rule < len(EASTER_OFFSETS)
        assert title == f"Easter {EASTER_OFFSETS[rule]:+d}"
        assert color == DEFAULT_COLOR
        assert first <= day <= last
        assert (rule, year) not in got
        got[(rule, year)] = day

    checked = 0
    for year in range(1583, 4100):
        sunday = day_number(easter_module.easter(year, easter_module.EASTER_WESTERN))
        for rule, offset in enumerate(EASTER_OFFSETS):
            expected = sunday + offset
            if first <= expected <= last:
                assert got.get((rule, year)) == expected, (year, offset, got.get((rule, year)), expected)
                checked += 1
            else:
                assert (rule, year) not in got
    # every event comes from a year 1582 ... 4100; those beyond dateutil's range are
    # only the ones that offsets carry into the fetched years
    assert all(1582 <= year <= 4100 for _, year in got)
    assert checked > 40_000
    assert [day for _, day, _, _ in events] == sorted(day for _, day, _, _ in events)


WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
NTHS = [1, 2, 3, 4, 5, -1, -2, -3, -4, -5]
NTH_RULES = [(n, wd, month) for month in range(1, 13) for wd in range(7) for n in NTHS]


def expected_nth(year: int, n: int, weekday: int, month: int):
    days = [d for d in range(1, calendar.monthrange(year, month)[1] + 1) if calendar.weekday(year, month, d) == weekday]
    index = n - 1 if n > 0 else n
    if -len(days) <= index < len(days):
        return datetime.date(year, month, days[index])
    return None


@pytest.mark.parametrize("years", [(1, 3), (1599, 1601), (1899, 1901), (1990, 2031), (2099, 2101), (9997, 9999)])
def test_nth_weekday_against_calendar(plugin, make_rules, years):
    text = "".join(f"nth {n} {WEEKDAYS[wd]} {month:02d} R{i}\n" for i, (n, wd, month) in enumerate(NTH_RULES))
    status, inst = plugin.create(make_rules(text))
    assert status == KALENDS_OK
    y0, y1 = years
    try:
        events = plugin.fetch(inst, day_number(datetime.date(y0, 1, 1)), day_number(datetime.date(y1, 12, 31)))
    finally:
        plugin.vt.destroy(inst)

    got = {}
    for event_id, day, title, _ in events:
        rule, year = split_id(event_id)
        assert title == f"R{rule}"
        assert date_of(day).year == year
        got[(rule, year)] = date_of(day)
    expected = {}
    for year in range(y0, y1 + 1):
        for rule, (n, wd, month) in enumerate(NTH_RULES):
            d = expected_nth(year, n, wd, month)
            if d is not None:
                expected[(rule, year)] = d
    assert got == expected
    days = [day for _, day, _, _ in events]
    assert days == sorted(days)


def test_fixed_against_calendar(plugin, make_rules):
    dates = [(1, 1), (2, 28), (2, 29), (3, 1), (6, 30), (12, 31)]
    text = "color 11223344\n" + "".join(f"fixed {m:02d}-{d:02d} F{m}-{d}\n" for m, d in dates)
    status, inst = plugin.create(make_rules(text))
    assert status == KALENDS_OK
    try:
        events = plugin.fetch(inst, day_number(datetime.date(1596, 1, 1)), day_number(datetime.date(2404, 12, 31)))
    finally:
        plugin.vt.destroy(inst)
    expected = set()
    for year in range(1596, 2405):
        for rule, (m, d) in enumerate(dates):
            if (m, d) == (2, 29) and not calendar.isleap(year):
                continue
            expected.add(((rule + 1) * ID_RULE_FACTOR + year + ID_YEAR_BIAS,
                          day_number(datetime.date(year, m, d)), f"F{m}-{d}", 0x11223344))
    assert set(events) == expected
    assert len(events) == len(expected)


def test_malformed_rule_files(plugin, make_rules):
    for line in ["fixed 02-30 X", "nth 6 mon 01 X", "easter 400 X", "color 123", "birthday 01-01 X", "fixed 01-01"]:
        status, inst = plugin.create(make_rules(f"fixed 01-01 OK\n{line}\n"))
        assert status == KALENDS_E_PARSE, line


def test_sample_rule_files_parse(plugin):
    for name in ["us.rules", "fr.rules"]:
        status, inst = plugin.create(ROOT / "plugins" / "rules" / name)
        assert status == KALENDS_OK, name
        plugin.vt.destroy(inst)

#!/usr/bin/env python3
"""Writes the committed seed corpora of the fuzz harnesses (fuzz/corpus/<target>/).

The byte streams mirror fuzz/fuzz_input.h: an int32 or double with tag & 3 == 3 is
raw (4 or 8 bytes, big-endian), so the seeds can spell the extreme values of issue 10
(items 1-3: a viewport at y = 1e30, a subnormal row height, a range selection over the
whole supported dates). TZif seeds are copies of a few zones of the system tz database
(public domain); run this once, the output is committed.
"""
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")


def u8(v):
    return bytes([v & 0xFF])


def i32(v):
    return b"\x03" + struct.pack(">i", v)


def dbl(v):
    return b"\x03" + struct.pack(">d", v)


def write(target, name, data):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def tzif():
    for zone in ["Europe/Paris", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"]:
        path = os.path.realpath(os.path.join("/usr/share/zoneinfo", zone))
        with open(path, "rb") as f:
            write("tzif", zone.replace("/", "_"), f.read())


def tzstring():
    for i, s in enumerate([
        "CET-1CEST,M3.5.0,M10.5.0/3", "EST5EDT,M3.2.0,M11.1.0", "<+0330>-3:30", "IST-5:30",
        "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "AEST-10AEDT,M10.1.0,M4.1.0/3", "XXX3YYY,J60/25,300/-167",
        "UTC0", "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", "EST5EDT4,0/0,J365/25",
    ]):
        write("tzstring", f"s{i}", s.encode())


def date(y, m, d):
    # fuzz_date: tag & 3 == 3 reads three raw int32
    return u8(3) + i32(y) + i32(m) + i32(d)


def view():
    # calendar system byte, options (which, mode, rows, out_dates, selection, out_tap),
    # metrics (which, row mode, width...), then operations
    plain_options = u8(0) + u8(0) + u8(0) + u8(0) + u8(1) + u8(0)
    metrics_320 = u8(1) + u8(0) + dbl(320.0)
    write("view", "pages", u8(0) + plain_options + metrics_320 + (u8(3) + u8(4) + u8(23)) * 4)
    # item 3: a range selection from -999999-03-01 to 999999-10-15, then its days
    write("view", "huge-range", u8(0) + plain_options + metrics_320 + u8(22) + u8(0) + u8(0) + u8(23))
    # a tap at (1e300, NaN) and keys
    write("view", "extreme-tap", u8(2) + plain_options + metrics_320 + u8(13) + dbl(1e300) + dbl(float("nan"))
          + u8(11) + u8(4) + u8(12) + u8(9) + u8(23))
    # metrics with a subnormal fixed row height and 1e-300 row spacing
    m = u8(0xE1) + u8(1) + dbl(320.0) + dbl(0.0) + dbl(1e-300) + dbl(5e-324)
    write("view", "subnormal-rows", u8(0) + plain_options + m + u8(15) + u8(3) + u8(23))
    write("view", "modes", u8(1) + plain_options + metrics_320 + u8(2) + u8(1) + u8(0) + u8(18) + dbl(0.5) + u8(2)
          + u8(2) + u8(2) + u8(0) + u8(19) + date(2026, 11, 24) + u8(100))


def layout():
    opts_vertical_month = lambda which: u8(which)  # noqa: E731
    # scroll (0): which, first_month, last_month, rows, out_dates, weekdays, [spacing], [width], row mode, ...
    one_month = u8(2) + date(2026, 11, 1) + date(2026, 11, 1) + u8(1) + u8(1) + u8(1) + u8(0)
    # item 1: a one-month vertical scroll and viewport {0, 1e30, 350, 800}
    write("layout", "scroll-1e30", u8(0) + one_month + dbl(0.0) + dbl(1e30) + u8(0) + u8(0) + u8(1))
    # horizontal: viewport {0, 1e300, 350, 100}
    horizontal = u8(3) + date(2026, 11, 1) + date(2026, 11, 1) + u8(1) + u8(1) + u8(1) + u8(0)
    write("layout", "scroll-horizontal-1e300", u8(0) + horizontal + dbl(0.0) + dbl(1e300) + u8(0) + u8(1) + dbl(100.0) + u8(1))
    # item 2: open-ended scroll from -999999-01, viewport {0, 0, 350, 1e12}, a count query
    open_ended = u8(0) + date(-999999, 1, 1) + date(-999999, 1, 1) + u8(1) + u8(1) + u8(1) + u8(0)
    write("layout", "scroll-open-1e12", u8(0) + open_ended + dbl(0.0) + dbl(0.0) + u8(0) + u8(1) + dbl(1e12) + u8(0))
    # fixed rows 4.9e-324 high
    fixed = u8(0x12) + date(2026, 11, 1) + date(2026, 11, 1) + u8(1) + u8(1) + u8(1) + u8(1) + dbl(5e-324)
    write("layout", "scroll-subnormal-row", u8(0) + fixed + dbl(0.0) + dbl(100.0) + u8(0) + u8(0) + u8(1))
    write("layout", "flow", u8(1) + u8(5) + (u8(40) + u8(0x80) + dbl(18.0)) * 5 + u8(2) + u8(100) + u8(5)
          + dbl(100.0) + dbl(40.0) + u8(0))
    # autolayout: add items, constraints, solve
    al = u8(2) + (u8(0) + u8(0)) * 3
    al += u8(2) + u8(2) + u8(7) + u8(1) + u8(0) + u8(0) + u8(0) + u8(100) + u8(5) + u8(200)
    al += u8(6) + u8(1) + dbl(320.0) + dbl(480.0) + u8(15) + u8(0)
    write("layout", "autolayout", al)


def stream(target, seeds):
    for i, s in enumerate(seeds):
        write(target, f"s{i}", s)


def main():
    tzif()
    tzstring()
    view()
    layout()
    # solver: add variables, constraints, edit, suggest, update
    stream("solver", [
        u8(0) + u8(4) + u8(1) + u8(2) + u8(0) + u8(0) + dbl(1.0) + u8(0) + u8(1) + dbl(-1.0) + dbl(10.0) + u8(2) + u8(0)
        + u8(4) + u8(0) + u8(7) + u8(0) + u8(0) + u8(9) + u8(0) + dbl(5.0) + u8(11) + u8(14) + u8(1),
        u8(0) + u8(8) + u8(3) + u8(1) + u8(0) + u8(0) + dbl(1e300) + dbl(float("inf")) + u8(1) + u8(1) + dbl(float("nan")) + u8(11),
    ])
    # store: events added, queried, dots, timeline, bars
    stream("store", [
        u8(1) + u8(0) + u8(0) + u8(3) + u8(0) + u8(10) + u8(4) + b"\xff\x00\x00\xff" + u8(5) + b"Hello"
        + u8(7) + u8(0) + u8(0) + u8(0) + u8(20) + u8(0) + u8(11) + u8(0) + u8(0) + u8(0) + u8(20) + u8(0) + u8(3) + u8(40)
        + u8(12) + u8(0) + u8(0) + u8(0) + u8(20) + u8(1) + u8(0),
        u8(0) + u8(0x0F) + u8(3) + i32(0) + u8(3) + i32(1 << 30) + b"\0\0\0\0" + u8(3) + b"\xc3\x28!" + u8(7) + u8(1) + i32(-2**31)
        + u8(1) + i32(2**31 - 1) + u8(1),
    ])
    # store with recurring entries (fuzz/store.c, op 14): each dense rule of its table,
    # then the first page of a range (15), dots (11), bars (13), the timeline (12) and a
    # query (7) over six weeks
    def dense(pick):
        event = u8(0) + u8(1) + struct.pack(">I", 0) + u8(0) + struct.pack(">I", 0xFF0000FF) + u8(0)
        weeks = u8(0) + u8(16) + u8(0) + u8(41)
        return (u8(14) + event + u8(pick & 1) + u8(pick) + u8(15) + weeks + u8(pick & 1) + u8(8) + u8(5)
                + u8(11) + weeks + u8(1) + u8(4) + u8(42) + u8(13) + weeks + u8(0) + u8(0) + u8(0)
                + u8(12) + weeks + u8(0) + u8(0) + u8(7) + weeks + u8(1))
    for pick in range(9):
        write("store", f"dense-{pick}", u8(pick & 1) + dense(pick))
    # dense rules (issue 24): as an .ics (ical_c, ical) and as RRULE text (rrule_c)
    def ics(*lines):
        body = "".join(line + "\r\n" for line in lines)
        return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//fuzz//EN\r\nBEGIN:VEVENT\r\nUID:d@x\r\n" + body
                + "END:VEVENT\r\nEND:VCALENDAR\r\n").encode()
    every = ",".join(str(i) for i in range(60))
    for target in ("ical_c", "ical"):
        write(target, "dense-secondly", ics("DTSTART:20260101T000000Z", "DTEND:20260101T000001Z", "RRULE:FREQ=SECONDLY"))
        write(target, "dense-zoned-exdate", ics("DTSTART;TZID=Europe/Paris:20251120T000000", "DURATION:PT1H",
                                                "RRULE:FREQ=SECONDLY;INTERVAL=3;BYHOUR=1,2,3",
                                                "EXDATE;VALUE=DATE:20251125", "EXDATE;TZID=Europe/Paris:20251124T010003"))
        write(target, "dense-exrule", ics("DTSTART:20251120T000000Z", "RRULE:FREQ=SECONDLY",
                                          "EXRULE:FREQ=MINUTELY;BYSECOND=0,1,2"))
        write(target, "dense-yearly", ics("DTSTART;VALUE=DATE:20251124", f"RRULE:FREQ=YEARLY;BYMONTH=11;BYMONTHDAY=24,25;"
                                          f"BYHOUR=0,6,12,18;BYMINUTE={every};BYSECOND={every}"))
    for i, text in enumerate(["FREQ=SECONDLY;BYHOUR=9;BYMINUTE=0,30", "FREQ=SECONDLY;INTERVAL=7",
                              f"FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1,2;BYHOUR=0,12;BYMINUTE={every};BYSECOND={every}",
                              f"FREQ=DAILY;BYMINUTE={every};BYSECOND={every};BYSETPOS=1,-1"]):
        write("rrule_c", f"dense-{i}", u8(0x20 * (i & 1)) + text.encode())
        write("rrule", f"dense-{i}", u8(i & 1) + text.encode())
    # systems: calls on a few systems; plugin answers (mode & 3 == 0)
    stream("systems", [
        u8(1) + (u8(10) + u8(0) + i32(20416)) * 3 + u8(7) + u8(7) + i32(20416) + i32(13) + u8(12) + u8(10) + u8(0),
        u8(2) + u8(14) + u8(2) + i32(0) + i32(5787) + i32(6) + i32(1) + u8(1) + i32(1),
        u8(0) + bytes([12, 0x4f, 0x20]) + bytes([30, 29] * 6),
        u8(4) + bytes([24, 0, 0]) + bytes([30] * 24) + bytes([2, 5, 13, 6, 3, 40]),
    ])
    ical = [
        b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//fuzz//EN\r\nBEGIN:VEVENT\r\nUID:1@x\r\nDTSTAMP:20261124T000000Z\r\n"
        b"DTSTART;TZID=Europe/Paris:20261124T090000\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,TU;COUNT=10\r\n"
        b"EXDATE;TZID=Europe/Paris:20261201T090000\r\nSUMMARY:Stand\\, up\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
        b"BEGIN:VCALENDAR\r\nBEGIN:VTIMEZONE\r\nTZID:X\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\n"
        b"RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\n"
        b"BEGIN:DAYLIGHT\r\nDTSTART:19700329T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\nTZOFFSETFROM:+0100\r\n"
        b"TZOFFSETTO:+0200\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART;TZID=X:20260329T023000\r\n"
        b"DTEND;TZID=X:20260329T033000\r\nRRULE:FREQ=DAILY;UNTIL=20260405T000000Z\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:a\r\n"
        b"RECURRENCE-ID;TZID=X:20260331T023000;RANGE=THISANDFUTURE\r\nDTSTART;TZID=X:20260331T100000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
        b"BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:d\nDTSTART;VALUE=DATE:20261124\nRDATE;VALUE=PERIOD:20261201T100000Z/PT2H\n"
        b"SUMMARY:long line folded over\n  two lines\nSTATUS:CANCELLED\nEND:VEVENT\nEND:VCALENDAR\n",
    ]
    stream("ical", ical)
    stream("rrule", [bytes([m]) + r for m, r in [
        (0, b"FREQ=MONTHLY;BYDAY=-1FR;BYSETPOS=1,-1;COUNT=12"), (1, b"FREQ=YEARLY;BYWEEKNO=53;BYDAY=TH;WKST=SU"),
        (0x12, b"FREQ=HOURLY;INTERVAL=5;BYHOUR=1,2;BYMINUTE=30;UNTIL=20270101T000000Z"),
        (0x80, b"FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29"), (3, b"RRULE:FREQ=SECONDLY;BYSECOND=0,59;COUNT=100000000"),
        (0x20, b"FREQ=WEEKLY;BYDAY=MO,WE;BYYEARDAY=-1,1,100"),
        # RFC 7529 (issue 28)
        (0, b"RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=9L;BYMONTHDAY=10;SKIP=FORWARD"),
        (1, b"RSCALE=HEBREW;FREQ=MONTHLY;BYMONTHDAY=30;SKIP=BACKWARD;COUNT=40"),
        (0x80, b"RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=30"),
        (0, b"RSCALE=ETHIOPIC;FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=-1;BYDAY=1MO,-1FR;BYWEEKNO=1,-1"),
    ]])
    # the C ABI harnesses of the parsers: the same files and rules, and locale identifiers
    stream("ical_c", ical)
    stream("rrule_c", [bytes([m & 0x3F]) + r for m, r in [
        (0, b"FREQ=MONTHLY;BYDAY=-1FR;BYSETPOS=1,-1;COUNT=12"), (0x21, b"FREQ=YEARLY;BYWEEKNO=53;BYDAY=TH;WKST=SU"),
        (0x04, b"FREQ=HOURLY;INTERVAL=5;BYHOUR=1,2;BYMINUTE=30;UNTIL=20270101T000000Z"),
        (0x20, b"FREQ=YEARLY;BYEASTER=-2,0,1"), (0x08, b"RRULE:FREQ=SECONDLY;BYSECOND=0,59;COUNT=100000000"),
        # RFC 7529 (issue 28): leap months, SKIP, a rule that never matches
        (0x20, b"RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=12L;BYMONTHDAY=30;SKIP=FORWARD"),
        (0x01, b"RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=30;SKIP=BACKWARD"),
        (0x20, b"RSCALE=ISLAMIC-UMALQURA;FREQ=MONTHLY;BYYEARDAY=1,-1"), (0, b"RSCALE=DANGI;FREQ=YEARLY;BYMONTH=13L"),
    ]] + [bytes([0x40, 1, 1, 0, 1, 10, 0, 1, 2, 1, 3, 2, 1, 15, 0, 0, 1, 0x05, 1])])
    stream("locale", [ident + b"\0" + ops for ident, ops in [
        (b"fr_FR", bytes([1, 0, 0, 0, 0, 3, 1, 11])), (b"ar-EG-u-nu-arab", bytes([2, 0, 0, 0, 2, 8, 1, 0x50, 0x20])),
        (b"he-IL-u-ca-hebrew", bytes([2, 0, 1, 1, 1, 9, 1, 0x50, 0x20, 0, 7, 0])),
        (b"ja_JP@calendar=japanese", bytes([4, 0, 0, 0, 0, 5, 0, 236 & 0xFF])),
        (b"zz-Qaaa-XX-x-private", bytes([1, 0, 0, 0, 0, 12, 1, 0x50, 0x20, 1, 0x50, 0x10, 12]) + b"EEEE d MMMM y"),
        (b"C", bytes([0, 0, 0, 0, 0, 10, 1, 13, 1, 30, 1, 59])),
    ]])
    # date fields: locale, system, shape (shows_date, granularity, hour cycle), placeholder, then keys
    # (0/1: a key code, 3/4: typed text of n bytes, 5: a tap, 6: a value, 7: limits or unavailable days)
    stream("date_field", [bytes(head) + ops for head, ops in [
        ([0, 0, 0x01, 1], bytes([3, 4]) + b"1128" + bytes([3, 4]) + b"2026" + bytes([0, 1, 0, 2, 1, 7])),
        ([3, 0, 0x05, 1], bytes([3, 6]) + "٢٨١١".encode()[:6] + bytes([0, 3, 0, 4, 1, 5])),
        ([4, 1, 0x01, 1], bytes([3, 6]) + "۱۴۰۵".encode()[:6] + bytes([3, 2, 0x39, 0x37, 0, 8])),
        ([2, 2, 0x15, 1], bytes([3, 4]) + b"R0505" + bytes([0, 5, 0, 6])),
        ([0, 0, 0x04, 1], bytes([3, 7, 250]) + b"1" * 1250),
        ([0, 0, 0x00, 1], bytes([4, 3, 0xFF, 0xFE, 0x31, 2, 0x7F, 0xFF, 0xFF, 0xFF, 5, 1, 6, 0, 0, 0, 0, 0, 0, 0, 0])),
    ]])
    print("seeds written under", CORPUS, file=sys.stderr)


if __name__ == "__main__":
    main()

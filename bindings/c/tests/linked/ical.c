/* linked_test: iCalendar and recurring store entries. Part of ../linked_test.c (after
   timezone.c: civil_days, use_tz). libc is the oracle: weekdays from day numbers,
   New York wall times from mktime with TZ set. */

static const char ical_calendar[] =
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//kalends//linked//EN\r\n"
    /* Mondays and Wednesdays 09:00-10:00 New York, one EXDATE, one instance moved. */
    "BEGIN:VEVENT\r\nUID:standup\r\nSUMMARY:Standup\r\n"
    "DTSTART;TZID=America/New_York:20260105T090000\r\nDTEND;TZID=America/New_York:20260105T100000\r\n"
    "RRULE:FREQ=WEEKLY;BYDAY=MO,WE\r\nEXDATE;TZID=America/New_York:20260311T090000\r\nEND:VEVENT\r\n"
    "BEGIN:VEVENT\r\nUID:standup\r\nRECURRENCE-ID;TZID=America/New_York:20260316T090000\r\n"
    "SUMMARY:Standup (moved)\r\nDTSTART;TZID=America/New_York:20260317T140000\r\n"
    "DTEND;TZID=America/New_York:20260317T150000\r\nEND:VEVENT\r\n"
    /* The fourth Thursday of November, all day. */
    "BEGIN:VEVENT\r\nUID:thanks\r\nSUMMARY:Thanksgiving\r\nDTSTART;VALUE=DATE:20201126\r\n"
    "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH\r\nEND:VEVENT\r\n"
    "END:VCALENDAR\r\n";

/* The instant of a New York wall time, by mktime. */
static int64_t new_york(int y, int m, int d, int hour) {
    use_tz("America/New_York");
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    tm.tm_year = y - 1900;
    tm.tm_mon = m - 1;
    tm.tm_mday = d;
    tm.tm_hour = hour;
    tm.tm_isdst = -1;
    return (int64_t)mktime(&tm);
}

/* 0 = Sunday ... 6 = Saturday of a day number (1970-01-01 was a Thursday). */
static int weekday_of(int64_t day) {
    return (int)(((day + 4) % 7 + 7) % 7);
}

/* The day of the fourth Thursday of November of year y. */
static int64_t fourth_thursday(int y) {
    int64_t first = civil_days(y, 11, 1);
    return first + (4 - weekday_of(first) + 7) % 7 + 21;
}

/* What between() must give for March 2026 (UTC instants), in start order. */
static int march_oracle(int64_t *starts, int64_t *rids) {
    int n = 0;
    for (int d = 1; d <= 31; d++) {
        int wd = weekday_of(civil_days(2026, 3, d));
        if ((wd != 1 && wd != 3) || d == 11) continue;
        if (d == 16) {
            starts[n] = new_york(2026, 3, 17, 14);
        } else {
            starts[n] = new_york(2026, 3, d, 9);
        }
        rids[n++] = new_york(2026, 3, d, 9);
    }
    return n;
}

static void check_march(kalends_ical *cal, const char *what) {
    int64_t starts[16], rids[16];
    int want = march_oracle(starts, rids);
    kalends_ical_occurrence occ[32];
    int32_t n = -1;
    int64_t from = civil_days(2026, 3, 1) * 86400, to = civil_days(2026, 4, 1) * 86400;
    CHECK_MSG(kalends_ical_between(cal, NULL, from, to, occ, 32, &n) == KALENDS_OK, "%s", kalends_last_error());
    int32_t kept = 0; /* the standup's (a store written back holds others too) */
    for (int32_t i = 0; i < n; i++) {
        if (strcmp(occ[i].uid, "standup") == 0) occ[kept++] = occ[i];
    }
    n = kept;
    CHECK_MSG(n == want, "%s: %d occurrences in March, want %d", what, n, want);
    for (int i = 0; i < n && i < want; i++) {
        CHECK_MSG(occ[i].start.instant == starts[i] && occ[i].recurrence_id.instant == rids[i], "%s: #%d", what, i);
        CHECK(occ[i].has_recurrence_id == 1 && strcmp(occ[i].uid, "standup") == 0);
        CHECK(occ[i].start.kind == KALENDS_ICAL_ZONED && strcmp(occ[i].start.tzid, "America/New_York") == 0);
        CHECK(occ[i].end.instant - occ[i].start.instant == 3600);
        /* The wall clock stays 09:00 across the DST change of March 8 (offset -5 h, then -4 h). */
        CHECK(occ[i].start.local - occ[i].start.instant == occ[i].start.offset);
        int moved = occ[i].start.instant != occ[i].recurrence_id.instant;
        CHECK(strcmp(occ[i].summary, moved ? "Standup (moved)" : "Standup") == 0);
        CHECK(occ[i].start.local % 86400 == (moved ? 14 : 9) * 3600);
    }
}

static void test_ical(void) {
    kalends_ical *cal = NULL;
    CHECK(kalends_ical_read((const uint8_t *)ical_calendar, sizeof ical_calendar - 1, NULL, &cal) == KALENDS_OK);
    int32_t n = -1;
    CHECK(kalends_ical_event_count(cal, &n) == KALENDS_OK && n == 3);
    CHECK(kalends_ical_warning_count(cal, &n) == KALENDS_OK && n == 0);
    check_march(cal, "read");

    /* Thanksgiving, 2026 ... 2040: one date each November, as the oracle says. */
    for (int y = 2026; y <= 2040; y++) {
        kalends_ical_occurrence occ[16];
        int64_t from = civil_days(y, 11, 1) * 86400, to = civil_days(y, 12, 1) * 86400;
        CHECK(kalends_ical_between(cal, NULL, from, to, occ, 16, &n) == KALENDS_OK && n >= 9 && n <= 11);
        int k = 0;
        while (k < n - 1 && strcmp(occ[k].uid, "thanks") != 0) k++;
        occ[0] = occ[k];
        CHECK_MSG(strcmp(occ[0].uid, "thanks") == 0 && occ[0].start.kind == KALENDS_ICAL_DATE && occ[0].start.local == fourth_thursday(y) * 86400 &&
                      occ[0].end.local == occ[0].start.local + 86400, "Thanksgiving %d", y);
    }

    /* Written and read again: the same occurrences; and from a file. */
    size_t length = 0;
    CHECK(kalends_ical_write(cal, NULL, 0, &length) == KALENDS_OK);
    char *text = (char *)malloc(length + 1);
    CHECK(kalends_ical_write(cal, text, length + 1, &length) == KALENDS_OK && strlen(text) == length);
    kalends_ical *again = NULL;
    CHECK(kalends_ical_read((const uint8_t *)text, length, NULL, &again) == KALENDS_OK);
    check_march(again, "written and read");
    char path[] = "/tmp/kalends-ical-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0 && write(fd, text, length) == (ssize_t)length);
    close(fd);
    kalends_ical *fromfile = NULL;
    CHECK(kalends_ical_read_file(path, NULL, &fromfile) == KALENDS_OK);
    check_march(fromfile, "from a file");
    unlink(path);
    free(text);
    CHECK(kalends_ical_free(again) == KALENDS_OK && kalends_ical_free(fromfile) == KALENDS_OK);

    /* Into a store: one entry per UID; the store's occurrences are between()'s. */
    kalends_store *store = NULL;
    kalends_timezone *ny = zone_named("America/New_York");
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    CHECK(kalends_ical_import(cal, store, ny, 100, &n) == KALENDS_OK && n == 2);
    CHECK(kalends_store_count(store, &n) == KALENDS_OK && n == 2);
    CHECK(kalends_store_series_count(store, &n) == KALENDS_OK && n == 2);
    int64_t starts[16], rids[16];
    int want = march_oracle(starts, rids);
    kalends_occurrence found[32];
    CHECK(kalends_store_query_occurrences(store, ny, (int32_t)civil_days(2026, 3, 1), (int32_t)civil_days(2026, 3, 31),
                                          found, 32, &n) == KALENDS_OK);
    CHECK_MSG(n == want, "store: %d occurrences, want %d", n, want);
    for (int i = 0; i < n && i < want; i++) {
        CHECK(found[i].event.id == 100 && found[i].recurring == 1);
        CHECK(found[i].event.start == starts[i] && found[i].recurrence_id == rids[i]);
    }
    /* kalends_store_query_rows: the occurrences as rows (recurring, with their recurrence
       ids and the entry's index), even at the host's version (a store with recurring
       entries never answers with spans). */
    kalends_store_answer answer;
    kalends_store_row rows[32];
    char titles[32 * 64];
    CHECK(kalends_store_answer_init(&answer) == KALENDS_OK);
    answer.rows = rows;
    answer.rows_capacity = 32;
    answer.titles = titles;
    answer.titles_capacity = (int32_t)sizeof titles;
    for (int round = 0; round < 2; round++) {
        CHECK(kalends_store_query_rows(store, ny, (int32_t)civil_days(2026, 3, 1), (int32_t)civil_days(2026, 3, 31),
                                       &answer) == KALENDS_OK);
        CHECK(answer.total == n && answer.rows_count == n && answer.spans_count == 0);
        int32_t at = 0;
        for (int i = 0; i < n && i < want; i++) {
            CHECK(rows[i].id == 100 && rows[i].recurring == 1 && rows[i].start == found[i].event.start &&
                  rows[i].end == found[i].event.end && rows[i].recurrence_id == rids[i]);
            CHECK(rows[i].title_length == (int32_t)strlen(found[i].event.title) &&
                  memcmp(titles + at, found[i].event.title, (size_t)rows[i].title_length) == 0);
            kalends_event entry;
            CHECK(kalends_store_get_at(store, rows[i].index, &entry, NULL) == KALENDS_OK && entry.id == 100);
            at += rows[i].title_length;
        }
        answer.known_version = answer.version;
    }

    /* kalends_store_query gives the same events; the timeline of the moved day shows it. */
    kalends_event plain[32];
    int32_t m = -1;
    CHECK(kalends_store_query(store, ny, (int32_t)civil_days(2026, 3, 1), (int32_t)civil_days(2026, 3, 31), plain, 32,
                              &m) == KALENDS_OK && m == n);
    for (int i = 0; i < m && i < n; i++) CHECK(plain[i].start == found[i].event.start && plain[i].id == 100);
    kalends_occurrence_item items[4];
    CHECK(kalends_store_occurrence_timeline(store, ny, (int32_t)civil_days(2026, 3, 17), NULL, items, 4, &m) ==
          KALENDS_OK && m == 1);
    CHECK(items[0].item.event == 100 && items[0].recurring == 1 && items[0].recurrence_id == new_york(2026, 3, 16, 9));
    kalends_occurrence day[4];
    CHECK(kalends_store_query_occurrences(store, ny, (int32_t)fourth_thursday(2031), (int32_t)fourth_thursday(2031),
                                          day, 4, &m) == KALENDS_OK && m == 1);
    CHECK(day[0].event.id == 101 && day[0].event.all_day == 1 && day[0].event.start == fourth_thursday(2031));

    /* A series added from C: the last day of each month, 00:30 UTC, from 2026-01-31. */
    kalends_event e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    e.id = 7;
    e.start = civil_days(2026, 1, 31) * 86400 + 1800;
    e.end = e.start + 600;
    e.title = "month end";
    e.title_length = -1;
    kalends_series s;
    memset(&s, 0, sizeof s);
    s.struct_size = sizeof s;
    s.event = e;
    s.recurrence = "RRULE:FREQ=MONTHLY;BYMONTHDAY=-1";
    s.recurrence_length = -1;
    CHECK(kalends_store_add_series(store, &s) == KALENDS_OK);
    for (int y = 2026; y <= 2029; y++) {
        for (int mo = 1; mo <= 12; mo++) {
            int64_t last = civil_days(mo == 12 ? y + 1 : y, mo == 12 ? 1 : mo + 1, 1) - 1;
            kalends_occurrence o[4];
            CHECK(kalends_store_query_occurrences(store, NULL, (int32_t)(last - 1), (int32_t)(last + 1), o, 4, &m) ==
                  KALENDS_OK);
            int seen = 0;
            for (int i = 0; i < m; i++) {
                if (o[i].event.id == 7) seen += o[i].event.start == last * 86400 + 1800 && strcmp(o[i].event.title, "month end") == 0;
            }
            CHECK_MSG(seen == 1, "month end %d-%d", y, mo);
        }
    }
    /* The store as .ics: read again, three VEVENTs and the host's series. */
    CHECK(kalends_store_write_ical(store, NULL, 0, &length) == KALENDS_OK);
    text = (char *)malloc(length + 1);
    CHECK(kalends_store_write_ical(store, text, length + 1, &length) == KALENDS_OK);
    CHECK(kalends_ical_read((const uint8_t *)text, length, NULL, &again) == KALENDS_OK);
    CHECK(kalends_ical_event_count(again, &n) == KALENDS_OK && n == 4);
    check_march(again, "written from the store");
    free(text);
    CHECK(kalends_ical_free(again) == KALENDS_OK);
    CHECK(kalends_store_free(store) == KALENDS_OK && kalends_timezone_free(ny) == KALENDS_OK);
    CHECK(kalends_ical_free(cal) == KALENDS_OK);
}

/* Cancelled events: between() lists their instances (as recurring-ical-events does) and
   kalends_ical_event_status tells them apart; a store leaves them out of its queries. */
static const char ical_cancelled[] =
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//kalends//linked//EN\r\n"
    /* Daily at 10:00 UTC, May 4 ... 8 2026: May 5 cancelled, May 7 on cancelled (THISANDFUTURE). */
    "BEGIN:VEVENT\r\nUID:daily\r\nSUMMARY:Daily\r\nSTATUS:CONFIRMED\r\nDTSTART:20260504T100000Z\r\n"
    "DURATION:PT1H\r\nRRULE:FREQ=DAILY;COUNT=5\r\nEND:VEVENT\r\n"
    "BEGIN:VEVENT\r\nUID:daily\r\nRECURRENCE-ID:20260505T100000Z\r\nSTATUS:CANCELLED\r\n"
    "DTSTART:20260505T100000Z\r\nDURATION:PT1H\r\nEND:VEVENT\r\n"
    "BEGIN:VEVENT\r\nUID:daily\r\nRECURRENCE-ID;RANGE=THISANDFUTURE:20260507T100000Z\r\nstatus:Cancelled\r\n"
    "DTSTART:20260507T100000Z\r\nDURATION:PT1H\r\nEND:VEVENT\r\n"
    /* A whole series cancelled on its master, and a tentative one-off with an x-status. */
    "BEGIN:VEVENT\r\nUID:gone\r\nSTATUS:CANCELLED\r\nDTSTART:20260504T120000Z\r\nRRULE:FREQ=DAILY;COUNT=2\r\nEND:VEVENT\r\n"
    "BEGIN:VEVENT\r\nUID:odd\r\nSTATUS:X-POSTPONED\r\nDTSTART:20260506T150000Z\r\nEND:VEVENT\r\n"
    "END:VCALENDAR\r\n";

static void test_ical_cancelled(void) {
    kalends_ical *cal = NULL;
    CHECK(kalends_ical_read((const uint8_t *)ical_cancelled, sizeof ical_cancelled - 1, NULL, &cal) == KALENDS_OK);
    int64_t day = civil_days(2026, 5, 4) * 86400;
    kalends_ical_occurrence occ[16];
    int32_t n = -1;
    CHECK(kalends_ical_between(cal, NULL, day, day + 7 * 86400, occ, 16, &n) == KALENDS_OK);
    /* (uid, start, status) in start order. */
    static const struct { const char *uid; int64_t offset; kalends_ical_status status; const char *text; } want[] = {
        {"daily", 10 * 3600, KALENDS_ICAL_STATUS_CONFIRMED, "CONFIRMED"},
        {"gone", 12 * 3600, KALENDS_ICAL_STATUS_CANCELLED, "CANCELLED"},
        {"daily", 86400 + 10 * 3600, KALENDS_ICAL_STATUS_CANCELLED, "CANCELLED"},
        {"gone", 86400 + 12 * 3600, KALENDS_ICAL_STATUS_CANCELLED, "CANCELLED"},
        {"daily", 2 * 86400 + 10 * 3600, KALENDS_ICAL_STATUS_CONFIRMED, "CONFIRMED"},
        {"odd", 2 * 86400 + 15 * 3600, KALENDS_ICAL_STATUS_OTHER, "X-POSTPONED"},
        {"daily", 3 * 86400 + 10 * 3600, KALENDS_ICAL_STATUS_CANCELLED, "Cancelled"},
        {"daily", 4 * 86400 + 10 * 3600, KALENDS_ICAL_STATUS_CANCELLED, "Cancelled"},
    };
    CHECK_MSG(n == 8, "%d occurrences, want 8", n);
    for (int i = 0; i < n && i < 8; i++) {
        kalends_ical_status st = -1;
        char text[32];
        size_t length = 0;
        CHECK(kalends_ical_event_status(cal, occ[i].event, &st, text, sizeof text, &length) == KALENDS_OK);
        CHECK_MSG(strcmp(occ[i].uid, want[i].uid) == 0 && occ[i].start.instant == day + want[i].offset &&
                      st == want[i].status && strcmp(text, want[i].text) == 0 && length == strlen(want[i].text),
                  "#%d: %s %lld %d %s", i, occ[i].uid, (long long)(occ[i].start.instant - day), (int)st, text);
    }
    /* A short buffer: cut, NUL-terminated, the full length given. */
    char small[4];
    size_t length = 0;
    CHECK(kalends_ical_event_status(cal, occ[1].event, NULL, small, sizeof small, &length) == KALENDS_OK &&
          length == 9 && strcmp(small, "CAN") == 0);

    /* In a store: only what takes place (May 4 and 6 of the daily, the x-status one-off). */
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    CHECK(kalends_ical_import(cal, store, NULL, 1, &n) == KALENDS_OK && n == 3);
    kalends_occurrence found[16];
    CHECK(kalends_store_query_occurrences(store, NULL, (int32_t)civil_days(2026, 5, 1), (int32_t)civil_days(2026, 5, 31),
                                          found, 16, &n) == KALENDS_OK);
    CHECK_MSG(n == 3, "store: %d occurrences, want 3", n);
    int64_t starts[] = {day + 10 * 3600, day + 2 * 86400 + 10 * 3600, day + 2 * 86400 + 15 * 3600};
    int64_t ids[] = {1, 1, 3};
    for (int i = 0; i < n && i < 3; i++) CHECK(found[i].event.start == starts[i] && found[i].event.id == ids[i]);
    /* The store writes the cancelled VEVENTs back. */
    CHECK(kalends_store_write_ical(store, NULL, 0, &length) == KALENDS_OK);
    char *text = (char *)malloc(length + 1);
    CHECK(kalends_store_write_ical(store, text, length + 1, &length) == KALENDS_OK);
    kalends_ical *again = NULL;
    CHECK(kalends_ical_read((const uint8_t *)text, length, NULL, &again) == KALENDS_OK);
    CHECK(kalends_ical_between(again, NULL, day, day + 7 * 86400, occ, 16, &n) == KALENDS_OK && n == 8);
    free(text);
    CHECK(kalends_ical_free(again) == KALENDS_OK && kalends_store_free(store) == KALENDS_OK);
    CHECK(kalends_ical_free(cal) == KALENDS_OK);
}

/* A series with an occurrence every second (issue 24, item 2): 86,400 a day, 31,536,000
   in 2027. Every answer about a range is counted, not listed (before, a short buffer
   made the library list them all: a year of them did not fit in memory): the size of
   a query, the first page and its total, a year of dots, the month's bars and their
   "+N more", the day timeline, the iCalendar between; and a SECONDLY rule filtered by
   hour and minute counted over cut days. */
static void test_dense_series(void) {
    static const char text[] =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//kalends//dense//EN\r\n"
        "BEGIN:VEVENT\r\nUID:tick\r\nSUMMARY:Tick\r\nDTSTART:20260101T000000Z\r\nDTEND:20260101T000001Z\r\n"
        "RRULE:FREQ=SECONDLY\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    kalends_ical *cal = NULL;
    CHECK(kalends_ical_read((const uint8_t *)text, sizeof text - 1, NULL, &cal) == KALENDS_OK);
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    CHECK(kalends_ical_import(cal, store, NULL, 1, NULL) == KALENDS_OK);
    int32_t jan1 = (int32_t)civil_days(2027, 1, 1), dec31 = (int32_t)civil_days(2027, 12, 31);
    int32_t n = -1;
    CHECK(kalends_store_query(store, NULL, jan1, dec31, NULL, 0, &n) == KALENDS_OK && n == 365 * 86400);
    kalends_occurrence page[4];
    CHECK(kalends_store_query_occurrences(store, NULL, jan1, dec31, page, 4, &n) == KALENDS_E_BUFFER_TOO_SMALL &&
          n == 365 * 86400);
    int64_t ids[4];
    CHECK(kalends_store_query_ids(store, NULL, jan1, dec31, ids, 4, &n, NULL) == KALENDS_E_BUFFER_TOO_SMALL &&
          n == 365 * 86400);
    int64_t total = -1;
    CHECK(kalends_store_query_first(store, NULL, jan1, dec31, page, 4, &n, &total) == KALENDS_OK && n == 4 &&
          total == 365 * 86400);
    for (int i = 0; i < 4; i++)
        CHECK(page[i].event.id == 1 && page[i].recurring == 1 && page[i].event.start == (int64_t)jan1 * 86400 + i &&
              strcmp(page[i].event.title, "Tick") == 0);
    /* A year of dots: 86,400 on each day, the series' colour first. */
    static int32_t counts[365];
    static uint32_t colors[365 * 2];
    CHECK(kalends_store_dots(store, NULL, jan1, dec31, 2, counts, colors, 365) == KALENDS_OK);
    int bad = 0;
    for (int i = 0; i < 365; i++) bad += counts[i] != 86400 || colors[2 * i] != colors[0];
    CHECK_MSG(bad == 0, "%d days with other dots", bad);
    /* November 2026's page: 42 days of two bars and "+86,398 more" (three lanes). */
    kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 700);
    kalends_date november = {2026, 11, 10};
    CHECK(kalends_view_go_to(view, &november, NULL) == KALENDS_OK);
    kalends_event_bar bars[128];
    kalends_event_more more[64];
    int32_t nb = -1, nm = -1;
    CHECK(kalends_view_event_bars(view, store, NULL, NULL, NULL, 0, &nb, NULL, 0, &nm) == KALENDS_OK && nb == 84 && nm == 42);
    CHECK(kalends_view_event_bars(view, store, NULL, NULL, bars, 128, &nb, more, 64, &nm) == KALENDS_OK);
    bad = 0;
    for (int i = 0; i < nm; i++) bad += more[i].hidden != 86398;
    for (int i = 0; i < nb; i++) bad += bars[i].lane > 1 || bars[i].first_column != bars[i].last_column;
    CHECK_MSG(bad == 0, "%d bars or labels off", bad);
    /* The day timeline: 86,400 items counted; the first five laid out with max_events. */
    kalends_timeline_item items[8];
    CHECK(kalends_store_timeline(store, NULL, jan1, NULL, items, 8, &n) == KALENDS_E_BUFFER_TOO_SMALL && n == 86400);
    kalends_timeline_options to;
    kalends_timeline_options_init(&to);
    to.first_hour = 9;
    to.last_hour = 17;
    /* 09:00:00 ... 16:59:59, and 08:59:59 (it ends as 09:00 begins: shown at its top line) */
    CHECK(kalends_store_timeline(store, NULL, jan1, &to, NULL, 0, &n) == KALENDS_OK && n == 8 * 3600 + 1);
    to.max_events = 5;
    to.first_hour = 0;
    CHECK(kalends_store_timeline(store, NULL, jan1, &to, items, 8, &n) == KALENDS_OK && n == 5);
    /* The calendar itself: between over the year, counted; its first page. */
    kalends_ical_occurrence occ[3];
    int64_t from = (int64_t)jan1 * 86400, to_wall = ((int64_t)dec31 + 1) * 86400;
    CHECK(kalends_ical_between(cal, NULL, from, to_wall, occ, 3, &n) == KALENDS_E_BUFFER_TOO_SMALL && n == 365 * 86400);
    CHECK(kalends_ical_between_first(cal, NULL, from, to_wall, occ, 3, &n, &total) == KALENDS_OK && n == 3 &&
          total == 365 * 86400 && occ[2].start.instant == from + 2);
    kalends_view_free(view);
    kalends_store_free(store);
    kalends_ical_free(cal);
    /* 09:00 and 09:30 every second of their minute, every day: a cut day counted. */
    kalends_rrule *rule = NULL;
    CHECK(kalends_rrule_parse("FREQ=SECONDLY;BYHOUR=9;BYMINUTE=0,30", 1, from, KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) ==
          KALENDS_OK);
    CHECK(kalends_rrule_between(rule, from, to_wall, 0, NULL, 0, &n) == KALENDS_OK && n == 365 * 120);
    CHECK(kalends_rrule_between(rule, from + 9 * 3600 + 30, from + 17 * 3600, 0, NULL, 0, &n) == KALENDS_OK && n == 29 + 60);
    kalends_rrule_free(rule);
}

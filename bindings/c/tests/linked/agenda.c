/* linked_test: the agenda (issue 27 item 2) against a brute-force scan: random timed and
   all-day events of one to three days over 60 days in UTC, the whole agenda computed by
   scanning every event for every day, and viewports at random offsets compared row by
   row with its slice. Part of ../linked_test.c, included after linked/events_common.c. */

#define AGENDA_EVENTS 150
#define AGENDA_DAYS 60
#define AGENDA_FIRST 20500 /* day number of the range's first day */

typedef struct agenda_line {
    double top;
    int32_t kind, day, index, count;
    int64_t id;
} agenda_line;

static int64_t floor_day(int64_t t) { return t >= 0 ? t / 86400 : (t - 86399) / 86400; }

static void event_days(const kalends_event *e, int64_t *a, int64_t *b) {
    if (e->all_day) {
        *a = e->start;
        *b = e->end;
    } else {
        *a = floor_day(e->start);
        *b = e->end > e->start ? floor_day(e->end - 1) : *a;
    }
}

/* Agenda order within a day: all-day first (by first day, then id), then timed by (start, id). */
static const kalends_event *agenda_sort_events;
static int agenda_before(const void *pa, const void *pb) {
    const kalends_event *x = &agenda_sort_events[*(const int *)pa], *y = &agenda_sort_events[*(const int *)pb];
    if (x->all_day != y->all_day) return x->all_day ? -1 : 1;
    int64_t kx = x->all_day ? x->start * 86400 : x->start, ky = y->all_day ? y->start * 86400 : y->start;
    if (kx != ky) return kx < ky ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id;
}

static agenda_line agenda_make_line(double top, int32_t kind, int32_t day, int32_t index, int32_t count, int64_t id) {
    agenda_line line;
    line.top = top;
    line.kind = kind;
    line.day = day;
    line.index = index;
    line.count = count;
    line.id = id;
    return line;
}

static int agenda_scan(const kalends_event *events, int n, double h, double r, agenda_line *lines, double *total) {
    int count = 0;
    double top = 0;
    int on[AGENDA_EVENTS];
    agenda_sort_events = events;
    for (int32_t day = AGENDA_FIRST; day < AGENDA_FIRST + AGENDA_DAYS; day++) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            int64_t a, b;
            event_days(&events[i], &a, &b);
            if (a <= day && day <= b) on[k++] = i;
        }
        if (k == 0) continue;
        qsort(on, (size_t)k, sizeof on[0], agenda_before);
        lines[count++] = agenda_make_line(top, KALENDS_AGENDA_ROW_HEADING, day, 0, 0, 0);
        top += h;
        for (int j = 0; j < k; j++) {
            int64_t a, b;
            event_days(&events[on[j]], &a, &b);
            lines[count++] = agenda_make_line(top, KALENDS_AGENDA_ROW_EVENT, day, (int32_t)(day - a + 1), (int32_t)(b - a + 1),
                                             events[on[j]].id);
            top += r;
        }
    }
    *total = top;
    return count;
}

static void test_agenda_against_scan(void) {
    static kalends_event events[AGENDA_EVENTS];
    static agenda_line lines[AGENDA_EVENTS * 4 + AGENDA_DAYS];
    uint32_t seed = 2027;
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    for (int i = 0; i < AGENDA_EVENTS; i++) {
        seed = seed * 1103515245u + 12345u;
        int32_t day = AGENDA_FIRST + (int32_t)((seed >> 8) % (AGENDA_DAYS - 10)) + ((seed >> 4) % 3 == 0 ? 5 : 0);
        int32_t days = (int32_t)((seed >> 20) % 5 == 0 ? 1 + (seed >> 24) % 3 : 1);
        if ((seed >> 16) % 4 == 0) {
            events[i] = make_event(i + 1, 1, day, day + days - 1, 0x1, "all day");
        } else {
            int64_t start = (int64_t)day * 86400 + (int64_t)((seed >> 12) % 86400);
            int64_t length = days > 1 ? (int64_t)(days - 1) * 86400 : (int64_t)((seed >> 3) % 7200);
            events[i] = make_event(i + 1, 0, start, start + length, 0x1, "timed");
        }
    }
    CHECK(kalends_store_add_events(store, events, AGENDA_EVENTS) == KALENDS_OK);
    kalends_agenda_options o;
    CHECK(kalends_agenda_options_init(&o) == KALENDS_OK && o.heading_height == 32 && o.row_height == 24);
    double total = 0;
    int n = agenda_scan(events, AGENDA_EVENTS, o.heading_height, o.row_height, lines, &total);
    CHECK(n > AGENDA_EVENTS);
    int32_t first = AGENDA_FIRST, last = AGENDA_FIRST + AGENDA_DAYS - 1;
    kalends_agenda_row rows[64];
    kalends_agenda_viewport where;
    int32_t count = 0;
    double height = 300, position = 0;
    int32_t anchor = first;
    double offset = 0;
    for (int step = 0; step < 400; step++) {
        CHECK(kalends_store_agenda(store, NULL, first, last, anchor, offset, height, &o, &where, rows, 64, &count) ==
              KALENDS_OK);
        int k = 0;
        for (int i = 0; i < n; i++) {
            double hgt = lines[i].kind == KALENDS_AGENDA_ROW_HEADING ? o.heading_height : o.row_height;
            if (lines[i].top + hgt <= position || lines[i].top >= position + height) continue;
            CHECK(k < count);
            if (k >= count) break;
            const kalends_agenda_row *row = &rows[k++];
            CHECK(row->kind == lines[i].kind && row->day == lines[i].day && fabs(row->y - (lines[i].top - position)) < 1e-6);
            if (lines[i].kind == KALENDS_AGENDA_ROW_EVENT) {
                CHECK(row->occurrence.event.id == lines[i].id && row->day_index == lines[i].index &&
                      row->day_count == lines[i].count && row->occurrence.recurring == 0);
                CHECK(strcmp(row->occurrence.event.title, row->occurrence.event.all_day ? "all day" : "timed") == 0);
            }
        }
        CHECK(k == count);
        CHECK(where.at_start == (position <= 0) && where.at_end == (position + height >= total - 1e-9));
        seed = seed * 1103515245u + 12345u;
        double delta = (double)((int32_t)((seed >> 8) % 1601) - 800);
        anchor = where.anchor_day;
        offset = where.offset + delta;
        position += delta;
        if (position < 0) position = 0;
        if (position > total - height) position = total - height;
    }
    /* a short buffer: BUFFER_TOO_SMALL with the count and the viewport set */
    CHECK(kalends_store_agenda(store, NULL, first, last, first, 0, height, &o, &where, rows, 2, &count) ==
          KALENDS_E_BUFFER_TOO_SMALL && count > 2 && where.anchor_day >= first);
    /* bad input: statuses, nothing traps */
    CHECK(kalends_store_agenda(store, NULL, first, last, first, 0, NAN, &o, &where, rows, 64, &count) ==
          KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_agenda(store, NULL, first, last, first, INFINITY, 10, &o, &where, rows, 64, &count) ==
          KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_agenda(store, NULL, last, first, first, 0, 10, &o, &where, rows, 64, &count) ==
          KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_agenda(store, NULL, first, last, last + 1, 0, 10, &o, &where, rows, 64, &count) ==
          KALENDS_E_INVALID_ARGUMENT);
    o.row_height = NAN;
    CHECK(kalends_store_agenda(store, NULL, first, last, first, 0, 10, &o, &where, rows, 64, &count) ==
          KALENDS_E_INVALID_ARGUMENT);
    o.row_height = 24;
    /* year 1 to 9999: the same first rows, found through the index */
    kalends_date d1 = {1, 1, 1}, d9999 = {9999, 12, 31};
    int32_t lo = 0, hi = 0;
    CHECK(kalends_date_day_number(&d1, &lo) == KALENDS_OK && kalends_date_day_number(&d9999, &hi) == KALENDS_OK);
    CHECK(kalends_store_agenda(store, NULL, lo, hi, lo, -5000, height, &o, &where, rows, 64, &count) == KALENDS_OK);
    CHECK(count > 0 && rows[0].day == lines[0].day && rows[1].occurrence.event.id == lines[1].id && where.at_start == 1);
    /* an offset past the end stops at the end (an offset passing more than 10,000 days of
       events would be OUT_OF_RANGE: the Python test has such a store) */
    CHECK(kalends_store_agenda(store, NULL, lo, hi, lo, 1e12, height, &o, &where, rows, 64, &count) == KALENDS_OK &&
          where.at_end == 1 && where.at_start == 0 && rows[count - 1].occurrence.event.id == lines[n - 1].id);
    /* relative words */
    kalends_locale *de = NULL;
    char word[64];
    size_t length = 0;
    CHECK(kalends_locale_open("de", &de) == KALENDS_OK);
    CHECK(kalends_locale_relative_day(de, 1, word, sizeof word, &length) == KALENDS_OK && strcmp(word, "morgen") == 0);
    CHECK(kalends_locale_relative_day(de, 2, word, sizeof word, &length) == KALENDS_E_NOT_FOUND);
    kalends_locale_free(de);
    kalends_store_free(store);
}

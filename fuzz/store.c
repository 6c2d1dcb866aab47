/*
 * fuzz/store.c -- libFuzzer harness: the event store under a stream of operations:
 * add (one and in batches, with duplicate ids, instants and day numbers at the int64
 * and supported-date extremes, titles of arbitrary bytes including invalid UTF-8),
 * update, remove, clear, get, get_at, the three queries, the rows query (rows and
 * titles the query's, spans that cover the answer), dots, the day timeline and the
 * month bars over a view, in UTC and in a zone with DST; recurring entries (dense
 * rules from a table: an occurrence every second, filtered seconds, several RRULEs, an
 * EXRULE, a YEARLY rule with every second of its days; or fuzzed recurrence text) with
 * the first page of a range and a timeline of at most max_events. Invariants:
 * documented statuses, a failed change leaves count and version alone, queries of single
 * events return at most what the store holds, a first page holds at most its capacity
 * and its total is what a size query counts. A dense entry makes no call slow: a hang is
 * a finding (libFuzzer's timeout).
 */
#include "fuzz_input.h"

static char titles[8][64];

/* Recurrences a store must answer about in the time a view has: dense ones first. */
static const char *const recurrences[] = {
    "RRULE:FREQ=SECONDLY",
    "RRULE:FREQ=SECONDLY;INTERVAL=7\nEXDATE:20251130T000000Z\nEXDATE;VALUE=DATE:20251201",
    "RRULE:FREQ=SECONDLY;BYHOUR=9,17;BYMINUTE=0,30;BYSECOND=0,1,2,59",
    "RRULE:FREQ=MINUTELY;BYHOUR=0,1,2,3,23\nRDATE;VALUE=PERIOD:20251201T000000Z/P3D",
    "RRULE:FREQ=SECONDLY\nRRULE:FREQ=MINUTELY;INTERVAL=7",
    "RRULE:FREQ=SECONDLY;INTERVAL=2\nEXRULE:FREQ=MINUTELY;BYSECOND=0,2,4",
    ("RRULE:FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=1,2;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23;"
     "BYMINUTE=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,"
     "38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59;BYSECOND=0,10,20,30,40,50"),
    ("RRULE:FREQ=DAILY;BYHOUR=0,12;BYMINUTE=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29;"
     "BYSECOND=0,5,10,15,20,25,30,35,40,45,50,55;BYSETPOS=1,-1,7"),
    "RRULE:FREQ=WEEKLY;BYDAY=MO,WE",
};

static int32_t true_count(const kalends_store *store)
{
    int32_t n = -1;
    kalends_store_count(store, &n);
    return n;
}

static kalends_event event_from(fuzz_input *in, int slot)
{
    kalends_event e;
    memset(&e, 0, sizeof e);
    uint8_t which = fuzz_u8(in);
    e.struct_size = (which & 0x80) ? (uint32_t)fuzz_u8(in) : (uint32_t)sizeof e;
    e.all_day = (which & 1) ? 1 : ((which & 0x40) ? fuzz_i32(in) : 0);
    e.id = (which & 2) ? fuzz_i64(in) : (int64_t)(fuzz_u8(in) % 16);
    if (e.all_day == 1) {
        e.start = (which & 4) ? fuzz_i64(in) : 20400 + (int8_t)fuzz_u8(in);
        e.end = (which & 8) ? fuzz_i64(in) : e.start + fuzz_u8(in) % 40;
    } else {
        e.start = (which & 4) ? fuzz_i64(in) : 1764000000LL + (int64_t)(int16_t)fuzz_u32(in) * 60;
        e.end = (which & 8) ? fuzz_i64(in) : e.start + (int64_t)fuzz_u8(in) * 900;
    }
    e.color = fuzz_u32(in);
    e.source = (which & 0x20) ? fuzz_i32(in) : 0;
    e.user_value = 7;
    size_t n = fuzz_u8(in) % 63;
    if (n > in->size) n = in->size;
    memcpy(titles[slot], in->data, n);
    titles[slot][n] = 0;
    in->data += n;
    in->size -= n;
    uint8_t t = (which >> 4) & 3;
    if (t == 0) { e.title = NULL; e.title_length = 0; }
    else if (t == 1) { e.title = titles[slot]; e.title_length = -1; }
    else if (t == 2) { e.title = titles[slot]; e.title_length = (int32_t)n; }
    else { e.title = titles[slot]; e.title_length = -(int32_t)(fuzz_u8(in) % 3) - 2; } /* bad lengths: refused */
    return e;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = { data, size };
    kalends_store *store = NULL;
    if (CHECKED(kalends_store_new(&store)) != KALENDS_OK) abort();
    kalends_timezone *zone = NULL;
    if (fuzz_u8(&in) & 1) CHECKED(kalends_timezone_new("CET-1CEST,M3.5.0,M10.5.0/3", &zone));
    kalends_calendar_options copt;
    kalends_calendar_options_init(&copt);
    copt.today_mode = KALENDS_TODAY_OFF;
    kalends_calendar *calendar = NULL;
    if (CHECKED(kalends_calendar_new(&copt, &calendar)) != KALENDS_OK) abort();
    kalends_view_metrics metrics;
    kalends_view_metrics_init(&metrics);
    metrics.width = 350;
    kalends_view *view = NULL;
    if (CHECKED(kalends_view_new(calendar, NULL, &metrics, &view)) != KALENDS_OK) abort();

    for (int step = 0; step < 128 && !fuzz_done(&in); step++) {
        uint8_t op = fuzz_u8(&in) % 16;   /* 15: the version check */
        int32_t before = 0, after = 0, count = 0;
        uint64_t v0 = 0, v1 = 0;
        kalends_store_count(store, &before);
        kalends_store_version(store, &v0);
        kalends_status s = KALENDS_OK;
        int changes = 1;
        kalends_event e;
        switch (op) {
        case 0:
        case 1:
        case 2: e = event_from(&in, 0); s = CHECKED(kalends_store_add(store, &e)); break;
        case 3: {
            kalends_event batch[8];
            int32_t n = (int32_t)(fuzz_u8(&in) % 9);
            for (int32_t i = 0; i < n; i++) batch[i] = event_from(&in, i);
            s = CHECKED(kalends_store_add_events(store, n ? batch : NULL, (fuzz_u8(&in) & 0x40) ? -1 : n));
            if (s == KALENDS_OK) FUZZ_ASSERT(true_count(store) == before + n, "batch of %d", (int)n);
            break;
        }
        case 4: e = event_from(&in, 0); s = CHECKED(kalends_store_update(store, &e)); break;
        case 5: s = CHECKED(kalends_store_remove(store, (fuzz_u8(&in) & 1) ? fuzz_i64(&in) : (int64_t)(fuzz_u8(&in) % 16))); break;
        case 6: s = CHECKED(kalends_store_clear(store)); break;
        default:
            changes = 0;
            break;
        }
        if (changes) {
            kalends_store_count(store, &after);
            kalends_store_version(store, &v1);
            if (s != KALENDS_OK)
                FUZZ_ASSERT(after == before && v1 == v0, "a failed change moved count %d -> %d", (int)before, (int)after);
            continue;
        }
        if (op == 14) {
            /* a recurring entry: a dense rule from the table, or fuzzed text */
            kalends_series series;
            memset(&series, 0, sizeof series);
            series.struct_size = sizeof series;
            series.event = event_from(&in, 1);
            series.zone = (fuzz_u8(&in) & 1) ? zone : NULL;
            char text[80];
            uint8_t pick = fuzz_u8(&in);
            series.recurrence = (pick & 0x80) ? fuzz_string(&in, text, sizeof text)
                                              : recurrences[pick % (sizeof recurrences / sizeof recurrences[0])];
            series.recurrence_length = -1;
            s = CHECKED(kalends_store_add_series(store, &series));
            kalends_store_count(store, &after);
            kalends_store_version(store, &v1);
            if (s != KALENDS_OK)
                FUZZ_ASSERT(after == before && v1 == v0, "a failed series add moved count %d -> %d", (int)before, (int)after);
            continue;
        }
        int32_t first = (fuzz_u8(&in) & 1) ? fuzz_i32(&in) : 20400 + (int8_t)fuzz_u8(&in);
        int32_t last = (fuzz_u8(&in) & 1) ? fuzz_i32(&in) : first + fuzz_u8(&in) % 60;
        const kalends_timezone *z = (fuzz_u8(&in) & 1) ? zone : NULL;
        switch (op) {
        case 7: {
            kalends_event out[16];
            int32_t series = 0;
            kalends_store_series_count(store, &series);
            if (CHECKED(kalends_store_query(store, z, first, last, out, 16, &count)) == KALENDS_OK && series == 0)
                FUZZ_ASSERT(count <= before, "query %d of %d", (int)count, (int)before);
            /* the agenda of the same range (issue 27): any anchor, offset and height, NaNs
               included, a status; a viewport's anchor inside the range and rows that fit */
            static kalends_agenda_row agenda_rows[64];
            kalends_agenda_viewport where;
            kalends_agenda_options ao;
            kalends_agenda_options_init(&ao);
            if (fuzz_u8(&in) & 1) ao.row_height = fuzz_double(&in);
            int32_t anchor = (fuzz_u8(&in) & 1) ? fuzz_i32(&in) : first + fuzz_u8(&in) % 60;
            double offset = fuzz_double(&in), height = (fuzz_u8(&in) & 1) ? fuzz_double(&in) : 300;
            if (CHECKED(kalends_store_agenda(store, z, first, last, anchor, offset, height, &ao, &where, agenda_rows, 64,
                                             &count)) == KALENDS_OK)
                FUZZ_ASSERT(count <= 64 && where.anchor_day >= first && where.anchor_day <= last,
                            "agenda: %d rows, anchor %d of %d ... %d", (int)count, (int)where.anchor_day, (int)first,
                            (int)last);
            break;
        }
        case 15: {
            /* the first page of a range and its total; a size query counts the same */
            kalends_occurrence page[8];
            int32_t capacity = (int32_t)(fuzz_u8(&in) % 9), sized = -1;
            int64_t total = -1;
            if (CHECKED(kalends_store_query_first(store, z, first, last, page, capacity, &count, &total)) == KALENDS_OK) {
                FUZZ_ASSERT(count <= capacity && count >= 0 && (int64_t)count <= total, "page %d of %lld, capacity %d",
                            (int)count, (long long)total, (int)capacity);
                if (total <= INT32_MAX && CHECKED(kalends_store_query_occurrences(store, z, first, last, NULL, 0, &sized)) == KALENDS_OK)
                    FUZZ_ASSERT(sized == total, "size %d, total %lld", (int)sized, (long long)total);
                for (int32_t i = 1; i < count; i++)
                    FUZZ_ASSERT(page[i - 1].event.start <= page[i].event.start || page[i - 1].event.all_day != page[i].event.all_day,
                                "page out of order at %d", (int)i);
            }
            kalends_timeline_options o;
            kalends_timeline_options_init(&o);
            o.max_events = (int32_t)(fuzz_u8(&in) % 40);
            kalends_timeline_item items[40];
            if (CHECKED(kalends_store_timeline(store, z, first, &o, items, 40, &count)) == KALENDS_OK && o.max_events > 0)
                FUZZ_ASSERT(count <= o.max_events, "timeline of %d for max_events %d", (int)count, (int)o.max_events);
            break;
        }
        case 8: {
            int64_t ids[16];
            uint64_t version = 0;
            CHECKED(kalends_store_query_ids(store, z, first, last, ids, (int32_t)(fuzz_u8(&in) % 17), &count, &version));
            break;
        }
        case 9: {
            int32_t idx[16];
            uint64_t version = 0;
            if (CHECKED(kalends_store_query_indexes(store, z, first, last, idx, 16, &count, &version)) == KALENDS_OK)
                for (int32_t i = 0; i < count; i++) {
                    kalends_event got;
                    got.struct_size = sizeof got;
                    FUZZ_ASSERT(CHECKED(kalends_store_get_at(store, idx[i], &got, NULL)) == KALENDS_OK, "index %d", (int)idx[i]);
                }
            break;
        }
        case 10: {
            kalends_event got;
            got.struct_size = sizeof got;
            CHECKED(kalends_store_get(store, (int64_t)(fuzz_u8(&in) % 16), &got));
            CHECKED(kalends_store_get_at(store, fuzz_i32(&in), &got, NULL));
            break;
        }
        case 11: {
            int32_t counts[64];
            uint32_t colors[64 * 4];
            int32_t max_colors = (int32_t)(fuzz_u8(&in) % 6) - 1;
            int32_t days = (int32_t)(fuzz_u8(&in) % 65);
            if (max_colors > 4) max_colors = 4;
            CHECKED(kalends_store_dots(store, z, first, last, max_colors, counts, colors, days));
            break;
        }
        case 12: {
            kalends_timeline_options o;
            kalends_timeline_options_init(&o);
            if (fuzz_u8(&in) & 1) {
                o.first_hour = fuzz_i32(&in);
                o.last_hour = fuzz_i32(&in);
                o.width = fuzz_double(&in);
                o.hour_height = fuzz_double(&in);
                o.min_height = fuzz_double(&in);
                o.spacing = fuzz_double(&in);
            }
            kalends_timeline_item items[16];
            CHECKED(kalends_store_timeline(store, z, first, &o, items, 16, &count));
            break;
        }
        case 13: {
            kalends_bar_options o;
            kalends_bar_options_init(&o);
            if (fuzz_u8(&in) & 1) {
                o.max_lanes = fuzz_i32(&in);
                o.bar_height = fuzz_double(&in);
                o.lane_spacing = fuzz_double(&in);
                o.top_inset = fuzz_double(&in);
                o.side_inset = fuzz_double(&in);
            }
            static kalends_event_bar bars[512];
            static kalends_event_more more[512];
            int32_t more_count = 0;
            kalends_date d = fuzz_date(&in);
            kalends_view_go_to(view, &d, NULL);
            if (fuzz_u8(&in) & 1) {   /* several months (issue 27): each month's bars over its own grid */
                kalends_view_options vo;
                kalends_view_options_init(&vo);
                CHECKED(kalends_view_get_options(view, &vo));
                vo.months = 1 + (int32_t)(fuzz_u8(&in) % 12);
                vo.month_columns = (int32_t)(fuzz_u8(&in) % 5);
                vo.rows = (int32_t)(fuzz_u8(&in) & 1);
                CHECKED(kalends_view_set_options(view, &vo));
            }
            int32_t capacity = (fuzz_u8(&in) & 3) ? 512 : (int32_t)(fuzz_u8(&in) % 33);
            if (CHECKED(kalends_view_event_bars(view, store, z, &o, bars, capacity, &count, more, capacity,
                                                &more_count)) != KALENDS_OK) break;
            int32_t days = 0;
            kalends_view_days(view, NULL, 0, &days);
            for (int32_t i = 0; i < count; i++) {   /* a bar lies in one week row of the page's days */
                const kalends_event_bar *b = &bars[i];
                FUZZ_ASSERT(b->row >= 0 && 0 <= b->first_column && b->first_column <= b->last_column &&
                            b->last_column < 7 && b->row * 7 + b->last_column < days && b->lane >= 0 &&
                            b->lane < o.max_lanes, "bar %d: row %d columns %d...%d lane %d of %d days", (int)i,
                            (int)b->row, (int)b->first_column, (int)b->last_column, (int)b->lane, (int)days);
            }
            break;
        }
        case 14: {
            /* kalends_store_query_rows with fuzzed capacities and a known version (the
               store's or another): the rows are the query's first events, the titles fit,
               the spans cover exactly the answer */
            static kalends_store_row rows[16];
            static kalends_event events[64];
            static char row_titles[256];
            static kalends_index_span spans[16];
            kalends_store_answer a;
            kalends_store_answer_init(&a);
            a.rows = rows;
            a.rows_capacity = (int32_t)(fuzz_u8(&in) % 17);
            a.titles = (fuzz_u8(&in) & 3) ? row_titles : NULL;
            a.titles_capacity = a.titles ? (int32_t)(fuzz_u8(&in) % 257) : 0;
            a.spans = spans;
            a.spans_capacity = (int32_t)(fuzz_u8(&in) % 17);
            uint64_t now = 0;
            kalends_store_version(store, &now);
            a.known_version = (fuzz_u8(&in) & 1) ? now : fuzz_u64(&in);
            kalends_status r = CHECKED(kalends_store_query_rows(store, z, first, last, &a));
            if (r != KALENDS_OK) break;
            int32_t n = 0;
            FUZZ_ASSERT(CHECKED(kalends_store_query(store, z, first, last, events, 64, &n)) != KALENDS_OK || n == a.total,
                        "rows: total %d, query %d", (int)a.total, (int)n);
            FUZZ_ASSERT(a.version == now && a.rows_count <= a.rows_capacity && a.rows_count <= a.total &&
                        a.titles_length <= a.titles_capacity && a.titles_length <= a.titles_needed, "rows: counts");
            if (a.rows_count > 0 && n == a.total) {
                int32_t at = 0;
                for (int32_t i = 0; i < a.rows_count; i++) {
                    FUZZ_ASSERT(rows[i].id == events[i].id && rows[i].start == events[i].start, "row %d", (int)i);
                    if (a.titles) {
                        FUZZ_ASSERT(memcmp(row_titles + at, events[i].title, (size_t)rows[i].title_length) == 0, "title %d", (int)i);
                        at += rows[i].title_length;
                    }
                }
            }
            int32_t covered = 0;
            for (int32_t i = 0; i < a.spans_count; i++) covered += spans[i].end - spans[i].first;
            FUZZ_ASSERT(a.spans_count == 0 || covered == a.total, "spans cover %d of %d", (int)covered, (int)a.total);
            break;
        }
        default: {
            uint64_t a = 0, b = 0;
            kalends_store_version(store, &a);
            kalends_store_version(store, &b);
            FUZZ_ASSERT(a == b, "version moved without a change");
            break;
        }
        }
    }
    FUZZ_ASSERT(CHECKED(kalends_view_free(view)) == KALENDS_OK, "free");
    FUZZ_ASSERT(CHECKED(kalends_calendar_free(calendar)) == KALENDS_OK, "free");
    FUZZ_ASSERT(CHECKED(kalends_store_free(store)) == KALENDS_OK, "free");
    if (zone) kalends_timezone_free(zone);
    return 0;
}

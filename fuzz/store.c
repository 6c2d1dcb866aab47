/*
 * fuzz/store.c -- libFuzzer harness: the event store under a stream of operations:
 * add (one and in batches, with duplicate ids, instants and day numbers at the int64
 * and supported-date extremes, titles of arbitrary bytes including invalid UTF-8),
 * update, remove, clear, get, get_at, the three queries, the rows query (rows and
 * titles the query's, spans that cover the answer), dots, the day timeline and the
 * month bars over a view, in UTC and in a zone with DST. Invariants: documented
 * statuses, a failed change leaves count and version alone, queries return at most
 * what the store holds.
 */
#include "fuzz_input.h"

static char titles[8][64];

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
        int32_t first = (fuzz_u8(&in) & 1) ? fuzz_i32(&in) : 20400 + (int8_t)fuzz_u8(&in);
        int32_t last = (fuzz_u8(&in) & 1) ? fuzz_i32(&in) : first + fuzz_u8(&in) % 60;
        const kalends_timezone *z = (fuzz_u8(&in) & 1) ? zone : NULL;
        switch (op) {
        case 7: {
            kalends_event out[16];
            if (CHECKED(kalends_store_query(store, z, first, last, out, 16, &count)) == KALENDS_OK)
                FUZZ_ASSERT(count <= before, "query %d of %d", (int)count, (int)before);
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
            kalends_event_bar bars[32];
            kalends_event_more more[42];
            int32_t more_count = 0;
            kalends_date d = fuzz_date(&in);
            kalends_view_go_to(view, &d, NULL);
            CHECKED(kalends_view_event_bars(view, store, z, &o, bars, 32, &count, more, 42, &more_count));
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

/* The event store from C against SQLite (in memory, indexed start and end) holding
   the same events, in one process, samples alternating: a visible-month query (42
   days, in start order) at random positions over 20 years, ns per query, at 10,000
   and 1,000,000 events; and the cost of the month bars (lane assignment) of 10,000 multi-day
   events in one month. Both answers are checked to be the same before timing. */
#define _POSIX_C_SOURCE 200809L
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kalends.h"
#include "stats.h"

#define QUERIES 200
#define SAMPLES 7
#define DAY 86400
#define FIRST_DAY 13514 /* 2007-01-01 */
#define SPAN_DAYS 7305 /* 20 years */

static uint64_t seed = 0x2545F4914F6CDD1Dull;
static uint64_t rnd(void) {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
}

/* Mostly timed events of minutes to hours, some all-day and multi-day ones. */
static void make_events(kalends_event *events, int n) {
    for (int i = 0; i < n; i++) {
        kalends_event *e = &events[i];
        memset(e, 0, sizeof *e);
        e->struct_size = sizeof *e;
        e->id = i + 1;
        e->color = 0x4A90E2FF;
        e->title = "event";
        e->title_length = -1;
        if (rnd() % 10 == 0) {
            e->all_day = 1;
            e->start = FIRST_DAY + (int64_t)(rnd() % SPAN_DAYS);
            e->end = e->start + (int64_t)(rnd() % 4);
        } else {
            e->start = (int64_t)FIRST_DAY * DAY + (int64_t)(rnd() % ((uint64_t)SPAN_DAYS * DAY));
            e->end = e->start + (int64_t)(rnd() % 20 == 0 ? rnd() % (7 * DAY) : rnd() % (3 * 3600));
        }
    }
}

/* SQLite holds timed events as instants and all-day ones as UTC-midnight instants of
   [first, last + 1): the same overlap test answers both. The query bounds start from
   below by the longest event too (what a careful SQLite user does: without it the
   start index reads every earlier row, O(n) per query). */
static int64_t longest; /* the longest event, in seconds */

static sqlite3 *make_sqlite(const kalends_event *events, int n, sqlite3_stmt **query) {
    sqlite3 *db = NULL;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK) exit(1);
    sqlite3_exec(db, "CREATE TABLE events (id INTEGER PRIMARY KEY, start INTEGER, end INTEGER, title TEXT, color INTEGER);"
                     "BEGIN;", NULL, NULL, NULL);
    sqlite3_stmt *insert = NULL;
    sqlite3_prepare_v2(db, "INSERT INTO events VALUES (?, ?, ?, ?, ?)", -1, &insert, NULL);
    for (int i = 0; i < n; i++) {
        int64_t s = events[i].all_day ? events[i].start * DAY : events[i].start;
        int64_t e = events[i].all_day ? (events[i].end + 1) * DAY : events[i].end;
        if (e - s > longest) longest = e - s;
        sqlite3_bind_int64(insert, 1, events[i].id);
        sqlite3_bind_int64(insert, 2, s);
        sqlite3_bind_int64(insert, 3, e);
        sqlite3_bind_text(insert, 4, "event", -1, SQLITE_STATIC);
        sqlite3_bind_int64(insert, 5, events[i].color);
        sqlite3_step(insert);
        sqlite3_reset(insert);
    }
    sqlite3_finalize(insert);
    sqlite3_exec(db, "COMMIT; CREATE INDEX by_start ON events(start); CREATE INDEX by_end ON events(end);", NULL, NULL, NULL);
    sqlite3_prepare_v2(db,
                       "SELECT id, start, end, title, color FROM events WHERE start < ?2 AND start >= ?1 - ?3"
                       " AND (end > ?1 OR (end = start AND start >= ?1)) ORDER BY start, id",
                       -1, query, NULL);
    return db;
}

static kalends_event *results;
static int64_t sqlite_ids[200000];

static int run_sqlite(sqlite3_stmt *q, int32_t first) {
    sqlite3_bind_int64(q, 1, (int64_t)first * DAY);
    sqlite3_bind_int64(q, 2, (int64_t)(first + 42) * DAY);
    sqlite3_bind_int64(q, 3, longest);
    int n = 0;
    while (sqlite3_step(q) == SQLITE_ROW) {
        if (n < 200000) sqlite_ids[n] = sqlite3_column_int64(q, 0);
        (void)sqlite3_column_text(q, 3);
        n++;
    }
    sqlite3_reset(q);
    return n;
}

static int run_kalends(const kalends_store *store, int32_t first, int32_t capacity) {
    int32_t count = 0;
    if (kalends_store_query(store, NULL, first, first + 41, results, capacity, &count) != KALENDS_OK) {
        fprintf(stderr, "query failed: %s\n", kalends_last_error());
        exit(1);
    }
    return count;
}

static void bench_queries(int n) {
    kalends_event *events = malloc(sizeof *events * (size_t)n);
    make_events(events, n);
    kalends_store *store = NULL;
    kalends_store_new(&store);
    double t = now_ns();
    if (kalends_store_add_events(store, events, n) != KALENDS_OK) exit(1);
    double load_kalends = now_ns() - t;
    sqlite3_stmt *q = NULL;
    t = now_ns();
    sqlite3 *db = make_sqlite(events, n, &q);
    double load_sqlite = now_ns() - t;
    int32_t capacity = 200000;
    results = malloc(sizeof *results * (size_t)capacity);
    int32_t firsts[QUERIES];
    for (int i = 0; i < QUERIES; i++) firsts[i] = FIRST_DAY + (int32_t)(rnd() % (SPAN_DAYS - 42));
    long found = 0;
    for (int i = 0; i < QUERIES; i++) { /* the same events, the same order (all UTC) */
        int a = run_kalends(store, firsts[i], capacity), b = run_sqlite(q, firsts[i]);
        if (a != b) {
            fprintf(stderr, "answers differ: %d vs %d events\n", a, b);
            exit(1);
        }
        found += a;
    }
    double ks[SAMPLES], ss[SAMPLES];
    for (int s = 0; s < SAMPLES; s++) {
        t = now_ns();
        for (int i = 0; i < QUERIES; i++) run_kalends(store, firsts[i], capacity);
        ks[s] = (now_ns() - t) / QUERIES;
        t = now_ns();
        for (int i = 0; i < QUERIES; i++) run_sqlite(q, firsts[i]);
        ss[s] = (now_ns() - t) / QUERIES;
    }
    double k = median(ks, SAMPLES), sq = median(ss, SAMPLES);
    printf("  %8d events, %5ld per month: kalends %10.0f ns/query   sqlite %11.0f ns/query   sqlite/kalends %6.1fx"
           "   (load %.0f ms vs %.0f ms)\n",
           n, found / QUERIES, k, sq, sq / k, load_kalends / 1e6, load_sqlite / 1e6);
    sqlite3_finalize(q);
    sqlite3_close(db);
    kalends_store_free(store);
    free(results);
    free(events);
}

/* Month bars of 10,000 multi-day events (1 ... 5 days) in November 2026. */
static void bench_lanes(void) {
    int n = 10000;
    kalends_event *events = calloc((size_t)n, sizeof *events);
    for (int i = 0; i < n; i++) {
        events[i].struct_size = sizeof events[i];
        events[i].id = i + 1;
        events[i].all_day = 1;
        events[i].start = 20758 + (int64_t)(rnd() % 30); /* 2026-11-01 ... */
        events[i].end = events[i].start + (int64_t)(rnd() % 5);
    }
    kalends_store *store = NULL;
    kalends_store_new(&store);
    kalends_store_add_events(store, events, n);
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    m.width = 390;
    kalends_view *view = NULL;
    kalends_view_new(NULL, NULL, &m, &view);
    kalends_date d = {2026, 11, 1};
    kalends_view_go_to(view, &d, NULL);
    kalends_bar_options o;
    kalends_bar_options_init(&o);
    o.max_lanes = 4;
    static kalends_event_bar bars[200000];
    static kalends_event_more more[64];
    int32_t nb = 0, nm = 0;
    double samples[SAMPLES];
    for (int s = 0; s < SAMPLES; s++) {
        double t = now_ns();
        if (kalends_view_event_bars(view, store, NULL, &o, bars, 200000, &nb, more, 64, &nm) != KALENDS_OK) {
            fprintf(stderr, "bars failed: %s\n", kalends_last_error());
            exit(1);
        }
        samples[s] = now_ns() - t;
    }
    o.max_lanes = 1000;
    int32_t all = 0;
    kalends_view_event_bars(view, store, NULL, &o, bars, 200000, &all, more, 64, &nm);
    int lanes = 0;
    for (int i = 0; i < all; i++)
        if (bars[i].lane + 1 > lanes) lanes = bars[i].lane + 1;
    printf("  month bars of %d multi-day events: %.2f ms (%d shown segments at 4 lanes; %d lanes to show all)\n", n,
           median(samples, SAMPLES) / 1e6, nb, lanes);
    kalends_view_free(view);
    kalends_store_free(store);
    free(events);
}

int main(void) {
    bench_queries(10000);
    bench_queries(1000000);
    bench_lanes();
    return 0;
}

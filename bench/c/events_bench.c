/* The event store from C against SQLite (in memory, indexed start and end) holding
   the same events, in one process, samples alternating (and who goes first): a
   visible-month query (42 days, in start order) at random positions over 20 years, ns
   per query, at 10,000 and 1,000,000 events; and the cost of the month bars (lane
   assignment) of 500 and 10,000 multi-day events in one month. Both answers are checked
   to be the same before timing. Samples are the thread's CPU time (stats.h cpu_ns): on
   a shared machine wall time also counts the waits while preempted. */
#define _GNU_SOURCE /* mallinfo2 */
#include <malloc.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kalends.h"
#include "stats.h"
#include "random_events.h"

#define QUERIES 200
#define SAMPLES 7
#define DAY 86400
#define FIRST_DAY 13514 /* 2007-01-01 */
#define SPAN_DAYS 7305 /* 20 years */

/* Mostly timed events of minutes to hours, some all-day and multi-day ones. */
static void make_events(kalends_event *events, int n) { random_events(events, n, FIRST_DAY, SPAN_DAYS); }

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

/* Live heap bytes (malloc's own count: Swift and SQLite both allocate through it). */
static double heap_bytes(void) {
    struct mallinfo2 m = mallinfo2();
    return (double)m.uordblks + (double)m.hblkhd;
}

/* VmRSS or VmHWM of this process, in bytes. */
static double status_bytes(const char *field) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    double kb = 0;
    size_t n = strlen(field);
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, field, n) == 0) kb = atof(line + n + 1);
    if (f) fclose(f);
    return kb * 1024;
}

/* Resets VmHWM to the current resident size (Linux >= 4.0); returns 0 when it cannot. */
static int reset_peak(void) {
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (!f) return 0;
    int ok = fputs("5", f) >= 0;
    return fclose(f) == 0 && ok;
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
    int peaks = reset_peak();
    double heap0 = heap_bytes(), rss0 = status_bytes("VmRSS:");
    kalends_store_new(&store);
    double t = now_ns();
    if (kalends_store_add_events(store, events, n) != KALENDS_OK) exit(1);
    double load_kalends = now_ns() - t;
    double heap_kalends = heap_bytes() - heap0, rss_kalends = status_bytes("VmRSS:") - rss0;
    double peak_kalends = status_bytes("VmHWM:") - rss0;
    sqlite3_stmt *q = NULL;
    peaks = peaks && reset_peak();
    heap0 = heap_bytes();
    rss0 = status_bytes("VmRSS:");
    t = now_ns();
    sqlite3 *db = make_sqlite(events, n, &q);
    double load_sqlite = now_ns() - t;
    double heap_sqlite = heap_bytes() - heap0, peak_sqlite = status_bytes("VmHWM:") - rss0;
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
    for (int s = 0; s < SAMPLES; s++) { /* CPU time; who goes first alternates */
        for (int who = 0; who < 2; who++) {
            t = cpu_ns();
            if ((who + s) % 2 == 0) {
                for (int i = 0; i < QUERIES; i++) run_kalends(store, firsts[i], capacity);
                ks[s] = (cpu_ns() - t) / QUERIES;
            } else {
                for (int i = 0; i < QUERIES; i++) run_sqlite(q, firsts[i]);
                ss[s] = (cpu_ns() - t) / QUERIES;
            }
        }
    }
    double k = median(ks, SAMPLES), sq = median(ss, SAMPLES);
    printf("  %8d events, %5ld per month: kalends %10.0f ns/query   sqlite %11.0f ns/query   sqlite/kalends %6.1fx"
           "   (load %.0f ms vs %.0f ms)\n",
           n, found / QUERIES, k, sq, sq / k, load_kalends / 1e6, load_sqlite / 1e6);
    printf("  %8d events in memory: kalends %5.0f B/event (resident +%.0f MiB, load peak +%.0f MiB)   "
           "sqlite %5.0f B/event (load peak +%.0f MiB)%s\n", n, heap_kalends / n, rss_kalends / 1048576.0,
           peak_kalends / 1048576.0, heap_sqlite / n, peak_sqlite / 1048576.0, peaks ? "" : "   (peaks: no clear_refs)");
    char key[64];
    snprintf(key, sizeof key, "events.c.query.%d", n);
    summary(key, sq, k);
    if (n >= 1000000) {
        summary("events.c.bytes_per_event", heap_sqlite / n, heap_kalends / n);
        if (peaks) summary("events.c.load_peak", rss_kalends / 1048576.0, peak_kalends / 1048576.0);
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    kalends_store_free(store);
    free(results);
    free(events);
}

/* Month bars of n multi-day events (1 ... 5 days) in November 2026. */
static void bench_lanes(int n) {
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
    int reps = n <= 1000 ? 100 : 1;
    for (int s = 0; s < SAMPLES; s++) {
        double t = cpu_ns();
        for (int r = 0; r < reps; r++)
            if (kalends_view_event_bars(view, store, NULL, &o, bars, 200000, &nb, more, 64, &nm) != KALENDS_OK) {
                fprintf(stderr, "bars failed: %s\n", kalends_last_error());
                exit(1);
            }
        samples[s] = (cpu_ns() - t) / reps;
    }
    o.max_lanes = 1000;
    int32_t all = 0;
    kalends_view_event_bars(view, store, NULL, &o, bars, 200000, &all, more, 64, &nm);
    int lanes = 0;
    for (int i = 0; i < all; i++)
        if (bars[i].lane + 1 > lanes) lanes = bars[i].lane + 1;
    double bar_ns = median(samples, SAMPLES);
    printf("  month bars of %d multi-day events: %.1f us (%d shown segments at 4 lanes; %d lanes to show all)\n", n,
           bar_ns / 1e3, nb, lanes);
    char key[64];
    snprintf(key, sizeof key, "bars.c.%d", n);
    summary(key, 0, bar_ns / 1e3);
    kalends_view_free(view);
    kalends_store_free(store);
    free(events);
}

int main(void) {
    bench_queries(10000);
    bench_queries(1000000);
    bench_lanes(500);
    bench_lanes(10000);
    return 0;
}

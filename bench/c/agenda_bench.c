/* The agenda from C (issue 27 item 2): a viewport of 800 points (about 30 rows) over a
   store of 1,000,000 timed events spread over 10 years (~274 a day, 1 % of them of two
   or three days), its range one month against its range all 10 years (the same anchor
   days and offsets: the cost must follow the rows shown, not the range), and the same
   over a store of 100,000 (two sizes: the cost must not follow the store either), and a
   store of 1,000,000 in one year (~2,740 a day: a viewport inside one day's events).
   Medians of per-sample means; CPU time of this thread. */
#define _POSIX_C_SOURCE 200809L
#include "kalends.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "random_events.h"
#include "stats.h"

#define FIRST_DAY 20454 /* 2026-01-01 */
#define YEARS_DAYS 3652 /* 10 years */
#define SAMPLES 31
#define VIEWS 200

static void ok(kalends_status s, const char *what) {
    if (s != KALENDS_OK) {
        fprintf(stderr, "agenda_bench: %s failed with status %d\n", what, (int)s);
        exit(1);
    }
}


static kalends_store *make_store(int n, int64_t span_days) {
    kalends_store *store = NULL;
    ok(kalends_store_new(&store), "store_new");
    kalends_event *events = calloc((size_t)n, sizeof *events);
    for (int i = 0; i < n; i++) {
        int64_t day = FIRST_DAY + (int64_t)i * span_days / n;   /* in start order: a bulk load */
        int64_t start = day * 86400 + (int64_t)((uint64_t)i * 7919 % 86400);
        events[i].struct_size = sizeof(kalends_event);
        events[i].id = i + 1;
        events[i].title = "event";
        events[i].title_length = -1;
        events[i].start = start;
        events[i].end = start + (rnd() % 100 == 0 ? 86400 + (int64_t)(rnd() % 86400)
                                                           : 1800 + (int64_t)(rnd() % 4) * 1800);
        events[i].color = 0x4A90E2FFu;
    }
    /* sorted by start already except within a day: sort by start for the bulk path */
    ok(kalends_store_add_events(store, events, n), "add_events");
    free(events);
    return store;
}

/* Median microseconds of one viewport: VIEWS anchors in the month of `month_first`
   (offsets 0 ... 4,000 points into the anchor's day), over days first ... last. */
static double viewports(kalends_store *store, int32_t first, int32_t last, int32_t month_first, int *rows_seen) {
    kalends_agenda_options o;
    ok(kalends_agenda_options_init(&o), "options_init");
    static kalends_agenda_row rows[256];
    kalends_agenda_viewport where;
    int32_t count = 0;
    double samples[SAMPLES];
    uint64_t walk = 12345;
    for (int s = 0; s < SAMPLES; s++) {
        double t0 = cpu_ns();
        for (int i = 0; i < VIEWS; i++) {
            walk = walk * 6364136223846793005ull + 1442695040888963407ull;
            int32_t anchor = month_first + (int32_t)((walk >> 33) % 28);
            double offset = (double)((walk >> 20) % 4000);
            ok(kalends_store_agenda(store, NULL, first, last, anchor, offset, 800, &o, &where, rows, 256, &count),
               "store_agenda");
            *rows_seen += count;
        }
        samples[s] = (cpu_ns() - t0) / VIEWS / 1000;
    }
    return median(samples, SAMPLES);
}

int main(void) {
    int seen = 0;
    int32_t month = FIRST_DAY + 5 * 365 + 31;   /* a month in the middle of the 10 years */
    kalends_store *million = make_store(1000000, YEARS_DAYS);
    double m1 = viewports(million, month, month + 29, month, &seen);
    double y1 = viewports(million, FIRST_DAY, FIRST_DAY + YEARS_DAYS - 1, month, &seen);
    kalends_date a = {1, 1, 1}, b = {9999, 12, 31};
    int32_t lo = 0, hi = 0;
    ok(kalends_date_day_number(&a, &lo), "day_number");
    ok(kalends_date_day_number(&b, &hi), "day_number");
    double huge = viewports(million, lo, hi, month, &seen);
    kalends_store *small = make_store(100000, YEARS_DAYS);
    double y2 = viewports(small, FIRST_DAY, FIRST_DAY + YEARS_DAYS - 1, month, &seen);
    kalends_store_free(million);
    kalends_store *year = make_store(1000000, 365);   /* ~2,740 a day */
    int32_t year_month = FIRST_DAY + 181;              /* a month in the middle of the year */
    double y3 = viewports(year, FIRST_DAY, FIRST_DAY + 364, year_month, &seen);
    printf("agenda viewport (800 points), 1M events over 10 years: range one month %.2f us, 10 years %.2f us "
           "(%.2fx), years 1-9999 %.2f us; 100,000 events, 10 years: %.2f us (1M/100k %.2fx) [%d rows]\n",
           m1, y1, y1 / m1, huge, y2, y1 / y2, seen);
    printf("agenda viewport (800 points), 1M events in one year (2,740 a day): %.2f us (against 100,000 in 10 years %.2fx)\n",
           y3, y3 / y2);
    summary("agenda.c.viewport_month_1m", 0, m1);
    summary("agenda.c.viewport_10y_1m", m1, y1);
    summary("agenda.c.viewport_9999y_1m", m1, huge);
    summary("agenda.c.viewport_10y_100k_vs_1m", y2, y1);
    summary("agenda.c.viewport_1y_1m_vs_10y_100k", y2, y3);
    kalends_store_free(year);
    kalends_store_free(small);
    return 0;
}

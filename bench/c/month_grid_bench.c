/* Month grid cost through the C ABI against a plain C floor (floor_grid.h) that
   produces the same records, in the same process. Samples alternate between the two;
   each sample times a batch of grids over changing months; medians are reported.
   Usage: month_grid_bench [SAMPLES] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kalends.h"
#include "floor_grid.h"
#include "stats.h"

#define BATCH 4000

static kalends_day sink[KALENDS_GRID_MAX_DAYS];
static volatile int32_t guard;

static double batch_floor(int32_t today) {
    double t = now_ns();
    for (int i = 0; i < BATCH; i++)
        guard += floor_month_grid(2000 + i % 50, 1 + i % 12, KALENDS_MONDAY, 4, 0x60, today, 1, sink);
    return (now_ns() - t) / BATCH;
}

/* Grids of 50 years from `first_year`: years 2000... and, to show the cost does not
   depend on where the month is, 988,000 years later. */
static double batch_kalends(const kalends_calendar *cal, int32_t first_year) {
    int32_t count = 0;
    double t = now_ns();
    for (int i = 0; i < BATCH; i++) {
        kalends_calendar_month_grid(cal, first_year + i % 50, 1 + i % 12, KALENDS_ROWS_FIXED, sink,
                                    KALENDS_GRID_MAX_DAYS, &count);
        guard += count;
    }
    return (now_ns() - t) / BATCH;
}

static double batch_range(const kalends_calendar *cal) {
    kalends_day_range r;
    double t = now_ns();
    for (int i = 0; i < BATCH; i++) {
        kalends_calendar_month_range(cal, 2000 + i % 50, 1 + i % 12, KALENDS_ROWS_FIXED, &r);
        guard += r.first;
    }
    return (now_ns() - t) / BATCH;
}

int main(int argc, char **argv) {
    int samples = argc > 1 ? atoi(argv[1]) : 41;
    if (samples < 3 || samples > MAX_SAMPLES) samples = 41;
    kalends_calendar_options o;
    kalends_calendar *cal = NULL;
    kalends_calendar_options_init(&o);
    o.today_mode = KALENDS_TODAY_FIXED; /* as the floor: no clock read per grid */
    o.today.year = 2026;
    o.today.month = 11;
    o.today.day = 22;
    if (kalends_calendar_new(&o, &cal) != KALENDS_OK) return 1;
    int32_t today = 0;
    kalends_date_day_number(&o.today, &today);

    /* the floor is only a floor if it computes the same thing */
    kalends_day a[KALENDS_GRID_MAX_DAYS], b[KALENDS_GRID_MAX_DAYS];
    int32_t count = 0;
    for (int32_t y = 1900; y <= 2100; y++)
        for (int32_t m = 1; m <= 12; m++) {
            kalends_calendar_month_grid(cal, y, m, KALENDS_ROWS_FIXED, a, 42, &count);
            floor_month_grid(y, m, KALENDS_MONDAY, 4, 0x60, today, 1, b);
            if (memcmp(a, b, sizeof a) != 0) {
                fprintf(stderr, "floor and kalends disagree at %d-%02d\n", (int)y, (int)m);
                return 1;
            }
        }

    double floor_ns[MAX_SAMPLES], kalends_ns[MAX_SAMPLES], range_ns[MAX_SAMPLES], far_ns[MAX_SAMPLES];
    batch_floor(today);
    batch_kalends(cal, 2000); /* warm up */
    for (int s = 0; s < samples; s++) {
        floor_ns[s] = batch_floor(today);
        kalends_ns[s] = batch_kalends(cal, 2000);
        range_ns[s] = batch_range(cal);
        far_ns[s] = batch_kalends(cal, 990000);
    }
    double f = median(floor_ns, samples), k = median(kalends_ns, samples), r = median(range_ns, samples);
    double far = median(far_ns, samples);
    printf("month grid, 42 days, %d samples x %d grids (medians):\n", samples, BATCH);
    printf("  plain C floor (same records, no checks)   %8.1f ns\n", f);
    printf("  kalends_calendar_month_grid (C ABI)        %8.1f ns   %.2fx the floor\n", k, k / f);
    printf("  the same in years 990000...990049          %8.1f ns   %.2fx years 2000...2049\n", far, far / k);
    printf("  kalends_calendar_month_range (no days)     %8.1f ns   (handle, lock and checks)\n", r);
    summary("grid.c.floor", f, k);
    summary("grid.c.far_year", k, far);
    kalends_calendar_free(cal);
    return 0;
}

/* Whole expansions from C (kalends_rrule_new + kalends_rrule_next into one buffer +
   kalends_rrule_free per sample): weekly for 10 years (and 100: two sizes), the last day of the month for
   100 years, the 4th Thursday of November for 1,000 years. Prints one line per case,
   "name occurrences median_ns", read by python/rrule_bench.py, which times dateutil on
   the same rules in the same run and prints the ratios. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "kalends.h"
#include "stats.h"

static int64_t wall(int y, int m, int d, int hh) {
    kalends_date date;
    date.year = y;
    date.month = m;
    date.day = d;
    int32_t n = 0;
    kalends_date_day_number(&date, &n);
    return (int64_t)n * 86400 + hh * 3600;
}

static int64_t buffer[20000];

static double sample(const kalends_rrule_options *o, int64_t start, int32_t *count) {
    double t0 = now_ns();
    kalends_rrule *rule = NULL;
    if (kalends_rrule_new(o, start, KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) != KALENDS_OK ||
        kalends_rrule_next(rule, INT64_MIN, 1, buffer, 20000, count) != KALENDS_OK) {
        fprintf(stderr, "rrule_bench: %s\n", kalends_last_error());
        exit(1);
    }
    kalends_rrule_free(rule);
    return now_ns() - t0;
}

static void run(const char *name, const kalends_rrule_options *o, int64_t start, int samples) {
    double times[MAX_SAMPLES];
    int32_t count = 0;
    if (samples > MAX_SAMPLES) samples = MAX_SAMPLES;
    for (int i = 0; i < samples; i++) times[i] = sample(o, start, &count);
    printf("%s %d %.0f\n", name, (int)count, median(times, samples));
}

int main(int argc, char **argv) {
    int samples = argc > 1 ? atoi(argv[1]) : 101;
    kalends_rrule_options o;

    kalends_rrule_options_init(&o);
    o.frequency = KALENDS_RRULE_FREQUENCY_WEEKLY;
    o.until_kind = KALENDS_RRULE_UNTIL_LOCAL;
    o.until = wall(2010, 1, 1, 0);
    run("weekly-10-years", &o, wall(2000, 1, 1, 9), samples);
    o.until = wall(2100, 1, 1, 0);
    run("weekly-100-years", &o, wall(2000, 1, 1, 9), samples);

    int32_t last[1] = {-1};
    kalends_rrule_options_init(&o);
    o.frequency = KALENDS_RRULE_FREQUENCY_MONTHLY;
    o.by_month_day = last;
    o.by_month_day_count = 1;
    o.has_count = 1;
    o.count = 1200;
    run("monthly-last-day-100-years", &o, wall(2000, 1, 1, 9), samples);

    int32_t november[1] = {11};
    kalends_rrule_weekday thursday[1];
    thursday[0].weekday = KALENDS_THURSDAY;
    thursday[0].ordinal = 4;
    kalends_rrule_options_init(&o);
    o.frequency = KALENDS_RRULE_FREQUENCY_YEARLY;
    o.by_month = november;
    o.by_month_count = 1;
    o.by_day = thursday;
    o.by_day_count = 1;
    o.has_count = 1;
    o.count = 1000;
    run("yearly-4th-thursday-1000-years", &o, wall(2000, 1, 1, 9), samples);
    return 0;
}

/* A month of a calendar from C: kalends_ical_between (the calendar handle) and
   kalends_store_query_occurrences (the same calendar imported into a store) for November
   2026, on 100 live weekly series plus N series that ended by 2010, for N = 0, 10,000 and
   100,000. Both find the series active in the month through a span index, so the month
   should cost the same at every N (O(log n + active + occurrences)); the first query of a
   calendar computes every series' span (O(n)) and is printed apart. Prints
   "case occurrences first_ms median_ms store_median_ms". */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kalends.h"
#include "stats.h"

static char *text;
static size_t length, room;

static void put(const char *s) {
    size_t n = strlen(s);
    if (length + n + 1 > room) {
        room = (length + n + 1) * 2;
        text = realloc(text, room);
        if (!text) exit(1);
    }
    memcpy(text + length, s, n + 1);
    length += n;
}

/* 100 weekly series on Monday and Wednesday from 2026; `ended` weekly series of 2000..2009. */
static void calendar(int ended) {
    char line[512];
    length = 0;
    put("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//kalends//bench//EN\r\n");
    for (int i = 0; i < 100; i++) {
        snprintf(line, sizeof line,
                 "BEGIN:VEVENT\r\nUID:live-%d\r\nSUMMARY:live %d\r\nDTSTART:202601%02dT%02d%02d00\r\n"
                 "DURATION:PT45M\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE\r\nEND:VEVENT\r\n",
                 i, i, 5 + i % 20, 8 + i % 10, (i * 7) % 60);
        put(line);
    }
    for (int i = 0; i < ended; i++) {
        snprintf(line, sizeof line,
                 "BEGIN:VEVENT\r\nUID:ended-%d\r\nSUMMARY:ended %d\r\nDTSTART:%04d%02d%02dT%02d0000\r\n"
                 "DURATION:PT1H\r\nRRULE:FREQ=WEEKLY;UNTIL=2010%02d01T000000Z\r\nEND:VEVENT\r\n",
                 i, i, 2000 + i % 10, 1 + i % 12, 1 + i % 28, 8 + i % 10, 1 + i % 12);
        put(line);
    }
    put("END:VCALENDAR\r\n");
}

static kalends_ical_occurrence found[100000];
static kalends_occurrence stored[100000];

static void run(int ended, int samples) {
    calendar(ended);
    kalends_ical *ical = NULL;
    kalends_store *store = NULL;
    int32_t n = 0, entries = 0;
    if (kalends_ical_read((const uint8_t *)text, length, NULL, &ical) != KALENDS_OK ||
        kalends_store_new(&store) != KALENDS_OK || kalends_ical_import(ical, store, NULL, 1, &entries) != KALENDS_OK) {
        fprintf(stderr, "ical_bench: %s\n", kalends_last_error());
        exit(1);
    }
    const int64_t from = 20758LL * 86400, to = 20788LL * 86400; /* 2026-11-01 .. 2026-12-01 */
    double times[MAX_SAMPLES], store_times[MAX_SAMPLES];
    double first = 0;
    for (int i = 0; i <= samples; i++) {
        double t0 = now_ns();
        if (kalends_ical_between(ical, NULL, from, to, found, 100000, &n) != KALENDS_OK) {
            fprintf(stderr, "ical_bench: %s\n", kalends_last_error());
            exit(1);
        }
        double t = now_ns() - t0;
        if (i == 0) first = t; else times[i - 1] = t;
    }
    int32_t m = 0;
    for (int i = 0; i < samples; i++) {
        double t0 = now_ns();
        if (kalends_store_query_occurrences(store, NULL, 20758, 20787, stored, 100000, &m) != KALENDS_OK) {
            fprintf(stderr, "ical_bench: %s\n", kalends_last_error());
            exit(1);
        }
        store_times[i] = now_ns() - t0;
    }
    printf("100 live + %6d ended series: %d occurrences (store %d), kalends_ical_between first %.2f ms, "
           "median %.3f ms; store query median %.3f ms\n",
           ended, n, m, first / 1e6, median(times, samples) / 1e6, median(store_times, samples) / 1e6);
    kalends_store_free(store);
    kalends_ical_free(ical);
}

int main(int argc, char **argv) {
    int samples = argc > 1 ? atoi(argv[1]) : 15;
    if (samples < 1 || samples >= MAX_SAMPLES) samples = 15;
    run(0, samples);
    run(10000, samples);
    run(100000, samples);
    free(text);
    return 0;
}

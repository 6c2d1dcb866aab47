/* Random events for the C benches: a xorshift generator (the same sequence in every
   bench from the same seed) and a calendar-like mix of events. */
#ifndef KALENDS_BENCH_RANDOM_EVENTS_H
#define KALENDS_BENCH_RANDOM_EVENTS_H
#include <stdint.h>
#include <string.h>

#include "kalends.h"

static uint64_t seed = 0x2545F4914F6CDD1Dull;
static inline uint64_t rnd(void) {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
}

/* Mostly timed events of minutes to hours (one in twenty up to a week), one in ten
   all-day of one to four days, starting anywhere in span_days days from first_day. */
static inline void random_events(kalends_event *events, int n, int64_t first_day, int64_t span_days) {
    const int64_t day = 86400;
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
            e->start = first_day + (int64_t)(rnd() % (uint64_t)span_days);
            e->end = e->start + (int64_t)(rnd() % 4);
        } else {
            e->start = first_day * day + (int64_t)(rnd() % ((uint64_t)span_days * day));
            e->end = e->start + (int64_t)(rnd() % 20 == 0 ? rnd() % (7 * day) : rnd() % (3 * 3600));
        }
    }
}
#endif

/* Misuse of every function: NULL pointers, freed, foreign and forged handles,
   INT32_MIN/MAX, zero, negative and short capacities, garbage options. Each call
   must return its documented status, leave every output untouched, and never crash.
   Then a seeded random fuzz over all functions with extreme and random arguments. */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kalends.h"
#include "check.h"

/* iCalendar and recurring store entries: misuse/ical.c, included at the end. */
static void test_ical_misuse(void);
static void fuzz_ical(long iterations);

#define SENTINEL 0x5a
static unsigned char sentinel_block[4096];

/* Fills an output with the sentinel byte. */
#define POISON(x) memset(&(x), SENTINEL, sizeof(x))
/* True if an output still holds only the sentinel byte. */
static int untouched(const void *p, size_t n) {
    return memcmp(p, sentinel_block, n) == 0;
}
#define UNTOUCHED(x) untouched(&(x), sizeof(x))

static const int32_t extremes[] = {INT32_MIN, INT32_MIN + 1, -1000000, -999999, -1, 0, 1, 2, 6, 7, 8, 12, 13,
                                    28, 29, 31, 32, 999999, 1000000, INT32_MAX - 1, INT32_MAX};
#define N_EXTREMES ((int)(sizeof extremes / sizeof extremes[0]))

/* The tests, one file per area. */
#include "misuse/calendar.c"
#include "misuse/view.c"
#include "misuse/pointer.c"
#include "misuse/scroll.c"
#include "misuse/flow_autolayout.c"
#include "misuse/solver.c"
#include "misuse/events_common.c"
#include "misuse/store.c"
#include "misuse/event_layout.c"
#include "misuse/timezone.c"
#include "misuse/sources.c"
#include "misuse/plugins.c"
#include "misuse/locale.c"
#include "misuse/rrule.c"
#include "misuse/agenda.c"

int main(int argc, char **argv) {
    memset(sentinel_block, SENTINEL, sizeof sentinel_block);
    make_handles();
    test_bad_handles();
    test_null_pointers();
    test_capacities();
    test_extreme_integers();
    test_bad_options();
    test_locale_misuse();
    fuzz(argc > 1 ? atol(argv[1]) : 2000000);
    make_views();
    test_bad_view_handles();
    test_view_null_and_bad_arguments();
    test_bad_callbacks();
    test_pointer_misuse();
    fuzz_views(argc > 2 ? atol(argv[2]) : 200000);
    test_scroll_misuse();
    test_flow_and_autolayout_misuse();
    test_solver_misuse();
    fuzz_solver(argc > 3 ? atol(argv[3]) : 40000);
    test_autolayout_solving_misuse();
    fuzz_autolayout(argc > 4 ? atol(argv[4]) : 3000);
    make_event_handles();
    test_event_nulls();
    test_event_bad_handles();
    test_bad_events();
    test_event_capacities();
    test_store_rows_misuse();
    test_bad_layout_options();
    test_timezone_misuse();
    test_source_misuse();
    test_plugin_misuse();
    fuzz_store(argc > 5 ? atol(argv[5]) : 100000);
    test_ical_misuse();
    test_rrule_misuse();
    test_agenda_misuse();
    fuzz_ical(argc > 6 ? atol(argv[6]) : 3000);
    CHECK(kalends_view_free(event_view) == KALENDS_OK);
    CHECK(kalends_store_free(live_store) == KALENDS_OK);
    CHECK(kalends_timezone_free(live_zone) == KALENDS_OK);
    CHECK(kalends_view_free(live_view) == KALENDS_OK);
    CHECK(kalends_calendar_free(live) == KALENDS_OK);
    return check_summary("misuse_test");
}

#include "misuse/ical.c"

/* A year page from C: a view of 12 months (4 per row) laid out, and the dots of the
   store's events on every day it shows (kalends_store_dots, counted per day, up to 3
   colours), at 1,000, 10,000 and 100,000 events over the year. Goal (issue 27): 10,000
   events <= 100 us. No anchor does this; the rows give Kalends' median (anchor column 0).
   Measured with the dots read day by day from the interval indexes (CPU time, 2 shared
   cores): 1,000 events 90 us, 10,000 183 us (layout 24 us + dots 150 us: MISSED),
   100,000 1.1-1.8 ms; with the earlier walk of every event's record 78 us / 1,020 us /
   9.7 ms. With each day's count by rank (O(log n)), its first colours from each index
   level's first overlapping slots (runs of 8 that end before the day passed over), and
   one pass over the range's events when they cover at most 16 days per day shown
   (load 5.2): 1,000 events 58 us (dots 35 us), 10,000 139-189 us (layout 23 us + dots
   113-124 us: MISSED), 100,000 391-437 us (dots 300-400 us). With every day's count from one walk over the
   sorted starts and ends (galloping from the last day's position) and each index
   level's first slots of every day found level by level, each day's window galloping
   forward from the last day's, the arrays read in place (load 5.2; callgrind: dots of
   10,000 events 1.92M -> 1.00M instructions, no retain/release left in the walk):
   1,000 events 44.6 us (dots 21.5 us), 10,000 82.2-83.3 us (layout 23.4 us + dots
   58-61 us: met), 100,000 188-257 us (dots 149-219 us). With the timed levels read
   from the longest on, each day's scan stopping after its last colour once it has them
   all (load 2.4; dots of 10,000 events 0.85M instructions): 1,000 events 45.2-45.9 us,
   10,000 77.4-78.5 us (dots 53-54 us), 100,000 140-146 us (dots 115-116 us). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>

#include "kalends.h"
#include "stats.h"
#include "random_events.h"

#define SAMPLES 101
#define FIRST_DAY 20454 /* 2026-01-01 */

static kalends_element elements[4 + 12 * 8 + KALENDS_VIEW_MAX_DAYS];
static int32_t counts[600];
static uint32_t colors[600 * 3];

static void check(kalends_status s, const char *what) {
    if (s != KALENDS_OK) {
        fprintf(stderr, "%s failed: %s\n", what, kalends_last_error());
        exit(1);
    }
}

/* One year page: the layout of the 12 months and the dots of the days they show. */
static int32_t year_page(const kalends_view *view, const kalends_store *store) {
    int32_t count = 0;
    check(kalends_view_layout(view, elements, (int32_t)(sizeof elements / sizeof elements[0]), &count), "layout");
    kalends_page page;
    check(kalends_view_page(view, &page), "page");
    check(kalends_store_dots(store, NULL, page.first, page.last, 3, counts, colors, 600), "dots");
    return count + counts[0];
}

static void bench(int n) {
    kalends_event *events = malloc(sizeof *events * (size_t)n);
    random_events(events, n, FIRST_DAY, 365);
    kalends_store *store = NULL;
    check(kalends_store_new(&store), "store");
    check(kalends_store_add_events(store, events, n), "add");
    kalends_calendar_options co;
    kalends_calendar_options_init(&co);
    co.today_mode = KALENDS_TODAY_OFF;
    kalends_calendar *calendar = NULL;
    check(kalends_calendar_new(&co, &calendar), "calendar");
    kalends_view_options vo;
    kalends_view_options_init(&vo);
    vo.months = 12;
    vo.month_columns = 4;
    vo.rows = KALENDS_ROWS_VARIABLE;
    vo.out_dates = KALENDS_OUT_DATES_HIDE;
    kalends_view_metrics vm;
    kalends_view_metrics_init(&vm);
    vm.width = 1000;
    vm.scale = 2;
    kalends_view *view = NULL;
    check(kalends_view_new(calendar, &vo, &vm, &view), "view");
    kalends_date jan = {2026, 1, 1};
    check(kalends_view_go_to(view, &jan, NULL), "go_to");
    double samples[SAMPLES];
    volatile int32_t sink = 0;
    for (int i = 0; i < 10; i++) sink += year_page(view, store);
    for (int i = 0; i < SAMPLES; i++) {
        double t = cpu_ns();
        sink += year_page(view, store);
        samples[i] = cpu_ns() - t;
    }
    double us = median(samples, SAMPLES) / 1000;
    printf("year page, 12 months laid out + dots, %6d events: %8.1f us%s\n", n, us,
           n == 10000 ? (us <= 100 ? "  (goal <= 100 us: met)" : "  (goal <= 100 us: MISSED)") : "");
    /* The two parts apart: the layout alone, the dots alone. */
    kalends_page page;
    check(kalends_view_page(view, &page), "page");
    for (int i = 0; i < SAMPLES; i++) {
        int32_t count = 0;
        double t = cpu_ns();
        check(kalends_view_layout(view, elements, (int32_t)(sizeof elements / sizeof elements[0]), &count), "layout");
        samples[i] = cpu_ns() - t;
    }
    double layout_us = median(samples, SAMPLES) / 1000;
    for (int i = 0; i < SAMPLES; i++) {
        double t = cpu_ns();
        check(kalends_store_dots(store, NULL, page.first, page.last, 3, counts, colors, 600), "dots");
        samples[i] = cpu_ns() - t;
    }
    double dots_us = median(samples, SAMPLES) / 1000;
    printf("  (layout of the 12 months %.1f us, dots of %d days %.1f us)\n", layout_us, page.last - page.first + 1, dots_us);
    char key[64];
    snprintf(key, sizeof key, "year_page.c.%d", n);
    summary(key, 0, us);
    kalends_view_free(view);
    kalends_calendar_free(calendar);
    kalends_store_free(store);
    free(events);
    (void)sink;
}

int main(void) {
    bench(1000);
    bench(10000);
    bench(100000);
    return 0;
}

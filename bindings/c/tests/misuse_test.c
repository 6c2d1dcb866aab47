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

static kalends_calendar *live, *freed, *foreign, *forged;
static int32_t length_as_count;
static int foreign_target;

static void make_handles(void) {
    kalends_calendar *tmp = NULL;
    CHECK(kalends_calendar_new(NULL, &live) == KALENDS_OK);
    CHECK(kalends_calendar_new(NULL, &tmp) == KALENDS_OK);
    freed = tmp;
    CHECK(kalends_calendar_free(freed) == KALENDS_OK);
    foreign = (kalends_calendar *)(void *)&foreign_target; /* a pointer the library never made */
    /* the live handle's token with another generation */
    forged = (kalends_calendar *)(uintptr_t)((uintptr_t)live + ((uintptr_t)1 << 32));
}

static void test_bad_handles(void) {
    kalends_calendar *bad[] = {freed, foreign, forged, (kalends_calendar *)(uintptr_t)1,
                               (kalends_calendar *)(uintptr_t)UINTPTR_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        kalends_calendar *h = bad[i];
        kalends_calendar_options o;
        kalends_date d = {2026, 11, 22}, today;
        kalends_week_of_year w;
        kalends_day days[KALENDS_GRID_MAX_DAYS];
        kalends_day_range r;
        int32_t count;
        POISON(o); POISON(today); POISON(w); POISON(days); POISON(r); POISON(count);
        o.struct_size = sizeof o;
        CHECK(kalends_calendar_get_options(h, &o) == KALENDS_E_MISUSE);
        CHECK(untouched((const char *)&o + 4, sizeof o - 4));
        kalends_calendar_options_init(&o);
        CHECK(kalends_calendar_set_options(h, &o) == KALENDS_E_MISUSE);
        CHECK(kalends_calendar_today(h, &today) == KALENDS_E_MISUSE && UNTOUCHED(today));
        CHECK(kalends_calendar_week_of_year(h, &d, &w) == KALENDS_E_MISUSE && UNTOUCHED(w));
        CHECK(kalends_calendar_month_grid(h, 2026, 11, 0, days, 42, &count) == KALENDS_E_MISUSE);
        CHECK(UNTOUCHED(days) && UNTOUCHED(count));
        CHECK(kalends_calendar_month_range(h, 2026, 11, 0, &r) == KALENDS_E_MISUSE && UNTOUCHED(r));
        CHECK(kalends_calendar_week_grid(h, &d, days, 42, &count) == KALENDS_E_MISUSE && UNTOUCHED(days));
        CHECK(kalends_calendar_week_range(h, &d, &r) == KALENDS_E_MISUSE && UNTOUCHED(r));
        CHECK(kalends_calendar_free(h) == KALENDS_E_MISUSE);
        CHECK(strlen(kalends_last_error()) > 0);
    }
    /* the live handle survived all of that */
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    int32_t count = 0;
    CHECK(kalends_calendar_month_grid(live, 2026, 11, 0, days, 42, &count) == KALENDS_OK && count == 42);
}

static void test_null_pointers(void) {
    kalends_date d = {2026, 11, 22}, out;
    kalends_week_of_year w;
    kalends_day_range r;
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    int32_t n, count;
    kalends_calendar_options o;
    kalends_calendar_options_init(&o);
    CHECK(kalends_date_from_day_number(0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_day_number(NULL, &n) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_day_number(&d, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_weekday(NULL, &n) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_weekday(&d, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_day_of_year(NULL, &n) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_day_of_year(&d, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_iso_week(NULL, &w) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_iso_week(&d, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_year_is_leap(2000, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_year_days_in_month(2000, 1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_options_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_new(&o, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_get_options(live, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_set_options(live, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_today(live, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_week_of_year(live, NULL, &w) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_week_of_year(live, &d, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_month_grid(live, 2026, 11, 0, days, 42, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_month_grid(live, 2026, 11, 0, NULL, 42, &count) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_month_range(live, 2026, 11, 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_week_grid(live, NULL, days, 42, &count) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_week_grid(live, &d, days, 42, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_week_range(live, NULL, &r) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_week_range(live, &d, NULL) == KALENDS_E_INVALID_ARGUMENT);
    /* NULL handles: invalid argument, free(NULL) is a no-op */
    CHECK(kalends_calendar_get_options(NULL, &o) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_month_grid(NULL, 2026, 11, 0, days, 42, &count) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_today(NULL, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_free(NULL) == KALENDS_OK);
    /* never NULL strings */
    CHECK(kalends_last_error() != NULL);
    CHECK(kalends_status_string(INT32_MIN) != NULL && kalends_status_string(INT32_MAX) != NULL);
}

static void test_capacities(void) {
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    int32_t count;
    kalends_date d = {2026, 11, 22};
    int32_t caps[] = {INT32_MIN, -1, 0, 1, 6, 41};
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        POISON(days);
        POISON(count);
        kalends_status s = kalends_calendar_month_grid(live, 2026, 11, KALENDS_ROWS_FIXED, days, caps[i], &count);
        if (caps[i] < 0) {
            CHECK(s == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(count));
        } else {
            CHECK(s == KALENDS_E_BUFFER_TOO_SMALL && count == 42);
        }
        CHECK(UNTOUCHED(days));
        POISON(days);
        s = kalends_calendar_week_grid(live, &d, days, caps[i], &count);
        if (caps[i] < 0) {
            CHECK(s == KALENDS_E_INVALID_ARGUMENT);
        } else if (caps[i] < 7) {
            CHECK(s == KALENDS_E_BUFFER_TOO_SMALL && count == 7);
        } else {
            CHECK(s == KALENDS_OK && count == 7);
        }
        if (caps[i] < 7) CHECK(UNTOUCHED(days));
    }
    /* size queries */
    CHECK(kalends_calendar_month_grid(live, 2026, 11, KALENDS_ROWS_FIXED, NULL, 0, &count) == KALENDS_OK && count == 42);
    CHECK(kalends_calendar_week_grid(live, &d, NULL, 0, &count) == KALENDS_OK && count == 7);
    /* out == NULL with a capacity is an error, not a write to NULL */
    CHECK(kalends_calendar_month_grid(live, 2026, 11, KALENDS_ROWS_FIXED, NULL, 42, &count) == KALENDS_E_INVALID_ARGUMENT);
}

static void test_extreme_integers(void) {
    int unexpected = 0;
    for (int a = 0; a < N_EXTREMES; a++) {
        int32_t x = extremes[a];
        kalends_date out;
        POISON(out);
        kalends_status s = kalends_date_from_day_number(x, &out);
        if (s != KALENDS_OK && (s != KALENDS_E_OUT_OF_RANGE || !UNTOUCHED(out))) unexpected++;
        int32_t leap;
        POISON(leap);
        s = kalends_year_is_leap(x, &leap);
        if (s == KALENDS_OK ? (leap != 0 && leap != 1) : (s != KALENDS_E_OUT_OF_RANGE || !UNTOUCHED(leap))) unexpected++;
        for (int b = 0; b < N_EXTREMES; b++) {
            int32_t y = extremes[b], dim;
            POISON(dim);
            s = kalends_year_days_in_month(x, y, &dim);
            if (s == KALENDS_OK ? (dim < 28 || dim > 31) : !UNTOUCHED(dim)) unexpected++;
            for (int c = 0; c < N_EXTREMES; c++) {
                kalends_date d = {x, y, extremes[c]};
                int32_t n;
                kalends_week_of_year w;
                POISON(n);
                POISON(w);
                s = kalends_date_day_number(&d, &n);
                if (s != KALENDS_OK && (!UNTOUCHED(n) || (s != KALENDS_E_INVALID_ARGUMENT && s != KALENDS_E_OUT_OF_RANGE)))
                    unexpected++;
                s = kalends_calendar_week_of_year(live, &d, &w);
                if (s != KALENDS_OK && !UNTOUCHED(w)) unexpected++;
                kalends_day days[KALENDS_GRID_MAX_DAYS];
                int32_t count;
                POISON(days);
                POISON(count);
                s = kalends_calendar_month_grid(live, x, y, extremes[c], days, 42, &count);
                if (s != KALENDS_OK && !UNTOUCHED(days)) unexpected++;
                if (s == KALENDS_OK && count != 28 && count != 35 && count != 42) unexpected++;
                kalends_day_range r;
                POISON(r);
                s = kalends_calendar_month_range(live, x, y, extremes[c], &r);
                if (s != KALENDS_OK ? !UNTOUCHED(r) : (r.last - r.first + 1) % 7 != 0) unexpected++;
                s = kalends_calendar_week_grid(live, &d, days, extremes[c], &count);
                if (s == KALENDS_OK && count != 7) unexpected++;
            }
        }
    }
    CHECK_MSG(unexpected == 0, "%d unexpected outcomes with extreme integers", unexpected);
}

static void test_bad_options(void) {
    kalends_calendar_options o;
    kalends_calendar *cal;
    int32_t firsts[] = {INT32_MIN, -1, 0, 8, INT32_MAX};
    for (size_t i = 0; i < sizeof firsts / sizeof firsts[0]; i++) {
        kalends_calendar_options_init(&o);
        o.first_weekday = firsts[i];
        POISON(cal);
        CHECK(kalends_calendar_new(&o, &cal) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(cal));
        CHECK(strstr(kalends_last_error(), "first weekday") != NULL);
        kalends_calendar_options_init(&o);
        o.min_days_in_first_week = firsts[i];
        CHECK(kalends_calendar_new(&o, &cal) == KALENDS_E_INVALID_ARGUMENT);
        kalends_calendar_options_init(&o);
        o.today_mode = firsts[i] == 0 ? 3 : firsts[i];
        CHECK(kalends_calendar_new(&o, &cal) == KALENDS_E_INVALID_ARGUMENT);
    }
    uint32_t sizes[] = {0, 1, sizeof o - 1, sizeof o + 1, UINT32_MAX};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        kalends_calendar_options_init(&o);
        o.struct_size = sizes[i];
        CHECK(kalends_calendar_new(&o, &cal) == KALENDS_E_INVALID_ARGUMENT);
        CHECK(strstr(kalends_last_error(), "struct_size") != NULL);
        CHECK(kalends_calendar_get_options(live, &o) == KALENDS_E_INVALID_ARGUMENT);
    }
    kalends_calendar_options_init(&o);
    o.weekend_days = 0x80;
    CHECK(kalends_calendar_new(&o, &cal) == KALENDS_E_INVALID_ARGUMENT);
    o.weekend_days = UINT32_MAX;
    CHECK(kalends_calendar_set_options(live, &o) == KALENDS_E_INVALID_ARGUMENT);
    kalends_calendar_options_init(&o);
    o.today_mode = KALENDS_TODAY_FIXED;
    o.today.year = 2023;
    o.today.month = 2;
    o.today.day = 29;
    CHECK(kalends_calendar_new(&o, &cal) == KALENDS_E_INVALID_ARGUMENT);
    o.today.year = INT32_MAX;
    CHECK(kalends_calendar_new(&o, &cal) == KALENDS_E_OUT_OF_RANGE);
    /* the live calendar still has its defaults */
    kalends_calendar_options got;
    got.struct_size = sizeof got;
    CHECK(kalends_calendar_get_options(live, &got) == KALENDS_OK && got.weekend_days == 0x60u);
}

/* xorshift64*: deterministic, so a failure reproduces. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dull;
}
static int32_t rnd_int(void) {
    switch (rnd() % 4) {
    case 0: return extremes[rnd() % N_EXTREMES];
    case 1: return (int32_t)(rnd() % 25) - 5;
    case 2: return (int32_t)(rnd() % 4000) - 1000;
    default: return (int32_t)(uint32_t)rnd();
    }
}

static void fuzz(long iterations) {
    long bad_status = 0, bad_value = 0;
    kalends_calendar *handles[] = {live, freed, foreign, forged, NULL};
    for (long i = 0; i < iterations; i++) {
        kalends_calendar *h = handles[rnd() % 5];
        kalends_date d = {rnd_int(), rnd_int(), rnd_int()};
        kalends_day days[KALENDS_GRID_MAX_DAYS];
        kalends_week_of_year w;
        kalends_day_range r;
        kalends_calendar_options o;
        int32_t n = 0, count = 0;
        kalends_status s = 0;
        switch (rnd() % 10) {
        case 0: s = kalends_date_from_day_number(rnd_int(), &d); break;
        case 1: s = kalends_date_day_number(&d, &n); break;
        case 2: s = kalends_date_iso_week(&d, &w); break;
        case 3: s = kalends_calendar_week_of_year(h, &d, &w); break;
        case 4:
            s = kalends_calendar_month_grid(h, rnd_int(), rnd_int(), rnd_int(), days, rnd_int() % 50, &count);
            if (s == KALENDS_OK && count != 28 && count != 35 && count != 42) bad_value++;
            break;
        case 5: s = kalends_calendar_month_range(h, rnd_int(), rnd_int(), rnd_int(), &r); break;
        case 6:
            s = kalends_calendar_week_grid(h, &d, days, rnd_int() % 50, &count);
            if (s == KALENDS_OK && (count != 7 || days[0].day_number + 6 != days[6].day_number)) bad_value++;
            break;
        case 7: s = kalends_year_days_in_month(rnd_int(), rnd_int(), &n); break;
        case 8:
            kalends_calendar_options_init(&o);
            o.first_weekday = rnd_int();
            o.min_days_in_first_week = rnd_int();
            o.today_mode = rnd_int();
            o.weekend_days = (uint32_t)rnd_int();
            o.today = d;
            s = kalends_calendar_set_options(h == NULL ? live : h, &o);
            break;
        default: s = kalends_calendar_today(h, &d); break;
        }
        if (s < 0 || s > KALENDS_E_IO) bad_status++;
    }
    CHECK_MSG(bad_status == 0, "%ld statuses outside the documented set", bad_status);
    CHECK_MSG(bad_value == 0, "%ld impossible results", bad_value);
    printf("misuse_test: fuzzed %ld random calls\n", iterations);
}

/* ---- views ---------------------------------------------------------------- */

static kalends_view *live_view, *freed_view;

static void make_views(void) {
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    m.width = 350;
    CHECK(kalends_view_new(live, NULL, &m, &live_view) == KALENDS_OK);
    kalends_view *tmp = NULL;
    CHECK(kalends_view_new(NULL, NULL, NULL, &tmp) == KALENDS_OK);
    freed_view = tmp;
    CHECK(kalends_view_free(freed_view) == KALENDS_OK);
}

/* Every view function with freed, foreign and wrong-type handles: MISUSE, outputs untouched. */
static void test_bad_view_handles(void) {
    kalends_view *bad[] = {freed_view, (kalends_view *)(void *)&foreign_target, (kalends_view *)(void *)live,
                           (kalends_view *)(uintptr_t)7};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        kalends_view *v = bad[i];
        kalends_view_options o;
        kalends_view_metrics m;
        kalends_page page;
        kalends_transition t;
        kalends_action a;
        kalends_mode_change mc;
        kalends_selection sel;
        kalends_date d = {2026, 11, 22}, focus;
        kalends_day days[KALENDS_GRID_MAX_DAYS];
        kalends_element el[8], hit;
        kalends_size size;
        int32_t list[8], count;
        double eased, height;
        char text[16];
        size_t length;
        kalends_view_options_init(&o);
        kalends_view_metrics_init(&m);
        POISON(page); POISON(t); POISON(a); POISON(mc); POISON(sel); POISON(focus); POISON(days); POISON(el);
        POISON(hit); POISON(size); POISON(list); POISON(count); POISON(height); POISON(text); POISON(length);
        CHECK(kalends_view_get_options(v, &o) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_options(v, &o) == KALENDS_E_MISUSE);
        CHECK(kalends_view_get_metrics(v, &m) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_metrics(v, &m) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_calendar(v, live) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_callbacks(v, NULL) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_mode(v, KALENDS_MODE_WEEK, &mc) == KALENDS_E_MISUSE && UNTOUCHED(mc));
        CHECK(kalends_view_page(v, &page) == KALENDS_E_MISUSE && UNTOUCHED(page));
        CHECK(kalends_view_next_page(v, &t) == KALENDS_E_MISUSE && UNTOUCHED(t));
        CHECK(kalends_view_previous_page(v, &t) == KALENDS_E_MISUSE && UNTOUCHED(t));
        CHECK(kalends_view_go_to(v, &d, &t) == KALENDS_E_MISUSE && UNTOUCHED(t));
        CHECK(kalends_view_go_to_today(v, &t) == KALENDS_E_MISUSE && UNTOUCHED(t));
        CHECK(kalends_view_select(v, &d, &a) == KALENDS_E_MISUSE && UNTOUCHED(a));
        CHECK(kalends_view_deselect(v, &d, &a) == KALENDS_E_MISUSE && UNTOUCHED(a));
        CHECK(kalends_view_clear_selection(v) == KALENDS_E_MISUSE);
        CHECK(kalends_view_selection(v, &sel) == KALENDS_E_MISUSE && UNTOUCHED(sel));
        CHECK(kalends_view_selected_days(v, list, 8, &count) == KALENDS_E_MISUSE && UNTOUCHED(list) && UNTOUCHED(count));
        CHECK(kalends_view_highlighted(v, list, 8, &count) == KALENDS_E_MISUSE && UNTOUCHED(count));
        CHECK(kalends_view_disabled(v, list, 8, &count) == KALENDS_E_MISUSE && UNTOUCHED(count));
        CHECK(kalends_view_set_highlighted(v, list, 0) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_disabled(v, list, 0) == KALENDS_E_MISUSE);
        CHECK(kalends_view_focus(v, &focus) == KALENDS_E_MISUSE && UNTOUCHED(focus));
        CHECK(kalends_view_key(v, KALENDS_KEY_LEFT, &a) == KALENDS_E_MISUSE && UNTOUCHED(a));
        CHECK(kalends_view_days(v, days, 42, &count) == KALENDS_E_MISUSE && UNTOUCHED(days));
        CHECK(kalends_view_intrinsic_size(v, &size) == KALENDS_E_MISUSE && UNTOUCHED(size));
        CHECK(kalends_view_layout(v, el, 8, &count) == KALENDS_E_MISUSE && UNTOUCHED(el));
        CHECK(kalends_view_hit_test(v, 1, 1, &hit) == KALENDS_E_MISUSE && UNTOUCHED(hit));
        CHECK(kalends_view_tap(v, 1, 1, &hit, &a) == KALENDS_E_MISUSE && UNTOUCHED(hit) && UNTOUCHED(a));
        CHECK(kalends_view_transition_layout(v, 0.5, 0, el, 8, &count, &height) == KALENDS_E_MISUSE && UNTOUCHED(height));
        CHECK(kalends_view_accessibility_label(v, &d, text, sizeof text, &length) == KALENDS_E_MISUSE && UNTOUCHED(text));
        CHECK(kalends_view_free(v) == KALENDS_E_MISUSE);
        POISON(eased);
        CHECK(kalends_curve_value(i == 0 ? -1 : 3 + (int32_t)i, 0.5, &eased) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(eased));
    }
    /* a calendar handle where a view is expected, and the reverse */
    kalends_calendar_options co;
    co.struct_size = sizeof co;
    CHECK(kalends_calendar_get_options((kalends_calendar *)(void *)live_view, &co) == KALENDS_E_MISUSE);
    CHECK(strstr(kalends_last_error(), "kalends_view") != NULL);
    CHECK(kalends_view_set_calendar(live_view, (kalends_calendar *)(void *)live_view) == KALENDS_E_MISUSE);
}

static void test_view_null_and_bad_arguments(void) {
    kalends_date d = {2026, 11, 22};
    kalends_view_options o;
    kalends_view_metrics m;
    kalends_view *v;
    CHECK(kalends_view_options_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_metrics_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_new(NULL, NULL, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_get_options(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_set_options(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_set_metrics(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_set_calendar(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_page(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_go_to(live_view, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_select(live_view, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_deselect(live_view, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_selection(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_selected_days(live_view, NULL, 3, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_set_highlighted(live_view, NULL, 3) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_set_disabled(live_view, NULL, -1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_focus(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_intrinsic_size(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_hit_test(live_view, 1, 1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_accessibility_label(live_view, NULL, NULL, 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_accessibility_label(live_view, &d, NULL, 10, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_curve_value(0, 0.5, NULL) == KALENDS_E_INVALID_ARGUMENT);
    /* NULL is fine for the optional outputs */
    CHECK(kalends_view_next_page(live_view, NULL) == KALENDS_OK);
    CHECK(kalends_view_previous_page(live_view, NULL) == KALENDS_OK);
    CHECK(kalends_view_tap(live_view, -5, -5, NULL, NULL) == KALENDS_OK);
    CHECK(kalends_view_key(live_view, KALENDS_KEY_ENTER, NULL) == KALENDS_OK);
    size_t length = 0;
    CHECK(kalends_view_accessibility_label(live_view, &d, NULL, 0, &length) == KALENDS_OK && length > 10);

    /* enum values out of range */
    int32_t bad_enums[] = {INT32_MIN, -1, 3, 4, 99, INT32_MAX};
    for (size_t i = 0; i < sizeof bad_enums / sizeof bad_enums[0]; i++) {
        int32_t x = bad_enums[i];
        kalends_view_options_init(&o);
        o.selection_mode = x == 3 ? 4 : x;
        CHECK(kalends_view_new(NULL, &o, NULL, &v) == KALENDS_E_INVALID_ARGUMENT);
        kalends_view_options_init(&o);
        o.mode = x;
        CHECK(kalends_view_set_options(live_view, &o) == KALENDS_E_INVALID_ARGUMENT);
        CHECK(kalends_view_set_mode(live_view, x, NULL) == KALENDS_E_INVALID_ARGUMENT);
        CHECK(kalends_view_key(live_view, x == 3 ? 0 : x * 11, NULL) == KALENDS_E_INVALID_ARGUMENT);
        kalends_view_options_init(&o);
        o.right_to_left = x;
        CHECK(kalends_view_set_options(live_view, &o) == KALENDS_E_INVALID_ARGUMENT);
        kalends_view_metrics_init(&m);
        m.row_height_mode = x;
        CHECK(kalends_view_set_metrics(live_view, &m) == KALENDS_E_INVALID_ARGUMENT);
        CHECK(kalends_view_transition_layout(live_view, 0.5, x, NULL, 0, &length_as_count, NULL) ==
              KALENDS_E_INVALID_ARGUMENT);
    }
    /* metrics that are not lengths */
    double bad_lengths[] = {-1, -0.0001, 1e7, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0};
    for (size_t i = 0; i < sizeof bad_lengths / sizeof bad_lengths[0]; i++) {
        double *fields[] = {&m.width, &m.header_height, &m.weekday_height, &m.inset_top, &m.inset_left,
                            &m.inset_bottom, &m.inset_right, &m.column_spacing, &m.row_spacing, &m.scale};
        for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++) {
            kalends_view_metrics_init(&m);
            *fields[f] = bad_lengths[i];
            if (f == 0 && bad_lengths[i] == -0.0001) continue;
            CHECK(kalends_view_set_metrics(live_view, &m) == KALENDS_E_INVALID_ARGUMENT);
        }
        kalends_view_metrics_init(&m);
        m.row_height_mode = KALENDS_ROW_HEIGHT_FIXED;
        m.row_height = bad_lengths[i];
        CHECK(kalends_view_set_metrics(live_view, &m) == KALENDS_E_INVALID_ARGUMENT);
    }
    kalends_view_metrics got;
    got.struct_size = sizeof got;
    CHECK(kalends_view_get_metrics(live_view, &got) == KALENDS_OK && got.width == 350); /* still the first metrics */
    /* bad dates in options, max before min */
    kalends_view_options_init(&o);
    o.has_min_date = 1;
    o.min_date = d;
    o.has_max_date = 1;
    o.max_date.year = 2026;
    o.max_date.month = 1;
    o.max_date.day = 1;
    CHECK(kalends_view_new(NULL, &o, NULL, &v) == KALENDS_E_INVALID_ARGUMENT);
    o.max_date.month = 13;
    CHECK(kalends_view_new(NULL, &o, NULL, &v) == KALENDS_E_INVALID_ARGUMENT);
    /* hit tests at non-finite points; day numbers out of range */
    kalends_element hit;
    CHECK(kalends_view_hit_test(live_view, 0.0 / 0.0, 1, &hit) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_tap(live_view, 1, 1.0 / 0.0, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    int32_t days[2] = {0, INT32_MAX};
    CHECK(kalends_view_set_highlighted(live_view, days, 2) == KALENDS_E_OUT_OF_RANGE);
    int32_t count = -1;
    CHECK(kalends_view_highlighted(live_view, NULL, 0, &count) == KALENDS_OK && count == 0);
    /* callbacks struct with a bad size */
    kalends_view_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.struct_size = 3;
    CHECK(kalends_view_set_callbacks(live_view, &cb) == KALENDS_E_INVALID_ARGUMENT);
}

static int32_t odd_predicate(void *user, int32_t day) {
    (void)user;
    (void)day;
    return 7; /* neither 0 nor 1 */
}

static kalends_status failing_notification(void *user, int32_t day) {
    (void)day;
    (*(int *)user)++;
    return KALENDS_E_PLUGIN;
}

/* Callbacks that misbehave: the view reports KALENDS_E_CALLBACK and stays consistent. */
static void test_bad_callbacks(void) {
    kalends_view *v = NULL;
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    m.width = 300;
    CHECK(kalends_view_new(live, NULL, &m, &v) == KALENDS_OK);
    int calls = 0;
    kalends_view_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.struct_size = sizeof cb;
    cb.user_data = &calls;
    cb.should_select = odd_predicate;
    CHECK(kalends_view_set_callbacks(v, &cb) == KALENDS_OK);
    kalends_date d = {2026, 11, 10};
    kalends_action a;
    POISON(a);
    CHECK(kalends_view_select(v, &d, &a) == KALENDS_E_CALLBACK && UNTOUCHED(a));
    CHECK(strstr(kalends_last_error(), "should_select") != NULL);
    kalends_selection sel;
    CHECK(kalends_view_selection(v, &sel) == KALENDS_OK && sel.count == 0); /* nothing changed */
    cb.should_select = NULL;
    cb.is_disabled = odd_predicate;
    CHECK(kalends_view_set_callbacks(v, &cb) == KALENDS_OK);
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    int32_t count;
    CHECK(kalends_view_days(v, days, 42, &count) == KALENDS_E_CALLBACK);
    cb.is_disabled = NULL;
    cb.will_select = failing_notification;
    CHECK(kalends_view_set_callbacks(v, &cb) == KALENDS_OK);
    CHECK(kalends_view_select(v, &d, NULL) == KALENDS_E_CALLBACK && calls == 1);
    CHECK(kalends_view_selection(v, &sel) == KALENDS_OK && sel.count == 0); /* will_ aborts */
    cb.will_select = NULL;
    cb.did_select = failing_notification;
    CHECK(kalends_view_set_callbacks(v, &cb) == KALENDS_OK);
    CHECK(kalends_view_select(v, &d, NULL) == KALENDS_E_CALLBACK && calls == 2);
    CHECK(strstr(kalends_last_error(), "did_select callback returned status 9 (plugin error)") != NULL);
    CHECK(kalends_view_selection(v, &sel) == KALENDS_OK && sel.count == 1); /* did_: the change stands */
    CHECK(kalends_view_free(v) == KALENDS_OK);
}

static void fuzz_views(long iterations) {
    long bad_status = 0, bad_value = 0;
    kalends_view *views[] = {live_view, live_view, freed_view, NULL};
    for (long i = 0; i < iterations; i++) {
        kalends_view *v = views[rnd() % 4];
        kalends_date d = {rnd_int() % 3000, rnd_int() % 14, rnd_int() % 33};
        kalends_element el[128];
        kalends_action a;
        kalends_view_metrics m;
        kalends_view_options o;
        int32_t count = 0;
        double height;
        kalends_status s = 0;
        switch (rnd() % 12) {
        case 0: s = kalends_view_select(v, &d, &a); break;
        case 1: s = kalends_view_go_to(v, &d, NULL); break;
        case 2: s = kalends_view_key(v, rnd_int() % 12, &a); break;
        case 3: s = kalends_view_tap(v, (double)(rnd_int() % 500), (double)(rnd_int() % 500), NULL, &a); break;
        case 4:
            s = kalends_view_layout(v, el, 128, &count);
            if (s == KALENDS_OK && count != 4 + 7 + 42 && count != 4 + 7 + 35 && count != 4 + 7 + 28 &&
                count != 4 + 7 + 7 && count != 4 + 1 + 1)
                bad_value++;
            break;
        case 5: s = kalends_view_set_mode(v, rnd_int() % 4, NULL); break;
        case 6:
            kalends_view_metrics_init(&m);
            m.width = (double)(rnd_int() % 3000);
            m.scale = (double)(rnd_int() % 5);
            m.column_spacing = (double)(rnd_int() % 30);
            s = kalends_view_set_metrics(v, &m);
            break;
        case 7:
            kalends_view_options_init(&o);
            o.selection_mode = rnd_int() % 5;
            o.rows = rnd_int() % 3;
            o.out_dates = rnd_int() % 3;
            s = kalends_view_set_options(v, &o);
            break;
        case 8: s = kalends_view_transition_layout(v, (double)rnd_int() / 100, rnd_int() % 4, el, 128, &count, &height); break;
        case 9: s = kalends_view_next_page(v, NULL); break;
        case 10: s = kalends_view_hit_test(v, (double)(rnd_int() % 600), (double)(rnd_int() % 600), el); break;
        default: s = kalends_view_deselect(v, &d, &a); break;
        }
        if (s < 0 || s > KALENDS_E_NO_INTRINSIC_METRIC) bad_status++;
    }
    CHECK_MSG(bad_status == 0, "%ld statuses outside the documented set", bad_status);
    CHECK_MSG(bad_value == 0, "%ld impossible view results", bad_value);
    printf("misuse_test: fuzzed %ld random view calls\n", iterations);
}

/* ---- scrolling calendars, flow layout, Auto Layout ----------------------- */

static void test_scroll_misuse(void) {
    kalends_scroll_options o;
    kalends_view_metrics m;
    kalends_scroll *s = NULL, *freed_scroll = NULL;
    kalends_scroll_options_init(&o);
    kalends_view_metrics_init(&m);
    CHECK(kalends_scroll_new(NULL, &o, NULL, &s) == KALENDS_E_NO_INTRINSIC_METRIC);
    CHECK(kalends_scroll_new(NULL, &o, &m, &s) == KALENDS_E_NO_INTRINSIC_METRIC); /* width 0 */
    m.width = 300;
    CHECK(kalends_scroll_new(NULL, &o, &m, NULL) == KALENDS_E_INVALID_ARGUMENT);
    int32_t bad[] = {INT32_MIN, -1, 2, 3, INT32_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        kalends_scroll_options_init(&o);
        o.axis = bad[i];
        CHECK(kalends_scroll_new(NULL, &o, &m, &s) == KALENDS_E_INVALID_ARGUMENT);
        kalends_scroll_options_init(&o);
        o.show_weekdays = bad[i];
        CHECK(kalends_scroll_new(NULL, &o, &m, &s) == KALENDS_E_INVALID_ARGUMENT);
    }
    kalends_scroll_options_init(&o);
    o.has_last_month = 1;
    o.last_month = o.first_month;
    o.last_month.year -= 1;
    CHECK(kalends_scroll_new(NULL, &o, &m, &s) == KALENDS_E_INVALID_ARGUMENT); /* last before first */
    o.last_month.month = 13;
    CHECK(kalends_scroll_new(NULL, &o, &m, &s) == KALENDS_E_INVALID_ARGUMENT);
    kalends_scroll_options_init(&o);
    o.month_spacing = 0.0 / 0.0;
    CHECK(kalends_scroll_new(NULL, &o, &m, &s) == KALENDS_E_INVALID_ARGUMENT);
    o.month_spacing = 24;
    CHECK(kalends_scroll_new((kalends_calendar *)(void *)&foreign_target, &o, &m, &s) == KALENDS_E_MISUSE);
    CHECK(kalends_scroll_new(NULL, &o, &m, &freed_scroll) == KALENDS_OK);
    CHECK(kalends_scroll_free(freed_scroll) == KALENDS_OK);
    CHECK(kalends_scroll_new(live, &o, &m, &s) == KALENDS_OK);

    kalends_rect vp = {0, 0, 300, 300};
    kalends_rect bad_vps[] = {{0.0 / 0.0, 0, 1, 1}, {0, 1.0 / 0.0, 1, 1}, {0, 0, -1, 1}, {0, 0, 1, -5}};
    kalends_element el[64];
    int32_t count;
    kalends_day_range r;
    kalends_date d1, d2, date = {2026, 1, 1};
    double value;
    kalends_size size;
    int32_t months;
    kalends_scroll *bad_handles[] = {freed_scroll, (kalends_scroll *)(void *)live, (kalends_scroll *)(void *)live_view};
    for (size_t i = 0; i < sizeof bad_handles / sizeof bad_handles[0]; i++) {
        kalends_scroll *h = bad_handles[i];
        POISON(el); POISON(count); POISON(r); POISON(d1); POISON(value); POISON(size); POISON(months);
        CHECK(kalends_scroll_month_count(h, &months) == KALENDS_E_MISUSE && UNTOUCHED(months));
        CHECK(kalends_scroll_content_size(h, &size, NULL) == KALENDS_E_MISUSE && UNTOUCHED(size));
        CHECK(kalends_scroll_elements(h, &vp, el, 64, &count) == KALENDS_E_MISUSE && UNTOUCHED(el) && UNTOUCHED(count));
        CHECK(kalends_scroll_visible_days(h, &vp, &r) == KALENDS_E_MISUSE && UNTOUCHED(r));
        CHECK(kalends_scroll_visible_months(h, &vp, &d1, &d2) == KALENDS_E_MISUSE && UNTOUCHED(d1));
        CHECK(kalends_scroll_offset(h, &date, 0, 100, &value) == KALENDS_E_MISUSE && UNTOUCHED(value));
        CHECK(kalends_scroll_free(h) == KALENDS_E_MISUSE);
    }
    for (size_t i = 0; i < sizeof bad_vps / sizeof bad_vps[0]; i++) {
        POISON(el);
        CHECK(kalends_scroll_elements(s, &bad_vps[i], el, 64, &count) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(el));
        CHECK(kalends_scroll_visible_days(s, &bad_vps[i], &r) == KALENDS_E_INVALID_ARGUMENT);
    }
    CHECK(kalends_scroll_elements(s, NULL, el, 64, &count) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_scroll_elements(s, &vp, el, 1, &count) == KALENDS_E_BUFFER_TOO_SMALL && count > 1);
    CHECK(kalends_scroll_visible_months(s, &vp, NULL, &d2) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_scroll_content_size(s, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_scroll_offset(s, &date, 7, 100, &value) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_scroll_offset(s, &date, 0, -1, &value) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_scroll_offset(s, &date, 0, 0.0 / 0.0, &value) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_scroll_free(NULL) == KALENDS_OK);
    /* fuzz viewports: any finite viewport is answered, no element outside it */
    long outside = 0, failures = 0;
    for (int i = 0; i < 20000; i++) {
        kalends_rect v = {(double)(rnd_int() % 2000) - 500, (double)rnd_int() * 3.7, (double)(rnd() % 900),
                          (double)(rnd() % 3000)};
        int32_t n = 0;
        kalends_element big[1024];
        kalends_status st = kalends_scroll_elements(s, &v, big, 1024, &n);
        if (st != KALENDS_OK && st != KALENDS_E_BUFFER_TOO_SMALL) failures++;
        for (int32_t k = 0; st == KALENDS_OK && k < n; k++)
            if (big[k].frame.y >= v.y + v.height || big[k].frame.y + big[k].frame.height <= v.y ||
                big[k].frame.x >= v.x + v.width || big[k].frame.x + big[k].frame.width <= v.x)
                outside++;
    }
    CHECK_MSG(outside == 0 && failures == 0, "%ld outside, %ld failures", outside, failures);
    CHECK(kalends_scroll_free(s) == KALENDS_OK);
}

static void test_flow_and_autolayout_misuse(void) {
    kalends_size items[2] = {{10, 10}, {20, 10}};
    kalends_size nan_items[2] = {{10, 10}, {0.0 / 0.0, 10}};
    kalends_flow_options o;
    kalends_flow_options_init(&o);
    kalends_rect frames[2];
    kalends_size size, box = {100, 100}, more = {10, 10};
    kalends_flow_fit_result fit;
    int32_t count;
    POISON(frames);
    CHECK(kalends_flow_layout(nan_items, 2, &o, frames, 2, &count, &size) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(frames));
    CHECK(kalends_flow_layout(NULL, 2, &o, frames, 2, &count, &size) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_flow_layout(items, -1, &o, frames, 2, &count, &size) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_flow_layout(items, 2, &o, frames, 1, &count, &size) == KALENDS_E_BUFFER_TOO_SMALL && count == 2);
    CHECK(kalends_flow_layout(NULL, 0, NULL, NULL, 0, &count, NULL) == KALENDS_OK && count == 0);
    o.item_spacing = -3;
    CHECK(kalends_flow_layout(items, 2, &o, frames, 2, &count, &size) == KALENDS_E_INVALID_ARGUMENT);
    kalends_flow_options_init(&o);
    o.struct_size = 4;
    CHECK(kalends_flow_layout(items, 2, &o, frames, 2, &count, &size) == KALENDS_E_INVALID_ARGUMENT);
    kalends_flow_options_init(&o);
    CHECK(kalends_flow_fit(items, 2, &o, NULL, &more, frames, 2, &count, &fit) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_flow_fit(items, 2, &o, &box, &more, frames, 2, &count, NULL) == KALENDS_E_INVALID_ARGUMENT);
    box.width = -1;
    CHECK(kalends_flow_fit(items, 2, &o, &box, &more, frames, 2, &count, &fit) == KALENDS_E_INVALID_ARGUMENT);

    kalends_autolayout *layout = NULL;
    CHECK(kalends_autolayout_new(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_new(&layout) == KALENDS_OK);
    int32_t item = 0, id = 0;
    CHECK(kalends_autolayout_add_item(layout, 77, &item) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_autolayout_add_item(layout, -1, &item) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_add_item(layout, KALENDS_ITEM_SCREEN, &item) == KALENDS_OK);
    CHECK(kalends_autolayout_set_item_size(layout, 99, 1, 1) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_autolayout_set_item_size(layout, item, -1, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_item_size(layout, item, 1, 0.0 / 0.0) == KALENDS_E_INVALID_ARGUMENT);
    kalends_constraint c;
    int32_t bad_attributes[] = {INT32_MIN, -1, 0, 13, INT32_MAX};
    for (size_t i = 0; i < sizeof bad_attributes / sizeof bad_attributes[0]; i++) {
        kalends_constraint_init(&c);
        c.first_item = item;
        c.first_attribute = bad_attributes[i];
        CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_INVALID_ARGUMENT);
        kalends_constraint_init(&c);
        c.first_item = item;
        c.first_attribute = KALENDS_ATTRIBUTE_WIDTH;
        c.relation = bad_attributes[i] <= 0 ? bad_attributes[i] - 2 + (bad_attributes[i] == INT32_MIN ? 2 : 0)
                                            : bad_attributes[i];  /* never -1, 0, 1 */
        CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_INVALID_ARGUMENT);
    }
    kalends_constraint_init(&c);
    c.first_item = item;
    c.first_attribute = KALENDS_ATTRIBUTE_WIDTH;
    c.alt_basis = INT32_MIN; /* clamps: not an error */
    c.alt_item = KALENDS_ITEM_SCREEN;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_OK);
    c.priority = 0;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_INVALID_ARGUMENT);
    c.priority = 1000;
    c.multiplier = 1.0 / 0.0;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_INVALID_ARGUMENT);
    c.multiplier = 1;
    c.alt_item = 55;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_NOT_FOUND);
    c.alt_item = -3;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_INVALID_ARGUMENT);
    c.alt_item = KALENDS_ITEM_NONE;
    c.first_item = KALENDS_ITEM_NONE;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_INVALID_ARGUMENT);
    c.first_item = item;
    c.second_item = item;
    c.second_attribute = KALENDS_ATTRIBUTE_NONE; /* a second item needs an attribute */
    CHECK(kalends_autolayout_add_constraint(layout, &c, &id) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_add_constraint(layout, NULL, &id) == KALENDS_E_INVALID_ARGUMENT);
    double value;
    POISON(value);
    CHECK(kalends_autolayout_constant(layout, 12345, &value) == KALENDS_E_NOT_FOUND && UNTOUCHED(value));
    kalends_constant_change changes[1];
    CHECK(kalends_autolayout_update_constants(layout, changes, -1, &count) == KALENDS_E_INVALID_ARGUMENT);
    kalends_autolayout *wrong = (kalends_autolayout *)(void *)live;
    CHECK(kalends_autolayout_add_item(wrong, 0, &item) == KALENDS_E_MISUSE);
    CHECK(kalends_autolayout_constant(wrong, 1, &value) == KALENDS_E_MISUSE);
    CHECK(kalends_autolayout_free(layout) == KALENDS_OK);
    CHECK(kalends_autolayout_free(layout) == KALENDS_E_MISUSE);
    CHECK(kalends_constraint_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_flow_options_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_scroll_options_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
}

/* ---- the constraint solver ------------------------------------------------ */

static void test_solver_misuse(void) {
    kalends_solver *solver = NULL, *freed_solver = NULL;
    CHECK(kalends_solver_new(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_new(&freed_solver) == KALENDS_OK);
    CHECK(kalends_solver_free(freed_solver) == KALENDS_OK);
    CHECK(kalends_solver_free(NULL) == KALENDS_OK);
    CHECK(kalends_solver_new(&solver) == KALENDS_OK);
    int32_t first, out;
    double value;
    kalends_solver *bad_handles[] = {freed_solver, (kalends_solver *)(void *)live, (kalends_solver *)(void *)live_view,
                                     (kalends_solver *)(void *)&foreign_target};
    for (size_t i = 0; i < sizeof bad_handles / sizeof bad_handles[0]; i++) {
        kalends_solver *h = bad_handles[i];
        POISON(first);
        CHECK(kalends_solver_add_variables(h, 1, &first) == KALENDS_E_MISUSE && UNTOUCHED(first));
        CHECK(kalends_solver_add_constraint(h, 1) == KALENDS_E_MISUSE);
        CHECK(kalends_solver_suggest_value(h, 0, 1) == KALENDS_E_MISUSE);
        CHECK(kalends_solver_update_variables(h, NULL, 0, NULL) == KALENDS_E_MISUSE);
        CHECK(kalends_solver_reset(h) == KALENDS_E_MISUSE);
    }
    CHECK(kalends_solver_free(freed_solver) == KALENDS_E_MISUSE);
    CHECK(kalends_solver_add_variables(NULL, 1, &first) == KALENDS_E_INVALID_ARGUMENT);

    CHECK(kalends_solver_add_variables(solver, 3, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_add_variables(solver, -1, &first) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_solver_add_variables(solver, INT32_MAX, &first) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_solver_add_variables(solver, 3, &first) == KALENDS_OK && first == 0);
    CHECK(kalends_solver_variable_count(solver, NULL) == KALENDS_E_INVALID_ARGUMENT);

    kalends_term t[2] = {{0, 0, 1}, {1, 0, -1}};
    double nan = 0.0 / 0.0, inf = 1.0 / 0.0;
    POISON(out);
    CHECK(kalends_solver_constraint_new(solver, t, 2, 0, 2, 1, &out) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(out));
    CHECK(kalends_solver_constraint_new(solver, t, 2, 0, INT32_MIN, 1, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_constraint_new(solver, t, 2, nan, 0, 1, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_constraint_new(solver, t, 2, inf, 0, 1, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_constraint_new(solver, t, 2, 0, 0, nan, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_constraint_new(solver, t, -1, 0, 0, 1, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_constraint_new(solver, NULL, 2, 0, 0, 1, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_constraint_new(solver, t, 2, 0, 0, 1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    kalends_term bad_var[1] = {{3, 0, 1}}, neg_var[1] = {{-1, 0, 1}}, nan_coef[1] = {{0, 0, 0.0 / 0.0}};
    CHECK(kalends_solver_constraint_new(solver, bad_var, 1, 0, 0, 1, &out) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_solver_constraint_new(solver, neg_var, 1, 0, 0, 1, &out) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_solver_constraint_new(solver, nan_coef, 1, 0, 0, 1, &out) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(out));
    /* A constant-only constraint: 0 == 0 holds, 1 == 0 cannot. */
    CHECK(kalends_solver_add_constraint_terms(solver, NULL, 0, 0, 0, KALENDS_STRENGTH_REQUIRED, &out) == KALENDS_OK);
    CHECK(kalends_solver_add_constraint_terms(solver, NULL, 0, 1, 0, KALENDS_STRENGTH_REQUIRED, &out) ==
          KALENDS_E_UNSATISFIABLE);
    /* Unknown ids */
    CHECK(kalends_solver_add_constraint(solver, 0) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_solver_add_constraint(solver, INT32_MAX) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_solver_remove_constraint(solver, -5) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_solver_constraint_forget(solver, 12345) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_solver_has_constraint(solver, 12345, &out) == KALENDS_OK && out == 0);
    CHECK(kalends_solver_has_constraint(solver, 1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    for (int i = 0; i < N_EXTREMES; i++) {
        int32_t v = extremes[i];
        if (v >= 0 && v < 3) continue;
        CHECK(kalends_solver_add_edit_variable(solver, v, KALENDS_STRENGTH_STRONG) == KALENDS_E_NOT_FOUND);
        CHECK(kalends_solver_suggest_value(solver, v, 1) == KALENDS_E_NOT_FOUND);
        CHECK(kalends_solver_remove_edit_variable(solver, v) == KALENDS_E_NOT_FOUND);
    }
    CHECK(kalends_solver_add_edit_variable(solver, 0, KALENDS_STRENGTH_REQUIRED) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_add_edit_variable(solver, 0, 1e300) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_add_edit_variable(solver, 0, nan) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_add_edit_variable(solver, 0, KALENDS_STRENGTH_STRONG) == KALENDS_OK);
    CHECK(kalends_solver_add_edit_variable(solver, 0, KALENDS_STRENGTH_WEAK) == KALENDS_E_DUPLICATE);
    CHECK(kalends_solver_suggest_value(solver, 0, nan) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_suggest_value(solver, 0, -inf) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_suggest_value(solver, 1, 5) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_solver_has_edit_variable(solver, 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    int32_t edit_ids[3] = {0, 1, 0};
    double edit_values[3] = {1, 2, 0.0 / 0.0};
    CHECK(kalends_solver_suggest_values(solver, edit_ids, edit_values, -1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_suggest_values(solver, NULL, edit_values, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_suggest_values(solver, NULL, NULL, 0) == KALENDS_OK);
    CHECK(kalends_solver_suggest_values(solver, edit_ids, edit_values, 2) == KALENDS_E_NOT_FOUND); /* 1 is no edit */
    edit_ids[1] = 0;
    CHECK(kalends_solver_suggest_values(solver, edit_ids, edit_values, 3) == KALENDS_E_INVALID_ARGUMENT); /* NaN */
    CHECK(kalends_solver_update_variables(solver, NULL, 0, &out) == KALENDS_OK);
    CHECK(kalends_solver_suggest_values(solver, edit_ids, edit_values, 2) == KALENDS_OK);
    CHECK(kalends_solver_update_variables(solver, NULL, 0, &out) == KALENDS_OK && out == 1);
    CHECK(kalends_solver_values(solver, 0, 1, &value) == KALENDS_OK && value == 2);
    double mirror[3];
    CHECK(kalends_solver_update_variables(solver, NULL, 3, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_update_variables(solver, mirror, -1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_update_variables(solver, NULL, 0, NULL) == KALENDS_OK);
    POISON(value);
    CHECK(kalends_solver_values(solver, 2, 2, &value) == KALENDS_E_OUT_OF_RANGE && UNTOUCHED(value));
    CHECK(kalends_solver_values(solver, -1, 1, &value) == KALENDS_E_OUT_OF_RANGE && UNTOUCHED(value));
    CHECK(kalends_solver_values(solver, INT32_MAX, INT32_MAX, &value) == KALENDS_E_OUT_OF_RANGE && UNTOUCHED(value));
    CHECK(kalends_solver_values(solver, 0, -1, &value) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_values(solver, 0, 1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_values(solver, 0, 0, NULL) == KALENDS_OK);
    size_t length = 0;
    char small[8];
    CHECK(kalends_solver_dump(solver, NULL, 4, &length) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_dump(solver, small, sizeof small, &length) == KALENDS_OK && length > 8 && strlen(small) == 7);
    CHECK(kalends_strength(1, 1, 1, 1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_strength(nan, nan, nan, nan, &value) == KALENDS_OK && value == 0);
    CHECK(kalends_strength(inf, inf, inf, 1, &value) == KALENDS_OK && value == KALENDS_STRENGTH_REQUIRED);
    CHECK(kalends_solver_free(solver) == KALENDS_OK);
}

/* Random operations, random and absurd arguments. Invariants: every status is
   documented and none is INTERNAL; a failed call leaves the tableau's dump and the
   published values as they were; after every successful call the required
   constraints in the solver hold. */
#define FUZZ_VARS 10
#define FUZZ_CONSTRAINTS 64
typedef struct {
    kalends_term terms[3];
    int32_t count, relation, id, active;
    double constant, strength;
} fuzz_constraint;

static char dump_before[1 << 16], dump_after[1 << 16];

static void fuzz_solver(long iterations) {
    long bad_status = 0, changed_on_failure = 0, broken = 0, failures = 0;
    kalends_solver *solver = NULL;
    CHECK(kalends_solver_new(&solver) == KALENDS_OK);
    int32_t first = 0;
    CHECK(kalends_solver_add_variables(solver, FUZZ_VARS, &first) == KALENDS_OK);
    fuzz_constraint cs[FUZZ_CONSTRAINTS];
    int n = 0;
    double values[FUZZ_VARS], before[FUZZ_VARS];
    const double strengths[] = {KALENDS_STRENGTH_REQUIRED, KALENDS_STRENGTH_STRONG, KALENDS_STRENGTH_MEDIUM,
                                KALENDS_STRENGTH_WEAK, 0, -5, 1e300, 0.0 / 0.0, 2.5};
    for (long i = 0; i < iterations; i++) {
        size_t len = 0;
        kalends_solver_update_variables(solver, NULL, 0, NULL);
        kalends_solver_values(solver, 0, FUZZ_VARS, before);
        kalends_solver_dump(solver, dump_before, sizeof dump_before, &len);
        int32_t var = (int32_t)(rnd() % (FUZZ_VARS + 2)) - 1;
        kalends_status s = KALENDS_OK;
        int op = (int)(rnd() % 8);
        int32_t arg_id = -1;
        double arg_value = 0;
        if (op <= 2 && n < FUZZ_CONSTRAINTS) {
            fuzz_constraint *c = &cs[n];
            c->count = (int32_t)(rnd() % 4);
            for (int k = 0; k < c->count; k++) {
                c->terms[k].variable = (int32_t)(rnd() % (FUZZ_VARS + 1)); /* sometimes unknown */
                c->terms[k].reserved = 0;
                c->terms[k].coefficient = (double)((int)(rnd() % 9) - 4) / 2;
            }
            c->constant = (double)((int)(rnd() % 400) - 200);
            c->relation = (int32_t)(rnd() % 4) - 1; /* 2 is invalid */
            c->strength = strengths[rnd() % (sizeof strengths / sizeof strengths[0])];
            s = kalends_solver_add_constraint_terms(solver, c->terms, c->count, c->constant, c->relation, c->strength, &c->id);
            if (s == KALENDS_OK) {
                if (c->strength > KALENDS_STRENGTH_REQUIRED) c->strength = KALENDS_STRENGTH_REQUIRED;
                c->active = 1;
                n++;
            }
        } else if (op == 3 && n > 0) {
            int k = (int)(rnd() % (unsigned)n);
            arg_id = cs[k].id;
            s = kalends_solver_remove_constraint(solver, cs[k].id);
            if (s == KALENDS_OK) cs[k].active = 0;
            else if (cs[k].active) broken++;
        } else if (op == 4 && n > 0) {
            int k = (int)(rnd() % (unsigned)n);
            arg_id = cs[k].id;
            s = kalends_solver_add_constraint(solver, cs[k].id);
            if (s == KALENDS_OK) cs[k].active = 1;
            else if (s == KALENDS_E_DUPLICATE && !cs[k].active) broken++;
        } else if (op == 5) {
            arg_value = strengths[rnd() % 4];
            s = kalends_solver_add_edit_variable(solver, var, arg_value);
        } else if (op == 6) {
            arg_value = (double)((int)(rnd() % 2000) - 1000);
            s = kalends_solver_suggest_value(solver, var, arg_value);
        } else {
            s = kalends_solver_remove_edit_variable(solver, var);
        }
        if (s < 0 || s >= KALENDS_E_INTERNAL) {
            bad_status++;
            if (bad_status < 3) fprintf(stderr, "    status %d: %s\n", s, kalends_last_error());
        }
        if (getenv("KALENDS_FUZZ_TRACE") && s == KALENDS_OK) {
            if (op <= 2) {
                fprintf(stderr, "A %d %d %.17g %.17g", cs[n - 1].id, cs[n - 1].relation, cs[n - 1].constant, cs[n - 1].strength);
                for (int j = 0; j < cs[n - 1].count; j++)
                    fprintf(stderr, " %d %.17g", cs[n - 1].terms[j].variable, cs[n - 1].terms[j].coefficient);
                fprintf(stderr, "\n");
            } else {
                fprintf(stderr, "O %d %d %d %.17g\n", op <= 2 ? 9 : op, var, arg_id, arg_value);
            }
        }
        if (s != KALENDS_OK) {
            failures++;
            kalends_solver_dump(solver, dump_after, sizeof dump_after, &len);
            kalends_solver_values(solver, 0, FUZZ_VARS, values);
            if (strcmp(dump_before, dump_after) != 0 || memcmp(values, before, sizeof values) != 0) changed_on_failure++;
            continue;
        }
        kalends_solver_update_variables(solver, NULL, 0, NULL);
        kalends_solver_values(solver, 0, FUZZ_VARS, values);
        for (int k = 0; k < n; k++) {
            if (!cs[k].active || cs[k].strength < KALENDS_STRENGTH_REQUIRED) continue;
            double e = cs[k].constant;
            for (int j = 0; j < cs[k].count; j++) e += cs[k].terms[j].coefficient * values[cs[k].terms[j].variable];
            double tol = 1e-6 * (1 + fabs(cs[k].constant));
            if ((cs[k].relation == 0 && fabs(e) > tol) || (cs[k].relation < 0 && e > tol) || (cs[k].relation > 0 && e < -tol)) {
                if (broken < 3) fprintf(stderr, "    iteration %ld: constraint %d (relation %d) is off by %g\n", i, k, cs[k].relation, e);
                broken++;
            }
        }
        if (n == FUZZ_CONSTRAINTS && rnd() % 4 == 0) { /* start over */
            if (getenv("KALENDS_FUZZ_TRACE")) fprintf(stderr, "R\n");
            CHECK(kalends_solver_reset(solver) == KALENDS_OK);
            for (int k = 0; k < n; k++) kalends_solver_constraint_forget(solver, cs[k].id);
            n = 0;
        }
    }
    CHECK(kalends_solver_free(solver) == KALENDS_OK);
    CHECK_MSG(bad_status == 0, "%ld statuses outside the documented set", bad_status);
    CHECK_MSG(changed_on_failure == 0, "%ld of %ld failed calls changed the solver", changed_on_failure, failures);
    CHECK_MSG(broken == 0, "%ld broken required constraints or bookkeeping", broken);
    printf("misuse_test: fuzzed %ld random solver calls (%ld refused)\n", iterations, failures);
}

/* ---- Auto Layout solving -------------------------------------------------- */

static kalends_autolayout *reentry_layout;
static int reentry_status = -1, reentry_read = -1;

static kalends_status measure_reenters(void *user, int32_t item, double width, double height, kalends_size *out) {
    (void)user;
    (void)width;
    (void)height;
    int32_t id = 0;
    kalends_rect frame;
    reentry_status = kalends_autolayout_add_item(reentry_layout, KALENDS_ITEM_NONE, &id);
    reentry_read = kalends_autolayout_frame(reentry_layout, item, &frame);
    out->width = 10;
    out->height = 10;
    return KALENDS_OK;
}

static double garbage_width;
static kalends_status measure_garbage(void *user, int32_t item, double width, double height, kalends_size *out) {
    (void)user;
    (void)item;
    (void)width;
    (void)height;
    out->width = garbage_width;
    out->height = 1;
    return KALENDS_OK;
}

static kalends_status measure_fails(void *user, int32_t item, double width, double height, kalends_size *out) {
    (void)user;
    (void)item;
    (void)width;
    (void)height;
    (void)out;
    return KALENDS_E_IO;
}

static void test_autolayout_solving_misuse(void) {
    kalends_autolayout *l = NULL;
    int32_t item = 0;
    kalends_rect frame;
    kalends_size size, target = {100, 100};
    CHECK(kalends_autolayout_new(&l) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, KALENDS_ITEM_NONE, &item) == KALENDS_OK);
    kalends_autolayout *wrong = (kalends_autolayout *)(void *)live;
    CHECK(kalends_autolayout_solve(wrong) == KALENDS_E_MISUSE);
    CHECK(kalends_autolayout_solve(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_frame(wrong, item, &frame) == KALENDS_E_MISUSE);
    CHECK(kalends_autolayout_set_intrinsic_size(wrong, item, 1, 1) == KALENDS_E_MISUSE);
    /* bad items */
    for (int i = 0; i < N_EXTREMES; i++) {
        int32_t bad = extremes[i];
        if (bad == 1 || bad == item) continue;
        POISON(frame);
        CHECK(kalends_autolayout_frame(l, bad, &frame) == KALENDS_E_NOT_FOUND && UNTOUCHED(frame));
        CHECK(kalends_autolayout_set_intrinsic_size(l, bad, 1, 1) == KALENDS_E_NOT_FOUND);
        CHECK(kalends_autolayout_set_priority(l, bad, 0, 0, 10) == KALENDS_E_NOT_FOUND);
        CHECK(kalends_autolayout_set_measure(l, bad, measure_fails, NULL) == KALENDS_E_NOT_FOUND);
        CHECK(kalends_autolayout_fitting_size(l, bad, &target, 1000, 50, &size) == KALENDS_E_NOT_FOUND);
    }
    /* bad values */
    double nan = 0.0 / 0.0, inf = 1.0 / 0.0;
    CHECK(kalends_autolayout_set_intrinsic_size(l, item, -2, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_intrinsic_size(l, item, nan, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_intrinsic_size(l, item, 1, inf) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_intrinsic_size(l, item, KALENDS_NO_INTRINSIC_METRIC, 5) == KALENDS_OK);
    CHECK(kalends_autolayout_set_priority(l, item, 2, 0, 10) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_priority(l, item, 0, -1, 10) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_priority(l, item, 0, 0, 0) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_priority(l, item, 0, 0, 1001) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_priority(l, item, 0, 0, nan) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_baselines(l, item, nan, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_right_to_left(l, 2) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_policy(l, -1, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_measure(l, KALENDS_ITEM_SCREEN, measure_fails, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_view(l, item, (kalends_view *)(void *)live) == KALENDS_E_MISUSE);
    CHECK(kalends_autolayout_frame(l, item, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_fitting_size(l, item, NULL, 1000, 50, &size) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_fitting_size(l, item, &target, 1000, 50, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_fitting_size(l, item, &target, 0, 50, &size) == KALENDS_E_INVALID_ARGUMENT);
    kalends_size bad_target = {-1, 0};
    CHECK(kalends_autolayout_fitting_size(l, item, &bad_target, 1000, 50, &size) == KALENDS_E_INVALID_ARGUMENT);
    /* measure functions that fail or return garbage: CALLBACK, and the layout stays usable */
    CHECK(kalends_autolayout_set_measure(l, item, measure_fails, NULL) == KALENDS_OK);
    CHECK(kalends_autolayout_solve(l) == KALENDS_E_CALLBACK);
    const double garbage[] = {-5, nan, inf, -inf};
    CHECK(kalends_autolayout_set_measure(l, item, measure_garbage, NULL) == KALENDS_OK);
    for (int i = 0; i < 4; i++) {
        garbage_width = garbage[i];
        CHECK(kalends_autolayout_solve(l) == KALENDS_E_CALLBACK);
    }
    garbage_width = 30;
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    CHECK(kalends_autolayout_frame(l, item, &frame) == KALENDS_OK && frame.width == 30);
    /* a callback may read the layout, not change it */
    reentry_layout = l;
    CHECK(kalends_autolayout_set_measure(l, item, measure_reenters, NULL) == KALENDS_OK);
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    CHECK(reentry_status == KALENDS_E_MISUSE && reentry_read == KALENDS_OK);
    CHECK(kalends_autolayout_set_measure(l, item, NULL, NULL) == KALENDS_OK);
    CHECK(kalends_autolayout_free(l) == KALENDS_OK);
    CHECK(kalends_autolayout_solve(l) == KALENDS_E_MISUSE);
}

/* Random layouts: random items, constraints (some contradicting), intrinsic sizes and
   priorities, solved under both policies. Every status is documented; under the error
   policy a failed solve leaves every frame as it was; frames are finite with sizes >= 0. */
static void fuzz_autolayout(long iterations) {
    long bad_status = 0, moved = 0, bad_frame = 0;
    kalends_autolayout *l = NULL;
    int32_t items[12];
    int n = 0;
    CHECK(kalends_autolayout_new(&l) == KALENDS_OK);
    CHECK(kalends_autolayout_set_item_size(l, KALENDS_ITEM_SCREEN, 390, 844) == KALENDS_OK);
    kalends_rect before[12], after[12];
    for (long i = 0; i < iterations; i++) {
        kalends_status s = KALENDS_OK;
        int op = (int)(rnd() % 10);
        if (n < 12 && (n == 0 || op == 0)) {
            s = kalends_autolayout_add_item(l, n > 0 && rnd() % 2 ? items[rnd() % (unsigned)n] : KALENDS_ITEM_NONE, &items[n]);
            if (s == KALENDS_OK) n++;
        } else if (op <= 5) {
            kalends_constraint c;
            kalends_constraint_init(&c);
            c.first_item = rnd() % 8 ? items[rnd() % (unsigned)n] : KALENDS_ITEM_SCREEN;
            c.first_attribute = 1 + (int32_t)(rnd() % 12);
            c.relation = (int32_t)(rnd() % 3) - 1;
            if (rnd() % 3) {
                c.second_item = items[rnd() % (unsigned)n];
                c.second_attribute = c.first_attribute;
            }
            c.multiplier = rnd() % 4 ? 1 : 0.5;
            c.constant = (double)((int)(rnd() % 400) - 100);
            c.priority = rnd() % 2 ? 1000 : (double)(1 + rnd() % 999);
            int32_t id;
            s = kalends_autolayout_add_constraint(l, &c, &id);
        } else if (op == 6) {
            s = kalends_autolayout_set_intrinsic_size(l, items[rnd() % (unsigned)n], (double)(rnd() % 300), rnd() % 2 ? -1 : 40);
        } else if (op == 7) {
            s = kalends_autolayout_set_policy(l, (int32_t)(rnd() % 2), NULL, NULL);
        } else if (op == 8) {
            s = kalends_autolayout_set_item_size(l, KALENDS_ITEM_SCREEN, rnd() % 2 ? 390 : 844, rnd() % 2 ? 844 : 390);
        } else {
            for (int k = 0; k < n; k++) kalends_autolayout_frame(l, items[k], &before[k]);
            s = kalends_autolayout_solve(l);
            for (int k = 0; k < n; k++) {
                kalends_autolayout_frame(l, items[k], &after[k]);
                if (s != KALENDS_OK && memcmp(&before[k], &after[k], sizeof after[k]) != 0) moved++;
                if (!isfinite(after[k].x) || !isfinite(after[k].y) || !(after[k].width >= 0) || !(after[k].height >= 0)) {
                    if (bad_frame < 3)
                        fprintf(stderr, "    iteration %ld: item %d frame %g %g %g %g (solve status %d)\n", i, items[k], after[k].x,
                                after[k].y, after[k].width, after[k].height, s);
                    bad_frame++;
                }
            }
            if (s != KALENDS_OK && s != KALENDS_E_UNSATISFIABLE) bad_status++;
            continue;
        }
        if (s != KALENDS_OK && s != KALENDS_E_INVALID_ARGUMENT && s != KALENDS_E_NOT_FOUND) bad_status++;
    }
    CHECK(kalends_autolayout_free(l) == KALENDS_OK);
    CHECK_MSG(bad_status == 0, "%ld unexpected statuses", bad_status);
    CHECK_MSG(moved == 0, "%ld frames moved by a failed solve", moved);
    CHECK_MSG(bad_frame == 0, "%ld frames not finite or negative", bad_frame);
    printf("misuse_test: fuzzed %ld random Auto Layout calls\n", iterations);
}

/* ---- events: time zones, stores, bars and timeline options, sources, plugins ------ */

#ifndef KALENDS_PLUGIN_DIR
#error "KALENDS_PLUGIN_DIR (the directory of the built plugins) must be defined by the Makefile"
#endif
#ifndef KALENDS_RULES_DIR
#error "KALENDS_RULES_DIR (plugins/rules) must be defined by the Makefile"
#endif

static kalends_store *live_store, *freed_store;
static kalends_timezone *live_zone, *freed_zone;
static kalends_plugin *freed_plugin;
/* A view of November 2026, 350 points wide (the fuzzed live_view may be anywhere). */
static kalends_view *event_view;

/* 2026-11-10 (day 20767) at 12:00Z plus `hours`, one hour long. */
static kalends_event timed_event(int64_t id, int64_t hours) {
    kalends_event e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    e.id = id;
    e.start = 20767LL * 86400 + 12 * 3600 + hours * 3600;
    e.end = e.start + 3600;
    e.color = 0x336699FFu;
    e.title = "timed";
    e.title_length = -1;
    return e;
}

static kalends_event day_event(int64_t id, int64_t first, int64_t last) {
    kalends_event e = timed_event(id, 0);
    e.all_day = 1;
    e.start = first;
    e.end = last;
    e.title = "all day";
    return e;
}

static char plugin_path[1024], rules_path[1024];
static const char *plugin_file(const char *name) {
    snprintf(plugin_path, sizeof plugin_path, "%s/%s", KALENDS_PLUGIN_DIR, name);
    return plugin_path;
}
static const char *rules_file(const char *name) {
    snprintf(rules_path, sizeof rules_path, "%s/%s", KALENDS_RULES_DIR, name);
    return rules_path;
}

/* What a store holds, to tell whether a call changed it: the count and a hash of every
   field of the events of 2020 ... 2030 (UTC) in query order, titles included. */
typedef struct {
    int32_t count;
    int32_t listed;
    uint64_t hash;
} store_state;

static kalends_event snapshot_buffer[4096];

static store_state snapshot(kalends_store *store) {
    store_state st;
    memset(&st, 0, sizeof st);
    st.count = -1;
    st.listed = -1;
    if (kalends_store_count(store, &st.count) != KALENDS_OK) return st;
    if (kalends_store_query(store, NULL, 18262, 21914, snapshot_buffer, 4096, &st.listed) != KALENDS_OK) return st;
    uint64_t h = 1469598103934665603ull;
    for (int32_t i = 0; i < st.listed; i++) {
        const kalends_event *e = &snapshot_buffer[i];
        uint64_t fields[7] = {(uint64_t)e->id, (uint64_t)e->start, (uint64_t)e->end, e->color, (uint64_t)e->all_day,
                              (uint64_t)e->source, e->user_value};
        for (int k = 0; k < 7; k++) h = (h ^ fields[k]) * 1099511628211ull;
        for (const char *p = e->title; p && *p; p++) h = (h ^ (unsigned char)*p) * 1099511628211ull;
    }
    st.hash = h;
    return st;
}

static int same_state(store_state a, store_state b) {
    return a.count == b.count && a.listed == b.listed && a.hash == b.hash;
}

static void make_event_handles(void) {
    CHECK(kalends_store_new(&live_store) == KALENDS_OK);
    CHECK(kalends_store_new(&freed_store) == KALENDS_OK && kalends_store_free(freed_store) == KALENDS_OK);
    CHECK(kalends_timezone_new("Europe/Paris", &live_zone) == KALENDS_OK);
    CHECK(kalends_timezone_new("UTC", &freed_zone) == KALENDS_OK && kalends_timezone_free(freed_zone) == KALENDS_OK);
    CHECK(kalends_plugin_load(plugin_file("libholidays_c.so"), rules_file("us.rules"), &freed_plugin) == KALENDS_OK);
    CHECK(kalends_plugin_free(freed_plugin) == KALENDS_OK);
    kalends_calendar_options co;
    kalends_calendar_options_init(&co);
    co.today_mode = KALENDS_TODAY_FIXED;
    co.today.year = 2026;
    co.today.month = 11;
    co.today.day = 22;
    kalends_calendar *cal = NULL;
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    m.width = 350;
    CHECK(kalends_calendar_new(&co, &cal) == KALENDS_OK && kalends_view_new(cal, NULL, &m, &event_view) == KALENDS_OK);
    CHECK(kalends_calendar_free(cal) == KALENDS_OK);
    kalends_event ev[3] = {timed_event(1, 0), timed_event(2, 1), day_event(3, 20767, 20770)};
    CHECK(kalends_store_add_events(live_store, ev, 3) == KALENDS_OK);
}

/* NULL where a pointer is required: INVALID_ARGUMENT, outputs untouched. */
static void test_event_nulls(void) {
    kalends_event e = timed_event(50, 0), got;
    kalends_timezone *z;
    kalends_store *s;
    kalends_plugin *p;
    int32_t n, counts[4], id;
    int64_t t;
    size_t length;
    kalends_event_bar bars[4];
    kalends_event_more more[4];
    kalends_timeline_item items[4];
    POISON(z); POISON(s); POISON(p); POISON(n); POISON(t); POISON(got); POISON(id); POISON(counts); POISON(length);
    const uint8_t bytes[8] = {'T', 'Z', 'i', 'f', 0, 0, 0, 0};
    CHECK(kalends_timezone_new("UTC", NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_timezone_from_tzif(NULL, 10, "x", &z) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(z));
    CHECK(kalends_timezone_from_tzif(bytes, sizeof bytes, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_timezone_name(live_zone, NULL, 8, &length) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(length));
    CHECK(kalends_timezone_day_start(live_zone, 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_timezone_offset(NULL, 0, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));
    CHECK(kalends_timezone_local_day(NULL, 0, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));
    CHECK(kalends_timezone_day_start(NULL, 0, &t) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(t));
    CHECK(kalends_timezone_instant(live_zone, 0, 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_timezone_instant(NULL, 0, 0, &t) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(t));
    CHECK(kalends_timezone_instant(live_zone, 0, -1, &t) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(t));
    CHECK(kalends_timezone_instant(live_zone, 0, INT32_MAX, &t) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(t));
    CHECK(kalends_timezone_name(NULL, NULL, 0, &length) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(length));
    CHECK(kalends_timezone_free(NULL) == KALENDS_OK);

    CHECK(kalends_store_new(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_add(live_store, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_add(NULL, &e) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_add_events(live_store, NULL, 2) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_add_events(live_store, &e, -1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_add_events(live_store, &e, INT32_MIN) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_add_events(NULL, &e, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_update(live_store, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_update(NULL, &e) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_remove(NULL, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_clear(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_count(live_store, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_count(NULL, &n) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));
    CHECK(kalends_store_get(live_store, 1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_get(NULL, 1, &got) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(got));
    CHECK(kalends_store_query(live_store, NULL, 20767, 20767, NULL, 4, &n) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));
    CHECK(kalends_store_query(live_store, NULL, 20767, 20767, &got, 1, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(got));
    CHECK(kalends_store_query(NULL, NULL, 20767, 20767, &got, 1, &n) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));
    int64_t ids[4];
    uint64_t version;
    POISON(ids); POISON(version);
    CHECK(kalends_store_query_ids(live_store, NULL, 20767, 20767, NULL, 4, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));
    CHECK(kalends_store_query_ids(live_store, NULL, 20767, 20767, ids, 4, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(ids));
    CHECK(kalends_store_query_ids(live_store, NULL, 20767, 20767, ids, -1, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(ids));
    CHECK(kalends_store_query_ids(live_store, NULL, 20767, 20766, ids, 4, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(ids));
    CHECK(kalends_store_query_ids(live_store, NULL, INT32_MIN, INT32_MAX, ids, 4, &n, NULL) == KALENDS_E_OUT_OF_RANGE && UNTOUCHED(ids));
    CHECK(kalends_store_query_ids(NULL, NULL, 20767, 20767, ids, 4, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(ids));
    CHECK(kalends_store_version(live_store, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_version(NULL, &version) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(version));
    int32_t indexes[4];
    POISON(indexes); POISON(got);
    CHECK(kalends_store_query_indexes(live_store, NULL, 20767, 20767, NULL, 4, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));
    CHECK(kalends_store_query_indexes(live_store, NULL, 20767, 20766, indexes, 4, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(indexes));
    CHECK(kalends_store_query_indexes(NULL, NULL, 20767, 20767, indexes, 4, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(indexes));
    CHECK(kalends_store_get_at(live_store, 0, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_get_at(NULL, 0, &got, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(got));
    CHECK(kalends_store_get_at(live_store, INT32_MIN, &got, NULL) == KALENDS_E_NOT_FOUND && UNTOUCHED(got));
    CHECK(kalends_store_get_at(live_store, INT32_MAX, &got, NULL) == KALENDS_E_NOT_FOUND && UNTOUCHED(got));
    CHECK(kalends_store_dots(live_store, NULL, 20767, 20770, 0, NULL, NULL, 4) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_dots(live_store, NULL, 20767, 20770, 2, counts, NULL, 4) == KALENDS_E_INVALID_ARGUMENT &&
          UNTOUCHED(counts));
    CHECK(kalends_store_dots(NULL, NULL, 20767, 20770, 0, counts, NULL, 4) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(counts));
    CHECK(kalends_store_free(NULL) == KALENDS_OK);

    CHECK(kalends_bar_options_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_timeline_options_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    POISON(bars); POISON(more); POISON(items);
    int32_t nb, nm;
    POISON(nb); POISON(nm);
    CHECK(kalends_view_event_bars(event_view, live_store, NULL, NULL, bars, 4, NULL, more, 4, &nm) ==
          KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(bars) && UNTOUCHED(more));
    CHECK(kalends_view_event_bars(event_view, live_store, NULL, NULL, bars, 4, &nb, more, 4, NULL) ==
          KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(bars) && UNTOUCHED(more));
    CHECK(kalends_view_event_bars(event_view, live_store, NULL, NULL, NULL, 4, &nb, more, 4, &nm) ==
          KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(more));
    CHECK(kalends_view_event_bars(NULL, live_store, NULL, NULL, bars, 4, &nb, more, 4, &nm) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_event_bars(event_view, NULL, NULL, NULL, bars, 4, &nb, more, 4, &nm) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(UNTOUCHED(bars) && UNTOUCHED(more)); /* the counts may be set */
    CHECK(kalends_store_timeline(live_store, NULL, 20767, NULL, items, 4, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_timeline(NULL, NULL, 20767, NULL, items, 4, &n) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(items));

    kalends_source src;
    memset(&src, 0, sizeof src);
    CHECK(kalends_view_set_store(NULL, live_store, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_add_source(event_view, NULL, &id) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(id));
    CHECK(kalends_view_add_source(NULL, &src, &id) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(id));
    CHECK(kalends_view_remove_source(NULL, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_pending_requests(event_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_pending_requests(NULL, &n) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));

    CHECK(kalends_plugin_load(NULL, NULL, &p) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(p));
    CHECK(kalends_plugin_load(plugin_file("libholidays_c.so"), rules_file("us.rules"), NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_plugin_name(NULL, NULL, 0, &length) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(length));
    CHECK(kalends_plugin_fetch(NULL, 0, 1, live_store, NULL, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_add_plugin(event_view, NULL, &id) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(id));
    CHECK(kalends_plugin_free(NULL) == KALENDS_OK);
    CHECK(strlen(kalends_last_error()) > 0);
}

static kalends_status noop_fetch(void *user, int32_t first, int32_t last, const kalends_event_sink *sink) {
    (void)user;
    (void)first;
    (void)last;
    (void)sink;
    return KALENDS_OK;
}

/* Freed, foreign and wrong-type handles: MISUSE, outputs untouched. */
static void test_event_bad_handles(void) {
    kalends_store *stores[] = {freed_store, (kalends_store *)(void *)&foreign_target, (kalends_store *)(void *)live_zone,
                               (kalends_store *)(void *)event_view, (kalends_store *)(void *)live,
                               (kalends_store *)(uintptr_t)3};
    kalends_timezone *zones[] = {freed_zone, (kalends_timezone *)(void *)&foreign_target,
                                 (kalends_timezone *)(void *)live_store, (kalends_timezone *)(uintptr_t)5};
    kalends_plugin *plugins[] = {freed_plugin, (kalends_plugin *)(void *)&foreign_target,
                                 (kalends_plugin *)(void *)live_store, (kalends_plugin *)(void *)live_zone};
    store_state before = snapshot(live_store);
    kalends_event e = timed_event(60, 0), got[4];
    int32_t n, counts[4], id, nb, nm;
    uint32_t colors[8];
    int64_t t;
    size_t length;
    char text[16];
    kalends_event_bar bars[4];
    kalends_event_more more[4];
    kalends_timeline_item items[4];
    kalends_source src;
    memset(&src, 0, sizeof src);
    src.struct_size = sizeof src;
    src.fetch = noop_fetch;
    for (size_t i = 0; i < sizeof stores / sizeof stores[0]; i++) {
        kalends_store *s = stores[i];
        POISON(n); POISON(got); POISON(counts); POISON(colors); POISON(items); POISON(bars); POISON(more);
        POISON(nb); POISON(nm);
        CHECK(kalends_store_add(s, &e) == KALENDS_E_MISUSE);
        CHECK(kalends_store_add_events(s, &e, 1) == KALENDS_E_MISUSE);
        CHECK(kalends_store_update(s, &e) == KALENDS_E_MISUSE);
        CHECK(kalends_store_remove(s, 1) == KALENDS_E_MISUSE);
        CHECK(kalends_store_clear(s) == KALENDS_E_MISUSE);
        CHECK(kalends_store_count(s, &n) == KALENDS_E_MISUSE && UNTOUCHED(n));
        CHECK(kalends_store_get(s, 1, got) == KALENDS_E_MISUSE && UNTOUCHED(got));
        CHECK(kalends_store_query(s, NULL, 20767, 20767, got, 4, &n) == KALENDS_E_MISUSE && UNTOUCHED(got) && UNTOUCHED(n));
        int64_t ids[4];
        uint64_t version;
        POISON(ids); POISON(version);
        CHECK(kalends_store_query_ids(s, NULL, 20767, 20767, ids, 4, &n, NULL) == KALENDS_E_MISUSE && UNTOUCHED(ids) && UNTOUCHED(n));
        CHECK(kalends_store_version(s, &version) == KALENDS_E_MISUSE && UNTOUCHED(version));
        int32_t indexes[4];
        POISON(indexes);
        CHECK(kalends_store_query_indexes(s, NULL, 20767, 20767, indexes, 4, &n, NULL) == KALENDS_E_MISUSE && UNTOUCHED(indexes));
        CHECK(kalends_store_get_at(s, 0, got, NULL) == KALENDS_E_MISUSE && UNTOUCHED(got));
        CHECK(kalends_store_dots(s, NULL, 20767, 20770, 2, counts, colors, 4) == KALENDS_E_MISUSE && UNTOUCHED(counts) &&
              UNTOUCHED(colors));
        CHECK(kalends_store_timeline(s, NULL, 20767, NULL, items, 4, &n) == KALENDS_E_MISUSE && UNTOUCHED(items));
        CHECK(kalends_view_event_bars(event_view, s, NULL, NULL, bars, 4, &nb, more, 4, &nm) == KALENDS_E_MISUSE &&
              UNTOUCHED(bars) && UNTOUCHED(nb) && UNTOUCHED(nm));
        CHECK(kalends_plugin_fetch((kalends_plugin *)(void *)s, 0, 1, live_store, NULL, 1) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_store(event_view, s, NULL) == KALENDS_E_MISUSE);
        CHECK(kalends_store_free(s) == KALENDS_E_MISUSE); /* releases nothing, whatever it is */
    }
    for (size_t i = 0; i < sizeof zones / sizeof zones[0]; i++) {
        kalends_timezone *z = zones[i];
        POISON(n); POISON(t); POISON(length); POISON(text); POISON(got); POISON(counts);
        CHECK(kalends_timezone_offset(z, 0, &n, NULL) == KALENDS_E_MISUSE && UNTOUCHED(n));
        CHECK(kalends_timezone_local_day(z, 0, &n, NULL) == KALENDS_E_MISUSE && UNTOUCHED(n));
        CHECK(kalends_timezone_day_start(z, 0, &t) == KALENDS_E_MISUSE && UNTOUCHED(t));
        CHECK(kalends_timezone_instant(z, 0, 0, &t) == KALENDS_E_MISUSE && UNTOUCHED(t));
        CHECK(kalends_timezone_name(z, text, sizeof text, &length) == KALENDS_E_MISUSE && UNTOUCHED(text) &&
              UNTOUCHED(length));
        CHECK(kalends_store_query(live_store, z, 20767, 20767, got, 4, &n) == KALENDS_E_MISUSE && UNTOUCHED(got));
        int64_t ids[4];
        POISON(ids);
        CHECK(kalends_store_query_ids(live_store, z, 20767, 20767, ids, 4, &n, NULL) == KALENDS_E_MISUSE && UNTOUCHED(ids));
        CHECK(kalends_store_dots(live_store, z, 20767, 20770, 0, counts, NULL, 4) == KALENDS_E_MISUSE && UNTOUCHED(counts));
        CHECK(kalends_store_timeline(live_store, z, 20767, NULL, items, 4, &n) == KALENDS_E_MISUSE);
        CHECK(kalends_view_event_bars(event_view, live_store, z, NULL, bars, 4, &nb, more, 4, &nm) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_store(event_view, live_store, z) == KALENDS_E_MISUSE);
        CHECK(kalends_plugin_fetch((kalends_plugin *)(void *)z, 0, 1, live_store, NULL, 1) == KALENDS_E_MISUSE);
        CHECK(kalends_timezone_free(z) == KALENDS_E_MISUSE);
    }
    for (size_t i = 0; i < sizeof plugins / sizeof plugins[0]; i++) {
        kalends_plugin *p = plugins[i];
        POISON(text); POISON(length); POISON(id);
        CHECK(kalends_plugin_name(p, text, sizeof text, &length) == KALENDS_E_MISUSE && UNTOUCHED(text) && UNTOUCHED(length));
        CHECK(kalends_plugin_fetch(p, 20454, 20818, live_store, NULL, 1) == KALENDS_E_MISUSE);
        CHECK(kalends_view_add_plugin(event_view, p, &id) == KALENDS_E_MISUSE && UNTOUCHED(id));
        CHECK(kalends_plugin_free(p) == KALENDS_E_MISUSE);
    }
    /* views: freed or of another type */
    kalends_view *views[] = {freed_view, (kalends_view *)(void *)live_store};
    for (size_t i = 0; i < 2; i++) {
        POISON(id); POISON(n); POISON(bars);
        CHECK(kalends_view_set_store(views[i], live_store, NULL) == KALENDS_E_MISUSE);
        CHECK(kalends_view_add_source(views[i], &src, &id) == KALENDS_E_MISUSE && UNTOUCHED(id));
        CHECK(kalends_view_remove_source(views[i], 1) == KALENDS_E_MISUSE);
        CHECK(kalends_view_pending_requests(views[i], &n) == KALENDS_E_MISUSE && UNTOUCHED(n));
        CHECK(kalends_view_event_bars(views[i], live_store, NULL, NULL, bars, 4, &nb, more, 4, &nm) == KALENDS_E_MISUSE &&
              UNTOUCHED(bars));
    }
    CHECK(same_state(before, snapshot(live_store)));
    CHECK(strstr(kalends_last_error(), "kalends_") != NULL);
}

/* Bad events: refused with their status by add, update and bulk add; nothing changes. */
static void test_bad_events(void) {
    store_state before = snapshot(live_store);
    CHECK(before.count == 3 && before.listed == 3);
    char long_title[4];
    memcpy(long_title, "abcd", 4); /* not NUL-terminated: fine with an explicit length */
    struct {
        kalends_event e;
        kalends_status status;
    } bad[32];
    int n = 0;
#define BAD(expr, st)                   \
    do {                                \
        bad[n].e = timed_event(1, 0);   \
        { kalends_event *e = &bad[n].e; \
          (void)e;                      \
          expr; }                       \
        bad[n++].status = st;           \
    } while (0)
    BAD(e->struct_size = 0, KALENDS_E_INVALID_ARGUMENT);
    BAD(e->struct_size = sizeof *e - 8, KALENDS_E_INVALID_ARGUMENT);
    BAD(e->struct_size = sizeof *e + 8, KALENDS_E_INVALID_ARGUMENT); /* a newer header */
    BAD(e->struct_size = UINT32_MAX, KALENDS_E_INVALID_ARGUMENT);
    BAD(e->end = e->start - 1, KALENDS_E_INVALID_ARGUMENT);
    BAD((e->all_day = 1, e->start = 20767, e->end = 20766), KALENDS_E_INVALID_ARGUMENT);
    BAD(e->all_day = 2, KALENDS_E_INVALID_ARGUMENT);
    BAD(e->all_day = -1, KALENDS_E_INVALID_ARGUMENT);
    BAD(e->all_day = INT32_MIN, KALENDS_E_INVALID_ARGUMENT);
    BAD((e->all_day = 1, e->start = e->end = 400000000), KALENDS_E_OUT_OF_RANGE);  /* beyond 999999-12-31 */
    BAD((e->all_day = 1, e->start = -400000000, e->end = 0), KALENDS_E_OUT_OF_RANGE);
    BAD((e->all_day = 1, e->start = 0, e->end = INT64_MAX), KALENDS_E_OUT_OF_RANGE);
    BAD((e->all_day = 1, e->start = INT64_MIN, e->end = INT64_MIN), KALENDS_E_OUT_OF_RANGE);
    BAD((e->start = INT64_MIN, e->end = INT64_MIN), KALENDS_E_OUT_OF_RANGE);
    BAD((e->start = 0, e->end = INT64_MAX), KALENDS_E_OUT_OF_RANGE);
    BAD((e->start = e->end = 40000000000000LL), KALENDS_E_OUT_OF_RANGE);          /* year ~1.27 million */
    BAD(e->title_length = -2, KALENDS_E_INVALID_ARGUMENT);
    BAD(e->title_length = INT32_MIN, KALENDS_E_INVALID_ARGUMENT);
    BAD((e->title = NULL, e->title_length = 5), KALENDS_E_INVALID_ARGUMENT);
    BAD(e->title = "\xff", KALENDS_E_INVALID_ARGUMENT);
    BAD(e->title = "caf\xc3", KALENDS_E_INVALID_ARGUMENT);              /* truncated sequence */
    BAD(e->title = "\xc0\xaf", KALENDS_E_INVALID_ARGUMENT);             /* overlong */
    BAD(e->title = "\xed\xa0\x80", KALENDS_E_INVALID_ARGUMENT);         /* a surrogate */
    BAD(e->title = "\xf4\x90\x80\x80", KALENDS_E_INVALID_ARGUMENT);     /* above U+10FFFF */
    BAD((e->title = "caf\xc3\xa9", e->title_length = 4), KALENDS_E_INVALID_ARGUMENT); /* cut inside a character */
#undef BAD
    int wrong = 0;
    for (int i = 0; i < n; i++) {
        kalends_event e = bad[i].e, pair[2];
        e.id = 1000 + i;
        kalends_status s1 = kalends_store_add(live_store, &e);
        e.id = 1; /* an existing id: update checks the event first */
        kalends_status s2 = kalends_store_update(live_store, &e);
        pair[0] = timed_event(2000 + i, 3);
        pair[1] = bad[i].e;
        pair[1].id = 3000 + i;
        kalends_status s3 = kalends_store_add_events(live_store, pair, 2);
        if (s1 != bad[i].status || s2 != bad[i].status || s3 != bad[i].status) {
            if (wrong++ < 5) fprintf(stderr, "    bad event %d: add %d, update %d, add_events %d, expected %d\n", i, s1, s2, s3,
                                     bad[i].status);
        }
        if (!same_state(before, snapshot(live_store))) wrong++;
    }
    CHECK_MSG(wrong == 0, "%d bad events handled wrongly", wrong);
    /* duplicates and unknown ids */
    kalends_event e = timed_event(1, 5);
    CHECK(kalends_store_add(live_store, &e) == KALENDS_E_DUPLICATE);
    kalends_event pair[2] = {timed_event(70, 0), timed_event(70, 1)};
    CHECK(kalends_store_add_events(live_store, pair, 2) == KALENDS_E_DUPLICATE);
    e.id = 71;
    CHECK(kalends_store_update(live_store, &e) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_store_remove(live_store, 71) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_store_remove(live_store, INT64_MIN) == KALENDS_E_NOT_FOUND);
    kalends_event got;
    POISON(got);
    CHECK(kalends_store_get(live_store, 71, &got) == KALENDS_E_NOT_FOUND && UNTOUCHED(got));
    CHECK(same_state(before, snapshot(live_store)));
    /* what is fine: a title with an explicit length and no NUL, NULL with length 0, the edges */
    e = timed_event(80, 0);
    e.title = long_title;
    e.title_length = 3;
    CHECK(kalends_store_add(live_store, &e) == KALENDS_OK);
    CHECK(kalends_store_get(live_store, 80, &got) == KALENDS_OK && strcmp(got.title, "abc") == 0);
    e = timed_event(81, 0);
    e.title = NULL;
    e.title_length = 0;
    CHECK(kalends_store_add(live_store, &e) == KALENDS_OK);
    CHECK(kalends_store_get(live_store, 81, &got) == KALENDS_OK && got.title != NULL && got.title[0] == 0);
    kalends_date lo = {KALENDS_YEAR_MIN, 1, 1}, hi = {KALENDS_YEAR_MAX, 12, 31};
    int32_t first = 0, last = 0;
    kalends_date_day_number(&lo, &first);
    kalends_date_day_number(&hi, &last);
    e = day_event(82, first, last); /* every supported day */
    CHECK(kalends_store_add(live_store, &e) == KALENDS_OK);
    e = day_event(82, first - 1, last);
    CHECK(kalends_store_update(live_store, &e) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_store_get(live_store, 82, &got) == KALENDS_OK && got.start == first && got.end == last);
    int32_t count = 0;
    CHECK(kalends_store_query(live_store, NULL, last, last, NULL, 0, &count) == KALENDS_OK && count == 1);
    CHECK(kalends_store_query(live_store, live_zone, first, first, NULL, 0, &count) == KALENDS_OK && count == 1);
    CHECK(kalends_store_remove(live_store, 80) == KALENDS_OK && kalends_store_remove(live_store, 81) == KALENDS_OK &&
          kalends_store_remove(live_store, 82) == KALENDS_OK);
    CHECK(same_state(before, snapshot(live_store)));
}

/* Capacities of the array outputs: negative is INVALID_ARGUMENT, short is
   BUFFER_TOO_SMALL with the count set, and nothing is written either way. */
static void test_event_capacities(void) {
    kalends_event out[4];
    int32_t count, caps[] = {INT32_MIN, -1, 0, 1, 2};
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        POISON(out);
        POISON(count);
        kalends_status s = kalends_store_query(live_store, live_zone, 20767, 20770, out, caps[i], &count);
        if (caps[i] < 0) CHECK(s == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(count));
        else CHECK(s == KALENDS_E_BUFFER_TOO_SMALL && count == 3);
        CHECK(UNTOUCHED(out));
    }
    CHECK(kalends_store_query(live_store, live_zone, 20767, 20770, NULL, 0, &count) == KALENDS_OK && count == 3);
    POISON(count);
    CHECK(kalends_store_query(live_store, NULL, 20767, 20766, out, 4, &count) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(count));
    CHECK(kalends_store_query(live_store, NULL, INT32_MAX, INT32_MIN, out, 4, &count) == KALENDS_E_INVALID_ARGUMENT);
    /* dots */
    int32_t counts[4];
    uint32_t colors[8];
    int32_t days[] = {INT32_MIN, -1, 0, 3};
    for (size_t i = 0; i < sizeof days / sizeof days[0]; i++) {
        POISON(counts);
        POISON(colors);
        kalends_status s = kalends_store_dots(live_store, NULL, 20767, 20770, 2, counts, colors, days[i]);
        CHECK_MSG(s == KALENDS_E_BUFFER_TOO_SMALL || (days[i] < 0 && s == KALENDS_E_INVALID_ARGUMENT), "days %d: %d",
                  (int)days[i], (int)s);
        CHECK(UNTOUCHED(counts) && UNTOUCHED(colors));
    }
    int32_t max_colors[] = {INT32_MIN, -1};
    for (size_t i = 0; i < 2; i++) {
        POISON(counts);
        CHECK(kalends_store_dots(live_store, NULL, 20767, 20770, max_colors[i], counts, colors, 4) == KALENDS_E_INVALID_ARGUMENT);
        CHECK(UNTOUCHED(counts));
    }
    CHECK(kalends_store_dots(live_store, NULL, 20770, 20767, 0, counts, NULL, 4) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_dots(live_store, NULL, 20767, 20770, 2, counts, colors, 4) == KALENDS_OK && counts[0] == 3);
    /* timeline */
    kalends_timeline_item items[2];
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        POISON(items);
        POISON(count);
        kalends_status s = kalends_store_timeline(live_store, NULL, 20767, NULL, items, caps[i], &count);
        if (caps[i] < 0) CHECK(s == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(count));
        else if (caps[i] < 2) CHECK(s == KALENDS_E_BUFFER_TOO_SMALL && count == 2);
        else CHECK(s == KALENDS_OK && count == 2 && items[0].event == 1);
        if (caps[i] < 2) CHECK(UNTOUCHED(items));
    }
    CHECK(kalends_store_timeline(live_store, NULL, 20767, NULL, NULL, 2, &count) == KALENDS_E_INVALID_ARGUMENT);
    /* month bars of November 2026 */
    kalends_event_bar bars[8];
    kalends_event_more more[2];
    int32_t nb, nm;
    CHECK(kalends_view_event_bars(event_view, live_store, NULL, NULL, NULL, 0, &nb, NULL, 0, &nm) == KALENDS_OK);
    CHECK(nb == 3 && nm == 0); /* the two timed events and the all-day one in one row */
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        POISON(bars);
        POISON(nb);
        POISON(nm);
        kalends_status s = kalends_view_event_bars(event_view, live_store, NULL, NULL, bars, caps[i], &nb, more, 2, &nm);
        if (caps[i] < 0) CHECK(s == KALENDS_E_INVALID_ARGUMENT);
        else CHECK(s == KALENDS_E_BUFFER_TOO_SMALL && nb == 3 && nm == 0);
        CHECK(UNTOUCHED(bars));
        s = kalends_view_event_bars(event_view, live_store, NULL, NULL, bars, 8, &nb, more, caps[i] < 0 ? caps[i] : 2, &nm);
        CHECK(caps[i] < 0 ? s == KALENDS_E_INVALID_ARGUMENT : s == KALENDS_OK);
    }
    /* names: snprintf conventions */
    char text[8];
    size_t length;
    POISON(text);
    CHECK(kalends_timezone_name(live_zone, text, 1, &length) == KALENDS_OK && text[0] == 0 && length == 12);
    CHECK(kalends_timezone_name(live_zone, NULL, 0, NULL) == KALENDS_OK);
    CHECK(kalends_timezone_name(live_zone, text, sizeof text, NULL) == KALENDS_OK && strcmp(text, "Europe/") == 0);
}

static void test_bad_layout_options(void) {
    kalends_event_bar bars[8];
    kalends_event_more more[2];
    kalends_timeline_item items[4];
    int32_t nb, nm, n;
    double bad_lengths[] = {-1, -1e-9, 1e7, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0};
    int problems = 0;
    for (int f = 0; f < 9; f++) {
        kalends_bar_options o;
        kalends_bar_options_init(&o);
        switch (f) {
        case 0: o.max_lanes = 0; break;
        case 1: o.max_lanes = -1; break;
        case 2: o.max_lanes = INT32_MIN; break;
        case 3: o.max_lanes = 1001; break;
        case 4: o.max_lanes = INT32_MAX; break;
        case 5: o.struct_size = 0; break;
        case 6: o.struct_size = sizeof o + 8; break;
        case 7: o.struct_size = sizeof o - 8; break;
        default: o.struct_size = UINT32_MAX; break;
        }
        POISON(bars);
        if (kalends_view_event_bars(event_view, live_store, NULL, &o, bars, 8, &nb, more, 2, &nm) != KALENDS_E_INVALID_ARGUMENT ||
            !UNTOUCHED(bars))
            problems++;
    }
    for (size_t i = 0; i < sizeof bad_lengths / sizeof bad_lengths[0]; i++) {
        for (int f = 0; f < 4; f++) {
            kalends_bar_options o;
            kalends_bar_options_init(&o);
            double *fields[4] = {&o.bar_height, &o.lane_spacing, &o.top_inset, &o.side_inset};
            *fields[f] = bad_lengths[i];
            POISON(bars);
            if (kalends_view_event_bars(event_view, live_store, NULL, &o, bars, 8, &nb, more, 2, &nm) !=
                    KALENDS_E_INVALID_ARGUMENT ||
                !UNTOUCHED(bars)) {
                if (problems++ < 5) fprintf(stderr, "    bar option %d = %g accepted\n", f, bad_lengths[i]);
            }
        }
        for (int f = 0; f < 6; f++) {
            kalends_timeline_options o;
            kalends_timeline_options_init(&o);
            double *fields[6] = {&o.left, &o.top, &o.width, &o.hour_height, &o.min_height, &o.spacing};
            *fields[f] = bad_lengths[i];
            /* left and top may be negative (an offset), small negatives are positions */
            if (f < 2 && (bad_lengths[i] == -1 || bad_lengths[i] == -1e-9)) continue;
            POISON(items);
            if (kalends_store_timeline(live_store, NULL, 20767, &o, items, 4, &n) != KALENDS_E_INVALID_ARGUMENT ||
                !UNTOUCHED(items)) {
                if (problems++ < 5) fprintf(stderr, "    timeline option %d = %g accepted\n", f, bad_lengths[i]);
            }
        }
    }
    int32_t hours[][2] = {{-1, 24}, {0, 25}, {12, 12}, {13, 12}, {INT32_MIN, 24}, {0, INT32_MAX}, {24, 24}, {0, 0}};
    for (size_t i = 0; i < sizeof hours / sizeof hours[0]; i++) {
        kalends_timeline_options o;
        kalends_timeline_options_init(&o);
        o.first_hour = hours[i][0];
        o.last_hour = hours[i][1];
        POISON(items);
        if (kalends_store_timeline(live_store, NULL, 20767, &o, items, 4, &n) != KALENDS_E_INVALID_ARGUMENT || !UNTOUCHED(items))
            problems++;
    }
    kalends_timeline_options o;
    kalends_timeline_options_init(&o);
    o.hour_height = 0;
    if (kalends_store_timeline(live_store, NULL, 20767, &o, items, 4, &n) != KALENDS_E_INVALID_ARGUMENT) problems++;
    uint32_t sizes[] = {0, 4, (uint32_t)sizeof o - 8, (uint32_t)sizeof o + 8};
    for (size_t i = 0; i < 4; i++) {
        kalends_timeline_options_init(&o);
        o.struct_size = sizes[i];
        if (kalends_store_timeline(live_store, NULL, 20767, &o, items, 4, &n) != KALENDS_E_INVALID_ARGUMENT) problems++;
    }
    CHECK_MSG(problems == 0, "%d bad options accepted", problems);
    /* the options that are fine still work */
    kalends_timeline_options_init(&o);
    o.left = -50;
    o.first_hour = 23;
    CHECK(kalends_store_timeline(live_store, NULL, 20767, &o, items, 4, &n) == KALENDS_OK && n == 0);
    /* no width yet: bars need the day cells' frames */
    kalends_view *v = NULL;
    CHECK(kalends_view_new(live, NULL, NULL, &v) == KALENDS_OK);
    POISON(nb);
    CHECK(kalends_view_event_bars(v, live_store, NULL, NULL, bars, 8, &nb, more, 2, &nm) == KALENDS_E_NO_INTRINSIC_METRIC &&
          UNTOUCHED(nb));
    CHECK(kalends_view_free(v) == KALENDS_OK);
    /* days beyond the supported dates: refused in a zone; in UTC (no zone) they are
       simply empty */
    for (int zone = 0; zone < 2; zone++) {
        int32_t far[] = {INT32_MIN, INT32_MAX};
        for (int k = 0; k < 2; k++) {
            POISON(items);
            n = -1;
            kalends_status s = kalends_store_timeline(live_store, zone ? live_zone : NULL, far[k], NULL, items, 4, &n);
            CHECK_MSG((s == KALENDS_OK && n == 0) || s == KALENDS_E_INVALID_ARGUMENT || s == KALENDS_E_OUT_OF_RANGE,
                      "timeline of day %d: %d", (int)far[k], (int)s);
            CHECK(UNTOUCHED(items));
            s = kalends_store_query(live_store, zone ? live_zone : NULL, far[k], far[k], NULL, 0, &n);
            CHECK((s == KALENDS_OK && n == 0) || s == KALENDS_E_OUT_OF_RANGE);
        }
    }
}

static void test_timezone_misuse(void) {
    kalends_timezone *z;
    const char *missing[] = {"No/Such_Zone", "Europe/Nowhere", "/etc/passwd", "../../../etc/passwd", "Europe", "Europe/",
                             "posixrules/..", "a\tb"};
    for (size_t i = 0; i < sizeof missing / sizeof missing[0]; i++) {
        POISON(z);
        kalends_status s = kalends_timezone_new(missing[i], &z);
        CHECK_MSG(s == KALENDS_E_NOT_FOUND && UNTOUCHED(z), "%s: %d", missing[i], (int)s);
    }
    const char *unparsable[] = {"CET-1CEST,M3.5.0,M13.5.0", "garbage 123", "EST5EDT,M3.2.0", "X99999999", "<+05", "1"};
    for (size_t i = 0; i < sizeof unparsable / sizeof unparsable[0]; i++) {
        POISON(z);
        kalends_status s = kalends_timezone_new(unparsable[i], &z);
        CHECK_MSG(s == KALENDS_E_PARSE && UNTOUCHED(z), "%s: %d", unparsable[i], (int)s);
    }
    /* odd but valid: an offset with minutes and a quoted name */
    int32_t east = 0, dst = -1;
    CHECK(kalends_timezone_new("<+0530>-5:30", &z) == KALENDS_OK);
    CHECK(kalends_timezone_offset(z, 0, &east, &dst) == KALENDS_OK && east == 19800 && dst == 0);
    CHECK(kalends_timezone_free(z) == KALENDS_OK);

    /* TZif bytes: garbage, truncated, and random corruption: PARSE or a zone whose offsets
       stay within a day; never a crash */
    static uint8_t paris[1 << 16], copy[1 << 16];
    size_t length = 0;
    FILE *f = fopen("/usr/share/zoneinfo/Europe/Paris", "rb");
    if (CHECK(f != NULL)) {
        length = fread(paris, 1, sizeof paris, f);
        fclose(f);
    }
    const char *text = "not a TZif file";
    POISON(z);
    CHECK(kalends_timezone_from_tzif((const uint8_t *)text, strlen(text), NULL, &z) == KALENDS_E_PARSE && UNTOUCHED(z));
    CHECK(kalends_timezone_from_tzif(paris, 0, NULL, &z) == KALENDS_E_PARSE && UNTOUCHED(z));
    int problems = 0;
    for (size_t cut = 1; cut < length; cut += 1 + cut / 3) {
        kalends_status s = kalends_timezone_from_tzif(paris, cut, "cut", &z);
        if (s == KALENDS_OK) kalends_timezone_free(z);
        else if (s != KALENDS_E_PARSE) problems++;
    }
    CHECK(kalends_timezone_from_tzif(paris, SIZE_MAX, NULL, &z) == KALENDS_E_INVALID_ARGUMENT);
    int parsed = 0;
    for (int i = 0; i < 300; i++) {
        memcpy(copy, paris, length);
        int flips = 1 + (int)(rnd() % 4);
        for (int k = 0; k < flips; k++) copy[rnd() % length] = (uint8_t)rnd();
        /* corrupt the header counts now and then */
        if (rnd() % 4 == 0) copy[20 + rnd() % 24] = (uint8_t)rnd();
        kalends_status s = kalends_timezone_from_tzif(copy, length, NULL, &z);
        if (s == KALENDS_OK) {
            parsed++;
            for (int k = 0; k < 20; k++) {
                int64_t t = (int64_t)rnd_int() * 1000 + (int64_t)(rnd() % 1000);
                int32_t day = 0, seconds = -1;
                int64_t start = 0;
                if (kalends_timezone_offset(z, t, &east, &dst) != KALENDS_OK || east <= -90000 || east >= 93600) problems++;
                kalends_status s2 = kalends_timezone_local_day(z, t, &day, &seconds);
                if (s2 != KALENDS_OK && s2 != KALENDS_E_OUT_OF_RANGE) problems++;
                if (s2 == KALENDS_OK && (seconds < 0 || seconds >= 86400)) problems++;
                s2 = kalends_timezone_day_start(z, (int32_t)(t / 86400), &start);
                if (s2 != KALENDS_OK && s2 != KALENDS_E_OUT_OF_RANGE) problems++;
                s2 = kalends_timezone_instant(z, (int32_t)(t / 86400), (int32_t)(rnd() % 86400), &start);
                if (s2 != KALENDS_OK && s2 != KALENDS_E_OUT_OF_RANGE) problems++;
            }
            kalends_timezone_free(z);
        } else if (s != KALENDS_E_PARSE) {
            problems++;
        }
    }
    CHECK_MSG(problems == 0, "%d problems with corrupt TZif data (%d of 300 parsed)", problems, parsed);

    /* extreme instants and days */
    int32_t day, seconds;
    int64_t t;
    int64_t instants[] = {INT64_MIN, INT64_MIN + 1, -((int64_t)1 << 62), (int64_t)1 << 62, INT64_MAX - 1, INT64_MAX};
    for (size_t i = 0; i < sizeof instants / sizeof instants[0]; i++) {
        /* before 1891 Paris kept local mean time, +0:09:21 */
        CHECK(kalends_timezone_offset(live_zone, instants[i], &east, &dst) == KALENDS_OK &&
              (instants[i] < 0 ? east == 561 && dst == 0 : east == 3600 || east == 7200));
        POISON(day);
        POISON(seconds);
        CHECK(kalends_timezone_local_day(live_zone, instants[i], &day, &seconds) == KALENDS_E_OUT_OF_RANGE && UNTOUCHED(day) &&
              UNTOUCHED(seconds));
    }
    for (int i = 0; i < N_EXTREMES; i++) {
        POISON(t);
        kalends_status s = kalends_timezone_day_start(live_zone, extremes[i], &t);
        CHECK(s == KALENDS_OK || (s == KALENDS_E_OUT_OF_RANGE && UNTOUCHED(t)));
        for (int k = 0; k < N_EXTREMES; k++) {
            POISON(t);
            s = kalends_timezone_instant(live_zone, extremes[i], extremes[k], &t);
            CHECK(s == KALENDS_OK || ((s == KALENDS_E_OUT_OF_RANGE || s == KALENDS_E_INVALID_ARGUMENT) && UNTOUCHED(t)));
        }
    }
    kalends_date lo = {KALENDS_YEAR_MIN, 1, 1}, hi = {KALENDS_YEAR_MAX, 12, 31};
    int32_t first = 0, last = 0;
    kalends_date_day_number(&lo, &first);
    kalends_date_day_number(&hi, &last);
    CHECK(kalends_timezone_day_start(live_zone, first, &t) == KALENDS_OK);
    CHECK(kalends_timezone_local_day(live_zone, t, &day, &seconds) == KALENDS_OK && day == first && seconds == 0);
    CHECK(kalends_timezone_day_start(live_zone, last, &t) == KALENDS_OK);
    CHECK(kalends_timezone_instant(live_zone, first, 0, &t) == KALENDS_OK && kalends_timezone_instant(live_zone, last, 86399, &t) == KALENDS_OK);
    CHECK(kalends_timezone_local_day(live_zone, t, &day, &seconds) == KALENDS_OK && day == last && seconds == 86399);
    CHECK(kalends_timezone_day_start(live_zone, first - 1, &t) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_timezone_day_start(live_zone, last + 1, &t) == KALENDS_E_OUT_OF_RANGE);
}

/* Sources that misbehave. */
static int fetch_calls;
static kalends_status fetch_null_event(void *user, int32_t first, int32_t last, const kalends_event_sink *sink) {
    (void)first;
    (void)last;
    fetch_calls++;
    *(kalends_status *)user = sink->add(sink->context, NULL);
    return KALENDS_OK;
}
static kalends_status fetch_absurd(void *user, int32_t first, int32_t last, const kalends_event_sink *sink) {
    (void)first;
    (void)last;
    fetch_calls++;
    kalends_event e = day_event(90, 400000000, 400000000);
    *(kalends_status *)user = sink->add(sink->context, &e);
    return KALENDS_OK;
}
static kalends_status fetch_status(void *user, int32_t first, int32_t last, const kalends_event_sink *sink) {
    (void)first;
    (void)last;
    (void)sink;
    fetch_calls++;
    return *(kalends_status *)user;
}
/* An asynchronous source that answers at once, on the calling thread, with garbage. */
static int complete_mode;
static kalends_status begin_garbage(void *user, int64_t request, int32_t first, int32_t last,
                                    const kalends_completion *completion) {
    (void)user;
    (void)last;
    kalends_event e = day_event(91, first, first);
    switch (complete_mode) {
    case 0: completion->complete(completion->context, request, NULL, 3, KALENDS_OK); break;
    case 1: completion->complete(completion->context, request, &e, -1, KALENDS_OK); break;
    case 2: completion->complete(completion->context, request + 1000000, &e, 1, KALENDS_OK); break; /* unknown request */
    case 3: completion->complete(completion->context, request, &e, 1, -5); break;                   /* not a status */
    default:
        /* twice: the second is dropped */
        completion->complete(completion->context, request, &e, 1, KALENDS_OK);
        e.id = 92;
        completion->complete(completion->context, request, &e, 1, KALENDS_OK);
        break;
    }
    return KALENDS_OK;
}

static void test_source_misuse(void) {
    kalends_view *v = NULL;
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    m.width = 350;
    CHECK(kalends_view_new(live, NULL, &m, &v) == KALENDS_OK);
    kalends_source src;
    memset(&src, 0, sizeof src);
    src.struct_size = sizeof src;
    kalends_status answer = KALENDS_OK;
    src.user_data = &answer;
    src.fetch = fetch_status;
    int32_t id, pending;
    POISON(id);
    CHECK(kalends_view_add_source(v, &src, &id) == KALENDS_E_MISUSE && UNTOUCHED(id)); /* no store yet */
    CHECK(kalends_view_remove_source(v, 1) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_view_pending_requests(v, &pending) == KALENDS_OK && pending == 0);
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    CHECK(kalends_view_set_store(v, store, NULL) == KALENDS_OK);
    kalends_source bad = src;
    bad.struct_size = 0;
    CHECK(kalends_view_add_source(v, &bad, &id) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(id));
    bad.struct_size = sizeof bad + 8;
    CHECK(kalends_view_add_source(v, &bad, &id) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(id));
    bad = src;
    bad.fetch = NULL;
    CHECK(kalends_view_add_source(v, &bad, &id) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(id));
    int32_t ids[] = {0, -1, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < 4; i++) CHECK(kalends_view_remove_source(v, ids[i]) == KALENDS_E_NOT_FOUND);

    /* statuses: anything but OK, even values that are no status, is CALLBACK */
    kalends_status statuses[] = {KALENDS_E_IO, KALENDS_E_PLUGIN, -1, INT32_MAX, INT32_MIN};
    for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++) {
        answer = statuses[i];
        fetch_calls = 0;
        CHECK(kalends_view_add_source(v, &src, &id) == KALENDS_E_CALLBACK && id > 0 && fetch_calls == 1);
        CHECK(kalends_view_remove_source(v, id) == KALENDS_OK);
    }
    src.fetch = fetch_null_event;
    CHECK(kalends_view_add_source(v, &src, &id) == KALENDS_E_CALLBACK && answer == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_remove_source(v, id) == KALENDS_OK);
    src.fetch = fetch_absurd;
    CHECK(kalends_view_add_source(v, &src, &id) == KALENDS_E_CALLBACK && answer == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_view_remove_source(v, id) == KALENDS_OK);
    int32_t count = -1;
    CHECK(kalends_store_count(store, &count) == KALENDS_OK && count == 0);

    /* asynchronous answers that are garbage, for unknown requests, or twice */
    src.fetch = NULL;
    src.begin = begin_garbage;
    for (complete_mode = 0; complete_mode < 5; complete_mode++) {
        kalends_status s = kalends_view_add_source(v, &src, &id);
        CHECK_MSG(s == KALENDS_OK && id > 0, "mode %d: %d", complete_mode, (int)s);
        CHECK(kalends_view_pending_requests(v, &pending) == KALENDS_OK);
        CHECK(kalends_store_count(store, &count) == KALENDS_OK);
        if (complete_mode == 2) CHECK(pending == 1 && count == 0); /* still waiting for its own answer */
        else if (complete_mode == 4) CHECK(pending == 0 && count == 1);
        else CHECK(pending == 0 && count == 0);
        CHECK(kalends_view_remove_source(v, id) == KALENDS_OK);
        CHECK(kalends_view_pending_requests(v, &pending) == KALENDS_OK && pending == 0);
    }
    kalends_event e;
    CHECK(kalends_store_get(store, 91, &e) == KALENDS_OK && kalends_store_get(store, 92, &e) == KALENDS_E_NOT_FOUND);

    /* the store freed by the host while the view still refers to it: no crash, a
       documented status */
    src.begin = NULL;
    src.fetch = fetch_status;
    answer = KALENDS_OK;
    CHECK(kalends_view_add_source(v, &src, &id) == KALENDS_OK);
    CHECK(kalends_store_free(store) == KALENDS_OK);
    fetch_calls = 0;
    kalends_status s = kalends_view_next_page(v, NULL);
    CHECK(s == KALENDS_OK || s == KALENDS_E_MISUSE || s == KALENDS_E_CALLBACK);
    CHECK(kalends_view_set_store(v, NULL, NULL) == KALENDS_OK);
    fetch_calls = 0;
    CHECK(kalends_view_next_page(v, NULL) == KALENDS_OK && fetch_calls == 0); /* detached */
    POISON(id);
    CHECK(kalends_view_add_source(v, &src, &id) == KALENDS_E_MISUSE && UNTOUCHED(id));
    CHECK(kalends_view_free(v) == KALENDS_OK);
}

static void test_plugin_misuse(void) {
    store_state before = snapshot(live_store);
    kalends_plugin *p;
    struct {
        const char *file;
        const char *config;
        kalends_status status;
    } broken[] = {{"libno_entry.so", NULL, KALENDS_E_PLUGIN},
                  {"libwrong_abi.so", NULL, KALENDS_E_PLUGIN},
                  {"libsmall_struct.so", NULL, KALENDS_E_PLUGIN},
                  {"libnull_fetch.so", NULL, KALENDS_E_PLUGIN},
                  {"libgarbage.so", "fail", KALENDS_E_PLUGIN},            /* create fails */
                  {"libholidays_c.so", NULL, KALENDS_E_PLUGIN},           /* no rules */
                  {"libholidays_rust.so", "/no/such.rules", KALENDS_E_PLUGIN},
                  {"libholidays_c.so", "/etc", KALENDS_E_PLUGIN},         /* a directory as rules */
                  {"libnot_there.so", NULL, KALENDS_E_IO},
                  {"", NULL, KALENDS_E_INVALID_ARGUMENT}}; /* not dlopen("") (the program itself) */
    for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
        POISON(p);
        const char *path = broken[i].file[0] ? plugin_file(broken[i].file) : "";
        kalends_status s = kalends_plugin_load(path, broken[i].config, &p);
        CHECK_MSG(s == broken[i].status && UNTOUCHED(p), "%s: %d (%s)", broken[i].file, (int)s, kalends_last_error());
        CHECK(strlen(kalends_last_error()) > 0);
    }
    /* files that are not shared libraries */
    POISON(p);
    CHECK(kalends_plugin_load(rules_file("us.rules"), NULL, &p) == KALENDS_E_IO && UNTOUCHED(p));
    CHECK(kalends_plugin_load(KALENDS_PLUGIN_DIR, NULL, &p) == KALENDS_E_IO && UNTOUCHED(p));

    /* garbage loads, but its answers are refused whole */
    kalends_plugin *garbage = NULL;
    CHECK(kalends_plugin_load(plugin_file("libgarbage.so"), NULL, &garbage) == KALENDS_OK);
    char name[16];
    size_t length = 0;
    CHECK(kalends_plugin_name(garbage, name, sizeof name, &length) == KALENDS_OK && strcmp(name, "garbage") == 0);
    CHECK(kalends_plugin_fetch(garbage, 20760, 20770, live_store, NULL, 1) == KALENDS_E_PLUGIN);
    CHECK(kalends_plugin_fetch(garbage, 20760, 20770, live_store, live_zone, 0) == KALENDS_E_PLUGIN);
    CHECK(same_state(before, snapshot(live_store)));
    CHECK(kalends_plugin_fetch(garbage, 20770, 20760, live_store, NULL, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_plugin_fetch(garbage, 20760, 20770, NULL, NULL, 1) == KALENDS_E_INVALID_ARGUMENT);
    /* as a view's source: the page changes, the call says PLUGIN, the store is unchanged */
    kalends_view *v = NULL;
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    m.width = 350;
    CHECK(kalends_view_new(live, NULL, &m, &v) == KALENDS_OK);
    int32_t id = 0, pending = -1;
    POISON(id);
    CHECK(kalends_view_add_plugin(v, garbage, &id) == KALENDS_E_MISUSE && UNTOUCHED(id)); /* no store */
    CHECK(kalends_view_set_store(v, live_store, NULL) == KALENDS_OK);
    kalends_status s = kalends_view_add_plugin(v, garbage, &id);
    CHECK_MSG((s == KALENDS_E_PLUGIN || s == KALENDS_E_CALLBACK) && id > 0, "%d", (int)s);
    kalends_page page_before, page_after;
    CHECK(kalends_view_page(v, &page_before) == KALENDS_OK);
    s = kalends_view_next_page(v, NULL);
    CHECK(s == KALENDS_E_PLUGIN || s == KALENDS_E_CALLBACK);
    CHECK(kalends_view_page(v, &page_after) == KALENDS_OK && page_after.first > page_before.first);
    CHECK(kalends_view_pending_requests(v, &pending) == KALENDS_OK && pending == 0);
    CHECK(same_state(before, snapshot(live_store)));
    CHECK(kalends_view_free(v) == KALENDS_OK);
    CHECK(kalends_plugin_free(garbage) == KALENDS_OK);
    CHECK(kalends_plugin_free(garbage) == KALENDS_E_MISUSE);

    /* extreme ranges: days beyond the supported dates are OUT_OF_RANGE; the first and
       last supported days work */
    kalends_plugin *c = NULL;
    CHECK(kalends_plugin_load(plugin_file("libholidays_c.so"), rules_file("us.rules"), &c) == KALENDS_OK);
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    CHECK(kalends_plugin_fetch(c, INT32_MIN, INT32_MIN + 10, store, NULL, 1) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_plugin_fetch(c, INT32_MAX - 10, INT32_MAX, store, NULL, 1) == KALENDS_E_OUT_OF_RANGE);
    kalends_date lowest = {KALENDS_YEAR_MIN, 1, 1}, highest = {KALENDS_YEAR_MAX, 12, 31};
    int32_t lo = 0, hi = 0;
    CHECK(kalends_date_day_number(&lowest, &lo) == KALENDS_OK && kalends_date_day_number(&highest, &hi) == KALENDS_OK);
    CHECK(kalends_plugin_fetch(c, lo, lo + 400, store, NULL, 1) == KALENDS_OK);
    CHECK(kalends_plugin_fetch(c, hi - 400, hi, store, NULL, 1) == KALENDS_OK);
    CHECK(kalends_plugin_fetch(c, lo - 1, lo, store, NULL, 1) == KALENDS_E_OUT_OF_RANGE);
    int32_t edges = -1;
    CHECK(kalends_store_count(store, &edges) == KALENDS_OK && edges > 10);
    CHECK(kalends_store_clear(store) == KALENDS_OK);
    /* in a zone, days beyond the supported dates have no local midnight */
    CHECK(kalends_plugin_fetch(c, INT32_MAX - 10, INT32_MAX, store, live_zone, 1) == KALENDS_E_OUT_OF_RANGE);
    int32_t count = -1;
    CHECK(kalends_store_count(store, &count) == KALENDS_OK && count == 0);
    /* the library keeps working after all of that */
    CHECK(kalends_plugin_fetch(c, 20454, 20818, store, live_zone, 1) == KALENDS_OK);
    CHECK(kalends_store_count(store, &count) == KALENDS_OK && count == 11);
    CHECK(kalends_plugin_free(c) == KALENDS_OK && kalends_store_free(store) == KALENDS_OK);
}

/* A random event: mostly fine, often broken in one of the ways above. */
static kalends_event fuzz_event(void) {
    static const char *titles[] = {"ok", "caf\xc3\xa9", "\xff", "\xc3", "", NULL};
    kalends_event e;
    memset(&e, 0, sizeof e);
    e.struct_size = rnd() % 16 ? (uint32_t)sizeof e : (uint32_t)rnd_int();
    e.all_day = rnd() % 16 ? (int32_t)(rnd() % 2) : rnd_int();
    e.id = rnd() % 32 ? (int64_t)(rnd() % 300) : (int64_t)rnd();
    switch (rnd() % 4) {
    case 0: /* days near the range queried */
        e.start = 20700 + (int64_t)(rnd() % 200);
        e.end = e.start + (int64_t)(rnd() % 40) - (rnd() % 8 == 0);
        if (!e.all_day) {
            e.start = e.start * 86400 + (int64_t)(rnd() % 86400);
            e.end = e.start + (int64_t)(rnd() % (40 * 86400)) - (rnd() % 8 == 0);
        }
        break;
    case 1: e.start = rnd_int(); e.end = e.start + rnd_int() % 1000; break;
    case 2: e.start = (int64_t)rnd_int() * 86400; e.end = e.start + (int64_t)(rnd() % 100000); break;
    default: e.start = (int64_t)rnd(); e.end = rnd() % 2 ? e.start : (int64_t)rnd(); break;
    }
    e.color = (uint32_t)rnd();
    e.user_value = rnd();
    e.title = titles[rnd() % 6];
    e.title_length = rnd() % 8 ? -1 : (int32_t)(rnd() % 4) - 2;
    if (e.title == NULL && rnd() % 2) e.title_length = 0;
    return e;
}

/* Random store operations with random and extreme arguments and handles: every status is
   documented, and a failed call changes nothing (count and the events of 2020 ... 2030). */
static void fuzz_store(long iterations) {
    kalends_store *stores[] = {live_store, live_store, live_store,  live_store,
                               live_store, freed_store, NULL,       (kalends_store *)(void *)live_zone};
    kalends_timezone *zones[] = {NULL, live_zone, live_zone, freed_zone};
    long bad_status = 0, changed = 0, bad_count = 0, bad_value = 0, refused = 0, mutated = 0;
    static kalends_event out[512];
    static int32_t counts[64];
    static uint32_t colors[64 * 8];
    kalends_timeline_item items[64];
    store_state st = snapshot(live_store);
    for (long i = 0; i < iterations; i++) {
        kalends_store *s = stores[rnd() % 8];
        kalends_timezone *z = zones[rnd() % 4];
        int32_t first = rnd() % 3 ? 20700 + (int32_t)(rnd() % 200) : rnd_int();
        int32_t last = rnd() % 3 ? first + (int32_t)(rnd() % 60) - 2 : rnd_int();
        int32_t n = 0, capacity = rnd() % 4 ? (int32_t)(rnd() % 513) : rnd_int() % 513;
        kalends_event e = fuzz_event(), batch[5];
        int mutates = 0, delta = 0;
        kalends_status r = 0;
        switch (rnd() % 10) {
        case 0: r = kalends_store_add(s, &e); mutates = 1; delta = 1; break;
        case 1: r = kalends_store_update(s, &e); mutates = 1; break;
        case 2: r = kalends_store_remove(s, e.id); mutates = 1; delta = -1; break;
        case 3: {
            int32_t k = (int32_t)(rnd() % 6);
            for (int32_t j = 0; j < k; j++) batch[j] = fuzz_event();
            /* a count beyond the array would be the host's overflow: only k or negative */
            int32_t count = rnd() % 16 ? k : rnd() % 2 ? INT32_MIN : -(int32_t)(rnd() % 100) - 1;
            r = kalends_store_add_events(s, rnd() % 16 ? batch : NULL, count);
            mutates = 1;
            delta = k;
            break;
        }
        case 4:
            r = kalends_store_query(s, z, first, last, capacity > 0 || rnd() % 2 ? out : NULL, capacity, &n);
            if (r == KALENDS_OK && n < 0) bad_value++;
            break;
        case 5: {
            int32_t days = rnd() % 8 ? (int32_t)(rnd() % 65) : rnd_int() % 65;
            int32_t max_colors = rnd() % 8 ? (int32_t)(rnd() % 9) : rnd_int() % 9;
            r = kalends_store_dots(s, z, first, last, max_colors, counts, rnd() % 8 ? colors : NULL, days);
            if (r == KALENDS_OK)
                for (int32_t d = 0; d <= last - first && d < 64; d++)
                    if (counts[d] < 0) bad_value++;
            break;
        }
        case 6: {
            kalends_timeline_options o;
            kalends_timeline_options_init(&o);
            if (rnd() % 2) {
                o.first_hour = (int32_t)(rnd() % 26) - 1;
                o.last_hour = (int32_t)(rnd() % 26);
                o.min_height = (double)rnd_int() / 1000;
            }
            r = kalends_store_timeline(s, z, first, rnd() % 4 ? &o : NULL, items, capacity % 65, &n);
            if (r == KALENDS_OK)
                for (int32_t k = 0; k < n; k++)
                    if (items[k].column < 0 || items[k].column >= items[k].columns || items[k].span < 1 ||
                        items[k].column + items[k].span > items[k].columns || !(items[k].frame.height >= 0))
                        bad_value++;
            break;
        }
        case 7: {
            kalends_event got;
            r = kalends_store_get(s, e.id, &got);
            if (r == KALENDS_OK && (got.id != e.id || got.end < got.start)) bad_value++;
            break;
        }
        case 8: r = kalends_store_count(s, &n); break;
        default:
            /* clear now and then keeps the store small; otherwise read the count */
            if (rnd() % 50 == 0) {
                r = kalends_store_clear(s);
                mutates = 1;
                delta = INT32_MIN;
            } else {
                r = kalends_store_count(s, &n);
            }
            break;
        }
        if (r != KALENDS_OK && r != KALENDS_E_INVALID_ARGUMENT && r != KALENDS_E_OUT_OF_RANGE &&
            r != KALENDS_E_BUFFER_TOO_SMALL && r != KALENDS_E_MISUSE && r != KALENDS_E_DUPLICATE && r != KALENDS_E_NOT_FOUND) {
            if (bad_status++ < 3) fprintf(stderr, "    iteration %ld: status %d\n", i, (int)r);
        }
        refused += r != KALENDS_OK;
        if (!mutates || s != live_store) continue;
        store_state now = snapshot(live_store);
        mutated += r == KALENDS_OK;
        if (r != KALENDS_OK) {
            if (!same_state(st, now)) changed++;
        } else if (delta == INT32_MIN ? now.count != 0 : now.count != st.count + delta) {
            bad_count++;
        }
        st = now;
    }
    CHECK_MSG(bad_status == 0, "%ld statuses outside the documented set", bad_status);
    CHECK_MSG(changed == 0, "%ld failed calls changed the store", changed);
    CHECK_MSG(bad_count == 0, "%ld successful calls changed the count wrongly", bad_count);
    CHECK_MSG(bad_value == 0, "%ld impossible results", bad_value);
    printf("misuse_test: fuzzed %ld random store calls (%ld refused, %ld changed the store)\n", iterations, refused, mutated);
}

int main(int argc, char **argv) {
    memset(sentinel_block, SENTINEL, sizeof sentinel_block);
    make_handles();
    test_bad_handles();
    test_null_pointers();
    test_capacities();
    test_extreme_integers();
    test_bad_options();
    fuzz(argc > 1 ? atol(argv[1]) : 2000000);
    make_views();
    test_bad_view_handles();
    test_view_null_and_bad_arguments();
    test_bad_callbacks();
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
    test_bad_layout_options();
    test_timezone_misuse();
    test_source_misuse();
    test_plugin_misuse();
    fuzz_store(argc > 5 ? atol(argv[5]) : 100000);
    CHECK(kalends_view_free(event_view) == KALENDS_OK);
    CHECK(kalends_store_free(live_store) == KALENDS_OK);
    CHECK(kalends_timezone_free(live_zone) == KALENDS_OK);
    CHECK(kalends_view_free(live_view) == KALENDS_OK);
    CHECK(kalends_calendar_free(live) == KALENDS_OK);
    return check_summary("misuse_test");
}

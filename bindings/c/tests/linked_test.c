/* Linked against libkalends.so (-lkalends). Compiled twice, as C99 and as C++, with
   -Wall -Wextra -pedantic -Werror: the header must serve both. Checks real behaviour
   against libc as an independent oracle (gmtime_r for civil dates and weekdays,
   strftime %G/%V for ISO weeks), the calendar handle, grids, errors and threads. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kalends.h"
#include "check.h"

/* libc's proleptic Gregorian date of a day number. */
static void libc_date(int32_t day_number, struct tm *out) {
    time_t t = (time_t)day_number * 86400;
    gmtime_r(&t, out);
}

static void test_versions(void) {
    CHECK(kalends_abi_version() == KALENDS_ABI_VERSION);
    CHECK(kalends_version() == KALENDS_VERSION_NUMBER);
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", KALENDS_VERSION_MAJOR, KALENDS_VERSION_MINOR, KALENDS_VERSION_PATCH);
    CHECK(strcmp(kalends_version_string(), expected) == 0);
    CHECK(strcmp(kalends_status_string(KALENDS_OK), "ok") == 0);
    CHECK(strcmp(kalends_status_string(KALENDS_E_INVALID_ARGUMENT), "invalid argument") == 0);
    CHECK(strcmp(kalends_status_string(KALENDS_E_MISUSE), "misuse") == 0);
    CHECK(strcmp(kalends_status_string(-7), "unknown status") == 0);
}

static void test_dates_against_libc(void) {
    int mismatches = 0;
    /* 1600-01-01 ... 2400-12-31, every day */
    kalends_date lo = {1600, 1, 1}, hi = {2400, 12, 31};
    int32_t first = 0, last = 0;
    CHECK(kalends_date_day_number(&lo, &first) == KALENDS_OK);
    CHECK(kalends_date_day_number(&hi, &last) == KALENDS_OK);
    for (int32_t n = first; n <= last; n++) {
        struct tm tm;
        libc_date(n, &tm);
        kalends_date d;
        int32_t wd = 0, yday = 0, back = 0;
        kalends_week_of_year iso;
        if (kalends_date_from_day_number(n, &d) != KALENDS_OK || kalends_date_weekday(&d, &wd) != KALENDS_OK ||
            kalends_date_day_of_year(&d, &yday) != KALENDS_OK || kalends_date_day_number(&d, &back) != KALENDS_OK ||
            kalends_date_iso_week(&d, &iso) != KALENDS_OK) {
            mismatches++;
            continue;
        }
        char g[16], v[16];
        strftime(g, sizeof g, "%G", &tm);
        strftime(v, sizeof v, "%V", &tm);
        int libc_wd = tm.tm_wday == 0 ? 7 : tm.tm_wday;
        if (d.year != tm.tm_year + 1900 || d.month != tm.tm_mon + 1 || d.day != tm.tm_mday || wd != libc_wd ||
            yday != tm.tm_yday + 1 || back != n || iso.year != (int32_t)strtol(g, NULL, 10) ||
            iso.week != (int32_t)strtol(v, NULL, 10)) {
            if (mismatches++ < 5) fprintf(stderr, "    mismatch at day %d\n", (int)n);
        }
    }
    CHECK_MSG(mismatches == 0, "%d days disagree with libc", mismatches);
    CHECK(last - first + 1 == 2 * 146097 + 366); /* two 400-year cycles and the leap year 2400 */

    int32_t leap = -1, days = 0;
    CHECK(kalends_year_is_leap(2000, &leap) == KALENDS_OK && leap == 1);
    CHECK(kalends_year_is_leap(1900, &leap) == KALENDS_OK && leap == 0);
    CHECK(kalends_year_days_in_month(2024, 2, &days) == KALENDS_OK && days == 29);
    CHECK(kalends_year_days_in_month(2023, 2, &days) == KALENDS_OK && days == 28);
}

static void test_errors(void) {
    kalends_date bad = {2023, 2, 29};
    int32_t out = 12345;
    CHECK(kalends_date_day_number(&bad, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(out == 12345); /* untouched */
    CHECK(strstr(kalends_last_error(), "29") != NULL);
    kalends_date far = {1000000, 1, 1};
    CHECK(kalends_date_day_number(&far, &out) == KALENDS_E_OUT_OF_RANGE);
    CHECK(strstr(kalends_last_error(), "1000000") != NULL);
    /* a success leaves the last message alone */
    kalends_date ok = {2026, 11, 22};
    CHECK(kalends_date_day_number(&ok, &out) == KALENDS_OK);
    CHECK(strstr(kalends_last_error(), "1000000") != NULL);
}

static kalends_calendar *make_calendar(int32_t first_weekday, int32_t min_days) {
    kalends_calendar_options o;
    kalends_calendar *cal = NULL;
    kalends_calendar_options_init(&o);
    o.first_weekday = first_weekday;
    o.min_days_in_first_week = min_days;
    o.today_mode = KALENDS_TODAY_FIXED;
    o.today.year = 2026;
    o.today.month = 11;
    o.today.day = 22;
    CHECK(kalends_calendar_new(&o, &cal) == KALENDS_OK);
    return cal;
}

static void test_month_grids(void) {
    int problems = 0;
    for (int32_t first = KALENDS_MONDAY; first <= KALENDS_SUNDAY; first++) {
        kalends_calendar *cal = make_calendar(first, 4);
        for (int32_t year = 1999; year <= 2031; year++) {
            for (int32_t month = 1; month <= 12; month++) {
                kalends_day days[KALENDS_GRID_MAX_DAYS];
                int32_t count = 0, dim = 0;
                kalends_year_days_in_month(year, month, &dim);
                if (kalends_calendar_month_grid(cal, year, month, KALENDS_ROWS_VARIABLE, days, KALENDS_GRID_MAX_DAYS,
                                                &count) != KALENDS_OK) {
                    problems++;
                    continue;
                }
                int in_month = 0;
                for (int32_t i = 0; i < count; i++) {
                    struct tm tm;
                    libc_date(days[i].day_number, &tm);
                    int libc_wd = tm.tm_wday == 0 ? 7 : tm.tm_wday;
                    if (days[i].date.year != tm.tm_year + 1900 || days[i].date.month != tm.tm_mon + 1 ||
                        days[i].date.day != tm.tm_mday || days[i].weekday != libc_wd ||
                        days[i].weekday != (first - 1 + i % 7) % 7 + 1 ||
                        (i > 0 && days[i].day_number != days[i - 1].day_number + 1))
                        problems++;
                    if (days[i].flags & KALENDS_DAY_IN_MONTH) in_month++;
                    if (((days[i].flags & KALENDS_DAY_IN_MONTH) != 0) != (days[i].date.month == month)) problems++;
                }
                /* only the rows the month needs: the first and last rows hold month days */
                if (in_month != dim || count % 7 != 0 || count < 28 || count > 42 ||
                    !(days[6].flags & KALENDS_DAY_IN_MONTH) || !(days[count - 7].flags & KALENDS_DAY_IN_MONTH))
                    problems++;
            }
        }
        CHECK(kalends_calendar_free(cal) == KALENDS_OK);
    }
    CHECK_MSG(problems == 0, "%d grid problems", problems);

    /* November 2026 with Monday weeks: 6 rows, today the 22nd, ISO weeks 44...49 */
    kalends_calendar *cal = make_calendar(KALENDS_MONDAY, 4);
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    int32_t count = 0;
    CHECK(kalends_calendar_month_grid(cal, 2026, 11, KALENDS_ROWS_FIXED, days, 42, &count) == KALENDS_OK);
    CHECK(count == 42);
    CHECK(days[0].date.month == 10 && days[0].date.day == 26 && (days[0].flags & KALENDS_DAY_LEADING));
    CHECK(days[6].date.day == 1 && days[6].flags == (KALENDS_DAY_IN_MONTH | KALENDS_DAY_WEEKEND));
    CHECK(days[27].date.day == 22 && (days[27].flags & KALENDS_DAY_TODAY));
    CHECK(days[41].date.month == 12 && days[41].date.day == 6 && (days[41].flags & KALENDS_DAY_TRAILING));
    CHECK(days[0].week_of_year.week == 44 && days[41].week_of_year.week == 49);
    kalends_day_range range;
    CHECK(kalends_calendar_month_range(cal, 2026, 11, KALENDS_ROWS_FIXED, &range) == KALENDS_OK);
    CHECK(range.first == days[0].day_number && range.last == days[41].day_number);

    /* size query, then a short buffer: count is set, nothing written */
    count = -1;
    CHECK(kalends_calendar_month_grid(cal, 2026, 2, KALENDS_ROWS_VARIABLE, NULL, 0, &count) == KALENDS_OK);
    CHECK(count == 35); /* February 2026 starts on a Sunday: 6 + 28 days, 5 rows */
    kalends_day small[3];
    memset(small, 0x5a, sizeof small);
    CHECK(kalends_calendar_month_grid(cal, 2026, 11, KALENDS_ROWS_FIXED, small, 3, &count) ==
          KALENDS_E_BUFFER_TOO_SMALL);
    CHECK(count == 42);
    CHECK(small[0].date.year == 0x5a5a5a5a);

    /* week grid of 2027-01-01 (a Friday): Monday 2026-12-28 ... Sunday 2027-01-03, ISO week 53 of 2026 */
    kalends_date nyd = {2027, 1, 1};
    CHECK(kalends_calendar_week_grid(cal, &nyd, days, 42, &count) == KALENDS_OK && count == 7);
    CHECK(days[0].date.year == 2026 && days[0].date.month == 12 && days[0].date.day == 28);
    CHECK((days[0].flags & KALENDS_DAY_LEADING) && (days[4].flags & KALENDS_DAY_IN_MONTH));
    CHECK(days[4].week_of_year.week == 53 && days[4].week_of_year.year == 2026);
    CHECK(kalends_calendar_week_range(cal, &nyd, &range) == KALENDS_OK && range.first == days[0].day_number);
    kalends_week_of_year w;
    CHECK(kalends_calendar_week_of_year(cal, &nyd, &w) == KALENDS_OK && w.week == 53 && w.year == 2026);
    CHECK(kalends_calendar_free(cal) == KALENDS_OK);

    /* US rule: Sunday weeks, the week of January 1st is week 1 */
    cal = make_calendar(KALENDS_SUNDAY, 1);
    kalends_date dec31 = {2026, 12, 31};
    CHECK(kalends_calendar_week_of_year(cal, &dec31, &w) == KALENDS_OK && w.week == 1 && w.year == 2027);
    CHECK(kalends_calendar_free(cal) == KALENDS_OK);
}

static void test_options(void) {
    kalends_calendar_options o, got;
    kalends_calendar *cal = NULL;
    CHECK(kalends_calendar_options_init(&o) == KALENDS_OK);
    CHECK(o.struct_size == sizeof o && o.first_weekday == KALENDS_MONDAY && o.min_days_in_first_week == 4);
    CHECK(o.weekend_days == (KALENDS_WEEKDAY_MASK_SATURDAY | KALENDS_WEEKDAY_MASK_SUNDAY));
    CHECK(o.today_mode == KALENDS_TODAY_SYSTEM);
    CHECK(kalends_calendar_new(NULL, &cal) == KALENDS_OK && cal != NULL);
    o.first_weekday = KALENDS_SATURDAY;
    o.weekend_days = KALENDS_WEEKDAY_MASK_FRIDAY;
    o.today_mode = KALENDS_TODAY_OFF;
    CHECK(kalends_calendar_set_options(cal, &o) == KALENDS_OK);
    memset(&got, 0, sizeof got);
    got.struct_size = sizeof got;
    CHECK(kalends_calendar_get_options(cal, &got) == KALENDS_OK);
    CHECK(got.first_weekday == KALENDS_SATURDAY && got.weekend_days == KALENDS_WEEKDAY_MASK_FRIDAY);
    kalends_date today = {1, 1, 1};
    CHECK(kalends_calendar_today(cal, &today) == KALENDS_E_NOT_FOUND && today.year == 1);

    /* a bad option changes nothing */
    o.min_days_in_first_week = 9;
    CHECK(kalends_calendar_set_options(cal, &o) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(strstr(kalends_last_error(), "9") != NULL);
    CHECK(kalends_calendar_get_options(cal, &got) == KALENDS_OK && got.min_days_in_first_week == 4);
    o.min_days_in_first_week = 4;
    o.struct_size = sizeof o + 4; /* a newer header than the library */
    CHECK(kalends_calendar_set_options(cal, &o) == KALENDS_E_INVALID_ARGUMENT);

    /* the system clock's today is the local date */
    o.struct_size = sizeof o;
    o.today_mode = KALENDS_TODAY_SYSTEM;
    CHECK(kalends_calendar_set_options(cal, &o) == KALENDS_OK);
    time_t now = time(NULL);
    struct tm local;
    localtime_r(&now, &local);
    CHECK(kalends_calendar_today(cal, &today) == KALENDS_OK);
    CHECK(today.year == local.tm_year + 1900 && today.month == local.tm_mon + 1 && today.day == local.tm_mday);

    CHECK(kalends_calendar_free(cal) == KALENDS_OK);
    CHECK(kalends_calendar_free(cal) == KALENDS_E_MISUSE);
    CHECK(kalends_calendar_free(NULL) == KALENDS_OK);
}

/* Threads: one shared handle used from 8 threads while one of them keeps changing
   its options; every thread keeps its own last-error message. */
static kalends_calendar *shared_calendar;

static void *worker(void *arg) {
    intptr_t id = (intptr_t)arg;
    intptr_t bad = 0;
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    for (int i = 0; i < 3000; i++) {
        int32_t count = 0;
        if (kalends_calendar_month_grid(shared_calendar, 2000 + i % 50, 1 + i % 12, KALENDS_ROWS_FIXED, days, 42,
                                        &count) != KALENDS_OK ||
            count != 42)
            bad++;
        /* all seven days of every row share one weekday order: a row is consistent
           even while another thread switches the first weekday */
        for (int r = 0; r < 6; r++)
            for (int c = 1; c < 7; c++)
                if (days[r * 7 + c].weekday != (days[r * 7].weekday - 1 + c) % 7 + 1)
                    bad++;
        if (id == 0) {
            kalends_calendar_options o;
            kalends_calendar_options_init(&o);
            o.first_weekday = 1 + i % 7;
            if (kalends_calendar_set_options(shared_calendar, &o) != KALENDS_OK) bad++;
        }
        /* thread-specific error text */
        kalends_date d = {2026, 13 + (int32_t)id, 1};
        int32_t n;
        kalends_date_day_number(&d, &n);
        char expected[32];
        snprintf(expected, sizeof expected, "month %d ", 13 + (int)id);
        if (strstr(kalends_last_error(), expected) == NULL) bad++;
    }
    return (void *)bad;
}

static void test_threads(void) {
    CHECK(kalends_calendar_new(NULL, &shared_calendar) == KALENDS_OK);
    pthread_t threads[8];
    for (intptr_t i = 0; i < 8; i++) pthread_create(&threads[i], NULL, worker, (void *)i);
    intptr_t bad = 0;
    for (int i = 0; i < 8; i++) {
        void *r = NULL;
        pthread_join(threads[i], &r);
        bad += (intptr_t)r;
    }
    CHECK_MSG(bad == 0, "%ld problems across threads", (long)bad);
    CHECK(kalends_calendar_free(shared_calendar) == KALENDS_OK);
}

/* ---- views ---------------------------------------------------------------- */

typedef struct {
    char log[2048];
    kalends_view *view;
    int32_t misuse_seen;
    int32_t count_seen;
} recorder;

static void record(recorder *r, const char *what, int32_t day) {
    kalends_date d;
    kalends_date_from_day_number(day, &d);
    size_t used = strlen(r->log);
    snprintf(r->log + used, sizeof r->log - used, "%s %d-%02d-%02d;", what, (int)d.year, (int)d.month, (int)d.day);
}

static kalends_status on_select(void *user, int32_t day) {
    recorder *r = (recorder *)user;
    record(r, "select", day);
    /* reading from inside a callback works; changing the view does not */
    kalends_selection sel;
    if (kalends_view_selection(r->view, &sel) == KALENDS_OK) r->count_seen = sel.count;
    if (kalends_view_next_page(r->view, NULL) == KALENDS_E_MISUSE) r->misuse_seen = 1;
    return KALENDS_OK;
}

static kalends_status on_deselect(void *user, int32_t day) {
    record((recorder *)user, "deselect", day);
    return KALENDS_OK;
}

static kalends_status on_page(void *user, const kalends_transition *t) {
    record((recorder *)user, t->direction > 0 ? "forward" : t->direction < 0 ? "backward" : "page", t->to.anchor);
    return KALENDS_OK;
}

static int32_t weekends_disabled(void *user, int32_t day) {
    (void)user;
    int32_t wd = 0;
    kalends_date d;
    kalends_date_from_day_number(day, &d);
    kalends_date_weekday(&d, &wd);
    return wd >= 6;
}

static kalends_view *make_view(int32_t selection_mode, double width) {
    kalends_calendar *cal = make_calendar(KALENDS_MONDAY, 4);
    kalends_view_options o;
    kalends_view_metrics m;
    kalends_view *view = NULL;
    kalends_view_options_init(&o);
    kalends_view_metrics_init(&m);
    o.selection_mode = selection_mode;
    m.width = width;
    CHECK(kalends_view_new(cal, &o, &m, &view) == KALENDS_OK);
    kalends_calendar_free(cal); /* the view copied what it needs */
    return view;
}

static void test_view_paging_and_selection(void) {
    kalends_view *view = make_view(KALENDS_SELECTION_RANGE, 350);
    kalends_page page;
    CHECK(kalends_view_page(view, &page) == KALENDS_OK);
    CHECK(page.mode == KALENDS_MODE_MONTH && page.year == 2026 && page.month == 11); /* today's page */
    recorder rec;
    memset(&rec, 0, sizeof rec);
    rec.view = view;
    kalends_view_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.struct_size = sizeof cb;
    cb.user_data = &rec;
    cb.did_select = on_select;
    cb.did_deselect = on_deselect;
    cb.page_changed = on_page;
    CHECK(kalends_view_set_callbacks(view, &cb) == KALENDS_OK);

    kalends_date a = {2026, 11, 10}, b = {2026, 11, 6}, c = {2026, 11, 12};
    kalends_action act;
    CHECK(kalends_view_select(view, &a, &act) == KALENDS_OK && act.outcome == KALENDS_OUTCOME_SELECTED);
    CHECK(kalends_view_select(view, &b, &act) == KALENDS_OK);
    CHECK(kalends_view_select(view, &c, &act) == KALENDS_OK);
    kalends_selection sel;
    CHECK(kalends_view_selection(view, &sel) == KALENDS_OK && sel.count == 7 && sel.range_complete == 1);
    CHECK(rec.count_seen == 7 && rec.misuse_seen == 1);
    int32_t days[16], count = 0;
    CHECK(kalends_view_selected_days(view, days, 16, &count) == KALENDS_OK && count == 7 && days[6] - days[0] == 6);
    CHECK(strcmp(rec.log, "select 2026-11-10;deselect 2026-11-10;select 2026-11-06;select 2026-11-12;") == 0);

    kalends_day grid[KALENDS_GRID_MAX_DAYS];
    CHECK(kalends_view_days(view, grid, 42, &count) == KALENDS_OK && count == 42);
    int starts = 0, middles = 0, ends = 0;
    for (int i = 0; i < count; i++) {
        starts += (grid[i].flags & KALENDS_DAY_RANGE_START) != 0;
        middles += (grid[i].flags & KALENDS_DAY_RANGE_MIDDLE) != 0;
        ends += (grid[i].flags & KALENDS_DAY_RANGE_END) != 0;
    }
    CHECK(starts == 1 && middles == 5 && ends == 1);

    /* paging, and a selection on another page moves the page */
    rec.log[0] = 0;
    kalends_transition t;
    CHECK(kalends_view_next_page(view, &t) == KALENDS_OK && t.direction == KALENDS_DIRECTION_FORWARD);
    CHECK(t.from.month == 11 && t.to.month == 12);
    kalends_date far = {2027, 3, 3};
    CHECK(kalends_view_select(view, &far, &act) == KALENDS_OK && act.transition.to.month == 3);
    CHECK(strcmp(rec.log, "forward 2026-12-22;deselect 2026-11-06;deselect 2026-11-12;select 2027-03-03;forward 2027-03-03;") == 0);

    /* mode change reports heights: 350 wide, square rows of 50 */
    kalends_mode_change mc;
    CHECK(kalends_view_set_mode(view, KALENDS_MODE_WEEK, &mc) == KALENDS_OK);
    CHECK(mc.has_heights == 1 && mc.height_before == 44 + 20 + 300 && mc.height_after == 44 + 20 + 50);
    CHECK(kalends_view_page(view, &page) == KALENDS_OK && page.last - page.first == 6);

    /* disabled days from a predicate */
    cb.is_disabled = weekends_disabled;
    CHECK(kalends_view_set_callbacks(view, &cb) == KALENDS_OK);
    kalends_date saturday = {2027, 3, 6};
    CHECK(kalends_view_select(view, &saturday, &act) == KALENDS_OK && act.outcome == KALENDS_OUTCOME_DISABLED);
    CHECK(kalends_view_set_callbacks(view, NULL) == KALENDS_OK);
    CHECK(kalends_view_free(view) == KALENDS_OK);
}

static void test_view_layout(void) {
    kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 0);
    kalends_size size = {-1, -1};
    CHECK(kalends_view_intrinsic_size(view, &size) == KALENDS_E_NO_INTRINSIC_METRIC && size.width == -1);
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    int problems = 0;
    for (int scale = 1; scale <= 3; scale++) {
        for (int width = 1; width <= 800; width += 7) {
            m.width = width;
            m.scale = scale;
            CHECK(kalends_view_set_metrics(view, &m) == KALENDS_OK);
            kalends_element el[64];
            int32_t n = 0;
            if (kalends_view_layout(view, el, 64, &n) != KALENDS_OK || n != 4 + 7 + 42) problems++;
            for (int32_t i = 0; i < n; i++) {
                if (el[i].kind != KALENDS_ELEMENT_DAY) continue;
                kalends_element hit;
                kalends_view_hit_test(view, el[i].frame.x + el[i].frame.width / 2, el[i].frame.y + el[i].frame.height / 2,
                                      &hit);
                if (hit.kind != KALENDS_ELEMENT_DAY || hit.day_number != el[i].day_number) problems++;
                /* neighbours share an edge exactly */
                if (i > 11 && (el[i].index % 7) != 0 && el[i].frame.x != el[i - 1].frame.x + el[i - 1].frame.width)
                    problems++;
            }
        }
    }
    CHECK_MSG(problems == 0, "%d layout problems", problems);

    /* a tap on the next button pages; on a day selects it */
    m.width = 350;
    m.scale = 2;
    kalends_view_set_metrics(view, &m);
    kalends_element el[64], hit;
    int32_t n = 0;
    kalends_action act;
    kalends_view_layout(view, el, 64, &n);
    CHECK(kalends_view_tap(view, el[3].frame.x + 1, el[3].frame.y + 1, &hit, &act) == KALENDS_OK);
    CHECK(hit.kind == KALENDS_ELEMENT_NEXT && act.outcome == KALENDS_OUTCOME_PAGED && act.transition.to.month == 12);
    kalends_view_layout(view, el, 64, &n);
    CHECK(kalends_view_tap(view, el[20].frame.x + 1, el[20].frame.y + 1, &hit, &act) == KALENDS_OK);
    CHECK(hit.kind == KALENDS_ELEMENT_DAY && act.outcome == KALENDS_OUTCOME_SELECTED && act.day == hit.day_number);

    /* keys */
    kalends_date focus;
    CHECK(kalends_view_key(view, KALENDS_KEY_RIGHT, &act) == KALENDS_OK && act.outcome == KALENDS_OUTCOME_SELECTED);
    CHECK(kalends_view_focus(view, &focus) == KALENDS_OK);
    int32_t focus_day = 0;
    kalends_date_day_number(&focus, &focus_day);
    CHECK(focus_day == hit.day_number + 1);

    /* the transition of the last page change, and accessibility labels */
    double height = 0;
    CHECK(kalends_view_transition_layout(view, 0.5, KALENDS_CURVE_EASE_IN_OUT, NULL, 0, &n, &height) == KALENDS_OK);
    CHECK(n == 4 + 7 + 42 + 42 + 1 && height > 0); /* both pages' days and both titles */
    kalends_date nov22 = {2026, 11, 22};
    char text[64];
    size_t length = 0;
    CHECK(kalends_view_accessibility_label(view, &nov22, text, sizeof text, &length) == KALENDS_OK);
    CHECK(strcmp(text, "Sunday, 22 November 2026, today") == 0 && length == strlen(text));
    CHECK(kalends_view_accessibility_label(view, &nov22, text, 7, &length) == KALENDS_OK);
    CHECK(strcmp(text, "Sunday") == 0 && length == 31); /* snprintf: cut, full length */
    double eased = -1;
    CHECK(kalends_curve_value(KALENDS_CURVE_LINEAR, 0.25, &eased) == KALENDS_OK && eased == 0.25);
    CHECK(kalends_view_free(view) == KALENDS_OK);
}

/* Threads: eight threads drive one view; the view stays consistent. */
static kalends_view *shared_view;

static void *view_worker(void *arg) {
    intptr_t id = (intptr_t)arg, bad = 0;
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    kalends_element el[64];
    for (int i = 0; i < 1500; i++) {
        int32_t count = 0;
        if (id % 2) {
            kalends_view_next_page(shared_view, NULL);
        } else {
            kalends_view_previous_page(shared_view, NULL);
        }
        if (kalends_view_days(shared_view, days, 42, &count) != KALENDS_OK || count % 7 != 0) bad++;
        for (int32_t k = 1; k < count; k++)
            if (days[k].day_number != days[k - 1].day_number + 1) bad++;
        if (kalends_view_layout(shared_view, el, 64, &count) != KALENDS_OK) bad++;
        kalends_date d = {2026, 1 + i % 12, 1 + (int32_t)id};
        kalends_view_select(shared_view, &d, NULL);
    }
    return (void *)bad;
}

static void test_view_threads(void) {
    shared_view = make_view(KALENDS_SELECTION_MULTIPLE, 390);
    pthread_t threads[8];
    for (intptr_t i = 0; i < 8; i++) pthread_create(&threads[i], NULL, view_worker, (void *)i);
    intptr_t bad = 0;
    for (int i = 0; i < 8; i++) {
        void *r = NULL;
        pthread_join(threads[i], &r);
        bad += (intptr_t)r;
    }
    CHECK_MSG(bad == 0, "%ld problems across threads", (long)bad);
    kalends_selection sel;
    CHECK(kalends_view_selection(shared_view, &sel) == KALENDS_OK && sel.count == 8 * 12);
    CHECK(kalends_view_free(shared_view) == KALENDS_OK);
}

/* ---- scrolling calendars, flow layout, Auto Layout ----------------------- */

static kalends_scroll *make_scroll(int32_t axis, int32_t first_year, int32_t last_year) {
    kalends_scroll_options o;
    kalends_view_metrics m;
    kalends_scroll *scroll = NULL;
    kalends_scroll_options_init(&o);
    kalends_view_metrics_init(&m);
    o.axis = axis;
    o.first_month.year = first_year;
    o.first_month.month = 1;
    o.first_month.day = 1;
    o.has_last_month = last_year != 0;
    o.last_month.year = last_year;
    o.last_month.month = 12;
    o.last_month.day = 31;
    m.width = 350;
    m.scale = 2;
    kalends_calendar *cal = make_calendar(KALENDS_MONDAY, 4);
    CHECK(kalends_scroll_new(cal, &o, &m, &scroll) == KALENDS_OK);
    kalends_calendar_free(cal);
    return scroll;
}

static void test_scroll(void) {
    kalends_scroll *year = make_scroll(KALENDS_AXIS_VERTICAL, 2026, 2026);
    int32_t months = 0, unbounded = -1;
    kalends_size size;
    CHECK(kalends_scroll_month_count(year, &months) == KALENDS_OK && months == 12);
    CHECK(kalends_scroll_content_size(year, &size, &unbounded) == KALENDS_OK && unbounded == 0 && size.width == 350);
    /* tile the content with viewports: every in-month day turns up, headers once each */
    int days_seen = 0, headers = 0, outside = 0;
    kalends_element el[256];
    for (double y = 0; y < size.height; y += 97) {
        kalends_rect vp = {0, y, 350, 97};
        int32_t n = 0;
        CHECK(kalends_scroll_elements(year, &vp, el, 256, &n) == KALENDS_OK);
        for (int32_t i = 0; i < n; i++) {
            if (el[i].frame.y >= vp.y + vp.height || el[i].frame.y + el[i].frame.height <= vp.y) outside++;
            /* count each element in the viewport that holds its top edge: once over the tiling */
            if (el[i].frame.y < vp.y) continue;
            if (el[i].kind == KALENDS_ELEMENT_DAY && (el[i].flags & KALENDS_DAY_IN_MONTH)) days_seen++;
            if (el[i].kind == KALENDS_ELEMENT_MONTH_HEADER) headers++;
        }
    }
    CHECK_MSG(days_seen == 365 && headers == 12 && outside == 0, "%d days, %d headers, %d outside", days_seen,
              headers, outside);
    kalends_date june15 = {2026, 6, 15};
    double offset = -1;
    CHECK(kalends_scroll_offset(year, &june15, KALENDS_SCROLL_START, 600, &offset) == KALENDS_OK && offset > 0);
    kalends_rect vp = {0, offset, 350, 600};
    kalends_day_range visible;
    CHECK(kalends_scroll_visible_days(year, &vp, &visible) == KALENDS_OK);
    int32_t june15_number = 0;
    kalends_date_day_number(&june15, &june15_number);
    CHECK(visible.first <= june15_number && june15_number <= visible.last);
    kalends_date first, last;
    CHECK(kalends_scroll_visible_months(year, &vp, &first, &last) == KALENDS_OK && first.month == 6);
    kalends_rect nowhere = {0, -1000, 350, 10};
    CHECK(kalends_scroll_visible_days(year, &nowhere, &visible) == KALENDS_E_NOT_FOUND);
    kalends_date next_year = {2027, 1, 1};
    CHECK(kalends_scroll_offset(year, &next_year, KALENDS_SCROLL_START, 600, &offset) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_scroll_free(year) == KALENDS_OK);

    kalends_scroll *open = make_scroll(KALENDS_AXIS_HORIZONTAL, 2026, 0);
    CHECK(kalends_scroll_content_size(open, &size, &unbounded) == KALENDS_OK && unbounded == 1);
    CHECK(size.width > 1e300 && size.height > 0);
    kalends_rect page = {350 + 24, 0, 350, 400}; /* the second page: February */
    int32_t n = 0;
    CHECK(kalends_scroll_elements(open, &page, el, 256, &n) == KALENDS_OK && n > 0);
    CHECK(el[0].kind == KALENDS_ELEMENT_MONTH_HEADER && el[0].index == 1);
    CHECK(kalends_scroll_free(open) == KALENDS_OK);
}

static void test_flow(void) {
    kalends_size items[3] = {{60, 20}, {60, 20}, {60, 20}};
    kalends_flow_options o;
    kalends_flow_options_init(&o);
    o.max_width = 100;
    kalends_rect frames[3];
    kalends_size size;
    int32_t count = 0;
    CHECK(kalends_flow_layout(items, 3, &o, frames, 3, &count, &size) == KALENDS_OK && count == 3);
    CHECK(size.height == 60 && frames[2].y == 40); /* not ceil(180 / 100) = 2 lines */
    CHECK(kalends_flow_layout(items, 3, NULL, NULL, 0, &count, &size) == KALENDS_OK && size.width == 180);
    kalends_size chips[6] = {{40, 14}, {40, 14}, {40, 14}, {40, 14}, {40, 14}, {40, 14}};
    kalends_size box = {84, 30}, more = {30, 14};
    kalends_flow_fit_result fit;
    o.max_width = 0;
    o.item_spacing = 2;
    o.line_spacing = 2;
    kalends_rect shown[6];
    CHECK(kalends_flow_fit(chips, 6, &o, &box, &more, shown, 6, &count, &fit) == KALENDS_OK);
    CHECK(count == 3 && fit.hidden == 3 && fit.has_more == 1 && fit.more.x == 42 && fit.more.y == 16);
}

static void test_autolayout(void) {
    kalends_autolayout *layout = NULL;
    int32_t view = 0;
    CHECK(kalends_autolayout_new(&layout) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(layout, KALENDS_ITEM_NONE, &view) == KALENDS_OK && view > KALENDS_ITEM_SCREEN);
    CHECK(kalends_autolayout_set_item_size(layout, KALENDS_ITEM_SCREEN, 390, 844) == KALENDS_OK);
    kalends_constraint c;
    kalends_constraint_init(&c);
    c.first_item = view;
    c.first_attribute = KALENDS_ATTRIBUTE_WIDTH;
    c.alt_item = KALENDS_ITEM_SCREEN;
    c.alt_basis = KALENDS_BASIS_SHORTER_EDGE;
    c.alt_multiplier = 0.25;
    int32_t quarter = 0, top = 0;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &quarter) == KALENDS_OK);
    c.first_attribute = KALENDS_ATTRIBUTE_TOP;
    c.second_item = KALENDS_ITEM_SCREEN;
    c.second_attribute = KALENDS_ATTRIBUTE_TOP;
    c.alt_basis = KALENDS_BASIS_HEIGHT;
    c.alt_multiplier = 0.1;
    CHECK(kalends_autolayout_add_constraint(layout, &c, &top) == KALENDS_OK);
    double value = 0;
    CHECK(kalends_autolayout_constant(layout, quarter, &value) == KALENDS_OK && value == 97.5);
    CHECK(kalends_autolayout_set_item_size(layout, KALENDS_ITEM_SCREEN, 844, 390) == KALENDS_OK); /* rotate */
    kalends_constant_change changes[4];
    int32_t count = 0;
    CHECK(kalends_autolayout_update_constants(layout, NULL, 0, &count) == KALENDS_OK && count == 1);
    CHECK(kalends_autolayout_update_constants(layout, changes, 4, &count) == KALENDS_OK && count == 1);
    CHECK(changes[0].constraint == top && changes[0].new_value == 39 && changes[0].old_value > 84.39);
    CHECK(kalends_autolayout_update_constants(layout, changes, 4, &count) == KALENDS_OK && count == 0);
    CHECK(kalends_autolayout_constant(layout, quarter, &value) == KALENDS_OK && value == 97.5);
    c.second_attribute = KALENDS_ATTRIBUTE_WIDTH; /* a position against a size */
    CHECK(kalends_autolayout_add_constraint(layout, &c, &top) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_remove_constraint(layout, 999) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_autolayout_free(layout) == KALENDS_OK);
}

/* A toolbar of three buttons in a window: required order and margins, strong
   preferred widths, a weak wish for equal widths; the window width is dragged. */
static void test_solver(void) {
    kalends_solver *s = NULL;
    CHECK(kalends_solver_new(&s) == KALENDS_OK);
    enum { WINDOW, L0, W0, L1, W1, L2, W2, N };
    int32_t first = -1, id = 0;
    CHECK(kalends_solver_add_variables(s, N, &first) == KALENDS_OK && first == 0);
    const double req = KALENDS_STRENGTH_REQUIRED;
    /* l0 == 8 */
    kalends_term l0[1] = {{L0, 0, 1}};
    CHECK(kalends_solver_add_constraint_terms(s, l0, 1, -8, KALENDS_RELATION_EQUAL, req, &id) == KALENDS_OK);
    /* l[i+1] >= l[i] + w[i] + 8 */
    for (int i = 0; i < 2; i++) {
        kalends_term gap[3] = {{L0 + 2 * (i + 1), 0, 1}, {L0 + 2 * i, 0, -1}, {W0 + 2 * i, 0, -1}};
        CHECK(kalends_solver_add_constraint_terms(s, gap, 3, -8, KALENDS_RELATION_GREATER_OR_EQUAL, req, &id) == KALENDS_OK);
    }
    /* l2 + w2 + 8 <= window; widths >= 40 (required), == 120 (strong), w0 == w1 == w2 (weak) */
    kalends_term edge[3] = {{L2, 0, 1}, {W2, 0, 1}, {WINDOW, 0, -1}};
    CHECK(kalends_solver_add_constraint_terms(s, edge, 3, 8, KALENDS_RELATION_LESS_OR_EQUAL, req, &id) == KALENDS_OK);
    for (int i = 0; i < 3; i++) {
        kalends_term w[1] = {{W0 + 2 * i, 0, 1}};
        CHECK(kalends_solver_add_constraint_terms(s, w, 1, -40, KALENDS_RELATION_GREATER_OR_EQUAL, req, &id) == KALENDS_OK);
        CHECK(kalends_solver_add_constraint_terms(s, w, 1, -120.0 - 20 * i, KALENDS_RELATION_EQUAL,
                                                  KALENDS_STRENGTH_STRONG, &id) == KALENDS_OK);
    }
    CHECK(kalends_solver_add_edit_variable(s, WINDOW, KALENDS_STRENGTH_STRONG * 10) == KALENDS_OK);
    double v[N] = {0};
    int32_t changed = 0;
    /* Wide window: every preferred width fits. */
    CHECK(kalends_solver_suggest_value(s, WINDOW, 1000) == KALENDS_OK);
    CHECK(kalends_solver_update_variables(s, v, N, &changed) == KALENDS_OK && changed == N);
    CHECK(v[WINDOW] == 1000 && v[L0] == 8 && v[W0] == 120 && v[W1] == 140 && v[W2] == 160);
    CHECK(v[L1] >= v[L0] + v[W0] + 8 - 1e-9 && v[L2] >= v[L1] + v[W1] + 8 - 1e-9 && v[L2] + v[W2] + 8 <= 1000 + 1e-9);
    /* Narrow window: widths give way, the required order and margins hold. */
    CHECK(kalends_solver_suggest_value(s, WINDOW, 300) == KALENDS_OK);
    CHECK(kalends_solver_update_variables(s, v, N, &changed) == KALENDS_OK && changed > 0);
    CHECK(v[WINDOW] == 300 && v[W0] >= 40 - 1e-9 && v[W1] >= 40 - 1e-9 && v[W2] >= 40 - 1e-9);
    CHECK(fabs(v[L2] + v[W2] + 8 - 300) < 1e-9 && v[W0] + v[W1] + v[W2] + 32 <= 300 + 1e-9);
    /* Too narrow for the required minimum: the window stops at 8 + 3 x (40 + 8). */
    CHECK(kalends_solver_suggest_value(s, WINDOW, 10) == KALENDS_OK);
    CHECK(kalends_solver_update_variables(s, v, N, &changed) == KALENDS_OK);
    CHECK(fabs(v[WINDOW] - 152) < 1e-9 && fabs(v[W0] - 40) < 1e-9);
    /* Nothing moved since: nothing reported. */
    CHECK(kalends_solver_update_variables(s, v, N, &changed) == KALENDS_OK && changed == 0);
    /* A required window width of 100 cannot hold: refused, nothing changes. */
    kalends_term window[1] = {{WINDOW, 0, 1}};
    int32_t bad = -7;
    CHECK(kalends_solver_add_constraint_terms(s, window, 1, -100, KALENDS_RELATION_EQUAL, req, &bad) ==
          KALENDS_E_UNSATISFIABLE && bad == -7);
    CHECK(strstr(kalends_last_error(), "cannot all hold") != NULL);
    CHECK(kalends_solver_update_variables(s, v, N, &changed) == KALENDS_OK && changed == 0);
    CHECK(kalends_solver_free(s) == KALENDS_OK);
}

/* ---- Auto Layout: the seed scenarios ------------------------------------- */

static int32_t pin(kalends_autolayout *l, int32_t item, int32_t attribute, int32_t second, int32_t second_attribute,
                   double constant) {
    kalends_constraint c;
    kalends_constraint_init(&c);
    c.first_item = item;
    c.first_attribute = attribute;
    c.second_item = second;
    c.second_attribute = second == KALENDS_ITEM_NONE ? KALENDS_ATTRIBUTE_NONE : second_attribute;
    c.constant = constant;
    int32_t id = 0;
    CHECK(kalends_autolayout_add_constraint(l, &c, &id) == KALENDS_OK);
    return id;
}

static int same_rect(kalends_rect a, double x, double y, double w, double h) {
    return fabs(a.x - x) < 1e-9 && fabs(a.y - y) < 1e-9 && fabs(a.width - w) < 1e-9 && fabs(a.height - h) < 1e-9;
}

/* MBCalendarKit 5: a calendar view constrained only by its X and Y inside a 390-wide
   container takes the container's width and its content's height. */
static void test_autolayout_calendar_view(void) {
    kalends_view *view = NULL, *oracle = NULL;
    kalends_view_options o;
    kalends_view_metrics m;
    kalends_view_options_init(&o);
    kalends_view_metrics_init(&m);
    CHECK(kalends_view_new(NULL, &o, &m, &view) == KALENDS_OK); /* no width yet */
    m.width = 390;
    CHECK(kalends_view_new(NULL, &o, &m, &oracle) == KALENDS_OK);
    kalends_size expected;
    CHECK(kalends_view_intrinsic_size(oracle, &expected) == KALENDS_OK);
    kalends_autolayout *l = NULL;
    int32_t container = 0, item = 0;
    CHECK(kalends_autolayout_new(&l) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, KALENDS_ITEM_NONE, &container) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, container, &item) == KALENDS_OK);
    pin(l, container, KALENDS_ATTRIBUTE_LEFT, KALENDS_ITEM_NONE, 0, 0);
    pin(l, container, KALENDS_ATTRIBUTE_TOP, KALENDS_ITEM_NONE, 0, 0);
    pin(l, container, KALENDS_ATTRIBUTE_WIDTH, KALENDS_ITEM_NONE, 0, 390);
    pin(l, container, KALENDS_ATTRIBUTE_HEIGHT, KALENDS_ITEM_NONE, 0, 844);
    CHECK(kalends_autolayout_set_view(l, item, view) == KALENDS_OK);
    pin(l, item, KALENDS_ATTRIBUTE_LEADING, container, KALENDS_ATTRIBUTE_LEADING, 0); /* X */
    pin(l, item, KALENDS_ATTRIBUTE_TOP, container, KALENDS_ATTRIBUTE_TOP, 64);        /* Y */
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    kalends_rect frame;
    CHECK(kalends_autolayout_frame(l, item, &frame) == KALENDS_OK);
    CHECK_MSG(same_rect(frame, 0, 64, 390, expected.height), "frame %g %g %g %g, want height %g", frame.x, frame.y,
              frame.width, frame.height, expected.height);
    /* The view now lays out at that width. */
    kalends_size size;
    CHECK(kalends_view_intrinsic_size(view, &size) == KALENDS_OK && size.width == 390 && size.height == expected.height);
    /* Week mode: the content shrinks, and so does the frame. */
    CHECK(kalends_view_set_mode(view, KALENDS_MODE_WEEK, NULL) == KALENDS_OK);
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    CHECK(kalends_autolayout_frame(l, item, &frame) == KALENDS_OK && frame.height < expected.height / 2);
    CHECK(kalends_view_intrinsic_size(view, &size) == KALENDS_OK && size.height == frame.height);
    CHECK(kalends_view_free(view) == KALENDS_OK); /* the layout keeps its own reference */
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    CHECK(kalends_autolayout_free(l) == KALENDS_OK);
    CHECK(kalends_view_free(oracle) == KALENDS_OK);
}

/* SquareView: squares of 44 with 8 between wrap into rows; height follows width. */
typedef struct {
    int squares;
    int calls;
} square_view;

static kalends_status measure_squares(void *user, int32_t item, double width, double height, kalends_size *out) {
    square_view *sv = (square_view *)user;
    (void)item;
    (void)height;
    sv->calls++;
    if (width < 0) { /* not decided: one row */
        out->width = sv->squares * 52.0 - 8;
        out->height = 44;
        return KALENDS_OK;
    }
    int per_row = (int)((width + 8) / 52);
    if (per_row < 1) per_row = 1;
    int rows = (sv->squares + per_row - 1) / per_row;
    out->width = KALENDS_NO_INTRINSIC_METRIC;
    out->height = rows * 52.0 - 8;
    return KALENDS_OK;
}

static void test_autolayout_square_view_cell(void) {
    kalends_autolayout *l = NULL;
    int32_t cell = 0, squares = 0, title = 0;
    square_view sv = {15, 0};
    CHECK(kalends_autolayout_new(&l) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, KALENDS_ITEM_NONE, &cell) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, cell, &title) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, cell, &squares) == KALENDS_OK);
    CHECK(kalends_autolayout_set_intrinsic_size(l, title, 120, 21) == KALENDS_OK);
    CHECK(kalends_autolayout_set_measure(l, squares, measure_squares, &sv) == KALENDS_OK);
    pin(l, title, KALENDS_ATTRIBUTE_LEADING, cell, KALENDS_ATTRIBUTE_LEADING, 16);
    pin(l, title, KALENDS_ATTRIBUTE_TOP, cell, KALENDS_ATTRIBUTE_TOP, 12);
    pin(l, squares, KALENDS_ATTRIBUTE_LEADING, cell, KALENDS_ATTRIBUTE_LEADING, 16);
    pin(l, squares, KALENDS_ATTRIBUTE_TRAILING, cell, KALENDS_ATTRIBUTE_TRAILING, -16);
    pin(l, squares, KALENDS_ATTRIBUTE_TOP, title, KALENDS_ATTRIBUTE_BOTTOM, 8);
    pin(l, squares, KALENDS_ATTRIBUTE_BOTTOM, cell, KALENDS_ATTRIBUTE_BOTTOM, -12);
    /* portrait and landscape table widths */
    const double widths[] = {390, 844, 320};
    for (int i = 0; i < 3; i++) {
        int per_row = (int)((widths[i] - 32 + 8) / 52);
        int rows = (15 + per_row - 1) / per_row;
        double want = 12 + 21 + 8 + (rows * 52.0 - 8) + 12;
        kalends_size target = {widths[i], 0}, size;
        CHECK(kalends_autolayout_fitting_size(l, cell, &target, KALENDS_PRIORITY_REQUIRED, KALENDS_PRIORITY_FITTING, &size) ==
              KALENDS_OK);
        CHECK_MSG(size.width == widths[i] && fabs(size.height - want) < 1e-9, "width %g: height %g, want %g", widths[i],
                  size.height, want);
    }
    CHECK(sv.calls >= 6);
    CHECK(kalends_autolayout_free(l) == KALENDS_OK);
}

/* HKNSLayoutConstraint: a badge 1/4 of the screen's shorter edge wide, through rotation. */
static void test_autolayout_screen_fraction(void) {
    kalends_autolayout *l = NULL;
    int32_t badge = 0;
    CHECK(kalends_autolayout_new(&l) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, KALENDS_ITEM_NONE, &badge) == KALENDS_OK);
    CHECK(kalends_autolayout_set_item_size(l, KALENDS_ITEM_SCREEN, 390, 844) == KALENDS_OK);
    kalends_constraint c;
    kalends_constraint_init(&c);
    c.first_item = badge;
    c.first_attribute = KALENDS_ATTRIBUTE_WIDTH;
    c.alt_item = KALENDS_ITEM_SCREEN;
    c.alt_basis = KALENDS_BASIS_SHORTER_EDGE;
    c.alt_multiplier = 0.25;
    int32_t id = 0;
    CHECK(kalends_autolayout_add_constraint(l, &c, &id) == KALENDS_OK);
    pin(l, badge, KALENDS_ATTRIBUTE_HEIGHT, badge, KALENDS_ATTRIBUTE_WIDTH, 0);
    pin(l, badge, KALENDS_ATTRIBUTE_TRAILING, KALENDS_ITEM_SCREEN, KALENDS_ATTRIBUTE_TRAILING, -8);
    pin(l, badge, KALENDS_ATTRIBUTE_BOTTOM, KALENDS_ITEM_SCREEN, KALENDS_ATTRIBUTE_BOTTOM, -8);
    kalends_rect frame;
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK && kalends_autolayout_frame(l, badge, &frame) == KALENDS_OK);
    CHECK(same_rect(frame, 390 - 8 - 97.5, 844 - 8 - 97.5, 97.5, 97.5));
    CHECK(kalends_autolayout_set_item_size(l, KALENDS_ITEM_SCREEN, 844, 390) == KALENDS_OK);
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK && kalends_autolayout_frame(l, badge, &frame) == KALENDS_OK);
    CHECK(same_rect(frame, 844 - 8 - 97.5, 390 - 8 - 97.5, 97.5, 97.5));
    CHECK(kalends_autolayout_frame(l, KALENDS_ITEM_SCREEN, &frame) == KALENDS_OK && same_rect(frame, 0, 0, 844, 390));
    CHECK(kalends_autolayout_free(l) == KALENDS_OK);
}

typedef struct {
    int count;
    kalends_broken_constraint last;
} broken_log;

static void on_broken(void *user, const kalends_broken_constraint *b) {
    broken_log *log = (broken_log *)user;
    log->count++;
    log->last = *b;
}

static void test_autolayout_policies(void) {
    kalends_autolayout *l = NULL;
    int32_t item = 0;
    broken_log log = {0, {0, 0, 0, 0}};
    CHECK(kalends_autolayout_new(&l) == KALENDS_OK);
    CHECK(kalends_autolayout_add_item(l, KALENDS_ITEM_NONE, &item) == KALENDS_OK);
    pin(l, item, KALENDS_ATTRIBUTE_WIDTH, KALENDS_ITEM_NONE, 0, 100);
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    int32_t conflict = pin(l, item, KALENDS_ATTRIBUTE_WIDTH, KALENDS_ITEM_NONE, 0, 120);
    CHECK(kalends_autolayout_solve(l) == KALENDS_E_UNSATISFIABLE);
    CHECK(strstr(kalends_last_error(), "contradicts") != NULL);
    kalends_rect frame;
    CHECK(kalends_autolayout_frame(l, item, &frame) == KALENDS_OK && frame.width == 100);
    CHECK(kalends_autolayout_set_policy(l, 7, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_autolayout_set_policy(l, KALENDS_POLICY_BREAK_LOWEST, on_broken, &log) == KALENDS_OK);
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    CHECK(log.count == 1 && log.last.kind == KALENDS_BROKEN_CONSTRAINT && log.last.constraint == conflict &&
          log.last.item == item);
    CHECK(kalends_autolayout_frame(l, item, &frame) == KALENDS_OK && frame.width == 100);
    CHECK(kalends_autolayout_free(l) == KALENDS_OK);
}

/* ---- events: time zones, the store, dots, month bars, timeline, sources, plugins ---- */

#ifndef KALENDS_PLUGIN_DIR
#error "KALENDS_PLUGIN_DIR (the directory of the built plugins) must be defined by the Makefile"
#endif
#ifndef KALENDS_RULES_DIR
#error "KALENDS_RULES_DIR (plugins/rules) must be defined by the Makefile"
#endif

/* xorshift64*: deterministic, so a failure reproduces. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dull;
}
/* Uniform in lo ... hi. */
static int64_t rnd_range(int64_t lo, int64_t hi) {
    return lo + (int64_t)(rnd() % (uint64_t)(hi - lo + 1));
}

static kalends_event make_event(int64_t id, int32_t all_day, int64_t start, int64_t end, uint32_t color,
                                const char *title) {
    kalends_event e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    e.all_day = all_day;
    e.id = id;
    e.start = start;
    e.end = end;
    e.color = color;
    e.title = title;
    e.title_length = -1;
    return e;
}

/* Equal up to rounding (frames are computed in floating point). */
static int near(double a, double b) {
    return fabs(a - b) < 1e-9;
}

/* The day number of a civil date without the library (Howard Hinnant's days_from_civil). */
static int64_t civil_days(int64_t y, int64_t m, int64_t d) {
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* libc as the oracle of a zone: TZ is set, then localtime_r and mktime answer. */
static void use_tz(const char *tz) {
    setenv("TZ", tz, 1);
    tzset();
}

/* Offset (seconds east) and DST flag of instant t in $TZ, by localtime_r. */
static int32_t libc_offset(int64_t t, int32_t *is_dst) {
    time_t tt = (time_t)t;
    struct tm tm;
    localtime_r(&tt, &tm);
    *is_dst = tm.tm_isdst > 0;
    int64_t local = civil_days(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday) * 86400 + tm.tm_hour * 3600 +
                    tm.tm_min * 60 + tm.tm_sec;
    return (int32_t)(local - t);
}

/* The local midnight of a day in $TZ, by mktime (for zones without a gap at midnight). */
static int64_t libc_midnight(int32_t day) {
    struct tm tm;
    libc_date(day, &tm);
    tm.tm_hour = 0;
    tm.tm_min = 0;
    tm.tm_sec = 0;
    tm.tm_isdst = -1;
    return (int64_t)mktime(&tm);
}

static kalends_timezone *zone_named(const char *name) {
    kalends_timezone *z = NULL;
    CHECK_MSG(kalends_timezone_new(name, &z) == KALENDS_OK, "%s: %s", name, kalends_last_error());
    return z;
}

static int zone_is(kalends_timezone *z, int64_t t, int32_t east, int32_t dst) {
    int32_t e = -1, d = -1;
    return kalends_timezone_offset(z, t, &e, &d) == KALENDS_OK && e == east && d == dst;
}

static int local_is(kalends_timezone *z, int64_t t, int32_t day, int32_t seconds) {
    int32_t d = -1, s = -1;
    return kalends_timezone_local_day(z, t, &d, &s) == KALENDS_OK && d == day && s == seconds;
}

static int64_t day_start(kalends_timezone *z, int32_t day) {
    int64_t t = INT64_MIN;
    CHECK(kalends_timezone_day_start(z, day, &t) == KALENDS_OK);
    return t;
}

static void test_timezones(void) {
    kalends_timezone *paris = zone_named("Europe/Paris"), *ny = zone_named("America/New_York");
    kalends_timezone *utc = zone_named("UTC"), *sao_paulo = zone_named("America/Sao_Paulo");

    /* Europe/Paris, 2026. 2026-01-01 is day 20454 (56 years of 365 days and the 14 leap
       days 1972 ... 2024). The EU switches on the last Sundays of March and October at
       01:00 UTC. 2026-03-29 is day 20454 + 31 + 28 + 28 = 20541; 20541 * 86400 =
       1774742400, + 3600 = 1774746000: CET (+3600) becomes CEST (+7200), 02:00 -> 03:00.
       2026-10-25 is day 20454 + 273 + 24 = 20751; 20751 * 86400 + 3600 = 1792890000:
       CEST becomes CET, 03:00 -> 02:00. */
    CHECK(zone_is(paris, 1774746000 - 1, 3600, 0) && zone_is(paris, 1774746000, 7200, 1));
    CHECK(zone_is(paris, 1792890000 - 1, 7200, 1) && zone_is(paris, 1792890000, 3600, 0));
    CHECK(local_is(paris, 1774746000 - 1, 20541, 7199) && local_is(paris, 1774746000, 20541, 3 * 3600));
    CHECK(local_is(paris, 1792890000 - 1, 20751, 3 * 3600 - 1) && local_is(paris, 1792890000, 20751, 2 * 3600));
    /* America/New_York, 2026: second Sunday of March and first of November at 02:00
       local. 2026-03-08 is day 20454 + 31 + 28 + 7 = 20520; 02:00 EST is 07:00Z:
       20520 * 86400 + 25200 = 1772953200, EST (-18000) becomes EDT (-14400).
       2026-11-01 is day 20454 + 304 = 20758; 02:00 EDT is 06:00Z: 20758 * 86400 + 21600 =
       1793512800, EDT becomes EST. */
    CHECK(zone_is(ny, 1772953200 - 1, -18000, 0) && zone_is(ny, 1772953200, -14400, 1));
    CHECK(zone_is(ny, 1793512800 - 1, -14400, 1) && zone_is(ny, 1793512800, -18000, 0));
    CHECK(local_is(ny, 1772953200, 20520, 3 * 3600) && local_is(ny, 1793512800, 20758, 1 * 3600));
    /* either output may be NULL */
    int32_t east = 0;
    CHECK(kalends_timezone_offset(ny, 0, &east, NULL) == KALENDS_OK && east == -18000);
    CHECK(kalends_timezone_offset(ny, 0, NULL, NULL) == KALENDS_OK);
    CHECK(zone_is(utc, 1774746000, 0, 0) && local_is(utc, -1, -1, 86399));

    /* day starts on DST-change days: Paris 2026-03-29 begins at 00:00 CET = 23:00Z the
       day before (1774742400 - 3600) and lasts 23 hours; 2026-10-25 begins at 00:00 CEST
       (20751 * 86400 - 7200 = 1792879200) and lasts 25 hours. New York 2026-03-08 begins
       at 00:00 EST = 05:00Z (20520 * 86400 + 18000 = 1772946000) and lasts 23 hours. */
    CHECK(day_start(paris, 20541) == 1774738800 && day_start(paris, 20542) - day_start(paris, 20541) == 23 * 3600);
    CHECK(day_start(paris, 20751) == 1792879200 && day_start(paris, 20752) - day_start(paris, 20751) == 25 * 3600);
    CHECK(day_start(ny, 20520) == 1772946000 && day_start(ny, 20521) - day_start(ny, 20520) == 23 * 3600);
    /* A gap at midnight: Sao Paulo's DST began 2018-11-04 at 00:00 (-03) -> 01:00 (-02).
       2018-01-01 is day 17532 (48 * 365 + 12), 2018-11-04 day 17532 + 304 + 3 = 17839. The
       day starts at 01:00 -02, 03:00Z: 17839 * 86400 + 10800 = 1541300400. */
    CHECK(day_start(sao_paulo, 17839) == 1541300400);
    CHECK(local_is(sao_paulo, 1541300400, 17839, 3600) && local_is(sao_paulo, 1541300400 - 1, 17838, 86399));
    CHECK(day_start(utc, -1) == -86400);

    /* wall-clock times to instants. New York 2026-03-08 02:30 is skipped: read at -05:00,
       07:30Z; 2026-11-01 (day 20758) 01:30 happens twice: the first, at -04:00, 05:30Z */
    int64_t when = 0;
    CHECK(kalends_timezone_instant(ny, 20520, 2 * 3600 + 1800, &when) == KALENDS_OK && when == 20520 * 86400LL + 7 * 3600 + 1800);
    CHECK(kalends_timezone_instant(ny, 20758, 3600 + 1800, &when) == KALENDS_OK && when == 20758 * 86400LL + 5 * 3600 + 1800);
    CHECK(kalends_timezone_instant(ny, 20758, 86400, &when) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_timezone_instant(sao_paulo, 17839, 0, &when) == KALENDS_OK && when == 1541300400); /* read at -03:00 */
    /* round trips: the local time of an instant leads back to it (or, for the second of
       two occurrences, to the first, an hour earlier) */
    {
        kalends_timezone *trip[3] = {paris, ny, sao_paulo};
        int bad = 0;
        for (int i = 0; i < 30000; i++) {
            kalends_timezone *z = trip[i % 3];
            int64_t t = rnd_range(-2000000000LL, 4000000000LL);
            int32_t d = 0, sec = 0, d2 = 0, sec2 = 0;
            int64_t back = 0;
            if (kalends_timezone_local_day(z, t, &d, &sec) != KALENDS_OK ||
                kalends_timezone_instant(z, d, sec, &back) != KALENDS_OK ||
                kalends_timezone_local_day(z, back, &d2, &sec2) != KALENDS_OK || d2 != d || sec2 != sec ||
                back > t || (back != t && t - back != 3600))
                bad++;
        }
        CHECK_MSG(bad == 0, "%d wall-clock round trips differ", bad);
    }

    /* every day 1970 ... 2100 against mktime; random instants against localtime_r */
    const char *names[2] = {"Europe/Paris", "America/New_York"};
    kalends_timezone *zones[2] = {paris, ny};
    int32_t last_day = (int32_t)civil_days(2100, 12, 31);
    for (int z = 0; z < 2; z++) {
        use_tz(names[z]);
        long bad_start = 0, bad_offset = 0, bad_local = 0;
        for (int32_t day = 0; day <= last_day; day++) {
            int64_t expected = libc_midnight(day), got = INT64_MIN;
            if (kalends_timezone_day_start(zones[z], day, &got) != KALENDS_OK || got != expected) {
                if (bad_start++ < 3) fprintf(stderr, "    %s: day %d starts at %lld, mktime says %lld\n", names[z],
                                             (int)day, (long long)got, (long long)expected);
            }
            if (!local_is(zones[z], expected, day, 0) || !local_is(zones[z], expected - 1, day - 1, 86399)) bad_local++;
        }
        for (int i = 0; i < 20000; i++) {
            int64_t t = rnd_range(-86400, (int64_t)last_day * 86400);
            int32_t dst = 0, expected = libc_offset(t, &dst);
            if (!zone_is(zones[z], t, expected, dst)) {
                if (bad_offset++ < 3) fprintf(stderr, "    %s: offset at %lld differs from localtime_r\n", names[z], (long long)t);
            }
        }
        CHECK_MSG(bad_start == 0 && bad_offset == 0 && bad_local == 0, "%s: %ld day starts, %ld offsets, %ld local days differ",
                  names[z], bad_start, bad_offset, bad_local);
    }

    /* POSIX TZ strings: the same rules as the tz database files after 1996 / 2007 */
    kalends_timezone *cet = zone_named("CET-1CEST,M3.5.0,M10.5.0/3");
    kalends_timezone *est = zone_named("EST5EDT,M3.2.0,M11.1.0");
    char name[64];
    size_t length = 0;
    CHECK(kalends_timezone_name(cet, name, sizeof name, &length) == KALENDS_OK &&
          strcmp(name, "CET-1CEST,M3.5.0,M10.5.0/3") == 0 && length == strlen(name));
    CHECK(zone_is(cet, 1774746000 - 1, 3600, 0) && zone_is(cet, 1774746000, 7200, 1));
    CHECK(zone_is(est, 1793512800 - 1, -14400, 1) && zone_is(est, 1793512800, -18000, 0));
    CHECK(day_start(cet, 20541) == 1774738800);
    int differ = 0;
    for (int i = 0; i < 20000; i++) {
        int64_t t = rnd_range(civil_days(1997, 1, 1) * 86400, civil_days(2400, 1, 1) * 86400);
        int32_t e1 = 0, d1 = 0, e2 = 1, d2 = 1;
        kalends_timezone_offset(paris, t, &e1, &d1);
        kalends_timezone_offset(cet, t, &e2, &d2);
        differ += e1 != e2 || d1 != d2;
        t = rnd_range(civil_days(2008, 1, 1) * 86400, civil_days(2400, 1, 1) * 86400);
        kalends_timezone_offset(ny, t, &e1, &d1);
        kalends_timezone_offset(est, t, &e2, &d2);
        differ += e1 != e2 || d1 != d2;
    }
    CHECK_MSG(differ == 0, "%d instants where a POSIX TZ string and its tz database zone differ", differ);

    /* the default zone follows $TZ: a name, ":name", or a POSIX string */
    kalends_timezone *dflt = NULL;
    use_tz("America/New_York");
    CHECK(kalends_timezone_new(NULL, &dflt) == KALENDS_OK);
    CHECK(kalends_timezone_name(dflt, name, sizeof name, &length) == KALENDS_OK && strcmp(name, "America/New_York") == 0);
    CHECK(zone_is(dflt, 1772953200, -14400, 1));
    CHECK(kalends_timezone_free(dflt) == KALENDS_OK);
    use_tz(":Europe/Paris");
    CHECK(kalends_timezone_new("", &dflt) == KALENDS_OK && zone_is(dflt, 1774746000, 7200, 1));
    CHECK(kalends_timezone_name(dflt, name, sizeof name, &length) == KALENDS_OK && strcmp(name, "Europe/Paris") == 0);
    CHECK(kalends_timezone_free(dflt) == KALENDS_OK);
    use_tz("EST5EDT,M3.2.0,M11.1.0");
    CHECK(kalends_timezone_new(NULL, &dflt) == KALENDS_OK && zone_is(dflt, 1793512800 - 1, -14400, 1));
    CHECK(kalends_timezone_free(dflt) == KALENDS_OK);
    unsetenv("TZ");
    tzset();

    /* a zone from the bytes of its TZif file answers as the named one */
    static uint8_t bytes[1 << 16];
    FILE *f = fopen("/usr/share/zoneinfo/America/New_York", "rb");
    size_t n = 0;
    if (CHECK(f != NULL)) {
        n = fread(bytes, 1, sizeof bytes, f);
        fclose(f);
    }
    kalends_timezone *copy = NULL;
    CHECK(kalends_timezone_from_tzif(bytes, n, NULL, &copy) == KALENDS_OK);
    CHECK(kalends_timezone_name(copy, NULL, 0, &length) == KALENDS_OK && length == 0);
    differ = 0;
    for (int i = 0; i < 5000; i++) {
        int64_t t = rnd_range(-(int64_t)4e9, (int64_t)8e9);
        int32_t e1 = 0, d1 = 0, e2 = 1, d2 = 1;
        kalends_timezone_offset(ny, t, &e1, &d1);
        kalends_timezone_offset(copy, t, &e2, &d2);
        differ += e1 != e2 || d1 != d2;
    }
    CHECK(differ == 0);
    /* name: snprintf conventions */
    CHECK(kalends_timezone_name(paris, name, 7, &length) == KALENDS_OK && strcmp(name, "Europe") == 0 && length == 12);

    kalends_timezone *all[] = {paris, ny, utc, sao_paulo, cet, est, copy};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) CHECK(kalends_timezone_free(all[i]) == KALENDS_OK);
}

/* ---- the store against a brute-force scan ---- */

#define MODEL_MAX 6000
typedef struct {
    kalends_event e;
    char title[48];
    int alive;
} model_event;

static model_event model[MODEL_MAX];
static int model_count;
/* Days covered by the random events, and their local midnights in UTC and Paris. */
static int32_t span_first, span_last;
#define TABLE_MARGIN 200
static int64_t midnights[2][1200];

static int64_t midnight_of(int z, int64_t day) {
    int64_t i = day - (span_first - TABLE_MARGIN);
    if (i < 0 || i >= 1200) {
        fprintf(stderr, "    day %lld outside the midnight table\n", (long long)day);
        return 0;
    }
    return midnights[z][i];
}

/* Fills *e with random content (the id stays). */
static void random_event(model_event *m, int64_t id) {
    static const char *words[] = {"standup", "caf\xc3\xa9", "\xe2\x98\x95 break", "trip", "review", ""};
    int64_t day = rnd_range(span_first, span_last);
    int32_t color = (int32_t)(rnd() & 0xffffffffu);
    snprintf(m->title, sizeof m->title, "%s %lld", words[rnd() % 6], (long long)(id % 1000));
    if (rnd() % 2) {
        int64_t length = rnd() % 10 < 6 ? 0 : rnd() % 10 < 6 ? rnd_range(1, 6) : rnd_range(20, 90);
        m->e = make_event(id, 1, day, day + length, (uint32_t)color, m->title);
    } else {
        int64_t start, end;
        unsigned kind = (unsigned)(rnd() % 10);
        if (kind == 0) start = midnight_of(1, day);             /* Paris midnight */
        else if (kind == 1) start = day * 86400;                 /* UTC midnight */
        else if (kind < 5) start = day * 86400 + 3600 * rnd_range(0, 23); /* whole hours: ties */
        else start = day * 86400 + rnd_range(0, 86399);
        unsigned length = (unsigned)(rnd() % 20);
        if (length < 3) end = start;                              /* zero-length */
        else if (length < 6) {                                    /* ends exactly at a local midnight */
            int z = (int)(rnd() % 2);
            int64_t d = day + rnd_range(1, 3);
            end = midnight_of(z, d);
            if (end < start) end = start;
        } else if (length < 15) end = start + rnd_range(60, 4 * 3600);
        else if (length < 18) end = start + rnd_range(86400, 5 * 86400);
        else end = start + rnd_range(20 * 86400, 90 * 86400);  /* multi-month */
        m->e = make_event(id, 0, start, end, (uint32_t)color, m->title);
    }
    m->e.user_value = rnd();
    m->e.source = (int32_t)(rnd() % 3);
}

/* The id of the k-th event: multiplication by an odd constant is a bijection, so ids are
   distinct, spread over the whole int64_t range, negative ones included. */
static int64_t model_id(int k) {
    return (int64_t)((uint64_t)(k + 1) * 0x9E3779B97F4A7C15ull);
}

static int oracle_zone;
static int64_t oracle_key(const kalends_event *e) {
    return e->all_day ? midnight_of(oracle_zone, e->start) : e->start;
}
static int oracle_order(const void *a, const void *b) {
    const kalends_event *x = *(const kalends_event *const *)a, *y = *(const kalends_event *const *)b;
    int64_t kx = oracle_key(x), ky = oracle_key(y);
    if (kx != ky) return kx < ky ? -1 : 1;
    if (x->all_day != y->all_day) return x->all_day ? -1 : 1;
    return x->id < y->id ? -1 : x->id > y->id ? 1 : 0;
}

static int overlaps(const kalends_event *e, int32_t first, int32_t last, int64_t lo, int64_t hi) {
    if (e->all_day) return e->start <= last && e->end >= first;
    if (e->end == e->start) return e->start >= lo && e->start < hi;
    return e->start < hi && e->end > lo;
}

static const kalends_event *oracle_list[MODEL_MAX];
static kalends_event query_buffer[MODEL_MAX];
static int64_t query_ids[MODEL_MAX];
static int32_t query_indexes[MODEL_MAX];

/* Queries days first ... last of zone z (0 UTC, 1 Paris) and compares with the model:
   same events, every field, in start order. Returns the number of problems. */
static int compare_query(kalends_store *store, kalends_timezone *paris, int z, int32_t first, int32_t last) {
    int64_t lo = midnight_of(z, first), hi = midnight_of(z, (int64_t)last + 1);
    int n = 0;
    for (int i = 0; i < model_count; i++)
        if (model[i].alive && overlaps(&model[i].e, first, last, lo, hi)) oracle_list[n++] = &model[i].e;
    oracle_zone = z;
    qsort(oracle_list, (size_t)n, sizeof oracle_list[0], oracle_order);
    int32_t count = -1;
    kalends_timezone *zone = z ? paris : NULL;
    if (kalends_store_query(store, zone, first, last, NULL, 0, &count) != KALENDS_OK || count != n) {
        fprintf(stderr, "    days %d ... %d (zone %d): %d events, the scan finds %d\n", (int)first, (int)last, z,
                (int)count, n);
        return 1;
    }
    int32_t again = -1;
    if (kalends_store_query(store, zone, first, last, query_buffer, count, &again) != KALENDS_OK || again != n) return 1;
    for (int i = 0; i < n; i++) {
        const kalends_event *a = &query_buffer[i], *b = oracle_list[i];
        if (a->id != b->id || a->all_day != b->all_day || a->start != b->start || a->end != b->end ||
            a->color != b->color || a->source != b->source || a->user_value != b->user_value ||
            a->struct_size != sizeof *a || a->title == NULL || strcmp(a->title, b->title) != 0 ||
            (a->title_length != -1 && a->title_length != (int32_t)strlen(b->title))) {
            fprintf(stderr, "    days %d ... %d (zone %d): event %d is %lld, the scan says %lld\n", (int)first, (int)last,
                    z, i, (long long)a->id, (long long)b->id);
            return 1;
        }
    }
    /* the ids alone: the same, in the same order; and the indexes, whose events are those */
    uint64_t v1 = 0, v2 = 1;
    if (kalends_store_query_ids(store, zone, first, last, query_ids, n, &again, &v1) != KALENDS_OK || again != n) return 1;
    for (int i = 0; i < n; i++)
        if (query_ids[i] != oracle_list[i]->id) return 1;
    if (kalends_store_query_indexes(store, zone, first, last, query_indexes, n, &again, &v2) != KALENDS_OK || again != n ||
        v2 != v1)
        return 1;
    for (int i = 0; i < n; i++) {
        kalends_event e;
        uint64_t v3 = 0;
        if (kalends_store_get_at(store, query_indexes[i], &e, &v3) != KALENDS_OK || e.id != oracle_list[i]->id || v3 != v1 ||
            strcmp(e.title, oracle_list[i]->title) != 0)
            return 1;
    }
    return 0;
}

/* The version changes with every change, and only then. */
static void test_store_version(void) {
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    uint64_t v[8] = {0};
    CHECK(kalends_store_version(store, &v[0]) == KALENDS_OK);
    kalends_event e = make_event(1, 1, 20000, 20001, 0, "one");
    CHECK(kalends_store_add(store, &e) == KALENDS_OK && kalends_store_version(store, &v[1]) == KALENDS_OK && v[1] != v[0]);
    int32_t n = 0;
    int64_t id = 0;
    CHECK(kalends_store_query_ids(store, NULL, 19990, 20010, &id, 1, &n, NULL) == KALENDS_OK && n == 1 && id == 1);
    CHECK(kalends_store_version(store, &v[2]) == KALENDS_OK && v[2] == v[1]);          /* queries change nothing */
    CHECK(kalends_store_add(store, &e) == KALENDS_E_DUPLICATE);
    CHECK(kalends_store_version(store, &v[2]) == KALENDS_OK && v[2] == v[1]);          /* nor do failures */
    e.title = "renamed";
    CHECK(kalends_store_update(store, &e) == KALENDS_OK && kalends_store_version(store, &v[3]) == KALENDS_OK);
    CHECK(kalends_store_remove(store, 1) == KALENDS_OK && kalends_store_version(store, &v[4]) == KALENDS_OK);
    CHECK(kalends_store_clear(store) == KALENDS_OK && kalends_store_version(store, &v[5]) == KALENDS_OK);
    CHECK(v[3] != v[1] && v[4] != v[3] && v[5] != v[4]);
    /* a short id buffer: BUFFER_TOO_SMALL with the count, nothing written */
    CHECK(kalends_store_add(store, &e) == KALENDS_OK);
    e.id = 2;
    CHECK(kalends_store_add(store, &e) == KALENDS_OK);
    int64_t ids[2] = {-7, -7};
    CHECK(kalends_store_query_ids(store, NULL, 19990, 20010, ids, 1, &n, NULL) == KALENDS_E_BUFFER_TOO_SMALL && n == 2 &&
          ids[0] == -7);
    /* indexes: a removed event's index holds nothing until a later event takes it */
    int32_t idx[2] = {-1, -1};
    kalends_event got;
    CHECK(kalends_store_query_indexes(store, NULL, 19990, 20010, idx, 2, &n, NULL) == KALENDS_OK && n == 2 && idx[0] != idx[1]);
    CHECK(kalends_store_get_at(store, idx[0], &got, NULL) == KALENDS_OK && got.id == 1);
    CHECK(kalends_store_remove(store, 1) == KALENDS_OK && kalends_store_get_at(store, idx[0], &got, NULL) == KALENDS_E_NOT_FOUND);
    e.id = 3;
    CHECK(kalends_store_add(store, &e) == KALENDS_OK && kalends_store_get_at(store, idx[0], &got, NULL) == KALENDS_OK &&
          got.id == 3);
    CHECK(kalends_store_get_at(store, -1, &got, NULL) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_store_get_at(store, 1000, &got, NULL) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_store_free(store) == KALENDS_OK);
}

static int random_queries(kalends_store *store, kalends_timezone *paris, int queries) {
    int problems = 0;
    for (int q = 0; q < queries; q++) {
        int32_t first = (int32_t)rnd_range(span_first - 100, span_last + 90);
        unsigned r = (unsigned)(rnd() % 20);
        int32_t length = r < 4 ? 0 : r < 17 ? (int32_t)rnd_range(1, 45) : (int32_t)rnd_range(46, 200);
        int32_t last = first + length;
        if (last > span_last + TABLE_MARGIN - 5) last = span_last + TABLE_MARGIN - 5;
        problems += compare_query(store, paris, (int)(rnd() % 2), first, last);
    }
    return problems;
}

static int32_t store_count(kalends_store *store) {
    int32_t n = -1;
    CHECK(kalends_store_count(store, &n) == KALENDS_OK);
    return n;
}

static int model_alive(void) {
    int n = 0;
    for (int i = 0; i < model_count; i++) n += model[i].alive;
    return n;
}

/* A random alive model entry (-1 if none). */
static int random_alive(void) {
    if (model_alive() == 0) return -1;
    for (;;) {
        int i = (int)(rnd() % (uint64_t)model_count);
        if (model[i].alive) return i;
    }
}

static void test_store_against_scan(void) {
    kalends_timezone *paris = zone_named("Europe/Paris");
    span_first = (int32_t)civil_days(2025, 10, 1);
    span_last = span_first + 400;
    use_tz("Europe/Paris");
    for (int i = 0; i < 1200; i++) {
        int32_t day = span_first - TABLE_MARGIN + i;
        midnights[0][i] = (int64_t)day * 86400;
        midnights[1][i] = libc_midnight(day);
    }
    unsetenv("TZ");
    tzset();

    /* 2500 random events: store A in one bulk add (the index built at once), store B one by one */
    model_count = 2500;
    for (int i = 0; i < model_count; i++) {
        random_event(&model[i], model_id(i));
        model[i].alive = 1;
    }
    kalends_store *bulk = NULL, *single = NULL;
    CHECK(kalends_store_new(&bulk) == KALENDS_OK && kalends_store_new(&single) == KALENDS_OK);
    static kalends_event batch[MODEL_MAX];
    for (int i = 0; i < model_count; i++) batch[i] = model[i].e;
    CHECK(kalends_store_add_events(bulk, batch, model_count) == KALENDS_OK);
    int added = 0;
    for (int i = 0; i < model_count; i++) added += kalends_store_add(single, &model[i].e) == KALENDS_OK;
    CHECK(added == model_count && store_count(bulk) == model_count && store_count(single) == model_count);
    /* the events' titles and contents were copied: wipe ours, the store keeps its own */
    char saved[48];
    memcpy(saved, model[0].title, sizeof saved);
    memset(model[0].title, 'x', sizeof model[0].title - 1);
    kalends_event got;
    CHECK(kalends_store_get(bulk, model[0].e.id, &got) == KALENDS_OK && strcmp(got.title, saved) == 0);
    memcpy(model[0].title, saved, sizeof saved);

    int problems = random_queries(bulk, paris, 300) + random_queries(single, paris, 300);
    /* the whole span at once, in both zones */
    problems += compare_query(bulk, paris, 0, span_first - 100, span_last + 150);
    problems += compare_query(single, paris, 1, span_first - 100, span_last + 150);
    CHECK_MSG(problems == 0, "%d queries disagree with the scan", problems);

    /* add, update and remove keep agreeing */
    problems = 0;
    int refused_wrong = 0;
    for (int op = 0; op < 3000; op++) {
        unsigned r = (unsigned)(rnd() % 20);
        int i = random_alive();
        int32_t before = store_count(single);
        if (r < 6 && model_count < MODEL_MAX) {
            int k = model_count++;
            random_event(&model[k], model_id(k));
            model[k].alive = kalends_store_add(single, &model[k].e) == KALENDS_OK;
            if (!model[k].alive) problems++;
        } else if (r < 12 && i >= 0) {
            random_event(&model[i], model[i].e.id);
            if (kalends_store_update(single, &model[i].e) != KALENDS_OK) problems++;
        } else if (r < 16 && i >= 0) {
            if (kalends_store_remove(single, model[i].e.id) != KALENDS_OK) problems++;
            model[i].alive = 0;
        } else if (r == 16 && i >= 0) {
            /* a duplicate id: refused, nothing changes */
            kalends_event e = model[i].e;
            e.start = e.end; /* different content, same id */
            if (kalends_store_add(single, &e) != KALENDS_E_DUPLICATE || store_count(single) != before) refused_wrong++;
        } else if (r == 17) {
            /* update or remove an id that is not there */
            kalends_event e = model[0].e;
            e.id = model_id(MODEL_MAX + 7);
            if (kalends_store_update(single, &e) != KALENDS_E_NOT_FOUND) refused_wrong++;
            if (kalends_store_remove(single, e.id) != KALENDS_E_NOT_FOUND) refused_wrong++;
            if (store_count(single) != before) refused_wrong++;
        } else if (i >= 0) {
            kalends_event e;
            if (kalends_store_get(single, model[i].e.id, &e) != KALENDS_OK || e.start != model[i].e.start ||
                e.end != model[i].e.end || strcmp(e.title, model[i].title) != 0)
                problems++;
        }
        if (op % 50 == 49) {
            problems += random_queries(single, paris, 4);
            if (store_count(single) != model_alive()) problems++;
        }
    }
    CHECK_MSG(problems == 0, "%d disagreements after add/update/remove", problems);
    CHECK(refused_wrong == 0);
    CHECK(store_count(single) == model_alive());

    /* bulk adds are all or nothing */
    int32_t before = store_count(single);
    int base = model_count;
    CHECK(model_count + 100 <= MODEL_MAX);
    for (int i = 0; i < 100; i++) {
        random_event(&model[base + i], model_id(base + i));
        batch[i] = model[base + i].e;
    }
    int alive = random_alive();
    for (int variant = 0; variant < 6; variant++) {
        kalends_event bad[100];
        memcpy(bad, batch, sizeof bad);
        kalends_status expected = KALENDS_E_DUPLICATE;
        switch (variant) {
        case 0: bad[57].id = bad[3].id; break;                       /* twice in the batch */
        case 1: bad[99].id = model[alive].e.id; break;               /* already in the store */
        case 2: bad[50].end = bad[50].start - 1; expected = KALENDS_E_INVALID_ARGUMENT; break;
        case 3:
            bad[10].all_day = 1;
            bad[10].start = 400000000; /* beyond 999999-12-31 (day 364522971) */
            bad[10].end = 400000000;
            expected = KALENDS_E_OUT_OF_RANGE;
            break;
        case 4: bad[20].struct_size = 0; expected = KALENDS_E_INVALID_ARGUMENT; break;
        default: bad[99].title = "\xff\xfe"; expected = KALENDS_E_INVALID_ARGUMENT; break;
        }
        CHECK_MSG(kalends_store_add_events(single, bad, 100) == expected, "variant %d", variant);
        CHECK(store_count(single) == before);
        CHECK(kalends_store_get(single, batch[0].id, &got) == KALENDS_E_NOT_FOUND);
    }
    CHECK(random_queries(single, paris, 20) == 0);
    CHECK(kalends_store_add_events(single, batch, 100) == KALENDS_OK && store_count(single) == before + 100);
    for (int i = 0; i < 100; i++) model[base + i].alive = 1;
    model_count += 100;
    CHECK(random_queries(single, paris, 40) == 0);
    /* a small batch into an empty store (not the bulk build) */
    kalends_store *small = NULL;
    CHECK(kalends_store_new(&small) == KALENDS_OK && kalends_store_add_events(small, batch, 50) == KALENDS_OK);
    CHECK(kalends_store_add_events(small, NULL, 0) == KALENDS_OK && store_count(small) == 50);
    CHECK(kalends_store_clear(small) == KALENDS_OK && store_count(small) == 0);

    CHECK(kalends_store_free(small) == KALENDS_OK);
    CHECK(kalends_store_free(bulk) == KALENDS_OK && kalends_store_free(single) == KALENDS_OK);
    CHECK(kalends_timezone_free(paris) == KALENDS_OK);
}

/* ---- dots ---- */

static void test_dots(void) {
    kalends_timezone *paris = zone_named("Europe/Paris");
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    /* 2026-11-09 ... 11-13 are days 20766 ... 20770; Paris is UTC+1 then, so local midnight
       of day d is d * 86400 - 3600. */
    const int64_t d0 = 20766;
#define PARIS(day, hour, minute) (((int64_t)(day)) * 86400 - 3600 + (hour) * 3600 + (minute) * 60)
    kalends_event ev[6] = {
        make_event(1, 1, d0, d0 + 1, 0xA0A0A0FFu, "A: all day, 9th and 10th"),
        make_event(2, 0, PARIS(d0, 22, 0), PARIS(d0 + 1, 0, 0), 0xB0B0B0FFu, "B: ends at local midnight"),
        make_event(3, 0, PARIS(d0 + 2, 0, 0), PARIS(d0 + 2, 0, 0), 0xC0C0C0FFu, "C: zero-length at midnight"),
        make_event(4, 0, PARIS(d0 + 1, 10, 0), PARIS(d0 + 1, 11, 0), 0xD0D0D0FFu, "D"),
        make_event(5, 0, PARIS(d0 + 1, 23, 30), PARIS(d0 + 3, 0, 30), 0xE0E0E0FFu, "E: three local days"),
        make_event(6, 1, d0 + 3, d0 + 3, 0xF0F0F0FFu, "F")};
    CHECK(kalends_store_add_events(store, ev, 6) == KALENDS_OK);
    int32_t counts[5];
    uint32_t colors[5 * 2 + 2];
    memset(colors, 0x5a, sizeof colors);
    CHECK(kalends_store_dots(store, paris, (int32_t)d0, (int32_t)d0 + 4, 2, counts, colors, 5) == KALENDS_OK);
    /* Paris, in start order: 9th A B; 10th A (from the 9th's midnight) D E (B ended at
       midnight); 11th E (began the day before) C; 12th E F (E ends 00:30); 13th nothing */
    CHECK(counts[0] == 2 && colors[0] == 0xA0A0A0FFu && colors[1] == 0xB0B0B0FFu);
    CHECK(counts[1] == 3 && colors[2] == 0xA0A0A0FFu && colors[3] == 0xD0D0D0FFu);
    CHECK(counts[2] == 2 && colors[4] == 0xE0E0E0FFu && colors[5] == 0xC0C0C0FFu);
    CHECK(counts[3] == 2 && colors[6] == 0xE0E0E0FFu && colors[7] == 0xF0F0F0FFu);
    CHECK(counts[4] == 0 && colors[8] == 0 && colors[9] == 0);
    CHECK(colors[10] == 0x5a5a5a5au && colors[11] == 0x5a5a5a5au); /* nothing past days * max_colors */
    /* the query agrees: B is not on the 10th */
    kalends_event out[8];
    int32_t n = 0;
    CHECK(kalends_store_query(store, paris, (int32_t)d0 + 1, (int32_t)d0 + 1, out, 8, &n) == KALENDS_OK && n == 3);
    CHECK(out[0].id == 1 && out[1].id == 4 && out[2].id == 5);
    /* UTC: B is 21:00-23:00Z on the 9th, C at 23:00Z on the 10th, E 22:30Z 10th ... 23:30Z 11th */
    uint32_t three[5 * 3];
    CHECK(kalends_store_dots(store, NULL, (int32_t)d0, (int32_t)d0 + 4, 3, counts, three, 5) == KALENDS_OK);
    CHECK(counts[0] == 2 && counts[1] == 4 && counts[2] == 1 && counts[3] == 1 && counts[4] == 0);
    CHECK(three[3] == 0xA0A0A0FFu && three[4] == 0xD0D0D0FFu && three[5] == 0xE0E0E0FFu); /* C is the 4th */
    CHECK(three[6] == 0xE0E0E0FFu && three[7] == 0 && three[8] == 0);
    /* counts only; more room than days */
    int32_t many[10];
    CHECK(kalends_store_dots(store, paris, (int32_t)d0, (int32_t)d0 + 2, 0, many, NULL, 10) == KALENDS_OK);
    CHECK(many[0] == 2 && many[1] == 3 && many[2] == 2);
    /* too few days: BUFFER_TOO_SMALL, counts untouched */
    many[0] = -7;
    CHECK(kalends_store_dots(store, paris, (int32_t)d0, (int32_t)d0 + 4, 0, many, NULL, 4) == KALENDS_E_BUFFER_TOO_SMALL);
    CHECK(many[0] == -7);
#undef PARIS
    CHECK(kalends_store_free(store) == KALENDS_OK);
    CHECK(kalends_timezone_free(paris) == KALENDS_OK);
}

/* ---- month bars ---- */

/* The frame of a day's cell in the view's layout. */
static kalends_rect cell_of(kalends_view *view, int32_t day) {
    kalends_element el[64];
    int32_t n = 0;
    kalends_rect r;
    memset(&r, 0, sizeof r);
    CHECK(kalends_view_layout(view, el, 64, &n) == KALENDS_OK);
    for (int32_t i = 0; i < n; i++)
        if (el[i].kind == KALENDS_ELEMENT_DAY && el[i].day_number == day) r = el[i].frame;
    return r;
}

static const kalends_event_bar *bar_of(const kalends_event_bar *bars, int32_t n, int64_t event, int32_t row) {
    for (int32_t i = 0; i < n; i++)
        if (bars[i].event == event && bars[i].row == row) return &bars[i];
    return NULL;
}

static void test_month_bars(void) {
    /* November 2026, Monday weeks, 6 rows from Monday 2026-10-26 (day 20752): row r holds
       days 20752 + 7r ... + 6; 350 points wide, square cells of 50 */
    kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 350);
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    kalends_event ev[11] = {
        make_event(1, 1, 20761, 20762, 0x1, "X: Wed 4 - Thu 5"),
        make_event(2, 1, 20762, 20767, 0x2, "M: Thu 5 - Tue 10, across two rows"),
        make_event(3, 1, 20766, 20766, 0x3, "Y: Mon 9"),
        make_event(4, 0, 20778LL * 86400 + 22 * 3600, 20780LL * 86400 + 2 * 3600, 0x4, "T: Sat 21 22:00Z - Mon 23 02:00Z"),
        make_event(5, 0, 20782LL * 86400 + 23 * 3600 + 1800, 20782LL * 86400 + 23 * 3600 + 2700, 0x5, "Z: Wed 25 23:30Z"),
        make_event(10, 1, 20775, 20775, 0x10, "Wed 18 #1"), make_event(11, 1, 20775, 20775, 0x11, "Wed 18 #2"),
        make_event(12, 1, 20775, 20775, 0x12, "Wed 18 #3"), make_event(13, 1, 20775, 20775, 0x13, "Wed 18 #4"),
        make_event(14, 1, 20775, 20775, 0x14, "Wed 18 #5"),
        make_event(15, 1, 20700, 20710, 0x15, "September: not on the page")};
    CHECK(kalends_store_add_events(store, ev, 11) == KALENDS_OK);
    kalends_event_bar bars[64];
    kalends_event_more more[16];
    int32_t nb = -1, nm = -1;
    CHECK(kalends_view_event_bars(view, store, NULL, NULL, NULL, 0, &nb, NULL, 0, &nm) == KALENDS_OK);
    CHECK(nb == 9 && nm == 1); /* X, M twice, Y, T twice, Z, two of the 18th; one "+3 more" */
    CHECK(kalends_view_event_bars(view, store, NULL, NULL, bars, 64, &nb, more, 16, &nm) == KALENDS_OK);

    /* X takes lane 0 first (it starts earlier); M then lane 1, and keeps it in the next row
       although lane 0 is free there; Y takes lane 0 of Monday the 9th */
    const kalends_event_bar *x = bar_of(bars, nb, 1, 1), *m1 = bar_of(bars, nb, 2, 1), *m2 = bar_of(bars, nb, 2, 2);
    const kalends_event_bar *y = bar_of(bars, nb, 3, 2);
    if (CHECK(x && m1 && m2 && y)) {
        CHECK(x->first_column == 2 && x->last_column == 3 && x->lane == 0 && !x->continues_before && !x->continues_after);
        CHECK(m1->first_column == 3 && m1->last_column == 6 && m1->lane == 1 && !m1->continues_before && m1->continues_after);
        CHECK(m2->first_column == 0 && m2->last_column == 1 && m2->lane == 1 && m2->continues_before && !m2->continues_after);
        CHECK(y->first_column == 0 && y->last_column == 0 && y->lane == 0);
        /* frames: over the cells, inset by 2 at the sides, 20 below the cell top, lanes 14 + 2 apart */
        kalends_rect thu5 = cell_of(view, 20762), sun8 = cell_of(view, 20765), mon9 = cell_of(view, 20766),
                     tue10 = cell_of(view, 20767);
        CHECK(near(m1->frame.x, thu5.x + 2) && near(m1->frame.width, sun8.x + sun8.width - thu5.x - 4));
        CHECK(near(m1->frame.y, thu5.y + 20 + 16) && near(m1->frame.height, 14));
        CHECK(near(m2->frame.x, mon9.x + 2) && near(m2->frame.width, tue10.x + tue10.width - mon9.x - 4));
        CHECK(near(m2->frame.y, mon9.y + 20 + 16) && near(y->frame.y, mon9.y + 20));
        CHECK(near(thu5.width, 50) && near(mon9.y - thu5.y, 50));
    }
    /* a timed event across the row boundary: Sat-Sun of row 3, Monday of row 4 */
    const kalends_event_bar *t1 = bar_of(bars, nb, 4, 3), *t2 = bar_of(bars, nb, 4, 4), *z = bar_of(bars, nb, 5, 4);
    if (CHECK(t1 && t2 && z)) {
        CHECK(t1->first_column == 5 && t1->last_column == 6 && t1->continues_after && !t1->continues_before);
        CHECK(t2->first_column == 0 && t2->last_column == 0 && t2->continues_before && !t2->continues_after);
        CHECK(z->first_column == 2 && z->last_column == 2);
    }
    /* the 18th: five events, three lanes: two bars and "+3 more" in the last lane */
    int on18 = 0;
    for (int32_t i = 0; i < nb; i++)
        if (bars[i].row == 3 && bars[i].first_column <= 2 && bars[i].last_column >= 2) {
            on18++;
            CHECK(bars[i].lane < 2);
        }
    kalends_rect wed18 = cell_of(view, 20775);
    CHECK(on18 == 2 && more[0].day == 20775 && more[0].hidden == 3);
    CHECK(near(more[0].frame.x, wed18.x + 2) && near(more[0].frame.y, wed18.y + 20 + 2 * 16) &&
          near(more[0].frame.width, 46) && near(more[0].frame.height, 14));

    /* in Paris, Z (23:30Z) is on Thursday the 26th */
    kalends_timezone *paris = zone_named("Europe/Paris");
    CHECK(kalends_view_event_bars(view, store, paris, NULL, bars, 64, &nb, more, 16, &nm) == KALENDS_OK);
    z = bar_of(bars, nb, 5, 4);
    CHECK(z && z->first_column == 3);

    /* for every lane count: on every day, the bars covering it plus its hidden ones are its
       events; bars stay within the shown lanes and never share a lane on a day */
    kalends_day days[42];
    int32_t nd = 0;
    CHECK(kalends_view_days(view, days, 42, &nd) == KALENDS_OK && nd == 42);
    int problems = 0;
    for (int32_t lanes = 1; lanes <= 6; lanes++) {
        kalends_bar_options o;
        kalends_bar_options_init(&o);
        o.max_lanes = lanes;
        o.bar_height = 10;
        o.top_inset = 15;
        if (kalends_view_event_bars(view, store, NULL, &o, bars, 64, &nb, more, 16, &nm) != KALENDS_OK) {
            problems++;
            continue;
        }
        for (int32_t d = 0; d < 42; d++) {
            int32_t row = d / 7, col = d % 7, shown = 0, hidden = 0, events = 0;
            uint64_t used = 0;
            for (int32_t i = 0; i < nb; i++) {
                if (bars[i].row != row || bars[i].first_column > col || bars[i].last_column < col) continue;
                shown++;
                if (bars[i].lane >= lanes || (used >> bars[i].lane & 1)) problems++;
                used |= (uint64_t)1 << bars[i].lane;
            }
            for (int32_t i = 0; i < nm; i++)
                if (more[i].day == days[d].day_number) {
                    hidden = more[i].hidden;
                    if (used >> (lanes - 1) & 1) problems++; /* the label has the last lane */
                }
            CHECK(kalends_store_query(store, NULL, days[d].day_number, days[d].day_number, NULL, 0, &events) == KALENDS_OK);
            if (shown + hidden != events) problems++;
        }
        if (lanes >= 5 && nm != 0) problems++;
        if (lanes == 1) {
            for (int32_t i = 0; i < nm; i++)
                if (more[i].day == 20775 && more[i].hidden != 5) problems++;
        }
    }
    CHECK_MSG(problems == 0, "%d month bar problems", problems);

    /* short arrays: BUFFER_TOO_SMALL, both counts set */
    nb = nm = -1;
    CHECK(kalends_view_event_bars(view, store, NULL, NULL, bars, 3, &nb, more, 16, &nm) == KALENDS_E_BUFFER_TOO_SMALL);
    CHECK(nb == 9 && nm == 1);
    CHECK(kalends_view_free(view) == KALENDS_OK);
    CHECK(kalends_store_free(store) == KALENDS_OK);
    CHECK(kalends_timezone_free(paris) == KALENDS_OK);
}

/* ---- the day timeline ---- */

static const kalends_timeline_item *item_of(const kalends_timeline_item *items, int32_t n, int64_t event) {
    for (int32_t i = 0; i < n; i++)
        if (items[i].event == event) return &items[i];
    return NULL;
}

static int frame_is(const kalends_timeline_item *t, double x, double y, double w, double h) {
    return t && near(t->frame.x, x) && near(t->frame.y, y) && near(t->frame.width, w) && near(t->frame.height, h);
}

static void test_timeline(void) {
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    const int64_t day = 20767, h = 3600, d0 = day * 86400;
    kalends_event ev[10] = {
        make_event(10, 0, d0 + 9 * h, d0 + 12 * h, 1, "A 9-12"),
        make_event(11, 0, d0 + 9 * h, d0 + 10 * h, 1, "B 9-10"),
        make_event(12, 0, d0 + 9 * h, d0 + 10 * h, 1, "C 9-10"),
        make_event(13, 0, d0 + 10 * h, d0 + 12 * h, 1, "D 10-12: column 1, widened over column 2"),
        make_event(14, 0, d0 + 14 * h, d0 + 15 * h, 1, "E 14-15, alone"),
        make_event(15, 0, d0 - 1 * h, d0 + 1 * h, 1, "F from the day before"),
        make_event(16, 0, d0 + 23 * h + 1800, d0 + 24 * h + 1800, 1, "G into the next day"),
        make_event(17, 0, d0 + 5 * h, d0 + 5 * h + 300, 1, "I five minutes"),
        make_event(18, 1, day, day, 1, "all day: not on the timeline"),
        make_event(19, 0, d0 + 7 * h, d0 + 9 * h, 1, "J 7-9")};
    CHECK(kalends_store_add_events(store, ev, 10) == KALENDS_OK);
    kalends_timeline_item items[16];
    int32_t n = -1;
    CHECK(kalends_store_timeline(store, NULL, (int32_t)day, NULL, NULL, 0, &n) == KALENDS_OK && n == 9);
    CHECK(kalends_store_timeline(store, NULL, (int32_t)day, NULL, items, 16, &n) == KALENDS_OK && n == 9);
    CHECK(item_of(items, n, 18) == NULL);
    /* J 7-9 and the group A B C D: A, B, C side by side (3 columns); D takes column 1 when
       B ends and is widened over column 2, free once C ended at 10 */
    const kalends_timeline_item *a = item_of(items, n, 10), *b = item_of(items, n, 11), *c = item_of(items, n, 12),
                                *d = item_of(items, n, 13);
    if (CHECK(a && b && c && d)) {
        CHECK(a->column == 0 && b->column == 1 && c->column == 2 && d->column == 1);
        CHECK(a->columns == 3 && b->columns == 3 && c->columns == 3 && d->columns == 3);
        CHECK(a->span == 1 && b->span == 1 && c->span == 1 && d->span == 2);
        /* 320 wide, 3 columns: x = column * 320 / 3, width = span * 320 / 3 - 2 (the spacing) */
        double w = 320.0 / 3;
        CHECK(frame_is(a, 0, 9 * 48, w - 2, 3 * 48) && frame_is(b, w, 9 * 48, w - 2, 48));
        CHECK(frame_is(c, 2 * w, 9 * 48, w - 2, 48) && frame_is(d, w, 10 * 48, 2 * w - 2, 2 * 48));
        CHECK(!a->clipped_start && !a->clipped_end);
    }
    const kalends_timeline_item *e = item_of(items, n, 14), *f = item_of(items, n, 15), *g = item_of(items, n, 16),
                                *i5 = item_of(items, n, 17), *j = item_of(items, n, 19);
    CHECK(e && e->columns == 1 && e->span == 1 && frame_is(e, 0, 14 * 48, 318, 48));
    CHECK(f && f->clipped_start && !f->clipped_end && frame_is(f, 0, 0, 318, 48));
    CHECK(g && !g->clipped_start && g->clipped_end && frame_is(g, 0, 23.5 * 48, 318, 24));
    CHECK(i5 && frame_is(i5, 0, 5 * 48, 318, 18)); /* five minutes are 4 points: min_height 18 */
    CHECK(j && j->columns == 1 && frame_is(j, 0, 7 * 48, 318, 96)); /* J ends when A B C begin */

    /* hours 8 ... 20 at (10, 5), 200 wide, 30 per hour: F, G and the five minutes are out;
       J is clipped at 8 */
    kalends_timeline_options o;
    CHECK(kalends_timeline_options_init(&o) == KALENDS_OK);
    o.first_hour = 8;
    o.last_hour = 20;
    o.left = 10;
    o.top = 5;
    o.width = 200;
    o.hour_height = 30;
    o.spacing = 0;
    CHECK(kalends_store_timeline(store, NULL, (int32_t)day, &o, items, 16, &n) == KALENDS_OK && n == 6);
    CHECK(item_of(items, n, 15) == NULL && item_of(items, n, 16) == NULL && item_of(items, n, 17) == NULL);
    j = item_of(items, n, 19);
    CHECK(j && j->clipped_start && !j->clipped_end && frame_is(j, 10, 5, 200, 30));
    d = item_of(items, n, 13);
    CHECK(frame_is(d, 10 + 200.0 / 3, 5 + 2 * 30, 2 * 200.0 / 3, 60));
    /* a short buffer, an empty day */
    n = -1;
    CHECK(kalends_store_timeline(store, NULL, (int32_t)day, &o, items, 5, &n) == KALENDS_E_BUFFER_TOO_SMALL && n == 6);
    CHECK(kalends_store_timeline(store, NULL, (int32_t)day + 3, NULL, items, 16, &n) == KALENDS_OK && n == 0);
    CHECK(kalends_store_free(store) == KALENDS_OK);
}

/* ---- sources ---- */

typedef struct {
    kalends_view *view;
    int64_t base;              /* offset of this source's ids */
    int calls, destroyed;
    int32_t first, last;       /* of the last call */
    kalends_status status;     /* what fetch returns */
    int bad;                   /* offer an event ending before it starts too */
    kalends_status bad_answer; /* what the sink said to it */
    kalends_status from_inside; /* kalends_view_next_page from inside fetch */
} sync_source;

static kalends_status sync_fetch(void *user, int32_t first, int32_t last, const kalends_event_sink *sink) {
    sync_source *s = (sync_source *)user;
    s->calls++;
    s->first = first;
    s->last = last;
    s->from_inside = kalends_view_next_page(s->view, NULL); /* a callback may not change the view */
    kalends_event e[3] = {make_event(s->base + 5000 + first, 1, first, first, 0x111111FFu, "on the first day"),
                          make_event(s->base + 8000 + first, 1, last, last, 0x222222FFu, "on the last day"),
                          make_event(s->base + 6000 + first, 0, ((int64_t)first + 10) * 86400 + 12 * 3600,
                                     ((int64_t)first + 10) * 86400 + 13 * 3600, 0x333333FFu, "noon")};
    e[2].source = 77; /* the view tags it with the source's id, whatever this says */
    for (int i = 0; i < 3; i++)
        if (sink->add(sink->context, &e[i]) != KALENDS_OK) return KALENDS_E_INVALID_ARGUMENT;
    if (s->bad) {
        kalends_event wrong = make_event(s->base + 9100, 0, 1000, 999, 0, "ends before it starts");
        s->bad_answer = sink->add(sink->context, &wrong);
    }
    return s->status;
}

static void sync_destroy(void *user) {
    ((sync_source *)user)->destroyed++;
}

static kalends_source source_of(sync_source *s) {
    kalends_source src;
    memset(&src, 0, sizeof src);
    src.struct_size = sizeof src;
    src.user_data = s;
    src.fetch = sync_fetch;
    src.destroy = sync_destroy;
    return src;
}

static int has_event(kalends_store *store, int64_t id, int32_t source) {
    kalends_event e;
    return kalends_store_get(store, id, &e) == KALENDS_OK && e.source == source;
}

static int32_t page_first(kalends_view *view) {
    kalends_page p;
    CHECK(kalends_view_page(view, &p) == KALENDS_OK);
    return p.first;
}

static void test_sync_sources(void) {
    kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 350);
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    kalends_event host = make_event(1, 1, 20788, 20788, 0, "the host's, on 2026-12-01");
    CHECK(kalends_store_add(store, &host) == KALENDS_OK);
    sync_source s1, s2, s3;
    memset(&s1, 0, sizeof s1);
    s1.view = view;
    s2 = s1;
    s2.base = 100000;
    s3 = s1; /* the same ids as s1 */
    kalends_source src = source_of(&s1);
    int32_t id1 = 0, id2 = 0, id3 = 0;
    CHECK(kalends_view_set_store(view, store, NULL) == KALENDS_OK);
    /* asked for the page (2026-10-26 ... 12-06, days 20752 ... 20793) when added */
    CHECK(kalends_view_add_source(view, &src, &id1) == KALENDS_OK && id1 > 0);
    CHECK(s1.calls == 1 && s1.first == 20752 && s1.last == 20793 && s1.from_inside == KALENDS_E_MISUSE);
    CHECK(has_event(store, 5000 + 20752, id1) && has_event(store, 8000 + 20752, id1) && has_event(store, 6000 + 20752, id1));
    CHECK(store_count(store) == 4 && page_first(view) == 20752);

    /* December: 2026-11-30 ... 2027-01-10 (20787 ... 20828). The answer replaces the
       source's events of those days: the old "last day" event (on 12-06) goes; its events
       on days no longer shown stay; the host's event stays. */
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_OK);
    CHECK(s1.calls == 2 && s1.first == 20787 && s1.last == 20828);
    CHECK(!has_event(store, 8000 + 20752, id1));
    CHECK(has_event(store, 5000 + 20752, id1) && has_event(store, 6000 + 20752, id1));
    CHECK(has_event(store, 5000 + 20787, id1) && has_event(store, 8000 + 20787, id1) && has_event(store, 6000 + 20787, id1));
    CHECK(has_event(store, 1, 0) && store_count(store) == 6);

    src = source_of(&s2);
    CHECK(kalends_view_add_source(view, &src, &id2) == KALENDS_OK && id2 != id1 && s2.calls == 1);
    CHECK(has_event(store, 100000 + 5000 + 20787, id2) && store_count(store) == 9);

    /* a failing source: the page still changes (January 2027, from 2026-12-28 = 20815),
       the call says CALLBACK, the other source is asked, the failing one adds nothing */
    s1.status = KALENDS_E_IO;
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_E_CALLBACK);
    CHECK(page_first(view) == 20815 && s1.calls == 3 && s2.calls == 2);
    CHECK(!has_event(store, 5000 + 20815, id1) && has_event(store, 100000 + 5000 + 20815, id2));
    CHECK(has_event(store, 8000 + 20787, id1)); /* its old answer stands */
    /* a bad answer is refused whole: February 2027 (from Monday 2027-02-01 = 20850) */
    s1.status = KALENDS_OK;
    s1.bad = 1;
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_E_CALLBACK);
    CHECK(page_first(view) == 20850 && s1.bad_answer == KALENDS_E_INVALID_ARGUMENT);
    CHECK(!has_event(store, 5000 + 20850, id1) && !has_event(store, 9100, id1) && has_event(store, 100000 + 5000 + 20850, id2));
    s1.bad = 0;
    CHECK(kalends_view_previous_page(view, NULL) == KALENDS_OK && page_first(view) == 20815);
    CHECK(has_event(store, 5000 + 20815, id1) && has_event(store, 8000 + 20815, id1));

    /* a source answering ids of another source's events is refused with CALLBACK, as for
       any failed first answer of a host source; it stays added */
    int32_t before = store_count(store);
    src = source_of(&s3);
    kalends_status st = kalends_view_add_source(view, &src, &id3);
    CHECK_MSG(st == KALENDS_E_CALLBACK && id3 > 0 && id3 != id1 && id3 != id2, "status %d id %d: %s", (int)st, (int)id3, kalends_last_error());
    CHECK(s3.calls == 1 && store_count(store) == before && has_event(store, 5000 + 20815, id1));
    CHECK(kalends_view_remove_source(view, id3) == KALENDS_OK && s3.destroyed == 1);
    CHECK(kalends_view_remove_source(view, id3) == KALENDS_E_NOT_FOUND);

    /* removing a source destroys it; it is not asked any more */
    CHECK(kalends_view_remove_source(view, id1) == KALENDS_OK && s1.destroyed == 1);
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_OK && s1.calls == 5 && s2.calls == 5);
    int32_t pending = -1;
    CHECK(kalends_view_pending_requests(view, &pending) == KALENDS_OK && pending == 0);
    /* freeing the view destroys the sources left */
    CHECK(kalends_view_free(view) == KALENDS_OK && s2.destroyed == 1 && s1.destroyed == 1);
    CHECK(kalends_store_free(store) == KALENDS_OK);
}

/* An asynchronous source: begin copies the completion and starts a thread that answers
   when the test releases it. */
#define ASYNC_MAX 8
typedef struct async_source async_source;
typedef struct {
    async_source *owner;
    int index;
} async_job;

struct async_source {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int begun, cancels, destroyed;
    int64_t request[ASYNC_MAX], cancelled[ASYNC_MAX];
    int32_t first[ASYNC_MAX], last[ASYNC_MAX];
    kalends_completion completion[ASYNC_MAX];
    pthread_t thread[ASYNC_MAX];
    int go[ASYNC_MAX];
    int bad[ASYNC_MAX];
    kalends_status status[ASYNC_MAX];
    async_job jobs[ASYNC_MAX];
};

static void *async_answer(void *arg) {
    async_job *job = (async_job *)arg;
    async_source *s = job->owner;
    int i = job->index;
    pthread_mutex_lock(&s->lock);
    while (!s->go[i]) pthread_cond_wait(&s->changed, &s->lock);
    kalends_completion c = s->completion[i];
    int64_t request = s->request[i];
    int32_t first = s->first[i];
    kalends_status status = s->status[i];
    int bad = s->bad[i];
    pthread_mutex_unlock(&s->lock);
    kalends_event ev[2] = {make_event(700000 + first, 1, first, first + 1, 0x444444FFu, "async all day"),
                           make_event(710000 + first, 0, ((int64_t)first + 3) * 86400, ((int64_t)first + 3) * 86400 + 60,
                                      0x555555FFu, "async timed")};
    if (bad) ev[1].end = ev[1].start - 1;
    c.complete(c.context, request, status == KALENDS_OK ? ev : NULL, status == KALENDS_OK ? 2 : 0, status);
    return NULL;
}

static kalends_status async_begin(void *user, int64_t request, int32_t first, int32_t last,
                                  const kalends_completion *completion) {
    async_source *s = (async_source *)user;
    pthread_mutex_lock(&s->lock);
    int i = s->begun;
    if (i >= ASYNC_MAX) {
        pthread_mutex_unlock(&s->lock);
        return KALENDS_E_INVALID_ARGUMENT;
    }
    s->request[i] = request;
    s->first[i] = first;
    s->last[i] = last;
    s->completion[i] = *completion; /* the struct need not outlive this call */
    s->go[i] = 0;
    s->jobs[i].owner = s;
    s->jobs[i].index = i;
    int rc = pthread_create(&s->thread[i], NULL, async_answer, &s->jobs[i]);
    if (rc == 0) s->begun++;
    pthread_mutex_unlock(&s->lock);
    return rc == 0 ? KALENDS_OK : KALENDS_E_INVALID_ARGUMENT;
}

static void async_cancel(void *user, int64_t request) {
    async_source *s = (async_source *)user;
    pthread_mutex_lock(&s->lock);
    if (s->cancels < ASYNC_MAX) s->cancelled[s->cancels] = request;
    s->cancels++;
    pthread_mutex_unlock(&s->lock);
}

static void async_destroy(void *user) {
    async_source *s = (async_source *)user;
    pthread_mutex_lock(&s->lock);
    s->destroyed++;
    pthread_mutex_unlock(&s->lock);
}

/* Lets answer i go with `status` (bad: with an event ending before it starts), and waits
   until it has been delivered. */
static void async_release(async_source *s, int i, kalends_status status, int bad) {
    pthread_mutex_lock(&s->lock);
    s->status[i] = status;
    s->bad[i] = bad;
    s->go[i] = 1;
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
    pthread_join(s->thread[i], NULL);
}

/* Waits (at most about 5 s) until the view has no request pending; returns the count left. */
static int32_t wait_for_answers(kalends_view *view) {
    int32_t pending = -1;
    for (int i = 0; i < 5000; i++) {
        if (kalends_view_pending_requests(view, &pending) != KALENDS_OK) return -1;
        if (pending == 0) break;
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    return pending;
}

static void test_async_source(void) {
    kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 350);
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    CHECK(kalends_view_set_store(view, store, NULL) == KALENDS_OK);
    static async_source s;
    memset(&s, 0, sizeof s);
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.changed, NULL);
    kalends_source src;
    memset(&src, 0, sizeof src);
    src.struct_size = sizeof src;
    src.user_data = &s;
    src.begin = async_begin;
    src.cancel = async_cancel;
    src.destroy = async_destroy;
    int32_t id = 0, pending = -1;
    CHECK(kalends_view_add_source(view, &src, &id) == KALENDS_OK && id > 0);
    CHECK(s.begun == 1 && s.first[0] == 20752 && s.last[0] == 20793);
    CHECK(kalends_view_pending_requests(view, &pending) == KALENDS_OK && pending == 1);
    /* the page changes before the answer: request 0 is cancelled, request 1 begun */
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_OK);
    CHECK(s.begun == 2 && s.first[1] == 20787 && s.cancels == 1 && s.cancelled[0] == s.request[0]);
    CHECK(s.request[1] != s.request[0]);
    CHECK(kalends_view_pending_requests(view, &pending) == KALENDS_OK && pending == 1);
    /* the stale answer comes anyway: dropped */
    async_release(&s, 0, KALENDS_OK, 0);
    CHECK(store_count(store) == 0);
    CHECK(kalends_view_pending_requests(view, &pending) == KALENDS_OK && pending == 1);
    /* the current one goes into the store, tagged with the source */
    async_release(&s, 1, KALENDS_OK, 0);
    CHECK(wait_for_answers(view) == 0);
    CHECK(store_count(store) == 2 && has_event(store, 700000 + 20787, id) && has_event(store, 710000 + 20787, id));
    /* an error answer and a bad answer change nothing */
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_OK && s.begun == 3 && s.cancels == 1);
    async_release(&s, 2, KALENDS_E_IO, 0);
    CHECK(wait_for_answers(view) == 0 && store_count(store) == 2);
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_OK && s.begun == 4);
    async_release(&s, 3, KALENDS_OK, 1);
    CHECK(wait_for_answers(view) == 0 && store_count(store) == 2 && !has_event(store, 700000 + s.first[3], id));
    /* removed while a request is pending: cancelled and destroyed; the late answer is dropped */
    CHECK(kalends_view_previous_page(view, NULL) == KALENDS_OK && s.begun == 5);
    CHECK(kalends_view_remove_source(view, id) == KALENDS_OK);
    CHECK(s.cancels == 2 && s.cancelled[1] == s.request[4] && s.destroyed == 1);
    CHECK(kalends_view_pending_requests(view, &pending) == KALENDS_OK && pending == 0);
    async_release(&s, 4, KALENDS_OK, 0);
    CHECK(store_count(store) == 2);
    CHECK(kalends_view_free(view) == KALENDS_OK && s.destroyed == 1);
    CHECK(kalends_store_free(store) == KALENDS_OK);
    pthread_cond_destroy(&s.changed);
    pthread_mutex_destroy(&s.lock);
}

/* ---- plugins ---- */

static kalends_plugin *load_plugin(const char *file, const char *rules) {
    char path[1024], config[1024];
    snprintf(path, sizeof path, "%s/%s", KALENDS_PLUGIN_DIR, file);
    snprintf(config, sizeof config, "%s/%s", KALENDS_RULES_DIR, rules);
    kalends_plugin *p = NULL;
    CHECK_MSG(kalends_plugin_load(path, config, &p) == KALENDS_OK, "%s: %s", path, kalends_last_error());
    return p;
}

/* Both plugins' events of days first ... last: the same ids, days, titles, colours, order. */
static int compare_plugins(kalends_plugin *c, kalends_plugin *rust, int32_t first, int32_t last, int32_t *count) {
    kalends_store *a = NULL, *b = NULL;
    kalends_store_new(&a);
    kalends_store_new(&b);
    int problems = 0;
    int32_t na = -1, nb = -2;
    if (kalends_plugin_fetch(c, first, last, a, NULL, 1) != KALENDS_OK ||
        kalends_plugin_fetch(rust, first, last, b, NULL, 1) != KALENDS_OK ||
        kalends_store_query(a, NULL, first, last, NULL, 0, &na) != KALENDS_OK ||
        kalends_store_query(b, NULL, first, last, NULL, 0, &nb) != KALENDS_OK || na != nb || na > MODEL_MAX) {
        fprintf(stderr, "    days %d ... %d: %d and %d events (%s)\n", (int)first, (int)last, (int)na, (int)nb,
                kalends_last_error());
        problems++;
    } else {
        static kalends_event ea[MODEL_MAX], eb[MODEL_MAX];
        kalends_store_query(a, NULL, first, last, ea, na, &na);
        kalends_store_query(b, NULL, first, last, eb, nb, &nb);
        for (int32_t i = 0; i < na; i++) {
            if (ea[i].id != eb[i].id || ea[i].start != eb[i].start || ea[i].end != eb[i].end ||
                ea[i].all_day != eb[i].all_day || ea[i].color != eb[i].color || strcmp(ea[i].title, eb[i].title) != 0) {
                if (problems++ < 3)
                    fprintf(stderr, "    event %d: %lld %s / %lld %s\n", (int)i, (long long)ea[i].id, ea[i].title,
                            (long long)eb[i].id, eb[i].title);
            }
        }
    }
    *count = na;
    kalends_store_free(a);
    kalends_store_free(b);
    return problems;
}

/* Event ids of the rule files: us.rules has `id 1`, fr.rules `id 2` */
#define US_ID(id) (1000000000000LL + (id))
#define FR_ID(id) (2000000000000LL + (id))

static void test_plugins(void) {
    kalends_plugin *c = load_plugin("libholidays_c.so", "us.rules"), *rust = load_plugin("libholidays_rust.so", "us.rules");
    char name[32];
    size_t length = 0;
    CHECK(kalends_plugin_name(c, name, sizeof name, &length) == KALENDS_OK && strcmp(name, "holidays-c") == 0);
    CHECK(kalends_plugin_name(rust, name, sizeof name, &length) == KALENDS_OK && strcmp(name, "holidays-rust") == 0 &&
          length == 13);

    /* 2026 by hand (2026-01-01 = day 20454, a Thursday); id = N * 10^12 + (rule index + 1)
       * 10^7 + (year + 10^6), rules in file order, N from the file's `id N` line */
    static const struct {
        int64_t id;
        int32_t day;
        const char *title;
    } us2026[11] = {{US_ID(11002026), 20454, "New Year's Day"},
                    {US_ID(21002026), 20472, "Martin Luther King Jr. Day"},   /* Mondays 5, 12, 19 */
                    {US_ID(31002026), 20500, "Washington's Birthday"},        /* Feb 1 a Sunday: 2, 9, 16 */
                    {US_ID(41002026), 20598, "Memorial Day"},                 /* May 31 a Sunday: 25 */
                    {US_ID(51002026), 20623, "Juneteenth National Independence Day"},
                    {US_ID(61002026), 20638, "Independence Day"},
                    {US_ID(71002026), 20703, "Labor Day"},                    /* Sep 1 a Tuesday: 7 */
                    {US_ID(81002026), 20738, "Columbus Day"},                 /* Oct 1 a Thursday: 5, 12 */
                    {US_ID(91002026), 20768, "Veterans Day"},
                    {US_ID(101002026), 20783, "Thanksgiving Day"},            /* Nov 1 a Sunday: Thursdays 5 ... 26 */
                    {US_ID(111002026), 20812, "Christmas Day"}};
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    kalends_event host = make_event(1, 1, 20768, 20768, 0, "the host's");
    kalends_event stale = make_event(2, 1, 20700, 20700, 0, "an old answer of source 5");
    stale.source = 5;
    CHECK(kalends_store_add(store, &host) == KALENDS_OK && kalends_store_add(store, &stale) == KALENDS_OK);
    for (int round = 0; round < 2; round++) {
        kalends_plugin *p = round ? rust : c;
        CHECK(kalends_plugin_fetch(p, 20454, 20818, store, NULL, 5) == KALENDS_OK);
        CHECK(store_count(store) == 12 && has_event(store, 1, 0) && !has_event(store, 2, 5));
        kalends_event ev[16];
        int32_t n = 0;
        CHECK(kalends_store_query(store, NULL, 20454, 20818, ev, 16, &n) == KALENDS_OK && n == 12);
        int k = 0;
        for (int32_t i = 0; i < n; i++) {
            if (ev[i].id == 1) continue;
            CHECK_MSG(k < 11 && ev[i].id == us2026[k].id && ev[i].start == us2026[k].day && ev[i].end == us2026[k].day &&
                          ev[i].all_day == 1 && ev[i].source == 5 && ev[i].color == 0x3C78D8FFu &&
                          strcmp(ev[i].title, us2026[k].title) == 0,
                      "%s: %lld %d %s", round ? "rust" : "c", (long long)ev[i].id, (int)ev[i].start, ev[i].title);
            k++;
        }
        /* again, and a narrower range: the answers replace what source 5 said before */
        CHECK(kalends_plugin_fetch(p, 20454, 20818, store, NULL, 5) == KALENDS_OK && store_count(store) == 12);
        CHECK(kalends_plugin_fetch(p, 20758, 20787, store, NULL, 5) == KALENDS_OK && store_count(store) == 12);
        /* as another source: the ids are source 5's, so the answer is refused and nothing changes */
        CHECK(kalends_plugin_fetch(p, 20454, 20818, store, NULL, 6) == KALENDS_E_PLUGIN && store_count(store) == 12);
        CHECK(has_event(store, US_ID(101002026), 5));
    }
    /* France, 2026: Easter is April 5 (day 20548): Monday +1 = 20549, Ascension +39 = 20587,
       Whit Monday +50 = 20598 */
    kalends_plugin *fr = load_plugin("libholidays_rust.so", "fr.rules");
    CHECK(kalends_store_clear(store) == KALENDS_OK);
    CHECK(kalends_plugin_fetch(fr, 20454, 20818, store, NULL, 9) == KALENDS_OK && store_count(store) == 11);
    kalends_event e;
    CHECK(kalends_store_get(store, FR_ID(91002026), &e) == KALENDS_OK && e.start == 20549 && e.color == 0x7B2FBEFFu &&
          strcmp(e.title, "Lundi de P\xc3\xa2ques") == 0);
    CHECK(kalends_store_get(store, FR_ID(101002026), &e) == KALENDS_OK && e.start == 20587);
    CHECK(kalends_store_get(store, FR_ID(111002026), &e) == KALENDS_OK && e.start == 20598);
    CHECK(kalends_store_get(store, FR_ID(21002026), &e) == KALENDS_OK && e.color == 0xD0021BFFu &&
          strcmp(e.title, "F\xc3\xaate du Travail") == 0);

    /* the two implementations agree over centuries and at the ends of the supported years */
    kalends_plugin *fr_c = load_plugin("libholidays_c.so", "fr.rules");
    int32_t n = 0, total = 0;
    int problems = compare_plugins(c, rust, 20454, 20818, &n);
    CHECK(n == 11);
    problems += compare_plugins(c, rust, (int32_t)civil_days(1900, 1, 1), (int32_t)civil_days(2099, 12, 31), &n);
    total += n;
    problems += compare_plugins(fr_c, fr, (int32_t)civil_days(1900, 1, 1), (int32_t)civil_days(2099, 12, 31), &n);
    total += n;
    problems += compare_plugins(fr_c, fr, (int32_t)civil_days(-3, 1, 1), (int32_t)civil_days(3, 12, 31), &n);
    total += n;
    problems += compare_plugins(fr_c, fr, (int32_t)civil_days(999997, 1, 1), (int32_t)civil_days(999999, 12, 31), &n);
    total += n;
    problems += compare_plugins(c, rust, (int32_t)civil_days(-999999, 1, 1), (int32_t)civil_days(-999997, 12, 31), &n);
    total += n;
    CHECK_MSG(problems == 0, "%d differences between the C and the Rust plugin", problems);
    CHECK(total == 200 * 11 + 200 * 11 + 7 * 11 + 3 * 11 + 3 * 11);

    /* the plugin as a source of a view: asked asynchronously, since it has begin; the
       answers are in once nothing is pending */
    kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 350);
    CHECK(kalends_store_clear(store) == KALENDS_OK);
    kalends_timezone *ny = zone_named("America/New_York");
    CHECK(kalends_view_set_store(view, store, ny) == KALENDS_OK);
    int32_t id = 0;
    CHECK(kalends_view_add_plugin(view, c, &id) == KALENDS_OK && id > 0);
    CHECK(wait_for_answers(view) == 0);
    /* the November page: Veterans Day and Thanksgiving (and nothing else) */
    CHECK(store_count(store) == 2 && has_event(store, US_ID(91002026), id) && has_event(store, US_ID(101002026), id));
    /* the view keeps the plugin alive after the host lets it go */
    CHECK(kalends_plugin_free(c) == KALENDS_OK);
    CHECK(kalends_view_next_page(view, NULL) == KALENDS_OK);
    CHECK(wait_for_answers(view) == 0);
    CHECK(has_event(store, US_ID(111002026), id) && has_event(store, US_ID(11002027), id)); /* Christmas, New Year 2027 */
    CHECK(has_event(store, US_ID(91002026), id)); /* no longer shown: stays */
    CHECK(kalends_view_free(view) == KALENDS_OK);

    kalends_plugin *all[] = {rust, fr, fr_c};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) CHECK(kalends_plugin_free(all[i]) == KALENDS_OK);
    CHECK(kalends_timezone_free(ny) == KALENDS_OK);
    CHECK(kalends_store_free(store) == KALENDS_OK);
}

int main(void) {
    test_versions();
    test_store_version();
    test_dates_against_libc();
    test_errors();
    test_month_grids();
    test_options();
    test_threads();
    test_view_paging_and_selection();
    test_view_layout();
    test_view_threads();
    test_scroll();
    test_flow();
    test_autolayout();
    test_solver();
    test_autolayout_calendar_view();
    test_autolayout_square_view_cell();
    test_autolayout_screen_fraction();
    test_autolayout_policies();
    test_timezones();
    test_store_against_scan();
    test_dots();
    test_month_bars();
    test_timeline();
    test_sync_sources();
    test_async_source();
    test_plugins();
#ifdef __cplusplus
    return check_summary("linked_test (C++)");
#else
    return check_summary("linked_test (C99)");
#endif
}

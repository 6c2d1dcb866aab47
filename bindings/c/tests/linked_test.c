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

int main(void) {
    test_versions();
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
#ifdef __cplusplus
    return check_summary("linked_test (C++)");
#else
    return check_summary("linked_test (C99)");
#endif
}

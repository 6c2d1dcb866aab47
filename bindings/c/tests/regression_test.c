/* Regression tests for defects found by using and fuzzing the library (issue 10 and
   the libFuzzer harnesses in fuzz/): each test names the defect it pins down. Through
   the C ABI only, as a host sees it.

   Queries that must count rather than build run in a child process whose address space
   is capped a few hundred megabytes above what it uses: a query that builds what it
   should count dies there (and fails the test) instead of swapping the machine. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kalends.h"
#include "check.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif

/* ---- helpers -------------------------------------------------------------- */

static kalends_scroll *make_scroll(int32_t axis, kalends_date first, int has_last, kalends_date last,
                                   const kalends_view_metrics *metrics) {
    kalends_scroll_options o;
    kalends_scroll_options_init(&o);
    o.axis = axis;
    o.first_month = first;
    o.has_last_month = has_last;
    o.last_month = last;
    kalends_scroll *s = NULL;
    CHECK(kalends_scroll_new(NULL, &o, metrics, &s) == KALENDS_OK);
    return s;
}

static kalends_view_metrics width_350(void) {
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    m.width = 350;
    return m;
}

/* Runs `body` in a child with RLIMIT_AS at its current size + `headroom` bytes (no cap
   under the sanitizers, which reserve terabytes of shadow memory). 1 if the child
   exited 0. */
static int in_capped_child(void (*body)(void), size_t headroom) {
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) return 0;
    if (pid == 0) {
        check_failed = 0;   /* the child's own verdict, not the failures before the fork */
#ifndef SANITIZED
        long pages = 0;
        FILE *f = fopen("/proc/self/statm", "r");
        if (f) {
            if (fscanf(f, "%ld", &pages) != 1) pages = 0;
            fclose(f);
        }
        struct rlimit r;
        r.rlim_cur = r.rlim_max = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + headroom;
        setrlimit(RLIMIT_AS, &r);
#else
        (void)headroom;
#endif
        body();
        fflush(stdout);
        _exit(check_failed == 0 ? 0 : 1);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) != pid) return 0;
    if (WIFSIGNALED(status)) fprintf(stderr, "    child died of signal %d\n", WTERMSIG(status));
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* ---- issue 10 item 1: scroll queries trapped on Double -> Int ------------- */

static void test_scroll_far_viewports(void) {
    kalends_view_metrics m = width_350();
    kalends_date jan = {2026, 1, 1}, nov = {2026, 11, 1};
    kalends_day_range r;
    kalends_date d1, d2;
    kalends_element el[64];
    int32_t n = -1;

    /* a one-month vertical scroll, viewport {0, 1e30, 350, 800}: nothing there */
    kalends_scroll *one = make_scroll(KALENDS_AXIS_VERTICAL, jan, 1, jan, &m);
    kalends_rect far = {0, 1e30, 350, 800};
    CHECK(kalends_scroll_visible_days(one, &far, &r) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_scroll_visible_months(one, &far, &d1, &d2) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_scroll_elements(one, &far, el, 64, &n) == KALENDS_OK && n == 0);
    CHECK(kalends_scroll_free(one) == KALENDS_OK);

    /* an open-ended horizontal scroll, viewport {0, 1e300, 350, 100}, and its kin */
    kalends_scroll *h = make_scroll(KALENDS_AXIS_HORIZONTAL, nov, 0, nov, &m);
    kalends_rect vps[] = {{0, 1e300, 350, 100}, {1e300, 0, 350, 100}, {-1e300, 0, 350, 100},
                          {0, -1.7e308, 1.7e308, 1.7e308}, {1.7e308, 1.7e308, 1.7e308, 1.7e308}};
    for (size_t i = 0; i < sizeof vps / sizeof vps[0]; i++) {
        CHECK(kalends_scroll_visible_days(h, &vps[i], &r) == KALENDS_E_NOT_FOUND);
        n = -1;
        CHECK(kalends_scroll_elements(h, &vps[i], NULL, 0, &n) == KALENDS_OK && n == 0);
    }
    CHECK(kalends_scroll_free(h) == KALENDS_OK);
}

/* Every answer about a viewport agrees: the size query, the elements, the visible days. */
static void check_scroll_consistent(kalends_scroll *s, kalends_rect vp, const char *what) {
    int32_t n = -1;
    kalends_status st = kalends_scroll_elements(s, &vp, NULL, 0, &n);
    CHECK_MSG(st == KALENDS_OK && n >= 0, "%s: status %d count %d", what, st, n);
    if (st != KALENDS_OK || n > 100000) return;
    kalends_element *el = (kalends_element *)calloc((size_t)n + 1, sizeof *el);
    int32_t got = -1;
    CHECK(kalends_scroll_elements(s, &vp, el, n, &got) == KALENDS_OK && got == n);
    int32_t lo = INT32_MAX, hi = INT32_MIN;
    for (int32_t i = 0; i < got; i++) {
        kalends_rect f = el[i].frame;
        CHECK_MSG(f.x < vp.x + vp.width && f.x + f.width > vp.x && f.y < vp.y + vp.height && f.y + f.height > vp.y,
                  "%s: element %d outside", what, i);
        if (el[i].kind == KALENDS_ELEMENT_DAY && (el[i].flags & KALENDS_DAY_IN_MONTH)) {
            if (el[i].day_number < lo) lo = el[i].day_number;
            if (el[i].day_number > hi) hi = el[i].day_number;
        }
    }
    kalends_day_range r;
    st = kalends_scroll_visible_days(s, &vp, &r);
    if (lo > hi) {
        CHECK_MSG(st == KALENDS_E_NOT_FOUND, "%s: visible days %d", what, st);
    } else {
        CHECK_MSG(st == KALENDS_OK && r.first == lo && r.last == hi, "%s: visible days %d..%d, elements %d..%d", what,
                  r.first, r.last, lo, hi);
    }
    free(el);
}

static void test_scroll_degenerate_rows(void) {
    kalends_date jan = {2026, 1, 1};
    kalends_rect ordinary = {0, 100, 350, 800};
    /* row_height 4.9e-324 in fixed-row mode */
    kalends_view_metrics m = width_350();
    m.row_height_mode = KALENDS_ROW_HEIGHT_FIXED;
    m.row_height = 4.9e-324;
    for (int32_t rows = 0; rows < 2; rows++) {
        kalends_scroll_options o;
        kalends_scroll_options_init(&o);
        o.first_month = jan;
        o.rows = rows;
        kalends_scroll *s = NULL;
        CHECK(kalends_scroll_new(NULL, &o, &m, &s) == KALENDS_OK);
        check_scroll_consistent(s, ordinary, "row height 4.9e-324");
        kalends_scroll_free(s);
    }
    /* row_spacing 1e-300: with square rows, and with cells 0 wide (rows 0 high) */
    double column_spacings[] = {0, 60};
    for (int i = 0; i < 2; i++) {
        for (int32_t axis = 0; axis < 2; axis++) {
            m = width_350();
            m.row_spacing = 1e-300;
            m.column_spacing = column_spacings[i];
            kalends_scroll *s = make_scroll(axis, jan, 0, jan, &m);
            check_scroll_consistent(s, ordinary, "row spacing 1e-300");
            kalends_scroll_free(s);
        }
    }
}

/* ---- issue 10 item 2: a size query over a huge viewport built every element ---- */

static void huge_scroll_queries(void) {
    kalends_view_metrics m = width_350();
    kalends_date first = {-999999, 1, 1};
    kalends_scroll *s = make_scroll(KALENDS_AXIS_VERTICAL, first, 0, first, &m);
    int32_t min_day = 0, max_day = 0;
    kalends_date lo = {-999999, 1, 1}, hi = {999999, 12, 31};
    kalends_date_day_number(&lo, &min_day);
    kalends_date_day_number(&hi, &max_day);
    int64_t months = 1999999LL * 12, days = (int64_t)max_day - min_day + 1;
    kalends_rect tall[] = {{0, 0, 350, 1e9}, {0, 0, 350, 1e12}};
    for (int i = 0; i < 2; i++) {
        int32_t n = -1;
        CHECK(kalends_scroll_elements(s, &tall[i], NULL, 0, &n) == KALENDS_OK);
        if (i == 1) CHECK_MSG(n == 8 * months + days, "%d elements, expected %lld", n, (long long)(8 * months + days));
        else CHECK(n > 100000000);
        kalends_day_range r;
        CHECK(kalends_scroll_visible_days(s, &tall[i], &r) == KALENDS_OK && r.first == min_day);
        if (i == 1) CHECK(r.last == max_day);
        kalends_element one;
        CHECK(kalends_scroll_elements(s, &tall[i], &one, 1, &n) == KALENDS_E_BUFFER_TOO_SMALL);
    }
    kalends_scroll_free(s);
}

/* The same over systems whose months follow no short period (their runs of months are
   counted from committed month-start tables): every month is 29 or 30 days, so the count
   n = 8 x months + days gives a month count M with 29 M <= days <= 30 M. */
static void huge_lunar_scroll_queries(void) {
    const char *systems[] = {"hebrew", "chinese", "islamic-umalqura", "islamic", "dangi"};
    for (int k = 0; k < 5; k++) {
        kalends_calendar_options co;
        kalends_calendar_options_init(&co);
        co.system = systems[k];
        kalends_calendar *cal = NULL;
        CHECK(kalends_calendar_new(&co, &cal) == KALENDS_OK);
        kalends_day_range range;
        CHECK(kalends_calendar_system_day_range(systems[k], &range) == KALENDS_OK);
        for (int32_t axis = 0; axis < 2; axis++) {
            kalends_scroll_options o;
            kalends_scroll_options_init(&o);
            o.axis = axis;
            o.first_month = (kalends_date){-999999, 1, 1};
            kalends_view_metrics m = width_350();
            kalends_scroll *s = NULL;
            CHECK(kalends_scroll_new(cal, &o, &m, &s) == KALENDS_OK);
            kalends_rect all = axis == KALENDS_AXIS_VERTICAL ? (kalends_rect){0, 0, 350, 1e12} : (kalends_rect){0, 0, 1e15, 1e4};
            int32_t n = -1;
            kalends_day_range r;
            CHECK(kalends_scroll_elements(s, &all, NULL, 0, &n) == KALENDS_OK);
            CHECK(kalends_scroll_visible_days(s, &all, &r) == KALENDS_OK);
            int64_t days = (int64_t)r.last - r.first + 1, months = ((int64_t)n - days) / 8;
            /* whole months: the first and last may reach past the system's days */
            CHECK_MSG(r.first > range.first - 31 && r.first <= range.first && r.last >= range.last &&
                          r.last < range.last + 31 && ((int64_t)n - days) % 8 == 0 &&
                          29 * months <= days && days <= 30 * months,
                      "%s axis %d: %d elements over days %d...%d (system days %d...%d)", systems[k], axis, n, r.first,
                      r.last, range.first, range.last);
            kalends_scroll_free(s);
        }
        kalends_calendar_free(cal);
    }
}

static void test_scroll_counts_without_building(void) {
    CHECK_MSG(in_capped_child(huge_scroll_queries, (size_t)512 << 20), "huge scroll queries in 512 MB");
    CHECK_MSG(in_capped_child(huge_lunar_scroll_queries, (size_t)512 << 20), "huge lunar scroll queries in 512 MB");
}

/* ---- issue 10 item 3: selected days over a huge range listed every day -------- */

static void huge_selection(void) {
    kalends_view_options o;
    kalends_view_options_init(&o);
    o.selection_mode = KALENDS_SELECTION_RANGE;
    kalends_view *v = NULL;
    CHECK(kalends_view_new(NULL, &o, NULL, &v) == KALENDS_OK);
    kalends_date a = {-999999, 3, 1}, b = {999999, 10, 15};
    int32_t da = 0, db = 0;
    kalends_date_day_number(&a, &da);
    kalends_date_day_number(&b, &db);
    CHECK(kalends_view_select(v, &a, NULL) == KALENDS_OK);
    CHECK(kalends_view_select(v, &b, NULL) == KALENDS_OK);
    int32_t count = -1;
    CHECK(kalends_view_selected_days(v, NULL, 0, &count) == KALENDS_OK && count == db - da + 1);
    int32_t few[4];
    CHECK(kalends_view_selected_days(v, few, 4, &count) == KALENDS_E_BUFFER_TOO_SMALL && count == db - da + 1);
    kalends_selection sel;
    CHECK(kalends_view_selection(v, &sel) == KALENDS_OK && sel.count == count && sel.first == da && sel.last == db);
    /* a small range is listed */
    kalends_view_clear_selection(v);
    kalends_date c = {2026, 11, 28}, d = {2026, 12, 2};
    CHECK(kalends_view_select(v, &c, NULL) == KALENDS_OK && kalends_view_select(v, &d, NULL) == KALENDS_OK);
    int32_t list[8];
    CHECK(kalends_view_selected_days(v, list, 8, &count) == KALENDS_OK && count == 5);
    for (int i = 1; i < count; i++) CHECK(list[i] == list[0] + i);
    kalends_view_free(v);
}

static void test_selected_days_counts_without_listing(void) {
    CHECK_MSG(in_capped_child(huge_selection, (size_t)256 << 20), "a huge selection in 256 MB");
}

/* ---- the same family: a timeline's minimum height over a tiny hour height ------- */

static void test_timeline_tiny_hour_height(void) {
    kalends_event events[2];
    memset(events, 0, sizeof events);
    int64_t base = 20000LL * 86400;
    events[0].struct_size = events[1].struct_size = sizeof events[0];
    events[0].title_length = events[1].title_length = -1;
    events[0].id = 1;
    events[0].start = base + 9 * 3600;
    events[0].end = base + 10 * 3600;
    events[1].id = 2;
    events[1].start = base + 11 * 3600;
    events[1].end = base + 12 * 3600;
    kalends_store *store = NULL;
    CHECK(kalends_store_new(&store) == KALENDS_OK);
    CHECK(kalends_store_add_events(store, events, 2) == KALENDS_OK);
    double hours[] = {4.9e-324, 1e-300, 1e-10};
    for (int i = 0; i < 3; i++) {
        kalends_timeline_options o;
        kalends_timeline_options_init(&o);
        o.hour_height = hours[i];
        o.min_height = 18;
        kalends_timeline_item items[4];
        int32_t n = -1;
        CHECK(kalends_store_timeline(store, NULL, 20000, &o, items, 4, &n) == KALENDS_OK && n == 2);
        /* 18 points are longer than the whole day: the two events share it side by side */
        CHECK(n == 2 && items[0].columns == 2 && items[1].columns == 2);
    }
    kalends_store_free(store);
}

/* ---- issue 10 item 8: sources are asked for the new page before page_changed ----- */

/* What happened, in order: 'S' a source was asked, 'P' page_changed; and how many
   events of the incoming page the store held when page_changed ran. */
typedef struct {
    char order[32];
    int n;
    kalends_store *store;
    int32_t events_at_page_change;
} page_log;

static void page_log_add(page_log *log, char what) {
    if (log->n < (int)sizeof log->order - 1) log->order[log->n++] = what;
}

/* A synchronous source: one all-day event on the first day it is asked for. */
static kalends_status ordered_fetch(void *user_data, int32_t first_day, int32_t last_day, const kalends_event_sink *sink) {
    (void)last_day;
    page_log_add((page_log *)user_data, 'S');
    kalends_event e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    e.all_day = 1;
    e.id = 1000000 + first_day;
    e.start = e.end = first_day;
    e.title = "page";
    e.title_length = -1;
    return sink->add(sink->context, &e);
}

static kalends_status ordered_page_changed(void *user_data, const kalends_transition *t) {
    page_log *log = (page_log *)user_data;
    page_log_add(log, 'P');
    int32_t count = -1;
    if (kalends_store_query_ids(log->store, NULL, t->to.first, t->to.last, NULL, 0, &count, NULL) == KALENDS_OK)
        log->events_at_page_change = count;
    return KALENDS_OK;
}

static void test_sources_are_asked_before_page_changed(void) {
    page_log log;
    memset(&log, 0, sizeof log);
    CHECK(kalends_store_new(&log.store) == KALENDS_OK);
    kalends_view *v = NULL;
    CHECK(kalends_view_new(NULL, NULL, NULL, &v) == KALENDS_OK);
    kalends_view_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.struct_size = sizeof cb;
    cb.user_data = &log;
    cb.page_changed = ordered_page_changed;
    CHECK(kalends_view_set_callbacks(v, &cb) == KALENDS_OK);
    CHECK(kalends_view_set_store(v, log.store, NULL) == KALENDS_OK);
    kalends_source src;
    memset(&src, 0, sizeof src);
    src.struct_size = sizeof src;
    src.user_data = &log;
    src.fetch = ordered_fetch;
    int32_t id = 0;
    CHECK(kalends_view_add_source(v, &src, &id) == KALENDS_OK);
    CHECK_MSG(strcmp(log.order, "S") == 0, "adding the source: %s", log.order);   /* asked for the current page */
    kalends_transition t;
    CHECK(kalends_view_next_page(v, &t) == KALENDS_OK && t.direction == KALENDS_DIRECTION_FORWARD);
    /* Kal's order: the model moves, the source is asked, then the views slide */
    CHECK_MSG(strcmp(log.order, "SSP") == 0, "next page: %s (S = source asked, P = page_changed)", log.order);
    CHECK_MSG(log.events_at_page_change == 1, "the store held %d events of the new page at page_changed",
              log.events_at_page_change);
    kalends_date far = {2030, 6, 15};
    CHECK(kalends_view_go_to(v, &far, NULL) == KALENDS_OK);
    CHECK_MSG(strcmp(log.order, "SSPSP") == 0, "go_to: %s", log.order);
    kalends_view_free(v);
    kalends_store_free(log.store);
}

/* ---- issue 10 item 9: an alternative constant reads the item's solved frame ---- */

static int32_t add_constraint(kalends_autolayout *l, int32_t first, kalends_attribute fa, int32_t second,
                              kalends_attribute sa, double constant, int32_t alt_item, kalends_basis basis, double alt) {
    kalends_constraint c;
    kalends_constraint_init(&c);
    c.first_item = first;
    c.first_attribute = fa;
    c.second_item = second;
    c.second_attribute = sa;
    c.constant = constant;
    c.alt_item = alt_item;
    c.alt_basis = basis;
    c.alt_multiplier = alt;
    int32_t id = 0;
    CHECK(kalends_autolayout_add_constraint(l, &c, &id) == KALENDS_OK);
    return id;
}

static int near(double a, double b) { return fabs(a - b) < 1e-6; }

static void test_alt_constant_reads_the_solved_frame(void) {
    const int32_t S = KALENDS_ITEM_SCREEN, N = KALENDS_ITEM_NONE;
    kalends_autolayout *l = NULL;
    CHECK(kalends_autolayout_new(&l) == KALENDS_OK);
    CHECK(kalends_autolayout_set_item_size(l, S, 390, 844) == KALENDS_OK);
    /* a container 20 in from the screen's sides and 100 from its top and bottom, never sized by the host */
    int32_t box = 0, square = 0, inner = 0;
    CHECK(kalends_autolayout_add_item(l, N, &box) == KALENDS_OK);
    add_constraint(l, box, KALENDS_ATTRIBUTE_LEFT, S, KALENDS_ATTRIBUTE_LEFT, 20, N, KALENDS_BASIS_CONSTANT, 1);
    add_constraint(l, box, KALENDS_ATTRIBUTE_RIGHT, S, KALENDS_ATTRIBUTE_RIGHT, -20, N, KALENDS_BASIS_CONSTANT, 1);
    add_constraint(l, box, KALENDS_ATTRIBUTE_TOP, S, KALENDS_ATTRIBUTE_TOP, 100, N, KALENDS_BASIS_CONSTANT, 1);
    add_constraint(l, box, KALENDS_ATTRIBUTE_BOTTOM, S, KALENDS_ATTRIBUTE_BOTTOM, -100, N, KALENDS_BASIS_CONSTANT, 1);
    /* a square at 80% of the container's shorter edge, centred in it */
    CHECK(kalends_autolayout_add_item(l, box, &square) == KALENDS_OK);
    int32_t w = add_constraint(l, square, KALENDS_ATTRIBUTE_WIDTH, N, KALENDS_ATTRIBUTE_NONE, 0, box,
                               KALENDS_BASIS_SHORTER_EDGE, 0.8);
    add_constraint(l, square, KALENDS_ATTRIBUTE_HEIGHT, N, KALENDS_ATTRIBUTE_NONE, 0, box, KALENDS_BASIS_SHORTER_EDGE, 0.8);
    add_constraint(l, square, KALENDS_ATTRIBUTE_CENTER_X, box, KALENDS_ATTRIBUTE_CENTER_X, 0, N, KALENDS_BASIS_CONSTANT, 1);
    add_constraint(l, square, KALENDS_ATTRIBUTE_CENTER_Y, box, KALENDS_ATTRIBUTE_CENTER_Y, 0, N, KALENDS_BASIS_CONSTANT, 1);
    /* and inside the square a bar half its width, 10 high, at its top left (a chain of two) */
    CHECK(kalends_autolayout_add_item(l, square, &inner) == KALENDS_OK);
    add_constraint(l, inner, KALENDS_ATTRIBUTE_WIDTH, N, KALENDS_ATTRIBUTE_NONE, 0, square, KALENDS_BASIS_WIDTH, 0.5);
    add_constraint(l, inner, KALENDS_ATTRIBUTE_HEIGHT, N, KALENDS_ATTRIBUTE_NONE, 10, N, KALENDS_BASIS_CONSTANT, 1);
    add_constraint(l, inner, KALENDS_ATTRIBUTE_LEFT, square, KALENDS_ATTRIBUTE_LEFT, 0, N, KALENDS_BASIS_CONSTANT, 1);
    add_constraint(l, inner, KALENDS_ATTRIBUTE_TOP, square, KALENDS_ATTRIBUTE_TOP, 0, N, KALENDS_BASIS_CONSTANT, 1);

    /* portrait: the container is 350 x 644, the square 280 (not 0 x 0), the bar 140 */
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    kalends_rect b, q, r;
    double c = -1;
    CHECK(kalends_autolayout_frame(l, box, &b) == KALENDS_OK && near(b.width, 350) && near(b.height, 644));
    CHECK(kalends_autolayout_frame(l, square, &q) == KALENDS_OK);
    CHECK_MSG(near(q.width, 280) && near(q.height, 280) && near(q.x, 35) && near(q.y, 182),
              "portrait square %g x %g at (%g, %g)", q.width, q.height, q.x, q.y);
    CHECK(kalends_autolayout_frame(l, inner, &r) == KALENDS_OK);
    CHECK_MSG(near(r.width, 140) && near(r.height, 10), "portrait bar %g x %g", r.width, r.height);
    CHECK(kalends_autolayout_constant(l, w, &c) == KALENDS_OK && near(c, 280));
    /* landscape: the container is 804 x 190, the square 152, the bar 76, in one solve */
    CHECK(kalends_autolayout_set_item_size(l, S, 844, 390) == KALENDS_OK);
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    CHECK(kalends_autolayout_frame(l, square, &q) == KALENDS_OK);
    CHECK_MSG(near(q.width, 152) && near(q.height, 152) && near(q.x, 326) && near(q.y, 19),
              "landscape square %g x %g at (%g, %g)", q.width, q.height, q.x, q.y);
    CHECK(kalends_autolayout_frame(l, inner, &r) == KALENDS_OK);
    CHECK_MSG(near(r.width, 76), "landscape bar %g", r.width);
    /* a size the host sets still wins (an item the layout does not place) */
    CHECK(kalends_autolayout_set_item_size(l, box, 100, 50) == KALENDS_OK);
    CHECK(kalends_autolayout_solve(l) == KALENDS_OK);
    CHECK(kalends_autolayout_frame(l, square, &q) == KALENDS_OK && near(q.width, 40) && near(q.height, 40));
    kalends_autolayout_free(l);
}

/* ---- fuzzing (rrule_c): a rule's text with an UNTIL at Int64's ends ---------------- */

/* kalends_rrule_text trapped (arithmetic overflow in the UNTIL's time of day) for a
   rule made by kalends_rrule_new with until = INT64_MIN as wall time. */
static void test_rrule_text_of_extreme_until(void) {
    const int64_t untils[] = {INT64_MIN, INT64_MIN + 1, INT64_MAX, -86400};
    for (size_t i = 0; i < sizeof untils / sizeof untils[0]; i++) {
        kalends_rrule_options o;
        CHECK(kalends_rrule_options_init(&o) == KALENDS_OK);
        o.frequency = KALENDS_RRULE_FREQUENCY_DAILY;
        o.until_kind = KALENDS_RRULE_UNTIL_LOCAL;
        o.until = untils[i];
        kalends_rrule *rule = NULL;
        if (kalends_rrule_new(&o, 0, KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) != KALENDS_OK) continue;
        char text[256];
        size_t length = 0;
        CHECK_MSG(kalends_rrule_text(rule, text, sizeof text, &length) == KALENDS_OK && length > 0,
                  "text of until %lld", (long long)untils[i]);
        kalends_rrule_free(rule);
    }
}

/* ---- issue 10 item 7: default metrics follow MBCalendarKit 5's header ------------ */

static void test_default_metrics_follow_the_seed(void) {
    kalends_view_metrics m;
    CHECK(kalends_view_metrics_init(&m) == KALENDS_OK && m.header_height == 44 && m.weekday_height == 0);
    kalends_calendar_options co;
    kalends_calendar_options_init(&co);
    co.first_weekday = KALENDS_SUNDAY;
    kalends_calendar *cal = NULL;
    CHECK(kalends_calendar_new(&co, &cal) == KALENDS_OK);
    kalends_view_options o;
    kalends_view_options_init(&o);
    o.rows = KALENDS_ROWS_VARIABLE;
    m.width = 320;
    m.scale = 0;
    kalends_view *v = NULL;
    CHECK(kalends_view_new(cal, &o, &m, &v) == KALENDS_OK);
    kalends_date feb = {2026, 2, 14};
    CHECK(kalends_view_go_to(v, &feb, NULL) == KALENDS_OK);
    /* header (44, title and weekday symbols) + 4 rows x 320 / 7: 226.86, not 247 */
    kalends_size size;
    CHECK(kalends_view_intrinsic_size(v, &size) == KALENDS_OK);
    CHECK_MSG(near(size.height, 44 + 4 * 320.0 / 7) && fabs(size.height - 226.86) < 0.005, "height %g", size.height);
    kalends_element el[64];
    int32_t n = 0, labels = 0;
    CHECK(kalends_view_layout(v, el, 64, &n) == KALENDS_OK && n == 4 + 7 + 28);
    for (int32_t i = 0; i < n; i++) {
        if (el[i].kind == KALENDS_ELEMENT_WEEKDAY && near(el[i].frame.y, 34) && near(el[i].frame.height, 10)) labels++;
        if (el[i].kind == KALENDS_ELEMENT_TITLE) CHECK(near(el[i].frame.y, 0) && near(el[i].frame.height, 34));
        if (el[i].kind == KALENDS_ELEMENT_DAY && el[i].index == 0) CHECK(near(el[i].frame.y, 44));
    }
    CHECK_MSG(labels == 7, "%d weekday labels in the header's bottom strip", labels);
    /* a separate weekday row stays an option */
    m.weekday_height = 20;
    CHECK(kalends_view_set_metrics(v, &m) == KALENDS_OK);
    CHECK(kalends_view_intrinsic_size(v, &size) == KALENDS_OK && near(size.height, 44 + 20 + 4 * 320.0 / 7));
    m.scale = 1;   /* the default: snapped to a pixel */
    m.weekday_height = 0;
    CHECK(kalends_view_set_metrics(v, &m) == KALENDS_OK);
    CHECK(kalends_view_intrinsic_size(v, &size) == KALENDS_OK && size.height == 227);
    kalends_view_free(v);
    kalends_calendar_free(cal);
}

int main(void) {
    test_scroll_far_viewports();
    test_scroll_degenerate_rows();
    test_scroll_counts_without_building();
    test_selected_days_counts_without_listing();
    test_timeline_tiny_hour_height();
    test_sources_are_asked_before_page_changed();
    test_alt_constant_reads_the_solved_frame();
    test_default_metrics_follow_the_seed();
    test_rrule_text_of_extreme_until();
    return check_summary("regression_test");
}

/* Eight threads at once, for the sanitizers (make test-asan, make test-tsan) and as a
   plain test: each thread works with handles of its own (a calendar, a view with
   callbacks, a solver, a time zone) and all of them share handles the header says may
   be used from several threads at once (kalends.h, "Handles"): one calendar, one
   store (each thread adds, updates, queries and removes its own ids), one solver
   (serialized calls on a shared tableau), one time zone and one scrolling calendar
   (immutable), and the calendar-system registry; and one calendar whose options the
   threads change while all of them read its grids (each grid must be whole under one
   set of options: the first weekday Monday or Sunday, 42 consecutive days, the
   month's days flagged in the month). Each thread checks its answers and its
   own last-error message (per thread: another thread's failure must not show in it);
   the main thread checks the shared store and solver afterwards. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "kalends.h"
#include "check.h"

enum { THREADS = 8, ROUNDS = 300, EVENTS_PER_THREAD = 200 };

typedef struct shared {
    kalends_calendar *calendar;
    kalends_store *store;
    kalends_solver *solver;
    kalends_timezone *zone;
    kalends_scroll *scroll;
    kalends_calendar *changing;
    int32_t first_variable;
} shared;

typedef struct worker {
    shared *s;
    int index;
    int failures;
    char first_failure[200];
    int selections;
} worker;

static void fail(worker *w, const char *what, int line)
{
    if (w->failures++ == 0) snprintf(w->first_failure, sizeof w->first_failure, "thread %d, line %d: %s", w->index, line, what);
}
#define EXPECT(w, cond) do { if (!(cond)) fail((w), #cond, __LINE__); } while (0)

static kalends_status did_select(void *user_data, int32_t day)
{
    worker *w = user_data;
    (void)day;
    w->selections++;
    return KALENDS_OK;
}

static void *run(void *arg)
{
    worker *w = arg;
    shared *s = w->s;
    kalends_view_metrics metrics;
    kalends_view_metrics_init(&metrics);
    metrics.width = 300 + w->index;
    kalends_view *view = NULL;
    EXPECT(w, kalends_view_new(s->calendar, NULL, &metrics, &view) == KALENDS_OK);
    kalends_view_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.struct_size = sizeof cb;
    cb.user_data = w;
    cb.did_select = did_select;
    EXPECT(w, kalends_view_set_callbacks(view, &cb) == KALENDS_OK);
    kalends_solver *own = NULL;
    EXPECT(w, kalends_solver_new(&own) == KALENDS_OK);
    int32_t x = 0;
    EXPECT(w, kalends_solver_add_variables(own, 1, &x) == KALENDS_OK);
    EXPECT(w, kalends_solver_add_edit_variable(own, x, KALENDS_STRENGTH_STRONG) == KALENDS_OK);
    kalends_timezone *zone = NULL;
    EXPECT(w, kalends_timezone_new("EST5EDT,M3.2.0,M11.1.0", &zone) == KALENDS_OK);
    char system[64];
    int32_t systems = 0;
    kalends_calendar_system_count(&systems);

    for (int round = 0; round < ROUNDS; round++) {
        /* own view: select a day and page */
        kalends_date d = { 2026, 1 + (round + w->index) % 12, 1 + round % 28 };
        kalends_action action;
        EXPECT(w, kalends_view_select(view, &d, &action) == KALENDS_OK && action.outcome == KALENDS_OUTCOME_SELECTED);
        kalends_element elements[64];
        int32_t count = 0;
        EXPECT(w, kalends_view_layout(view, elements, 64, &count) == KALENDS_OK && count > 40);
        EXPECT(w, kalends_view_next_page(view, NULL) == KALENDS_OK);

        /* own solver */
        double value = 0;
        EXPECT(w, kalends_solver_suggest_value(own, x, round * 1.5) == KALENDS_OK);
        EXPECT(w, kalends_solver_update_variables(own, NULL, 0, NULL) == KALENDS_OK);
        EXPECT(w, kalends_solver_values(own, x, 1, &value) == KALENDS_OK && value == round * 1.5);

        /* shared store: this thread's ids only */
        int64_t id = (int64_t)w->index * 1000000 + round % EVENTS_PER_THREAD;
        kalends_event e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        e.id = id;
        e.start = 1764000000LL + round * 3600;
        e.end = e.start + 1800;
        e.title = "stress";
        e.title_length = -1;
        if (round < EVENTS_PER_THREAD) EXPECT(w, kalends_store_add(s->store, &e) == KALENDS_OK);
        else EXPECT(w, kalends_store_update(s->store, &e) == KALENDS_OK);
        kalends_event got;
        got.struct_size = sizeof got;
        EXPECT(w, kalends_store_get(s->store, id, &got) == KALENDS_OK && got.start == e.start);
        int64_t ids[64];
        uint64_t version = 0;
        kalends_status q = kalends_store_query_ids(s->store, s->zone, 20416, 20418, ids, 64, &count, &version);
        EXPECT(w, q == KALENDS_OK || q == KALENDS_E_BUFFER_TOO_SMALL);

        /* shared solver: a suggestion on this thread's edit variable */
        EXPECT(w, kalends_solver_suggest_value(s->solver, s->first_variable + w->index, w->index * 10.0 + round) == KALENDS_OK);

        /* shared zone, scroll, calendar, registry: reads */
        int32_t east = 0;
        EXPECT(w, kalends_timezone_offset(s->zone, 1764000000LL + round * 86400, &east, NULL) == KALENDS_OK);
        EXPECT(w, kalends_timezone_offset(zone, 1764000000LL, &east, NULL) == KALENDS_OK && east == -5 * 3600);
        kalends_rect viewport = { 0, round * 100.0, 350, 600 };
        EXPECT(w, kalends_scroll_elements(s->scroll, &viewport, NULL, 0, &count) == KALENDS_OK && count > 0);
        kalends_day days[42];
        EXPECT(w, kalends_calendar_month_grid(s->calendar, 2026, 1 + round % 12, KALENDS_ROWS_FIXED, days, 42, &count) == KALENDS_OK);
        /* shared calendar whose options change under the readers */
        if (w->index % 2 == 0) {
            kalends_calendar_options o;
            kalends_calendar_options_init(&o);
            o.first_weekday = (round + w->index) % 4 < 2 ? KALENDS_MONDAY : KALENDS_SUNDAY;
            EXPECT(w, kalends_calendar_set_options(s->changing, &o) == KALENDS_OK);
        }
        int32_t month = 1 + (round + w->index) % 12;
        EXPECT(w, kalends_calendar_month_grid(s->changing, 2026, month, KALENDS_ROWS_FIXED, days, 42, &count) == KALENDS_OK
                  && count == 42);
        int whole = days[0].weekday == KALENDS_MONDAY || days[0].weekday == KALENDS_SUNDAY;
        int in_month = 0;
        for (int i = 0; i < 42; i++) {
            whole = whole && days[i].day_number == days[0].day_number + i
                    && (int)days[i].weekday == ((int)days[0].weekday - 1 + i) % 7 + 1;
            if (days[i].flags & KALENDS_DAY_IN_MONTH) {
                whole = whole && days[i].date.month == month && days[i].date.day == ++in_month;
            }
        }
        static const int lengths2026[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
        EXPECT(w, whole && in_month == lengths2026[month - 1]);

        size_t length = 0;
        EXPECT(w, kalends_calendar_system_identifier((w->index + round) % systems, system, sizeof system, &length) == KALENDS_OK);
        kalends_system_date sd;
        int32_t back = 0;
        if (kalends_calendar_system_from_day(system, 20416 + round, &sd) == KALENDS_OK)
            EXPECT(w, kalends_calendar_system_to_day(system, &sd, &back) == KALENDS_OK && back == 20416 + round);

        /* this thread's error message is its own */
        char expected[32];
        snprintf(expected, sizeof expected, "no-such-%d", w->index);
        EXPECT(w, kalends_calendar_system_from_day(expected, 0, &sd) == KALENDS_E_NOT_FOUND);
        EXPECT(w, strstr(kalends_last_error(), expected) != NULL);
    }
    for (int i = 0; i < EVENTS_PER_THREAD; i++)
        EXPECT(w, kalends_store_remove(s->store, (int64_t)w->index * 1000000 + i) == KALENDS_OK);
    EXPECT(w, w->selections == ROUNDS);
    EXPECT(w, kalends_view_free(view) == KALENDS_OK);
    EXPECT(w, kalends_solver_free(own) == KALENDS_OK);
    EXPECT(w, kalends_timezone_free(zone) == KALENDS_OK);
    return NULL;
}

int main(void)
{
    shared s;
    memset(&s, 0, sizeof s);
    CHECK(kalends_calendar_new(NULL, &s.calendar) == KALENDS_OK);
    CHECK(kalends_calendar_new(NULL, &s.changing) == KALENDS_OK);
    CHECK(kalends_store_new(&s.store) == KALENDS_OK);
    CHECK(kalends_solver_new(&s.solver) == KALENDS_OK);
    CHECK(kalends_timezone_new("CET-1CEST,M3.5.0,M10.5.0/3", &s.zone) == KALENDS_OK);
    CHECK(kalends_solver_add_variables(s.solver, THREADS, &s.first_variable) == KALENDS_OK);
    for (int i = 0; i < THREADS; i++) {
        CHECK(kalends_solver_add_edit_variable(s.solver, s.first_variable + i, KALENDS_STRENGTH_STRONG) == KALENDS_OK);
        /* x_i >= 0, required */
        kalends_term t = { s.first_variable + i, 0, 1.0 };
        int32_t id = 0;
        CHECK(kalends_solver_add_constraint_terms(s.solver, &t, 1, 0.0, KALENDS_RELATION_GREATER_OR_EQUAL,
                                                  KALENDS_STRENGTH_REQUIRED, &id) == KALENDS_OK);
    }
    kalends_view_metrics metrics;
    kalends_view_metrics_init(&metrics);
    metrics.width = 350;
    kalends_scroll_options so;
    kalends_scroll_options_init(&so);
    so.first_month.year = 2026;
    so.first_month.month = 1;
    so.first_month.day = 1;
    CHECK(kalends_scroll_new(s.calendar, &so, &metrics, &s.scroll) == KALENDS_OK);

    pthread_t threads[THREADS];
    worker workers[THREADS];
    for (int i = 0; i < THREADS; i++) {
        memset(&workers[i], 0, sizeof workers[i]);
        workers[i].s = &s;
        workers[i].index = i;
        CHECK(pthread_create(&threads[i], NULL, run, &workers[i]) == 0);
    }
    for (int i = 0; i < THREADS; i++) {
        pthread_join(threads[i], NULL);
        CHECK_MSG(workers[i].failures == 0, "%d failures, first: %s", workers[i].failures, workers[i].first_failure);
    }
    /* every thread removed its events; each shared edit variable holds its last suggestion */
    int32_t count = -1;
    CHECK(kalends_store_count(s.store, &count) == KALENDS_OK && count == 0);
    double values[THREADS];
    CHECK(kalends_solver_update_variables(s.solver, NULL, 0, NULL) == KALENDS_OK);
    CHECK(kalends_solver_values(s.solver, s.first_variable, THREADS, values) == KALENDS_OK);
    for (int i = 0; i < THREADS; i++) CHECK_MSG(values[i] == i * 10.0 + ROUNDS - 1, "x%d = %g", i, values[i]);

    CHECK(kalends_scroll_free(s.scroll) == KALENDS_OK);
    CHECK(kalends_timezone_free(s.zone) == KALENDS_OK);
    CHECK(kalends_solver_free(s.solver) == KALENDS_OK);
    CHECK(kalends_store_free(s.store) == KALENDS_OK);
    CHECK(kalends_calendar_free(s.calendar) == KALENDS_OK);
    CHECK(kalends_calendar_free(s.changing) == KALENDS_OK);
    return check_summary("stress_test (8 threads)");
}

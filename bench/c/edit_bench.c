/* Event editing from C (issue 26): a move during an event drag in a week page of 1,000
   timed events (~140 a day, overlapping), each move giving the proposal and the preview
   of the affected days' boxes; the same with 10x the events elsewhere in the store (the
   cost follows the affected days); and the commit into a store of a million events.
   Medians of per-sample means; CPU time of this thread. */
#define _POSIX_C_SOURCE 200809L
#include "kalends.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "random_events.h"
#include "stats.h"

#define WEEK_FIRST 20780 /* 2026-11-23, a Monday */
#define SAMPLES 41
#define MOVES 200

static void ok(kalends_status s, const char *what) {
    if (s != KALENDS_OK) {
        fprintf(stderr, "edit_bench: %s failed with status %d\n", what, (int)s);
        exit(1);
    }
}


/* `per_week` timed events in each of `weeks` weeks from the page's week on (day 0 is
   the page's Monday), 08:00 ... 20:00 UTC starts, 30 ... 120 minutes long. */
static kalends_store *make_store(int per_week, int weeks, int64_t first_id) {
    kalends_store *store = NULL;
    ok(kalends_store_new(&store), "store_new");
    int n = per_week * weeks;
    kalends_event *events = calloc((size_t)n, sizeof *events);
    for (int i = 0; i < n; i++) {
        int week = i / per_week;
        int64_t day = WEEK_FIRST + (int64_t)week * 7 + (int64_t)(rnd() % 7);
        int64_t start = day * 86400 + 8 * 3600 + (int64_t)(rnd() % (12 * 4)) * 900;
        events[i].struct_size = sizeof(kalends_event);
        events[i].id = first_id + i;
        events[i].title = "event";
        events[i].title_length = -1;
        events[i].start = start;
        events[i].end = start + 1800 + (int64_t)(rnd() % 4) * 1800;
        events[i].color = 0x4A90E2FFu;
    }
    ok(kalends_store_add_events(store, events, n), "add_events");
    free(events);
    return store;
}

static kalends_view *make_view(kalends_store *store) {
    kalends_view_options o;
    kalends_view_metrics m;
    ok(kalends_view_options_init(&o), "options_init");
    ok(kalends_view_metrics_init(&m), "metrics_init");
    o.mode = KALENDS_MODE_WEEK;
    m.width = 700;
    kalends_view *view = NULL;
    ok(kalends_view_new(NULL, &o, &m, &view), "view_new");
    kalends_date d = {2026, 11, 25};
    ok(kalends_view_go_to(view, &d, NULL), "go_to");
    ok(kalends_view_set_store(view, store, NULL), "set_store");
    kalends_edit_options e;
    ok(kalends_edit_options_init(&e), "edit_options_init");
    e.editable = 1;
    ok(kalends_view_set_edit_options(view, &e), "set_edit_options");
    return view;
}

/* Median microseconds of one move (update + preview) while dragging `event`. */
static double drag(kalends_view *view, int64_t event, int64_t start) {
    kalends_edit_point at = {(int32_t)(start / 86400), 0, (int32_t)(start % 86400), 0};
    kalends_edit_state st;
    ok(kalends_view_edit_begin(view, KALENDS_GESTURE_EVENT_MOVE, event, 0, &at, &st), "edit_begin");
    static kalends_time_grid_item items[4096];
    int32_t count = 0;
    ok(kalends_view_edit_preview(view, NULL, items, 4096, &count), "edit_preview");   /* the grid, once */
    double samples[SAMPLES];
    for (int s = 0; s < SAMPLES; s++) {
        double t0 = cpu_ns();
        for (int i = 0; i < MOVES; i++) {
            kalends_edit_point to = {at.day + (i % 2), 0, 9 * 3600 + (i % 8) * 900, 0};
            ok(kalends_view_edit_update(view, &to, &st), "edit_update");
            ok(kalends_view_edit_preview(view, NULL, items, 4096, &count), "edit_preview");
        }
        samples[s] = (cpu_ns() - t0) / MOVES / 1000;
    }
    ok(kalends_view_edit_cancel(view, &st), "edit_cancel");
    return median(samples, SAMPLES);
}

int main(void) {
    kalends_store *small = make_store(1000, 1, 1);
    kalends_view *view = make_view(small);
    kalends_event e = {0};
    e.struct_size = sizeof e;
    ok(kalends_store_get(small, 500, &e), "get");
    double one = drag(view, 500, e.start);

    kalends_store *big = make_store(1000, 11, 1);   /* the same page's week and 10 weeks more */
    kalends_view *view10 = make_view(big);
    ok(kalends_store_get(big, 500, &e), "get");
    double ten = drag(view10, 500, e.start);
    printf("move during an event drag, 1,000 events in the week: %.2f us; 10x events elsewhere: %.2f us (%.2fx)\n",
           one, ten, ten / one);
    summary("edit.c.move", 0, one);
    summary("edit.c.move_10x", one, ten);

    kalends_store *million = make_store(1000, 1000, 1);
    kalends_view *view1m = make_view(million);
    double samples[SAMPLES];
    for (int s = 0; s < SAMPLES; s++) {
        int64_t id = 1 + (int64_t)(rnd() % 1000);   /* an event of the page's week */
        ok(kalends_store_get(million, id, &e), "get");
        kalends_edit_point at = {(int32_t)(e.start / 86400), 0, (int32_t)(e.start % 86400), 0};
        kalends_edit_point to = {at.day, 0, at.seconds >= 3600 ? at.seconds - 3600 : at.seconds + 3600, 0};
        kalends_edit_state st;
        ok(kalends_view_edit_begin(view1m, KALENDS_GESTURE_EVENT_MOVE, id, 0, &at, &st), "edit_begin");
        ok(kalends_view_edit_update(view1m, &to, &st), "edit_update");
        double t0 = cpu_ns();
        ok(kalends_view_edit_commit(view1m, &st), "edit_commit");
        samples[s] = (cpu_ns() - t0) / 1000;
        if (st.outcome != KALENDS_OUTCOME_EDITED) {
            fprintf(stderr, "edit_bench: the commit was refused (%d)\n", (int)st.refusal);
            return 1;
        }
    }
    double commit = median(samples, SAMPLES);
    printf("commit of a drag into a store of 1,000,000 events: %.2f us\n", commit);
    summary("edit.c.commit_1m", 0, commit);

    kalends_view_free(view);
    kalends_view_free(view10);
    kalends_view_free(view1m);
    kalends_store_free(small);
    kalends_store_free(big);
    kalends_store_free(million);
    return 0;
}

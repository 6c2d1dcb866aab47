/* A pointer move during a range drag through the C ABI: the hit test and the preview
   selection (issue 26: <= 2 us). Anchor: a hit test alone, same process. Two sizes: a
   drag that started on the page, and one that started 10 years of edge paging back
   (the preview is a range: its cost must not follow the days it spans). Medians of
   alternating samples, on the thread's CPU clock (a loaded machine preempts the longer batches). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "kalends.h"
#include "stats.h"

#define BATCH 2000

static volatile double guard;

static kalends_pointer_event at(double x, double y, double time) {
    kalends_pointer_event e;
    e.struct_size = sizeof e;
    e.kind = KALENDS_POINTER_MOUSE;
    e.x = x;
    e.y = y;
    e.time = time;
    return e;
}

static kalends_view *make_view(void) {
    kalends_view_options o;
    kalends_view_metrics m;
    kalends_view *view = NULL;
    kalends_view_options_init(&o);
    kalends_view_metrics_init(&m);
    o.selection_mode = KALENDS_SELECTION_RANGE;
    m.width = 390;
    m.scale = 3;
    if (kalends_view_new(NULL, &o, &m, &view) != KALENDS_OK) exit(1);
    kalends_date d = {2026, 11, 22};
    kalends_view_go_to(view, &d, NULL);
    return view;
}

static double clock_time = 0;

/* A drag from the second row's first cell; with `pages`, first held at the right edge
   until the view paged that many months on. */
static void start_drag(kalends_view *view, int pages) {
    kalends_pointer_event e = at(20, 44 + 55 * 1.5, clock_time);
    if (kalends_view_pointer_press(view, &e, NULL, NULL) != KALENDS_OK) exit(2);
    for (int p = 0; p < pages; p++) {
        clock_time += 0.7;
        e = at(385, 44 + 55 * 3.5, clock_time);
        kalends_view_pointer_move(view, &e, NULL, NULL);
    }
}

/* ns per move, each to another cell of the page (every move changes the preview) */
static double batch_moves(kalends_view *view) {
    kalends_element hit;
    kalends_action action;
    double t = cpu_ns();
    for (int i = 0; i < BATCH; i++) {
        clock_time += 0.001;
        kalends_pointer_event e = at(60 + (double)((i * 37) % 280), 44 + 55 * (1.5 + (double)(i % 4)), clock_time);
        kalends_view_pointer_move(view, &e, &hit, &action);
        guard += action.day;
    }
    return (cpu_ns() - t) / BATCH;
}

static double batch_hit_test(kalends_view *view) {
    kalends_element hit;
    double t = cpu_ns();
    for (int i = 0; i < BATCH; i++) {
        kalends_view_hit_test(view, 60 + (double)((i * 37) % 280), 44 + 55 * (1.5 + (double)(i % 4)), &hit);
        guard += hit.day_number;
    }
    return (cpu_ns() - t) / BATCH;
}

int main(int argc, char **argv) {
    int samples = argc > 1 ? atoi(argv[1]) : 31;
    if (samples < 3 || samples > MAX_SAMPLES) samples = 31;
    kalends_view *near = make_view(), *far = make_view();
    start_drag(near, 0);
    start_drag(far, 120);
    kalends_gesture g;
    g.struct_size = sizeof g;
    kalends_view_gesture(far, &g);
    double hn[MAX_SAMPLES], mn[MAX_SAMPLES], mf[MAX_SAMPLES];
    batch_moves(near);
    for (int s = 0; s < samples; s++) {
        hn[s] = batch_hit_test(near);
        mf[s] = batch_moves(far);
        mn[s] = batch_moves(near);
    }
    kalends_view_gesture(far, &g);
    double h = median(hn, samples), n = median(mn, samples), f = median(mf, samples);
    printf("pointer moves during a range drag through the C ABI, %d samples x %d (medians):\n", samples, BATCH);
    printf("  hit test alone (anchor)                        %8.1f ns\n", h);
    printf("  move: hit test + preview, drag from this page  %8.1f ns   (goal <= 2000 ns)\n", n);
    printf("  move, drag from 120 pages back (%d days)    %8.1f ns   %.2fx\n",
           g.has_preview ? g.preview_last - g.preview_first + 1 : 0, f, f / n);
    summary("pointer.c.range_move", h, n);
    summary("pointer.c.range_move.far", n, f);
    kalends_view_pointer_cancel(near, NULL);
    kalends_view_pointer_cancel(far, NULL);
    kalends_view_free(near);
    kalends_view_free(far);
    return 0;
}

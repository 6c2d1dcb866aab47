/* --bench N: the week page with N more timed events redrawn offscreen (a Cairo image
   surface the size of the window's week pane), ROUNDS times; prints the medians of
   Kalends' part (every frame of the page: cells, time grid, boxes, bars, each event's
   colour and title from the store) and Cairo's part (drawing them, text through Pango),
   and appends a row to $KALENDS_BENCH_SUMMARY (bench/summarize.py): key
   gtk.c.week_redraw.N, "anchor" Kalends' part, "kalends" the whole redraw, in ms. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime's thread CPU clock */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "host.h"
#include "week.h"

/* This thread's CPU time in ms: on a loaded machine the wall clock also counts the time
   other processes had the core; both are reported. */
static double cpu_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *values, int n) {
    qsort(values, (size_t)n, sizeof *values, compare);
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

int bench_run(host *h, int events, int rounds) {
    const int width = 640, height = 640;
    h->sample_events = events;
    /* widgets that are never shown: Pango takes its fonts from them */
    h->month.area = gtk_drawing_area_new();
    h->week.area = gtk_drawing_area_new();
    g_object_ref_sink(h->month.area);
    g_object_ref_sink(h->week.area);
    if (!host_open(h) || !host_resize(h, &h->week, width, height)) {
        fprintf(stderr, "bench: %s\n", h->message_text);
        return 1;
    }
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    cairo_t *cr = cairo_create(surface);
    double *frames_ms = g_new(double, rounds), *cairo_ms = g_new(double, rounds), *total_ms = g_new(double, rounds);
    double *cpu = g_new(double, rounds);
    week_frames f = {0};
    int boxes = 0;
    for (int i = 0; i < rounds; i++) {
        double c0 = cpu_ms();
        gint64 t0 = g_get_monotonic_time();
        if (!week_frames_fetch(h, &f)) {
            fprintf(stderr, "bench: %s\n", h->message_text);
            return 1;
        }
        gint64 t1 = g_get_monotonic_time();
        week_frames_render(h, &f, cr, width, height);
        cairo_surface_flush(surface);
        gint64 t2 = g_get_monotonic_time();
        cpu[i] = cpu_ms() - c0;
        frames_ms[i] = (t1 - t0) / 1000.0;
        cairo_ms[i] = (t2 - t1) / 1000.0;
        total_ms[i] = (t2 - t0) / 1000.0;
        boxes = f.item_count;
    }
    double kalends = median(frames_ms, rounds), drawing = median(cairo_ms, rounds), total = median(total_ms, rounds);
    /* sorted by median(): the 90th percentiles show how steady each part is */
    printf("90th percentiles: Kalends %.3f ms, Cairo %.3f ms, whole %.3f ms\n", frames_ms[rounds * 9 / 10],
           cairo_ms[rounds * 9 / 10], total_ms[rounds * 9 / 10]);
    printf("week redraw, %d events in the week (%d boxes), %dx%d, %d rounds: Kalends %.3f ms + Cairo %.3f ms = "
           "%.3f ms (median of the whole; CPU time %.3f ms)\n", events + 9, boxes, width, height, rounds, kalends,
           drawing, total, median(cpu, rounds));
    const char *summary = getenv("KALENDS_BENCH_SUMMARY");
    if (summary && *summary) {
        FILE *out = fopen(summary, "a");
        if (out) {
            fprintf(out, "gtk.c.week_redraw.%d\t%.6g\t%.6g\n", events, kalends, total);
            fclose(out);
        }
    }
    week_frames_free(&f);
    g_free(frames_ms);
    g_free(cairo_ms);
    g_free(total_ms);
    g_free(cpu);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    host_free(h);
    g_object_unref(h->month.area);
    g_object_unref(h->week.area);
    return 0;
}

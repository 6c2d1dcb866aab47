/* A month view's full layout (header, title, buttons, 7 weekday labels, 42 day cells
   with flags and snapped frames) and single hit tests, through the C ABI. The cost
   should follow what is visible: month (53 elements), week (18), day (6) pages, and
   the same month near year 2026 or year 900000. Medians of alternating samples. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "kalends.h"
#include "stats.h"

#define BATCH 2000

static kalends_element elements[64];
static volatile double guard;

static kalends_view *make_view(int32_t mode, int32_t year) {
    kalends_view_options o;
    kalends_view_metrics m;
    kalends_view *view = NULL;
    kalends_view_options_init(&o);
    kalends_view_metrics_init(&m);
    o.mode = mode;
    m.width = 390;
    m.scale = 3;
    if (kalends_view_new(NULL, &o, &m, &view) != KALENDS_OK) exit(1);
    kalends_date d = {year, 11, 22};
    kalends_view_go_to(view, &d, NULL);
    kalends_view_select(view, &d, NULL);
    return view;
}

/* ns per full layout; every other call pages, so each layout is of a fresh page */
static double batch_layout(kalends_view *view) {
    int32_t count = 0;
    double t = now_ns();
    for (int i = 0; i < BATCH; i++) {
        if (i & 1) kalends_view_next_page(view, NULL); else kalends_view_previous_page(view, NULL);
        kalends_view_layout(view, elements, 64, &count);
        guard += elements[count - 1].frame.x;
    }
    return (now_ns() - t) / BATCH;
}

static double batch_paging(kalends_view *view) {
    double t = now_ns();
    for (int i = 0; i < BATCH; i++) {
        if (i & 1) kalends_view_next_page(view, NULL); else kalends_view_previous_page(view, NULL);
    }
    return (now_ns() - t) / BATCH;
}

static double batch_hit_test(kalends_view *view) {
    kalends_element hit;
    double t = now_ns();
    for (int i = 0; i < BATCH; i++) {
        kalends_view_hit_test(view, (double)((i * 37) % 390) + 0.5, 64.0 + (double)((i * 53) % 330), &hit);
        guard += hit.day_number;
    }
    return (now_ns() - t) / BATCH;
}

int main(int argc, char **argv) {
    int samples = argc > 1 ? atoi(argv[1]) : 31;
    if (samples < 3 || samples > MAX_SAMPLES) samples = 31;
    kalends_view *month = make_view(KALENDS_MODE_MONTH, 2026), *week = make_view(KALENDS_MODE_WEEK, 2026);
    kalends_view *day = make_view(KALENDS_MODE_DAY, 2026), *far = make_view(KALENDS_MODE_MONTH, 900000);
    int32_t n_month = 0, n_week = 0, n_day = 0;
    kalends_view_layout(month, NULL, 0, &n_month);
    kalends_view_layout(week, NULL, 0, &n_week);
    kalends_view_layout(day, NULL, 0, &n_day);
    double lm[MAX_SAMPLES], lw[MAX_SAMPLES], ld[MAX_SAMPLES], lf[MAX_SAMPLES], pg[MAX_SAMPLES], ht[MAX_SAMPLES];
    batch_layout(month);
    for (int s = 0; s < samples; s++) {
        lm[s] = batch_layout(month);
        lw[s] = batch_layout(week);
        ld[s] = batch_layout(day);
        lf[s] = batch_layout(far);
        pg[s] = batch_paging(month);
        ht[s] = batch_hit_test(month);
    }
    double m = median(lm, samples), p = median(pg, samples);
    printf("view layout through the C ABI, 390 pt wide at scale 3, %d samples x %d (medians):\n", samples, BATCH);
    printf("  month page: page turn + layout of %2d elements %8.1f ns   (%.0f ns/element)\n", n_month, m,
           (m - p) / n_month);
    printf("  week page:  page turn + layout of %2d elements %8.1f ns\n", n_week, median(lw, samples));
    printf("  day page:   page turn + layout of %2d elements %8.1f ns\n", n_day, median(ld, samples));
    printf("  month page in year 900000                    %8.1f ns   %.2fx year 2026\n", median(lf, samples),
           median(lf, samples) / m);
    printf("  page turn alone                              %8.1f ns\n", p);
    printf("  one hit test (a point -> its element)        %8.1f ns\n", median(ht, samples));
    summary("view.c.far_year", m, median(lf, samples));
    kalends_view_free(month);
    kalends_view_free(week);
    kalends_view_free(day);
    kalends_view_free(far);
    return 0;
}

/* Viewport queries over a scrolling calendar of one year and of 10,000 years (and an
   open-ended one reaching year 999999): the same viewport size, at positions spread
   over the whole content, alternating samples in one process. The cost should follow
   the viewport, not the range. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "kalends.h"
#include "stats.h"

#define BATCH 1000

static kalends_element elements[512];
static volatile double guard;

static kalends_scroll *make(int32_t axis, int32_t first_year, int32_t last_year) {
    kalends_scroll_options o;
    kalends_view_metrics m;
    kalends_scroll *s = NULL;
    kalends_scroll_options_init(&o);
    kalends_view_metrics_init(&m);
    o.axis = axis;
    o.first_month.year = first_year;
    o.first_month.month = 1;
    o.first_month.day = 1;
    o.has_last_month = last_year != 0;
    o.last_month.year = last_year;
    o.last_month.month = 12;
    o.last_month.day = 1;
    m.width = 390;
    m.scale = 3;
    if (kalends_scroll_new(NULL, &o, &m, &s) != KALENDS_OK) exit(1);
    return s;
}

/* ns per query of a 390 x 844 viewport at positions spread over the first `span`
   points of content along the axis */
static double batch(const kalends_scroll *s, int32_t axis, double span, int32_t *found) {
    int32_t n = 0, total = 0;
    double t = now_ns();
    for (int i = 0; i < BATCH; i++) {
        double at = span * (double)((i * 7919) % BATCH) / BATCH;
        kalends_rect vp = {axis ? at : 0, axis ? 0 : at, 390, 844};
        kalends_scroll_elements(s, &vp, elements, 512, &n);
        total += n;
        guard += elements[0].frame.y;
    }
    *found = total / BATCH;
    return (now_ns() - t) / BATCH;
}

int main(int argc, char **argv) {
    int samples = argc > 1 ? atoi(argv[1]) : 21;
    if (samples < 3 || samples > MAX_SAMPLES) samples = 21;
    for (int32_t axis = 0; axis <= 1; axis++) {
        kalends_scroll *year = make(axis, 2026, 2026), *ten = make(axis, -4000, 5999), *open = make(axis, 2026, 0);
        kalends_size ys, ts;
        kalends_scroll_content_size(year, &ys, NULL);
        kalends_scroll_content_size(ten, &ts, NULL);
        double year_span = (axis ? ys.width : ys.height) - 844, ten_span = (axis ? ts.width : ts.height) - 844;
        double open_span = ten_span * 80; /* reaches towards year 800000 */
        double a[MAX_SAMPLES], b[MAX_SAMPLES], c[MAX_SAMPLES];
        int32_t na = 0, nb = 0, nc = 0;
        batch(ten, axis, ten_span, &nb);
        for (int s = 0; s < samples; s++) {
            a[s] = batch(year, axis, year_span, &na);
            b[s] = batch(ten, axis, ten_span, &nb);
            c[s] = batch(open, axis, open_span, &nc);
        }
        double ma = median(a, samples), mb = median(b, samples), mc = median(c, samples);
        printf("scrolling calendar, %s, 390 x 844 viewport, %d samples x %d queries (medians):\n",
               axis ? "horizontal" : "vertical", samples, BATCH);
        printf("  1 year (12 months)                  %8.1f ns/query  (%d elements)\n", ma, na);
        printf("  10,000 years (120,000 months)       %8.1f ns/query  (%d elements)  %.2fx 1 year\n", mb, nb, mb / ma);
        printf("  open-ended, to year 999999          %8.1f ns/query  (%d elements)  %.2fx 1 year\n", mc, nc, mc / ma);
        printf("  per element (10,000 years)          %8.1f ns\n", mb / (nb ? nb : 1));
        summary(axis ? "scroll.c.10000y.horizontal" : "scroll.c.10000y.vertical", ma, mb);
        kalends_scroll_free(year);
        kalends_scroll_free(ten);
        kalends_scroll_free(open);
    }
    return 0;
}

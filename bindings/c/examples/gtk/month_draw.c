/* The month pane: the day cells (cells_draw.c) and the events as bars across them
   (kalends_view_event_bars), each bar in its event's colour with its title. */
#include <stdio.h>

#include "cells.h"
#include "palette.h"

typedef struct month_scratch {
    kalends_element *elements;
    int32_t element_capacity;
    kalends_event_bar *bars;
    int32_t bar_capacity;
    kalends_event_more *more;
    int32_t more_capacity;
} month_scratch;

static month_scratch scratch; /* grown as pages need, kept for the next redraw */

static void draw_bars(host *h, pane *p, cairo_t *cr) {
    int32_t bars = 0, more = 0;
    for (;;) {
        kalends_status s = kalends_view_event_bars(p->view, h->store, h->zone, &h->bar_options, scratch.bars,
                                                   scratch.bar_capacity, &bars, scratch.more, scratch.more_capacity,
                                                   &more);
        int short_ = bars > scratch.bar_capacity || more > scratch.more_capacity; /* NULL arrays: a size query */
        if (s == KALENDS_E_BUFFER_TOO_SMALL || (s == KALENDS_OK && short_)) { /* both counts are set */
            if (bars > scratch.bar_capacity) {
                scratch.bars = g_renew(kalends_event_bar, scratch.bars, bars);
                scratch.bar_capacity = bars;
            }
            if (more > scratch.more_capacity) {
                scratch.more = g_renew(kalends_event_more, scratch.more, more);
                scratch.more_capacity = more;
            }
            continue;
        }
        if (!host_check(h, s, "the month's event bars")) return;
        break;
    }
    h->drawn_more[0][0] = '\0';
    for (int32_t i = 0; i < bars; i++) {
        const kalends_event_bar *b = &scratch.bars[i];
        kalends_event e = {0};
        e.struct_size = sizeof e;
        if (!host_check(h, kalends_store_get(h->store, b->event, &e), "an event of the month")) continue;
        set_event_color(cr, e.color);
        cairo_rectangle(cr, b->frame.x, b->frame.y, b->frame.width, b->frame.height);
        cairo_fill(cr);
        kalends_rect box = {b->frame.x + 3, b->frame.y, b->frame.width - 6, b->frame.height};
        draw_text(p->area, cr, e.title, &box, 10, 0, PANGO_ALIGN_LEFT, RGB_ARGS(COLOR_BACKGROUND));
    }
    for (int32_t i = 0; i < more; i++) {
        char text[32];
        host_more_text(h, scratch.more[i].hidden, text, sizeof text);
        if (i == 0) snprintf(h->drawn_more[0], sizeof h->drawn_more[0], "%s", text);
        const kalends_rect *m = &scratch.more[i].frame;
        kalends_rect box = {m->x + 3, m->y, m->width - 6, m->height};
        draw_text(p->area, cr, text, &box, 10, 0, h->right_to_left ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT,
                  RGB_ARGS(COLOR_TEXT)); /* at the cell's start side */
    }
}

/* As many lanes as a day cell holds at its drawn height (at least one): a fixed count showed
   "+2" in cells with room for three more bars. */
static void fit_lanes(host *h, const kalends_element *elements, int32_t count) {
    for (int32_t i = 0; i < count; i++) {
        if (elements[i].kind != KALENDS_ELEMENT_DAY) continue;
        const kalends_bar_options *o = &h->bar_options;
        double room = elements[i].frame.height - o->top_inset - o->lane_spacing;
        double fit = room / (o->bar_height + o->lane_spacing);
        /* a 1 px window gives a negative room; the bound keeps the cast defined */
        h->bar_options.max_lanes = fit >= 1 && fit < 64 ? (int32_t)fit : (fit >= 64 ? 64 : 1);
        return;
    }
}

void month_draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
    (void)area;
    host *h = data;
    pane *p = &h->month;
    SET_RGB(cr, COLOR_BACKGROUND);
    cairo_paint(cr);
    if (!h->ready) return; /* Kalends' objects could not be made: the message says why */
    /* GTK tells the size here; Kalends gets it before the frames are asked for. */
    if (width != p->width || height != p->height) {
        if (host_resize(h, p, width, height)) state_changed(h);
    }
    int32_t count = 0;
    if (!cells_frames(h, p, &scratch.elements, &scratch.element_capacity, &count)) return;
    cairo_save(cr);
    cairo_rectangle(cr, 0, 0, width, height);
    cairo_clip(cr); /* the sliding pages leave the pane at its edges */
    cells_render(h, p, cr, scratch.elements, count);
    cairo_restore(cr);
    fit_lanes(h, scratch.elements, count);
    kalends_gesture g = {0};
    g.struct_size = sizeof g;
    if (!host_check(h, kalends_view_gesture(p->view, &g), "the gesture")) return;
    if (p->slide_start == 0 && !(g.phase == KALENDS_GESTURE_PHASE_ACTIVE && g.kind == KALENDS_GESTURE_SWIPE))
        draw_bars(h, p, cr); /* bars belong to the page at rest */
}

/* The week pane: its row of day cells (cells_draw.c), then Kalends' time grid below it
   (kalends/time_grid.h): hour lines and labels, day columns, the all-day strip's bars and
   the timed events' boxes. While an event is dragged, the days it touches show the
   boxes of kalends_view_edit_preview: where it would land. */
#include <stdio.h>

#include "cells.h"
#include "palette.h"
#include "week.h"

/* Calls `call` with the array and its capacity; on BUFFER_TOO_SMALL grows it to the count
   Kalends reported and calls again (the array conventions of kalends.h; a NULL array
   with capacity 0, the first time, is a size query: OK with the count). */
#define FETCH(type, array, capacity, count, call)                   \
    for (;;) {                                                      \
        kalends_status s_ = (call);                                 \
        if (s_ == KALENDS_E_BUFFER_TOO_SMALL || (s_ == KALENDS_OK && (count) > (capacity))) { \
            (array) = g_renew(type, (array), (count));              \
            (capacity) = (count);                                   \
            continue;                                               \
        }                                                           \
        if (!host_check(h, s_, #array " of the week")) return 0;    \
        break;                                                      \
    }

/* Each box's event from the store (its colour and title; the title stays valid until
   the store's next change, after this redraw). */
static int read_events(host *h, const kalends_time_grid_item *items, int32_t count, kalends_event **events,
                       int32_t *capacity) {
    if (count > *capacity) {
        *events = g_renew(kalends_event, *events, count);
        *capacity = count;
    }
    for (int32_t i = 0; i < count; i++) {
        kalends_event *e = &(*events)[i];
        memset(e, 0, sizeof *e);
        e->struct_size = sizeof *e;
        if (!host_check(h, kalends_store_get(h->store, items[i].item.item.event, e), "an event of the week")) return 0;
    }
    return 1;
}

static int read_bar_events(host *h, week_frames *f) {
    if (f->bar_count > f->bar_event_capacity) {
        f->bar_events = g_renew(kalends_event, f->bar_events, f->bar_count);
        f->bar_event_capacity = f->bar_count;
    }
    for (int32_t i = 0; i < f->bar_count; i++) {
        kalends_event *e = &f->bar_events[i];
        memset(e, 0, sizeof *e);
        e->struct_size = sizeof *e;
        if (!host_check(h, kalends_store_get(h->store, f->bars[i].bar.event, e), "an all-day event")) return 0;
    }
    return 1;
}

int week_frames_fetch(host *h, week_frames *f) {
    pane *p = &h->week;
    kalends_view *v = p->view;
    const kalends_time_grid_options *o = &h->grid_options;
    if (!cells_frames(h, p, &f->elements, &f->element_capacity, &f->element_count)) return 0;
    f->sliding = p->slide_start != 0;
    f->alpha = f->sliding ? p->slide_progress : 1;
    if (!host_check(h, kalends_view_time_grid(v, h->store, h->zone, o, &f->grid), "the week's time grid")) return 0;
    FETCH(kalends_time_grid_hour, f->hours, f->hour_capacity, f->hour_count,
          kalends_view_time_grid_hours(v, h->store, h->zone, o, f->hours, f->hour_capacity, &f->hour_count));
    FETCH(kalends_time_grid_column, f->columns, f->column_capacity, f->column_count,
          kalends_view_time_grid_columns(v, h->store, h->zone, o, f->columns, f->column_capacity, &f->column_count));
    FETCH(kalends_time_grid_item, f->items, f->item_capacity, f->item_count,
          kalends_view_time_grid_items(v, h->store, h->zone, o, f->items, f->item_capacity, &f->item_count));
    for (;;) { /* two arrays: both counts are set when either is short */
        kalends_status s = kalends_view_time_grid_bars(v, h->store, h->zone, o, f->bars, f->bar_capacity,
                                                       &f->bar_count, f->more, f->more_capacity, &f->more_count);
        int short_ = f->bar_count > f->bar_capacity || f->more_count > f->more_capacity;
        if (s != KALENDS_E_BUFFER_TOO_SMALL && !(s == KALENDS_OK && short_)) {
            if (!host_check(h, s, "the week's all-day bars")) return 0;
            break;
        }
        if (f->bar_count > f->bar_capacity) {
            f->bars = g_renew(kalends_occurrence_bar, f->bars, f->bar_count);
            f->bar_capacity = f->bar_count;
        }
        if (f->more_count > f->more_capacity) {
            f->more = g_renew(kalends_event_more, f->more, f->more_count);
            f->more_capacity = f->more_count;
        }
    }
    if (!host_check(h, kalends_view_edit_state(v, &f->edit), "the edit")) return 0;
    f->preview_count = 0;
    if (f->edit.kind != KALENDS_GESTURE_NONE) {
        FETCH(kalends_time_grid_item, f->preview, f->preview_capacity, f->preview_count,
              kalends_view_edit_preview(v, o, f->preview, f->preview_capacity, &f->preview_count));
    }
    return read_events(h, f->items, f->item_count, &f->item_events, &f->item_event_capacity) &&
           read_events(h, f->preview, f->preview_count, &f->preview_events, &f->preview_event_capacity) &&
           read_bar_events(h, f);
}

static void event_box(GtkWidget *w, cairo_t *cr, const kalends_time_grid_item *it, const kalends_event *e,
                      int refused) {
    const kalends_rect *r = &it->item.item.frame;
    set_event_color(cr, e->color);
    cairo_rectangle(cr, r->x, r->y, r->width, r->height);
    cairo_fill(cr);
    if (refused) {
        SET_RGB(cr, COLOR_REFUSED);
        cairo_set_line_width(cr, 2);
        cairo_rectangle(cr, r->x + 1, r->y + 1, r->width - 2, r->height - 2);
        cairo_stroke(cr);
    }
    if (r->width < 24 || r->height < 14) return; /* a title that cannot be read is not drawn */
    kalends_rect box = {r->x + 3, r->y + 1, r->width - 6, 14};
    draw_text(w, cr, e->title, &box, 10, 1, PANGO_ALIGN_LEFT, RGB_ARGS(COLOR_BACKGROUND));
}

void week_frames_render(host *h, const week_frames *f, cairo_t *cr, double width, double height) {
    GtkWidget *w = h->week.area;
    SET_RGB(cr, COLOR_BACKGROUND);
    cairo_paint(cr);
    cairo_save(cr);
    cairo_rectangle(cr, 0, 0, width, height);
    cairo_clip(cr);
    cells_render(h, &h->week, cr, f->elements, f->element_count);
    cairo_restore(cr);
    if (f->alpha < 1) cairo_push_group(cr);
    /* weekend columns, then the hour lines across them with their labels beside them (Kalends' label boxes) */
    for (int32_t i = 0; i < f->column_count; i++) {
        const kalends_time_grid_column *c = &f->columns[i];
        SET_RGB(cr, (c->flags & KALENDS_DAY_WEEKEND) ? COLOR_WEEKEND : COLOR_BACKGROUND);
        cairo_rectangle(cr, c->frame.x, c->frame.y, c->frame.width, c->frame.height);
        cairo_fill(cr);
        SET_RGB(cr, COLOR_GRID_LINE);
        cairo_rectangle(cr, c->frame.x + 0.5, c->frame.y, 0, c->frame.height);
        cairo_set_line_width(cr, 1);
        cairo_stroke(cr);
    }
    for (int32_t i = 0; i < f->hour_count; i++) {
        const kalends_time_grid_hour *hr = &f->hours[i];
        SET_RGB(cr, COLOR_GRID_LINE);
        cairo_move_to(cr, hr->frame.x, hr->frame.y + 0.5);
        cairo_line_to(cr, hr->frame.x + hr->frame.width, hr->frame.y + 0.5);
        cairo_stroke(cr);
        char label[32];
        if (host_check(h, kalends_locale_format_hour(h->locale, hr->hour, label, sizeof label, NULL), "an hour label")) {
            /* the label sits on its hour's line: the top half of its box above the line */
            /* next to the columns: right-aligned left of them, left-aligned right of them */
            kalends_rect box = {hr->label.x + (h->right_to_left ? 4 : 0), hr->label.y - 7, hr->label.width - 4, 14};
            if (box.y < f->grid.grid.y) box.y = f->grid.grid.y;
            draw_text(w, cr, label, &box, 10, 0, h->right_to_left ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT,
                      RGB_ARGS(COLOR_MUTED));
        }
    }
    if (f->hour_count > 0) {
        h->hour_label_x = f->hours[0].label.x;
        h->hour_label_width = f->hours[0].label.width;
    }
    /* all-day strip */
    for (int32_t i = 0; i < f->bar_count; i++) {
        const kalends_event_bar *b = &f->bars[i].bar;
        const kalends_event *e = &f->bar_events[i];
        set_event_color(cr, e->color);
        cairo_rectangle(cr, b->frame.x, b->frame.y, b->frame.width, b->frame.height);
        cairo_fill(cr);
        kalends_rect box = {b->frame.x + 3, b->frame.y, b->frame.width - 6, b->frame.height};
        draw_text(w, cr, e->title, &box, 10, 0, PANGO_ALIGN_LEFT, RGB_ARGS(COLOR_BACKGROUND));
    }
    h->drawn_more[1][0] = '\0';
    for (int32_t i = 0; i < f->more_count; i++) {
        char text[32];
        host_more_text(h, f->more[i].hidden, text, sizeof text);
        if (i == 0) snprintf(h->drawn_more[1], sizeof h->drawn_more[1], "%s", text);
        const kalends_rect *m = &f->more[i].frame;
        kalends_rect box = {m->x + 3, m->y, m->width - 6, m->height};
        draw_text(w, cr, text, &box, 10, 0, h->right_to_left ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT,
                  RGB_ARGS(COLOR_TEXT)); /* at the cell's start side */
    }
    /* timed events; during a drag the days it changes show the preview instead */
    int editing = f->edit.kind != KALENDS_GESTURE_NONE;
    for (int32_t i = 0; i < f->item_count; i++) {
        const kalends_time_grid_item *it = &f->items[i];
        if (editing && it->day >= f->edit.first_day && it->day <= f->edit.last_day) continue;
        event_box(w, cr, it, &f->item_events[i], 0);
    }
    for (int32_t i = 0; i < f->preview_count; i++) {
        const kalends_time_grid_item *it = &f->preview[i];
        int dragged = it->item.item.event == f->edit.event;
        event_box(w, cr, it, &f->preview_events[i], dragged && f->edit.refusal != KALENDS_REFUSAL_NONE);
    }
    if (f->alpha < 1) {
        cairo_pop_group_to_source(cr);
        cairo_paint_with_alpha(cr, f->alpha);
    }
}

void week_frames_free(week_frames *f) {
    g_free(f->elements);
    g_free(f->hours);
    g_free(f->columns);
    g_free(f->items);
    g_free(f->bars);
    g_free(f->more);
    g_free(f->preview);
    g_free(f->item_events);
    g_free(f->bar_events);
    g_free(f->preview_events);
    memset(f, 0, sizeof *f);
}

static week_frames frames; /* kept between redraws: its arrays are reused */

/* The week at its current state; 0 when Kalends reported a problem (in the window). */
static int week_paint(host *h, cairo_t *cr, double width, double height) {
    if (!week_frames_fetch(h, &frames)) return 0;
    week_frames_render(h, &frames, cr, width, height);
    return 1;
}

void week_draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
    (void)area;
    host *h = data;
    if (!h->ready) { /* Kalends' objects could not be made: the message says why */
        SET_RGB(cr, COLOR_BACKGROUND);
        cairo_paint(cr);
        return;
    }
    if (width != h->week.width || height != h->week.height) {
        if (host_resize(h, &h->week, width, height)) state_changed(h);
    }
    if (!week_paint(h, cr, width, height)) {
        SET_RGB(cr, COLOR_BACKGROUND);
        cairo_paint(cr);
    }
}

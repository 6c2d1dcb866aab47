/* The cells both panes share: header, title, page buttons, weekday labels and day cells,
   drawn from the kalends_element frames of kalends_view_layout, or of
   kalends_view_transition_layout while a page slides or a swipe drags the pages. */
#include "cells.h"
#include "palette.h"

int cells_frames(host *h, pane *p, kalends_element **out, int32_t *capacity, int32_t *count) {
    /* Which frames: a slide in progress, a swipe under the pointer, or the page at rest. */
    kalends_gesture g = {0};
    g.struct_size = sizeof g;
    if (!host_check(h, kalends_view_gesture(p->view, &g), "the gesture")) return 0;
    int moving = p->slide_start != 0 || (g.phase == KALENDS_GESTURE_PHASE_ACTIVE && g.kind == KALENDS_GESTURE_SWIPE);
    double progress = p->slide_start != 0 ? p->slide_progress : g.progress;
    for (;;) {
        kalends_status s = moving
            /* a slide eases in and out; a swipe follows the pointer, and the slide that
               finishes it goes on from there at the same pace (linear) */
            ? kalends_view_transition_layout(p->view, progress,
                                             p->slide_start && p->slide_from == 0 ? KALENDS_CURVE_EASE_IN_OUT
                                                                                  : KALENDS_CURVE_LINEAR,
                                             *out, *capacity, count, NULL)
            : kalends_view_layout(p->view, *out, *capacity, count);
        /* Too short (or no array yet: a NULL array with capacity 0 is a size query that
           answers OK): *count holds what is needed */
        if (s == KALENDS_E_BUFFER_TOO_SMALL || (s == KALENDS_OK && *count > *capacity)) {
            *out = g_renew(kalends_element, *out, *count);
            *capacity = *count;
            continue;
        }
        /* No width yet (a zero-size window): nothing to draw (host_resize said why). */
        if (s == KALENDS_E_NO_INTRINSIC_METRIC) return 0;
        return host_check(h, s, p == &h->month ? "laying out the month" : "laying out the week");
    }
}

/* The title of a page: the month and year of its anchor ("November 2026"; week pages add
   the week number of the calendar's week rule). */
static void title_text(host *h, pane *p, int32_t anchor, char *buffer, size_t capacity) {
    kalends_date date;
    buffer[0] = '\0';
    if (!host_check(h, kalends_date_from_day_number(anchor, &date), "the title's date")) return;
    if (!host_check(h, kalends_locale_format_month_year(h->locale, "gregorian", date.year, date.month, 0, buffer,
                                                        capacity, NULL), "the title"))
        return;
    if (p == &h->week) {
        /* " · 48": the week of the year by the locale's week rule (the calendar's), in its digits */
        size_t used = strlen(buffer);
        if (used + 5 < capacity) {
            memcpy(buffer + used, " \xc2\xb7 ", 5); /* with its NUL */
            if (!host_check(h, kalends_locale_format_pattern(h->locale, "gregorian", anchor, 0, "w", NULL,
                                                             buffer + used + 4, capacity - used - 4, NULL),
                            "the week number"))
                buffer[used] = '\0';
        }
    }
}

static void day_cell(host *h, pane *p, cairo_t *cr, const kalends_element *e) {
    const kalends_rect *f = &e->frame;
    kalends_day_flags fl = e->flags;
    if (fl & KALENDS_DAY_HIDDEN) return;
    uint32_t fill = COLOR_BACKGROUND, ink = COLOR_TEXT;
    if (fl & (KALENDS_DAY_SELECTED | KALENDS_DAY_RANGE_START | KALENDS_DAY_RANGE_END)) {
        fill = COLOR_SELECTED;
        ink = COLOR_BACKGROUND;
        if (fl & KALENDS_DAY_RANGE_MIDDLE) {
            fill = COLOR_IN_RANGE;
            ink = COLOR_TEXT;
        }
    } else if (!(fl & KALENDS_DAY_IN_MONTH) && p == &h->month) {
        fill = COLOR_OUT_DATE;
        ink = COLOR_MUTED;
    } else if (fl & KALENDS_DAY_WEEKEND) {
        fill = COLOR_WEEKEND;
    }
    SET_RGB(cr, fill);
    cairo_rectangle(cr, f->x, f->y, f->width, f->height);
    cairo_fill(cr);
    SET_RGB(cr, COLOR_GRID_LINE);
    cairo_set_line_width(cr, 1);
    cairo_rectangle(cr, f->x + 0.5, f->y + 0.5, f->width - 1, f->height - 1);
    cairo_stroke(cr);
    if (fl & KALENDS_DAY_TODAY) {
        SET_RGB(cr, COLOR_TODAY);
        cairo_set_line_width(cr, 2);
        cairo_rectangle(cr, f->x + 2, f->y + 2, f->width - 4, f->height - 4);
        cairo_stroke(cr);
    }
    if (fl & KALENDS_DAY_FOCUSED) {
        SET_RGB(cr, COLOR_FOCUS);
        cairo_set_line_width(cr, 1);
        double dash[] = {3, 2};
        cairo_set_dash(cr, dash, 2, 0);
        cairo_rectangle(cr, f->x + 4.5, f->y + 4.5, f->width - 9, f->height - 9);
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
    }
    char label[32] = "";
    if (!host_check(h, kalends_locale_format_day(h->locale, "gregorian", e->day_number, label, sizeof label, NULL),
                    "a day's label"))
        return;
    /* The number at the top of the cell: month bars start below it (bar_options.top_inset). */
    kalends_rect box = {f->x + 2, f->y + 2, f->width - 4, p == &h->month ? 18 : f->height - 4};
    draw_text(p->area, cr, label, &box, 12, (fl & KALENDS_DAY_TODAY) != 0, PANGO_ALIGN_CENTER, RGB_ARGS(ink));
}

void cells_render(host *h, pane *p, cairo_t *cr, const kalends_element *elements, int32_t count) {
    char text[128];
    for (int32_t i = 0; i < count; i++) {
        const kalends_element *e = &elements[i];
        const kalends_rect *f = &e->frame;
        if (e->alpha < 1) cairo_push_group(cr);
        switch (e->kind) {
        case KALENDS_ELEMENT_HEADER:
            SET_RGB(cr, COLOR_HEADER);
            cairo_rectangle(cr, f->x, f->y, f->width, f->height);
            cairo_fill(cr);
            break;
        case KALENDS_ELEMENT_TITLE:
            title_text(h, p, e->day_number, text, sizeof text);
            draw_text(p->area, cr, text, f, 15, 1, PANGO_ALIGN_CENTER, RGB_ARGS(COLOR_TEXT));
            break;
        case KALENDS_ELEMENT_PREVIOUS:
        case KALENDS_ELEMENT_NEXT: {
            /* the arrows point the way the page moves; mirrored in right-to-left views */
            const char *arrow = e->kind == KALENDS_ELEMENT_PREVIOUS ? "\xe2\x80\xb9" : "\xe2\x80\xba";
            uint32_t ink = (e->flags & KALENDS_DAY_DISABLED) ? COLOR_MUTED : COLOR_TEXT;
            draw_text(p->area, cr, arrow, f, 22, 1, PANGO_ALIGN_CENTER, RGB_ARGS(ink));
            break;
        }
        case KALENDS_ELEMENT_WEEKDAY:
            if (host_check(h, kalends_locale_weekday_name(h->locale, e->day_number, KALENDS_NAME_ABBREVIATED,
                                                          KALENDS_CONTEXT_STAND_ALONE, text, sizeof text, NULL),
                           "a weekday's name"))
                draw_text(p->area, cr, text, f, 11, 0, PANGO_ALIGN_CENTER, RGB_ARGS(COLOR_MUTED));
            break;
        case KALENDS_ELEMENT_DAY:
            day_cell(h, p, cr, e);
            break;
        default:
            break;
        }
        if (e->alpha < 1) {
            cairo_pop_group_to_source(cr);
            cairo_paint_with_alpha(cr, e->alpha < 0 ? 0 : e->alpha);
        }
    }
}

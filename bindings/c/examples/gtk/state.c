/* The state file (--state FILE): what the program shows, as lines the tests read after
   driving it with xdotool: pages, selection, focus, each day's frame as Kalends reported
   it, the week's event boxes and the sample events' times. Written to FILE.tmp and
   renamed after every change, so a reader never sees half a file. */
#include <stdio.h>

#include "host.h"
#include "palette.h"

/* The area's top-left in the window's surface (what xdotool's window-relative moves use). */
static void origin(host *h, pane *p, double *x, double *y) {
    graphene_point_t in = GRAPHENE_POINT_INIT(0, 0), out = GRAPHENE_POINT_INIT(0, 0);
    double sx = 0, sy = 0;
    if (!gtk_widget_compute_point(p->area, h->window, &in, &out)) out.x = out.y = 0;
    GtkNative *native = gtk_widget_get_native(p->area);
    if (native) gtk_native_get_surface_transform(native, &sx, &sy);
    *x = out.x + sx;
    *y = out.y + sy;
}

static void write_pane(host *h, pane *p, FILE *f) {
    double ox = 0, oy = 0;
    origin(h, p, &ox, &oy);
    fprintf(f, "origin %s %.1f %.1f\nsize %s %.1f %.1f\nsliding %s %d %d\nlong-presses %s %d\n", p->name, ox, oy,
            p->name, p->width, p->height, p->name, p->slide_start != 0, p->slides, p->name, p->long_presses);
    kalends_page page;
    if (host_check(h, kalends_view_page(p->view, &page), "the page"))
        fprintf(f, "page %s %d %d %d %d %d\n", p->name, (int)page.anchor, (int)page.first, (int)page.last,
                (int)page.year, (int)page.month);
    kalends_element elements[64];
    int32_t count = 0;
    kalends_status s = kalends_view_layout(p->view, elements, 64, &count);
    if (s == KALENDS_E_NO_INTRINSIC_METRIC) return; /* no size yet: no frames */
    if (!host_check(h, s, "the layout")) return;
    for (int32_t i = 0; i < count; i++) {
        const kalends_element *e = &elements[i];
        const char *kind = e->kind == KALENDS_ELEMENT_DAY ? "day" : e->kind == KALENDS_ELEMENT_NEXT ? "next"
                         : e->kind == KALENDS_ELEMENT_PREVIOUS ? "previous" : NULL;
        if (kind)
            fprintf(f, "%s %s %d %u %.2f %.2f %.2f %.2f\n", kind, p->name, (int)e->day_number, (unsigned)e->flags,
                    e->frame.x, e->frame.y, e->frame.width, e->frame.height);
    }
}

static void write_state(host *h, FILE *f) {
    fprintf(f, "serial %d\nmessage %s\n", h->serial, h->message_text);
    if (!h->ready) { /* no views: only the message */
        fprintf(f, "end\n");
        return;
    }
    fprintf(f, "color selected %06x\ncolor in_range %06x\ncolor background %06x\n", COLOR_SELECTED, COLOR_IN_RANGE,
            COLOR_BACKGROUND);
    write_pane(h, &h->month, f);
    write_pane(h, &h->week, f);
    /* what the last drawing wrote: a "+N" label of each pane, the week's hour label box */
    fprintf(f, "drawn-more month %s\ndrawn-more week %s\nhour-label %.2f %.2f\n", h->drawn_more[0], h->drawn_more[1],
            h->hour_label_x, h->hour_label_width);
    kalends_selection sel;
    if (host_check(h, kalends_view_selection(h->month.view, &sel), "the selection"))
        fprintf(f, "selection %d %d %d %d\n", (int)sel.count, (int)(sel.count ? sel.first : 0),
                (int)(sel.count ? sel.last : 0), (int)sel.range_complete);
    kalends_date focus;
    if (host_check(h, kalends_view_focus(h->month.view, &focus), "the focus"))
        fprintf(f, "focus %04d-%02d-%02d\n", (int)focus.year, (int)focus.month, (int)focus.day);
    /* the week's timed boxes of the named sample events (ids below 10) and their times */
    kalends_time_grid_item items[256];
    int32_t n = 0;
    kalends_status s = kalends_view_time_grid_items(h->week.view, h->store, h->zone, &h->grid_options, items, 256, &n);
    if (s == KALENDS_OK) {
        for (int32_t i = 0; i < n; i++) {
            const kalends_timeline_item *it = &items[i].item.item;
            if (it->event < 10)
                fprintf(f, "item %lld %d %.2f %.2f %.2f %.2f\n", (long long)it->event, (int)items[i].day, it->frame.x,
                        it->frame.y, it->frame.width, it->frame.height);
        }
    } else if (s != KALENDS_E_BUFFER_TOO_SMALL && s != KALENDS_E_NO_INTRINSIC_METRIC) {
        host_check(h, s, "the week's boxes");
    }
    /* an event drag under way: the boxes of the days it changes, as they would be after the drop */
    kalends_edit_state edit;
    if (host_check(h, kalends_view_edit_state(h->week.view, &edit), "the edit") && edit.kind != KALENDS_GESTURE_NONE) {
        fprintf(f, "edit %lld %lld %lld %d\n", (long long)edit.event, (long long)edit.start, (long long)edit.end,
                (int)edit.refusal);
        s = kalends_view_edit_preview(h->week.view, &h->grid_options, items, 256, &n);
        if (s == KALENDS_OK) {
            for (int32_t i = 0; i < n; i++) {
                const kalends_timeline_item *it = &items[i].item.item;
                fprintf(f, "preview %lld %d %.2f %.2f %.2f %.2f\n", (long long)it->event, (int)items[i].day,
                        it->frame.x, it->frame.y, it->frame.width, it->frame.height);
            }
        } else if (s != KALENDS_E_BUFFER_TOO_SMALL) {
            host_check(h, s, "the edit's preview");
        }
    }
    for (int64_t id = 1; id < 10; id++) {
        kalends_event e = {0};
        e.struct_size = sizeof e;
        if (kalends_store_get(h->store, id, &e) == KALENDS_OK)
            fprintf(f, "event %lld %lld %lld %08x\n", (long long)id, (long long)e.start, (long long)e.end,
                    (unsigned)e.color);
    }
    fprintf(f, "end\n");
}

void state_changed(host *h) {
    if (!h->state_path) return;
    h->serial++;
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", h->state_path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        host_message(h, "cannot write %s", tmp);
        return;
    }
    write_state(h, f);
    if (fclose(f) != 0 || rename(tmp, h->state_path) != 0) host_message(h, "cannot write %s", h->state_path);
}

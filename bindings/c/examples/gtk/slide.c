/* The page slide: after a page change Kalends keeps the outgoing and incoming pages'
   frames (kalends_view_transition_layout); the host only advances `progress` from 0 to 1
   on GTK's frame clock and redraws. Kalends eases it (KALENDS_CURVE_EASE_IN_OUT). */
#include "host.h"

static gboolean on_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)widget;
    pane *p = data;
    host *h = g_object_get_data(G_OBJECT(p->area), "host");
    gint64 now = gdk_frame_clock_get_frame_time(clock);
    if (p->slide_start < 0) p->slide_start = now; /* the first frame starts the clock */
    double progress = p->slide_from + (1 - p->slide_from) * (double)(now - p->slide_start) / SLIDE_MICROSECONDS;
    if (progress >= 1) {
        p->slide_start = 0; /* at rest: the page's own layout again */
        p->slide_from = 0;
        p->slide_progress = 1;
        p->tick_id = 0;
        gtk_widget_queue_draw(p->area);
        state_changed(h);
        return G_SOURCE_REMOVE;
    }
    p->slide_progress = progress;
    gtk_widget_queue_draw(p->area);
    return G_SOURCE_CONTINUE;
}

void slide_start(host *h, pane *p, const kalends_transition *transition) {
    (void)h;
    (void)transition; /* Kalends keeps it: transition_layout reads the last change */
    p->slide_start = -1;
    p->slides++;
    p->slide_progress = p->slide_from;
    if (!p->tick_id) p->tick_id = gtk_widget_add_tick_callback(p->area, on_tick, p, NULL);
}

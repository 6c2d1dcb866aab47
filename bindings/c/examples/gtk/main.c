/* kalends-gtk: a month and a week of events, drawn by a GTK 4 program in C from the
   frames Kalends computes.

   Build against an installed Kalends (make install PREFIX=...):
       make -C bindings/c/examples/gtk PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig
   Start:
       bindings/c/examples/gtk/kalends-gtk [--date 2026-11-24] [--locale de_DE] [--ics FILE]

   How the work is split. Kalends is headless: it never draws, never reads the clock,
   never owns a thread or an event loop. The host (this program) owns all of those:
     - the loop: main() below runs GLib's main context itself, one iteration at a time,
       until the window closes or Ctrl+Q (a GtkApplication would run the same loop for us);
     - the drawing: month_draw.c and week_draw.c paint with Cairo exactly the frames the
       views report (kalends_view_layout, kalends_view_event_bars, kalends_view_time_grid*);
     - the input: input.c hands GTK's pointer gesture and keys to the views unchanged
       (kalends/pointer.h, kalends_view_key): Kalends decides what a click, a drag or a
       key does (select a day, a range, move an event, page);
     - the time: slide.c advances a page change's progress on GTK's frame clock, and
       Kalends gives the sliding frames (kalends_view_transition_layout).
   Every Kalends call returns a status; message.c checks each and shows a failure in the
   window (a bad size, a missing locale, an unreadable .ics): the program keeps going.
   All calls happen on GTK's main thread, so no locking is needed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"

static void usage(void) {
    fprintf(stderr, "usage: kalends-gtk [--date YYYY-MM-DD] [--locale ID] [--ics FILE] [--events N]\n"
                    "                   [--width W] [--height H] [--row-height H] [--hour-height H]\n"
                    "                   [--state FILE] [--bench N [--rounds R]]\n");
}

/* Command-line options; numbers go to Kalends as given (it refuses NaN and negative sizes). */
static int parse(host *h, int argc, char **argv, int *width, int *height, int *bench, int *rounds) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) return 0;
        if (!strcmp(a, "--date")) {
            int y = 0, m = 0, d = 0;
            if (sscanf(v, "%d-%d-%d", &y, &m, &d) != 3) return 0;
            h->start_date.year = y;
            h->start_date.month = m;
            h->start_date.day = d;
        } else if (!strcmp(a, "--locale")) h->locale_name = v;
        else if (!strcmp(a, "--ics")) h->ics_path = v;
        else if (!strcmp(a, "--state")) h->state_path = v;
        else if (!strcmp(a, "--events")) h->sample_events = atoi(v);
        else if (!strcmp(a, "--width")) *width = atoi(v);
        else if (!strcmp(a, "--height")) *height = atoi(v);
        else if (!strcmp(a, "--row-height")) h->row_height = strtod(v, NULL);
        else if (!strcmp(a, "--hour-height")) h->grid_options.hour_height = strtod(v, NULL);
        else if (!strcmp(a, "--bench")) *bench = atoi(v);
        else if (!strcmp(a, "--rounds")) *rounds = atoi(v);
        else return 0;
        i++;
    }
    return 1;
}

static gboolean on_close(GtkWindow *window, gpointer data) {
    (void)window;
    ((host *)data)->running = 0;
    return TRUE; /* the loop below ends; the window is destroyed after Kalends' objects are freed */
}

/* GTK gives a drawing area its size: the view gets it as its metrics (model.c). A zero
   or 1-pixel area is passed on too: Kalends answers with a status the window shows. */
static void on_resize(GtkDrawingArea *area, int width, int height, gpointer data) {
    host *h = g_object_get_data(G_OBJECT(area), "host");
    pane *p = data;
    if (h->ready && host_resize(h, p, width, height)) state_changed(h);
}

void host_redraw(host *h) {
    gtk_widget_queue_draw(h->month.area);
    gtk_widget_queue_draw(h->week.area);
}

static GtkWidget *pane_area(host *h, pane *p, GtkDrawingAreaDrawFunc draw) {
    p->area = gtk_drawing_area_new();
    g_object_set_data(G_OBJECT(p->area), "host", h);
    gtk_widget_set_hexpand(p->area, TRUE);
    gtk_widget_set_vexpand(p->area, TRUE);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(p->area), draw, h, NULL);
    g_signal_connect(p->area, "resize", G_CALLBACK(on_resize), p);
    return p->area;
}

int main(int argc, char **argv) {
    host h;
    memset(&h, 0, sizeof h);
    h.month.name = "month";
    h.week.name = "week";
    h.start_date = (kalends_date){2026, 11, 24};
    h.running = 1;
    int width = 1100, height = 640, bench = 0, rounds = 200;
    if (!parse(&h, argc, argv, &width, &height, &bench, &rounds)) {
        usage();
        return 2;
    }
    gtk_init(); /* needs a display: under Xvfb in the tests and the bench */
    if (bench > 0) return bench_run(&h, bench, rounds > 0 ? rounds : 1);

    /* The window: the month and the week side by side, the message line below. */
    h.window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(h.window), "Kalends");
    gtk_window_set_decorated(GTK_WINDOW(h.window), FALSE); /* no title bar: window and content share coordinates */
    gtk_window_set_default_size(GTK_WINDOW(h.window), width, height);
    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *panes = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_box_set_homogeneous(GTK_BOX(panes), TRUE);
    gtk_box_append(GTK_BOX(panes), pane_area(&h, &h.month, month_draw));
    gtk_box_append(GTK_BOX(panes), pane_area(&h, &h.week, week_draw));
    h.message = gtk_label_new("");
    gtk_label_set_wrap(GTK_LABEL(h.message), TRUE);
    gtk_label_set_xalign(GTK_LABEL(h.message), 0);
    gtk_widget_set_margin_start(h.message, 8);
    gtk_widget_set_margin_top(h.message, 4);
    gtk_widget_set_margin_bottom(h.message, 4);
    gtk_box_append(GTK_BOX(column), panes);
    gtk_box_append(GTK_BOX(column), h.message);
    gtk_window_set_child(GTK_WINDOW(h.window), column);
    g_signal_connect(h.window, "close-request", G_CALLBACK(on_close), &h);

    /* Kalends' objects. A message here (an unknown locale, an unreadable .ics) is shown;
       only a failure to create the views themselves leaves the panes empty. */
    int ok = h.ready = host_open(&h);
    if (ok) {
        input_attach(&h, &h.month);
        input_attach(&h, &h.week);
        input_attach_keys(&h, h.window);
    }
    if (h.message_text[0]) gtk_label_set_text(GTK_LABEL(h.message), h.message_text);
    gtk_window_present(GTK_WINDOW(h.window));
    state_changed(&h);

    /* The loop the host owns: wait for the next event (input, a redraw, the frame clock's
       tick of a slide) and dispatch it; the handlers call Kalends and queue redraws. */
    while (h.running) g_main_context_iteration(NULL, TRUE);

    /* Kalends' objects first (the draw functions must not run with freed views), then GTK's. */
    if (h.month.tick_id) gtk_widget_remove_tick_callback(h.month.area, h.month.tick_id);
    if (h.week.tick_id) gtk_widget_remove_tick_callback(h.week.area, h.week.tick_id);
    if (h.month.rest_id) g_source_remove(h.month.rest_id);
    if (h.week.rest_id) g_source_remove(h.week.rest_id);
    gtk_widget_set_visible(h.window, FALSE);
    host_free(&h);
    gtk_window_destroy(GTK_WINDOW(h.window));
    return 0;
}

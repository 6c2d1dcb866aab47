/* The host's state: what a GTK 4 program keeps to draw Kalends' frames and feed it input.
   Kalends computes (pages, selection, frames, gestures, event placement); this program
   only keeps handles, draws, and forwards events. One thread: GTK's main thread. */
#ifndef KALENDS_GTK_HOST_H
#define KALENDS_GTK_HOST_H

#include <gtk/gtk.h>

#include "kalends.h"

/* One pane: a Kalends view drawn into one GtkDrawingArea. */
typedef struct pane {
    const char *name;          /* "month" or "week": names it in the state file */
    kalends_view *view;
    GtkWidget *area;
    double width, height;      /* the area's size as last given to the view */
    /* The page slide: runs from slide_start (microseconds, the frame clock's time) for
       SLIDE_MICROSECONDS; 0 when no slide runs. */
    gint64 slide_start;
    double slide_progress;     /* 0 ... 1 while sliding */
    double slide_from;         /* where the slide starts: 0, or where a swipe let go */
    guint tick_id;
    int slides;                /* slides started so far (the state file reports it) */
    /* A pointer resting after its press: GTK sends no motion, so a timer sends Kalends a
       move at the same point (kalends/pointer.h) for it to see a long press. */
    guint rest_id;
    kalends_pointer_event rest;  /* the press, its time on the event clock */
    gint64 rest_since;           /* g_get_monotonic_time() at the press */
    int long_presses;            /* long presses Kalends recognised (the state file reports it) */
} pane;

typedef struct host {
    /* Kalends' objects, owned here and freed by host_free (model.c). */
    kalends_calendar *calendar;
    kalends_locale *locale;
    kalends_timezone *zone;
    kalends_store *store;
    kalends_time_grid_options grid_options;
    kalends_bar_options bar_options;
    pane month;
    pane week;
    /* Options from the command line. */
    const char *locale_name;   /* NULL: the environment's */
    const char *ics_path;      /* NULL: the sample events */
    const char *state_path;    /* NULL: no state file */
    double row_height;         /* month rows; 0: fit the area */
    int sample_events;         /* how many sample events to put in the week (--events) */
    kalends_date start_date;   /* the page to open */
    /* What the window shows under the panes: the last problem, or a hint. */
    GtkWidget *message;
    char message_text[1024];
    int size_problem;          /* bits 1 month, 2 week: a size Kalends refused; the message goes once both fit */
    GtkWidget *window;
    int serial;                /* state file writes so far */
    int running;               /* main.c's loop runs while this is 1 */
    int ready;                 /* host_open succeeded: the panes have views to draw */
    /* The locale's ten digits (count_text.c) and direction (hour labels right of the columns). */
    char digits[10][8];
    int right_to_left;
    /* What the last drawing wrote, for the state file: a "+N" label per pane (month, week),
       and the week's hour label box (x, width). */
    char drawn_more[2][32];
    double hour_label_x, hour_label_width;
} host;

#define SLIDE_MICROSECONDS 250000

/* model.c: Kalends' objects. host_open returns 0 when the program cannot start at all
   (the message says why); problems it can live with go to the window as a message. */
int host_open(host *h);
void host_free(host *h);
/* Gives a pane's view the area's size (metrics); 0 and a message when Kalends refuses it. */
int host_resize(host *h, pane *p, double width, double height);

/* message.c: every Kalends status is checked through these. */
/* Returns 1 for KALENDS_OK; otherwise shows "what: status: message" in the window, 0. */
int host_check(host *h, kalends_status status, const char *what);
void host_message(host *h, const char *format, ...) G_GNUC_PRINTF(2, 3);
void host_clear_message(host *h);

/* month_draw.c, week_draw.c: Cairo drawing from the panes' frames. */
void month_draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data);
void week_draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data);

/* text.c: a string through Pango, fitted into a box (ellipsized, never overflowing). */
void draw_text(GtkWidget *widget, cairo_t *cr, const char *text, const kalends_rect *box, double size, int bold,
               PangoAlignment align, double r, double g, double b);

/* input.c: pointer gestures and keys, forwarded to the views. */
void input_attach(host *h, pane *p);
void input_attach_keys(host *h, GtkWidget *window);

/* slide.c: the animated page change from kalends_view_transition_layout. */
void slide_start(host *h, pane *p, const kalends_transition *transition);

/* state.c: the state file the tests read (written atomically after every change). */
void state_changed(host *h);

/* count_text.c: the locale's digits read once; "+N" written in them. */
void host_read_digits(host *h);
void host_more_text(const host *h, int32_t hidden, char *out, size_t capacity);

/* bench.c: --bench: the week with N events redrawn offscreen, Kalends and Cairo timed apart. */
int bench_run(host *h, int events, int rounds);

/* A redraw of both panes after anything changed. */
void host_redraw(host *h);

#endif

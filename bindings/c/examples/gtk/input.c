/* Input: GTK's pointer gestures and keys, passed through to Kalends. The host decides
   nothing: the view recognises taps, range drags, swipes and event drags
   (kalends/pointer.h) and keys (kalends_view_key); the host redraws and, when the page
   changed, slides it (slide.c). */
#include <string.h>

#include "host.h"

/* What the pointer is: Kalends treats touch (long press before a drag selects) and
   mouse differently. */
static kalends_pointer_kind pointer_kind(GtkGesture *gesture) {
    GdkDevice *device = gtk_gesture_get_device(gesture);
    if (!device) return KALENDS_POINTER_MOUSE;
    switch (gdk_device_get_source(device)) {
    case GDK_SOURCE_TOUCHSCREEN: return KALENDS_POINTER_TOUCH;
    case GDK_SOURCE_PEN: return KALENDS_POINTER_PEN;
    default: return KALENDS_POINTER_MOUSE;
    }
}

static kalends_pointer_event pointer_event(GtkGesture *gesture, double x, double y) {
    kalends_pointer_event e = {0};
    e.struct_size = sizeof e;
    e.kind = pointer_kind(gesture);
    e.x = x;
    e.y = y;
    /* the event's own time (milliseconds, only grows): Kalends measures long presses and
       swipe speed with it, so a slow machine does not change what a gesture is */
    e.time = gtk_event_controller_get_current_event_time(GTK_EVENT_CONTROLLER(gesture)) / 1000.0;
    return e;
}

/* After any action of a pane: slide if the page changed; the week follows the month's
   selection (the week of the day selected last). */
static void after_action(host *h, pane *p, const kalends_action *action) {
    if (action->transition.direction != KALENDS_DIRECTION_NONE) slide_start(h, p, &action->transition);
    if (p == &h->month && action->outcome == KALENDS_OUTCOME_SELECTED && action->has_day) {
        kalends_date date;
        kalends_transition t;
        if (host_check(h, kalends_date_from_day_number(action->day, &date), "the selected day") &&
            host_check(h, kalends_view_go_to(h->week.view, &date, &t), "showing the selected week") &&
            t.direction != KALENDS_DIRECTION_NONE)
            slide_start(h, &h->week, &t);
    }
    host_redraw(h);
    state_changed(h);
}

/* While the pointer rests within the slop after a press: a move at the press's point,
   its time advanced by the time passed, so Kalends can recognise a long press. Ends when
   the gesture is no longer a press (a drag, a release, a cancel). */
static gboolean on_rest(gpointer data) {
    pane *p = data;
    host *h = g_object_get_data(G_OBJECT(p->area), "host");
    kalends_gesture g = {0};
    g.struct_size = sizeof g;
    if (!host_check(h, kalends_view_gesture(p->view, &g), "the gesture") || g.phase != KALENDS_GESTURE_PHASE_PRESSED ||
        g.kind == KALENDS_GESTURE_LONG_PRESS) {
        p->rest_id = 0;
        return G_SOURCE_REMOVE;
    }
    kalends_pointer_event e = p->rest;
    e.x = g.x; /* the last point Kalends saw (within the slop) */
    e.y = g.y;
    e.time = p->rest.time + (g_get_monotonic_time() - p->rest_since) / 1e6;
    kalends_action action;
    if (!host_check(h, kalends_view_pointer_move(p->view, &e, NULL, &action), "a resting pointer")) {
        p->rest_id = 0;
        return G_SOURCE_REMOVE;
    }
    if (action.outcome == KALENDS_OUTCOME_LONG_PRESS) {
        p->long_presses++;
        after_action(h, p, &action);
    }
    return G_SOURCE_CONTINUE;
}

static void on_drag_begin(GtkGestureDrag *gesture, double x, double y, gpointer data) {
    pane *p = data;
    host *h = g_object_get_data(G_OBJECT(gesture), "host");
    kalends_pointer_event e = pointer_event(GTK_GESTURE(gesture), x, y);
    kalends_action action;
    gtk_widget_grab_focus(h->window);
    if (host_check(h, kalends_view_pointer_press(p->view, &e, NULL, &action), "a press")) {
        p->rest = e;
        p->rest_since = g_get_monotonic_time();
        if (!p->rest_id) p->rest_id = g_timeout_add(50, on_rest, p);
        after_action(h, p, &action);
    }
}

/* The point a drag reached, as Kalends' pointer event, and the gesture under way; 0 when
   no pointer is down in Kalends (the press was refused, e.g. no size yet, or Escape
   cancelled it): then there is nothing to move or release. */
static int drag_point(host *h, pane *p, GtkGestureDrag *gesture, double dx, double dy, kalends_pointer_event *e,
                      kalends_gesture *g) {
    double x0 = 0, y0 = 0;
    memset(g, 0, sizeof *g);
    g->struct_size = sizeof *g;
    if (!host_check(h, kalends_view_gesture(p->view, g), "the gesture") || g->phase == KALENDS_GESTURE_PHASE_NONE)
        return 0;
    gtk_gesture_drag_get_start_point(gesture, &x0, &y0);
    *e = pointer_event(GTK_GESTURE(gesture), x0 + dx, y0 + dy);
    return 1;
}

/* A drag's motion (release 0) or its end (release 1), passed on as Kalends' move or release. */
static void forward_drag(GtkGestureDrag *gesture, double dx, double dy, pane *p, int release) {
    host *h = g_object_get_data(G_OBJECT(gesture), "host");
    kalends_pointer_event e;
    kalends_gesture g;
    kalends_action action;
    if (!drag_point(h, p, gesture, dx, dy, &e, &g)) return;
    if (!release) {
        if (host_check(h, kalends_view_pointer_move(p->view, &e, NULL, &action), "a pointer move")) {
            if (action.outcome != KALENDS_OUTCOME_NONE || g.kind == KALENDS_GESTURE_SWIPE) after_action(h, p, &action);
            else host_redraw(h); /* an event drag's preview moves with every point */
        }
    } else if (host_check(h, kalends_view_pointer_release(p->view, &e, NULL, &action), "a release")) {
        if (action.outcome == KALENDS_OUTCOME_REFUSED) host_message(h, "the event cannot go there");
        /* a swipe that pages finishes its slide from where the pointer let go */
        p->slide_from = g.kind == KALENDS_GESTURE_SWIPE && action.outcome == KALENDS_OUTCOME_PAGED ? g.progress : 0;
        after_action(h, p, &action);
    }
}

static void on_drag_update(GtkGestureDrag *gesture, double dx, double dy, gpointer data) {
    forward_drag(gesture, dx, dy, data, 0);
}

static void on_drag_end(GtkGestureDrag *gesture, double dx, double dy, gpointer data) {
    forward_drag(gesture, dx, dy, data, 1);
}

/* GTK took the pointer away (a grab, the window lost it): the gesture ends without effect. */
static void on_drag_cancel(GtkGesture *gesture, GdkEventSequence *sequence, gpointer data) {
    (void)sequence;
    pane *p = data;
    host *h = g_object_get_data(G_OBJECT(gesture), "host");
    kalends_gesture g = {0};
    g.struct_size = sizeof g;
    kalends_action action;
    if (host_check(h, kalends_view_gesture(p->view, &g), "the gesture") && g.phase != KALENDS_GESTURE_PHASE_NONE &&
        host_check(h, kalends_view_pointer_cancel(p->view, &action), "cancelling the gesture"))
        after_action(h, p, &action);
}

void input_attach(host *h, pane *p) {
    /* One GtkGestureDrag does it all: its begin is Kalends' press, its updates are moves,
       its end the release. A click is a press and a release within the slop: a tap. */
    GtkGesture *drag = gtk_gesture_drag_new();
    g_object_set_data(G_OBJECT(drag), "host", h);
    g_signal_connect(drag, "drag-begin", G_CALLBACK(on_drag_begin), p);
    g_signal_connect(drag, "drag-update", G_CALLBACK(on_drag_update), p);
    g_signal_connect(drag, "drag-end", G_CALLBACK(on_drag_end), p);
    g_signal_connect(drag, "cancel", G_CALLBACK(on_drag_cancel), p);
    gtk_widget_add_controller(p->area, GTK_EVENT_CONTROLLER(drag));
}

/* GDK key -> Kalends key; 0 for a key the view does not take. */
static kalends_key view_key(guint keyval, GdkModifierType state) {
    int shift = (state & GDK_SHIFT_MASK) != 0;
    switch (keyval) {
    case GDK_KEY_Left: return shift ? KALENDS_KEY_SHIFT_LEFT : KALENDS_KEY_LEFT;
    case GDK_KEY_Right: return shift ? KALENDS_KEY_SHIFT_RIGHT : KALENDS_KEY_RIGHT;
    case GDK_KEY_Up: return shift ? KALENDS_KEY_SHIFT_UP : KALENDS_KEY_UP;
    case GDK_KEY_Down: return shift ? KALENDS_KEY_SHIFT_DOWN : KALENDS_KEY_DOWN;
    case GDK_KEY_Page_Up: return KALENDS_KEY_PAGE_UP;
    case GDK_KEY_Page_Down: return KALENDS_KEY_PAGE_DOWN;
    case GDK_KEY_Home: return KALENDS_KEY_HOME;
    case GDK_KEY_End: return KALENDS_KEY_END;
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_space: return KALENDS_KEY_ENTER;
    case GDK_KEY_Escape: return KALENDS_KEY_ESCAPE;
    default: return 0;
    }
}

static gboolean on_key(GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
                       gpointer data) {
    (void)controller;
    (void)keycode;
    host *h = data;
    if ((state & GDK_CONTROL_MASK) && keyval == GDK_KEY_q) {
        h->running = 0; /* main.c's loop ends */
        return TRUE;
    }
    kalends_key key = view_key(keyval, state);
    if (!key) return FALSE;
    /* Escape cancels a gesture of either pane; other keys go to the month (the focus is there). */
    pane *p = &h->month;
    if (key == KALENDS_KEY_ESCAPE) {
        kalends_gesture g = {0};
        g.struct_size = sizeof g;
        if (host_check(h, kalends_view_gesture(h->week.view, &g), "the gesture") && g.phase != KALENDS_GESTURE_PHASE_NONE)
            p = &h->week;
    }
    kalends_action action;
    if (host_check(h, kalends_view_key(p->view, key, &action), "a key")) {
        /* Enter selects the focused day as a tap would: the week follows it too */
        after_action(h, p, &action);
    }
    return TRUE;
}

void input_attach_keys(host *h, GtkWidget *window) {
    GtkEventController *keys = gtk_event_controller_key_new();
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key), h);
    gtk_widget_add_controller(window, keys);
}

/*
 * kalends/pointer.h -- pointer gestures on a view: press, move, release, cancel; taps,
 * long presses, range drags, paint drags, swipe paging and event drags.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_POINTER_H
#define KALENDS_POINTER_H

#include "view.h"
#include "scroll.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The host passes its pointer events through: a press, moves, then a release or a
 * cancel, each with the point (the view's coordinates, as kalends_view_layout) and a
 * timestamp in seconds (any clock that only grows, e.g. the toolkit's event time).
 * The view recognises the gesture:
 * - a press and release that never left the slop distance is a tap (kalends_view_tap);
 * - a press held within the slop for long_press_duration is a long press (reported
 *   once, by the move or release that finds it; a host without move events while the
 *   pointer rests sends a move at the same point on a timer);
 * - before anything else, a press may be CLAIMED by another handler (event editing,
 *   when the view's store and options allow it): the gesture is then an event move,
 *   resize or create, and the event fields of kalends_gesture describe it;
 * - otherwise, in RANGE selection mode a drag from a day previews a range (committed
 *   on release, either direction; a release outside the grid commits the last day
 *   reached); in MULTIPLE mode it paints days (or erases them, when the first day was
 *   selected); holding at the grid's edge for edge_hold_duration pages and keeps
 *   extending; which pointers drag-select at once is `drag_select`;
 * - any other drag along `swipe_axis` is a swipe: the gesture's offset and progress
 *   slide the pages (kalends_view_transition_layout shows the current page and the
 *   neighbour at that progress while the swipe lasts); a release past swipe_distance
 *   (a fraction of the page) or faster than swipe_velocity pages, else it springs back.
 *   Right-to-left views mirror horizontal swipes.
 * Cancel (and KALENDS_KEY_ESCAPE) restores the selection from before the press. Events
 * out of order (a move or release without a press, a second press) are MISUSE and
 * change nothing; a point or time that is not finite is INVALID_ARGUMENT.
 */

/* Pointer kinds */
typedef int32_t kalends_pointer_kind;
#define KALENDS_POINTER_MOUSE 0
#define KALENDS_POINTER_TOUCH 1
#define KALENDS_POINTER_PEN 2

/* Which drags select days (RANGE and MULTIPLE modes); the others swipe */
typedef int32_t kalends_drag_select;
#define KALENDS_DRAG_SELECT_NEVER 0  /* every drag swipes */
#define KALENDS_DRAG_SELECT_ALWAYS 1 /* every drag from a day selects */
/* Mouse and pen drags from a day select at once; a touch selects after a long press
   (HorizonCalendar) and swipes otherwise (FSCalendar). */
#define KALENDS_DRAG_SELECT_MOUSE_OR_LONG_PRESS 2

/* Where a gesture is */
typedef int32_t kalends_gesture_phase;
#define KALENDS_GESTURE_PHASE_NONE 0    /* no pointer is down */
#define KALENDS_GESTURE_PHASE_PRESSED 1 /* down, within the slop: a tap or a long press so far */
#define KALENDS_GESTURE_PHASE_ACTIVE 2  /* a drag is recognised: `kind` says which */

/* What a gesture is */
typedef int32_t kalends_gesture_kind;
#define KALENDS_GESTURE_NONE 0
#define KALENDS_GESTURE_TAP_PENDING 1  /* pressed within the slop: a tap if released now */
#define KALENDS_GESTURE_LONG_PRESS 2   /* held within the slop for long_press_duration */
#define KALENDS_GESTURE_RANGE 3        /* a range drag: preview_first ... preview_last */
#define KALENDS_GESTURE_PAINT 4        /* MULTIPLE mode: the days dragged over get selected */
#define KALENDS_GESTURE_ERASE 5        /* MULTIPLE mode: the days dragged over get deselected */
#define KALENDS_GESTURE_SWIPE 6        /* offset, progress and direction of the pages' slide */
#define KALENDS_GESTURE_EVENT_MOVE 7   /* an event dragged to another time or day */
#define KALENDS_GESTURE_EVENT_RESIZE_START 8 /* an event's start (top edge) dragged */
#define KALENDS_GESTURE_EVENT_RESIZE_END 9   /* an event's end (bottom edge) dragged */
#define KALENDS_GESTURE_EVENT_CREATE 10 /* a time range dragged over empty time */

/* Why an event drop is refused (kalends_gesture.refusal) */
typedef int32_t kalends_refusal;
#define KALENDS_REFUSAL_NONE 0
#define KALENDS_REFUSAL_READ_ONLY 1    /* the event may not be edited */
#define KALENDS_REFUSAL_OUTSIDE_WINDOW 2 /* outside the allowed windows (business hours, ranges) */
#define KALENDS_REFUSAL_OVERLAP 3      /* overlaps another event of its source */
#define KALENDS_REFUSAL_OUT_OF_BOUNDS 4 /* outside the view's minimum and maximum dates */
#define KALENDS_REFUSAL_VETOED 5       /* the host's veto callback said no */
#define KALENDS_REFUSAL_REMOVED 6      /* the event left the store during the drag */
#define KALENDS_REFUSAL_CHANGED 7      /* the event changed in the store during the drag */

/* One pointer event. */
typedef struct kalends_pointer_event {
    uint32_t struct_size;       /* sizeof(kalends_pointer_event) */
    kalends_pointer_kind kind;  /* KALENDS_POINTER_* */
    double x;                   /* the view's coordinates, as kalends_view_layout */
    double y;
    double time;                /* seconds, any clock that only grows */
} kalends_pointer_event;

/* How a view recognises gestures. Defaults (kalends_pointer_options_init): slop 8
   points, long press 0.5 s, edge paging after 0.6 s within 16 points of the grid's
   edge, drag select KALENDS_DRAG_SELECT_MOUSE_OR_LONG_PRESS, horizontal swipes that page
   past half a page or faster than 300 points/s. */
typedef struct kalends_pointer_options {
    uint32_t struct_size;
    kalends_drag_select drag_select; /* KALENDS_DRAG_SELECT_* */
    double slop;                /* points a press may wander and stay a tap, 0 ... 10000 */
    double long_press_duration; /* seconds, > 0 */
    double edge_hold_duration;  /* seconds held at the grid's edge before it pages; 0: never */
    double edge_width;          /* points from the grid's left/right (top/bottom when
                                   vertical) edge that count as the edge, 0 ... 10000 */
    kalends_axis swipe_axis;    /* KALENDS_AXIS_HORIZONTAL (FSCalendar) or _VERTICAL (Kal) */
    int32_t reserved;           /* 0 */
    double swipe_distance;      /* fraction of the page, 0 ... 1 */
    double swipe_velocity;      /* points per second, >= 0 (0: distance alone decides) */
} kalends_pointer_options;

/* What a gesture shows while it lasts: the host draws from it (and from
   kalends_view_days, whose flags show a range or paint preview as the selection). */
typedef struct kalends_gesture {
    uint32_t struct_size;         /* set by the caller: sizeof(kalends_gesture) */
    kalends_gesture_phase phase;  /* KALENDS_GESTURE_PHASE_* */
    kalends_gesture_kind kind;    /* KALENDS_GESTURE_* */
    kalends_pointer_kind pointer; /* of the press */
    double start_x;               /* the press */
    double start_y;
    double start_time;
    double x;                     /* the last event */
    double y;
    double time;
    int32_t has_day;
    int32_t day;                  /* the day the gesture last reached (the press's day first) */
    /* RANGE, PAINT, ERASE: the days previewed (first <= last) */
    int32_t has_preview;
    int32_t preview_first;
    int32_t preview_last;
    /* SWIPE: the pages' slide */
    kalends_direction direction;  /* the page the swipe shows: FORWARD, BACKWARD or NONE */
    double offset;                /* points along the swipe axis (negative: left / up) */
    double progress;              /* |offset| / page size, 0 ... 1 */
    /* EVENT_*: the event and where the drag would put it (filled by event editing) */
    int32_t all_day;              /* 1: an all-day event (start and end are day numbers) */
    kalends_refusal refusal;      /* why a release now would be refused; NONE: it would land */
    int64_t event_id;
    int64_t occurrence_start;     /* the dragged occurrence's start (recurring events) */
    int64_t proposed_start;
    int64_t proposed_end;
} kalends_gesture;

/* Fills *options with the defaults. Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_pointer_options_init(kalends_pointer_options *options);

/* Replaces the view's pointer options (a gesture in progress keeps going with them).
   Errors: INVALID_ARGUMENT (a value out of its range: the message names it). */
kalends_status kalends_view_set_pointer_options(kalends_view *view, const kalends_pointer_options *options);

/* Reads the view's pointer options (out->struct_size must be set). */
kalends_status kalends_view_get_pointer_options(const kalends_view *view, kalends_pointer_options *out);

/* A pointer goes down at (event->x, event->y). `hit` (may be NULL) receives the
   element there, `out` (may be NULL) what happened (outcome NONE: nothing is decided
   at a press). Errors: MISUSE (a pointer is already down, or from inside a callback),
   INVALID_ARGUMENT (a coordinate or the time is not finite), NO_INTRINSIC_METRIC (no
   width yet). */
kalends_status kalends_view_pointer_press(kalends_view *view, const kalends_pointer_event *event,
                                          kalends_element *hit, kalends_action *out);

/* The pointer moves (or rests: the same point at a later time). Outcomes: NONE, PREVIEW
   (the gesture's preview changed; kalends_view_gesture and the days' flags show it),
   LONG_PRESS (recognised now), PAGED (the drag held at the edge paged). `hit` and `out`
   may be NULL. A time before the previous event's counts as that time.
   Errors: MISUSE (no pointer is down), INVALID_ARGUMENT (not finite). */
kalends_status kalends_view_pointer_move(kalends_view *view, const kalends_pointer_event *event,
                                         kalends_element *hit, kalends_action *out);

/* The pointer goes up: a tap does what kalends_view_tap does; a range drag commits its
   range (should_select and will_select asked for both ends: a veto gives VETOED and the
   selection from before the press); a paint commits its days; a swipe pages or springs
   back (outcome PAGED or NONE); a claimed gesture commits its edit. `hit` and `out` may
   be NULL. Errors: as kalends_view_pointer_move. */
kalends_status kalends_view_pointer_release(kalends_view *view, const kalends_pointer_event *event,
                                            kalends_element *hit, kalends_action *out);

/* The gesture ends without effect: the selection (and page) from before the press come
   back; outcome CANCELLED (out may be NULL). Errors: MISUSE (no pointer is down). */
kalends_status kalends_view_pointer_cancel(kalends_view *view, kalends_action *out);

/* The gesture in progress (phase NONE when no pointer is down); out->struct_size must
   be set. */
kalends_status kalends_view_gesture(const kalends_view *view, kalends_gesture *out);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_POINTER_H */

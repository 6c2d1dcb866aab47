/*
 * kalends/editing.h -- event editing in a view: moving and resizing events, selecting a time range, constraints.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_EDITING_H
#define KALENDS_EDITING_H

#include "time_grid.h"
#include "pointer.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A view with a store (kalends_view_set_store) edits that store's events when its edit
 * options allow it (editable is off by default). An edit is a gesture: it begins on an
 * event (or on empty time, to select a range), is updated with the (day, time) the
 * pointer or the keys reach, and ends by a commit or a cancel. Nothing in the store
 * changes before the commit: a move proposes new times (snapped, kept within the
 * constraints, in the view's zone) and the view gives the preview; the commit asks the
 * host's veto, then updates the store once (one version bump) and reports the change;
 * a cancel, a refused drop, an event removed or changed meanwhile change nothing.
 * Constraints: read-only events (a callback), business hours (per weekday) and allowed
 * ranges, no overlap within the same source (an option), the view's min/max dates, and
 * the veto. Times are wall times of the store's zone: a move keeps an event's length in
 * seconds; a start on a time a clock change skips moves forward by the gap (RFC 5545,
 * 3.3.5). Every function here runs on the calling thread; the store is read and
 * written under its own lock (another thread may change it between calls).
 */

/* Which occurrences of a recurring entry a move changes (kalends_edit_options.scope) */
typedef int32_t kalends_edit_scope;
#define KALENDS_EDIT_SCOPE_THIS 0 /* this one: an override (RECURRENCE-ID) of the occurrence */
#define KALENDS_EDIT_SCOPE_ALL 1  /* the whole series moves by the same amount */

/* Keys of kalends_view_edit_key (a focused event, no pointer) */
typedef int32_t kalends_edit_key;
#define KALENDS_EDIT_KEY_EARLIER 1 /* move one snap step earlier */
#define KALENDS_EDIT_KEY_LATER 2   /* one snap step later */
#define KALENDS_EDIT_KEY_PREVIOUS_DAY 3
#define KALENDS_EDIT_KEY_NEXT_DAY 4
#define KALENDS_EDIT_KEY_SHORTER 5 /* end one snap step earlier */
#define KALENDS_EDIT_KEY_LONGER 6  /* end one snap step later */

/* Editing options of a view; defaults (kalends_edit_options_init) in the comments. */
typedef struct kalends_edit_options {
    uint32_t struct_size;
    int32_t editable;       /* 0: edits are refused (MISUSE); 1: the view edits its store's events */
    int32_t snap_minutes;   /* 15: proposed times snap to multiples of this (1 ... 1440) from midnight */
    int32_t min_minutes;    /* 15: a timed event is at least this long after a resize (0 ... 1440) */
    int32_t no_overlap;     /* 0; 1: a timed event may not overlap another of its source */
    kalends_edit_scope scope; /* KALENDS_EDIT_SCOPE_THIS: what moving an occurrence of a recurring entry changes */
} kalends_edit_options;

/* Business hours: on ISO `weekday` (1 = Monday ... 7 = Sunday) from `start` to `end`,
   seconds since midnight (0 ... 86400, start < end). A day may have several. With any
   set, a timed event must lie within one of its day's windows. */
typedef struct kalends_business_hours {
    int32_t weekday;
    int32_t start;
    int32_t end;
    int32_t reserved; /* 0 */
} kalends_business_hours;

/* An allowed range of instants (end exclusive). With any set, a timed event must lie
   within one, an all-day event's days within one's days. */
typedef struct kalends_time_range {
    int64_t start;
    int64_t end;
} kalends_time_range;

/* Where a gesture is: a day, and the all-day strip (a month cell) or a wall time. */
typedef struct kalends_edit_point {
    int32_t day;
    int32_t all_day; /* 1: the day itself (the strip, a month cell); 0: `seconds` into it */
    int32_t seconds; /* wall time, seconds since midnight, 0 ... 86400 */
    int32_t reserved; /* 0 */
} kalends_edit_point;

/* An edit as it stands. */
typedef struct kalends_edit_state {
    kalends_gesture_kind kind;    /* KALENDS_GESTURE_EVENT_MOVE, _RESIZE_START, _RESIZE_END, _CREATE; NONE: no edit */
    kalends_outcome outcome;      /* PREVIEW (under way), EDITED, TIME_SELECTED (CREATE), REFUSED, CANCELLED */
    kalends_refusal refusal;      /* why the proposal would be (or was) refused; NONE when it is allowed */
    int32_t recurring;            /* 1: an occurrence of a recurring entry */
    int64_t event;                /* the event (CREATE: 0) */
    int64_t recurrence_id;        /* with event, the occurrence (0 for a single event) */
    int32_t old_all_day;
    int32_t all_day;              /* proposed */
    int64_t old_start;            /* instants; all-day: first and last day numbers */
    int64_t old_end;
    int64_t start;                /* proposed */
    int64_t end;
    int32_t first_day;            /* the days whose layout the edit changes (old and proposed) */
    int32_t last_day;
} kalends_edit_state;

/* Host callbacks of editing, each with user_data first; run synchronously on the
   calling thread. Predicates return 1 (yes) or 0 (no); any other value aborts the call
   with KALENDS_E_CALLBACK and nothing changes. Any may be NULL. */
typedef int32_t (*kalends_event_predicate)(void *user_data, int64_t event);
typedef int32_t (*kalends_edit_predicate)(void *user_data, const kalends_edit_state *change);

typedef struct kalends_edit_callbacks {
    uint32_t struct_size;
    void *user_data;
    /* Is the event read-only? Asked when an edit begins on it. */
    kalends_event_predicate is_read_only;
    /* May the change be committed? 0 refuses it (VETOED). Asked on commit, after the constraints. */
    kalends_edit_predicate should_commit;
} kalends_edit_callbacks;

/* Fills *options with the defaults. Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_edit_options_init(kalends_edit_options *options);

/* Sets / reads the view's edit options (struct_size must be set). Errors:
   INVALID_ARGUMENT (a value out of its range), MISUSE (during an edit). */
kalends_status kalends_view_set_edit_options(kalends_view *view, const kalends_edit_options *options);
kalends_status kalends_view_get_edit_options(const kalends_view *view, kalends_edit_options *out);

/* Installs the edit callbacks (NULL: removes them; copied). user_data must stay valid
   while they are installed. */
kalends_status kalends_view_set_edit_callbacks(kalends_view *view, const kalends_edit_callbacks *callbacks);

/* The time grid the host draws week and day pages with (`options` NULL: defaults):
   pointer gestures (kalends/pointer.h) edit on it. With editing enabled, a press on an
   event's box moves it (within 6 points of its top or bottom edge: resizes it), on a
   bar of the strip or of a month page moves it by days, on empty time selects a range
   (the gesture's kind says which; a touch needs a long press first), and the release
   commits as kalends_view_edit_commit does. Errors: INVALID_ARGUMENT (an option). */
kalends_status kalends_view_set_edit_grid(kalends_view *view, const kalends_time_grid_options *options);

/* Replaces the view's business hours (count 0: none; `hours` may be NULL when count is
   0). Errors: INVALID_ARGUMENT (a weekday, a window not within 0 ... 86400 or empty). */
kalends_status kalends_view_set_business_hours(kalends_view *view, const kalends_business_hours *hours, int32_t count);

/* The view's business hours as set, in weekday and start order. Array conventions. */
kalends_status kalends_view_business_hours(const kalends_view *view, kalends_business_hours *out, int32_t capacity,
                                           int32_t *count);

/* Replaces the allowed ranges (count 0: none; `ranges` may be NULL when count is 0).
   Errors: INVALID_ARGUMENT (end before start). */
kalends_status kalends_view_set_edit_ranges(kalends_view *view, const kalends_time_range *ranges, int32_t count);

/* Begins an edit of `kind` at *at: KALENDS_GESTURE_EVENT_MOVE, _RESIZE_START, _RESIZE_END
   on the occurrence of `event` (`recurrence_id` 0 for a single event); _CREATE on empty
   time (event 0).
   *out receives the state (the proposal equals the event's times). Errors: MISUSE (the
   view is not editable, has no store, or an edit is under way), NOT_FOUND (no such
   event or occurrence), OUT_OF_RANGE (the point's day outside years 1 ... 9999),
   INVALID_ARGUMENT (the point's seconds, a resize of an all-day event), CALLBACK; the
   state's MISUSE is reported before the point is looked at. A read-only event begins nothing: *out says REFUSED, READ_ONLY. */
kalends_status kalends_view_edit_begin(kalends_view *view, kalends_gesture_kind kind, int64_t event, int64_t recurrence_id,
                                       const kalends_edit_point *at, kalends_edit_state *out);

/* Moves the edit to *to: the proposal follows it by the offset from where the edit
   began, snapped, and *out says whether it would be refused and why (a refused
   proposal stays shown; the drop would be refused). O(log n + k) for the k events near
   the proposal. Errors: MISUSE (no edit under way), OUT_OF_RANGE or INVALID_ARGUMENT (the point, as
   kalends_view_edit_begin). */
kalends_status kalends_view_edit_update(kalends_view *view, const kalends_edit_point *to, kalends_edit_state *out);

/* Ends the edit: a proposal the constraints allow is asked of should_commit, then
   written to the store (one update; an occurrence with scope THIS becomes an override
   of its entry) and *out says EDITED (CREATE: TIME_SELECTED) with the old and new
   times; otherwise *out says REFUSED and why, and the store is as before. Errors: MISUSE (no edit under way),
   CALLBACK (the veto failed: nothing changed). */
kalends_status kalends_view_edit_commit(kalends_view *view, kalends_edit_state *out);

/* Ends the edit without changing anything (*out may be NULL: says CANCELLED).
   Errors: MISUSE (no edit under way). */
kalends_status kalends_view_edit_cancel(kalends_view *view, kalends_edit_state *out);

/* The edit under way (kind NONE without one). */
kalends_status kalends_view_edit_state(const kalends_view *view, kalends_edit_state *out);

/* As kalends_view_time_grid, with the view's store and zone: the timed boxes of the
   days the edit changes (first_day ... last_day of its state) re-laid out with the
   event at its proposed times. Array conventions. Errors: MISUSE (no edit under way). */
kalends_status kalends_view_edit_preview(const kalends_view *view, const kalends_time_grid_options *options,
                                         kalends_time_grid_item *out, int32_t capacity, int32_t *count);

/* Moves or resizes `event` (the occurrence `recurrence_id`, 0 for a single event) by
   `key`, as an edit begun and committed at once, with the same constraints. *out says
   what happened. Errors: as kalends_view_edit_begin and kalends_view_edit_commit. */
kalends_status kalends_view_edit_key(kalends_view *view, int64_t event, int64_t recurrence_id, kalends_edit_key key,
                                     kalends_edit_state *out);

/* What a screen reader says about the edit under way: "Standup, moving to Tuesday,
   November 24, 2026, 10:15 to 10:45" (refused: ", not allowed"), in the view's locale's
   date style. snprintf conventions (as kalends_view_accessibility_label). Errors:
   MISUSE (no edit under way). */
kalends_status kalends_view_edit_accessibility_label(const kalends_view *view, char *buffer, size_t capacity,
                                                     size_t *length);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_EDITING_H */

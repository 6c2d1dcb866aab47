/*
 * kalends/event_layout.h -- month bars of events over a view, and the day timeline.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_EVENT_LAYOUT_H
#define KALENDS_EVENT_LAYOUT_H

#include "store.h"
#include "view.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Options of kalends_view_event_bars; defaults (kalends_bar_options_init) in the comments. */
typedef struct kalends_bar_options {
    uint32_t struct_size;
    int32_t max_lanes;  /* lanes a cell holds (default 3); a day needing more shows "+N more" in its last */
    double bar_height;  /* 14 */
    double lane_spacing; /* 2 */
    double top_inset;   /* 20: room for the day number */
    double side_inset;  /* 2 */
} kalends_bar_options;

/* One segment of an event in one week row of the view's page. */
typedef struct kalends_event_bar {
    int64_t event;
    int32_t row;
    int32_t first_column; /* 0 ... 6 */
    int32_t last_column;
    int32_t lane;
    int32_t continues_before; /* 1: the event goes on before this segment */
    int32_t continues_after;
    kalends_rect frame;
} kalends_event_bar;

/* "+N more" on a day whose events do not fit its lanes. */
typedef struct kalends_event_more {
    int32_t day;
    int32_t hidden;
    kalends_rect frame;
} kalends_event_more;

/* Fills *options with the defaults and sets struct_size. Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_bar_options_init(kalends_bar_options *options);

/* The bars and "+N more" labels of the store's events on the view's page (its day
   cells, as kalends_view_layout frames them), in `zone` (NULL: UTC). Lanes: row by
   row, events continuing from the row above keep their lane when it is free; the
   others take the lowest lane free on all their days. A page of several months
   (kalends_view_options.months > 1): each month's bars over its own grid, in month
   order, cut at its grid's edges as at a page's, with its own lanes and "+N more";
   rows count across the page (a month's first row follows the previous month's last,
   so row * 7 + column is the cell's index in kalends_view_days); a day two grids show
   has its bars in both. Two arrays, each by the array
   conventions; BUFFER_TOO_SMALL if either is short (both counts are set). options may
   be NULL (defaults). Errors: NO_INTRINSIC_METRIC (the view has no width),
   INVALID_ARGUMENT, BUFFER_TOO_SMALL. */
kalends_status kalends_view_event_bars(const kalends_view *view, const kalends_store *store,
                                       const kalends_timezone *zone, const kalends_bar_options *options,
                                       kalends_event_bar *bars, int32_t bar_capacity, int32_t *bar_count,
                                       kalends_event_more *more, int32_t more_capacity, int32_t *more_count);

/* Options of kalends_store_timeline; defaults (kalends_timeline_options_init) in the comments. */
typedef struct kalends_timeline_options {
    uint32_t struct_size;
    int32_t first_hour; /* 0 */
    int32_t last_hour;  /* 24 */
    int32_t reserved;
    double left, top;   /* 0, 0 */
    double width;       /* 320 */
    double hour_height; /* 48 */
    double min_height;  /* 18 */
    double spacing;     /* 2: between neighbouring columns */
    int32_t max_events; /* 0: every timed event of the day; else at most this many, the first in start
                           order, laid out as if the others were not there */
    int32_t reserved2;  /* 0 */
} kalends_timeline_options;

/* One timed event placed in the day timeline. */
typedef struct kalends_timeline_item {
    int64_t event;
    int32_t column;
    int32_t columns; /* of its group of overlapping events */
    int32_t span;    /* columns it covers: 1 + the free ones to its right */
    int32_t clipped_start; /* began before the shown hours */
    int32_t clipped_end;
    int32_t reserved;
    kalends_rect frame;
} kalends_timeline_item;

/* Fills *options with the defaults and sets struct_size. Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_timeline_options_init(kalends_timeline_options *options);

/* The timed events of local `day` of `zone` (NULL: UTC) placed by time: overlapping events side by side in
   the fewest columns, each widened over the free columns to its right. Array
   conventions; options may be NULL. O(k log k) for the k events laid out. With
   recurring entries and max_events 0, *count of an answer that does not fit is
   counted (the occurrences in the shown hours), not laid out, except on a day whose
   clock goes back (the day's timed occurrences are then read to count them). A
   struct_size of the options without max_events (64 bytes) is accepted.
   Errors: INVALID_ARGUMENT, OUT_OF_RANGE (as kalends_store_query). */
kalends_status kalends_store_timeline(const kalends_store *store, const kalends_timezone *zone, int32_t day,
                                      const kalends_timeline_options *options, kalends_timeline_item *out,
                                      int32_t capacity, int32_t *count);

/* A month bar with the occurrence it belongs to (kalends_view_occurrence_bars). */
typedef struct kalends_occurrence_bar {
    kalends_event_bar bar;
    int64_t recurrence_id; /* with bar.event, the occurrence (see kalends_occurrence); 0 for a single event */
    int32_t recurring;     /* 1: an occurrence of a recurring entry */
    int32_t reserved;
} kalends_occurrence_bar;

/* As kalends_view_event_bars, each bar naming its occurrence. */
kalends_status kalends_view_occurrence_bars(const kalends_view *view, const kalends_store *store,
                                            const kalends_timezone *zone, const kalends_bar_options *options,
                                            kalends_occurrence_bar *bars, int32_t bar_capacity, int32_t *bar_count,
                                            kalends_event_more *more, int32_t more_capacity, int32_t *more_count);

/* A timeline item with the occurrence it shows (kalends_store_occurrence_timeline). */
typedef struct kalends_occurrence_item {
    kalends_timeline_item item;
    int64_t recurrence_id; /* with item.event, the occurrence (see kalends_occurrence); 0 for a single event */
    int32_t recurring;     /* 1: an occurrence of a recurring entry */
    int32_t reserved;
} kalends_occurrence_item;

/* As kalends_store_timeline, each item naming its occurrence. */
kalends_status kalends_store_occurrence_timeline(const kalends_store *store, const kalends_timezone *zone, int32_t day,
                                                 const kalends_timeline_options *options, kalends_occurrence_item *out,
                                                 int32_t capacity, int32_t *count);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_EVENT_LAYOUT_H */

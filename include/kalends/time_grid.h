/*
 * kalends/time_grid.h -- the time grid of week and day pages: all-day strip, hour rows, day columns, event boxes.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_TIME_GRID_H
#define KALENDS_TIME_GRID_H

#include "event_layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The time grid lies below the view's row of day cells (kalends_view_layout; a week
 * page has 7, a day page 1): first the all-day strip, where all-day events and timed
 * events of a day or more stand as bars in lanes (as month bars), then the grid: one
 * column per day under its cell, one row per hour shown, and each day's shorter timed
 * events placed by time (kalends_store_timeline: overlapping ones side by side).
 * Times are wall-clock times of `zone` (NULL: UTC): 10:00 is on the 10:00 line on a
 * day that lost or gained an hour too. Every function below takes the same view,
 * store (may be NULL: no events), zone and options (NULL: defaults) and computes the
 * grid from them: O(k log k) for the page's k events, never the store's others.
 * Errors of each: NO_INTRINSIC_METRIC (the view has no width), INVALID_ARGUMENT (an
 * option), OUT_OF_RANGE (as kalends_store_query).
 */

/* Options of the time grid; defaults (kalends_time_grid_options_init) in the comments. */
typedef struct kalends_time_grid_options {
    uint32_t struct_size;
    int32_t first_hour;  /* 0: the hours shown, first ... last (0 ... 24) */
    int32_t last_hour;   /* 24 */
    int32_t fit_events;  /* 0; 1: the hours shown widen to every timed event of the grid */
    double hour_height;  /* 48 */
    double min_height;   /* 18: an event's box is at least this tall */
    double strip_bar_height;   /* 18: bars of the all-day strip */
    double strip_lane_spacing; /* 2 */
    int32_t strip_lanes;       /* 3: lanes shown at most; a day needing more shows "+N more" in its last */
    int32_t reserved;          /* 0 */
    double strip_padding;      /* 4: above and below the strip's lanes */
    double strip_gap;          /* 2: from the bottom of the day cells to the strip */
    double grid_gap;           /* 8: from the strip to the grid */
    double event_leading;      /* 1: room left of a day's event boxes in its column */
    double event_trailing;     /* 2: room right of them */
    double event_spacing;      /* 2: between neighbouring boxes */
    int32_t max_stack;         /* 0: no limit; else at most this many boxes side by side in a group of
                                  overlapping events: its first max_stack columns laid over max_stack + 1
                                  and a "+N more" item in the last (kalends_view_time_grid_stack_more).
                                  0 ... 1000 (FullCalendar's eventMaxStack) */
    int32_t background_source; /* 0: none; else the source (kalends_event.source) whose events are
                                  background events: not boxes or bars, but stretches behind the
                                  columns (kalends_view_time_grid_background) */
} kalends_time_grid_options;

/* The grid as a whole. */
typedef struct kalends_time_grid {
    int32_t first_hour;  /* the hours shown (the options', widened by fit_events) */
    int32_t last_hour;
    int32_t lanes;       /* lanes of the strip: 0 without strip events */
    int32_t columns;     /* day columns */
    double hour_height;
    double height;       /* the grid's bottom edge: the content's height */
    kalends_rect strip;  /* the whole width; height 0 without strip events */
    kalends_rect grid;   /* the hour rows across the day columns */
} kalends_time_grid;

/* One day of the grid. */
typedef struct kalends_time_grid_column {
    int32_t day;              /* day number */
    kalends_day_flags flags;  /* as kalends_view_days */
    kalends_rect frame;       /* its column of the grid */
    kalends_rect strip;       /* its cell of the strip */
} kalends_time_grid_column;

/* One hour row, from its line down to the next. */
typedef struct kalends_time_grid_hour {
    int32_t hour;
    int32_t reserved;
    kalends_rect frame; /* across the day columns */
    kalends_rect label; /* beside the columns, where its label goes: left of them, right of them on a
                           right-to-left page (the margin to the page's edge) */
} kalends_time_grid_hour;

/* A timed event's box on a day of the grid. */
typedef struct kalends_time_grid_item {
    int32_t day;
    int32_t reserved;
    kalends_occurrence_item item;
} kalends_time_grid_item;

/* Where a point falls (kalends_time_grid_spot.area) */
typedef int32_t kalends_time_grid_area;
#define KALENDS_TIME_GRID_AREA_NONE 0
#define KALENDS_TIME_GRID_AREA_STRIP 1 /* a day's cell of the all-day strip */
#define KALENDS_TIME_GRID_AREA_GRID 2  /* a day's column at a time */

/* A point of the grid as a day and a wall time. */
typedef struct kalends_time_grid_spot {
    kalends_time_grid_area area; /* KALENDS_TIME_GRID_AREA_* */
    int32_t day;     /* the day of the column under the point (NONE: 0 outside every column) */
    int32_t seconds; /* GRID: the wall time the point's height stands for, seconds since midnight */
    int32_t reserved;
} kalends_time_grid_spot;

/* Fills *options with the defaults and sets struct_size. Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_time_grid_options_init(kalends_time_grid_options *options);

/* The grid's hours, strip and grid frames. `store` may be NULL; `zone` (NULL: UTC);
   options may be NULL (defaults). Errors: as the header says. */
kalends_status kalends_view_time_grid(const kalends_view *view, const kalends_store *store, const kalends_timezone *zone,
                                      const kalends_time_grid_options *options, kalends_time_grid *out);

/* As kalends_view_time_grid: the day columns, in the order of the view's days. Array conventions. */
kalends_status kalends_view_time_grid_columns(const kalends_view *view, const kalends_store *store,
                                              const kalends_timezone *zone, const kalends_time_grid_options *options,
                                              kalends_time_grid_column *out, int32_t capacity, int32_t *count);

/* As kalends_view_time_grid: the hour rows shown, first to last. Array conventions. */
kalends_status kalends_view_time_grid_hours(const kalends_view *view, const kalends_store *store,
                                            const kalends_timezone *zone, const kalends_time_grid_options *options,
                                            kalends_time_grid_hour *out, int32_t capacity, int32_t *count);

/* As kalends_view_time_grid: the timed event boxes of the grid (events shorter than
   a day), day by day, each naming its occurrence. Array conventions. */
kalends_status kalends_view_time_grid_items(const kalends_view *view, const kalends_store *store,
                                            const kalends_timezone *zone, const kalends_time_grid_options *options,
                                            kalends_time_grid_item *out, int32_t capacity, int32_t *count);

/* As kalends_view_time_grid: the bars and "+N more" labels of the all-day strip
   (frames inside it). Two arrays, each by the array conventions; BUFFER_TOO_SMALL if
   either is short (both counts are set). */
kalends_status kalends_view_time_grid_bars(const kalends_view *view, const kalends_store *store,
                                           const kalends_timezone *zone, const kalends_time_grid_options *options,
                                           kalends_occurrence_bar *bars, int32_t bar_capacity, int32_t *bar_count,
                                           kalends_event_more *more, int32_t more_capacity, int32_t *more_count);

/* As kalends_view_time_grid: the day and wall time under (x, y): a column of the grid
   (seconds 0 ... 86,400 by the point's height within the hours shown), a day's cell
   of the strip, or NONE. Also INVALID_ARGUMENT (a coordinate is not finite). */
kalends_status kalends_view_time_grid_spot(const kalends_view *view, const kalends_store *store,
                                           const kalends_timezone *zone, const kalends_time_grid_options *options,
                                           double x, double y, kalends_time_grid_spot *out);

/* Timeline extras (issue 27): what the shown hours hide, a time's line, business hours shaded. */

/* A day's timed events that lie wholly outside the hours shown (they have no box; an
   event that only crosses an edge has a box with clipped_start/clipped_end set). */
typedef struct kalends_time_grid_hidden {
    int32_t day;
    int32_t before; /* ending before first_hour */
    int32_t after;  /* starting at or after last_hour */
    int32_t reserved;
} kalends_time_grid_hidden;

/* A wall time's line across its day's column (frame of height 0). */
typedef struct kalends_time_grid_line {
    int32_t shown;   /* 1: the day is a column of the page and the time within the hours shown
                        (last_hour's end included); 0: not drawn (column and frame 0) */
    int32_t column;  /* index of the day's column */
    int32_t day;     /* the day and wall time (seconds since midnight) asked for */
    int32_t seconds;
    kalends_rect frame;
} kalends_time_grid_line;

/* A stretch of a day's column outside its business hours, within the hours shown. */
typedef struct kalends_time_grid_shade {
    int32_t day;
    int32_t column;  /* index of the day's column */
    int32_t start;   /* wall seconds start ..< end */
    int32_t end;
    kalends_rect frame;
} kalends_time_grid_shade;

/* As kalends_view_time_grid: per day column, the timed events the hours shown hide
   whole; columns without any are left out. O(k * c) for k timed events and c columns.
   Array conventions. */
kalends_status kalends_view_time_grid_hidden(const kalends_view *view, const kalends_store *store,
                                             const kalends_timezone *zone, const kalends_time_grid_options *options,
                                             kalends_time_grid_hidden *out, int32_t capacity, int32_t *count);

/* As kalends_view_time_grid: the line of wall time `seconds` (0 ... 86400) of `day`
   across its column (time to point; kalends_view_time_grid_spot is point to time).
   Also INVALID_ARGUMENT (seconds outside 0 ... 86400). */
kalends_status kalends_view_time_grid_line(const kalends_view *view, const kalends_store *store,
                                           const kalends_timezone *zone, const kalends_time_grid_options *options,
                                           int32_t day, int32_t seconds, kalends_time_grid_line *out);

/* As kalends_view_time_grid: the now line. `now` is the instant the host calls now
   (seconds since 1970; the library never reads the clock); its local day and wall time
   in `zone` and their line as kalends_view_time_grid_line gives it (shown 0 when the
   day is off the page or the time outside the hours shown). Also OUT_OF_RANGE (`now`
   beyond the supported years). */
kalends_status kalends_view_time_grid_now(const kalends_view *view, const kalends_store *store,
                                          const kalends_timezone *zone, const kalends_time_grid_options *options,
                                          int64_t now, kalends_time_grid_line *out);

/* As kalends_view_time_grid: the stretches of each day column outside the view's
   business hours (kalends_view_set_business_hours, the windows the editing constraints
   use), clipped to the hours shown, column by column, top to bottom: what the host
   shades. None without business hours set. Array conventions. */
kalends_status kalends_view_time_grid_shades(const kalends_view *view, const kalends_store *store,
                                             const kalends_timezone *zone, const kalends_time_grid_options *options,
                                             kalends_time_grid_shade *out, int32_t capacity, int32_t *count);

/* As kalends_view_time_grid: with max_stack set, the "+N more" items of the groups of
   overlapping boxes that need more columns than max_stack, day by day: each the day,
   the number of boxes it stands for (left out of kalends_view_time_grid_items) and its
   frame (the group's last column, from the top of the first hidden box to the bottom
   of the lowest). None with max_stack 0. Array conventions. */
kalends_status kalends_view_time_grid_stack_more(const kalends_view *view, const kalends_store *store,
                                                 const kalends_timezone *zone, const kalends_time_grid_options *options,
                                                 kalends_event_more *out, int32_t capacity, int32_t *count);

/* A background event's stretch of a day's column, across the whole column. */
typedef struct kalends_time_grid_background {
    int64_t event;
    int64_t recurrence_id; /* with event, the occurrence; 0 for a single event */
    int32_t recurring;     /* 1: an occurrence of a recurring entry */
    int32_t day;
    int32_t column;        /* index of the day's column */
    int32_t start;         /* wall seconds start ..< end, within the hours shown */
    int32_t end;
    int32_t reserved;
    kalends_rect frame;
} kalends_time_grid_background;

/* As kalends_view_time_grid: with background_source set, the stretches of that source's
   events on the page, column by column: an all-day event covers its days' hours shown,
   a timed one its wall times on each day it touches (none outside the hours shown).
   They are not among the items or bars. O(b * c) for b background events and c
   columns. Array conventions. */
kalends_status kalends_view_time_grid_background(const kalends_view *view, const kalends_store *store,
                                                 const kalends_timezone *zone, const kalends_time_grid_options *options,
                                                 kalends_time_grid_background *out, int32_t capacity, int32_t *count);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_TIME_GRID_H */

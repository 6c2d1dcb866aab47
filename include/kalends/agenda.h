/*
 * kalends/agenda.h -- the agenda (list) layout: a range's events grouped by day, virtualised.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_AGENDA_H
#define KALENDS_AGENDA_H

#include "store.h"
#include "locale.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The agenda of local days first ... last of a zone: each day with events is a block
 * of a heading row and one row per event or occurrence on it (all-day ones first, then
 * timed ones in start order; an event of several days on each of them with its day
 * index and count, "day 2 of 3": CLDR has no pattern for that text, the host words
 * it), days without events left out. The host draws the heading of a day as
 * kalends_locale_format_date in the full style in its calendar's system ("Saturday,
 * November 28, 2026") and, for yesterday, today and tomorrow, CLDR's word
 * (kalends_locale_relative_day).
 *
 * Virtualised: a viewport is laid out from an anchor, a day and a distance (offset)
 * from the top of that day's block, so its cost follows the rows it shows, never the
 * range (year 1 to 9999 is fine), the store or the events a day holds: each day shown
 * or scrolled past is counted by rank (O(log n), its events not read), a gap of g empty
 * days costs O(log g * log n), and of each shown day only its rows down to the last in
 * view are read (a day of 2,740 events costs what a day of 27 does; with recurring
 * entries in the store, a shown day's single events up to the last in view, each
 * entry's occurrences counted, not listed, below it). The host keeps the anchor the call returns and adds its scroll deltas to the
 * offset. The range's total height is an estimate from 16 sample days (the same for
 * the same store, range and options; exact for ranges of up to 16 days).
 */

/* Options of an agenda; defaults (kalends_agenda_options_init) in the comments. */
typedef struct kalends_agenda_options {
    uint32_t struct_size;
    int32_t has_today;     /* 0; 1: `today` is the host's today (the library never reads the clock) */
    int32_t today;         /* day number of today: its heading and those of the days either side
                              carry `relative` */
    int32_t reserved;      /* 0 */
    double heading_height; /* 32: a day's heading row, 1 ... 100,000 */
    double row_height;     /* 24: an event's row, 1 ... 100,000 */
} kalends_agenda_options;

/* What an agenda row shows (kalends_agenda_row.kind) */
typedef int32_t kalends_agenda_row_kind;
#define KALENDS_AGENDA_ROW_HEADING 0 /* a day's heading */
#define KALENDS_AGENDA_ROW_EVENT 1   /* an event or occurrence on the day */

/* One row of an agenda viewport, top to bottom. */
typedef struct kalends_agenda_row {
    kalends_agenda_row_kind kind; /* KALENDS_AGENDA_ROW_* */
    int32_t day;                  /* the day whose block holds the row */
    double y;                     /* top edge, relative to the viewport's top (negative: cut at the top) */
    double height;
    int32_t has_relative;         /* HEADING: 1 when the day is yesterday, today or tomorrow (options' today) */
    int32_t relative;             /* then day - today: -1, 0 or 1 */
    int32_t day_index;            /* EVENT: which of the event's days this row is, 1-based ... */
    int32_t day_count;            /* ... of how many it covers (its whole span, not clipped to the range) */
    int32_t position;             /* EVENT: its place in its day, 0-based (all-day ones first) */
    int32_t reserved;
    kalends_occurrence occurrence; /* EVENT: the event or occurrence (title owned by the store, valid
                                      until its next change); zeros for a heading */
} kalends_agenda_row;

/* Where an agenda viewport is. */
typedef struct kalends_agenda_viewport {
    int32_t anchor_day;      /* the anchor normalised: the day whose block holds the viewport's top ... */
    int32_t at_start;        /* 1: nothing above the viewport */
    int32_t at_end;          /* 1: nothing below it */
    int32_t reserved;
    double offset;           /* ... and the distance from that block's top (0 ... its height) */
    double estimated_height; /* the whole range's content, estimated (0 without events) */
    double estimated_top;    /* the viewport's top within it (for a scroll bar) */
} kalends_agenda_viewport;

/* Fills *options with the defaults and sets struct_size. Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_agenda_options_init(kalends_agenda_options *options);

/* The rows of an agenda viewport `height` points tall over local days first ... last
   of `zone` (NULL: UTC), its top `offset` points below the top of the block of
   `anchor_day` (the first day with events at or after it; the last before it when none
   follows). A negative offset reaches into earlier days, one past the block into later
   ones; the top stops at the first block's heading and the bottom at the last block's
   end. options (NULL: defaults). *viewport is set whenever *count is. Array
   conventions for the rows. Thread: any (under the store's lock).
   Errors: INVALID_ARGUMENT (last < first, anchor_day outside the range, offset or
   height not finite, height negative or more than 100,000 rows of the smaller row
   height, an option), OUT_OF_RANGE (days beyond the
   supported dates; an offset passing more than 10,000 days of events: move the anchor
   day instead), MISUSE. */
kalends_status kalends_store_agenda(const kalends_store *store, const kalends_timezone *zone, int32_t first,
                                    int32_t last, int32_t anchor_day, double offset, double height,
                                    const kalends_agenda_options *options, kalends_agenda_viewport *viewport,
                                    kalends_agenda_row *out, int32_t capacity, int32_t *count);

/* CLDR's word for the day `offset` days from today (fields/day/relative): -1
   "yesterday", 0 "today", 1 "tomorrow" ("gestern", "heute", "morgen"), snprintf
   convention. Errors: MISUSE, INVALID_ARGUMENT (buffer), NOT_FOUND (any other offset:
   CLDR has no single word for it). */
kalends_status kalends_locale_relative_day(const kalends_locale *locale, int32_t offset, char *buffer,
                                           size_t capacity, size_t *length);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_AGENDA_H */

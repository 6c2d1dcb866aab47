/*
 * kalends/ical.h -- iCalendar (RFC 5545): read .ics text or files, write them, the
 * occurrences overlapping a range, and import into a store.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_ICAL_H
#define KALENDS_ICAL_H

#include "store.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A calendar read from .ics: its events (VEVENT with RRULE, RDATE, EXDATE, EXRULE,
 * RECURRENCE-ID overrides including RANGE=THISANDFUTURE, STATUS:CANCELLED, COLOR),
 * VTIMEZONE definitions, other components kept for writing, and the warnings of a
 * lenient read. Expansion follows RFC 5545: DTSTART is always the first instance and
 * takes one of COUNT's places; an instance at a wall-clock time a clock change skips is
 * no instance (3.3.10). Several revisions of one UID (VEVENTs without RECURRENCE-ID, or
 * overrides of one instance): the highest SEQUENCE counts (the first of equals). TZIDs are
 * looked up in the tz database (names only, never POSIX TZ strings), then as Windows names
 * (CLDR's windowsZones), then in the file's VTIMEZONEs. Thread: a calendar may be shared
 * between threads (calls serialize on it).
 */
typedef struct kalends_ical kalends_ical;

/* How a DATE or DATE-TIME value is written in the file. */
typedef int32_t kalends_ical_time_kind;
#define KALENDS_ICAL_DATE 0     /* VALUE=DATE: all-day */
#define KALENDS_ICAL_FLOATING 1 /* a local time without a zone */
#define KALENDS_ICAL_UTC 2      /* ...Z */
#define KALENDS_ICAL_ZONED 3    /* TZID=... (a TZID no source knows is expanded and given as FLOATING) */

/* A DATE or DATE-TIME value as written, and where it lies on the time line. */
typedef struct kalends_ical_time {
    kalends_ical_time_kind kind;
    int32_t offset;   /* seconds east of UTC at this value (floating and DATE: the query zone's) */
    int64_t local;    /* wall-clock seconds since 1970-01-01T00:00 (a DATE: its midnight; UTC: the instant) */
    int64_t instant;  /* seconds since the epoch (floating and DATE values in the query's zone) */
    const char *tzid; /* ZONED: the TZID as written (owned by the calendar, NUL-terminated), else NULL */
} kalends_ical_time;

/* The STATUS of a VEVENT (RFC 5545 3.8.1.11), as kalends_ical_event_status gives it. */
typedef int32_t kalends_ical_status;
#define KALENDS_ICAL_STATUS_NONE 0      /* no STATUS property */
#define KALENDS_ICAL_STATUS_TENTATIVE 1
#define KALENDS_ICAL_STATUS_CONFIRMED 2
#define KALENDS_ICAL_STATUS_CANCELLED 3
#define KALENDS_ICAL_STATUS_OTHER 4     /* another value (a VTODO's, an x-name): its text says which */

/* One occurrence: the shape of recurring-ical-events' between(). Its event's STATUS
   (cancelled or not): kalends_ical_event_status(ical, occurrence.event, ...). */
typedef struct kalends_ical_occurrence {
    int32_t event;             /* index of the VEVENT that gave it (an override's for a modified instance) */
    int32_t has_recurrence_id; /* 0: a single event (recurrence_id is zero) */
    kalends_ical_time start;   /* as in the file: a DATE for all-day events */
    kalends_ical_time end;
    kalends_ical_time recurrence_id; /* the start the series gives the instance */
    const char *uid;           /* owned by the calendar, NUL-terminated, valid until it is freed */
    const char *summary;       /* the same; NULL when the event has no SUMMARY */
} kalends_ical_occurrence;

/* How to read; defaults (kalends_ical_options_init) in the comments. */
typedef struct kalends_ical_options {
    uint32_t struct_size;
    int32_t strict;              /* 0: lenient (a broken component is skipped with a warning naming its
                                    line; the rest is used; a line without ':' is skipped alone; what
                                    real files get wrong is read as recurring-ical-events reads it, with
                                    a warning: a misspelt END, DTEND before DTSTART, DATE mixed with
                                    DATE-TIME, a negative COUNT); 1: the first problem refuses the file
                                    (PARSE, "line N: ...") */
    int32_t max_line_bytes;      /* 1 MiB: a longer unfolded line is broken */
    int32_t max_component_lines; /* 200,000: a component with more lines is broken */
} kalends_ical_options;

/* Fills *options with the defaults and sets struct_size. Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_ical_options_init(kalends_ical_options *options);

/* Reads iCalendar text (UTF-8, CRLF or LF, folded lines, several VCALENDARs). options
   may be NULL (defaults). Release with kalends_ical_free. Memory: the events read plus
   one line and one component in flight. Errors: INVALID_ARGUMENT (NULL bytes with a
   length, options), PARSE (strict: the line and the problem; lenient: no VCALENDAR at
   all is a warning, not an error). */
kalends_status kalends_ical_read(const uint8_t *bytes, size_t length, const kalends_ical_options *options,
                                 kalends_ical **out);
/* As kalends_ical_read, from a file read in chunks of 1 MiB (never whole in memory).
   Errors: also IO (cannot be opened or read: the message names the path). */
kalends_status kalends_ical_read_file(const char *path, const kalends_ical_options *options, kalends_ical **out);
/* Releases a calendar (its strings go with it). NULL is a no-op; a freed or foreign
   handle is MISUSE. */
kalends_status kalends_ical_free(kalends_ical *ical);
/* The number of VEVENTs read (overrides count as VEVENTs). Errors: INVALID_ARGUMENT (out
   NULL), MISUSE (a freed or foreign handle). */
kalends_status kalends_ical_event_count(const kalends_ical *ical, int32_t *out);
/* The number of warnings of a lenient read (0 after a strict one). Errors: as
   kalends_ical_event_count. */
kalends_status kalends_ical_warning_count(const kalends_ical *ical, int32_t *out);
/* Warning `index`: its line (*line, may be NULL) and message (snprintf convention).
   Errors: NOT_FOUND (no such warning), INVALID_ARGUMENT. */
kalends_status kalends_ical_warning(const kalends_ical *ical, int32_t index, int32_t *line, char *buffer,
                                    size_t capacity, size_t *length);
/* The calendar as .ics text (one VCALENDAR, CRLF, lines folded at 75 octets), snprintf
   convention (buffer may be NULL with capacity 0: *length gets the size): read -> write ->
   read gives the same events, time zones and components. The text is made once and kept
   with the calendar. Errors: INVALID_ARGUMENT (buffer NULL with capacity > 0), MISUSE. */
kalends_status kalends_ical_write(const kalends_ical *ical, char *buffer, size_t capacity, size_t *length);
/* The STATUS of VEVENT `event` (0 ... kalends_ical_event_count - 1; an occurrence's
   `event`): *status (may be NULL) gets its kind, and the text as written ("CANCELLED",
   empty when there is none) follows the snprintf convention (buffer may be NULL with
   capacity 0; length may be NULL). Thread: as the calendar's other calls. Errors:
   NOT_FOUND (no such event), INVALID_ARGUMENT (buffer NULL with capacity > 0), MISUSE. */
kalends_status kalends_ical_event_status(const kalends_ical *ical, int32_t event, kalends_ical_status *status,
                                         char *buffer, size_t capacity, size_t *length);
/* The occurrences overlapping [from, to) (wall-clock seconds since 1970-01-01T00:00 of
   `zone`, NULL: UTC; floating and all-day values are read in that zone too), in start
   order (ties by UID). A cancelled instance (STATUS:CANCELLED on its override, on a
   THISANDFUTURE override before it, or on the master) is listed, as recurring-ical-events
   lists it: kalends_ical_event_status of its `event` tells it apart (RFC 5545 3.8.1.11
   does not say whether it is listed; a store leaves it out, see kalends_ical_import). Overlap: start < to and end > from, or for an occurrence without
   length from <= start < to. Array conventions; strings owned by the calendar. Cost:
   O(log series + the series that meet the range and the occurrences returned), each
   series' recurrence set built once and kept; an answer that does not fit is counted,
   not listed (see kalends_ical_between_first). Errors: INVALID_ARGUMENT (to < from),
   OUT_OF_RANGE (as kalends_ical_between_first), MISUSE. */
kalends_status kalends_ical_between(const kalends_ical *ical, const kalends_timezone *zone, int64_t from, int64_t to,
                                    kalends_ical_occurrence *out, int32_t capacity, int32_t *count);
/* As kalends_ical_between, its first page: the first min(capacity, *total) occurrences
   overlapping [from, to), in start order, written to out; *count receives how many were
   written, *total (may be NULL) how many there are in all. Not the array convention: a
   page shorter than the answer is no error. Each series lists only its first `capacity`
   and *total is counted, not listed (as kalends_store_query_first counts), so that
   a range of millions of occurrences (an RRULE:FREQ=SECONDLY) costs the page. Errors:
   INVALID_ARGUMENT (to < from, capacity < 0, out NULL with capacity > 0, count NULL),
   OUT_OF_RANGE (a series with several RRULEs or an EXRULE that has more than 100,000
   instances near the range), MISUSE. */
kalends_status kalends_ical_between_first(const kalends_ical *ical, const kalends_timezone *zone, int64_t from, int64_t to,
                                          kalends_ical_occurrence *out, int32_t capacity, int32_t *count, int64_t *total);
/* Adds the calendar's events to a store, all or none: each UID is ONE entry (recurring
   when it has a recurrence, overrides or several VEVENTs), with ids first_id,
   first_id + 1, ... in the order of each UID's first VEVENT; *count (may be NULL) gets
   how many. Timed single events become instants (floating ones in `zone`, NULL: UTC).
   Cancelled events (STATUS:CANCELLED: a single event, an override's instance, a
   THISANDFUTURE override's instances, or a whole series on the master) are no
   occurrences in the store's queries, dots, month bars and timeline: a view does not
   draw a cancelled meeting. The store keeps the VEVENTs (cancelled ones too) for
   kalends_store_write_ical. Errors: DUPLICATE (an id in
   use: nothing is added), OUT_OF_RANGE, PARSE (an event that cannot be expanded, with
   its line), MISUSE. */
kalends_status kalends_ical_import(const kalends_ical *ical, kalends_store *store, const kalends_timezone *zone,
                                   int64_t first_id, int32_t *count);
/* The store as .ics text (snprintf convention): imported entries as their VEVENTs, the
   host's as one VEVENT each (UID "<id>@kalends"; timed in UTC, all-day as dates), in id
   order, with the VTIMEZONEs of imported calendars. Thread: as the store's other calls.
   Errors: INVALID_ARGUMENT (buffer NULL with capacity > 0), MISUSE. */
kalends_status kalends_store_write_ical(const kalends_store *store, char *buffer, size_t capacity, size_t *length);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_ICAL_H */

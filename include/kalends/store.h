/*
 * kalends/store.h -- the event store: events indexed for overlap queries, and dots.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_STORE_H
#define KALENDS_STORE_H

#include "events.h"
#include "timezone.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Events indexed for overlap queries. Add, update and remove cost O(log n) plus a
 * chunk's shift; a query costs O(log n + k) for the k events it returns (plus the
 * events that start within a day to two years before the range, by length class, and
 * end before it); a million events is normal use. Thread: a store may be shared
 * between threads (calls serialize on it).
 */

typedef struct kalends_store kalends_store;

/* A new empty store. Release with kalends_store_free. Errors: INVALID_ARGUMENT (out). */
kalends_status kalends_store_new(kalends_store **out);

/* Releases a store. NULL is a no-op; a freed or foreign handle is MISUSE. */
kalends_status kalends_store_free(kalends_store *store);
/* Errors: INVALID_ARGUMENT (struct_size, end before start, bad title), OUT_OF_RANGE
   (dates beyond the supported years), DUPLICATE (id in the store). */
kalends_status kalends_store_add(kalends_store *store, const kalends_event *event);
/* Adds `count` events; all are checked first (no duplicates in the batch or the
   store), so a bad one adds nothing. Into an empty store the index is built at once
   (O(n log n)). */
kalends_status kalends_store_add_events(kalends_store *store, const kalends_event *events, int32_t count);
/* Replaces the event with the same id. Errors: NOT_FOUND, as kalends_store_add. */
kalends_status kalends_store_update(kalends_store *store, const kalends_event *event);

/* Removes the event with this id. Errors: NOT_FOUND. */
kalends_status kalends_store_remove(kalends_store *store, int64_t id);

/* Removes every event. */
kalends_status kalends_store_clear(kalends_store *store);

/* The number of events. */
kalends_status kalends_store_count(const kalends_store *store, int32_t *out);
/* The event with this id (title owned by the store, valid until its next change).
   Errors: NOT_FOUND. */
kalends_status kalends_store_get(const kalends_store *store, int64_t id, kalends_event *out);
/* The events overlapping local days first ... last of `zone` (NULL: UTC), in start
   order: by start instant (an all-day event from the local midnight of its first day,
   before timed events starting then), then id. Array conventions (titles valid until
   the store changes): with recurring entries, *count of an answer that does not fit is
   counted, not listed (a month of an occurrence every second is 2,592,000 without making
   one; see the recurring entries below), so the capacity bounds the work. Errors:
   INVALID_ARGUMENT (last < first), OUT_OF_RANGE (a recurring entry the count must walk
   has more than 100,000 instances near the range, see kalends_store_query_first). */
kalends_status kalends_store_query(const kalends_store *store, const kalends_timezone *zone, int32_t first,
                                   int32_t last, kalends_event *out, int32_t capacity, int32_t *count);
/* As kalends_store_query, the ids only (8 bytes an event instead of a struct): for
   hosts that keep their own objects for events by id. *version (may be NULL) receives
   the store's version the answer belongs to (read together with it, under the store's
   lock): a host whose objects are of another version refreshes them. Errors as
   kalends_store_query; *version is set whenever *count is. */
kalends_status kalends_store_query_ids(const kalends_store *store, const kalends_timezone *zone, int32_t first,
                                       int32_t last, int64_t *out, int32_t capacity, int32_t *count,
                                       uint64_t *version);
/* As kalends_store_query_ids, each event's index in the store instead of its id: a
   small number (below the most events the store has held at once), the event's while
   it stays in the store (a removed event's index goes to a later one), and in start
   order after a bulk add into an empty store. For hosts that mirror the store in an
   array, refreshed (kalends_store_get_at) when the version changes. */
kalends_status kalends_store_query_indexes(const kalends_store *store, const kalends_timezone *zone, int32_t first,
                                           int32_t last, int32_t *out, int32_t capacity, int32_t *count,
                                           uint64_t *version);
/* Consecutive store indexes first ... end - 1 (kalends_store_query_spans). */
typedef struct kalends_index_span {
    int32_t first; /* the first index */
    int32_t end;   /* one past the last */
} kalends_index_span;

/* As kalends_store_query_indexes, the answer as spans of consecutive indexes: the
   indexes of out[0], then of out[1], ... are the answer in its order, and *events (may
   be NULL) receives how many there are in all. For hosts that mirror the store in an
   array by index: the answer is mirror[out[0].first : out[0].end] + mirror[out[1]...] ...,
   a few slices instead of an index per event. After a bulk add into an empty store, and
   while events are only added in start order, a query in UTC (zone NULL) is one span
   of the events starting in the range, after one span for each event that began
   earlier and overlaps it: O(log n + w + e log e) for the w events starting in the 8
   days before the range and the e that began earlier and overlap (longer ones found
   through the index). Otherwise (a zone, a removal or
   update, recurring entries) the spans are the answer's indexes cut where they are not
   consecutive, O(log n + k). Array conventions over the spans; *events and *version are
   set whenever *count is. With recurring entries, an answer of more events than
   `capacity` is counted, not listed: *count and *events then both receive the number of
   events (each is at most one span, so a buffer of that size holds the spans).
   kalends_store_query_rows gives these spans and, when the host's objects are stale,
   the rows it needs, in one call: use it instead. */
kalends_status kalends_store_query_spans(const kalends_store *store, const kalends_timezone *zone, int32_t first,
                                         int32_t last, kalends_index_span *out, int32_t capacity, int32_t *count,
                                         int32_t *events, uint64_t *version);
/*
 * One query for hosts that keep their own objects for events (kalends_store_query_rows):
 * the answer in one call, under one lock, either as spans of store indexes or as rows.
 *
 * A host (a binding) keeps a list of its objects by store index -- the objects it gave
 * the store itself (after a bulk add into an empty store, one query of every day gives
 * each event's index: kalends_store_query_ids / _indexes), or objects it made from rows
 * -- and the store version they belong to, known_version. When the store is still at
 * known_version and holds no recurring entries, the answer comes as spans of indexes:
 * the host's answer is objects[spans[0].first : spans[0].end] + objects[spans[1]...] ...,
 * a few slices and nothing per event (after a bulk add, in UTC, one slice for the events
 * starting in the range; see kalends_store_query_spans). Otherwise (another version, a
 * recurring entry, a host with no objects yet: known_version 0, which no store has after
 * its first change) the answer comes as rows: every event and every occurrence of a
 * recurring entry, each with its index (the host refreshes objects[index] from single
 * events' rows), id, times, colour, user value and title (in the titles buffer), so the
 * host makes its objects from the answer without asking again. The host then sets
 * known_version to the answer's version.
 *
 * Rows are a limit, not all or nothing: the first rows of the answer that fit both
 * buffers are written (rows_count), `total` is the size of the answer and
 * titles_needed the bytes all its titles take; a host with rows_count < total grows
 * its buffers and asks again (or pages by day). Cost: O(log n + k) for k rows, as
 * kalends_store_query, and for spans as kalends_store_query_spans.
 */

/* One row of kalends_store_query_rows: a single event, or one occurrence of a recurring
   entry. Its title is the next title_length bytes of the titles buffer (rows' titles
   follow each other in row order, without NULs). */
typedef struct kalends_store_row {
    int64_t id;            /* the event's, or the recurring entry's */
    int64_t start;         /* an instant, or a day number when all_day */
    int64_t end;           /* an instant (exclusive), or the last day number when all_day */
    int64_t recurrence_id; /* an occurrence: the start its series gives it; a single event: its start */
    uint64_t user_value;   /* the host's (kalends_event.user_value) */
    uint32_t color;        /* 0xRRGGBBAA */
    int32_t all_day;       /* 1: days, 0: instants */
    int32_t index;         /* the event's (or the recurring entry's) store index (kalends_store_get_at) */
    int32_t recurring;     /* 1: an occurrence of a recurring entry, 0: a single event */
    int32_t source;        /* the source that delivered it (0: the host) */
    int32_t title_length;  /* bytes of its title in the titles buffer */
} kalends_store_row;

/* The buffers of kalends_store_query_rows and what it writes (fill with
   kalends_store_answer_init, then set the buffers and known_version; the same struct
   serves every query). Buffers may be NULL with capacity 0; without a titles buffer rows
   are written without their titles. */
typedef struct kalends_store_answer {
    uint32_t struct_size;          /* sizeof(kalends_store_answer) */
    int32_t reserved;              /* 0 */
    uint64_t known_version;        /* in: the version of the host's objects by index; 0: none */
    kalends_index_span *spans;     /* in: room for spans_capacity spans */
    int32_t spans_capacity;
    int32_t spans_count;           /* out: spans written (0: the answer is rows); the spans the
                                      answer needs when they did not fit (BUFFER_TOO_SMALL) or
                                      when spans is NULL (a size query) */
    kalends_store_row *rows;       /* in: room for rows_capacity rows */
    int32_t rows_capacity;
    int32_t rows_count;            /* out: rows written (the answer's first ones) */
    char *titles;                  /* in: room for titles_capacity bytes */
    int32_t titles_capacity;
    int32_t titles_length;         /* out: bytes written: the titles of the rows written */
    int32_t total;                 /* out: events and occurrences in the answer */
    int32_t titles_needed;         /* out: bytes the titles of every row take (rows only) */
    uint64_t version;              /* out: the store's version the answer belongs to */
} kalends_store_answer;

/* Fills *answer with zeros (no buffers, known_version 0) and sets struct_size.
   Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_store_answer_init(kalends_store_answer *answer);

/* The events and occurrences overlapping local days first ... last of `zone` (NULL: UTC),
   in start order (as kalends_store_query), as spans or rows (see above); the outputs are
   in *answer. Thread: any (the store's lock is held during the call, so version, spans
   and rows belong together). Errors: INVALID_ARGUMENT (NULL answer, struct_size, a
   buffer NULL with a capacity, a negative capacity, last < first), BUFFER_TOO_SMALL
   (spans that do not fit: spans_count is the number needed; nothing else written but
   total and version), MISUSE. */
kalends_status kalends_store_query_rows(const kalends_store *store, const kalends_timezone *zone, int32_t first,
                                        int32_t last, kalends_store_answer *answer);

/* The event at an index (title owned by the store, valid until its next change);
   *version (may be NULL) receives the store's version it belongs to.
   Errors: NOT_FOUND (no event at that index), INVALID_ARGUMENT. */
kalends_status kalends_store_get_at(const kalends_store *store, int32_t index, kalends_event *out, uint64_t *version);
/* The store's change counter: different after every change (add, update, remove,
   clear, a source's or plugin's answer), the same while nothing changes. A host
   caching events compares it with the value it last saw. Thread: any. */
kalends_status kalends_store_version(const kalends_store *store, uint64_t *out);
/* Dots: for local day first + i of `zone` (NULL: UTC), counts[i] events and the colours
   of its first max_colors in start order in colors[i * max_colors ...] (0 past the last;
   colors may be NULL when max_colors is 0). `days` is the
   capacity of counts (and colors holds days * max_colors); it must be at least
   last - first + 1 (counts may be NULL when days is 0: a probe of the other arguments,
   BUFFER_TOO_SMALL when they are right). max_colors is 0 ... 64; a range is at most
   100,000 days. A recurring entry with more occurrences in the range than
   (days x (max_colors + 1)) is counted day by day and only its first max_colors of each
   day are read: O(days) for it, not O(occurrences).
   Errors: INVALID_ARGUMENT, BUFFER_TOO_SMALL, OUT_OF_RANGE (days beyond the supported
   dates). */
kalends_status kalends_store_dots(const kalends_store *store, const kalends_timezone *zone, int32_t first,
                                  int32_t last, int32_t max_colors, int32_t *counts, uint32_t *colors,
                                  int32_t days);

/*
 * Recurring entries (issue 15): a series is ONE entry of the store; every query above,
 * the dots, month bars and the timeline see its occurrences in their range. A query
 * costs O(log n + a log(n/a) + k) for the a series active in the range (series are
 * indexed by [first start, last end or open]) and the k occurrences it returns (each
 * series starts its expansion at the range). An occurrence is identified by its entry's
 * id and its recurrence id (the start its series gives it, which stays when an override
 * moves it). The existing outputs keep their structs: kalends_store_query gives each
 * occurrence as a kalends_event with the entry's id and the occurrence's start, end,
 * title and colour; the _ids and _indexes queries give the entry's id or index for each
 * occurrence (kalends_store_get_at then gives the entry, its first occurrence). The new
 * structs below carry the recurrence id; they embed the old ones unchanged.
 */

/* A recurring entry for kalends_store_add_series. */
typedef struct kalends_series {
    uint32_t struct_size;      /* sizeof(kalends_series) */
    int32_t recurrence_length; /* bytes of recurrence, or -1 for NUL-terminated */
    kalends_event event;       /* the first occurrence (DTSTART ... DTEND): id, title, colour, all_day, ... */
    const kalends_timezone *zone; /* the wall clock a timed entry repeats in (NULL: UTC); unused when all-day */
    const char *recurrence;    /* UTF-8: RRULE, RDATE, EXDATE, EXRULE lines as in a VEVENT, one a line
                                  ("RRULE:FREQ=WEEKLY;BYDAY=MO,WE\nEXDATE:20260105T090000"); values
                                  without TZID are wall times of `zone` */
} kalends_series;

/* An entry as it occurs in a range. */
typedef struct kalends_occurrence {
    kalends_event event;   /* the entry's id; this occurrence's start, end, title (owned by the store,
                              valid until its next change) and colour */
    int64_t recurrence_id; /* the start its series gives it (an instant, or a day number when all-day);
                              a single event: its start */
    int32_t recurring;     /* 1: an occurrence of a recurring entry, 0: a single event */
    int32_t reserved;
} kalends_occurrence;

/* Adds a recurring entry (copied). The recurrence is read leniently (RFC 5545 with the
   dateutil spellings the iCalendar reader accepts); DTSTART is the first occurrence and
   counts toward COUNT. Errors: INVALID_ARGUMENT (struct_size, the event, recurrence
   NULL or not UTF-8, a rule the engine refuses), PARSE (a line that is not RRULE, RDATE,
   EXDATE or EXRULE, a value that does not read: the message names the line), DUPLICATE,
   OUT_OF_RANGE, MISUSE (a freed zone). */
kalends_status kalends_store_add_series(kalends_store *store, const kalends_series *series);
/* The number of recurring entries (kalends_store_count counts them as one each). */
kalends_status kalends_store_series_count(const kalends_store *store, int32_t *out);
/* As kalends_store_query, each occurrence with its recurrence id. Array conventions. */
kalends_status kalends_store_query_occurrences(const kalends_store *store, const kalends_timezone *zone,
                                               int32_t first, int32_t last, kalends_occurrence *out,
                                               int32_t capacity, int32_t *count);

/* The first page of a range: the first min(capacity, *total) events and occurrences
   overlapping local days first ... last of `zone` (NULL: UTC), in start order, written
   to out; *count receives how many were written, *total (may be NULL) how many there
   are in all. Not the array convention: a page shorter than the answer is no error.
   *total is counted, not listed: a recurring entry of one RRULE (with any RDATEs,
   EXDATEs and overrides) by arithmetic over the range, O(clock changes near it + the
   rule's count of a range); one with several RRULEs or an EXRULE by a walk of its
   instances near the range, at most 100,000 (OUT_OF_RANGE beyond: ask a shorter
   range). Each entry lists only its first `capacity` occurrences. Titles as
   kalends_store_query. Errors: INVALID_ARGUMENT (last < first, capacity < 0, out NULL
   with capacity > 0, count NULL), OUT_OF_RANGE, MISUSE. */
kalends_status kalends_store_query_first(const kalends_store *store, const kalends_timezone *zone, int32_t first,
                                         int32_t last, kalends_occurrence *out, int32_t capacity, int32_t *count,
                                         int64_t *total);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_STORE_H */

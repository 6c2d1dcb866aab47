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
   the store changes). Errors: INVALID_ARGUMENT (last < first). */
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
/* The event at an index (title owned by the store, valid until its next change);
   *version (may be NULL) receives the store's version it belongs to.
   Errors: NOT_FOUND (no event at that index), INVALID_ARGUMENT. */
kalends_status kalends_store_get_at(const kalends_store *store, int32_t index, kalends_event *out, uint64_t *version);
/* The store's change counter: different after every change (add, update, remove,
   clear, a source's or plugin's answer), the same while nothing changes. A host
   caching events compares it with the value it last saw. Thread: any. */
kalends_status kalends_store_version(const kalends_store *store, uint64_t *out);
/* Dots: for day first + i, counts[i] events and the colours of its first max_colors
   in start order in colors[i * max_colors ...] (0 past the last). `days` is the
   capacity of counts (and colors holds days * max_colors); it must be at least
   last - first + 1. max_colors is 0 ... 64; a range is at most 100,000 days.
   Errors: INVALID_ARGUMENT, BUFFER_TOO_SMALL, OUT_OF_RANGE (days beyond the supported
   dates). */
kalends_status kalends_store_dots(const kalends_store *store, const kalends_timezone *zone, int32_t first,
                                  int32_t last, int32_t max_colors, int32_t *counts, uint32_t *colors,
                                  int32_t days);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_STORE_H */

/*
 * kalends/events.h -- the event record, and the sink and completion sources answer through.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_EVENTS_H
#define KALENDS_EVENTS_H

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An event. Timed events are instants: start and end are seconds since the epoch,
   end >= start (end exclusive; a zero-length event is on the day of its start). All-day
   events are floating dates: start and end are the first and last day numbers
   (inclusive), whatever the time zone. */
typedef struct kalends_event {
    uint32_t struct_size; /* sizeof(kalends_event) */
    int32_t all_day;      /* 1: all-day (day numbers), 0: timed (instants) */
    int64_t id;           /* unique in a store */
    int64_t start;
    int64_t end;
    uint32_t color;       /* 0xRRGGBBAA */
    int32_t source;       /* the source that delivered it (0: the host) */
    uint64_t user_value;  /* the host's, untouched */
    const char *title;    /* UTF-8, copied on input; on output owned by the store and valid until
                             its next change */
    int32_t title_length; /* bytes, or -1 for NUL-terminated */
    int32_t reserved;     /* 0 */
} kalends_event;

/* Where a source or plugin puts events: call add(context, &event) for each (the event
   is copied; a bad one returns INVALID_ARGUMENT or OUT_OF_RANGE and is not taken).
   Library-owned; valid during the call it is passed to. */
typedef struct kalends_event_sink {
    void *context;
    kalends_status (*add)(void *context, const kalends_event *event);
} kalends_event_sink;

/* How an asynchronous source answers a request: complete(context, request, events,
   count, status) once, from any thread, with the events (copied) or an error status.
   An answer for a request that was cancelled or is no longer the page's is dropped.
   The struct itself is valid only during the begin call: copy its two fields. */
typedef struct kalends_completion {
    void *context;
    void (*complete)(void *context, int64_t request, const kalends_event *events, int32_t count,
                     kalends_status status);
} kalends_completion;

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_EVENTS_H */

/*
 * kalends.h -- the C ABI of libkalends.so, a headless calendar and layout engine.
 *
 * This header and the area headers it includes (include/kalends/<area>.h) are the
 * contract and the API reference. The host draws; Kalends computes what is on screen
 * and where. Include this one; an area header may also be included alone (it includes
 * what it needs). A plugin includes only kalends/sys/plugin.h.
 *
 * Everything mechanical about the ABI (ctypes declarations, Swift function types and
 * dlsym table, the export list, the libffi test's signatures, struct layout tests) is
 * generated from these headers by tools/abigen (`make generate`); see
 * docs/ABI.md for the rules the headers follow so the generator can read them.
 *
 * ---------------------------------------------------------------------------
 * Conventions (they hold for every function below unless its comment says otherwise)
 * ---------------------------------------------------------------------------
 * Status.   Every fallible function returns a kalends_status: KALENDS_OK (0) or a
 *           KALENDS_E_* code (> 0). On failure kalends_last_error() describes what was
 *           wrong, and NOTHING the function could change has changed: output
 *           parameters are left as they were (except the `count` of an array output,
 *           see below) and handles keep their state.
 * Dates.    Proleptic Gregorian calendar, astronomical years (year 0 is 1 BC).
 *           Supported dates: -999999-01-01 ... 999999-12-31 (KALENDS_YEAR_MIN/MAX).
 *           A date crosses the ABI as a kalends_date {year, month, day} or as a day
 *           number: int32_t days since 1970-01-01 (negative before).
 * Weekdays. ISO 8601 numbering: 1 = KALENDS_MONDAY ... 7 = KALENDS_SUNDAY.
 * Handles.  Opaque pointers made by kalends_<object>_new(..., &out) and released by
 *           kalends_<object>_free (NULL is a no-op). A handle may be used from several
 *           threads at once; each call serializes on the handle. A freed, foreign or
 *           wrong-type pointer passed as a handle gives KALENDS_E_MISUSE, never a crash
 *           (handles are tokens checked against a registry, not raw object addresses).
 * Arrays.   Array outputs take (out, capacity, &count). `count` (required, non-NULL)
 *           always receives the number of elements the result has. out == NULL with
 *           capacity 0 is a size query and returns KALENDS_OK. A capacity below the
 *           result gives KALENDS_E_BUFFER_TOO_SMALL and writes nothing to `out`.
 *           A negative capacity, or out == NULL with capacity > 0, is
 *           KALENDS_E_INVALID_ARGUMENT.
 * Options.  Option structs start with `uint32_t struct_size`; fill one with
 *           kalends_<x>_options_init() and change the fields you need. Structs only
 *           grow at the end; a struct_size from an older header is accepted (missing
 *           fields take their defaults), a larger one than this library knows is an
 *           error.
 * Memory.   The caller owns every buffer. Strings returned by the library are static
 *           or library-owned as documented; nothing is ever to be passed to free().
 * Threads.  Every function may be called from any thread.
 * Traps.    No argument value can crash the library: bad input is a status.
 * Callbacks. Functions the host passes in (view callbacks, event sources, Auto
 *           Layout measure functions, plugin tables) run inside the library's call,
 *           on its thread (unless their comment says otherwise), and must return
 *           normally, reporting failure through their return value. Unwinding through
 *           the library (a C++ exception, longjmp, a Rust or Go panic) is undefined:
 *           libkalends.so has no unwind tables, so a C++ exception that reaches it
 *           terminates the process.
 */
#ifndef KALENDS_H
#define KALENDS_H

/* Versions, statuses and errors */
#include "kalends/version.h"
#include "kalends/status.h"
/* Dates, calendars and their grids */
#include "kalends/dates.h"
#include "kalends/calendar.h"
#include "kalends/grid.h"
#include "kalends/calendar_system.h"
/* Locales: names, week data, formats (CLDR) */
#include "kalends/locale.h"
/* Views and layout */
#include "kalends/geometry.h"
#include "kalends/view.h"
#include "kalends/pointer.h"
#include "kalends/scroll.h"
#include "kalends/picker.h"
#include "kalends/flow.h"
/* Time zones and events */
#include "kalends/timezone.h"
#include "kalends/events.h"
#include "kalends/store.h"
#include "kalends/event_layout.h"
#include "kalends/time_grid.h"
#include "kalends/editing.h"
#include "kalends/sources.h"
#include "kalends/ical.h"
#include "kalends/sys/plugin.h"
/* Constraints */
#include "kalends/solver.h"
#include "kalends/autolayout.h"
/* Recurrence rules */
#include "kalends/rrule.h"
/* The agenda (list) layout */
#include "kalends/agenda.h"
#include "kalends/date_field.h"

#endif /* KALENDS_H */

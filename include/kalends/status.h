/*
 * kalends/status.h -- statuses and the calling thread's last error message.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_STATUS_H
#define KALENDS_STATUS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a fallible function returns: KALENDS_OK (0) or a KALENDS_E_* code (> 0). */
typedef int32_t kalends_status;
#define KALENDS_OK 0
/* An argument is malformed: NULL where a pointer is required, an unknown enum
   value, an option out of its domain, a day that does not exist in its month. */
#define KALENDS_E_INVALID_ARGUMENT 1
/* An argument is well formed but outside the supported range (a year beyond
   +-999999, a grid that would reach beyond the supported dates). */
#define KALENDS_E_OUT_OF_RANGE 2
/* An array output's capacity is below the result; `count` holds the size needed. */
#define KALENDS_E_BUFFER_TOO_SMALL 3
/* A freed, foreign or wrong-type handle. */
#define KALENDS_E_MISUSE 4
/* Required constraints contradict each other. */
#define KALENDS_E_UNSATISFIABLE 5
/* Something with that identity already exists. */
#define KALENDS_E_DUPLICATE 6
/* Nothing with that identity exists, or there is no value to report. */
#define KALENDS_E_NOT_FOUND 7
/* Text could not be parsed. */
#define KALENDS_E_PARSE 8
/* A plugin failed to load or broke its contract. */
#define KALENDS_E_PLUGIN 9
/* The operating system refused a read or write. */
#define KALENDS_E_IO 10
/* A host callback failed (returned an error status or an unexpected value). */
#define KALENDS_E_CALLBACK 11
/* A size depends on a dimension the host has not given yet (Auto Layout's "no
   intrinsic metric"): test for it, it is an answer rather than a failure. */
#define KALENDS_E_NO_INTRINSIC_METRIC 12
/* A numerical failure inside the constraint solver (kiwi's InternalSolverError). It
   does not happen with finite input; if it does, reset the solver. Also an Auto Layout
   solve that ran out of its pivot budget (kalends_autolayout_solve, ..._fitting_size). */
#define KALENDS_E_INTERNAL 13

/* A short lower-case name for a status ("ok", "invalid argument", ...), or
   "unknown status" for a value that is not a status. Static string; never NULL. */
const char *kalends_status_string(kalends_status status);

/* The message of the most recent failed call on the calling thread, "" if there was
   none. Never NULL. Library-owned, per thread: valid until this thread's next failed
   call (successful calls leave it alone) and freed when the thread exits. UTF-8,
   at most 1023 bytes. */
const char *kalends_last_error(void);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_STATUS_H */

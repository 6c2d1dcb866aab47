/*
 * kalends/timezone.h -- time zones from the system tz database, TZif bytes or POSIX rules.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_TIMEZONE_H
#define KALENDS_TIMEZONE_H

#include "dates.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Which local day a timed event falls on depends on a time zone: read from the system
 * tz database (TZif files under /usr/share/zoneinfo, or $TZDIR), with its transitions
 * and its POSIX rule for times after them, so DST is right in any year. Instants are
 * int64_t seconds since 1970-01-01T00:00:00Z (leap seconds not counted).
 */

typedef struct kalends_timezone kalends_timezone;

/* Loads a zone by `name` ("Europe/Paris", "UTC", or a POSIX TZ string such as
   "CET-1CEST,M3.5.0,M10.5.0/3"). `name` may be NULL: NULL or "" is the default zone:
   $TZ (a name, a ":name" or a POSIX string), else /etc/localtime, else UTC.
   Errors: NOT_FOUND (no such zone), PARSE (not a TZif file or TZ string), IO. */
kalends_status kalends_timezone_new(const char *name, kalends_timezone **out);
/* A zone from the bytes of a TZif file (copied); `name` (may be NULL) is what
   kalends_timezone_name reports. Errors: PARSE, INVALID_ARGUMENT. */
kalends_status kalends_timezone_from_tzif(const uint8_t *bytes, size_t length, const char *name,
                                          kalends_timezone **out);
/* Releases a zone. NULL is a no-op; a freed or foreign handle is MISUSE. */
kalends_status kalends_timezone_free(kalends_timezone *zone);
/* The zone's name (snprintf convention). */
kalends_status kalends_timezone_name(const kalends_timezone *zone, char *buffer, size_t capacity, size_t *length);
/* The offset from UTC at an instant, in seconds east, and whether it is daylight
   saving time (`seconds_east` and `is_dst` may be NULL). */
kalends_status kalends_timezone_offset(const kalends_timezone *zone, int64_t instant, int32_t *seconds_east,
                                       int32_t *is_dst);
/* The local day (day number) and the seconds since its local midnight of an instant
   (`day_number` and `seconds_of_day` may be NULL). Errors: OUT_OF_RANGE (beyond the supported years). */
kalends_status kalends_timezone_local_day(const kalends_timezone *zone, int64_t instant, int32_t *day_number,
                                          int32_t *seconds_of_day);
/* The first instant of a local day (its midnight, or the first valid time after a gap).
   Errors: OUT_OF_RANGE. */
kalends_status kalends_timezone_day_start(const kalends_timezone *zone, int32_t day_number, int64_t *out);
/* The instant of a local wall-clock time: a day number and the seconds since its
   midnight (0 ... 86399). A time that happens twice (clocks go back) gives its first
   occurrence; a time that a clock change skips is read with the offset before the
   change, so it lands after the gap (as Python's zoneinfo with fold=0).
   Errors: INVALID_ARGUMENT (seconds outside the day), OUT_OF_RANGE (the day). */
kalends_status kalends_timezone_instant(const kalends_timezone *zone, int32_t day_number, int32_t seconds_of_day,
                                        int64_t *out);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_TIMEZONE_H */

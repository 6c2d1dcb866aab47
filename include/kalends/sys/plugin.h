/*
 * kalends/sys/plugin.h -- the plugin ABI: what a plugin library exports. A plugin includes
 * only this header (it need not link against libkalends.so). Like git2/sys/, sys/ holds
 * what extensions implement, apart from what hosts call.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_PLUGIN_H
#define KALENDS_PLUGIN_H

#include "../dates.h"
#include "../events.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A plugin is a shared library exporting one function,
 *
 *     const kalends_plugin_vtable *kalends_plugin_entry(void);
 *
 * whose table says what it is and how to ask it for events. Plugins need not link
 * against libkalends.so (everything they call comes through the table's arguments), so
 * they can be written in any language with a C ABI. Day numbers are days since
 * 1970-01-01; dates lie within KALENDS_YEAR_MIN ... KALENDS_YEAR_MAX (kalends/dates.h).
 */

#define KALENDS_PLUGIN_ABI_VERSION 1
#define KALENDS_PLUGIN_ENTRY "kalends_plugin_entry"

/*
 * Calendar systems from plugins. A plugin may provide one calendar system (the
 * `calendar_system` table of its kalends_plugin_vtable); kalends_plugin_load registers
 * it under its identifier, and calendars, views and kalends_calendar_system_* use it
 * like a built-in system (the built-in ones implement the same interface in the core).
 *
 * When the plugin loads, the library asks for every month of the system once, from the
 * month holding first_day to the one holding last_day, checks every answer and keeps
 * the months in a table (a few bytes a month); the plugin is not asked again. So a
 * broken plugin fails to load with KALENDS_E_PLUGIN and a message saying which answer
 * was wrong, and can never trap or give a wrong grid later. The checks: the identifier
 * is 1...40 bytes of a-z, 0-9 and '-', and not already a system's; first_day <=
 * last_day inside the supported dates; at most KALENDS_CALENDAR_SYSTEM_MAX_MONTHS
 * months; each month 1...35 days long (so a grid never needs more than 6 rows) and
 * starting the day after the previous one
 * ends, the first holding first_day and the last last_day; month(index) says the same
 * month month_index says for its first and last day; month 1...127, is_leap_month 0 or
 * 1, era inside first_era...last_era (and -32768...32767); the extended year never
 * decreases and grows by at most one from a month to the next; one (month,
 * is_leap_month) appears at most once in an extended year; a (era, year) pair belongs
 * to one extended year; the year inside an era grows with the extended year.
 * Functions may be called from any thread, but are only called during loading.
 */
#define KALENDS_CALENDAR_SYSTEM_ABI_VERSION 1
enum { KALENDS_CALENDAR_SYSTEM_MAX_MONTHS = 1048576 };

/* One month of a calendar system. */
typedef struct kalends_system_month {
    int32_t era;           /* era of the month's first day */
    int32_t year;          /* year in that era */
    int32_t month;         /* 1-based number of the month in its year (a leap month
                              repeats the number of the month it follows, or has its
                              own, as the system numbers it) */
    int32_t is_leap_month; /* 0 or 1 */
    int32_t extended_year; /* the year counted continuously across eras */
    int32_t first_day;     /* day number of the month's first day */
    int32_t length;        /* days */
} kalends_system_month;

/* A calendar system a plugin provides (static, valid as long as the plugin is loaded).
   The functions get the plugin's instance (made by its create, NULL without one). */
typedef struct kalends_calendar_system_vtable {
    uint32_t struct_size;   /* sizeof(kalends_calendar_system_vtable) the plugin was built with */
    int32_t abi_version;    /* KALENDS_CALENDAR_SYSTEM_ABI_VERSION */
    const char *identifier; /* e.g. "french-republican" */
    int32_t first_day;      /* the day numbers the system converts */
    int32_t last_day;
    int32_t first_era;      /* its era indexes */
    int32_t last_era;
    /* The index of the month holding day_number (first_day...last_day). Indexes of
       consecutive months are consecutive integers. */
    kalends_status (*month_index)(void *instance, int32_t day_number, int32_t *out);
    /* Month `index` (between the indexes of first_day's and last_day's months). */
    kalends_status (*month)(void *instance, int32_t index, kalends_system_month *out);
    /* Optional (may be NULL): a short code of an era (static ASCII, at most 40 bytes), or
       NULL for none. */
    const char *(*era_code)(void *instance, int32_t era);
} kalends_calendar_system_vtable;

/* What kalends_plugin_entry returns: static, valid as long as the plugin is loaded. */
typedef struct kalends_plugin_vtable {
    uint32_t struct_size;   /* sizeof(kalends_plugin_vtable) the plugin was built with */
    int32_t abi_version;    /* KALENDS_PLUGIN_ABI_VERSION */
    const char *name;       /* UTF-8, static */
    /* Makes an instance from a configuration string (may be NULL). */
    kalends_status (*create)(const char *config, void **instance);
    void (*destroy)(void *instance);
    /* Events overlapping days first ... last into the sink, synchronously. */
    kalends_status (*fetch)(void *instance, int32_t first_day, int32_t last_day, const kalends_event_sink *sink);
    /* Optional (may be NULL): starts request `request` for days first ... last and
       answers it later through the completion. */
    kalends_status (*begin)(void *instance, int64_t request, int32_t first_day, int32_t last_day,
                            const kalends_completion *completion);
    /* Optional: the answer to `request` is no longer wanted. */
    void (*cancel)(void *instance, int64_t request);
    /* Appended with calendar systems (read when struct_size covers it): the plugin's
       calendar system, or NULL. A plugin gives events (create, destroy and fetch or
       begin), a calendar system, or both; without create its instance is NULL. */
    const kalends_calendar_system_vtable *calendar_system;
} kalends_plugin_vtable;

/* The type of the entry point. */
typedef const kalends_plugin_vtable *(*kalends_plugin_entry_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_PLUGIN_H */

/*
 * kalends/calendar.h -- calendars: week rules, weekends and today.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 *
 * "Calendar" means the configured calendar, as Foundation's Calendar does: a week
 * rule, a weekend, a today, a calendar system and a locale. The
 * arithmetic of one calendar system (Gregorian, Hebrew, ...) is a "calendar system",
 * never a "calendar".
 */
#ifndef KALENDS_CALENDAR_H
#define KALENDS_CALENDAR_H

#include "dates.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bit (weekday - 1): sets of weekdays, such as the weekend. */
typedef uint32_t kalends_weekday_mask;
#define KALENDS_WEEKDAY_MASK_MONDAY 0x01u
#define KALENDS_WEEKDAY_MASK_TUESDAY 0x02u
#define KALENDS_WEEKDAY_MASK_WEDNESDAY 0x04u
#define KALENDS_WEEKDAY_MASK_THURSDAY 0x08u
#define KALENDS_WEEKDAY_MASK_FRIDAY 0x10u
#define KALENDS_WEEKDAY_MASK_SATURDAY 0x20u
#define KALENDS_WEEKDAY_MASK_SUNDAY 0x40u
#define KALENDS_WEEKDAY_MASK_ALL 0x7fu

/* Which day a calendar marks as today (kalends_calendar_options.today_mode). */
typedef int32_t kalends_today_mode;
/* The local date from the system clock (CLOCK_REALTIME and localtime_r, so TZ and
   /etc/localtime decide the zone), read at each query. */
#define KALENDS_TODAY_SYSTEM 0
/* The date in kalends_calendar_options.today: deterministic output. */
#define KALENDS_TODAY_FIXED 1
/* No day is today. */
#define KALENDS_TODAY_OFF 2

/* Options of a calendar. Defaults (kalends_calendar_options_init) are ISO 8601:
   weeks start on Monday, week 1 has at least 4 days of the new year, Saturday and
   Sunday are the weekend, today comes from the system clock. */
typedef struct kalends_calendar_options {
    uint32_t struct_size;            /* sizeof(kalends_calendar_options) */
    kalends_weekday first_weekday;   /* KALENDS_MONDAY ... KALENDS_SUNDAY; grid rows
                                        and week numbers both start on it */
    int32_t min_days_in_first_week;  /* 1...7: days of the new year week 1 must hold
                                        (ISO: Monday + 4; US: Sunday + 1) */
    kalends_weekday_mask weekend_days; /* KALENDS_WEEKDAY_MASK_* bits; 0 = no weekend */
    kalends_today_mode today_mode;   /* KALENDS_TODAY_SYSTEM, _FIXED or _OFF */
    kalends_date today;              /* used when today_mode is KALENDS_TODAY_FIXED */
    /* Appended with calendar systems (an older struct_size ending above them means
       NULL for both): */
    const char *system;              /* CLDR identifier of the calendar system whose months
                                        the grids, pages and scrolling show
                                        (kalends/calendar_system.h); NULL = "gregorian".
                                        Copied at the call: the string need not outlive
                                        it. kalends_calendar_get_options writes a
                                        library-owned string valid until the process ends. */
    const char *secondary_system;    /* a second system every day also reports its date in
                                        (kalends_calendar_day_dates); NULL = none. Same
                                        lifetime rules as `system`. */
    /* Appended with locales (an older struct_size ending above it means NULL): */
    const char *locale;              /* the locale of the calendar's titles, weekday and hour
                                        labels and accessibility labels (kalends/locale.h:
                                        "de_AT", "ar-EG", "he_IL.UTF-8"; never refused:
                                        unknown ones fall back along CLDR's chain); NULL =
                                        "en". The week fields above stay as given: take a
                                        locale's from kalends_locale_week_data. Same
                                        lifetime rules as `system` (get_options writes the
                                        identifier as given). */
} kalends_calendar_options;

/* A calendar: week rule, weekend and today, and the grids built from them. */
typedef struct kalends_calendar kalends_calendar;

/* Fills *options with the defaults and sets struct_size.
   Errors: INVALID_ARGUMENT (options is NULL). */
kalends_status kalends_calendar_options_init(kalends_calendar_options *options);

/* Creates a calendar. `options` may be NULL for the defaults. On success *out holds
   a new handle the caller releases with kalends_calendar_free.
   Errors: INVALID_ARGUMENT (out is NULL; a bad option or struct_size: the message
   names the field), OUT_OF_RANGE (a fixed today outside the supported dates),
   NOT_FOUND (system or secondary_system names no calendar system: the message lists
   the known identifiers). */
kalends_status kalends_calendar_new(const kalends_calendar_options *options, kalends_calendar **out);

/* Releases a calendar. NULL is a no-op and returns KALENDS_OK; a freed or foreign
   handle returns KALENDS_E_MISUSE and releases nothing. Other threads still inside
   a call on the handle finish that call safely. */
kalends_status kalends_calendar_free(kalends_calendar *calendar);

/* Writes the calendar's options to *out, which must have its struct_size set (a
   smaller, older struct receives the fields it has).
   Errors: MISUSE (handle), INVALID_ARGUMENT (out is NULL, struct_size). */
kalends_status kalends_calendar_get_options(const kalends_calendar *calendar, kalends_calendar_options *out);

/* Replaces all options of the calendar; on error the calendar keeps its old ones.
   Errors: as kalends_calendar_new, plus MISUSE (handle). */
kalends_status kalends_calendar_set_options(kalends_calendar *calendar, const kalends_calendar_options *options);

/* Writes the calendar's today (by its today_mode) to *out.
   Errors: MISUSE, INVALID_ARGUMENT (out is NULL), NOT_FOUND (today_mode is
   KALENDS_TODAY_OFF, or the system clock is beyond the supported dates). */
kalends_status kalends_calendar_today(const kalends_calendar *calendar, kalends_date *out);

/* Writes the week number and week-based year of *date by the calendar's rule
   (first_weekday, min_days_in_first_week) to *out. With the defaults it equals
   kalends_date_iso_week; with (Sunday, 1) it is the US numbering in which the week
   holding January 1st is week 1.
   Errors: MISUSE, INVALID_ARGUMENT, OUT_OF_RANGE (date). */
kalends_status kalends_calendar_week_of_year(const kalends_calendar *calendar, const kalends_date *date,
                                             kalends_week_of_year *out);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_CALENDAR_H */

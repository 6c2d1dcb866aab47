/*
 * kalends/date_field.h -- date and time fields: a date, a time or both edited as segments by keys.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_DATE_FIELD_H
#define KALENDS_DATE_FIELD_H

#include "locale.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A date field shows a date, a time or both in a locale and a calendar system as
 * segments (era, year, month, day, weekday, hour, minute, day period, and literals
 * between them) in the order of the locale's CLDR patterns: the date by the locale's
 * "yMd" pattern ("M/d/y" in en_US, "d.M.y" in de_DE, "y/M/d" in ja_JP; other calendar
 * systems their short date pattern, the year in full), the time by its short time
 * pattern in the hour cycle asked, to the granularity asked. The host draws the
 * segments (text, or placeholder when empty) and a caret on the focused one, and
 * sends keys: typed text (digits of any decimal numbering system, the locale's and
 * Latin; month names, day periods and eras by prefix, in any case), Up/Down (step
 * with wrap; an empty segment starts at the placeholder date's value), Backspace,
 * Delete, Tab/Shift+Tab and Left/Right (between editable segments; Left/Right follow
 * the screen, reversed in right-to-left locales). A segment moves focus on when no
 * further digit fits. The value exists once every editable segment is set.
 *
 * Days are day numbers (days since 1970-01-01), times seconds since midnight; the
 * limits are "moments": day * 86400 + second (wall time, no zone).
 * Any thread may call; calls on one field are serialized by its lock. Each key costs
 * O(segments + names tried).
 */

/* What a segment holds (kalends_date_segment.kind) */
typedef int32_t kalends_date_segment_kind;
#define KALENDS_DATE_SEGMENT_LITERAL 0    /* text between fields, not editable */
#define KALENDS_DATE_SEGMENT_ERA 1
#define KALENDS_DATE_SEGMENT_YEAR 2
#define KALENDS_DATE_SEGMENT_MONTH 3
#define KALENDS_DATE_SEGMENT_DAY 4
#define KALENDS_DATE_SEGMENT_WEEKDAY 5    /* shown from the date, not editable */
#define KALENDS_DATE_SEGMENT_HOUR 6
#define KALENDS_DATE_SEGMENT_MINUTE 7
#define KALENDS_DATE_SEGMENT_DAY_PERIOD 8 /* 0 am, 1 pm */

/* The smallest unit a field edits */
typedef int32_t kalends_date_field_granularity;
#define KALENDS_DATE_FIELD_GRANULARITY_DAY 0    /* the date alone */
#define KALENDS_DATE_FIELD_GRANULARITY_HOUR 1
#define KALENDS_DATE_FIELD_GRANULARITY_MINUTE 2

/* Keys of kalends_date_field_press (typed text goes to kalends_date_field_type) */
typedef int32_t kalends_date_field_key;
#define KALENDS_DATE_FIELD_KEY_UP 1
#define KALENDS_DATE_FIELD_KEY_DOWN 2
#define KALENDS_DATE_FIELD_KEY_LEFT 3
#define KALENDS_DATE_FIELD_KEY_RIGHT 4
#define KALENDS_DATE_FIELD_KEY_TAB 5
#define KALENDS_DATE_FIELD_KEY_BACKTAB 6   /* Shift+Tab */
#define KALENDS_DATE_FIELD_KEY_BACKSPACE 7
#define KALENDS_DATE_FIELD_KEY_DELETE 8

/* Whether a field's value is allowed */
typedef int32_t kalends_date_field_validity;
#define KALENDS_DATE_FIELD_VALID 0
#define KALENDS_DATE_FIELD_INCOMPLETE 1      /* an editable segment is empty (or the date does not exist) */
#define KALENDS_DATE_FIELD_RANGE_UNDERFLOW 2 /* before the minimum */
#define KALENDS_DATE_FIELD_RANGE_OVERFLOW 3  /* after the maximum */
#define KALENDS_DATE_FIELD_UNAVAILABLE 4     /* a day of the unavailable list */

/* One segment (its texts: kalends_date_field_segment_text, _placeholder). */
typedef struct kalends_date_segment {
    kalends_date_segment_kind kind;
    int32_t editable;  /* 1: focusable and edited by keys */
    int32_t has_value; /* 0: empty (the placeholder is shown) */
    int32_t value;     /* month 1 ..., the hour as shown (1 ... 12 in a 12-hour cycle), day period 0/1 */
    int32_t min_value;
    int32_t max_value; /* the day's maximum follows the month and year once known */
} kalends_date_segment;

/* The field's value as it stands. */
typedef struct kalends_date_field_state {
    int32_t complete;                     /* 1: every editable segment is set and the date exists */
    int32_t day;                          /* with complete: the day number (a time field: the placeholder day) */
    int32_t second;                       /* with complete: seconds since midnight (0 without a time) */
    kalends_date_field_validity validity;
} kalends_date_field_state;

/* A date field (mutable, behind a lock). */
typedef struct kalends_date_field kalends_date_field;

/* Makes a field of `system` (NULL: gregorian) in `locale` (the field keeps what it needs; the locale
   may be freed after). shows_date 1: the date's segments; granularity DAY: no time
   (then shows_date must be 1). hour_cycle: -1 the locale's, else a kalends_hour_cycle
   (H11/H12: 12-hour with a day period; H23/H24: 24-hour). placeholder_day and
   placeholder_second (0 ... 86399): where stepping an empty segment starts (a host
   gives today). On success *out holds a new field the caller releases with
   kalends_date_field_free. Errors: MISUSE, INVALID_ARGUMENT (shows_date not 0/1,
   granularity, hour_cycle, placeholder_second; DAY without the date), OUT_OF_RANGE
   (placeholder_day outside the system), NOT_FOUND (system). */
kalends_status kalends_date_field_new(const kalends_locale *locale, const char *system, int32_t shows_date,
                                      kalends_date_field_granularity granularity, int32_t hour_cycle,
                                      int32_t placeholder_day, int32_t placeholder_second, kalends_date_field **out);

/* Releases a field. NULL is a no-op and returns KALENDS_OK; a freed or foreign handle
   returns KALENDS_E_MISUSE. */
kalends_status kalends_date_field_free(kalends_date_field *field);

/* The number of segments (literals included). Errors: MISUSE. */
kalends_status kalends_date_field_segment_count(const kalends_date_field *field, int32_t *out);

/* Segment `index` (0 ... count - 1). Errors: MISUSE, OUT_OF_RANGE (index). */
kalends_status kalends_date_field_segment(const kalends_date_field *field, int32_t index, kalends_date_segment *out);

/* The text segment `index` shows (its value as the locale writes it, in the locale's
   digits, else its placeholder) / its placeholder ("mm", "dd", "yyyy" in English
   locales, else dashes), snprintf convention as kalends/locale.h's names. Errors:
   MISUSE, INVALID_ARGUMENT (buffer and length both NULL), OUT_OF_RANGE (index). */
kalends_status kalends_date_field_segment_text(const kalends_date_field *field, int32_t index, char *buffer,
                                               size_t capacity, size_t *length);
kalends_status kalends_date_field_segment_placeholder(const kalends_date_field *field, int32_t index, char *buffer,
                                                      size_t capacity, size_t *length);

/* The whole text as drawn (every segment's text), snprintf convention. Errors:
   MISUSE, INVALID_ARGUMENT (buffer and length both NULL). */
kalends_status kalends_date_field_text(const kalends_date_field *field, char *buffer, size_t capacity, size_t *length);

/* The focused segment's index (-1: none is editable). Errors: MISUSE. */
kalends_status kalends_date_field_focus(const kalends_date_field *field, int32_t *out);

/* Focuses segment `index` (a tap on it). Errors: MISUSE, OUT_OF_RANGE (index),
   INVALID_ARGUMENT (not editable); nothing changes on an error. */
kalends_status kalends_date_field_set_focus(kalends_date_field *field, int32_t index);

/* Handles `key`; *handled receives 0 when it did nothing (Tab on the last segment:
   the host moves focus out of the field), else 1. Errors: MISUSE, INVALID_ARGUMENT
   (not a kalends_date_field_key); nothing changes on an error. */
kalends_status kalends_date_field_press(kalends_date_field *field, kalends_date_field_key key, int32_t *handled);

/* Types `text` (UTF-8, `length` bytes; `text` may be NULL when length is 0) into the
   focused segment, character by character; characters a segment cannot take are
   ignored. Errors: MISUSE, INVALID_ARGUMENT (text NULL with length not 0), PARSE (not
   UTF-8, more than 1024 bytes); nothing changes on an error. */
kalends_status kalends_date_field_type(kalends_date_field *field, const uint8_t *text, size_t length);

/* The value: complete, the day and second, and whether it is allowed. Errors: MISUSE. */
kalends_status kalends_date_field_value(const kalends_date_field *field, kalends_date_field_state *out);

/* Sets every segment from day `day` and second `second` (0 ... 86399; ignored
   without a time). Errors: MISUSE, INVALID_ARGUMENT (second), OUT_OF_RANGE (day
   outside the system, or one the segments cannot show: an era or a Chinese leap month
   the pattern lacks, a year outside its era's); nothing changes on an error. */
kalends_status kalends_date_field_set_value(kalends_date_field *field, int32_t day, int32_t second);

/* Empties every segment. Errors: MISUSE. */
kalends_status kalends_date_field_clear(kalends_date_field *field);

/* Sets the earliest and latest allowed values as moments (day * 86400 + second;
   INT64_MIN / INT64_MAX: no limit). Errors: MISUSE, INVALID_ARGUMENT (minimum > maximum). */
kalends_status kalends_date_field_set_limits(kalends_date_field *field, int64_t minimum, int64_t maximum);

/* Replaces the unavailable days (day numbers; duplicates are fine; `days` may be NULL
   when count is 0). Errors: MISUSE, INVALID_ARGUMENT (NULL with a count, negative
   count). */
kalends_status kalends_date_field_set_unavailable(kalends_date_field *field, const int32_t *days, int32_t count);

#ifdef __cplusplus
}
#endif

#endif

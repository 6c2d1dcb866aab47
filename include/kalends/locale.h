/*
 * kalends/locale.h -- locales from CLDR 47: month, weekday, era and day-period names,
 * week data, layout direction, hour cycle, digits, and dates, month titles and times
 * formatted by the locale's patterns, for every locale CLDR has (about 1,083).
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 *
 * Identifiers: CLDR/ICU ("de_AT", "zh_Hant_TW", "de@calendar=hebrew"), BCP 47
 * ("de-AT", "ar-EG-u-ca-islamic-fw-sat": -u-ca- names a calendar system, -u-fw- the
 * first weekday), POSIX ("de_AT.UTF-8", "sr_RS@latin", "C" and "POSIX" are en_US_POSIX)
 * and CLDR's aliases ("iw" -> he, "zh_TW" -> zh_Hant_TW). Opening never fails on an
 * unknown identifier: it falls back along CLDR's parent chain ("de_XX" -> de, "xx" ->
 * root) and kalends_locale_identifier/kalends_locale_is_fallback say what it resolved
 * to. Week data is the territory's (the identifier's region, else the likely region
 * of its language: "de" -> DE, "ar" -> EG, "zh_Hant" -> TW), as CLDR's weekData says.
 *
 * Calendar systems: `system` parameters (`system` NULL: "gregorian") are
 * kalends/calendar_system.h's identifiers. The islamic variants share "islamic"'s names; "iso8601" and
 * "julian" use "gregorian"'s. A system without CLDR names (a plugin's) is NOT_FOUND.
 * Months are numbered as kalends_system_date numbers them (Hebrew 1...13 with 6 = Adar
 * I); Hebrew has a 14th name, "Adar II", the name of month 7 in leap years.
 *
 * Names and formats are written into caller buffers by the snprintf convention: at
 * most capacity - 1 bytes and a NUL (cut at a UTF-8 character boundary); *length (may
 * be NULL) receives the full length without the NUL; buffer may be NULL when capacity
 * is 0; buffer and length both NULL is INVALID_ARGUMENT. Cost: opening parses the
 * identifier and binary-searches the tables (O(log n)); a name is O(1); a format is
 * O(pattern length). The tables are inflated once per process at first use (~10 ms).
 */
#ifndef KALENDS_LOCALE_H
#define KALENDS_LOCALE_H

#include "dates.h"
#include "calendar.h"
#include "view.h"

#ifdef __cplusplus
extern "C" {
#endif

/* CLDR's name widths. Months, eras and day periods have wide, abbreviated and narrow
   (short reads as abbreviated); weekdays all four ("Sunday", "Sun", "Su", "S"). */
typedef int32_t kalends_name_width;
#define KALENDS_NAME_WIDE 0
#define KALENDS_NAME_ABBREVIATED 1
#define KALENDS_NAME_SHORT 2
#define KALENDS_NAME_NARROW 3

/* CLDR's name contexts: inside a date, or alone (a title, a column label). */
typedef int32_t kalends_name_context;
#define KALENDS_CONTEXT_FORMAT 0
#define KALENDS_CONTEXT_STAND_ALONE 1

/* CLDR's four lengths of date and time patterns. */
typedef int32_t kalends_date_style;
#define KALENDS_STYLE_FULL 0
#define KALENDS_STYLE_LONG 1
#define KALENDS_STYLE_MEDIUM 2
#define KALENDS_STYLE_SHORT 3

/* The direction a locale's text and a calendar's columns run. */
typedef int32_t kalends_layout_direction;
#define KALENDS_DIRECTION_LEFT_TO_RIGHT 0
#define KALENDS_DIRECTION_RIGHT_TO_LEFT 1

/* CLDR's orders of a locale's script (layout/orientation): the direction in which the
   characters of a line follow one another (characterOrder), and the direction in which
   lines follow one another (lineOrder). In CLDR 47 every locale writes its characters
   left to right or right to left and its lines top to bottom, except Mongolian in its
   traditional script (mn_Mong, mn_Mong_CN, mn_Mong_MN): characters top to bottom,
   lines (columns) left to right. */
typedef int32_t kalends_text_order;
#define KALENDS_TEXT_ORDER_LEFT_TO_RIGHT 0
#define KALENDS_TEXT_ORDER_RIGHT_TO_LEFT 1
#define KALENDS_TEXT_ORDER_TOP_TO_BOTTOM 2
#define KALENDS_TEXT_ORDER_BOTTOM_TO_TOP 3

/* How a locale counts the hours of a day: 1...12, 0...23, 0...11, 1...24. */
typedef int32_t kalends_hour_cycle;
#define KALENDS_HOUR_CYCLE_H12 0
#define KALENDS_HOUR_CYCLE_H23 1
#define KALENDS_HOUR_CYCLE_H11 2
#define KALENDS_HOUR_CYCLE_H24 3

/* The day periods CLDR names (pattern letters a, b, B). */
typedef int32_t kalends_day_period;
#define KALENDS_DAY_PERIOD_AM 0
#define KALENDS_DAY_PERIOD_PM 1
#define KALENDS_DAY_PERIOD_MIDNIGHT 2
#define KALENDS_DAY_PERIOD_NOON 3
#define KALENDS_DAY_PERIOD_MORNING1 4
#define KALENDS_DAY_PERIOD_MORNING2 5
#define KALENDS_DAY_PERIOD_AFTERNOON1 6
#define KALENDS_DAY_PERIOD_AFTERNOON2 7
#define KALENDS_DAY_PERIOD_EVENING1 8
#define KALENDS_DAY_PERIOD_EVENING2 9
#define KALENDS_DAY_PERIOD_NIGHT1 10
#define KALENDS_DAY_PERIOD_NIGHT2 11

/* A territory's week conventions (CLDR weekData), as kalends_calendar_options holds
   them. */
typedef struct kalends_week_data {
    kalends_weekday first_weekday;      /* KALENDS_MONDAY ... KALENDS_SUNDAY */
    int32_t min_days_in_first_week;     /* 1...7 */
    kalends_weekday_mask weekend_days;  /* KALENDS_WEEKDAY_MASK_* bits */
} kalends_week_data;

/* A locale: an opened CLDR locale (immutable). */
typedef struct kalends_locale kalends_locale;

/* Opens the locale `identifier` (any spelling above; `identifier` NULL: the environment's:
   LC_ALL, else LC_TIME, else LANG, as POSIX orders them; "C" or unset is en_US_POSIX). Never
   fails on an unknown or malformed identifier: it resolves to the nearest CLDR locale
   along the parent chain (root at worst). On success *out holds a new handle the caller
   releases with kalends_locale_free.
   Errors: INVALID_ARGUMENT (out is NULL; an identifier longer than 255 bytes or not
   UTF-8). */
kalends_status kalends_locale_open(const char *identifier, kalends_locale **out);

/* Releases a locale. NULL is a no-op and returns KALENDS_OK; a freed or foreign handle
   returns KALENDS_E_MISUSE. */
kalends_status kalends_locale_free(kalends_locale *locale);

/* The CLDR locale the identifier resolved to ("de_AT", "zh_Hant_TW", "root"), snprintf
   convention.
   Errors: MISUSE (handle), INVALID_ARGUMENT (buffer). */
kalends_status kalends_locale_identifier(const kalends_locale *locale, char *buffer, size_t capacity, size_t *length);

/* Writes 1 to *out when the identifier named a locale CLDR does not have (it fell back
   to a parent: "de_XX" -> de), else 0. An alias ("iw") is not a fallback.
   Errors: MISUSE, INVALID_ARGUMENT (out is NULL). */
kalends_status kalends_locale_is_fallback(const kalends_locale *locale, int32_t *out);

/* Writes the number of CLDR locales in the tables (root included) to *out.
   Errors: INVALID_ARGUMENT (out is NULL). */
kalends_status kalends_locale_available_count(int32_t *out);

/* The name of CLDR locale `index` (0 ... count - 1, in sorted order: "af", "af_NA",
   ...), snprintf convention.
   Errors: INVALID_ARGUMENT (buffer), OUT_OF_RANGE (index). */
kalends_status kalends_locale_available_identifier(int32_t index, char *buffer, size_t capacity, size_t *length);

/* Writes the CLDR version of the tables (47) to *out.
   Errors: INVALID_ARGUMENT (out is NULL). */
kalends_status kalends_locale_cldr_version(int32_t *out);

/* Writes the locale's week data to *out: its territory's first weekday, minimal days
   in the first week and weekend, with the identifier's -u-fw- applied.
   Errors: MISUSE, INVALID_ARGUMENT (out is NULL). */
kalends_status kalends_locale_week_data(const kalends_locale *locale, kalends_week_data *out);

/* Writes the locale's layout direction (right-to-left for ar, he, fa, ur, ...) to *out:
   the direction a calendar's columns run (a view mirrors its columns for
   RIGHT_TO_LEFT). For a script whose characters run vertically it is the direction
   its lines follow one another: LEFT_TO_RIGHT for mn_Mong (see
   kalends_locale_character_order).
   Errors: MISUSE, INVALID_ARGUMENT (out is NULL). */
kalends_status kalends_locale_direction(const kalends_locale *locale, kalends_layout_direction *out);

/* Writes the order of the characters within a line of the locale's script (CLDR's
   characterOrder) to *out: LEFT_TO_RIGHT (en, ru), RIGHT_TO_LEFT (ar, he),
   TOP_TO_BOTTOM (mn_Mong).
   What a host does with TOP_TO_BOTTOM: it writes the locale's text vertically, each
   character below the one before, in the frames Kalends gives (CSS writing-mode:
   vertical-lr; Pango: a vertical gravity; a toolkit without vertical text draws each
   label rotated 90 degrees clockwise, its first character at the top), and lines of a
   label that wraps follow kalends_locale_line_order (left to right for mn_Mong). The
   calendar itself stays as kalends_locale_direction lays it out: weekday columns left
   to right, weeks top to bottom; frames, hit tests and gestures do not change. A label
   that is taller than its frame is shortened by the host, as for any locale (narrow
   weekday names, kalends_view_weekday_label's widths).
   Errors: MISUSE, INVALID_ARGUMENT (out is NULL). */
kalends_status kalends_locale_character_order(const kalends_locale *locale, kalends_text_order *out);

/* Writes the order in which the lines of the locale's script follow one another (CLDR's
   lineOrder) to *out: TOP_TO_BOTTOM for scripts whose characters run horizontally,
   LEFT_TO_RIGHT for mn_Mong, whose characters run top to bottom.
   Errors: MISUSE, INVALID_ARGUMENT (out is NULL). */
kalends_status kalends_locale_line_order(const kalends_locale *locale, kalends_text_order *out);

/* Writes the locale's preferred hour cycle to *out.
   Errors: MISUSE, INVALID_ARGUMENT (out is NULL). */
kalends_status kalends_locale_hour_cycle(const kalends_locale *locale, kalends_hour_cycle *out);

/* The ten digits of the locale's default numbering system, 0 to 9, concatenated
   ("0123456789", Arabic-Indic for ar_EG), snprintf convention.
   Errors: MISUSE, INVALID_ARGUMENT (buffer). */
kalends_status kalends_locale_digits(const kalends_locale *locale, char *buffer, size_t capacity, size_t *length);

/* The region whose week data the locale uses ("DE" for de, "EG" for ar), snprintf
   convention.
   Errors: MISUSE, INVALID_ARGUMENT (buffer). */
kalends_status kalends_locale_region(const kalends_locale *locale, char *buffer, size_t capacity, size_t *length);

/* The calendar system the identifier's -u-ca- (or @calendar=) names, as given
   ("hebrew", "islamic-umalqura"); "" when it names none. snprintf convention.
   Errors: MISUSE, INVALID_ARGUMENT (buffer). */
kalends_status kalends_locale_calendar(const kalends_locale *locale, char *buffer, size_t capacity, size_t *length);

/* Writes the number of month names of `system` to *out (12; 13 for coptic, ethiopic;
   14 for hebrew, whose last is "Adar II").
   Errors: MISUSE, INVALID_ARGUMENT (out is NULL; system not UTF-8), NOT_FOUND (system). */
kalends_status kalends_locale_month_count(const kalends_locale *locale, const char *system, int32_t *out);

/* The name of month `month` (1 ... kalends_locale_month_count) of `system`, snprintf
   convention ("novembre", "نوفمبر", "Kislev").
   Errors: MISUSE, INVALID_ARGUMENT (width, context, buffer), NOT_FOUND (system),
   OUT_OF_RANGE (month). */
kalends_status kalends_locale_month_name(const kalends_locale *locale, const char *system, int32_t month,
                                         kalends_name_width width, kalends_name_context context, char *buffer,
                                         size_t capacity, size_t *length);

/* The name of ISO weekday `weekday` (KALENDS_MONDAY ... KALENDS_SUNDAY), snprintf
   convention ("Sunday", "Sun", "Su", "S" for en by width).
   Errors: MISUSE, INVALID_ARGUMENT (weekday, width, context, buffer). */
kalends_status kalends_locale_weekday_name(const kalends_locale *locale, kalends_weekday weekday,
                                           kalends_name_width width, kalends_name_context context, char *buffer,
                                           size_t capacity, size_t *length);

/* Writes the number of era names of `system` to *out (gregorian 2, japanese 237, ...).
   Errors: MISUSE, INVALID_ARGUMENT, NOT_FOUND (system). */
kalends_status kalends_locale_era_count(const kalends_locale *locale, const char *system, int32_t *out);

/* The name of era `era` (ICU's index, as kalends_system_date.era: gregorian 0 = BC,
   1 = AD; japanese 236 = Reiwa) of `system`, snprintf convention.
   Errors: MISUSE, INVALID_ARGUMENT (width, buffer), NOT_FOUND (system), OUT_OF_RANGE
   (era). */
kalends_status kalends_locale_era_name(const kalends_locale *locale, const char *system, int32_t era,
                                       kalends_name_width width, char *buffer, size_t capacity, size_t *length);

/* The name of a day period ("AM", "PM", "noon", "in the morning"), snprintf
   convention; "" for a period the locale does not name.
   Errors: MISUSE, INVALID_ARGUMENT (period, width, context, buffer). */
kalends_status kalends_locale_day_period_name(const kalends_locale *locale, kalends_day_period period,
                                              kalends_name_width width, kalends_name_context context, char *buffer,
                                              size_t capacity, size_t *length);

/* The locale's date pattern of `style` in `system` (CLDR pattern letters: "EEEE, MMMM
   d, y"), snprintf convention.
   Errors: MISUSE, INVALID_ARGUMENT (style, buffer), NOT_FOUND (system). */
kalends_status kalends_locale_date_pattern(const kalends_locale *locale, const char *system, kalends_date_style style,
                                           char *buffer, size_t capacity, size_t *length);

/* Formats day `day_number` (days since 1970-01-01) in `system` by the locale's date
   pattern of `style` ("Sunday, November 22, 2026"; "الأحد، ٢٢ نوفمبر ٢٠٢٦"), in the
   locale's digits and the pattern's numbering override (Hebrew numerals for Hebrew
   dates in he), weeks by the locale's week data. snprintf convention.
   Errors: MISUSE, INVALID_ARGUMENT (style, buffer), NOT_FOUND (system), OUT_OF_RANGE
   (a day outside the system's days). */
kalends_status kalends_locale_format_date(const kalends_locale *locale, const char *system, int32_t day_number,
                                          kalends_date_style style, char *buffer, size_t capacity, size_t *length);

/* Formats the title of month `month` (is_leap_month 0 or 1) of extended year `year` of
   `system` (as kalends_calendar_month_grid numbers them: Hebrew 5787, AH 1448) by the
   locale's "yMMMM" pattern ("November 2026", "ноябрь 2026 г.", "Kislev 5787"), in the
   numbering of the locale's dates of `system` (kalends_locale_date_numbers of the full
   style): "כסלו תשפ״ז" in he, "令和元年5月" in ja. (CLDR's title patterns carry no
   numbering of their own, so ICU's pattern generator writes "כסלו 5787"; ICU keeps a
   date style's numbering when a formatter made for that style is given the title's
   pattern, and the library does so for every title.) snprintf convention.
   Errors: MISUSE, INVALID_ARGUMENT (a month the year lacks, buffer), NOT_FOUND
   (system), OUT_OF_RANGE (year). */
kalends_status kalends_locale_format_month_year(const kalends_locale *locale, const char *system, int32_t year,
                                                int32_t month, int32_t is_leap_month, char *buffer, size_t capacity,
                                                size_t *length);

/* The label of the cell of day `day_number` in a grid of `system`: its day of the
   month, in the numbering of the locale's dates of `system` (kalends_locale_date_numbers
   of the full style: Hebrew numerals א׳ ... ל׳ for Hebrew dates in he and yi, 初一 ...
   三十 for Chinese and Dangi dates in zh and yue, positional Han digits in ja) or in the
   locale's digits ("16", "١٦" in ar_EG). snprintf convention.
   Errors: MISUSE, INVALID_ARGUMENT (buffer), NOT_FOUND (system), OUT_OF_RANGE (a day
   outside the system's days). */
kalends_status kalends_locale_format_day(const kalends_locale *locale, const char *system, int32_t day_number,
                                         char *buffer, size_t capacity, size_t *length);

/* Formats a time of day (hour 0...23, minute, second 0...59) by the locale's time
   pattern of `style` ("3:30:00 PM", "15:30:00"), snprintf convention. Zone fields of
   the pattern (full and long styles) write nothing.
   Errors: MISUSE, INVALID_ARGUMENT (a time out of range, style, buffer). */
kalends_status kalends_locale_format_time(const kalends_locale *locale, int32_t hour, int32_t minute, int32_t second,
                                          kalends_date_style style, char *buffer, size_t capacity, size_t *length);

/* The label of hour `hour` (0...23) of a day timeline in the locale's hour cycle
   ("3 PM", "15 Uhr", "下午3時"), snprintf convention.
   Errors: MISUSE, INVALID_ARGUMENT (hour, buffer). */
kalends_status kalends_locale_format_hour(const kalends_locale *locale, int32_t hour, char *buffer, size_t capacity,
                                          size_t *length);

/* Formats day `day_number` in `system` at `second_of_day` (0...86399) by a CLDR
   pattern (letters G y Y u U r Q q M L w W d D F E e c a b B h H K k m s S; 'quoted'
   text; zone letters write nothing) in the locale's names and digits. `numbers` (may be
   NULL) is CLDR's numbering override of a pattern ("hebr", "y=jpanyear", "d=hanidays";
   as kalends_locale_date_numbers gives). snprintf convention.
   Errors: MISUSE, INVALID_ARGUMENT (pattern is NULL, longer than 4096 bytes or not
   UTF-8; second_of_day; buffer), NOT_FOUND (system), OUT_OF_RANGE (day). */
kalends_status kalends_locale_format_pattern(const kalends_locale *locale, const char *system, int32_t day_number,
                                             int32_t second_of_day, const char *pattern, const char *numbers,
                                             char *buffer, size_t capacity, size_t *length);

/* The numbering override of the locale's date pattern of `style` in `system` (CLDR's
   `numbers` attribute: "hebr" for Hebrew dates in he, "y=jpanyear" for Japanese ones in
   ja, "d=hanidays" for Chinese ones in zh), "" for none. The full style's is the
   numbering of the locale's `system` dates, which titles and day labels use too
   (kalends_locale_format_month_year, kalends_locale_format_day). snprintf convention.
   Errors: MISUSE, INVALID_ARGUMENT (style, buffer), NOT_FOUND (system). */
kalends_status kalends_locale_date_numbers(const kalends_locale *locale, const char *system, kalends_date_style style,
                                           char *buffer, size_t capacity, size_t *length);

/* Formats the interval of days `start_day` ... `end_day` (days since 1970-01-01; the
   first is written first) in `system` by CLDR's intervalFormats for `skeleton`
   (`skeleton` NULL: "yMMMd"): "Nov 23 – 29, 2026" and "Nov 30 – Dec 6, 2026" in en,
   "23–29 Nov 2026" in en_GB, "2026年11月23日～29日" in ja; the locale's skeleton equal
   to `skeleton` or the closest (by width; a field missing on either side rules one
   out); the pieces of the greatest field that differs (era, year, month, day); the
   day alone when both are one day; else the locale's fallback ("{0} – {1}") over the
   skeleton's availableFormats pattern, or over medium dates when no interval
   skeleton fits (as babel 2.18's format_interval). Names, numbering and digits are
   the system's and the locale's, as kalends_locale_format_month_year writes them; the
   tables hold the gregorian intervalFormats, which other systems use with their own
   names. Cost: O(skeletons of the locale x skeleton length + output). snprintf
   convention.
   Errors: MISUSE, INVALID_ARGUMENT (a skeleton longer than 64 bytes or with a letter
   other than the date letters G y Y u Q q M L w W d D F g E e c; buffer), NOT_FOUND
   (system), OUT_OF_RANGE (a day outside the system's days). */
kalends_status kalends_locale_format_interval(const kalends_locale *locale, const char *system, int32_t start_day,
                                              int32_t end_day, const char *skeleton, char *buffer, size_t capacity,
                                              size_t *length);

/* Reads a typed date: `length` bytes of `text` (any bytes; `text` may be NULL when
   length is 0) by the locale's date patterns of `system` of the styles in `styles`, a
   bit set (1 << KALENDS_STYLE_FULL | 1 << KALENDS_STYLE_SHORT ...; 0: all four, full
   first), the first that reads the whole text. Lenient: any run of white space (and
   bidi marks) matches any other or none; digits of any decimal numbering system (the
   locale's, Latin); names (months, weekdays, eras) wide or abbreviated, format or
   stand-alone, in any case, an abbreviation's final "." optional; a month as a number;
   two digits for y or yy are 1969...2068 (POSIX %y); a weekday is read, not checked;
   an era left out is the system's last. On success *day_number receives the day
   (days since 1970-01-01). *stopped_at (may be NULL) receives the byte offset where
   reading stopped, also when the call fails: the text's length on success, else the
   furthest any style reached. Nothing else changes.
   Errors: MISUSE, INVALID_ARGUMENT (styles outside 0...15; text NULL with length not
   0), NOT_FOUND (system), PARSE (not a date of these patterns, a date the system does
   not have, not UTF-8, longer than 1024 bytes: the message says what was expected
   where it stopped). */
kalends_status kalends_locale_parse_date(const kalends_locale *locale, const char *system, const uint8_t *text,
                                         size_t length, int32_t styles, int32_t *day_number, int32_t *stopped_at);

/* Reads a typed time of day as kalends_locale_parse_date reads a date, by the locale's
   time patterns of `styles` (0: all four); a day period left out reads the hour as
   0...23; zone fields read nothing. *second_of_day receives 0...86399; *stopped_at
   (may be NULL) as kalends_locale_parse_date's, also when the call fails.
   Errors: MISUSE, INVALID_ARGUMENT (styles; text NULL with length not 0), PARSE. */
kalends_status kalends_locale_parse_time(const kalends_locale *locale, const uint8_t *text, size_t length,
                                         int32_t styles, int32_t *second_of_day, int32_t *stopped_at);

/* The view's text in its calendar's locale and system (kalends_calendar_options.locale). */

/* The title of the view's page: a month page's month and year by the locale's "yMMMM"
   ("November 2026", "نوفمبر ٢٠٢٦", "Kislev 5787" in a Hebrew calendar, "כסלו תשפ״ז" in
   one in he), a week page's first and last day as kalends_locale_format_interval writes
   them by "yMMMd" ("Nov 23 – 29, 2026", "23–29 Nov 2026" in en_GB), the full date of a
   day page; a page of several months (kalends_view_options.months > 1) its first and
   last month by the "yMMM" interval ("Nov 2026 – Jan 2027", "Nov – Dec 2026"), in any
   system and numbering. snprintf convention.
   Errors: MISUSE (handle), INVALID_ARGUMENT (buffer). */
kalends_status kalends_view_title(const kalends_view *view, char *buffer, size_t capacity, size_t *length);

/* The label of the cell of *date in the view: its day of the month in the calendar's
   system and locale, as kalends_locale_format_day writes it ("16"; "ט״ז" in a Hebrew
   calendar in he; "初四" in a Chinese one in zh). Any day of the system's range, shown
   or not. snprintf convention.
   Errors: MISUSE (handle), INVALID_ARGUMENT (date, buffer), OUT_OF_RANGE (a day outside
   the calendar system's days). */
kalends_status kalends_view_day_label(const kalends_view *view, const kalends_date *date, char *buffer,
                                      size_t capacity, size_t *length);

/* The label of a weekday column (stand-alone names: abbreviated "Mon", short "Mo",
   narrow "M", wide "Monday" in en). snprintf convention.
   Errors: MISUSE, INVALID_ARGUMENT (weekday, width, buffer). */
kalends_status kalends_view_weekday_label(const kalends_view *view, kalends_weekday weekday, kalends_name_width width,
                                          char *buffer, size_t capacity, size_t *length);

/* The label of hour `hour` (0...23) of the day timeline in the locale's hour cycle
   ("3 PM", "15 Uhr"). snprintf convention.
   Errors: MISUSE, INVALID_ARGUMENT (hour, buffer). */
kalends_status kalends_view_hour_label(const kalends_view *view, int32_t hour, char *buffer, size_t capacity,
                                       size_t *length);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_LOCALE_H */

/*
 * kalends/rrule.h -- recurrence rules and sets (RFC 5545 RRULE, RDATE, EXRULE, EXDATE, and
 * python-dateutil's rrule and rruleset): occurrences expanded lazily, in bulk.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 *
 * A kalends_rrule is a recurrence set: kalends_rrule_new and _parse make a set of one rule
 * from its start; kalends_rrule_new_set makes an empty set, which kalends_rrule_add_rule,
 * _add_dates, _exclude_rule and _exclude_dates fill (dateutil's rruleset: its rrule,
 * rdate, exrule and exdate). Its occurrences are those of its rules and dates, each time
 * once however many give it, less every time an exclusion gives, whatever the order of
 * the calls. Every expanding call (next, next_civil, between, count, at, before, after)
 * reads a set as it reads one rule.
 *
 * Times are wall-clock seconds since 1970-01-01T00:00 (floating local time, no zone),
 * within 0001-01-01 ... 9999-12-31: nothing is generated past 9999-12-31T23:59:59.
 *
 * Two semantics (kalends_rrule_semantics):
 * - RFC5545: the start (DTSTART) is always the first occurrence and takes one of
 *   COUNT's places, even when the rule does not produce it; BYDAY entries are a union.
 * - DATEUTIL: python-dateutil 4.0.0's rrule exactly (a start that does not match the
 *   rule is no occurrence; BYSETPOS applied before the start and UNTIL cuts; the first
 *   WEEKLY period starts at the start; plain and ordinal BYDAY entries both filter;
 *   out-of-range BY values never match; BYEASTER; ...). Errors dateutil raises from its
 *   constructor (BYHOUR/BYMINUTE/BYSECOND unreachable at the rule's own frequency, a
 *   coarser BY time out of range) are INVALID_ARGUMENT from kalends_rrule_new, with
 *   dateutil's message; those its iterator raises are returned by the expanding calls
 *   (INVALID_ARGUMENT; OUT_OF_RANGE where dateutil raises IndexError for a BYEASTER
 *   offset past the year's end).
 *
 * Cost: finding the period that holds a time is O(1) for every frequency, so starting
 * anywhere costs what the first period costs (COUNT: the first query far from the
 * start counts the years between once, O(years), cached in the handle). Each period
 * costs its candidate days (generated from the most selective BY part) times the times
 * of day. Rules with one occurrence per period at a fixed offset in periods of fixed
 * length (DAILY and WEEKLY with nothing beyond what DTSTART implies, sub-daily rules
 * without time or day filters) need no expansion: O(1) per occurrence, and their COUNT
 * prefixes are O(1). Batches are written straight into the caller's buffer.
 *
 * A set of several sources merges them: starting anywhere is O(sources) such starts, then
 * O(sources) per occurrence, exclusion rules walked along. count and at walk the set's
 * occurrences (O(n)) unless it is one rule (with no more than one date before it: RFC
 * 5545's DTSTART); before walks a window before its point, four times longer each time
 * until it holds an occurrence (from 1 second: O(log distance) starts, and the
 * occurrences of the last window). Occurrences an exclusion removes are passed over one
 * by one: a set that excludes most of a dense rule costs what that rule costs.
 *
 * Thread: a kalends_rrule may be shared between threads (calls serialize on it: it
 * caches counts).
 */
#ifndef KALENDS_RRULE_H
#define KALENDS_RRULE_H

#include "status.h"
#include "dates.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Frequencies; the values are dateutil's (YEARLY = 0 ... SECONDLY = 6). */
typedef int32_t kalends_rrule_frequency;
#define KALENDS_RRULE_FREQUENCY_YEARLY 0
#define KALENDS_RRULE_FREQUENCY_MONTHLY 1
#define KALENDS_RRULE_FREQUENCY_WEEKLY 2
#define KALENDS_RRULE_FREQUENCY_DAILY 3
#define KALENDS_RRULE_FREQUENCY_HOURLY 4
#define KALENDS_RRULE_FREQUENCY_MINUTELY 5
#define KALENDS_RRULE_FREQUENCY_SECONDLY 6

/* Whose reading of a rule (see the top of this header). */
typedef int32_t kalends_rrule_semantics;
#define KALENDS_RRULE_SEMANTICS_RFC5545 0
#define KALENDS_RRULE_SEMANTICS_DATEUTIL 1

/* RFC 7529 SKIP: what a rule counted in a calendar system (RSCALE) does with a day its
   parts name that a year or month lacks (Feb 29, a 30th in a 29-day month, a leap month
   such as Hebrew Adar I, "5L", in a common year). */
typedef int32_t kalends_rrule_skip;
/* the instance is left out (RFC 7529's default) */
#define KALENDS_RRULE_SKIP_OMIT 0
/* the day before: the month's last day, or for a missing leap month the month it follows */
#define KALENDS_RRULE_SKIP_BACKWARD 1
/* the day after: the next month's first day, or for a missing leap month the month after it */
#define KALENDS_RRULE_SKIP_FORWARD 2
/* What kalends_rrule_options.until holds. */
typedef int32_t kalends_rrule_until_kind;
/* no UNTIL */
#define KALENDS_RRULE_UNTIL_NONE 0
/* wall-clock seconds, compared with the occurrences (inclusive) */
#define KALENDS_RRULE_UNTIL_LOCAL 1
/* a day number (days since 1970-01-01): its midnight, as dateutil reads a date */
#define KALENDS_RRULE_UNTIL_DATE 2

/* One BYDAY entry: a weekday, and for MONTHLY/YEARLY rules an ordinal (1 = the first
   in the month or year, -1 = the last, 0 = every). */
typedef struct kalends_rrule_weekday {
    kalends_weekday weekday; /* KALENDS_MONDAY ... KALENDS_SUNDAY */
    int32_t ordinal;         /* -53 ... 53; 0 = every such weekday */
} kalends_rrule_weekday;

/* A rule, field by field. The BY lists are read during kalends_rrule_new and copied;
   each is a pointer and its number of entries (the pointer may be NULL when the count
   is 0). The lists are kept as given (order, duplicates); the values DTSTART supplies
   when a part is absent (RFC 5545, dateutil) are applied by the library. */
typedef struct kalends_rrule_options {
    uint32_t struct_size;                 /* sizeof(kalends_rrule_options) */
    kalends_rrule_frequency frequency;    /* default YEARLY */
    int64_t interval;                     /* >= 1; default 1 */
    int32_t has_count;                    /* 1: count applies; default 0 */
    int32_t reserved;                     /* 0 */
    int64_t count;                        /* occurrences at most (<= 0: none, as dateutil) */
    kalends_rrule_until_kind until_kind;  /* default NONE */
    kalends_weekday week_start;           /* WKST; default KALENDS_MONDAY */
    int64_t until;                        /* see until_kind */
    const int32_t *by_month;              /* 1 ... 12 */
    int32_t by_month_count;
    int32_t reserved2;                    /* 0 */
    const int32_t *by_week_no;            /* -53 ... 53, not 0 */
    int32_t by_week_no_count;
    int32_t reserved3;                    /* 0 */
    const int32_t *by_year_day;           /* -366 ... 366, not 0 */
    int32_t by_year_day_count;
    int32_t reserved4;                    /* 0 */
    const int32_t *by_month_day;          /* -31 ... 31, not 0 */
    int32_t by_month_day_count;
    int32_t reserved5;                    /* 0 */
    const kalends_rrule_weekday *by_day;
    int32_t by_day_count;
    int32_t reserved6;                    /* 0 */
    const int32_t *by_hour;               /* 0 ... 23 */
    int32_t by_hour_count;
    int32_t reserved7;                    /* 0 */
    const int32_t *by_minute;             /* 0 ... 59 */
    int32_t by_minute_count;
    int32_t reserved8;                    /* 0 */
    const int32_t *by_second;             /* 0 ... 60 */
    int32_t by_second_count;
    int32_t reserved9;                    /* 0 */
    const int32_t *by_set_pos;            /* -366 ... 366, not 0 */
    int32_t by_set_pos_count;
    int32_t reserved10;                   /* 0 */
    const int32_t *by_easter;             /* dateutil's BYEASTER: days from Easter Sunday */
    int32_t by_easter_count;
    int32_t reserved11;                   /* 0 */
    /* RFC 7529 (a caller built before these fields is read with their defaults): */
    const char *rscale;                   /* RSCALE: the calendar system the rule counts in, a CLDR
                                             identifier in any case ("CHINESE", "hebrew",
                                             "ISLAMIC-CIVIL", a registered system's); NULL: none
                                             (Gregorian); read during kalends_rrule_new */
    kalends_rrule_skip skip;              /* SKIP; default OMIT; other values need rscale */
    int32_t by_leap_month_count;
    const int32_t *by_leap_month;         /* BYMONTH's leap months ("5L" is 5); need rscale */
} kalends_rrule_options;

/* A rule from a start, ready to expand. */
typedef struct kalends_rrule kalends_rrule;

/* Fills *options with the defaults (YEARLY, INTERVAL 1, no COUNT or UNTIL, WKST
   Monday, no BY lists) and sets struct_size. Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_rrule_options_init(kalends_rrule_options *options);

/* Makes a rule from `options`, starting at `start` (wall-clock seconds; dateutil's
   dtstart, RFC 5545's DTSTART), read with `semantics`. Under RFC5545 the rule must be
   one RFC 5545 3.3.10 allows, as kalends_rrule_parse with strict = 1 reads text: values
   in the RFC's ranges, not COUNT together with UNTIL, BYDAY ordinals only with MONTHLY
   (-5 ... 5) or YEARLY (not with BYWEEKNO), BYWEEKNO only with YEARLY, no BYYEARDAY
   with DAILY/WEEKLY/MONTHLY, no BYMONTHDAY with WEEKLY (BYEASTER, dateutil's
   extension, is taken under both). Under DATEUTIL out-of-range values never match
   (dateutil), but BYSETPOS 0 or beyond +-366 is refused with dateutil's message.
   Under both, UNTIL must lie in 0001-01-01 ... 9999-12-31. With rscale (RFC 7529) a
   YEARLY or MONTHLY rule counts the system's years and months: BYMONTH its months (1 ...
   12, 13 in the Coptic and Ethiopic years; Hebrew months in RFC 7529's numbering, Adar I
   being the leap month 5), BYMONTHDAY, BYYEARDAY and BYWEEKNO its months and years, and
   skip decides what a missing leap month, month day or year day becomes (a missing week
   of BYWEEKNO is left out whatever skip says); WEEKLY and finer rules count weeks and
   days, which every calendar shares, and their BYMONTH, BYMONTHDAY, BYYEARDAY and
   BYWEEKNO limit the days in the system's months and years (skip moves nothing there:
   a limit makes no missing day).
   On success *out holds a new handle, released with kalends_rrule_free.
   Errors: INVALID_ARGUMENT (NULL options or out, struct_size, frequency, interval < 1,
   an rscale no system has (PARSE), skip or leap months without rscale, a leap month the
   system lacks, BYEASTER with rscale,
   until_kind, week_start, a count negative or a list NULL with entries, a rule RFC 5545
   does not allow under RFC5545, dateutil's constructor errors under DATEUTIL),
   OUT_OF_RANGE (start or UNTIL outside 0001 ... 9999). */
kalends_status kalends_rrule_new(const kalends_rrule_options *options, int64_t start, kalends_rrule_semantics semantics,
                                 kalends_rrule **out);

/* Makes a rule from RRULE text (the value of an RRULE property, "FREQ=WEEKLY;BYDAY=MO,WE",
   an optional leading "RRULE:" allowed) read leniently (empty parts and X- parts
   skipped, dateutil's spellings accepted) or, with strict = 1, exactly as RFC 5545
   allows, RFC 7529's RSCALE, SKIP and leap months ("BYMONTH=5L") included (as
   kalends_rrule_new reads them). UNTIL is read as wall time (a UTC "Z" UNTIL is compared
   as wall time: this handle has no zone). Errors: PARSE (the text, with the part named), INVALID_ARGUMENT
   (NULL, strict not 0 or 1, semantics), OUT_OF_RANGE (start). */
kalends_status kalends_rrule_parse(const char *text, int32_t strict, int64_t start, kalends_rrule_semantics semantics,
                                   kalends_rrule **out);

/* Makes an empty recurrence set (dateutil's rruleset()): no occurrences until rules or
   dates are added. On success *out holds a new handle, released with kalends_rrule_free.
   Errors: INVALID_ARGUMENT (NULL out). */
kalends_status kalends_rrule_new_set(kalends_rrule **out);

/* Adds every occurrence of `rule` to `set` (dateutil's rruleset.rrule, RFC 5545's
   RRULE): its rules, each with its own start and semantics (under RFC5545 its start is
   one of them), and its dates. `rule` is copied: freeing or changing it later does not
   change `set`; it may be `set` itself (nothing changes then but the work). Cost:
   O(rule's rules + the dates of both). Thread: locks `rule`, then `set`, one at a time.
   Errors: INVALID_ARGUMENT (NULL set or rule, `rule` has exclusions: add its parts
   instead), MISUSE (a freed handle); `set` is unchanged on error. */
kalends_status kalends_rrule_add_rule(kalends_rrule *set, const kalends_rrule *rule);

/* Takes every occurrence of `rule` out of `set` (dateutil's rruleset.exrule, RFC 2445's
   EXRULE): the times its rules give from their own starts, with their semantics (a
   DATEUTIL rule excludes its start only when the rule gives it), and its dates. Copied
   as kalends_rrule_add_rule copies. Errors: as kalends_rrule_add_rule. */
kalends_status kalends_rrule_exclude_rule(kalends_rrule *set, const kalends_rrule *rule);

/* Adds single times to `set` (dateutil's rruleset.rdate, RFC 5545's RDATE): wall-clock
   seconds, in any order; a time a rule gives too is one occurrence. Cost: O((dates of
   the set + count) log): give a host's dates in one call. Errors: INVALID_ARGUMENT (NULL
   set, times NULL with count > 0, count negative), OUT_OF_RANGE (a time outside
   0001-01-01 ... 9999-12-31); `set` is unchanged on error. */
kalends_status kalends_rrule_add_dates(kalends_rrule *set, const int64_t *times, int32_t count);

/* Takes single times out of `set` (dateutil's rruleset.exdate, RFC 5545's EXDATE): an
   occurrence at exactly such a time is left out. O(count). Errors: as
   kalends_rrule_add_dates. */
kalends_status kalends_rrule_exclude_dates(kalends_rrule *set, const int64_t *times, int32_t count);

/* Frees a rule or set. NULL is a no-op. */
kalends_status kalends_rrule_free(kalends_rrule *rule);

/* The rule as RFC 5545 RRULE text (without "RRULE:"), snprintf's convention.
   Errors: INVALID_ARGUMENT (NULL rule, buffer NULL with capacity > 0, a set that is not
   one rule from its start: it has no RRULE text). */
kalends_status kalends_rrule_text(const kalends_rrule *rule, char *buffer, size_t capacity, size_t *length);

/* The RRULE text (RFC 7529) of "every year on this date in `system`": RSCALE (the system's
   identifier in capitals), FREQ=YEARLY, BYMONTHDAY and BYMONTH of `day_number` in that
   system (a leap month as "5L": Hebrew Adar I, a Chinese leap month), and SKIP unless
   OMIT: what a year without that month or day does (a Hebrew birthday on 30 Adar I:
   BACKWARD keeps 30 Shevat, FORWARD 1 Nisan). Chinese New Year from 2026-02-17:
   "RSCALE=CHINESE;FREQ=YEARLY;BYMONTHDAY=1;BYMONTH=1". Expand it with kalends_rrule_parse
   from that day. snprintf's convention.
   Errors: NOT_FOUND (no such system), INVALID_ARGUMENT (NULL system, skip, buffer NULL
   with capacity > 0), OUT_OF_RANGE (a day outside the system's days). */
kalends_status kalends_rrule_yearly_text(const char *system, int32_t day_number, kalends_rrule_skip skip, char *buffer,
                                         size_t capacity, size_t *length);
/* The next occurrences from `from` (at or after it when inclusive = 1, after it when 0),
   ascending, as wall-clock seconds: writes min(capacity, remaining) of them and sets
   *count to how many it wrote (fewer than capacity: the rule ended). A batch, not a
   size query: call again from the last one written (inclusive = 0) for the next batch.
   Cost: O(1) to find the start (see the top) + the periods expanded.
   Errors: INVALID_ARGUMENT (NULL rule or count, out NULL with capacity > 0, capacity
   negative, inclusive not 0 or 1, dateutil's iterator errors), OUT_OF_RANGE (a BYEASTER
   offset dateutil refuses with IndexError). */
kalends_status kalends_rrule_next(const kalends_rrule *rule, int64_t from, int32_t inclusive, int64_t *out,
                                  int32_t capacity, int32_t *count);

/* As kalends_rrule_next, but each occurrence as a packed civil date-time of 10 bytes:
   year (big-endian, 2 bytes), month, day, hour, minute, second, then 3 zero bytes
   (microseconds, big-endian) -- the layout of Python's datetime state, so a binding
   makes its datetimes without arithmetic. `capacity` and *count are in bytes (10 per
   occurrence; a capacity that is not a multiple of 10 holds its whole records). */
kalends_status kalends_rrule_next_civil(const kalends_rrule *rule, int64_t from, int32_t inclusive, uint8_t *out,
                                        int32_t capacity, int32_t *count);

/* dateutil's between(after, before, inc): the occurrences strictly between `after` and
   `before` (inclusive of both with inclusive = 1), ascending; the array convention:
   *count always receives the number of occurrences, and BUFFER_TOO_SMALL (nothing
   written) when they do not fit; out NULL with capacity 0 asks for the size only.
   The occurrences are counted before they are listed (O(1) plus the COUNT prefix for
   the rule's own occurrences; nothing is allocated per occurrence), then written
   straight into `out`. Errors: INVALID_ARGUMENT, OUT_OF_RANGE (as kalends_rrule_next;
   also more than INT32_MAX occurrences), BUFFER_TOO_SMALL. */
kalends_status kalends_rrule_between(const kalends_rrule *rule, int64_t after, int64_t before, int32_t inclusive,
                                     int64_t *out, int32_t capacity, int32_t *count);

/* The number of occurrences (a rule without COUNT or UNTIL runs to 9999-12-31).
   Cost: with COUNT, O(log COUNT) probes; otherwise O(1) per 400 years when the rule
   repeats every 400 years, O(1) per cycle for an rscale rule in a system whose dates
   repeat (islamic-civil and islamic-tbla 30 years, coptic, ethiopic and julian 4,
   persian 33, indian and the Gregorian-based 400), else O(years). Errors: as
   kalends_rrule_next; OUT_OF_RANGE when an rscale rule in a system without such a
   cycle (hebrew, chinese, dangi, islamic-umalqura) would walk more than 300,000 of its
   periods and days to count (kalends_rrule_at and kalends_rrule_before likewise):
   bound it with COUNT or UNTIL. */
kalends_status kalends_rrule_count(const kalends_rrule *rule, int64_t *out);

/* The occurrence at `index` (0 = the first, -1 = the last, as Python indexes):
   *found = 1 and *out = its wall time, or *found = 0 when there is none.
   Errors: as kalends_rrule_next. */
kalends_status kalends_rrule_at(const kalends_rrule *rule, int64_t index, int64_t *out, int32_t *found);

/* The last occurrence before `time` (at or before it with inclusive = 1): *found and
   *out as kalends_rrule_at. dateutil's before(dt, inc). Errors: as kalends_rrule_next. */
kalends_status kalends_rrule_before(const kalends_rrule *rule, int64_t time, int32_t inclusive, int64_t *out,
                                    int32_t *found);

/* The first occurrence after `time` (at or after it with inclusive = 1): *found and *out
   as kalends_rrule_at. dateutil's after(dt, inc). Errors: as kalends_rrule_next. */
kalends_status kalends_rrule_after(const kalends_rrule *rule, int64_t time, int32_t inclusive, int64_t *out,
                                   int32_t *found);

#ifdef __cplusplus
}
#endif

#endif

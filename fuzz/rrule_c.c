/*
 * fuzz/rrule_c.c -- libFuzzer harness on the C ABI of recurrence rules
 * (kalends/rrule.h). The first byte picks strict or lenient text, RFC 5545 or dateutil
 * semantics, a start, and whether the rule comes from RRULE text (the rest of the input)
 * or from options whose BY lists the input fills. A rule's text parses back to a rule
 * with the same text (rules read from text); next, next_civil, between (size query, then a buffer: the same
 * count), count, at(0), at(-1), before and after answer documented statuses, and the
 * occurrences come ascending. Then the rule goes into a set (kalends_rrule_new_set)
 * with operations the input picks: the rule added again or excluded, dates (in or out
 * of range) added and excluded, a weekly rule excluded, the set added to itself. Rules
 * from options carry RFC 7529's RSCALE, SKIP and leap months too (issue 28). The
 * set is expanded when the rule has at most 4,000 occurrences (so the whole set is cheap
 * to walk): they come strictly ascending, and count, at, before, after and between
 * agree with its list.
 */
#include "fuzz_input.h"

static int32_t list_a[8], list_b[8], list_c[8], list_d[8], list_e[8];
static kalends_rrule_weekday days[8];

static int32_t fill(fuzz_input *in, int32_t *list, int32_t lo, int32_t span)
{
    int32_t n = (int32_t)(fuzz_u8(in) % 5);
    for (int32_t i = 0; i < n; i++) list[i] = (fuzz_u8(in) & 0x80) ? fuzz_i32(in) : lo + (int32_t)(fuzz_u8(in) % span);
    return n;
}

/* A set around `rule`, grown by the operations the input picks (see the top). */
static void fuzz_set(fuzz_input *in, const kalends_rrule *rule, int64_t start)
{
    kalends_rrule *set = NULL, *weekly = NULL;
    if (CHECKED(kalends_rrule_new_set(&set)) != KALENDS_OK) return;
    uint8_t ops = fuzz_u8(in);
    int64_t dates[6];
    for (int op = 0; op < 1 + (ops & 7); op++) {
        uint8_t b = fuzz_u8(in);
        int32_t n = (int32_t)(b >> 3) % 7;
        for (int32_t i = 0; i < n && i < 6; i++)
            dates[i] = (fuzz_u8(in) & 1) ? fuzz_i64(in) : start + (int64_t)(int16_t)fuzz_u32(in) * 3600;
        switch (b % 6) {
        case 0: CHECKED(kalends_rrule_add_rule(set, rule)); break;
        case 1: CHECKED(kalends_rrule_exclude_rule(set, rule)); break;
        case 2: CHECKED(kalends_rrule_add_dates(set, n ? dates : NULL, n)); break;
        case 3: CHECKED(kalends_rrule_exclude_dates(set, n ? dates : NULL, n)); break;
        case 4:
            if (!weekly && CHECKED(kalends_rrule_parse("FREQ=WEEKLY;BYDAY=TU,TH", 1, start + (int64_t)(b >> 3) * 3600,
                                                       KALENDS_RRULE_SEMANTICS_DATEUTIL, &weekly)) != KALENDS_OK) break;
            CHECKED(kalends_rrule_exclude_rule(set, weekly));
            break;
        default: CHECKED(kalends_rrule_add_rule(set, set)); break;
        }
    }
    /* Expanded only when the rule is short: a set that excludes an endless rule from
       itself walks every occurrence it removes (the header says so). */
    int64_t list[64], total = 0;
    int32_t n = 0;
    if (CHECKED(kalends_rrule_count(rule, &total)) == KALENDS_OK && total <= 4000 &&
        CHECKED(kalends_rrule_next(set, INT64_MIN, 1, list, 64, &n)) == KALENDS_OK)
        for (int32_t i = 1; i < n; i++) FUZZ_ASSERT(list[i - 1] < list[i], "set next: not ascending at %d", (int)i);
    if (n > 0) {
        int64_t all = 0, when = 0;
        int32_t found = 0, size = 0;
        FUZZ_ASSERT(CHECKED(kalends_rrule_count(set, &all)) == KALENDS_OK && all >= n && (n == 64 || all == n),
                    "set count %lld, listed %d", (long long)all, (int)n);
        for (int32_t i = 0; i < n; i += 7) {
            FUZZ_ASSERT(CHECKED(kalends_rrule_at(set, i, &when, &found)) == KALENDS_OK && found && when == list[i], "set at %d", (int)i);
            FUZZ_ASSERT(CHECKED(kalends_rrule_after(set, list[i], 1, &when, &found)) == KALENDS_OK && found && when == list[i],
                        "set after %d", (int)i);
            FUZZ_ASSERT(CHECKED(kalends_rrule_before(set, list[i], 0, &when, &found)) == KALENDS_OK &&
                            found == (i > 0) && (i == 0 || when == list[i - 1]), "set before %d", (int)i);
        }
        FUZZ_ASSERT(CHECKED(kalends_rrule_between(set, list[0], list[n - 1], 1, NULL, 0, &size)) == KALENDS_OK && size == n,
                    "set between: %d of %d", (int)size, (int)n);
    }
    FUZZ_ASSERT(CHECKED(kalends_rrule_free(set)) == KALENDS_OK, "free set");
    kalends_rrule_free(weekly);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = { data, size };
    uint8_t mode = fuzz_u8(&in);
    static const int64_t starts[] = { 1764000000LL, 0, -62135596800LL + 86400, 253402300799LL - 86400 * 400, 951782400LL,
                                      -62135596800LL - 1, 253402300800LL, 1774746000LL };
    int64_t start = starts[(mode >> 2) % 8];
    kalends_rrule_semantics semantics = (mode >> 5) & 1;
    kalends_rrule *rule = NULL;
    if (mode & 0x40) {
        kalends_rrule_options o;
        kalends_rrule_options_init(&o);
        o.frequency = (int32_t)(fuzz_u8(&in) % 8);
        if (o.frequency > 3 && (fuzz_u8(&in) & 3)) o.frequency = 3; /* sub-daily rules, sometimes */
        o.interval = (fuzz_u8(&in) & 1) ? fuzz_i64(&in) : 1 + fuzz_u8(&in) % 5;
        o.has_count = fuzz_u8(&in) & 1;
        o.count = o.has_count ? ((fuzz_u8(&in) & 1) ? fuzz_i64(&in) : fuzz_u8(&in)) : 0;
        o.until_kind = (int32_t)(fuzz_u8(&in) % 4);
        o.until = o.until_kind == 2 ? (int64_t)fuzz_i32(&in) : fuzz_i64(&in);
        o.week_start = (int32_t)(fuzz_u8(&in) % 9);
        o.by_month = list_a;
        o.by_month_count = fill(&in, list_a, 1, 12);
        o.by_month_day = list_b;
        o.by_month_day_count = fill(&in, list_b, -31, 63);
        o.by_hour = list_c;
        o.by_hour_count = fill(&in, list_c, 0, 24);
        o.by_set_pos = list_d;
        o.by_set_pos_count = fill(&in, list_d, -3, 7);
        o.by_day = days;
        o.by_day_count = (int32_t)(fuzz_u8(&in) % 4);
        for (int32_t i = 0; i < o.by_day_count; i++) {
            days[i].weekday = (int32_t)(fuzz_u8(&in) % 9);
            days[i].ordinal = (int32_t)(int8_t)fuzz_u8(&in) % 60;
        }
        /* RFC 7529 (issue 28): a calendar system (or none, or one no system has), SKIP
           (3: not a value), leap months */
        static const char *const scales[] = { NULL, "chinese", "HEBREW", "islamic-civil", "ethiopic", "gregorian",
                                              "klingon", "" };
        o.rscale = scales[fuzz_u8(&in) % 8];
        o.skip = (int32_t)(fuzz_u8(&in) % 4);
        o.by_leap_month = list_e;
        o.by_leap_month_count = fill(&in, list_e, 1, 13);
        if (CHECKED(kalends_rrule_new(&o, start, semantics, &rule)) != KALENDS_OK) return 0;
    } else {
        char text[512];
        size_t n = in.size < sizeof text - 1 ? in.size : sizeof text - 1;
        memcpy(text, in.data, n);
        text[n] = 0;
        if (CHECKED(kalends_rrule_parse(text, mode & 1, start, semantics, &rule)) != KALENDS_OK) return 0;
    }
    char text[1024] = "", again[1024] = "";
    size_t length = 0, length2 = 0;
    /* A rule's text reads back as the same rule: rules read from text, and rules built
       from options under RFC5545 (kalends_rrule_new takes only what RFC 5545 allows, and
       that strictly: this harness found BYSETPOS 0 under DATEUTIL, an UNTIL date past 9999
       written as "58815800710", COUNT with UNTIL and BYDAY ordinals in a DAILY rule; all
       refused now). Under DATEUTIL options keep out-of-range values (they never match, as
       in dateutil), which RRULE text cannot hold. */
    int from_options = (mode & 0x40) != 0;
    if (CHECKED(kalends_rrule_text(rule, text, sizeof text, &length)) == KALENDS_OK && length < sizeof text
        && (!from_options || semantics == KALENDS_RRULE_SEMANTICS_RFC5545)) {
        kalends_rrule *back = NULL;
        FUZZ_ASSERT(CHECKED(kalends_rrule_parse(text, from_options, start, semantics, &back)) == KALENDS_OK,
                    "its own text does not parse: %s (%s)", text, kalends_last_error());
        CHECKED(kalends_rrule_text(back, again, sizeof again, &length2));
        FUZZ_ASSERT(length == length2 && strcmp(text, again) == 0, "text %s reads back as %s", text, again);
        kalends_rrule_free(back);
    }
    /* Sub-daily rules are expanded too (a MINUTELY rule whose BYSETPOS never matches,
       FREQ=MINUTELY;COUNT=78;INTERVAL=5;BYMONTH=10,8,12,7;BYSETPOS=3,3,3 from 2000-02-29,
       walked minute by minute toward 9999 until such a rule was known empty when made). */
    int64_t out[64];
    int32_t count = 0;
    if (CHECKED(kalends_rrule_next(rule, start, 1, out, 64, &count)) == KALENDS_OK) {
        FUZZ_ASSERT(count >= 0 && count <= 64, "next: %d", (int)count);
        for (int32_t i = 1; i < count; i++) FUZZ_ASSERT(out[i - 1] < out[i], "next: not ascending at %d", (int)i);
        if (count == 64) CHECKED(kalends_rrule_next(rule, out[63], 0, out, 64, &count));
    }
    uint8_t civil[10 * 16 + 3];
    CHECKED(kalends_rrule_next_civil(rule, start, (mode >> 7) & 1, civil, (int32_t)sizeof civil, &count));
    /* a window of one day: a SECONDLY rule has at most 86,401 occurrences in it */
    if (CHECKED(kalends_rrule_between(rule, start, start + 86400, 1, NULL, 0, &count)) == KALENDS_OK && count <= 64) {
        int32_t n = 0;
        FUZZ_ASSERT(CHECKED(kalends_rrule_between(rule, start, start + 86400, 1, out, 64, &n)) == KALENDS_OK && n == count,
                    "between: %d, then %d", (int)count, (int)n);
    }
    int64_t total = 0, when = 0;
    int32_t found = 0;
    CHECKED(kalends_rrule_count(rule, &total));
    CHECKED(kalends_rrule_at(rule, 0, &when, &found));
    CHECKED(kalends_rrule_at(rule, (mode & 2) ? -1 : 5, &when, &found));
    CHECKED(kalends_rrule_before(rule, start + 86400 * 365, 1, &when, &found));
    CHECKED(kalends_rrule_after(rule, start + 86400 * 30, 0, &when, &found));
    fuzz_set(&in, rule, start);
    FUZZ_ASSERT(CHECKED(kalends_rrule_free(rule)) == KALENDS_OK, "free");
    return 0;
}

/*
 * fuzz/ical_c.c -- libFuzzer harness on the C ABI of iCalendar (kalends/ical.h): the
 * input is an .ics file. Read leniently and strictly (taken or PARSE); a lenient read
 * answers its counts and warnings, is written (size query, then a buffer) and the text
 * read again holds as many events; occurrences of a two-day window (bounded: a
 * SECONDLY rule returns what the window holds) in UTC and in a zone with DST, in start
 * order, each naming a VEVENT whose STATUS can be asked; the first page of a year and
 * its total (counted: a dense rule's year is no hang); an import into a store (all or
 * nothing) and the store written back.
 */
#include "fuzz_input.h"

/* How many occurrences one window answered. A window can rightly hold very many (daily
 * instances each lasting centuries: a DTEND 1,500 years before DTSTART is read as the
 * start, as recurring-ical-events reads it): counting them is O(k), ~0.8 us each released
 * but ten times that under ASan, so the later windows are skipped after a huge answer
 * rather than counting the same hundreds of thousands three times within the timeout. */
static int32_t last_count;

static void between(const kalends_ical *ical, const kalends_timezone *zone, int64_t from, int64_t to)
{
    kalends_ical_occurrence out[64];
    int32_t count = 0;
    if (last_count > 100000) return;
    kalends_status s = CHECKED(kalends_ical_between(ical, zone, from, to, NULL, 0, &count));
    if (s != KALENDS_OK) return;
    FUZZ_ASSERT(count >= 0, "count %d", (int)count);
    last_count = count;
    if (count > 64) return;
    int32_t again = 0;
    FUZZ_ASSERT(CHECKED(kalends_ical_between(ical, zone, from, to, out, 64, &again)) == KALENDS_OK && again == count,
                "between: %d, then %d", (int)count, (int)again);
    for (int32_t i = 1; i < count; i++)
        FUZZ_ASSERT(out[i - 1].start.instant <= out[i].start.instant, "occurrences out of order at %d", (int)i);
    /* Each occurrence names a VEVENT whose STATUS can be asked (cancelled ones are listed). */
    for (int32_t i = 0; i < count; i++) {
        kalends_ical_status kind = -1;
        char text[16];
        size_t length = 0;
        FUZZ_ASSERT(CHECKED(kalends_ical_event_status(ical, out[i].event, &kind, text, sizeof text, &length)) == KALENDS_OK &&
                        kind >= KALENDS_ICAL_STATUS_NONE && kind <= KALENDS_ICAL_STATUS_OTHER &&
                        (kind != KALENDS_ICAL_STATUS_NONE || length == 0),
                    "occurrence %d: event %d has no status answer", (int)i, (int)out[i].event);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static kalends_timezone *paris;
    if (!paris) kalends_timezone_new("CET-1CEST,M3.5.0,M10.5.0/3", &paris);
    kalends_ical_options options;
    kalends_ical_options_init(&options);
    options.strict = 1;
    kalends_ical *ical = NULL;
    if (CHECKED(kalends_ical_read(data, size, &options, &ical)) == KALENDS_OK) kalends_ical_free(ical);
    ical = NULL;
    options.strict = 0;
    if (CHECKED(kalends_ical_read(data, size, &options, &ical)) != KALENDS_OK) return 0;

    int32_t events = 0, warnings = 0;
    CHECKED(kalends_ical_event_count(ical, &events));
    CHECKED(kalends_ical_warning_count(ical, &warnings));
    for (int32_t i = 0; i < warnings && i < 4; i++) {
        char message[128];
        size_t length = 0;
        int32_t line = 0;
        CHECKED(kalends_ical_warning(ical, i, &line, message, sizeof message, &length));
    }
    size_t length = 0;
    if (CHECKED(kalends_ical_write(ical, NULL, 0, &length)) == KALENDS_OK && length < (1u << 22)) {
        char *text = malloc(length + 1);
        size_t again = 0;
        if (text && CHECKED(kalends_ical_write(ical, text, length + 1, &again)) == KALENDS_OK) {
            FUZZ_ASSERT(again == length, "write: %zu, then %zu", length, again);
            kalends_ical *back = NULL;
            FUZZ_ASSERT(CHECKED(kalends_ical_read((const uint8_t *)text, length, &options, &back)) == KALENDS_OK,
                        "the reader refuses what the writer wrote: %s", kalends_last_error());
            int32_t back_events = -1;
            kalends_ical_event_count(back, &back_events);
            FUZZ_ASSERT(back_events == events, "%d events written, %d read back", (int)events, (int)back_events);
            kalends_ical_free(back);
        }
        free(text);
    }
    /* two days around 2026-11-24 and around the input's own bytes (near its DTSTARTs or not) */
    last_count = 0;
    between(ical, NULL, 1763942400LL, 1763942400LL + 2 * 86400);
    between(ical, paris, 1763942400LL, 1763942400LL + 2 * 86400);
    int64_t t = 0;
    for (size_t i = 0; i < size && i < 8; i++) t = (t << 8) | data[i];
    t %= 400LL * 365 * 86400;
    between(ical, paris, t, t + 2 * 86400);
    CHECKED(kalends_ical_between(ical, NULL, 10, 5, NULL, 0, &events)); /* to < from */
    /* The first page of a year and its total: counted, not listed (a dense rule's year is
       tens of millions; a hang here is a finding). */
    kalends_ical_occurrence page[4];
    int32_t listed = -1;
    int64_t total = -1;
    if (CHECKED(kalends_ical_between_first(ical, paris, 1763942400LL, 1763942400LL + 366 * 86400LL, page, 4, &listed, &total)) ==
        KALENDS_OK) {
        FUZZ_ASSERT(listed >= 0 && listed <= 4 && (int64_t)listed <= total, "page of %d, total %lld", (int)listed, (long long)total);
        for (int32_t i = 1; i < listed; i++)
            FUZZ_ASSERT(page[i - 1].start.instant <= page[i].start.instant, "first page out of order at %d", (int)i);
    }

    kalends_store *store = NULL;
    kalends_store_new(&store);
    int32_t imported = 0;
    if (CHECKED(kalends_ical_import(ical, store, paris, 1, &imported)) == KALENDS_OK) {
        size_t written = 0;
        CHECKED(kalends_store_write_ical(store, NULL, 0, &written));
        /* a second import over the same ids is refused whole */
        int32_t before = 0, after = 0;
        kalends_store_count(store, &before);
        if (imported > 0) {
            FUZZ_ASSERT(CHECKED(kalends_ical_import(ical, store, paris, 1, NULL)) != KALENDS_OK, "ids imported twice");
            kalends_store_count(store, &after);
            FUZZ_ASSERT(before == after, "a refused import changed the store: %d -> %d", (int)before, (int)after);
        }
    }
    kalends_store_free(store);
    FUZZ_ASSERT(CHECKED(kalends_ical_free(ical)) == KALENDS_OK, "free");
    return 0;
}

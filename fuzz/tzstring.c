/*
 * fuzz/tzstring.c -- libFuzzer harness: the input is a time zone name or POSIX TZ
 * string (kalends_timezone_new: "CET-1CEST,M3.5.0,M10.5.0/3", "<+0330>-3:30", ...).
 * Paths are left out (no '/', no leading '.' or ':'), so at most a file directly in
 * the tz directory is read ("UTC", "EST"): the harness tests the POSIX parser, not the
 * file system. A taken zone answers offsets and day starts around its rules' dates.
 */
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[512];
    if (size >= sizeof text) return 0;
    memcpy(text, data, size);
    text[size] = 0;
    /* No paths: a '/' or a leading '.' or ':' would look in the tz database. */
    if (size == 0 || memchr(text, '/', size) || text[0] == '.' || text[0] == ':') return 0;

    kalends_timezone *zone = NULL;
    kalends_status s = CHECKED(kalends_timezone_new(text, &zone));
    if (s != KALENDS_OK) return 0;
    static const int64_t instants[] = {
        INT64_MIN, -31557014167219200LL, -62135596800LL, -86401, 0, 1764000000LL, 1774746000LL,
        1792890000LL, 4102444800LL, 253402300799LL, 31556889864403199LL, INT64_MAX,
    };
    for (size_t i = 0; i < sizeof instants / sizeof instants[0]; i++) {
        int32_t east = 0, dst = 0, day = 0, sod = 0;
        int64_t out = 0;
        if (CHECKED(kalends_timezone_offset(zone, instants[i], &east, &dst)) == KALENDS_OK)
            FUZZ_ASSERT(dst == 0 || dst == 1, "is_dst %d", (int)dst);
        if (CHECKED(kalends_timezone_local_day(zone, instants[i], &day, &sod)) == KALENDS_OK) {
            if (CHECKED(kalends_timezone_day_start(zone, day, &out)) == KALENDS_OK)
                FUZZ_ASSERT(out <= instants[i], "day start %lld after instant %lld", (long long)out,
                            (long long)instants[i]);
            CHECKED(kalends_timezone_instant(zone, day, sod, &out));
        }
    }
    /* every day of one year around a rule's changes */
    for (int32_t day = 20454; day < 20454 + 366; day += 3) {
        int64_t out = 0;
        CHECKED(kalends_timezone_day_start(zone, day, &out));
        CHECKED(kalends_timezone_instant(zone, day, 2 * 3600 + 30 * 60, &out));
    }
    FUZZ_ASSERT(CHECKED(kalends_timezone_free(zone)) == KALENDS_OK, "free");
    return 0;
}

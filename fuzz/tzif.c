/*
 * fuzz/tzif.c -- libFuzzer harness: the input is the bytes of a TZif file
 * (kalends_timezone_from_tzif). When the library takes it, the zone answers offsets,
 * local days, day starts and wall-clock instants over the whole supported range and at
 * the int64 extremes; every answer has a documented status.
 */
#include "fuzz_input.h"

static void query(const kalends_timezone *zone, int64_t instant, int32_t day, int32_t seconds)
{
    int32_t east = 0, dst = 0, local = 0, sod = 0;
    int64_t out = 0;
    if (CHECKED(kalends_timezone_offset(zone, instant, &east, &dst)) == KALENDS_OK)
        FUZZ_ASSERT(dst == 0 || dst == 1, "is_dst %d", (int)dst);
    if (CHECKED(kalends_timezone_local_day(zone, instant, &local, &sod)) == KALENDS_OK)
        FUZZ_ASSERT(sod >= 0 && sod < 86400 + 3600 * 48, "seconds of day %d", (int)sod);
    CHECKED(kalends_timezone_day_start(zone, day, &out));
    CHECKED(kalends_timezone_instant(zone, day, seconds, &out));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kalends_timezone *zone = NULL;
    if (CHECKED(kalends_timezone_from_tzif(data, size, "fuzz", &zone)) != KALENDS_OK) return 0;
    char name[64];
    size_t length = 0;
    CHECKED(kalends_timezone_name(zone, name, sizeof name, &length));

    static const int64_t instants[] = {
        INT64_MIN, INT64_MIN + 1, -31557014167219200LL, -62135596800LL, -2147483649LL, 0,
        1764000000LL, 2147483648LL, 253402300799LL, 31556889864403199LL, INT64_MAX,
    };
    static const int32_t days[] = { INT32_MIN, -365243219, -719162, -1, 0, 20416, 2932896, 364877999, INT32_MAX };
    for (size_t i = 0; i < sizeof instants / sizeof instants[0]; i++)
        query(zone, instants[i], days[i % (sizeof days / sizeof days[0])], (int32_t)(i * 7919) % 90000 - 1000);
    /* instants and days taken from the file's own bytes land near its transitions */
    fuzz_input in = { data, size };
    for (int i = 0; i < 16 && in.size >= 8; i++) {
        int64_t t = (int64_t)fuzz_u64(&in);
        query(zone, t, (int32_t)(t / 86400), (int32_t)(t % 86400));
        query(zone, t & 0xffffffffLL, (int32_t)((t & 0xffffffffLL) / 86400), 3600);
    }
    FUZZ_ASSERT(CHECKED(kalends_timezone_free(zone)) == KALENDS_OK, "free");
    return 0;
}

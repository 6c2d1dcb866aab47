/*
 * fuzz/fuzz_input.h -- what every libFuzzer harness of Kalends shares: a reader that
 * turns the fuzzer's bytes into calls' arguments (integers near the interesting
 * bounds, doubles from a table of extremes or raw bits, dates), and the check that a
 * call answered with a documented status and, when it failed, a message.
 * A harness aborts (a finding) on anything else; a trap inside the library is a finding
 * by itself.
 */
#ifndef KALENDS_FUZZ_INPUT_H
#define KALENDS_FUZZ_INPUT_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kalends.h"

typedef struct fuzz_input {
    const uint8_t *data;
    size_t size;
} fuzz_input;

static inline int fuzz_done(const fuzz_input *in) { return in->size == 0; }

static inline uint8_t fuzz_u8(fuzz_input *in)
{
    if (in->size == 0) return 0;
    uint8_t b = in->data[0];
    in->data++;
    in->size--;
    return b;
}

static inline uint32_t fuzz_u32(fuzz_input *in)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) v = (v << 8) | fuzz_u8(in);
    return v;
}

static inline uint64_t fuzz_u64(fuzz_input *in)
{
    return ((uint64_t)fuzz_u32(in) << 32) | fuzz_u32(in);
}

/* An int32 biased to the values that break code: small ones, the bounds of int32,
   and the bounds of the supported days and years. */
static inline int32_t fuzz_i32(fuzz_input *in)
{
    static const int32_t special[] = {
        0, 1, -1, 2, 7, 12, 13, 31, 42, 100, 400, 1000, 4800, 65535, 1 << 24,
        INT32_MAX, INT32_MIN, INT32_MAX - 1, INT32_MIN + 1,
        KALENDS_YEAR_MAX, KALENDS_YEAR_MIN, KALENDS_YEAR_MAX + 1, KALENDS_YEAR_MIN - 1,
        365242500, -365242500, 364877999, -365243219, 364878000, -365243220, 20416, 2932896,
    };
    uint8_t tag = fuzz_u8(in);
    switch (tag & 3) {
    case 0: return special[(tag >> 2) % (sizeof special / sizeof special[0])];
    case 1: return (int32_t)(int8_t)fuzz_u8(in);
    case 2: return 20000 + (int32_t)(int16_t)((fuzz_u8(in) << 8) | fuzz_u8(in));
    default: return (int32_t)fuzz_u32(in);
    }
}

static inline int64_t fuzz_i64(fuzz_input *in)
{
    static const int64_t special[] = {
        0, 1, -1, 86400, INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1,
        31556889864403199LL, -31557014167219200LL, 1764000000LL, 253402300799LL, -62135596800LL,
        (int64_t)1 << 53, -((int64_t)1 << 53), (int64_t)INT32_MAX * 86400, (int64_t)INT32_MIN * 86400,
    };
    uint8_t tag = fuzz_u8(in);
    switch (tag & 3) {
    case 0: return special[(tag >> 2) % (sizeof special / sizeof special[0])];
    case 1: return (int64_t)fuzz_i32(in);
    case 2: return 1764000000LL + (int64_t)(int32_t)fuzz_u32(in);
    default: return (int64_t)fuzz_u64(in);
    }
}

/* A double: a table of extremes (NaN, infinities, the largest and smallest values,
   subnormals, values whose quotient by a small pitch leaves Int's range), small
   ordinary values, or raw bits. */
static inline double fuzz_double(fuzz_input *in)
{
    static const double special[] = {
        0.0, -0.0, 1.0, -1.0, 0.5, 44.0, 100.0, 320.0, 350.0, 800.0, 1000000.0, 1000000.5,
        1e9, 1e12, 1e18, 9.3e18, 9.2233720368547758e18, 1e30, 1e300, -1e300, 1e308,
        DBL_MAX, -DBL_MAX, DBL_MIN, 4.9e-324, -4.9e-324, 1e-300, 1e-12,
        INFINITY, -INFINITY, NAN, -NAN, 2147483647.0, 2147483648.0, -2147483649.0, 64.0, 65.0,
    };
    uint8_t tag = fuzz_u8(in);
    switch (tag & 3) {
    case 0:
    case 1: return special[(tag >> 2) % (sizeof special / sizeof special[0])];
    case 2: return (double)(int16_t)((fuzz_u8(in) << 8) | fuzz_u8(in)) / 4.0;
    default: {
        uint64_t bits = fuzz_u64(in);
        double d;
        memcpy(&d, &bits, sizeof d);
        return d;
    }
    }
}

/* A date: mostly valid ones near now, sometimes at the ends of the supported years,
   sometimes any three integers. */
static inline kalends_date fuzz_date(fuzz_input *in)
{
    kalends_date d;
    uint8_t tag = fuzz_u8(in);
    switch (tag & 3) {
    case 0:
    case 1:
        d.year = 2026 + (int8_t)fuzz_u8(in);
        d.month = 1 + fuzz_u8(in) % 12;
        d.day = 1 + fuzz_u8(in) % 28;
        break;
    case 2:
        d.year = (tag & 4) ? KALENDS_YEAR_MAX - (fuzz_u8(in) % 3) : KALENDS_YEAR_MIN + (fuzz_u8(in) % 3);
        d.month = 1 + fuzz_u8(in) % 12;
        d.day = 1 + fuzz_u8(in) % 31;
        break;
    default:
        d.year = fuzz_i32(in);
        d.month = fuzz_i32(in);
        d.day = fuzz_i32(in);
        break;
    }
    return d;
}

/* A NUL-terminated string of at most cap - 1 bytes taken from the input, its length
   given by the next byte. */
static inline const char *fuzz_string(fuzz_input *in, char *buf, size_t cap)
{
    size_t n = fuzz_u8(in);
    if (n > in->size) n = in->size;
    if (n > cap - 1) n = cap - 1;
    memcpy(buf, in->data, n);
    buf[n] = 0;
    in->data += n;
    in->size -= n;
    return buf;
}

/* The contract of every call: a documented status; a failure leaves a message. */
static inline kalends_status fuzz_check_at(kalends_status s, const char *call, int line)
{
    if (s < KALENDS_OK || s > KALENDS_E_INTERNAL) {
        fprintf(stderr, "%s (line %d): undocumented status %d\n", call, line, (int)s);
        abort();
    }
    if (s != KALENDS_OK && s != KALENDS_E_BUFFER_TOO_SMALL && s != KALENDS_E_NO_INTRINSIC_METRIC
        && kalends_last_error()[0] == 0) {
        fprintf(stderr, "%s (line %d): status %d without a message\n", call, line, (int)s);
        abort();
    }
    return s;
}
#define CHECKED(call) fuzz_check_at((call), #call, __LINE__)

/* Fails the run (a finding) when an invariant the header promises does not hold. */
#define FUZZ_ASSERT(cond, ...)                                                             \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "%s:%d: %s: ", __FILE__, __LINE__, #cond);                     \
            fprintf(stderr, __VA_ARGS__);                                                  \
            fprintf(stderr, "\n");                                                         \
            abort();                                                                       \
        }                                                                                  \
    } while (0)

#endif /* KALENDS_FUZZ_INPUT_H */

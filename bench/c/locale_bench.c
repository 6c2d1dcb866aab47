/* Typed dates and interval titles from C (issue 27): kalends_locale_parse_date of
   en_US's short date ("11/22/26", style given) and of its medium one by any style
   ("Nov 22, 2026", styles 0), and kalends_locale_format_interval of a week by yMMMd;
   median ns per call over rounds of 64 different texts/weeks. Absolute rows: the goal
   of parse_date is <= 2 us per call. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <string.h>

#include "kalends.h"
#include "stats.h"

#define ROUNDS 101
#define CALLS 640

int main(void) {
    kalends_locale *en = NULL;
    if (kalends_locale_open("en_US", &en) != KALENDS_OK) return 1;
    static const char *months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    char shorts[64][16], mediums[64][24];
    int32_t days[64];
    for (int i = 0; i < 64; i++) {
        int m = 1 + i % 12, d = 1 + (i * 7) % 28, y = 2000 + i;
        snprintf(shorts[i], sizeof shorts[i], "%d/%d/%02d", m, d, y % 100);
        snprintf(mediums[i], sizeof mediums[i], "%s %d, %d", months[m - 1], d, y);
        days[i] = 20000 + 37 * i;
    }
    double samples[3][ROUNDS];
    long sum = 0;
    char buf[128];
    for (int r = 0; r < ROUNDS; r++) {
        for (int kind = 0; kind < 3; kind++) {
            double t0 = now_ns();
            for (int i = 0; i < CALLS; i++) {
                int32_t out = 0, stopped = 0;
                kalends_status s;
                if (kind == 0) {
                    const char *t = shorts[i & 63];
                    s = kalends_locale_parse_date(en, NULL, (const uint8_t *)t, strlen(t), 1 << KALENDS_STYLE_SHORT, &out,
                                                  &stopped);
                } else if (kind == 1) {
                    const char *t = mediums[i & 63];
                    s = kalends_locale_parse_date(en, NULL, (const uint8_t *)t, strlen(t), 0, &out, &stopped);
                } else {
                    size_t length = 0;
                    s = kalends_locale_format_interval(en, NULL, days[i & 63], days[i & 63] + 6, "yMMMd", buf,
                                                       sizeof buf, &length);
                    out = (int32_t)length;
                }
                if (s != KALENDS_OK) {
                    fprintf(stderr, "locale_bench: %s\n", kalends_last_error());
                    return 1;
                }
                sum += out;
            }
            samples[kind][r] = (now_ns() - t0) / CALLS;
        }
    }
    double parse_short = median(samples[0], ROUNDS), parse_any = median(samples[1], ROUNDS),
           interval = median(samples[2], ROUNDS);
    printf("  parse_date en_US short (style given)      %8.1f ns\n", parse_short);
    printf("  parse_date en_US medium (any style)       %8.1f ns\n", parse_any);
    printf("  format_interval yMMMd (a week)            %8.1f ns   (checksum %ld)\n", interval, sum);
    summary("locale.c.parse_date", 0, parse_short / 1e3);
    summary("locale.c.parse_date_any", 0, parse_any / 1e3);
    summary("locale.c.format_interval", 0, interval / 1e3);
    kalends_locale_free(en);
    return 0;
}

/* A "+N more" label's "+N" in the locale's digits. The digits are Kalends' (the ten of
   kalends_locale_digits, read once when the host opens: Arabic-Indic in ar_EG, Latin in
   en); the host writes the count with snprintf and puts the locale's digit for each. */
#include <stdio.h>
#include <string.h>

#include "host.h"

void host_read_digits(host *h) {
    for (int i = 0; i < 10; i++) snprintf(h->digits[i], sizeof h->digits[i], "%d", i);
    char all[128];
    size_t length = 0;
    if (!host_check(h, kalends_locale_digits(h->locale, all, sizeof all, &length), "the locale's digits") ||
        length >= sizeof all)
        return;
    /* the ten UTF-8 sequences, each starting at a byte that is not a continuation byte */
    char split[10][8];
    int n = -1;
    size_t used = 0;
    for (size_t i = 0; i < length; i++) {
        if (((unsigned char)all[i] & 0xC0) != 0x80) {
            if (++n == 10) return; /* not ten digits: the Latin ones stay */
            used = 0;
        }
        if (n < 0 || used + 1 >= sizeof split[n]) return;
        split[n][used++] = all[i];
        split[n][used] = '\0';
    }
    if (n == 9) memcpy(h->digits, split, sizeof split);
}

void host_more_text(const host *h, int32_t hidden, char *out, size_t capacity) {
    char ascii[16];
    snprintf(ascii, sizeof ascii, "+%d", (int)hidden);
    size_t at = 0;
    if (capacity == 0) return;
    out[0] = '\0';
    for (const char *c = ascii; *c; c++) {
        char sign[2] = {*c, '\0'};
        const char *piece = (*c >= '0' && *c <= '9') ? h->digits[*c - '0'] : sign;
        size_t n = strlen(piece);
        if (at + n >= capacity) return;
        memcpy(out + at, piece, n + 1);
        at += n;
    }
}

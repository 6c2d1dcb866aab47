/* The date field from C (issue 27 item 4): one keystroke (a digit typed into a field
   in en_US, then cleared every 8 keys: "11222026" fills month, day and year) and a full
   typed date (the field cleared and its month focused, then "11222026" typed digit by digit, then its value
   read), median ns per keystroke / per date over rounds; CPU time of this thread. */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kalends.h"
#include "stats.h"

#define ROUNDS 101
#define DATES 200

static const char DIGITS[] = "11222026";

int main(void) {
    kalends_locale *en = NULL;
    kalends_date_field *field = NULL;
    if (kalends_locale_open("en_US", &en) != KALENDS_OK) return 1;
    if (kalends_date_field_new(en, NULL, 1, KALENDS_DATE_FIELD_GRANULARITY_DAY, -1, 20779, 0, &field) != KALENDS_OK)
        return 1;
    double keystroke[ROUNDS], typed[ROUNDS];
    long complete = 0;
    for (int r = 0; r < ROUNDS; r++) {
        /* a full date: clear, 8 digits, the value */
        double t0 = cpu_ns();
        for (int i = 0; i < DATES; i++) {
            kalends_date_field_clear(field);
            kalends_date_field_set_focus(field, 0);
            for (int k = 0; k < 8; k++) kalends_date_field_type(field, (const uint8_t *)&DIGITS[k], 1);
            kalends_date_field_state state;
            kalends_date_field_value(field, &state);
            complete += state.complete && state.day == 20779;
        }
        typed[r] = (cpu_ns() - t0) / DATES;
        /* keystrokes alone: the same digits, the clear between dates not timed */
        double spent = 0;
        for (int i = 0; i < DATES; i++) {
            kalends_date_field_clear(field);
            kalends_date_field_set_focus(field, 0);
            double k0 = cpu_ns();
            for (int k = 0; k < 8; k++) kalends_date_field_type(field, (const uint8_t *)&DIGITS[k], 1);
            spent += cpu_ns() - k0;
        }
        keystroke[r] = spent / (DATES * 8.0);
    }
    if (complete != (long)ROUNDS * DATES) {
        fprintf(stderr, "date_field_bench: %ld of %d typed dates were 2026-11-22\n", complete, ROUNDS * DATES);
        return 1;
    }
    double key = median(keystroke, ROUNDS), date = median(typed, ROUNDS);
    printf("  DateField en_US: a keystroke (a digit)        %8.1f ns\n", key);
    printf("  DateField en_US: a typed date (clear, 8 digits, value) %8.1f ns\n", date);
    summary("date_field.c.keystroke", 0, key / 1e3);
    summary("date_field.c.typed_date", 0, date / 1e3);
    kalends_date_field_free(field);
    kalends_locale_free(en);
    return 0;
}

/*
 * fuzz/locale.c -- libFuzzer harness on the C ABI of locales (kalends/locale.h): the
 * input starts with a locale identifier (any bytes up to a NUL: BCP 47, POSIX, -u-ca-,
 * garbage) which kalends_locale_open must open (resolving to the nearest CLDR locale)
 * unless it is not UTF-8 (INVALID_ARGUMENT, as documented); the rest is a stream of name, format and pattern calls with any systems,
 * months, eras, widths, contexts, styles, day numbers, times and CLDR patterns, into
 * buffers of any capacity. Every answer has a documented status; a snprintf-convention
 * answer that fits is NUL-terminated at its length.
 */
#include "fuzz_input.h"

static void text_ok(kalends_status s, const char *buffer, size_t capacity, size_t length)
{
    if (s == KALENDS_OK && buffer && capacity > length)
        FUZZ_ASSERT(buffer[length] == 0 && strlen(buffer) == length, "length %zu, strlen %zu", length, strlen(buffer));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char identifier[96];
    size_t n = 0;
    while (n < size && n < sizeof identifier - 1 && data[n]) {
        identifier[n] = (char)data[n];
        n++;
    }
    identifier[n] = 0;
    fuzz_input in = { data + (n < size ? n + 1 : n), n < size ? size - n - 1 : 0 };
    kalends_locale *locale = NULL;
    /* never fails on an unknown or malformed identifier; only one that is not UTF-8 is refused */
    kalends_status opened = CHECKED(kalends_locale_open(identifier, &locale));
    FUZZ_ASSERT(opened == KALENDS_OK || opened == KALENDS_E_INVALID_ARGUMENT, "open \"%s\": %s", identifier,
                kalends_last_error());
    if (opened != KALENDS_OK) return 0;
    static const char *systems[] = { NULL, "gregorian", "hebrew", "chinese", "japanese", "islamic-umalqura",
                                     "persian", "ethiopic-amete-alem", "dangi", "no-such-system" };
    char buffer[256];
    size_t length = 0;
    int32_t value = 0;
    CHECKED(kalends_locale_identifier(locale, buffer, sizeof buffer, &length));
    CHECKED(kalends_locale_is_fallback(locale, &value));
    kalends_week_data week;
    if (CHECKED(kalends_locale_week_data(locale, &week)) == KALENDS_OK)
        FUZZ_ASSERT(week.first_weekday >= 1 && week.first_weekday <= 7 && week.min_days_in_first_week >= 1
                        && week.min_days_in_first_week <= 7, "week data %d %d", (int)week.first_weekday,
                    (int)week.min_days_in_first_week);
    kalends_layout_direction direction;
    CHECKED(kalends_locale_direction(locale, &direction));
    kalends_hour_cycle cycle;
    CHECKED(kalends_locale_hour_cycle(locale, &cycle));
    kalends_text_order characters, lines;
    if (CHECKED(kalends_locale_character_order(locale, &characters)) == KALENDS_OK
        && CHECKED(kalends_locale_line_order(locale, &lines)) == KALENDS_OK)
        FUZZ_ASSERT(characters >= 0 && characters <= 3 && lines >= 0 && lines <= 3 && (characters >= 2) != (lines >= 2),
                    "text orders %d %d", (int)characters, (int)lines);

    for (int step = 0; step < 48 && !fuzz_done(&in); step++) {
        const char *system = systems[fuzz_u8(&in) % 10];
        size_t capacity = (fuzz_u8(&in) & 0x80) ? (size_t)(fuzz_u8(&in) % 8) : sizeof buffer;
        char *b = capacity ? buffer : NULL;
        int32_t width = (int32_t)(fuzz_u8(&in) % 6) - 1, context = (int32_t)(fuzz_u8(&in) % 4) - 1;
        int32_t style = (int32_t)(fuzz_u8(&in) % 6) - 1;
        kalends_status s = KALENDS_OK;
        switch (fuzz_u8(&in) % 15) {
        case 0: s = CHECKED(kalends_locale_digits(locale, b, capacity, &length)); break;
        case 1: s = CHECKED(kalends_locale_region(locale, b, capacity, &length)); break;
        case 2: s = CHECKED(kalends_locale_calendar(locale, b, capacity, &length)); break;
        case 3:
            CHECKED(kalends_locale_month_count(locale, system, &value));
            s = CHECKED(kalends_locale_month_name(locale, system, fuzz_i32(&in), width, context, b, capacity, &length));
            break;
        case 4: s = CHECKED(kalends_locale_weekday_name(locale, fuzz_i32(&in), width, context, b, capacity, &length)); break;
        case 5:
            CHECKED(kalends_locale_era_count(locale, system, &value));
            s = CHECKED(kalends_locale_era_name(locale, system, fuzz_i32(&in), width, b, capacity, &length));
            break;
        case 6: s = CHECKED(kalends_locale_day_period_name(locale, fuzz_i32(&in), width, context, b, capacity, &length)); break;
        case 7: s = CHECKED(kalends_locale_date_pattern(locale, system, style, b, capacity, &length)); break;
        case 8: s = CHECKED(kalends_locale_format_date(locale, system, fuzz_i32(&in), style, b, capacity, &length)); break;
        case 9:
            s = CHECKED(kalends_locale_format_month_year(locale, system, fuzz_i32(&in), fuzz_i32(&in),
                                                         (int32_t)(fuzz_u8(&in) % 3), b, capacity, &length));
            break;
        case 10:
            s = CHECKED(kalends_locale_format_time(locale, fuzz_i32(&in), fuzz_i32(&in), fuzz_i32(&in), style, b, capacity,
                                                   &length));
            break;
        case 11: s = CHECKED(kalends_locale_format_hour(locale, fuzz_i32(&in), b, capacity, &length)); break;
        case 12: {
            char pattern[64], numbers[32];
            int32_t day = fuzz_i32(&in), second = fuzz_i32(&in);
            fuzz_string(&in, pattern, sizeof pattern);
            const char *nu = (fuzz_u8(&in) & 1) ? fuzz_string(&in, numbers, sizeof numbers) : NULL;
            s = CHECKED(kalends_locale_format_pattern(locale, system, day, second, pattern, nu, b, capacity, &length));
            break;
        }
        case 13: s = CHECKED(kalends_locale_format_day(locale, system, fuzz_i32(&in), b, capacity, &length)); break;
        default: s = CHECKED(kalends_locale_date_numbers(locale, system, style, b, capacity, &length)); break;
        }
        text_ok(s, b, capacity, length);
    }
    FUZZ_ASSERT(CHECKED(kalends_locale_free(locale)) == KALENDS_OK, "free");
    return 0;
}

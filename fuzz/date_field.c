/*
 * fuzz/date_field.c -- libFuzzer harness on the C ABI of date fields
 * (kalends/date_field.h): the input picks a locale, a calendar system, whether the
 * date shows, a granularity and an hour cycle (any int32: refused ones must be
 * INVALID_ARGUMENT), then is a stream of field keys in any order: key codes (any
 * int32), typed text (any bytes, of any length, NULs and bad UTF-8 included), focus
 * taps on any index, values set from outside, limits and unavailable days. After
 * each call: a documented status; a refused call changed neither the text nor the
 * focus; every editable segment's value lies in its min...max; the focus is an
 * editable segment; a complete value has a valid day and a second of the day, and
 * setting it on a fresh field gives the same text.
 */
#include "fuzz_input.h"

static const char *locales[] = { "en_US", "de_DE", "ja_JP", "ar_EG", "fa_IR", "he_IL", "zh_Hant_TW", "ko", "root" };
static const char *systems[] = { NULL, "persian", "japanese", "hebrew", "islamic-umalqura", "buddhist", "ethiopic",
                                 "chinese", "no-such-system" };

static size_t field_text(const kalends_date_field *f, char *buffer, size_t capacity)
{
    size_t length = 0;
    kalends_status s = CHECKED(kalends_date_field_text(f, buffer, capacity, &length));
    FUZZ_ASSERT(s == KALENDS_OK, "text: %s", kalends_last_error());
    if (length >= capacity) buffer[capacity - 1] = 0;
    return length;
}

static void check_invariants(const kalends_date_field *f)
{
    int32_t count = 0, focus = -2;
    FUZZ_ASSERT(CHECKED(kalends_date_field_segment_count(f, &count)) == KALENDS_OK && count >= 0, "count");
    FUZZ_ASSERT(CHECKED(kalends_date_field_focus(f, &focus)) == KALENDS_OK && focus >= -1 && focus < count,
                "focus %d of %d", (int)focus, (int)count);
    for (int32_t i = 0; i < count; i++) {
        kalends_date_segment s;
        FUZZ_ASSERT(CHECKED(kalends_date_field_segment(f, i, &s)) == KALENDS_OK, "segment %d", (int)i);
        if (i == focus) FUZZ_ASSERT(s.editable == 1, "the focus %d is not editable", (int)i);
        if (s.has_value && s.editable)
            FUZZ_ASSERT(s.min_value <= s.value && s.value <= s.max_value, "segment %d: %d not in %d...%d", (int)i,
                        (int)s.value, (int)s.min_value, (int)s.max_value);
    }
    kalends_date_field_state state;
    FUZZ_ASSERT(CHECKED(kalends_date_field_value(f, &state)) == KALENDS_OK, "value");
    FUZZ_ASSERT((state.complete == 0) == (state.validity == KALENDS_DATE_FIELD_INCOMPLETE), "complete %d validity %d",
                (int)state.complete, (int)state.validity);
    if (state.complete) FUZZ_ASSERT(state.second >= 0 && state.second < 86400, "second %d", (int)state.second);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = { data, size };
    kalends_locale *locale = NULL;
    if (CHECKED(kalends_locale_open(locales[fuzz_u8(&in) % 9], &locale)) != KALENDS_OK) return 0;
    const char *system = systems[fuzz_u8(&in) % 9];
    uint8_t shape = fuzz_u8(&in);
    int32_t shows_date = (shape & 0x80) ? fuzz_i32(&in) : (shape & 1);
    int32_t granularity = (shape & 0x40) ? fuzz_i32(&in) : (shape >> 1) % 3;
    int32_t cycle = (shape & 0x20) ? fuzz_i32(&in) : (int32_t)((shape >> 3) % 5) - 1;
    int32_t placeholder = 20000 + (fuzz_u8(&in) << 4);
    kalends_date_field *f = NULL;
    kalends_status made = CHECKED(kalends_date_field_new(locale, system, shows_date, granularity, cycle, placeholder,
                                                         0, &f));
    if (made != KALENDS_OK) {
        FUZZ_ASSERT(made == KALENDS_E_INVALID_ARGUMENT || made == KALENDS_E_NOT_FOUND, "new: %s", kalends_last_error());
        kalends_locale_free(locale);
        return 0;
    }
    char before[512], after[512];
    uint8_t text[1100];
    for (int step = 0; step < 200 && !fuzz_done(&in); step++) {
        int32_t focus_before = 0, focus_after = 0;
        field_text(f, before, sizeof before);
        kalends_date_field_focus(f, &focus_before);
        kalends_status s = KALENDS_OK;
        int32_t handled = 0;
        switch (fuzz_u8(&in) % 8) {
        case 0: case 1:
            s = CHECKED(kalends_date_field_press(f, (int32_t)(fuzz_u8(&in) % 10), &handled));
            break;
        case 2:
            s = CHECKED(kalends_date_field_press(f, fuzz_i32(&in), &handled));
            break;
        case 3: case 4: {
            size_t n = fuzz_u8(&in) % 8;
            if (n == 7) n = fuzz_u8(&in) * 5u;                 /* up to 1275 bytes: past the 1024 limit */
            if (n > sizeof text) n = sizeof text;
            if (n > in.size) n = in.size;
            memcpy(text, in.data, n);
            in.data += n;
            in.size -= n;
            s = CHECKED(kalends_date_field_type(f, n ? text : NULL, n));
            if (s != KALENDS_OK) FUZZ_ASSERT(s == KALENDS_E_PARSE, "type: %s", kalends_last_error());
            break;
        }
        case 5:
            s = CHECKED(kalends_date_field_set_focus(f, (int32_t)(fuzz_u8(&in) % 24) - 2));
            break;
        case 6:
            s = CHECKED(kalends_date_field_set_value(f, fuzz_i32(&in), fuzz_i32(&in)));
            break;
        default: {
            int32_t days[3] = { fuzz_i32(&in), placeholder, placeholder + 1 };
            if (fuzz_u8(&in) & 1) s = CHECKED(kalends_date_field_set_unavailable(f, days, 3));
            else s = CHECKED(kalends_date_field_set_limits(f, fuzz_i64(&in), fuzz_i64(&in)));
            break;
        }
        }
        field_text(f, after, sizeof after);
        kalends_date_field_focus(f, &focus_after);
        if (s != KALENDS_OK)
            FUZZ_ASSERT(strcmp(before, after) == 0 && focus_before == focus_after, "a refused call changed the field");
        check_invariants(f);
    }
    /* a complete value set on a fresh field shows the same text */
    kalends_date_field_state state;
    if (kalends_date_field_value(f, &state) == KALENDS_OK && state.complete) {
        kalends_date_field *g = NULL;
        if (CHECKED(kalends_date_field_new(locale, system, shows_date, granularity, cycle, placeholder, 0, &g)) ==
            KALENDS_OK) {
            FUZZ_ASSERT(CHECKED(kalends_date_field_set_value(g, state.day, state.second)) == KALENDS_OK, "set_value");
            field_text(f, before, sizeof before);
            field_text(g, after, sizeof after);
            FUZZ_ASSERT(strcmp(before, after) == 0, "\"%s\" != \"%s\"", before, after);
            kalends_date_field_free(g);
        }
    }
    kalends_date_field_free(f);
    kalends_locale_free(locale);
    return 0;
}

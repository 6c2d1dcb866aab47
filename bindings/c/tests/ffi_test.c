/* Calls EVERY exported function of libkalends.so dynamically: dlopen + dlsym +
   ffi_call, no link-time dependency on the library. argv[1] is the library, argv[2] a
   file listing its exported symbols (one per line, from nm -D). The test fails if an
   exported symbol has no ffi_call here, so the list grows with the ABI. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <ffi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kalends.h"
#include "check.h"

#define MAX_SYMBOLS 512
static void *lib;
static const char *called[MAX_SYMBOLS];
static int called_count;

/* ffi_call of `name` returning into *ret (at least sizeof(ffi_arg) bytes). */
static void call(const char *name, ffi_type *rtype, unsigned nargs, ffi_type **types, void **values, void *ret) {
    void *fn = dlsym(lib, name);
    ffi_cif cif;
    if (!CHECK(fn != NULL) || !CHECK(ffi_prep_cif(&cif, FFI_DEFAULT_ABI, nargs, rtype, types) == FFI_OK)) {
        memset(ret, 0, sizeof(ffi_arg));
        return;
    }
    ffi_call(&cif, FFI_FN(fn), ret, values);
    int seen = 0;
    for (int i = 0; i < called_count; i++) seen |= strcmp(called[i], name) == 0;
    if (!seen && called_count < MAX_SYMBOLS) called[called_count++] = name;
}

/* int32_t-returning call (statuses and plain ints). */
static int32_t call_i32(const char *name, unsigned nargs, ffi_type **types, void **values) {
    ffi_arg r = 0;
    call(name, &ffi_type_sint32, nargs, types, values, &r);
    return (int32_t)r;
}

static const char *call_str(const char *name, unsigned nargs, ffi_type **types, void **values) {
    union { ffi_arg a; const char *p; } r;
    r.a = 0;
    call(name, &ffi_type_pointer, nargs, types, values, &r);
    return r.p;
}

static ffi_type *P = &ffi_type_pointer, *I = &ffi_type_sint32, *U = &ffi_type_uint32;

static void test_versions_and_errors(void) {
    ffi_arg r = 0;
    call("kalends_version", U, 0, NULL, NULL, &r);
    CHECK((uint32_t)r == KALENDS_VERSION_NUMBER);
    CHECK(strcmp(call_str("kalends_version_string", 0, NULL, NULL), "0.1.0") == 0);
    CHECK(call_i32("kalends_abi_version", 0, NULL, NULL) == KALENDS_ABI_VERSION);
    int32_t status = KALENDS_E_OUT_OF_RANGE;
    ffi_type *ti[1] = {I};
    void *vs[1] = {&status};
    CHECK(strcmp(call_str("kalends_status_string", 1, ti, vs), "out of range") == 0);
}

static void test_dates(void) {
    kalends_date d;
    kalends_date *pd = &d;
    int32_t n = 20414, out = 0, year = 2024, month = 2;
    int32_t *pout = &out;
    ffi_type *t2[2] = {I, P};
    void *v2[2] = {&n, &pd};
    CHECK(call_i32("kalends_date_from_day_number", 2, t2, v2) == KALENDS_OK);
    CHECK(d.year == 2025 && d.month == 11 && d.day == 22);

    ffi_type *tdp[2] = {P, P};
    void *vdp[2] = {&pd, &pout};
    CHECK(call_i32("kalends_date_day_number", 2, tdp, vdp) == KALENDS_OK && out == 20414);
    CHECK(call_i32("kalends_date_weekday", 2, tdp, vdp) == KALENDS_OK && out == KALENDS_SATURDAY);
    CHECK(call_i32("kalends_date_day_of_year", 2, tdp, vdp) == KALENDS_OK && out == 326);
    kalends_week_of_year w;
    kalends_week_of_year *pw = &w;
    void *vw[2] = {&pd, &pw};
    CHECK(call_i32("kalends_date_iso_week", 2, tdp, vw) == KALENDS_OK && w.week == 47 && w.year == 2025);

    void *vl[2] = {&year, &pout};
    CHECK(call_i32("kalends_year_is_leap", 2, t2, vl) == KALENDS_OK && out == 1);
    ffi_type *t3[3] = {I, I, P};
    void *v3[3] = {&year, &month, &pout};
    CHECK(call_i32("kalends_year_days_in_month", 3, t3, v3) == KALENDS_OK && out == 29);

    /* an error through ffi, and its message */
    d.month = 13;
    CHECK(call_i32("kalends_date_day_number", 2, tdp, vdp) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(strstr(call_str("kalends_last_error", 0, NULL, NULL), "month 13") != NULL);
}

static void test_calendar(void) {
    kalends_calendar_options o;
    kalends_calendar_options *po = &o;
    kalends_calendar *cal = NULL;
    kalends_calendar **pcal = &cal;
    ffi_type *t1[1] = {P};
    void *v1[1] = {&po};
    CHECK(call_i32("kalends_calendar_options_init", 1, t1, v1) == KALENDS_OK && o.struct_size == sizeof o);
    o.first_weekday = KALENDS_SUNDAY;
    o.min_days_in_first_week = 1;
    o.today_mode = KALENDS_TODAY_FIXED;
    o.today.year = 2026;
    o.today.month = 11;
    o.today.day = 22;
    ffi_type *t2[2] = {P, P};
    void *vn[2] = {&po, &pcal};
    CHECK(call_i32("kalends_calendar_new", 2, t2, vn) == KALENDS_OK && cal != NULL);

    kalends_calendar_options got;
    kalends_calendar_options *pgot = &got;
    memset(&got, 0, sizeof got);
    got.struct_size = sizeof got;
    void *vg[2] = {&cal, &pgot};
    CHECK(call_i32("kalends_calendar_get_options", 2, t2, vg) == KALENDS_OK && got.first_weekday == KALENDS_SUNDAY);
    o.weekend_days = KALENDS_WEEKDAY_MASK_SUNDAY;
    void *vs[2] = {&cal, &po};
    CHECK(call_i32("kalends_calendar_set_options", 2, t2, vs) == KALENDS_OK);

    kalends_date today;
    kalends_date *ptoday = &today;
    void *vt[2] = {&cal, &ptoday};
    CHECK(call_i32("kalends_calendar_today", 2, t2, vt) == KALENDS_OK && today.day == 22);

    kalends_date dec31 = {2026, 12, 31};
    kalends_date *pdec31 = &dec31;
    kalends_week_of_year w;
    kalends_week_of_year *pw = &w;
    ffi_type *t3[3] = {P, P, P};
    void *vw[3] = {&cal, &pdec31, &pw};
    CHECK(call_i32("kalends_calendar_week_of_year", 3, t3, vw) == KALENDS_OK && w.week == 1 && w.year == 2027);

    kalends_day days[KALENDS_GRID_MAX_DAYS];
    kalends_day *pdays = days;
    int32_t year = 2026, month = 11, rows = KALENDS_ROWS_VARIABLE, cap = KALENDS_GRID_MAX_DAYS, count = 0;
    int32_t *pcount = &count;
    ffi_type *tg[7] = {P, I, I, I, P, I, P};
    void *vgr[7] = {&cal, &year, &month, &rows, &pdays, &cap, &pcount};
    CHECK(call_i32("kalends_calendar_month_grid", 7, tg, vgr) == KALENDS_OK && count == 35);
    CHECK(days[0].date.day == 1 && days[0].weekday == KALENDS_SUNDAY && (days[0].flags & KALENDS_DAY_WEEKEND));
    CHECK(days[21].date.day == 22 && (days[21].flags & KALENDS_DAY_TODAY));

    kalends_day_range range;
    kalends_day_range *prange = &range;
    ffi_type *tr[5] = {P, I, I, I, P};
    void *vr[5] = {&cal, &year, &month, &rows, &prange};
    CHECK(call_i32("kalends_calendar_month_range", 5, tr, vr) == KALENDS_OK);
    CHECK(range.first == days[0].day_number && range.last == days[34].day_number);

    ffi_type *twg[5] = {P, P, P, I, P};
    void *vwg[5] = {&cal, &pdec31, &pdays, &cap, &pcount};
    CHECK(call_i32("kalends_calendar_week_grid", 5, twg, vwg) == KALENDS_OK && count == 7);
    CHECK(days[0].date.day == 27 && days[6].date.year == 2027 && (days[6].flags & KALENDS_DAY_TRAILING));
    void *vwr[3] = {&cal, &pdec31, &prange};
    CHECK(call_i32("kalends_calendar_week_range", 3, t3, vwr) == KALENDS_OK && range.first == days[0].day_number);

    ffi_type *tf[1] = {P};
    void *vf[1] = {&cal};
    CHECK(call_i32("kalends_calendar_free", 1, tf, vf) == KALENDS_OK);
    CHECK(call_i32("kalends_calendar_free", 1, tf, vf) == KALENDS_E_MISUSE);
}

/* Every exported symbol must have been called above. */
static void check_coverage(const char *exports_path) {
    FILE *f = fopen(exports_path, "r");
    if (!CHECK(f != NULL)) return;
    char line[256];
    int exported = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0]) continue;
        exported++;
        int seen = 0;
        for (int i = 0; i < called_count; i++) seen |= strcmp(called[i], line) == 0;
        CHECK_MSG(seen, "exported symbol %s has no ffi_call in ffi_test.c", line);
    }
    fclose(f);
    CHECK_MSG(exported == called_count, "%d exported, %d called", exported, called_count);
    printf("ffi_test: %d exported functions, each called through libffi\n", exported);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s LIBRARY EXPORTS_FILE\n", argv[0]);
        return 2;
    }
    lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 1;
    }
    test_versions_and_errors();
    test_dates();
    test_calendar();
    check_coverage(argv[2]);
    return check_summary("ffi_test");
}

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
#include <time.h>

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

/* A libffi closure used as the did_select callback: counts calls in user_data. */
static void did_select_handler(ffi_cif *cif, void *ret, void **args, void *userdata) {
    (void)cif;
    (void)userdata;
    int *calls = *(int **)args[0];
    (*calls)++;
    *(ffi_arg *)ret = (ffi_arg)KALENDS_OK;
}

static ffi_type *D = &ffi_type_double;

static void test_view(void) {
    kalends_view_options vo;
    kalends_view_metrics vm;
    kalends_view_options *pvo = &vo;
    kalends_view_metrics *pvm = &vm;
    ffi_type *t1[1] = {P};
    void *v1o[1] = {&pvo}, *v1m[1] = {&pvm};
    CHECK(call_i32("kalends_view_options_init", 1, t1, v1o) == KALENDS_OK && vo.struct_size == sizeof vo);
    CHECK(call_i32("kalends_view_metrics_init", 1, t1, v1m) == KALENDS_OK && vm.header_height == 44);
    vm.width = 350;
    vo.selection_mode = KALENDS_SELECTION_MULTIPLE;
    vo.has_min_date = 1;
    vo.min_date.year = 2020;
    vo.min_date.month = 1;
    vo.min_date.day = 1;

    kalends_calendar_options co;
    kalends_calendar_options *pco = &co;
    CHECK(call_i32("kalends_calendar_options_init", 1, t1, (void *[]){&pco}) == KALENDS_OK);
    co.today_mode = KALENDS_TODAY_FIXED;
    co.today.year = 2026;
    co.today.month = 11;
    co.today.day = 22;
    kalends_calendar *cal = NULL;
    kalends_calendar **pcal = &cal;
    ffi_type *t2[2] = {P, P};
    void *vcn[2] = {&pco, &pcal};
    CHECK(call_i32("kalends_calendar_new", 2, t2, vcn) == KALENDS_OK);

    kalends_view *view = NULL;
    kalends_view **pview = &view;
    ffi_type *t4[4] = {P, P, P, P};
    void *vn[4] = {&cal, &pvo, &pvm, &pview};
    CHECK(call_i32("kalends_view_new", 4, t4, vn) == KALENDS_OK && view != NULL);

    kalends_view_options got;
    kalends_view_options *pgot = &got;
    got.struct_size = sizeof got;
    void *vg[2] = {&view, &pgot};
    CHECK(call_i32("kalends_view_get_options", 2, t2, vg) == KALENDS_OK && got.selection_mode == KALENDS_SELECTION_MULTIPLE);
    got.rows = KALENDS_ROWS_VARIABLE;
    CHECK(call_i32("kalends_view_set_options", 2, t2, vg) == KALENDS_OK);
    kalends_view_metrics gm;
    kalends_view_metrics *pgm = &gm;
    gm.struct_size = sizeof gm;
    void *vgm[2] = {&view, &pgm};
    CHECK(call_i32("kalends_view_get_metrics", 2, t2, vgm) == KALENDS_OK && gm.width == 350);
    gm.width = 700;
    CHECK(call_i32("kalends_view_set_metrics", 2, t2, vgm) == KALENDS_OK);
    void *vsc[2] = {&view, &cal};
    CHECK(call_i32("kalends_view_set_calendar", 2, t2, vsc) == KALENDS_OK);

    /* callbacks: did_select is a libffi closure */
    ffi_cif cb_cif;
    ffi_type *cb_args[2] = {P, I};
    CHECK(ffi_prep_cif(&cb_cif, FFI_DEFAULT_ABI, 2, I, cb_args) == FFI_OK);
    void *code = NULL;
    ffi_closure *closure = (ffi_closure *)ffi_closure_alloc(sizeof(ffi_closure), &code);
    CHECK(closure != NULL && ffi_prep_closure_loc(closure, &cb_cif, did_select_handler, NULL, code) == FFI_OK);
    int calls = 0;
    kalends_view_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.struct_size = sizeof cb;
    cb.user_data = &calls;
    memcpy(&cb.did_select, &code, sizeof code);
    kalends_view_callbacks *pcb = &cb;
    void *vcb[2] = {&view, &pcb};
    CHECK(call_i32("kalends_view_set_callbacks", 2, t2, vcb) == KALENDS_OK);

    kalends_date d = {2026, 11, 18};
    kalends_date *pd = &d;
    kalends_action act;
    kalends_action *pact = &act;
    ffi_type *t3[3] = {P, P, P};
    void *vsel[3] = {&view, &pd, &pact};
    CHECK(call_i32("kalends_view_select", 3, t3, vsel) == KALENDS_OK && act.outcome == KALENDS_OUTCOME_SELECTED);
    CHECK(calls == 1);
    kalends_selection sel;
    kalends_selection *psel = &sel;
    void *vs[2] = {&view, &psel};
    CHECK(call_i32("kalends_view_selection", 2, t2, vs) == KALENDS_OK && sel.count == 1);
    int32_t days[64], count = 0, cap = 64;
    int32_t *pdays = days, *pcount = &count;
    ffi_type *tl[4] = {P, P, I, P};
    void *vl[4] = {&view, &pdays, &cap, &pcount};
    CHECK(call_i32("kalends_view_selected_days", 4, tl, vl) == KALENDS_OK && count == 1);
    CHECK(call_i32("kalends_view_deselect", 3, t3, vsel) == KALENDS_OK && act.outcome == KALENDS_OUTCOME_DESELECTED);
    CHECK(call_i32("kalends_view_select", 3, t3, vsel) == KALENDS_OK);
    ffi_type *tv[1] = {P};
    void *vv[1] = {&view};
    CHECK(call_i32("kalends_view_clear_selection", 1, tv, vv) == KALENDS_OK);
    CHECK(call_i32("kalends_view_selection", 2, t2, vs) == KALENDS_OK && sel.count == 0);

    int32_t marks[2] = {20779, 20780}, two = 2;
    int32_t *pmarks = marks;
    ffi_type *tsd[3] = {P, P, I};
    void *vsd[3] = {&view, &pmarks, &two};
    CHECK(call_i32("kalends_view_set_highlighted", 3, tsd, vsd) == KALENDS_OK);
    CHECK(call_i32("kalends_view_highlighted", 4, tl, vl) == KALENDS_OK && count == 2 && days[1] == 20780);
    CHECK(call_i32("kalends_view_set_disabled", 3, tsd, vsd) == KALENDS_OK);
    CHECK(call_i32("kalends_view_disabled", 4, tl, vl) == KALENDS_OK && count == 2);

    int32_t mode = KALENDS_MODE_WEEK;
    kalends_mode_change mc;
    kalends_mode_change *pmc = &mc;
    ffi_type *tm[3] = {P, I, P};
    void *vm3[3] = {&view, &mode, &pmc};
    CHECK(call_i32("kalends_view_set_mode", 3, tm, vm3) == KALENDS_OK && mc.to == KALENDS_MODE_WEEK && mc.has_heights);
    kalends_page page;
    kalends_page *ppage = &page;
    void *vp[2] = {&view, &ppage};
    CHECK(call_i32("kalends_view_page", 2, t2, vp) == KALENDS_OK && page.last - page.first == 6);
    kalends_transition tr;
    kalends_transition *ptr = &tr;
    void *vt[2] = {&view, &ptr};
    CHECK(call_i32("kalends_view_next_page", 2, t2, vt) == KALENDS_OK && tr.direction == KALENDS_DIRECTION_FORWARD);
    CHECK(call_i32("kalends_view_previous_page", 2, t2, vt) == KALENDS_OK && tr.direction == KALENDS_DIRECTION_BACKWARD);
    kalends_date newyear = {2027, 1, 1};
    kalends_date *pny = &newyear;
    void *vgo[3] = {&view, &pny, &ptr};
    CHECK(call_i32("kalends_view_go_to", 3, t3, vgo) == KALENDS_OK && tr.to.year == 2027);
    CHECK(call_i32("kalends_view_go_to_today", 2, t2, vt) == KALENDS_OK && tr.to.year == 2026);
    kalends_date focus;
    kalends_date *pfocus = &focus;
    void *vf[2] = {&view, &pfocus};
    CHECK(call_i32("kalends_view_focus", 2, t2, vf) == KALENDS_OK && focus.day == 22);
    int32_t key = KALENDS_KEY_DOWN;
    void *vk[3] = {&view, &key, &pact};
    CHECK(call_i32("kalends_view_key", 3, tm, vk) == KALENDS_OK && act.outcome == KALENDS_OUTCOME_MOVED);

    kalends_day grid[KALENDS_GRID_MAX_DAYS];
    kalends_day *pgrid = grid;
    int32_t gcap = KALENDS_GRID_MAX_DAYS;
    void *vd[4] = {&view, &pgrid, &gcap, &pcount};
    CHECK(call_i32("kalends_view_days", 4, tl, vd) == KALENDS_OK && count == 7);
    CHECK((grid[0].flags & KALENDS_DAY_FOCUSED) || (grid[6].flags & KALENDS_DAY_FOCUSED) ||
          (grid[3].flags & KALENDS_DAY_FOCUSED) || count == 7);
    kalends_size size;
    kalends_size *psize = &size;
    void *vsz[2] = {&view, &psize};
    CHECK(call_i32("kalends_view_intrinsic_size", 2, t2, vsz) == KALENDS_OK && size.width == 700 && size.height == 164);
    kalends_element el[128];
    kalends_element *pel = el;
    int32_t ecap = 128;
    void *vla[4] = {&view, &pel, &ecap, &pcount};
    CHECK(call_i32("kalends_view_layout", 4, tl, vla) == KALENDS_OK && count == 4 + 7 + 7);
    double x = el[12].frame.x + 1, y = el[12].frame.y + 1;
    kalends_element hit;
    kalends_element *phit = &hit;
    ffi_type *th[4] = {P, D, D, P};
    void *vh[4] = {&view, &x, &y, &phit};
    CHECK(call_i32("kalends_view_hit_test", 4, th, vh) == KALENDS_OK && hit.kind == KALENDS_ELEMENT_DAY && hit.index == 1);
    ffi_type *ttap[5] = {P, D, D, P, P};
    void *vtap[5] = {&view, &x, &y, &phit, &pact};
    CHECK(call_i32("kalends_view_tap", 5, ttap, vtap) == KALENDS_OK && act.outcome == KALENDS_OUTCOME_SELECTED);
    CHECK(calls == 3);
    double progress = 0.5, height = 0;
    int32_t curve = KALENDS_CURVE_SPRING;
    double *pheight = &height;
    ffi_type *ttl[7] = {P, D, I, P, I, P, P};
    void *vtl[7] = {&view, &progress, &curve, &pel, &ecap, &pcount, &pheight};
    CHECK(call_i32("kalends_view_transition_layout", 7, ttl, vtl) == KALENDS_OK && count > 0 && height > 0);
    char text[80];
    char *ptext = text;
    size_t tcap = sizeof text, length = 0;
    size_t *plength = &length;
    ffi_type *tal[5] = {P, P, P, &ffi_type_uint64, P};
    void *val[5] = {&view, &pd, &ptext, &tcap, &plength};
    CHECK(sizeof(size_t) == 8);
    CHECK(call_i32("kalends_view_accessibility_label", 5, tal, val) == KALENDS_OK);
    CHECK(strcmp(text, "Wednesday, 18 November 2026") == 0 && length == strlen(text));
    double eased = -1, half = 0.5;
    double *peased = &eased;
    int32_t linear = KALENDS_CURVE_EASE_IN_OUT;
    ffi_type *tcv[3] = {I, D, P};
    void *vcv[3] = {&linear, &half, &peased};
    CHECK(call_i32("kalends_curve_value", 3, tcv, vcv) == KALENDS_OK && eased > 0.4999 && eased < 0.5001);

    CHECK(call_i32("kalends_view_free", 1, tv, vv) == KALENDS_OK);
    CHECK(call_i32("kalends_view_free", 1, tv, vv) == KALENDS_E_MISUSE);
    ffi_closure_free(closure);
    CHECK(call_i32("kalends_calendar_free", 1, tv, (void *[]){&cal}) == KALENDS_OK);
}

static void test_scroll_flow_autolayout(void) {
    ffi_type *t1[1] = {P}, *t2[2] = {P, P}, *t3[3] = {P, P, P}, *t4[4] = {P, P, P, P};
    kalends_scroll_options so;
    kalends_scroll_options *pso = &so;
    CHECK(call_i32("kalends_scroll_options_init", 1, t1, (void *[]){&pso}) == KALENDS_OK && so.struct_size == sizeof so);
    so.first_month.year = 2026;
    so.first_month.month = 1;
    so.has_last_month = 1;
    so.last_month.year = 2026;
    so.last_month.month = 12;
    so.last_month.day = 31;
    kalends_view_metrics vm;
    kalends_view_metrics *pvm = &vm;
    CHECK(call_i32("kalends_view_metrics_init", 1, t1, (void *[]){&pvm}) == KALENDS_OK);
    vm.width = 350;
    kalends_scroll *scroll = NULL;
    kalends_scroll **pscroll = &scroll;
    void *nocal = NULL;
    CHECK(call_i32("kalends_scroll_new", 4, t4, (void *[]){&nocal, &pso, &pvm, &pscroll}) == KALENDS_OK);
    int32_t months = 0, unbounded = -1;
    int32_t *pmonths = &months, *punbounded = &unbounded;
    CHECK(call_i32("kalends_scroll_month_count", 2, t2, (void *[]){&scroll, &pmonths}) == KALENDS_OK && months == 12);
    kalends_size size;
    kalends_size *psize = &size;
    CHECK(call_i32("kalends_scroll_content_size", 3, t3, (void *[]){&scroll, &psize, &punbounded}) == KALENDS_OK);
    CHECK(unbounded == 0 && size.height > 12 * 300);
    kalends_rect vp = {0, 0, 350, 400};
    kalends_rect *pvp = &vp;
    kalends_element el[128];
    kalends_element *pel = el;
    int32_t cap = 128, count = 0;
    int32_t *pcount = &count;
    ffi_type *t5[5] = {P, P, P, I, P};
    CHECK(call_i32("kalends_scroll_elements", 5, t5, (void *[]){&scroll, &pvp, &pel, &cap, &pcount}) == KALENDS_OK);
    CHECK(count > 40 && el[0].kind == KALENDS_ELEMENT_MONTH_HEADER);
    kalends_day_range range;
    kalends_day_range *prange = &range;
    CHECK(call_i32("kalends_scroll_visible_days", 3, t3, (void *[]){&scroll, &pvp, &prange}) == KALENDS_OK);
    CHECK(range.last - range.first >= 27);
    kalends_date first, last;
    kalends_date *pfirst = &first, *plast = &last;
    CHECK(call_i32("kalends_scroll_visible_months", 4, t4, (void *[]){&scroll, &pvp, &pfirst, &plast}) == KALENDS_OK);
    CHECK(first.month == 1 && last.month >= 1);
    kalends_date march = {2026, 3, 10};
    kalends_date *pmarch = &march;
    int32_t position = KALENDS_SCROLL_CENTER;
    double length = 500, offset = -1;
    double *poffset = &offset;
    ffi_type *to[5] = {P, P, I, &ffi_type_double, P};
    CHECK(call_i32("kalends_scroll_offset", 5, to, (void *[]){&scroll, &pmarch, &position, &length, &poffset}) ==
          KALENDS_OK && offset > 500);
    CHECK(call_i32("kalends_scroll_free", 1, t1, (void *[]){&scroll}) == KALENDS_OK);

    kalends_flow_options fo;
    kalends_flow_options *pfo = &fo;
    CHECK(call_i32("kalends_flow_options_init", 1, t1, (void *[]){&pfo}) == KALENDS_OK);
    fo.max_width = 100;
    kalends_size items[3] = {{60, 20}, {60, 20}, {60, 20}};
    kalends_size *pitems = items;
    int32_t n = 3;
    kalends_rect frames[3];
    kalends_rect *pframes = frames;
    ffi_type *tf[7] = {P, I, P, P, I, P, P};
    CHECK(call_i32("kalends_flow_layout", 7, tf, (void *[]){&pitems, &n, &pfo, &pframes, &n, &pcount, &psize}) ==
          KALENDS_OK && size.height == 60);
    kalends_size box = {130, 20}, more = {30, 20};
    kalends_size *pbox = &box, *pmore = &more;
    kalends_flow_fit_result fit;
    kalends_flow_fit_result *pfit = &fit;
    fo.max_width = 0;
    ffi_type *tff[9] = {P, I, P, P, P, P, I, P, P};
    CHECK(call_i32("kalends_flow_fit", 9, tff, (void *[]){&pitems, &n, &pfo, &pbox, &pmore, &pframes, &n, &pcount, &pfit}) ==
          KALENDS_OK && count == 1 && fit.hidden == 2 && fit.has_more == 1);

    kalends_constraint c;
    kalends_constraint *pc = &c;
    CHECK(call_i32("kalends_constraint_init", 1, t1, (void *[]){&pc}) == KALENDS_OK && c.priority == 1000);
    kalends_autolayout *layout = NULL;
    kalends_autolayout **playout = &layout;
    CHECK(call_i32("kalends_autolayout_new", 1, t1, (void *[]){&playout}) == KALENDS_OK);
    int32_t item = 0, none = KALENDS_ITEM_NONE, screen = KALENDS_ITEM_SCREEN;
    int32_t *pitem = &item;
    ffi_type *tai[3] = {P, I, P};
    CHECK(call_i32("kalends_autolayout_add_item", 3, tai, (void *[]){&layout, &none, &pitem}) == KALENDS_OK && item == 2);
    double w = 390, h = 844;
    ffi_type *tsz[4] = {P, I, &ffi_type_double, &ffi_type_double};
    CHECK(call_i32("kalends_autolayout_set_item_size", 4, tsz, (void *[]){&layout, &screen, &w, &h}) == KALENDS_OK);
    c.first_item = item;
    c.first_attribute = KALENDS_ATTRIBUTE_WIDTH;
    c.alt_item = KALENDS_ITEM_SCREEN;
    c.alt_basis = KALENDS_BASIS_WIDTH;
    c.alt_multiplier = 0.5;
    int32_t id = 0;
    int32_t *pid = &id;
    CHECK(call_i32("kalends_autolayout_add_constraint", 3, t3, (void *[]){&layout, &pc, &pid}) == KALENDS_OK);
    double value = 0;
    double *pvalue = &value;
    CHECK(call_i32("kalends_autolayout_constant", 3, tai, (void *[]){&layout, &id, &pvalue}) == KALENDS_OK && value == 195);
    CHECK(call_i32("kalends_autolayout_set_item_size", 4, tsz, (void *[]){&layout, &screen, &h, &w}) == KALENDS_OK);
    kalends_constant_change changes[4];
    kalends_constant_change *pchanges = changes;
    int32_t ccap = 4;
    ffi_type *tu[4] = {P, P, I, P};
    CHECK(call_i32("kalends_autolayout_update_constants", 4, tu, (void *[]){&layout, &pchanges, &ccap, &pcount}) ==
          KALENDS_OK && count == 1 && changes[0].new_value == 422);
    ffi_type *tr[2] = {P, I};
    CHECK(call_i32("kalends_autolayout_remove_constraint", 2, tr, (void *[]){&layout, &id}) == KALENDS_OK);
    CHECK(call_i32("kalends_autolayout_free", 1, t1, (void *[]){&layout}) == KALENDS_OK);
}

/* The solver through libffi: x == 10 + y, y >= 3, x weakly 0; an edit; a contradiction. */
static void test_solver(void) {
    ffi_type *t1[1] = {P}, *tpi[2] = {P, I}, *tpip[3] = {P, I, P}, *tpid[3] = {P, I, D};
    double s = 0;
    double *ps = &s, one = 1, zero = 0, weight = 1;
    ffi_type *tstr[5] = {D, D, D, D, P};
    CHECK(call_i32("kalends_strength", 5, tstr, (void *[]){&one, &zero, &zero, &weight, &ps}) == KALENDS_OK &&
          s == KALENDS_STRENGTH_STRONG);
    kalends_solver *solver = NULL;
    kalends_solver **psolver = &solver;
    CHECK(call_i32("kalends_solver_new", 1, t1, (void *[]){&psolver}) == KALENDS_OK && solver != NULL);
    int32_t two = 2, first = -1, count = 0;
    int32_t *pfirst = &first, *pcount = &count;
    CHECK(call_i32("kalends_solver_add_variables", 3, tpip, (void *[]){&solver, &two, &pfirst}) == KALENDS_OK && first == 0);
    ffi_type *t2[2] = {P, P};
    CHECK(call_i32("kalends_solver_variable_count", 2, t2, (void *[]){&solver, &pcount}) == KALENDS_OK && count == 2);
    kalends_term xy[2] = {{0, 0, 1.0}, {1, 0, -1.0}}, y[1] = {{1, 0, 1.0}}, x[1] = {{0, 0, 1.0}};
    const kalends_term *pxy = xy, *py = y, *px = x;
    int32_t n1 = 1, n2 = 2, eq = KALENDS_RELATION_EQUAL, ge = KALENDS_RELATION_GREATER_OR_EQUAL, id = 0, id2 = 0;
    int32_t *pid = &id, *pid2 = &id2;
    double c10 = -10, c3 = -3, c0 = 0, required = KALENDS_STRENGTH_REQUIRED, weak = KALENDS_STRENGTH_WEAK;
    ffi_type *tnew[7] = {P, P, I, D, I, D, P};
    CHECK(call_i32("kalends_solver_constraint_new", 7, tnew, (void *[]){&solver, &pxy, &n2, &c10, &eq, &required, &pid}) ==
          KALENDS_OK);
    CHECK(call_i32("kalends_solver_add_constraint", 2, tpi, (void *[]){&solver, &id}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_add_constraint_terms", 7, tnew, (void *[]){&solver, &py, &n1, &c3, &ge, &required, &pid2}) ==
          KALENDS_OK);
    int32_t weak_id = 0;
    int32_t *pweak = &weak_id;
    CHECK(call_i32("kalends_solver_add_constraint_terms", 7, tnew, (void *[]){&solver, &px, &n1, &c0, &eq, &weak, &pweak}) ==
          KALENDS_OK);
    int32_t has = -1;
    int32_t *phas = &has;
    CHECK(call_i32("kalends_solver_has_constraint", 3, tpip, (void *[]){&solver, &id2, &phas}) == KALENDS_OK && has == 1);
    double mirror[2] = {0, 0}, values[2] = {0, 0};
    double *pmirror = mirror, *pvalues = values;
    int32_t changed = 0;
    int32_t *pchanged = &changed;
    ffi_type *tup[4] = {P, P, I, P};
    CHECK(call_i32("kalends_solver_update_variables", 4, tup, (void *[]){&solver, &pmirror, &n2, &pchanged}) == KALENDS_OK &&
          changed == 2 && mirror[0] == 13 && mirror[1] == 3);
    int32_t zero_i = 0;
    ffi_type *tval[4] = {P, I, I, P};
    CHECK(call_i32("kalends_solver_values", 4, tval, (void *[]){&solver, &zero_i, &n2, &pvalues}) == KALENDS_OK &&
          values[0] == 13 && values[1] == 3);
    double strong = KALENDS_STRENGTH_STRONG, forty = 40;
    CHECK(call_i32("kalends_solver_add_edit_variable", 3, tpid, (void *[]){&solver, &first, &strong}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_has_edit_variable", 3, tpip, (void *[]){&solver, &first, &phas}) == KALENDS_OK && has == 1);
    CHECK(call_i32("kalends_solver_suggest_value", 3, tpid, (void *[]){&solver, &first, &forty}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_update_variables", 4, tup, (void *[]){&solver, &pmirror, &n2, &pchanged}) == KALENDS_OK &&
          changed == 2 && mirror[0] == 40 && mirror[1] == 30);
    int32_t edited[1] = {0};
    double fifty[1] = {50};
    int32_t *pedited = edited;
    double *pfifty = fifty;
    ffi_type *tsv[4] = {P, P, P, I};
    CHECK(call_i32("kalends_solver_suggest_values", 4, tsv, (void *[]){&solver, &pedited, &pfifty, &n1}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_update_variables", 4, tup, (void *[]){&solver, &pmirror, &n2, &pchanged}) == KALENDS_OK &&
          changed == 2 && mirror[0] == 50 && mirror[1] == 40);
    CHECK(call_i32("kalends_solver_remove_edit_variable", 2, tpi, (void *[]){&solver, &first}) == KALENDS_OK);
    /* y <= 2 contradicts y >= 3 */
    double c2 = -2;
    int32_t le = KALENDS_RELATION_LESS_OR_EQUAL, bad = 0;
    int32_t *pbad = &bad;
    CHECK(call_i32("kalends_solver_add_constraint_terms", 7, tnew, (void *[]){&solver, &py, &n1, &c2, &le, &required, &pbad}) ==
          KALENDS_E_UNSATISFIABLE && bad == 0);
    char text[4096];
    char *ptext = text;
    size_t cap = sizeof text, length = 0;
    size_t *plength = &length;
    ffi_type *tdump[4] = {P, P, &ffi_type_uint64, P};
    CHECK(call_i32("kalends_solver_dump", 4, tdump, (void *[]){&solver, &ptext, &cap, &plength}) == KALENDS_OK &&
          length > 0 && strstr(text, "Objective") != NULL);
    CHECK(call_i32("kalends_solver_remove_constraint", 2, tpi, (void *[]){&solver, &id2}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_constraint_forget", 2, tpi, (void *[]){&solver, &id}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_reset", 1, t1, (void *[]){&solver}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_has_constraint", 3, tpip, (void *[]){&solver, &weak_id, &phas}) == KALENDS_OK && has == 0);
    CHECK(call_i32("kalends_solver_free", 1, t1, (void *[]){&solver}) == KALENDS_OK);
}

static kalends_status ffi_measure(void *user, int32_t item, double width, double height, kalends_size *out) {
    (void)user;
    (void)item;
    (void)height;
    out->width = 50;
    out->height = width < 0 ? 10 : 1000 / width;
    return KALENDS_OK;
}

static void ffi_broken(void *user, const kalends_broken_constraint *b) {
    *(int32_t *)user = b->constraint;
}

/* The Auto Layout solving functions through libffi. */
static void test_autolayout_solving(void) {
    ffi_type *t1[1] = {P}, *tpi[2] = {P, I}, *tpip[3] = {P, I, P}, *tpidd[4] = {P, I, D, D};
    kalends_autolayout *l = NULL;
    kalends_autolayout **pl = &l;
    CHECK(call_i32("kalends_autolayout_new", 1, t1, (void *[]){&pl}) == KALENDS_OK);
    int32_t none = KALENDS_ITEM_NONE, a = 0, b = 0;
    int32_t *pa = &a, *pb = &b;
    CHECK(call_i32("kalends_autolayout_add_item", 3, tpip, (void *[]){&l, &none, &pa}) == KALENDS_OK);
    CHECK(call_i32("kalends_autolayout_add_item", 3, tpip, (void *[]){&l, &a, &pb}) == KALENDS_OK);
    double w = 200, h = 30, minus = KALENDS_NO_INTRINSIC_METRIC;
    CHECK(call_i32("kalends_autolayout_set_intrinsic_size", 4, tpidd, (void *[]){&l, &a, &w, &h}) == KALENDS_OK);
    int32_t kind = KALENDS_CONTENT_HUGGING, axis = KALENDS_LAYOUT_VERTICAL;
    double prio = 500;
    ffi_type *tprio[5] = {P, I, I, I, D};
    CHECK(call_i32("kalends_autolayout_set_priority", 5, tprio, (void *[]){&l, &a, &kind, &axis, &prio}) == KALENDS_OK);
    double first = 12;
    CHECK(call_i32("kalends_autolayout_set_baselines", 4, tpidd, (void *[]){&l, &a, &first, &minus}) == KALENDS_OK);
    void *fn = (void *)(uintptr_t)ffi_measure, *user = NULL;
    ffi_type *tm[4] = {P, I, P, P};
    CHECK(call_i32("kalends_autolayout_set_measure", 4, tm, (void *[]){&l, &b, &fn, &user}) == KALENDS_OK);
    kalends_view *view = NULL;
    ffi_type *tv[3] = {P, I, P};
    CHECK(call_i32("kalends_autolayout_set_view", 3, tv, (void *[]){&l, &b, &view}) == KALENDS_OK); /* detach: none */
    CHECK(call_i32("kalends_autolayout_set_measure", 4, tm, (void *[]){&l, &b, &fn, &user}) == KALENDS_OK);
    int32_t one = 1, zero = 0;
    CHECK(call_i32("kalends_autolayout_set_right_to_left", 2, tpi, (void *[]){&l, &one}) == KALENDS_OK);
    CHECK(call_i32("kalends_autolayout_set_right_to_left", 2, tpi, (void *[]){&l, &zero}) == KALENDS_OK);
    int32_t broken = -1, policy = KALENDS_POLICY_BREAK_LOWEST;
    void *bfn = (void *)(uintptr_t)ffi_broken, *buser = &broken;
    ffi_type *tpol[4] = {P, I, P, P};
    CHECK(call_i32("kalends_autolayout_set_policy", 4, tpol, (void *[]){&l, &policy, &bfn, &buser}) == KALENDS_OK);
    CHECK(call_i32("kalends_autolayout_solve", 1, t1, (void *[]){&l}) == KALENDS_OK);
    kalends_rect frame;
    kalends_rect *pframe = &frame;
    CHECK(call_i32("kalends_autolayout_frame", 3, tpip, (void *[]){&l, &a, &pframe}) == KALENDS_OK && frame.width == 200 &&
          frame.height == 30);
    CHECK(call_i32("kalends_autolayout_frame", 3, tpip, (void *[]){&l, &b, &pframe}) == KALENDS_OK && frame.width == 50 &&
          frame.height == 20);
    kalends_size target = {100, 0}, size;
    kalends_size *ptarget = &target, *psize = &size;
    double required = KALENDS_PRIORITY_REQUIRED, fitting = KALENDS_PRIORITY_FITTING;
    ffi_type *tfit[6] = {P, I, P, D, D, P};
    CHECK(call_i32("kalends_autolayout_fitting_size", 6, tfit, (void *[]){&l, &b, &ptarget, &required, &fitting, &psize}) ==
          KALENDS_OK && size.width == 100 && size.height == 10);
    CHECK(broken == -1);
    CHECK(call_i32("kalends_autolayout_free", 1, t1, (void *[]){&l}) == KALENDS_OK);
}

/* ---- time zones, the event store, bars, timeline, sources, plugins ------------- */

#ifndef KALENDS_PLUGIN_DIR
#error "KALENDS_PLUGIN_DIR (the directory of the built plugins) must be defined by the Makefile"
#endif
#ifndef KALENDS_RULES_DIR
#error "KALENDS_RULES_DIR (plugins/rules) must be defined by the Makefile"
#endif

static ffi_type *I64 = &ffi_type_sint64;

/* Equal up to rounding (frames are computed in floating point). */
static int near(double a, double b) {
    return a - b < 1e-9 && b - a < 1e-9;
}

/* A synchronous source called through the library: one all-day event on the third
   visible day, counting its calls in user_data. */
static kalends_status ffi_source_fetch(void *user, int32_t first, int32_t last, const kalends_event_sink *sink) {
    (void)last;
    (*(int *)user)++;
    kalends_event e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    e.all_day = 1;
    e.id = 900;
    e.start = first + 2;
    e.end = first + 2;
    e.color = 0x00FF00FFu;
    e.title = "from a source";
    e.title_length = -1;
    return sink->add(sink->context, &e);
}

static void ffi_source_destroy(void *user) {
    (*(int *)user) += 100;
}

static kalends_event ffi_event(int64_t id, int32_t all_day, int64_t start, int64_t end, uint32_t color, const char *title) {
    kalends_event e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    e.all_day = all_day;
    e.id = id;
    e.start = start;
    e.end = end;
    e.color = color;
    e.title = title;
    e.title_length = -1;
    return e;
}

static void test_events(void) {
    ffi_type *t1[1] = {P}, *t2[2] = {P, P}, *t3[3] = {P, P, P}, *tpl[2] = {P, I64};
    ffi_type *SZ = &ffi_type_uint64;
    CHECK(sizeof(size_t) == 8);

    /* time zones: by name, and from the bytes of the same TZif file */
    const char *paris_name = "Europe/Paris";
    kalends_timezone *paris = NULL, *copy = NULL;
    kalends_timezone **pparis = &paris, **pcopy = &copy;
    CHECK(call_i32("kalends_timezone_new", 2, t2, (void *[]){&paris_name, &pparis}) == KALENDS_OK && paris != NULL);
    static uint8_t tzif[1 << 16];
    size_t tzif_length = 0;
    FILE *f = fopen("/usr/share/zoneinfo/Europe/Paris", "rb");
    if (CHECK(f != NULL)) {
        tzif_length = fread(tzif, 1, sizeof tzif, f);
        fclose(f);
    }
    CHECK(tzif_length > 44 && memcmp(tzif, "TZif", 4) == 0);
    const uint8_t *ptzif = tzif;
    const char *copy_name = "Paris from bytes";
    ffi_type *tfrom[4] = {P, SZ, P, P};
    CHECK(call_i32("kalends_timezone_from_tzif", 4, tfrom, (void *[]){&ptzif, &tzif_length, &copy_name, &pcopy}) ==
          KALENDS_OK && copy != NULL);
    char name[64];
    char *pname = name;
    size_t name_cap = sizeof name, name_length = 0;
    size_t *pname_length = &name_length;
    ffi_type *tname[4] = {P, P, SZ, P};
    CHECK(call_i32("kalends_timezone_name", 4, tname, (void *[]){&paris, &pname, &name_cap, &pname_length}) == KALENDS_OK);
    CHECK(strcmp(name, "Europe/Paris") == 0 && name_length == 12);
    CHECK(call_i32("kalends_timezone_name", 4, tname, (void *[]){&copy, &pname, &name_cap, &pname_length}) == KALENDS_OK);
    CHECK(strcmp(name, "Paris from bytes") == 0 && name_length == 16);
    /* 2026-03-29T01:00:00Z (day 20541 * 86400 + 3600): CET becomes CEST */
    int64_t switch_instant = 1774746000, before = 1774745999;
    int32_t east = 0, dst = -1, local_day = 0, seconds = -1;
    int32_t *peast = &east, *pdst = &dst, *plocal_day = &local_day, *pseconds = &seconds;
    ffi_type *toff[4] = {P, I64, P, P};
    CHECK(call_i32("kalends_timezone_offset", 4, toff, (void *[]){&copy, &before, &peast, &pdst}) == KALENDS_OK &&
          east == 3600 && dst == 0);
    CHECK(call_i32("kalends_timezone_offset", 4, toff, (void *[]){&copy, &switch_instant, &peast, &pdst}) == KALENDS_OK &&
          east == 7200 && dst == 1);
    CHECK(call_i32("kalends_timezone_local_day", 4, toff, (void *[]){&paris, &switch_instant, &plocal_day, &pseconds}) ==
          KALENDS_OK && local_day == 20541 && seconds == 3 * 3600);
    int32_t march29 = 20541;
    int64_t midnight = 0;
    int64_t *pmidnight = &midnight;
    ffi_type *tds[3] = {P, I, P};
    CHECK(call_i32("kalends_timezone_day_start", 3, tds, (void *[]){&paris, &march29, &pmidnight}) == KALENDS_OK &&
          midnight == 1774742400 - 3600);
    /* 2026-03-29 02:30 in Paris is skipped: read at +01:00, 01:30Z */
    int32_t half_past_two = 2 * 3600 + 1800;
    int64_t wall = 0;
    int64_t *pwall = &wall;
    ffi_type *tinst[4] = {P, I, I, P};
    CHECK(call_i32("kalends_timezone_instant", 4, tinst, (void *[]){&paris, &march29, &half_past_two, &pwall}) ==
              KALENDS_OK && wall == 1774742400 + 3600 + 1800);

    /* the store */
    kalends_store *store = NULL;
    kalends_store **pstore = &store;
    CHECK(call_i32("kalends_store_new", 1, t1, (void *[]){&pstore}) == KALENDS_OK && store != NULL);
    /* 2026-11-10 is day 20767; 09:00 Paris (UTC+1) is 08:00Z */
    int64_t nov10 = 20767, nov10_9h = 20767LL * 86400 + 8 * 3600;
    kalends_event timed = ffi_event(1, 0, nov10_9h, nov10_9h + 3600, 0xFF0000FFu, "meeting");
    kalends_event *ptimed = &timed;
    CHECK(call_i32("kalends_store_add", 2, t2, (void *[]){&store, &ptimed}) == KALENDS_OK);
    kalends_event batch[2] = {ffi_event(2, 1, nov10, nov10 + 1, 0x0000FFFFu, "trip"),
                              ffi_event(3, 0, nov10_9h + 1800, nov10_9h + 5400, 0x00FF00FFu, "call")};
    kalends_event *pbatch = batch;
    int32_t two = 2;
    ffi_type *tadd[3] = {P, P, I};
    CHECK(call_i32("kalends_store_add_events", 3, tadd, (void *[]){&store, &pbatch, &two}) == KALENDS_OK);
    timed.title = "moved meeting";
    CHECK(call_i32("kalends_store_update", 2, t2, (void *[]){&store, &ptimed}) == KALENDS_OK);
    int32_t count = -1;
    int32_t *pcount = &count;
    CHECK(call_i32("kalends_store_count", 2, t2, (void *[]){&store, &pcount}) == KALENDS_OK && count == 3);
    kalends_event got;
    kalends_event *pgot = &got;
    int64_t id = 1;
    ffi_type *tget[3] = {P, I64, P};
    CHECK(call_i32("kalends_store_get", 3, tget, (void *[]){&store, &id, &pgot}) == KALENDS_OK);
    CHECK(got.id == 1 && got.start == nov10_9h && strcmp(got.title, "moved meeting") == 0);
    kalends_event found[8];
    kalends_event *pfound = found;
    int32_t day = (int32_t)nov10, cap = 8;
    ffi_type *tq[7] = {P, P, I, I, P, I, P};
    CHECK(call_i32("kalends_store_query", 7, tq, (void *[]){&store, &paris, &day, &day, &pfound, &cap, &pcount}) ==
          KALENDS_OK && count == 3);
    CHECK(found[0].id == 2 && found[1].id == 1 && found[2].id == 3); /* all-day first, then by start */
    int64_t ids[8] = {0};
    int64_t *pids = ids;
    uint64_t version = 0, again = 0, of_query = 1;
    uint64_t *pversion = &version, *pagain = &again, *pof_query = &of_query;
    ffi_type *tqi[8] = {P, P, I, I, P, I, P, P};
    CHECK(call_i32("kalends_store_query_ids", 8, tqi, (void *[]){&store, &paris, &day, &day, &pids, &cap, &pcount,
                                                             &pof_query}) == KALENDS_OK &&
          count == 3 && ids[0] == 2 && ids[1] == 1 && ids[2] == 3);
    CHECK(call_i32("kalends_store_version", 2, t2, (void *[]){&store, &pversion}) == KALENDS_OK && version == of_query);
    int32_t indexes[8] = {-1, -1, -1};
    int32_t *pindexes = indexes;
    CHECK(call_i32("kalends_store_query_indexes", 8, tqi, (void *[]){&store, &paris, &day, &day, &pindexes, &cap, &pcount,
                                                                 &pof_query}) == KALENDS_OK && count == 3);
    kalends_event at;
    kalends_event *pat = &at;
    uint64_t at_version = 0;
    uint64_t *pat_version = &at_version;
    ffi_type *tgetat[4] = {P, I, P, P};
    for (int i = 0; i < 3; i++)
        CHECK(call_i32("kalends_store_get_at", 4, tgetat, (void *[]){&store, &indexes[i], &pat, &pat_version}) ==
                  KALENDS_OK && at.id == ids[i] && at_version == of_query);
    CHECK(call_i32("kalends_store_update", 2, t2, (void *[]){&store, &ptimed}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_version", 2, t2, (void *[]){&store, &pagain}) == KALENDS_OK && again != version);
    int32_t counts[2] = {-1, -1}, max_colors = 2, days = 2, next = day + 1;
    uint32_t colors[4];
    int32_t *pcounts = counts;
    uint32_t *pcolors = colors;
    ffi_type *tdots[8] = {P, P, I, I, I, P, P, I};
    CHECK(call_i32("kalends_store_dots", 8, tdots, (void *[]){&store, &paris, &day, &next, &max_colors, &pcounts, &pcolors,
                                                          &days}) == KALENDS_OK);
    CHECK(counts[0] == 3 && counts[1] == 1 && colors[0] == 0x0000FFFFu && colors[1] == 0xFF0000FFu &&
          colors[2] == 0x0000FFFFu && colors[3] == 0);

    /* options and the day timeline */
    kalends_bar_options bo;
    kalends_timeline_options to;
    kalends_bar_options *pbo = &bo;
    kalends_timeline_options *pto = &to;
    CHECK(call_i32("kalends_bar_options_init", 1, t1, (void *[]){&pbo}) == KALENDS_OK && bo.struct_size == sizeof bo &&
          bo.max_lanes == 3 && bo.bar_height == 14);
    CHECK(call_i32("kalends_timeline_options_init", 1, t1, (void *[]){&pto}) == KALENDS_OK && to.struct_size == sizeof to &&
          to.last_hour == 24 && to.width == 320 && to.hour_height == 48);
    kalends_timeline_item items[4];
    kalends_timeline_item *pitems = items;
    int32_t icap = 4;
    ffi_type *ttl[7] = {P, P, I, P, P, I, P};
    CHECK(call_i32("kalends_store_timeline", 7, ttl, (void *[]){&store, &paris, &day, &pto, &pitems, &icap, &pcount}) ==
          KALENDS_OK && count == 2);
    /* 09:00-10:00 and 09:30-10:30 overlap: two columns */
    CHECK(items[0].event == 1 && items[0].column == 0 && items[0].columns == 2 && items[0].frame.y == 9 * 48);
    CHECK(items[1].event == 3 && items[1].column == 1 && near(items[1].frame.y, 9.5 * 48) &&
          near(items[1].frame.height, 48));

    /* a view with the store, a source and the month bars */
    kalends_calendar_options co;
    kalends_calendar_options *pco = &co;
    CHECK(call_i32("kalends_calendar_options_init", 1, t1, (void *[]){&pco}) == KALENDS_OK);
    co.today_mode = KALENDS_TODAY_FIXED;
    co.today.year = 2026;
    co.today.month = 11;
    co.today.day = 22;
    kalends_calendar *cal = NULL;
    kalends_calendar **pcal = &cal;
    CHECK(call_i32("kalends_calendar_new", 2, t2, (void *[]){&pco, &pcal}) == KALENDS_OK);
    kalends_view_metrics vm;
    kalends_view_metrics *pvm = &vm;
    CHECK(call_i32("kalends_view_metrics_init", 1, t1, (void *[]){&pvm}) == KALENDS_OK);
    vm.width = 350;
    kalends_view *view = NULL;
    kalends_view **pview = &view;
    void *none = NULL;
    CHECK(call_i32("kalends_view_new", 4, (ffi_type *[]){P, P, P, P}, (void *[]){&cal, &none, &pvm, &pview}) == KALENDS_OK);
    CHECK(call_i32("kalends_view_set_store", 3, t3, (void *[]){&view, &store, &paris}) == KALENDS_OK);
    int calls = 0;
    kalends_source src;
    memset(&src, 0, sizeof src);
    src.struct_size = sizeof src;
    src.user_data = &calls;
    src.fetch = ffi_source_fetch;
    src.destroy = ffi_source_destroy;
    kalends_source *psrc = &src;
    int32_t source_id = 0;
    int32_t *psource_id = &source_id;
    CHECK(call_i32("kalends_view_add_source", 3, t3, (void *[]){&view, &psrc, &psource_id}) == KALENDS_OK);
    CHECK(source_id > 0 && calls == 1);
    /* the page of November 2026 starts on Monday 2026-10-26 (day 20752): the event is on 10-28 */
    id = 900;
    CHECK(call_i32("kalends_store_get", 3, tget, (void *[]){&store, &id, &pgot}) == KALENDS_OK);
    CHECK(got.start == 20754 && got.source == source_id && strcmp(got.title, "from a source") == 0);
    int32_t pending = -1;
    int32_t *ppending = &pending;
    CHECK(call_i32("kalends_view_pending_requests", 2, t2, (void *[]){&view, &ppending}) == KALENDS_OK && pending == 0);
    kalends_event_bar bars[16];
    kalends_event_more more[4];
    kalends_event_bar *pbars = bars;
    kalends_event_more *pmore = more;
    int32_t bar_cap = 16, bar_count = -1, more_cap = 4, more_count = -1;
    int32_t *pbar_count = &bar_count, *pmore_count = &more_count;
    ffi_type *tbars[10] = {P, P, P, P, P, I, P, P, I, P};
    CHECK(call_i32("kalends_view_event_bars", 10, tbars, (void *[]){&view, &store, &paris, &pbo, &pbars, &bar_cap, &pbar_count,
                                                                 &pmore, &more_cap, &pmore_count}) == KALENDS_OK);
    /* the source's event, the trip (2 days, one row) and the two timed events of 11-10 */
    CHECK(bar_count == 4 && more_count == 0);
    int seen_trip = 0;
    for (int32_t i = 0; i < bar_count && i < 16; i++) {
        if (bars[i].event != 2) continue;
        seen_trip = 1;
        /* row 2 (11-09 ... 11-15), Tuesday and Wednesday */
        CHECK(bars[i].row == 2 && bars[i].first_column == 1 && bars[i].last_column == 2 && bars[i].frame.height == 14);
    }
    CHECK(seen_trip);
    ffi_type *trm[2] = {P, I};
    CHECK(call_i32("kalends_view_remove_source", 2, trm, (void *[]){&view, &source_id}) == KALENDS_OK && calls == 101);
    CHECK(call_i32("kalends_view_remove_source", 2, trm, (void *[]){&view, &source_id}) == KALENDS_E_NOT_FOUND);

    /* plugins: the C holiday plugin with the US rules */
    char path[1024], rules[1024];
    snprintf(path, sizeof path, "%s/libholidays_c.so", KALENDS_PLUGIN_DIR);
    snprintf(rules, sizeof rules, "%s/us.rules", KALENDS_RULES_DIR);
    const char *ppath = path, *prules = rules;
    kalends_plugin *plugin = NULL;
    kalends_plugin **pplugin = &plugin;
    CHECK(call_i32("kalends_plugin_load", 3, t3, (void *[]){&ppath, &prules, &pplugin}) == KALENDS_OK && plugin != NULL);
    CHECK(call_i32("kalends_plugin_name", 4, tname, (void *[]){&plugin, &pname, &name_cap, &pname_length}) == KALENDS_OK);
    CHECK(strcmp(name, "holidays-c") == 0 && name_length == 10);
    kalends_store *holidays = NULL;
    kalends_store **pholidays = &holidays;
    CHECK(call_i32("kalends_store_new", 1, t1, (void *[]){&pholidays}) == KALENDS_OK);
    int32_t jan1 = 20454, dec31 = 20818, tag = 42;
    void *utc = NULL;
    ffi_type *tpf[6] = {P, I, I, P, P, I};
    CHECK(call_i32("kalends_plugin_fetch", 6, tpf, (void *[]){&plugin, &jan1, &dec31, &holidays, &utc, &tag}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_count", 2, t2, (void *[]){&holidays, &pcount}) == KALENDS_OK && count == 11);
    id = 1000101002026LL; /* Thanksgiving: `id 1` * 10^12 + rule 9 (+1) * 10^7 + (2026 + 10^6) */
    CHECK(call_i32("kalends_store_get", 3, tget, (void *[]){&holidays, &id, &pgot}) == KALENDS_OK);
    CHECK(got.all_day == 1 && got.start == 20783 && got.source == 42 && strcmp(got.title, "Thanksgiving Day") == 0);
    int32_t plugin_source = 0;
    int32_t *pplugin_source = &plugin_source;
    CHECK(call_i32("kalends_view_add_plugin", 3, t3, (void *[]){&view, &plugin, &pplugin_source}) == KALENDS_OK);
    CHECK(plugin_source > 0 && plugin_source != source_id);
    for (int i = 0; i < 5000; i++) {
        CHECK(call_i32("kalends_view_pending_requests", 2, t2, (void *[]){&view, &ppending}) == KALENDS_OK);
        if (pending == 0) break;
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    CHECK(pending == 0);
    /* Veterans Day (rule 8) and Thanksgiving are on the November page */
    id = 1000091002026LL;
    CHECK(call_i32("kalends_store_get", 3, tget, (void *[]){&store, &id, &pgot}) == KALENDS_OK && got.start == 20768 &&
          got.source == plugin_source);
    id = 1000101002026LL;
    CHECK(call_i32("kalends_store_get", 3, tget, (void *[]){&store, &id, &pgot}) == KALENDS_OK);

    CHECK(call_i32("kalends_view_free", 1, t1, (void *[]){&view}) == KALENDS_OK);
    CHECK(call_i32("kalends_plugin_free", 1, t1, (void *[]){&plugin}) == KALENDS_OK);
    CHECK(call_i32("kalends_plugin_free", 1, t1, (void *[]){&plugin}) == KALENDS_E_MISUSE);
    CHECK(call_i32("kalends_store_remove", 2, tpl, (void *[]){&store, &id}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_remove", 2, tpl, (void *[]){&store, &id}) == KALENDS_E_NOT_FOUND);
    CHECK(call_i32("kalends_store_clear", 1, t1, (void *[]){&store}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_count", 2, t2, (void *[]){&store, &pcount}) == KALENDS_OK && count == 0);
    CHECK(call_i32("kalends_store_free", 1, t1, (void *[]){&store}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_free", 1, t1, (void *[]){&holidays}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_count", 2, t2, (void *[]){&store, &pcount}) == KALENDS_E_MISUSE);
    CHECK(call_i32("kalends_timezone_free", 1, t1, (void *[]){&paris}) == KALENDS_OK);
    CHECK(call_i32("kalends_timezone_free", 1, t1, (void *[]){&copy}) == KALENDS_OK);
    CHECK(call_i32("kalends_timezone_free", 1, t1, (void *[]){&copy}) == KALENDS_E_MISUSE);
    CHECK(call_i32("kalends_calendar_free", 1, t1, (void *[]){&cal}) == KALENDS_OK);
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
    test_view();
    test_scroll_flow_autolayout();
    test_solver();
    test_autolayout_solving();
    test_events();
    check_coverage(argv[2]);
    return check_summary("ffi_test");
}

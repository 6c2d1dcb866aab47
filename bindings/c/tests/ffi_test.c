/* Calls EVERY function of libkalends.so dynamically: dlopen + dlsym + ffi_call, no
   link-time dependency on the library. The signatures come from the headers
   (generated/ffi_signatures.h, written by tools/abigen): a test names a function and
   passes its arguments. argv[1] is the library, argv[2] a file listing its exported
   symbols (from nm -D): they must be exactly the functions the headers declare. Every
   function is called once with zeroed arguments (a status and a message, never a
   crash), and the tests below call them with real ones. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <ffi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kalends.h"
#include "check.h"
#include "generated/ffi_signatures.h"

static void *lib;
/* Functions called with real arguments by the tests below. */
static const char *called[KALENDS_FFI_SIGNATURE_COUNT];
static int called_count;

/* The generated signature of `name`, or NULL for a function the headers do not declare. */
static kalends_ffi_signature *signature(const char *name) {
    for (int i = 0; i < KALENDS_FFI_SIGNATURE_COUNT; i++)
        if (strcmp(kalends_ffi_signatures[i].name, name) == 0) return &kalends_ffi_signatures[i];
    return NULL;
}

/* ffi_call of `name` with its header signature, returning into *ret (at least
   sizeof(ffi_arg) bytes). */
static void ffi_invoke(const char *name, void **values, void *ret) {
    kalends_ffi_signature *sig = signature(name);
    void *fn = dlsym(lib, name);
    ffi_cif cif;
    CHECK_MSG(sig != NULL, "%s is not declared by the headers", name);
    if (sig == NULL || !CHECK(fn != NULL) ||
        !CHECK(ffi_prep_cif(&cif, FFI_DEFAULT_ABI, sig->nargs, sig->returns, sig->args) == FFI_OK)) {
        memset(ret, 0, sizeof(ffi_arg));
        return;
    }
    ffi_call(&cif, FFI_FN(fn), ret, values);
}

static void call_ret(const char *name, void **values, void *ret) {
    ffi_invoke(name, values, ret);
    int seen = 0;
    for (int i = 0; i < called_count; i++) seen |= strcmp(called[i], name) == 0;
    if (!seen && called_count < KALENDS_FFI_SIGNATURE_COUNT) called[called_count++] = name;
}

/* int32_t-returning call (statuses and plain ints). */
static int32_t call_i32(const char *name, void **values) {
    ffi_arg r = 0;
    kalends_ffi_signature *sig = signature(name);
    CHECK_MSG(sig == NULL || sig->returns == &ffi_type_sint32, "%s does not return an int32_t", name);
    call_ret(name, values, &r);
    return (int32_t)r;
}

static const char *call_str(const char *name, void **values) {
    union { ffi_arg a; const char *p; } r;
    r.a = 0;
    kalends_ffi_signature *sig = signature(name);
    CHECK_MSG(sig == NULL || sig->returns == &ffi_type_pointer, "%s does not return a pointer", name);
    call_ret(name, values, &r);
    return r.p;
}

static ffi_type *P = &ffi_type_pointer, *I = &ffi_type_sint32;

/* Every function once with every argument zero (NULL pointers, 0, 0.0): a function
   returning a status fails with INVALID_ARGUMENT or MISUSE and a message, except that
   releasing NULL (the *_free functions) may succeed; functions returning a string
   return one. Nothing crashes. */
static void test_zeroed_arguments(void) {
    int statuses = 0;
    for (int i = 0; i < KALENDS_FFI_SIGNATURE_COUNT; i++) {
        kalends_ffi_signature *sig = &kalends_ffi_signatures[i];
        uint64_t zeros[KALENDS_FFI_MAX_ARGS > 0 ? KALENDS_FFI_MAX_ARGS : 1];
        void *values[KALENDS_FFI_MAX_ARGS > 0 ? KALENDS_FFI_MAX_ARGS : 1];
        for (unsigned j = 0; j < sig->nargs; j++) {
            zeros[j] = 0;
            values[j] = &zeros[j];
        }
        union { ffi_arg a; const char *p; } r;
        r.a = 0;
        ffi_invoke(sig->name, values, &r);
        if (sig->returns == &ffi_type_pointer) {
            CHECK_MSG(r.p != NULL, "%s returned NULL", sig->name);
        } else if (sig->returns_status) {
            int32_t status = (int32_t)r.a;
            size_t n = strlen(sig->name);
            int is_free = n > 5 && strcmp(sig->name + n - 5, "_free") == 0;
            CHECK_MSG(status == KALENDS_E_INVALID_ARGUMENT || status == KALENDS_E_MISUSE || (is_free && status == KALENDS_OK),
                      "%s with zeroed arguments returned %d", sig->name, (int)status);
            if (status != KALENDS_OK) {
                union { ffi_arg a; const char *p; } m;
                m.a = 0;
                ffi_invoke("kalends_last_error", NULL, &m);
                CHECK_MSG(m.p != NULL && m.p[0] != 0, "%s failed without a message", sig->name);
            }
            statuses++;
        }
    }
    printf("ffi_test: %d functions called with zeroed arguments (%d return a status)\n",
           KALENDS_FFI_SIGNATURE_COUNT, statuses);
}

static void test_versions_and_errors(void) {
    ffi_arg r = 0;
    call_ret("kalends_version", NULL, &r);
    CHECK((uint32_t)r == KALENDS_VERSION_NUMBER);
    CHECK(strcmp(call_str("kalends_version_string", NULL), "0.1.0") == 0);
    CHECK(call_i32("kalends_abi_version", NULL) == KALENDS_ABI_VERSION);
    int32_t status = KALENDS_E_OUT_OF_RANGE;
    void *vs[1] = {&status};
    CHECK(strcmp(call_str("kalends_status_string", vs), "out of range") == 0);
}

static void test_struct_layouts(void) {
    size_t size = 0, offset = 0;
    size_t *psize = &size, *poffset = &offset;
    const char *name = "kalends_event", *field = "title", *none = NULL;
    CHECK(call_i32("kalends_abi_struct_layout", (void *[]){&name, &field, &psize, &poffset}) == KALENDS_OK);
    CHECK(size == sizeof(const char *) && offset == offsetof(kalends_event, title));
    CHECK(call_i32("kalends_abi_struct_layout", (void *[]){&name, &none, &psize, &poffset}) == KALENDS_OK);
    CHECK(size == sizeof(kalends_event) && offset == 0);
}

static void test_dates(void) {
    kalends_date d;
    kalends_date *pd = &d;
    int32_t n = 20414, out = 0, year = 2024, month = 2;
    int32_t *pout = &out;
    void *v2[2] = {&n, &pd};
    CHECK(call_i32("kalends_date_from_day_number", v2) == KALENDS_OK);
    CHECK(d.year == 2025 && d.month == 11 && d.day == 22);
    void *vdp[2] = {&pd, &pout};
    CHECK(call_i32("kalends_date_day_number", vdp) == KALENDS_OK && out == 20414);
    CHECK(call_i32("kalends_date_weekday", vdp) == KALENDS_OK && out == KALENDS_SATURDAY);
    CHECK(call_i32("kalends_date_day_of_year", vdp) == KALENDS_OK && out == 326);
    kalends_week_of_year w;
    kalends_week_of_year *pw = &w;
    void *vw[2] = {&pd, &pw};
    CHECK(call_i32("kalends_date_iso_week", vw) == KALENDS_OK && w.week == 47 && w.year == 2025);

    void *vl[2] = {&year, &pout};
    CHECK(call_i32("kalends_year_is_leap", vl) == KALENDS_OK && out == 1);
    void *v3[3] = {&year, &month, &pout};
    CHECK(call_i32("kalends_year_days_in_month", v3) == KALENDS_OK && out == 29);

    /* an error through ffi, and its message */
    d.month = 13;
    CHECK(call_i32("kalends_date_day_number", vdp) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(strstr(call_str("kalends_last_error", NULL), "month 13") != NULL);
}

static void test_calendar(void) {
    kalends_calendar_options o;
    kalends_calendar_options *po = &o;
    kalends_calendar *cal = NULL;
    kalends_calendar **pcal = &cal;
    void *v1[1] = {&po};
    CHECK(call_i32("kalends_calendar_options_init", v1) == KALENDS_OK && o.struct_size == sizeof o);
    o.first_weekday = KALENDS_SUNDAY;
    o.min_days_in_first_week = 1;
    o.today_mode = KALENDS_TODAY_FIXED;
    o.today.year = 2026;
    o.today.month = 11;
    o.today.day = 22;
    void *vn[2] = {&po, &pcal};
    CHECK(call_i32("kalends_calendar_new", vn) == KALENDS_OK && cal != NULL);

    kalends_calendar_options got;
    kalends_calendar_options *pgot = &got;
    memset(&got, 0, sizeof got);
    got.struct_size = sizeof got;
    void *vg[2] = {&cal, &pgot};
    CHECK(call_i32("kalends_calendar_get_options", vg) == KALENDS_OK && got.first_weekday == KALENDS_SUNDAY);
    o.weekend_days = KALENDS_WEEKDAY_MASK_SUNDAY;
    void *vs[2] = {&cal, &po};
    CHECK(call_i32("kalends_calendar_set_options", vs) == KALENDS_OK);

    kalends_date today;
    kalends_date *ptoday = &today;
    void *vt[2] = {&cal, &ptoday};
    CHECK(call_i32("kalends_calendar_today", vt) == KALENDS_OK && today.day == 22);

    kalends_date dec31 = {2026, 12, 31};
    kalends_date *pdec31 = &dec31;
    kalends_week_of_year w;
    kalends_week_of_year *pw = &w;
    void *vw[3] = {&cal, &pdec31, &pw};
    CHECK(call_i32("kalends_calendar_week_of_year", vw) == KALENDS_OK && w.week == 1 && w.year == 2027);

    kalends_day days[KALENDS_GRID_MAX_DAYS];
    kalends_day *pdays = days;
    int32_t year = 2026, month = 11, rows = KALENDS_ROWS_VARIABLE, cap = KALENDS_GRID_MAX_DAYS, count = 0;
    int32_t *pcount = &count;
    void *vgr[7] = {&cal, &year, &month, &rows, &pdays, &cap, &pcount};
    CHECK(call_i32("kalends_calendar_month_grid", vgr) == KALENDS_OK && count == 35);
    CHECK(days[0].date.day == 1 && days[0].weekday == KALENDS_SUNDAY && (days[0].flags & KALENDS_DAY_WEEKEND));
    CHECK(days[21].date.day == 22 && (days[21].flags & KALENDS_DAY_TODAY));

    kalends_day_range range;
    kalends_day_range *prange = &range;
    void *vr[5] = {&cal, &year, &month, &rows, &prange};
    CHECK(call_i32("kalends_calendar_month_range", vr) == KALENDS_OK);
    CHECK(range.first == days[0].day_number && range.last == days[34].day_number);
    void *vwg[5] = {&cal, &pdec31, &pdays, &cap, &pcount};
    CHECK(call_i32("kalends_calendar_week_grid", vwg) == KALENDS_OK && count == 7);
    CHECK(days[0].date.day == 27 && days[6].date.year == 2027 && (days[6].flags & KALENDS_DAY_TRAILING));
    void *vwr[3] = {&cal, &pdec31, &prange};
    CHECK(call_i32("kalends_calendar_week_range", vwr) == KALENDS_OK && range.first == days[0].day_number);

    void *vf[1] = {&cal};
    CHECK(call_i32("kalends_calendar_free", vf) == KALENDS_OK);
    CHECK(call_i32("kalends_calendar_free", vf) == KALENDS_E_MISUSE);
}

/* A libffi closure used as the did_select callback: counts calls in user_data. */
static void did_select_handler(ffi_cif *cif, void *ret, void **args, void *userdata) {
    (void)cif;
    (void)userdata;
    int *calls = *(int **)args[0];
    (*calls)++;
    *(ffi_arg *)ret = (ffi_arg)KALENDS_OK;
}


static void test_view(void) {
    kalends_view_options vo;
    kalends_view_metrics vm;
    kalends_view_options *pvo = &vo;
    kalends_view_metrics *pvm = &vm;
    void *v1o[1] = {&pvo}, *v1m[1] = {&pvm};
    CHECK(call_i32("kalends_view_options_init", v1o) == KALENDS_OK && vo.struct_size == sizeof vo);
    CHECK(call_i32("kalends_view_metrics_init", v1m) == KALENDS_OK && vm.header_height == 44);
    vm.width = 350;
    vo.selection_mode = KALENDS_SELECTION_MULTIPLE;
    vo.has_min_date = 1;
    vo.min_date.year = 2020;
    vo.min_date.month = 1;
    vo.min_date.day = 1;

    kalends_calendar_options co;
    kalends_calendar_options *pco = &co;
    CHECK(call_i32("kalends_calendar_options_init", (void *[]){&pco}) == KALENDS_OK);
    co.today_mode = KALENDS_TODAY_FIXED;
    co.today.year = 2026;
    co.today.month = 11;
    co.today.day = 22;
    kalends_calendar *cal = NULL;
    kalends_calendar **pcal = &cal;
    void *vcn[2] = {&pco, &pcal};
    CHECK(call_i32("kalends_calendar_new", vcn) == KALENDS_OK);

    kalends_view *view = NULL;
    kalends_view **pview = &view;
    void *vn[4] = {&cal, &pvo, &pvm, &pview};
    CHECK(call_i32("kalends_view_new", vn) == KALENDS_OK && view != NULL);

    kalends_view_options got;
    kalends_view_options *pgot = &got;
    got.struct_size = sizeof got;
    void *vg[2] = {&view, &pgot};
    CHECK(call_i32("kalends_view_get_options", vg) == KALENDS_OK && got.selection_mode == KALENDS_SELECTION_MULTIPLE);
    got.rows = KALENDS_ROWS_VARIABLE;
    CHECK(call_i32("kalends_view_set_options", vg) == KALENDS_OK);
    kalends_view_metrics gm;
    kalends_view_metrics *pgm = &gm;
    gm.struct_size = sizeof gm;
    void *vgm[2] = {&view, &pgm};
    CHECK(call_i32("kalends_view_get_metrics", vgm) == KALENDS_OK && gm.width == 350);
    gm.width = 700;
    CHECK(call_i32("kalends_view_set_metrics", vgm) == KALENDS_OK);
    void *vsc[2] = {&view, &cal};
    CHECK(call_i32("kalends_view_set_calendar", vsc) == KALENDS_OK);

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
    CHECK(call_i32("kalends_view_set_callbacks", vcb) == KALENDS_OK);

    kalends_date d = {2026, 11, 18};
    kalends_date *pd = &d;
    kalends_action act;
    kalends_action *pact = &act;
    void *vsel[3] = {&view, &pd, &pact};
    CHECK(call_i32("kalends_view_select", vsel) == KALENDS_OK && act.outcome == KALENDS_OUTCOME_SELECTED);
    CHECK(calls == 1);
    kalends_selection sel;
    kalends_selection *psel = &sel;
    void *vs[2] = {&view, &psel};
    CHECK(call_i32("kalends_view_selection", vs) == KALENDS_OK && sel.count == 1);
    int32_t days[64], count = 0, cap = 64;
    int32_t *pdays = days, *pcount = &count;
    void *vl[4] = {&view, &pdays, &cap, &pcount};
    CHECK(call_i32("kalends_view_selected_days", vl) == KALENDS_OK && count == 1);
    CHECK(call_i32("kalends_view_deselect", vsel) == KALENDS_OK && act.outcome == KALENDS_OUTCOME_DESELECTED);
    CHECK(call_i32("kalends_view_select", vsel) == KALENDS_OK);
    void *vv[1] = {&view};
    CHECK(call_i32("kalends_view_clear_selection", vv) == KALENDS_OK);
    CHECK(call_i32("kalends_view_selection", vs) == KALENDS_OK && sel.count == 0);

    int32_t marks[2] = {20779, 20780}, two = 2;
    int32_t *pmarks = marks;
    void *vsd[3] = {&view, &pmarks, &two};
    CHECK(call_i32("kalends_view_set_highlighted", vsd) == KALENDS_OK);
    CHECK(call_i32("kalends_view_highlighted", vl) == KALENDS_OK && count == 2 && days[1] == 20780);
    CHECK(call_i32("kalends_view_set_disabled", vsd) == KALENDS_OK);
    CHECK(call_i32("kalends_view_disabled", vl) == KALENDS_OK && count == 2);

    int32_t mode = KALENDS_MODE_WEEK;
    kalends_mode_change mc;
    kalends_mode_change *pmc = &mc;
    void *vm3[3] = {&view, &mode, &pmc};
    CHECK(call_i32("kalends_view_set_mode", vm3) == KALENDS_OK && mc.to == KALENDS_MODE_WEEK && mc.has_heights);
    kalends_page page;
    kalends_page *ppage = &page;
    void *vp[2] = {&view, &ppage};
    CHECK(call_i32("kalends_view_page", vp) == KALENDS_OK && page.last - page.first == 6);
    kalends_transition tr;
    kalends_transition *ptr = &tr;
    void *vt[2] = {&view, &ptr};
    CHECK(call_i32("kalends_view_next_page", vt) == KALENDS_OK && tr.direction == KALENDS_DIRECTION_FORWARD);
    CHECK(call_i32("kalends_view_previous_page", vt) == KALENDS_OK && tr.direction == KALENDS_DIRECTION_BACKWARD);
    kalends_date newyear = {2027, 1, 1};
    kalends_date *pny = &newyear;
    void *vgo[3] = {&view, &pny, &ptr};
    CHECK(call_i32("kalends_view_go_to", vgo) == KALENDS_OK && tr.to.year == 2027);
    CHECK(call_i32("kalends_view_go_to_today", vt) == KALENDS_OK && tr.to.year == 2026);
    kalends_date focus;
    kalends_date *pfocus = &focus;
    void *vf[2] = {&view, &pfocus};
    CHECK(call_i32("kalends_view_focus", vf) == KALENDS_OK && focus.day == 22);
    int32_t key = KALENDS_KEY_DOWN;
    void *vk[3] = {&view, &key, &pact};
    CHECK(call_i32("kalends_view_key", vk) == KALENDS_OK && act.outcome == KALENDS_OUTCOME_MOVED);

    kalends_day grid[KALENDS_GRID_MAX_DAYS];
    kalends_day *pgrid = grid;
    int32_t gcap = KALENDS_GRID_MAX_DAYS;
    void *vd[4] = {&view, &pgrid, &gcap, &pcount};
    CHECK(call_i32("kalends_view_days", vd) == KALENDS_OK && count == 7);
    CHECK((grid[0].flags & KALENDS_DAY_FOCUSED) || (grid[6].flags & KALENDS_DAY_FOCUSED) ||
          (grid[3].flags & KALENDS_DAY_FOCUSED) || count == 7);
    kalends_size size;
    kalends_size *psize = &size;
    void *vsz[2] = {&view, &psize};
    CHECK(call_i32("kalends_view_intrinsic_size", vsz) == KALENDS_OK && size.width == 700 && size.height == 164);
    kalends_element el[128];
    kalends_element *pel = el;
    int32_t ecap = 128;
    void *vla[4] = {&view, &pel, &ecap, &pcount};
    CHECK(call_i32("kalends_view_layout", vla) == KALENDS_OK && count == 4 + 7 + 7);
    double x = el[12].frame.x + 1, y = el[12].frame.y + 1;
    kalends_element hit;
    kalends_element *phit = &hit;
    void *vh[4] = {&view, &x, &y, &phit};
    CHECK(call_i32("kalends_view_hit_test", vh) == KALENDS_OK && hit.kind == KALENDS_ELEMENT_DAY && hit.index == 1);
    void *vtap[5] = {&view, &x, &y, &phit, &pact};
    CHECK(call_i32("kalends_view_tap", vtap) == KALENDS_OK && act.outcome == KALENDS_OUTCOME_SELECTED);
    CHECK(calls == 3);
    double progress = 0.5, height = 0;
    int32_t curve = KALENDS_CURVE_SPRING;
    double *pheight = &height;
    void *vtl[7] = {&view, &progress, &curve, &pel, &ecap, &pcount, &pheight};
    CHECK(call_i32("kalends_view_transition_layout", vtl) == KALENDS_OK && count > 0 && height > 0);
    char text[80];
    char *ptext = text;
    size_t tcap = sizeof text, length = 0;
    size_t *plength = &length;
    void *val[5] = {&view, &pd, &ptext, &tcap, &plength};
    CHECK(sizeof(size_t) == 8);
    CHECK(call_i32("kalends_view_accessibility_label", val) == KALENDS_OK);
    CHECK(strcmp(text, "Wednesday, 18 November 2026") == 0 && length == strlen(text));
    double eased = -1, half = 0.5;
    double *peased = &eased;
    int32_t linear = KALENDS_CURVE_EASE_IN_OUT;
    void *vcv[3] = {&linear, &half, &peased};
    CHECK(call_i32("kalends_curve_value", vcv) == KALENDS_OK && eased > 0.4999 && eased < 0.5001);

    CHECK(call_i32("kalends_view_free", vv) == KALENDS_OK);
    CHECK(call_i32("kalends_view_free", vv) == KALENDS_E_MISUSE);
    ffi_closure_free(closure);
    CHECK(call_i32("kalends_calendar_free", (void *[]){&cal}) == KALENDS_OK);
}

static void test_scroll_flow_autolayout(void) {
    kalends_scroll_options so;
    kalends_scroll_options *pso = &so;
    CHECK(call_i32("kalends_scroll_options_init", (void *[]){&pso}) == KALENDS_OK && so.struct_size == sizeof so);
    so.first_month.year = 2026;
    so.first_month.month = 1;
    so.has_last_month = 1;
    so.last_month.year = 2026;
    so.last_month.month = 12;
    so.last_month.day = 31;
    kalends_view_metrics vm;
    kalends_view_metrics *pvm = &vm;
    CHECK(call_i32("kalends_view_metrics_init", (void *[]){&pvm}) == KALENDS_OK);
    vm.width = 350;
    kalends_scroll *scroll = NULL;
    kalends_scroll **pscroll = &scroll;
    void *nocal = NULL;
    CHECK(call_i32("kalends_scroll_new", (void *[]){&nocal, &pso, &pvm, &pscroll}) == KALENDS_OK);
    int32_t months = 0, unbounded = -1;
    int32_t *pmonths = &months, *punbounded = &unbounded;
    CHECK(call_i32("kalends_scroll_month_count", (void *[]){&scroll, &pmonths}) == KALENDS_OK && months == 12);
    kalends_size size;
    kalends_size *psize = &size;
    CHECK(call_i32("kalends_scroll_content_size", (void *[]){&scroll, &psize, &punbounded}) == KALENDS_OK);
    CHECK(unbounded == 0 && size.height > 12 * 300);
    kalends_rect vp = {0, 0, 350, 400};
    kalends_rect *pvp = &vp;
    kalends_element el[128];
    kalends_element *pel = el;
    int32_t cap = 128, count = 0;
    int32_t *pcount = &count;
    CHECK(call_i32("kalends_scroll_elements", (void *[]){&scroll, &pvp, &pel, &cap, &pcount}) == KALENDS_OK);
    CHECK(count > 40 && el[0].kind == KALENDS_ELEMENT_MONTH_HEADER);
    kalends_day_range range;
    kalends_day_range *prange = &range;
    CHECK(call_i32("kalends_scroll_visible_days", (void *[]){&scroll, &pvp, &prange}) == KALENDS_OK);
    CHECK(range.last - range.first >= 27);
    kalends_date first, last;
    kalends_date *pfirst = &first, *plast = &last;
    CHECK(call_i32("kalends_scroll_visible_months", (void *[]){&scroll, &pvp, &pfirst, &plast}) == KALENDS_OK);
    CHECK(first.month == 1 && last.month >= 1);
    kalends_date march = {2026, 3, 10};
    kalends_date *pmarch = &march;
    int32_t position = KALENDS_SCROLL_CENTER;
    double length = 500, offset = -1;
    double *poffset = &offset;
    CHECK(call_i32("kalends_scroll_offset", (void *[]){&scroll, &pmarch, &position, &length, &poffset}) ==
          KALENDS_OK && offset > 500);
    CHECK(call_i32("kalends_scroll_free", (void *[]){&scroll}) == KALENDS_OK);

    kalends_flow_options fo;
    kalends_flow_options *pfo = &fo;
    CHECK(call_i32("kalends_flow_options_init", (void *[]){&pfo}) == KALENDS_OK);
    fo.max_width = 100;
    kalends_size items[3] = {{60, 20}, {60, 20}, {60, 20}};
    kalends_size *pitems = items;
    int32_t n = 3;
    kalends_rect frames[3];
    kalends_rect *pframes = frames;
    CHECK(call_i32("kalends_flow_layout", (void *[]){&pitems, &n, &pfo, &pframes, &n, &pcount, &psize}) ==
          KALENDS_OK && size.height == 60);
    kalends_size box = {130, 20}, more = {30, 20};
    kalends_size *pbox = &box, *pmore = &more;
    kalends_flow_fit_result fit;
    kalends_flow_fit_result *pfit = &fit;
    fo.max_width = 0;
    CHECK(call_i32("kalends_flow_fit", (void *[]){&pitems, &n, &pfo, &pbox, &pmore, &pframes, &n, &pcount, &pfit}) ==
          KALENDS_OK && count == 1 && fit.hidden == 2 && fit.has_more == 1);

    kalends_constraint c;
    kalends_constraint *pc = &c;
    CHECK(call_i32("kalends_constraint_init", (void *[]){&pc}) == KALENDS_OK && c.priority == 1000);
    kalends_autolayout *layout = NULL;
    kalends_autolayout **playout = &layout;
    CHECK(call_i32("kalends_autolayout_new", (void *[]){&playout}) == KALENDS_OK);
    int32_t item = 0, none = KALENDS_ITEM_NONE, screen = KALENDS_ITEM_SCREEN;
    int32_t *pitem = &item;
    CHECK(call_i32("kalends_autolayout_add_item", (void *[]){&layout, &none, &pitem}) == KALENDS_OK && item == 2);
    double w = 390, h = 844;
    CHECK(call_i32("kalends_autolayout_set_item_size", (void *[]){&layout, &screen, &w, &h}) == KALENDS_OK);
    c.first_item = item;
    c.first_attribute = KALENDS_ATTRIBUTE_WIDTH;
    c.alt_item = KALENDS_ITEM_SCREEN;
    c.alt_basis = KALENDS_BASIS_WIDTH;
    c.alt_multiplier = 0.5;
    int32_t id = 0;
    int32_t *pid = &id;
    CHECK(call_i32("kalends_autolayout_add_constraint", (void *[]){&layout, &pc, &pid}) == KALENDS_OK);
    double value = 0;
    double *pvalue = &value;
    CHECK(call_i32("kalends_autolayout_constant", (void *[]){&layout, &id, &pvalue}) == KALENDS_OK && value == 195);
    CHECK(call_i32("kalends_autolayout_set_item_size", (void *[]){&layout, &screen, &h, &w}) == KALENDS_OK);
    kalends_constant_change changes[4];
    kalends_constant_change *pchanges = changes;
    int32_t ccap = 4;
    CHECK(call_i32("kalends_autolayout_update_constants", (void *[]){&layout, &pchanges, &ccap, &pcount}) ==
          KALENDS_OK && count == 1 && changes[0].new_value == 422);
    CHECK(call_i32("kalends_autolayout_remove_constraint", (void *[]){&layout, &id}) == KALENDS_OK);
    CHECK(call_i32("kalends_autolayout_free", (void *[]){&layout}) == KALENDS_OK);
}

/* The solver through libffi: x == 10 + y, y >= 3, x weakly 0; an edit; a contradiction. */
static void test_solver(void) {
    double s = 0;
    double *ps = &s, one = 1, zero = 0, weight = 1;
    CHECK(call_i32("kalends_strength", (void *[]){&one, &zero, &zero, &weight, &ps}) == KALENDS_OK &&
          s == KALENDS_STRENGTH_STRONG);
    kalends_solver *solver = NULL;
    kalends_solver **psolver = &solver;
    CHECK(call_i32("kalends_solver_new", (void *[]){&psolver}) == KALENDS_OK && solver != NULL);
    int32_t two = 2, first = -1, count = 0;
    int32_t *pfirst = &first, *pcount = &count;
    CHECK(call_i32("kalends_solver_add_variables", (void *[]){&solver, &two, &pfirst}) == KALENDS_OK && first == 0);
    CHECK(call_i32("kalends_solver_variable_count", (void *[]){&solver, &pcount}) == KALENDS_OK && count == 2);
    kalends_term xy[2] = {{0, 0, 1.0}, {1, 0, -1.0}}, y[1] = {{1, 0, 1.0}}, x[1] = {{0, 0, 1.0}};
    const kalends_term *pxy = xy, *py = y, *px = x;
    int32_t n1 = 1, n2 = 2, eq = KALENDS_RELATION_EQUAL, ge = KALENDS_RELATION_GREATER_OR_EQUAL, id = 0, id2 = 0;
    int32_t *pid = &id, *pid2 = &id2;
    double c10 = -10, c3 = -3, c0 = 0, required = KALENDS_STRENGTH_REQUIRED, weak = KALENDS_STRENGTH_WEAK;
    CHECK(call_i32("kalends_solver_constraint_new", (void *[]){&solver, &pxy, &n2, &c10, &eq, &required, &pid}) ==
          KALENDS_OK);
    CHECK(call_i32("kalends_solver_add_constraint", (void *[]){&solver, &id}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_add_constraint_terms", (void *[]){&solver, &py, &n1, &c3, &ge, &required, &pid2}) ==
          KALENDS_OK);
    int32_t weak_id = 0;
    int32_t *pweak = &weak_id;
    CHECK(call_i32("kalends_solver_add_constraint_terms", (void *[]){&solver, &px, &n1, &c0, &eq, &weak, &pweak}) ==
          KALENDS_OK);
    int32_t has = -1;
    int32_t *phas = &has;
    CHECK(call_i32("kalends_solver_has_constraint", (void *[]){&solver, &id2, &phas}) == KALENDS_OK && has == 1);
    double mirror[2] = {0, 0}, values[2] = {0, 0};
    double *pmirror = mirror, *pvalues = values;
    int32_t changed = 0;
    int32_t *pchanged = &changed;
    CHECK(call_i32("kalends_solver_update_variables", (void *[]){&solver, &pmirror, &n2, &pchanged}) == KALENDS_OK &&
          changed == 2 && mirror[0] == 13 && mirror[1] == 3);
    int32_t zero_i = 0;
    CHECK(call_i32("kalends_solver_values", (void *[]){&solver, &zero_i, &n2, &pvalues}) == KALENDS_OK &&
          values[0] == 13 && values[1] == 3);
    double strong = KALENDS_STRENGTH_STRONG, forty = 40;
    CHECK(call_i32("kalends_solver_add_edit_variable", (void *[]){&solver, &first, &strong}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_has_edit_variable", (void *[]){&solver, &first, &phas}) == KALENDS_OK && has == 1);
    CHECK(call_i32("kalends_solver_suggest_value", (void *[]){&solver, &first, &forty}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_update_variables", (void *[]){&solver, &pmirror, &n2, &pchanged}) == KALENDS_OK &&
          changed == 2 && mirror[0] == 40 && mirror[1] == 30);
    int32_t edited[1] = {0};
    double fifty[1] = {50};
    int32_t *pedited = edited;
    double *pfifty = fifty;
    CHECK(call_i32("kalends_solver_suggest_values", (void *[]){&solver, &pedited, &pfifty, &n1}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_update_variables", (void *[]){&solver, &pmirror, &n2, &pchanged}) == KALENDS_OK &&
          changed == 2 && mirror[0] == 50 && mirror[1] == 40);
    CHECK(call_i32("kalends_solver_remove_edit_variable", (void *[]){&solver, &first}) == KALENDS_OK);
    /* y <= 2 contradicts y >= 3 */
    double c2 = -2;
    int32_t le = KALENDS_RELATION_LESS_OR_EQUAL, bad = 0;
    int32_t *pbad = &bad;
    CHECK(call_i32("kalends_solver_add_constraint_terms", (void *[]){&solver, &py, &n1, &c2, &le, &required, &pbad}) ==
          KALENDS_E_UNSATISFIABLE && bad == 0);
    char text[4096];
    char *ptext = text;
    size_t cap = sizeof text, length = 0;
    size_t *plength = &length;
    CHECK(call_i32("kalends_solver_dump", (void *[]){&solver, &ptext, &cap, &plength}) == KALENDS_OK &&
          length > 0 && strstr(text, "Objective") != NULL);
    CHECK(call_i32("kalends_solver_remove_constraint", (void *[]){&solver, &id2}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_constraint_forget", (void *[]){&solver, &id}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_reset", (void *[]){&solver}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_has_constraint", (void *[]){&solver, &weak_id, &phas}) == KALENDS_OK && has == 0);
    CHECK(call_i32("kalends_solver_free", (void *[]){&solver}) == KALENDS_OK);
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
    kalends_autolayout *l = NULL;
    kalends_autolayout **pl = &l;
    CHECK(call_i32("kalends_autolayout_new", (void *[]){&pl}) == KALENDS_OK);
    int32_t none = KALENDS_ITEM_NONE, a = 0, b = 0;
    int32_t *pa = &a, *pb = &b;
    CHECK(call_i32("kalends_autolayout_add_item", (void *[]){&l, &none, &pa}) == KALENDS_OK);
    CHECK(call_i32("kalends_autolayout_add_item", (void *[]){&l, &a, &pb}) == KALENDS_OK);
    double w = 200, h = 30, minus = KALENDS_NO_INTRINSIC_METRIC;
    CHECK(call_i32("kalends_autolayout_set_intrinsic_size", (void *[]){&l, &a, &w, &h}) == KALENDS_OK);
    int32_t kind = KALENDS_CONTENT_HUGGING, axis = KALENDS_LAYOUT_VERTICAL;
    double prio = 500;
    CHECK(call_i32("kalends_autolayout_set_priority", (void *[]){&l, &a, &kind, &axis, &prio}) == KALENDS_OK);
    double first = 12;
    CHECK(call_i32("kalends_autolayout_set_baselines", (void *[]){&l, &a, &first, &minus}) == KALENDS_OK);
    void *fn = (void *)(uintptr_t)ffi_measure, *user = NULL;
    CHECK(call_i32("kalends_autolayout_set_measure", (void *[]){&l, &b, &fn, &user}) == KALENDS_OK);
    kalends_view *view = NULL;
    CHECK(call_i32("kalends_autolayout_set_view", (void *[]){&l, &b, &view}) == KALENDS_OK); /* detach: none */
    CHECK(call_i32("kalends_autolayout_set_measure", (void *[]){&l, &b, &fn, &user}) == KALENDS_OK);
    int32_t one = 1, zero = 0;
    CHECK(call_i32("kalends_autolayout_set_right_to_left", (void *[]){&l, &one}) == KALENDS_OK);
    CHECK(call_i32("kalends_autolayout_set_right_to_left", (void *[]){&l, &zero}) == KALENDS_OK);
    int32_t broken = -1, policy = KALENDS_POLICY_BREAK_LOWEST;
    void *bfn = (void *)(uintptr_t)ffi_broken, *buser = &broken;
    CHECK(call_i32("kalends_autolayout_set_policy", (void *[]){&l, &policy, &bfn, &buser}) == KALENDS_OK);
    CHECK(call_i32("kalends_autolayout_solve", (void *[]){&l}) == KALENDS_OK);
    kalends_rect frame;
    kalends_rect *pframe = &frame;
    CHECK(call_i32("kalends_autolayout_frame", (void *[]){&l, &a, &pframe}) == KALENDS_OK && frame.width == 200 &&
          frame.height == 30);
    CHECK(call_i32("kalends_autolayout_frame", (void *[]){&l, &b, &pframe}) == KALENDS_OK && frame.width == 50 &&
          frame.height == 20);
    kalends_size target = {100, 0}, size;
    kalends_size *ptarget = &target, *psize = &size;
    double required = KALENDS_PRIORITY_REQUIRED, fitting = KALENDS_PRIORITY_FITTING;
    CHECK(call_i32("kalends_autolayout_fitting_size", (void *[]){&l, &b, &ptarget, &required, &fitting, &psize}) ==
          KALENDS_OK && size.width == 100 && size.height == 10);
    CHECK(broken == -1);
    CHECK(call_i32("kalends_autolayout_free", (void *[]){&l}) == KALENDS_OK);
}

/* ---- time zones, the event store, bars, timeline, sources, plugins ------------- */

#ifndef KALENDS_PLUGIN_DIR
#error "KALENDS_PLUGIN_DIR (the directory of the built plugins) must be defined by the Makefile"
#endif
#ifndef KALENDS_RULES_DIR
#error "KALENDS_RULES_DIR (plugins/rules) must be defined by the Makefile"
#endif


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
    CHECK(sizeof(size_t) == 8);

    /* time zones: by name, and from the bytes of the same TZif file */
    const char *paris_name = "Europe/Paris";
    kalends_timezone *paris = NULL, *copy = NULL;
    kalends_timezone **pparis = &paris, **pcopy = &copy;
    CHECK(call_i32("kalends_timezone_new", (void *[]){&paris_name, &pparis}) == KALENDS_OK && paris != NULL);
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
    CHECK(call_i32("kalends_timezone_from_tzif", (void *[]){&ptzif, &tzif_length, &copy_name, &pcopy}) ==
          KALENDS_OK && copy != NULL);
    char name[64];
    char *pname = name;
    size_t name_cap = sizeof name, name_length = 0;
    size_t *pname_length = &name_length;
    CHECK(call_i32("kalends_timezone_name", (void *[]){&paris, &pname, &name_cap, &pname_length}) == KALENDS_OK);
    CHECK(strcmp(name, "Europe/Paris") == 0 && name_length == 12);
    CHECK(call_i32("kalends_timezone_name", (void *[]){&copy, &pname, &name_cap, &pname_length}) == KALENDS_OK);
    CHECK(strcmp(name, "Paris from bytes") == 0 && name_length == 16);
    /* 2026-03-29T01:00:00Z (day 20541 * 86400 + 3600): CET becomes CEST */
    int64_t switch_instant = 1774746000, before = 1774745999;
    int32_t east = 0, dst = -1, local_day = 0, seconds = -1;
    int32_t *peast = &east, *pdst = &dst, *plocal_day = &local_day, *pseconds = &seconds;
    CHECK(call_i32("kalends_timezone_offset", (void *[]){&copy, &before, &peast, &pdst}) == KALENDS_OK &&
          east == 3600 && dst == 0);
    CHECK(call_i32("kalends_timezone_offset", (void *[]){&copy, &switch_instant, &peast, &pdst}) == KALENDS_OK &&
          east == 7200 && dst == 1);
    CHECK(call_i32("kalends_timezone_local_day", (void *[]){&paris, &switch_instant, &plocal_day, &pseconds}) ==
          KALENDS_OK && local_day == 20541 && seconds == 3 * 3600);
    int32_t march29 = 20541;
    int64_t midnight = 0;
    int64_t *pmidnight = &midnight;
    CHECK(call_i32("kalends_timezone_day_start", (void *[]){&paris, &march29, &pmidnight}) == KALENDS_OK &&
          midnight == 1774742400 - 3600);
    /* 2026-03-29 02:30 in Paris is skipped: read at +01:00, 01:30Z */
    int32_t half_past_two = 2 * 3600 + 1800;
    int64_t wall = 0;
    int64_t *pwall = &wall;
    CHECK(call_i32("kalends_timezone_instant", (void *[]){&paris, &march29, &half_past_two, &pwall}) ==
              KALENDS_OK && wall == 1774742400 + 3600 + 1800);

    /* the store */
    kalends_store *store = NULL;
    kalends_store **pstore = &store;
    CHECK(call_i32("kalends_store_new", (void *[]){&pstore}) == KALENDS_OK && store != NULL);
    /* 2026-11-10 is day 20767; 09:00 Paris (UTC+1) is 08:00Z */
    int64_t nov10 = 20767, nov10_9h = 20767LL * 86400 + 8 * 3600;
    kalends_event timed = ffi_event(1, 0, nov10_9h, nov10_9h + 3600, 0xFF0000FFu, "meeting");
    kalends_event *ptimed = &timed;
    CHECK(call_i32("kalends_store_add", (void *[]){&store, &ptimed}) == KALENDS_OK);
    kalends_event batch[2] = {ffi_event(2, 1, nov10, nov10 + 1, 0x0000FFFFu, "trip"),
                              ffi_event(3, 0, nov10_9h + 1800, nov10_9h + 5400, 0x00FF00FFu, "call")};
    kalends_event *pbatch = batch;
    int32_t two = 2;
    CHECK(call_i32("kalends_store_add_events", (void *[]){&store, &pbatch, &two}) == KALENDS_OK);
    timed.title = "moved meeting";
    CHECK(call_i32("kalends_store_update", (void *[]){&store, &ptimed}) == KALENDS_OK);
    int32_t count = -1;
    int32_t *pcount = &count;
    CHECK(call_i32("kalends_store_count", (void *[]){&store, &pcount}) == KALENDS_OK && count == 3);
    kalends_event got;
    kalends_event *pgot = &got;
    int64_t id = 1;
    CHECK(call_i32("kalends_store_get", (void *[]){&store, &id, &pgot}) == KALENDS_OK);
    CHECK(got.id == 1 && got.start == nov10_9h && strcmp(got.title, "moved meeting") == 0);
    kalends_event found[8];
    kalends_event *pfound = found;
    int32_t day = (int32_t)nov10, cap = 8;
    CHECK(call_i32("kalends_store_query", (void *[]){&store, &paris, &day, &day, &pfound, &cap, &pcount}) ==
          KALENDS_OK && count == 3);
    CHECK(found[0].id == 2 && found[1].id == 1 && found[2].id == 3); /* all-day first, then by start */
    int64_t ids[8] = {0};
    int64_t *pids = ids;
    uint64_t version = 0, again = 0, of_query = 1;
    uint64_t *pversion = &version, *pagain = &again, *pof_query = &of_query;
    CHECK(call_i32("kalends_store_query_ids", (void *[]){&store, &paris, &day, &day, &pids, &cap, &pcount,
                                                             &pof_query}) == KALENDS_OK &&
          count == 3 && ids[0] == 2 && ids[1] == 1 && ids[2] == 3);
    CHECK(call_i32("kalends_store_version", (void *[]){&store, &pversion}) == KALENDS_OK && version == of_query);
    int32_t indexes[8] = {-1, -1, -1};
    int32_t *pindexes = indexes;
    CHECK(call_i32("kalends_store_query_indexes", (void *[]){&store, &paris, &day, &day, &pindexes, &cap, &pcount,
                                                                 &pof_query}) == KALENDS_OK && count == 3);
    kalends_event at;
    kalends_event *pat = &at;
    uint64_t at_version = 0;
    uint64_t *pat_version = &at_version;
    for (int i = 0; i < 3; i++)
        CHECK(call_i32("kalends_store_get_at", (void *[]){&store, &indexes[i], &pat, &pat_version}) ==
                  KALENDS_OK && at.id == ids[i] && at_version == of_query);
    CHECK(call_i32("kalends_store_update", (void *[]){&store, &ptimed}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_version", (void *[]){&store, &pagain}) == KALENDS_OK && again != version);
    int32_t counts[2] = {-1, -1}, max_colors = 2, days = 2, next = day + 1;
    uint32_t colors[4];
    int32_t *pcounts = counts;
    uint32_t *pcolors = colors;
    CHECK(call_i32("kalends_store_dots", (void *[]){&store, &paris, &day, &next, &max_colors, &pcounts, &pcolors,
                                                          &days}) == KALENDS_OK);
    CHECK(counts[0] == 3 && counts[1] == 1 && colors[0] == 0x0000FFFFu && colors[1] == 0xFF0000FFu &&
          colors[2] == 0x0000FFFFu && colors[3] == 0);

    /* options and the day timeline */
    kalends_bar_options bo;
    kalends_timeline_options to;
    kalends_bar_options *pbo = &bo;
    kalends_timeline_options *pto = &to;
    CHECK(call_i32("kalends_bar_options_init", (void *[]){&pbo}) == KALENDS_OK && bo.struct_size == sizeof bo &&
          bo.max_lanes == 3 && bo.bar_height == 14);
    CHECK(call_i32("kalends_timeline_options_init", (void *[]){&pto}) == KALENDS_OK && to.struct_size == sizeof to &&
          to.last_hour == 24 && to.width == 320 && to.hour_height == 48);
    kalends_timeline_item items[4];
    kalends_timeline_item *pitems = items;
    int32_t icap = 4;
    CHECK(call_i32("kalends_store_timeline", (void *[]){&store, &paris, &day, &pto, &pitems, &icap, &pcount}) ==
          KALENDS_OK && count == 2);
    /* 09:00-10:00 and 09:30-10:30 overlap: two columns */
    CHECK(items[0].event == 1 && items[0].column == 0 && items[0].columns == 2 && items[0].frame.y == 9 * 48);
    CHECK(items[1].event == 3 && items[1].column == 1 && near(items[1].frame.y, 9.5 * 48) &&
          near(items[1].frame.height, 48));

    /* a view with the store, a source and the month bars */
    kalends_calendar_options co;
    kalends_calendar_options *pco = &co;
    CHECK(call_i32("kalends_calendar_options_init", (void *[]){&pco}) == KALENDS_OK);
    co.today_mode = KALENDS_TODAY_FIXED;
    co.today.year = 2026;
    co.today.month = 11;
    co.today.day = 22;
    kalends_calendar *cal = NULL;
    kalends_calendar **pcal = &cal;
    CHECK(call_i32("kalends_calendar_new", (void *[]){&pco, &pcal}) == KALENDS_OK);
    kalends_view_metrics vm;
    kalends_view_metrics *pvm = &vm;
    CHECK(call_i32("kalends_view_metrics_init", (void *[]){&pvm}) == KALENDS_OK);
    vm.width = 350;
    kalends_view *view = NULL;
    kalends_view **pview = &view;
    void *none = NULL;
    CHECK(call_i32("kalends_view_new", (void *[]){&cal, &none, &pvm, &pview}) == KALENDS_OK);
    CHECK(call_i32("kalends_view_set_store", (void *[]){&view, &store, &paris}) == KALENDS_OK);
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
    CHECK(call_i32("kalends_view_add_source", (void *[]){&view, &psrc, &psource_id}) == KALENDS_OK);
    CHECK(source_id > 0 && calls == 1);
    /* the page of November 2026 starts on Monday 2026-10-26 (day 20752): the event is on 10-28 */
    id = 900;
    CHECK(call_i32("kalends_store_get", (void *[]){&store, &id, &pgot}) == KALENDS_OK);
    CHECK(got.start == 20754 && got.source == source_id && strcmp(got.title, "from a source") == 0);
    int32_t pending = -1;
    int32_t *ppending = &pending;
    CHECK(call_i32("kalends_view_pending_requests", (void *[]){&view, &ppending}) == KALENDS_OK && pending == 0);
    kalends_event_bar bars[16];
    kalends_event_more more[4];
    kalends_event_bar *pbars = bars;
    kalends_event_more *pmore = more;
    int32_t bar_cap = 16, bar_count = -1, more_cap = 4, more_count = -1;
    int32_t *pbar_count = &bar_count, *pmore_count = &more_count;
    CHECK(call_i32("kalends_view_event_bars", (void *[]){&view, &store, &paris, &pbo, &pbars, &bar_cap, &pbar_count,
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
    CHECK(call_i32("kalends_view_remove_source", (void *[]){&view, &source_id}) == KALENDS_OK && calls == 101);
    CHECK(call_i32("kalends_view_remove_source", (void *[]){&view, &source_id}) == KALENDS_E_NOT_FOUND);

    /* plugins: the C holiday plugin with the US rules */
    char path[1024], rules[1024];
    snprintf(path, sizeof path, "%s/libholidays_c.so", KALENDS_PLUGIN_DIR);
    snprintf(rules, sizeof rules, "%s/us.rules", KALENDS_RULES_DIR);
    const char *ppath = path, *prules = rules;
    kalends_plugin *plugin = NULL;
    kalends_plugin **pplugin = &plugin;
    CHECK(call_i32("kalends_plugin_load", (void *[]){&ppath, &prules, &pplugin}) == KALENDS_OK && plugin != NULL);
    CHECK(call_i32("kalends_plugin_name", (void *[]){&plugin, &pname, &name_cap, &pname_length}) == KALENDS_OK);
    CHECK(strcmp(name, "holidays-c") == 0 && name_length == 10);
    kalends_store *holidays = NULL;
    kalends_store **pholidays = &holidays;
    CHECK(call_i32("kalends_store_new", (void *[]){&pholidays}) == KALENDS_OK);
    int32_t jan1 = 20454, dec31 = 20818, tag = 42;
    void *utc = NULL;
    CHECK(call_i32("kalends_plugin_fetch", (void *[]){&plugin, &jan1, &dec31, &holidays, &utc, &tag}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_count", (void *[]){&holidays, &pcount}) == KALENDS_OK && count == 11);
    id = 1000101002026LL; /* Thanksgiving: `id 1` * 10^12 + rule 9 (+1) * 10^7 + (2026 + 10^6) */
    CHECK(call_i32("kalends_store_get", (void *[]){&holidays, &id, &pgot}) == KALENDS_OK);
    CHECK(got.all_day == 1 && got.start == 20783 && got.source == 42 && strcmp(got.title, "Thanksgiving Day") == 0);
    int32_t plugin_source = 0;
    int32_t *pplugin_source = &plugin_source;
    CHECK(call_i32("kalends_view_add_plugin", (void *[]){&view, &plugin, &pplugin_source}) == KALENDS_OK);
    CHECK(plugin_source > 0 && plugin_source != source_id);
    for (int i = 0; i < 5000; i++) {
        CHECK(call_i32("kalends_view_pending_requests", (void *[]){&view, &ppending}) == KALENDS_OK);
        if (pending == 0) break;
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    CHECK(pending == 0);
    /* Veterans Day (rule 8) and Thanksgiving are on the November page */
    id = 1000091002026LL;
    CHECK(call_i32("kalends_store_get", (void *[]){&store, &id, &pgot}) == KALENDS_OK && got.start == 20768 &&
          got.source == plugin_source);
    id = 1000101002026LL;
    CHECK(call_i32("kalends_store_get", (void *[]){&store, &id, &pgot}) == KALENDS_OK);

    CHECK(call_i32("kalends_view_free", (void *[]){&view}) == KALENDS_OK);
    CHECK(call_i32("kalends_plugin_free", (void *[]){&plugin}) == KALENDS_OK);
    CHECK(call_i32("kalends_plugin_free", (void *[]){&plugin}) == KALENDS_E_MISUSE);
    CHECK(call_i32("kalends_store_remove", (void *[]){&store, &id}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_remove", (void *[]){&store, &id}) == KALENDS_E_NOT_FOUND);
    CHECK(call_i32("kalends_store_clear", (void *[]){&store}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_count", (void *[]){&store, &pcount}) == KALENDS_OK && count == 0);
    CHECK(call_i32("kalends_store_free", (void *[]){&store}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_free", (void *[]){&holidays}) == KALENDS_OK);
    CHECK(call_i32("kalends_store_count", (void *[]){&store, &pcount}) == KALENDS_E_MISUSE);
    CHECK(call_i32("kalends_timezone_free", (void *[]){&paris}) == KALENDS_OK);
    CHECK(call_i32("kalends_timezone_free", (void *[]){&copy}) == KALENDS_OK);
    CHECK(call_i32("kalends_timezone_free", (void *[]){&copy}) == KALENDS_E_MISUSE);
    CHECK(call_i32("kalends_calendar_free", (void *[]){&cal}) == KALENDS_OK);
}

/* Every exported symbol must have been called above. */
/* The library exports exactly the functions the headers declare. */
static void check_coverage(const char *exports_path) {
    FILE *f = fopen(exports_path, "r");
    if (!CHECK(f != NULL)) return;
    char line[256];
    int exported = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0]) continue;
        exported++;
        CHECK_MSG(signature(line) != NULL, "exported symbol %s is not declared by the headers", line);
    }
    fclose(f);
    CHECK_MSG(exported == KALENDS_FFI_SIGNATURE_COUNT, "%d exported, %d declared", exported,
              KALENDS_FFI_SIGNATURE_COUNT);
    for (int i = 0; i < KALENDS_FFI_SIGNATURE_COUNT; i++)
        CHECK_MSG(dlsym(lib, kalends_ffi_signatures[i].name) != NULL, "%s is declared but not exported",
                  kalends_ffi_signatures[i].name);
    printf("ffi_test: %d exported functions = the %d the headers declare; %d called with real arguments\n", exported,
           KALENDS_FFI_SIGNATURE_COUNT, called_count);
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
    test_struct_layouts();
    test_dates();
    test_calendar();
    test_view();
    test_scroll_flow_autolayout();
    test_solver();
    test_autolayout_solving();
    test_events();
    test_zeroed_arguments();
    kalends_ffi_check_declarations();
    check_coverage(argv[2]);
    return check_summary("ffi_test");
}

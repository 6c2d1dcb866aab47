/* ffi_test: view. Part of ../ffi_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

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
    CHECK(call_i32("kalends_view_intrinsic_size", vsz) == KALENDS_OK && size.width == 700 && size.height == 144);   /* 44 + one row of 100 */
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
    CHECK(strcmp(text, "Wednesday, November 18, 2026") == 0 && length == strlen(text));
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

/* ffi_test: layout. Part of ../ffi_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

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

/* linked_test: flow. Part of ../linked_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

static void test_flow(void) {
    kalends_size items[3] = {{60, 20}, {60, 20}, {60, 20}};
    kalends_flow_options o;
    kalends_flow_options_init(&o);
    o.max_width = 100;
    kalends_rect frames[3];
    kalends_size size;
    int32_t count = 0;
    CHECK(kalends_flow_layout(items, 3, &o, frames, 3, &count, &size) == KALENDS_OK && count == 3);
    CHECK(size.height == 60 && frames[2].y == 40); /* not ceil(180 / 100) = 2 lines */
    CHECK(kalends_flow_layout(items, 3, NULL, NULL, 0, &count, &size) == KALENDS_OK && size.width == 180);
    kalends_size chips[6] = {{40, 14}, {40, 14}, {40, 14}, {40, 14}, {40, 14}, {40, 14}};
    kalends_size box = {84, 30}, more = {30, 14};
    kalends_flow_fit_result fit;
    o.max_width = 0;
    o.item_spacing = 2;
    o.line_spacing = 2;
    kalends_rect shown[6];
    CHECK(kalends_flow_fit(chips, 6, &o, &box, &more, shown, 6, &count, &fit) == KALENDS_OK);
    CHECK(count == 3 && fit.hidden == 3 && fit.has_more == 1 && fit.more.x == 42 && fit.more.y == 16);
}

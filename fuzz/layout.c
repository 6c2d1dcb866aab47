/*
 * fuzz/layout.c -- libFuzzer harness: scroll + flow + Auto Layout. The first byte
 * picks the part:
 *   scroll: a scrolling calendar (either axis, one month to open-ended, from the ends
 *     of the supported years, metrics with extreme doubles: subnormal row heights,
 *     1e-300 row spacing) asked for elements (counts and buffers), visible days and
 *     months over viewports with any coordinates (1e300, 1e30, NaN, inf, negative
 *     sizes, 1e12 tall), and offsets of dates;
 *   flow: flow layout and fitting of items of any size with any options;
 *   autolayout: items in a tree, constraints with alternative constants, intrinsic
 *     sizes, priorities, baselines, a measure function, a view, right-to-left, both
 *     policies, solve, frames, fitting sizes, constant updates.
 * Every call answers a documented status; element counts stay within what a
 * viewport can hold.
 */
#include "fuzz_input.h"

static void fuzz_scroll(fuzz_input *in)
{
    kalends_scroll_options o;
    kalends_scroll_options_init(&o);
    uint8_t which = fuzz_u8(in);
    o.axis = (int32_t)(which & 1);
    o.first_month = fuzz_date(in);
    o.has_last_month = (which >> 1) & 1;
    o.last_month = fuzz_date(in);
    o.rows = (int32_t)(fuzz_u8(in) % 3);
    o.out_dates = (int32_t)(fuzz_u8(in) % 3);
    o.show_weekdays = (int32_t)(fuzz_u8(in) % 3);
    o.month_spacing = (which & 4) ? fuzz_double(in) : 24.0;
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    m.width = (which & 8) ? fuzz_double(in) : 350.0;
    m.row_height_mode = (int32_t)(fuzz_u8(in) % 4);
    if (which & 16) m.row_height = fuzz_double(in);
    if (which & 32) m.row_spacing = fuzz_double(in);
    if (which & 64) { m.header_height = fuzz_double(in); m.weekday_height = fuzz_double(in); }
    if (which & 128) { m.inset_top = fuzz_double(in); m.inset_left = fuzz_double(in); m.column_spacing = fuzz_double(in); }
    kalends_scroll *scroll = NULL;
    if (CHECKED(kalends_scroll_new(NULL, &o, &m, &scroll)) != KALENDS_OK) return;
    int32_t months = 0;
    CHECKED(kalends_scroll_month_count(scroll, &months));
    kalends_size content;
    int32_t unbounded = 0;
    CHECKED(kalends_scroll_content_size(scroll, &content, &unbounded));

    for (int step = 0; step < 24 && !fuzz_done(in); step++) {
        kalends_rect v;
        v.x = fuzz_double(in);
        v.y = fuzz_double(in);
        v.width = (fuzz_u8(in) & 1) ? fuzz_double(in) : 350.0;
        v.height = (fuzz_u8(in) & 1) ? fuzz_double(in) : 800.0;
        uint8_t op = fuzz_u8(in) % 5;
        int32_t count = 0;
        if (op == 0) {
            /* the size query, then a buffer */
            if (CHECKED(kalends_scroll_elements(scroll, &v, NULL, 0, &count)) == KALENDS_OK) {
                FUZZ_ASSERT(count >= 0, "count %d", (int)count);
                kalends_element elements[256];
                CHECKED(kalends_scroll_elements(scroll, &v, elements, 256, &count));
            }
        } else if (op == 1) {
            kalends_day_range r;
            if (CHECKED(kalends_scroll_visible_days(scroll, &v, &r)) == KALENDS_OK)
                FUZZ_ASSERT(r.first <= r.last, "visible days %d...%d", (int)r.first, (int)r.last);
        } else if (op == 2) {
            kalends_date a, b;
            CHECKED(kalends_scroll_visible_months(scroll, &v, &a, &b));
        } else if (op == 3) {
            kalends_date d = fuzz_date(in);
            double offset = 0;
            CHECKED(kalends_scroll_offset(scroll, &d, (int32_t)(fuzz_u8(in) % 4), fuzz_double(in), &offset));
        } else {
            kalends_element elements[64];
            CHECKED(kalends_scroll_elements(scroll, &v, elements, (int32_t)(fuzz_u8(in) % 65), &count));
        }
    }
    FUZZ_ASSERT(CHECKED(kalends_scroll_free(scroll)) == KALENDS_OK, "free");
}

static void fuzz_flow(fuzz_input *in)
{
    kalends_size items[32];
    int32_t n = (int32_t)(fuzz_u8(in) % 33);
    for (int32_t i = 0; i < n; i++) {
        uint8_t w = fuzz_u8(in);
        items[i].width = (w & 1) ? fuzz_double(in) : (double)(w >> 1);
        items[i].height = (w & 0x80) ? fuzz_double(in) : 18.0;
    }
    kalends_flow_options o;
    kalends_flow_options_init(&o);
    uint8_t which = fuzz_u8(in);
    if (which & 1) o.max_width = fuzz_double(in);
    else if (which & 2) o.max_width = (double)fuzz_u8(in);
    if (which & 4) { o.item_spacing = fuzz_double(in); o.line_spacing = fuzz_double(in); }
    if (which & 8) { o.padding_top = fuzz_double(in); o.padding_left = fuzz_double(in); }
    if (which & 16) { o.padding_bottom = fuzz_double(in); o.padding_right = fuzz_double(in); }
    kalends_rect frames[32];
    int32_t count = 0;
    kalends_size size;
    int32_t capacity = (int32_t)(fuzz_u8(in) % 33);
    if (CHECKED(kalends_flow_layout(n ? items : NULL, (which & 32) ? -n : n, &o, frames, capacity, &count, &size)) == KALENDS_OK)
        FUZZ_ASSERT(count == n, "flow %d of %d", (int)count, (int)n);
    kalends_size box = { fuzz_double(in), fuzz_double(in) };
    kalends_size more = { (fuzz_u8(in) & 1) ? fuzz_double(in) : 40.0, 18.0 };
    kalends_flow_fit_result result;
    if (CHECKED(kalends_flow_fit(n ? items : NULL, n, &o, &box, &more, frames, 32, &count, &result)) == KALENDS_OK)
        FUZZ_ASSERT(count + result.hidden == n && count >= 0 && result.hidden >= 0, "fit %d + %d of %d", (int)count,
                    (int)result.hidden, (int)n);
}

typedef struct measurer {
    kalends_autolayout *layout;
    uint8_t mode;
} measurer;

static kalends_status measure(void *user_data, int32_t item, double width, double height, kalends_size *out)
{
    measurer *m = user_data;
    kalends_rect frame;
    kalends_autolayout_frame(m->layout, item, &frame); /* reading is allowed */
    if (kalends_autolayout_solve(m->layout) != KALENDS_E_MISUSE) abort();
    switch (m->mode % 5) {
    case 0: out->width = 80; out->height = width > 0 ? 8000 / width : 20; return KALENDS_OK;
    case 1: out->width = NAN; out->height = height; return KALENDS_OK; /* a bad size: CALLBACK */
    case 2: out->width = KALENDS_NO_INTRINSIC_METRIC; out->height = 1e300; return KALENDS_OK;
    case 3: return KALENDS_E_IO;
    default: out->width = -5; out->height = INFINITY; return KALENDS_OK;
    }
}

static void broken(void *user_data, const kalends_broken_constraint *b)
{
    (void)user_data;
    FUZZ_ASSERT(b->kind >= 1 && b->kind <= 3, "broken kind %d", (int)b->kind);
}

static void fuzz_autolayout(fuzz_input *in)
{
    kalends_autolayout *layout = NULL;
    if (CHECKED(kalends_autolayout_new(&layout)) != KALENDS_OK) abort();
    measurer m = { layout, 0 };
    kalends_view *view = NULL;
    int32_t items = 1, constraints = 0;
    for (int step = 0; step < 96 && !fuzz_done(in); step++) {
        uint8_t op = fuzz_u8(in) % 16;
        int32_t item = (fuzz_u8(in) & 0x80) ? fuzz_i32(in) : (int32_t)(fuzz_u8(in) % (items + 2));
        int32_t out = 0;
        switch (op) {
        case 0:
        case 1:
            if (items < 24 && CHECKED(kalends_autolayout_add_item(layout, item == 1 ? 0 : item, &out)) == KALENDS_OK) items++;
            break;
        case 2:
        case 3:
        case 4: {
            kalends_constraint c;
            kalends_constraint_init(&c);
            c.first_item = item;
            c.first_attribute = (int32_t)(fuzz_u8(in) % 14);
            c.relation = (int32_t)(fuzz_u8(in) % 4) - 1;
            c.second_item = (int32_t)(fuzz_u8(in) % (items + 2));
            c.second_attribute = (int32_t)(fuzz_u8(in) % 14);
            uint8_t which = fuzz_u8(in);
            c.multiplier = (which & 1) ? fuzz_double(in) : 1.0;
            c.constant = (which & 2) ? fuzz_double(in) : (double)(int8_t)fuzz_u8(in);
            c.alt_item = (which & 4) ? (int32_t)(fuzz_u8(in) % (items + 2)) : 0;
            c.alt_basis = (int32_t)(fuzz_u8(in) % 8) - 1;
            c.alt_multiplier = (which & 8) ? fuzz_double(in) : 0.8;
            c.priority = (which & 16) ? fuzz_double(in) : (double)(1 + fuzz_u8(in) * 4);
            if (CHECKED(kalends_autolayout_add_constraint(layout, &c, &out)) == KALENDS_OK) constraints++;
            break;
        }
        case 5: CHECKED(kalends_autolayout_remove_constraint(layout, (int32_t)(fuzz_u8(in) % (constraints + 2)))); break;
        case 6: CHECKED(kalends_autolayout_set_item_size(layout, item, fuzz_double(in), fuzz_double(in))); break;
        case 7: CHECKED(kalends_autolayout_set_intrinsic_size(layout, item, fuzz_double(in), fuzz_double(in))); break;
        case 8:
            CHECKED(kalends_autolayout_set_priority(layout, item, (int32_t)(fuzz_u8(in) % 3), (int32_t)(fuzz_u8(in) % 3),
                                                    fuzz_double(in)));
            break;
        case 9: CHECKED(kalends_autolayout_set_baselines(layout, item, fuzz_double(in), fuzz_double(in))); break;
        case 10:
            m.mode = fuzz_u8(in);
            CHECKED(kalends_autolayout_set_measure(layout, item, (m.mode & 0x80) ? NULL : measure, &m));
            break;
        case 11:
            if (!view) {
                kalends_view_metrics vm;
                kalends_view_metrics_init(&vm);
                if (CHECKED(kalends_view_new(NULL, NULL, &vm, &view)) != KALENDS_OK) abort();
            }
            CHECKED(kalends_autolayout_set_view(layout, item, (fuzz_u8(in) & 1) ? view : NULL));
            break;
        case 12:
            CHECKED(kalends_autolayout_set_right_to_left(layout, (int32_t)(fuzz_u8(in) % 3)));
            CHECKED(kalends_autolayout_set_policy(layout, (int32_t)(fuzz_u8(in) % 3), broken, NULL));
            break;
        case 13: {
            kalends_constant_change changes[16];
            int32_t count = 0;
            CHECKED(kalends_autolayout_update_constants(layout, changes, (int32_t)(fuzz_u8(in) % 17), &count));
            double constant = 0;
            CHECKED(kalends_autolayout_constant(layout, (int32_t)(fuzz_u8(in) % (constraints + 2)), &constant));
            break;
        }
        case 14: {
            kalends_size target = { fuzz_double(in), fuzz_double(in) }, size;
            CHECKED(kalends_autolayout_fitting_size(layout, item, &target, fuzz_double(in), fuzz_double(in), &size));
            break;
        }
        default: {
            CHECKED(kalends_autolayout_solve(layout));
            kalends_rect frame;
            for (int32_t i = 1; i <= items; i++) CHECKED(kalends_autolayout_frame(layout, i, &frame));
            if (view) {
                kalends_element elements[64];
                int32_t count = 0;
                CHECKED(kalends_view_layout(view, elements, 64, &count));
            }
            break;
        }
        }
    }
    FUZZ_ASSERT(CHECKED(kalends_autolayout_free(layout)) == KALENDS_OK, "free");
    if (view) kalends_view_free(view);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = { data, size };
    switch (fuzz_u8(&in) % 3) {
    case 0: fuzz_scroll(&in); break;
    case 1: fuzz_flow(&in); break;
    default: fuzz_autolayout(&in); break;
    }
    return 0;
}

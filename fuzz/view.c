/*
 * fuzz/view.c -- libFuzzer harness: a view driven by a stream of operations: taps and
 * hit tests at any coordinates (NaN, infinities, 1e300), keys, paging, go_to, every
 * selection mode with selections over the whole supported range (huge ranges), options
 * with min/max dates, display modes, metrics with extreme doubles (NaN, inf, 1e300,
 * subnormal row heights and spacings), highlighted and disabled days, layouts and
 * transition layouts at any progress, accessibility labels, the calendar's system,
 * and callbacks that veto, fail, read the view or try to change it (MISUSE).
 * Every call answers a documented status; counts stay within their documented sizes.
 */
#include "fuzz_input.h"

typedef struct host {
    kalends_view *view;
    uint8_t veto;  /* bit 0: should_select says no; bit 1: a notification fails */
    int depth;
} host;

static int32_t is_disabled(void *user_data, int32_t day)
{
    host *h = user_data;
    return (h->veto & 4) && (day % 5 == 0);
}

static int32_t should_select(void *user_data, int32_t day)
{
    host *h = user_data;
    (void)day;
    if (h->veto & 8) return 7; /* not a predicate answer: CALLBACK */
    return !(h->veto & 1);
}

static kalends_status did_select(void *user_data, int32_t day)
{
    host *h = user_data;
    kalends_selection sel;
    kalends_view_selection(h->view, &sel); /* reading is allowed */
    kalends_date d = { 2026, 1, 1 };
    (void)day;
    /* changing the view from inside a callback is MISUSE */
    if (kalends_view_select(h->view, &d, NULL) != KALENDS_E_MISUSE) abort();
    return (h->veto & 2) ? KALENDS_E_INVALID_ARGUMENT : KALENDS_OK;
}

static kalends_status page_changed(void *user_data, const kalends_transition *t)
{
    host *h = user_data;
    kalends_page page;
    (void)t;
    kalends_view_page(h->view, &page);
    if (kalends_view_next_page(h->view, NULL) != KALENDS_E_MISUSE) abort();
    return KALENDS_OK;
}

static kalends_status size_changed(void *user_data, const kalends_size *before, const kalends_size *after)
{
    (void)user_data;
    (void)before;
    (void)after;
    return KALENDS_OK;
}

static void metrics_from(fuzz_input *in, kalends_view_metrics *m)
{
    kalends_view_metrics_init(m);
    uint8_t which = fuzz_u8(in);
    m->row_height_mode = (int32_t)(fuzz_u8(in) % 4);
    m->width = (which & 1) ? fuzz_double(in) : 320.0;
    if (which & 2) m->header_height = fuzz_double(in);
    if (which & 4) m->weekday_height = fuzz_double(in);
    if (which & 8) { m->inset_top = fuzz_double(in); m->inset_left = fuzz_double(in); }
    if (which & 16) { m->inset_bottom = fuzz_double(in); m->inset_right = fuzz_double(in); }
    if (which & 32) { m->column_spacing = fuzz_double(in); m->row_spacing = fuzz_double(in); }
    if (which & 64) m->row_height = fuzz_double(in);
    if (which & 128) m->scale = fuzz_double(in);
}

static void options_from(fuzz_input *in, kalends_view_options *o)
{
    kalends_view_options_init(o);
    uint8_t which = fuzz_u8(in);
    o->mode = (int32_t)(fuzz_u8(in) % 4);
    o->rows = (int32_t)(fuzz_u8(in) % 3);
    o->out_dates = (int32_t)(fuzz_u8(in) % 3);
    o->selection_mode = (int32_t)(fuzz_u8(in) % 5);
    o->out_date_tap = (int32_t)(fuzz_u8(in) % 3);
    o->right_to_left = (which & 1) ? fuzz_i32(in) : (int32_t)((which >> 1) & 1);
    o->has_min_date = (which >> 2) & 1;
    if (o->has_min_date) o->min_date = fuzz_date(in);
    o->has_max_date = (which >> 3) & 1;
    if (o->has_max_date) o->max_date = fuzz_date(in);
    /* the date policies and several months: valid values mostly, any int32 sometimes
       (0 or 13 months, unknown policies: INVALID_ARGUMENT) */
    uint8_t more = fuzz_u8(in);
    o->in_dates = (more & 1) ? fuzz_i32(in) : (int32_t)(fuzz_u8(in) % 3);
    o->months = (more & 2) ? fuzz_i32(in) : (int32_t)(fuzz_u8(in) % 14);
    o->page_behavior = (more & 4) ? fuzz_i32(in) : (int32_t)(fuzz_u8(in) % 2);
    o->month_columns = (more & 8) ? fuzz_i32(in) : (int32_t)(fuzz_u8(in) % 14);
    if (more & 16) o->month_spacing = fuzz_double(in);
}

static void read_everything(const kalends_view *view)
{
    static kalends_day days[KALENDS_VIEW_MAX_DAYS];
    static kalends_element elements[4 + 8 * KALENDS_VIEW_MAX_MONTHS + KALENDS_VIEW_MAX_DAYS];
    const int32_t element_capacity = (int32_t)(sizeof elements / sizeof elements[0]);
    int32_t count = 0;
    if (CHECKED(kalends_view_days(view, days, KALENDS_VIEW_MAX_DAYS, &count)) == KALENDS_OK)
        /* a day page, or whole weeks: 7 ... 42 days a month (a 5-6-day Coptic or Ethiopic
           month with variable rows is one or two weeks, as in the systems harness), up
           to 12 months */
        FUZZ_ASSERT(count == 1 || (count % 7 == 0 && count >= 7 && count <= KALENDS_VIEW_MAX_DAYS), "%d days", (int)count);
    kalends_size size;
    CHECKED(kalends_view_intrinsic_size(view, &size));
    if (CHECKED(kalends_view_layout(view, elements, element_capacity, &count)) == KALENDS_OK)
        FUZZ_ASSERT(count <= element_capacity, "%d elements", (int)count);
    kalends_selection sel;
    CHECKED(kalends_view_selection(view, &sel));
    /* the size query, then the days into a buffer that may be short */
    if (CHECKED(kalends_view_selected_days(view, NULL, 0, &count)) == KALENDS_OK) {
        FUZZ_ASSERT(count == sel.count, "selected_days %d, selection.count %d", (int)count, (int)sel.count);
        int32_t some[16];
        CHECKED(kalends_view_selected_days(view, some, 16, &count));
    }
    kalends_page page;
    CHECKED(kalends_view_page(view, &page));
    kalends_date focus;
    CHECKED(kalends_view_focus(view, &focus));
    kalends_day_dates dates[42];
    CHECKED(kalends_view_day_dates(view, dates, 42, &count));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = { data, size };
    kalends_calendar_options copt;
    kalends_calendar_options_init(&copt);
    copt.today_mode = KALENDS_TODAY_FIXED;
    copt.today.year = 2026;
    copt.today.month = 11;
    copt.today.day = 24;
    static const char *systems[] = { NULL, "hebrew", "chinese", "japanese", "islamic-umalqura", "persian", "coptic" };
    copt.system = systems[fuzz_u8(&in) % 7];
    kalends_calendar *calendar = NULL;
    if (CHECKED(kalends_calendar_new(&copt, &calendar)) != KALENDS_OK) abort();

    kalends_view_options options;
    kalends_view_metrics metrics;
    options_from(&in, &options);
    metrics_from(&in, &metrics);
    kalends_view *view = NULL;
    if (CHECKED(kalends_view_new(calendar, &options, &metrics, &view)) != KALENDS_OK) {
        if (CHECKED(kalends_view_new(calendar, NULL, NULL, &view)) != KALENDS_OK) abort();
    }
    host h = { view, 0, 0 };
    /* event editing (issue 26): a store of a few events of the days around 2026-11-24 in
       New York, edited by the edit stream below */
    kalends_store *store = NULL;
    kalends_timezone *ny = NULL;
    if (CHECKED(kalends_store_new(&store)) != KALENDS_OK) abort();
    if (CHECKED(kalends_timezone_new("America/New_York", &ny)) != KALENDS_OK) abort();
    for (int i = 1; i <= 6; i++) {
        kalends_event ev;
        memset(&ev, 0, sizeof ev);
        ev.struct_size = sizeof ev;
        ev.id = i;
        ev.all_day = i == 6;
        ev.start = i == 6 ? 20781 : (20780 + i % 7) * 86400LL + 13 * 3600 + (int64_t)(fuzz_u8(&in) % 40) * 900;
        ev.end = i == 6 ? 20782 : ev.start + 900 * (1 + fuzz_u8(&in) % 8);
        ev.source = i % 2;
        ev.title = "e";
        ev.title_length = -1;
        CHECKED(kalends_store_add(store, &ev));
    }
    CHECKED(kalends_view_set_store(view, store, ny));
    kalends_view_callbacks cb = { sizeof cb, &h, is_disabled, should_select, NULL, did_select, NULL,
                                  page_changed, size_changed };

    for (int step = 0; step < 128 && !fuzz_done(&in); step++) {
        uint8_t op = fuzz_u8(&in) % 42;
        kalends_action action;
        kalends_transition t;
        kalends_element hit;
        kalends_date d;
        switch (op) {
        case 0: { kalends_view_metrics m; metrics_from(&in, &m); CHECKED(kalends_view_set_metrics(view, &m)); break; }
        case 1: { kalends_view_options o; options_from(&in, &o); CHECKED(kalends_view_set_options(view, &o)); break; }
        case 2: {
            kalends_mode_change change;
            CHECKED(kalends_view_set_mode(view, (int32_t)(fuzz_u8(&in) % 4) - (fuzz_u8(&in) & 1), &change));
            break;
        }
        case 3: CHECKED(kalends_view_next_page(view, &t)); break;
        case 4: CHECKED(kalends_view_previous_page(view, &t)); break;
        case 5: d = fuzz_date(&in); CHECKED(kalends_view_go_to(view, &d, &t)); break;
        case 6: CHECKED(kalends_view_go_to_today(view, &t)); break;
        case 7:
        case 8: d = fuzz_date(&in); CHECKED(kalends_view_select(view, &d, &action)); break;
        case 9: d = fuzz_date(&in); CHECKED(kalends_view_deselect(view, &d, &action)); break;
        case 10: CHECKED(kalends_view_clear_selection(view)); break;
        case 11:
        case 12: CHECKED(kalends_view_key(view, (int32_t)(fuzz_u8(&in) % 11), &action)); break;
        case 13: {
            double x = fuzz_double(&in), y = fuzz_double(&in);
            CHECKED(kalends_view_tap(view, x, y, &hit, &action));
            break;
        }
        case 14: {
            double x = fuzz_double(&in), y = fuzz_double(&in);
            CHECKED(kalends_view_hit_test(view, x, y, &hit));
            break;
        }
        case 15: {
            /* a tap in the middle of a laid-out element */
            kalends_element elements[64];
            int32_t count = 0;
            if (kalends_view_layout(view, elements, 64, &count) == KALENDS_OK && count > 0) {
                kalends_rect f = elements[fuzz_u8(&in) % count].frame;
                CHECKED(kalends_view_tap(view, f.x + f.width / 2, f.y + f.height / 2, &hit, &action));
            }
            break;
        }
        case 16:
        case 17: {
            int32_t days[8];
            int32_t n = (int32_t)(fuzz_u8(&in) % 9);
            for (int32_t i = 0; i < n; i++) days[i] = fuzz_i32(&in);
            if (op == 16) CHECKED(kalends_view_set_highlighted(view, n ? days : NULL, (fuzz_u8(&in) & 0x40) ? -n : n));
            else CHECKED(kalends_view_set_disabled(view, n ? days : NULL, n));
            int32_t back[8], count = 0;
            CHECKED(kalends_view_highlighted(view, back, 8, &count));
            CHECKED(kalends_view_disabled(view, back, 8, &count));
            break;
        }
        case 18: {
            kalends_element elements[128];
            int32_t count = 0;
            double height = 0;
            double progress = fuzz_double(&in);
            CHECKED(kalends_view_transition_layout(view, progress, (int32_t)(fuzz_u8(&in) % 4), elements, 128,
                                                   &count, &height));
            double v = 0;
            CHECKED(kalends_curve_value((int32_t)(fuzz_u8(&in) % 4), progress, &v));
            break;
        }
        case 19: {
            char label[128];
            size_t length = 0;
            d = fuzz_date(&in);
            CHECKED(kalends_view_accessibility_label(view, &d, label, (size_t)(fuzz_u8(&in) % sizeof label), &length));
            break;
        }
        case 20:
            h.veto = fuzz_u8(&in);
            CHECKED(kalends_view_set_callbacks(view, (h.veto & 0x80) ? NULL : &cb));
            break;
        case 21: {
            kalends_calendar_options c;
            kalends_calendar_options_init(&c);
            c.first_weekday = (int32_t)(fuzz_u8(&in) % 9);
            c.min_days_in_first_week = (int32_t)(fuzz_u8(&in) % 9);
            c.weekend_days = fuzz_u8(&in);
            c.today_mode = (int32_t)(fuzz_u8(&in) % 4);
            c.today = fuzz_date(&in);
            c.system = systems[fuzz_u8(&in) % 7];
            kalends_calendar *other = NULL;
            if (CHECKED(kalends_calendar_new(&c, &other)) == KALENDS_OK) {
                CHECKED(kalends_view_set_calendar(view, other));
                kalends_calendar_free(other);
            }
            break;
        }
        case 22: {
            /* a range selection from one end of the supported dates to the other */
            kalends_view_options o;
            kalends_view_get_options(view, &o);
            o.selection_mode = KALENDS_SELECTION_RANGE;
            o.has_min_date = 0;
            o.has_max_date = 0;
            CHECKED(kalends_view_set_options(view, &o));
            kalends_date a = { KALENDS_YEAR_MIN + (fuzz_u8(&in) & 1), 3, 1 };
            kalends_date b = { KALENDS_YEAR_MAX - (fuzz_u8(&in) & 1), 10, 15 };
            CHECKED(kalends_view_select(view, &a, &action));
            CHECKED(kalends_view_select(view, &b, &action));
            break;
        }
        case 26: case 27: case 28: case 29: case 30: {
            /* the pointer stream: presses, moves, releases and cancels in any order, with
               cell-sized or any numbers (NaN, infinities, huge); out of order is MISUSE */
            kalends_gesture before, after;
            before.struct_size = sizeof before;
            after.struct_size = sizeof after;
            FUZZ_ASSERT(CHECKED(kalends_view_gesture(view, &before)) == KALENDS_OK, "gesture");
            kalends_pointer_event e;
            e.struct_size = (fuzz_u8(&in) & 0x3f) ? (uint32_t)sizeof e : fuzz_u32(&in);
            e.kind = (int32_t)(fuzz_u8(&in) % 4);
            int wild = (fuzz_u8(&in) & 0x0f) == 0;
            e.x = wild ? fuzz_double(&in) : (double)fuzz_u8(&in) * 2 - 20;
            e.y = wild ? fuzz_double(&in) : (double)fuzz_u8(&in) * 2 - 20;
            e.time = wild ? fuzz_double(&in) : before.time + (double)fuzz_u8(&in) / 64;
            kalends_status st;
            if (op == 26) st = CHECKED(kalends_view_pointer_press(view, &e, &hit, &action));
            else if (op == 30) st = CHECKED(kalends_view_pointer_cancel(view, &action));
            else if (op == 29) st = CHECKED(kalends_view_pointer_release(view, &e, &hit, &action));
            else st = CHECKED(kalends_view_pointer_move(view, &e, &hit, &action));
            int idle = before.phase == KALENDS_GESTURE_PHASE_NONE;
            if (op == 26 ? !idle : idle) FUZZ_ASSERT(st == KALENDS_E_MISUSE || st == KALENDS_E_INVALID_ARGUMENT, "order");
            FUZZ_ASSERT(CHECKED(kalends_view_gesture(view, &after)) == KALENDS_OK, "gesture");
            if (st != KALENDS_OK && st != KALENDS_E_CALLBACK && op != 30) {
                FUZZ_ASSERT(memcmp(&before, &after, sizeof before) == 0, "a refused pointer event changed the gesture");
            }
            if (op == 29 || op == 30) FUZZ_ASSERT(st != KALENDS_OK || after.phase == KALENDS_GESTURE_PHASE_NONE, "ended");
            break;
        }
        case 31: {
            kalends_pointer_options po;
            kalends_pointer_options_init(&po);
            po.drag_select = (int32_t)(fuzz_u8(&in) % 4);
            po.slop = fuzz_double(&in);
            po.long_press_duration = (fuzz_u8(&in) & 1) ? fuzz_double(&in) : 0.5;
            po.edge_hold_duration = (double)(fuzz_u8(&in) % 8) / 8;
            po.edge_width = (double)fuzz_u8(&in);
            po.swipe_axis = (int32_t)(fuzz_u8(&in) % 3);
            po.swipe_distance = (double)fuzz_u8(&in) / 200;
            po.swipe_velocity = (double)fuzz_u8(&in) * 10;
            CHECKED(kalends_view_set_pointer_options(view, &po));
            break;
        }
        case 32: {
            kalends_edit_options eo;
            kalends_edit_options_init(&eo);
            eo.editable = (fuzz_u8(&in) & 3) != 0;
            eo.snap_minutes = (fuzz_u8(&in) & 7) ? 15 : fuzz_i32(&in);
            eo.min_minutes = (fuzz_u8(&in) & 7) ? 15 : fuzz_i32(&in);
            eo.no_overlap = fuzz_u8(&in) & 1;
            eo.scope = (int32_t)(fuzz_u8(&in) % 3);
            CHECKED(kalends_view_set_edit_options(view, &eo));
            break;
        }
        case 33: case 34: case 35: case 36: {
            /* the edit stream: begin, update, commit, cancel in any order; out of order is
               MISUSE and changes nothing */
            kalends_edit_state before, after;
            FUZZ_ASSERT(CHECKED(kalends_view_edit_state(view, &before)) == KALENDS_OK, "edit state");
            uint64_t v0 = 0, v1 = 0;
            CHECKED(kalends_store_version(store, &v0));
            int wild = (fuzz_u8(&in) & 0x0f) == 0;
            kalends_edit_point p;
            p.day = wild ? fuzz_i32(&in) : 20778 + fuzz_u8(&in) % 10;
            p.all_day = fuzz_u8(&in) % 3 == 0;
            p.seconds = wild ? fuzz_i32(&in) : (int32_t)(fuzz_u8(&in) % 97) * 900;
            p.reserved = 0;
            kalends_edit_state out;
            kalends_status st;
            if (op == 33) {
                int32_t kind = (int32_t)(fuzz_u8(&in) % 12);
                int64_t event = (int64_t)(fuzz_u8(&in) % 8);
                st = CHECKED(kalends_view_edit_begin(view, kind, event, (fuzz_u8(&in) & 7) ? 0 : fuzz_i64(&in), &p, &out));
                if (before.kind != KALENDS_GESTURE_NONE) FUZZ_ASSERT(st == KALENDS_E_MISUSE || st == KALENDS_E_INVALID_ARGUMENT, "begin twice");
            } else if (op == 34) {
                st = CHECKED(kalends_view_edit_update(view, &p, &out));
            } else if (op == 35) {
                st = CHECKED(kalends_view_edit_commit(view, &out));
            } else {
                st = CHECKED(kalends_view_edit_cancel(view, &out));
            }
            if (op != 33 && before.kind == KALENDS_GESTURE_NONE) FUZZ_ASSERT(st == KALENDS_E_MISUSE, "no edit under way");
            FUZZ_ASSERT(CHECKED(kalends_view_edit_state(view, &after)) == KALENDS_OK, "edit state");
            CHECKED(kalends_store_version(store, &v1));
            if (st != KALENDS_OK) FUZZ_ASSERT(memcmp(&before, &after, sizeof before) == 0, "a refused edit call changed the edit");
            int wrote = st == KALENDS_OK && op == 35 && out.outcome == KALENDS_OUTCOME_EDITED;
            FUZZ_ASSERT(v1 == v0 + (uint64_t)wrote, "the store changes once, on an edited commit only");
            if (st == KALENDS_OK && (op == 35 || op == 36)) FUZZ_ASSERT(after.kind == KALENDS_GESTURE_NONE, "ended");
            break;
        }
        case 37: {
            kalends_edit_state out;
            CHECKED(kalends_view_edit_key(view, (int64_t)(fuzz_u8(&in) % 8), 0, (int32_t)(fuzz_u8(&in) % 8), &out));
            break;
        }
        case 38: {
            /* the store changes under a drag (another thread in a host): an event moved, removed or added */
            kalends_event ev;
            memset(&ev, 0, sizeof ev);
            ev.struct_size = sizeof ev;
            ev.id = 1 + fuzz_u8(&in) % 7;
            ev.start = (20778 + fuzz_u8(&in) % 10) * 86400LL + (int64_t)(fuzz_u8(&in) % 96) * 900;
            ev.end = ev.start + 1800;
            ev.title = "x";
            ev.title_length = -1;
            uint8_t how = fuzz_u8(&in) % 3;
            if (how == 0) CHECKED(kalends_store_remove(store, ev.id));
            else if (how == 1) CHECKED(kalends_store_update(store, &ev));
            else CHECKED(kalends_store_add(store, &ev));
            kalends_time_grid_item items[64];
            int32_t n = 0;
            CHECKED(kalends_view_edit_preview(view, NULL, items, 64, &n));
            char label[256];
            CHECKED(kalends_view_edit_accessibility_label(view, label, sizeof label, NULL));
            break;
        }
        case 39: {
            kalends_business_hours hours[3];
            int32_t n = (int32_t)(fuzz_u8(&in) % 4);
            for (int32_t i = 0; i < n; i++) {
                hours[i].weekday = (int32_t)(fuzz_u8(&in) % 9);
                hours[i].start = (fuzz_u8(&in) & 3) ? (int32_t)(fuzz_u8(&in) % 24) * 3600 : fuzz_i32(&in);
                hours[i].end = (fuzz_u8(&in) & 3) ? (int32_t)(fuzz_u8(&in) % 25) * 3600 : fuzz_i32(&in);
                hours[i].reserved = 0;
            }
            CHECKED(kalends_view_set_business_hours(view, hours, n));
            kalends_time_range r = { fuzz_i64(&in), fuzz_i64(&in) };
            CHECKED(kalends_view_set_edit_ranges(view, &r, fuzz_u8(&in) & 1));
            kalends_time_grid grid;
            CHECKED(kalends_view_time_grid(view, store, ny, NULL, &grid));
            kalends_time_grid_spot spot;
            CHECKED(kalends_view_time_grid_spot(view, store, ny, NULL, fuzz_double(&in), fuzz_double(&in), &spot));
            break;
        }
        case 40: {
            /* the time grid's extras with wild hours and max_stack: what they give stays inside the grid */
            kalends_time_grid_options o;
            CHECKED(kalends_time_grid_options_init(&o));
            o.first_hour = (fuzz_u8(&in) & 3) ? (int32_t)(fuzz_u8(&in) % 25) : fuzz_i32(&in);
            o.last_hour = (fuzz_u8(&in) & 3) ? (int32_t)(fuzz_u8(&in) % 26) : fuzz_i32(&in);
            o.max_stack = (fuzz_u8(&in) & 3) ? (int32_t)(fuzz_u8(&in) % 4) : fuzz_i32(&in);
            kalends_time_grid grid;
            if (CHECKED(kalends_view_time_grid(view, store, ny, &o, &grid)) != KALENDS_OK) break;
            double top = grid.grid.y, bottom = grid.grid.y + grid.grid.height;
            kalends_time_grid_hidden hidden[8];
            int32_t n = 0;
            CHECKED(kalends_view_time_grid_hidden(view, store, ny, &o, hidden, 8, &n));
            kalends_time_grid_line line;
            if (CHECKED(kalends_view_time_grid_line(view, store, ny, &o, fuzz_i32(&in) % 30000 + 20770,
                                                    (fuzz_u8(&in) & 1) ? (int32_t)(fuzz_u8(&in) % 97) * 900 : fuzz_i32(&in),
                                                    &line)) == KALENDS_OK && line.shown)
                FUZZ_ASSERT(line.frame.y >= top - 1e-9 && line.frame.y <= bottom + 1e-9, "line inside the grid");
            if (CHECKED(kalends_view_time_grid_now(view, store, ny, &o, (fuzz_u8(&in) & 1) ? fuzz_i64(&in)
                                                   : (20775 + fuzz_u8(&in) % 10) * 86400LL + fuzz_u8(&in) * 337LL,
                                                   &line)) == KALENDS_OK && line.shown)
                FUZZ_ASSERT(line.frame.y >= top - 1e-9 && line.frame.y <= bottom + 1e-9, "now line inside the grid");
            kalends_time_grid_shade shades[64];
            if (CHECKED(kalends_view_time_grid_shades(view, store, ny, &o, shades, 64, &n)) == KALENDS_OK)
                for (int32_t i = 0; i < n; i++)
                    FUZZ_ASSERT(shades[i].start < shades[i].end && shades[i].frame.y >= top - 1e-9 &&
                                shades[i].frame.y + shades[i].frame.height <= bottom + 1e-6, "shade inside the grid");
            kalends_event_more more[64];
            if (CHECKED(kalends_view_time_grid_stack_more(view, store, ny, &o, more, 64, &n)) == KALENDS_OK)
                for (int32_t i = 0; i < n; i++) FUZZ_ASSERT(more[i].hidden > 0 && o.max_stack > 0, "a more item hides some");
            break;
        }
        case 41: {
            /* the months and years pickers: cells inside the view, a hit test at any
               point, a pick of any index (a disabled or missing cell changes nothing) */
            kalends_picker picker = (fuzz_u8(&in) & 7) ? (int32_t)(fuzz_u8(&in) % 2) : fuzz_i32(&in);
            kalends_picker_cell cells[13];
            int32_t n = 0, index = -1;
            if (CHECKED(kalends_view_picker_cells(view, picker, cells, 13, &n)) == KALENDS_OK)
                FUZZ_ASSERT(n >= 1 && n <= 13, "%d picker cells", (int)n);
            CHECKED(kalends_view_picker_hit_test(view, picker, fuzz_double(&in), fuzz_double(&in), &index));
            kalends_page before, after;
            CHECKED(kalends_view_page(view, &before));
            int32_t pick = (fuzz_u8(&in) & 3) ? (int32_t)(fuzz_u8(&in) % 14) - 1 : fuzz_i32(&in);
            if (CHECKED(kalends_view_picker_pick(view, picker, pick, &t)) != KALENDS_OK) {
                CHECKED(kalends_view_page(view, &after));
                FUZZ_ASSERT(after.anchor == before.anchor, "a refused pick changes nothing");
            }
            break;
        }
        default:
            read_everything(view);
            break;
        }
    }
    read_everything(view);
    CHECKED(kalends_view_set_store(view, NULL, NULL));
    FUZZ_ASSERT(CHECKED(kalends_store_free(store)) == KALENDS_OK, "free");
    FUZZ_ASSERT(CHECKED(kalends_timezone_free(ny)) == KALENDS_OK, "free");
    FUZZ_ASSERT(CHECKED(kalends_view_free(view)) == KALENDS_OK, "free");
    FUZZ_ASSERT(CHECKED(kalends_calendar_free(calendar)) == KALENDS_OK, "free");
    return 0;
}

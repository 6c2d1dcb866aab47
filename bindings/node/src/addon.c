/*
 * kalends_node: the N-API addon under kalends.js. It compiles against the header
 * (include/kalends.h: the declarations are the header itself) and only converts:
 * JS numbers and objects <-> C structs, a failing status -> a thrown KalendsError
 * (status, statusName, message from kalends_last_error on the same thread).
 *
 * Handles are externals holding a small box {raw, free, closed}: close() frees once;
 * the box's finalizer frees a handle nobody closed when the GC collects it. After
 * close() the raw token stays in the box, so a later call reaches the library, which
 * answers KALENDS_E_MISUSE.
 */
#define NAPI_VERSION 8
#include <node_api.h>
#include <stdlib.h>
#include <string.h>

#include "kalends.h"

typedef kalends_status (*free_fn)(void *raw);

typedef struct box {
    void *raw;
    free_fn free;
    int closed;
} box;

/* The KalendsError class (kalends.js hands it over once): per environment (instance data),
   so worker threads each have their own. */
static napi_ref error_class(napi_env env) {
    void *data = NULL;
    return napi_get_instance_data(env, &data) == napi_ok ? (napi_ref)data : NULL;
}

static void delete_ref(napi_env env, void *data, void *hint) {
    (void)hint;
    napi_delete_reference(env, (napi_ref)data);
}

#define CALL(env, expr)                                                                        \
    do {                                                                                       \
        if ((expr) != napi_ok) {                                                               \
            napi_throw_error((env), NULL, "kalends_node: N-API call failed: " #expr);          \
            return NULL;                                                                       \
        }                                                                                      \
    } while (0)

/* Throws the KalendsError of a failed call; NULL to return from the caller. */
static napi_value throw_status(napi_env env, kalends_status status) {
    const char *message = kalends_last_error();
    napi_value cls, args[3], err;
    napi_ref ref = error_class(env);
    if (ref == NULL || napi_get_reference_value(env, ref, &cls) != napi_ok || cls == NULL) {
        napi_throw_error(env, kalends_status_string(status), message);
        return NULL;
    }
    napi_create_int32(env, status, &args[0]);
    napi_create_string_utf8(env, kalends_status_string(status), NAPI_AUTO_LENGTH, &args[1]);
    napi_create_string_utf8(env, message, NAPI_AUTO_LENGTH, &args[2]);
    if (napi_new_instance(env, cls, 3, args, &err) == napi_ok) napi_throw(env, err);
    return NULL;
}

#define CHECK(env, call)                                                                       \
    do {                                                                                       \
        kalends_status status_ = (call);                                                       \
        if (status_ != KALENDS_OK) return throw_status((env), status_);                        \
    } while (0)

/* ---- arguments and results ------------------------------------------------------------ */

static int args(napi_env env, napi_callback_info info, size_t n, napi_value *argv) {
    size_t argc = n;
    if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok) return 0;
    if (argc < n) {
        napi_throw_type_error(env, NULL, "kalends_node: missing arguments");
        return 0;
    }
    return 1;
}

static int get_i32(napi_env env, napi_value v, int32_t *out) {
    if (napi_get_value_int32(env, v, out) != napi_ok) {
        napi_throw_type_error(env, NULL, "kalends_node: expected a number");
        return 0;
    }
    return 1;
}

static int get_i64(napi_env env, napi_value v, int64_t *out) {
    if (napi_get_value_int64(env, v, out) != napi_ok) {
        napi_throw_type_error(env, NULL, "kalends_node: expected a number");
        return 0;
    }
    return 1;
}

static int get_double(napi_env env, napi_value v, double *out) {
    if (napi_get_value_double(env, v, out) != napi_ok) {
        napi_throw_type_error(env, NULL, "kalends_node: expected a number");
        return 0;
    }
    return 1;
}

/* An optional integer property of an object; 1 if present. */
static int prop_i32(napi_env env, napi_value obj, const char *name, int32_t *out) {
    bool has = false;
    napi_value v;
    if (napi_has_named_property(env, obj, name, &has) != napi_ok || !has) return 0;
    if (napi_get_named_property(env, obj, name, &v) != napi_ok) return 0;
    napi_valuetype t;
    napi_typeof(env, v, &t);
    return t == napi_number && napi_get_value_int32(env, v, out) == napi_ok;
}

static void set_i32(napi_env env, napi_value obj, const char *name, int32_t value) {
    napi_value v;
    napi_create_int32(env, value, &v);
    napi_set_named_property(env, obj, name, v);
}

static void set_u32(napi_env env, napi_value obj, const char *name, uint32_t value) {
    napi_value v;
    napi_create_uint32(env, value, &v);
    napi_set_named_property(env, obj, name, v);
}

static void set_double(napi_env env, napi_value obj, const char *name, double value) {
    napi_value v;
    napi_create_double(env, value, &v);
    napi_set_named_property(env, obj, name, v);
}

static void set_value(napi_env env, napi_value obj, const char *name, napi_value v) {
    napi_set_named_property(env, obj, name, v);
}

static napi_value date_value(napi_env env, kalends_date d) {
    napi_value obj;
    napi_create_object(env, &obj);
    set_i32(env, obj, "year", d.year);
    set_i32(env, obj, "month", d.month);
    set_i32(env, obj, "day", d.day);
    return obj;
}

static napi_value days_value(napi_env env, const kalends_day *days, int32_t count) {
    napi_value array;
    napi_create_array_with_length(env, (size_t)count, &array);
    for (int32_t i = 0; i < count; i++) {
        napi_value d;
        napi_create_object(env, &d);
        set_value(env, d, "date", date_value(env, days[i].date));
        set_i32(env, d, "dayNumber", days[i].day_number);
        set_i32(env, d, "weekday", days[i].weekday);
        set_i32(env, d, "week", days[i].week_of_year.week);
        set_i32(env, d, "weekYear", days[i].week_of_year.year);
        set_u32(env, d, "flags", days[i].flags);
        napi_set_element(env, array, (uint32_t)i, d);
    }
    return array;
}

static napi_value page_value(napi_env env, kalends_page p) {
    napi_value obj;
    napi_create_object(env, &obj);
    set_i32(env, obj, "mode", p.mode);
    set_i32(env, obj, "anchor", p.anchor);
    set_i32(env, obj, "year", p.year);
    set_i32(env, obj, "month", p.month);
    set_i32(env, obj, "first", p.first);
    set_i32(env, obj, "last", p.last);
    return obj;
}

/* ---- handles -------------------------------------------------------------------------- */

static void finalize_box(napi_env env, void *data, void *hint) {
    (void)env;
    (void)hint;
    box *b = data;
    if (!b->closed) b->free(b->raw);
    free(b);
}

static napi_value wrap(napi_env env, void *raw, free_fn fn) {
    box *b = malloc(sizeof *b);
    napi_value ext;
    if (b == NULL) {
        fn(raw);
        napi_throw_error(env, NULL, "kalends_node: out of memory");
        return NULL;
    }
    b->raw = raw;
    b->free = fn;
    b->closed = 0;
    if (napi_create_external(env, b, finalize_box, NULL, &ext) != napi_ok) {
        fn(raw);
        free(b);
        napi_throw_error(env, NULL, "kalends_node: napi_create_external failed");
        return NULL;
    }
    return ext;
}

static box *unwrap(napi_env env, napi_value v) {
    void *data = NULL;
    if (napi_get_value_external(env, v, &data) != napi_ok || data == NULL) {
        napi_throw_type_error(env, NULL, "kalends_node: expected a Kalends handle");
        return NULL;
    }
    return data;
}

static kalends_status free_calendar(void *raw) { return kalends_calendar_free(raw); }
static kalends_status free_view(void *raw) { return kalends_view_free(raw); }
static kalends_status free_store(void *raw) { return kalends_store_free(raw); }

/* close(handle): frees once; closing again does nothing. */
static napi_value close_handle(napi_env env, napi_callback_info info) {
    napi_value argv[1];
    if (!args(env, info, 1, argv)) return NULL;
    box *b = unwrap(env, argv[0]);
    if (b == NULL || b->closed) return NULL;
    b->closed = 1;
    CHECK(env, b->free(b->raw));
    return NULL;
}

/* ---- library -------------------------------------------------------------------------- */

static napi_value set_error_class(napi_env env, napi_callback_info info) {
    napi_value argv[1];
    if (!args(env, info, 1, argv)) return NULL;
    napi_ref ref;
    if (error_class(env) != NULL) {
        napi_throw_error(env, NULL, "kalends_node: the error class is set already");
        return NULL;
    }
    CALL(env, napi_create_reference(env, argv[0], 1, &ref));
    CALL(env, napi_set_instance_data(env, ref, delete_ref, NULL));
    return NULL;
}

static napi_value version(napi_env env, napi_callback_info info) {
    (void)info;
    napi_value obj, s;
    CALL(env, napi_create_object(env, &obj));
    CALL(env, napi_create_string_utf8(env, kalends_version_string(), NAPI_AUTO_LENGTH, &s));
    set_value(env, obj, "string", s);
    set_u32(env, obj, "number", kalends_version());
    set_i32(env, obj, "abi", kalends_abi_version());
    return obj;
}

static napi_value date_from_day_number(napi_env env, napi_callback_info info) {
    napi_value argv[1];
    int32_t n;
    kalends_date d;
    if (!args(env, info, 1, argv) || !get_i32(env, argv[0], &n)) return NULL;
    CHECK(env, kalends_date_from_day_number(n, &d));
    return date_value(env, d);
}

/* ---- calendars ------------------------------------------------------------------------ */

/* calendarNew({firstWeekday, minDaysInFirstWeek, weekendDays, today: {year, month, day}}) */
static napi_value calendar_new(napi_env env, napi_callback_info info) {
    napi_value argv[1], today;
    kalends_calendar_options o;
    kalends_calendar *cal = NULL;
    int32_t v;
    bool has = false;
    if (!args(env, info, 1, argv)) return NULL;
    CHECK(env, kalends_calendar_options_init(&o));
    if (prop_i32(env, argv[0], "firstWeekday", &v)) o.first_weekday = v;
    if (prop_i32(env, argv[0], "minDaysInFirstWeek", &v)) o.min_days_in_first_week = v;
    if (prop_i32(env, argv[0], "weekendDays", &v)) o.weekend_days = (uint32_t)v;
    if (napi_has_named_property(env, argv[0], "today", &has) == napi_ok && has &&
        napi_get_named_property(env, argv[0], "today", &today) == napi_ok) {
        o.today_mode = KALENDS_TODAY_FIXED;
        prop_i32(env, today, "year", &o.today.year);
        prop_i32(env, today, "month", &o.today.month);
        prop_i32(env, today, "day", &o.today.day);
    }
    CHECK(env, kalends_calendar_new(&o, &cal));
    return wrap(env, cal, free_calendar);
}

static napi_value calendar_options(napi_env env, napi_callback_info info) {
    napi_value argv[1], obj;
    kalends_calendar_options o;
    box *b;
    if (!args(env, info, 1, argv) || (b = unwrap(env, argv[0])) == NULL) return NULL;
    CHECK(env, kalends_calendar_options_init(&o));
    CHECK(env, kalends_calendar_get_options(b->raw, &o));
    CALL(env, napi_create_object(env, &obj));
    set_i32(env, obj, "firstWeekday", o.first_weekday);
    set_i32(env, obj, "minDaysInFirstWeek", o.min_days_in_first_week);
    set_u32(env, obj, "weekendDays", o.weekend_days);
    set_i32(env, obj, "todayMode", o.today_mode);
    set_value(env, obj, "today", date_value(env, o.today));
    return obj;
}

static napi_value calendar_today(napi_env env, napi_callback_info info) {
    napi_value argv[1];
    kalends_date d;
    box *b;
    if (!args(env, info, 1, argv) || (b = unwrap(env, argv[0])) == NULL) return NULL;
    CHECK(env, kalends_calendar_today(b->raw, &d));
    return date_value(env, d);
}

static napi_value calendar_month_grid(napi_env env, napi_callback_info info) {
    napi_value argv[4];
    int32_t year, month, rows, count = 0;
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    box *b;
    if (!args(env, info, 4, argv) || (b = unwrap(env, argv[0])) == NULL || !get_i32(env, argv[1], &year) ||
        !get_i32(env, argv[2], &month) || !get_i32(env, argv[3], &rows))
        return NULL;
    CHECK(env, kalends_calendar_month_grid(b->raw, year, month, rows, days, KALENDS_GRID_MAX_DAYS, &count));
    return days_value(env, days, count);
}

/* ---- views ---------------------------------------------------------------------------- */

/* viewNew(calendar, width) */
static napi_value view_new(napi_env env, napi_callback_info info) {
    napi_value argv[2];
    kalends_view_metrics m;
    kalends_view *view = NULL;
    box *cal;
    if (!args(env, info, 2, argv) || (cal = unwrap(env, argv[0])) == NULL) return NULL;
    CHECK(env, kalends_view_metrics_init(&m));
    if (!get_double(env, argv[1], &m.width)) return NULL;
    CHECK(env, kalends_view_new(cal->raw, NULL, &m, &view));
    return wrap(env, view, free_view);
}

static napi_value view_page(napi_env env, napi_callback_info info) {
    napi_value argv[1];
    kalends_page p;
    box *b;
    if (!args(env, info, 1, argv) || (b = unwrap(env, argv[0])) == NULL) return NULL;
    CHECK(env, kalends_view_page(b->raw, &p));
    return page_value(env, p);
}

/* viewTap(view, x, y) -> {hit: {...}, action: {...}} */
static napi_value view_tap(napi_env env, napi_callback_info info) {
    napi_value argv[3], result, hit, action, transition, frame, day;
    double x, y;
    kalends_element e;
    kalends_action a;
    box *b;
    if (!args(env, info, 3, argv) || (b = unwrap(env, argv[0])) == NULL || !get_double(env, argv[1], &x) ||
        !get_double(env, argv[2], &y))
        return NULL;
    CHECK(env, kalends_view_tap(b->raw, x, y, &e, &a));
    CALL(env, napi_create_object(env, &hit));
    set_i32(env, hit, "kind", e.kind);
    set_i32(env, hit, "index", e.index);
    set_i32(env, hit, "dayNumber", e.day_number);
    set_u32(env, hit, "flags", e.flags);
    CALL(env, napi_create_object(env, &frame));
    set_double(env, frame, "x", e.frame.x);
    set_double(env, frame, "y", e.frame.y);
    set_double(env, frame, "width", e.frame.width);
    set_double(env, frame, "height", e.frame.height);
    set_value(env, hit, "frame", frame);
    CALL(env, napi_create_object(env, &action));
    set_i32(env, action, "outcome", a.outcome);
    if (a.has_day) {
        CALL(env, napi_create_int32(env, a.day, &day));
    } else {
        CALL(env, napi_get_null(env, &day));
    }
    set_value(env, action, "day", day);
    CALL(env, napi_create_object(env, &transition));
    set_i32(env, transition, "direction", a.transition.direction);
    set_value(env, transition, "from", page_value(env, a.transition.from));
    set_value(env, transition, "to", page_value(env, a.transition.to));
    set_value(env, action, "transition", transition);
    CALL(env, napi_create_object(env, &result));
    set_value(env, result, "hit", hit);
    set_value(env, result, "action", action);
    return result;
}

static napi_value view_selection(napi_env env, napi_callback_info info) {
    napi_value argv[1], obj;
    kalends_selection s;
    box *b;
    if (!args(env, info, 1, argv) || (b = unwrap(env, argv[0])) == NULL) return NULL;
    CHECK(env, kalends_view_selection(b->raw, &s));
    CALL(env, napi_create_object(env, &obj));
    set_i32(env, obj, "count", s.count);
    set_i32(env, obj, "first", s.first);
    set_i32(env, obj, "last", s.last);
    return obj;
}

static napi_value view_days(napi_env env, napi_callback_info info) {
    napi_value argv[1];
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    int32_t count = 0;
    box *b;
    if (!args(env, info, 1, argv) || (b = unwrap(env, argv[0])) == NULL) return NULL;
    CHECK(env, kalends_view_days(b->raw, days, KALENDS_GRID_MAX_DAYS, &count));
    return days_value(env, days, count);
}

/* ---- event stores --------------------------------------------------------------------- */

static napi_value store_new(napi_env env, napi_callback_info info) {
    (void)info;
    kalends_store *store = NULL;
    CHECK(env, kalends_store_new(&store));
    return wrap(env, store, free_store);
}

/* storeAddEvents(store, [{id, allDay, start, end, color, title}]) */
static napi_value store_add_events(napi_env env, napi_callback_info info) {
    napi_value argv[2], item, v;
    uint32_t n = 0;
    box *b;
    if (!args(env, info, 2, argv) || (b = unwrap(env, argv[0])) == NULL) return NULL;
    CALL(env, napi_get_array_length(env, argv[1], &n));
    if (n > INT32_MAX) {
        napi_throw_range_error(env, NULL, "kalends_node: too many events");
        return NULL;
    }
    kalends_event *events = calloc(n ? n : 1, sizeof *events);
    char **titles = calloc(n ? n : 1, sizeof *titles);
    napi_value result = NULL;
    int ok = events != NULL && titles != NULL;
    for (uint32_t i = 0; ok && i < n; i++) {
        kalends_event *e = &events[i];
        bool all_day = false;
        size_t length = 0;
        uint32_t color = 0;
        e->struct_size = sizeof *e;
        ok = napi_get_element(env, argv[1], i, &item) == napi_ok &&
             napi_get_named_property(env, item, "id", &v) == napi_ok && get_i64(env, v, &e->id) &&
             napi_get_named_property(env, item, "start", &v) == napi_ok && get_i64(env, v, &e->start) &&
             napi_get_named_property(env, item, "end", &v) == napi_ok && get_i64(env, v, &e->end) &&
             napi_get_named_property(env, item, "allDay", &v) == napi_ok &&
             napi_coerce_to_bool(env, v, &v) == napi_ok && napi_get_value_bool(env, v, &all_day) == napi_ok &&
             napi_get_named_property(env, item, "color", &v) == napi_ok &&
             (napi_get_value_uint32(env, v, &color) == napi_ok || (color = 0, 1)) &&
             napi_get_named_property(env, item, "title", &v) == napi_ok &&
             napi_get_value_string_utf8(env, v, NULL, 0, &length) == napi_ok &&
             (titles[i] = malloc(length + 1)) != NULL &&
             napi_get_value_string_utf8(env, v, titles[i], length + 1, &length) == napi_ok && length <= INT32_MAX;
        if (ok) {
            e->all_day = all_day ? 1 : 0;
            e->color = color;
            e->title = titles[i];
            e->title_length = (int32_t)length;
        }
    }
    if (!ok) {
        bool pending = false;
        napi_is_exception_pending(env, &pending);
        if (!pending) napi_throw_type_error(env, NULL, "kalends_node: an event needs id, allDay, start, end, title");
    } else {
        kalends_status status = kalends_store_add_events(b->raw, events, (int32_t)n);
        if (status != KALENDS_OK) throw_status(env, status);
    }
    for (uint32_t i = 0; titles != NULL && i < n; i++) free(titles[i]);
    free(titles);
    free(events);
    return result;
}

static napi_value store_count(napi_env env, napi_callback_info info) {
    napi_value argv[1], v;
    int32_t n = 0;
    box *b;
    if (!args(env, info, 1, argv) || (b = unwrap(env, argv[0])) == NULL) return NULL;
    CHECK(env, kalends_store_count(b->raw, &n));
    CALL(env, napi_create_int32(env, n, &v));
    return v;
}

/* storeQuery(store, first, last) -> events overlapping UTC days first...last, in start order */
static napi_value store_query(napi_env env, napi_callback_info info) {
    napi_value argv[3], array = NULL;
    int32_t first, last, count = 0;
    kalends_status status;
    kalends_event *events = NULL;
    box *b;
    if (!args(env, info, 3, argv) || (b = unwrap(env, argv[0])) == NULL || !get_i32(env, argv[1], &first) ||
        !get_i32(env, argv[2], &last))
        return NULL;
    CHECK(env, kalends_store_query(b->raw, NULL, first, last, NULL, 0, &count));
    do { /* again if a source or plugin added events between the two calls */
        int32_t capacity = count;
        free(events);
        events = malloc(sizeof *events * (size_t)(capacity > 0 ? capacity : 1));
        if (events == NULL) {
            napi_throw_error(env, NULL, "kalends_node: out of memory");
            return NULL;
        }
        status = kalends_store_query(b->raw, NULL, first, last, events, capacity, &count);
    } while (status == KALENDS_E_BUFFER_TOO_SMALL);
    if (status != KALENDS_OK) {
        free(events);
        return throw_status(env, status);
    }
    if (napi_create_array_with_length(env, (size_t)count, &array) == napi_ok) {
        for (int32_t i = 0; i < count; i++) {
            napi_value e, v;
            napi_create_object(env, &e);
            napi_create_int64(env, events[i].id, &v);
            set_value(env, e, "id", v);
            napi_get_boolean(env, events[i].all_day != 0, &v);
            set_value(env, e, "allDay", v);
            napi_create_int64(env, events[i].start, &v);
            set_value(env, e, "start", v);
            napi_create_int64(env, events[i].end, &v);
            set_value(env, e, "end", v);
            set_u32(env, e, "color", events[i].color);
            napi_create_string_utf8(env, events[i].title ? events[i].title : "",
                                    events[i].title == NULL ? 0 : events[i].title_length < 0 ? NAPI_AUTO_LENGTH
                                                                 : (size_t)events[i].title_length, &v);
            set_value(env, e, "title", v);
            napi_set_element(env, array, (uint32_t)i, e);
        }
    }
    free(events);
    return array;
}

/* ---- module --------------------------------------------------------------------------- */

static napi_value init(napi_env env, napi_value exports) {
    napi_property_descriptor fns[] = {
#define FN(name, fn) {name, NULL, fn, NULL, NULL, NULL, napi_default, NULL}
        FN("setErrorClass", set_error_class),
        FN("close", close_handle),
        FN("version", version),
        FN("dateFromDayNumber", date_from_day_number),
        FN("calendarNew", calendar_new),
        FN("calendarOptions", calendar_options),
        FN("calendarToday", calendar_today),
        FN("calendarMonthGrid", calendar_month_grid),
        FN("viewNew", view_new),
        FN("viewPage", view_page),
        FN("viewTap", view_tap),
        FN("viewSelection", view_selection),
        FN("viewDays", view_days),
        FN("storeNew", store_new),
        FN("storeAddEvents", store_add_events),
        FN("storeCount", store_count),
        FN("storeQuery", store_query),
#undef FN
    };
    CALL(env, napi_define_properties(env, exports, sizeof fns / sizeof fns[0], fns));
    return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)

/*
 * holidays-c: a Kalends plugin that turns a holiday rule file into all-day events.
 *
 * The rule format, the event ids and the threading contract are described in
 * plugins/README.md. This file is C99 and needs nothing beyond libc and pthreads.
 * plugins/holidays-rust/ implements the same plugin; both must give the same events
 * (same ids, days, titles, colors, order) for the same rule file.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../include/kalends/sys/plugin.h"

/* ------------------------------------------------------------------------ */
/* Calendar arithmetic (proleptic Gregorian, astronomical years)            */
/* ------------------------------------------------------------------------ */

#define YEAR_MIN ((int64_t)KALENDS_YEAR_MIN)
#define YEAR_MAX ((int64_t)KALENDS_YEAR_MAX)
#define DEFAULT_COLOR 0xD0021BFFu
#define MAX_FILE_BYTES (16L * 1024 * 1024)
#define MAX_OFFSET 365
/* id = N * ID_FILE_FACTOR + (rule index + 1) * ID_RULE_FACTOR + (year + ID_YEAR_BIAS),
   N from the file's `id N` line (0 without one). N <= ID_FILE_MAX; a 16 MiB file holds
   under 1.6 million rules, so the sum stays far below INT64_MAX (9.22e18). */
#define ID_FILE_FACTOR 1000000000000LL
#define ID_FILE_MAX 9000000L
#define ID_RULE_FACTOR 10000000LL
#define ID_YEAR_BIAS 1000000LL

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q -= 1;
    return q;
}

static int64_t floor_mod(int64_t a, int64_t b) { return a - floor_div(a, b) * b; }

static int is_leap(int64_t y)
{
    return floor_mod(y, 4) == 0 && (floor_mod(y, 100) != 0 || floor_mod(y, 400) == 0);
}

static int days_in_month(int64_t y, int m)
{
    static const int lengths[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return (m == 2 && is_leap(y)) ? 29 : lengths[m - 1];
}

/* Leap years among 1 ... y-1 (negative: minus those among y ... 0). */
static int64_t leaps_before(int64_t y)
{
    return floor_div(y - 1, 4) - floor_div(y - 1, 100) + floor_div(y - 1, 400);
}

/* Day number of January 1st of year y. */
static int64_t year_start(int64_t y) { return 365 * (y - 1970) + leaps_before(y) - leaps_before(1970); }

static int64_t day_number(int64_t y, int m, int d)
{
    static const int before[12] = {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334};
    int64_t n = year_start(y) + before[m - 1] + (d - 1);
    if (m > 2 && is_leap(y)) n += 1;
    return n;
}

/* The year the day number falls in. */
static int64_t year_of(int64_t day)
{
    int64_t y = 1970 + floor_div(day * 400, 146097);
    while (year_start(y) > day) y -= 1;
    while (year_start(y + 1) <= day) y += 1;
    return y;
}

/* ISO weekday, 1 = Monday ... 7 = Sunday (1970-01-01 was a Thursday). */
static int weekday_of(int64_t day) { return (int)floor_mod(day + 3, 7) + 1; }

/* Gregorian Easter Sunday of year y as a day number: the anonymous Gregorian algorithm
   (Meeus/Jones/Butcher). Its arithmetic repeats every 5,700,000 years, so the year is
   first brought into 0 ... 5,699,999, where the plain non-negative divisions apply. */
static int64_t easter_day(int64_t year)
{
    int64_t y = floor_mod(year, 5700000);
    int64_t a = y % 19, b = y / 100, c = y % 100;
    int64_t d = b / 4, e = b % 4;
    int64_t f = (b + 8) / 25;
    int64_t g = (b - f + 1) / 3;
    int64_t h = (19 * a + b - d - g + 15) % 30;
    int64_t i = c / 4, k = c % 4;
    int64_t l = (32 + 2 * e + 2 * i - h - k) % 7;
    int64_t m = (a + 11 * h + 22 * l) / 451;
    int64_t month = (h + l - 7 * m + 114) / 31;
    int64_t day = (h + l - 7 * m + 114) % 31 + 1;
    return day_number(year, (int)month, (int)day);
}

/* ------------------------------------------------------------------------ */
/* Rules                                                                    */
/* ------------------------------------------------------------------------ */

enum { RULE_FIXED = 1, RULE_NTH = 2, RULE_EASTER = 3 };

typedef struct rule {
    int kind;
    int month;   /* fixed, nth: 1 ... 12 */
    int day;     /* fixed: 1 ... days in month (29 for February) */
    int nth;     /* nth: 1 ... 5 or -1 ... -5 */
    int weekday; /* nth: 1 = Monday ... 7 = Sunday */
    int offset;  /* easter: days from Easter Sunday, -365 ... 365 */
    uint32_t color;
    char *name;  /* NUL-terminated UTF-8 */
} rule;

/* The rule's occurrence of rule-year y (any year for fixed and nth rules; Easter's year
   for easter rules). Returns 0 when there is none (February 29th in a common year, a
   fifth weekday the month does not have). */
static int occurrence(const rule *r, int64_t y, int64_t easter, int64_t *out)
{
    int dim, first_wd, last_wd, d;
    switch (r->kind) {
    case RULE_FIXED:
        if (r->day > days_in_month(y, r->month)) return 0;
        *out = day_number(y, r->month, r->day);
        return 1;
    case RULE_NTH:
        dim = days_in_month(y, r->month);
        if (r->nth > 0) {
            first_wd = weekday_of(day_number(y, r->month, 1));
            d = 1 + (r->weekday - first_wd + 7) % 7 + 7 * (r->nth - 1);
            if (d > dim) return 0;
        } else {
            last_wd = weekday_of(day_number(y, r->month, dim));
            d = dim - (last_wd - r->weekday + 7) % 7 - 7 * (-r->nth - 1);
            if (d < 1) return 0;
        }
        *out = day_number(y, r->month, d);
        return 1;
    case RULE_EASTER:
        *out = easter + r->offset;
        return 1;
    default:
        return 0;
    }
}

/* --- parsing -------------------------------------------------------------- */

static int is_space(char c) { return c == ' ' || c == '\t'; }

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF. */
static int valid_utf8(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned char c = s[i];
        size_t len, j;
        uint32_t cp, min;
        if (c < 0x80) {
            i += 1;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            len = 2; cp = c & 0x1Fu; min = 0x80;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3; cp = c & 0x0Fu; min = 0x800;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4; cp = c & 0x07u; min = 0x10000;
        } else {
            return 0;
        }
        if (n - i < len) return 0;
        for (j = 1; j < len; j++) {
            if ((s[i + j] & 0xC0u) != 0x80u) return 0;
            cp = (cp << 6) | (s[i + j] & 0x3Fu);
        }
        if (cp < min || cp > 0x10FFFFu || (cp >= 0xD800u && cp <= 0xDFFFu)) return 0;
        i += len;
    }
    return 1;
}

/* A line being read: [pos, end). */
typedef struct cursor {
    const char *pos;
    const char *end;
} cursor;

/* The next whitespace-separated token; 0 if there is none. */
static int next_token(cursor *cur, const char **tok, size_t *len)
{
    const char *p = cur->pos;
    while (p < cur->end && is_space(*p)) p++;
    if (p == cur->end) return 0;
    *tok = p;
    while (p < cur->end && !is_space(*p)) p++;
    *len = (size_t)(p - *tok);
    cur->pos = p;
    return 1;
}

/* The rest of the line after the whitespace that must follow the last field: the
   holiday's name, non-empty (the line's trailing whitespace is already trimmed). */
static int take_name(cursor *cur, char **out)
{
    const char *p = cur->pos;
    size_t n;
    char *name;
    if (p == cur->end || !is_space(*p)) return 0;
    while (p < cur->end && is_space(*p)) p++;
    if (p == cur->end) return 0;
    n = (size_t)(cur->end - p);
    name = malloc(n + 1);
    if (name == NULL) return 0;
    memcpy(name, p, n);
    name[n] = '\0';
    *out = name;
    return 1;
}

/* Two decimal digits. */
static int two_digits(const char *s, int *out)
{
    if (!is_digit(s[0]) || !is_digit(s[1])) return 0;
    *out = (s[0] - '0') * 10 + (s[1] - '0');
    return 1;
}

static int parse_month(const char *tok, size_t len, int *out)
{
    int m;
    if (len != 2 || !two_digits(tok, &m) || m < 1 || m > 12) return 0;
    *out = m;
    return 1;
}

static int token_is(const char *tok, size_t len, const char *word)
{
    return strlen(word) == len && memcmp(tok, word, len) == 0;
}

typedef struct rule_list {
    rule *items;
    size_t count;
    size_t capacity;
} rule_list;

static void free_rules(rule *rules, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++) free(rules[i].name);
    free(rules);
}

/* Parses one line (without its '\n'); adds a rule, changes *color, or sets *file_id
   (-1 while the file has had no `id` line). 1 on success. */
static int parse_line(const char *start, const char *end, rule_list *list, uint32_t *color, long *file_id)
{
    static const char *const weekdays[7] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
    cursor cur;
    const char *tok, *p;
    size_t len, i;
    rule r;

    /* a CR ending the line (CRLF files), then surrounding whitespace */
    if (end > start && end[-1] == '\r') end--;
    while (end > start && is_space(end[-1])) end--;
    while (start < end && is_space(*start)) start++;
    if (start == end || *start == '#') return 1;
    for (p = start; p < end; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c < 0x20 && c != '\t') || c == 0x7F) return 0;
    }

    cur.pos = start;
    cur.end = end;
    memset(&r, 0, sizeof r);
    if (!next_token(&cur, &tok, &len)) return 0;

    if (token_is(tok, len, "color")) {
        uint32_t value = 0;
        if (!next_token(&cur, &tok, &len) || len != 8) return 0;
        for (i = 0; i < 8; i++) {
            int h = hex_value(tok[i]);
            if (h < 0) return 0;
            value = (value << 4) | (uint32_t)h;
        }
        if (next_token(&cur, &tok, &len)) return 0;
        *color = value;
        return 1;
    } else if (token_is(tok, len, "id")) {
        /* decimal digits only (no sign), 0 ... ID_FILE_MAX, once per file */
        long value = 0;
        if (*file_id >= 0) return 0;
        if (!next_token(&cur, &tok, &len)) return 0;
        for (i = 0; i < len; i++) {
            if (!is_digit(tok[i])) return 0;
            value = value * 10 + (tok[i] - '0');
            if (value > ID_FILE_MAX) return 0;
        }
        if (next_token(&cur, &tok, &len)) return 0;
        *file_id = value;
        return 1;
    } else if (token_is(tok, len, "fixed")) {
        int m, d;
        if (!next_token(&cur, &tok, &len) || len != 5 || tok[2] != '-') return 0;
        if (!two_digits(tok, &m) || !two_digits(tok + 3, &d)) return 0;
        if (m < 1 || m > 12 || d < 1 || d > days_in_month(2000, m)) return 0;
        r.kind = RULE_FIXED;
        r.month = m;
        r.day = d;
    } else if (token_is(tok, len, "nth")) {
        int n, wd = 0;
        if (!next_token(&cur, &tok, &len)) return 0;
        if (len == 1 && tok[0] >= '1' && tok[0] <= '5') {
            n = tok[0] - '0';
        } else if (len == 2 && tok[0] == '-' && tok[1] >= '1' && tok[1] <= '5') {
            n = -(tok[1] - '0');
        } else {
            return 0;
        }
        if (!next_token(&cur, &tok, &len)) return 0;
        for (i = 0; i < 7; i++) {
            if (token_is(tok, len, weekdays[i])) wd = (int)i + 1;
        }
        if (wd == 0) return 0;
        if (!next_token(&cur, &tok, &len) || !parse_month(tok, len, &r.month)) return 0;
        r.kind = RULE_NTH;
        r.nth = n;
        r.weekday = wd;
    } else if (token_is(tok, len, "easter")) {
        int sign = 1, value = 0;
        size_t digits;
        if (!next_token(&cur, &tok, &len)) return 0;
        if (tok[0] == '+' || tok[0] == '-') {
            sign = tok[0] == '-' ? -1 : 1;
            tok++;
            len--;
        }
        if (len < 1 || len > 3) return 0;
        for (digits = 0; digits < len; digits++) {
            if (!is_digit(tok[digits])) return 0;
            value = value * 10 + (tok[digits] - '0');
        }
        if (value > MAX_OFFSET) return 0;
        r.kind = RULE_EASTER;
        r.offset = sign * value;
    } else {
        return 0;
    }

    if (!take_name(&cur, &r.name)) return 0;
    r.color = *color;
    if (list->count == list->capacity) {
        size_t cap = list->capacity ? list->capacity * 2 : 16;
        rule *grown = realloc(list->items, cap * sizeof *grown);
        if (grown == NULL) {
            free(r.name);
            return 0;
        }
        list->items = grown;
        list->capacity = cap;
    }
    list->items[list->count++] = r;
    return 1;
}

/* Parses a whole rule file: its rules, and the id base N * ID_FILE_FACTOR of its
   `id N` line (0 without one). KALENDS_OK or KALENDS_E_PARSE. */
static kalends_status parse_rules(const char *text, size_t n, rule_list *out, int64_t *id_base)
{
    rule_list list = {NULL, 0, 0};
    uint32_t color = DEFAULT_COLOR;
    long file_id = -1;
    const char *p = text, *end = text + n;

    if (!valid_utf8((const unsigned char *)text, n)) return KALENDS_E_PARSE;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *line_end = nl ? nl : end;
        if (!parse_line(p, line_end, &list, &color, &file_id)) {
            free_rules(list.items, list.count);
            return KALENDS_E_PARSE;
        }
        p = nl ? nl + 1 : end;
    }
    *out = list;
    *id_base = file_id > 0 ? (int64_t)file_id * ID_FILE_FACTOR : 0;
    return KALENDS_OK;
}

/* Reads a whole file. KALENDS_OK, KALENDS_E_IO, or KALENDS_E_PARSE (too large). */
static kalends_status read_file(const char *path, char **text, size_t *length)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t n = 0, cap = 0;
    if (f == NULL) return KALENDS_E_IO;
    for (;;) {
        size_t got;
        if (n == cap) {
            char *grown;
            if (cap > (size_t)MAX_FILE_BYTES) {
                free(buf);
                fclose(f);
                return KALENDS_E_PARSE;
            }
            cap = cap ? cap * 2 : 4096;
            grown = realloc(buf, cap);
            if (grown == NULL) {
                free(buf);
                fclose(f);
                return KALENDS_E_IO;
            }
            buf = grown;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    if (ferror(f)) {
        free(buf);
        fclose(f);
        return KALENDS_E_IO;
    }
    fclose(f);
    if (n > (size_t)MAX_FILE_BYTES) {
        free(buf);
        return KALENDS_E_PARSE;
    }
    *text = buf;
    *length = n;
    return KALENDS_OK;
}

/* ------------------------------------------------------------------------ */
/* Instances                                                                */
/* ------------------------------------------------------------------------ */

/* A request started by begin and not finished yet. */
typedef struct request {
    struct request *next;
    int64_t id;
    int cancelled;       /* cancel or destroy: complete must not be called */
    int completing;      /* the worker is inside complete() */
    pthread_t completer; /* that worker, while completing */
} request;

/* The instance. Reference-counted: the host holds one reference until destroy, each
   running worker thread one more, so the rules outlive every thread that reads them. */
typedef struct instance {
    pthread_mutex_t lock;
    pthread_cond_t idle; /* signalled when a worker leaves complete() */
    size_t refs;
    request *pending;
    rule *rules;
    size_t rule_count;
    int64_t id_base; /* N * ID_FILE_FACTOR, from the file's `id N` line */
} instance;

static void release(instance *inst)
{
    size_t left;
    pthread_mutex_lock(&inst->lock);
    left = --inst->refs;
    pthread_mutex_unlock(&inst->lock);
    if (left == 0) {
        pthread_cond_destroy(&inst->idle);
        pthread_mutex_destroy(&inst->lock);
        free_rules(inst->rules, inst->rule_count);
        free(inst);
    }
}

static kalends_status hol_create(const char *config, void **out)
{
    char *text = NULL;
    size_t length = 0;
    rule_list rules;
    int64_t id_base = 0;
    instance *inst;
    kalends_status status;

    if (config == NULL || out == NULL) return KALENDS_E_INVALID_ARGUMENT;
    status = read_file(config, &text, &length);
    if (status != KALENDS_OK) return status;
    status = parse_rules(text, length, &rules, &id_base);
    free(text);
    if (status != KALENDS_OK) return status;

    inst = calloc(1, sizeof *inst);
    if (inst == NULL) {
        free_rules(rules.items, rules.count);
        return KALENDS_E_PLUGIN;
    }
    if (pthread_mutex_init(&inst->lock, NULL) != 0) {
        free(inst);
        free_rules(rules.items, rules.count);
        return KALENDS_E_PLUGIN;
    }
    if (pthread_cond_init(&inst->idle, NULL) != 0) {
        pthread_mutex_destroy(&inst->lock);
        free(inst);
        free_rules(rules.items, rules.count);
        return KALENDS_E_PLUGIN;
    }
    inst->refs = 1;
    inst->rules = rules.items;
    inst->rule_count = rules.count;
    inst->id_base = id_base;
    *out = inst;
    return KALENDS_OK;
}

/* Marks every request with this id (all of them if all != 0) cancelled, then waits
   until no other thread is inside complete() for one of them. Called with the lock. */
static void cancel_locked(instance *inst, int all, int64_t id)
{
    request *r;
    int busy;
    pthread_t self = pthread_self();
    for (r = inst->pending; r != NULL; r = r->next) {
        if (all || r->id == id) r->cancelled = 1;
    }
    do {
        busy = 0;
        for (r = inst->pending; r != NULL; r = r->next) {
            if ((all || r->id == id) && r->completing && !pthread_equal(r->completer, self)) busy = 1;
        }
        if (busy) pthread_cond_wait(&inst->idle, &inst->lock);
    } while (busy);
}

static void hol_destroy(void *handle)
{
    instance *inst = handle;
    if (inst == NULL) return;
    pthread_mutex_lock(&inst->lock);
    cancel_locked(inst, 1, 0);
    pthread_mutex_unlock(&inst->lock);
    release(inst);
}

static void hol_cancel(void *handle, int64_t request_id)
{
    instance *inst = handle;
    if (inst == NULL) return;
    pthread_mutex_lock(&inst->lock);
    cancel_locked(inst, 0, request_id);
    pthread_mutex_unlock(&inst->lock);
}

/* --- event generation ------------------------------------------------------- */

typedef struct occ {
    int64_t day;
    int64_t year; /* the rule-year, for the id */
    size_t rule;
} occ;

static int compare_occ(const void *a, const void *b)
{
    const occ *x = a, *y = b;
    if (x->day != y->day) return x->day < y->day ? -1 : 1;
    if (x->rule != y->rule) return x->rule < y->rule ? -1 : 1;
    return 0;
}

/* Receives each event in order; a status other than KALENDS_OK stops the walk. */
typedef kalends_status (*emit_fn)(void *context, const kalends_event *event);

/* Generates the events on days first ... last (first <= last), in date order (then by
   rule), calendar year by calendar year, for the years KALENDS_YEAR_MIN ... _MAX. */
static kalends_status generate(const instance *inst, int32_t first, int32_t last, emit_fn emit, void *context)
{
    int64_t lo = first, hi = last, day_min = year_start(YEAR_MIN), day_max = year_start(YEAR_MAX + 1) - 1;
    int64_t year, y_first, y_last;
    occ *buf;
    kalends_status status = KALENDS_OK;

    if (lo < day_min) lo = day_min;
    if (hi > day_max) hi = day_max;
    if (lo > hi || inst->rule_count == 0) return KALENDS_OK;
    buf = malloc(3 * inst->rule_count * sizeof *buf);
    if (buf == NULL) return KALENDS_E_PLUGIN;
    y_first = year_of(lo);
    y_last = year_of(hi);

    for (year = y_first; year <= y_last && status == KALENDS_OK; year++) {
        int64_t start = year_start(year), end = year_start(year + 1) - 1;
        int64_t easter[3];
        size_t n = 0, r, k;
        for (k = 0; k < 3; k++) easter[k] = easter_day(year - 1 + (int64_t)k);
        for (r = 0; r < inst->rule_count; r++) {
            const rule *ru = &inst->rules[r];
            int64_t ry, d;
            for (ry = year - 1; ry <= year + 1; ry++) {
                if (ry < YEAR_MIN || ry > YEAR_MAX) continue;
                if (ru->kind != RULE_EASTER && ry != year) continue;
                if (!occurrence(ru, ry, easter[ry - year + 1], &d)) continue;
                if (d < start || d > end || d < lo || d > hi) continue;
                buf[n].day = d;
                buf[n].year = ry;
                buf[n].rule = r;
                n++;
            }
        }
        qsort(buf, n, sizeof *buf, compare_occ);
        for (k = 0; k < n && status == KALENDS_OK; k++) {
            const rule *ru = &inst->rules[buf[k].rule];
            kalends_event ev;
            memset(&ev, 0, sizeof ev);
            ev.struct_size = (uint32_t)sizeof ev;
            ev.all_day = 1;
            ev.id = inst->id_base + ((int64_t)buf[k].rule + 1) * ID_RULE_FACTOR + (buf[k].year + ID_YEAR_BIAS);
            ev.start = buf[k].day;
            ev.end = buf[k].day;
            ev.color = ru->color;
            ev.source = 0;
            ev.user_value = 0;
            ev.title = ru->name;
            ev.title_length = -1;
            ev.reserved = 0;
            status = emit(context, &ev);
        }
    }
    free(buf);
    return status;
}

typedef struct sink_context {
    const kalends_event_sink *sink;
} sink_context;

static kalends_status emit_to_sink(void *context, const kalends_event *event)
{
    const sink_context *sc = context;
    return sc->sink->add(sc->sink->context, event);
}

static kalends_status hol_fetch(void *handle, int32_t first_day, int32_t last_day, const kalends_event_sink *sink)
{
    sink_context sc;
    if (handle == NULL || sink == NULL || sink->add == NULL || first_day > last_day) return KALENDS_E_INVALID_ARGUMENT;
    sc.sink = sink;
    return generate(handle, first_day, last_day, emit_to_sink, &sc);
}

/* --- asynchronous requests ------------------------------------------------------ */

/* Private status: the request was cancelled while its events were being computed. */
#define STOPPED (-1)

typedef struct job {
    instance *inst;
    request *req;
    kalends_completion completion; /* a copy: the caller's struct may be gone */
    int32_t first;
    int32_t last;
    /* the collected events */
    kalends_event *events;
    size_t count;
    size_t capacity;
} job;

static int is_cancelled(job *j)
{
    int c;
    pthread_mutex_lock(&j->inst->lock);
    c = j->req->cancelled;
    pthread_mutex_unlock(&j->inst->lock);
    return c;
}

static kalends_status collect(void *context, const kalends_event *event)
{
    job *j = context;
    if (j->count % 1024 == 0 && is_cancelled(j)) return STOPPED;
    if (j->count == j->capacity) {
        size_t cap = j->capacity ? j->capacity * 2 : 64;
        kalends_event *grown;
        if (j->count >= (size_t)INT32_MAX) return KALENDS_E_OUT_OF_RANGE;
        if (cap > (size_t)INT32_MAX) cap = (size_t)INT32_MAX;
        grown = realloc(j->events, cap * sizeof *grown);
        if (grown == NULL) return KALENDS_E_PLUGIN;
        j->events = grown;
        j->capacity = cap;
    }
    j->events[j->count++] = *event;
    return KALENDS_OK;
}

static void *worker(void *arg)
{
    job *j = arg;
    instance *inst = j->inst;
    request **link;
    kalends_status status = generate(inst, j->first, j->last, collect, j);

    pthread_mutex_lock(&inst->lock);
    if (!j->req->cancelled && status != STOPPED) {
        j->req->completing = 1;
        j->req->completer = pthread_self();
        pthread_mutex_unlock(&inst->lock);
        if (status == KALENDS_OK) {
            j->completion.complete(j->completion.context, j->req->id, j->count ? j->events : NULL,
                                   (int32_t)j->count, KALENDS_OK);
        } else {
            j->completion.complete(j->completion.context, j->req->id, NULL, 0, status);
        }
        pthread_mutex_lock(&inst->lock);
        j->req->completing = 0;
        pthread_cond_broadcast(&inst->idle);
    }
    for (link = &inst->pending; *link != NULL; link = &(*link)->next) {
        if (*link == j->req) {
            *link = j->req->next;
            break;
        }
    }
    pthread_mutex_unlock(&inst->lock);

    free(j->req);
    free(j->events);
    free(j);
    release(inst);
    return NULL;
}

static kalends_status hol_begin(void *handle, int64_t request_id, int32_t first_day, int32_t last_day,
                                const kalends_completion *completion)
{
    instance *inst = handle;
    job *j;
    request *req;
    pthread_attr_t attr;
    pthread_t thread;
    int rc;

    if (inst == NULL || completion == NULL || completion->complete == NULL || first_day > last_day)
        return KALENDS_E_INVALID_ARGUMENT;
    j = calloc(1, sizeof *j);
    req = calloc(1, sizeof *req);
    if (j == NULL || req == NULL) {
        free(j);
        free(req);
        return KALENDS_E_PLUGIN;
    }
    req->id = request_id;
    j->inst = inst;
    j->req = req;
    j->completion = *completion;
    j->first = first_day;
    j->last = last_day;

    pthread_mutex_lock(&inst->lock);
    req->next = inst->pending;
    inst->pending = req;
    inst->refs++;
    pthread_mutex_unlock(&inst->lock);

    rc = pthread_attr_init(&attr);
    if (rc == 0) {
        rc = pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        if (rc == 0) rc = pthread_create(&thread, &attr, worker, j);
        pthread_attr_destroy(&attr);
    }
    if (rc != 0) {
        request **link;
        pthread_mutex_lock(&inst->lock);
        for (link = &inst->pending; *link != NULL; link = &(*link)->next) {
            if (*link == req) {
                *link = req->next;
                break;
            }
        }
        pthread_mutex_unlock(&inst->lock);
        free(req);
        free(j);
        release(inst);
        return KALENDS_E_PLUGIN;
    }
    return KALENDS_OK;
}

/* ------------------------------------------------------------------------ */
/* Entry point                                                              */
/* ------------------------------------------------------------------------ */

static const kalends_plugin_vtable vtable = {
    (uint32_t)sizeof(kalends_plugin_vtable),
    KALENDS_PLUGIN_ABI_VERSION,
    "holidays-c",
    hol_create,
    hol_destroy,
    hol_fetch,
    hol_begin,
    hol_cancel,
    NULL, /* no calendar system */
};

#if defined(__GNUC__)
__attribute__((visibility("default")))
#endif
const kalends_plugin_vtable *kalends_plugin_entry(void);

const kalends_plugin_vtable *kalends_plugin_entry(void) { return &vtable; }

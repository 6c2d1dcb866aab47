/*
 * Tests of the holiday plugins through their vtables alone (no libkalends):
 *
 *     plugin_test LIBHOLIDAYS_C LIBHOLIDAYS_RUST RULES_DIR [BROKEN_PLUGINS_DIR]
 *
 * - the US rule file over 2020 ... 2030 gives exactly the expected dates, ids, titles
 *   and colors, and the French one its Easter-based days;
 * - the C and Rust plugins agree event for event (ids, days, titles, colors, order)
 *   on several rule files and ranges, up to the whole int32 day range;
 * - a sink's error stops fetch; bad arguments and malformed rule files fail with the
 *   documented statuses;
 * - begin/complete works, cancel and destroy prevent completion, cancel from inside
 *   complete does not deadlock;
 * - the broken test plugins are what their comments say.
 *
 * Prints "plugin_test: N passed, M failed" and exits non-zero on any failure.
 */
#define _POSIX_C_SOURCE 200809L

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../../include/kalends.h"

static int passed, failed;

static void check(int ok, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    if (ok) {
        passed++;
        return;
    }
    failed++;
    fprintf(stderr, "FAIL %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

#define CHECK(cond, ...) check((cond) != 0, __FILE__, __LINE__, __VA_ARGS__)

/* ---- dates (written independently of the plugins: a day-by-day walk from 1970) --- */

static int leap(long y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

/* Day number of a date in 1900 ... 2200, by counting. */
static int32_t day_of(int y, int m, int d)
{
    static const int len[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    long n = 0;
    int i;
    for (i = 1970; i < y; i++) n += leap(i) ? 366 : 365;
    for (i = 1969; i >= y; i--) n -= leap(i) ? 366 : 365;
    for (i = 1; i < m; i++) n += len[i - 1] + (i == 2 && leap(y));
    return (int32_t)(n + d - 1);
}

/* ---- plugins ----------------------------------------------------------------- */

typedef struct plugin {
    const char *label;
    const kalends_plugin_vtable *vt;
} plugin;

static kalends_plugin_entry_fn find_entry(void *dl)
{
    void *sym = dlsym(dl, KALENDS_PLUGIN_ENTRY);
    kalends_plugin_entry_fn fn = NULL;
    if (sym != NULL) memcpy(&fn, &sym, sizeof fn);
    return fn;
}

static const kalends_plugin_vtable *load(const char *path)
{
    void *dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    kalends_plugin_entry_fn entry;
    if (dl == NULL) {
        fprintf(stderr, "cannot load %s: %s\n", path, dlerror());
        return NULL;
    }
    entry = find_entry(dl);
    if (entry == NULL) {
        fprintf(stderr, "%s has no %s\n", path, KALENDS_PLUGIN_ENTRY);
        return NULL;
    }
    return entry();
}

/* ---- a collecting sink ------------------------------------------------------------ */

typedef struct stored {
    kalends_event ev;
    char *title;
} stored;

typedef struct collection {
    stored *items;
    size_t count, capacity;
    size_t calls;
    size_t fail_at;           /* the call (1-based) that fails; 0: never */
    kalends_status fail_with; /* its status */
    int malformed;            /* events that break the plugins' documented shape */
} collection;

static void take(collection *c, const kalends_event *ev)
{
    if (c->count == c->capacity) {
        c->capacity = c->capacity ? c->capacity * 2 : 256;
        c->items = realloc(c->items, c->capacity * sizeof *c->items);
        if (c->items == NULL) abort();
    }
    c->items[c->count].ev = *ev;
    c->items[c->count].title = ev->title ? strdup(ev->title) : NULL;
    c->items[c->count].ev.title = NULL;
    c->count++;
}

static int well_formed(const kalends_event *ev)
{
    return ev->struct_size == sizeof(kalends_event) && ev->all_day == 1 && ev->start == ev->end && ev->source == 0 &&
           ev->user_value == 0 && ev->title != NULL && ev->title_length == -1 && ev->reserved == 0;
}

static kalends_status collect_add(void *context, const kalends_event *ev)
{
    collection *c = context;
    c->calls++;
    if (c->fail_at != 0 && c->calls == c->fail_at) return c->fail_with;
    if (!well_formed(ev)) c->malformed++;
    take(c, ev);
    return KALENDS_OK;
}

static void clear(collection *c)
{
    size_t i;
    for (i = 0; i < c->count; i++) free(c->items[i].title);
    free(c->items);
    memset(c, 0, sizeof *c);
}

static kalends_status fetch_all(const plugin *p, void *inst, int32_t first, int32_t last, collection *c)
{
    kalends_event_sink sink;
    memset(c, 0, sizeof *c);
    sink.context = c;
    sink.add = collect_add;
    return p->vt->fetch(inst, first, last, &sink);
}

static void *create_or_die(const plugin *p, const char *path)
{
    void *inst = NULL;
    kalends_status st = p->vt->create(path, &inst);
    if (st != KALENDS_OK || inst == NULL) {
        fprintf(stderr, "%s: create(%s) failed: %d\n", p->label, path, (int)st);
        exit(2);
    }
    return inst;
}

/* ---- a digesting sink (for ranges too large to keep) -------------------------------- */

typedef struct digest {
    uint64_t hash;
    uint64_t count;
    int64_t prev_day;
    int64_t prev_rule;
    int64_t first_day, last_day;
    int64_t min_day, max_day;
    int disorder, outside, malformed;
} digest;

static void mix(uint64_t *h, const void *data, size_t n)
{
    const unsigned char *p = data;
    size_t i;
    for (i = 0; i < n; i++) {
        *h ^= p[i];
        *h *= 1099511628211ull;
    }
}

static kalends_status digest_add(void *context, const kalends_event *ev)
{
    digest *d = context;
    int64_t rule = ev->id / 10000000;
    if (!well_formed(ev)) d->malformed++;
    if (d->count > 0 && (ev->start < d->prev_day || (ev->start == d->prev_day && rule <= d->prev_rule)))
        d->disorder++;
    if (ev->start < d->first_day || ev->start > d->last_day) d->outside++;
    if (d->count == 0 || ev->start < d->min_day) d->min_day = ev->start;
    if (d->count == 0 || ev->start > d->max_day) d->max_day = ev->start;
    d->prev_day = ev->start;
    d->prev_rule = rule;
    mix(&d->hash, &ev->id, sizeof ev->id);
    mix(&d->hash, &ev->start, sizeof ev->start);
    mix(&d->hash, &ev->color, sizeof ev->color);
    if (ev->title) mix(&d->hash, ev->title, strlen(ev->title) + 1);
    d->count++;
    return KALENDS_OK;
}

static kalends_status digest_range(const plugin *p, void *inst, int32_t first, int32_t last, digest *d)
{
    kalends_event_sink sink;
    memset(d, 0, sizeof *d);
    d->hash = 14695981039346656037ull;
    d->first_day = first;
    d->last_day = last;
    sink.context = d;
    sink.add = digest_add;
    return p->vt->fetch(inst, first, last, &sink);
}

/* ---- files ---------------------------------------------------------------------- */

static char tmpdir[256];

static const char *write_temp(const char *name, const char *text, size_t length)
{
    static char path[512];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    f = fopen(path, "wb");
    if (f == NULL || fwrite(text, 1, length, f) != length || fclose(f) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(2);
    }
    return path;
}

/* ---- expected US holidays 2020 ... 2030 (from an almanac, not from the plugins) ---- */

static const struct {
    const char *title;
    const char *dates[11]; /* MM-DD for 2020 ... 2030 */
} us_expected[11] = {
    {"New Year's Day", {"01-01", "01-01", "01-01", "01-01", "01-01", "01-01", "01-01", "01-01", "01-01", "01-01", "01-01"}},
    {"Martin Luther King Jr. Day",
     {"01-20", "01-18", "01-17", "01-16", "01-15", "01-20", "01-19", "01-18", "01-17", "01-15", "01-21"}},
    {"Washington's Birthday",
     {"02-17", "02-15", "02-21", "02-20", "02-19", "02-17", "02-16", "02-15", "02-21", "02-19", "02-18"}},
    {"Memorial Day", {"05-25", "05-31", "05-30", "05-29", "05-27", "05-26", "05-25", "05-31", "05-29", "05-28", "05-27"}},
    {"Juneteenth National Independence Day",
     {"06-19", "06-19", "06-19", "06-19", "06-19", "06-19", "06-19", "06-19", "06-19", "06-19", "06-19"}},
    {"Independence Day", {"07-04", "07-04", "07-04", "07-04", "07-04", "07-04", "07-04", "07-04", "07-04", "07-04", "07-04"}},
    {"Labor Day", {"09-07", "09-06", "09-05", "09-04", "09-02", "09-01", "09-07", "09-06", "09-04", "09-03", "09-02"}},
    {"Columbus Day", {"10-12", "10-11", "10-10", "10-09", "10-14", "10-13", "10-12", "10-11", "10-09", "10-08", "10-14"}},
    {"Veterans Day", {"11-11", "11-11", "11-11", "11-11", "11-11", "11-11", "11-11", "11-11", "11-11", "11-11", "11-11"}},
    {"Thanksgiving Day", {"11-26", "11-25", "11-24", "11-23", "11-28", "11-27", "11-26", "11-25", "11-23", "11-22", "11-28"}},
    {"Christmas Day", {"12-25", "12-25", "12-25", "12-25", "12-25", "12-25", "12-25", "12-25", "12-25", "12-25", "12-25"}},
};

/* The `id N` numbers of the sample rule files. */
#define US_FILE_ID 1
#define FR_FILE_ID 2
#define FILE_ID_FACTOR 1000000000000LL /* 10^12 */

/* id = N * 10^12 + (rule index + 1) * 10^7 + (year + 10^6) */
static int64_t expected_id(int64_t n, int rule, int year)
{
    return n * FILE_ID_FACTOR + (int64_t)(rule + 1) * 10000000 + year + 1000000;
}

static void test_vtable(const plugin *p, const char *name)
{
    const kalends_plugin_vtable *vt = p->vt;
    CHECK(vt->struct_size == sizeof(kalends_plugin_vtable), "%s: struct_size %u", p->label, (unsigned)vt->struct_size);
    CHECK(vt->abi_version == KALENDS_PLUGIN_ABI_VERSION, "%s: abi_version %d", p->label, (int)vt->abi_version);
    CHECK(vt->name != NULL && strcmp(vt->name, name) == 0, "%s: name %s", p->label, vt->name ? vt->name : "(null)");
    CHECK(vt->create && vt->destroy && vt->fetch && vt->begin && vt->cancel, "%s: a NULL function", p->label);
}

static void test_us(const plugin *p, const char *rules_dir)
{
    char path[512];
    void *inst;
    collection c;
    kalends_status st;
    int year, r;
    size_t k = 0;

    snprintf(path, sizeof path, "%s/us.rules", rules_dir);
    inst = create_or_die(p, path);
    st = fetch_all(p, inst, day_of(2020, 1, 1), day_of(2030, 12, 31), &c);
    CHECK(st == KALENDS_OK, "%s: US fetch status %d", p->label, (int)st);
    CHECK(c.count == 121, "%s: US 2020-2030 gave %zu events, expected 121", p->label, c.count);
    CHECK(c.malformed == 0, "%s: %d malformed events", p->label, c.malformed);
    /* in each year the rules are in date order, so the expected order is year, rule */
    for (year = 2020; year <= 2030 && k < c.count; year++) {
        for (r = 0; r < 11 && k < c.count; r++, k++) {
            const stored *s = &c.items[k];
            int m = atoi(us_expected[r].dates[year - 2020]);
            int d = atoi(us_expected[r].dates[year - 2020] + 3);
            int32_t want = day_of(year, m, d);
            CHECK(s->ev.start == want && s->ev.end == want, "%s: %s %d is day %lld, expected %d-%02d-%02d (%d)",
                  p->label, us_expected[r].title, year, (long long)s->ev.start, year, m, d, (int)want);
            CHECK(s->title && strcmp(s->title, us_expected[r].title) == 0, "%s: title %s, expected %s", p->label,
                  s->title ? s->title : "(null)", us_expected[r].title);
            CHECK(s->ev.id == expected_id(US_FILE_ID, r, year), "%s: id %lld, expected %lld", p->label,
                  (long long)s->ev.id, (long long)expected_id(US_FILE_ID, r, year));
            CHECK(s->ev.color == 0x3C78D8FFu, "%s: color %08x", p->label, (unsigned)s->ev.color);
        }
    }
    clear(&c);

    /* a range inside a year: only Memorial Day 2024 and Juneteenth 2024 */
    st = fetch_all(p, inst, day_of(2024, 5, 27), day_of(2024, 6, 19), &c);
    CHECK(st == KALENDS_OK && c.count == 2, "%s: May 27 - June 19 2024 gave %zu events", p->label, c.count);
    if (c.count == 2) {
        CHECK(c.items[0].ev.start == day_of(2024, 5, 27) && c.items[1].ev.start == day_of(2024, 6, 19),
              "%s: inclusive range ends", p->label);
    }
    clear(&c);
    /* a range with no holiday */
    st = fetch_all(p, inst, day_of(2024, 1, 2), day_of(2024, 1, 14), &c);
    CHECK(st == KALENDS_OK && c.count == 0, "%s: Jan 2 - 14 2024 gave %zu events", p->label, c.count);
    clear(&c);
    p->vt->destroy(inst);
}

static void test_fr(const plugin *p, const char *rules_dir)
{
    static const struct {
        int y, m, d;
        const char *title;
        uint32_t color;
    } days[] = {
        {2024, 4, 1, "Lundi de Pâques", 0x7B2FBEFFu}, {2024, 5, 9, "Ascension", 0x7B2FBEFFu},
        {2024, 5, 20, "Lundi de Pentecôte", 0x7B2FBEFFu}, {2025, 4, 21, "Lundi de Pâques", 0x7B2FBEFFu},
        {2025, 5, 29, "Ascension", 0x7B2FBEFFu}, {2025, 6, 9, "Lundi de Pentecôte", 0x7B2FBEFFu},
        {2025, 5, 1, "Fête du Travail", 0xD0021BFFu}, {2025, 12, 25, "Noël", 0xD0021BFFu},
    };
    char path[512];
    void *inst;
    collection c;
    size_t i, k;

    snprintf(path, sizeof path, "%s/fr.rules", rules_dir);
    inst = create_or_die(p, path);
    fetch_all(p, inst, day_of(2024, 1, 1), day_of(2025, 12, 31), &c);
    CHECK(c.count == 22, "%s: France 2024-2025 gave %zu events", p->label, c.count);
    for (i = 0; i < sizeof days / sizeof days[0]; i++) {
        int32_t want = day_of(days[i].y, days[i].m, days[i].d);
        int found = 0;
        for (k = 0; k < c.count; k++) {
            if (c.items[k].ev.start == want && strcmp(c.items[k].title, days[i].title) == 0) {
                found = 1;
                CHECK(c.items[k].ev.color == days[i].color, "%s: %s color %08x", p->label, days[i].title,
                      (unsigned)c.items[k].ev.color);
            }
        }
        CHECK(found, "%s: no %s on %d-%02d-%02d", p->label, days[i].title, days[i].y, days[i].m, days[i].d);
    }
    clear(&c);

    /* 2008: Ascension fell on May 1st; same day, so rule order: Fête du Travail first */
    fetch_all(p, inst, day_of(2008, 5, 1), day_of(2008, 5, 1), &c);
    CHECK(c.count == 2, "%s: 2008-05-01 gave %zu events", p->label, c.count);
    if (c.count == 2) {
        CHECK(strcmp(c.items[0].title, "Fête du Travail") == 0 && strcmp(c.items[1].title, "Ascension") == 0,
              "%s: same-day order %s, %s", p->label, c.items[0].title, c.items[1].title);
        CHECK(c.items[0].ev.id == expected_id(FR_FILE_ID, 1, 2008) && c.items[1].ev.id == expected_id(FR_FILE_ID, 9, 2008),
              "%s: same-day ids %lld %lld", p->label, (long long)c.items[0].ev.id, (long long)c.items[1].ev.id);
    }
    clear(&c);
    p->vt->destroy(inst);
}

/* Rules meant to reach the corners: leap days, fifth weekdays, Easter offsets that
   cross years, colors, CRLF, tabs, names with '#' and inner spaces. */
static const char stress_rules[] =
    "# stress\n"
    "\n"
    "   # indented comment\n"
    "fixed 02-29 Leap Day\n"
    "fixed 01-01 First\r\n"
    "fixed 12-31 Last  \t \n"
    "color 00ff00aa\n"
    "nth 5 sun 03 Fifth Sunday of March\n"
    "nth -5 fri 12 Fifth-from-last Friday of December\n"
    "nth 1 mon 01 First Monday\n"
    "nth -1 sun 12 Last Sunday\n"
    "\tnth\t2\twed\t02\tTabbed #2  name\n"
    "COLOR_IS_CASE_SENSITIVE_SO_THIS_IS_NOT_HERE\n";

static const char stress_rules_ok[] =
    "# stress\n"
    "\n"
    "   # indented comment\n"
    "fixed 02-29 Leap Day\n"
    "fixed 01-01 First\r\n"
    "fixed 12-31 Last  \t \n"
    "color 00ff00aa\n"
    "nth 5 sun 03 Fifth Sunday of March\n"
    "nth -5 fri 12 Fifth-from-last Friday of December\n"
    "nth 1 mon 01 First Monday\n"
    "nth -1 sun 12 Last Sunday\n"
    "\tnth\t2\twed\t02\tTabbed #2  name\n"
    "color FFFFFFFF\n"
    "easter -365 A year before Easter\n"
    "easter +365 A year after Easter\n"
    "easter 0 Easter Sunday\n"
    "easter -0 Easter again\n"
    "easter -251 Early\n"
    "easter +251 Late\n"
    "easter 39 Ascension\n"
    "easter +001 Easter Monday\n"
    "fixed 03-22 Earliest Easter\n"
    "fixed 04-25 Latest Easter";

static void test_compare(const plugin *a, const plugin *b, const char *rules_dir)
{
    static const char *files[3] = {"us.rules", "fr.rules", NULL};
    char path[512];
    int f;
    const char *stress = write_temp("stress.rules", stress_rules_ok, sizeof stress_rules_ok - 1);
    char stress_path[512];
    snprintf(stress_path, sizeof stress_path, "%s", stress);

    for (f = 0; f < 3; f++) {
        const char *file = f < 2 ? path : stress_path;
        void *ia, *ib;
        int32_t ranges[][2] = {
            {day_of(1900, 1, 1), day_of(2100, 12, 31)},
            {-719528 /* 0000-01-01 */ - 5000, -719528 + 5000},
            {-4371587 /* -9999-01-01 */, 2932896 /* 9999-12-31 */},
            {-365961662 - 1000 /* before KALENDS_YEAR_MIN */, -365961662 + 800},
            {364522971 - 800, 364522971 + 1000 /* after KALENDS_YEAR_MAX */},
            {INT32_MIN, INT32_MIN + 10},
            {INT32_MAX - 10, INT32_MAX},
            {0, 0},
            {day_of(2008, 5, 1), day_of(2008, 5, 1)},
        };
        size_t nr = sizeof ranges / sizeof ranges[0], r;
        uint32_t seed = 12345;

        if (f < 2) snprintf(path, sizeof path, "%s/%s", rules_dir, files[f]);
        ia = create_or_die(a, file);
        ib = create_or_die(b, file);
        for (r = 0; r < nr + 200; r++) {
            int32_t first, last;
            collection ca, cb;
            kalends_status sa, sb;
            size_t k;
            int same = 1;
            if (r < nr) {
                first = ranges[r][0];
                last = ranges[r][1];
            } else { /* random ranges of up to 3 years within +-20000 years */
                seed = seed * 1103515245u + 12345u;
                first = (int32_t)((seed >> 3) % 14600000u) - 7300000;
                seed = seed * 1103515245u + 12345u;
                last = first + (int32_t)((seed >> 5) % 1100u);
            }
            sa = fetch_all(a, ia, first, last, &ca);
            sb = fetch_all(b, ib, first, last, &cb);
            if (sa != sb || ca.count != cb.count) same = 0;
            for (k = 0; same && k < ca.count; k++) {
                const kalends_event *x = &ca.items[k].ev, *y = &cb.items[k].ev;
                if (memcmp(x, y, sizeof *x) != 0 || strcmp(ca.items[k].title, cb.items[k].title) != 0) same = 0;
            }
            CHECK(same, "%s vs %s on %s, days %d...%d: %zu vs %zu events, status %d vs %d", a->label, b->label, file,
                  (int)first, (int)last, ca.count, cb.count, (int)sa, (int)sb);
            CHECK(ca.malformed == 0 && cb.malformed == 0, "malformed events on %s", file);
            for (k = 0; k < ca.count; k++) {
                const kalends_event *x = &ca.items[k].ev;
                if (x->start < first || x->start > last) {
                    CHECK(0, "%s: event on day %lld outside %d...%d", a->label, (long long)x->start, (int)first,
                          (int)last);
                    break;
                }
                if (k > 0 && (x->start < ca.items[k - 1].ev.start ||
                              (x->start == ca.items[k - 1].ev.start && x->id / 10000000 <= ca.items[k - 1].ev.id / 10000000))) {
                    CHECK(0, "%s: events out of order at day %lld", a->label, (long long)x->start);
                    break;
                }
            }
            clear(&ca);
            clear(&cb);
        }
        /* the whole int32 day range, by digest (fr.rules' kinds of rules are all in the
           stress file) */
        if (f != 1) {
            digest da, db;
            kalends_status sa = digest_range(a, ia, INT32_MIN, INT32_MAX, &da);
            kalends_status sb = digest_range(b, ib, INT32_MIN, INT32_MAX, &db);
            CHECK(sa == KALENDS_OK && sb == KALENDS_OK, "full range statuses %d %d", (int)sa, (int)sb);
            CHECK(da.count == db.count && da.hash == db.hash, "%s: full range differs: %llu vs %llu events", file,
                  (unsigned long long)da.count, (unsigned long long)db.count);
            CHECK(da.disorder == 0 && db.disorder == 0 && da.outside == 0 && db.outside == 0 && da.malformed == 0 &&
                      db.malformed == 0,
                  "%s: full range: disorder %d/%d, outside %d/%d, malformed %d/%d", file, da.disorder, db.disorder,
                  da.outside, db.outside, da.malformed, db.malformed);
            /* nothing beyond KALENDS_YEAR_MIN ... KALENDS_YEAR_MAX */
            CHECK(da.min_day >= -365961662 && da.max_day <= 364522971, "%s: days %lld...%lld beyond the years",
                  file, (long long)da.min_day, (long long)da.max_day);
            if (f == 0) {
                CHECK(da.count == 11ull * 1999999ull, "us.rules full range: %llu events",
                      (unsigned long long)da.count);
                CHECK(da.min_day == -365961662 && da.max_day == 364522965 /* 999999-12-25 */, "us.rules: first %lld last %lld",
                      (long long)da.min_day, (long long)da.max_day);
            }
        }
        a->vt->destroy(ia);
        b->vt->destroy(ib);
    }
}

static void test_sink_stop(const plugin *p, const char *rules_dir)
{
    char path[512];
    void *inst;
    collection c;
    kalends_event_sink sink;
    kalends_status st;

    snprintf(path, sizeof path, "%s/us.rules", rules_dir);
    inst = create_or_die(p, path);
    memset(&c, 0, sizeof c);
    c.fail_at = 4;
    c.fail_with = KALENDS_E_CALLBACK;
    sink.context = &c;
    sink.add = collect_add;
    st = p->vt->fetch(inst, day_of(2020, 1, 1), day_of(2030, 12, 31), &sink);
    CHECK(st == KALENDS_E_CALLBACK, "%s: a failing sink gave %d", p->label, (int)st);
    CHECK(c.calls == 4 && c.count == 3, "%s: fetch went on after the sink failed (%zu calls)", p->label, c.calls);
    clear(&c);

    /* bad arguments */
    sink.context = &c;
    sink.add = collect_add;
    st = p->vt->fetch(inst, 10, 9, &sink);
    CHECK(st == KALENDS_E_INVALID_ARGUMENT, "%s: first > last gave %d", p->label, (int)st);
    st = p->vt->fetch(inst, 0, 9, NULL);
    CHECK(st == KALENDS_E_INVALID_ARGUMENT, "%s: NULL sink gave %d", p->label, (int)st);
    sink.add = NULL;
    st = p->vt->fetch(inst, 0, 9, &sink);
    CHECK(st == KALENDS_E_INVALID_ARGUMENT, "%s: NULL add gave %d", p->label, (int)st);
    st = p->vt->fetch(NULL, 0, 9, &sink);
    CHECK(st == KALENDS_E_INVALID_ARGUMENT, "%s: NULL instance gave %d", p->label, (int)st);
    p->vt->destroy(inst);
    p->vt->destroy(NULL);
}

static void test_create_errors(const plugin *p, const char *rules_dir)
{
    static const char *bad[] = {
        "fixed 13-01 X", "fixed 00-10 X", "fixed 02-30 X", "fixed 04-31 X", "fixed 01-00 X", "fixed 1-01 X",
        "fixed 01-1 X", "fixed 01/01 X", "fixed 01-01", "fixed 01-01   ", "fixed 01-01X", "fixed", "Fixed 01-01 X",
        "fixed 0a-01 X", "nth 0 mon 01 X", "nth 6 mon 01 X", "nth -6 mon 01 X", "nth +1 mon 01 X", "nth 1 Mon 01 X",
        "nth 1 monday 01 X", "nth 1 mon 1 X", "nth 1 mon 13 X", "nth 1 mon 01", "nth -0 mon 01 X", "nth 1 mon",
        "easter X", "easter +1", "easter 366 X", "easter -366 X", "easter +1000 X", "easter + X", "easter 1a X",
        "easter ++1 X", "easter 1.5 X", "color 12345 X", "color 1234567", "color 123456789", "color GGGGGGGG",
        "color 00112233 extra", "color", "colour 00112233", "holiday 01-01 X", "fixed 01-01 Bell\x07", "fixed 01-01 A\rB",
        "fixed 01-01 Bad \xff byte", "fixed 01-01 Overlong \xc0\xaf", "fixed 01-01 Surrogate \xed\xa0\x80",
        "fixed 01-01 Cut \xe2\x82", "fixed 01-01 Del\x7f", "\xef\xbb\xbf" "fixed 01-01 BOM",
        /* the id directive: a bad number, a missing or an extra field, wrong case */
        "id", "id -1", "id +1", "id -0", "id 9000001", "id 10000000", "id 99999999999999999999999", "id 1.0",
        "id 1e3", "id 0x10", "id x", "id 1x", "id 1,000", "id 1 2", "id 1 extra", "id 1 # note", "ID 1", "Id 1",
        "id1", "id=1", "id 1\x01",
    };
    size_t i;
    char path[512];
    void *inst;
    kalends_status st;
    void *sentinel = (void *)&inst;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[256];
        int n = snprintf(text, sizeof text, "# a good start\nfixed 01-01 Fine\n%s\nfixed 12-25 Fine too\n", bad[i]);
        const char *file = write_temp("bad.rules", text, (size_t)n);
        inst = sentinel;
        st = p->vt->create(file, &inst);
        CHECK(st == KALENDS_E_PARSE, "%s: line \"%s\" gave %d, expected KALENDS_E_PARSE", p->label, bad[i], (int)st);
        CHECK(inst == sentinel, "%s: failed create wrote *instance", p->label);
        if (st == KALENDS_OK) p->vt->destroy(inst);
    }
    /* a second id line, wherever it stands and whatever its number */
    {
        static const char *twice[] = {
            "id 1\nid 2\n",
            "id 1\nid 1\n",
            "id 0\nid 0",
            "id 3\nfixed 01-01 A\nid 3\n",
            "fixed 01-01 A\nid 0\nfixed 01-02 B\n\tid\t7\r\n",
            "# header\nid 9000000\ncolor 00112233\nnth 1 mon 01 C\nid 1",
        };
        for (i = 0; i < sizeof twice / sizeof twice[0]; i++) {
            const char *file = write_temp("twice.rules", twice[i], strlen(twice[i]));
            inst = sentinel;
            st = p->vt->create(file, &inst);
            CHECK(st == KALENDS_E_PARSE && inst == sentinel, "%s: two id lines (case %zu) gave %d", p->label, i,
                  (int)st);
            if (st == KALENDS_OK) p->vt->destroy(inst);
        }
    }
    /* a NUL byte in the file */
    {
        static const char with_nul[] = "fixed 01-01 A\0B\n";
        const char *file = write_temp("nul.rules", with_nul, sizeof with_nul - 1);
        inst = sentinel;
        st = p->vt->create(file, &inst);
        CHECK(st == KALENDS_E_PARSE, "%s: NUL byte gave %d", p->label, (int)st);
    }
    /* the stress file's last line is not a rule */
    {
        const char *file = write_temp("almost.rules", stress_rules, sizeof stress_rules - 1);
        st = p->vt->create(file, &inst);
        CHECK(st == KALENDS_E_PARSE, "%s: unknown keyword gave %d", p->label, (int)st);
    }
    /* good corner cases */
    {
        static const char good[] = "nth -5 sun 12 X\neaster -365 X\neaster +365 X\neaster 0 X\nfixed 02-29 X\n"
                                   "color ffffffff\ncolor 00000000\n\n\n# id 1\n  id   9000000  \n# id 2\n# end";
        const char *file = write_temp("good.rules", good, sizeof good - 1);
        st = p->vt->create(file, &inst);
        CHECK(st == KALENDS_OK, "%s: good corner cases gave %d", p->label, (int)st);
        if (st == KALENDS_OK) p->vt->destroy(inst);
        file = write_temp("empty.rules", "", 0);
        st = p->vt->create(file, &inst);
        CHECK(st == KALENDS_OK, "%s: empty file gave %d", p->label, (int)st);
        if (st == KALENDS_OK) {
            collection c;
            st = fetch_all(p, inst, INT32_MIN, INT32_MAX, &c);
            CHECK(st == KALENDS_OK && c.count == 0, "%s: empty file gave events", p->label);
            clear(&c);
            p->vt->destroy(inst);
        }
    }
    /* other failures */
    inst = sentinel;
    st = p->vt->create(NULL, &inst);
    CHECK(st == KALENDS_E_INVALID_ARGUMENT && inst == sentinel, "%s: NULL config gave %d", p->label, (int)st);
    snprintf(path, sizeof path, "%s/us.rules", rules_dir);
    st = p->vt->create(path, NULL);
    CHECK(st == KALENDS_E_INVALID_ARGUMENT, "%s: NULL instance gave %d", p->label, (int)st);
    snprintf(path, sizeof path, "%s/no-such-file.rules", tmpdir);
    st = p->vt->create(path, &inst);
    CHECK(st == KALENDS_E_IO && inst == sentinel, "%s: missing file gave %d", p->label, (int)st);
    st = p->vt->create(tmpdir, &inst);
    CHECK(st == KALENDS_E_IO && inst == sentinel, "%s: a directory gave %d", p->label, (int)st);
}

/* ---- asynchronous requests ------------------------------------------------------ */

typedef struct answer {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int calls;
    int late;           /* complete called after cancel/destroy returned */
    int closed;         /* cancel/destroy has returned */
    int64_t request;
    kalends_status status;
    collection events;
    const plugin *p;
    void *instance;     /* for cancel-from-complete */
    int cancel_inside;
} answer;

static void answer_init(answer *a)
{
    memset(a, 0, sizeof *a);
    pthread_mutex_init(&a->lock, NULL);
    pthread_cond_init(&a->cond, NULL);
}

static void answer_free(answer *a)
{
    clear(&a->events);
    pthread_cond_destroy(&a->cond);
    pthread_mutex_destroy(&a->lock);
}

static void on_complete(void *context, int64_t request, const kalends_event *events, int32_t count,
                        kalends_status status)
{
    answer *a = context;
    int32_t i;
    if (a->cancel_inside) a->p->vt->cancel(a->instance, request); /* must not deadlock */
    pthread_mutex_lock(&a->lock);
    a->calls++;
    if (a->closed) a->late++;
    a->request = request;
    a->status = status;
    for (i = 0; i < count; i++) {
        if (!well_formed(&events[i])) a->events.malformed++;
        take(&a->events, &events[i]);
    }
    pthread_cond_broadcast(&a->cond);
    pthread_mutex_unlock(&a->lock);
}

/* Waits up to `ms` for a->calls >= n. */
static int wait_calls(answer *a, int n, int ms)
{
    struct timespec deadline;
    int ok;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += ms / 1000;
    deadline.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&a->lock);
    while (a->calls < n) {
        if (pthread_cond_timedwait(&a->cond, &a->lock, &deadline) == ETIMEDOUT) break;
    }
    ok = a->calls >= n;
    pthread_mutex_unlock(&a->lock);
    return ok;
}

static void sleep_ms(int ms)
{
    struct timespec t;
    t.tv_sec = ms / 1000;
    t.tv_nsec = (long)(ms % 1000) * 1000000L;
    nanosleep(&t, NULL);
}

static void test_async(const plugin *p, const char *rules_dir)
{
    char path[512];
    void *inst;
    collection sync;
    kalends_completion completion;
    kalends_status st;
    int i, never_completed = 0;
    int32_t big_first = -7300000, big_last = 7300000; /* about +-20000 years: 440,000 events */

    snprintf(path, sizeof path, "%s/us.rules", rules_dir);
    inst = create_or_die(p, path);
    fetch_all(p, inst, day_of(2020, 1, 1), day_of(2030, 12, 31), &sync);

    /* begin answers with the same events as fetch; the completion struct may be gone */
    {
        answer a;
        kalends_completion *heap = malloc(sizeof *heap);
        answer_init(&a);
        heap->context = &a;
        heap->complete = on_complete;
        st = p->vt->begin(inst, 42, day_of(2020, 1, 1), day_of(2030, 12, 31), heap);
        memset(heap, 0xAB, sizeof *heap);
        free(heap);
        CHECK(st == KALENDS_OK, "%s: begin gave %d", p->label, (int)st);
        CHECK(wait_calls(&a, 1, 10000), "%s: no completion within 10 s", p->label);
        sleep_ms(50);
        CHECK(a.calls == 1, "%s: complete called %d times", p->label, a.calls);
        CHECK(a.request == 42 && a.status == KALENDS_OK, "%s: request %lld status %d", p->label,
              (long long)a.request, (int)a.status);
        CHECK(a.events.count == sync.count && a.events.malformed == 0, "%s: async %zu events, sync %zu", p->label,
              a.events.count, sync.count);
        if (a.events.count == sync.count) {
            size_t k;
            int same = 1;
            for (k = 0; k < sync.count; k++) {
                if (memcmp(&a.events.items[k].ev, &sync.items[k].ev, sizeof(kalends_event)) != 0 ||
                    strcmp(a.events.items[k].title, sync.items[k].title) != 0)
                    same = 0;
            }
            CHECK(same, "%s: async events differ from fetch's", p->label);
        }
        answer_free(&a);
    }

    /* an empty answer */
    {
        answer a;
        answer_init(&a);
        completion.context = &a;
        completion.complete = on_complete;
        st = p->vt->begin(inst, 43, day_of(2024, 1, 2), day_of(2024, 1, 3), &completion);
        CHECK(st == KALENDS_OK && wait_calls(&a, 1, 10000), "%s: empty request not answered", p->label);
        CHECK(a.status == KALENDS_OK && a.events.count == 0, "%s: empty request: status %d, %zu events", p->label,
              (int)a.status, a.events.count);
        answer_free(&a);
    }

    /* many at once */
    {
        answer a[8];
        for (i = 0; i < 8; i++) {
            answer_init(&a[i]);
            completion.context = &a[i];
            completion.complete = on_complete;
            st = p->vt->begin(inst, 100 + i, day_of(2020 + i, 1, 1), day_of(2020 + i, 12, 31), &completion);
            CHECK(st == KALENDS_OK, "%s: begin %d gave %d", p->label, i, (int)st);
        }
        for (i = 0; i < 8; i++) {
            CHECK(wait_calls(&a[i], 1, 10000), "%s: request %d not answered", p->label, 100 + i);
            CHECK(a[i].request == 100 + i && a[i].events.count == 11, "%s: request %d: %lld, %zu events", p->label,
                  100 + i, (long long)a[i].request, a[i].events.count);
        }
        for (i = 0; i < 8; i++) answer_free(&a[i]);
    }

    /* bad arguments */
    completion.context = NULL;
    completion.complete = on_complete;
    CHECK(p->vt->begin(inst, 1, 10, 9, &completion) == KALENDS_E_INVALID_ARGUMENT, "%s: begin first > last", p->label);
    CHECK(p->vt->begin(inst, 1, 0, 9, NULL) == KALENDS_E_INVALID_ARGUMENT, "%s: begin NULL completion", p->label);
    completion.complete = NULL;
    CHECK(p->vt->begin(inst, 1, 0, 9, &completion) == KALENDS_E_INVALID_ARGUMENT, "%s: begin NULL complete", p->label);
    CHECK(p->vt->begin(NULL, 1, 0, 9, &completion) == KALENDS_E_INVALID_ARGUMENT, "%s: begin NULL instance", p->label);
    p->vt->cancel(inst, 987654); /* unknown request: nothing happens */
    p->vt->cancel(NULL, 1);

    /* cancel: no answer after cancel returns */
    {
        answer a[10];
        for (i = 0; i < 10; i++) {
            answer_init(&a[i]);
            completion.context = &a[i];
            completion.complete = on_complete;
            st = p->vt->begin(inst, 200 + i, big_first, big_last, &completion);
            CHECK(st == KALENDS_OK, "%s: begin gave %d", p->label, (int)st);
            p->vt->cancel(inst, 200 + i);
            pthread_mutex_lock(&a[i].lock);
            a[i].closed = 1;
            pthread_mutex_unlock(&a[i].lock);
        }
        sleep_ms(700);
        for (i = 0; i < 10; i++) {
            CHECK(a[i].late == 0, "%s: request %d completed after cancel", p->label, 200 + i);
            if (a[i].calls == 0) never_completed++;
            answer_free(&a[i]);
        }
        CHECK(never_completed > 0, "%s: every cancelled request completed anyway", p->label);
    }

    /* cancel from inside complete does not deadlock */
    {
        answer a;
        answer_init(&a);
        a.p = p;
        a.instance = inst;
        a.cancel_inside = 1;
        completion.context = &a;
        completion.complete = on_complete;
        st = p->vt->begin(inst, 300, day_of(2020, 1, 1), day_of(2020, 12, 31), &completion);
        CHECK(st == KALENDS_OK && wait_calls(&a, 1, 10000), "%s: cancel inside complete", p->label);
        sleep_ms(50);
        answer_free(&a);
    }
    clear(&sync);
    p->vt->destroy(inst);

    /* destroy with requests running: no answer after destroy returns, no crash */
    {
        answer a[4];
        inst = create_or_die(p, path);
        for (i = 0; i < 4; i++) {
            answer_init(&a[i]);
            completion.context = &a[i];
            completion.complete = on_complete;
            st = p->vt->begin(inst, 400 + i, big_first, big_last, &completion);
            CHECK(st == KALENDS_OK, "%s: begin gave %d", p->label, (int)st);
        }
        p->vt->destroy(inst);
        for (i = 0; i < 4; i++) {
            pthread_mutex_lock(&a[i].lock);
            a[i].closed = 1;
            pthread_mutex_unlock(&a[i].lock);
        }
        sleep_ms(700);
        for (i = 0; i < 4; i++) {
            CHECK(a[i].late == 0, "%s: request %d completed after destroy", p->label, 400 + i);
            answer_free(&a[i]);
        }
    }
}

/* ---- the broken test plugins ----------------------------------------------------- */

static kalends_status count_add(void *context, const kalends_event *ev)
{
    collection *c = context;
    c->calls++;
    take(c, ev);
    return KALENDS_E_INVALID_ARGUMENT; /* as the library would answer these events */
}

static void test_broken(const char *dir)
{
    char path[512];
    void *dl;
    const kalends_plugin_vtable *vt;

    snprintf(path, sizeof path, "%s/libno_entry.so", dir);
    dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    CHECK(dl != NULL && find_entry(dl) == NULL && dlsym(dl, "kalends_not_a_plugin_entry") != NULL,
          "no_entry: %s", dl ? "has an entry" : dlerror());

    snprintf(path, sizeof path, "%s/libwrong_abi.so", dir);
    vt = load(path);
    CHECK(vt != NULL && vt->abi_version == 999 && vt->struct_size == sizeof *vt, "wrong_abi");

    snprintf(path, sizeof path, "%s/libsmall_struct.so", dir);
    vt = load(path);
    CHECK(vt != NULL && vt->struct_size == 8 && vt->abi_version == KALENDS_PLUGIN_ABI_VERSION, "small_struct");

    snprintf(path, sizeof path, "%s/libnull_fetch.so", dir);
    vt = load(path);
    CHECK(vt != NULL && vt->struct_size == sizeof *vt && vt->create != NULL && vt->fetch == NULL && vt->begin == NULL,
          "null_fetch");

    snprintf(path, sizeof path, "%s/libgarbage.so", dir);
    vt = load(path);
    CHECK(vt != NULL && vt->struct_size == sizeof *vt && vt->abi_version == KALENDS_PLUGIN_ABI_VERSION &&
              strcmp(vt->name, "garbage") == 0,
          "garbage: table");
    if (vt != NULL) {
        void *inst = NULL;
        collection c;
        kalends_event_sink sink;
        kalends_status st;
        CHECK(vt->create("fail", &inst) != KALENDS_OK, "garbage: create(\"fail\") succeeded");
        CHECK(vt->create(NULL, &inst) == KALENDS_OK, "garbage: create(NULL) failed");
        memset(&c, 0, sizeof c);
        sink.context = &c;
        sink.add = count_add;
        st = vt->fetch(inst, 0, 100, &sink);
        CHECK(st == KALENDS_OK && c.count == 2, "garbage: fetch gave %d, %zu events", (int)st, c.count);
        if (c.count == 2) {
            CHECK(c.items[0].ev.end < c.items[0].ev.start, "garbage: first event is not reversed");
            CHECK(c.items[1].ev.start == 1095007972, "garbage: second event on day %lld",
                  (long long)c.items[1].ev.start);
        }
        clear(&c);
        vt->destroy(inst);
    }
}

int main(int argc, char **argv)
{
    plugin c, rust;
    if (argc < 4) {
        fprintf(stderr, "usage: %s LIBHOLIDAYS_C LIBHOLIDAYS_RUST RULES_DIR [BROKEN_PLUGINS_DIR]\n", argv[0]);
        return 2;
    }
    snprintf(tmpdir, sizeof tmpdir, "/tmp/kalends-plugin-test-XXXXXX");
    if (mkdtemp(tmpdir) == NULL) {
        perror("mkdtemp");
        return 2;
    }
    c.label = "holidays-c";
    c.vt = load(argv[1]);
    rust.label = "holidays-rust";
    rust.vt = load(argv[2]);
    if (c.vt == NULL || rust.vt == NULL) return 2;

    test_vtable(&c, "holidays-c");
    test_vtable(&rust, "holidays-rust");
    test_us(&c, argv[3]);
    test_us(&rust, argv[3]);
    test_fr(&c, argv[3]);
    test_fr(&rust, argv[3]);
    test_sink_stop(&c, argv[3]);
    test_sink_stop(&rust, argv[3]);
    test_create_errors(&c, argv[3]);
    test_create_errors(&rust, argv[3]);
    test_compare(&c, &rust, argv[3]);
    test_async(&c, argv[3]);
    test_async(&rust, argv[3]);
    if (argc > 4) test_broken(argv[4]);

    {
        char cmd[600];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
        if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", tmpdir);
    }
    printf("plugin_test: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

/* linked_test: helpers shared by the event areas (random numbers, events). Part of
   ../linked_test.c, which includes it after its #includes. */

/* ---- events: time zones, the store, dots, month bars, timeline, sources, plugins ---- */

#ifndef KALENDS_PLUGIN_DIR
#error "KALENDS_PLUGIN_DIR (the directory of the built plugins) must be defined by the Makefile"
#endif
#ifndef KALENDS_RULES_DIR
#error "KALENDS_RULES_DIR (plugins/rules) must be defined by the Makefile"
#endif

/* xorshift64*: deterministic, so a failure reproduces. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dull;
}
/* Uniform in lo ... hi. */
static int64_t rnd_range(int64_t lo, int64_t hi) {
    return lo + (int64_t)(rnd() % (uint64_t)(hi - lo + 1));
}

static kalends_event make_event(int64_t id, int32_t all_day, int64_t start, int64_t end, uint32_t color,
                                const char *title) {
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

/* Equal up to rounding (frames are computed in floating point). */
static int near(double a, double b) {
    return fabs(a - b) < 1e-9;
}

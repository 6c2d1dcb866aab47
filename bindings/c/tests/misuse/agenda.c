/* misuse_test: the agenda (issue 27 item 2). Part of ../misuse_test.c, included after
   misuse/store.c (live_store, freed_store, live_zone, freed_zone). */

static void test_agenda_misuse(void) {
    kalends_agenda_options o;
    kalends_agenda_viewport where;
    kalends_agenda_row rows[8];
    int32_t n;
    POISON(where); POISON(n);
    CHECK(kalends_agenda_options_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_agenda_options_init(&o) == KALENDS_OK);
    /* handles */
    CHECK(kalends_store_agenda(NULL, NULL, 0, 10, 0, 0, 100, &o, &where, rows, 8, &n) == KALENDS_E_INVALID_ARGUMENT &&
          UNTOUCHED(n));
    CHECK(kalends_store_agenda(freed_store, NULL, 0, 10, 0, 0, 100, &o, &where, rows, 8, &n) == KALENDS_E_MISUSE &&
          UNTOUCHED(n));
    CHECK(kalends_store_agenda(live_store, freed_zone, 0, 10, 0, 0, 100, &o, &where, rows, 8, &n) == KALENDS_E_MISUSE &&
          UNTOUCHED(n));
    /* pointers and capacities */
    CHECK(kalends_store_agenda(live_store, NULL, 0, 10, 0, 0, 100, &o, NULL, rows, 8, &n) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_agenda(live_store, NULL, 0, 10, 0, 0, 100, &o, &where, rows, 8, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_agenda(live_store, NULL, 0, 10, 0, 0, 100, &o, &where, NULL, 8, &n) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_agenda(live_store, NULL, 0, 10, 0, 0, 100, &o, &where, rows, -1, &n) == KALENDS_E_INVALID_ARGUMENT);
    /* options: struct_size, has_today, heights */
    kalends_agenda_options bad = o;
    bad.struct_size = 3;
    CHECK(kalends_store_agenda(live_store, NULL, 0, 10, 0, 0, 100, &bad, &where, rows, 8, &n) == KALENDS_E_INVALID_ARGUMENT);
    bad = o;
    bad.has_today = 7;
    CHECK(kalends_store_agenda(live_store, NULL, 0, 10, 0, 0, 100, &bad, &where, rows, 8, &n) == KALENDS_E_INVALID_ARGUMENT);
    bad = o;
    bad.heading_height = -INFINITY;
    CHECK(kalends_store_agenda(live_store, NULL, 0, 10, 0, 0, 100, &bad, &where, rows, 8, &n) == KALENDS_E_INVALID_ARGUMENT);
    /* extreme days and numbers */
    CHECK(kalends_store_agenda(live_store, NULL, INT32_MIN, INT32_MAX, 0, 0, 100, &o, &where, rows, 8, &n) ==
          KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_store_agenda(live_store, NULL, 0, 10, INT32_MIN, 0, 100, &o, &where, rows, 8, &n) ==
          KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_agenda(live_store, NULL, 0, 10, 0, -NAN, 100, &o, &where, rows, 8, &n) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_agenda(live_store, NULL, 0, 10, 0, 0, 1e300, &o, &where, rows, 8, &n) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_agenda(live_store, NULL, 0, 10, 0, 0, 100, NULL, &where, rows, 8, &n) == KALENDS_OK);   /* defaults */
    /* the relative day word */
    char word[8];
    size_t length;
    kalends_locale *de = NULL;
    CHECK(kalends_locale_open("de", &de) == KALENDS_OK);
    CHECK(kalends_locale_relative_day(NULL, 0, word, sizeof word, &length) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_locale_relative_day(de, INT32_MIN, word, sizeof word, &length) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_locale_relative_day(de, 0, NULL, 8, &length) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_locale_relative_day(de, 0, word, 2, &length) == KALENDS_OK && length == 5 && word[1] == 0);   /* cut, snprintf */
    CHECK(kalends_locale_free(de) == KALENDS_OK);
}

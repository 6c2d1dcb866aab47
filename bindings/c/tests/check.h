/* A minimal test harness shared by the C tests: CHECK counts, reports failures with
   their location, and check_summary() prints the "N passed, N failed" line. */
#ifndef KALENDS_CHECK_H
#define KALENDS_CHECK_H
#include <stdio.h>

static int check_passed = 0;
static int check_failed = 0;

#define CHECK(cond) check_record((cond) != 0, #cond, __FILE__, __LINE__)
#define CHECK_MSG(cond, ...)                                                   \
    do {                                                                       \
        if (!check_record((cond) != 0, #cond, __FILE__, __LINE__)) {           \
            fprintf(stderr, "    ");                                           \
            fprintf(stderr, __VA_ARGS__);                                      \
            fprintf(stderr, "\n");                                             \
        }                                                                      \
    } while (0)

static int check_record(int ok, const char *what, const char *file, int line) {
    if (ok) {
        check_passed++;
    } else {
        check_failed++;
        if (check_failed <= 50) fprintf(stderr, "FAIL %s:%d: %s\n", file, line, what);
    }
    return ok;
}

static int check_summary(const char *name) {
    printf("%s: %d passed, %d failed\n", name, check_passed, check_failed);
    return check_failed == 0 ? 0 : 1;
}
#endif

/* Calls EVERY function of libkalends.so dynamically: dlopen + dlsym + ffi_call, no
   link-time dependency on the library. The signatures come from the headers
   (generated/ffi_signatures.h, written by tools/abigen): a test names a function and
   passes its arguments. argv[1] is the library, argv[2] a file listing its exported
   symbols (from nm -D): they must be exactly the functions the headers declare. Every
   function is called once with zeroed arguments (a status and a message, never a
   crash), and the tests below call them with real ones. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <ffi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kalends.h"
#include "check.h"
#include "generated/ffi_signatures.h"

static void *lib;
/* Functions called with real arguments by the tests below. */
static const char *called[KALENDS_FFI_SIGNATURE_COUNT];
static int called_count;

/* The generated signature of `name`, or NULL for a function the headers do not declare. */
static kalends_ffi_signature *signature(const char *name) {
    for (int i = 0; i < KALENDS_FFI_SIGNATURE_COUNT; i++)
        if (strcmp(kalends_ffi_signatures[i].name, name) == 0) return &kalends_ffi_signatures[i];
    return NULL;
}

/* ffi_call of `name` with its header signature, returning into *ret (at least
   sizeof(ffi_arg) bytes). */
static void ffi_invoke(const char *name, void **values, void *ret) {
    kalends_ffi_signature *sig = signature(name);
    void *fn = dlsym(lib, name);
    ffi_cif cif;
    CHECK_MSG(sig != NULL, "%s is not declared by the headers", name);
    if (sig == NULL || !CHECK(fn != NULL) ||
        !CHECK(ffi_prep_cif(&cif, FFI_DEFAULT_ABI, sig->nargs, sig->returns, sig->args) == FFI_OK)) {
        memset(ret, 0, sizeof(ffi_arg));
        return;
    }
    ffi_call(&cif, FFI_FN(fn), ret, values);
}

static void call_ret(const char *name, void **values, void *ret) {
    ffi_invoke(name, values, ret);
    int seen = 0;
    for (int i = 0; i < called_count; i++) seen |= strcmp(called[i], name) == 0;
    if (!seen && called_count < KALENDS_FFI_SIGNATURE_COUNT) called[called_count++] = name;
}

/* int32_t-returning call (statuses and plain ints). */
static int32_t call_i32(const char *name, void **values) {
    ffi_arg r = 0;
    kalends_ffi_signature *sig = signature(name);
    CHECK_MSG(sig == NULL || sig->returns == &ffi_type_sint32, "%s does not return an int32_t", name);
    call_ret(name, values, &r);
    return (int32_t)r;
}

static const char *call_str(const char *name, void **values) {
    union { ffi_arg a; const char *p; } r;
    r.a = 0;
    kalends_ffi_signature *sig = signature(name);
    CHECK_MSG(sig == NULL || sig->returns == &ffi_type_pointer, "%s does not return a pointer", name);
    call_ret(name, values, &r);
    return r.p;
}

static ffi_type *P = &ffi_type_pointer, *I = &ffi_type_sint32;

/* Every function once with every argument zero (NULL pointers, 0, 0.0): a function
   returning a status fails with INVALID_ARGUMENT or MISUSE and a message, except that
   releasing NULL (the *_free functions) may succeed; functions returning a string
   return one. Nothing crashes. */
static void test_zeroed_arguments(void) {
    int statuses = 0;
    for (int i = 0; i < KALENDS_FFI_SIGNATURE_COUNT; i++) {
        kalends_ffi_signature *sig = &kalends_ffi_signatures[i];
        uint64_t zeros[KALENDS_FFI_MAX_ARGS > 0 ? KALENDS_FFI_MAX_ARGS : 1];
        void *values[KALENDS_FFI_MAX_ARGS > 0 ? KALENDS_FFI_MAX_ARGS : 1];
        for (unsigned j = 0; j < sig->nargs; j++) {
            zeros[j] = 0;
            values[j] = &zeros[j];
        }
        union { ffi_arg a; const char *p; } r;
        r.a = 0;
        ffi_invoke(sig->name, values, &r);
        if (sig->returns == &ffi_type_pointer) {
            CHECK_MSG(r.p != NULL, "%s returned NULL", sig->name);
        } else if (sig->returns_status) {
            int32_t status = (int32_t)r.a;
            size_t n = strlen(sig->name);
            int is_free = n > 5 && strcmp(sig->name + n - 5, "_free") == 0;
            CHECK_MSG(status == KALENDS_E_INVALID_ARGUMENT || status == KALENDS_E_MISUSE || (is_free && status == KALENDS_OK),
                      "%s with zeroed arguments returned %d", sig->name, (int)status);
            if (status != KALENDS_OK) {
                union { ffi_arg a; const char *p; } m;
                m.a = 0;
                ffi_invoke("kalends_last_error", NULL, &m);
                CHECK_MSG(m.p != NULL && m.p[0] != 0, "%s failed without a message", sig->name);
            }
            statuses++;
        }
    }
    printf("ffi_test: %d functions called with zeroed arguments (%d return a status)\n",
           KALENDS_FFI_SIGNATURE_COUNT, statuses);
}

/* The tests, one file per area. */
#include "ffi/versions.c"
#include "ffi/dates.c"
#include "ffi/calendar.c"
#include "ffi/view.c"
#include "ffi/layout.c"
#include "ffi/solver.c"
#include "ffi/autolayout.c"
#include "ffi/events.c"
#include "ffi/locale.c"
#include "ffi/ical.c"
#include "ffi/rrule.c"
#include "ffi/store.c"

/* Every exported symbol must have been called above. */
/* The library exports exactly the functions the headers declare. */
static void check_coverage(const char *exports_path) {
    FILE *f = fopen(exports_path, "r");
    if (!CHECK(f != NULL)) return;
    char line[256];
    int exported = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0]) continue;
        exported++;
        CHECK_MSG(signature(line) != NULL, "exported symbol %s is not declared by the headers", line);
    }
    fclose(f);
    CHECK_MSG(exported == KALENDS_FFI_SIGNATURE_COUNT, "%d exported, %d declared", exported,
              KALENDS_FFI_SIGNATURE_COUNT);
    for (int i = 0; i < KALENDS_FFI_SIGNATURE_COUNT; i++)
        CHECK_MSG(dlsym(lib, kalends_ffi_signatures[i].name) != NULL, "%s is declared but not exported",
                  kalends_ffi_signatures[i].name);
    printf("ffi_test: %d exported functions = the %d the headers declare; %d called with real arguments\n", exported,
           KALENDS_FFI_SIGNATURE_COUNT, called_count);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s LIBRARY EXPORTS_FILE\n", argv[0]);
        return 2;
    }
    lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 1;
    }
    test_versions_and_errors();
    test_struct_layouts();
    test_dates();
    test_calendar();
    test_view();
    test_scroll_flow_autolayout();
    test_solver();
    test_autolayout_solving();
    test_events();
    test_locale();
    test_ical_ffi();
    test_rrule_ffi();
    test_store_rows_ffi();
    test_zeroed_arguments();
    kalends_ffi_check_declarations();
    check_coverage(argv[2]);
    return check_summary("ffi_test");
}

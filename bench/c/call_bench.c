/* The anchor of the runtimes' call overhead (bindings/conformance/bench.py): the same
   100,000 calls of kalends_date_from_day_number that every runtime's conformance test
   times, from C, second round measured. Prints the line the runtimes print. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

#include "kalends.h"

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

int main(void) {
    const int calls = 100000;
    long sum = 0;
    double ns = 0;
    for (int round = 0; round < 2; round++) {
        double started = now_ns();
        for (int i = 0; i < calls; i++) {
            kalends_date d;
            if (kalends_date_from_day_number(i, &d) != KALENDS_OK) {
                fprintf(stderr, "call_bench: %s\n", kalends_last_error());
                return 1;
            }
            sum += d.day;
        }
        ns = (now_ns() - started) / calls;
    }
    printf("c: scenario 0.0 ms, date_from_day_number %.1f ns/call (%d calls; checksum %ld)\n", ns, calls, sum);
    return 0;
}

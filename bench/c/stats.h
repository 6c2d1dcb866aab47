/* Timing helpers for the C benchmarks: a monotonic clock, the thread's CPU time and medians.
   All static inline: a bench that uses some of them gets no unused-function warning for the
   others (the benches build with -Werror). */
#ifndef KALENDS_BENCH_STATS_H
#define KALENDS_BENCH_STATS_H
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_SAMPLES 401

static inline double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* This thread's CPU time: what a sample costs without the time the process waits while
   preempted (on a shared machine that wait falls on whichever contender is running). */
static inline double cpu_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static inline int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of n values (sorts a copy). */
static inline double median(const double *values, int n) {
    double copy[MAX_SAMPLES];
    for (int i = 0; i < n; i++) copy[i] = values[i];
    qsort(copy, (size_t)n, sizeof(double), compare_doubles);
    return n % 2 ? copy[n / 2] : (copy[n / 2 - 1] + copy[n / 2]) / 2;
}

/* One row for the summary table (bench/summarize.py): appends "key<TAB>anchor<TAB>kalends"
   to the file named by KALENDS_BENCH_SUMMARY, when set (make bench sets it). */
static inline void summary(const char *key, double anchor, double kalends) {
    const char *path = getenv("KALENDS_BENCH_SUMMARY");
    if (!path || !*path) return;
    FILE *f = fopen(path, "a");
    if (!f) return;
    fprintf(f, "%s\t%.6g\t%.6g\n", key, anchor, kalends);
    fclose(f);
}
#endif

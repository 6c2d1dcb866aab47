/*
 * kalends/flow.h -- flow layout of items, and fitting them with "+N more".
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_FLOW_H
#define KALENDS_FLOW_H

#include "geometry.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Items of given sizes placed left to right, wrapping at a preferred maximum width by
 * whole items (an item that does not fit after the last one on a line starts the next
 * one; an item wider than the width stands alone). Lines are as tall as their tallest
 * item; items sit at the top of their line. O(items). No handle: pure functions.
 * Two passes, as SquareView does: without max_width the result is the one-line size;
 * with the container's width the wrapped frames.
 */
typedef struct kalends_flow_options {
    uint32_t struct_size;
    double max_width;     /* 0: no wrapping */
    double item_spacing;  /* between items on a line */
    double line_spacing;  /* between lines */
    double padding_top;
    double padding_left;
    double padding_bottom;
    double padding_right;
} kalends_flow_options;

/* What kalends_flow_fit could not place. */
typedef struct kalends_flow_fit_result {
    int32_t hidden;    /* items that did not fit (the N of "+N more") */
    int32_t has_more;  /* 1: `more` is the frame of the "+N more" item */
    kalends_rect more;
} kalends_flow_fit_result;

/* Fills *options with the defaults and sets struct_size. Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_flow_options_init(kalends_flow_options *options);

/* Frames of `item_count` items (frames: array conventions, count = item_count) and the
   size they need with padding (*size, may be NULL). options NULL: defaults.
   Errors: INVALID_ARGUMENT (a size or option not a finite length 0 ... 1000000, items
   NULL with a count). */
kalends_status kalends_flow_layout(const kalends_size *items, int32_t item_count, const kalends_flow_options *options,
                                   kalends_rect *frames, int32_t capacity, int32_t *count, kalends_size *size);

/* As many items as fit *box (flowed at its width); when not all do, the last place holds
   a "+N more" item of size *more, reported in *result with N. `frames` receives the
   frames of the items shown (array conventions, count = items shown). options NULL:
   defaults. Event chips in a day cell. O(items x log items). */
kalends_status kalends_flow_fit(const kalends_size *items, int32_t item_count, const kalends_flow_options *options,
                                const kalends_size *box, const kalends_size *more, kalends_rect *frames,
                                int32_t capacity, int32_t *count, kalends_flow_fit_result *result);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_FLOW_H */

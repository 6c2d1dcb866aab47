/*
 * kalends/autolayout.h -- Auto Layout: items, anchors, priorities, intrinsic sizes, measuring.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_AUTOLAYOUT_H
#define KALENDS_AUTOLAYOUT_H

#include "view.h"
#include "solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Items (views) in a tree, the screen (item KALENDS_ITEM_SCREEN, always present, sized
 * by the host), and constraints
 *
 *     first.attribute (== <= >=) second.attribute x multiplier + constant
 *
 * where the constant may come from another item's or the screen's size
 * (HKNSLayoutConstraint): constant = alt_item.basis x alt_multiplier, re-evaluated on
 * demand when sizes change (kalends_autolayout_update_constants after a rotation).
 * An item's size is the one the host set (kalends_autolayout_set_item_size), else its
 * frame as solved: HKNSLayoutConstraint reads the item's bounds. Since that frame comes
 * out of the same solve, kalends_autolayout_solve iterates to a fixed point (see there).
 */

/* Attributes, numbered as NSLayoutAttribute */
typedef int32_t kalends_attribute;
#define KALENDS_ATTRIBUTE_NONE 0 /* second_attribute when there is no second item */
#define KALENDS_ATTRIBUTE_LEFT 1
#define KALENDS_ATTRIBUTE_RIGHT 2
#define KALENDS_ATTRIBUTE_TOP 3
#define KALENDS_ATTRIBUTE_BOTTOM 4
#define KALENDS_ATTRIBUTE_LEADING 5
#define KALENDS_ATTRIBUTE_TRAILING 6
#define KALENDS_ATTRIBUTE_WIDTH 7
#define KALENDS_ATTRIBUTE_HEIGHT 8
#define KALENDS_ATTRIBUTE_CENTER_X 9
#define KALENDS_ATTRIBUTE_CENTER_Y 10
#define KALENDS_ATTRIBUTE_LAST_BASELINE 11
#define KALENDS_ATTRIBUTE_FIRST_BASELINE 12

/* Items */
#define KALENDS_ITEM_NONE 0
#define KALENDS_ITEM_SCREEN 1

/* Alternative constant bases; other values clamp (below 1: WIDTH, above 5: CONSTANT) */
typedef int32_t kalends_basis;
#define KALENDS_BASIS_WIDTH 1
#define KALENDS_BASIS_HEIGHT 2
#define KALENDS_BASIS_SHORTER_EDGE 3
#define KALENDS_BASIS_LONGER_EDGE 4
#define KALENDS_BASIS_CONSTANT 5 /* the constraint's own constant stands */

/* Priorities (1 ... 1000) */
#define KALENDS_PRIORITY_REQUIRED 1000
#define KALENDS_PRIORITY_HIGH 750
#define KALENDS_PRIORITY_LOW 250
#define KALENDS_PRIORITY_FITTING 50

/* A constraint. Defaults (kalends_constraint_init): relation EQUAL, no second item,
   multiplier 1, constant 0, no alt item, basis CONSTANT, alt multiplier 1,
   priority 1000. */
typedef struct kalends_constraint {
    uint32_t struct_size;
    int32_t first_item;
    kalends_attribute first_attribute; /* KALENDS_ATTRIBUTE_* */
    kalends_relation relation; /* KALENDS_RELATION_* */
    int32_t second_item;      /* KALENDS_ITEM_NONE: the right side is the constant alone */
    kalends_attribute second_attribute; /* NONE without a second item; a size with a size, a position with a position */
    double multiplier;
    double constant;
    int32_t alt_item;         /* KALENDS_ITEM_NONE (the constant stands), _SCREEN or an item */
    kalends_basis alt_basis;  /* KALENDS_BASIS_* (clamped) */
    double alt_multiplier;
    double priority;          /* 1 ... 1000 */
} kalends_constraint;

/* A constant that changed (kalends_autolayout_update_constants). */
typedef struct kalends_constant_change {
    int32_t constraint;
    int32_t reserved;
    double old_value;
    double new_value;
} kalends_constant_change;

typedef struct kalends_autolayout kalends_autolayout;

/* Fills *constraint with the defaults and sets struct_size. Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_constraint_init(kalends_constraint *constraint);

/* A new layout holding only the screen item. Release with kalends_autolayout_free.
   Errors: INVALID_ARGUMENT (out is NULL). */
kalends_status kalends_autolayout_new(kalends_autolayout **out);

/* Releases a layout. NULL is a no-op; a freed or foreign handle is MISUSE. */
kalends_status kalends_autolayout_free(kalends_autolayout *layout);

/* Adds an item under `parent` (KALENDS_ITEM_NONE: top level); *out receives its id.
   Errors: NOT_FOUND (parent). */
kalends_status kalends_autolayout_add_item(kalends_autolayout *layout, int32_t parent, int32_t *out);

/* The size alternative constants read for an item; for KALENDS_ITEM_SCREEN, the
   screen's size (swap width and height on rotation). An item the host never sized is
   read at its solved frame: set a size only for an item this layout does not place.
   Errors: NOT_FOUND, INVALID_ARGUMENT. */
kalends_status kalends_autolayout_set_item_size(kalends_autolayout *layout, int32_t item, double width, double height);

/* Adds a constraint; *out receives its id.
   Errors: INVALID_ARGUMENT (an attribute, relation, non-finite number, priority outside
   1 ... 1000, a size constrained to a position), NOT_FOUND (an item). */
kalends_status kalends_autolayout_add_constraint(kalends_autolayout *layout, const kalends_constraint *constraint,
                                                 int32_t *out);

/* Errors: NOT_FOUND (no such constraint). */
kalends_status kalends_autolayout_remove_constraint(kalends_autolayout *layout, int32_t constraint);

/* The constraint's effective constant now. Errors: NOT_FOUND. */
kalends_status kalends_autolayout_constant(const kalends_autolayout *layout, int32_t constraint, double *out);

/* Re-evaluates every constant and reports those that changed since the last report
   (or since they were added), by constraint id. Array conventions; a size query or a
   short buffer reports nothing as seen, so the changes come again on the next call. */
kalends_status kalends_autolayout_update_constants(kalends_autolayout *layout, kalends_constant_change *out,
                                                   int32_t capacity, int32_t *count);


/* ---- Solving -------------------------------------------------------------
 * kalends_autolayout_solve turns items and constraints into frames with the
 * Cassowary solver above. Each item has a left, top, width and height (width and
 * height >= 0 always hold); a constraint of priority p < 1000 weighs 2^(29 p / 1000)
 * (neighbouring priorities weigh about the same, distant ones are orders apart); 1000
 * is required. The screen's frame is (0, 0, its size). A constraint on a position
 * with no second item is in root coordinates. The solver is kept: a solve after a
 * change re-adds only the constraints whose form changed (a rotation re-adds those
 * whose alternative constants moved).
 *
 * Intrinsic content size: an item may have its own width and/or height (or a measure
 * function); each such axis adds "size <= intrinsic" at its content hugging priority
 * (default 250) and "size >= intrinsic" at its compression resistance (default 750).
 *
 * Measured items (Yoga's measure function, and calendar views) get the two-pass
 * layout: measured freely, solved, measured again at their solved width, solved again
 * (until nothing changes, at most 3 times), so content whose height follows its width
 * (wrapping text, a flow of cells) sizes itself.
 *
 * Callbacks (measure, broken) run on the calling thread inside the call. They may read
 * the layout (frames, constants) but not change it: such calls fail with MISUSE.
 */

/* "No intrinsic metric" for an axis of an intrinsic size, and "not decided" for an
   axis given to a measure function. */
enum { KALENDS_NO_INTRINSIC_METRIC = -1 };

/* Axes of kalends_autolayout_set_priority */
typedef int32_t kalends_layout_axis;
#define KALENDS_LAYOUT_HORIZONTAL 0
#define KALENDS_LAYOUT_VERTICAL 1
/* Kinds of kalends_autolayout_set_priority */
typedef int32_t kalends_content_priority;
#define KALENDS_CONTENT_HUGGING 0
#define KALENDS_COMPRESSION_RESISTANCE 1

/* Unsatisfiable policies (kalends_autolayout_set_policy) */
typedef int32_t kalends_policy;
#define KALENDS_POLICY_ERROR 0        /* solve fails with UNSATISFIABLE; frames stay as they were */
#define KALENDS_POLICY_BREAK_LOWEST 1 /* break the lowest-priority conflicting constraint (among equals,
                                         the most recently added), report it, go on */

/* Kinds of broken constraints */
typedef int32_t kalends_broken_kind;
#define KALENDS_BROKEN_CONSTRAINT 1       /* a constraint the host added */
#define KALENDS_BROKEN_INTRINSIC_WIDTH 2  /* an item's intrinsic width (hugging or compression at 1000) */
#define KALENDS_BROKEN_INTRINSIC_HEIGHT 3

typedef struct kalends_broken_constraint {
    kalends_broken_kind kind; /* KALENDS_BROKEN_* */
    int32_t constraint; /* the host constraint's id, 0 for an intrinsic one */
    int32_t item;       /* the constraint's first item, or the item whose intrinsic size it is */
    int32_t reserved;
} kalends_broken_constraint;

/* Measures an item's content: `width` and `height` are the size it is laid out at, or
   KALENDS_NO_INTRINSIC_METRIC where not decided yet (measure freely). Writes its content
   size to *out (KALENDS_NO_INTRINSIC_METRIC on an axis without one) and returns
   KALENDS_OK; any other status fails the solve with CALLBACK. */
typedef kalends_status (*kalends_measure_fn)(void *user_data, int32_t item, double width, double height,
                                             kalends_size *out);

/* Told of each constraint KALENDS_POLICY_BREAK_LOWEST breaks (once, when it breaks). */
typedef void (*kalends_broken_fn)(void *user_data, const kalends_broken_constraint *broken);

/* The item's own content size; KALENDS_NO_INTRINSIC_METRIC on an axis without one.
   Errors: NOT_FOUND, INVALID_ARGUMENT (negative other than -1, not finite). */
kalends_status kalends_autolayout_set_intrinsic_size(kalends_autolayout *layout, int32_t item, double width,
                                                     double height);

/* Content hugging or compression resistance (KALENDS_CONTENT_HUGGING /
   _COMPRESSION_RESISTANCE) of an axis (KALENDS_LAYOUT_HORIZONTAL / _VERTICAL), 1 ... 1000.
   Errors: NOT_FOUND, INVALID_ARGUMENT. */
kalends_status kalends_autolayout_set_priority(kalends_autolayout *layout, int32_t item, kalends_content_priority kind,
                                               kalends_layout_axis axis, double priority);

/* Where the item's baselines are: the first `first_from_top` below its top, the last
   `last_from_bottom` above its bottom; KALENDS_NO_INTRINSIC_METRIC for its bottom edge
   (the default). Errors: NOT_FOUND, INVALID_ARGUMENT. */
kalends_status kalends_autolayout_set_baselines(kalends_autolayout *layout, int32_t item, double first_from_top,
                                                double last_from_bottom);

/* Sets (fn non-NULL) or removes the item's measure function; its intrinsic size then
   comes from it. user_data is passed back untouched. Errors: NOT_FOUND,
   INVALID_ARGUMENT (the screen). */
kalends_status kalends_autolayout_set_measure(kalends_autolayout *layout, int32_t item, kalends_measure_fn fn,
                                              void *user_data);

/* Makes the item show a calendar `view` (NULL: detaches it): its width follows its
   container's (priority 999) and its height the view's content at that width, so
   constraining only its position lays it out (MBCalendarKit 5). After each solve the
   view's metrics.width is the item's solved width, so kalends_view_layout matches the
   frame. The layout keeps its own reference to the view (freeing the view handle is
   allowed). Errors: NOT_FOUND, MISUSE (not a live view), INVALID_ARGUMENT (the screen). */
kalends_status kalends_autolayout_set_view(kalends_autolayout *layout, int32_t item, kalends_view *view);

/* Leading and trailing are the right and left edges (and their constants read from
   the right). Errors: INVALID_ARGUMENT (not 0 or 1). */
kalends_status kalends_autolayout_set_right_to_left(kalends_autolayout *layout, int32_t right_to_left);

/* KALENDS_POLICY_*, and the function told of broken constraints (may be NULL).
   Errors: INVALID_ARGUMENT. */
kalends_status kalends_autolayout_set_policy(kalends_autolayout *layout, kalends_policy policy, kalends_broken_fn fn,
                                             void *user_data);

/* Solves the layout. A constant based on an item's solved frame is found by fixed-point
   iteration: solve with the constants of the frames so far, then solve again while such
   a constant moved (only the constraints whose constants moved are re-added to the kept
   solver), at most 8 solves; a chain of k such dependencies (a square at 80% of the
   shorter edge of a constrained container: k = 1) settles in k + 1. Iteration, not an
   ordered solve: the basis item's frame may itself depend on the constraint (priorities,
   intrinsic sizes, a shared parent), so no order of partial solves is right in general.
   Cost is bounded: one solve makes at most 1024 + 2 x (constraints + 12 x items)
   simplex pivots (a solve from scratch needs about one per constraint); a system that
   stalls in degenerate pivots (some random fuzz layouts made single solves take
   3-21 s) stops there with INTERNAL instead.
   Errors: UNSATISFIABLE (policy ERROR; the frames stay as they were, kalends_last_error()
   names the constraint), CALLBACK (a measure function failed or returned a bad size),
   INTERNAL (the pivot budget ran out: the frames stay as they were; the layout stays
   usable and the next solve goes on optimising from where this one stopped). */
kalends_status kalends_autolayout_solve(kalends_autolayout *layout);

/* The item's frame from the last solve, in its parent's coordinates (a top-level
   item's in root coordinates). Errors: NOT_FOUND, INVALID_ARGUMENT. */
kalends_status kalends_autolayout_frame(const kalends_autolayout *layout, int32_t item, kalends_rect *out);

/* systemLayoutSizeFitting: the size of `item` laid out on its own (its subtree and
   the constraints among it, measured items included), as close to *target as the
   priorities allow: width at `horizontal` priority, height at `vertical` (1 ... 1000).
   Target (0, 0) asks for the smallest size, a large one for the largest;
   KALENDS_PRIORITY_FITTING lets an axis follow the content, KALENDS_PRIORITY_REQUIRED
   fixes it (a self-sizing table cell: the table's width required, height fitting).
   Conflicts are broken silently. Does not change the layout's solution.
   Errors: NOT_FOUND, INVALID_ARGUMENT, CALLBACK, INTERNAL (the pivot budget of
   kalends_autolayout_solve ran out). */
kalends_status kalends_autolayout_fitting_size(kalends_autolayout *layout, int32_t item, const kalends_size *target,
                                               double horizontal, double vertical, kalends_size *out);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_AUTOLAYOUT_H */

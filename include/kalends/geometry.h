/*
 * kalends/geometry.h -- points, sizes and rectangles.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_GEOMETRY_H
#define KALENDS_GEOMETRY_H

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Points in view coordinates: origin at the top left, y downwards, in points
   (device pixels = points x scale). */
typedef struct kalends_point {
    double x;
    double y;
} kalends_point;

typedef struct kalends_size {
    double width;
    double height;
} kalends_size;

typedef struct kalends_rect {
    double x;
    double y;
    double width;
    double height;
} kalends_rect;

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_GEOMETRY_H */

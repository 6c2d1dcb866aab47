/* cells_draw.c: header, title, buttons, weekday labels and day cells of a pane. */
#ifndef KALENDS_GTK_CELLS_H
#define KALENDS_GTK_CELLS_H

#include <string.h>

#include "host.h"

/* The pane's elements now (at rest, sliding or swiped) into *out, grown as needed.
   0 when Kalends reported a problem (shown in the window). */
int cells_frames(host *h, pane *p, kalends_element **out, int32_t *capacity, int32_t *count);
void cells_render(host *h, pane *p, cairo_t *cr, const kalends_element *elements, int32_t count);

#endif

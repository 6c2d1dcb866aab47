/* week_draw.c: the week pane's frames, fetched from Kalends apart from their drawing so
   the bench can time the two. */
#ifndef KALENDS_GTK_WEEK_H
#define KALENDS_GTK_WEEK_H

#include "host.h"

typedef struct week_frames {
    kalends_element *elements;
    int32_t element_count, element_capacity;
    kalends_time_grid grid;
    kalends_time_grid_hour *hours;
    int32_t hour_count, hour_capacity;
    kalends_time_grid_column *columns;
    int32_t column_count, column_capacity;
    kalends_time_grid_item *items;
    int32_t item_count, item_capacity;
    kalends_event *item_events;  /* each box's event (colour, title), read from the store with the frames */
    int32_t item_event_capacity;
    kalends_occurrence_bar *bars;
    int32_t bar_count, bar_capacity;
    kalends_event *bar_events;
    int32_t bar_event_capacity;
    kalends_event_more *more;
    int32_t more_count, more_capacity;
    /* an event drag under way: its days' boxes as they would be after the drop */
    kalends_edit_state edit;
    kalends_time_grid_item *preview;
    int32_t preview_count, preview_capacity;
    kalends_event *preview_events;
    int32_t preview_event_capacity;
    int sliding; /* the page slides: only the cells move, the grid fades in */
    double alpha;
} week_frames;

/* Kalends' part of a redraw: every frame of the week page. 0: a problem (in the window). */
int week_frames_fetch(host *h, week_frames *f);
/* Cairo's part: draws what week_frames_fetch got. */
void week_frames_render(host *h, const week_frames *f, cairo_t *cr, double width, double height);
void week_frames_free(week_frames *f);

#endif

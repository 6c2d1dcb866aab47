/* The program's colours (0xRRGGBB). The state file names the ones the tests look for
   in screenshots (state.c). */
#ifndef KALENDS_GTK_PALETTE_H
#define KALENDS_GTK_PALETTE_H

#define COLOR_BACKGROUND 0xffffff
#define COLOR_HEADER 0xe5e7eb
#define COLOR_TEXT 0x111827
#define COLOR_MUTED 0x9ca3af
#define COLOR_OUT_DATE 0xf3f4f6
#define COLOR_WEEKEND 0xf8fafc
#define COLOR_SELECTED 0x2563eb      /* a selected day, a range's ends */
#define COLOR_IN_RANGE 0x93c5fd      /* the days inside a range */
#define COLOR_TODAY 0xdc2626         /* today's outline */
#define COLOR_FOCUS 0x7c3aed         /* the keyboard focus's outline */
#define COLOR_GRID_LINE 0xd1d5db
#define COLOR_REFUSED 0xef4444       /* an event drop that would be refused */

/* cairo_set_source_rgb from 0xRRGGBB */
#define SET_RGB(cr, c) cairo_set_source_rgb((cr), ((c) >> 16 & 0xff) / 255.0, ((c) >> 8 & 0xff) / 255.0, ((c) & 0xff) / 255.0)
#define RGB_ARGS(c) ((c) >> 16 & 0xff) / 255.0, ((c) >> 8 & 0xff) / 255.0, ((c) & 0xff) / 255.0

/* An event's colour (kalends_event.color, 0xRRGGBBAA) as the source of `cr`; an event
   without one (alpha 0: an .ics has no colour) takes the default. */
#define COLOR_EVENT_DEFAULT 0x3b82f6
static inline void set_event_color(cairo_t *cr, uint32_t rgba) {
    if ((rgba & 0xff) == 0) {
        SET_RGB(cr, COLOR_EVENT_DEFAULT);
        return;
    }
    cairo_set_source_rgb(cr, (rgba >> 24 & 0xff) / 255.0, (rgba >> 16 & 0xff) / 255.0, (rgba >> 8 & 0xff) / 255.0);
}

#endif

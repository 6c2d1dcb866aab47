/* Text through Pango: laid out in a box, ellipsized to its width, centred vertically.
   Pango shapes every script and direction the locales need (Arabic, Hebrew, CJK). One
   PangoLayout per widget is kept and reused: a week of 1,000 events draws many labels. */
#include "host.h"

static PangoLayout *layout_for(GtkWidget *widget) {
    PangoLayout *layout = g_object_get_data(G_OBJECT(widget), "kalends-text-layout");
    if (!layout) {
        layout = gtk_widget_create_pango_layout(widget, NULL);
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
        pango_layout_set_single_paragraph_mode(layout, TRUE);
        /* the alignment asked for is where the text goes, in Arabic and Hebrew too (Pango
           would swap left and right for a right-to-left paragraph) */
        pango_layout_set_auto_dir(layout, FALSE);
        g_object_set_data_full(G_OBJECT(widget), "kalends-text-layout", layout, g_object_unref);
    }
    return layout;
}

void draw_text(GtkWidget *widget, cairo_t *cr, const char *text, const kalends_rect *box, double size, int bold,
               PangoAlignment align, double r, double g, double b) {
    if (box->width < 4 || box->height < size || !text || !*text) return; /* no room: nothing half drawn */
    PangoLayout *layout = layout_for(widget);
    PangoFontDescription *font = pango_font_description_from_string("Sans");
    pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
    if (bold) pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD);
    pango_layout_set_font_description(layout, font);
    pango_font_description_free(font);
    pango_layout_set_text(layout, text, -1);
    pango_layout_set_width(layout, (int)(box->width * PANGO_SCALE));
    pango_layout_set_alignment(layout, align);
    int w = 0, hgt = 0;
    pango_layout_get_pixel_size(layout, &w, &hgt);
    cairo_save(cr);
    cairo_rectangle(cr, box->x, box->y, box->width, box->height);
    cairo_clip(cr);
    cairo_set_source_rgb(cr, r, g, b);
    cairo_move_to(cr, box->x, box->y + (box->height - hgt) / 2);
    pango_cairo_show_layout(cr, layout);
    cairo_restore(cr);
}

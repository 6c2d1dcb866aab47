package kalends;

import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import java.util.List;
import kalends.ffi.KalendsNative;

/** A calendar view: a page, a selection, a focus, and the frames of it all. Close it. */
public final class View extends Handle {
    /** What a view shows: the month, week or day of anchor, days first...last. */
    public record Page(int mode, int anchor, int year, int month, int first, int last) {
        static Page of(KalendsNative.Page p) {
            return new Page(p.mode, p.anchor, p.year, p.month, p.first, p.last);
        }
    }

    /** A page change (direction KALENDS_DIRECTION_NONE when the page stayed). */
    public record Transition(int direction, Page from, Page to) {}

    /** What an operation did (KALENDS_OUTCOME_*); day is null when it concerned none. */
    public record Action(int outcome, Integer day, Transition transition) {}

    /** One element of the layout: kind (KALENDS_ELEMENT_*), index, day, flags, frame. */
    public record Element(int kind, int index, int dayNumber, int flags, double x, double y, double width,
            double height) {}

    /** The selection in numbers (first and last valid when count > 0). */
    public record Selection(int count, int first, int last) {}

    /** A view of calendar (its options are copied) with default options, at this width. */
    public View(Calendar calendar, double width) {
        super(create(calendar, width), Kalends.C::kalends_view_free);
    }

    private static com.sun.jna.Pointer create(Calendar calendar, double width) {
        KalendsNative.ViewMetrics metrics = new KalendsNative.ViewMetrics();
        Kalends.check(Kalends.C.kalends_view_metrics_init(metrics));
        metrics.width = width;
        PointerByReference out = new PointerByReference();
        Kalends.check(Kalends.C.kalends_view_new(calendar.raw(), null, metrics, out));
        return out.getValue();
    }

    public Page page() {
        KalendsNative.Page p = new KalendsNative.Page();
        Kalends.check(Kalends.C.kalends_view_page(raw, p));
        return Page.of(p);
    }

    /** The element hit by a tap at (x, y), and what the tap did (as Kal handles it). */
    public record Tap(Element hit, Action action) {}

    public Tap tap(double x, double y) {
        KalendsNative.Element e = new KalendsNative.Element();
        KalendsNative.Action a = new KalendsNative.Action();
        Kalends.check(Kalends.C.kalends_view_tap(raw, x, y, e, a));
        Element hit = new Element(e.kind, e.index, e.day_number, e.flags, e.frame.x, e.frame.y, e.frame.width,
                e.frame.height);
        Transition t = new Transition(a.transition.direction, Page.of(a.transition.from), Page.of(a.transition.to));
        return new Tap(hit, new Action(a.outcome, a.has_day != 0 ? a.day : null, t));
    }

    public Selection selection() {
        KalendsNative.Selection s = new KalendsNative.Selection();
        Kalends.check(Kalends.C.kalends_view_selection(raw, s));
        return new Selection(s.count, s.first, s.last);
    }

    /** The visible days with every view flag (selected, focused, ...). */
    public List<Calendar.Day> days() {
        KalendsNative.Day[] buffer = (KalendsNative.Day[]) new KalendsNative.Day().toArray(KalendsNative.KALENDS_GRID_MAX_DAYS);
        IntByReference count = new IntByReference();
        Kalends.check(Kalends.C.kalends_view_days(raw, buffer, buffer.length, count));
        return Calendar.Day.of(buffer, count.getValue());
    }
}

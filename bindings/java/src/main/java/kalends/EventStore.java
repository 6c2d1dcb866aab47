package kalends;

import com.sun.jna.Memory;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import kalends.ffi.KalendsNative;

/** Events indexed for overlap queries. Close it (try-with-resources). */
public final class EventStore extends Handle {
    /**
     * An event. Timed: start and end are seconds since the epoch (end exclusive); all-day:
     * the first and last day numbers. color is 0xRRGGBBAA.
     */
    public record Event(long id, boolean allDay, long start, long end, int color, String title) {}

    public EventStore() {
        super(create(), Kalends.C::kalends_store_free);
    }

    private static com.sun.jna.Pointer create() {
        PointerByReference out = new PointerByReference();
        Kalends.check(Kalends.C.kalends_store_new(out));
        return out.getValue();
    }

    /** Adds the events at once: a bad one (or a duplicate id) adds none. */
    public void addEvents(List<Event> events) {
        if (events.isEmpty()) {
            return;
        }
        KalendsNative.Event[] records = (KalendsNative.Event[]) new KalendsNative.Event().toArray(events.size());
        List<Memory> titles = new ArrayList<>(); // native copies, alive until the call returns
        for (int i = 0; i < events.size(); i++) {
            Event e = events.get(i);
            byte[] utf8 = e.title().getBytes(StandardCharsets.UTF_8);
            Memory title = new Memory(Math.max(utf8.length, 1));
            title.write(0, utf8, 0, utf8.length);
            titles.add(title);
            KalendsNative.Event r = records[i];
            r.struct_size = r.size();
            r.all_day = e.allDay() ? 1 : 0;
            r.id = e.id();
            r.start = e.start();
            r.end = e.end();
            r.color = e.color();
            r.title = title;
            r.title_length = utf8.length;
        }
        Kalends.check(Kalends.C.kalends_store_add_events(raw, records, records.length));
    }

    public int size() {
        IntByReference n = new IntByReference();
        Kalends.check(Kalends.C.kalends_store_count(raw, n));
        return n.getValue();
    }

    /** The events overlapping UTC days first...last (day numbers), in start order. */
    public List<Event> query(int first, int last) {
        IntByReference count = new IntByReference();
        Kalends.check(Kalends.C.kalends_store_query(raw, null, first, last, null, 0, count));
        while (true) {
            int capacity = count.getValue();
            KalendsNative.Event[] buffer = (KalendsNative.Event[]) new KalendsNative.Event().toArray(Math.max(capacity, 1));
            int status = Kalends.C.kalends_store_query(raw, null, first, last, buffer, capacity, count);
            if (status == KalendsNative.KALENDS_E_BUFFER_TOO_SMALL) {
                continue; // a source or plugin added events meanwhile
            }
            Kalends.check(status);
            List<Event> events = new ArrayList<>(count.getValue());
            for (int i = 0; i < count.getValue(); i++) {
                KalendsNative.Event r = buffer[i];
                String title = r.title == null || r.title_length <= 0 ? ""
                        : new String(r.title.getByteArray(0, r.title_length), StandardCharsets.UTF_8);
                events.add(new Event(r.id, r.all_day != 0, r.start, r.end, r.color, title));
            }
            return events;
        }
    }
}

package kalends;

import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import java.util.ArrayList;
import java.util.List;
import kalends.ffi.KalendsNative;

/** A calendar: week rule, weekend and today. Close it (try-with-resources). */
public final class Calendar extends Handle {
    /** A calendar's options; new Options() holds the library's defaults. */
    public static final class Options {
        final KalendsNative.CalendarOptions c = new KalendsNative.CalendarOptions();

        public Options() {
            Kalends.check(Kalends.C.kalends_calendar_options_init(c));
        }

        /** ISO weekday the rows start on: 1 Monday ... 7 Sunday. */
        public Options firstWeekday(int weekday) {
            c.first_weekday = weekday;
            return this;
        }

        public Options minDaysInFirstWeek(int days) {
            c.min_days_in_first_week = days;
            return this;
        }

        /** A fixed today (deterministic output). */
        public Options today(Kalends.Date date) {
            c.today_mode = KalendsNative.KALENDS_TODAY_FIXED;
            c.today.year = date.year();
            c.today.month = date.month();
            c.today.day = date.day();
            return this;
        }

        public int firstWeekday() {
            return c.first_weekday;
        }

        public int minDaysInFirstWeek() {
            return c.min_days_in_first_week;
        }

        public int weekendDays() {
            return c.weekend_days;
        }

        public int todayMode() {
            return c.today_mode;
        }

        public Kalends.Date today() {
            return Kalends.Date.of(c.today);
        }
    }

    /** One cell of a grid; week and weekYear are its row's, by the calendar's rule. */
    public record Day(Kalends.Date date, int dayNumber, int weekday, int week, int weekYear, int flags) {
        static List<Day> of(KalendsNative.Day[] buffer, int count) {
            List<Day> days = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                KalendsNative.Day d = buffer[i];
                days.add(new Day(Kalends.Date.of(d.date), d.day_number, d.weekday, d.week_of_year.week,
                        d.week_of_year.year, d.flags));
            }
            return days;
        }
    }

    public Calendar(Options options) {
        super(create(options), Kalends.C::kalends_calendar_free);
    }

    private static com.sun.jna.Pointer create(Options options) {
        PointerByReference out = new PointerByReference();
        Kalends.check(Kalends.C.kalends_calendar_new(options.c, out));
        return out.getValue();
    }

    public Options options() {
        Options o = new Options();
        Kalends.check(Kalends.C.kalends_calendar_get_options(raw, o.c));
        return o;
    }

    public Kalends.Date today() {
        KalendsNative.Date out = new KalendsNative.Date();
        Kalends.check(Kalends.C.kalends_calendar_today(raw, out));
        return Kalends.Date.of(out);
    }

    /** The fixed six-row month grid (42 days) of year-month. */
    public List<Day> monthGrid(int year, int month) {
        KalendsNative.Day[] buffer = (KalendsNative.Day[]) new KalendsNative.Day().toArray(KalendsNative.KALENDS_GRID_MAX_DAYS);
        IntByReference count = new IntByReference();
        Kalends.check(Kalends.C.kalends_calendar_month_grid(raw, year, month, KalendsNative.KALENDS_ROWS_FIXED, buffer,
                buffer.length, count));
        return Day.of(buffer, count.getValue());
    }
}

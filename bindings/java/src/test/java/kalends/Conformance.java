package kalends;

import com.sun.jna.ptr.LongByReference;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import kalends.ffi.KalendsNative;

/**
 * The shared conformance scenario (bindings/conformance/SCENARIO.md): each step compares
 * what the library returns with bindings/conformance/expected.txt (its path: argument 1).
 */
public final class Conformance {
    private final Map<String, List<String>> expected = new LinkedHashMap<>();

    private Conformance(Path path) throws IOException {
        for (String line : Files.readAllLines(path, StandardCharsets.UTF_8)) {
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int space = line.indexOf(' ');
            String key = space < 0 ? line : line.substring(0, space);
            expected.computeIfAbsent(key, k -> new ArrayList<>()).add(space < 0 ? "" : line.substring(space + 1));
        }
    }

    static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Failure(String message) {
            super(message);
        }
    }

    private List<String> all(String key) {
        List<String> v = expected.get(key);
        if (v == null) {
            throw new Failure("expected.txt has no " + key);
        }
        return v;
    }

    private String one(String key) {
        return all(key).get(0);
    }

    private int integer(String key) {
        return Integer.parseInt(one(key).split(" ")[0]);
    }

    private static void same(String what, Object got, Object want) {
        if (!Objects.equals(got, want)) {
            throw new Failure(what + ": got " + got + ", expected " + want);
        }
    }

    private static String words(Object... values) {
        return Arrays.stream(values).map(String::valueOf).collect(Collectors.joining(" "));
    }

    private void checkDays(String what, List<Calendar.Day> days, List<String> want) {
        same(what + " count", days.size(), want.size());
        for (int i = 0; i < days.size(); i++) {
            Calendar.Day d = days.get(i);
            same(what + " " + i, words(i, d.date(), d.dayNumber(), d.weekday(), d.week(), d.weekYear(), d.flags()),
                    want.get(i));
        }
    }

    /** Calls on the view and the store of steps 4 and 5, run after they were closed. */
    private final List<Runnable> released = new ArrayList<>();

    private void scenario() {
        // 1. version
        same("version.string", Kalends.version(), one("version.string"));
        same("version.number", Kalends.versionNumber(), integer("version.number"));
        same("version.abi", Kalends.abiVersion(), integer("version.abi"));
        System.out.println("ok version");

        // 2. calendar
        String[] t = one("calendar.today").split(" ");
        Calendar.Options options = new Calendar.Options().firstWeekday(integer("calendar.first_weekday"))
                .minDaysInFirstWeek(integer("calendar.min_days_in_first_week"))
                .today(new Kalends.Date(Integer.parseInt(t[0]), Integer.parseInt(t[1]), Integer.parseInt(t[2])));
        try (Calendar cal = new Calendar(options)) {
            Calendar.Options back = cal.options();
            same("calendar options",
                    words(back.firstWeekday(), back.minDaysInFirstWeek(), back.weekendDays(), back.todayMode(), back.today()),
                    words(options.firstWeekday(), options.minDaysInFirstWeek(), integer("calendar.weekend_days"),
                            integer("calendar.today_mode"), one("calendar.today_date")));
            same("calendar.today_date", cal.today().toString(), one("calendar.today_date"));
            System.out.println("ok calendar");

            // 3. grid
            String[] m = one("grid.month").split(" ");
            same("grid.month rows", Integer.parseInt(m[2]), KalendsNative.KALENDS_ROWS_FIXED);
            List<Calendar.Day> grid = cal.monthGrid(Integer.parseInt(m[0]), Integer.parseInt(m[1]));
            same("grid.count", grid.size(), integer("grid.count"));
            checkDays("grid.day", grid, all("grid.day"));
            Map<String, Integer> flags = Map.of("in_month", KalendsNative.KALENDS_DAY_IN_MONTH, "leading",
                    KalendsNative.KALENDS_DAY_LEADING, "trailing", KalendsNative.KALENDS_DAY_TRAILING, "today",
                    KalendsNative.KALENDS_DAY_TODAY, "weekend", KalendsNative.KALENDS_DAY_WEEKEND);
            for (Map.Entry<String, Integer> f : flags.entrySet()) {
                same("grid." + f.getKey(), (int) grid.stream().filter(d -> (d.flags() & f.getValue()) != 0).count(),
                        integer("grid." + f.getKey()));
            }
            System.out.println("ok grid");

            // 4. view tap
            try (View view = new View(cal, Double.parseDouble(one("view.width")))) {
                released.add(view::page);
                View.Page p = view.page();
                same("view.page_before", words(p.year(), p.month(), p.anchor()), one("view.page_before"));
                String[] xy = one("tap.point").split(" ");
                View.Tap tap = view.tap(Double.parseDouble(xy[0]), Double.parseDouble(xy[1]));
                same("tap.hit", words(tap.hit().kind(), tap.hit().dayNumber(), tap.hit().index()), one("tap.hit"));
                View.Action a = tap.action();
                same("tap.action", words(a.outcome(), a.day() != null ? 1 : 0, a.day() != null ? a.day() : 0,
                        a.transition().direction()), one("tap.action"));
                p = view.page();
                same("view.page", words(p.year(), p.month(), p.anchor(), p.first(), p.last()), one("view.page"));
                same("view.page = transition.to", p, a.transition().to());
                View.Selection s = view.selection();
                same("view.selection", words(s.count(), s.first(), s.last()), one("view.selection"));
                checkDays("view.day", view.days(), all("view.day"));
            }
            System.out.println("ok view tap");
        }

        // 5. store
        List<EventStore.Event> events = new ArrayList<>();
        for (String line : all("store.event")) {
            String[] f = line.split(" ", 6);
            events.add(new EventStore.Event(Long.parseLong(f[0]), f[1].equals("1"), Long.parseLong(f[2]),
                    Long.parseLong(f[3]), (int) Long.parseLong(f[4]), f[5]));
        }
        try (EventStore store = new EventStore()) {
            released.add(store::size);
            store.addEvents(events);
            same("store.count", store.size(), integer("store.count"));
            for (String q : all("store.query")) {
                String[] f = q.split(" ");
                List<EventStore.Event> found = store.query(Integer.parseInt(f[0]), Integer.parseInt(f[1]));
                same("store.query " + q, found.stream().map(e -> String.valueOf(e.id())).collect(Collectors.joining(" ")),
                        String.join(" ", Arrays.copyOfRange(f, 2, f.length)));
                for (EventStore.Event e : found) {
                    same("store event " + e.id(), e, events.stream().filter(a -> a.id() == e.id()).findFirst().orElse(null));
                }
            }
        }
        System.out.println("ok store");

        // 6. error: a closed calendar's handle is a token the library no longer knows
        Calendar closed;
        try (Calendar cal = new Calendar(options)) {
            closed = cal;
        }
        try {
            closed.today();
            throw new Failure("a closed calendar answered");
        } catch (KalendsException e) {
            same("error.status", e.status() + " " + e.statusName(), one("error.status"));
            same("error message is set", e.getMessage().length() > (e.statusName() + ": ").length(), true);
        }
        for (Runnable call : released) { // the view and the store, closed by try-with-resources
            try {
                call.run();
                throw new Failure("a closed view or store answered");
            } catch (KalendsException e) {
                same("released by try-with-resources", e.status(), KalendsNative.KALENDS_E_MISUSE);
            }
        }
        System.out.println("ok error");
    }

    /** 7. every Structure has the library's size and field offsets. */
    private static int layouts() {
        LongByReference size = new LongByReference();
        LongByReference offset = new LongByReference();
        for (Map.Entry<String, Class<? extends KalendsNative.Struct>> e : KalendsNative.structs().entrySet()) {
            String name = e.getKey();
            KalendsNative.Struct s;
            try {
                s = e.getValue().getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException x) {
                throw new Failure(name + ": " + x);
            }
            same(name + " known", Kalends.C.kalends_abi_struct_layout(name, null, size, offset), 0);
            same("sizeof " + name, (long) s.size(), size.getValue());
            for (java.lang.reflect.Field f : e.getValue().getDeclaredFields()) {
                if (java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                same(name + "." + f.getName(), Kalends.C.kalends_abi_struct_layout(name, f.getName(), size, offset), 0);
                same("offsetof " + name + "." + f.getName(), (long) s.offsetOf(f.getName()), offset.getValue());
            }
        }
        return KalendsNative.structs().size();
    }

    public static void main(String[] args) throws IOException {
        Conformance c = new Conformance(Path.of(args.length > 0 ? args[0] : "bindings/conformance/expected.txt"));
        try {
            long started = System.nanoTime();
            c.scenario();
            double ms = (System.nanoTime() - started) / 1e6;
            System.out.printf("ok layouts (%d structs)%n", layouts());
            int calls = c.integer("overhead.calls");
            long sum = 0;
            double ns = 0;
            for (int round = 0; round < 2; round++) { // the second round is measured: the first warms the JIT
                started = System.nanoTime();
                for (int i = 0; i < calls; i++) {
                    sum += Kalends.dateFromDayNumber(i).day();
                }
                ns = (double) (System.nanoTime() - started) / calls;
            }
            same("overhead ran", sum > 0, true);
            System.out.printf("java: scenario %.1f ms, date_from_day_number %.0f ns/call (%d calls)%n", ms, ns, calls);
        } catch (Failure | KalendsException e) {
            System.err.println("java conformance FAILED: " + e.getMessage());
            System.exit(1);
        }
    }
}

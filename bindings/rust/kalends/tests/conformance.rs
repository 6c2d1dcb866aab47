//! The shared conformance scenario (bindings/conformance/SCENARIO.md) through the safe
//! API: each step compares what the library returns with bindings/conformance/expected.txt.
use kalends::{sys, Calendar, CalendarOptions, Date, Event, EventStore, Metrics, Outcome, Rows, Status, Today, View,
              Weekday};
use std::ffi::CString;
use std::path::PathBuf;
use std::time::Instant;

type Failure = Box<dyn std::error::Error>;

/// expected.txt: `key value...` lines.
struct Expected(Vec<(String, String)>);

impl Expected {
    fn load() -> Result<Expected, Failure> {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../conformance/expected.txt");
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {}", path.display(), e))?;
        Ok(Expected(
            text.lines()
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(|l| {
                    let (k, v) = l.split_once(' ').unwrap_or((l, ""));
                    (k.to_string(), v.to_string())
                })
                .collect(),
        ))
    }
    fn all(&self, key: &str) -> Vec<&str> {
        self.0.iter().filter(|(k, _)| k == key).map(|(_, v)| v.as_str()).collect()
    }
    fn one(&self, key: &str) -> &str {
        self.all(key).first().copied().unwrap_or_else(|| panic!("expected.txt has no {}", key))
    }
    fn ints(&self, key: &str) -> Vec<i64> {
        self.one(key).split(' ').map(|t| t.parse().unwrap_or_else(|_| panic!("{}: not an integer: {}", key, t))).collect()
    }
    fn int(&self, key: &str) -> i64 {
        self.ints(key)[0]
    }
}

fn same<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> Result<(), Failure> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{}: got {:?}, expected {:?}", what, got, want).into())
    }
}

fn day_line(i: usize, d: &kalends::Day) -> String {
    format!("{} {} {} {} {} {} {}", i, d.date, d.day_number, d.weekday.iso(), d.week, d.week_year, d.flags.0)
}

fn check_days(what: &str, days: &[kalends::Day], want: &[&str]) -> Result<(), Failure> {
    same(&format!("{} count", what), days.len(), want.len())?;
    for (i, d) in days.iter().enumerate() {
        same(&format!("{} {}", what, i), day_line(i, d).as_str(), want[i])?;
    }
    Ok(())
}

fn calendar_options(x: &Expected) -> Result<CalendarOptions, Failure> {
    let today = x.ints("calendar.today");
    same("calendar.today_mode", x.int("calendar.today_mode"), i64::from(sys::KALENDS_TODAY_FIXED))?;
    Ok(CalendarOptions {
        first_weekday: Weekday::from_iso(x.int("calendar.first_weekday") as i32).ok_or("first weekday")?,
        min_days_in_first_week: x.int("calendar.min_days_in_first_week") as i32,
        today: Today::Fixed(Date::new(today[0] as i32, today[1] as i32, today[2] as i32)),
        ..CalendarOptions::default()
    })
}

fn scenario(x: &Expected) -> Result<(), Failure> {
    // 1. version
    same("version.string", kalends::version_string(), x.one("version.string"))?;
    let (major, minor, patch) = kalends::version();
    same("version.number", i64::from(major << 16 | minor << 8 | patch), x.int("version.number"))?;
    same("version.abi", i64::from(kalends::abi_version()), x.int("version.abi"))?;
    println!("ok version");

    // 2. calendar
    let options = calendar_options(x)?;
    let calendar = Calendar::new(&options)?;
    let back = calendar.options()?;
    same("calendar options", back, CalendarOptions { weekend_days: x.int("calendar.weekend_days") as u32, ..options })?;
    same("calendar.today_date", calendar.today()?.to_string().as_str(), x.one("calendar.today_date"))?;
    println!("ok calendar");

    // 3. grid
    let month = x.ints("grid.month");
    same("grid.month rows", month[2], i64::from(sys::KALENDS_ROWS_FIXED))?;
    let grid = calendar.month_grid(month[0] as i32, month[1] as i32, Rows::Fixed)?;
    same("grid.count", grid.len() as i64, x.int("grid.count"))?;
    check_days("grid.day", &grid, &x.all("grid.day"))?;
    for (name, flag) in [("leading", kalends::DayFlags::LEADING), ("trailing", kalends::DayFlags::TRAILING),
                         ("in_month", kalends::DayFlags::IN_MONTH)] {
        same(name, grid.iter().filter(|d| d.flags.contains(flag)).count() as i64, x.int(&format!("grid.{}", name)))?;
    }
    println!("ok grid");

    // 4. view tap
    let mut view = View::new(&calendar, &Metrics { width: x.one("view.width").parse()?, ..Metrics::default() })?;
    let before = view.page()?;
    same("view.page_before", vec![i64::from(before.year), i64::from(before.month), i64::from(before.anchor)],
         x.ints("view.page_before"))?;
    let point: Vec<f64> = x.one("tap.point").split(' ').map(|t| t.parse()).collect::<Result<_, _>>()?;
    let (hit, action) = view.tap(point[0], point[1])?;
    same("tap.hit", vec![i64::from(hit.kind.0), i64::from(hit.day_number), i64::from(hit.index)], x.ints("tap.hit"))?;
    let want = x.ints("tap.action");
    same("tap.action outcome", Outcome::Selected, action.outcome)?;
    same("tap.action outcome code", i64::from(sys::KALENDS_OUTCOME_SELECTED), want[0])?;
    same("tap.action day", action.day.map(i64::from), if want[1] != 0 { Some(want[2]) } else { None })?;
    same("tap.action direction", i64::from(action.transition.direction as i32), want[3])?;
    let page = view.page()?;
    same("view.page", vec![page.year, page.month, page.anchor, page.first, page.last].into_iter().map(i64::from).collect(),
         x.ints("view.page"))?;
    same("view.page = transition.to", page, action.transition.to)?;
    let selection = view.selection()?;
    same("view.selection", vec![selection.count, selection.first, selection.last].into_iter().map(i64::from).collect(),
         x.ints("view.selection"))?;
    check_days("view.day", &view.days()?, &x.all("view.day"))?;
    let view_raw = view.as_raw();
    drop(view);
    println!("ok view tap");

    // 5. store
    let events: Vec<Event> = x
        .all("store.event")
        .iter()
        .map(|line| {
            let f: Vec<&str> = line.splitn(6, ' ').collect();
            Event {
                id: f[0].parse().unwrap(),
                all_day: f[1] == "1",
                start: f[2].parse().unwrap(),
                end: f[3].parse().unwrap(),
                color: f[4].parse().unwrap(),
                title: f[5].to_string(),
            }
        })
        .collect();
    let mut store = EventStore::new()?;
    store.add_events(&events)?;
    same("store.count", store.len()? as i64, x.int("store.count"))?;
    for query in x.all("store.query") {
        let q: Vec<i64> = query.split(' ').map(|t| t.parse().unwrap()).collect();
        let found = store.query(q[0] as i32, q[1] as i32)?;
        same(&format!("store.query {}", query), found.iter().map(|e| e.id).collect::<Vec<_>>(), q[2..].to_vec())?;
        for e in &found {
            let added = events.iter().find(|a| a.id == e.id).ok_or("unknown id")?;
            same("store event", e, added)?;
        }
    }
    let store_raw = store.as_raw();
    drop(store);
    println!("ok store");

    // 6. error: the calendar is dropped (freed); its handle, taken back, is a stale token
    let raw = calendar.as_raw();
    drop(calendar);
    // SAFETY: a freed handle of this library: every call answers MISUSE (and the drop
    // of `stale` gets MISUSE from kalends_calendar_free, which it ignores).
    let stale = unsafe { Calendar::from_raw(raw) }.ok_or("null handle")?;
    let want = x.one("error.status");
    match stale.today() {
        Ok(date) => return Err(format!("a freed calendar answered {}", date).into()),
        Err(e) => {
            same("error.status", format!("{} {}", e.status.code(), e.status.name()).as_str(), want)?;
            same("error.status", e.status, Status::Misuse)?;
            if e.message.is_empty() {
                return Err("error: empty kalends_last_error message".into());
            }
        }
    }
    // the view and the store were freed by their drops: freeing them again is MISUSE
    // SAFETY: stale tokens of this library; the library rejects them.
    same("view released by drop", unsafe { sys::kalends_view_free(view_raw) }, sys::KALENDS_E_MISUSE)?;
    same("store released by drop", unsafe { sys::kalends_store_free(store_raw) }, sys::KALENDS_E_MISUSE)?;
    println!("ok error");
    Ok(())
}

/// 7. every struct kalends-sys declares has the library's layout.
fn layouts() -> Result<usize, Failure> {
    let structs = sys::struct_layouts();
    for s in &structs {
        let name = CString::new(s.name)?;
        let (mut size, mut offset) = (0usize, 0usize);
        // SAFETY: valid strings and pointers.
        let status = unsafe { sys::kalends_abi_struct_layout(name.as_ptr(), std::ptr::null(), &mut size, &mut offset) };
        same(&format!("{} known", s.name), status, sys::KALENDS_OK)?;
        same(&format!("sizeof {}", s.name), s.size, size)?;
        for &(field, at, width) in &s.fields {
            let f = CString::new(field)?;
            // SAFETY: as above.
            let status = unsafe { sys::kalends_abi_struct_layout(name.as_ptr(), f.as_ptr(), &mut size, &mut offset) };
            same(&format!("{}.{} known", s.name, field), status, sys::KALENDS_OK)?;
            same(&format!("{}.{} (offset, size)", s.name, field), (at, width), (offset, size))?;
        }
    }
    Ok(structs.len())
}

fn main() {
    let run = || -> Result<(f64, f64, usize), Failure> {
        let x = Expected::load()?;
        let started = Instant::now();
        scenario(&x)?;
        let scenario_ms = started.elapsed().as_secs_f64() * 1e3;
        let n = layouts()?;
        println!("ok layouts ({} structs)", n);
        let calls = x.int("overhead.calls") as i32;
        let mut sum = 0i64;
        let mut ns = 0.0;
        for _round in 0..2 {
            // the second round is measured: the first warms caches (and JITs elsewhere)
            let started = Instant::now();
            for i in 0..calls {
                sum += i64::from(Date::from_day_number(i)?.day);
            }
            ns = started.elapsed().as_secs_f64() * 1e9 / f64::from(calls);
        }
        same("overhead ran", sum > 0, true)?;
        Ok((scenario_ms, ns, calls as usize))
    };
    match run() {
        Ok((ms, ns, calls)) => {
            println!("rust: scenario {:.1} ms, date_from_day_number {:.0} ns/call ({} calls)", ms, ns, calls)
        }
        Err(e) => {
            eprintln!("rust conformance FAILED: {}", e);
            std::process::exit(1);
        }
    }
}

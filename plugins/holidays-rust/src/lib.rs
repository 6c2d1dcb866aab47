//! holidays-rust: a Kalends plugin that turns a holiday rule file into all-day events.
//!
//! The Rust twin of plugins/holidays-c/holidays.c: the same rule format, the same
//! events (ids, days, titles, colors, order) for the same file, the same threading
//! contract. Both are described in plugins/README.md. std only, and written for
//! Rust 1.63 (Debian bookworm): no let-else, no std::ffi::c_char.

use std::ffi::{CStr, CString};
use std::fs::File;
use std::io::Read;
use std::os::raw::{c_char, c_void};
use std::os::unix::ffi::OsStrExt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::ptr;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::{self, ThreadId};

// ---------------------------------------------------------------------------
// The plugin ABI: kalends_plugin.rs is generated from include/kalends/sys/plugin.h
// (tools/abigen, `make generate`), so these types cannot drift from the header.
// ---------------------------------------------------------------------------

mod kalends_plugin;
use kalends_plugin::*;

type Status = kalends_status;

// Supported years, as i64 for the arithmetic below.
const YEAR_MIN: i64 = KALENDS_YEAR_MIN as i64;
const YEAR_MAX: i64 = KALENDS_YEAR_MAX as i64;

// The table is immutable and its name is a static string.
unsafe impl Sync for kalends_plugin_vtable {}

static VTABLE: kalends_plugin_vtable = kalends_plugin_vtable {
    struct_size: std::mem::size_of::<kalends_plugin_vtable>() as u32,
    abi_version: KALENDS_PLUGIN_ABI_VERSION,
    name: b"holidays-rust\0".as_ptr() as *const c_char,
    create: Some(hol_create),
    destroy: Some(hol_destroy),
    fetch: Some(hol_fetch),
    begin: Some(hol_begin),
    cancel: Some(hol_cancel),
    calendar_system: std::ptr::null(),
};

/// The plugin's one export.
#[no_mangle]
pub extern "C" fn kalends_plugin_entry() -> *const kalends_plugin_vtable {
    &VTABLE
}

// ---------------------------------------------------------------------------
// Calendar arithmetic (proleptic Gregorian, astronomical years)
// ---------------------------------------------------------------------------

const DEFAULT_COLOR: u32 = 0xD002_1BFF;
const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;
const MAX_OFFSET: i32 = 365;
/// id = N * ID_FILE_FACTOR + (rule index + 1) * ID_RULE_FACTOR + (year + ID_YEAR_BIAS),
/// N from the file's `id N` line (0 without one). N <= ID_FILE_MAX; a 16 MiB file holds
/// under 1.6 million rules, so the sum stays far below i64::MAX (9.22e18).
const ID_FILE_FACTOR: i64 = 1_000_000_000_000;
const ID_FILE_MAX: i64 = 9_000_000;
const ID_RULE_FACTOR: i64 = 10_000_000;
const ID_YEAR_BIAS: i64 = 1_000_000;

fn is_leap(y: i64) -> bool {
    y.rem_euclid(4) == 0 && (y.rem_euclid(100) != 0 || y.rem_euclid(400) == 0)
}

fn days_in_month(y: i64, m: i32) -> i32 {
    const LENGTHS: [i32; 12] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if m == 2 && is_leap(y) {
        29
    } else {
        LENGTHS[(m - 1) as usize]
    }
}

/// Leap years among 1 ... y-1 (negative: minus those among y ... 0).
fn leaps_before(y: i64) -> i64 {
    (y - 1).div_euclid(4) - (y - 1).div_euclid(100) + (y - 1).div_euclid(400)
}

/// Day number of January 1st of year y.
fn year_start(y: i64) -> i64 {
    365 * (y - 1970) + leaps_before(y) - leaps_before(1970)
}

fn day_number(y: i64, m: i32, d: i32) -> i64 {
    const BEFORE: [i64; 12] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
    let mut n = year_start(y) + BEFORE[(m - 1) as usize] + (d as i64 - 1);
    if m > 2 && is_leap(y) {
        n += 1;
    }
    n
}

/// The year the day number falls in.
fn year_of(day: i64) -> i64 {
    let mut y = 1970 + (day * 400).div_euclid(146_097);
    while year_start(y) > day {
        y -= 1;
    }
    while year_start(y + 1) <= day {
        y += 1;
    }
    y
}

/// ISO weekday, 1 = Monday ... 7 = Sunday (1970-01-01 was a Thursday).
fn weekday_of(day: i64) -> i32 {
    (day + 3).rem_euclid(7) as i32 + 1
}

/// Gregorian Easter Sunday of `year` as a day number: the anonymous Gregorian
/// algorithm (Meeus/Jones/Butcher). Its arithmetic repeats every 5,700,000 years, so
/// the year is first brought into 0 ... 5,699,999 where plain divisions apply.
fn easter_day(year: i64) -> i64 {
    let y = year.rem_euclid(5_700_000);
    let (a, b, c) = (y % 19, y / 100, y % 100);
    let (d, e) = (b / 4, b % 4);
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let (i, k) = (c / 4, c % 4);
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    day_number(year, month as i32, day as i32)
}

// ---------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// month, day
    Fixed(i32, i32),
    /// nth (1 ... 5, -1 ... -5), ISO weekday, month
    Nth(i32, i32, i32),
    /// days from Easter Sunday
    Easter(i32),
}

struct Rule {
    kind: Kind,
    color: u32,
    name: CString,
}

impl Rule {
    /// The occurrence of rule-year y (Easter's year for easter rules), if there is one.
    fn occurrence(&self, y: i64, easter: i64) -> Option<i64> {
        match self.kind {
            Kind::Fixed(month, day) => {
                if day > days_in_month(y, month) {
                    None
                } else {
                    Some(day_number(y, month, day))
                }
            }
            Kind::Nth(nth, weekday, month) => {
                let dim = days_in_month(y, month);
                let d = if nth > 0 {
                    let first_wd = weekday_of(day_number(y, month, 1));
                    let d = 1 + (weekday - first_wd + 7) % 7 + 7 * (nth - 1);
                    if d > dim {
                        return None;
                    }
                    d
                } else {
                    let last_wd = weekday_of(day_number(y, month, dim));
                    let d = dim - (last_wd - weekday + 7) % 7 - 7 * (-nth - 1);
                    if d < 1 {
                        return None;
                    }
                    d
                };
                Some(day_number(y, month, d))
            }
            Kind::Easter(offset) => Some(easter + offset as i64),
        }
    }
}

fn is_space(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

/// A line being read, token by token.
struct Cursor<'a> {
    line: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn token(&mut self) -> Option<&'a [u8]> {
        let line = self.line;
        let mut p = self.pos;
        while p < line.len() && is_space(line[p]) {
            p += 1;
        }
        if p == line.len() {
            return None;
        }
        let start = p;
        while p < line.len() && !is_space(line[p]) {
            p += 1;
        }
        self.pos = p;
        Some(&line[start..p])
    }

    /// The rest of the line after the whitespace that must follow the last field.
    fn name(&mut self) -> Option<&'a [u8]> {
        let line = self.line;
        let mut p = self.pos;
        if p == line.len() || !is_space(line[p]) {
            return None;
        }
        while p < line.len() && is_space(line[p]) {
            p += 1;
        }
        if p == line.len() {
            return None;
        }
        Some(&line[p..])
    }
}

fn two_digits(s: &[u8]) -> Option<i32> {
    if s.len() == 2 && s[0].is_ascii_digit() && s[1].is_ascii_digit() {
        Some((s[0] - b'0') as i32 * 10 + (s[1] - b'0') as i32)
    } else {
        None
    }
}

fn month(s: &[u8]) -> Option<i32> {
    match two_digits(s) {
        Some(m) if (1..=12).contains(&m) => Some(m),
        _ => None,
    }
}

fn hex_value(c: u8) -> Option<u32> {
    match c {
        b'0'..=b'9' => Some((c - b'0') as u32),
        b'a'..=b'f' => Some((c - b'a' + 10) as u32),
        b'A'..=b'F' => Some((c - b'A' + 10) as u32),
        _ => None,
    }
}

/// What a line says.
enum Line {
    Nothing,
    Color(u32),
    /// the file's `id N` line
    Id(i64),
    Rule(Kind, CString),
}

fn parse_line(raw: &[u8]) -> Option<Line> {
    let mut line = raw;
    if let Some((&b'\r', rest)) = line.split_last() {
        line = rest;
    }
    while let Some((&c, rest)) = line.split_last() {
        if !is_space(c) {
            break;
        }
        line = rest;
    }
    while let Some((&c, rest)) = line.split_first() {
        if !is_space(c) {
            break;
        }
        line = rest;
    }
    if line.is_empty() || line[0] == b'#' {
        return Some(Line::Nothing);
    }
    if line.iter().any(|&c| (c < 0x20 && c != b'\t') || c == 0x7F) {
        return None;
    }

    let mut cur = Cursor { line, pos: 0 };
    let keyword = cur.token()?;
    let kind = match keyword {
        b"color" => {
            let tok = cur.token()?;
            if tok.len() != 8 {
                return None;
            }
            let mut value = 0u32;
            for &c in tok {
                value = (value << 4) | hex_value(c)?;
            }
            if cur.token().is_some() {
                return None;
            }
            return Some(Line::Color(value));
        }
        b"id" => {
            // decimal digits only (no sign), 0 ... ID_FILE_MAX
            let tok = cur.token()?;
            let mut value = 0i64;
            for &c in tok {
                if !c.is_ascii_digit() {
                    return None;
                }
                value = value * 10 + (c - b'0') as i64;
                if value > ID_FILE_MAX {
                    return None;
                }
            }
            if cur.token().is_some() {
                return None;
            }
            return Some(Line::Id(value));
        }
        b"fixed" => {
            let tok = cur.token()?;
            if tok.len() != 5 || tok[2] != b'-' {
                return None;
            }
            let m = two_digits(&tok[0..2])?;
            let d = two_digits(&tok[3..5])?;
            if !(1..=12).contains(&m) || d < 1 || d > days_in_month(2000, m) {
                return None;
            }
            Kind::Fixed(m, d)
        }
        b"nth" => {
            let tok = cur.token()?;
            let n = match tok {
                [c] if (b'1'..=b'5').contains(c) => (c - b'0') as i32,
                [b'-', c] if (b'1'..=b'5').contains(c) => -((c - b'0') as i32),
                _ => return None,
            };
            let tok = cur.token()?;
            let names: [&[u8]; 7] = [b"mon", b"tue", b"wed", b"thu", b"fri", b"sat", b"sun"];
            let wd = names.iter().position(|&w| w == tok)? as i32 + 1;
            let m = month(cur.token()?)?;
            Kind::Nth(n, wd, m)
        }
        b"easter" => {
            let mut tok = cur.token()?;
            let mut sign = 1;
            if tok[0] == b'+' || tok[0] == b'-' {
                if tok[0] == b'-' {
                    sign = -1;
                }
                tok = &tok[1..];
            }
            if tok.is_empty() || tok.len() > 3 {
                return None;
            }
            let mut value = 0i32;
            for &c in tok {
                if !c.is_ascii_digit() {
                    return None;
                }
                value = value * 10 + (c - b'0') as i32;
            }
            if value > MAX_OFFSET {
                return None;
            }
            Kind::Easter(sign * value)
        }
        _ => return None,
    };
    let name = cur.name()?;
    // control characters, NUL included, were refused above
    let name = CString::new(name.to_vec()).ok()?;
    Some(Line::Rule(kind, name))
}

/// A parsed rule file.
struct RuleFile {
    rules: Vec<Rule>,
    /// N * ID_FILE_FACTOR, from the file's `id N` line (0 without one)
    id_base: i64,
}

/// Parses a whole rule file; None if any line is malformed or `id` comes twice.
fn parse_rules(text: &[u8]) -> Option<RuleFile> {
    if std::str::from_utf8(text).is_err() {
        return None;
    }
    let mut rules = Vec::new();
    let mut color = DEFAULT_COLOR;
    let mut file_id: Option<i64> = None;
    for raw in text.split(|&c| c == b'\n') {
        match parse_line(raw)? {
            Line::Nothing => {}
            Line::Color(c) => color = c,
            Line::Id(n) => {
                if file_id.is_some() {
                    return None;
                }
                file_id = Some(n);
            }
            Line::Rule(kind, name) => rules.push(Rule { kind, color, name }),
        }
    }
    Some(RuleFile { rules, id_base: file_id.unwrap_or(0) * ID_FILE_FACTOR })
}

fn read_rules(path: &Path) -> Result<RuleFile, Status> {
    let file = File::open(path).map_err(|_| KALENDS_E_IO)?;
    let mut text = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut text).map_err(|_| KALENDS_E_IO)?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(KALENDS_E_PARSE);
    }
    parse_rules(&text).ok_or(KALENDS_E_PARSE)
}

// ---------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------

/// Generates the events on days first ... last (first <= last) in date order (then
/// by rule), calendar year by calendar year, for the years KALENDS_YEAR_MIN ... _MAX.
/// A status other than KALENDS_OK from `emit` stops the walk and is returned.
fn generate<F>(file: &RuleFile, first: i32, last: i32, mut emit: F) -> Status
where
    F: FnMut(&kalends_event) -> Status,
{
    let rules = &file.rules;
    let day_min = year_start(YEAR_MIN);
    let day_max = year_start(YEAR_MAX + 1) - 1;
    let lo = (first as i64).max(day_min);
    let hi = (last as i64).min(day_max);
    if lo > hi || rules.is_empty() {
        return KALENDS_OK;
    }
    // (day, rule index, rule-year)
    let mut found: Vec<(i64, usize, i64)> = Vec::with_capacity(rules.len() * 3);
    for year in year_of(lo)..=year_of(hi) {
        let start = year_start(year);
        let end = year_start(year + 1) - 1;
        let easter = [easter_day(year - 1), easter_day(year), easter_day(year + 1)];
        found.clear();
        for (index, rule) in rules.iter().enumerate() {
            for ry in (year - 1)..=(year + 1) {
                if !(YEAR_MIN..=YEAR_MAX).contains(&ry) {
                    continue;
                }
                let is_easter = matches!(rule.kind, Kind::Easter(_));
                if !is_easter && ry != year {
                    continue;
                }
                if let Some(d) = rule.occurrence(ry, easter[(ry - year + 1) as usize]) {
                    if d >= start && d <= end && d >= lo && d <= hi {
                        found.push((d, index, ry));
                    }
                }
            }
        }
        found.sort_unstable_by_key(|&(d, index, _)| (d, index));
        for &(d, index, ry) in &found {
            let rule = &rules[index];
            let event = kalends_event {
                struct_size: std::mem::size_of::<kalends_event>() as u32,
                all_day: 1,
                id: file.id_base + (index as i64 + 1) * ID_RULE_FACTOR + (ry + ID_YEAR_BIAS),
                start: d,
                end: d,
                color: rule.color,
                source: 0,
                user_value: 0,
                title: rule.name.as_ptr(),
                title_length: -1,
                reserved: 0,
            };
            let status = emit(&event);
            if status != KALENDS_OK {
                return status;
            }
        }
    }
    KALENDS_OK
}

// ---------------------------------------------------------------------------
// Instances and requests
// ---------------------------------------------------------------------------

/// A request started by begin and not finished yet.
struct Pending {
    /// Unique among this instance's requests (the host's ids may repeat).
    token: u64,
    id: i64,
    /// cancel or destroy: complete must not be called
    cancelled: bool,
    /// the worker inside complete(), if any
    completer: Option<ThreadId>,
}

struct State {
    pending: Vec<Pending>,
    next_token: u64,
}

/// Shared by the host's handle and every running worker (Arc), so the rules outlive
/// every thread that reads them.
struct Shared {
    file: RuleFile,
    state: Mutex<State>,
    /// notified when a worker leaves complete()
    idle: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // a poisoned lock can only come from a panic we caught; the state stays usable
        match self.state.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    /// Marks the matching requests cancelled (all of them when `id` is None) and waits
    /// until no other thread is inside complete() for one of them.
    fn cancel(&self, id: Option<i64>) {
        let me = thread::current().id();
        let mut state = self.lock();
        for p in state.pending.iter_mut() {
            if id.map_or(true, |id| p.id == id) {
                p.cancelled = true;
            }
        }
        loop {
            let busy = state.pending.iter().any(|p| {
                id.map_or(true, |id| p.id == id) && p.completer.map_or(false, |t| t != me)
            });
            if !busy {
                break;
            }
            state = match self.idle.wait(state) {
                Ok(guard) => guard,
                Err(poisoned) => poisoned.into_inner(),
            };
        }
    }

    fn is_cancelled(&self, token: u64) -> bool {
        self.lock().pending.iter().any(|p| p.token == token && p.cancelled)
    }
}

/// The host's handle: one Arc reference, released by destroy.
type Handle = Arc<Shared>;

/// Runs `f`, turning a panic into KALENDS_E_PLUGIN: no unwinding crosses the C ABI.
fn guarded<F: FnOnce() -> Status>(f: F) -> Status {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(KALENDS_E_PLUGIN)
}

unsafe extern "C" fn hol_create(config: *const c_char, instance: *mut *mut c_void) -> Status {
    guarded(|| {
        if config.is_null() || instance.is_null() {
            return KALENDS_E_INVALID_ARGUMENT;
        }
        let path = Path::new(std::ffi::OsStr::from_bytes(CStr::from_ptr(config).to_bytes()));
        let file = match read_rules(path) {
            Ok(file) => file,
            Err(status) => return status,
        };
        let shared: Handle = Arc::new(Shared {
            file,
            state: Mutex::new(State { pending: Vec::new(), next_token: 0 }),
            idle: Condvar::new(),
        });
        *instance = Box::into_raw(Box::new(shared)) as *mut c_void;
        KALENDS_OK
    })
}

unsafe extern "C" fn hol_destroy(instance: *mut c_void) {
    if instance.is_null() {
        return;
    }
    let _ = catch_unwind(AssertUnwindSafe(|| {
        let handle: Box<Handle> = Box::from_raw(instance as *mut Handle);
        handle.cancel(None);
        drop(handle);
    }));
}

unsafe extern "C" fn hol_cancel(instance: *mut c_void, request: i64) {
    if instance.is_null() {
        return;
    }
    let _ = catch_unwind(AssertUnwindSafe(|| {
        let handle = &*(instance as *const Handle);
        handle.cancel(Some(request));
    }));
}

unsafe extern "C" fn hol_fetch(
    instance: *mut c_void,
    first_day: i32,
    last_day: i32,
    sink: *const kalends_event_sink,
) -> Status {
    guarded(|| {
        if instance.is_null() || sink.is_null() || first_day > last_day {
            return KALENDS_E_INVALID_ARGUMENT;
        }
        let sink = &*sink;
        let add = match sink.add {
            Some(add) => add,
            None => return KALENDS_E_INVALID_ARGUMENT,
        };
        let handle = &*(instance as *const Handle);
        generate(&handle.file, first_day, last_day, |event| add(sink.context, event))
    })
}

/// Private status: the request was cancelled while its events were being computed.
const STOPPED: Status = -1;

/// What a worker thread carries. The completion's context is the host's; the host
/// promises it may be used from any thread until complete or cancel.
struct Job {
    shared: Arc<Shared>,
    token: u64,
    id: i64,
    completion: kalends_completion,
    first: i32,
    last: i32,
}

unsafe impl Send for Job {}

fn run(job: Job) {
    let shared = job.shared.clone();
    let mut events: Vec<kalends_event> = Vec::new();
    let status = generate(&shared.file, job.first, job.last, |event| {
        if events.len() % 1024 == 0 && shared.is_cancelled(job.token) {
            return STOPPED;
        }
        if events.len() == events.capacity() {
            if events.len() >= i32::MAX as usize {
                return KALENDS_E_OUT_OF_RANGE;
            }
            let more = events.len().max(64).min(i32::MAX as usize - events.len());
            if events.try_reserve_exact(more).is_err() {
                return KALENDS_E_PLUGIN;
            }
        }
        events.push(*event);
        KALENDS_OK
    });

    let mut state = shared.lock();
    let position = state.pending.iter().position(|p| p.token == job.token);
    let cancelled = position.map_or(true, |i| state.pending[i].cancelled);
    if !cancelled && status != STOPPED {
        if let Some(i) = position {
            state.pending[i].completer = Some(thread::current().id());
        }
        drop(state);
        if let Some(complete) = job.completion.complete {
            unsafe {
                if status == KALENDS_OK {
                    let pointer = if events.is_empty() { ptr::null() } else { events.as_ptr() };
                    complete(job.completion.context, job.id, pointer, events.len() as i32, KALENDS_OK);
                } else {
                    complete(job.completion.context, job.id, ptr::null(), 0, status);
                }
            }
        }
        state = shared.lock();
    }
    state.pending.retain(|p| p.token != job.token);
    drop(state);
    shared.idle.notify_all();
    drop(events);
}

unsafe extern "C" fn hol_begin(
    instance: *mut c_void,
    request: i64,
    first_day: i32,
    last_day: i32,
    completion: *const kalends_completion,
) -> Status {
    guarded(|| {
        if instance.is_null() || completion.is_null() || first_day > last_day {
            return KALENDS_E_INVALID_ARGUMENT;
        }
        let completion = *completion;
        if completion.complete.is_none() {
            return KALENDS_E_INVALID_ARGUMENT;
        }
        let handle = &*(instance as *const Handle);
        let token = {
            let mut state = handle.lock();
            let token = state.next_token;
            state.next_token += 1;
            state.pending.push(Pending { token, id: request, cancelled: false, completer: None });
            token
        };
        let job = Job {
            shared: Arc::clone(handle),
            token,
            id: request,
            completion,
            first: first_day,
            last: last_day,
        };
        match thread::Builder::new().name("holidays-rust".to_string()).spawn(move || run(job)) {
            Ok(_detached) => KALENDS_OK,
            Err(_) => {
                handle.lock().pending.retain(|p| p.token != token);
                KALENDS_E_PLUGIN
            }
        }
    })
}

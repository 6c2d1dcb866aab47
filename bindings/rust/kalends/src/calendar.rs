//! Calendars (week rule, weekend, today) and their month grids.
use crate::date::{Date, Weekday};
use crate::error::{check, Error, Result, Status};
use crate::sys;
use std::mem::MaybeUninit;
use std::ptr::{self, NonNull};

/// Which day a calendar marks as today.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Today {
    /// The local date of the system clock, read at each query.
    System,
    /// A fixed date: deterministic output.
    Fixed(Date),
    /// No day is today.
    Off,
}

/// A calendar's options. `Default` is the library's (ISO 8601: Monday weeks, week 1
/// holds 4 days, Saturday and Sunday the weekend, today from the system clock).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CalendarOptions {
    pub first_weekday: Weekday,
    /// 1...7: days of the new year week 1 must hold.
    pub min_days_in_first_week: i32,
    /// Bit (weekday - 1) per weekend day (`sys::KALENDS_WEEKDAY_MASK_*`).
    pub weekend_days: u32,
    pub today: Today,
}

impl CalendarOptions {
    fn to_raw(self) -> sys::kalends_calendar_options {
        let mut raw = raw_defaults();
        raw.first_weekday = self.first_weekday.iso();
        raw.min_days_in_first_week = self.min_days_in_first_week;
        raw.weekend_days = self.weekend_days;
        match self.today {
            Today::System => raw.today_mode = sys::KALENDS_TODAY_SYSTEM,
            Today::Off => raw.today_mode = sys::KALENDS_TODAY_OFF,
            Today::Fixed(date) => {
                raw.today_mode = sys::KALENDS_TODAY_FIXED;
                raw.today = date.to_raw();
            }
        }
        raw
    }

    fn from_raw(raw: &sys::kalends_calendar_options) -> CalendarOptions {
        CalendarOptions {
            first_weekday: Weekday::from_iso(raw.first_weekday).unwrap_or(Weekday::Monday),
            min_days_in_first_week: raw.min_days_in_first_week,
            weekend_days: raw.weekend_days,
            today: match raw.today_mode {
                sys::KALENDS_TODAY_FIXED => Today::Fixed(Date::from_raw(raw.today)),
                sys::KALENDS_TODAY_OFF => Today::Off,
                _ => Today::System,
            },
        }
    }
}

fn raw_defaults() -> sys::kalends_calendar_options {
    let mut raw = MaybeUninit::<sys::kalends_calendar_options>::zeroed();
    // SAFETY: a valid pointer; init fills every field (it cannot fail with one).
    unsafe {
        sys::kalends_calendar_options_init(raw.as_mut_ptr());
        raw.assume_init()
    }
}

impl Default for CalendarOptions {
    fn default() -> CalendarOptions {
        CalendarOptions::from_raw(&raw_defaults())
    }
}

/// Row policy of a month grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rows {
    /// Always six rows (42 days).
    Fixed = sys::KALENDS_ROWS_FIXED as isize,
    /// Only the rows the month needs: 28, 35 or 42 days for months of 28 to 31 days,
    /// 7 or 14 for the 5- or 6-day thirteenth month of the Coptic and Ethiopic calendars.
    Variable = sys::KALENDS_ROWS_VARIABLE as isize,
}

/// A day cell's flags (`sys::KALENDS_DAY_*` bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct DayFlags(pub u32);

impl DayFlags {
    pub const IN_MONTH: DayFlags = DayFlags(sys::KALENDS_DAY_IN_MONTH);
    pub const LEADING: DayFlags = DayFlags(sys::KALENDS_DAY_LEADING);
    pub const TRAILING: DayFlags = DayFlags(sys::KALENDS_DAY_TRAILING);
    pub const TODAY: DayFlags = DayFlags(sys::KALENDS_DAY_TODAY);
    pub const WEEKEND: DayFlags = DayFlags(sys::KALENDS_DAY_WEEKEND);
    pub const SELECTED: DayFlags = DayFlags(sys::KALENDS_DAY_SELECTED);
    pub const FOCUSED: DayFlags = DayFlags(sys::KALENDS_DAY_FOCUSED);

    pub fn contains(self, other: DayFlags) -> bool {
        self.0 & other.0 == other.0
    }
}

/// One cell of a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Day {
    pub date: Date,
    pub day_number: i32,
    pub weekday: Weekday,
    /// The week number of the day's row and the year it belongs to, by the calendar's rule.
    pub week: i32,
    pub week_year: i32,
    pub flags: DayFlags,
}

impl Day {
    pub(crate) fn from_raw(d: &sys::kalends_day) -> Day {
        Day {
            date: Date::from_raw(d.date),
            day_number: d.day_number,
            weekday: Weekday::from_iso(d.weekday).unwrap_or(Weekday::Monday),
            week: d.week_of_year.week,
            week_year: d.week_of_year.year,
            flags: DayFlags(d.flags),
        }
    }
}

/// Fills a grid by the array-output convention into a buffer of the grid maximum.
pub(crate) fn read_days(
    fill: impl FnOnce(*mut sys::kalends_day, i32, &mut i32) -> sys::kalends_status,
) -> Result<Vec<Day>> {
    let mut buffer = [MaybeUninit::<sys::kalends_day>::uninit(); sys::KALENDS_GRID_MAX_DAYS as usize];
    let mut count = 0;
    check(fill(buffer.as_mut_ptr() as *mut sys::kalends_day, buffer.len() as i32, &mut count))?;
    let n = usize::try_from(count).unwrap_or(0).min(buffer.len());
    // SAFETY: the library wrote `count` days (at most the capacity).
    Ok(buffer[..n].iter().map(|d| Day::from_raw(unsafe { d.assume_init_ref() })).collect())
}

/// A calendar: week rule, weekend and today. Released when dropped.
#[derive(Debug)]
pub struct Calendar {
    raw: NonNull<sys::kalends_calendar>,
}

// SAFETY: the library serializes calls on a handle; any thread may use or free it.
unsafe impl Send for Calendar {}
unsafe impl Sync for Calendar {}

impl Calendar {
    pub fn new(options: &CalendarOptions) -> Result<Calendar> {
        let raw_options = options.to_raw();
        let mut out = ptr::null_mut();
        // SAFETY: valid pointers; on success `out` holds a new handle we own.
        check(unsafe { sys::kalends_calendar_new(&raw_options, &mut out) })?;
        NonNull::new(out)
            .map(|raw| Calendar { raw })
            .ok_or_else(|| Error { status: Status::Internal, message: "kalends_calendar_new gave NULL".into() })
    }

    pub fn options(&self) -> Result<CalendarOptions> {
        let mut raw = raw_defaults();
        // SAFETY: struct_size is set by init; valid pointers.
        check(unsafe { sys::kalends_calendar_get_options(self.raw.as_ptr(), &mut raw) })?;
        Ok(CalendarOptions::from_raw(&raw))
    }

    /// The calendar's today (an error with `Status::NotFound` when today is off).
    pub fn today(&self) -> Result<Date> {
        let mut out = sys::kalends_date { year: 0, month: 0, day: 0 };
        // SAFETY: valid pointers.
        check(unsafe { sys::kalends_calendar_today(self.raw.as_ptr(), &mut out) })?;
        Ok(Date::from_raw(out))
    }

    /// The month grid of year-month, row by row, each row starting on the first weekday.
    pub fn month_grid(&self, year: i32, month: i32, rows: Rows) -> Result<Vec<Day>> {
        read_days(|out, capacity, count| {
            // SAFETY: `out` holds `capacity` days; `count` is valid.
            unsafe { sys::kalends_calendar_month_grid(self.raw.as_ptr(), year, month, rows as i32, out, capacity, count) }
        })
    }

    /// The raw handle, still owned by `self`.
    pub fn as_raw(&self) -> *mut sys::kalends_calendar {
        self.raw.as_ptr()
    }

    /// Gives up ownership: the caller frees the handle (kalends_calendar_free).
    pub fn into_raw(self) -> *mut sys::kalends_calendar {
        let raw = self.raw.as_ptr();
        std::mem::forget(self);
        raw
    }

    /// Takes ownership of a handle from `kalends_calendar_new` (or `into_raw`).
    ///
    /// # Safety
    /// `raw` must be a calendar handle of this library that nothing else frees. (A handle
    /// already freed is safe too: the library answers every call with `Status::Misuse`.)
    pub unsafe fn from_raw(raw: *mut sys::kalends_calendar) -> Option<Calendar> {
        NonNull::new(raw).map(|raw| Calendar { raw })
    }
}

impl Drop for Calendar {
    fn drop(&mut self) {
        // SAFETY: we own the handle. A stale one gives MISUSE, which Drop cannot report.
        unsafe { sys::kalends_calendar_free(self.raw.as_ptr()) };
    }
}

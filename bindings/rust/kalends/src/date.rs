//! Civil dates and weekdays.
use crate::error::{check, Result};
use crate::sys;
use std::fmt;

/// A proleptic Gregorian date (astronomical years).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: i32,
    pub day: i32,
}

impl Date {
    pub const fn new(year: i32, month: i32, day: i32) -> Date {
        Date { year, month, day }
    }

    /// The date of a day number (days since 1970-01-01).
    pub fn from_day_number(day_number: i32) -> Result<Date> {
        let mut out = sys::kalends_date { year: 0, month: 0, day: 0 };
        // SAFETY: `out` is a valid kalends_date.
        check(unsafe { sys::kalends_date_from_day_number(day_number, &mut out) })?;
        Ok(Date::from_raw(out))
    }

    /// The day number (days since 1970-01-01); an error for a date that does not exist.
    pub fn day_number(&self) -> Result<i32> {
        let mut out = 0;
        // SAFETY: both pointers are valid for the call.
        check(unsafe { sys::kalends_date_day_number(&self.to_raw(), &mut out) })?;
        Ok(out)
    }

    pub(crate) fn from_raw(d: sys::kalends_date) -> Date {
        Date { year: d.year, month: d.month, day: d.day }
    }

    pub(crate) fn to_raw(self) -> sys::kalends_date {
        sys::kalends_date { year: self.year, month: self.month, day: self.day }
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// ISO 8601 weekdays: Monday = 1 ... Sunday = 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Weekday {
    Monday = 1,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
    Saturday,
    Sunday,
}

impl Weekday {
    /// The weekday of an ISO number (1...7).
    pub fn from_iso(n: i32) -> Option<Weekday> {
        use Weekday::*;
        [Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday].get((n as usize).wrapping_sub(1)).copied()
    }

    /// The ISO number (1...7).
    pub fn iso(self) -> i32 {
        self as i32
    }
}

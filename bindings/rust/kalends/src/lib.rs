//! Kalends, a headless calendar and layout engine, from Rust: a safe API over the raw
//! declarations of [`kalends_sys`] (generated from `include/kalends.h`).
//!
//! Every fallible call returns [`Result`], whose error carries the library's status and
//! its message (`kalends_last_error`). Handles ([`Calendar`], [`View`], [`EventStore`])
//! are released when dropped; the library checks handles against a registry, so even a
//! released handle reused through `from_raw` is an error (`Status::Misuse`), never a
//! crash. Handles may be shared between threads (each call serializes on its handle).
//!
//! ```no_run
//! use kalends::{Calendar, CalendarOptions, Rows, Weekday};
//! let calendar = Calendar::new(&CalendarOptions { first_weekday: Weekday::Sunday, ..Default::default() })?;
//! for day in calendar.month_grid(2026, 11, Rows::Fixed)? {
//!     println!("{} {:?}", day.date, day.flags);
//! }
//! # Ok::<(), kalends::Error>(())
//! ```

mod calendar;
mod date;
mod error;
mod store;
mod view;

pub use calendar::{Calendar, CalendarOptions, Day, DayFlags, Rows, Today};
pub use date::{Date, Weekday};
pub use error::{Error, Result, Status};
pub use store::{Event, EventStore};
pub use view::{Action, Direction, Element, ElementKind, Metrics, Outcome, Page, Rect, Selection, Transition, View};

/// The raw declarations this crate is built on.
pub use kalends_sys as sys;

use std::ffi::CStr;

/// The loaded library's version, `(major, minor, patch)`.
pub fn version() -> (u32, u32, u32) {
    // SAFETY: no arguments; the function cannot fail.
    let v = unsafe { sys::kalends_version() };
    (v >> 16, (v >> 8) & 0xff, v & 0xff)
}

/// The loaded library's version as "MAJOR.MINOR.PATCH".
pub fn version_string() -> &'static str {
    // SAFETY: a static NUL-terminated string, never NULL.
    unsafe { CStr::from_ptr(sys::kalends_version_string()) }.to_str().unwrap_or("")
}

/// The loaded library's ABI version; these declarations describe
/// [`sys::KALENDS_ABI_VERSION`].
pub fn abi_version() -> i32 {
    // SAFETY: no arguments.
    unsafe { sys::kalends_abi_version() }
}

//! The calendar view: pages, selection and taps (the drawing is the host's).
use crate::calendar::{read_days, Calendar, Day, DayFlags};
use crate::error::{check, Error, Result, Status};
use crate::sys;
use std::mem::MaybeUninit;
use std::ptr::{self, NonNull};

/// Sizes of a view, in points. `Default` is the library's (MBCalendarKit: width 0 =
/// unknown, 44-point header, 20-point weekday row, square rows, scale 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metrics {
    pub width: f64,
    pub header_height: f64,
    pub weekday_height: f64,
    /// Device pixels per point (frames snap to them); 0 = no snapping.
    pub scale: f64,
}

fn raw_metrics() -> sys::kalends_view_metrics {
    let mut raw = MaybeUninit::<sys::kalends_view_metrics>::zeroed();
    // SAFETY: a valid pointer; init fills every field.
    unsafe {
        sys::kalends_view_metrics_init(raw.as_mut_ptr());
        raw.assume_init()
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        let raw = raw_metrics();
        Metrics { width: raw.width, header_height: raw.header_height, weekday_height: raw.weekday_height, scale: raw.scale }
    }
}

/// What a view shows: the month, week or day of `anchor`, days `first ..= last`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    pub mode: i32,
    pub anchor: i32,
    pub year: i32,
    pub month: i32,
    pub first: i32,
    pub last: i32,
}

impl Page {
    fn from_raw(p: &sys::kalends_page) -> Page {
        Page { mode: p.mode, anchor: p.anchor, year: p.year, month: p.month, first: p.first, last: p.last }
    }
}

/// The direction of a page change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Backward = -1,
    None = 0,
    Forward = 1,
}

/// A page change (direction `None` when the page stayed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transition {
    pub direction: Direction,
    pub from: Page,
    pub to: Page,
}

/// What an operation did (`sys::KALENDS_OUTCOME_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    None,
    Selected,
    Deselected,
    Vetoed,
    Disabled,
    Paged,
    Moved,
    Other(i32),
}

/// The outcome of a tap, key or selection, the day it concerned and the page change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Action {
    pub outcome: Outcome,
    pub day: Option<i32>,
    pub transition: Transition,
}

impl Action {
    fn from_raw(a: &sys::kalends_action) -> Action {
        let outcome = match a.outcome {
            sys::KALENDS_OUTCOME_NONE => Outcome::None,
            sys::KALENDS_OUTCOME_SELECTED => Outcome::Selected,
            sys::KALENDS_OUTCOME_DESELECTED => Outcome::Deselected,
            sys::KALENDS_OUTCOME_VETOED => Outcome::Vetoed,
            sys::KALENDS_OUTCOME_DISABLED => Outcome::Disabled,
            sys::KALENDS_OUTCOME_PAGED => Outcome::Paged,
            sys::KALENDS_OUTCOME_MOVED => Outcome::Moved,
            other => Outcome::Other(other),
        };
        let t = &a.transition;
        let direction = match t.direction {
            sys::KALENDS_DIRECTION_BACKWARD => Direction::Backward,
            sys::KALENDS_DIRECTION_FORWARD => Direction::Forward,
            _ => Direction::None,
        };
        Action {
            outcome,
            day: if a.has_day != 0 { Some(a.day) } else { None },
            transition: Transition { direction, from: Page::from_raw(&t.from), to: Page::from_raw(&t.to) },
        }
    }
}

/// Kinds of layout elements (`sys::KALENDS_ELEMENT_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ElementKind(pub i32);

impl ElementKind {
    pub const NONE: ElementKind = ElementKind(sys::KALENDS_ELEMENT_NONE);
    pub const DAY: ElementKind = ElementKind(sys::KALENDS_ELEMENT_DAY);
}

/// A rectangle in points (origin top left, y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// One element of a view's layout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Element {
    pub kind: ElementKind,
    /// A day's index in `View::days`, a weekday label's column.
    pub index: i32,
    pub day_number: i32,
    pub flags: DayFlags,
    pub frame: Rect,
}

/// The selection in numbers (`first` and `last` valid when `count > 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    pub count: i32,
    pub first: i32,
    pub last: i32,
}

/// A calendar view: a page, a selection, a focus, and the frames of it all at a width.
/// Released when dropped.
#[derive(Debug)]
pub struct View {
    raw: NonNull<sys::kalends_view>,
}

// SAFETY: the library serializes calls on a handle; any thread may use or free it.
unsafe impl Send for View {}
unsafe impl Sync for View {}

fn zeroed<T>() -> T {
    // SAFETY: only used for the plain C structs of kalends-sys (integers and doubles),
    // for which all-zero bytes are a valid value.
    unsafe { MaybeUninit::<T>::zeroed().assume_init() }
}

impl View {
    /// A view of `calendar` (its options are copied) with the default options, on the
    /// page of the calendar's today.
    pub fn new(calendar: &Calendar, metrics: &Metrics) -> Result<View> {
        let mut raw_metrics = raw_metrics();
        raw_metrics.width = metrics.width;
        raw_metrics.header_height = metrics.header_height;
        raw_metrics.weekday_height = metrics.weekday_height;
        raw_metrics.scale = metrics.scale;
        let mut out = ptr::null_mut();
        // SAFETY: valid pointers; on success `out` is a new handle we own.
        check(unsafe { sys::kalends_view_new(calendar.as_raw(), ptr::null(), &raw_metrics, &mut out) })?;
        NonNull::new(out)
            .map(|raw| View { raw })
            .ok_or_else(|| Error { status: Status::Internal, message: "kalends_view_new gave NULL".into() })
    }

    pub fn page(&self) -> Result<Page> {
        let mut out = zeroed::<sys::kalends_page>();
        // SAFETY: valid pointers.
        check(unsafe { sys::kalends_view_page(self.raw.as_ptr(), &mut out) })?;
        Ok(Page::from_raw(&out))
    }

    /// A tap at (x, y), as Kal handles it: returns the element hit and what happened.
    pub fn tap(&mut self, x: f64, y: f64) -> Result<(Element, Action)> {
        let mut hit = zeroed::<sys::kalends_element>();
        let mut action = zeroed::<sys::kalends_action>();
        // SAFETY: valid pointers.
        check(unsafe { sys::kalends_view_tap(self.raw.as_ptr(), x, y, &mut hit, &mut action) })?;
        let frame = Rect { x: hit.frame.x, y: hit.frame.y, width: hit.frame.width, height: hit.frame.height };
        let element = Element {
            kind: ElementKind(hit.kind),
            index: hit.index,
            day_number: hit.day_number,
            flags: DayFlags(hit.flags),
            frame,
        };
        Ok((element, Action::from_raw(&action)))
    }

    pub fn selection(&self) -> Result<Selection> {
        let mut out = zeroed::<sys::kalends_selection>();
        // SAFETY: valid pointers.
        check(unsafe { sys::kalends_view_selection(self.raw.as_ptr(), &mut out) })?;
        Ok(Selection { count: out.count, first: out.first, last: out.last })
    }

    /// The raw handle, still owned by `self`.
    pub fn as_raw(&self) -> *mut sys::kalends_view {
        self.raw.as_ptr()
    }

    /// The visible days with every view flag (selected, focused, ...), row by row.
    pub fn days(&self) -> Result<Vec<Day>> {
        read_days(|out, capacity, count| {
            // SAFETY: `out` holds `capacity` days; `count` is valid.
            unsafe { sys::kalends_view_days(self.raw.as_ptr(), out, capacity, count) }
        })
    }
}

impl Drop for View {
    fn drop(&mut self) {
        // SAFETY: we own the handle.
        unsafe { sys::kalends_view_free(self.raw.as_ptr()) };
    }
}

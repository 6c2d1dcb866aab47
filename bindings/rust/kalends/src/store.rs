//! The event store: events indexed for overlap queries.
use crate::error::{check, Error, Result, Status};
use crate::sys;
use std::os::raw::c_char;
use std::ptr::{self, NonNull};

/// An event. Timed (`all_day == false`): `start` and `end` are seconds since the epoch,
/// end exclusive. All-day: the first and last day numbers, inclusive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub id: i64,
    pub all_day: bool,
    pub start: i64,
    pub end: i64,
    /// 0xRRGGBBAA
    pub color: u32,
    pub title: String,
}

impl Event {
    /// The C record; it borrows `self.title` (the store copies titles on input).
    fn to_raw(&self) -> Result<sys::kalends_event> {
        let title_length = i32::try_from(self.title.len())
            .map_err(|_| Error { status: Status::InvalidArgument, message: "title longer than 2 GiB".into() })?;
        Ok(sys::kalends_event {
            struct_size: std::mem::size_of::<sys::kalends_event>() as u32,
            all_day: i32::from(self.all_day),
            id: self.id,
            start: self.start,
            end: self.end,
            color: self.color,
            source: 0,
            user_value: 0,
            title: self.title.as_ptr() as *const c_char,
            title_length,
            reserved: 0,
        })
    }

    /// An owned copy of a record the store wrote (its title is valid until the store changes).
    fn from_raw(e: &sys::kalends_event) -> Event {
        let title = if e.title.is_null() || e.title_length <= 0 {
            String::new()
        } else {
            // SAFETY: the store's title: `title_length` bytes, valid until its next change.
            let bytes = unsafe { std::slice::from_raw_parts(e.title as *const u8, e.title_length as usize) };
            String::from_utf8_lossy(bytes).into_owned()
        };
        Event { id: e.id, all_day: e.all_day != 0, start: e.start, end: e.end, color: e.color, title }
    }
}

/// Events indexed for overlap queries. Released when dropped.
#[derive(Debug)]
pub struct EventStore {
    raw: NonNull<sys::kalends_store>,
}

// SAFETY: the library serializes calls on a handle; any thread may use or free it.
unsafe impl Send for EventStore {}
unsafe impl Sync for EventStore {}

impl EventStore {
    pub fn new() -> Result<EventStore> {
        let mut out = ptr::null_mut();
        // SAFETY: valid pointer; on success a new handle we own.
        check(unsafe { sys::kalends_store_new(&mut out) })?;
        NonNull::new(out)
            .map(|raw| EventStore { raw })
            .ok_or_else(|| Error { status: Status::Internal, message: "kalends_store_new gave NULL".into() })
    }

    /// The raw handle, still owned by `self`.
    pub fn as_raw(&self) -> *mut sys::kalends_store {
        self.raw.as_ptr()
    }

    /// Adds the events all at once: a bad one (or a duplicate id) adds none of them.
    pub fn add_events(&mut self, events: &[Event]) -> Result<()> {
        let raw = events.iter().map(Event::to_raw).collect::<Result<Vec<_>>>()?;
        let count = i32::try_from(raw.len())
            .map_err(|_| Error { status: Status::InvalidArgument, message: "too many events".into() })?;
        // SAFETY: `raw` holds `count` records whose titles live in `events` during the call.
        check(unsafe { sys::kalends_store_add_events(self.raw.as_ptr(), raw.as_ptr(), count) })
    }

    pub fn len(&self) -> Result<usize> {
        let mut out = 0;
        // SAFETY: valid pointers.
        check(unsafe { sys::kalends_store_count(self.raw.as_ptr(), &mut out) })?;
        Ok(usize::try_from(out).unwrap_or(0))
    }

    pub fn is_empty(&self) -> Result<bool> {
        Ok(self.len()? == 0)
    }

    /// The events overlapping UTC days `first ..= last` (day numbers), in start order.
    pub fn query(&self, first: i32, last: i32) -> Result<Vec<Event>> {
        let mut count = 0;
        // SAFETY: a size query (NULL, 0): only `count` is written.
        check(unsafe {
            sys::kalends_store_query(self.raw.as_ptr(), ptr::null(), first, last, ptr::null_mut(), 0, &mut count)
        })?;
        loop {
            let mut buffer: Vec<sys::kalends_event> = Vec::with_capacity(usize::try_from(count).unwrap_or(0));
            let capacity = count;
            // SAFETY: `buffer` has room for `capacity` records; the library writes `count` of them.
            let status = unsafe {
                sys::kalends_store_query(self.raw.as_ptr(), ptr::null(), first, last, buffer.as_mut_ptr(), capacity, &mut count)
            };
            if status == sys::KALENDS_E_BUFFER_TOO_SMALL {
                continue; // the store grew meanwhile: `count` is the new size
            }
            check(status)?;
            // SAFETY: the library initialized `count` (<= capacity) records.
            unsafe { buffer.set_len(usize::try_from(count.min(capacity)).unwrap_or(0)) };
            // The titles are valid until the store changes: copy them now.
            return Ok(buffer.iter().map(Event::from_raw).collect());
        }
    }
}

impl Drop for EventStore {
    fn drop(&mut self) {
        // SAFETY: we own the handle.
        unsafe { sys::kalends_store_free(self.raw.as_ptr()) };
    }
}

//! Statuses and errors: every failing call returns an [`Error`] with the library's
//! status and the message of `kalends_last_error`.
use crate::sys;
use std::ffi::CStr;
use std::fmt;

/// A failing `kalends_status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status {
    InvalidArgument,
    OutOfRange,
    BufferTooSmall,
    Misuse,
    Unsatisfiable,
    Duplicate,
    NotFound,
    Parse,
    Plugin,
    Io,
    Callback,
    NoIntrinsicMetric,
    Internal,
    /// A status this crate does not know (a newer library).
    Other(i32),
}

impl Status {
    fn from_raw(status: sys::kalends_status) -> Status {
        match status {
            sys::KALENDS_E_INVALID_ARGUMENT => Status::InvalidArgument,
            sys::KALENDS_E_OUT_OF_RANGE => Status::OutOfRange,
            sys::KALENDS_E_BUFFER_TOO_SMALL => Status::BufferTooSmall,
            sys::KALENDS_E_MISUSE => Status::Misuse,
            sys::KALENDS_E_UNSATISFIABLE => Status::Unsatisfiable,
            sys::KALENDS_E_DUPLICATE => Status::Duplicate,
            sys::KALENDS_E_NOT_FOUND => Status::NotFound,
            sys::KALENDS_E_PARSE => Status::Parse,
            sys::KALENDS_E_PLUGIN => Status::Plugin,
            sys::KALENDS_E_IO => Status::Io,
            sys::KALENDS_E_CALLBACK => Status::Callback,
            sys::KALENDS_E_NO_INTRINSIC_METRIC => Status::NoIntrinsicMetric,
            sys::KALENDS_E_INTERNAL => Status::Internal,
            other => Status::Other(other),
        }
    }

    /// The C value (`KALENDS_E_*`).
    pub fn code(self) -> sys::kalends_status {
        match self {
            Status::InvalidArgument => sys::KALENDS_E_INVALID_ARGUMENT,
            Status::OutOfRange => sys::KALENDS_E_OUT_OF_RANGE,
            Status::BufferTooSmall => sys::KALENDS_E_BUFFER_TOO_SMALL,
            Status::Misuse => sys::KALENDS_E_MISUSE,
            Status::Unsatisfiable => sys::KALENDS_E_UNSATISFIABLE,
            Status::Duplicate => sys::KALENDS_E_DUPLICATE,
            Status::NotFound => sys::KALENDS_E_NOT_FOUND,
            Status::Parse => sys::KALENDS_E_PARSE,
            Status::Plugin => sys::KALENDS_E_PLUGIN,
            Status::Io => sys::KALENDS_E_IO,
            Status::Callback => sys::KALENDS_E_CALLBACK,
            Status::NoIntrinsicMetric => sys::KALENDS_E_NO_INTRINSIC_METRIC,
            Status::Internal => sys::KALENDS_E_INTERNAL,
            Status::Other(code) => code,
        }
    }

    /// The library's short name for the status ("misuse", ...).
    pub fn name(self) -> &'static str {
        // SAFETY: a static string, never NULL.
        unsafe { CStr::from_ptr(sys::kalends_status_string(self.code())) }.to_str().unwrap_or("")
    }
}

/// A failed call: the status and the library's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub status: Status,
    pub message: String,
}

impl Error {
    /// The error of a call that just returned `status` on this thread.
    pub(crate) fn last(status: sys::kalends_status) -> Error {
        // SAFETY: never NULL; valid until this thread's next failing call, copied now.
        let message = unsafe { CStr::from_ptr(sys::kalends_last_error()) }.to_string_lossy().into_owned();
        Error { status: Status::from_raw(status), message }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.status.name(), self.message)
    }
}

impl std::error::Error for Error {}

/// The result of a Kalends call.
pub type Result<T> = std::result::Result<T, Error>;

/// Ok for KALENDS_OK, else the error with this thread's message.
pub(crate) fn check(status: sys::kalends_status) -> Result<()> {
    if status == sys::KALENDS_OK {
        Ok(())
    } else {
        Err(Error::last(status))
    }
}

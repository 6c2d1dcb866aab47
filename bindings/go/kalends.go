// Package kalends calls libkalends.so, a headless calendar and layout engine, through
// cgo and its header (include/kalends.h): the declarations are the header itself.
//
// Failing calls return an *Error with the library's Status and message
// (errors.Is(err, kalends.ErrMisuse) works). Handles are released by Close (call it
// with defer); a handle used after Close reaches the library as a token it no longer
// knows and fails with ErrMisuse, never a crash. Handles may be shared between
// goroutines (the library serializes calls on a handle).
//
// Build: the header is found through the repository; the library through the linker's
// path, or CGO_LDFLAGS="-L<dir>" (see the Makefile beside this file).
package kalends

/*
#cgo CFLAGS: -I${SRCDIR}/../../include
#cgo LDFLAGS: -lkalends
#include <kalends.h>
*/
import "C"

import (
	"fmt"
	"runtime"
)

// Status is a kalends_status other than KALENDS_OK.
type Status int32

const (
	StatusInvalidArgument   Status = C.KALENDS_E_INVALID_ARGUMENT
	StatusOutOfRange        Status = C.KALENDS_E_OUT_OF_RANGE
	StatusBufferTooSmall    Status = C.KALENDS_E_BUFFER_TOO_SMALL
	StatusMisuse            Status = C.KALENDS_E_MISUSE
	StatusUnsatisfiable     Status = C.KALENDS_E_UNSATISFIABLE
	StatusDuplicate         Status = C.KALENDS_E_DUPLICATE
	StatusNotFound          Status = C.KALENDS_E_NOT_FOUND
	StatusParse             Status = C.KALENDS_E_PARSE
	StatusPlugin            Status = C.KALENDS_E_PLUGIN
	StatusIO                Status = C.KALENDS_E_IO
	StatusCallback          Status = C.KALENDS_E_CALLBACK
	StatusNoIntrinsicMetric Status = C.KALENDS_E_NO_INTRINSIC_METRIC
	StatusInternal          Status = C.KALENDS_E_INTERNAL
)

// String is the library's name of the status ("misuse", ...).
func (s Status) String() string { return C.GoString(C.kalends_status_string(C.kalends_status(s))) }

// Error is a failed call: its status and the library's message.
type Error struct {
	Status  Status
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("kalends: %s: %s", e.Status, e.Message) }

// Is matches errors by status: errors.Is(err, kalends.ErrMisuse).
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Status == e.Status
}

// Sentinels for errors.Is.
var (
	ErrInvalidArgument = &Error{Status: StatusInvalidArgument}
	ErrOutOfRange      = &Error{Status: StatusOutOfRange}
	ErrMisuse          = &Error{Status: StatusMisuse}
	ErrNotFound        = &Error{Status: StatusNotFound}
	ErrDuplicate       = &Error{Status: StatusDuplicate}
)

// call runs one C call and, when it fails, reads kalends_last_error on the same OS
// thread (the message is per thread; a goroutine may otherwise move between them).
func call(f func() C.kalends_status) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if s := f(); s != C.KALENDS_OK {
		return &Error{Status: Status(s), Message: C.GoString(C.kalends_last_error())}
	}
	return nil
}

// Version is the loaded library's version.
func Version() (major, minor, patch int) {
	v := uint32(C.kalends_version())
	return int(v >> 16), int(v >> 8 & 0xff), int(v & 0xff)
}

// VersionString is the loaded library's version as "MAJOR.MINOR.PATCH".
func VersionString() string { return C.GoString(C.kalends_version_string()) }

// ABIVersion is the loaded library's KALENDS_ABI_VERSION.
func ABIVersion() int { return int(C.kalends_abi_version()) }

// HeaderABIVersion is the KALENDS_ABI_VERSION this package was compiled with.
const HeaderABIVersion = C.KALENDS_ABI_VERSION

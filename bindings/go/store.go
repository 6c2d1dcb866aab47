package kalends

/*
#include <stdlib.h>
#include <kalends.h>
*/
import "C"

import (
	"runtime"
	"sync"
	"unsafe"
)

// Event is an event. Timed: Start and End are seconds since the epoch (End exclusive);
// all-day: the first and last day numbers.
type Event struct {
	ID         int64
	AllDay     bool
	Start, End int64
	Color      uint32 // 0xRRGGBBAA
	Title      string
}

// EventStore holds events indexed for overlap queries. Close it when done. Safe for
// concurrent use: queries copy the titles (the store's own until its next change) under
// a read lock that changes wait for.
type EventStore struct {
	h  *C.kalends_store
	mu sync.RWMutex
}

// NewEventStore makes an empty store.
func NewEventStore() (*EventStore, error) {
	var h *C.kalends_store
	if err := call(func() C.kalends_status { return C.kalends_store_new(&h) }); err != nil {
		return nil, err
	}
	s := &EventStore{h: h}
	runtime.SetFinalizer(s, (*EventStore).Close)
	return s, nil
}

// Close releases the store. Later calls fail with ErrMisuse.
func (s *EventStore) Close() error {
	runtime.SetFinalizer(s, nil)
	s.mu.Lock()
	defer s.mu.Unlock()
	return call(func() C.kalends_status { return C.kalends_store_free(s.h) })
}

// AddEvents adds the events at once: a bad one (or a duplicate id) adds none.
func (s *EventStore) AddEvents(events []Event) error {
	if len(events) == 0 {
		return nil
	}
	raw := make([]C.kalends_event, len(events))
	for i, e := range events {
		title := C.CString(e.Title) // C memory: cgo forbids Go pointers inside what C reads
		defer C.free(unsafe.Pointer(title))
		allDay := 0
		if e.AllDay {
			allDay = 1
		}
		raw[i] = C.kalends_event{struct_size: C.uint32_t(unsafe.Sizeof(raw[0])), all_day: C.int32_t(allDay),
			id: C.int64_t(e.ID), start: C.int64_t(e.Start), end: C.int64_t(e.End), color: C.uint32_t(e.Color),
			title: title, title_length: C.int32_t(len(e.Title))}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return call(func() C.kalends_status { return C.kalends_store_add_events(s.h, &raw[0], C.int32_t(len(raw))) })
}

// Len is the number of events.
func (s *EventStore) Len() (int, error) {
	var n C.int32_t
	err := call(func() C.kalends_status { return C.kalends_store_count(s.h, &n) })
	return int(n), err
}

// Query returns the events overlapping UTC days first...last (day numbers), in start order.
func (s *EventStore) Query(first, last int32) ([]Event, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var n C.int32_t
	if err := call(func() C.kalends_status {
		return C.kalends_store_query(s.h, nil, C.int32_t(first), C.int32_t(last), nil, 0, &n)
	}); err != nil {
		return nil, err
	}
	for {
		raw := make([]C.kalends_event, int(n)+1) // +1: &raw[0] exists when n is 0
		capacity := n
		err := call(func() C.kalends_status {
			return C.kalends_store_query(s.h, nil, C.int32_t(first), C.int32_t(last), &raw[0], capacity, &n)
		})
		if e, ok := err.(*Error); ok && e.Status == StatusBufferTooSmall {
			continue // a source or plugin added events meanwhile: n is the new size
		}
		if err != nil {
			return nil, err
		}
		return eventsOf(raw[:int(n)]), nil
	}
}

func eventsOf(raw []C.kalends_event) []Event {
	events := make([]Event, 0, len(raw))
	for _, r := range raw {
		title := ""
		if r.title != nil && r.title_length > 0 {
			title = C.GoStringN(r.title, C.int(r.title_length))
		}
		events = append(events, Event{int64(r.id), r.all_day != 0, int64(r.start), int64(r.end), uint32(r.color), title})
	}
	return events
}

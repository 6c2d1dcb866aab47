package kalends

// #include <kalends.h>
import "C"

import "runtime"

// Metrics are a view's sizes in points; DefaultMetrics gives the library's.
type Metrics struct {
	Width, HeaderHeight, WeekdayHeight, Scale float64
}

// DefaultMetrics: width 0 (unknown), 44-point header, 20-point weekday row, scale 1.
func DefaultMetrics() Metrics {
	var c C.kalends_view_metrics
	C.kalends_view_metrics_init(&c)
	return Metrics{float64(c.width), float64(c.header_height), float64(c.weekday_height), float64(c.scale)}
}

// Page is what a view shows: the month, week or day of Anchor, days First...Last.
type Page struct {
	Mode                int
	Anchor, First, Last int32
	Year, Month         int
}

func pageOf(p C.kalends_page) Page {
	return Page{int(p.mode), int32(p.anchor), int32(p.first), int32(p.last), int(p.year), int(p.month)}
}

// Outcome says what a tap, key or selection did (KALENDS_OUTCOME_*).
type Outcome int32

const (
	OutcomeNone     Outcome = C.KALENDS_OUTCOME_NONE
	OutcomeSelected Outcome = C.KALENDS_OUTCOME_SELECTED
	OutcomePaged    Outcome = C.KALENDS_OUTCOME_PAGED
)

// Direction of a page change: -1, 0 (stayed) or 1.
type Direction int32

const (
	Backward Direction = C.KALENDS_DIRECTION_BACKWARD
	Forward  Direction = C.KALENDS_DIRECTION_FORWARD
)

// Transition is a page change.
type Transition struct {
	Direction Direction
	From, To  Page
}

// Action is what an operation did; HasDay tells whether Day is set.
type Action struct {
	Outcome    Outcome
	HasDay     bool
	Day        int32
	Transition Transition
}

// ElementKind is a layout element's kind (KALENDS_ELEMENT_*).
type ElementKind int32

const ElementDay ElementKind = C.KALENDS_ELEMENT_DAY

// Element is one element of a view's layout.
type Element struct {
	Kind                ElementKind
	Index               int
	DayNumber           int32
	Flags               DayFlags
	X, Y, Width, Height float64
}

// Selection is the selection in numbers (First and Last valid when Count > 0).
type Selection struct {
	Count       int
	First, Last int32
}

// View is a calendar view handle. Close it when done.
type View struct {
	h *C.kalends_view
}

// NewView makes a view of cal (its options are copied) with default options.
func NewView(cal *Calendar, m Metrics) (*View, error) {
	var c C.kalends_view_metrics
	C.kalends_view_metrics_init(&c)
	c.width, c.header_height, c.weekday_height, c.scale = C.double(m.Width), C.double(m.HeaderHeight),
		C.double(m.WeekdayHeight), C.double(m.Scale)
	var h *C.kalends_view
	if err := call(func() C.kalends_status { return C.kalends_view_new(cal.h, nil, &c, &h) }); err != nil {
		return nil, err
	}
	v := &View{h}
	runtime.SetFinalizer(v, (*View).Close)
	return v, nil
}

// Close releases the view. Later calls fail with ErrMisuse.
func (v *View) Close() error {
	runtime.SetFinalizer(v, nil)
	return call(func() C.kalends_status { return C.kalends_view_free(v.h) })
}

// Page is the current page.
func (v *View) Page() (Page, error) {
	var p C.kalends_page
	err := call(func() C.kalends_status { return C.kalends_view_page(v.h, &p) })
	return pageOf(p), err
}

// Tap handles a tap at (x, y) as Kal does: the element hit and what happened.
func (v *View) Tap(x, y float64) (Element, Action, error) {
	var hit C.kalends_element
	var a C.kalends_action
	if err := call(func() C.kalends_status { return C.kalends_view_tap(v.h, C.double(x), C.double(y), &hit, &a) }); err != nil {
		return Element{}, Action{}, err
	}
	e := Element{ElementKind(hit.kind), int(hit.index), int32(hit.day_number), DayFlags(hit.flags),
		float64(hit.frame.x), float64(hit.frame.y), float64(hit.frame.width), float64(hit.frame.height)}
	t := Transition{Direction(a.transition.direction), pageOf(a.transition.from), pageOf(a.transition.to)}
	return e, Action{Outcome(a.outcome), a.has_day != 0, int32(a.day), t}, nil
}

// Selection is the selection in numbers.
func (v *View) Selection() (Selection, error) {
	var s C.kalends_selection
	err := call(func() C.kalends_status { return C.kalends_view_selection(v.h, &s) })
	return Selection{int(s.count), int32(s.first), int32(s.last)}, err
}

// Days are the visible days with every view flag, row by row.
func (v *View) Days() ([]Day, error) {
	var buf [C.KALENDS_GRID_MAX_DAYS]C.kalends_day
	var n C.int32_t
	if err := call(func() C.kalends_status { return C.kalends_view_days(v.h, &buf[0], C.KALENDS_GRID_MAX_DAYS, &n) }); err != nil {
		return nil, err
	}
	return daysOf(buf[:], n), nil
}

package kalends

// #include <kalends.h>
import "C"

import "runtime"

// TodayMode says which day a calendar marks as today.
type TodayMode int32

const (
	TodaySystem TodayMode = C.KALENDS_TODAY_SYSTEM
	TodayFixed  TodayMode = C.KALENDS_TODAY_FIXED
	TodayOff    TodayMode = C.KALENDS_TODAY_OFF
)

// CalendarOptions are a calendar's week rule, weekend and today.
type CalendarOptions struct {
	FirstWeekday       Weekday
	MinDaysInFirstWeek int
	WeekendDays        uint32 // bit (weekday - 1) per weekend day
	TodayMode          TodayMode
	Today              Date // with TodayFixed
}

// DefaultCalendarOptions are the library's defaults (ISO 8601, today from the clock).
func DefaultCalendarOptions() CalendarOptions {
	var c C.kalends_calendar_options
	C.kalends_calendar_options_init(&c)
	return optionsOf(&c)
}

func optionsOf(c *C.kalends_calendar_options) CalendarOptions {
	return CalendarOptions{Weekday(c.first_weekday), int(c.min_days_in_first_week), uint32(c.weekend_days),
		TodayMode(c.today_mode), dateOf(c.today)}
}

func (o CalendarOptions) c() C.kalends_calendar_options {
	var c C.kalends_calendar_options
	C.kalends_calendar_options_init(&c)
	c.first_weekday = C.kalends_weekday(o.FirstWeekday)
	c.min_days_in_first_week = C.int32_t(o.MinDaysInFirstWeek)
	c.weekend_days = C.kalends_weekday_mask(o.WeekendDays)
	c.today_mode = C.kalends_today_mode(o.TodayMode)
	c.today = o.Today.c()
	return c
}

// Calendar is a calendar handle. Close it when done (defer cal.Close()).
type Calendar struct {
	h *C.kalends_calendar
}

// NewCalendar makes a calendar with these options.
func NewCalendar(o CalendarOptions) (*Calendar, error) {
	c := o.c()
	var h *C.kalends_calendar
	if err := call(func() C.kalends_status { return C.kalends_calendar_new(&c, &h) }); err != nil {
		return nil, err
	}
	cal := &Calendar{h}
	runtime.SetFinalizer(cal, (*Calendar).Close) // a safety net; Close is the way
	return cal, nil
}

// Close releases the calendar. Later calls fail with ErrMisuse.
func (cal *Calendar) Close() error {
	runtime.SetFinalizer(cal, nil)
	return call(func() C.kalends_status { return C.kalends_calendar_free(cal.h) })
}

// Options reads the calendar's options back.
func (cal *Calendar) Options() (CalendarOptions, error) {
	var c C.kalends_calendar_options
	C.kalends_calendar_options_init(&c)
	err := call(func() C.kalends_status { return C.kalends_calendar_get_options(cal.h, &c) })
	return optionsOf(&c), err
}

// Today is the calendar's today (ErrNotFound when today is off).
func (cal *Calendar) Today() (Date, error) {
	var out C.kalends_date
	err := call(func() C.kalends_status { return C.kalends_calendar_today(cal.h, &out) })
	return dateOf(out), err
}

// Rows is the row policy of a month grid.
type Rows int32

const (
	RowsFixed    Rows = C.KALENDS_ROWS_FIXED    // always 42 days
	RowsVariable Rows = C.KALENDS_ROWS_VARIABLE // 28, 35 or 42 days (7 or 14 for a Coptic or Ethiopic 13th month)
)

// DayFlags are a day cell's KALENDS_DAY_* bits.
type DayFlags uint32

const (
	DayInMonth  DayFlags = C.KALENDS_DAY_IN_MONTH
	DayLeading  DayFlags = C.KALENDS_DAY_LEADING
	DayTrailing DayFlags = C.KALENDS_DAY_TRAILING
	DayToday    DayFlags = C.KALENDS_DAY_TODAY
	DayWeekend  DayFlags = C.KALENDS_DAY_WEEKEND
	DaySelected DayFlags = C.KALENDS_DAY_SELECTED
	DayFocused  DayFlags = C.KALENDS_DAY_FOCUSED
)

// Day is one cell of a grid; Week and WeekYear are its row's, by the calendar's rule.
type Day struct {
	Date      Date
	DayNumber int32
	Weekday   Weekday
	Week      int
	WeekYear  int
	Flags     DayFlags
}

func daysOf(buf []C.kalends_day, n C.int32_t) []Day {
	days := make([]Day, 0, int(n))
	for _, d := range buf[:int(n)] {
		days = append(days, Day{dateOf(d.date), int32(d.day_number), Weekday(d.weekday), int(d.week_of_year.week),
			int(d.week_of_year.year), DayFlags(d.flags)})
	}
	return days
}

// MonthGrid is the grid of year-month, row by row from the first weekday.
func (cal *Calendar) MonthGrid(year, month int, rows Rows) ([]Day, error) {
	var buf [C.KALENDS_GRID_MAX_DAYS]C.kalends_day
	var n C.int32_t
	err := call(func() C.kalends_status {
		return C.kalends_calendar_month_grid(cal.h, C.int32_t(year), C.int32_t(month), C.kalends_rows(rows), &buf[0],
			C.KALENDS_GRID_MAX_DAYS, &n)
	})
	if err != nil {
		return nil, err
	}
	return daysOf(buf[:], n), nil
}

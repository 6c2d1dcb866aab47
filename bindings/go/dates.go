package kalends

// #include <kalends.h>
import "C"

import "fmt"

// Date is a proleptic Gregorian date (astronomical years).
type Date struct{ Year, Month, Day int }

func (d Date) String() string { return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day) }

func (d Date) c() C.kalends_date {
	return C.kalends_date{year: C.int32_t(d.Year), month: C.int32_t(d.Month), day: C.int32_t(d.Day)}
}

func dateOf(c C.kalends_date) Date { return Date{int(c.year), int(c.month), int(c.day)} }

// DateFromDayNumber is the date of a day number (days since 1970-01-01).
func DateFromDayNumber(dayNumber int32) (Date, error) {
	var out C.kalends_date
	err := call(func() C.kalends_status { return C.kalends_date_from_day_number(C.int32_t(dayNumber), &out) })
	return dateOf(out), err
}

// DayNumber is the day number of d (an error for a date that does not exist).
func (d Date) DayNumber() (int32, error) {
	in := d.c()
	var out C.int32_t
	err := call(func() C.kalends_status { return C.kalends_date_day_number(&in, &out) })
	return int32(out), err
}

// Weekday is an ISO 8601 weekday: Monday = 1 ... Sunday = 7.
type Weekday int

const (
	Monday Weekday = iota + 1
	Tuesday
	Wednesday
	Thursday
	Friday
	Saturday
	Sunday
)

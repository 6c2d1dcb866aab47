package kalends_test

// The shared conformance scenario (bindings/conformance/SCENARIO.md): each step
// compares what the library returns with bindings/conformance/expected.txt.

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"kalends"
)

type expected [][2]string

func load(t *testing.T) expected {
	f, err := os.Open("../conformance/expected.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var x expected
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, _ := strings.Cut(line, " ")
		x = append(x, [2]string{k, v})
	}
	return x
}

func (x expected) all(key string) []string {
	var out []string
	for _, kv := range x {
		if kv[0] == key {
			out = append(out, kv[1])
		}
	}
	return out
}

func (x expected) one(t *testing.T, key string) string {
	all := x.all(key)
	if len(all) == 0 {
		t.Fatalf("expected.txt has no %s", key)
	}
	return all[0]
}

func (x expected) ints(t *testing.T, key string) []int64 {
	var out []int64
	for _, f := range strings.Fields(x.one(t, key)) {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		out = append(out, n)
	}
	return out
}

func same(t *testing.T, what string, got, want interface{}) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: got %v, expected %v", what, got, want)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func checkDays(t *testing.T, what string, days []kalends.Day, want []string) {
	t.Helper()
	same(t, what+" count", len(days), len(want))
	for i, d := range days {
		got := fmt.Sprintf("%d %s %d %d %d %d %d", i, d.Date, d.DayNumber, d.Weekday, d.Week, d.WeekYear, d.Flags)
		same(t, fmt.Sprintf("%s %d", what, i), got, want[i])
	}
}

func scenario(t *testing.T, x expected) {
	// 1. version
	same(t, "version.string", kalends.VersionString(), x.one(t, "version.string"))
	major, minor, patch := kalends.Version()
	same(t, "version.number", int64(major<<16|minor<<8|patch), x.ints(t, "version.number")[0])
	same(t, "version.abi", int64(kalends.ABIVersion()), x.ints(t, "version.abi")[0])
	fmt.Println("ok version")

	// 2. calendar
	today := x.ints(t, "calendar.today")
	opts := kalends.DefaultCalendarOptions()
	opts.FirstWeekday = kalends.Weekday(x.ints(t, "calendar.first_weekday")[0])
	opts.MinDaysInFirstWeek = int(x.ints(t, "calendar.min_days_in_first_week")[0])
	opts.TodayMode = kalends.TodayMode(x.ints(t, "calendar.today_mode")[0])
	opts.Today = kalends.Date{Year: int(today[0]), Month: int(today[1]), Day: int(today[2])}
	cal, err := kalends.NewCalendar(opts)
	must(t, err)
	defer cal.Close()
	back, err := cal.Options()
	must(t, err)
	want := opts
	want.WeekendDays = uint32(x.ints(t, "calendar.weekend_days")[0])
	same(t, "calendar options", back, want)
	d, err := cal.Today()
	must(t, err)
	same(t, "calendar.today_date", d.String(), x.one(t, "calendar.today_date"))
	fmt.Println("ok calendar")

	// 3. grid
	month := x.ints(t, "grid.month")
	grid, err := cal.MonthGrid(int(month[0]), int(month[1]), kalends.Rows(month[2]))
	must(t, err)
	same(t, "grid.count", int64(len(grid)), x.ints(t, "grid.count")[0])
	checkDays(t, "grid.day", grid, x.all("grid.day"))
	for name, flag := range map[string]kalends.DayFlags{"in_month": kalends.DayInMonth, "leading": kalends.DayLeading,
		"trailing": kalends.DayTrailing, "today": kalends.DayToday, "weekend": kalends.DayWeekend} {
		n := 0
		for _, d := range grid {
			if d.Flags&flag != 0 {
				n++
			}
		}
		same(t, "grid."+name, int64(n), x.ints(t, "grid."+name)[0])
	}
	fmt.Println("ok grid")

	// 4. view tap
	m := kalends.DefaultMetrics()
	m.Width, err = strconv.ParseFloat(x.one(t, "view.width"), 64)
	must(t, err)
	view, err := kalends.NewView(cal, m)
	must(t, err)
	func() {
		defer view.Close()
		page, err := view.Page()
		must(t, err)
		same(t, "view.page_before", []int64{int64(page.Year), int64(page.Month), int64(page.Anchor)}, x.ints(t, "view.page_before"))
		var px, py float64
		fmt.Sscanf(x.one(t, "tap.point"), "%g %g", &px, &py)
		hit, action, err := view.Tap(px, py)
		must(t, err)
		same(t, "tap.hit", []int64{int64(hit.Kind), int64(hit.DayNumber), int64(hit.Index)}, x.ints(t, "tap.hit"))
		hasDay := int64(0)
		if action.HasDay {
			hasDay = 1
		}
		same(t, "tap.action", []int64{int64(action.Outcome), hasDay, int64(action.Day), int64(action.Transition.Direction)},
			x.ints(t, "tap.action"))
		page, err = view.Page()
		must(t, err)
		same(t, "view.page", []int64{int64(page.Year), int64(page.Month), int64(page.Anchor), int64(page.First), int64(page.Last)},
			x.ints(t, "view.page"))
		same(t, "view.page = transition.to", page, action.Transition.To)
		sel, err := view.Selection()
		must(t, err)
		same(t, "view.selection", []int64{int64(sel.Count), int64(sel.First), int64(sel.Last)}, x.ints(t, "view.selection"))
		days, err := view.Days()
		must(t, err)
		checkDays(t, "view.day", days, x.all("view.day"))
	}()
	fmt.Println("ok view tap")

	// 5. store
	var events []kalends.Event
	for _, line := range x.all("store.event") {
		f := strings.SplitN(line, " ", 6)
		n := make([]int64, 5)
		for i := range n {
			n[i], err = strconv.ParseInt(f[i], 10, 64)
			must(t, err)
		}
		events = append(events, kalends.Event{ID: n[0], AllDay: n[1] == 1, Start: n[2], End: n[3], Color: uint32(n[4]), Title: f[5]})
	}
	store, err := kalends.NewEventStore()
	must(t, err)
	func() {
		defer store.Close()
		must(t, store.AddEvents(events))
		count, err := store.Len()
		must(t, err)
		same(t, "store.count", int64(count), x.ints(t, "store.count")[0])
		for _, q := range x.all("store.query") {
			f := strings.Fields(q)
			first, _ := strconv.ParseInt(f[0], 10, 32)
			last, _ := strconv.ParseInt(f[1], 10, 32)
			found, err := store.Query(int32(first), int32(last))
			must(t, err)
			ids := []string{}
			for _, e := range found {
				ids = append(ids, strconv.FormatInt(e.ID, 10))
				for _, a := range events {
					if a.ID == e.ID {
						same(t, "store event", e, a)
					}
				}
			}
			same(t, "store.query "+q, strings.Join(ids, " "), strings.Join(f[2:], " "))
		}
	}()
	fmt.Println("ok store")

	// 6. error: a closed calendar's handle is a token the library no longer knows
	closed, err := kalends.NewCalendar(opts)
	must(t, err)
	must(t, closed.Close())
	_, err = closed.Today()
	var kerr *kalends.Error
	if !errors.As(err, &kerr) {
		t.Fatalf("a closed calendar answered %v", err)
	}
	same(t, "error.status", fmt.Sprintf("%d %s", kerr.Status, kerr.Status), x.one(t, "error.status"))
	same(t, "errors.Is ErrMisuse", errors.Is(err, kalends.ErrMisuse), true)
	if kerr.Message == "" {
		t.Fatal("error: empty kalends_last_error message")
	}
	// the view and the store were closed by their deferred Close: calls are ErrMisuse
	_, err = view.Page()
	same(t, "view released by Close", errors.Is(err, kalends.ErrMisuse), true)
	_, err = store.Len()
	same(t, "store released by Close", errors.Is(err, kalends.ErrMisuse), true)
	fmt.Println("ok error")
}

func TestConformance(t *testing.T) {
	x := load(t)
	started := time.Now()
	scenario(t, x)
	elapsed := time.Since(started)
	calls := int(x.ints(t, "overhead.calls")[0])
	sum, per := 0, int64(0)
	for round := 0; round < 2; round++ { // the second round is measured
		started = time.Now()
		for i := 0; i < calls; i++ {
			d, err := kalends.DateFromDayNumber(int32(i))
			must(t, err)
			sum += d.Day
		}
		per = time.Since(started).Nanoseconds() / int64(calls)
	}
	same(t, "overhead ran", sum > 0, true)
	fmt.Printf("go: scenario %.1f ms, date_from_day_number %d ns/call (%d calls)\n",
		float64(elapsed.Microseconds())/1000, per, calls)
}

// BenchmarkDateFromDayNumber: go test -bench . (the per-call cost of cgo and the library).
func BenchmarkDateFromDayNumber(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := kalends.DateFromDayNumber(int32(i % 100000)); err != nil {
			b.Fatal(err)
		}
	}
}

# frozen_string_literal: true

# The shared conformance scenario (bindings/conformance/SCENARIO.md): each step compares
# what the library returns with bindings/conformance/expected.txt.
#   ruby -Ibindings/ruby/lib bindings/ruby/test/conformance.rb   (KALENDS_LIBRARY: the library)
require "kalends"

class ConformanceFailure < StandardError; end

EXPECTED = Hash.new { |_, k| raise ConformanceFailure, "expected.txt has no #{k}" }
File.foreach(File.join(__dir__, "../../conformance/expected.txt"), encoding: "UTF-8") do |line|
  line = line.chomp
  next if line.empty? || line.start_with?("#")

  key, rest = line.split(" ", 2)
  (EXPECTED.key?(key) ? EXPECTED[key] : (EXPECTED[key] = [])) << (rest || "")
end

def one(key) = EXPECTED[key].first
def ints(key) = one(key).split.map { |t| Integer(t) }

def same(what, got, want)
  raise ConformanceFailure, "#{what}: got #{got.inspect}, expected #{want.inspect}" unless got == want
end

def check_days(what, days, want)
  same("#{what} count", days.size, want.size)
  days.each_with_index do |d, i|
    same("#{what} #{i}", [i, d.date, d.day_number, d.weekday, d.week, d.week_year, d.flags].join(" "), want[i])
  end
end

def scenario
  released = {} # the view and the store, closed by their blocks' ensure (step 6 checks)

  # 1. version
  same("version.string", Kalends.version, one("version.string"))
  same("version.number", Kalends.version_number, ints("version.number")[0])
  same("version.abi", Kalends.abi_version, ints("version.abi")[0])
  puts "ok version"

  # 2. calendar
  options = { first_weekday: ints("calendar.first_weekday")[0],
              min_days_in_first_week: ints("calendar.min_days_in_first_week")[0],
              today: Kalends::Date.new(*ints("calendar.today")) }
  same("calendar.today_mode", Kalends::ABI::KALENDS_TODAY_FIXED, ints("calendar.today_mode")[0])
  Kalends::Calendar.open(**options) do |cal|
    same("calendar options", cal.options,
         options.merge(weekend_days: ints("calendar.weekend_days")[0], today_mode: ints("calendar.today_mode")[0]))
    same("calendar.today_date", cal.today.to_s, one("calendar.today_date"))
    puts "ok calendar"

    # 3. grid
    year, month, rows = ints("grid.month")
    same("grid.month rows", rows, Kalends::ABI::KALENDS_ROWS_FIXED)
    grid = cal.month_grid(year, month, rows: :fixed)
    same("grid.count", grid.size, ints("grid.count")[0])
    check_days("grid.day", grid, EXPECTED["grid.day"])
    { "in_month" => :IN_MONTH, "leading" => :LEADING, "trailing" => :TRAILING, "today" => :TODAY,
      "weekend" => :WEEKEND }.each do |name, flag|
      bit = Kalends::DayFlags.const_get(flag)
      same("grid.#{name}", grid.count { |d| d.flags & bit != 0 }, ints("grid.#{name}")[0])
    end
    puts "ok grid"

    # 4. view tap
    released[:view] = Kalends::View.open(cal, width: Float(one("view.width"))) do |view|
      p = view.page
      same("view.page_before", [p.year, p.month, p.anchor], ints("view.page_before"))
      x, y = one("tap.point").split.map { |t| Float(t) }
      hit, action = view.tap(x, y)
      same("tap.hit", [hit.kind, hit.day_number, hit.index], ints("tap.hit"))
      same("tap.action", [action.outcome, action.day ? 1 : 0, action.day || 0, action.transition.direction],
           ints("tap.action"))
      p = view.page
      same("view.page", [p.year, p.month, p.anchor, p.first, p.last], ints("view.page"))
      same("view.page = transition.to", p, action.transition.to)
      s = view.selection
      same("view.selection", [s.count, s.first, s.last], ints("view.selection"))
      check_days("view.day", view.days, EXPECTED["view.day"])
      view # the block's value
    end
    puts "ok view tap"
  end

  # 5. store
  events = EXPECTED["store.event"].map do |line|
    id, all_day, start, stop, color, title = line.split(" ", 6)
    Kalends::Event.new(id: Integer(id), all_day: all_day == "1", start: Integer(start), end: Integer(stop),
                       color: Integer(color), title: title)
  end
  released[:store] = Kalends::EventStore.open do |store|
    store.add_events(events)
    same("store.count", store.size, ints("store.count")[0])
    EXPECTED["store.query"].each do |q|
      first, last, *ids = q.split.map { |t| Integer(t) }
      found = store.query(first, last)
      same("store.query #{q}", found.map(&:id), ids)
      found.each { |e| same("store event #{e.id}", e, events.find { |a| a.id == e.id }) }
    end
    store # the block's value
  end
  puts "ok store"

  # 6. error: a closed calendar's handle is a token the library no longer knows
  closed = Kalends::Calendar.open(**options) { |cal| cal } # closed by the block's ensure
  begin
    closed.today
    raise ConformanceFailure, "a closed calendar answered"
  rescue Kalends::MisuseError => e
    same("error.status", "#{e.status} #{e.status_name}", one("error.status"))
    same("error message is set", e.message.size > "misuse: ".size, true)
  end
  { view: :page, store: :size }.each do |name, method|
    status = begin
      released[name].public_send(method)
      nil
    rescue Kalends::MisuseError => e
      e.status
    end
    same("#{name} released by its block", status, Kalends::ABI::KALENDS_E_MISUSE)
  end
  puts "ok error"
end

# 7. every struct of abi.rb has the library's layout
def layouts
  c = Kalends::C
  size = Fiddle::Pointer.malloc(8, Fiddle::RUBY_FREE)
  offset = Fiddle::Pointer.malloc(8, Fiddle::RUBY_FREE)
  Kalends::ABI::STRUCTS.each do |name, klass|
    same("#{name} known", c.kalends_abi_struct_layout(name, nil, size, offset), 0)
    same("sizeof #{name}", klass.size, size[0, 8].unpack1("Q"))
    klass.members.each do |field|
      field = field.is_a?(Array) ? field[0] : field # a nested struct: [name, members]
      same("#{name}.#{field}", c.kalends_abi_struct_layout(name, field.to_s, size, offset), 0)
      same("offsetof #{name}.#{field}", klass.offsetof(field.to_s), offset[0, 8].unpack1("Q"))
    end
  end
  Kalends::ABI::STRUCTS.size
end

def now = Process.clock_gettime(Process::CLOCK_MONOTONIC)

begin
  started = now
  scenario
  ms = (now - started) * 1e3
  puts "ok layouts (#{layouts} structs)"
  calls = ints("overhead.calls")[0]
  sum = 0
  ns = 2.times.map do # the second round is measured
    started = now
    calls.times { |i| sum += Kalends.date_from_day_number(i).day }
    (now - started) * 1e9 / calls
  end.last
  same("overhead ran", sum.positive?, true)
  puts format("ruby: scenario %.1f ms, date_from_day_number %.0f ns/call (%d calls)", ms, ns, calls)
rescue ConformanceFailure, Kalends::Error => e
  warn "ruby conformance FAILED: #{e.class}: #{e.message}"
  exit 1
end

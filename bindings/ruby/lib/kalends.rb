# frozen_string_literal: true

# Kalends for Ruby, through Fiddle (Ruby's standard FFI). The declarations are generated
# from the headers (kalends/abi.rb); this file wraps them in Ruby objects.
#
#   require "kalends"                      # KALENDS_LIBRARY, else libkalends.so.0 / libkalends.so
#   Kalends::Calendar.open(first_weekday: 7) do |cal|
#     cal.month_grid(2026, 11).each { |day| puts "#{day.date} #{day.flags}" }
#   end
#
# Failing calls raise a Kalends::Error subclass per status (Kalends::MisuseError, ...)
# with the library's message. Handles are released by #close, by the block forms
# (Calendar.open { |cal| ... } closes with ensure), or by a finalizer as a safety net. A
# handle used after #close reaches the library as a token it no longer knows: a
# Kalends::MisuseError, never a crash.
require "kalends/abi"

module Kalends
  # The base of every Kalends error: the status and the library's message.
  class Error < StandardError
    attr_reader :status, :status_name

    def initialize(status, status_name, message)
      @status = status
      @status_name = status_name
      super("#{status_name}: #{message}")
    end
  end

  class InvalidArgumentError < Error; end
  class OutOfRangeError < Error; end
  class BufferTooSmallError < Error; end
  class MisuseError < Error; end
  class NotFoundError < Error; end
  class DuplicateError < Error; end

  ERRORS = {
    ABI::KALENDS_E_INVALID_ARGUMENT => InvalidArgumentError, ABI::KALENDS_E_OUT_OF_RANGE => OutOfRangeError,
    ABI::KALENDS_E_BUFFER_TOO_SMALL => BufferTooSmallError, ABI::KALENDS_E_MISUSE => MisuseError,
    ABI::KALENDS_E_NOT_FOUND => NotFoundError, ABI::KALENDS_E_DUPLICATE => DuplicateError
  }.freeze

  def self.library_path
    env = ENV["KALENDS_LIBRARY"]
    return env if env && !env.empty?

    ["libkalends.so.0", "libkalends.so"].find do |name|
      Fiddle.dlopen(name).close
      true
    rescue Fiddle::DLError
      false
    end || raise(LoadError, "libkalends.so not found: set KALENDS_LIBRARY or install Kalends")
  end

  C = ABI.bind(library_path)

  # Raises the error of a failed call with this thread's message.
  def self.check(status)
    return if status == ABI::KALENDS_OK

    name = C.kalends_status_string(status).to_s
    raise ERRORS.fetch(status, Error).new(status, name, C.kalends_last_error.to_s.force_encoding(Encoding::UTF_8))
  end

  def self.version
    C.kalends_version_string.to_s
  end

  def self.version_number
    C.kalends_version
  end

  def self.abi_version
    C.kalends_abi_version
  end

  Date = Struct.new(:year, :month, :day) do
    def to_s = format("%04d-%02d-%02d", year, month, day)
  end

  def self.date_of(c) = Date.new(c.year, c.month, c.day)

  SCRATCH_DATE = Fiddle::Pointer.malloc(ABI::Date.size, Fiddle::RUBY_FREE)

  # The date of a day number (days since 1970-01-01). (Unpacks the kalends_date: a
  # Fiddle struct accessor costs more than the call.)
  def self.date_from_day_number(n)
    check(C.kalends_date_from_day_number(n, SCRATCH_DATE))
    Date.new(*SCRATCH_DATE[0, 12].unpack("l3"))
  end

  Day = Struct.new(:date, :day_number, :weekday, :week, :week_year, :flags)
  module DayFlags
    IN_MONTH = ABI::KALENDS_DAY_IN_MONTH
    LEADING = ABI::KALENDS_DAY_LEADING
    TRAILING = ABI::KALENDS_DAY_TRAILING
    TODAY = ABI::KALENDS_DAY_TODAY
    WEEKEND = ABI::KALENDS_DAY_WEEKEND
    SELECTED = ABI::KALENDS_DAY_SELECTED
    FOCUSED = ABI::KALENDS_DAY_FOCUSED
  end

  # What the handle classes share: #close (idempotent), the block form and a finalizer.
  class Handle
    def self.open(*args, **kwargs)
      handle = new(*args, **kwargs)
      return handle unless block_given?

      begin
        yield handle
      ensure
        handle.close
      end
    end

    def self.release(free, raw) = proc { C.send(free, raw) }

    def close
      return if @closed

      @closed = true
      ObjectSpace.undefine_finalizer(self)
      Kalends.check(C.send(self.class::FREE, @raw))
    end

    def closed? = @closed

    # The raw handle (a Fiddle::Pointer); still owned by this object.
    attr_reader :raw

    private

    def adopt(out)
      @raw = out.ptr
      @closed = false
      ObjectSpace.define_finalizer(self, Handle.release(self.class::FREE, @raw))
    end

    def handle_out = Fiddle::Pointer.malloc(Fiddle::SIZEOF_VOIDP, Fiddle::RUBY_FREE)

    def check(status) = Kalends.check(status)

    def read_days(buffer, count)
      n = count[0, 4].unpack1("l")
      Array.new(n) do |i|
        d = ABI::Day.new(buffer + i * ABI::Day.size)
        Day.new(Kalends.date_of(d.date), d.day_number, d.weekday, d.week_of_year.week, d.week_of_year.year, d.flags)
      end
    end

    def grid_buffer = Fiddle::Pointer.malloc(ABI::Day.size * ABI::KALENDS_GRID_MAX_DAYS, Fiddle::RUBY_FREE)

    def int_out = Fiddle::Pointer.malloc(8, Fiddle::RUBY_FREE)
  end

  # A calendar: week rule, weekend and today.
  class Calendar < Handle
    FREE = :kalends_calendar_free

    # Options change the library's defaults: first_weekday (1 Monday ... 7 Sunday),
    # min_days_in_first_week, weekend_days (bit weekday - 1), today (a Kalends::Date: fixed).
    def initialize(first_weekday: nil, min_days_in_first_week: nil, weekend_days: nil, today: nil)
      super()
      o = ABI::CalendarOptions.malloc(Fiddle::RUBY_FREE)
      check(C.kalends_calendar_options_init(o))
      o.first_weekday = first_weekday if first_weekday
      o.min_days_in_first_week = min_days_in_first_week if min_days_in_first_week
      o.weekend_days = weekend_days if weekend_days
      if today
        o.today_mode = ABI::KALENDS_TODAY_FIXED
        o.today.year, o.today.month, o.today.day = today.to_a
      end
      out = handle_out
      check(C.kalends_calendar_new(o, out))
      adopt(out)
    end

    def options
      o = ABI::CalendarOptions.malloc(Fiddle::RUBY_FREE)
      check(C.kalends_calendar_options_init(o))
      check(C.kalends_calendar_get_options(@raw, o))
      { first_weekday: o.first_weekday, min_days_in_first_week: o.min_days_in_first_week,
        weekend_days: o.weekend_days, today_mode: o.today_mode, today: Kalends.date_of(o.today) }
    end

    def today
      d = ABI::Date.malloc(Fiddle::RUBY_FREE)
      check(C.kalends_calendar_today(@raw, d))
      Kalends.date_of(d)
    end

    # The month grid of year-month (rows: :fixed, 42 days, or :variable).
    def month_grid(year, month, rows: :fixed)
      r = rows == :variable ? ABI::KALENDS_ROWS_VARIABLE : ABI::KALENDS_ROWS_FIXED
      buffer = grid_buffer
      count = int_out
      check(C.kalends_calendar_month_grid(@raw, year, month, r, buffer, ABI::KALENDS_GRID_MAX_DAYS, count))
      read_days(buffer, count)
    end
  end

  Page = Struct.new(:mode, :anchor, :year, :month, :first, :last)
  Transition = Struct.new(:direction, :from, :to)
  Action = Struct.new(:outcome, :day, :transition)
  Element = Struct.new(:kind, :index, :day_number, :flags, :frame)
  Selection = Struct.new(:count, :first, :last)

  # A calendar view: pages, selection, focus, and the frames of it all at a width.
  class View < Handle
    FREE = :kalends_view_free

    # A view of `calendar` with default options; metrics change the defaults (width: ...).
    def initialize(calendar, **metrics)
      super()
      m = ABI::ViewMetrics.malloc(Fiddle::RUBY_FREE)
      check(C.kalends_view_metrics_init(m))
      metrics.each { |k, v| m.send("#{k}=", v) }
      out = handle_out
      check(C.kalends_view_new(calendar.raw, nil, m, out))
      adopt(out)
    end

    # (Fields named like Enumerable methods, `first` and `count`, are read with [].)
    def self.page_of(p) = Page.new(p.mode, p.anchor, p.year, p.month, p["first"], p.last)

    def page
      p = ABI::Page.malloc(Fiddle::RUBY_FREE)
      check(C.kalends_view_page(@raw, p))
      View.page_of(p)
    end

    # A tap at (x, y) as Kal handles it: [element hit, action]. (kalends_view_tap; it
    # shadows Object#tap, which takes no arguments.)
    def tap(x, y)
      hit = ABI::Element.malloc(Fiddle::RUBY_FREE)
      a = ABI::Action.malloc(Fiddle::RUBY_FREE)
      check(C.kalends_view_tap(@raw, x, y, hit, a))
      f = hit.frame
      element = Element.new(hit.kind, hit.index, hit.day_number, hit.flags, [f.x, f.y, f.width, f.height])
      t = a.transition
      action = Action.new(a.outcome, a.has_day.zero? ? nil : a.day,
                          Transition.new(t.direction, View.page_of(t.from), View.page_of(t.to)))
      [element, action]
    end

    def selection
      s = ABI::Selection.malloc(Fiddle::RUBY_FREE)
      check(C.kalends_view_selection(@raw, s))
      Selection.new(s["count"], s["first"], s.last)
    end

    # The visible days with every view flag (selected, focused, ...).
    def days
      buffer = grid_buffer
      count = int_out
      check(C.kalends_view_days(@raw, buffer, ABI::KALENDS_GRID_MAX_DAYS, count))
      read_days(buffer, count)
    end
  end

  Event = Struct.new(:id, :all_day, :start, :end, :color, :title, keyword_init: true)

  # Events indexed for overlap queries.
  class EventStore < Handle
    FREE = :kalends_store_free

    def initialize
      super()
      out = handle_out
      check(C.kalends_store_new(out))
      adopt(out)
    end

    # Adds the events at once: a bad one (or a duplicate id) adds none.
    def add_events(events)
      size = ABI::Event.size
      buffer = Fiddle::Pointer.malloc(size * [events.size, 1].max, Fiddle::RUBY_FREE)
      titles = events.map { |e| e.title.to_s.encode(Encoding::UTF_8) } # kept alive during the call
      events.each_with_index do |e, i|
        r = ABI::Event.new(buffer + i * size)
        r.struct_size = size
        r.all_day = e.all_day ? 1 : 0
        r.id = e.id
        r.start = e.start
        r.end = e.end
        r.color = e.color || 0
        r.source = 0
        r.user_value = 0
        r.title = Fiddle::Pointer[titles[i]]
        r.title_length = titles[i].bytesize
        r.reserved = 0
      end
      check(C.kalends_store_add_events(@raw, buffer, events.size))
    end

    def size
      n = int_out
      check(C.kalends_store_count(@raw, n))
      n[0, 4].unpack1("l")
    end

    # The events overlapping UTC days first..last (day numbers), in start order.
    def query(first, last)
      count = int_out
      check(C.kalends_store_query(@raw, nil, first, last, nil, 0, count))
      loop do
        n = count[0, 4].unpack1("l")
        buffer = Fiddle::Pointer.malloc(ABI::Event.size * [n, 1].max, Fiddle::RUBY_FREE)
        status = C.kalends_store_query(@raw, nil, first, last, buffer, n, count)
        next if status == ABI::KALENDS_E_BUFFER_TOO_SMALL # a source added events meanwhile

        check(status)
        return Array.new(count[0, 4].unpack1("l")) { |i| event_of(ABI::Event.new(buffer + i * ABI::Event.size)) }
      end
    end

    private

    def event_of(r)
      title = r.title.null? || r.title_length <= 0 ? "" : r.title[0, r.title_length].force_encoding(Encoding::UTF_8)
      Event.new(id: r.id, all_day: r.all_day != 0, start: r.start, end: r.end, color: r.color, title: title)
    end
  end
end

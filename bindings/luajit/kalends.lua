-- Kalends for LuaJIT: the declarations are generated from the headers (kalends/abi.lua,
-- one ffi.cdef); this module wraps them in Lua objects.
--
--   local kalends = require("kalends")     -- KALENDS_LIBRARY, else ffi.load("kalends")
--   local cal = kalends.Calendar.new{ first_weekday = kalends.SUNDAY }
--   for _, day in ipairs(cal:month_grid(2026, 11)) do print(day.date, day.flags) end
--   cal:close()
--
-- Errors are raised with error() as KalendsError tables (status, name, message; tostring
-- gives "kalends: misuse: ..."): catch them with pcall. Handles are released by close()
-- (kalends.with(resource, fn) closes on every exit), else by the garbage collector. A
-- handle used after close() reaches the library as a token it no longer knows: an error
-- with status KALENDS_E_MISUSE, never a crash.
local ffi = require("ffi")
local abi = require("kalends.abi")

local path = os.getenv("KALENDS_LIBRARY")
local lib = ffi.load(path and path ~= "" and path or "kalends")

local M = { lib = lib, abi = abi, ffi = ffi }

M.MONDAY, M.SUNDAY = lib.KALENDS_MONDAY, lib.KALENDS_SUNDAY
M.DAY = {
    IN_MONTH = lib.KALENDS_DAY_IN_MONTH, LEADING = lib.KALENDS_DAY_LEADING, TRAILING = lib.KALENDS_DAY_TRAILING,
    TODAY = lib.KALENDS_DAY_TODAY, WEEKEND = lib.KALENDS_DAY_WEEKEND, SELECTED = lib.KALENDS_DAY_SELECTED,
    FOCUSED = lib.KALENDS_DAY_FOCUSED,
}

-- Errors ------------------------------------------------------------------------------

local KalendsError = {}
KalendsError.__index = KalendsError
KalendsError.__tostring = function(e) return ("kalends: %s: %s"):format(e.name, e.message) end
M.KalendsError = KalendsError

-- Raises the error of a failed call (status ~= KALENDS_OK) with this thread's message.
local function check(status)
    if status ~= 0 then
        error(setmetatable({
            status = status,
            name = ffi.string(lib.kalends_status_string(status)),
            message = ffi.string(lib.kalends_last_error()),
        }, KalendsError), 2)
    end
end

-- Dates -------------------------------------------------------------------------------

local Date = {}
Date.__index = Date
Date.__tostring = function(d) return ("%04d-%02d-%02d"):format(d.year, d.month, d.day) end
Date.__eq = function(a, b) return a.year == b.year and a.month == b.month and a.day == b.day end
M.Date = Date

function Date.new(year, month, day) return setmetatable({ year = year, month = month, day = day }, Date) end
local function date_of(c) return Date.new(c.year, c.month, c.day) end

local scratch_date = ffi.new("kalends_date[1]")

-- The date of a day number (days since 1970-01-01).
function M.date_from_day_number(n)
    check(lib.kalends_date_from_day_number(n, scratch_date))
    return date_of(scratch_date[0])
end

function M.version()
    return ffi.string(lib.kalends_version_string()), tonumber(lib.kalends_version()), tonumber(lib.kalends_abi_version())
end

-- Handles -----------------------------------------------------------------------------

-- A class whose objects own a handle freed by `free`: close() or the collector.
local function handle_class(free)
    local class = {}
    class.__index = class
    function class.wrap(raw)
        return setmetatable({ raw = ffi.gc(raw, free) }, class)
    end
    -- Releases the handle. The token stays: a later call fails with KALENDS_E_MISUSE.
    function class:close()
        if not self.closed then
            self.closed = true
            ffi.gc(self.raw, nil)
            check(free(self.raw))
        end
    end
    return class
end

-- Calls fn(resource) and closes the resource however fn exits; returns fn's results.
function M.with(resource, fn)
    local results = { pcall(fn, resource) }
    resource:close()
    if not results[1] then error(results[2], 0) end
    return unpack(results, 2)
end

local function days_of(buf, n)
    local days = {}
    for i = 0, n - 1 do
        local d = buf[i]
        days[i + 1] = { date = date_of(d.date), day_number = d.day_number, weekday = d.weekday,
                        week = d.week_of_year.week, week_year = d.week_of_year.year, flags = d.flags }
    end
    return days
end

-- Calendars ---------------------------------------------------------------------------

local Calendar = handle_class(lib.kalends_calendar_free)
M.Calendar = Calendar

local function options_of(c)
    return { first_weekday = c.first_weekday, min_days_in_first_week = c.min_days_in_first_week,
             weekend_days = c.weekend_days, today_mode = c.today_mode, today = date_of(c.today) }
end

-- The library's defaults (ISO 8601, today from the system clock).
function Calendar.default_options()
    local c = ffi.new("kalends_calendar_options")
    check(lib.kalends_calendar_options_init(c))
    return options_of(c)
end

-- A calendar; `options` changes the defaults: first_weekday, min_days_in_first_week,
-- weekend_days, today (a Date: a fixed today) or today_mode.
function Calendar.new(options)
    local c = ffi.new("kalends_calendar_options")
    check(lib.kalends_calendar_options_init(c))
    for k, v in pairs(options or {}) do
        if k == "today" then
            c.today_mode, c.today.year, c.today.month, c.today.day = lib.KALENDS_TODAY_FIXED, v.year, v.month, v.day
        else
            c[k] = v
        end
    end
    local out = ffi.new("kalends_calendar *[1]")
    check(lib.kalends_calendar_new(c, out))
    return Calendar.wrap(out[0])
end

function Calendar:options()
    local c = ffi.new("kalends_calendar_options")
    check(lib.kalends_calendar_options_init(c))
    check(lib.kalends_calendar_get_options(self.raw, c))
    return options_of(c)
end

function Calendar:today()
    local out = ffi.new("kalends_date")
    check(lib.kalends_calendar_today(self.raw, out))
    return date_of(out)
end

local grid = ffi.new("kalends_day[?]", lib.KALENDS_GRID_MAX_DAYS)
local count = ffi.new("int32_t[1]")

-- The month grid of year-month ("fixed" rows: 42 days; "variable": 28, 35 or 42, or 7 or 14
-- for the 5- or 6-day thirteenth month of the Coptic and Ethiopic calendars).
function Calendar:month_grid(year, month, rows)
    local r = rows == "variable" and lib.KALENDS_ROWS_VARIABLE or lib.KALENDS_ROWS_FIXED
    check(lib.kalends_calendar_month_grid(self.raw, year, month, r, grid, lib.KALENDS_GRID_MAX_DAYS, count))
    return days_of(grid, count[0])
end

-- Views -------------------------------------------------------------------------------

local View = handle_class(lib.kalends_view_free)
M.View = View

-- A view of `calendar` with default options; `metrics` changes the default metrics
-- (width, header_height, weekday_height, scale, ...).
function View.new(calendar, metrics)
    local m = ffi.new("kalends_view_metrics")
    check(lib.kalends_view_metrics_init(m))
    for k, v in pairs(metrics or {}) do m[k] = v end
    local out = ffi.new("kalends_view *[1]")
    check(lib.kalends_view_new(calendar.raw, nil, m, out))
    return View.wrap(out[0])
end

local function page_of(p)
    return { mode = p.mode, anchor = p.anchor, year = p.year, month = p.month, first = p.first, last = p.last }
end

function View:page()
    local p = ffi.new("kalends_page")
    check(lib.kalends_view_page(self.raw, p))
    return page_of(p)
end

-- A tap at (x, y) as Kal handles it: returns the element hit and what happened.
function View:tap(x, y)
    local hit, a = ffi.new("kalends_element"), ffi.new("kalends_action")
    check(lib.kalends_view_tap(self.raw, x, y, hit, a))
    local element = { kind = hit.kind, index = hit.index, day_number = hit.day_number, flags = hit.flags,
                      frame = { x = hit.frame.x, y = hit.frame.y, width = hit.frame.width, height = hit.frame.height } }
    local action = { outcome = a.outcome, day = a.has_day ~= 0 and a.day or nil,
                     transition = { direction = a.transition.direction, from = page_of(a.transition.from),
                                    to = page_of(a.transition.to) } }
    return element, action
end

function View:selection()
    local s = ffi.new("kalends_selection")
    check(lib.kalends_view_selection(self.raw, s))
    return { count = s.count, first = s.first, last = s.last }
end

-- The visible days with every view flag (selected, focused, ...).
function View:days()
    check(lib.kalends_view_days(self.raw, grid, lib.KALENDS_GRID_MAX_DAYS, count))
    return days_of(grid, count[0])
end

-- Event stores ------------------------------------------------------------------------

local EventStore = handle_class(lib.kalends_store_free)
M.EventStore = EventStore

function EventStore.new()
    local out = ffi.new("kalends_store *[1]")
    check(lib.kalends_store_new(out))
    return EventStore.wrap(out[0])
end

-- Adds events (tables: id, all_day, start, end, color, title) at once: a bad one adds none.
function EventStore:add_events(events)
    local raw = ffi.new("kalends_event[?]", #events)
    for i, e in ipairs(events) do
        local r = raw[i - 1]
        r.struct_size = ffi.sizeof("kalends_event")
        r.all_day = e.all_day and 1 or 0
        r.id, r.start, r["end"], r.color = e.id, e.start, e["end"], e.color or 0
        r.title, r.title_length = e.title or "", #(e.title or "")  -- Lua strings outlive the call
    end
    check(lib.kalends_store_add_events(self.raw, raw, #events))
end

function EventStore:count()
    check(lib.kalends_store_count(self.raw, count))
    return count[0]
end

-- The events overlapping UTC days first...last (day numbers), in start order.
function EventStore:query(first, last)
    check(lib.kalends_store_query(self.raw, nil, first, last, nil, 0, count))
    local raw, status
    repeat  -- again if a source or plugin added events between the size query and the query
        local n = count[0]
        raw = ffi.new("kalends_event[?]", math.max(n, 1))
        status = lib.kalends_store_query(self.raw, nil, first, last, raw, n, count)
    until status ~= lib.KALENDS_E_BUFFER_TOO_SMALL
    check(status)
    local events = {}
    for i = 0, count[0] - 1 do
        local r = raw[i]
        events[i + 1] = { id = tonumber(r.id), all_day = r.all_day ~= 0, start = tonumber(r.start),
                          ["end"] = tonumber(r["end"]), color = tonumber(r.color),
                          title = r.title ~= nil and ffi.string(r.title, r.title_length) or "" }
    end
    return events
end

return M

-- The shared conformance scenario (bindings/conformance/SCENARIO.md): each step compares
-- what the library returns with bindings/conformance/expected.txt.
--   luajit bindings/luajit/tests/conformance.lua   (KALENDS_LIBRARY: the library)
local here = arg[0]:match("^(.*)/tests/[^/]*$") or "."
package.path = here .. "/?.lua;" .. package.path
local kalends = require("kalends")
local ffi, lib, bit = kalends.ffi, kalends.lib, require("bit")

local expected = {}
for line in io.lines(here .. "/../conformance/expected.txt") do
    if line ~= "" and line:sub(1, 1) ~= "#" then
        local key, rest = line:match("^(%S+) ?(.*)$")
        expected[key] = expected[key] or {}
        table.insert(expected[key], rest)
    end
end
local function all(key) return expected[key] or error("expected.txt has no " .. key) end
local function one(key) return all(key)[1] end
local function ints(key)
    local out = {}
    for t in one(key):gmatch("%S+") do out[#out + 1] = tonumber(t) end
    return out
end

local function same(what, got, want)
    if got ~= want then error(("%s: got %s, expected %s"):format(what, tostring(got), tostring(want)), 2) end
end
local function words(list)
    local out = {}
    for i, v in ipairs(list) do out[i] = tostring(v) end
    return table.concat(out, " ")
end
local function same_list(what, got, want) same(what, words(got), words(want)) end

ffi.cdef [[
struct conformance_timespec { long tv_sec; long tv_nsec; };
int clock_gettime(int clock, struct conformance_timespec *out);
]]
local now_ts = ffi.new("struct conformance_timespec")
local function now()  -- CLOCK_MONOTONIC, in seconds
    ffi.C.clock_gettime(1, now_ts)
    return tonumber(now_ts.tv_sec) + tonumber(now_ts.tv_nsec) * 1e-9
end

local function check_days(what, days, want)
    same(what .. " count", #days, #want)
    for i, d in ipairs(days) do
        same(what .. " " .. (i - 1), ("%d %s %d %d %d %d %d"):format(i - 1, tostring(d.date), d.day_number, d.weekday,
            d.week, d.week_year, d.flags), want[i])
    end
end

local released = {}  -- the view and the store, closed by kalends.with at the end of their steps

local function scenario()
    -- 1. version
    local text, number, abi_version = kalends.version()
    same("version.string", text, one("version.string"))
    same("version.number", number, ints("version.number")[1])
    same("version.abi", abi_version, ints("version.abi")[1])
    print("ok version")

    -- 2. calendar
    local t = ints("calendar.today")
    local options = { first_weekday = ints("calendar.first_weekday")[1],
                      min_days_in_first_week = ints("calendar.min_days_in_first_week")[1],
                      today = kalends.Date.new(t[1], t[2], t[3]) }
    same("calendar.today_mode", lib.KALENDS_TODAY_FIXED, ints("calendar.today_mode")[1])
    local cal = kalends.Calendar.new(options)
    kalends.with(cal, function()
        local back = cal:options()
        same_list("calendar options", { back.first_weekday, back.min_days_in_first_week, back.today_mode,
                                        tostring(back.today), back.weekend_days },
                  { options.first_weekday, options.min_days_in_first_week, ints("calendar.today_mode")[1],
                    one("calendar.today_date"), ints("calendar.weekend_days")[1] })
        same("calendar.today_date", tostring(cal:today()), one("calendar.today_date"))
        print("ok calendar")

        -- 3. grid
        local m = ints("grid.month")
        same("grid.month rows", m[3], lib.KALENDS_ROWS_FIXED)
        local grid = cal:month_grid(m[1], m[2], "fixed")
        same("grid.count", #grid, ints("grid.count")[1])
        check_days("grid.day", grid, all("grid.day"))
        for name, flag in pairs({ in_month = "IN_MONTH", leading = "LEADING", trailing = "TRAILING",
                                  today = "TODAY", weekend = "WEEKEND" }) do
            local n = 0
            for _, d in ipairs(grid) do if bit.band(d.flags, kalends.DAY[flag]) ~= 0 then n = n + 1 end end
            same("grid." .. name, n, ints("grid." .. name)[1])
        end
        print("ok grid")

        -- 4. view tap
        released.view = kalends.View.new(cal, { width = tonumber(one("view.width")) })
        kalends.with(released.view, function(view)
            local p = view:page()
            same_list("view.page_before", { p.year, p.month, p.anchor }, ints("view.page_before"))
            local xy = ints("tap.point")
            local hit, action = view:tap(xy[1], xy[2])
            same_list("tap.hit", { hit.kind, hit.day_number, hit.index }, ints("tap.hit"))
            same_list("tap.action", { action.outcome, action.day and 1 or 0, action.day or 0,
                                      action.transition.direction }, ints("tap.action"))
            p = view:page()
            same_list("view.page", { p.year, p.month, p.anchor, p.first, p.last }, ints("view.page"))
            local to = action.transition.to
            same_list("view.page = transition.to", { p.year, p.month, p.anchor, p.first, p.last },
                      { to.year, to.month, to.anchor, to.first, to.last })
            local s = view:selection()
            same_list("view.selection", { s.count, s.first, s.last }, ints("view.selection"))
            check_days("view.day", view:days(), all("view.day"))
        end)
        print("ok view tap")
    end)

    -- 5. store
    local events, by_id = {}, {}
    for _, line in ipairs(all("store.event")) do
        local id, all_day, start, stop, color, title = line:match("^(%S+) (%S+) (%S+) (%S+) (%S+) (.*)$")
        local e = { id = tonumber(id), all_day = all_day == "1", start = tonumber(start), ["end"] = tonumber(stop),
                    color = tonumber(color), title = title }
        events[#events + 1], by_id[e.id] = e, e
    end
    released.store = kalends.EventStore.new()
    kalends.with(released.store, function(store)
        store:add_events(events)
        same("store.count", store:count(), ints("store.count")[1])
        for _, q in ipairs(all("store.query")) do
            local want = {}
            for t in q:gmatch("%S+") do want[#want + 1] = tonumber(t) end
            local ids = {}
            for _, e in ipairs(store:query(want[1], want[2])) do
                ids[#ids + 1] = e.id
                local a = by_id[e.id]
                same_list("store event " .. e.id, { e.all_day, e.start, e["end"], e.color, e.title },
                          { a.all_day, a.start, a["end"], a.color, a.title })
            end
            same_list("store.query " .. q, ids, { select(3, unpack(want)) })
        end
    end)
    print("ok store")

    -- 6. error: a closed calendar's handle is a token the library no longer knows
    local closed = kalends.Calendar.new(options)
    closed:close()
    local ok, err = pcall(closed.today, closed)
    same("a closed calendar fails", ok, false)
    same("error is a KalendsError", getmetatable(err), kalends.KalendsError)
    same("error.status", err.status .. " " .. err.name, one("error.status"))
    same("error message is set", #err.message > 0, true)
    for name, handle in pairs(released) do
        local okay, e = pcall(name == "view" and handle.page or handle.count, handle)
        same(name .. " released by with()", not okay and e.status, lib.KALENDS_E_MISUSE)
    end
    print("ok error")
end

-- 7. every struct of the cdef has the library's layout
local function layouts()
    local size, offset = ffi.new("size_t[1]"), ffi.new("size_t[1]")
    for _, s in ipairs(kalends.abi.structs) do
        local name, fields = s[1], s[2]
        same(name .. " known", lib.kalends_abi_struct_layout(name, nil, size, offset), 0)
        same("sizeof " .. name, ffi.sizeof(name), tonumber(size[0]))
        for _, f in ipairs(fields) do
            same(name .. "." .. f, lib.kalends_abi_struct_layout(name, f, size, offset), 0)
            same("offsetof " .. name .. "." .. f, ffi.offsetof(name, f), tonumber(offset[0]))
        end
    end
    return #kalends.abi.structs
end

local ok, err = pcall(function()
    local started = now()
    scenario()
    local ms = (now() - started) * 1e3
    print(("ok layouts (%d structs)"):format(layouts()))
    local calls = ints("overhead.calls")[1]
    local sum, ns = 0, 0
    for _ = 1, 2 do  -- the second round is measured: the first warms the JIT
        started = now()
        for i = 0, calls - 1 do sum = sum + kalends.date_from_day_number(i).day end
        ns = (now() - started) * 1e9 / calls
    end
    same("overhead ran", sum > 0, true)
    print(("luajit: scenario %.1f ms, date_from_day_number %.0f ns/call (%d calls)"):format(ms, ns, calls))
end)
if not ok then
    io.stderr:write("luajit conformance FAILED: " .. tostring(err) .. "\n")
    os.exit(1)
end

'use strict';
// Kalends for Node.js: classes over the N-API addon (src/addon.c, built with node-gyp
// against include/kalends.h).
//
//   const kalends = require('kalends');
//   const cal = new kalends.Calendar({ firstWeekday: 7 });
//   try { for (const day of cal.monthGrid(2026, 11)) console.log(day.date, day.flags); }
//   finally { cal.close(); }
//
// Failing calls throw a KalendsError (status, statusName, message from the library).
// Handles are released by close() (or `using` / [Symbol.dispose] where the runtime has
// it); the garbage collector frees one nobody closed. A handle used after close()
// reaches the library as a token it no longer knows: a KalendsError with status
// KALENDS_E_MISUSE (4), never a crash.
const path = require('path');

const addon = require(process.env.KALENDS_NODE_ADDON ||
  path.join(__dirname, 'build', 'Release', 'kalends_node.node'));

/** A failed Kalends call: the status (KALENDS_E_*), its name and the library's message. */
class KalendsError extends Error {
  constructor(status, statusName, message) {
    super(`${statusName}: ${message}`);
    this.name = 'KalendsError';
    this.status = status;
    this.statusName = statusName;
    this.detail = message;
  }
}
addon.setErrorClass(KalendsError);

const MISUSE = 4;
const ROWS = { fixed: 0, variable: 1 };
const DAY = { IN_MONTH: 0x01, LEADING: 0x02, TRAILING: 0x04, TODAY: 0x08, WEEKEND: 0x10, SELECTED: 0x20,
  FOCUSED: 0x1000 };

class Handle {
  constructor(handle) { this.handle = handle; }
  /** Releases the handle (once); later calls throw KalendsError with status MISUSE. */
  close() { addon.close(this.handle); }
}
if (typeof Symbol.dispose === 'symbol') {
  Handle.prototype[Symbol.dispose] = function dispose() { this.close(); };
}

/** Calls fn(resource) and closes the resource however fn ends. */
function using(resource, fn) {
  try { return fn(resource); } finally { resource.close(); }
}

const dateString = (d) =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** A calendar: week rule, weekend and today. Options change the library's defaults:
    firstWeekday (1 Monday ... 7 Sunday), minDaysInFirstWeek, weekendDays (bits),
    today ({year, month, day}: a fixed today). */
class Calendar extends Handle {
  constructor(options = {}) { super(addon.calendarNew(options)); }
  options() { return addon.calendarOptions(this.handle); }
  today() { return addon.calendarToday(this.handle); }
  /** The month grid of year-month: rows 'fixed' (42 days) or 'variable'. */
  monthGrid(year, month, rows = 'fixed') { return addon.calendarMonthGrid(this.handle, year, month, ROWS[rows]); }
}

/** A calendar view of `calendar` (its options are copied), default options, at `width`. */
class View extends Handle {
  constructor(calendar, { width = 0 } = {}) { super(addon.viewNew(calendar.handle, width)); }
  page() { return addon.viewPage(this.handle); }
  /** A tap at (x, y) as Kal handles it: { hit, action }. */
  tap(x, y) { return addon.viewTap(this.handle, x, y); }
  selection() { return addon.viewSelection(this.handle); }
  /** The visible days with every view flag (selected, focused, ...). */
  days() { return addon.viewDays(this.handle); }
}

/** Events indexed for overlap queries. */
class EventStore extends Handle {
  constructor() { super(addon.storeNew()); }
  /** Adds events ({id, allDay, start, end, color, title}) at once: a bad one adds none. */
  addEvents(events) { addon.storeAddEvents(this.handle, events); }
  get size() { return addon.storeCount(this.handle); }
  /** The events overlapping UTC days first...last (day numbers), in start order. */
  query(first, last) { return addon.storeQuery(this.handle, first, last); }
}

module.exports = {
  KalendsError, Calendar, View, EventStore, using, dateString, DAY, MISUSE,
  version: () => addon.version(),
  dateFromDayNumber: (n) => addon.dateFromDayNumber(n),
};

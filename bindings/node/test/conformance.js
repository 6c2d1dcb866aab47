'use strict';
// The shared conformance scenario (bindings/conformance/SCENARIO.md): each step compares
// what the library returns with bindings/conformance/expected.txt.
//   node bindings/node/test/conformance.js   (the addon built by node-gyp; the library on
//   LD_LIBRARY_PATH or installed)
const fs = require('fs');
const path = require('path');
const kalends = require('..');

const expected = new Map();
for (const line of fs.readFileSync(path.join(__dirname, '../../conformance/expected.txt'), 'utf8').split('\n')) {
  if (line === '' || line.startsWith('#')) continue;
  const space = line.indexOf(' ');
  const key = space < 0 ? line : line.slice(0, space);
  if (!expected.has(key)) expected.set(key, []);
  expected.get(key).push(space < 0 ? '' : line.slice(space + 1));
}
const all = (key) => {
  if (!expected.has(key)) throw new Error(`expected.txt has no ${key}`);
  return expected.get(key);
};
const one = (key) => all(key)[0];
const ints = (key) => one(key).split(' ').map(Number);

class Failure extends Error {}
function same(what, got, want) {
  const g = JSON.stringify(got);
  const w = JSON.stringify(want);
  if (g !== w) throw new Failure(`${what}: got ${g}, expected ${w}`);
}
function checkDays(what, days, want) {
  same(`${what} count`, days.length, want.length);
  days.forEach((d, i) => same(`${what} ${i}`,
    [i, kalends.dateString(d.date), d.dayNumber, d.weekday, d.week, d.weekYear, d.flags].join(' '), want[i]));
}

const released = {}; // the view and the store, closed by kalends.using at the end of their steps

function scenario() {
  // 1. version
  const v = kalends.version();
  same('version.string', v.string, one('version.string'));
  same('version.number', v.number, ints('version.number')[0]);
  same('version.abi', v.abi, ints('version.abi')[0]);
  console.log('ok version');

  // 2. calendar
  const [year, month, day] = ints('calendar.today');
  const options = { firstWeekday: ints('calendar.first_weekday')[0],
    minDaysInFirstWeek: ints('calendar.min_days_in_first_week')[0], today: { year, month, day } };
  kalends.using(new kalends.Calendar(options), (cal) => {
    const back = cal.options();
    same('calendar options',
      [back.firstWeekday, back.minDaysInFirstWeek, back.weekendDays, back.todayMode, kalends.dateString(back.today)],
      [options.firstWeekday, options.minDaysInFirstWeek, ints('calendar.weekend_days')[0],
        ints('calendar.today_mode')[0], one('calendar.today_date')]);
    same('calendar.today_date', kalends.dateString(cal.today()), one('calendar.today_date'));
    console.log('ok calendar');

    // 3. grid
    const [y, m, rows] = ints('grid.month');
    same('grid.month rows', rows, 0);
    const grid = cal.monthGrid(y, m, 'fixed');
    same('grid.count', grid.length, ints('grid.count')[0]);
    checkDays('grid.day', grid, all('grid.day'));
    for (const [name, flag] of Object.entries({ in_month: 'IN_MONTH', leading: 'LEADING', trailing: 'TRAILING',
      today: 'TODAY', weekend: 'WEEKEND' })) {
      same(`grid.${name}`, grid.filter((d) => d.flags & kalends.DAY[flag]).length, ints(`grid.${name}`)[0]);
    }
    console.log('ok grid');

    // 4. view tap
    released.view = new kalends.View(cal, { width: Number(one('view.width')) });
    kalends.using(released.view, (view) => {
      let p = view.page();
      same('view.page_before', [p.year, p.month, p.anchor], ints('view.page_before'));
      const [x, yy] = one('tap.point').split(' ').map(Number);
      const { hit, action } = view.tap(x, yy);
      same('tap.hit', [hit.kind, hit.dayNumber, hit.index], ints('tap.hit'));
      same('tap.action', [action.outcome, action.day === null ? 0 : 1, action.day ?? 0,
        action.transition.direction], ints('tap.action'));
      p = view.page();
      same('view.page', [p.year, p.month, p.anchor, p.first, p.last], ints('view.page'));
      same('view.page = transition.to', p, action.transition.to);
      const s = view.selection();
      same('view.selection', [s.count, s.first, s.last], ints('view.selection'));
      checkDays('view.day', view.days(), all('view.day'));
    });
    console.log('ok view tap');
  });

  // 5. store
  const events = all('store.event').map((line) => {
    const f = line.split(' ');
    return { id: Number(f[0]), allDay: f[1] === '1', start: Number(f[2]), end: Number(f[3]), color: Number(f[4]),
      title: f.slice(5).join(' ') };
  });
  released.store = new kalends.EventStore();
  kalends.using(released.store, (store) => {
    store.addEvents(events);
    same('store.count', store.size, ints('store.count')[0]);
    for (const q of all('store.query')) {
      const [first, last, ...ids] = q.split(' ').map(Number);
      const found = store.query(first, last);
      same(`store.query ${q}`, found.map((e) => e.id), ids);
      for (const e of found) same(`store event ${e.id}`, e, events.find((a) => a.id === e.id));
    }
  });
  console.log('ok store');

  // 6. error: a closed calendar's handle is a token the library no longer knows
  const closed = kalends.using(new kalends.Calendar(options), (cal) => cal);
  try {
    closed.today();
    throw new Failure('a closed calendar answered');
  } catch (e) {
    if (!(e instanceof kalends.KalendsError)) throw e;
    same('error.status', `${e.status} ${e.statusName}`, one('error.status'));
    same('error message is set', e.detail.length > 0, true);
  }
  for (const [name, call] of [['view', () => released.view.page()], ['store', () => released.store.size]]) {
    let status = null;
    try { call(); } catch (e) { if (!(e instanceof kalends.KalendsError)) throw e; status = e.status; }
    same(`${name} released by using()`, status, kalends.MISUSE);
  }
  console.log('ok error');
}

try {
  let started = process.hrtime.bigint();
  scenario();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const calls = ints('overhead.calls')[0];
  let sum = 0;
  let ns = 0;
  for (let round = 0; round < 2; round++) { // the second round is measured: the first warms the JIT
    started = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) sum += kalends.dateFromDayNumber(i).day;
    ns = Number(process.hrtime.bigint() - started) / calls;
  }
  same('overhead ran', sum > 0, true);
  console.log(`node: scenario ${ms.toFixed(1)} ms, date_from_day_number ${ns.toFixed(0)} ns/call (${calls} calls)`);
} catch (e) {
  console.error(`node conformance FAILED: ${e instanceof Failure || e instanceof kalends.KalendsError ? e.message : e.stack}`);
  process.exit(1);
}

/// Everything a view knows, as one value: operations build a new state and commit it
/// whole, so a failing operation changes nothing.
struct ViewState: Hashable, Sendable {
    var calendar: Calendar
    var options: ViewOptions
    var metrics: Metrics
    var anchor: Int32
    /// Derived from the rest at each commit (and checked then).
    var page: Page
    var selection = Selection()
    var focus: Int32
    var highlighted: Set<Int32> = []
    var disabled: Set<Int32> = []

    /// The options' dates inside the calendar's days.
    var bounds: ClosedRange<Int32> { ViewState.bounds(options, calendar) }

    static func bounds(_ options: ViewOptions, _ calendar: Calendar) -> ClosedRange<Int32> {
        let a = options.bounds, b = calendar.dayBounds
        let lo = max(a.lowerBound, b.lowerBound), hi = min(a.upperBound, b.upperBound)
        return lo <= hi ? lo...hi : lo...lo
    }
}

/// The last page or mode change, kept for `transitionLayout`.
enum LastChange {
    case none
    case page(from: ViewState, direction: Direction)
    case mode(from: ViewState)
}

/// The calendar view, headless (the C ABI's `kalends_view`): display mode, paging,
/// selection, keyboard focus, highlighted and disabled dates, and the layout of it all.
/// The host feeds it taps, keys and sizes, draws what `days()` and `layout()` report,
/// and hears about changes through `ViewCallbacks`.
///
/// Not thread-safe by itself (the C ABI serializes each handle). Callbacks may read the
/// view; changing it from inside a callback is `.misuse`.
public final class View {
    private(set) var state: ViewState
    public private(set) var callbacks = ViewCallbacks()
    /// Event sources asked for the visible days on every page change (Kal's data source).
    public private(set) var sources: SourceHub?
    private(set) var lastChange = LastChange.none
    private var callbackDepth = 0
    /// Event editing: options, constraints and the edit under way (Events/Editing).
    var editing = Editing()
    /// Pointer options, claimers and the press in progress (`Pointer.swift`).
    var pointer = PointerState()

    /// A view on `calendar`, showing the page of today (or of 1970-01-01 when the
    /// calendar has no today), kept within the options' minimum and maximum dates.
    public init(calendar: Calendar = Calendar.default, options: ViewOptions = ViewOptions(),
                metrics: Metrics = Metrics()) throws(KalendsError) {
        try options.validate()
        try metrics.validate()
        let bounds = ViewState.bounds(options, calendar)
        let anchor = min(max(calendar.todayDayNumber() ?? 0, bounds.lowerBound), bounds.upperBound)
        var s = ViewState(calendar: calendar, options: options, metrics: metrics, anchor: anchor,
                          page: Page(mode: options.mode, anchor: anchor, year: 1970, month: 1, first: anchor, last: anchor,
                                     systemMonth: SystemMonth(era: 1, year: 1970, month: 1, isLeapMonth: false, extendedYear: 1970,
                                                              firstDay: 0, length: 31), monthIndex: 1970 * 12),
                          focus: anchor)
        s.page = try View.page(of: s)
        state = s
    }

    // MARK: reading

    public var calendar: Calendar { state.calendar }
    public var options: ViewOptions { state.options }
    public var metrics: Metrics { state.metrics }
    public var page: Page { state.page }
    public var selection: Selection { state.selection }
    /// The keyboard focus.
    public var focus: Date { Date(uncheckedDayNumber: Int(state.focus)) }
    public var highlighted: [Int32] { state.highlighted.sorted() }
    /// The explicitly disabled days (the is-disabled callback adds more).
    public var disabledDays: [Int32] { state.disabled.sorted() }

    /// Whether a day cannot be selected: outside the minimum and maximum dates,
    /// explicitly disabled, or disabled by the callback.
    public func isDisabled(_ day: Int32) throws(KalendsError) -> Bool {
        try isDisabled(day, in: state)
    }

    func isDisabled(_ day: Int32, in s: ViewState) throws(KalendsError) -> Bool {
        if !s.bounds.contains(day) || s.disabled.contains(day) { return true }
        guard let predicate = callbacks.isDisabled else { return false }
        return try inCallback { () throws(KalendsError) in try predicate(day) }
    }

    /// The visible days with every flag a view sets: the grid's (in month, leading,
    /// trailing, today, weekend) and selected, highlighted, disabled, range position,
    /// hidden and focused.
    public func days() throws(KalendsError) -> [Day] {
        try days(of: state)
    }

    func days(of s: ViewState) throws(KalendsError) -> [Day] {
        if View.showsMonths(s) {
            return try monthsDays(of: s) { (p, span) throws(KalendsError) in try days(in: span, of: s, position: p) }
        }
        return try days(in: try View.span(of: s), of: s)
    }

    /// The visible day at `index`, built alone (hit testing needs no other day).
    func day(at index: Int, of s: ViewState) throws(KalendsError) -> Day? {
        if View.showsMonths(s) {
            guard let m = View.monthOf(index: index, in: s.page) else { return nil }
            return try days(in: m.span.with(first: m.span.first + Int32(index - m.start), count: 1), of: s,
                            position: m.position).first
        }
        let span = try View.span(of: s)
        guard index >= 0, index < Int(span.count) else { return nil }
        let one = span.with(first: span.first + Int32(index), count: 1)
        return try days(in: one, of: s).first
    }

    private func days(in span: GridSpan, of s: ViewState, position: Int = 0) throws(KalendsError) -> [Day] {
        let policy: DatePolicy? = s.options.mode == .month ? s.options.datePolicy : nil
        var out: [Day] = []
        out.reserveCapacity(Int(span.count))
        var failure: KalendsError?
        s.calendar.forEachDay(in: span) { _, day in
            guard failure == nil else { return }
            var flags = day.flags
            flags.formUnion(s.selection.flags(for: day.dayNumber))
            if s.highlighted.contains(day.dayNumber) { flags.insert(.highlighted) }
            if day.dayNumber == s.focus { flags.insert(.focused) }
            if let policy, policy.hides(flags, position: position) { flags.insert(.hidden) }
            do throws(KalendsError) {
                if try isDisabled(day.dayNumber, in: s) { flags.insert(.disabled) }
            } catch {
                failure = error
            }
            out.append(day.with(flags: flags))
        }
        if let failure { throw failure }
        return out
    }

    // MARK: changing

    /// Replaces the calendar (first weekday, week rule, weekend, today).
    public func setCalendar(_ calendar: Calendar) throws(KalendsError) {
        try checkMutable()
        var s = state
        s.calendar = calendar
        s.anchor = clamp(s.anchor, s.bounds)
        s.focus = clamp(s.focus, s.bounds)
        try commit(s, notices: [])
    }

    /// Replaces the options. A selection mode change keeps what the new mode can hold
    /// (reporting the rest as deselected); the page moves inside new bounds.
    public func setOptions(_ options: ViewOptions) throws(KalendsError) {
        try checkMutable()
        try options.validate()
        var s = state
        var notices: [Notice] = []
        if options.selectionMode != s.options.selectionMode {
            let old = s.selection
            var kept = Selection()
            switch options.selectionMode {
            case .none: break
            case .single: if let d = old.latest ?? old.rangeStart { kept.insert(d) }
            case .multiple: for d in old.endpoints { kept.insert(d) }
            case .range: if let d = old.latest ?? old.rangeStart { kept.setRange(start: d, end: nil) }
            }
            for d in old.endpoints where !kept.contains(d) { notices.append(.didDeselect(d)) }
            s.selection = kept
        }
        s.options = options
        s.anchor = clamp(s.anchor, s.bounds)
        s.focus = clamp(s.focus, s.bounds)
        try commit(s, notices: notices)
    }

    /// Replaces the metrics (sizes only; the page stays).
    public func setMetrics(_ metrics: Metrics) throws(KalendsError) {
        try checkMutable()
        try metrics.validate()
        var s = state
        s.metrics = metrics
        try commit(s, notices: [])
    }

    public func setCallbacks(_ callbacks: ViewCallbacks) throws(KalendsError) {
        try checkMutable()
        self.callbacks = callbacks
    }

    /// Switches month / week / day. Week and day mode show the day selected last,
    /// else the page's anchor.
    @discardableResult
    public func setMode(_ mode: DisplayMode) throws(KalendsError) -> ModeChange {
        try checkMutable()
        let before = try? intrinsicSize()
        let from = state.options.mode
        var s = state
        s.options.mode = mode
        if mode != .month, let picked = s.selection.latest ?? s.selection.rangeStart,
           s.bounds.contains(picked) {
            s.anchor = picked
        }
        if !View.period(of: try View.page(of: s)).contains(s.focus) { s.focus = s.anchor }
        try commit(s, notices: [])
        return ModeChange(from: from, to: mode, heightBefore: before?.height, heightAfter: (try? intrinsicSize())?.height)
    }

    @discardableResult
    public func nextPage() throws(KalendsError) -> Transition { try turnPage(.forward) }

    @discardableResult
    public func previousPage() throws(KalendsError) -> Transition { try turnPage(.backward) }

    /// Shows the page holding `date` and puts the focus on it.
    @discardableResult
    public func goTo(_ date: Date) throws(KalendsError) -> Transition {
        try checkMutable()
        let day = date.dayNumber
        let bounds = state.bounds
        guard bounds.contains(day) else {
            throw KalendsError(.outOfRange, "\(date) is outside the view's dates "
                + "\(Date(uncheckedDayNumber: Int(bounds.lowerBound)))...\(Date(uncheckedDayNumber: Int(bounds.upperBound)))")
        }
        let from = state.page
        var s = state
        // Several months: a date already shown keeps the page.
        s.anchor = View.showsMonths(s) && View.period(of: s.page).contains(day) ? s.anchor : day
        s.focus = day
        try commit(s, notices: [])
        return transition(from: from)
    }

    /// Shows the page holding the calendar's today.
    @discardableResult
    public func goToToday() throws(KalendsError) -> Transition {
        guard let today = state.calendar.today() else {
            throw KalendsError(.notFound, "the calendar marks no day as today (today mode is off)")
        }
        return try goTo(today)
    }

    /// Selects `date` as the selection mode says: single replaces, multiple adds,
    /// range starts, ends or moves the start. A day on another page moves the page.
    @discardableResult
    public func select(_ date: Date) throws(KalendsError) -> Action {
        try checkMutable()
        var s = state
        let from = s.page
        let (outcome, notices) = try select(date.dayNumber, in: &s, toggle: false, movePage: true)
        guard outcome == .selected else { return Action(outcome: outcome, day: date.dayNumber, transition: stay) }
        try commit(s, notices: notices)
        return Action(outcome: outcome, day: date.dayNumber, transition: transition(from: from))
    }

    /// Deselects `date`; in range mode a day of the range clears the range.
    @discardableResult
    public func deselect(_ date: Date) throws(KalendsError) -> Action {
        try checkMutable()
        var s = state
        guard let notices = deselect(date.dayNumber, in: &s) else {
            return Action(outcome: .none, day: date.dayNumber, transition: stay)
        }
        try commit(s, notices: notices)
        return Action(outcome: .deselected, day: date.dayNumber, transition: stay)
    }

    public func clearSelection() throws(KalendsError) {
        try checkMutable()
        var s = state
        let removed = s.selection.endpoints
        guard !removed.isEmpty else { return }
        s.selection.removeAll()
        try commit(s, notices: removed.map(Notice.didDeselect))
    }

    /// Replaces the highlighted days (SwiftUI CalendarView's highlighted dates).
    public func setHighlighted(_ days: [Int32]) throws(KalendsError) { try replaceDays(\.highlighted, days) }

    /// Replaces the explicitly disabled days.
    public func setDisabled(_ days: [Int32]) throws(KalendsError) { try replaceDays(\.disabled, days) }

    private func replaceDays(_ set: WritableKeyPath<ViewState, Set<Int32>>, _ days: [Int32]) throws(KalendsError) {
        try checkMutable()
        for d in days { try Gregorian.checkDayNumber(d) }
        var s = state
        s[keyPath: set] = Set(days)
        try commit(s, notices: [])
    }

    /// Attaches a store (nil detaches it and every source): the view's sources (added
    /// after this, `addSource`) answer into it, their events of the days shown in `zone`.
    /// `synchronize` runs each answer's store change (the owner's lock on the store: the
    /// C ABI's store handle is shared between threads).
    public func setStore(_ store: EventStore?, zone: any LocalDays = UTCDays(),
                         synchronize: ((_ body: () throws(KalendsError) -> Void) throws(KalendsError) -> Void)? = nil) throws(KalendsError) {
        guard let store else { return try setSources(nil) }
        let hub = SourceHub(store: store, zone: zone)
        if let synchronize { hub.synchronize = synchronize }
        try setSources(hub)
    }

    /// Requests of asynchronous sources not answered yet.
    public var pendingRequests: Int { sources?.pendingRequests ?? 0 }

    /// Attaches event sources (nil detaches): they are asked for the current page now
    /// and on every page change. A source's failure is thrown after the change.
    public func setSources(_ hub: SourceHub?) throws(KalendsError) {
        try checkMutable()
        sources = hub
        guard let hub else { return }
        let page = state.page
        try inCallback { () throws(KalendsError) in try hub.show(page.first, page.last) }
    }

    // MARK: internals shared with the keyboard and tap handlers

    /// What a change tells the host's callbacks (after it is committed): notices, not
    /// the events of the event model.
    enum Notice {
        case didSelect(Int32)
        case didDeselect(Int32)
        case pageChanged(Transition)
        case contentSizeChanged(Size, Size)
    }

    /// The no-change transition of the current page.
    var stay: Transition { Transition(direction: .none, from: state.page, to: state.page) }

    func transition(from: Page) -> Transition {
        let to = state.page
        let direction: Direction = to.first > from.first ? .forward : (to.first < from.first ? .backward : .none)
        return Transition(direction: direction, from: from, to: to)
    }

    func checkMutable() throws(KalendsError) {
        guard callbackDepth == 0 else {
            throw KalendsError(.misuse, "a view cannot be changed from inside one of its callbacks")
        }
    }

    /// Runs host code: the view reads as it was, changes are refused meanwhile.
    func inCallback<T>(_ body: () throws(KalendsError) -> T) throws(KalendsError) -> T {
        callbackDepth += 1
        defer { callbackDepth -= 1 }
        return try body()
    }

    /// The selection step of `select`, tap and keys, on a draft state: checks and asks
    /// (disabled, should-select, will-select) before changing anything. `toggle`:
    /// a tap on a selected day in multiple mode deselects it.
    func select(_ day: Int32, in s: inout ViewState, toggle: Bool, movePage: Bool) throws(KalendsError) -> (Outcome, [Notice]) {
        try Gregorian.checkDayNumber(day)
        guard s.options.selectionMode != .none else { return (.none, []) }
        if toggle, s.options.selectionMode == .multiple, s.selection.contains(day) {
            guard let notices = deselect(day, in: &s) else { return (.none, []) }
            s.focus = day
            return (.deselected, notices)
        }
        if s.options.selectionMode == .single, s.selection.days == [day] { return (.none, []) }
        if s.options.selectionMode == .multiple, s.selection.contains(day) { return (.none, []) }
        if try isDisabled(day, in: s) { return (.disabled, []) }
        if let should = callbacks.shouldSelect {
            let allowed = try inCallback { () throws(KalendsError) in try should(day) }
            if !allowed { return (.vetoed, []) }
        }
        if let will = callbacks.willSelect {
            try inCallback { () throws(KalendsError) in try will(day) }
        }
        var notices: [Notice] = []
        let old = s.selection
        switch s.options.selectionMode {
        case .none: break
        case .single:
            notices += old.days.map(Notice.didDeselect)
            s.selection.removeAll()
            s.selection.insert(day)
        case .multiple:
            s.selection.insert(day)
        case .range:
            if let start = old.rangeStart, old.rangeEnd == nil {
                if day < start {
                    notices.append(.didDeselect(start))   // the start moves
                    s.selection.setRange(start: day, end: nil)
                } else {
                    s.selection.setRange(start: start, end: day)
                }
            } else {
                notices += old.endpoints.map(Notice.didDeselect)   // a third tap starts again
                s.selection.removeAll()
                s.selection.setRange(start: day, end: nil)
            }
        }
        notices.append(.didSelect(day))
        s.focus = day
        if movePage && !View.period(of: s.page).contains(day) {
            s.anchor = View.anchor(showing: day, in: s)
        }
        return (.selected, notices)
    }

    /// Removes `day` from a draft selection; nil when it was not selected.
    func deselect(_ day: Int32, in s: inout ViewState) -> [Notice]? {
        guard s.selection.contains(day) else { return nil }
        if s.selection.rangeStart != nil {
            let endpoints = s.selection.endpoints
            s.selection.removeAll()
            return endpoints.map(Notice.didDeselect)
        }
        s.selection.remove(day)
        return [.didDeselect(day)]
    }

    func turnPage(_ direction: Direction) throws(KalendsError) -> Transition {
        try checkMutable()
        let from = state.page
        var s = state
        let target = clamp(View.step(s.anchor, in: s, by: Int(direction.rawValue)), s.bounds)
        guard !View.samePeriod(target, s.anchor, s) else { return stay }
        s.anchor = target
        if !View.period(of: try View.page(of: s)).contains(s.focus) { s.focus = target }
        try commit(s, notices: [])
        return transition(from: from)
    }

    /// Makes `next` the state, then tells the host: deselections and selections in
    /// order, then (when the page moved) asks the sources for the new page, then the
    /// page change, then the content size change. Sources before `page_changed` is Kal's
    /// order (the model moves, the data source is asked for the new range, then the
    /// views slide): a host that slides on `page_changed` finds the synchronous
    /// sources' events of the new page already in the store. A failing callback or
    /// source does not undo the change (it has happened); the first failure is thrown
    /// after every callback has run.
    func commit(_ next: ViewState, notices: [Notice]) throws(KalendsError) {
        var s = next
        s.page = try View.page(of: s)
        let old = state
        let sizeBefore = View.intrinsicSize(of: old)
        let sizeAfter = View.intrinsicSize(of: s)
        state = s
        var all = notices
        if old.page != s.page {
            let t = transition(from: old.page)
            lastChange = old.page.mode != s.page.mode ? .mode(from: old) : .page(from: old, direction: t.direction)
            all.append(.pageChanged(t))
        }
        if let a = sizeBefore, let b = sizeAfter, a != b {
            all.append(.contentSizeChanged(a, b))
        }
        var firstFailure: KalendsError?
        for event in all {
            if case .pageChanged = event, let hub = sources {
                let page = s.page
                do {
                    try inCallback { () throws(KalendsError) in try hub.show(page.first, page.last) }
                } catch {
                    if firstFailure == nil { firstFailure = error }
                }
            }
            do {
                try inCallback { () throws(KalendsError) in try fire(event) }
            } catch {
                if firstFailure == nil { firstFailure = error }
            }
        }
        if let firstFailure { throw firstFailure }
    }

    private func fire(_ event: Notice) throws(KalendsError) {
        switch event {
        case .didSelect(let d): try callbacks.didSelect?(d)
        case .didDeselect(let d): try callbacks.didDeselect?(d)
        case .pageChanged(let t): try callbacks.pageChanged?(t)
        case .contentSizeChanged(let a, let b): try callbacks.contentSizeChanged?(a, b)
        }
    }

    // MARK: pages

    static func span(of s: ViewState) throws(KalendsError) -> GridSpan {
        switch s.options.mode {
        case .month: return try s.calendar.monthSpan(containing: s.anchor, rows: s.options.rows)
        case .week: return try s.calendar.weekSpan(containing: Date(uncheckedDayNumber: Int(s.anchor)))
        case .day: return try s.calendar.daySpan(s.anchor)
        }
    }

    static func page(of s: ViewState) throws(KalendsError) -> Page {
        if showsMonths(s) {
            let spans = try monthSpans(of: s)
            let span = spans[0], end = spans[spans.count - 1]
            var page = Page(mode: s.options.mode, anchor: s.anchor, year: span.year, month: span.month,
                            first: span.first, last: end.first + end.count - 1,
                            systemMonth: try s.calendar.month(index: span.monthIndex), monthIndex: span.monthIndex)
            page.monthSpans = spans
            page.lastMonthDay = Int32(truncatingIfNeeded: try s.calendar.month(index: end.monthIndex).lastDay)
            return page
        }
        let span = try span(of: s)
        let month = try s.calendar.month(index: span.monthIndex)
        return Page(mode: s.options.mode, anchor: s.anchor, year: span.year, month: span.month,
                    first: span.first, last: span.first + span.count - 1, systemMonth: month, monthIndex: span.monthIndex)
    }

    /// The days a page is about: its month, its week or its day.
    static func period(of page: Page) -> DayRange {
        switch page.mode {
        case .month:
            return DayRange(first: Int32(truncatingIfNeeded: page.systemMonth.firstDay),
                            last: page.monthSpans.isEmpty ? Int32(truncatingIfNeeded: page.systemMonth.lastDay) : page.lastMonthDay)
        case .week: return page.range
        case .day: return DayRange(first: page.anchor, last: page.anchor)
        }
    }

    static func samePeriod(_ a: Int32, _ b: Int32, _ s: ViewState) -> Bool {
        switch s.options.mode {
        case .month:
            guard let x = try? s.calendar.monthIndex(containing: a), let y = try? s.calendar.monthIndex(containing: b) else { return a == b }
            return x == y
        case .week:
            let first = s.calendar.options.firstWeekday
            return a - Weekday(dayNumber: a).days(since: first) == b - Weekday(dayNumber: b).days(since: first)
        case .day: return a == b
        }
    }

    /// The anchor one page on: the same day a month later in the calendar's system
    /// (clamped to the month's length), a week, a day. Past the calendar's days, the
    /// nearest bound.
    static func step(_ day: Int32, in s: ViewState, by pages: Int) -> Int32 {
        let moved: Int
        switch s.options.mode {
        case .month:
            if let m = try? s.calendar.adding(months: pages * pageMonths(s), to: day) { return m }
            return pages < 0 ? s.bounds.lowerBound : s.bounds.upperBound
        case .week: moved = Int(day) + 7 * pages
        case .day: moved = Int(day) + pages
        }
        return Int32(clamping: moved)
    }

    func clamp(_ day: Int32, _ bounds: ClosedRange<Int32>) -> Int32 {
        min(max(day, bounds.lowerBound), bounds.upperBound)
    }

    /// Shows a gesture's preview as the selection, without callbacks: the drag's
    /// release commits it (and tells the callbacks), its cancel puts the old one back.
    func showPreview(_ selection: Selection) {
        state.selection = selection
    }
}

// kalends_view through the C ABI, with an API that mirrors Python's kalends.View.
import CKalends

/// Holds a view's Swift callbacks for the C trampolines, and the first error one of
/// them threw during the current call.
private final class CallbackBox {
    let library: Library
    let callbacks: ViewCallbacks
    var failure: KalendsError?

    init(library: Library, callbacks: ViewCallbacks) {
        self.library = library
        self.callbacks = callbacks
    }

    static func from(_ user: UnsafeMutableRawPointer?) -> CallbackBox? {
        user.map { Unmanaged<CallbackBox>.fromOpaque($0).takeUnretainedValue() }
    }

    func date(_ day: Int32) throws(KalendsError) -> Date { try Date(dayNumber: day, library: library) }

    /// Runs a callback, keeping its error for the wrapper to rethrow.
    func run(_ failed: Int32, _ body: () throws(KalendsError) -> Int32) -> Int32 {
        do {
            return try body()
        } catch {
            if failure == nil { failure = error }
            return failed
        }
    }
}

/// A calendar view (`kalends_view`). Released when the last reference goes or by `close()`.
public final class View: @unchecked Sendable {
    public let library: Library
    public let handle: OpaquePointer
    private var closed = false
    private var box: CallbackBox?

    /// A view of `calendar` (nil: ISO defaults) with `options` and `metrics` (nil: the
    /// library's defaults).
    public init(calendar: Calendar? = nil, options: ViewOptions? = nil, metrics: Metrics? = nil,
                library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library ?? calendar?.library)
        var out: OpaquePointer?
        try lib.check(withOptionalPointer(options?.c) { o in withOptionalPointer(metrics?.c) { m in
            lib.c.viewNew(calendar?.handle, o, m, &out)
        } })
        guard let out else { throw KalendsError(.misuse, "kalends_view_new returned no handle") }
        self.library = lib
        self.handle = out
    }

    deinit {
        close()
    }

    /// Releases the handle; later calls fail with `.misuse`. Idempotent.
    public func close() {
        guard !closed else { return }
        closed = true
        _ = library.c.viewFree(handle)
        if let box { Unmanaged.passUnretained(box).release() }
        box = nil
    }

    /// check(), rethrowing a callback's own error when it caused the failure.
    private func check(_ status: Int32) throws(KalendsError) {
        let failure = box?.failure
        box?.failure = nil
        if status == KALENDS_E_CALLBACK, let failure { throw failure }
        try library.check(status)
    }

    // MARK: configuration

    public var options: ViewOptions {
        get throws(KalendsError) {
            var c = kalends_view_options()
            c.struct_size = UInt32(MemoryLayout<kalends_view_options>.size)
            try check(library.c.viewGetOptions(handle, &c))
            return ViewOptions(c, library)
        }
    }

    public func setOptions(_ options: ViewOptions) throws(KalendsError) {
        var c = options.c
        try check(library.c.viewSetOptions(handle, &c))
    }

    public var metrics: Metrics {
        get throws(KalendsError) {
            var c = kalends_view_metrics()
            c.struct_size = UInt32(MemoryLayout<kalends_view_metrics>.size)
            try check(library.c.viewGetMetrics(handle, &c))
            return Metrics(c)
        }
    }

    public func setMetrics(_ metrics: Metrics) throws(KalendsError) {
        var c = metrics.c
        try check(library.c.viewSetMetrics(handle, &c))
    }

    public func setCalendar(_ calendar: Calendar) throws(KalendsError) {
        try check(library.c.viewSetCalendar(handle, calendar.handle))
    }

    /// Installs callbacks, replacing earlier ones.
    public func setCallbacks(_ callbacks: ViewCallbacks) throws(KalendsError) {
        let newBox = CallbackBox(library: library, callbacks: callbacks)
        var c = kalends_view_callbacks()
        c.struct_size = UInt32(MemoryLayout<kalends_view_callbacks>.size)
        c.user_data = Unmanaged.passRetained(newBox).toOpaque()
        if callbacks.isDisabled != nil {
            c.is_disabled = { user, day in
                guard let box = CallbackBox.from(user), let fn = box.callbacks.isDisabled else { return 2 }
                return box.run(2) { () throws(KalendsError) -> Int32 in try fn(try box.date(day)) ? 1 : 0 }
            }
        }
        if callbacks.shouldSelect != nil {
            c.should_select = { user, day in
                guard let box = CallbackBox.from(user), let fn = box.callbacks.shouldSelect else { return 2 }
                return box.run(2) { () throws(KalendsError) -> Int32 in try fn(try box.date(day)) ? 1 : 0 }
            }
        }
        if callbacks.willSelect != nil {
            c.will_select = { user, day in
                guard let box = CallbackBox.from(user), let fn = box.callbacks.willSelect else { return KALENDS_E_CALLBACK }
                return box.run(KALENDS_E_CALLBACK) { () throws(KalendsError) -> Int32 in try fn(try box.date(day)); return 0 }
            }
        }
        if callbacks.didSelect != nil {
            c.did_select = { user, day in
                guard let box = CallbackBox.from(user), let fn = box.callbacks.didSelect else { return KALENDS_E_CALLBACK }
                return box.run(KALENDS_E_CALLBACK) { () throws(KalendsError) -> Int32 in try fn(try box.date(day)); return 0 }
            }
        }
        if callbacks.didDeselect != nil {
            c.did_deselect = { user, day in
                guard let box = CallbackBox.from(user), let fn = box.callbacks.didDeselect else { return KALENDS_E_CALLBACK }
                return box.run(KALENDS_E_CALLBACK) { () throws(KalendsError) -> Int32 in try fn(try box.date(day)); return 0 }
            }
        }
        if callbacks.pageChanged != nil {
            c.page_changed = { user, transition in
                guard let box = CallbackBox.from(user), let fn = box.callbacks.pageChanged, let transition else {
                    return KALENDS_E_CALLBACK
                }
                return box.run(KALENDS_E_CALLBACK) { () throws(KalendsError) -> Int32 in
                    try fn(Transition(transition.pointee))
                    return 0
                }
            }
        }
        if callbacks.contentSizeChanged != nil {
            c.content_size_changed = { user, before, after in
                guard let box = CallbackBox.from(user), let fn = box.callbacks.contentSizeChanged, let before, let after else {
                    return KALENDS_E_CALLBACK
                }
                return box.run(KALENDS_E_CALLBACK) { () throws(KalendsError) -> Int32 in
                    try fn(Size(width: before.pointee.width, height: before.pointee.height),
                           Size(width: after.pointee.width, height: after.pointee.height))
                    return 0
                }
            }
        }
        let status = library.c.viewSetCallbacks(handle, &c)
        guard status == KALENDS_OK else {
            Unmanaged.passUnretained(newBox).release()
            try library.check(status)
            return
        }
        if let old = box { Unmanaged.passUnretained(old).release() }
        box = newBox
    }

    // MARK: mode and pages

    @discardableResult
    public func setMode(_ mode: DisplayMode) throws(KalendsError) -> ModeChange {
        var out = kalends_mode_change()
        try check(library.c.viewSetMode(handle, mode.rawValue, &out))
        return ModeChange(out)
    }

    public var page: Page {
        get throws(KalendsError) {
            var out = kalends_page()
            try check(library.c.viewPage(handle, &out))
            return Page(out)
        }
    }

    @discardableResult
    public func nextPage() throws(KalendsError) -> Transition {
        var out = kalends_transition()
        try check(library.c.viewNextPage(handle, &out))
        return Transition(out)
    }

    @discardableResult
    public func previousPage() throws(KalendsError) -> Transition {
        var out = kalends_transition()
        try check(library.c.viewPreviousPage(handle, &out))
        return Transition(out)
    }

    @discardableResult
    public func goTo(_ date: Date) throws(KalendsError) -> Transition {
        var c = date.c
        var out = kalends_transition()
        try check(library.c.viewGoTo(handle, &c, &out))
        return Transition(out)
    }

    @discardableResult
    public func goToToday() throws(KalendsError) -> Transition {
        var out = kalends_transition()
        try check(library.c.viewGoToToday(handle, &out))
        return Transition(out)
    }

    // MARK: selection

    @discardableResult
    public func select(_ date: Date) throws(KalendsError) -> Action {
        var c = date.c
        var out = kalends_action()
        try check(library.c.viewSelect(handle, &c, &out))
        return Action(out)
    }

    @discardableResult
    public func deselect(_ date: Date) throws(KalendsError) -> Action {
        var c = date.c
        var out = kalends_action()
        try check(library.c.viewDeselect(handle, &c, &out))
        return Action(out)
    }

    public func clearSelection() throws(KalendsError) {
        try check(library.c.viewClearSelection(handle))
    }

    public var selection: Selection {
        get throws(KalendsError) {
            var out = kalends_selection()
            try check(library.c.viewSelection(handle, &out))
            return Selection(out)
        }
    }

    private func dayList(_ fn: (OpaquePointer?, UnsafeMutablePointer<Int32>?, Int32, UnsafeMutablePointer<Int32>?) -> Int32)
        throws(KalendsError) -> [Int32] {
        var count: Int32 = 0
        try check(fn(handle, nil, 0, &count))
        var buffer = [Int32](repeating: 0, count: Int(max(count, 1)))
        let status = buffer.withUnsafeMutableBufferPointer { fn(handle, $0.baseAddress, count, &count) }
        try check(status)
        return Array(buffer.prefix(Int(count)))
    }

    /// Every selected day, ascending (all days of a range), as day numbers.
    public func selectedDays() throws(KalendsError) -> [Int32] { try dayList(library.c.viewSelectedDays) }

    public var highlighted: [Int32] { get throws(KalendsError) { try dayList(library.c.viewHighlighted) } }
    public var disabled: [Int32] { get throws(KalendsError) { try dayList(library.c.viewDisabled) } }

    public func setHighlighted(_ days: [Int32]) throws(KalendsError) {
        let status = days.withUnsafeBufferPointer { library.c.viewSetHighlighted(handle, $0.baseAddress, Int32(days.count)) }
        try check(status)
    }

    public func setDisabled(_ days: [Int32]) throws(KalendsError) {
        let status = days.withUnsafeBufferPointer { library.c.viewSetDisabled(handle, $0.baseAddress, Int32(days.count)) }
        try check(status)
    }

    // MARK: keyboard

    public var focus: Date {
        get throws(KalendsError) {
            var out = kalends_date()
            try check(library.c.viewFocus(handle, &out))
            return try Date(year: out.year, month: out.month, day: out.day, library: library)
        }
    }

    @discardableResult
    public func key(_ key: Key) throws(KalendsError) -> Action {
        var out = kalends_action()
        try check(library.c.viewKey(handle, key.rawValue, &out))
        return Action(out)
    }

    // MARK: what to draw

    public func days() throws(KalendsError) -> [Day] {
        var buffer = [kalends_day](repeating: kalends_day(), count: Int(KALENDS_GRID_MAX_DAYS))
        var count: Int32 = 0
        let status = buffer.withUnsafeMutableBufferPointer { library.c.viewDays(handle, $0.baseAddress, Int32($0.count), &count) }
        try check(status)
        return buffer.prefix(Int(count)).map { Day($0, library) }
    }

    public func intrinsicSize() throws(KalendsError) -> Size {
        var out = kalends_size()
        try check(library.c.viewIntrinsicSize(handle, &out))
        return Size(width: out.width, height: out.height)
    }

    private func elements(_ fill: (UnsafeMutablePointer<kalends_element>?, Int32, UnsafeMutablePointer<Int32>) -> Int32)
        throws(KalendsError) -> [Element] {
        var count: Int32 = 0
        try check(fill(nil, 0, &count))
        var buffer = [kalends_element](repeating: kalends_element(), count: Int(max(count, 1)))
        let capacity = count
        let status = buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress, capacity, &count) }
        try check(status)
        return buffer.prefix(Int(count)).map(Element.init)
    }

    public func layout() throws(KalendsError) -> [Element] {
        try elements { library.c.viewLayout(handle, $0, $1, $2) }
    }

    public func hitTest(x: Double, y: Double) throws(KalendsError) -> Element {
        var out = kalends_element()
        try check(library.c.viewHitTest(handle, x, y, &out))
        return Element(out)
    }

    @discardableResult
    public func tap(x: Double, y: Double) throws(KalendsError) -> (element: Element, action: Action) {
        var hit = kalends_element()
        var out = kalends_action()
        try check(library.c.viewTap(handle, x, y, &hit, &out))
        return (Element(hit), Action(out))
    }

    public func transitionLayout(progress: Double, curve: TimingCurve = .easeInOut) throws(KalendsError) -> TransitionFrame {
        var height = 0.0
        let list = try elements { library.c.viewTransitionLayout(handle, progress, curve.rawValue, $0, $1, $2, &height) }
        return TransitionFrame(elements: list, height: height)
    }

    public func accessibilityLabel(_ date: Date) throws(KalendsError) -> String {
        var c = date.c
        return try library.readString { library.c.viewAccessibilityLabel(handle, &c, $0, $1, $2) }
    }
}

/// The eased value of `progress` on `curve`.
public func curveValue(_ curve: TimingCurve, _ progress: Double, library: Library? = nil) throws(KalendsError) -> Double {
    let lib = try Library.resolve(library)
    var out = 0.0
    try lib.check(lib.c.curveValue(curve.rawValue, progress, &out))
    return out
}

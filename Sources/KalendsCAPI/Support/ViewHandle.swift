// The object behind a kalends_view handle: the core View behind a recursive mutex (a
// callback runs inside a call and may call back in on the same thread), and the
// bridge from C callbacks to the core's closures.
import CKalends
import KalendsCore
import KalendsSystem

final class ViewHandle: @unchecked Sendable {
    private let view: View
    private let mutex = Mutex(recursive: true)

    init(_ view: View) { self.view = view }

    /// Runs `body` with the view, serialized with every other thread's calls.
    func with<T>(_ body: (View) throws(KalendsError) -> T) throws(KalendsError) -> T {
        try mutex.withLock { () throws(KalendsError) -> T in try body(view) }
    }

    /// As `with`, if the lock can be taken at once (nil otherwise).
    func tryWith<T>(_ body: (View) throws(KalendsError) -> T) throws(KalendsError) -> T? {
        try mutex.withTryLock { () throws(KalendsError) -> T in try body(view) }
    }
}

/// A view handle as an Auto Layout item's content: the view is reached under its lock.
extension ViewHandle: LayoutContent {
    func height(forWidth width: Double) throws(KalendsError) -> Double {
        try with { (v) throws(KalendsError) in try v.height(forWidth: width) }
    }

    func takeWidth(_ width: Double) throws(KalendsError) {
        try with { (v) throws(KalendsError) in try v.takeWidth(width) }
    }
}

/// Core callbacks that call the host's C function pointers.
func bridge(_ c: kalends_view_callbacks) -> ViewCallbacks {
    let user = c.user_data
    func predicate(_ fn: kalends_day_predicate?, _ name: String) -> ((Int32) throws(KalendsError) -> Bool)? {
        guard let fn else { return nil }
        return { (day: Int32) throws(KalendsError) -> Bool in
            switch fn(user, day) {
            case 1: return true
            case 0: return false
            case let other:
                throw KalendsError(.callback, "\(name) callback returned \(other); it must return 1 or 0")
            }
        }
    }
    func notify(_ name: String, _ status: kalends_status) throws(KalendsError) {
        guard status == KALENDS_OK else {
            let known = KalendsError.Code(rawValue: status).map { " (\($0.name))" } ?? ""
            throw KalendsError(.callback, "\(name) callback returned status \(status)\(known)")
        }
    }
    func day(_ fn: kalends_day_callback?, _ name: String) -> ((Int32) throws(KalendsError) -> Void)? {
        guard let fn else { return nil }
        return { (day: Int32) throws(KalendsError) in try notify(name, fn(user, day)) }
    }
    var callbacks = ViewCallbacks()
    callbacks.isDisabled = predicate(c.is_disabled, "is_disabled")
    callbacks.shouldSelect = predicate(c.should_select, "should_select")
    callbacks.willSelect = day(c.will_select, "will_select")
    callbacks.didSelect = day(c.did_select, "did_select")
    callbacks.didDeselect = day(c.did_deselect, "did_deselect")
    if let fn = c.page_changed {
        callbacks.pageChanged = { (t: Transition) throws(KalendsError) in
            var ct = t.c
            try notify("page_changed", fn(user, &ct))
        }
    }
    if let fn = c.content_size_changed {
        callbacks.contentSizeChanged = { (before: Size, after: Size) throws(KalendsError) in
            var a = before.c, b = after.c
            try notify("content_size_changed", fn(user, &a, &b))
        }
    }
    return callbacks
}

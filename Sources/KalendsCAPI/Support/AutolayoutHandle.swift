// The object behind a kalends_autolayout handle: the core AutoLayout behind a
// recursive mutex (measure and broken-constraint callbacks run inside a solve and may
// call back in on the same thread to read).
import CKalends
import KalendsCore
import KalendsSystem

final class AutolayoutHandle: @unchecked Sendable {
    private let layout = AutoLayout()
    private let mutex = Mutex(recursive: true)

    /// Runs `body` with the layout, serialized with every other thread's calls.
    func update<T>(_ body: (inout AutoLayout) throws(KalendsError) -> T) throws(KalendsError) -> T {
        // A local reference per call: a re-entrant call (from a callback inside a solve)
        // must not overlap an access to a stored property.
        try mutex.withLock { () throws(KalendsError) -> T in
            var reference = layout
            return try body(&reference)
        }
    }
}

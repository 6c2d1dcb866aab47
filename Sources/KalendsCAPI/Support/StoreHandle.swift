// The object behind a kalends_store handle: the core EventStore behind a mutex.
import CKalends
import KalendsCore
import KalendsSystem

final class StoreHandle: @unchecked Sendable {
    let store = EventStore()
    private let mutex = Mutex(recursive: true)

    /// Runs `body` with the store under its lock.
    func with<T>(_ body: (EventStore) throws(KalendsError) -> T) throws(KalendsError) -> T {
        try mutex.withLock { () throws(KalendsError) -> T in try body(store) }
    }

    /// Runs `body` under the store's lock (a view's sources' answers: View.setStore).
    func synchronized(_ body: () throws(KalendsError) -> Void) throws(KalendsError) {
        try mutex.withLock { () throws(KalendsError) in try body() }
    }
}

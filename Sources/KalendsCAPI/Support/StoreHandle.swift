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

func storeHandle(_ handle: OpaquePointer?) throws(KalendsError) -> StoreHandle {
    try HandleRegistry.shared.object(handle, kind: .store, as: StoreHandle.self)
}

/// The object behind a kalends_timezone handle.
final class ZoneHandle: @unchecked Sendable {
    let zone: KalendsCore.TimeZone
    init(_ zone: KalendsCore.TimeZone) { self.zone = zone }
}

/// A zone argument: NULL is UTC.
func zone(_ handle: OpaquePointer?) throws(KalendsError) -> any LocalDays {
    guard let handle else { return UTCDays() }
    return try HandleRegistry.shared.object(handle, kind: .timezone, as: ZoneHandle.self).zone
}

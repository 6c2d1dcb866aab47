// Locks: the one place the library's handles meet pthreads.
import KalendsCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A pthread mutex at a stable address (a `pthread_mutex_t` must never move): the one
/// lock of the library (handles here, the core's caches as its PlatformLock).
public final class Mutex: PlatformLock, @unchecked Sendable {
    @usableFromInline let raw: UnsafeMutablePointer<pthread_mutex_t>

    /// A recursive mutex may be locked again by the thread holding it: a view's
    /// callbacks call back into the view on the same thread.
    public init(recursive: Bool = false) {
        raw = .allocate(capacity: 1)
        raw.initialize(to: pthread_mutex_t())
        if recursive {
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
            pthread_mutex_init(raw, &attributes)
            pthread_mutexattr_destroy(&attributes)
        } else {
            pthread_mutex_init(raw, nil)
        }
    }

    deinit {
        pthread_mutex_destroy(raw)
        raw.deallocate()
    }

    public func lock() { pthread_mutex_lock(raw) }
    public func unlock() { pthread_mutex_unlock(raw) }

    /// Runs `body` if the lock can be taken at once; nil when another thread holds it.
    @inlinable
    public func withTryLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T? {
        guard pthread_mutex_trylock(raw) == 0 else { return nil }
        defer { pthread_mutex_unlock(raw) }
        return try body()
    }

    @inlinable @inline(__always)
    public func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(raw)
        defer { pthread_mutex_unlock(raw) }
        return try body()
    }
}

/// A value behind a mutex: the state of one handle. Every access serializes, so a
/// handle can be shared between threads. The value lives at a fixed address outside the
/// object, so accesses need no dynamic exclusivity bookkeeping (the mutex is the
/// exclusivity).
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let storage: UnsafeMutablePointer<Value>
    @usableFromInline let mutex = Mutex()

    public init(_ value: Value) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// A copy of the current value.
    @inlinable
    public var snapshot: Value { mutex.withLock { storage.pointee } }

    /// Mutates the value under the lock. Callers validate before they assign, so a
    /// throwing `body` leaves the value as it was.
    @inlinable
    public func update<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        try mutex.withLock { () throws(E) -> T in try body(&storage.pointee) }
    }
}

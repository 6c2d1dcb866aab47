// The registry of live handles. A handle given to C is not an object address but a
// token: (generation << 32) | (slot + 1). Looking one up checks the slot exists, is
// live, has the same generation and holds the expected kind of object, so a freed,
// foreign or wrong-type pointer is KALENDS_E_MISUSE instead of a crash. Freed slots go
// to the back of a FIFO and their generation is bumped, so a stale handle stays
// invalid until its slot has been reused 2^32 times.
import CKalends
import KalendsCore
import KalendsSystem

#if !_pointerBitWidth(_64)
#error("handle tokens assume 64-bit pointers")
#endif

final class HandleRegistry: @unchecked Sendable {
    static let shared = HandleRegistry()

    private struct Slot {
        var generation: UInt32 = 1
        var kind: HandleKind?
        var object: AnyObject?
    }

    private struct State {
        var slots: [Slot] = []
        // FIFO of free slot indices as two stacks (amortized O(1)).
        var freeIn: [Int] = []
        var freeOut: [Int] = []
    }

    private let mutex = Mutex()
    // At a fixed address, guarded by `mutex` (no dynamic exclusivity bookkeeping).
    private let state: UnsafeMutablePointer<State> = {
        let p = UnsafeMutablePointer<State>.allocate(capacity: 1)
        p.initialize(to: State())
        return p
    }()

    /// Registers `object` and returns its token.
    func register(_ object: AnyObject, kind: HandleKind) throws(KalendsError) -> OpaquePointer {
        let bits: UInt = mutex.withLock {
            let s = state
            if s.pointee.freeOut.isEmpty {
                s.pointee.freeOut = s.pointee.freeIn.reversed()
                s.pointee.freeIn.removeAll(keepingCapacity: true)
            }
            let index: Int
            if let reused = s.pointee.freeOut.popLast() {
                index = reused
            } else {
                index = s.pointee.slots.count
                s.pointee.slots.append(Slot())
            }
            s.pointee.slots[index].kind = kind
            s.pointee.slots[index].object = object
            return UInt(s.pointee.slots[index].generation) << 32 | UInt(index + 1)
        }
        // bits >= 2^32 (generation >= 1), so the token is never NULL.
        guard let token = OpaquePointer(bitPattern: bits) else {
            throw KalendsError(.misuse, "handle registry produced a NULL token")
        }
        (object as? ReplaceableState)?.token = token
        return token
    }

    /// The live object behind `handle`, retained for the caller's use even if another
    /// thread frees the handle meanwhile.
    func object<T: AnyObject>(_ handle: OpaquePointer?, kind: HandleKind, as type: T.Type) throws(KalendsError) -> T {
        guard let handle else {
            throw KalendsError(.invalidArgument, "\(kind.typeName) handle is NULL")
        }
        let found: AnyObject? = try mutex.withLock { () throws(KalendsError) -> AnyObject? in
            state.pointee.slots[try liveIndex(handle, kind: kind)].object
        }
        // One kind always holds one class, so this cast only fails on a registry bug.
        guard let object = found as? T else {
            throw KalendsError(.misuse, "\(describe(handle)) is not a live \(kind.typeName)")
        }
        return object
    }

    /// Puts `new` behind the live handle of `old` in its place (the handle stays valid;
    /// immutable handle state is replaced this way). The old object is released outside
    /// the lock.
    func replace(_ old: ReplaceableState, with new: ReplaceableState, kind: HandleKind) throws(KalendsError) {
        guard let handle = old.token else { throw KalendsError(.misuse, "\(kind.typeName) is not registered") }
        new.token = handle
        let released: AnyObject? = try mutex.withLock { () throws(KalendsError) -> AnyObject? in
            let index = try liveIndex(handle, kind: kind)
            let previous = state.pointee.slots[index].object
            state.pointee.slots[index].object = new
            return previous
        }
        _ = released
    }

    /// Frees the slot of `handle`. Its generation moves on, so the token is dead.
    func unregister(_ handle: OpaquePointer, kind: HandleKind) throws(KalendsError) {
        let released: AnyObject? = try mutex.withLock { () throws(KalendsError) -> AnyObject? in
            let index = try liveIndex(handle, kind: kind)
            let s = state
            let object = s.pointee.slots[index].object
            s.pointee.slots[index].object = nil
            s.pointee.slots[index].kind = nil
            let generation = s.pointee.slots[index].generation
            s.pointee.slots[index].generation = generation == UInt32.max ? 1 : generation + 1
            s.pointee.freeIn.append(index)
            return object
        }
        _ = released   // the object is released here, outside the lock
    }

    private func liveIndex(_ handle: OpaquePointer, kind: HandleKind) throws(KalendsError) -> Int {
        let bits = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        let low = bits & 0xFFFF_FFFF
        let generation = UInt32(truncatingIfNeeded: bits >> 32)
        guard low >= 1, low <= UInt(state.pointee.slots.count) else {
            throw KalendsError(.misuse, "\(describe(handle)) is not a \(kind.typeName) handle made by this library")
        }
        let index = Int(low - 1)
        // The slot's fields read in place (copying the slot would retain its object).
        guard state.pointee.slots[index].generation == generation, let liveKind = state.pointee.slots[index].kind else {
            throw KalendsError(.misuse, "\(describe(handle)) is not a live handle (already freed?)")
        }
        guard liveKind == kind else {
            throw KalendsError(.misuse, "\(describe(handle)) is a \(liveKind.typeName), not a \(kind.typeName)")
        }
        return index
    }

    private func describe(_ handle: OpaquePointer) -> String {
        "handle 0x" + String(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle))), radix: 16)
    }
}

/// A handle's object whose state is replaced whole behind its handle (HandleRegistry.
/// replace): it keeps the token the registry gave it.
protocol ReplaceableState: AnyObject {
    var token: OpaquePointer? { get set }
}

/// The object behind a handle argument (NULL: INVALID_ARGUMENT; freed, foreign or of
/// another kind: MISUSE), retained for the call.
@inline(__always)
func handle<T: AnyObject>(_ pointer: OpaquePointer?, _ kind: HandleKind, _ type: T.Type) throws(KalendsError) -> T {
    try HandleRegistry.shared.object(pointer, kind: kind, as: type)
}

/// The object behind a handle argument that may be NULL (then nil).
@inline(__always)
func optionalHandle<T: AnyObject>(_ pointer: OpaquePointer?, _ kind: HandleKind, _ type: T.Type) throws(KalendsError) -> T? {
    guard let pointer else { return nil }
    return try HandleRegistry.shared.object(pointer, kind: kind, as: type)
}

/// A kalends_<x>_free export (Generated/Exports.swift): NULL is a no-op.
func freeHandle(_ handle: OpaquePointer?, _ kind: HandleKind) -> kalends_status {
    status { () throws(KalendsError) in
        guard let handle else { return }
        try HandleRegistry.shared.unregister(handle, kind: kind)
    }
}

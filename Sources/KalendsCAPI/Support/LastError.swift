// kalends_last_error(): one message buffer per thread, allocated on the thread's first
// failure, freed by the pthread key's destructor when the thread exits. The pointer a
// thread receives never dangles while the thread lives (the library is never unloaded:
// -z nodelete), and threads never see each other's messages.
import CKalends
import KalendsCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

enum LastError {
    static let capacity = 1024

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        // Without the key there is nowhere to keep messages; failing loudly at load is
        // better than silently losing every error message.
        guard pthread_key_create(&key, { free($0) }) == 0 else { abort() }
        return key
    }()

    nonisolated(unsafe) private static let empty: UnsafePointer<CChar> = {
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
        p.initialize(to: 0)
        return UnsafePointer(p)
    }()

    static var current: UnsafePointer<CChar> {
        guard let p = pthread_getspecific(key) else { return empty }
        return UnsafePointer(p.assumingMemoryBound(to: CChar.self))
    }

    /// Stores `message` for this thread, cut at a UTF-8 boundary to fit.
    static func set(_ message: String) {
        let buffer: UnsafeMutablePointer<CChar>
        if let p = pthread_getspecific(key) {
            buffer = p.assumingMemoryBound(to: CChar.self)
        } else {
            guard let p = malloc(capacity) else { return }
            buffer = p.assumingMemoryBound(to: CChar.self)
            pthread_setspecific(key, buffer)
        }
        var utf8 = Array(message.utf8)
        if utf8.count > capacity - 1 {
            var end = capacity - 1
            while end > 0 && utf8[end] & 0xC0 == 0x80 { end -= 1 }   // not inside a sequence
            utf8.removeSubrange(end...)
        }
        for (i, byte) in utf8.enumerated() { buffer[i] = CChar(bitPattern: byte) }
        buffer[utf8.count] = 0
    }
}

/// Records the error for kalends_last_error() and returns its status.
@inline(never)
func fail(_ error: KalendsError) -> kalends_status {
    LastError.set(error.message)
    return error.code.rawValue
}

/// Runs an export's body, turning a thrown KalendsError into its status.
@inline(__always)
func status(_ body: () throws(KalendsError) -> Void) -> kalends_status {
    do {
        try body()
        return KALENDS_OK
    } catch {
        return fail(error)
    }
}

func invalid(_ message: String) -> KalendsError { KalendsError(.invalidArgument, message) }

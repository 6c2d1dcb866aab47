// One message buffer per thread (what kalends_last_error() returns): allocated on the
// thread's first message, freed by the pthread key's destructor when the thread exits.
// The pointer a thread receives never dangles while the thread lives (the library is
// never unloaded: -z nodelete), and threads never see each other's messages.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

public enum ThreadMessage {
    /// Bytes a message may hold, with its NUL.
    public static let capacity = 1024

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

    /// This thread's message, "" before the first. NUL-terminated UTF-8.
    public static var current: UnsafePointer<CChar> {
        guard let p = pthread_getspecific(key) else { return empty }
        return UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self)
    }

    /// Stores `message` for this thread, cut at a UTF-8 boundary to fit.
    public static func set(_ message: String) {
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

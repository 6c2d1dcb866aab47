/// Up to 32 bytes held inline (no heap storage): a locale subtag, a `-u-ca-` value or a
/// lookup key while an identifier is parsed and resolved. Appending past the capacity
/// fails and leaves the bytes as they were. Equal and hashed by the contents.
struct InlineBytes: Hashable, Sendable {
    static let capacity = 32
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private(set) var count = 0

    init() {}

    var isEmpty: Bool { count == 0 }

    /// Appends one byte; false (and no change) when full.
    @discardableResult
    @inline(__always)
    mutating func append(_ byte: UInt8) -> Bool {
        guard count < InlineBytes.capacity else { return false }
        let at = count
        withUnsafeMutableBytes(of: &words) { $0[at] = byte }
        count = at + 1
        return true
    }

    /// Appends all of `bytes`, each through `map`; false (and no change) when they do not fit.
    @discardableResult
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, _ map: (UInt8) -> UInt8 = { $0 }) -> Bool {
        guard bytes.count <= InlineBytes.capacity - count else { return false }
        let at = count
        withUnsafeMutableBytes(of: &words) { w in
            for (k, b) in bytes.enumerated() { w[at + k] = map(b) }
        }
        count = at + bytes.count
        return true
    }

    /// Appends all of `other`; false (and no change) when it does not fit.
    @discardableResult
    mutating func append(_ other: InlineBytes) -> Bool {
        other.withUnsafeBytes { append($0.bindMemory(to: UInt8.self)) }
    }

    /// Appends "_" and `part` unless `part` is empty; false (and no change) when they do not fit.
    @inline(__always)
    mutating func appendSubtag(_ part: InlineBytes) -> Bool {
        guard !part.isEmpty else { return true }
        guard part.count < InlineBytes.capacity - count else { return false }
        append(0x5F)
        return append(part)
    }

    mutating func removeAll() {
        self = InlineBytes()
    }

    @inline(__always)
    subscript(_ i: Int) -> UInt8 {
        guard i >= 0, i < count else { return 0 }
        return Swift.withUnsafeBytes(of: words) { $0[i] }
    }

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: words) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }

    /// Whether the bytes are `ascii` (already in the expected case).
    func equals(_ ascii: StaticString) -> Bool {
        guard ascii.utf8CodeUnitCount == count else { return false }
        return withUnsafeBytes { mine in
            ascii.withUTF8Buffer { theirs in
                for i in 0..<theirs.count where mine[i] != theirs[i] { return false }
                return true
            }
        }
    }

    /// The bytes as text (invalid UTF-8 repaired; a small string allocates nothing).
    static func == (a: InlineBytes, b: InlineBytes) -> Bool {
        a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.elementsEqual(y) } }
    }

    func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    var string: String { withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }
}

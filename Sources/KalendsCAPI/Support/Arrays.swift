import CKalends
import KalendsCore

/// An array output by the (out, capacity, &count) convention, its arguments checked:
/// `count` is required, the capacity is not negative, and `out` is NULL only with
/// capacity 0 (a size query). Every export with an array output goes through it.
struct ArrayOutput<Element> {
    let out: UnsafeMutablePointer<Element>?
    let capacity: Int
    let count: UnsafeMutablePointer<Int32>
    let name: String

    init(_ out: UnsafeMutablePointer<Element>?, _ capacity: Int32, _ count: UnsafeMutablePointer<Int32>?,
         _ name: String = "out") throws(KalendsError) {
        guard let count else { throw invalid("the count of \(name) is NULL") }
        guard capacity >= 0 else { throw invalid("the capacity of \(name), \(capacity), is negative") }
        if out == nil && capacity > 0 { throw invalid("\(name) is NULL but its capacity is \(capacity)") }
        self.out = out
        self.capacity = Int(capacity)
        self.count = count
        self.name = name
    }

    /// How many elements a fill may write now: 0 for a size query.
    var limit: Int { out == nil ? 0 : capacity }

    /// Stores the size of the result in `count` (always, even when the buffer is short).
    func setCount(_ needed: Int) { count.pointee = Int32(clamping: needed) }

    /// The buffer to write `needed` elements to: nil for a size query; BUFFER_TOO_SMALL
    /// when they do not fit (nothing is written then).
    func buffer(for needed: Int) throws(KalendsError) -> UnsafeMutablePointer<Element>? {
        guard let out else { return nil }
        guard needed <= capacity else {
            throw KalendsError(.bufferTooSmall, "the capacity of \(name), \(capacity), is below the \(needed) elements needed")
        }
        return out
    }

    /// setCount, then the buffer.
    func commit(_ needed: Int) throws(KalendsError) -> UnsafeMutablePointer<Element>? {
        setCount(needed)
        return try buffer(for: needed)
    }
}

/// Fills an array output with `items`, converted, all or nothing.
func fillArray<Items: Collection, Element>(_ out: UnsafeMutablePointer<Element>?, _ capacity: Int32,
                                           _ count: UnsafeMutablePointer<Int32>?, _ items: Items,
                                           _ convert: (Items.Element) -> Element) throws(KalendsError) {
    guard let buffer = try ArrayOutput(out, capacity, count).commit(items.count) else { return }
    for (i, item) in items.enumerated() { buffer[i] = convert(item) }
}

/// Checks a required output pointer.
@inline(__always)
func required<T>(_ pointer: UnsafeMutablePointer<T>?, _ name: StaticString) throws(KalendsError) -> UnsafeMutablePointer<T> {
    guard let pointer else { throw invalid("\(name) is NULL") }
    return pointer
}

/// Checks a required input pointer and reads it.
@inline(__always)
func required<T>(_ pointer: UnsafePointer<T>?, _ name: StaticString) throws(KalendsError) -> T {
    guard let pointer else { throw invalid("\(name) is NULL") }
    return pointer.pointee
}

/// Checks the struct_size of an options struct: at least `minimum` (the first version
/// of the struct), at most `known` (this library's version).
func checkStructSize(_ size: UInt32, known: Int, minimum: Int, _ name: StaticString) throws(KalendsError) {
    guard Int(size) >= minimum, Int(size) <= known else {
        throw invalid(Int(size) > known
            ? "\(name).struct_size \(size) is larger than this library's \(known): the header is newer than the library"
            : "\(name).struct_size \(size) is below \(minimum): set it with sizeof or the options_init function")
    }
}

/// An options struct as its caller sized it (struct_size, its first field): its first
/// struct_size bytes over `defaults`, so that a caller built with an older header, whose
/// struct ends before the newer fields, gets their defaults (and nothing past its struct
/// is read).
func readSized<T>(_ p: UnsafePointer<T>, defaults: T, known: Int, minimum: Int, _ name: StaticString) throws(KalendsError) -> T {
    let size = UnsafeRawPointer(p).load(as: UInt32.self)
    try checkStructSize(size, known: known, minimum: minimum, name)
    var value = defaults
    withUnsafeMutableBytes(of: &value) { dst in
        dst.copyMemory(from: UnsafeRawBufferPointer(start: UnsafeRawPointer(p), count: Int(size)))
    }
    return value
}

/// A string output by snprintf's convention (buffer, capacity, &length), its arguments
/// checked: the buffer may be NULL only with capacity 0.
struct StringOutput {
    let buffer: UnsafeMutablePointer<CChar>?
    let capacity: Int
    let length: UnsafeMutablePointer<Int>?

    init(_ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) throws(KalendsError) {
        if capacity > 0 && buffer == nil { throw invalid("buffer is NULL but capacity is \(capacity)") }
        self.buffer = buffer
        self.capacity = capacity
        self.length = length
    }

    /// At most capacity - 1 bytes and a NUL, cut at a UTF-8 character boundary; `length`
    /// gets the full length in bytes.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in   // the string's own bytes (native strings are UTF-8): no copy
            length?.pointee = utf8.count
            guard let buffer, capacity > 0 else { return }
            var n = min(utf8.count, capacity - 1)
            while n > 0 && n < utf8.count && utf8[n] & 0xC0 == 0x80 { n -= 1 }
            if n > 0, let base = utf8.baseAddress {
                UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: n)
            }
            buffer[n] = 0
        }
    }
}

// The argument conventions of kalends.h, as the generated exports (Generated/Exports.swift)
// check and convert them before a function's body runs: required pointers, structs with
// struct_size, input arrays, array outputs (out, capacity, &count), string outputs
// (snprintf's), and the results written back.
import CKalends
import KalendsCore

/// An array output by the (out, capacity, &count) convention, its arguments checked:
/// `count` is required, the capacity is not negative, and `out` is NULL only with
/// capacity 0 (a size query).
struct ArrayOutput<Element> {
    let out: UnsafeMutablePointer<Element>?
    let capacity: Int
    let count: UnsafeMutablePointer<Int32>
    let name: StaticString

    init(_ out: UnsafeMutablePointer<Element>?, _ capacity: Int32, _ count: UnsafeMutablePointer<Int32>?,
         _ name: StaticString) throws(KalendsError) {
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

    /// setCount, then the buffer; OUT_OF_RANGE (nothing written) when an int32_t cannot
    /// count the result.
    func commit(_ needed: Int) throws(KalendsError) -> UnsafeMutablePointer<Element>? {
        guard needed <= Int(Int32.max) else { throw KalendsError(.outOfRange, "\(needed) elements do not fit an int32 count") }
        setCount(needed)
        return try buffer(for: needed)
    }

    /// Fills the output with `items`, converted, all or nothing.
    func fill<Items: Collection>(_ items: Items, _ convert: (Items.Element) throws(KalendsError) -> Element) throws(KalendsError) {
        guard let buffer = try commit(items.count) else { return }
        var i = 0
        for item in items {
            buffer[i] = try convert(item)
            i += 1
        }
    }
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

    /// Bytes (a serialized text): at most capacity - 1 of them and a NUL; `length` gets
    /// how many there are.
    func write(_ bytes: [UInt8]) {
        length?.pointee = bytes.count
        guard let buffer, capacity > 0 else { return }
        let n = min(bytes.count, capacity - 1)
        bytes.withUnsafeBytes { b in
            if n > 0, let base = b.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: n) }
        }
        buffer[n] = 0
    }
}

/// A string output whose header also refuses buffer and length both NULL (nowhere to write).
func textOutput(_ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                _ length: UnsafeMutablePointer<Int>?) throws(KalendsError) -> StringOutput {
    let output = try StringOutput(buffer, capacity, length)
    if buffer == nil && length == nil { throw invalid("buffer and length are both NULL: nowhere to write") }
    return output
}

/// A checked input array (`const T *xs, int32_t count`), read in place: the pointer may
/// be NULL only with count 0.
@inline(__always)
func inputBuffer<T>(_ pointer: UnsafePointer<T>?, _ count: Int32, _ name: StaticString) throws(KalendsError) -> UnsafeBufferPointer<T> {
    try inputBuffer(pointer, Int(count), name)
}

/// A checked input array with a `size_t` length.
@inline(__always)
func inputBuffer<T>(_ pointer: UnsafePointer<T>?, _ count: Int, _ name: StaticString) throws(KalendsError) -> UnsafeBufferPointer<T> {
    guard count >= 0 else { throw invalid("the count of \(name), \(count), is negative") }
    if pointer == nil && count > 0 { throw invalid("\(name) is NULL but its count is \(count)") }
    return UnsafeBufferPointer(start: pointer, count: count)
}

/// A checked array the caller sizes and the function writes (`T *xs, int32_t xs_count`).
@inline(__always)
func mutableBuffer<T>(_ pointer: UnsafeMutablePointer<T>?, _ count: Int32,
                      _ name: StaticString) throws(KalendsError) -> UnsafeMutableBufferPointer<T> {
    guard count >= 0 else { throw invalid("the count of \(name), \(count), is negative") }
    if pointer == nil && count > 0 { throw invalid("\(name) is NULL but its count is \(count)") }
    return UnsafeMutableBufferPointer(start: pointer, count: Int(count))
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

/// Checks a required string.
@inline(__always)
func requiredString(_ pointer: UnsafePointer<CChar>?, _ name: StaticString) throws(KalendsError) -> UnsafePointer<CChar> {
    guard let pointer else { throw invalid("\(name) is NULL") }
    return pointer
}

/// Writes a result to its output.
@inline(__always)
func deliver<T>(_ value: T, _ out: UnsafeMutablePointer<T>) { out.pointee = value }

/// Writes a result to an output the caller may leave out (NULL).
@inline(__always)
func deliver<T>(_ value: T, ifAsked out: UnsafeMutablePointer<T>?) { out?.pointee = value }

/// Writes an optional result to its output; none leaves the output as it was.
@inline(__always)
func deliver<T>(_ value: T?, _ out: UnsafeMutablePointer<T>) {
    if let value { out.pointee = value }
}

/// A struct starting with `uint32_t struct_size` (an options struct): it grows at its
/// end, and a caller's struct_size says which version the caller has.
protocol VersionedStruct {
    init()
    /// The C name, for messages.
    static var cName: StaticString { get }
    /// Checks a caller's struct_size (by default: this library's size only).
    static func checkSize(_ size: UInt32) throws(KalendsError)
}

extension VersionedStruct {
    static func checkSize(_ size: UInt32) throws(KalendsError) {
        let known = MemoryLayout<Self>.size
        try checkStructSize(size, known: known, minimum: known, cName)
    }
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

/// Reads a required versioned struct: its struct_size checked, only that many bytes
/// read (the fields of a newer version are zero).
@inline(__always)
func versioned<T: VersionedStruct>(_ pointer: UnsafePointer<T>?, _ name: StaticString) throws(KalendsError) -> T {
    guard let pointer else { throw invalid("\(name) is NULL") }
    let size = UnsafeRawPointer(pointer).load(as: UInt32.self)
    try T.checkSize(size)
    if Int(size) == MemoryLayout<T>.size { return pointer.pointee }
    var value = T()
    withUnsafeMutableBytes(of: &value) { $0.baseAddress?.copyMemory(from: UnsafeRawPointer(pointer), byteCount: Int(size)) }
    return value
}

/// Reads an optional versioned struct (NULL: nil).
@inline(__always)
func optionalVersioned<T: VersionedStruct>(_ pointer: UnsafePointer<T>?, _ name: StaticString) throws(KalendsError) -> T? {
    guard let pointer else { return nil }
    return try versioned(pointer, name)
}

/// A versioned struct the function reads and writes: required, its struct_size checked.
@inline(__always)
func versionedOutput<T: VersionedStruct>(_ pointer: UnsafeMutablePointer<T>?,
                                         _ name: StaticString) throws(KalendsError) -> UnsafeMutablePointer<T> {
    guard let pointer else { throw invalid("\(name) is NULL") }
    try T.checkSize(UnsafeRawPointer(pointer).load(as: UInt32.self))
    return pointer
}

/// Writes `value` into a caller's versioned struct of the caller's struct_size: only
/// the fields its version has (its struct_size stays).
func writeVersioned<T: VersionedStruct>(_ value: T, to out: UnsafeMutablePointer<T>) {
    var value = value
    let size = UnsafeRawPointer(out).load(as: UInt32.self)
    withUnsafeMutableBytes(of: &value) { bytes in
        bytes.storeBytes(of: size, as: UInt32.self)
        if let base = bytes.baseAddress {
            UnsafeMutableRawPointer(out).copyMemory(from: base, byteCount: min(Int(size), bytes.count))
        }
    }
}

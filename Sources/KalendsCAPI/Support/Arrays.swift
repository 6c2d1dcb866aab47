import CKalends
import KalendsCore

/// The (out, capacity, &count) convention: checks the arguments, stores the required
/// count, and only when the buffer is large enough lets `fill` write `needed` elements.
/// `out == NULL && capacity == 0` is a size query.
func fillArray<Element>(_ out: UnsafeMutablePointer<Element>?, _ capacity: Int32, _ count: UnsafeMutablePointer<Int32>?,
                        needed: Int32, _ fill: (UnsafeMutablePointer<Element>) -> Void) throws(KalendsError) {
    guard let count else { throw invalid("count is NULL") }
    guard capacity >= 0 else { throw invalid("capacity \(capacity) is negative") }
    if out == nil && capacity > 0 { throw invalid("out is NULL but capacity is \(capacity)") }
    count.pointee = needed
    guard let out else { return }   // size query
    guard capacity >= needed else {
        throw KalendsError(.bufferTooSmall, "capacity \(capacity) is below the \(needed) elements needed")
    }
    fill(out)
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

/// snprintf's convention: at most capacity - 1 bytes and a NUL, cut at a UTF-8
/// character boundary; `length` gets the full length in bytes.
func writeString(_ text: String, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                 _ length: UnsafeMutablePointer<Int>?) {
    let utf8 = Array(text.utf8)
    length?.pointee = utf8.count
    guard let buffer, capacity > 0 else { return }
    var n = min(utf8.count, capacity - 1)
    while n > 0 && n < utf8.count && utf8[n] & 0xC0 == 0x80 { n -= 1 }
    for i in 0..<n { buffer[i] = CChar(bitPattern: utf8[i]) }
    buffer[n] = 0
}

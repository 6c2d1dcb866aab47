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

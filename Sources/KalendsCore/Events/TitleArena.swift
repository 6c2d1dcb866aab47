/// Event titles in one buffer, each addressed by its offset (4 bytes in the store, not an
/// 8-byte pointer): its UTF-8 length as a LEB128 prefix (1 byte below 128 bytes), the
/// bytes, then a NUL, so a query hands out C strings without allocating or looking
/// anything up. Offset 0 is the empty title, shared. A pointer into the buffer stays
/// valid until the store changes (a change may move the buffer; replaced titles are
/// garbage until the next compaction, which happens during a change).
final class TitleArena {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes in use (the shared empty title's 2 included).
    private(set) var bytes: Int
    static let empty = 0

    init() {
        capacity = 64
        base = .allocate(capacity: capacity)
        base[0] = 0
        base[1] = 0
        bytes = 2
    }

    deinit { base.deallocate() }

    /// The bytes `count` bytes of text take here (prefix, text, NUL); 0 for the empty title.
    static func size(ofText count: Int) -> Int {
        guard count > 0 else { return 0 }
        var prefix = 1, n = count >> 7
        while n > 0 {
            prefix += 1
            n >>= 7
        }
        return prefix + count + 1
    }

    /// Stores `title`; returns its offset.
    func store(_ title: String) -> Int {
        var title = title
        return title.withUTF8 { store($0) }
    }

    /// Stores UTF-8 bytes; returns their offset.
    func store(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        guard text.count > 0 else { return TitleArena.empty }
        let size = TitleArena.size(ofText: text.count)
        reserve(size)
        let offset = bytes
        var p = base + offset
        var n = text.count
        while n >= 0x80 {
            p.pointee = UInt8(truncatingIfNeeded: n) | 0x80
            p += 1
            n >>= 7
        }
        p.pointee = UInt8(n)
        p += 1
        if let source = text.baseAddress { p.update(from: source, count: text.count) }
        p[text.count] = 0
        bytes += size
        return offset
    }

    /// The buffer's first byte (titles are at offsets from it until the arena changes).
    var start: UnsafePointer<UInt8> { UnsafePointer(base) }

    /// The title at `offset`: its first byte (NUL-terminated) and its length.
    @inline(__always)
    func text(at offset: Int) -> (UnsafePointer<UInt8>, Int) { TitleArena.text(UnsafePointer(base + offset)) }

    /// As `text(at:)`, the first byte as a C string.
    @inline(__always)
    func cString(at offset: Int) -> (UnsafePointer<CChar>, Int) { TitleArena.cString(UnsafePointer(base + offset)) }

    /// The title stored at `p` (its length prefix): its first byte and its length.
    @inline(__always)
    static func text(_ p: UnsafePointer<UInt8>) -> (UnsafePointer<UInt8>, Int) {
        var p = p
        var n = 0, shift = 0
        while true {
            let b = p.pointee
            p += 1
            n |= Int(b & 0x7F) << shift
            if b < 0x80 { return (p, n) }
            shift += 7
        }
    }

    /// As `text(_:)`, the first byte as a C string.
    @inline(__always)
    static func cString(_ p: UnsafePointer<UInt8>) -> (UnsafePointer<CChar>, Int) {
        let (t, n) = text(p)
        return (UnsafeRawPointer(t).assumingMemoryBound(to: CChar.self), n)
    }

    func string(at offset: Int) -> String {
        let (p, n) = text(at: offset)
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }

    /// Room for `count` more bytes (the buffer grows by half, so appends cost O(1) amortized).
    private func reserve(_ count: Int) {
        guard bytes + count > capacity else { return }
        resize(max(bytes + count, capacity + capacity / 2, 1 << 16))
    }

    private func resize(_ newCapacity: Int) {
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        new.update(from: base, count: bytes)
        base.deallocate()
        base = new
        capacity = newCapacity
    }

    /// Starts over in a new buffer with room for `room` bytes of titles (as sized by
    /// `size(ofText:)`) besides the empty one; returns the old buffer, from which the
    /// caller copies the titles it keeps (`copy(_:)`) and which it then deallocates.
    func startOver(room: Int) -> UnsafeMutablePointer<UInt8> {
        let old = base
        capacity = max(64, 2 + room)
        base = .allocate(capacity: capacity)
        base[0] = 0
        base[1] = 0
        bytes = 2
        return old
    }

    /// Copies the title stored at `p` (in an old buffer, see `startOver`); returns its offset.
    func copy(_ p: UnsafePointer<UInt8>) -> Int {
        let size = TitleArena.size(ofText: TitleArena.text(p).1)
        guard size > 0 else { return TitleArena.empty }
        reserve(size)
        let offset = bytes
        (base + offset).update(from: p, count: size)
        bytes += size
        return offset
    }

    /// Drops every title.
    func removeAll() {
        startOver(room: 0).deallocate()
    }
}

/// NUL-terminated UTF-8 copies of event titles, in large blocks, for hosts that read
/// titles as C strings: a query hands out pointers without allocating or looking
/// anything up. A copy stays put until the store changes (replaced titles are garbage
/// until the next compaction, which happens during a change).
final class TitleArena {
    private var blocks: [UnsafeMutableBufferPointer<CChar>] = []
    private var used = 0            // bytes used in the last block
    private(set) var bytes = 0      // bytes handed out in total
    private static let blockSize = 1 << 16

    deinit { releaseAll() }

    private func releaseAll() {
        for b in blocks { b.deallocate() }
        blocks = []
        used = 0
        bytes = 0
    }

    /// A copy of `title`, NUL-terminated.
    func store(_ title: String) -> UnsafePointer<CChar> {
        let start = reserve(title.utf8.count + 1)
        var i = 0
        for b in title.utf8 {
            start[i] = CChar(bitPattern: b)
            i += 1
        }
        start[i] = 0
        return UnsafePointer(start)
    }

    /// Room for `count` bytes, handed out.
    private func reserve(_ count: Int) -> UnsafeMutablePointer<CChar> {
        if blocks.isEmpty || used + count > blocks[blocks.count - 1].count {
            blocks.append(.allocate(capacity: max(TitleArena.blockSize, count)))
            used = 0
        }
        let block = blocks[blocks.count - 1]
        let start = block.baseAddress.map { $0 + used } ?? UnsafeMutablePointer<CChar>.allocate(capacity: count)
        used += count
        bytes += count
        return start
    }

    /// Starts over with only `titles` (the live ones: their copies here and lengths,
    /// without the NUL), returning their new copies.
    func compact(_ titles: [(UnsafePointer<CChar>?, Int)]) -> [UnsafePointer<CChar>] {
        let old = blocks
        blocks = []
        used = 0
        bytes = 0
        let copies = titles.map { (p, n) -> UnsafePointer<CChar> in
            let start = reserve(n + 1)
            if let p { start.update(from: p, count: n) }
            start[n] = 0
            return UnsafePointer(start)
        }
        for b in old { b.deallocate() }
        return copies
    }
}

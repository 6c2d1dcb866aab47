/// A raw DEFLATE (RFC 1951) decoder for the compressed locale tables. Every read is
/// bounds-checked: corrupt input gives nil, never a trap. O(output size).
enum Inflate {
    static func decode(_ input: UnsafeRawBufferPointer, expectedSize: Int) -> [UInt8]? {
        var reader = BitReader(input)
        var out: [UInt8] = []
        out.reserveCapacity(max(0, expectedSize))
        var final = false
        while !final {
            guard let header = reader.bits(3) else { return nil }
            final = header & 1 == 1
            switch header >> 1 {
            case 0:
                reader.alignToByte()
                guard let len = reader.bits(16), let nlen = reader.bits(16), len == ~nlen & 0xFFFF else { return nil }
                for _ in 0..<len {
                    guard let b = reader.bits(8) else { return nil }
                    out.append(UInt8(truncatingIfNeeded: b))
                }
            case 1:
                guard inflateBlock(&reader, &out, Huffman.fixedLiterals, Huffman.fixedDistances, limit: expectedSize) else { return nil }
            case 2:
                guard let (lit, dist) = readDynamicTables(&reader),
                      inflateBlock(&reader, &out, lit, dist, limit: expectedSize) else { return nil }
            default:
                return nil
            }
            if out.count > expectedSize { return nil }
        }
        return out.count == expectedSize ? out : nil
    }

    private static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                            35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                             3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
                                          513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
                                           8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    private static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private static func inflateBlock(_ r: inout BitReader, _ out: inout [UInt8],
                                     _ lit: Huffman, _ dist: Huffman, limit: Int) -> Bool {
        while true {
            guard let sym = lit.decode(&r) else { return false }
            if sym < 256 {
                out.append(UInt8(truncatingIfNeeded: sym))
            } else if sym == 256 {
                return true
            } else {
                let li = sym - 257
                guard li < lengthBase.count, let le = r.bits(lengthExtra[li]) else { return false }
                let length = lengthBase[li] + le
                guard let ds = dist.decode(&r), ds < distBase.count, let de = r.bits(distExtra[ds]) else { return false }
                let distance = distBase[ds] + de
                guard distance <= out.count, out.count + length <= limit else { return false }
                let start = out.count - distance
                for k in 0..<length { out.append(out[start + k]) }
            }
        }
    }

    private static func readDynamicTables(_ r: inout BitReader) -> (Huffman, Huffman)? {
        guard let hlit = r.bits(5), let hdist = r.bits(5), let hclen = r.bits(4) else { return nil }
        let nlit = hlit + 257, ndist = hdist + 1
        var clens = [UInt8](repeating: 0, count: 19)
        for i in 0..<(hclen + 4) {
            guard let v = r.bits(3) else { return nil }
            clens[codeLengthOrder[i]] = UInt8(v)
        }
        guard let clHuff = Huffman(lengths: clens) else { return nil }
        var lengths: [UInt8] = []
        lengths.reserveCapacity(nlit + ndist)
        while lengths.count < nlit + ndist {
            guard let sym = clHuff.decode(&r) else { return nil }
            switch sym {
            case 0...15: lengths.append(UInt8(sym))
            case 16:
                guard let last = lengths.last, let n = r.bits(2) else { return nil }
                lengths.append(contentsOf: repeatElement(last, count: 3 + n))
            case 17:
                guard let n = r.bits(3) else { return nil }
                lengths.append(contentsOf: repeatElement(0, count: 3 + n))
            case 18:
                guard let n = r.bits(7) else { return nil }
                lengths.append(contentsOf: repeatElement(0, count: 11 + n))
            default: return nil
            }
        }
        guard lengths.count == nlit + ndist,
              let lit = Huffman(lengths: Array(lengths[0..<nlit])),
              let dist = Huffman(lengths: Array(lengths[nlit...])) else { return nil }
        return (lit, dist)
    }
}

/// LSB-first bit reader over a byte buffer.
struct BitReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0
    var buffer: UInt64 = 0
    var count = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The next `n` (0...16) bits, or nil past the end.
    mutating func bits(_ n: Int) -> Int? {
        guard n > 0 else { return 0 }
        while count < n {
            guard position < bytes.count else { return nil }
            buffer |= UInt64(bytes[position]) << UInt64(count)
            position += 1
            count += 8
        }
        let v = Int(buffer & ((1 << UInt64(n)) - 1))
        buffer >>= UInt64(n)
        count -= n
        return v
    }

    /// The next 9 bits without consuming them (fewer, zero-padded, at the end) and how
    /// many are real.
    @inline(__always)
    mutating func peek9() -> (bits: Int, available: Int) {
        while count < 9 && position < bytes.count {
            buffer |= UInt64(bytes[position]) << UInt64(count)
            position += 1
            count += 8
        }
        return (Int(buffer & 511), count)
    }

    @inline(__always)
    mutating func consume(_ n: Int) {
        buffer >>= UInt64(n)
        count -= n
    }

    mutating func alignToByte() {
        let drop = count % 8
        buffer >>= UInt64(drop)
        count -= drop
    }
}

/// Canonical Huffman decoding by code length (counts and sorted symbols, as RFC 1951
/// builds the codes).
struct Huffman {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int] = []
    /// Codes of at most 9 bits by their next 9 input bits: symbol << 4 | length (0: none).
    var fast = [UInt16](repeating: 0, count: 512)

    init?(lengths: [UInt8]) {
        for l in lengths { counts[Int(l)] += 1 }
        counts[0] = 0
        var offsets = [Int](repeating: 0, count: 16)
        for i in 1..<15 { offsets[i + 1] = offsets[i] + counts[i] }
        symbols = [Int](repeating: 0, count: lengths.count)
        for (sym, l) in lengths.enumerated() where l != 0 {
            let li = Int(l)
            guard offsets[li] < symbols.count else { return nil }
            symbols[offsets[li]] = sym
            offsets[li] += 1
        }
        // canonical codes (RFC 1951 3.2.2), bit-reversed into the 9-bit table
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1..<16 {
            code = (code + counts[bits - 1]) << 1
            next[bits] = code
        }
        for (sym, l) in lengths.enumerated() where l != 0 && l <= 9 {
            let len = Int(l)
            let c = next[len]
            next[len] += 1
            var rev = 0
            for k in 0..<len where c & (1 << k) != 0 { rev |= 1 << (len - 1 - k) }
            var fill = rev
            while fill < 512 {
                fast[fill] = UInt16(truncatingIfNeeded: sym << 4 | len)
                fill += 1 << len
            }
        }
    }

    func decode(_ r: inout BitReader) -> Int? {
        let (bits, available) = r.peek9()
        let entry = Int(fast[bits])
        if entry != 0 && entry & 15 <= available {
            r.consume(entry & 15)
            return entry >> 4
        }
        var code = 0, first = 0, index = 0
        for len in 1..<16 {
            guard let bit = r.bits(1) else { return nil }
            code |= bit
            let c = counts[len]
            if code - c < first {
                let i = index + (code - first)
                return i >= 0 && i < symbols.count ? symbols[i] : nil
            }
            index += c
            first += c
            first <<= 1
            code <<= 1
        }
        return nil
    }

    static let fixedLiterals: Huffman = {
        var l = [UInt8](repeating: 8, count: 288)
        for i in 144..<256 { l[i] = 9 }
        for i in 256..<280 { l[i] = 7 }
        return Huffman(lengths: l) ?? Huffman(empty: ())
    }()
    static let fixedDistances: Huffman = Huffman(lengths: [UInt8](repeating: 5, count: 30)) ?? Huffman(empty: ())

    private init(empty: ()) {}
}

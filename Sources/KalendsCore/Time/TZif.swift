/// The contents of a TZif file (RFC 8536, and version 4 from its successor RFC 9636), as
/// found under /usr/share/zoneinfo. Parsing is from bytes only; reading the file is the
/// caller's business.
///
/// For version 2 and later files only the 64-bit data block is kept: the version 1 block
/// before it is skipped (its counts are checked against the length, its contents are not
/// read). Every count, index and flag is validated, so a malformed or truncated file
/// throws `.parse` and never traps.
public struct TZif: Sendable, Hashable {
    /// One `ttinfo` record: an offset from UT and whether it is daylight saving time.
    public struct LocalTimeType: Sendable, Hashable {
        /// Seconds east of UT, within -89999...93599 (more than -25 h, less than 26 h).
        public let utOffset: Int32
        public let isDST: Bool
        /// Index of the designation in `abbreviations`.
        public let abbreviationIndex: UInt8
        /// The designation ("CET", "+0530", or empty), decoded from `abbreviations`.
        public let abbreviation: String
    }

    /// One leap-second record. Kalends instants do not count leap seconds, so these are
    /// validated and kept but not applied (the `right/` zones' transition times include
    /// leap seconds and would be off by their correction).
    public struct LeapSecond: Sendable, Hashable {
        public let occurrence: Int64
        public let correction: Int32
    }

    /// 1, 2, 3 or 4.
    public let version: Int
    /// Strictly ascending instants (seconds since the epoch).
    public let transitionTimes: [Int64]
    /// For each transition, the index into `localTimeTypes` in effect from it on.
    public let transitionTypes: [UInt8]
    /// At least one; type 0 applies before the first transition.
    public let localTimeTypes: [LocalTimeType]
    /// The designation octets, each designation NUL-terminated.
    public let abbreviations: [UInt8]
    public let leapSeconds: [LeapSecond]
    /// Per local time type: whether the source gave its transition times in standard
    /// rather than wall-clock time (empty when the file has none). Only a reader that
    /// applies rules of its own to the file (the obsolete `posixrules` mechanism) needs
    /// them; Kalends does not.
    public let standardIndicators: [Bool]
    /// Per local time type: whether the source gave its transition times in UT rather
    /// than local time (empty when the file has none); validated, unused.
    public let utIndicators: [Bool]
    /// The footer's TZ string for times after the last transition; `""` when the file has
    /// an empty footer, `nil` for version 1 files, which have none.
    public let footer: String?
    /// The footer parsed; `nil` when it is empty or absent.
    public let footerRule: PosixTZ?

    public init(parsing bytes: [UInt8]) throws(KalendsError) {
        var reader = TZifReader(bytes)
        let first = try TZifHeader(&reader, "header")
        if first.version == 1 {
            let block = try TZifDataBlock(&reader, first, timeSize: 4)
            self.init(version: 1, block: block, footer: nil)
            return
        }
        // The version 1 block exists for old readers; step over it part by part, so that a
        // count too large for the remaining bytes is reported rather than overflowing.
        try reader.skip(first.timeCount, size: 4, "version 1 transition times")
        try reader.skip(first.timeCount, size: 1, "version 1 transition types")
        try reader.skip(first.typeCount, size: 6, "version 1 local time types")
        try reader.skip(first.charCount, size: 1, "version 1 designations")
        try reader.skip(first.leapCount, size: 8, "version 1 leap-second records")
        try reader.skip(first.standardCount, size: 1, "version 1 standard/wall indicators")
        try reader.skip(first.utCount, size: 1, "version 1 UT/local indicators")
        let second = try TZifHeader(&reader, "second header")
        guard second.version == first.version else {
            throw KalendsError(.parse,
                "TZif second header has version \(second.version), the first has \(first.version)")
        }
        let block = try TZifDataBlock(&reader, second, timeSize: 8)
        let footer = try Self.readFooter(&reader)
        var rule: PosixTZ?
        if !footer.isEmpty {
            do {
                rule = try PosixTZ(parsing: footer)
            } catch {
                throw KalendsError(.parse, "TZif footer: \(error.message)")
            }
        }
        self.init(version: first.version, block: block, footer: footer, footerRule: rule)
    }

    private init(version: Int, block: TZifDataBlock, footer: String?, footerRule: PosixTZ? = nil) {
        self.version = version
        transitionTimes = block.transitionTimes
        transitionTypes = block.transitionTypes
        localTimeTypes = block.localTimeTypes
        abbreviations = block.abbreviations
        leapSeconds = block.leapSeconds
        standardIndicators = block.standardIndicators
        utIndicators = block.utIndicators
        self.footer = footer
        self.footerRule = footerRule
    }

    /// `\n` TZ-string `\n`. Bytes after the closing newline are ignored, as other readers do.
    private static func readFooter(_ reader: inout TZifReader) throws(KalendsError) -> String {
        guard try reader.byte("footer") == UInt8(ascii: "\n") else {
            throw KalendsError(.parse, "TZif footer does not start with a newline")
        }
        var text: [UInt8] = []
        while true {
            let byte = try reader.byte("footer (no closing newline)")
            if byte == UInt8(ascii: "\n") { break }
            guard byte >= 0x20, byte < 0x7f else {
                throw KalendsError(.parse, "TZif footer has a byte 0x\(String(byte, radix: 16)) that is not printable ASCII")
            }
            text.append(byte)
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// The fixed 44-byte header: magic, version and six counts.
private struct TZifHeader {
    let version: Int
    let utCount: Int
    let standardCount: Int
    let leapCount: Int
    let timeCount: Int
    let typeCount: Int
    let charCount: Int

    init(_ reader: inout TZifReader, _ what: String) throws(KalendsError) {
        let magic = try reader.take(4, "TZif \(what)")
        guard magic.elementsEqual("TZif".utf8) else {
            throw KalendsError(.parse, "not a TZif file: the \(what) does not start with \"TZif\"")
        }
        switch try reader.byte("TZif \(what)") {
        case 0: version = 1
        case UInt8(ascii: "2"): version = 2
        case UInt8(ascii: "3"): version = 3
        case UInt8(ascii: "4"): version = 4
        case let other: throw KalendsError(.parse, "unsupported TZif version byte 0x\(String(other, radix: 16))")
        }
        _ = try reader.take(15, "TZif \(what)")   // reserved
        utCount = try reader.count("isutcnt")
        standardCount = try reader.count("isstdcnt")
        leapCount = try reader.count("leapcnt")
        timeCount = try reader.count("timecnt")
        typeCount = try reader.count("typecnt")
        charCount = try reader.count("charcnt")
        guard typeCount > 0 else { throw KalendsError(.parse, "TZif typecnt is zero") }
        guard charCount > 0 else { throw KalendsError(.parse, "TZif charcnt is zero") }
        guard utCount == 0 || utCount == typeCount else {
            throw KalendsError(.parse, "TZif isutcnt \(utCount) is neither 0 nor typecnt \(typeCount)")
        }
        guard standardCount == 0 || standardCount == typeCount else {
            throw KalendsError(.parse, "TZif isstdcnt \(standardCount) is neither 0 nor typecnt \(typeCount)")
        }
    }
}

/// One data block, with 4-byte (version 1) or 8-byte times.
private struct TZifDataBlock {
    var transitionTimes: [Int64] = []
    var transitionTypes: [UInt8] = []
    var localTimeTypes: [TZif.LocalTimeType] = []
    var abbreviations: [UInt8] = []
    var leapSeconds: [TZif.LeapSecond] = []
    var standardIndicators: [Bool] = []
    var utIndicators: [Bool] = []

    /// RFC 8536: utoff should be more than -25 hours and less than 26 hours. Enforcing it
    /// keeps every later sum of an instant and an offset far from overflow.
    static let utOffsets: ClosedRange<Int32> = -89_999...93_599

    init(_ reader: inout TZifReader, _ header: TZifHeader, timeSize: Int) throws(KalendsError) {
        try reader.check(header.timeCount, size: timeSize, "transition times")
        transitionTimes.reserveCapacity(header.timeCount)
        for i in 0..<header.timeCount {
            let time = try reader.time(timeSize, "transition times")
            if let previous = transitionTimes.last, time <= previous {
                throw KalendsError(.parse, "TZif transition time \(i) (\(time)) is not after the previous one (\(previous))")
            }
            transitionTimes.append(time)
        }
        transitionTypes = Array(try reader.take(header.timeCount, "transition types"))
        for (i, type) in transitionTypes.enumerated() where Int(type) >= header.typeCount {
            throw KalendsError(.parse, "TZif transition \(i) has type \(type), but typecnt is \(header.typeCount)")
        }

        var records: [(utOffset: Int32, isDST: Bool, index: UInt8)] = []
        try reader.check(header.typeCount, size: 6, "local time types")
        for i in 0..<header.typeCount {
            let utOffset = Int32(bitPattern: try reader.uint32("local time types"))
            guard Self.utOffsets.contains(utOffset) else {
                throw KalendsError(.parse, "TZif local time type \(i) has UT offset \(utOffset), outside \(Self.utOffsets)")
            }
            let isDST = try reader.flag("local time type \(i) isdst")
            let index = try reader.byte("local time types")
            guard Int(index) < header.charCount else {
                throw KalendsError(.parse, "TZif local time type \(i) has designation index \(index), but charcnt is \(header.charCount)")
            }
            records.append((utOffset, isDST, index))
        }
        abbreviations = Array(try reader.take(header.charCount, "designations"))
        for (i, record) in records.enumerated() {
            let start = Int(record.index)
            guard let end = abbreviations[start...].firstIndex(of: 0) else {
                throw KalendsError(.parse, "TZif designation of local time type \(i) is not NUL-terminated")
            }
            localTimeTypes.append(TZif.LocalTimeType(
                utOffset: record.utOffset, isDST: record.isDST, abbreviationIndex: record.index,
                abbreviation: String(decoding: abbreviations[start..<end], as: UTF8.self)))
        }

        try reader.check(header.leapCount, size: timeSize + 4, "leap-second records")
        for _ in 0..<header.leapCount {
            let occurrence = try reader.time(timeSize, "leap-second records")
            let correction = Int32(bitPattern: try reader.uint32("leap-second records"))
            leapSeconds.append(TZif.LeapSecond(occurrence: occurrence, correction: correction))
        }
        try checkLeapSeconds(version: header.version)

        for i in 0..<header.standardCount {
            standardIndicators.append(try reader.flag("standard/wall indicator \(i)"))
        }
        for i in 0..<header.utCount {
            let isUT = try reader.flag("UT/local indicator \(i)")
            // UT implies standard: a UT time is not a wall-clock time.
            guard !isUT || (i < standardIndicators.count && standardIndicators[i]) else {
                throw KalendsError(.parse, "TZif local time type \(i) is UT but not standard time")
            }
            utIndicators.append(isUT)
        }
    }
}

/// Leap-second table rules (RFC 9636 3.2): the first occurrence is not negative, the
/// occurrences ascend, and corrections move by exactly one second per record. Version 4
/// relaxes two things: a table truncated at the start may begin at any correction, and
/// the last record may repeat the previous correction to mark the table's expiry.
extension TZifDataBlock {
    func checkLeapSeconds(version: Int) throws(KalendsError) {
        guard let first = leapSeconds.first else { return }
        guard first.occurrence >= 0 else {
            throw KalendsError(.parse, "TZif first leap second occurs before 1970 (\(first.occurrence))")
        }
        guard version >= 4 || first.correction == 1 || first.correction == -1 else {
            throw KalendsError(.parse, "TZif first leap-second correction is \(first.correction), not ±1")
        }
        for i in leapSeconds.indices.dropFirst() {
            let previous = leapSeconds[i - 1], record = leapSeconds[i]
            guard record.occurrence > previous.occurrence else {
                throw KalendsError(.parse, "TZif leap second \(i) does not occur after the previous one")
            }
            let step = Int64(record.correction) - Int64(previous.correction)
            let expiry = version >= 4 && i == leapSeconds.count - 1 && step == 0
            guard step == 1 || step == -1 || expiry else {
                throw KalendsError(.parse, "TZif leap second \(i) changes the correction by \(step), not ±1")
            }
        }
    }
}

/// A bounds-checked big-endian cursor. Every read checks the remaining length first.
private struct TZifReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private var remaining: Int { bytes.count - position }

    /// Throws unless `count` items of `size` bytes remain (checked by division: no overflow).
    func check(_ count: Int, size: Int, _ what: String) throws(KalendsError) {
        guard count <= remaining / size else {
            throw KalendsError(.parse, "TZif file is truncated: \(count) \(what) of \(size) bytes do not fit in the \(remaining) bytes left")
        }
    }

    mutating func skip(_ count: Int, size: Int, _ what: String) throws(KalendsError) {
        try check(count, size: size, what)
        position += count * size
    }

    mutating func take(_ count: Int, _ what: String) throws(KalendsError) -> ArraySlice<UInt8> {
        try check(count, size: 1, what)
        defer { position += count }
        return bytes[position..<position + count]
    }

    mutating func byte(_ what: String) throws(KalendsError) -> UInt8 {
        try check(1, size: 1, what)
        defer { position += 1 }
        return bytes[position]
    }

    /// A 0/1 octet.
    mutating func flag(_ what: String) throws(KalendsError) -> Bool {
        switch try byte(what) {
        case 0: return false
        case 1: return true
        case let other: throw KalendsError(.parse, "TZif \(what) is \(other), not 0 or 1")
        }
    }

    mutating func uint32(_ what: String) throws(KalendsError) -> UInt32 {
        try take(4, what).reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func uint64(_ what: String) throws(KalendsError) -> UInt64 {
        try take(8, what).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A signed 32- or 64-bit time.
    mutating func time(_ size: Int, _ what: String) throws(KalendsError) -> Int64 {
        size == 4 ? Int64(Int32(bitPattern: try uint32(what))) : Int64(bitPattern: try uint64(what))
    }

    /// A header count; on 32-bit platforms one above `Int.max` is a parse error, not a trap.
    mutating func count(_ name: String) throws(KalendsError) -> Int {
        let value = try uint32("header \(name)")
        guard let count = Int(exactly: value) else {
            throw KalendsError(.parse, "TZif \(name) \(value) is too large")
        }
        return count
    }
}

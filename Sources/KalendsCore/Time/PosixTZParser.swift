extension PosixTZ {
    /// Parses a POSIX TZ string. Anything malformed throws `.parse` with the position of
    /// the problem. The `:name` form of `$TZ` names a file and is not a TZ string.
    public init(parsing string: String) throws(KalendsError) {
        var parser = PosixTZParser(string)
        self = try parser.parse()
    }
}

/// A recursive-descent parser over the string's UTF-8 bytes (the grammar is ASCII).
private struct PosixTZParser {
    private let text: String
    private let bytes: [UInt8]
    private var position = 0

    /// POSIX bounds offsets to 24 hours; RFC 8536 extends rule times to 167 hours
    /// (a week minus one hour), either sign.
    private static let maxOffsetHours = 24
    private static let maxRuleHours = 167

    init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    mutating func parse() throws(KalendsError) -> PosixTZ {
        guard !bytes.isEmpty else { throw KalendsError(.parse, "TZ string is empty") }
        let standardName = try designation("standard time")
        // Offsets are written west of UT (EST5 is UT-5); negate to seconds east.
        let standardOffset = -(try duration(maxHours: Self.maxOffsetHours, "standard time offset"))
        guard position < bytes.count else {
            return PosixTZ(standardAbbreviation: standardName, standardOffset: standardOffset, daylight: nil)
        }
        let daylightName = try designation("daylight saving time")
        var daylightOffset = standardOffset + 3_600
        if position < bytes.count, bytes[position] != UInt8(ascii: ",") {
            daylightOffset = -(try duration(maxHours: Self.maxOffsetHours, "daylight saving time offset"))
        }
        var start = PosixTZ.defaultStart, end = PosixTZ.defaultEnd
        if position < bytes.count {
            try expect(",", "before the start rule")
            start = try rule("start")
            try expect(",", "before the end rule")
            end = try rule("end")
        }
        guard position == bytes.count else { throw failure("unexpected text after the end rule") }
        return PosixTZ(standardAbbreviation: standardName, standardOffset: standardOffset,
                       daylight: PosixTZ.Daylight(abbreviation: daylightName, utOffset: daylightOffset,
                                                  start: start, end: end))
    }

    /// `ABC` (three or more letters) or `<+0330>` (three or more letters, digits, `+`, `-`).
    private mutating func designation(_ what: String) throws(KalendsError) -> String {
        let quoted = peek(is: "<")
        if quoted { position += 1 }
        let first = position
        while position < bytes.count, Self.isDesignationByte(bytes[position], quoted: quoted) {
            position += 1
        }
        let name = bytes[first..<position]
        guard name.count >= 3 else {
            throw failure("the \(what) designation must have at least 3 \(quoted ? "characters inside <>" : "letters")")
        }
        if quoted { try expect(">", "to close the \(what) designation") }
        return String(decoding: name, as: UTF8.self)
    }

    private static func isDesignationByte(_ byte: UInt8, quoted: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"): quoted
        default: false
        }
    }

    /// `,date[/time]`'s part after the comma.
    private mutating func rule(_ which: String) throws(KalendsError) -> PosixTZ.Rule {
        let date = try ruleDate(which)
        var time: Int32 = 7_200
        if peek(is: "/") {
            position += 1
            time = try duration(maxHours: Self.maxRuleHours, "\(which) rule time")
        }
        return PosixTZ.Rule(date: date, time: time)
    }

    private mutating func ruleDate(_ which: String) throws(KalendsError) -> PosixTZ.RuleDate {
        if peek(is: "J") {
            position += 1
            return .julian(try number(in: 1...365, maxDigits: 3, "\(which) rule Julian day"))
        }
        if peek(is: "M") {
            position += 1
            let month = try number(in: 1...12, maxDigits: 2, "\(which) rule month")
            try expect(".", "after the \(which) rule month")
            let week = try number(in: 1...5, maxDigits: 1, "\(which) rule week")
            try expect(".", "after the \(which) rule week")
            let weekday = try number(in: 0...6, maxDigits: 1, "\(which) rule weekday")
            return .monthWeekDay(month: month, week: week, weekday: weekday)
        }
        return .zeroBased(try number(in: 0...365, maxDigits: 3, "\(which) rule day"))
    }

    /// `[+|-]hh[:mm[:ss]]` in seconds, signed as written.
    private mutating func duration(maxHours: Int, _ what: String) throws(KalendsError) -> Int32 {
        var sign: Int32 = 1
        if peek(is: "+") {
            position += 1
        } else if peek(is: "-") {
            position += 1
            sign = -1
        }
        let hourRange = 0...Int32(maxHours)
        var seconds = try number(in: hourRange, maxDigits: maxHours > 99 ? 3 : 2, "\(what) hours") * 3_600
        if peek(is: ":") {
            position += 1
            seconds += try number(in: 0...59, maxDigits: 2, "\(what) minutes") * 60
            if peek(is: ":") {
                position += 1
                seconds += try number(in: 0...59, maxDigits: 2, "\(what) seconds")
            }
        }
        return sign * seconds
    }

    /// One to `maxDigits` decimal digits, within `range`.
    private mutating func number(in range: ClosedRange<Int32>, maxDigits: Int,
                                 _ what: String) throws(KalendsError) -> Int32 {
        let first = position
        var value: Int32 = 0
        while position < bytes.count, position - first < maxDigits,
              (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            value = value * 10 + Int32(bytes[position] - UInt8(ascii: "0"))
            position += 1
        }
        guard position > first else { throw failure("expected the \(what) (a number)") }
        if position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            throw failure("the \(what) has more than \(maxDigits) digits")
        }
        guard range.contains(value) else {
            position = first
            throw failure("the \(what) \(value) is not in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    private func peek(is character: Unicode.Scalar) -> Bool {
        position < bytes.count && bytes[position] == UInt8(ascii: character)
    }

    private mutating func expect(_ character: Unicode.Scalar, _ context: String) throws(KalendsError) {
        guard peek(is: character) else { throw failure("expected '\(character)' \(context)") }
        position += 1
    }

    private func failure(_ message: String) -> KalendsError {
        let shown = text.utf8.count <= 80 ? text : String(text.prefix(77)) + "..."
        return KalendsError(.parse, "TZ string \"\(shown)\": \(message) (at byte \(position))")
    }
}

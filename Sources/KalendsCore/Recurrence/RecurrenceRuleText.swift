// RRULE / EXRULE values as text: "FREQ=MONTHLY;BYDAY=-1FR;COUNT=10".

extension RecurrenceRule {
    /// Reads an RRULE value (without the "RRULE:" name). Names and values are
    /// case-insensitive. `strict` (RFC 5545 to the letter) refuses unknown or repeated
    /// parts, empty parts, COUNT together with UNTIL and the parts RFC 5545 marks N/A for
    /// the frequency; lenient reading (what real files and dateutil need) skips empty
    /// parts and X- parts, lets a repeated part replace the earlier one, and accepts
    /// dateutil's spellings: BYWEEKDAY for BYDAY, "MO(+1)" for "+1MO", and BYEASTER.
    /// Values outside RFC 5545's ranges are `.parse` errors in both modes.
    public static func parse<S: StringProtocol>(_ text: S, strict: Bool = false) throws(KalendsError) -> RecurrenceRule {
        var rule = RecurrenceRule(frequency: .yearly)
        var freq: RruleFrequency?
        var seen: Set<String> = []
        for rawPart in text.split(separator: ";", omittingEmptySubsequences: false) {
            if rawPart.isEmpty {
                if strict { throw KalendsError(.parse, "RRULE \"\(text)\" has an empty part") }
                continue
            }
            guard let eq = rawPart.firstIndex(of: "=") else {
                throw KalendsError(.parse, "RRULE part \"\(rawPart)\" has no '='")
            }
            let name = String(rawPart[..<eq]).uppercased()
            let value = String(rawPart[rawPart.index(after: eq)...])
            if seen.contains(name) && strict { throw KalendsError(.parse, "RRULE part \(name) is given twice") }
            seen.insert(name)
            switch name {
            case "FREQ":
                guard let f = RruleFrequency.allCases.first(where: { $0.name == value.uppercased() }) else {
                    throw KalendsError(.parse, "FREQ \"\(value)\" is not one of SECONDLY ... YEARLY")
                }
                freq = f
            case "INTERVAL":
                guard let v = TimeText.integer(value), v >= 1 else {
                    throw KalendsError(.parse, "INTERVAL \"\(value)\" is not a positive integer")
                }
                rule.interval = v
            case "COUNT":
                guard let v = TimeText.integer(value), v >= 0 else {
                    throw KalendsError(.parse, "COUNT \"\(value)\" is not a non-negative integer")
                }
                rule.count = v
            case "UNTIL":
                let u = try TimeText.parseDateOrDateTime(value)
                rule.until = u.isDate ? .date(Int32(u.local / 86_400)) : (u.utc ? .utc(u.local) : .local(u.local))
            case "WKST":
                guard let w = weekday(value) else { throw KalendsError(.parse, "WKST \"\(value)\" is not MO ... SU") }
                rule.weekStart = w
            case "BYSECOND": rule.bySecond = try numbers(value, name)
            case "BYMINUTE": rule.byMinute = try numbers(value, name)
            case "BYHOUR": rule.byHour = try numbers(value, name)
            case "BYMONTHDAY": rule.byMonthDay = try numbers(value, name)
            case "BYYEARDAY": rule.byYearDay = try numbers(value, name)
            case "BYWEEKNO": rule.byWeekNo = try numbers(value, name)
            case "BYMONTH": (rule.byMonth, rule.byLeapMonth) = try months(value)
            case "BYSETPOS": rule.bySetPos = try numbers(value, name)
            case "BYDAY":
                rule.byDay = try days(value, strict: strict)
            case "BYWEEKDAY" where !strict:
                rule.byDay = try days(value, strict: strict)
            case "BYEASTER" where !strict:
                rule.byEaster = try numbers(value, name)
            case "RSCALE":
                rule.rscale = value.uppercased()
            case "SKIP":
                guard let skip = RruleSkip(name: value) else {
                    throw KalendsError(.parse, "SKIP \"\(value)\" is not OMIT, BACKWARD or FORWARD")
                }
                rule.skip = skip
            default:
                if !strict && name.hasPrefix("X-") { continue }
                throw KalendsError(.parse, "unknown RRULE part \(name)")
            }
        }
        guard let freq else { throw KalendsError(.parse, "RRULE \"\(text)\" has no FREQ") }
        rule.frequency = freq
        do throws(KalendsError) {
            try rule.validate(strict: strict)
        } catch {
            throw KalendsError(.parse, error.message)
        }
        return rule
    }

    static func weekday<S: StringProtocol>(_ text: S) -> Weekday? {
        switch text.uppercased() {
        case "MO": .monday
        case "TU": .tuesday
        case "WE": .wednesday
        case "TH": .thursday
        case "FR": .friday
        case "SA": .saturday
        case "SU": .sunday
        default: nil
        }
    }

    static func code(_ w: Weekday) -> String {
        ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][Int(w.rawValue - 1)]
    }

    private static func numbers(_ value: String, _ name: String) throws(KalendsError) -> [Int32] {
        var out: [Int32] = []
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let v = TimeText.integer(item), let v32 = Int32(exactly: v) else {
                throw KalendsError(.parse, "\(name) value \"\(item)\" is not an integer")
            }
            out.append(v32)
        }
        return out
    }

    /// BYMONTH's values: plain months, and RFC 7529's leap months ("5L").
    private static func months(_ value: String) throws(KalendsError) -> ([Int32], [Int32]) {
        var plain: [Int32] = [], leap: [Int32] = []
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            let isLeap = item.last == "L" || item.last == "l"
            let digits = isLeap ? item.dropLast() : item
            guard let v = TimeText.integer(digits), let v32 = Int32(exactly: v), !(isLeap && digits.first == "-") else {
                throw KalendsError(.parse, "BYMONTH value \"\(item)\" is not a month (1 ... 12, or RFC 7529's 5L)")
            }
            if isLeap { leap.append(v32) } else { plain.append(v32) }
        }
        return (plain, leap)
    }

    private static func days(_ value: String, strict: Bool) throws(KalendsError) -> [WeekdayOrdinal] {
        var out: [WeekdayOrdinal] = []
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            var ordinalText = Substring("")
            var dayText = item
            if !strict, let open = item.firstIndex(of: "("), item.hasSuffix(")") {
                // dateutil's "MO(+1)"
                dayText = item[..<open]
                ordinalText = item[item.index(after: open)..<item.index(before: item.endIndex)]
            } else if item.count >= 2 {
                let split = item.index(item.endIndex, offsetBy: -2)
                ordinalText = item[..<split]
                dayText = item[split...]
            }
            guard let w = weekday(dayText) else { throw KalendsError(.parse, "BYDAY value \"\(item)\" is not [+-n]MO ... SU") }
            var ordinal: Int32 = 0
            if !ordinalText.isEmpty {
                guard let n = TimeText.integer(ordinalText), let n32 = Int32(exactly: n), n32 != 0 else {
                    throw KalendsError(.parse, "BYDAY value \"\(item)\" has a bad ordinal")
                }
                ordinal = n32
            }
            out.append(WeekdayOrdinal(w, ordinal))
        }
        return out
    }

    /// The rule as an RRULE value, parts in RFC 5545's order (RFC 7529's RSCALE first,
    /// FREQ, UNTIL or COUNT, INTERVAL, BY parts from BYSECOND up with BYMONTH's leap months
    /// after its plain ones, WKST, then dateutil's BYEASTER, then SKIP). Reading it back
    /// gives an equal rule.
    public var text: String {
        var parts: [String] = []
        if let rscale { parts.append("RSCALE=" + rscale) }
        parts.append("FREQ=" + frequency.name)
        if let until {
            switch until {
            case .date(let d): parts.append("UNTIL=" + TimeText.formatDate(d))
            case .local(let l): parts.append("UNTIL=" + TimeText.formatDateTime(l))
            case .utc(let u): parts.append("UNTIL=" + TimeText.formatDateTime(u, utc: true))
            }
        }
        if let count { parts.append("COUNT=\(count)") }
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        func list(_ name: String, _ values: [Int32]) {
            if !values.isEmpty { parts.append(name + "=" + values.map { String($0) }.joined(separator: ",")) }
        }
        list("BYSECOND", bySecond)
        list("BYMINUTE", byMinute)
        list("BYHOUR", byHour)
        if !byDay.isEmpty {
            parts.append("BYDAY=" + byDay.map { ($0.ordinal == 0 ? "" : String($0.ordinal)) + Self.code($0.weekday) }.joined(separator: ","))
        }
        list("BYMONTHDAY", byMonthDay)
        list("BYYEARDAY", byYearDay)
        list("BYWEEKNO", byWeekNo)
        if byLeapMonth.isEmpty {
            list("BYMONTH", byMonth)
        } else {
            parts.append("BYMONTH=" + (byMonth.map { String($0) } + byLeapMonth.map { "\($0)L" }).joined(separator: ","))
        }
        list("BYSETPOS", bySetPos)
        if let weekStart { parts.append("WKST=" + Self.code(weekStart)) }
        list("BYEASTER", byEaster)
        if let skip { parts.append("SKIP=" + skip.name) }
        return parts.joined(separator: ";")
    }
}

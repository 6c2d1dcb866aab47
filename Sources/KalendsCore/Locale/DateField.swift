/// A date and time field: a date, a time or both in a locale and a calendar system,
/// edited as segments (era, year, month, day, weekday, hour, minute, day period, and
/// the literals between them) by keys, as React Aria's DateField and TimeField are.
/// The host draws the segments and a caret on the focused one; the field decides what
/// a key does:
/// - typed text: digits (any decimal digits: the locale's, Latin) fill the focused
///   numeric segment and move on when no further digit fits ("1" in a month waits for
///   "10"..."12", "2" moves on); letters pick a month name, a day period or an era by
///   prefix (folded case, wide or abbreviated names), moving on when one name alone
///   fits; a separator after typed digits moves on;
/// - Up/Down step the focused segment with wrap (an empty one starts at the
///   placeholder date's value); Backspace removes the last digit (a name: the value),
///   and on an empty segment moves back; Delete empties the segment;
/// - Tab/Shift+Tab and Right/Left move between editable segments (Left/Right follow the
///   screen: reversed in right-to-left locales);
/// - the value is set only when every editable segment is; `validity` says whether it
///   is within min/max and not an unavailable day.
/// Texts are the locale's (`Locale.format(_:pattern:)` of the segment's own letters);
/// the complete value's day comes from the parse's fields (`ParsedFields.day`), so a
/// typed date and a parsed one agree. Every key costs O(segments + names tried).
public struct DateField: Sendable {
    public let locale: Locale
    public let system: AnyCalendarSystem
    public let calendar: LocaleCalendar
    public let granularity: DateFieldGranularity
    public let showsDate: Bool
    /// The hour cycle the field shows (the locale's unless one was asked).
    public let hourCycle: HourCycle
    /// The day and second of day whose values an empty segment steps from.
    public var placeholderDay: Int
    public var placeholderSecond: Int
    /// The earliest and latest value allowed (nil: none).
    public var minimum: DateFieldValue?
    public var maximum: DateFieldValue?
    /// Days that cannot be chosen (the host's list).
    public var unavailableDays: Set<Int> = []
    /// The index in `segments` of the focused segment (-1 when none is editable).
    public private(set) var focus: Int

    let pieces: [DateFieldPiece]
    /// Values by kind (DateSegmentKind.rawValue); the hour as its letter shows it.
    private var values: [Int32?] = Array(repeating: nil, count: DateSegmentKind.allCases.count)
    /// Digits (or folded letters) typed into the focused segment since it took focus.
    private var typed: [UInt32] = []

    /// A field of `system` in `locale`: the date (`showsDate`) and the time to
    /// `granularity` (`.day`: none; a time field needs `.hour` or `.minute`), in
    /// `hourCycle` (nil: the locale's). `placeholderDay` (days since 1970-01-01) and
    /// `placeholderSecond` are where stepping an empty segment starts (a host gives
    /// today). Errors: invalidArgument (no segment: `.day` without the date; a
    /// placeholder out of range), notFound (a system without CLDR names).
    public init(locale: Locale, system: AnyCalendarSystem = .gregorian, showsDate: Bool = true,
                granularity: DateFieldGranularity = .day, hourCycle: HourCycle? = nil,
                placeholderDay: Int, placeholderSecond: Int = 0) throws(KalendsError) {
        guard showsDate || granularity != .day else {
            throw KalendsError(.invalidArgument, "a field without the date needs granularity hour or minute")
        }
        guard (0..<86_400).contains(placeholderSecond) else {
            throw KalendsError(.invalidArgument, "placeholder second \(placeholderSecond) is not in 0...86399")
        }
        try system.base.checkDayNumber(placeholderDay)
        self.locale = locale
        self.system = system
        calendar = try LocaleCalendar(naming: system)
        self.showsDate = showsDate
        self.granularity = granularity
        self.hourCycle = hourCycle ?? locale.hourCycle
        self.placeholderDay = placeholderDay
        self.placeholderSecond = placeholderSecond
        pieces = locale.dateFieldPieces(calendar: calendar, showsDate: showsDate, granularity: granularity,
                                        hourCycle: self.hourCycle)
        focus = pieces.firstIndex { $0.isEditable } ?? -1
    }

    // MARK: reading

    /// The segments in pattern order, literals included.
    public var segments: [DateSegment] { pieces.indices.map { segment($0) } }

    public var segmentCount: Int { pieces.count }

    /// The segment at `i` (0 ..< segments.count).
    public func segment(_ i: Int) -> DateSegment {
        let p = pieces[i]
        guard p.kind != .literal else {
            return DateSegment(kind: .literal, text: p.literal, placeholder: p.literal, isEditable: false,
                                    value: nil, minValue: 0, maxValue: 0)
        }
        let range = self.range(p)
        let placeholder = placeholderText(p)
        var shown = values[Int(p.kind.rawValue)]
        if p.kind == .weekday { shown = completeDay.map { Int32(Weekday(dayNumber: Int32(truncatingIfNeeded: $0)).rawValue) } }
        var text = placeholder
        if let v = shown {
            text = self.text(p, v)
        } else if i == focus, !typed.isEmpty, let n = typedNumber {
            text = self.text(p, n)                   // a leading "0" typed
        }
        return DateSegment(kind: p.kind, text: text, placeholder: placeholder, isEditable: p.isEditable,
                                value: shown, minValue: range.lowerBound, maxValue: range.upperBound)
    }

    /// The whole text as drawn (segments joined).
    public var text: String { segments.map(\.text).joined() }

    /// The value: set when every editable segment is (the day; the second of the day, 0
    /// without a time), nil while one is empty or the date does not exist.
    public var value: DateFieldValue? {
        guard pieces.allSatisfy({ !$0.isEditable || values[Int($0.kind.rawValue)] != nil }) else { return nil }
        let day = showsDate ? completeDay : placeholderDay
        guard let day else { return nil }
        return DateFieldValue(day: day, second: granularity == .day ? 0 : secondOfDay ?? 0)
    }

    /// Whether the value is allowed: incomplete, below the minimum, above the maximum,
    /// on an unavailable day, or valid.
    public var validity: DateFieldValidity {
        guard let v = value else { return .incomplete }
        if let minimum, v < minimum { return .rangeUnderflow }
        if let maximum, v > maximum { return .rangeOverflow }
        if showsDate && unavailableDays.contains(v.day) { return .unavailable }
        return .valid
    }

    /// The day the date segments give (nil if one is empty or the date does not exist).
    var completeDay: Int? {
        guard showsDate else { return nil }
        let v = { (k: DateSegmentKind) in self.values[Int(k.rawValue)] }
        let hasEra = pieces.contains { $0.kind == .era }
        let fields = ParsedFields(era: hasEra ? v(.era) : nil, year: v(.year), month: v(.month), day: v(.day))
        let eras = locale.eraNames(calendar: calendar).count
        return (try? fields.day(system: system, calendar: calendar, eraCount: eras)) ?? nil
    }

    var secondOfDay: Int? {
        guard let h = hour24 else { return nil }
        let m = granularity == .minute ? Int(values[Int(DateSegmentKind.minute.rawValue)] ?? 0) : 0
        return Int(h) * 3600 + m * 60
    }

    /// The hour 0...23 the hour (and day period) segments give.
    var hour24: Int32? {
        guard let p = pieces.first(where: { $0.kind == .hour }), let v = values[Int(DateSegmentKind.hour.rawValue)]
        else { return nil }
        let pm = values[Int(DateSegmentKind.dayPeriod.rawValue)] ?? 0
        switch p.letter {
        case UInt8(ascii: "h"): return v % 12 + 12 * pm
        case UInt8(ascii: "K"): return v + 12 * pm
        case UInt8(ascii: "k"): return v % 24
        default: return v
        }
    }

    // MARK: changing

    /// Sets every segment from `value` (its second ignored without a time). Errors:
    /// invalidArgument (a second out of 0...86399), outOfRange (a day outside the
    /// system, or one the segments cannot show: an era or a leap month the pattern
    /// lacks, a year outside its era's); nothing changes on an error.
    public mutating func setValue(_ value: DateFieldValue?) throws(KalendsError) {
        guard let value else {
            values = Array(repeating: nil, count: values.count)
            typed = []
            return
        }
        guard (0..<86_400).contains(value.second) else {
            throw KalendsError(.invalidArgument, "second \(value.second) is not in 0...86399")
        }
        let date = try system.base.date(checkedDayNumber: value.day)
        var next = values
        if showsDate {
            next[Int(DateSegmentKind.era.rawValue)] = date.era
            next[Int(DateSegmentKind.year.rawValue)] = date.year
            next[Int(DateSegmentKind.month.rawValue)] = date.month
            next[Int(DateSegmentKind.day.rawValue)] = date.day
        }
        if granularity != .day {
            let h = Int32(value.second / 3600), m = Int32(value.second / 60 % 60)
            let letter = pieces.first(where: { $0.kind == .hour })?.letter ?? UInt8(ascii: "H")
            next[Int(DateSegmentKind.hour.rawValue)] = DateField.hour(h, letter: letter)
            next[Int(DateSegmentKind.minute.rawValue)] = granularity == .minute ? m : nil
            next[Int(DateSegmentKind.dayPeriod.rawValue)] = h >= 12 ? 1 : 0
        }
        var shown = self
        shown.values = next
        shown.typed = []
        // a day the segments cannot show (an era or a leap month the pattern lacks, a
        // year outside its era's): refused, nothing changes
        for p in pieces where p.isEditable {
            if let v = next[Int(p.kind.rawValue)], !shown.range(p).contains(v) {
                throw KalendsError(.outOfRange, "day \(value.day) has \(p.kind) \(v), outside the segment's \(shown.range(p))")
            }
        }
        if showsDate && shown.completeDay != value.day {
            throw KalendsError(.outOfRange, "day \(value.day) is not one this field's segments can show (\(date))")
        }
        self = shown
    }

    /// Focuses segment `i`. Errors: outOfRange (no such segment), invalidArgument (not editable).
    public mutating func focus(segment i: Int) throws(KalendsError) {
        guard i >= 0, i < pieces.count else {
            throw KalendsError(.outOfRange, "segment \(i) is not in 0..<\(pieces.count)")
        }
        guard pieces[i].isEditable else { throw KalendsError(.invalidArgument, "segment \(i) is not editable") }
        if i != focus { typed = [] }
        focus = i
    }

    /// Handles `key`; returns false when it did nothing (Tab on the last segment: the
    /// host moves focus out of the field).
    @discardableResult
    public mutating func press(_ key: DateFieldKey) -> Bool {
        guard focus >= 0 else { return false }
        let rtl = locale.direction == .rightToLeft
        switch key {
        case .tab: return move(1)
        case .backtab: return move(-1)
        case .right: return move(rtl ? -1 : 1)
        case .left: return move(rtl ? 1 : -1)
        case .up: step(1)
        case .down: step(-1)
        case .backspace: return backspace()
        case .delete:
            values[Int(pieces[focus].kind.rawValue)] = nil
            typed = []
        }
        return true
    }

    /// Types `text` (UTF-8) into the focused segment, scalar by scalar. Errors: parse
    /// (not UTF-8, longer than `Locale.parseTextLimit` bytes): nothing changes.
    public mutating func type(_ text: UnsafeRawBufferPointer) throws(KalendsError) {
        guard text.count <= Locale.parseTextLimit else {
            throw KalendsError(.parse, "at most \(Locale.parseTextLimit) bytes may be typed at once (the text has \(text.count))")
        }
        let input: ParseText
        switch ParseText.decode(text) {
        case .success(let t): input = t
        case .failure(let bad): throw KalendsError(.parse, "typed text is not UTF-8 (byte \(bad.offset) is not)")
        }
        for s in input.scalars where focus >= 0 { typeScalar(s) }
    }

    /// Types a Swift string (see `type(_:)` with bytes).
    public mutating func type(_ text: String) throws(KalendsError) {
        var copy = self
        let result: Result<Void, KalendsError> = Array(text.utf8).withUnsafeBytes { p in
            do throws(KalendsError) {
                try copy.type(p)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
        self = copy
    }

    // MARK: keys

    private mutating func move(_ by: Int) -> Bool {
        var i = focus + by
        while i >= 0 && i < pieces.count && !pieces[i].isEditable { i += by }
        guard i >= 0 && i < pieces.count else { return false }
        focus = i
        typed = []
        return true
    }

    private mutating func step(_ by: Int32) {
        let p = pieces[focus], k = Int(p.kind.rawValue)
        let r = range(p)
        typed = []
        if let v = values[k] {
            let low = Int(r.lowerBound), span = Int(r.upperBound) - low + 1
            values[k] = Int32(truncatingIfNeeded: low + ((Int(v) - low + Int(by)) % span + span) % span)
        } else {
            values[k] = min(max(placeholderValue(p), r.lowerBound), r.upperBound)
        }
        constrain()
    }

    private mutating func backspace() -> Bool {
        let p = pieces[focus], k = Int(p.kind.rawValue)
        if !typed.isEmpty && isNumeric(p) {
            typed.removeLast()
            values[k] = typed.isEmpty ? nil : typedNumber.flatMap { range(p).contains($0) ? $0 : nil }
            return true
        }
        typed = []
        if let v = values[k] {
            values[k] = isNumeric(p) && v >= 10 ? v / 10 : nil
            return true
        }
        return move(-1)
    }

    private mutating func typeScalar(_ s: UInt32) {
        let p = pieces[focus], k = Int(p.kind.rawValue)
        if let d = ParseText.digit(s) {
            guard isNumeric(p) else { return }
            let r = range(p)
            let maxDigits = p.kind == .year ? min(4, String(r.upperBound).count) : String(r.upperBound).count
            var next = typed.count < maxDigits ? typed + [UInt32(d)] : [UInt32(d)]
            if next.count > maxDigits || number(next) > r.upperBound { next = [UInt32(d)] }
            guard number(next) <= r.upperBound else { return }
            typed = next
            let n = number(next)
            values[k] = n >= r.lowerBound ? n : nil
            constrain()
            if values[k] != nil && (next.count >= maxDigits || n * 10 > r.upperBound) { _ = move(1) }
            return
        }
        if ParseText.isSpace(s) || !isLetter(s) {
            // a separator moves on from a segment with typed digits
            if !typed.isEmpty && values[k] != nil { _ = move(1) }
            return
        }
        guard let names = nameLists(p) else { return }
        for attempt in [typed + [s], [s]] {
            let matches = matching(attempt, names, p)
            guard let first = matches.first else { continue }
            typed = attempt
            values[k] = first
            constrain()
            if matches.count == 1 { _ = move(1) }
            return
        }
    }

    /// Month, era and day-period values (sorted, distinct) with a name starting with `prefix`.
    private func matching(_ prefix: [UInt32], _ names: NameLists, _ p: DateFieldPiece) -> [Int32] {
        let r = range(p)
        var found: [Int32] = []
        for k in 0..<(names.lists.count * names.perList) {
            var value = Int32(k % names.perList)
            if p.kind != .era { value += p.kind == .month ? 1 : 0 }
            guard r.contains(value), !found.contains(value) else { continue }
            let name = ParseText.fold(names.name(k))
            if !name.isEmpty && name.count >= prefix.count && Array(name[0..<prefix.count]) == prefix { found.append(value) }
        }
        return found.sorted()
    }

    /// The name lists typed letters match: months (named months only), eras, day periods (am/pm).
    private func nameLists(_ p: DateFieldPiece) -> NameLists? {
        switch p.kind {
        case .month where p.count >= 3: return locale.dateNames(UInt8(ascii: "M"), calendar)
        case .era: return locale.dateNames(UInt8(ascii: "G"), calendar)
        case .dayPeriod: return locale.dateNames(UInt8(ascii: "a"), calendar)
        default: return nil
        }
    }

    /// Keeps the year within its era, the month within its year and the day within
    /// its month once they are known.
    private mutating func constrain() {
        guard showsDate else { return }
        for kind in [DateSegmentKind.year, .month, .day] {
            guard let p = pieces.first(where: { $0.kind == kind }), let v = values[Int(kind.rawValue)] else { continue }
            let r = range(p)
            if v > r.upperBound { values[Int(kind.rawValue)] = r.upperBound }
        }
    }

    // MARK: segments' ranges and texts

    private func isNumeric(_ p: DateFieldPiece) -> Bool {
        switch p.kind {
        case .year, .day, .hour, .minute: return true
        case .month: return p.count <= 2
        default: return false
        }
    }

    private func isLetter(_ s: UInt32) -> Bool {
        guard let u = Unicode.Scalar(s) else { return false }
        return u.properties.isAlphabetic
    }

    private var typedNumber: Int32? { typed.isEmpty ? nil : number(typed) }

    private func number(_ digits: [UInt32]) -> Int32 {
        digits.reduce(0) { $0 &* 10 &+ Int32(truncatingIfNeeded: $1) }
    }

    private var era: Int32 {
        values[Int(DateSegmentKind.era.rawValue)]
            ?? (try? system.base.date(checkedDayNumber: placeholderDay).era) ?? system.base.eraIndexes.upperBound
    }

    private var knownYear: Int32? { values[Int(DateSegmentKind.year.rawValue)] }

    /// The values a segment takes.
    func range(_ p: DateFieldPiece) -> ClosedRange<Int32> {
        switch p.kind {
        case .literal: return 0...0
        case .era: return system.base.eraIndexes
        case .year:
            // the era's years, up to the system's last day (a year typed has at most 4 digits)
            let years = (try? system.base.eraYears(era)) ?? 1...9999
            let lower = max(years.lowerBound, 1)
            var upper = years.upperBound
            if let last = try? system.base.date(checkedDayNumber: system.base.dayRange.upperBound), last.era == era {
                upper = min(upper, last.year)
            }
            return lower...max(upper, lower)
        case .month:
            let year = knownYear ?? (try? system.base.date(checkedDayNumber: placeholderDay).year) ?? 1
            let n = (try? system.base.monthsInYear(era: era, year: year)) ?? 12
            return 1...Int32(max(n, 1))
        case .day:
            guard let month = values[Int(DateSegmentKind.month.rawValue)] else { return 1...31 }
            let year = knownYear ?? (try? system.base.date(checkedDayNumber: placeholderDay).year) ?? 1
            let n = (try? system.base.monthLength(era: era, year: year, month: month)) ?? 31
            return 1...Int32(max(n, 1))
        case .weekday: return 1...7
        case .hour:
            switch p.letter {
            case UInt8(ascii: "h"): return 1...12
            case UInt8(ascii: "K"): return 0...11
            case UInt8(ascii: "k"): return 1...24
            default: return 0...23
            }
        case .minute: return 0...59
        case .dayPeriod: return 0...1
        }
    }

    /// The segment's value at the placeholder day and second.
    private func placeholderValue(_ p: DateFieldPiece) -> Int32 {
        let date = (try? system.base.date(checkedDayNumber: placeholderDay)) ?? SystemDate(era: 1, year: 1, month: 1, day: 1)
        let h = Int32(placeholderSecond / 3600)
        switch p.kind {
        case .era: return date.era
        case .year: return date.year
        case .month: return date.month
        case .day: return date.day
        case .hour: return DateField.hour(h, letter: p.letter)
        case .minute: return Int32(placeholderSecond / 60 % 60)
        case .dayPeriod: return h >= 12 ? 1 : 0
        default: return 0
        }
    }

    /// An hour 0...23 as pattern letter `letter` writes it.
    static func hour(_ h: Int32, letter: UInt8) -> Int32 {
        switch letter {
        case UInt8(ascii: "h"): return h % 12 == 0 ? 12 : h % 12
        case UInt8(ascii: "K"): return h % 12
        case UInt8(ascii: "k"): return h == 0 ? 24 : h
        default: return h
        }
    }

    /// Value `v` of piece `p` as the locale writes it (the segment's letters alone).
    private func text(_ p: DateFieldPiece, _ v: Int32) -> String {
        guard var f = try? locale.dateFields(day: completeDay ?? placeholderDay, system: system) else { return "" }
        switch p.kind {
        case .era: f.date.era = v
        case .year: f.date.year = v
        case .month: f.date.month = v
        case .day: f.date.day = v
        case .hour: f.hour = p.letter == UInt8(ascii: "k") ? v % 24 : p.letter == UInt8(ascii: "h") ? v % 12 : v
        case .minute: f.minute = v
        case .dayPeriod: f.hour = v == 1 ? 12 : 0
        default: break
        }
        return locale.format(f, pattern: String(repeating: Character(Unicode.Scalar(p.letter)), count: p.count))
    }

    /// What an empty segment shows: "yyyy", "mm", "dd" in English (as React Aria's
    /// en placeholders), else dashes as wide as the value ("––", "––––"); a named
    /// segment's dashes: two.
    private func placeholderText(_ p: DateFieldPiece) -> String {
        let english = locale.identifier.hasPrefix("en")
        switch p.kind {
        case .year: return english ? "yyyy" : "––––"
        case .month: return english ? "mm" : "––"
        case .day: return english ? "dd" : "––"
        default: return "––"
        }
    }
}

extension DateFieldPiece {
    var isEditable: Bool { kind != .literal && kind != .weekday }
}

/// One segment of a date field as the host draws it.
public struct DateSegment: Hashable, Sendable {
    public var kind: DateSegmentKind
    /// The text shown: the value as the locale writes it, else the placeholder.
    public var text: String
    public var placeholder: String
    public var isEditable: Bool
    /// The value (month 1...12, hour as shown, day period 0 am / 1 pm), nil when empty.
    public var value: Int32?
    public var minValue: Int32
    public var maxValue: Int32
}

/// A field's complete value: a day (days since 1970-01-01) and a second of that day.
public struct DateFieldValue: Hashable, Sendable, Comparable {
    public var day: Int
    public var second: Int
    public init(day: Int, second: Int = 0) {
        self.day = day
        self.second = second
    }
    /// The value of a moment, day * 86400 + second (floored: -1 is day -1, second 86399).
    public init(moment: Int64) {
        var (d, r) = moment.quotientAndRemainder(dividingBy: 86_400)   // no overflow at Int64.min
        if r < 0 {
            d -= 1
            r += 86_400
        }
        self.init(day: Int(d), second: Int(r))
    }
    public static func < (a: DateFieldValue, b: DateFieldValue) -> Bool { (a.day, a.second) < (b.day, b.second) }
}

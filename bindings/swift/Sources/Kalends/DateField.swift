import CKalends

/// A date and time field (kalends_date_field): a date, a time or both in a locale and a
/// calendar system, edited as segments by keys. The host draws `segments` and a caret on
/// `focus`; `type` takes typed text (the locale's or Latin digits, names by prefix),
/// `press` the other keys. `value` is set once every editable segment is.
public final class DateField: @unchecked Sendable {
    public let library: Library
    /// The C handle (a registry token), still set after `close()` (later calls fail with `.misuse`).
    public let handle: OpaquePointer
    private var closed = false

    /// A field of `calendar` in `locale`: the date (`showsDate`) and the time to
    /// `granularity`; `hourCycle` nil: the locale's; stepping an empty segment starts at
    /// `placeholderDay` (a day number) and `placeholderSecond`.
    public init(locale: Locale, calendar: String = "gregorian", showsDate: Bool = true,
                granularity: DateFieldGranularity = .day, hourCycle: HourCycle? = nil,
                placeholderDay: Int32, placeholderSecond: Int32 = 0) throws(KalendsError) {
        let lib = locale.library
        let system = try CString.interned(calendar)
        var out: OpaquePointer?
        try lib.check(lib.c.dateFieldNew(locale.handle, system, showsDate ? 1 : 0, granularity.rawValue,
                                         hourCycle?.rawValue ?? -1, placeholderDay, placeholderSecond, &out))
        guard let out else { throw KalendsError(.misuse, "kalends_date_field_new returned no handle") }
        library = lib
        handle = out
    }

    deinit { close() }

    /// Releases the handle now (idempotent).
    public func close() {
        guard !closed else { return }
        closed = true
        _ = library.c.dateFieldFree(handle)
    }

    /// Every segment, literals included, in the pattern's order.
    public func segments() throws(KalendsError) -> [DateSegment] {
        var n: Int32 = 0
        try library.check(library.c.dateFieldSegmentCount(handle, &n))
        var out: [DateSegment] = []
        for i in 0..<n {
            var s = kalends_date_segment()
            try library.check(library.c.dateFieldSegment(handle, i, &s))
            let text = try library.readString { library.c.dateFieldSegmentText(handle, i, $0, $1, $2) }
            let placeholder = try library.readString { library.c.dateFieldSegmentPlaceholder(handle, i, $0, $1, $2) }
            out.append(DateSegment(kind: DateSegmentKind(rawValue: s.kind) ?? .literal, text: text, placeholder: placeholder,
                               isEditable: s.editable == 1, value: s.has_value == 1 ? s.value : nil,
                               minValue: s.min_value, maxValue: s.max_value))
        }
        return out
    }

    /// The whole text as drawn.
    public func text() throws(KalendsError) -> String {
        try library.readString { library.c.dateFieldText(handle, $0, $1, $2) }
    }

    /// The focused segment's index (-1: none is editable).
    public func focus() throws(KalendsError) -> Int32 {
        var out: Int32 = 0
        try library.check(library.c.dateFieldFocus(handle, &out))
        return out
    }

    /// Focuses segment `index` (a tap on it).
    public func setFocus(_ index: Int32) throws(KalendsError) {
        try library.check(library.c.dateFieldSetFocus(handle, index))
    }

    /// Handles `key`; false when it did nothing (Tab on the last segment).
    @discardableResult
    public func press(_ key: DateFieldKey) throws(KalendsError) -> Bool {
        var handled: Int32 = 0
        try library.check(library.c.dateFieldPress(handle, key.rawValue, &handled))
        return handled == 1
    }

    /// Types `text` into the focused segment.
    public func type(_ text: String) throws(KalendsError) {
        let bytes = Array(text.utf8)
        try library.check(bytes.withUnsafeBufferPointer { library.c.dateFieldType(handle, $0.baseAddress, $0.count) })
    }

    /// The value (day number, second of the day) once complete, and whether it is allowed.
    public func value() throws(KalendsError) -> (day: Int32, second: Int32)? {
        var s = kalends_date_field_state()
        try library.check(library.c.dateFieldValue(handle, &s))
        return s.complete == 1 ? (s.day, s.second) : nil
    }

    public func validity() throws(KalendsError) -> DateFieldValidity {
        var s = kalends_date_field_state()
        try library.check(library.c.dateFieldValue(handle, &s))
        return DateFieldValidity(rawValue: s.validity) ?? .incomplete
    }

    /// Sets every segment from a day number and a second of the day.
    public func setValue(day: Int32, second: Int32 = 0) throws(KalendsError) {
        try library.check(library.c.dateFieldSetValue(handle, day, second))
    }
}

/// One segment of a date field as the host draws it (KalendsCore's and Python's `DateSegment`).
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

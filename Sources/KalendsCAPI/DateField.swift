// kalends_date_field_*: date and time fields edited by keys (KalendsCore's DateField).
import CKalends
import KalendsCore
import KalendsSystem

/// The object behind a kalends_date_field handle: the core's DateField (a value)
/// behind a mutex, so calls from several threads are serialized.
final class DateFieldHandle: @unchecked Sendable {
    private var field: DateField
    private let mutex = Mutex(recursive: false)

    init(_ field: DateField) { self.field = field }

    /// Runs `body` with the field; a throwing body changes nothing.
    func with<T>(_ body: (inout DateField) throws(KalendsError) -> T) throws(KalendsError) -> T {
        try mutex.withLock { () throws(KalendsError) -> T in
            var copy = field
            let result = try body(&copy)
            field = copy
            return result
        }
    }
}

func dateFieldNew(_ locale: LocaleHandle, _ system: AnyCalendarSystem, _ showsDate: Int32,
                  _ granularity: DateFieldGranularity, _ hourCycle: Int32, _ placeholderDay: Int32,
                  _ placeholderSecond: Int32) throws(KalendsError) -> DateFieldHandle {
    var cycle: HourCycle?
    if hourCycle != -1 {
        guard let c = HourCycle(rawValue: hourCycle) else { throw invalid("hour_cycle \(hourCycle) is not -1 or a kalends_hour_cycle") }
        cycle = c
    }
    return DateFieldHandle(try DateField(locale: locale.locale, system: system, showsDate: try flag(showsDate, "shows_date"),
                                         granularity: granularity, hourCycle: cycle, placeholderDay: Int(placeholderDay),
                                         placeholderSecond: Int(placeholderSecond)))
}

func dateFieldSegmentCount(_ h: DateFieldHandle) throws(KalendsError) -> Int32 {
    try h.with { f in Int32(clamping: f.segmentCount) }
}

private func checkedSegment(_ f: DateField, _ index: Int32) throws(KalendsError) -> DateSegment {
    guard index >= 0, Int(index) < f.segmentCount else {
        throw KalendsError(.outOfRange, "segment \(index) is not in 0..<\(f.segmentCount)")
    }
    return f.segment(Int(index))
}

func dateFieldSegment(_ h: DateFieldHandle, _ index: Int32) throws(KalendsError) -> kalends_date_segment {
    let s = try h.with { (f) throws(KalendsError) in try checkedSegment(f, index) }
    return kalends_date_segment(kind: s.kind.rawValue, editable: s.isEditable ? 1 : 0, has_value: s.value == nil ? 0 : 1,
                                value: s.value ?? 0, min_value: s.minValue, max_value: s.maxValue)
}

func dateFieldSegmentText(_ h: DateFieldHandle, _ index: Int32) throws(KalendsError) -> String {
    try h.with { (f) throws(KalendsError) in try checkedSegment(f, index).text }
}

func dateFieldSegmentPlaceholder(_ h: DateFieldHandle, _ index: Int32) throws(KalendsError) -> String {
    try h.with { (f) throws(KalendsError) in try checkedSegment(f, index).placeholder }
}

func dateFieldText(_ h: DateFieldHandle) throws(KalendsError) -> String { try h.with { f in f.text } }

func dateFieldFocus(_ h: DateFieldHandle) throws(KalendsError) -> Int32 { try h.with { f in Int32(f.focus) } }

func dateFieldSetFocus(_ h: DateFieldHandle, _ index: Int32) throws(KalendsError) {
    try h.with { (f) throws(KalendsError) in try f.focus(segment: Int(index)) }
}

func dateFieldPress(_ h: DateFieldHandle, _ key: DateFieldKey) throws(KalendsError) -> Int32 {
    try h.with { f in f.press(key) ? 1 : 0 }
}

func dateFieldType(_ h: DateFieldHandle, _ text: UnsafeBufferPointer<UInt8>) throws(KalendsError) {
    try h.with { (f) throws(KalendsError) in try f.type(UnsafeRawBufferPointer(text)) }
}

func dateFieldValue(_ h: DateFieldHandle) throws(KalendsError) -> kalends_date_field_state {
    try h.with { f in
        let v = f.value
        return kalends_date_field_state(complete: v == nil ? 0 : 1, day: Int32(truncatingIfNeeded: v?.day ?? 0),
                                        second: Int32(truncatingIfNeeded: v?.second ?? 0), validity: f.validity.rawValue)
    }
}

func dateFieldSetValue(_ h: DateFieldHandle, _ day: Int32, _ second: Int32) throws(KalendsError) {
    try h.with { (f) throws(KalendsError) in try f.setValue(DateFieldValue(day: Int(day), second: Int(second))) }
}

func dateFieldClear(_ h: DateFieldHandle) throws(KalendsError) {
    try h.with { (f) throws(KalendsError) in try f.setValue(nil) }
}

func dateFieldSetLimits(_ h: DateFieldHandle, _ minimum: Int64, _ maximum: Int64) throws(KalendsError) {
    guard minimum <= maximum else { throw invalid("minimum \(minimum) is after maximum \(maximum)") }
    func moment(_ m: Int64) -> DateFieldValue? { m == .min || m == .max ? nil : DateFieldValue(moment: m) }
    try h.with { f in
        f.minimum = moment(minimum)
        f.maximum = moment(maximum)
    }
}

func dateFieldSetUnavailable(_ h: DateFieldHandle, _ days: UnsafeBufferPointer<Int32>) throws(KalendsError) {
    let set = Set(days.map { Int($0) })
    try h.with { f in f.unavailableDays = set }
}

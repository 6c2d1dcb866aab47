/// The selected days of a view (the C ABI reads it as `kalends_selection` and a list
/// of day numbers). Single and multiple selection keep a sorted set of days; range
/// selection keeps a start and, once chosen, an end.
public struct Selection: Hashable, Sendable {
    /// Single and multiple modes: the selected days, ascending.
    public private(set) var days: [Int32] = []
    /// Range mode: the first day, and the last once the second tap chose it.
    public private(set) var rangeStart: Int32?
    public private(set) var rangeEnd: Int32?
    /// The day selected last (for the week a mode change shows).
    public private(set) var latest: Int32?

    public init() {}

    public var isEmpty: Bool { days.isEmpty && rangeStart == nil }

    /// Range mode: whether the range has its end.
    public var isRangeComplete: Bool { rangeEnd != nil }

    /// First and last selected day.
    public var bounds: DayRange? {
        if let s = rangeStart { return DayRange(first: s, last: rangeEnd ?? s) }
        guard let first = days.first, let last = days.last else { return nil }
        return DayRange(first: first, last: last)
    }

    /// Number of selected days (every day of a range).
    public var count: Int {
        if rangeStart != nil { return bounds?.count ?? 0 }
        return days.count
    }

    public func contains(_ day: Int32) -> Bool {
        if let s = rangeStart { return s <= day && day <= (rangeEnd ?? s) }
        return index(of: day) != nil
    }

    /// Selected, range start / middle / end flags of a day.
    public func flags(for day: Int32) -> DayFlags {
        if let s = rangeStart {
            let e = rangeEnd ?? s
            guard s <= day && day <= e else { return [] }
            var f: DayFlags = .selected
            if day == s { f.insert(.rangeStart) }
            if day == e { f.insert(.rangeEnd) }
            if day != s && day != e { f.insert(.rangeMiddle) }
            return f
        }
        return index(of: day) != nil ? .selected : []
    }

    /// Every selected day, ascending. A range of every supported date is 730 million
    /// days: hosts that only need the count read `count`, and `forEachDay` lists
    /// without building an array.
    public var allDays: [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(count)
        forEachDay { _, day in out.append(day) }
        return out
    }

    /// Hands every selected day, ascending, to `body` with its position. O(count), no
    /// allocation.
    public func forEachDay(_ body: (Int, Int32) -> Void) {
        if let b = bounds, rangeStart != nil {
            var day = b.first, i = 0
            while true {
                body(i, day)
                if day == b.last { break }
                day += 1
                i += 1
            }
            return
        }
        for (i, day) in days.enumerated() { body(i, day) }
    }

    func index(of day: Int32) -> Int? {
        var lo = 0, hi = days.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if days[mid] < day { lo = mid + 1 } else { hi = mid }
        }
        return lo < days.count && days[lo] == day ? lo : nil
    }

    // MARK: changes (the view decides which apply and fires the callbacks)

    mutating func insert(_ day: Int32) {
        var lo = 0, hi = days.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if days[mid] < day { lo = mid + 1 } else { hi = mid }
        }
        if lo == days.count || days[lo] != day { days.insert(day, at: lo) }
        latest = day
    }

    mutating func remove(_ day: Int32) {
        if let i = index(of: day) { days.remove(at: i) }
        if latest == day { latest = days.last }
    }

    mutating func setRange(start: Int32, end: Int32?) {
        rangeStart = start
        rangeEnd = end
        latest = end ?? start
    }

    mutating func removeAll() {
        days.removeAll()
        rangeStart = nil
        rangeEnd = nil
        latest = nil
    }

    /// The selected days that are endpoints callbacks speak of: every day in single
    /// and multiple modes, the start and end of a range.
    var endpoints: [Int32] {
        if let s = rangeStart {
            if let e = rangeEnd, e != s { return [s, e] }
            return [s]
        }
        return days
    }
}

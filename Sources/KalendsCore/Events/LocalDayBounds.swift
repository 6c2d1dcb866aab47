/// A local day as a range of instants, `midnight ..< next`, in a zone, and the wall time
/// of an instant on it clamped to the day: what a time grid places by (10:00 sits on the
/// 10:00 line on a day that lost or gained an hour too). The last representable day
/// ends 86,400 s after its midnight.
struct LocalDayBounds {
    let midnight: Int64
    let next: Int64
    private let zone: any LocalDays

    init(day: Int32, in zone: any LocalDays) throws(KalendsError) {
        midnight = try zone.dayStart(day)
        next = day < Gregorian.maxDayNumber ? try zone.dayStart(day + 1) : midnight + 86_400
        self.zone = zone
    }

    /// `instant`'s wall seconds on this day: 0 at or before midnight, 86,400 at or after
    /// the next midnight.
    func wall(_ instant: Int64) throws(KalendsError) -> Int64 {
        if instant <= midnight { return 0 }
        if instant >= next { return 86_400 }
        return Int64(try zone.localDay(at: instant).secondsOfDay)
    }
}

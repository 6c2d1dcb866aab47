import CKalends
import Kalends
import KalendsCore
#if canImport(Glibc)
import Glibc
#endif

/// The library under test: $KALENDS_LIBRARY, else libkalends.so next to the test binary.
let library: Library = {
    do {
        return try Library()
    } catch {
        fatalError("cannot load libkalends.so for the parity tests: \(error)")
    }
}()

/// Same result from KalendsCore and from the wrapper: equal values, or errors with the
/// same status and the same message.
func sameOutcome<A, B>(_ core: () throws(KalendsCore.KalendsError) -> A,
                       _ wrapper: () throws(Kalends.KalendsError) -> B,
                       _ equal: (A, B) -> Bool) -> String? {
    let c: Result<A, KalendsCore.KalendsError> = Result { () throws(KalendsCore.KalendsError) -> A in try core() }
    let w: Result<B, Kalends.KalendsError> = Result { () throws(Kalends.KalendsError) -> B in try wrapper() }
    switch (c, w) {
    case let (.success(a), .success(b)):
        return equal(a, b) ? nil : "values differ: core \(a), wrapper \(b)"
    case let (.failure(a), .failure(b)):
        return a.code.rawValue == b.rawStatus && a.message == b.message
            ? nil : "errors differ: core \(a), wrapper \(b)"
    case let (.success(a), .failure(b)):
        return "core gave \(a), wrapper failed with \(b)"
    case let (.failure(a), .success(b)):
        return "core failed with \(a), wrapper gave \(b)"
    }
}

func same(_ a: KalendsCore.Date, _ b: Kalends.Date) -> Bool {
    a.year == b.year && a.month == b.month && a.day == b.day && a.dayNumber == b.dayNumber
}

func same(_ a: KalendsCore.Day, _ b: Kalends.Day) -> Bool {
    same(a.date, b.date) && a.dayNumber == b.dayNumber && a.weekday.rawValue == b.weekday.rawValue
        && a.weekOfYear.week == b.weekOfYear.week && a.weekOfYear.year == b.weekOfYear.year
        && a.flags.rawValue == b.flags.rawValue
}

func same(_ a: [KalendsCore.Day], _ b: [Kalends.Day]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
}

func coreOptions(_ first: Int32, _ minDays: Int32, weekend: UInt32 = 0x60,
                 today: KalendsCore.Today = .off) -> KalendsCore.CalendarOptions {
    KalendsCore.CalendarOptions(firstWeekday: KalendsCore.Weekday(rawValue: first) ?? .monday,
                                minDaysInFirstWeek: minDays,
                                weekendDays: KalendsCore.WeekdaySet(rawValue: weekend), today: today)
}

func wrapperOptions(_ first: Int32, _ minDays: Int32, weekend: UInt32 = 0x60,
                    today: Kalends.Today = .off) throws(Kalends.KalendsError) -> Kalends.CalendarOptions {
    try Kalends.CalendarOptions(firstWeekday: Kalends.Weekday(rawValue: first) ?? .monday,
                                minDaysInFirstWeek: minDays,
                                weekendDays: Set(Kalends.Weekday.allCases.filter { weekend & (1 << UInt32($0.rawValue - 1)) != 0 }),
                                today: today, library: library)
}

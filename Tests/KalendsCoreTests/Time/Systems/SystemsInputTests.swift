import Testing
@testable import KalendsCore

/// Bad input to the checked API: a status and a message naming the system and the
/// valid range, and nothing else happens.
@Suite struct SystemsInputTests {
    func error(_ body: () throws -> Void) -> KalendsError? {
        do { try body() } catch { return error as? KalendsError }
        return nil
    }

    @Test func unknownIdentifierListsTheKnownOnes() {
        let e = error { _ = try CalendarSystems.named("klingon") }
        #expect(e?.code == .notFound)
        #expect(e?.message.contains("hebrew") == true && e?.message.contains("klingon") == true)
        #expect((try? CalendarSystems.named("ethioaa"))?.identifier == "ethiopic-amete-alem")
        #expect((try? CalendarSystems.named("islamicc"))?.identifier == "islamic-civil")
        #expect(CalendarSystems.identifiers.count >= 18)
    }

    @Test func monthsAYearDoesNotHave() throws {
        let gregorian = try CalendarSystems.named("gregorian").base
        let e1 = error { _ = try gregorian.monthLength(era: 1, year: 2026, month: 13) }
        #expect(e1?.code == .invalidArgument && e1?.message.contains("gregorian") == true && e1?.message.contains("1...12") == true)
        let hebrew = try CalendarSystems.named("hebrew").base
        // 5785 is a common year: no Adar I (6), no month 14.
        #expect(error { _ = try hebrew.monthLength(era: 0, year: 5785, month: 6) }?.message.contains("common year") == true)
        #expect(try hebrew.monthLength(era: 0, year: 5784, month: 6) == 30)   // a leap year
        #expect(error { _ = try hebrew.monthLength(era: 0, year: 5784, month: 14) }?.code == .invalidArgument)
        let chinese = try CalendarSystems.named("chinese").base
        // Cycle 78 year 42 (2025) has a leap 6th month; year 43 (2026) has none.
        #expect(try chinese.monthsInYear(era: 78, year: 42) == 13)
        #expect(try chinese.monthLength(era: 78, year: 42, month: 6, isLeapMonth: true) >= 29)
        let noLeap = error { _ = try chinese.monthLength(era: 78, year: 43, month: 6, isLeapMonth: true) }
        #expect(noLeap?.code == .invalidArgument && noLeap?.message.contains("chinese") == true)
        #expect(error { _ = try chinese.monthLength(era: 78, year: 61, month: 1) }?.code == .outOfRange)
        #expect(error { _ = try gregorian.monthLength(era: 1, year: 2026, month: 2, isLeapMonth: true) }?.code == .invalidArgument)
    }

    @Test func yearsErasAndDaysOutsideTheRange() throws {
        let gregorian = try CalendarSystems.named("gregorian").base
        let e = error { _ = try gregorian.monthsInYear(era: 1, year: 1_000_000) }
        #expect(e?.code == .outOfRange && e?.message.contains("1...999999") == true)
        #expect(error { _ = try gregorian.monthsInYear(era: 2, year: 1) }?.message.contains("eras 0...1") == true)
        let chinese = try CalendarSystems.named("chinese").base
        let far = error { _ = try chinese.date(checkedDayNumber: Gregorian.daysFromCivil(10_000, 1, 1)) }
        #expect(far?.code == .outOfRange && far?.message.contains("chinese") == true)
        let japanese = try CalendarSystems.named("japanese").base
        // Heisei began on 1989-01-08: Heisei 1-01-01 is Showa 64.
        let showa = error { _ = try japanese.dayNumber(of: SystemDate(era: 235, year: 1, month: 1, day: 1)) }
        #expect(showa?.code == .invalidArgument && showa?.message.contains("era 234 year 64") == true)
        #expect(try japanese.dayNumber(of: SystemDate(era: 235, year: 1, month: 1, day: 8)) == Gregorian.daysFromCivil(1989, 1, 8))
        #expect(error { _ = try japanese.dayNumber(of: SystemDate(era: 236, year: 1, month: 2, day: 30)) }?.code == .invalidArgument)
    }

    @Test func addingMonthsAndYearsClampAsEachSystemDoes() throws {
        let gregorian = try CalendarSystems.named("gregorian").base
        #expect(try gregorian.adding(months: 1, to: Gregorian.daysFromCivil(2026, 1, 31)) == Gregorian.daysFromCivil(2026, 2, 28))
        #expect(try gregorian.adding(years: 1, to: Gregorian.daysFromCivil(2024, 2, 29)) == Gregorian.daysFromCivil(2025, 2, 28))
        let hebrew = try CalendarSystems.named("hebrew").base
        // 30 Adar I 5784 + 1 year: 5785 has no Adar I, so Adar, clamped to its 29 days.
        let adarI = try hebrew.dayNumber(of: SystemDate(era: 0, year: 5784, month: 6, day: 30))
        let next = try hebrew.adding(years: 1, to: adarI)
        #expect(hebrew.date(dayNumber: next) == SystemDate(era: 0, year: 5785, month: 7, day: 29))
        // Months step over Adar I in a common year: Shevat 5785 + 1 month = Adar 5785.
        let shevat = try hebrew.dayNumber(of: SystemDate(era: 0, year: 5785, month: 5, day: 1))
        #expect(hebrew.date(dayNumber: try hebrew.adding(months: 1, to: shevat)).month == 7)
        // Chinese: a leap month counts as a month.
        let chinese = try CalendarSystems.named("chinese").base
        let sixth = try chinese.dayNumber(of: SystemDate(era: 78, year: 42, month: 6, day: 1))
        #expect(chinese.date(dayNumber: try chinese.adding(months: 1, to: sixth)) == SystemDate(era: 78, year: 42, month: 6, day: 1, isLeapMonth: true))
        #expect(error { _ = try gregorian.adding(months: Int.max, to: 0) }?.code == .outOfRange)
    }

    @Test func registeredSystemsJoinTheRegistry() throws {
        struct Weeks: CalendarSystem {   // a toy system: 4-week months, 13 a year
            var identifier: String { "test-weeks" }
            var dayRange: ClosedRange<Int> { -100_000...100_000 }
            var eraIndexes: ClosedRange<Int32> { 0...0 }
            func eraRange(_ era: Int32) throws(KalendsError) -> EraRange {
                guard era == 0 else { throw KalendsError(.invalidArgument, "era \(era)") }
                return EraRange(era: 0, code: "w", years: -300...300, days: dayRange)
            }
            func date(dayNumber: Int) -> SystemDate {
                let m = Arith.floorDiv(dayNumber, 28), y = Arith.floorDiv(m, 13)
                return SystemDate(era: 0, year: Int32(y), month: Int32(m - 13 * y + 1), day: Int32(dayNumber - 28 * m + 1))
            }
            func monthIndex(dayNumber: Int) -> Int { Arith.floorDiv(dayNumber, 28) }
            func month(index: Int) -> SystemMonth {
                let y = Arith.floorDiv(index, 13)
                return SystemMonth(era: 0, year: Int32(y), month: Int32(index - 13 * y + 1), isLeapMonth: false,
                                   extendedYear: y, firstDay: index * 28, length: 28)
            }
            func extendedYear(era: Int32, year: Int32) throws(KalendsError) -> Int { Int(year) }
            func monthIndexes(extendedYear: Int) -> Range<Int> { extendedYear * 13..<extendedYear * 13 + 13 }
            func monthIndex(extendedYear: Int, month: Int32, isLeapMonth: Bool) throws(KalendsError) -> Int {
                guard (1...13).contains(month), !isLeapMonth else { throw KalendsError(.invalidArgument, "month \(month)") }
                return extendedYear * 13 + Int(month) - 1
            }
        }
        try CalendarSystems.register(Weeks())
        defer { try? CalendarSystems.unregister("test-weeks") }
        #expect(error { try CalendarSystems.register(Weeks()) }?.code == .duplicate)
        #expect(error { try CalendarSystems.register(GregorianFamilySystem(.gregorian)) }?.code == .duplicate)
        let system = try CalendarSystems.named("test-weeks")
        #expect(CalendarSystems.identifiers.contains("test-weeks"))
        // The whole month machinery works on it: a view pages through its months.
        let cal = try KalendsCore.Calendar(options: CalendarOptions(today: .fixed(try KalendsCore.Date(year: 1970, month: 2, day: 1)), system: system))
        let view = try View(calendar: cal)
        #expect(view.page.monthIndex == 1)
        try view.nextPage()
        #expect(view.page.systemMonth.firstDay == 56 && view.page.range.count == 42)
    }
}

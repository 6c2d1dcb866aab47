import CKalends
import Kalends
import KalendsCore
import Testing

/// A small deterministic generator (SplitMix64), so a failing session can be replayed.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ values: [T]) -> T { values[int(values.count)] }
}

func same(_ a: KalendsCore.Page, _ b: Kalends.Page) -> Bool {
    a.mode.rawValue == b.mode.rawValue && a.anchor == b.anchor && a.year == b.year && a.month == b.month
        && a.first == b.first && a.last == b.last
}

func same(_ a: KalendsCore.Transition, _ b: Kalends.Transition) -> Bool {
    a.direction.rawValue == b.direction.rawValue && same(a.from, b.from) && same(a.to, b.to)
}

func same(_ a: KalendsCore.Action, _ b: Kalends.Action) -> Bool {
    a.outcome.rawValue == b.outcome.rawValue && a.day == b.day && same(a.transition, b.transition)
}

func same(_ a: KalendsCore.Element, _ b: Kalends.Element) -> Bool {
    a.kind.rawValue == b.kind.rawValue && a.index == b.index && a.dayNumber == b.dayNumber
        && a.flags.rawValue == b.flags.rawValue && a.frame.x == b.frame.x && a.frame.y == b.frame.y
        && a.frame.width == b.frame.width && a.frame.height == b.frame.height && a.alpha == b.alpha
        && a.outgoing == b.outgoing
}

func same(_ a: [KalendsCore.Element], _ b: [Kalends.Element]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
}

@Suite struct ViewParityTests {
    static let today: (Int32, Int32, Int32) = (2026, 11, 22)

    func pair(_ seed: UInt64) throws -> (KalendsCore.View, Kalends.View) {
        let coreCalendar = try KalendsCore.Calendar(options: KalendsCore.CalendarOptions(
            firstWeekday: KalendsCore.Weekday(rawValue: Int32(seed % 7) + 1) ?? .monday,
            today: .fixed(try KalendsCore.Date(year: 2026, month: 11, day: 22))))
        let wrapperCalendar = try Kalends.Calendar(
            firstWeekday: Kalends.Weekday(rawValue: Int32(seed % 7) + 1) ?? .monday,
            today: .fixed(try Kalends.Date(year: 2026, month: 11, day: 22, library: library)), library: library)
        let core = try KalendsCore.View(calendar: coreCalendar, metrics: KalendsCore.Metrics(width: 350))
        let wrapper = try Kalends.View(calendar: wrapperCalendar, metrics: Kalends.Metrics(width: 350, library: library), library: library)
        return (core, wrapper)
    }

    /// Random sessions of every view operation, applied to KalendsCore and through the C
    /// ABI: each step's result (or error, with its message) and the state after it agree.
    @Test(arguments: Array(1...10) as [UInt64])
    func randomSessionsAgree(seed: UInt64) throws {
        var rng = SplitMix(state: seed)
        let (core, wrapper) = try pair(seed)
        var problems: [String] = []
        func compare<A, B>(_ what: String, _ a: () throws(KalendsCore.KalendsError) -> A,
                           _ b: () throws(Kalends.KalendsError) -> B, _ eq: (A, B) -> Bool) {
            if let p = sameOutcome(a, b, eq) { problems.append("seed \(seed) \(what): \(p)") }
        }
        for step in 0..<300 where problems.count < 5 {
            let base = KalendsCore.Gregorian.daysFromCivil(2026, 11, 1)
            let dayNumber = Int32(base - 120 + rng.int(240))
            let cd = try KalendsCore.Date(dayNumber: dayNumber)
            let wd = try Kalends.Date(dayNumber: dayNumber, library: library)
            let op = rng.int(17)
            switch op {
            case 0: compare("next", { () throws(KalendsCore.KalendsError) in try core.nextPage() },
                            { () throws(Kalends.KalendsError) in try wrapper.nextPage() }, same)
            case 1: compare("previous", { () throws(KalendsCore.KalendsError) in try core.previousPage() },
                            { () throws(Kalends.KalendsError) in try wrapper.previousPage() }, same)
            case 2: compare("go to \(cd)", { () throws(KalendsCore.KalendsError) in try core.goTo(cd) },
                            { () throws(Kalends.KalendsError) in try wrapper.goTo(wd) }, same)
            case 3: compare("select \(cd)", { () throws(KalendsCore.KalendsError) in try core.select(cd) },
                            { () throws(Kalends.KalendsError) in try wrapper.select(wd) }, same)
            case 4: compare("deselect \(cd)", { () throws(KalendsCore.KalendsError) in try core.deselect(cd) },
                            { () throws(Kalends.KalendsError) in try wrapper.deselect(wd) }, same)
            case 5:
                let key = Int32(1 + rng.int(9))
                compare("key \(key)", { () throws(KalendsCore.KalendsError) in try core.key(KalendsCore.Key(rawValue: key) ?? .enter) },
                        { () throws(Kalends.KalendsError) in try wrapper.key(Kalends.Key(rawValue: key) ?? .enter) }, same)
            case 6, 7:
                let x = Double(rng.int(420)) - 10 + 0.5, y = Double(rng.int(420)) - 10 + 0.5
                compare("tap \(x),\(y)", { () throws(KalendsCore.KalendsError) in try core.tap(KalendsCore.Point(x: x, y: y)) },
                        { () throws(Kalends.KalendsError) in try wrapper.tap(x: x, y: y) },
                        { same($0.element, $1.element) && same($0.action, $1.action) })
                compare("hit \(x),\(y)", { () throws(KalendsCore.KalendsError) in try core.hitTest(KalendsCore.Point(x: x, y: y)) },
                        { () throws(Kalends.KalendsError) in try wrapper.hitTest(x: x, y: y) }, same)
            case 8:
                let mode = Int32(rng.int(3))
                compare("mode \(mode)", { () throws(KalendsCore.KalendsError) in
                    try core.setMode(KalendsCore.DisplayMode(rawValue: mode) ?? .month)
                }, { () throws(Kalends.KalendsError) in try wrapper.setMode(Kalends.DisplayMode(rawValue: mode) ?? .month) },
                { $0.heightBefore == $1.heightBefore && $0.heightAfter == $1.heightAfter })
            case 9:
                let sel = Int32(rng.int(4)), rows = Int32(rng.int(2)), out = Int32(rng.int(2)), tap = Int32(rng.int(2))
                let rtl = rng.int(2) == 1
                let bounded = rng.int(3) == 0
                let minDay = dayNumber - 40, maxDay = dayNumber + Int32(rng.int(80)) - 20
                compare("options", { () throws(KalendsCore.KalendsError) in
                    try core.setOptions(KalendsCore.ViewOptions(
                        mode: core.options.mode, rows: KalendsCore.Rows(rawValue: rows) ?? .fixed,
                        outDates: KalendsCore.OutDates(rawValue: out) ?? .show,
                        selectionMode: KalendsCore.SelectionMode(rawValue: sel) ?? .single,
                        outDateTap: KalendsCore.OutDateTap(rawValue: tap) ?? .pageAndSelect, rightToLeft: rtl,
                        minDate: bounded ? try KalendsCore.Date(dayNumber: minDay) : nil,
                        maxDate: bounded ? try KalendsCore.Date(dayNumber: maxDay) : nil))
                }, { () throws(Kalends.KalendsError) in
                    try wrapper.setOptions(Kalends.ViewOptions(
                        mode: try wrapper.options.mode, rows: Kalends.Rows(rawValue: rows) ?? .fixed,
                        outDates: Kalends.OutDates(rawValue: out) ?? .show,
                        selectionMode: Kalends.SelectionMode(rawValue: sel) ?? .single,
                        outDateTap: Kalends.OutDateTap(rawValue: tap) ?? .pageAndSelect, rightToLeft: rtl,
                        minDate: bounded ? try Kalends.Date(dayNumber: minDay, library: library) : nil,
                        maxDate: bounded ? try Kalends.Date(dayNumber: maxDay, library: library) : nil, library: library))
                }, { _, _ in true })
            case 10:
                let width = Double(rng.pick([0, 1, 7, 100, 350, 351, 390, 1024, 1999]))
                let scale = Double(rng.pick([0, 1, 2, 3]))
                let spacing = Double(rng.pick([0, 0, 2, 5]))
                compare("metrics \(width) \(scale)", { () throws(KalendsCore.KalendsError) in
                    try core.setMetrics(KalendsCore.Metrics(width: width, insets: KalendsCore.Insets(left: spacing),
                                                            columnSpacing: spacing, rowSpacing: spacing, scale: scale))
                }, { () throws(Kalends.KalendsError) in
                    try wrapper.setMetrics(Kalends.Metrics(width: width, insets: Kalends.Insets(left: spacing),
                                                           columnSpacing: spacing, rowSpacing: spacing, scale: scale,
                                                           library: library))
                }, { _, _ in true })
            case 11:
                let days = (0..<rng.int(5)).map { _ in Int32(base - 40 + rng.int(80)) }
                compare("highlight", { () throws(KalendsCore.KalendsError) in try core.setHighlighted(days) },
                        { () throws(Kalends.KalendsError) in try wrapper.setHighlighted(days) }, { _, _ in true })
            case 12:
                let days = (0..<rng.int(5)).map { _ in Int32(base - 40 + rng.int(80)) }
                compare("disable", { () throws(KalendsCore.KalendsError) in try core.setDisabled(days) },
                        { () throws(Kalends.KalendsError) in try wrapper.setDisabled(days) }, { _, _ in true })
            case 13:
                let progress = Double(rng.int(11)) / 10, curve = Int32(rng.int(3))
                compare("transition \(progress)", { () throws(KalendsCore.KalendsError) in
                    try core.transitionLayout(progress: progress, curve: KalendsCore.TimingCurve(rawValue: curve) ?? .linear)
                }, { () throws(Kalends.KalendsError) in
                    try wrapper.transitionLayout(progress: progress, curve: Kalends.TimingCurve(rawValue: curve) ?? .linear)
                }, { same($0.elements, $1.elements) && ($0.height ?? 0) == $1.height })
            case 14:
                compare("label \(cd)", { () throws(KalendsCore.KalendsError) in try core.accessibilityLabel(cd) },
                        { () throws(Kalends.KalendsError) in try wrapper.accessibilityLabel(wd) }, ==)
            case 15:
                compare("clear", { () throws(KalendsCore.KalendsError) in try core.clearSelection() },
                        { () throws(Kalends.KalendsError) in try wrapper.clearSelection() }, { _, _ in true })
            default:
                compare("today", { () throws(KalendsCore.KalendsError) in try core.goToToday() },
                        { () throws(Kalends.KalendsError) in try wrapper.goToToday() }, same)
            }
            // the state after every step
            compare("page after \(op) at \(step)", { () throws(KalendsCore.KalendsError) in core.page },
                    { () throws(Kalends.KalendsError) in try wrapper.page }, same)
            compare("days after \(op) at \(step)", { () throws(KalendsCore.KalendsError) in try core.days() },
                    { () throws(Kalends.KalendsError) in try wrapper.days() }, same)
            compare("layout after \(op) at \(step)", { () throws(KalendsCore.KalendsError) in try core.layout() },
                    { () throws(Kalends.KalendsError) in try wrapper.layout() }, same)
            compare("selection after \(op) at \(step)", { () throws(KalendsCore.KalendsError) in core.selection.allDays },
                    { () throws(Kalends.KalendsError) in try wrapper.selectedDays() }, ==)
            compare("focus after \(op) at \(step)", { () throws(KalendsCore.KalendsError) in core.focus.dayNumber },
                    { () throws(Kalends.KalendsError) in try wrapper.focus.dayNumber }, ==)
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    @Test func callbacksRunAndTheirErrorsComeBack() throws {
        let (_, view) = try pair(1)
        var log: [String] = []
        try view.setCallbacks(Kalends.ViewCallbacks(
            isDisabled: { d in d.day == 13 },
            didSelect: { d in log.append("select \(d)") },
            pageChanged: { t in log.append("page \(t.direction)") }))
        #expect(try view.select(try Kalends.Date(year: 2026, month: 11, day: 13, library: library)).outcome == .disabled)
        try view.select(try Kalends.Date(year: 2027, month: 1, day: 2, library: library))
        #expect(log == ["select 2027-01-02", "page forward"])
        try view.setCallbacks(Kalends.ViewCallbacks(shouldSelect: { (_: Kalends.Date) throws(Kalends.KalendsError) -> Bool in
            throw Kalends.KalendsError(.notFound, "host says no")
        }))
        #expect(throws: Kalends.KalendsError(.notFound, "host says no")) {
            try view.select(try Kalends.Date(year: 2027, month: 1, day: 5, library: library))
        }
        #expect(try view.selection.count == 1)
        // changing the view from a callback is refused, and that refusal comes back too
        try view.setCallbacks(Kalends.ViewCallbacks(didSelect: { (_: Kalends.Date) throws(Kalends.KalendsError) in
            try view.nextPage()
        }))
        #expect {
            try view.select(try Kalends.Date(year: 2027, month: 1, day: 6, library: library))
        } throws: { error in
            (error as? Kalends.KalendsError)?.status == .misuse
        }
        view.close()
        #expect(throws: Kalends.KalendsError.self) { try view.page }
    }

    @Test func hitTestsAgreeWithFramesThroughTheABI() throws {
        let (_, view) = try pair(3)
        for mode in Kalends.DisplayMode.allCases {
            try view.setMode(mode)
            for scale in [1.0, 2.0, 3.0] {
                for width in stride(from: 1.0, through: 2000, by: 13) {
                    try view.setMetrics(Kalends.Metrics(width: width, scale: scale, library: library))
                    for element in try view.layout() where element.kind == .day {
                        let c = element.frame.center
                        let hit = try view.hitTest(x: c.x, y: c.y)
                        #expect(hit.dayNumber == element.dayNumber && hit.kind == .day)
                    }
                }
            }
        }
        #expect(try Kalends.curveValue(.easeInOut, 0.5, library: library) == KalendsCore.TimingCurve.easeInOut.value(0.5))
    }
}

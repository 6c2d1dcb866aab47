import Kalends
import KalendsCore
import Testing

@Suite struct LayoutToolkitParityTests {
    /// Random viewports over random scrolling calendars: the same elements, visible days,
    /// visible months and offsets from KalendsCore and through the C ABI.
    @Test(arguments: Array(1...6) as [UInt64])
    func scrollingCalendarsAgree(seed: UInt64) throws {
        var rng = SplitMix(state: seed)
        let axis = Int32(rng.int(2)), rows = Int32(rng.int(2)), out = Int32(rng.int(2))
        let first = Int32(1 + rng.int(7))
        let startYear = Int32(rng.pick([-2000, 1, 1999, 2026])), years = Int32(rng.pick([1, 3, 50, 10_000]))
        let width = Double(rng.pick([200, 350, 390, 1024])), scale = Double(rng.pick([0, 1, 2, 3]))
        let spacing = Double(rng.pick([0, 8, 24]))
        let coreCal = try KalendsCore.Calendar(options: KalendsCore.CalendarOptions(
            firstWeekday: KalendsCore.Weekday(rawValue: first) ?? .monday, today: .fixed(try KalendsCore.Date(year: 2026, month: 11, day: 22))))
        let core = try KalendsCore.Scroll(
            calendar: coreCal,
            options: KalendsCore.ScrollOptions(axis: KalendsCore.Axis(rawValue: axis) ?? .vertical,
                                               firstMonth: try KalendsCore.Month(year: startYear, month: 1),
                                               lastMonth: try KalendsCore.Month(year: startYear + years - 1, month: 12),
                                               rows: KalendsCore.Rows(rawValue: rows) ?? .fixed,
                                               outDates: KalendsCore.OutDates(rawValue: out) ?? .show, monthSpacing: spacing),
            metrics: KalendsCore.Metrics(width: width, columnSpacing: 1, rowSpacing: 2, scale: scale))
        let wrapperCal = try Kalends.Calendar(firstWeekday: Kalends.Weekday(rawValue: first) ?? .monday,
                                              today: .fixed(try Kalends.Date(year: 2026, month: 11, day: 22, library: library)),
                                              library: library)
        let wrapper = try Kalends.Scroll(
            calendar: wrapperCal, firstMonth: try Kalends.Date(year: startYear, month: 1, day: 1, library: library),
            lastMonth: try Kalends.Date(year: startYear + years - 1, month: 12, day: 31, library: library),
            axis: Kalends.Axis(rawValue: axis) ?? .vertical, rows: Kalends.Rows(rawValue: rows) ?? .fixed,
            outDates: Kalends.OutDates(rawValue: out) ?? .show, monthSpacing: spacing,
            metrics: Kalends.Metrics(width: width, columnSpacing: 1, rowSpacing: 2, scale: scale, library: library), library: library)
        #expect(try wrapper.monthCount == Int32(core.monthCount))
        let (coreSize, coreOpen) = core.contentSize()
        let (wrapperSize, wrapperOpen) = try wrapper.contentSize()
        #expect(coreSize.width == wrapperSize.width && coreSize.height == wrapperSize.height && coreOpen == wrapperOpen)
        let length = axis == 0 ? coreSize.height : coreSize.width
        var problems: [String] = []
        for _ in 0..<60 {
            let along = Double(rng.int(1_000_000)) / 1_000_000 * length
            let size = Double(rng.pick([1, 50, 400, 900]))
            let c = axis == 0 ? KalendsCore.Rect(x: 0, y: along, width: width, height: size)
                              : KalendsCore.Rect(x: along, y: 0, width: size, height: coreSize.height)
            let w = Kalends.Rect(x: c.x, y: c.y, width: c.width, height: c.height)
            if let p = sameOutcome({ () throws(KalendsCore.KalendsError) in try core.elements(in: c) },
                                   { () throws(Kalends.KalendsError) in try wrapper.elements(in: w) }, same) {
                problems.append("elements at \(along): \(p)")
            }
            let cd = try core.visibleDays(in: c), wd = try wrapper.visibleDays(in: w)
            if cd?.first != wd?.first || cd?.last != wd?.last { problems.append("visible days at \(along)") }
            let cm = try core.visibleMonths(in: c), wm = try wrapper.visibleMonths(in: w)
            if cm?.first.firstDay != wm?.first.dayNumber || cm?.last.firstDay != wm?.last.dayNumber {
                problems.append("visible months at \(along)")
            }
            let dayNumber = Int32(KalendsCore.Gregorian.daysFromCivil(Int(startYear), 1, 1)) + Int32(rng.int(Int(years) * 365))
            let position = Int32(rng.int(3))
            if let p = sameOutcome({ () throws(KalendsCore.KalendsError) in
                try core.offset(for: try KalendsCore.Date(dayNumber: dayNumber),
                                position: KalendsCore.ScrollPosition(rawValue: position) ?? .start, viewportLength: size)
            }, { () throws(Kalends.KalendsError) in
                try wrapper.offset(for: try Kalends.Date(dayNumber: dayNumber, library: library),
                                   position: Kalends.ScrollPosition(rawValue: position) ?? .start, viewportLength: size)
            }, ==) { problems.append("offset: \(p)") }
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }

    @Test func flowLayoutsAgree() throws {
        var rng = SplitMix(state: 99)
        for _ in 0..<300 {
            let items = (0..<rng.int(30)).map { _ in (Double(rng.int(120)), Double(1 + rng.int(40))) }
            let maxWidth = rng.int(3) == 0 ? nil : Double(rng.int(400))
            let spacing = Double(rng.int(6)), line = Double(rng.int(6))
            let pad = Double(rng.int(4))
            let core = try KalendsCore.FlowLayout.layout(items.map { KalendsCore.Size(width: $0.0, height: $0.1) },
                                                         KalendsCore.FlowOptions(maxWidth: maxWidth, itemSpacing: spacing,
                                                                                 lineSpacing: line, padding: KalendsCore.Insets(top: pad, left: pad, bottom: pad, right: pad)))
            let wrapper = try Kalends.flowLayout(items.map { Kalends.Size(width: $0.0, height: $0.1) }, maxWidth: maxWidth,
                                                 itemSpacing: spacing, lineSpacing: line,
                                                 padding: Kalends.Insets(top: pad, left: pad, bottom: pad, right: pad), library: library)
            #expect(core.size.width == wrapper.size.width && core.size.height == wrapper.size.height)
            #expect(core.frames.map { [$0.x, $0.y, $0.width, $0.height] } == wrapper.frames.map { [$0.x, $0.y, $0.width, $0.height] })
            let box = (Double(rng.int(200)), Double(rng.int(100)))
            let coreFit = try KalendsCore.FlowLayout.fit(items.map { KalendsCore.Size(width: $0.0, height: $0.1) },
                                                         in: KalendsCore.Size(width: box.0, height: box.1),
                                                         more: KalendsCore.Size(width: 30, height: 12),
                                                         KalendsCore.FlowOptions(itemSpacing: spacing, lineSpacing: line))
            let wrapperFit = try Kalends.flowFit(items.map { Kalends.Size(width: $0.0, height: $0.1) },
                                                 box: Kalends.Size(width: box.0, height: box.1),
                                                 more: Kalends.Size(width: 30, height: 12), itemSpacing: spacing,
                                                 lineSpacing: line, library: library)
            #expect(coreFit.hidden == Int(wrapperFit.hidden) && coreFit.frames.count == wrapperFit.frames.count)
            #expect(coreFit.more?.x == wrapperFit.more?.x && coreFit.more?.y == wrapperFit.more?.y)
        }
    }

    @Test func altConstantsAgreeThroughRotations() throws {
        let core = KalendsCore.AutoLayout()
        let wrapper = try Kalends.AutoLayout(library: library)
        let coreView = try core.addItem(), wrapperView = try wrapper.addItem()
        #expect(coreView.rawValue == wrapperView)
        var ids: [Int32] = []
        for basis in Int32(-2)...7 {
            for (attribute, second) in [(Int32(7), Int32?.none), (3, 1)] {
                let coreID = try core.add(KalendsCore.LayoutConstraint(
                    first: coreView, KalendsCore.Attribute(rawValue: attribute) ?? .width, second: second.map(KalendsCore.ItemID.init),
                    second.map { _ in KalendsCore.Attribute.top }, constant: 11,
                    alt: KalendsCore.AltConstant(item: .screen, basis: .init(clamping: basis), multiplier: 0.3)))
                let wrapperID = try wrapper.addConstraint(Kalends.Constraint(
                    wrapperView, Kalends.Attribute(rawValue: attribute) ?? .width, secondItem: second,
                    second.map { _ in Kalends.Attribute.top }, constant: 11, altItem: Kalends.AutoLayout.screen,
                    altBasis: basis, altMultiplier: 0.3))
                #expect(coreID == wrapperID)
                ids.append(coreID)
            }
        }
        for (w, h) in [(390.0, 844.0), (844, 390), (1024, 768), (768, 1024)] {
            try core.setSize(KalendsCore.Size(width: w, height: h), of: .screen)
            try wrapper.setItemSize(Kalends.AutoLayout.screen, width: w, height: h)
            let a = core.updateConstants(), b = try wrapper.updateConstants()
            #expect(a.map { [Double($0.constraint), $0.old, $0.new] } == b.map { [Double($0.constraint), $0.old, $0.new] })
            for id in ids { #expect(try core.constant(id) == (try wrapper.constant(id))) }
        }
    }
}

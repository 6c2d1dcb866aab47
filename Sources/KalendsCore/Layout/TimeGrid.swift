/// The time grid of a week or day page, as calendar apps lay it out below the view's
/// row of day numbers: an all-day strip (all-day events and timed ones of a day or
/// more, as month bars in lanes), then hour rows over one column per day, where each
/// day's shorter timed events stand by the time they take (the day's `Timeline`).
/// Positions are wall-clock times of the grid's zone: 10:00 is on the 10:00 line on a
/// day that lost or gained an hour too.
public struct TimeGrid: Sendable {
    public struct Options: Hashable, Sendable {
        /// The hours shown, first ... last (0 ... 24).
        public var firstHour: Int
        public var lastHour: Int
        /// Widen the hours shown to every timed event of the page (in the grid).
        public var fitEvents: Bool
        public var hourHeight: Double
        /// An event's box is at least this tall.
        public var minHeight: Double
        /// Bars of the all-day strip: height, gap between lanes, lanes shown at most
        /// (a day needing more shows "+N more" in its last), room above and below them.
        public var stripBarHeight: Double
        public var stripLaneSpacing: Double
        public var stripLanes: Int
        public var stripPadding: Double
        /// From the bottom of the day cells to the strip, and from the strip to the grid.
        public var stripGap: Double
        public var gridGap: Double
        /// Room left and right of a day's event boxes inside its column, and between
        /// neighbouring boxes.
        public var eventLeading: Double
        public var eventTrailing: Double
        public var eventSpacing: Double
        /// At most this many boxes side by side in a group of overlapping events (0: no
        /// limit); a group needing more shows its first `maxStack` columns and a "+N more"
        /// item in the room of the next (FullCalendar's eventMaxStack).
        public var maxStack: Int = 0
        /// The source whose events are background events (drawn behind the columns, not
        /// laid out as boxes or bars); 0: none.
        public var backgroundSource: Int32 = 0

        public init(firstHour: Int = 0, lastHour: Int = 24, fitEvents: Bool = false, hourHeight: Double = 48,
                    minHeight: Double = 18, stripBarHeight: Double = 18, stripLaneSpacing: Double = 2, stripLanes: Int = 3,
                    stripPadding: Double = 4, stripGap: Double = 2, gridGap: Double = 8, eventLeading: Double = 1,
                    eventTrailing: Double = 2, eventSpacing: Double = 2) {
            self.firstHour = firstHour
            self.lastHour = lastHour
            self.fitEvents = fitEvents
            self.hourHeight = hourHeight
            self.minHeight = minHeight
            self.stripBarHeight = stripBarHeight
            self.stripLaneSpacing = stripLaneSpacing
            self.stripLanes = stripLanes
            self.stripPadding = stripPadding
            self.stripGap = stripGap
            self.gridGap = gridGap
            self.eventLeading = eventLeading
            self.eventTrailing = eventTrailing
            self.eventSpacing = eventSpacing
        }

        func validate() throws(KalendsError) {
            for v in [hourHeight, minHeight, stripBarHeight, stripLaneSpacing, stripPadding, stripGap, gridGap, eventLeading,
                      eventTrailing, eventSpacing] where !(v.isFinite && v >= 0 && v < 1e6) {
                throw KalendsError(.invalidArgument, "time grid length \(v) is not within 0 ... 1000000")
            }
            guard hourHeight > 0 else { throw KalendsError(.invalidArgument, "time grid hour height must be > 0") }
            guard firstHour >= 0, lastHour <= 24, firstHour < lastHour else {
                throw KalendsError(.invalidArgument, "hours \(firstHour) ... \(lastHour) are not within 0 ... 24")
            }
            guard (0...1000).contains(maxStack) else {
                throw KalendsError(.invalidArgument, "max stack \(maxStack) is not within 0 ... 1000")
            }
            guard (1...1000).contains(stripLanes) else {
                throw KalendsError(.invalidArgument, "strip lanes \(stripLanes) are not within 1 ... 1000")
            }
        }

        var barOptions: MonthBars.Options {
            MonthBars.Options(maxLanes: stripLanes, barHeight: stripBarHeight, laneSpacing: stripLaneSpacing, topInset: stripPadding,
                              sideInset: 2)
        }
    }

    /// One day of the page: its view flags, its column of the grid and its cell of the strip.
    public struct Column: Hashable, Sendable {
        public var day: Int32
        public var flags: DayFlags
        public var frame: Rect
        public var strip: Rect
    }

    /// One hour row: from its line down to the next.
    public struct Hour: Hashable, Sendable {
        public var hour: Int
        /// Across the day columns.
        public var frame: Rect
        /// Beside the columns, where its label goes: left of them, right of them on a
        /// right-to-left page (the margin from the columns to the page's edge).
        public var label: Rect
    }

    /// Where a point of the page falls.
    public enum Area: Int32, Hashable, Sendable {
        case none = 0
        case strip = 1
        case grid = 2
    }

    /// A point as a day and a wall time (seconds since the day's midnight on a 24-hour clock).
    public struct Spot: Hashable, Sendable {
        public var area: Area
        public var day: Int32
        public var seconds: Int32
    }

    /// A timed event's box on one day of the grid.
    public struct Item: Hashable, Sendable {
        public var day: Int32
        public var item: Timeline.Item
    }

    public var options: Options
    /// The hours shown (options' hours, widened to the events when `fitEvents`).
    public var firstHour: Int
    public var lastHour: Int
    /// The strip (the content's width; height 0 without strip events) and the grid (the columns' span).
    public var strip: Rect
    public var grid: Rect
    /// Lanes of the strip (0 without strip events).
    public var lanes: Int
    public var columns: [Column]
    /// The page's occurrences in the strip (all-day, or timed of a day or more) and in the grid.
    var stripEvents: [Occurrence]
    var gridEvents: [Occurrence]
    /// The page's occurrences of the background source (`Options.backgroundSource`).
    var backgroundEvents: [Occurrence] = []
    let zone: any LocalDays
    /// A right-to-left page: the hour labels go right of the columns.
    var labelsRight = false

    /// Whether an event goes in the strip: all-day, or timed and a day long or more.
    public static func inStrip(_ e: Event) -> Bool { e.allDay || e.end - e.start >= 86_400 }

    /// The grid's bottom edge (the content's height).
    public var height: Double { grid.y + grid.height }

    /// The hour rows shown, first to last.
    public func hours() -> [Hour] {
        let end = grid.x + grid.width
        let labelX = labelsRight ? end : 0, labelWidth = labelsRight ? max(0, strip.width - end) : grid.x
        return (firstHour..<lastHour).map { h in
            let y = grid.y + Double(h - firstHour) * options.hourHeight
            return Hour(hour: h, frame: Rect(x: grid.x, y: y, width: grid.width, height: options.hourHeight),
                        label: Rect(x: labelX, y: y, width: labelWidth, height: options.hourHeight))
        }
    }

    /// The y of a wall time (seconds since midnight, 0 ... 86,400), clamped to the hours shown.
    public func y(ofSeconds seconds: Int64) -> Double {
        let s = min(max(seconds, Int64(firstHour) * 3600), Int64(lastHour) * 3600)
        return grid.y + Double(s - Int64(firstHour) * 3600) * options.hourHeight / 3600
    }

    /// The timeline options of a day's column.
    func timelineOptions(_ column: Column) -> Timeline.Options {
        Timeline.Options(left: column.frame.x + options.eventLeading, top: grid.y,
                         width: max(0, column.frame.width - options.eventLeading - options.eventTrailing),
                         hourHeight: options.hourHeight, firstHour: firstHour, lastHour: lastHour, minHeight: options.minHeight,
                         spacing: options.eventSpacing)
    }

    /// The grid's event boxes of the day in column `index`, laid out from `occurrences`
    /// (the day's grid events; the page's by default). O(k log k) for its k events.
    func items(column index: Int, of occurrences: [Occurrence]? = nil) throws(KalendsError) -> [Item] {
        try stacked(column: index, of: occurrences).items
    }

    /// As `items(column:of:)`, with the column's "+N more" items of groups beyond `maxStack`.
    func stacked(column index: Int, of occurrences: [Occurrence]? = nil) throws(KalendsError)
        -> (items: [Item], more: [MonthBars.More]) {
        let c = columns[index]
        let laid = try Timeline.layout(occurrences ?? gridEvents, day: c.day, options: timelineOptions(c), in: zone)
        let (kept, more) = TimeGrid.stack(laid, day: c.day, max: options.maxStack, options: timelineOptions(c))
        return (kept.map { Item(day: c.day, item: $0) }, more)
    }

    /// Every event box of the grid, day by day.
    public func items() throws(KalendsError) -> [Item] {
        var out: [Item] = []
        for i in columns.indices { out += try items(column: i) }
        return out
    }

    /// The strip's bars and "+N more" labels.
    public func bars() throws(KalendsError) -> (bars: [MonthBars.Bar], more: [MonthBars.More]) {
        guard !stripEvents.isEmpty else { return ([], []) }
        return try MonthBars.layout(stripEvents, cells: stripCells, options: options.barOptions, in: zone)
    }

    var stripCells: [MonthBars.Cell] {
        columns.enumerated().map { i, c in MonthBars.Cell(day: c.day, row: 0, column: i, frame: c.strip) }
    }

    /// The day and wall time under a point: in a column of the grid (the time the point's
    /// height stands for, 0 ... 86,400 within the hours shown), in a day's cell of the strip, or none.
    public func spot(at p: Point) throws(KalendsError) -> Spot {
        guard p.x.isFinite, p.y.isFinite else { throw KalendsError(.invalidArgument, "point (\(p.x), \(p.y)) is not finite") }
        guard let c = columns.first(where: { $0.frame.x <= p.x && p.x < $0.frame.x + $0.frame.width }) else {
            return Spot(area: .none, day: 0, seconds: 0)
        }
        if p.y >= strip.y && p.y < strip.y + strip.height { return Spot(area: .strip, day: c.day, seconds: 0) }
        guard p.y >= grid.y && p.y < grid.y + grid.height else { return Spot(area: .none, day: c.day, seconds: 0) }
        let seconds = Double(firstHour * 3600) + (p.y - grid.y) / options.hourHeight * 3600
        return Spot(area: .grid, day: c.day, seconds: Int32(min(max(seconds, 0), 86_400).rounded(.down)))
    }
}

extension View {
    /// The time grid of this page (week or day mode; a month page gets its days as
    /// columns too) over `store`'s events (nil: none) in `zone`. Cost O(k log k) for the
    /// page's k events, never the store's others.
    public func timeGrid(_ store: EventStore?, options: TimeGrid.Options = TimeGrid.Options(),
                         in zone: any LocalDays = UTCDays()) throws(KalendsError) -> TimeGrid {
        try options.validate()
        let layout = try self.layout()
        let cells = layout.filter { $0.kind == .day }
        guard let width = View.intrinsicSize(of: state)?.width, let firstCell = cells.first else { throw View.noWidth }
        let top = cells.map { $0.frame.y + $0.frame.height }.max() ?? 0
        var strip: [Occurrence] = [], timed: [Occurrence] = [], background: [Occurrence] = []
        if let store, let first = cells.first?.dayNumber, let last = cells.last?.dayNumber {
            for o in try store.occurrences(first, last, in: zone) {
                if options.backgroundSource != 0 && o.event.source == options.backgroundSource {
                    background.append(o)
                } else if TimeGrid.inStrip(o.event) { strip.append(o) } else { timed.append(o) }
            }
        }
        var firstHour = options.firstHour, lastHour = options.lastHour
        if options.fitEvents && !timed.isEmpty {
            let probe = Timeline.Options(left: 0, top: 0, width: 1, hourHeight: 60, firstHour: 0, lastHour: 24, minHeight: 0, spacing: 0)
            for c in cells {
                for item in try Timeline.layout(timed, day: c.dayNumber, options: probe, in: zone) {
                    firstHour = min(firstHour, Int((item.frame.y / 60).rounded(.down)))
                    lastHour = max(lastHour, Int(((item.frame.y + item.frame.height) / 60).rounded(.up)))
                }
            }
            firstHour = max(0, firstHour)
            lastHour = min(24, max(lastHour, firstHour + 1))
        }
        let stripTop = top + options.stripGap
        var grid = TimeGrid(options: options, firstHour: firstHour, lastHour: lastHour,
                            strip: Rect(x: 0, y: stripTop, width: width, height: 0),
                            grid: Rect(x: firstCell.frame.x, y: 0, width: 0, height: 0), lanes: 0, columns: [],
                            stripEvents: strip, gridEvents: timed, zone: zone)
        grid.backgroundEvents = background
        grid.labelsRight = state.options.rightToLeft
        let left = cells.map(\.frame.x).min() ?? 0, right = cells.map { $0.frame.x + $0.frame.width }.max() ?? 0
        grid.columns = cells.map { c in
            TimeGrid.Column(day: c.dayNumber, flags: c.flags, frame: Rect(x: c.frame.x, y: 0, width: c.frame.width, height: 0),
                            strip: Rect(x: c.frame.x, y: stripTop, width: c.frame.width, height: 0))
        }
        if !strip.isEmpty {
            let (bars, more) = try grid.bars()
            let lanes = max((bars.map { $0.lane + 1 }.max() ?? 0), more.isEmpty ? 0 : options.stripLanes, 1)
            grid.lanes = lanes
            grid.strip.height = Double(lanes) * (options.stripBarHeight + options.stripLaneSpacing) + 2 * options.stripPadding
        }
        let gridTop = stripTop + grid.strip.height + options.gridGap
        grid.grid = Rect(x: left, y: gridTop, width: right - left, height: Double(lastHour - firstHour) * options.hourHeight)
        for i in grid.columns.indices {
            grid.columns[i].frame.y = gridTop
            grid.columns[i].frame.height = grid.grid.height
            grid.columns[i].strip.height = grid.strip.height
        }
        return grid
    }
}

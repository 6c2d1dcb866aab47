/// The agenda (list) layout: the events of a range of days grouped by day, each busy day
/// a block of a heading row and one row per event or occurrence on it (all-day ones
/// first, then timed ones in start order; an event of several days on each of its days,
/// "day 2 of 3"), days without events left out. Virtualised: a viewport is laid out from
/// an anchor (a busy day and a distance into its block), so its cost follows the rows it
/// shows, never the range, the store or the events a day holds. Each busy day shown,
/// scrolled past or sampled is counted by rank, not by reading its events (O(log n);
/// the next busy day across a gap of g empty days in O(log g · log n), see
/// `AgendaDayCounts`), and of each shown day only the rows in view are read: the day
/// splits by rank into its all-day events, the timed ones that began before it and
/// those starting on it, and a row among the last is found by a binary search of the
/// start instants' ranks, then read from each index level from that instant on (see
/// AgendaDayRows.swift): O((b + 16) · log n + s · log(day) · log n + levels · (log n +
/// r + t)) for b blocks walked, s days shown and r rows shown (t: events sharing the
/// first row's start instant; all-day and carried events only when the view reaches
/// them), the same for a day of 27 events or of 2,740 and for a viewport at its top
/// or 2,000 rows into it. With recurring entries in the store, their occurrences are
/// counted by arithmetic (each count adds O(e) entries' counts) and a shown day's rows
/// down to the last in view come from the index levels and each of the e entries'
/// first r' occurrences of each kind on the day (O(levels · (log n + r') + e · r') for
/// its first r' rows, whatever the day or an entry holds). The whole range's height is
/// estimated from a fixed sample of 16 days (the same estimate for the same store,
/// range and options).
public enum Agenda {
    /// Row heights (points).
    public struct Options: Hashable, Sendable {
        /// A day's heading row.
        public var headingHeight: Double
        /// An event's row.
        public var rowHeight: Double

        public init(headingHeight: Double = 32, rowHeight: Double = 24) {
            self.headingHeight = headingHeight
            self.rowHeight = rowHeight
        }

        public func validate() throws(KalendsError) {
            for (name, v) in [("heading height", headingHeight), ("row height", rowHeight)] where !(v.isFinite && v >= 1 && v <= 100_000) {
                throw KalendsError(.invalidArgument, "\(name) \(v) is not a number from 1 to 100,000")
            }
        }
    }

    /// What a row shows.
    public enum RowKind: Int32, Sendable {
        case heading = 0, event = 1
    }

    /// One row of a viewport, top to bottom.
    public struct Row: Hashable, @unchecked Sendable {
        public var kind: RowKind
        /// The day whose block holds the row.
        public var day: Int32
        /// Top edge relative to the viewport's top (negative for a row cut at the top).
        public var y: Double
        public var height: Double
        /// A heading: day - today when that is -1, 0 or 1 (yesterday, today, tomorrow:
        /// CLDR's relative day words, `Locale.relativeDayName`), else nil.
        public var relative: Int32?
        /// An event row: the event or occurrence, and which of its days this row is: day
        /// `dayIndex` (1-based) of `dayCount` (its whole span, not clipped to the range).
        public var occurrence: Occurrence?
        /// For the C API: the title as a C string owned by the store (valid until it changes).
        package var titlePointer: UnsafePointer<CChar>?
        public var dayIndex: Int32
        public var dayCount: Int32
        /// An event row: its position in its day (0-based; all-day ones first).
        public var position: Int
    }

    /// A viewport's rows and where it is.
    public struct Viewport: Hashable, Sendable {
        public var rows: [Row]
        /// The anchor normalised: the busy day whose block holds the viewport's top and
        /// the distance from that block's top (0 ..< its height). A host keeps these and
        /// adds its scroll deltas to `offset`. The first day of the range when there are
        /// no events.
        public var anchorDay: Int32
        public var offset: Double
        /// No content above the viewport / below it.
        public var atStart: Bool
        public var atEnd: Bool
        /// The whole range's content height, estimated from a sample of days, and the
        /// viewport's top in it (for a scroll bar); 0 without events.
        public var estimatedHeight: Double
        public var estimatedTop: Double
    }

    /// How many blocks a viewport may walk past from its anchor (a larger offset is
    /// refused: a far jump goes by anchor day).
    public static let maxBlocksWalked = 10_000
    /// The most rows a viewport may hold (its height over the smaller row height).
    public static let maxRows = 100_000
    /// Days sampled for the height estimate.
    static let sampleDays = 16
}

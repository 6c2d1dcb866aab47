/// The store's events by slot as a structure of arrays, each value as narrow as it can
/// be exactly: id, start, user value 8 bytes; end as the length `end - start` (4),
/// colour 4, source 4, title as a 4-byte offset into the arena, all-day and live as
/// flags (1): 41 bytes an event, plus its title in the arena (prefix, bytes, NUL). The
/// rare values that do not fit (a timed event longer than 136 years, a title past the
/// arena's first 4 GiB) are kept whole in side tables by id, so every event the ABI
/// accepts is stored exactly.
struct EventColumns {
    private(set) var ids: [Int64] = []
    /// Timed: the start instant; all-day: the first day.
    private(set) var starts: [Int64] = []
    /// `end - start`; `EventColumns.wide`: the end is in `wideEnds`.
    private(set) var lengths: [UInt32] = []
    private(set) var userValues: [UInt64] = []
    private(set) var colors: [UInt32] = []
    private(set) var sources: [Int32] = []
    private(set) var flags: [UInt8] = []
    /// Offsets into `arena`; `EventColumns.wide`: the offset is in `wideTitles`.
    private(set) var titles: [UInt32] = []
    private(set) var wideEnds: [Int64: Int64] = [:]
    private(set) var wideTitles: [Int64: Int] = [:]
    let arena = TitleArena()
    /// Lengths and offsets from these on go to the side tables (tests lower them).
    var lengthLimit = UInt64(UInt32.max)
    var titleLimit = Int(UInt32.max)

    static let wide = UInt32.max
    static let allDayFlag: UInt8 = 1
    static let liveFlag: UInt8 = 2

    var count: Int { ids.count }

    mutating func reserveCapacity(_ n: Int) {
        ids.reserveCapacity(n)
        starts.reserveCapacity(n)
        lengths.reserveCapacity(n)
        userValues.reserveCapacity(n)
        colors.reserveCapacity(n)
        sources.reserveCapacity(n)
        flags.reserveCapacity(n)
        titles.reserveCapacity(n)
    }

    /// Appends a live event with its title (an arena offset); returns its slot.
    @discardableResult
    mutating func append(_ r: EventRecord, title: Int) -> Int32 {
        ids.append(r.id)
        starts.append(r.start)
        lengths.append(narrowLength(r))
        userValues.append(r.userValue)
        colors.append(r.color)
        sources.append(r.source)
        flags.append(r.allDay ? EventColumns.allDayFlag | EventColumns.liveFlag : EventColumns.liveFlag)
        titles.append(narrowTitle(title, r.id))
        return Int32(ids.count - 1)
    }

    /// Puts a live event with its title in `slot` (a free one, or its own).
    mutating func set(_ slot: Int32, _ r: EventRecord, title: Int) {
        let i = Int(slot)
        if flags[i] & EventColumns.liveFlag != 0 { dropWide(ids[i]) }
        ids[i] = r.id
        starts[i] = r.start
        lengths[i] = narrowLength(r)
        userValues[i] = r.userValue
        colors[i] = r.color
        sources[i] = r.source
        flags[i] = r.allDay ? EventColumns.allDayFlag | EventColumns.liveFlag : EventColumns.liveFlag
        titles[i] = narrowTitle(title, r.id)
    }

    /// Frees `slot` (its values zeroed, not live).
    mutating func clear(_ slot: Int32) {
        let i = Int(slot)
        if flags[i] & EventColumns.liveFlag != 0 { dropWide(ids[i]) }
        ids[i] = 0
        starts[i] = 0
        lengths[i] = 0
        userValues[i] = 0
        colors[i] = 0
        sources[i] = 0
        flags[i] = 0
        titles[i] = 0
    }

    /// Drops every event and title.
    mutating func removeAll() {
        ids = []
        starts = []
        lengths = []
        userValues = []
        colors = []
        sources = []
        flags = []
        titles = []
        wideEnds = [:]
        wideTitles = [:]
        arena.removeAll()
    }

    private mutating func dropWide(_ id: Int64) {
        if !wideEnds.isEmpty { wideEnds[id] = nil }
        if !wideTitles.isEmpty { wideTitles[id] = nil }
    }

    private mutating func narrowLength(_ r: EventRecord) -> UInt32 {
        let length = UInt64(bitPattern: r.end &- r.start)   // end >= start (validated)
        guard length < lengthLimit, length < UInt64(EventColumns.wide) else {
            wideEnds[r.id] = r.end
            return EventColumns.wide
        }
        return UInt32(length)
    }

    private mutating func narrowTitle(_ offset: Int, _ id: Int64) -> UInt32 {
        guard offset < titleLimit, offset < Int(EventColumns.wide) else {
            wideTitles[id] = offset
            return EventColumns.wide
        }
        return UInt32(offset)
    }

    func isLive(_ slot: Int32) -> Bool {
        slot >= 0 && Int(slot) < flags.count && flags[Int(slot)] & EventColumns.liveFlag != 0
    }

    func isAllDay(_ slot: Int32) -> Bool { flags[Int(slot)] & EventColumns.allDayFlag != 0 }

    /// The arena offset of a slot's title.
    func titleOffset(_ slot: Int32) -> Int {
        let t = titles[Int(slot)]
        return t == EventColumns.wide ? wideTitles[ids[Int(slot)]] ?? TitleArena.empty : Int(t)
    }

    /// Gives a slot another title (an arena offset).
    mutating func setTitle(_ slot: Int32, _ offset: Int) {
        let id = ids[Int(slot)]
        if !wideTitles.isEmpty { wideTitles[id] = nil }
        titles[Int(slot)] = narrowTitle(offset, id)
    }

    func end(_ slot: Int32) -> Int64 {
        let i = Int(slot)
        let l = lengths[i]
        return l == EventColumns.wide ? wideEnds[ids[i]] ?? starts[i] : starts[i] &+ Int64(l)
    }

    /// A slot's title as a C string and its length in bytes.
    func cTitle(_ slot: Int32) -> (UnsafePointer<CChar>, Int) { arena.cString(at: titleOffset(slot)) }

    func title(_ slot: Int32) -> String { arena.string(at: titleOffset(slot)) }

    /// A slot's event without its title.
    func record(_ slot: Int32) -> EventRecord {
        let i = Int(slot)
        return EventRecord(id: ids[i], start: starts[i], end: end(slot), userValue: userValues[i], color: colors[i],
                           source: sources[i], titleLength: Int32(clamping: cTitle(slot).1),
                           allDay: flags[i] & EventColumns.allDayFlag != 0)
    }

    /// Moves the events so that new slot j holds what slot `permutation[j]` held.
    mutating func permute(by permutation: [Int32]) {
        func moved<T>(_ column: inout [T]) {
            column = column.withUnsafeBufferPointer { c in permutation.map { c[Int($0)] } }
        }
        moved(&ids)
        moved(&starts)
        moved(&lengths)
        moved(&userValues)
        moved(&colors)
        moved(&sources)
        moved(&flags)
        moved(&titles)
    }

    /// Copies the live titles anew, in slot order (the arena's garbage dropped; a query
    /// then reads the titles of neighbouring slots from neighbouring bytes). No array
    /// beside the arena's two buffers.
    mutating func compactTitles() {
        var room = 0
        for i in flags.indices where flags[i] & EventColumns.liveFlag != 0 {
            room += TitleArena.size(ofText: arena.text(at: titleOffset(Int32(i))).1)
        }
        let old = arena.startOver(room: room)
        for i in flags.indices where flags[i] & EventColumns.liveFlag != 0 {
            setTitle(Int32(i), arena.copy(old + titleOffset(Int32(i))))
        }
        old.deallocate()
    }

    /// Calls `body` with a view of the columns (valid only inside it; the store must not
    /// change meanwhile): plain pointers, so a loop over many events pays no access
    /// checks per read (the columns are one struct: one access to the store's property).
    @inline(__always)
    func withKeys<R>(_ body: (EventView) -> R) -> R {
        let arenaStart = arena.start
        return ids.withUnsafeBufferPointer { i in
            starts.withUnsafeBufferPointer { s in
                lengths.withUnsafeBufferPointer { l in
                    flags.withUnsafeBufferPointer { f in
                        userValues.withUnsafeBufferPointer { u in
                            colors.withUnsafeBufferPointer { c in
                                sources.withUnsafeBufferPointer { o in
                                    titles.withUnsafeBufferPointer { t in
                                        body(EventView(ids: i, starts: s, lengths: l, flags: f, userValues: u, colors: c,
                                                       sources: o, titles: t, wideEnds: wideEnds, wideTitles: wideTitles,
                                                       arena: arenaStart))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// As `withKeys`, for a body that throws.
    @inline(__always)
    func withView<R>(_ body: (EventView) throws(KalendsError) -> R) throws(KalendsError) -> R {
        let result: Result<R, KalendsError> = withKeys { v in
            do throws(KalendsError) { return .success(try body(v)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

/// The store's columns by slot as plain pointers (see `EventColumns.withView`): what
/// queries and the index read.
struct EventView {
    let ids: UnsafeBufferPointer<Int64>
    let starts: UnsafeBufferPointer<Int64>
    let lengths: UnsafeBufferPointer<UInt32>
    let flags: UnsafeBufferPointer<UInt8>
    let userValues: UnsafeBufferPointer<UInt64>
    let colors: UnsafeBufferPointer<UInt32>
    let sources: UnsafeBufferPointer<Int32>
    let titles: UnsafeBufferPointer<UInt32>
    let wideEnds: [Int64: Int64]
    let wideTitles: [Int64: Int]
    let arena: UnsafePointer<UInt8>

    var count: Int { ids.count }

    @inline(__always) func id(_ slot: Int32) -> Int64 { ids[Int(slot)] }
    @inline(__always) func start(_ slot: Int32) -> Int64 { starts[Int(slot)] }
    @inline(__always) func allDay(_ slot: Int32) -> Bool { flags[Int(slot)] & EventColumns.allDayFlag != 0 }

    /// The event's end (an instant, or the last day when all-day).
    @inline(__always)
    func end(_ slot: Int32) -> Int64 {
        let i = Int(slot)
        let l = lengths[i]
        return l == EventColumns.wide ? wideEnds[ids[i]] ?? starts[i] : starts[i] &+ Int64(l)
    }

    /// The start in query order in UTC: the instant, or midnight UTC of the first day.
    @inline(__always)
    func orderKey(_ slot: Int32) -> Int64 { allDay(slot) ? start(slot) &* 86_400 : start(slot) }

    /// Whether slot a comes before slot b in query order in UTC (see `EventStore.inOrder`).
    @inline(__always)
    func inOrder(_ a: Int32, _ b: Int32) -> Bool {
        let ka = orderKey(a), kb = orderKey(b)
        if ka != kb { return ka < kb }
        if allDay(a) != allDay(b) { return allDay(a) }
        return id(a) < id(b)
    }

    /// A slot's title as a C string and its length in bytes.
    @inline(__always)
    func cTitle(_ slot: Int32) -> (UnsafePointer<CChar>, Int) {
        let t = titles[Int(slot)]
        let offset = t == EventColumns.wide ? wideTitles[ids[Int(slot)]] ?? TitleArena.empty : Int(t)
        return TitleArena.cString(arena + offset)
    }

    /// A slot's event without its title, and its title as a C string.
    @inline(__always)
    func recordWithTitle(_ slot: Int32) -> (EventRecord, UnsafePointer<CChar>) {
        let i = Int(slot)
        let (title, length) = cTitle(slot)
        return (EventRecord(id: ids[i], start: starts[i], end: end(slot), userValue: userValues[i], color: colors[i],
                            source: sources[i], titleLength: Int32(truncatingIfNeeded: length),
                            allDay: flags[i] & EventColumns.allDayFlag != 0), title)
    }
}

/// `maxStack` of the time grid (FullCalendar's eventMaxStack): a group of overlapping
/// boxes needing more than `maxStack` columns side by side keeps its first `maxStack`
/// columns and shows a "+N more" item in the room of the next.
extension TimeGrid {
    /// The day's laid-out boxes (`Timeline.layout`'s order: group by group) with every
    /// group of more than `max` columns cut: its boxes in columns 0 ..< max stay, laid
    /// over `max` + 1 columns of the group's width (their `columns` says so, spans end
    /// before the last), the others are hidden and counted by one `More` in the last
    /// column, from the top of the first hidden box to the bottom of the lowest. `max` 0:
    /// as they are. O(k) for k boxes.
    static func stack(_ laid: [Timeline.Item], day: Int32, max limit: Int,
                      options: Timeline.Options) -> (items: [Timeline.Item], more: [MonthBars.More]) {
        guard limit > 0, laid.contains(where: { $0.columns > limit }) else { return (laid, []) }
        var items: [Timeline.Item] = [], more: [MonthBars.More] = []
        var i = 0
        while i < laid.count {
            // A group: boxes chained by overlap, as the layout made them (all share `columns`).
            var j = i + 1, bottom = laid[i].frame.y + laid[i].frame.height
            while j < laid.count && laid[j].columns == laid[i].columns && laid[j].frame.y < bottom {
                bottom = Swift.max(bottom, laid[j].frame.y + laid[j].frame.height)
                j += 1
            }
            guard laid[i].columns > limit else {
                items += laid[i..<j]
                i = j
                continue
            }
            let slots = limit + 1, width = options.width / Double(slots)
            var hidden = 0, top = Double.infinity, low = -Double.infinity
            for var t in laid[i..<j] {
                if t.column >= limit {
                    hidden += 1
                    top = Swift.min(top, t.frame.y)
                    low = Swift.max(low, t.frame.y + t.frame.height)
                    continue
                }
                t.columns = slots
                t.span = Swift.min(t.span, limit - t.column)
                t.frame.x = options.left + Double(t.column) * width
                t.frame.width = Swift.max(0, Double(t.span) * width - options.spacing)
                items.append(t)
            }
            more.append(MonthBars.More(day: day, hidden: hidden,
                                       frame: Rect(x: options.left + Double(limit) * width, y: top,
                                                   width: Swift.max(0, width - options.spacing), height: low - top)))
            i = j
        }
        return (items, more)
    }

    /// The "+N more" items of every day's groups beyond `maxStack`, day by day (none
    /// with `maxStack` 0).
    public func stackMore() throws(KalendsError) -> [MonthBars.More] {
        guard options.maxStack > 0 else { return [] }
        var out: [MonthBars.More] = []
        for i in columns.indices { out += try stacked(column: i).more }
        return out
    }
}

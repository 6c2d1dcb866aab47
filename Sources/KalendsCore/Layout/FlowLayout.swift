/// Options of a flow layout (the C ABI's `kalends_flow_options`).
public struct FlowOptions: Hashable, Sendable {
    /// The preferred maximum width lines wrap at (SquareView's preferredMaxLayoutWidth);
    /// nil or 0: no wrapping, one line (the first pass of the two-pass pattern).
    public var maxWidth: Double?
    /// Between items on a line.
    public var itemSpacing: Double
    /// Between lines.
    public var lineSpacing: Double
    public var padding: Insets

    public init(maxWidth: Double? = nil, itemSpacing: Double = 0, lineSpacing: Double = 0, padding: Insets = Insets()) {
        self.maxWidth = maxWidth
        self.itemSpacing = itemSpacing
        self.lineSpacing = lineSpacing
        self.padding = padding
    }

    public func validate() throws(KalendsError) {
        let lengths: [(Double, String)] = [(maxWidth ?? 0, "maximum width"), (itemSpacing, "item spacing"),
                                          (lineSpacing, "line spacing"), (padding.top, "top padding"),
                                          (padding.left, "left padding"), (padding.bottom, "bottom padding"),
                                          (padding.right, "right padding")]
        for (v, name) in lengths where !(v.isFinite && v >= 0 && v <= Metrics.maxLength) {
            throw KalendsError(.invalidArgument, "\(name) \(v) is not a length in 0...\(Int(Metrics.maxLength))")
        }
    }
}

/// Frames of a flow layout and the size they need.
public struct FlowResult: Hashable, Sendable {
    public let frames: [Rect]
    /// Intrinsic size: the widest line and all lines, with padding.
    public let size: Size
    public let lines: Int
}

/// Items of known sizes placed left to right, wrapping to a new line at a preferred
/// maximum width, by whole items: an item that does not fit after the last one on a line
/// starts the next line (one wider than the width stands on a line of its own). Lines
/// are as tall as their tallest item, items sit at the top of their line. O(items).
///
/// SquareView's README estimates the height as ceil(total width / max width) lines;
/// that undercounts whenever items do not divide the width evenly (three 60-point items
/// in 100 points need three lines, not two). Wrapping by items cannot be off.
public enum FlowLayout {
    public static func layout(_ items: [Size], _ options: FlowOptions = FlowOptions()) throws(KalendsError) -> FlowResult {
        try options.validate()
        try check(items)
        return place(items, options)
    }

    static func check(_ items: [Size], _ name: String = "item") throws(KalendsError) {
        for (i, s) in items.enumerated() where !(s.width.isFinite && s.height.isFinite && s.width >= 0 && s.height >= 0
                                                 && s.width <= Metrics.maxLength && s.height <= Metrics.maxLength) {
            throw KalendsError(.invalidArgument, "\(name) \(i) has size (\(s.width), \(s.height)), not two lengths")
        }
    }

    static func place(_ items: [Size], _ o: FlowOptions) -> FlowResult {
        let limit = (o.maxWidth ?? 0) > 0 ? (o.maxWidth ?? 0) - o.padding.right : Double.infinity
        var frames: [Rect] = []
        frames.reserveCapacity(items.count)
        var x = o.padding.left, y = o.padding.top
        var lineHeight = 0.0, widest = 0.0, lines = 0
        var lineEmpty = true
        for item in items {
            if !lineEmpty && x + o.itemSpacing + item.width > limit {
                y += lineHeight + o.lineSpacing
                x = o.padding.left
                lineHeight = 0
                lineEmpty = true
            }
            if lineEmpty {
                lines += 1
            } else {
                x += o.itemSpacing
            }
            frames.append(Rect(x: x, y: y, width: item.width, height: item.height))
            x += item.width
            widest = max(widest, x - o.padding.left)
            lineHeight = max(lineHeight, item.height)
            lineEmpty = false
        }
        let height = items.isEmpty ? o.padding.top + o.padding.bottom : y + lineHeight + o.padding.bottom
        return FlowResult(frames: frames, size: Size(width: o.padding.left + widest + o.padding.right, height: height),
                          lines: lines)
    }

    /// As many items as fit a box, flowed at the box's width; when not all fit, the last
    /// place holds a "+N more" item of size `more` (the host draws it) and `hidden` is N.
    /// Event chips in a day cell. O(items x log items).
    public static func fit(_ items: [Size], in box: Size, more: Size,
                           _ options: FlowOptions = FlowOptions()) throws(KalendsError) -> FitResult {
        guard box.width.isFinite, box.height.isFinite, box.width >= 0, box.height >= 0 else {
            throw KalendsError(.invalidArgument, "box (\(box.width), \(box.height)) is not a size")
        }
        try options.validate()
        try check(items)
        try check([more], "more item")
        var o = options
        o.maxWidth = box.width
        func fits(_ r: FlowResult) -> Bool { r.size.height <= box.height && r.size.width <= box.width }
        let everything = place(items, o)
        if fits(everything) {
            return FitResult(frames: everything.frames, more: nil, hidden: 0)
        }
        // the largest k whose k items plus the "more" item fit (monotonic in k)
        var lo = -1, hi = items.count   // fits(lo) is true (or none fits), fits(hi) is false
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if fits(place(Array(items[0..<mid]) + [more], o)) { lo = mid } else { hi = mid }
        }
        guard lo >= 0 else { return FitResult(frames: [], more: nil, hidden: items.count) }
        let shown = place(Array(items[0..<lo]) + [more], o)
        return FitResult(frames: Array(shown.frames.dropLast()), more: shown.frames.last, hidden: items.count - lo)
    }
}

/// What `FlowLayout.fit` placed: frames of the first items, the "+N more" item's
/// frame (nil when everything fits, or when not even it fits), and N.
public struct FitResult: Hashable, Sendable {
    public let frames: [Rect]
    public let more: Rect?
    public let hidden: Int
}

/// An item's own content size; nil on an axis is Auto Layout's "no intrinsic metric".
public struct IntrinsicSize: Hashable, Sendable {
    public var width: Double?
    public var height: Double?

    public init(width: Double? = nil, height: Double? = nil) {
        self.width = width
        self.height = height
    }

    public static let none = IntrinsicSize()

    func validate() throws(KalendsError) {
        for v in [width, height] {
            if let v, !(v.isFinite && v >= 0) {
                throw KalendsError(.invalidArgument, "intrinsic length \(v) is not a finite length >= 0")
            }
        }
    }
}

/// Content hugging (how much the item resists growing past its intrinsic size) and
/// compression resistance (shrinking below it), per axis, as Auto Layout priorities.
public struct ContentPriorities: Hashable, Sendable {
    public var huggingHorizontal: Double
    public var huggingVertical: Double
    public var compressionHorizontal: Double
    public var compressionVertical: Double

    /// UIKit's defaults: hugging 250, compression resistance 750.
    public init(huggingHorizontal: Double = Priority.low, huggingVertical: Double = Priority.low,
                compressionHorizontal: Double = Priority.high, compressionVertical: Double = Priority.high) {
        self.huggingHorizontal = huggingHorizontal
        self.huggingVertical = huggingVertical
        self.compressionHorizontal = compressionHorizontal
        self.compressionVertical = compressionVertical
    }

    func validate() throws(KalendsError) {
        for p in [huggingHorizontal, huggingVertical, compressionHorizontal, compressionVertical]
        where !(p.isFinite && p >= 1 && p <= 1000) {
            throw KalendsError(.invalidArgument, "priority \(p) is not in 1...1000")
        }
    }
}

/// Where an item's baselines are: the first measured down from its top, the last up
/// from its bottom; nil means the bottom edge (an item without text).
public struct Baselines: Hashable, Sendable {
    public var firstFromTop: Double?
    public var lastFromBottom: Double?

    public init(firstFromTop: Double? = nil, lastFromBottom: Double? = nil) {
        self.firstFromTop = firstFromTop
        self.lastFromBottom = lastFromBottom
    }

    func validate() throws(KalendsError) {
        for v in [firstFromTop, lastFromBottom] {
            if let v, !v.isFinite { throw KalendsError(.invalidArgument, "baseline offset \(v) is not finite") }
        }
    }
}

/// Measures an item's content (Yoga's measure function): given the width and height
/// the item is laid out at (nil: not decided, measure freely), its content size (nil
/// on an axis: no intrinsic metric). Called during `solve`: first with neither, then,
/// once the width is solved, with it, so content whose height follows its width
/// (wrapping text, a flow of cells, a calendar view) gets the two-pass layout.
public typealias Measure = (_ item: ItemID, _ width: Double?, _ height: Double?) throws(KalendsError) -> IntrinsicSize

/// A constraint the `.breakLowest` policy broke.
public struct BrokenConstraint: Hashable, Sendable {
    public var kind: BrokenKind
    /// The host constraint's id, 0 for an intrinsic one.
    public var constraint: Int32
    /// The constraint's first item, or the item whose intrinsic size it is.
    public var item: ItemID
}

extension Priority {
    /// The solver strength of an Auto Layout priority: 1000 is required; below, an
    /// exponential scale (2^(29 p / 1000)): neighbouring priorities weigh almost the
    /// same, distant ones are orders apart (750 outweighs 250 by 2^14.5), and every
    /// priority stays below required.
    public static func strength(_ priority: Double) -> Double {
        priority >= required ? Strength.required : pow2(29 * priority / 1000)
    }

    private static func pow2(_ x: Double) -> Double {
        // 2^x without Foundation: integer part by scaling, fraction by exp2 series.
        // Priorities are checked to lie in 1...1000 (x in 0.029...29); the clamp only
        // keeps a value that slipped past a check from trapping in the conversion.
        let exponent = Int(flooring: x, clampedTo: -1074...1023, nan: 0)
        let whole = Double(exponent), fraction = x.isFinite ? min(max(x - whole, 0), 1) : 0
        var result = 1.0, term = 1.0
        let ln2 = 0.6931471805599453
        for n in 1...20 {
            term *= fraction * ln2 / Double(n)
            result += term
        }
        return result * Double(sign: .plus, exponent: exponent, significand: 1)
    }
}

/// Content that sizes like a calendar view inside Auto Layout (`AutoLayout.setContent`):
/// it takes its container's width and is as tall as its content at that width.
public protocol LayoutContent: AnyObject {
    /// The content's height laid out at `width` (> 0).
    func height(forWidth width: Double) throws(KalendsError) -> Double
    /// The width the item was solved to (> 0): the content lays itself out at it.
    func takeWidth(_ width: Double) throws(KalendsError)
}

extension View: LayoutContent {
    public func height(forWidth width: Double) throws(KalendsError) -> Double {
        try intrinsicSize(forWidth: width).height
    }

    public func takeWidth(_ width: Double) throws(KalendsError) {
        guard metrics.width != width else { return }
        var m = metrics
        m.width = width
        try setMetrics(m)
    }
}

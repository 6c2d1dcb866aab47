/// Double -> integer conversions that cannot trap. `Int(x)` on a Double traps when x is
/// NaN, infinite or outside Int's range, and a computed Double (a viewport coordinate
/// over a pitch, a height over an hour) can be any of those. Every conversion of a
/// computed Double in KalendsCore goes through one of these.
extension Int {
    /// `x` rounded down and clamped into `bounds`; NaN gives `nan`.
    @inline(__always)
    init(flooring x: Double, clampedTo bounds: ClosedRange<Int>, nan: Int) {
        guard !x.isNaN else {
            self = nan
            return
        }
        let f = x.rounded(.down)
        // Double(bounds.upperBound) may round up (Int.max becomes 2^63): the comparisons
        // below catch every value Int cannot hold before the conversion sees it.
        if f <= Double(bounds.lowerBound) {
            self = bounds.lowerBound
        } else if f >= Double(bounds.upperBound) {
            self = bounds.upperBound
        } else {
            self = Swift.min(Swift.max(Int(f), bounds.lowerBound), bounds.upperBound)
        }
    }
}

extension Int64 {
    /// `x` rounded up and clamped into `bounds`; NaN gives `nan`.
    @inline(__always)
    init(ceiling x: Double, clampedTo bounds: ClosedRange<Int64>, nan: Int64) {
        guard !x.isNaN else {
            self = nan
            return
        }
        let c = x.rounded(.up)
        if c <= Double(bounds.lowerBound) {
            self = bounds.lowerBound
        } else if c >= Double(bounds.upperBound) {
            self = bounds.upperBound
        } else {
            self = Swift.min(Swift.max(Int64(c), bounds.lowerBound), bounds.upperBound)
        }
    }
}

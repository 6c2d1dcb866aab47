/// Timing curves for transitions (the enum: Generated/Enums.swift). Ease-in-out is CSS /
/// Core Animation's cubic Bézier (0.42, 0) (0.58, 1); the spring is critically
/// underdamped (damping ratio 0.5), settles by progress 1 and overshoots, so frames pass
/// their target before coming back.
extension TimingCurve {
    /// The eased value of a progress in 0...1 (clamped); exactly 0 at 0 and 1 at 1.
    public func value(_ progress: Double) -> Double {
        let t = progress.isNaN ? 0 : min(max(progress, 0), 1)
        if t == 0 || t == 1 { return t }
        switch self {
        case .linear:
            return t
        case .easeInOut:
            return TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1, t)
        case .spring:
            let zeta = 0.5, omega = 14.0
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let envelope = exp(-zeta * omega * t)
            return 1 - envelope * (cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t))
        }
    }

    /// value(progress) of a progress that is a number (NaN: INVALID_ARGUMENT).
    public func checkedValue(_ progress: Double) throws(KalendsError) -> Double {
        guard !progress.isNaN else { throw KalendsError(.invalidArgument, "progress is NaN") }
        return value(progress)
    }

    /// y of the Bézier from (0,0) to (1,1) with control points (x1,y1), (x2,y2) at x:
    /// Newton's method on x(u), bisection when the slope is flat.
    static func cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double, _ x: Double) -> Double {
        func coord(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
            let v = 1 - u
            return 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u
        }
        func slope(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
            let v = 1 - u
            return 3 * v * v * p1 + 6 * v * u * (p2 - p1) + 3 * u * u * (1 - p2)
        }
        var u = x
        for _ in 0..<8 {
            let error = coord(u, x1, x2) - x
            if abs(error) < 1e-12 { return coord(u, y1, y2) }
            let d = slope(u, x1, x2)
            if abs(d) < 1e-9 { break }
            u -= error / d
        }
        var lo = 0.0, hi = 1.0
        u = x
        for _ in 0..<60 {
            let value = coord(u, x1, x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { lo = u } else { hi = u }
            u = (lo + hi) / 2
        }
        return coord(u, y1, y2)
    }
}

// Foundation-free exp/sin/cos: Glibc's, through the one file that touches the C library.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Frames of a transition at one instant (the C ABI fills an element array and a height).
public struct TransitionFrame: Sendable {
    public let elements: [Element]
    /// The content height at this instant; nil while the width is unknown.
    public let height: Double?
}

extension View {
    /// The last page or mode change at `progress` (0 = before, 1 = after) along `curve`,
    /// so a host without an animation system can still animate:
    /// - page change: the outgoing page's days slide out and the incoming page's days
    ///   slide in, horizontally, by the content width (mirrored right-to-left); the old
    ///   title fades out as the new one fades in;
    /// - mode change: elements in both layouts move from their old frame to the new;
    ///   the others fade, moving with the rows that stay;
    /// - the height goes from the old content height to the new.
    /// With no change yet, the current layout.
    public func transitionLayout(progress: Double, curve: TimingCurve) throws(KalendsError) -> TransitionFrame {
        guard progress.isFinite else {
            throw KalendsError(.invalidArgument, "progress \(progress) is not a finite number")
        }
        let e = curve.value(progress)
        let now = try layout()
        let nowHeight = View.intrinsicSize(of: state)?.height
        switch lastChange {
        case .none:
            return TransitionFrame(elements: now, height: nowHeight)
        case .page(let from, let direction):
            guard let old = try? layout(of: from, days: try days(of: from)) else {
                return TransitionFrame(elements: now, height: nowHeight)
            }
            let width = state.metrics.width - state.metrics.insets.left - state.metrics.insets.right
            let sign = (direction == .backward ? -1.0 : 1.0) * (state.options.rightToLeft ? -1 : 1)
            var out: [Element] = []
            for var element in old where element.kind == .day || element.kind == .title {
                element.outgoing = true
                if element.kind == .day {
                    element.frame = element.frame.offsetBy(dx: -sign * width * e, dy: 0)
                } else {
                    element.alpha = 1 - e
                }
                out.append(element)
            }
            for var element in now {
                if element.kind == .day {
                    element.frame = element.frame.offsetBy(dx: sign * width * (1 - e), dy: 0)
                } else if element.kind == .title {
                    element.alpha = e
                }
                out.append(element)
            }
            return TransitionFrame(elements: out, height: interpolate(View.intrinsicSize(of: from)?.height, nowHeight, e))
        case .mode(let from):
            guard let old = try? layout(of: from, days: try days(of: from)) else {
                return TransitionFrame(elements: now, height: nowHeight)
            }
            func key(_ el: Element) -> Int64 {
                let id = el.kind == .day ? Int64(el.dayNumber) : (el.kind == .weekday ? Int64(el.index) : 0)
                return Int64(el.kind.rawValue) << 40 | (id & 0xFF_FFFF_FFFF)
            }
            var oldByKey: [Int64: Element] = [:]
            for el in old { oldByKey[key(el)] = el }
            var shifts: [Double] = []
            var out: [Element] = []
            var matched = Set<Int64>()
            for var el in now {
                if let before = oldByKey[key(el)] {
                    matched.insert(key(el))
                    if el.kind == .day { shifts.append(el.frame.y - before.frame.y) }
                    el.frame = before.frame.interpolated(to: el.frame, e)
                } else {
                    el.alpha = e
                }
                out.append(el)
            }
            let dy = shifts.isEmpty ? 0 : shifts.reduce(0, +) / Double(shifts.count)
            for i in out.indices where out[i].alpha < 1 || (oldByKey[key(out[i])] == nil) {
                out[i].frame = out[i].frame.offsetBy(dx: 0, dy: -dy * (1 - e))
            }
            for var el in old where !matched.contains(key(el)) {
                el.outgoing = true
                el.alpha = 1 - e
                el.frame = el.frame.offsetBy(dx: 0, dy: dy * e)
                out.append(el)
            }
            return TransitionFrame(elements: out, height: interpolate(View.intrinsicSize(of: from)?.height, nowHeight, e))
        }
    }

    private func interpolate(_ a: Double?, _ b: Double?, _ e: Double) -> Double? {
        guard let a, let b else { return b }
        return a + (b - a) * e
    }
}

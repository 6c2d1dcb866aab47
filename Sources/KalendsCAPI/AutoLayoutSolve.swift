// kalends_autolayout_* for solving: intrinsic sizes, priorities, baselines, measure
// functions, calendar views, policies, solve, frames, fitting sizes.
import CKalends
import KalendsCore

/// A length from C: KALENDS_NO_INTRINSIC_METRIC (-1) is nil.
private func length(_ value: Double, _ name: String) throws(KalendsError) -> Double? {
    if value == Double(KALENDS_NO_INTRINSIC_METRIC) { return nil }
    guard value.isFinite, value >= 0 else {
        throw invalid("\(name) \(value) is neither a length >= 0 nor KALENDS_NO_INTRINSIC_METRIC")
    }
    return value
}

/// An offset from C: KALENDS_NO_INTRINSIC_METRIC (-1) is nil.
private func offset(_ value: Double, _ name: String) throws(KalendsError) -> Double? {
    if value == Double(KALENDS_NO_INTRINSIC_METRIC) { return nil }
    guard value.isFinite else { throw invalid("\(name) \(value) is not finite") }
    return value
}

private func item(_ raw: Int32) throws(KalendsError) -> ItemID {
    guard raw > 0 else { throw KalendsError(.notFound, "no item \(raw)") }
    return ItemID(raw)
}

func autolayoutSetIntrinsicSize(_ layout: AutolayoutHandle, _ raw: Int32, _ width: Double, _ height: Double) throws(KalendsError) {
    let size = IntrinsicSize(width: try length(width, "width"), height: try length(height, "height"))
    try layout.update { (l: inout AutoLayout) throws(KalendsError) in try l.setIntrinsicSize(size, of: try item(raw)) }
}

func autolayoutSetPriority(_ layout: AutolayoutHandle, _ raw: Int32, _ kind: ContentPriority, _ axis: LayoutAxis,
                           _ priority: Double) throws(KalendsError) {
    try layout.update { (l: inout AutoLayout) throws(KalendsError) in try l.setPriority(priority, kind, axis, of: try item(raw)) }
}

func autolayoutSetBaselines(_ layout: AutolayoutHandle, _ raw: Int32, _ first: Double, _ last: Double) throws(KalendsError) {
    let b = Baselines(firstFromTop: try offset(first, "first_from_top"), lastFromBottom: try offset(last, "last_from_bottom"))
    try layout.update { (l: inout AutoLayout) throws(KalendsError) in try l.setBaselines(b, of: try item(raw)) }
}

func autolayoutSetMeasure(_ layout: AutolayoutHandle, _ raw: Int32, _ fn: kalends_measure_fn?,
                          _ user: UnsafeMutableRawPointer?) throws(KalendsError) {
    var measure: Measure?
    if let fn {
        measure = { (id: ItemID, width: Double?, height: Double?) throws(KalendsError) -> IntrinsicSize in
            let missing = Double(KALENDS_NO_INTRINSIC_METRIC)
            var out = kalends_size(width: missing, height: missing)
            let result = fn(user, id.rawValue, width ?? missing, height ?? missing, &out)
            guard result == KALENDS_OK else {
                throw KalendsError(.callback, "the measure function of item \(id.rawValue) returned status \(result)")
            }
            do throws(KalendsError) {
                return IntrinsicSize(width: try length(out.width, "measured width"), height: try length(out.height, "measured height"))
            } catch {
                throw KalendsError(.callback, "the measure function of item \(id.rawValue): \(error.message)")
            }
        }
    }
    try layout.update { (l: inout AutoLayout) throws(KalendsError) in try l.setMeasure(measure, of: try item(raw)) }
}

func autolayoutSetView(_ layout: AutolayoutHandle, _ raw: Int32, _ view: ViewHandle?) throws(KalendsError) {
    try layout.update { (l: inout AutoLayout) throws(KalendsError) in try l.setContent(view, of: try item(raw)) }
}

func autolayoutSetRightToLeft(_ layout: AutolayoutHandle, _ value: Int32) throws(KalendsError) {
    guard value == 0 || value == 1 else { throw invalid("right_to_left \(value) is not 0 or 1") }
    try layout.update { (l: inout AutoLayout) throws(KalendsError) in try l.setRightToLeft(value == 1) }
}

func autolayoutSetPolicy(_ layout: AutolayoutHandle, _ policy: Policy, _ fn: kalends_broken_fn?,
                         _ user: UnsafeMutableRawPointer?) throws(KalendsError) {
    try layout.update { (l: inout AutoLayout) throws(KalendsError) in
        try l.setPolicy(policy, onBroken: fn.map { fn in
            { (b: BrokenConstraint) in
                var c = kalends_broken_constraint(kind: b.kind.rawValue, constraint: b.constraint, item: b.item.rawValue, reserved: 0)
                fn(user, &c)
            }
        })
    }
}

func autolayoutSolve(_ layout: AutolayoutHandle) throws(KalendsError) {
    try layout.update { (l: inout AutoLayout) throws(KalendsError) in try l.solve() }
}

func autolayoutFrame(_ layout: AutolayoutHandle, _ raw: Int32) throws(KalendsError) -> kalends_rect {
    try layout.update { (l: inout AutoLayout) throws(KalendsError) in try l.frame(of: try item(raw)) }.c
}

func autolayoutFittingSize(_ layout: AutolayoutHandle, _ raw: Int32, _ target: kalends_size, _ horizontal: Double,
                           _ vertical: Double) throws(KalendsError) -> kalends_size {
    try layout.update { (l: inout AutoLayout) throws(KalendsError) in
        try l.fittingSize(of: try item(raw), target: Size(target), horizontal: horizontal, vertical: vertical)
    }.c
}

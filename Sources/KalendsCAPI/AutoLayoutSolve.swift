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

private func item(_ raw: Int32) throws(KalendsError) -> ItemID {
    guard raw > 0 else { throw KalendsError(.notFound, "no item \(raw)") }
    return ItemID(raw)
}

@_cdecl("kalends_autolayout_set_intrinsic_size")
public func kalendsAutolayoutSetIntrinsicSize(_ handle: OpaquePointer?, _ rawItem: Int32, _ width: Double,
                                              _ height: Double) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try autolayout(handle)
        let size = IntrinsicSize(width: try length(width, "width"), height: try length(height, "height"))
        try box.update { (l: inout AutoLayout) throws(KalendsError) in try l.setIntrinsicSize(size, of: try item(rawItem)) }
    }
}

@_cdecl("kalends_autolayout_set_priority")
public func kalendsAutolayoutSetPriority(_ handle: OpaquePointer?, _ rawItem: Int32, _ kind: Int32, _ axis: Int32,
                                         _ priority: Double) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try autolayout(handle)
        guard kind == KALENDS_CONTENT_HUGGING || kind == KALENDS_COMPRESSION_RESISTANCE else { throw invalid("kind \(kind) is not a priority kind") }
        guard axis == KALENDS_LAYOUT_HORIZONTAL || axis == KALENDS_LAYOUT_VERTICAL else { throw invalid("axis \(axis) is not an axis") }
        try box.update { (l: inout AutoLayout) throws(KalendsError) in
            let id = try item(rawItem)
            var p = try l.priorities(of: id)
            switch (kind == KALENDS_CONTENT_HUGGING, axis == KALENDS_LAYOUT_HORIZONTAL) {
            case (true, true): p.huggingHorizontal = priority
            case (true, false): p.huggingVertical = priority
            case (false, true): p.compressionHorizontal = priority
            case (false, false): p.compressionVertical = priority
            }
            try l.setPriorities(p, of: id)
        }
    }
}

@_cdecl("kalends_autolayout_set_baselines")
public func kalendsAutolayoutSetBaselines(_ handle: OpaquePointer?, _ rawItem: Int32, _ first: Double,
                                          _ last: Double) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try autolayout(handle)
        func offset(_ v: Double, _ name: String) throws(KalendsError) -> Double? {
            if v == Double(KALENDS_NO_INTRINSIC_METRIC) { return nil }
            guard v.isFinite else { throw invalid("\(name) \(v) is not finite") }
            return v
        }
        let b = Baselines(firstFromTop: try offset(first, "first_from_top"), lastFromBottom: try offset(last, "last_from_bottom"))
        try box.update { (l: inout AutoLayout) throws(KalendsError) in try l.setBaselines(b, of: try item(rawItem)) }
    }
}

@_cdecl("kalends_autolayout_set_measure")
public func kalendsAutolayoutSetMeasure(_ handle: OpaquePointer?, _ rawItem: Int32, _ fn: kalends_measure_fn?,
                                        _ user: UnsafeMutableRawPointer?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try autolayout(handle)
        var measure: Measure?
        if let fn {
            measure = { (id: ItemID, width: Double?, height: Double?) throws(KalendsError) -> IntrinsicSize in
                var out = kalends_size(width: Double(KALENDS_NO_INTRINSIC_METRIC), height: Double(KALENDS_NO_INTRINSIC_METRIC))
                let missing = Double(KALENDS_NO_INTRINSIC_METRIC)
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
        try box.update { (l: inout AutoLayout) throws(KalendsError) in try l.setMeasure(measure, of: try item(rawItem)) }
    }
}

@_cdecl("kalends_autolayout_set_view")
public func kalendsAutolayoutSetView(_ handle: OpaquePointer?, _ rawItem: Int32, _ viewPointer: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try autolayout(handle)
        let view = try viewPointer.map { (p) throws(KalendsError) in try viewHandle(p) }
        try box.update { (l: inout AutoLayout) throws(KalendsError) in try l.setContent(view, of: try item(rawItem)) }
    }
}

@_cdecl("kalends_autolayout_set_right_to_left")
public func kalendsAutolayoutSetRightToLeft(_ handle: OpaquePointer?, _ value: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try autolayout(handle)
        guard value == 0 || value == 1 else { throw invalid("right_to_left \(value) is not 0 or 1") }
        try box.update { (l: inout AutoLayout) throws(KalendsError) in try l.setRightToLeft(value == 1) }
    }
}

@_cdecl("kalends_autolayout_set_policy")
public func kalendsAutolayoutSetPolicy(_ handle: OpaquePointer?, _ policy: Int32, _ fn: kalends_broken_fn?,
                                       _ user: UnsafeMutableRawPointer?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try autolayout(handle)
        let p = try Policy(checking: policy)
        try box.update { (l: inout AutoLayout) throws(KalendsError) in
            try l.setPolicy(p, onBroken: fn.map { fn in
                { (b: BrokenConstraint) in
                    var c = kalends_broken_constraint(kind: b.kind.rawValue, constraint: b.constraint, item: b.item.rawValue, reserved: 0)
                    fn(user, &c)
                }
            })
        }
    }
}

@_cdecl("kalends_autolayout_solve")
public func kalendsAutolayoutSolve(_ handle: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in
        try autolayout(handle).update { (l: inout AutoLayout) throws(KalendsError) in try l.solve() }
    }
}

@_cdecl("kalends_autolayout_frame")
public func kalendsAutolayoutFrame(_ handle: OpaquePointer?, _ rawItem: Int32, _ out: UnsafeMutablePointer<kalends_rect>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try autolayout(handle)
        let out = try required(out, "out")
        out.pointee = try box.update { (l: inout AutoLayout) throws(KalendsError) in try l.frame(of: try item(rawItem)) }.c
    }
}

@_cdecl("kalends_autolayout_fitting_size")
public func kalendsAutolayoutFittingSize(_ handle: OpaquePointer?, _ rawItem: Int32, _ target: UnsafePointer<kalends_size>?,
                                         _ horizontal: Double, _ vertical: Double,
                                         _ out: UnsafeMutablePointer<kalends_size>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try autolayout(handle)
        let t = try required(target, "target")
        let out = try required(out, "out")
        out.pointee = try box.update { (l: inout AutoLayout) throws(KalendsError) in
            try l.fittingSize(of: try item(rawItem), target: Size(width: t.width, height: t.height),
                              horizontal: horizontal, vertical: vertical)
        }.c
    }
}

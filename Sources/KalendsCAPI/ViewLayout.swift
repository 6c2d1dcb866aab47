// kalends_view_*: visible days, size, layout, hit testing, taps, transitions,
// accessibility labels; kalends_curve_value.
import CKalends
import KalendsCore

@_cdecl("kalends_view_days")
public func kalendsViewDays(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_day>?, _ capacity: Int32,
                            _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let days = try viewHandle(handle).with { (v: View) throws(KalendsError) in try v.days() }
        try fillArray(out, capacity, count, days) { $0.c }
    }
}

@_cdecl("kalends_view_intrinsic_size")
public func kalendsViewIntrinsicSize(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_size>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let out = try required(out, "out")
        out.pointee = try box.with { (v: View) throws(KalendsError) in try v.intrinsicSize() }.c
    }
}

/// Element arrays out under the array convention.
private func elements(_ list: [Element], _ out: UnsafeMutablePointer<kalends_element>?, _ capacity: Int32,
                      _ count: UnsafeMutablePointer<Int32>?) throws(KalendsError) {
    try fillArray(out, capacity, count, list) { $0.c }
}

@_cdecl("kalends_view_layout")
public func kalendsViewLayout(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<kalends_element>?, _ capacity: Int32,
                              _ count: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let list = try viewHandle(handle).with { (v: View) throws(KalendsError) in try v.layout() }
        try elements(list, out, capacity, count)
    }
}

@_cdecl("kalends_view_hit_test")
public func kalendsViewHitTest(_ handle: OpaquePointer?, _ x: Double, _ y: Double,
                               _ out: UnsafeMutablePointer<kalends_element>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let out = try required(out, "out")
        out.pointee = try box.with { (v: View) throws(KalendsError) in try v.hitTest(Point(x: x, y: y)) }.c
    }
}

@_cdecl("kalends_view_tap")
public func kalendsViewTap(_ handle: OpaquePointer?, _ x: Double, _ y: Double, _ hit: UnsafeMutablePointer<kalends_element>?,
                           _ out: UnsafeMutablePointer<kalends_action>?) -> kalends_status {
    status { () throws(KalendsError) in
        let result = try viewHandle(handle).with { (v: View) throws(KalendsError) in try v.tap(Point(x: x, y: y)) }
        store(result.element.c, hit)
        store(result.action.c, out)
    }
}

@_cdecl("kalends_view_transition_layout")
public func kalendsViewTransitionLayout(_ handle: OpaquePointer?, _ progress: Double, _ curve: Int32,
                                        _ out: UnsafeMutablePointer<kalends_element>?, _ capacity: Int32,
                                        _ count: UnsafeMutablePointer<Int32>?, _ height: UnsafeMutablePointer<Double>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let timing = try TimingCurve(checking: curve)
        let frame = try box.with { (v: View) throws(KalendsError) in try v.transitionLayout(progress: progress, curve: timing) }
        try elements(frame.elements, out, capacity, count)
        store(frame.height ?? 0, height)
    }
}

@_cdecl("kalends_view_accessibility_label")
public func kalendsViewAccessibilityLabel(_ handle: OpaquePointer?, _ date: UnsafePointer<kalends_date>?,
                                          _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                          _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let box = try viewHandle(handle)
        let d = try Date(try required(date, "date"))
        let output = try StringOutput(buffer, capacity, length)
        output.write(try box.with { (v: View) throws(KalendsError) in try v.accessibilityLabel(d) })
    }
}

@_cdecl("kalends_curve_value")
public func kalendsCurveValue(_ curve: Int32, _ progress: Double, _ out: UnsafeMutablePointer<Double>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        guard !progress.isNaN else { throw invalid("progress is NaN") }
        out.pointee = try TimingCurve(checking: curve).value(progress)
    }
}

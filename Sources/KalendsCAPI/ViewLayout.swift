// kalends_view_*: visible days, size, layout, hit testing, taps, transitions,
// accessibility labels; kalends_curve_value.
import CKalends
import KalendsCore

func viewDays(_ h: ViewHandle, _ out: ArrayOutput<kalends_day>) throws(KalendsError) {
    try out.fill(try h.with { (v: View) throws(KalendsError) in try v.days() }) { $0.c }
}

func viewIntrinsicSize(_ h: ViewHandle) throws(KalendsError) -> kalends_size {
    try h.with { (v: View) throws(KalendsError) in try v.intrinsicSize() }.c
}

func viewLayout(_ h: ViewHandle, _ out: ArrayOutput<kalends_element>) throws(KalendsError) {
    try out.fill(try h.with { (v: View) throws(KalendsError) in try v.layout() }) { $0.c }
}

func viewHitTest(_ h: ViewHandle, _ x: Double, _ y: Double) throws(KalendsError) -> kalends_element {
    try h.with { (v: View) throws(KalendsError) in try v.hitTest(Point(x: x, y: y)) }.c
}

func viewTap(_ h: ViewHandle, _ x: Double, _ y: Double) throws(KalendsError) -> (kalends_element, kalends_action) {
    let result = try h.with { (v: View) throws(KalendsError) in try v.tap(Point(x: x, y: y)) }
    return (result.element.c, result.action.c)
}

/// The frame's elements, and its content height.
func viewTransitionLayout(_ h: ViewHandle, _ progress: Double, _ curve: TimingCurve,
                          _ out: ArrayOutput<kalends_element>) throws(KalendsError) -> Double {
    let frame = try h.with { (v: View) throws(KalendsError) in try v.transitionLayout(progress: progress, curve: curve) }
    try out.fill(frame.elements) { $0.c }
    return frame.height ?? 0
}

func viewAccessibilityLabel(_ h: ViewHandle, _ date: kalends_date) throws(KalendsError) -> String {
    let date = try Date(date)
    return try h.with { (v: View) throws(KalendsError) in try v.accessibilityLabel(date) }
}

func curveValue(_ curve: TimingCurve, _ progress: Double) throws(KalendsError) -> Double {
    try curve.checkedValue(progress)
}

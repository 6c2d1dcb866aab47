// kalends_pointer_options_init, kalends_view_*pointer*, kalends_view_gesture: pointer
// gestures on a view, and their C structs <-> core values.
import CKalends
import KalendsCore

func pointerOptionsInit() throws(KalendsError) -> kalends_pointer_options { PointerOptions().c }

func viewSetPointerOptions(_ h: ViewHandle, _ options: kalends_pointer_options) throws(KalendsError) {
    let options = try PointerOptions(options)
    try h.with { (v: View) throws(KalendsError) in try v.setPointerOptions(options) }
}

func viewGetPointerOptions(_ h: ViewHandle, _ out: UnsafeMutablePointer<kalends_pointer_options>) throws(KalendsError) {
    writeVersioned(try h.with { (v: View) in v.pointerOptions.c }, to: out)
}

func viewPointerPress(_ h: ViewHandle, _ event: kalends_pointer_event) throws(KalendsError) -> (kalends_element, kalends_action) {
    let event = try PointerEvent(event)
    let result = try h.with { (v: View) throws(KalendsError) in try v.press(event) }
    return (result.element.c, result.action.c)
}

func viewPointerMove(_ h: ViewHandle, _ event: kalends_pointer_event) throws(KalendsError) -> (kalends_element, kalends_action) {
    let event = try PointerEvent(event)
    let result = try h.with { (v: View) throws(KalendsError) in try v.move(event) }
    return (result.element.c, result.action.c)
}

func viewPointerRelease(_ h: ViewHandle, _ event: kalends_pointer_event) throws(KalendsError) -> (kalends_element, kalends_action) {
    let event = try PointerEvent(event)
    let result = try h.with { (v: View) throws(KalendsError) in try v.release(event) }
    return (result.element.c, result.action.c)
}

func viewPointerCancel(_ h: ViewHandle) throws(KalendsError) -> kalends_action {
    try h.with { (v: View) throws(KalendsError) in try v.cancelPointer() }.c
}

func viewGesture(_ h: ViewHandle, _ out: UnsafeMutablePointer<kalends_gesture>) throws(KalendsError) {
    writeVersioned(try h.with { (v: View) in v.gesture }.c, to: out)
}

extension PointerEvent {
    init(_ c: kalends_pointer_event) throws(KalendsError) {
        self.init(Point(x: c.x, y: c.y), time: c.time, kind: try PointerKind(checking: c.kind))
    }
}

extension PointerOptions {
    init(_ c: kalends_pointer_options) throws(KalendsError) {
        self.init()
        dragSelect = try DragSelect(checking: c.drag_select)
        slop = c.slop
        longPressDuration = c.long_press_duration
        edgeHoldDuration = c.edge_hold_duration
        edgeWidth = c.edge_width
        swipeAxis = try Axis(checking: c.swipe_axis)
        guard c.reserved == 0 else { throw invalid("pointer options reserved \(c.reserved) is not 0") }
        swipeDistance = c.swipe_distance
        swipeVelocity = c.swipe_velocity
        try validate()
    }

    var c: kalends_pointer_options {
        var out = kalends_pointer_options()
        out.struct_size = UInt32(MemoryLayout<kalends_pointer_options>.size)
        out.drag_select = dragSelect.rawValue
        out.slop = slop
        out.long_press_duration = longPressDuration
        out.edge_hold_duration = edgeHoldDuration
        out.edge_width = edgeWidth
        out.swipe_axis = swipeAxis.rawValue
        out.swipe_distance = swipeDistance
        out.swipe_velocity = swipeVelocity
        return out
    }
}

extension Gesture {
    var c: kalends_gesture {
        var out = kalends_gesture()
        out.struct_size = UInt32(MemoryLayout<kalends_gesture>.size)
        out.phase = phase.rawValue
        out.kind = kind.rawValue
        out.pointer = pointer.rawValue
        out.start_x = start.x
        out.start_y = start.y
        out.start_time = startTime
        out.x = location.x
        out.y = location.y
        out.time = time
        if let day {
            out.has_day = 1
            out.day = day
        }
        if let preview {
            out.has_preview = 1
            out.preview_first = preview.first
            out.preview_last = preview.last
        }
        out.direction = direction.rawValue
        out.offset = offset
        out.progress = progress
        if let proposal {
            out.all_day = proposal.allDay ? 1 : 0
            out.refusal = proposal.refusal.rawValue
            out.event_id = proposal.eventID
            out.occurrence_start = proposal.occurrenceStart
            out.proposed_start = proposal.proposedStart
            out.proposed_end = proposal.proposedEnd
        }
        return out
    }
}

// kalends/pointer.h through the C ABI: a view's pointer gestures, as Python's
// View.press / drag / release / cancel_pointer / gesture.
import CKalends

/// How a view recognises gestures (`kalends_pointer_options`); the library's defaults
/// (`kalends_pointer_options_init`) with the given fields changed.
public struct PointerOptions: Hashable, Sendable {
    public var c: kalends_pointer_options

    public init(dragSelect: DragSelect? = nil, slop: Double? = nil, longPressDuration: Double? = nil,
                edgeHoldDuration: Double? = nil, edgeWidth: Double? = nil, swipeAxis: Axis? = nil,
                swipeDistance: Double? = nil, swipeVelocity: Double? = nil, library: Library? = nil) throws(KalendsError) {
        let lib = try Library.resolve(library)
        var c = kalends_pointer_options()
        try lib.check(lib.c.pointerOptionsInit(&c))
        if let dragSelect { c.drag_select = dragSelect.rawValue }
        if let slop { c.slop = slop }
        if let longPressDuration { c.long_press_duration = longPressDuration }
        if let edgeHoldDuration { c.edge_hold_duration = edgeHoldDuration }
        if let edgeWidth { c.edge_width = edgeWidth }
        if let swipeAxis { c.swipe_axis = swipeAxis.rawValue }
        if let swipeDistance { c.swipe_distance = swipeDistance }
        if let swipeVelocity { c.swipe_velocity = swipeVelocity }
        self.c = c
    }

    init(_ c: kalends_pointer_options) { self.c = c }

    public var dragSelect: DragSelect { DragSelect(rawValue: c.drag_select) ?? .mouseOrLongPress }
    public var slop: Double { c.slop }
    public var longPressDuration: Double { c.long_press_duration }
    public var edgeHoldDuration: Double { c.edge_hold_duration }
    public var edgeWidth: Double { c.edge_width }
    public var swipeAxis: Axis { Axis(rawValue: c.swipe_axis) ?? .horizontal }
    public var swipeDistance: Double { c.swipe_distance }
    public var swipeVelocity: Double { c.swipe_velocity }
}

/// Where an event drag would put its event (the event fields of `kalends_gesture`).
public struct EventProposal: Hashable, Sendable {
    public let eventID: Int64
    public let occurrenceStart: Int64
    public let proposedStart: Int64
    public let proposedEnd: Int64
    public let allDay: Bool
    public let refusal: Refusal
}

/// The gesture in progress (`kalends_gesture`).
public struct Gesture: Hashable, Sendable {
    public let c: kalends_gesture
    public init(_ c: kalends_gesture) { self.c = c }

    public var phase: GesturePhase { GesturePhase(rawValue: c.phase) ?? .none }
    public var kind: GestureKind { GestureKind(rawValue: c.kind) ?? .none }
    public var pointer: PointerKind { PointerKind(rawValue: c.pointer) ?? .mouse }
    public var start: Point { Point(x: c.start_x, y: c.start_y) }
    public var startTime: Double { c.start_time }
    public var location: Point { Point(x: c.x, y: c.y) }
    public var time: Double { c.time }
    /// The day the gesture last reached.
    public var day: Int32? { c.has_day == 1 ? c.day : nil }
    /// Range, paint, erase: the first and last day previewed.
    public var preview: (first: Int32, last: Int32)? {
        c.has_preview == 1 ? (c.preview_first, c.preview_last) : nil
    }
    public var direction: Direction { Direction(rawValue: c.direction) ?? .none }
    public var offset: Double { c.offset }
    public var progress: Double { c.progress }
    public var proposal: EventProposal? {
        switch kind {
        case .eventMove, .eventResizeStart, .eventResizeEnd, .eventCreate:
            return EventProposal(eventID: c.event_id, occurrenceStart: c.occurrence_start, proposedStart: c.proposed_start,
                                 proposedEnd: c.proposed_end, allDay: c.all_day == 1, refusal: Refusal(rawValue: c.refusal) ?? .none)
        default:
            return nil
        }
    }
}

extension View {
    public var pointerOptions: PointerOptions {
        get throws(KalendsError) {
            var out = kalends_pointer_options()
            out.struct_size = UInt32(MemoryLayout<kalends_pointer_options>.size)
            try library.check(library.c.viewGetPointerOptions(handle, &out))
            return PointerOptions(out)
        }
    }

    public func setPointerOptions(_ options: PointerOptions) throws(KalendsError) {
        var c = options.c
        try library.check(library.c.viewSetPointerOptions(handle, &c))
    }

    /// The gesture in progress (phase `.none` when no pointer is down).
    public var gesture: Gesture {
        get throws(KalendsError) {
            var out = kalends_gesture()
            out.struct_size = UInt32(MemoryLayout<kalends_gesture>.size)
            try library.check(library.c.viewGesture(handle, &out))
            return Gesture(out)
        }
    }

    private typealias PointerCall = @convention(c) (OpaquePointer?, UnsafePointer<kalends_pointer_event>?,
                                                    UnsafeMutablePointer<kalends_element>?, UnsafeMutablePointer<kalends_action>?) -> kalends_status

    private func pointer(_ call: PointerCall, _ x: Double, _ y: Double, _ time: Double,
                         _ kind: PointerKind) throws(KalendsError) -> (element: Element, action: Action) {
        var event = kalends_pointer_event()
        event.struct_size = UInt32(MemoryLayout<kalends_pointer_event>.size)
        event.kind = kind.rawValue
        event.x = x
        event.y = y
        event.time = time
        var hit = kalends_element()
        var out = kalends_action()
        try check(call(handle, &event, &hit, &out))
        return (Element(hit), Action(out))
    }

    /// A pointer goes down at (x, y) at `time` (seconds, any clock that only grows).
    @discardableResult
    public func press(x: Double, y: Double, time: Double, kind: PointerKind = .mouse) throws(KalendsError) -> (element: Element, action: Action) {
        try pointer(library.c.viewPointerPress, x, y, time, kind)
    }

    /// The pointer moves with the button down (or rests: the same point later).
    @discardableResult
    public func drag(x: Double, y: Double, time: Double, kind: PointerKind = .mouse) throws(KalendsError) -> (element: Element, action: Action) {
        try pointer(library.c.viewPointerMove, x, y, time, kind)
    }

    /// The pointer goes up: the gesture commits.
    @discardableResult
    public func release(x: Double, y: Double, time: Double, kind: PointerKind = .mouse) throws(KalendsError) -> (element: Element, action: Action) {
        try pointer(library.c.viewPointerRelease, x, y, time, kind)
    }

    /// The gesture ends without effect; the selection and page from before the press come back.
    @discardableResult
    public func cancelPointer() throws(KalendsError) -> (element: Element, action: Action) {
        var out = kalends_action()
        try check(library.c.viewPointerCancel(handle, &out))
        return (Element(kalends_element()), Action(out))
    }
}

/// Pointer input of a view: the events the host passes through, the options of the
/// gesture recogniser, what a gesture shows while it lasts, and the seam through which
/// another handler (event editing) can claim a press before the view's own selection
/// and swipe gestures. The recogniser itself: `PointerGestures.swift`.

/// One pointer event (the C ABI's `kalends_pointer_event`): where, when (seconds on
/// any clock that only grows) and with what.
public struct PointerEvent: Hashable, Sendable {
    public var kind: PointerKind
    public var point: Point
    public var time: Double

    public init(_ point: Point, time: Double, kind: PointerKind = .mouse) {
        self.kind = kind
        self.point = point
        self.time = time
    }

    /// INVALID_ARGUMENT unless the point and the time are finite numbers.
    func validate() throws(KalendsError) {
        guard point.x.isFinite, point.y.isFinite else {
            throw KalendsError(.invalidArgument, "pointer point (\(point.x), \(point.y)) is not finite")
        }
        guard time.isFinite else { throw KalendsError(.invalidArgument, "pointer time \(time) is not finite") }
    }
}

/// How a view recognises gestures (the C ABI's `kalends_pointer_options`).
public struct PointerOptions: Hashable, Sendable {
    /// Which drags from a day select (range and multiple modes); the others swipe.
    public var dragSelect: DragSelect = .mouseOrLongPress
    /// Points a press may wander and still be a tap.
    public var slop: Double = 8
    /// Seconds a press is held within the slop to be a long press.
    public var longPressDuration: Double = 0.5
    /// Seconds a selection drag rests at the grid's edge before the view pages; 0: never.
    public var edgeHoldDuration: Double = 0.6
    /// Points from the grid's edges (along the swipe axis) that count as the edge.
    public var edgeWidth: Double = 16
    /// The paging axis of swipes (and of the page slide in `transitionLayout`).
    public var swipeAxis: Axis = .horizontal
    /// The fraction of the page a swipe must travel to page on release.
    public var swipeDistance: Double = 0.5
    /// Points per second at release that page whatever the distance; 0: distance alone.
    public var swipeVelocity: Double = 300

    public init() {}

    public func validate() throws(KalendsError) {
        func check(_ value: Double, _ range: ClosedRange<Double>, _ name: String) throws(KalendsError) {
            guard value.isFinite, range.contains(value) else {
                throw KalendsError(.invalidArgument, "pointer option \(name) \(value) is not in \(range.lowerBound) ... \(range.upperBound)")
            }
        }
        try check(slop, 0...10_000, "slop")
        try check(longPressDuration, 0.001...3_600, "long_press_duration")
        try check(edgeHoldDuration, 0...3_600, "edge_hold_duration")
        try check(edgeWidth, 0...10_000, "edge_width")
        try check(swipeDistance, 0...1, "swipe_distance")
        try check(swipeVelocity, 0...1_000_000, "swipe_velocity")
    }
}

/// Where an event drag would put its event (the event fields of `kalends_gesture`):
/// filled by the claim that edits events.
public struct EventProposal: Hashable, Sendable {
    public var eventID: Int64
    /// The dragged occurrence's start (a recurring event's instance).
    public var occurrenceStart: Int64
    public var proposedStart: Int64
    public var proposedEnd: Int64
    /// Start and end are day numbers.
    public var allDay: Bool
    /// Why a release now would be refused; `.none`: it would land.
    public var refusal: Refusal

    public init(eventID: Int64, occurrenceStart: Int64, proposedStart: Int64, proposedEnd: Int64,
                allDay: Bool, refusal: Refusal = .none) {
        self.eventID = eventID
        self.occurrenceStart = occurrenceStart
        self.proposedStart = proposedStart
        self.proposedEnd = proposedEnd
        self.allDay = allDay
        self.refusal = refusal
    }
}

/// What a gesture shows while it lasts (the C ABI's `kalends_gesture`).
public struct Gesture: Hashable, Sendable {
    public var phase: GesturePhase = .none
    public var kind: GestureKind = .none
    public var pointer: PointerKind = .mouse
    public var start = Point(x: 0, y: 0)
    public var startTime: Double = 0
    public var location = Point(x: 0, y: 0)
    public var time: Double = 0
    /// The day the gesture last reached (the press's day first).
    public var day: Int32?
    /// Range, paint, erase: the days previewed.
    public var preview: DayRange?
    /// Swipe: the page the slide shows, the offset along the axis (negative: left or
    /// up) and |offset| / page size in 0...1.
    public var direction: Direction = .none
    public var offset: Double = 0
    public var progress: Double = 0
    /// Event drags: where the event would land.
    public var proposal: EventProposal?

    public init() {}
}

/// A handler that may take a press before the view's selection and swipe gestures
/// (event editing is one). The view asks its claimers in order at each press; the
/// first that returns a claim gets the gesture. Claimers are registered with
/// `View.addPointerClaimer` (editing first, when the view's options enable it).
protocol PointerClaimer: AnyObject {
    /// A claim on the press at `event` over `element`, or nil to leave it to the next
    /// claimer and then to the view. Must not change the view.
    func claim(_ event: PointerEvent, element: Element, view: View) throws(KalendsError) -> (any PointerClaim)?
}

/// A claimed press. Until the pointer leaves the slop (a touch: until a long press
/// when `needsLongPress`) nothing is asked of it: a release then is the view's tap and
/// the claim is dropped unasked. Once the drag begins, every move, then the release or
/// the cancel, goes to it; it keeps `gesture.kind` (an `.event*` kind) and
/// `gesture.proposal` current, and returns the outcome (`.preview`, `.edited`,
/// `.refused`, `.timeSelected`, `.cancelled`, `.none`). It may change the view and its
/// store (with the view's `commit`); cancel must restore what its moves changed.
protocol PointerClaim: AnyObject {
    var needsLongPress: Bool { get }
    func move(_ event: PointerEvent, element: Element, gesture: inout Gesture, view: View) throws(KalendsError) -> Action
    func release(_ event: PointerEvent, element: Element, gesture: inout Gesture, view: View) throws(KalendsError) -> Action
    func cancel(gesture: inout Gesture, view: View) throws(KalendsError) -> Action
}

/// The pointer state a view keeps: its options, its claimers and the press in progress.
struct PointerState {
    var options = PointerOptions()
    var claimers: [any PointerClaimer] = []
    var session: PointerSession?
}

/// A press in progress: the gesture, the state to restore on cancel, and what the
/// recogniser needs between events.
struct PointerSession {
    var gesture: Gesture
    /// The view's state at the press (cancel restores its selection and page).
    let before: ViewState
    let pressElement: Element
    var claim: (any PointerClaim)?
    var claimBegan = false
    var longPressReported = false
    /// Range, paint and erase: the day the drag started from.
    var origin: Int32?
    /// The previous event, for the release velocity of a swipe.
    var previous: Point
    var previousTime: Double
    /// Edge paging: when the pointer came to the edge, and which way it pages.
    var edgeSince: Double?
    var edgeDirection: Direction = .none
}

/// A view's host callbacks (the C ABI's `kalends_view_callbacks`). Every callback runs
/// synchronously on the thread that made the call, after (did-, changed-) or before
/// (is-, should-, will-) the change it concerns. A callback may read the view; trying
/// to change it from inside a callback is `.misuse`.
public struct ViewCallbacks {
    /// Is this day disabled? Asked for visible days, taps, keys and selections.
    public var isDisabled: ((Int32) throws(KalendsError) -> Bool)?
    /// May this day be selected? false vetoes the selection (outcome `.vetoed`).
    public var shouldSelect: ((Int32) throws(KalendsError) -> Bool)?
    /// The day is about to be selected; throwing aborts the selection, nothing changes.
    public var willSelect: ((Int32) throws(KalendsError) -> Void)?
    /// The day was selected.
    public var didSelect: ((Int32) throws(KalendsError) -> Void)?
    /// The day was deselected (range mode: an endpoint of the range).
    public var didDeselect: ((Int32) throws(KalendsError) -> Void)?
    /// The visible page changed (paging, selection on another page, mode change).
    public var pageChanged: ((Transition) throws(KalendsError) -> Void)?
    /// The intrinsic content size changed (mode, rows, page with variable rows, metrics).
    public var contentSizeChanged: ((Size, Size) throws(KalendsError) -> Void)?

    public init(isDisabled: ((Int32) throws(KalendsError) -> Bool)? = nil,
                shouldSelect: ((Int32) throws(KalendsError) -> Bool)? = nil,
                willSelect: ((Int32) throws(KalendsError) -> Void)? = nil,
                didSelect: ((Int32) throws(KalendsError) -> Void)? = nil,
                didDeselect: ((Int32) throws(KalendsError) -> Void)? = nil,
                pageChanged: ((Transition) throws(KalendsError) -> Void)? = nil,
                contentSizeChanged: ((Size, Size) throws(KalendsError) -> Void)? = nil) {
        self.isDisabled = isDisabled
        self.shouldSelect = shouldSelect
        self.willSelect = willSelect
        self.didSelect = didSelect
        self.didDeselect = didDeselect
        self.pageChanged = pageChanged
        self.contentSizeChanged = contentSizeChanged
    }
}

/// What an operation did: its outcome, the day it acted on and the page change it
/// caused, if any (the C ABI's `kalends_action`).
public struct Action: Hashable, Sendable {
    public let outcome: Outcome
    /// The day selected, deselected, refused or focused; the new anchor when paging.
    public let day: Int32?
    public let transition: Transition

    public init(outcome: Outcome, day: Int32?, transition: Transition) {
        self.outcome = outcome
        self.day = day
        self.transition = transition
    }
}

/// Where an asynchronous source's answer to one request goes: the request, and the hub
/// that asked, held weakly (an answer that comes after that hub is gone -- the view got
/// another store, or was freed -- is dropped).
public final class SourceAnswer {
    public let request: Int64
    private weak var hub: SourceHub?

    init(request: Int64, hub: SourceHub) {
        self.request = request
        self.hub = hub
    }

    /// Whether the hub that asked is gone (the answer can only be dropped).
    public var isGone: Bool { hub == nil }

    /// Puts the answer in (the hub's owner serializes this with the hub's other calls):
    /// `SourceHub.complete`'s result; false when the answer is dropped.
    @discardableResult
    public func deliver(_ answer: Result<[Event], KalendsError>) throws(KalendsError) -> Bool {
        guard let hub else { return false }
        switch answer {
        case .success(let events): return try hub.complete(request, events: events)
        case .failure(let error): return try hub.complete(request, events: [], error: error)
        }
    }
}

/// Event sources of a view (Kal's data source): on every page change the view asks
/// each source for the visible days; answers go into the view's store, replacing what
/// the same source said before for those days. A synchronous source answers at once;
/// an asynchronous one later through the `SourceAnswer` it was given, from any thread
/// (the owner serializes calls). An answer for a range that is no longer the current
/// one is dropped. The view owns its hub (`View.setStore`).
public final class SourceHub {
    /// A source: `fetch` answers at once; or `begin` starts a request whose answer comes
    /// through `answer.deliver(...)` (or `complete(answer.request, ...)`). A source with
    /// both is asked through `fetch`, unless it `prefersBegin` (a plugin: Kal's
    /// asynchronous data source). `cancel` (with the request) and `destroy` are optional.
    public struct Source {
        public var fetch: ((_ first: Int32, _ last: Int32) throws(KalendsError) -> [Event])?
        public var begin: ((_ answer: SourceAnswer, _ first: Int32, _ last: Int32) throws(KalendsError) -> Void)?
        public var cancel: ((_ request: Int64) -> Void)?
        public var destroy: (() -> Void)?
        /// The code a bad answer of this source fails with (`.callback` for the host's
        /// sources, `.plugin` for plugins).
        public var failureCode: KalendsError.Code = .callback
        public var prefersBegin = false

        public init(fetch: ((Int32, Int32) throws(KalendsError) -> [Event])? = nil,
                    begin: ((SourceAnswer, Int32, Int32) throws(KalendsError) -> Void)? = nil,
                    cancel: ((Int64) -> Void)? = nil, destroy: (() -> Void)? = nil) {
            self.fetch = fetch
            self.begin = begin
            self.cancel = cancel
            self.destroy = destroy
        }
    }

    private struct Request {
        var id: Int64
        var source: Int32
        var first: Int32
        var last: Int32
    }

    public let store: EventStore
    public var zone: any LocalDays
    private var sources: [Int32: Source] = [:]
    private var nextSource: Int32 = 1
    private var pending: [Int64: Request] = [:]
    private var nextRequest: Int64 = 1
    /// The days shown now.
    public private(set) var range: ClosedRange<Int32>?
    /// The last failure of each source (nil once it answers).
    public private(set) var failures: [Int32: KalendsError] = [:]
    /// Runs the store changes of an answer under the owner's lock (the C ABI's store
    /// mutex); directly by default.
    public var synchronize: (_ body: () throws(KalendsError) -> Void) throws(KalendsError) -> Void = { body throws(KalendsError) in
        try body()
    }

    public init(store: EventStore, zone: any LocalDays = UTCDays()) {
        self.store = store
        self.zone = zone
    }

    deinit {
        for (rid, r) in pending { sources[r.source]?.cancel?(rid) }
        for (_, s) in sources { s.destroy?() }
    }

    public var sourceIDs: [Int32] { sources.keys.sorted() }
    public var pendingRequests: Int { pending.count }

    /// Adds a source and asks it for the current range (if any). Returns its id.
    public func add(_ source: Source) throws(KalendsError) -> Int32 {
        guard source.fetch != nil || source.begin != nil else {
            throw KalendsError(.invalidArgument, "a source needs fetch or begin")
        }
        guard nextSource < Int32.max else { throw KalendsError(.outOfRange, "too many sources") }
        let id = nextSource
        nextSource += 1
        sources[id] = source
        if let range { try ask(id, range) }
        return id
    }

    /// Removes a source: its pending request is cancelled, its events stay in the store.
    public func remove(_ id: Int32) throws(KalendsError) {
        guard let source = sources.removeValue(forKey: id) else { throw KalendsError(.notFound, "no source \(id)") }
        for (rid, r) in pending where r.source == id {
            pending[rid] = nil
            source.cancel?(rid)
        }
        failures[id] = nil
        source.destroy?()
    }

    /// The view shows days first ... last now: every source is asked for them (a request
    /// still pending for another range is cancelled). The first failure is thrown after
    /// every source has been asked.
    public func show(_ first: Int32, _ last: Int32) throws(KalendsError) {
        let new = first...last
        guard new != range else { return }
        range = new
        var firstFailure: KalendsError?
        for id in sources.keys.sorted() {
            do throws(KalendsError) { try ask(id, new) } catch { firstFailure = firstFailure ?? error }
        }
        if let firstFailure { throw firstFailure }
    }

    private func ask(_ id: Int32, _ days: ClosedRange<Int32>) throws(KalendsError) {
        guard let source = sources[id] else { return }
        for (rid, r) in pending where r.source == id {
            pending[rid] = nil
            source.cancel?(rid)
        }
        do throws(KalendsError) {
            if let fetch = source.fetch, !(source.prefersBegin && source.begin != nil) {
                let events = try fetch(days.lowerBound, days.upperBound)
                try apply(events, source: id, days)
            } else if let begin = source.begin {
                let rid = nextRequest
                nextRequest += 1
                pending[rid] = Request(id: rid, source: id, first: days.lowerBound, last: days.upperBound)
                do throws(KalendsError) {
                    try begin(SourceAnswer(request: rid, hub: self), days.lowerBound, days.upperBound)
                } catch {
                    pending[rid] = nil
                    throw error
                }
            }
        } catch {
            failures[id] = error
            throw error
        }
    }

    /// The answer to request `request`: its events, or the source's error. Returns false
    /// when the request is unknown, cancelled or for a range no longer shown (dropped).
    @discardableResult
    public func complete(_ request: Int64, events: [Event], error: KalendsError? = nil) throws(KalendsError) -> Bool {
        guard let r = pending.removeValue(forKey: request) else { return false }
        guard range == r.first...r.last else { return false }
        if let error {
            failures[r.source] = error
            throw error
        }
        do throws(KalendsError) {
            try apply(events, source: r.source, r.first...r.last)
        } catch {
            failures[r.source] = error
            throw error
        }
        return true
    }

    /// Replaces the source's events of `days` by `events` (tagged with the source):
    /// all are checked first, so a bad answer leaves the store as it was.
    private func apply(_ events: [Event], source: Int32, _ days: ClosedRange<Int32>) throws(KalendsError) {
        do throws(KalendsError) {
            try synchronize { () throws(KalendsError) in try applyLocked(events, source: source, days) }
        } catch {
            // A bad answer fails with the source's code (a plugin's: .plugin).
            let code = sources[source]?.failureCode ?? .callback
            throw error.code == .plugin || error.code == .invalidArgument || error.code == .outOfRange
                ? KalendsError(code, error.message) : error
        }
    }

    private func applyLocked(_ events: [Event], source: Int32, _ days: ClosedRange<Int32>) throws(KalendsError) {
        try store.replaceEvents(of: source, overlapping: days.lowerBound, days.upperBound, with: events, in: zone)
        failures[source] = nil
    }
}

// SourceHub: sources asked for the days shown, answers replacing what the same source
// said for those days, asynchronous answers dropped once their range is gone, bad
// answers refused whole. The oracle is a model of which source said what about which
// day: the store must hold exactly the latest accepted answer of each source.
import Testing
@testable import KalendsCore

/// All-day events a source makes for days first ... last: one on each day divisible by
/// `every`, ids unique per (source tag, day).
private func answer(_ tag: Int64, _ first: Int32, _ last: Int32, every: Int32 = 3) -> [Event] {
    stride(from: first, through: last, by: 1).filter { $0 % every == 0 }.map {
        Event(id: tag * 1_000_000 + Int64($0), title: "s\(tag) d\($0)", allDay: true, start: Int64($0), end: Int64($0))
    }
}

private func ids(_ store: EventStore, source: Int32? = nil) -> Set<Int64> {
    Set((try? store.query(-400_000, 400_000))?.filter { source == nil || $0.source == source }.map(\.id) ?? [])
}

/// A synchronous source that records what it was asked.
private final class Fetcher {
    var asked: [ClosedRange<Int32>] = []
    var destroyed = 0
    var fail: KalendsError?
    let tag: Int64

    init(tag: Int64) { self.tag = tag }

    var source: SourceHub.Source {
        SourceHub.Source(fetch: { (first, last) throws(KalendsError) -> [Event] in
            self.asked.append(first...last)
            if let fail = self.fail { throw fail }
            return answer(self.tag, first, last)
        }, destroy: { self.destroyed += 1 })
    }
}

/// An asynchronous source: requests wait until the test answers them.
private final class Beginner {
    var requests: [(id: Int64, days: ClosedRange<Int32>)] = []
    var cancelled: [Int64] = []
    var destroyed = 0

    var source: SourceHub.Source {
        SourceHub.Source(begin: { (answer, first, last) throws(KalendsError) in self.requests.append((answer.request, first...last)) },
                         cancel: { self.cancelled.append($0) }, destroy: { self.destroyed += 1 })
    }
}

@Suite struct SourceHubTests {
    @Test func aSynchronousSourceFillsTheDaysShownAndReplacesItsOwnAnswer() throws {
        let store = EventStore()
        try store.add(Event(id: 7, title: "host", allDay: true, start: 3, end: 3))   // the host's own event
        let hub = SourceHub(store: store)
        let fetcher = Fetcher(tag: 1)
        let id = try hub.add(fetcher.source)
        #expect(fetcher.asked.isEmpty)   // nothing shown yet
        try hub.show(0, 41)
        #expect(fetcher.asked == [0...41])
        #expect(ids(store, source: id) == Set(answer(1, 0, 41).map(\.id)))
        try hub.show(0, 41)              // the same range: not asked again
        #expect(fetcher.asked.count == 1)
        try hub.show(35, 76)             // the next page: only the days shown are replaced
        let expected = Set(answer(1, 0, 34).map(\.id)).union(answer(1, 35, 76).map(\.id))
        #expect(ids(store, source: id) == expected)
        #expect(ids(store, source: 0) == [7])
        #expect(try store.get(1_000_036).source == id)
    }

    @Test func aSourceWithBothIsAskedThroughFetchUnlessItPrefersBegin() throws {
        for prefersBegin in [false, true] {
            let hub = SourceHub(store: EventStore())
            let fetcher = Fetcher(tag: 1), beginner = Beginner()
            var source = fetcher.source
            source.begin = beginner.source.begin
            source.prefersBegin = prefersBegin
            _ = try hub.add(source)
            try hub.show(0, 41)
            #expect(fetcher.asked == (prefersBegin ? [] : [0...41]))
            #expect(beginner.requests.map(\.days) == (prefersBegin ? [0...41] : []))
        }
    }

    @Test func aSourceAddedLaterIsAskedForTheCurrentDays() throws {
        let hub = SourceHub(store: EventStore())
        try hub.show(10, 20)
        let fetcher = Fetcher(tag: 2)
        _ = try hub.add(fetcher.source)
        #expect(fetcher.asked == [10...20])
        #expect(throws: KalendsError.self) { try hub.add(SourceHub.Source()) }   // neither fetch nor begin
    }

    @Test func asynchronousAnswersCountOnlyForTheRangeStillShown() throws {
        let store = EventStore()
        let hub = SourceHub(store: store)
        let beginner = Beginner()
        let id = try hub.add(beginner.source)
        try hub.show(0, 41)
        try hub.show(42, 83)             // the first request is cancelled
        #expect(beginner.requests.map(\.days) == [0...41, 42...83])
        #expect(beginner.cancelled == [beginner.requests[0].id])
        #expect(hub.pendingRequests == 1)
        #expect(try hub.complete(beginner.requests[0].id, events: answer(3, 0, 41)) == false)   // dropped
        #expect(ids(store).isEmpty)
        #expect(try hub.complete(beginner.requests[1].id, events: answer(3, 42, 83)) == true)
        #expect(ids(store, source: id) == Set(answer(3, 42, 83).map(\.id)))
        #expect(try hub.complete(beginner.requests[1].id, events: []) == false)   // answered already
        #expect(hub.pendingRequests == 0)
    }

    @Test func aBadAnswerChangesNothingAndFailsWithTheSourcesCode() throws {
        let store = EventStore()
        let hub = SourceHub(store: store)
        let beginner = Beginner()
        var source = beginner.source
        source.failureCode = .plugin
        let id = try hub.add(source)
        try hub.show(0, 9)
        #expect(try hub.complete(beginner.requests[0].id, events: answer(4, 0, 9)))
        let before = ids(store)
        try hub.show(10, 19)
        let bad = answer(4, 10, 19) + [Event(id: 99, title: "backwards", allDay: true, start: 15, end: 12)]
        do {
            _ = try hub.complete(beginner.requests[1].id, events: bad)
            Issue.record("a bad answer was accepted")
        } catch {
            #expect(error.code == .plugin)
            #expect(hub.failures[id]?.code == .plugin)
        }
        #expect(ids(store) == before)
        // an answer naming another source's event is refused too
        try store.add(Event(id: 5, title: "host", allDay: true, start: 25, end: 25))
        try hub.show(20, 29)
        #expect(throws: KalendsError.self) {
            try hub.complete(beginner.requests[2].id, events: [Event(id: 5, title: "mine", allDay: true, start: 25, end: 25)])
        }
        #expect(try store.get(5).title == "host")
        // the source's own error is its failure
        try hub.show(30, 39)
        #expect(throws: KalendsError(.callback, "offline")) {
            try hub.complete(beginner.requests[3].id, events: [], error: KalendsError(.callback, "offline"))
        }
        #expect(hub.failures[id]?.message == "offline")
        try hub.show(40, 49)
        #expect(try hub.complete(beginner.requests[4].id, events: []))
        #expect(hub.failures[id] == nil)    // an accepted answer clears the failure
    }

    @Test func everySourceIsAskedEvenWhenOneFails() throws {
        let hub = SourceHub(store: EventStore())
        let failing = Fetcher(tag: 5), working = Fetcher(tag: 6)
        failing.fail = KalendsError(.callback, "down")
        let a = try hub.add(failing.source), b = try hub.add(working.source)
        #expect(throws: KalendsError(.callback, "down")) { try hub.show(0, 6) }
        #expect(failing.asked == [0...6] && working.asked == [0...6])
        #expect(hub.failures[a] != nil && hub.failures[b] == nil)
        #expect(ids(hub.store, source: b) == Set(answer(6, 0, 6).map(\.id)))
    }

    @Test func removingCancelsAndDestroysAndKeepsTheEvents() throws {
        let store = EventStore()
        let beginner = Beginner(), fetcher = Fetcher(tag: 8)
        do {
            let hub = SourceHub(store: store)
            let async = try hub.add(beginner.source), sync = try hub.add(fetcher.source)
            try hub.show(0, 20)
            try hub.remove(sync)
            #expect(fetcher.destroyed == 1)
            #expect(ids(store, source: sync) == Set(answer(8, 0, 20).map(\.id)))   // its events stay
            #expect(throws: KalendsError(.notFound, "no source \(sync)")) { try hub.remove(sync) }
            #expect(hub.sourceIDs == [async])
        }
        // the hub went away with a request pending: cancelled, destroyed
        #expect(beginner.cancelled == beginner.requests.map(\.id) && beginner.destroyed == 1)
    }

    @Test func storeChangesRunInsideSynchronize() throws {
        let hub = SourceHub(store: EventStore())
        var depth = 0, calls = 0
        hub.synchronize = { (body) throws(KalendsError) in
            depth += 1
            calls += 1
            defer { depth -= 1 }
            try body()
        }
        var sawDepth: [Int] = []
        _ = try hub.add(SourceHub.Source(fetch: { (first, last) throws(KalendsError) -> [Event] in
            sawDepth.append(depth)   // fetch itself runs outside the lock
            return answer(9, first, last)
        }))
        try hub.show(0, 5)
        #expect(calls == 1 && sawDepth == [0])
    }
}

/// The view owns its sources (View.setStore): they are asked for the page shown, an
/// asynchronous answer goes in through the SourceAnswer the source was given, and after
/// the view gets another store the old sources' answers are dropped (their hub is gone).
@Suite struct ViewSourcesTests {
    @Test func theViewOwnsItsSources() throws {
        let view = try makeView(metrics: Metrics(width: 350))
        let store = EventStore()
        let beginner = Beginner()
        var answers: [SourceAnswer] = []
        #expect(throws: KalendsError.self) { _ = try view.addSource(beginner.source) }   // no store yet
        try view.setStore(store)
        let (id, failure) = try view.addSource(SourceHub.Source(begin: { (answer, first, last) throws(KalendsError) in
            answers.append(answer)
            beginner.requests.append((answer.request, first...last))
        }))
        #expect(failure == nil && id > 0)
        let page = try #require(beginner.requests.first?.days)
        #expect(page == view.state.page.first...view.state.page.last)
        #expect(view.pendingRequests == 1)
        let events = answer(3, page.lowerBound, page.upperBound)
        #expect(try answers[0].deliver(.success(events)))
        #expect(view.pendingRequests == 0 && ids(store) == Set(events.map(\.id)))
        // another page: another request; then another store: the pending answer is dropped
        _ = try view.nextPage()
        #expect(answers.count == 2 && view.pendingRequests == 1)
        try view.setStore(EventStore())
        #expect(answers[1].isGone && view.pendingRequests == 0)
        #expect(try answers[1].deliver(.success(answer(3, page.lowerBound, page.upperBound))) == false)
        #expect(ids(store) == Set(events.map(\.id)))
    }
}

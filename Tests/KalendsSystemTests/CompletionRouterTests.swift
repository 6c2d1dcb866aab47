// The router of asynchronous answers: delivered once to a target that wants them,
// dropped otherwise, retried while the target is busy, abandoned when cancelled.
import Foundation
import Testing
import KalendsCore
import KalendsSystem

/// A target that is busy `busyTimes` times, then takes answers (or is gone).
private final class Target: CompletionTarget, @unchecked Sendable {
    let lock = NSLock()
    var busyTimes: Int
    var gone = false
    var received: [(Int64, Result<[Event], KalendsError>)] = []
    var offers = 0

    init(busyTimes: Int = 0) { self.busyTimes = busyTimes }

    func offer(_ local: Int64, _ answer: Result<[Event], KalendsError>) -> Delivery {
        lock.lock()
        defer { lock.unlock() }
        offers += 1
        if gone { return .gone }
        if busyTimes != 0 {
            if busyTimes > 0 { busyTimes -= 1 }
            return .busy
        }
        received.append((local, answer))
        return .delivered
    }
}

private func event(_ id: Int64) -> Event {
    Event(id: id, title: "e\(id)", allDay: true, start: 0, end: 0, color: 0, source: 0, userValue: 0)
}

private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        done.signal()
    }
    done.wait()
}

@Suite struct CompletionRouterTests {
    @Test func anAnswerReachesItsTargetOnceFromAnyThread() {
        let router = CompletionRouter(), target = Target()
        let id = router.register(target, local: 41, code: .callback)
        #expect(router.isPending(id))
        onAnotherThread { router.complete(id) { _ in .success([event(1), event(2)]) } }
        #expect(!router.isPending(id))
        router.complete(id) { _ in .success([event(3)]) }     // answered already: ignored
        #expect(target.received.count == 1 && target.received[0].0 == 41)
        #expect((try? target.received[0].1.get().map(\.id)) == [1, 2])
    }

    @Test func idsAreDistinctAndTheCodeComesBackToTheReader() {
        let router = CompletionRouter(), target = Target()
        let a = router.register(target, local: 1, code: .callback), b = router.register(target, local: 2, code: .plugin)
        #expect(a != b)
        var codes: [KalendsError.Code] = []
        router.complete(b) { code in codes.append(code); return .failure(KalendsError(code, "bad")) }
        router.complete(a) { code in codes.append(code); return .success([]) }
        #expect(codes == [.plugin, .callback])
        if case .failure(let error) = target.received[0].1 { #expect(error.code == .plugin) } else { Issue.record("no failure") }
    }

    @Test func aForgottenRequestIsNeitherReadNorDelivered() {
        let router = CompletionRouter(), target = Target()
        let id = router.register(target, local: 7, code: .callback)
        #expect(router.forget(id))
        #expect(!router.forget(id))
        var read = false
        router.complete(id) { _ in read = true; return .success([]) }
        #expect(!read && target.received.isEmpty && target.offers == 0)
        router.complete(12345) { _ in read = true; return .success([]) }    // never registered
        #expect(!read)
    }

    @Test func aBusyTargetIsOfferedTheAnswerAgainAndAGoneOneDropsIt() {
        let router = CompletionRouter(), busy = Target(busyTimes: 25), gone = Target()
        gone.gone = true
        let a = router.register(busy, local: 1, code: .callback), b = router.register(gone, local: 2, code: .callback)
        router.complete(a) { _ in .success([event(9)]) }
        router.complete(b) { _ in .success([event(9)]) }
        #expect(busy.offers == 26 && busy.received.count == 1)
        #expect(gone.offers == 1 && gone.received.isEmpty)
    }

    @Test func cancellingWhileTheAnswerWaitsForABusyTargetEndsTheWait() {
        let router = CompletionRouter(), target = Target(busyTimes: -1)   // busy for ever
        let id = router.register(target, local: 3, code: .callback)
        let started = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            router.complete(id) { _ in started.signal(); return .success([]) }
            finished.signal()
        }
        started.wait()
        #expect(!router.forget(id))   // being delivered: abandoned, not pending
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(target.received.isEmpty)
    }
}

// Locks and the per-thread message buffer.
import Foundation
import Testing
import KalendsSystem

private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        done.signal()
    }
    done.wait()
}

@Suite struct ThreadsTests {
    @Test func lockedSerializesUpdatesFromManyThreads() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.update { $0 += 1 } }
        }
        #expect(counter.snapshot == 80_000)
    }

    @Test func aRecursiveMutexIsReentrantAndTryLockSeesAnotherThreadsHold() {
        let mutex = Mutex(recursive: true)
        let inner = mutex.withLock { mutex.withLock { 42 } }
        #expect(inner == 42)
        let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            mutex.withLock {
                held.signal()
                release.wait()
            }
            done.signal()
        }
        held.wait()
        #expect(mutex.withTryLock { 1 } == nil)
        release.signal()
        done.wait()
        #expect(mutex.withTryLock { 1 } == 1)
    }

    @Test func messagesArePerThreadAndCutAtACharacterBoundary() {
        ThreadMessage.set("first thread")
        onAnotherThread {
            #expect(String(cString: ThreadMessage.current) == "")
            ThreadMessage.set("second thread")
            #expect(String(cString: ThreadMessage.current) == "second thread")
        }
        #expect(String(cString: ThreadMessage.current) == "first thread")
        let long = String(repeating: "é", count: 600)    // 1200 bytes
        ThreadMessage.set(long)
        let stored = String(cString: ThreadMessage.current)
        #expect(stored.utf8.count == 1022 && stored == String(repeating: "é", count: 511))
        ThreadMessage.set("short again")
        #expect(String(cString: ThreadMessage.current) == "short again")
    }
}

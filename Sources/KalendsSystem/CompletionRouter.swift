// Asynchronous answers, from any thread, to whoever still wants them. A request handed
// to an asynchronous source gets a process-wide id; its answer finds its target (if the
// target still exists and still wants it) or is dropped.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import KalendsCore

/// What happened when an answer was offered to its target.
public enum Delivery {
    /// The target took it.
    case delivered
    /// The target is busy on another thread (its lock is held): offer it again.
    case busy
    /// The target no longer exists or no longer wants answers: drop it.
    case gone
}

/// Where an answer goes. Called on the answering thread; must not block on the target's
/// lock (try it and say `.busy`).
public protocol CompletionTarget: AnyObject {
    func offer(_ local: Int64, _ answer: Result<[Event], KalendsError>) -> Delivery
}

public final class CompletionRouter: @unchecked Sendable {
    public static let shared = CompletionRouter()

    private struct Entry {
        let target: CompletionTarget
        let local: Int64
        let code: KalendsError.Code
    }

    private let mutex = Mutex()
    private var entries: [Int64: Entry] = [:]
    /// Answers being delivered now, and those of them cancelled meanwhile.
    private var delivering: Set<Int64> = []
    private var abandoned: Set<Int64> = []
    private var next: Int64 = 1

    public init() {}

    /// A new request id for the target's request `local`; `code` is what a bad answer
    /// becomes (`.callback` for the host's sources, `.plugin` for plugins).
    public func register(_ target: CompletionTarget, local: Int64, code: KalendsError.Code) -> Int64 {
        mutex.withLock {
            let id = next
            next += 1
            entries[id] = Entry(target: target, local: local, code: code)
            return id
        }
    }

    /// Whether `id` still waits for its answer.
    public func isPending(_ id: Int64) -> Bool { mutex.withLock { entries[id] != nil } }

    /// Forgets a request (cancelled): true when it was still waiting for its answer. An
    /// answer being delivered at this moment is abandoned instead: its thread stops
    /// offering it, so a source whose cancel waits for that thread cannot deadlock.
    @discardableResult
    public func forget(_ id: Int64) -> Bool {
        mutex.withLock {
            if entries.removeValue(forKey: id) != nil { return true }
            if delivering.contains(id) { abandoned.insert(id) }
            return false
        }
    }

    /// The answer to request `id`: `read` turns it into events (or the error of the
    /// request's code) only if the request is still pending; then it is offered to the
    /// target until the target takes it, is gone, or the request is cancelled. An
    /// unknown, answered or cancelled id is ignored.
    public func complete(_ id: Int64, _ read: (KalendsError.Code) -> Result<[Event], KalendsError>) {
        let taken: Entry? = mutex.withLock {
            guard let e = entries.removeValue(forKey: id) else { return nil }
            delivering.insert(id)
            return e
        }
        guard let entry = taken else { return }
        defer { mutex.withLock { delivering.remove(id); abandoned.remove(id) } }
        let answer = read(entry.code)
        // The target may be busy on another thread, possibly cancelling this very request
        // and waiting for this thread: wait for it only while the answer is wanted.
        while true {
            switch entry.target.offer(entry.local, answer) {
            case .delivered, .gone: return
            case .busy:
                if mutex.withLock({ abandoned.contains(id) }) { return }
                sched_yield()
            }
        }
    }
}

// Bridges C event sources (kalends_source, plugin tables) to the core's SourceHub:
// sinks that collect events, and the completion router that hands asynchronous answers
// from any thread to the right hub, or drops them.
import CKalends
import KalendsCore
#if canImport(Glibc)
import Glibc
#endif

/// Collects the events a source puts into a sink; the first bad one is remembered.
final class SinkBox {
    var events: [Event] = []
    var failure: KalendsError?

    /// A sink pointing at this box, valid while the box lives.
    func withSink<T>(_ body: (UnsafePointer<kalends_event_sink>) throws(KalendsError) -> T) throws(KalendsError) -> T {
        var sink = kalends_event_sink(context: Unmanaged.passUnretained(self).toOpaque(), add: { context, event in
            guard let context else { return KALENDS_E_INVALID_ARGUMENT }
            let box = Unmanaged<SinkBox>.fromOpaque(context).takeUnretainedValue()
            guard let event else {
                box.failure = box.failure ?? invalid("the sink got a NULL event")
                return KALENDS_E_INVALID_ARGUMENT
            }
            do throws(KalendsError) {
                box.events.append(try Event(event.pointee))
                return KALENDS_OK
            } catch {
                box.failure = box.failure ?? error
                return error.code.rawValue
            }
        })
        return try withUnsafePointer(to: &sink) { (p) throws(KalendsError) -> T in try body(p) }
    }
}

/// The status a source returned, as an error of `code` (`.callback` for the host's
/// sources, `.plugin` for plugins).
func sourceError(_ status: kalends_status, _ what: String, _ code: KalendsError.Code) -> KalendsError {
    let known = KalendsError.Code(rawValue: status).map { " (\($0.name))" } ?? ""
    return KalendsError(code, "\(what) returned status \(status)\(known)")
}

/// Requests handed to asynchronous sources, by a process-wide id: an answer finds its
/// hub (if it still exists and still wants it), or is dropped.
final class CompletionRouter: @unchecked Sendable {
    static let shared = CompletionRouter()

    private struct Entry {
        weak var view: ViewHandle?
        weak var hub: SourceHub?
        let local: Int64
        let code: KalendsError.Code
    }

    private let mutex = Mutex()
    private var entries: [Int64: Entry] = [:]
    /// Answers being delivered now, and those of them cancelled meanwhile.
    private var delivering: Set<Int64> = []
    private var abandoned: Set<Int64> = []
    private var next: Int64 = 1

    func register(view: ViewHandle, hub: SourceHub, local: Int64, code: KalendsError.Code) -> Int64 {
        mutex.withLock {
            let id = next
            next += 1
            entries[id] = Entry(view: view, hub: hub, local: local, code: code)
            return id
        }
    }

    func isPending(_ id: Int64) -> Bool { mutex.withLock { entries[id] != nil } }

    /// Forgets a request (cancelled): true when it was still waiting for its answer. An
    /// answer being delivered at this moment is abandoned instead: its thread stops
    /// waiting for the view, so a source whose cancel waits for it cannot deadlock.
    @discardableResult
    func forget(_ id: Int64) -> Bool {
        mutex.withLock {
            if entries.removeValue(forKey: id) != nil { return true }
            if delivering.contains(id) { abandoned.insert(id) }
            return false
        }
    }

    /// The completion handed to sources: context is unused (requests are global ids).
    nonisolated(unsafe) static let completion = kalends_completion(context: nil, complete: { _, request, list, count, status in
        CompletionRouter.shared.complete(request, list, count, status)
    })

    private func complete(_ request: Int64, _ list: UnsafePointer<kalends_event>?, _ count: Int32, _ status: kalends_status) {
        let taken: Entry? = mutex.withLock {
            guard let e = entries.removeValue(forKey: request) else { return nil }
            delivering.insert(request)
            return e
        }
        guard let entry = taken else { return }
        defer { mutex.withLock { delivering.remove(request); abandoned.remove(request) } }
        var answer: [Event] = []
        var failure: KalendsError?
        if status != KALENDS_OK {
            failure = sourceError(status, "an asynchronous source", entry.code)
        } else {
            do throws(KalendsError) { answer = try events(list, count) } catch {
                failure = KalendsError(entry.code, "an asynchronous answer: \(error.message)")
            }
        }
        // The view may be busy on another thread, possibly cancelling this very request
        // and waiting for this thread: wait for it only while the answer is wanted.
        while let view = entry.view, let hub = entry.hub {
            let done: Bool? = try? view.tryLocked { (_, _) throws(KalendsError) -> Bool in
                _ = try? hub.complete(entry.local, events: answer, error: failure)
                return true
            }
            if done != nil { return }
            if mutex.withLock({ abandoned.contains(request) }) { return }
            sched_yield()
        }
    }
}

/// The functions of a C source or plugin table, and how to wrap them for a hub.
struct SourceFunctions {
    var user: UnsafeMutableRawPointer?
    var fetch: (@convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafePointer<kalends_event_sink>?) -> kalends_status)?
    var begin: (@convention(c) (UnsafeMutableRawPointer?, Int64, Int32, Int32, UnsafePointer<kalends_completion>?) -> kalends_status)?
    var cancel: (@convention(c) (UnsafeMutableRawPointer?, Int64) -> Void)?
    var destroy: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
    var code: KalendsError.Code
    /// Kept alive while the source is (a plugin's library and instance).
    var owner: AnyObject?
    /// Ask through begin when there is one (plugins: Kal's asynchronous data source);
    /// else through fetch when there is one (the host's sources).
    var preferAsync = false

    /// Synchronous events of days first ... last.
    func fetchEvents(_ first: Int32, _ last: Int32) throws(KalendsError) -> [Event] {
        guard let fetch else { throw KalendsError(code, "the source has no fetch") }
        let box = SinkBox()
        let status = try box.withSink { (sink) throws(KalendsError) in fetch(user, first, last, sink) }
        if let failure = box.failure { throw KalendsError(code, "the source gave a bad event: \(failure.message)") }
        guard status == KALENDS_OK else { throw sourceError(status, "the source's fetch", code) }
        return box.events
    }

    /// The hub's view of this source, answering through `view`'s hub.
    func source(for view: ViewHandle, hub: SourceHub) -> SourceHub.Source {
        let functions = self
        // local request -> global id, for cancel
        final class Requests { var global: [Int64: Int64] = [:] }
        let requests = Requests()
        var source = SourceHub.Source(destroy: {
            _ = functions.owner
            functions.destroy?(functions.user)
        })
        source.failureCode = code
        if fetch != nil && !(preferAsync && begin != nil) {
            source.fetch = { (first, last) throws(KalendsError) in try functions.fetchEvents(first, last) }
        } else if let begin {
            source.begin = { [weak view, weak hub] (local, first, last) throws(KalendsError) in
                guard let view, let hub else { return }
                requests.global = requests.global.filter { CompletionRouter.shared.isPending($0.value) }
                let global = CompletionRouter.shared.register(view: view, hub: hub, local: local, code: functions.code)
                requests.global[local] = global
                let status = withUnsafePointer(to: CompletionRouter.completion) { begin(functions.user, global, first, last, $0) }
                guard status == KALENDS_OK else {
                    CompletionRouter.shared.forget(global)
                    requests.global[local] = nil
                    throw sourceError(status, "the source's begin", functions.code)
                }
            }
            source.cancel = { local in
                guard let global = requests.global.removeValue(forKey: local) else { return }
                if CompletionRouter.shared.forget(global) { functions.cancel?(functions.user, global) }
            }
        }
        return source
    }
}

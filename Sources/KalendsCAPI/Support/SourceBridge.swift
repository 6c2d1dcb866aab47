// Bridges C event sources (kalends_source, plugin tables) to the core's sources (the
// view owns them): sinks that collect events, and a request's SourceAnswer as a target
// of KalendsSystem's completion router (asynchronous answers from any thread).
import CKalends
import KalendsCore
import KalendsSystem

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

/// A request's answer as the target of the router: it goes in when the view's lock is
/// free, and is dropped once the view or the sources that asked are gone (a new store).
private final class AnswerTarget: CompletionTarget {
    weak var view: ViewHandle?
    let answer: SourceAnswer

    init(_ view: ViewHandle, _ answer: SourceAnswer) {
        self.view = view
        self.answer = answer
    }

    func offer(_ local: Int64, _ result: Result<[Event], KalendsError>) -> Delivery {
        guard let view, !answer.isGone else { return .gone }
        let done: Bool? = try? view.tryWith { (_) throws(KalendsError) -> Bool in
            _ = try? answer.deliver(result)
            return true
        }
        return done == nil ? .busy : .delivered
    }
}

/// The completion handed to asynchronous sources: context is unused (requests are
/// process-wide ids of the router).
nonisolated(unsafe) let routerCompletion = kalends_completion(context: nil, complete: { _, request, list, count, status in
    CompletionRouter.shared.complete(request) { (code) -> Result<[Event], KalendsError> in
        guard status == KALENDS_OK else { return .failure(KalendsError(returned: status, by: "an asynchronous source", as: code)) }
        do throws(KalendsError) {
            return .success(try events(list, count))
        } catch {
            return .failure(KalendsError(code, "an asynchronous answer: \(error.message)"))
        }
    }
})

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
    /// Asked through begin when there is one (plugins: SourceHub.Source.prefersBegin).
    var preferAsync = false

    /// Synchronous events of days first ... last.
    func fetchEvents(_ first: Int32, _ last: Int32) throws(KalendsError) -> [Event] {
        guard let fetch else { throw KalendsError(code, "the source has no fetch") }
        let box = SinkBox()
        let status = try box.withSink { (sink) throws(KalendsError) in fetch(user, first, last, sink) }
        if let failure = box.failure { throw KalendsError(code, "the source gave a bad event: \(failure.message)") }
        guard status == KALENDS_OK else { throw KalendsError(returned: status, by: "the source's fetch", as: code) }
        return box.events
    }

    /// The core's view of this source; asynchronous answers go in under `view`'s lock.
    func source(for view: ViewHandle) -> SourceHub.Source {
        let functions = self
        // local request -> global id, for cancel
        final class Requests { var global: [Int64: Int64] = [:] }
        let requests = Requests()
        var source = SourceHub.Source(destroy: {
            _ = functions.owner
            functions.destroy?(functions.user)
        })
        source.failureCode = code
        source.prefersBegin = preferAsync
        if fetch != nil {
            source.fetch = { (first, last) throws(KalendsError) in try functions.fetchEvents(first, last) }
        }
        if let begin {
            source.begin = { [weak view] (answer, first, last) throws(KalendsError) in
                guard let view else { return }
                let local = answer.request
                requests.global = requests.global.filter { CompletionRouter.shared.isPending($0.value) }
                let global = CompletionRouter.shared.register(AnswerTarget(view, answer), local: local, code: functions.code)
                requests.global[local] = global
                let status = withUnsafePointer(to: routerCompletion) { begin(functions.user, global, first, last, $0) }
                guard status == KALENDS_OK else {
                    CompletionRouter.shared.forget(global)
                    requests.global[local] = nil
                    throw KalendsError(returned: status, by: "the source's begin", as: functions.code)
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

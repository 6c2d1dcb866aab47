// kalends_plugin_*: plugins (loaded by KalendsSystem) used as sources.
import CKalends
import KalendsCore
import KalendsSystem

/// The object behind a kalends_plugin handle: the loaded library (KalendsSystem) and a
/// lock that serializes calls into its instance.
final class PluginHandle: @unchecked Sendable {
    let library: PluginLibrary
    private let mutex = Mutex(recursive: true)

    init(_ library: PluginLibrary) { self.library = library }

    var name: String { library.name }

    var functions: SourceFunctions {
        let t = library.table
        return SourceFunctions(user: library.instance, fetch: t.fetch, begin: t.begin, cancel: t.cancel, destroy: nil,
                               code: .plugin, owner: self, preferAsync: true)
    }

    func with<T>(_ body: () throws(KalendsError) -> T) throws(KalendsError) -> T {
        try mutex.withLock { () throws(KalendsError) -> T in try body() }
    }
}

func pluginLoad(_ path: UnsafePointer<CChar>, _ config: UnsafePointer<CChar>?) throws(KalendsError) -> PluginHandle {
    guard path.pointee != 0 else { throw invalid("path is NULL or empty") }
    return PluginHandle(try PluginLibrary(path: String(cString: path), config: config))
}

func pluginName(_ plugin: PluginHandle) throws(KalendsError) -> String { plugin.name }

func pluginFetch(_ plugin: PluginHandle, _ first: Int32, _ last: Int32, _ store: StoreHandle, _ zone: TimezoneHandle?,
                 _ source: Int32) throws(KalendsError) {
    guard first <= last else { throw invalid("day range \(first) ... \(last) is empty") }
    guard plugin.library.table.fetch != nil else { throw KalendsError(.plugin, "plugin \(plugin.name) has no synchronous fetch") }
    let answer = try plugin.with { () throws(KalendsError) in try plugin.functions.fetchEvents(first, last) }
    try store.with { (s) throws(KalendsError) in try s.replaceEvents(of: source, overlapping: first, last, with: answer, in: zone.days) }
}

func viewAddPlugin(_ view: ViewHandle, _ plugin: PluginHandle, _ out: UnsafeMutablePointer<Int32>) throws(KalendsError) {
    guard plugin.library.table.fetch != nil || plugin.library.table.begin != nil else {
        throw invalid("plugin \(plugin.name) gives no events (only a calendar system)")
    }
    try addSource(view, plugin.functions, out)
}

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

private func pluginHandle(_ handle: OpaquePointer?) throws(KalendsError) -> PluginHandle {
    try HandleRegistry.shared.object(handle, kind: .plugin, as: PluginHandle.self)
}

@_cdecl("kalends_plugin_load")
public func kalendsPluginLoad(_ path: UnsafePointer<CChar>?, _ config: UnsafePointer<CChar>?,
                              _ out: UnsafeMutablePointer<OpaquePointer?>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        guard let path, path.pointee != 0 else { throw invalid("path is NULL or empty") }
        let library = try PluginLibrary(path: String(cString: path), config: config)
        out.pointee = try HandleRegistry.shared.register(PluginHandle(library), kind: .plugin)
    }
}

@_cdecl("kalends_plugin_name")
public func kalendsPluginName(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                              _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        let output = try StringOutput(buffer, capacity, length)
        output.write(try pluginHandle(handle).name)
    }
}

@_cdecl("kalends_plugin_fetch")
public func kalendsPluginFetch(_ handle: OpaquePointer?, _ first: Int32, _ last: Int32, _ store: OpaquePointer?,
                               _ zoneHandle: OpaquePointer?, _ source: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        let p = try pluginHandle(handle), s = try storeHandle(store), z = try zone(zoneHandle)
        guard first <= last else { throw invalid("day range \(first) ... \(last) is empty") }
        guard p.library.table.fetch != nil else { throw KalendsError(.plugin, "plugin \(p.name) has no synchronous fetch") }
        let answer = try p.with { () throws(KalendsError) in try p.functions.fetchEvents(first, last) }
        try s.with { (store) throws(KalendsError) in
            try store.replaceEvents(of: source, overlapping: first, last, with: answer, in: z)
        }
    }
}

@_cdecl("kalends_view_add_plugin")
public func kalendsViewAddPlugin(_ view: OpaquePointer?, _ plugin: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let p = try pluginHandle(plugin)
        guard p.library.table.fetch != nil || p.library.table.begin != nil else {
            throw invalid("plugin \(p.name) gives no events (only a calendar system)")
        }
        try addSource(view, p.functions, out)
    }
}

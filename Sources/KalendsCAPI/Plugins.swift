// kalends_plugin_*: loading plugins (dlopen) and using them as sources.
import CKalends
import KalendsCore
#if canImport(Glibc)
import Glibc
#endif

/// A loaded plugin: its table and instance. The library stays mapped (RTLD_NODELETE):
/// a plugin's threads may still be finishing after they answered.
final class PluginHandle: @unchecked Sendable {
    let name: String
    let table: kalends_plugin_vtable
    let instance: UnsafeMutableRawPointer?
    private let mutex = Mutex(recursive: true)

    init(path: String, config: UnsafePointer<CChar>?) throws(KalendsError) {
        guard let library = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            throw KalendsError(.io, "cannot load plugin \(path): \(dlerror().map { String(cString: $0) } ?? "unknown error")")
        }
        defer { dlclose(library) }   // NODELETE: it stays mapped; this only drops our count
        guard let symbol = dlsym(library, KALENDS_PLUGIN_ENTRY) else {
            throw KalendsError(.plugin, "\(path) has no \(KALENDS_PLUGIN_ENTRY) function")
        }
        let entry = unsafeBitCast(symbol, to: kalends_plugin_entry_fn.self)
        guard let table = entry() else { throw KalendsError(.plugin, "\(path): \(KALENDS_PLUGIN_ENTRY) returned NULL") }
        // The first fields tell how much of the table may be read.
        let size = Int(table.withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee })
        guard size >= MemoryLayout<kalends_plugin_vtable>.size else {
            throw KalendsError(.plugin, "\(path): its table is \(size) bytes, this library needs \(MemoryLayout<kalends_plugin_vtable>.size)")
        }
        let t = table.pointee
        guard t.abi_version == KALENDS_PLUGIN_ABI_VERSION else {
            throw KalendsError(.plugin, "\(path) has plugin ABI version \(t.abi_version), this library speaks \(KALENDS_PLUGIN_ABI_VERSION)")
        }
        guard let create = t.create, t.destroy != nil, t.fetch != nil || t.begin != nil else {
            throw KalendsError(.plugin, "\(path): its table lacks create, destroy, or both fetch and begin")
        }
        var name = path
        if let n = t.name {
            let length = strnlen(n, 256)
            name = String(validating: UnsafeRawBufferPointer(start: n, count: length), as: UTF8.self) ?? path
        }
        var instance: UnsafeMutableRawPointer?
        let status = create(config, &instance)
        guard status == KALENDS_OK else { throw sourceError(status, "plugin \(name)'s create", .plugin) }
        self.name = name
        self.table = t
        self.instance = instance
    }

    deinit { table.destroy?(instance) }

    var functions: SourceFunctions {
        SourceFunctions(user: instance, fetch: table.fetch, begin: table.begin, cancel: table.cancel, destroy: nil,
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
        out.pointee = try HandleRegistry.shared.register(try PluginHandle(path: String(cString: path), config: config), kind: .plugin)
    }
}

@_cdecl("kalends_plugin_free")
public func kalendsPluginFree(_ handle: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in
        guard let handle else { return }
        try HandleRegistry.shared.unregister(handle, kind: .plugin)
    }
}

@_cdecl("kalends_plugin_name")
public func kalendsPluginName(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                              _ length: UnsafeMutablePointer<Int>?) -> kalends_status {
    status { () throws(KalendsError) in
        if capacity > 0 && buffer == nil { throw invalid("buffer is NULL but capacity is \(capacity)") }
        writeString(try pluginHandle(handle).name, buffer, capacity, length)
    }
}

@_cdecl("kalends_plugin_fetch")
public func kalendsPluginFetch(_ handle: OpaquePointer?, _ first: Int32, _ last: Int32, _ store: OpaquePointer?,
                               _ zoneHandle: OpaquePointer?, _ source: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        let p = try pluginHandle(handle), s = try storeHandle(store), z = try zone(zoneHandle)
        guard first <= last else { throw invalid("day range \(first) ... \(last) is empty") }
        guard p.table.fetch != nil else { throw KalendsError(.plugin, "plugin \(p.name) has no synchronous fetch") }
        let answer = try p.with { () throws(KalendsError) in try p.functions.fetchEvents(first, last) }
        try s.with { (store) throws(KalendsError) in
            try store.replaceEvents(of: source, overlapping: first, last, with: answer, in: z)
        }
    }
}

@_cdecl("kalends_view_add_plugin")
public func kalendsViewAddPlugin(_ view: OpaquePointer?, _ plugin: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        try addSource(view, try pluginHandle(plugin).functions, out)
    }
}

// Plugins: dlopen of a shared library, its entry point, and the checks of the table it
// returns (kalends/sys/plugin.h), then an instance made by its create function.
import CKalends
import KalendsCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A loaded plugin: its checked table and one instance. The library stays mapped
/// (RTLD_NODELETE): a plugin's threads may still be finishing after they answered.
/// The instance is destroyed with the object.
public final class PluginLibrary: @unchecked Sendable {
    /// The table's name (UTF-8, at most 255 bytes), else the path.
    public let name: String
    public let table: kalends_plugin_vtable
    public let instance: UnsafeMutableRawPointer?

    /// Loads the plugin at `path` and creates an instance from `config` (may be NULL).
    /// Errors: IO (cannot be loaded), PLUGIN (no entry point, a NULL or too small table,
    /// another plugin ABI version, missing create/destroy or both fetch and begin, create
    /// failed, a calendar system whose table or answers are wrong), DUPLICATE (its
    /// calendar system's identifier is taken).
    public init(path: String, config: UnsafePointer<CChar>?) throws(KalendsError) {
        guard let library = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            throw KalendsError(.io, "cannot load plugin \(path): \(dlerror().map { String(cString: $0) } ?? "unknown error")")
        }
        defer { dlclose(library) }   // NODELETE: it stays mapped; this only drops our count
        guard let symbol = dlsym(library, KALENDS_PLUGIN_ENTRY) else {
            throw KalendsError(.plugin, "\(path) has no \(KALENDS_PLUGIN_ENTRY) function")
        }
        let entry = unsafeBitCast(symbol, to: kalends_plugin_entry_fn.self)
        guard let table = entry() else { throw KalendsError(.plugin, "\(path): \(KALENDS_PLUGIN_ENTRY) returned NULL") }
        // The first field tells how much of the table may be read (tables from before
        // calendar systems end at calendar_system).
        let size = Int(table.withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee })
        let needed = MemoryLayout<kalends_plugin_vtable>.offset(of: \kalends_plugin_vtable.calendar_system)
            ?? MemoryLayout<kalends_plugin_vtable>.size
        guard size >= needed else {
            throw KalendsError(.plugin, "\(path): its table is \(size) bytes, this library needs at least \(needed)")
        }
        var t = kalends_plugin_vtable()
        withUnsafeMutableBytes(of: &t) { dst in
            dst.baseAddress?.copyMemory(from: UnsafeRawPointer(table), byteCount: min(size, MemoryLayout<kalends_plugin_vtable>.size))
        }
        guard t.abi_version == KALENDS_PLUGIN_ABI_VERSION else {
            throw KalendsError(.plugin, "\(path) has plugin ABI version \(t.abi_version), this library speaks \(KALENDS_PLUGIN_ABI_VERSION)")
        }
        let givesEvents = t.fetch != nil || t.begin != nil
        guard givesEvents || t.calendar_system != nil else {
            throw KalendsError(.plugin, "\(path): its table has neither fetch nor begin, nor a calendar system")
        }
        guard !givesEvents || (t.create != nil && t.destroy != nil) else {
            throw KalendsError(.plugin, "\(path): its table lacks create, destroy, or both fetch and begin")
        }
        var name = path
        if let n = t.name {
            let length = strnlen(n, 256)
            name = String(validating: UnsafeRawBufferPointer(start: n, count: length), as: UTF8.self) ?? path
        }
        var instance: UnsafeMutableRawPointer?
        if let create = t.create {
            let status = create(config, &instance)
            guard status == KALENDS_OK else { throw KalendsError(returned: status, by: "plugin \(name)'s create", as: .plugin) }
        }
        if let systemTable = t.calendar_system {
            do throws(KalendsError) {
                systemIdentifier = try registerPluginSystem(systemTable, instance: instance, plugin: name)
            } catch {
                t.destroy?(instance)
                throw error
            }
        } else {
            systemIdentifier = nil
        }
        self.name = name
        self.table = t
        self.instance = instance
    }

    /// The calendar system the plugin registered (kalends/sys/plugin.h), unregistered when
    /// the plugin goes.
    public let systemIdentifier: String?

    deinit {
        if let systemIdentifier { try? CalendarSystems.unregister(systemIdentifier) }
        table.destroy?(instance)
    }
}

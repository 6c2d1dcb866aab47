// A plugin's calendar system (kalends_calendar_system_vtable): its table checked, every
// month asked once and checked (KalendsCore.TabulatedSystem), then registered.
import CKalends
import KalendsCore
#if canImport(Glibc)
import Glibc
#endif

/// Loads and registers the calendar system of a plugin's table; returns its identifier.
func registerPluginSystem(_ table: UnsafePointer<kalends_calendar_system_vtable>, instance: UnsafeMutableRawPointer?,
                          plugin: String) throws(KalendsError) -> String {
    let size = Int(table.withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee })
    let needed = MemoryLayout<kalends_calendar_system_vtable>.size
    guard size >= needed else {
        throw KalendsError(.plugin, "plugin \(plugin): its calendar system table is \(size) bytes, this library needs \(needed)")
    }
    let t = table.pointee
    guard t.abi_version == KALENDS_CALENDAR_SYSTEM_ABI_VERSION else {
        throw KalendsError(.plugin, "plugin \(plugin): its calendar system has ABI version \(t.abi_version), this library "
            + "speaks \(KALENDS_CALENDAR_SYSTEM_ABI_VERSION)")
    }
    guard let rawIdentifier = t.identifier, let monthIndexFn = t.month_index, let monthFn = t.month else {
        throw KalendsError(.plugin, "plugin \(plugin): its calendar system lacks identifier, month_index or month")
    }
    let length = strnlen(rawIdentifier, 41)
    guard let identifier = String(validating: UnsafeRawBufferPointer(start: rawIdentifier, count: length), as: UTF8.self) else {
        throw KalendsError(.plugin, "plugin \(plugin): its calendar system identifier is not UTF-8")
    }
    guard t.first_day <= t.last_day else {
        throw KalendsError(.plugin, "plugin \(plugin): its calendar system's days \(t.first_day)...\(t.last_day) are empty")
    }
    guard t.first_era <= t.last_era else {
        throw KalendsError(.plugin, "plugin \(plugin): its calendar system's eras \(t.first_era)...\(t.last_era) are empty")
    }
    func failed(_ status: kalends_status, _ what: String) -> KalendsError {
        KalendsError(.plugin, "plugin \(plugin): calendar system \(identifier)'s \(what) returned status \(status)")
    }
    let system: TabulatedSystem
    do throws(KalendsError) {
        system = try TabulatedSystem(
        identifier: identifier, dayRange: Int(t.first_day)...Int(t.last_day), eras: t.first_era...t.last_era,
        eraCode: { era in
            guard let code = t.era_code?(instance, era) else { return nil }
            let n = strnlen(code, 41)
            guard n <= 40 else { return nil }
            return String(validating: UnsafeRawBufferPointer(start: code, count: n), as: UTF8.self)
        },
        monthIndex: { (day: Int) throws(KalendsError) -> Int in
            var out: Int32 = 0
            let status = monthIndexFn(instance, Int32(truncatingIfNeeded: day), &out)
            guard status == KALENDS_OK else { throw failed(status, "month_index(\(day))") }
            return Int(out)
        },
        month: { (index: Int) throws(KalendsError) -> SystemMonth in
            guard let i = Int32(exactly: index) else {
                throw KalendsError(.plugin, "plugin \(plugin): calendar system \(identifier) has month index \(index), beyond 32 bits")
            }
            var m = kalends_system_month()
            let status = monthFn(instance, i, &m)
            guard status == KALENDS_OK else { throw failed(status, "month(\(index))") }
            guard m.is_leap_month == 0 || m.is_leap_month == 1 else {
                throw KalendsError(.plugin, "plugin \(plugin): calendar system \(identifier)'s month \(index) has is_leap_month "
                    + "\(m.is_leap_month), not 0 or 1")
            }
            return SystemMonth(era: m.era, year: m.year, month: m.month, isLeapMonth: m.is_leap_month == 1,
                               extendedYear: Int(m.extended_year), firstDay: Int(m.first_day), length: Int(m.length))
        })
    } catch {
        // The core names the system; say which plugin it came from. A bad identifier or
        // answer is the plugin's fault: PLUGIN.
        let message = error.message.hasPrefix("plugin ") ? error.message : "plugin \(plugin): \(error.message)"
        throw KalendsError(error.code == .invalidArgument ? .plugin : error.code, message)
    }
    do throws(KalendsError) {
        try CalendarSystems.register(system)
    } catch {
        throw KalendsError(error.code, "plugin \(plugin): \(error.message)")
    }
    return identifier
}

// Loading plugins: the real holiday plugins and the broken ones that make test builds
// into .build/plugins (make plugins).
import Foundation
import Testing
import CKalends
import KalendsCore
import KalendsSystem

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
private let plugins = root.appendingPathComponent(".build/plugins")
private let rules = root.appendingPathComponent("plugins/rules/us.rules").path

private func plugin(_ name: String) -> String {
    let path = plugins.appendingPathComponent("lib\(name).so").path
    if !FileManager.default.fileExists(atPath: path) {
        Issue.record("\(path) is missing: build the plugins first (make plugins)")
    }
    return path
}

private func load(_ path: String, _ config: String? = nil) throws(KalendsError) -> PluginLibrary {
    guard let config else { return try PluginLibrary(path: path, config: nil) }
    let bytes = Array(config.utf8CString)
    return try bytes.withUnsafeBufferPointer { (p) throws(KalendsError) -> PluginLibrary in
        try PluginLibrary(path: path, config: p.baseAddress)
    }
}

private func loadError(_ path: String, _ config: String? = nil) -> KalendsError? {
    do {
        _ = try load(path, config)
        return nil
    } catch {
        return error
    }
}

@Suite struct PluginLibraryTests {
    @Test func theHolidayPluginsLoadWithTheirNamesAndTables() throws {
        for (file, name) in [("holidays_c", "holidays-c"), ("holidays_rust", "holidays-rust")] {
            let library = try load(plugin(file), rules)
            #expect(library.name == name)
            #expect(library.table.abi_version == KALENDS_PLUGIN_ABI_VERSION)
            #expect(library.table.fetch != nil && library.instance != nil)
            #expect(Int(library.table.struct_size) >= MemoryLayout<kalends_plugin_vtable>.size)
        }
    }

    @Test func brokenPluginsAreRefusedWithTheReason() {
        let cases: [(String, KalendsError.Code, String)] = [
            ("no_entry", .plugin, "has no kalends_plugin_entry"),
            ("wrong_abi", .plugin, "plugin ABI version 999"),
            ("small_struct", .plugin, "its table is 8 bytes"),
            ("null_fetch", .plugin, "has neither fetch nor begin, nor a calendar system"),
        ]
        for (file, code, words) in cases {
            let error = loadError(plugin(file))
            #expect(error?.code == code, "\(file): \(String(describing: error))")
            #expect(error?.message.contains(words) == true, "\(file): \(error?.message ?? "")")
        }
        let missing = loadError("/nonexistent/libnothing.so")
        #expect(missing?.code == .io && missing?.message.contains("/nonexistent/libnothing.so") == true)
        let notALibrary = loadError(rules)
        #expect(notALibrary?.code == .io)
    }

    @Test func aFailingCreateIsAPluginErrorNamingTheStatus() {
        let error = loadError(plugin("garbage"), "fail")
        #expect(error?.code == .plugin)
        #expect(error?.message == "plugin garbage's create returned status 1 (invalid argument)")
        #expect(loadError(plugin("garbage"), "ok") == nil)
    }
}

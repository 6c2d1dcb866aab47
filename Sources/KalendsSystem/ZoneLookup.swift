// Time zones by name: the system tz database ($TZDIR or /usr/share/zoneinfo), the
// default zone ($TZ, /etc/localtime), POSIX TZ strings.
import KalendsCore

extension KalendsCore.TimeZone {
    /// A zone by name from the tz database ("Europe/Paris"), "UTC", a POSIX TZ string
    /// ("CET-1CEST,M3.5.0,M10.5.0/3"), or for "" the default zone: $TZ (a name, ":name"
    /// or a POSIX string), else /etc/localtime, else UTC. A name is looked up only if it
    /// is a relative path of letters, digits and `/_-+.` without a ".." component, so no
    /// name reads outside the database. Errors: NOT_FOUND, PARSE, IO.
    public static func named(_ name: String) throws(KalendsError) -> KalendsCore.TimeZone {
        try named(name, environment: KalendsSystem.environment, localtime: "/etc/localtime")
    }

    /// `named(_:)` with the environment and the path of /etc/localtime given (tests).
    static func named(_ name: String, environment: (String) -> String?,
                      localtime: String) throws(KalendsError) -> KalendsCore.TimeZone {
        if name.isEmpty { return try systemDefault(environment: environment, localtime: localtime) }
        if name == "UTC" { return .utc }
        if isDatabaseName(name) {
            let directory = environment("TZDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
            if let bytes = try readFile(directory + "/" + name) { return try KalendsCore.TimeZone(tzif: bytes, name: name) }
        }
        // Not a file: a POSIX TZ string ("CET-1CEST,M3.5.0,M10.5.0/3")?
        if name.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) {
            do throws(KalendsError) {
                return try KalendsCore.TimeZone(posix: name)
            } catch {
                throw KalendsError(.parse, "\(name) is neither a zone of the tz database nor a POSIX TZ string: \(error.message)")
            }
        }
        throw KalendsError(.notFound, "no time zone \(name)")
    }

    /// $TZ, else /etc/localtime (named by the link's target), else UTC.
    static func systemDefault(environment: (String) -> String?,
                              localtime: String) throws(KalendsError) -> KalendsCore.TimeZone {
        if let tz = environment("TZ") {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            // TZ=":" names no zone: fall through (it used to recurse without end)
            if !name.isEmpty { return try named(name, environment: environment, localtime: localtime) }
        }
        if let bytes = try readFile(localtime) {
            var zoneName = "localtime"
            if let target = linkTarget(localtime), let name = nameAfterZoneinfo(target) {
                zoneName = name
            }
            return try KalendsCore.TimeZone(tzif: bytes, name: zoneName)
        }
        return .utc
    }

    /// What follows the first "zoneinfo/" in a link target ("/usr/share/zoneinfo/Europe/Paris"
    /// -> "Europe/Paris"). Searches bytes: String's firstRange(of:) would link
    /// _StringProcessing and _RegexParser into the library (1.39 MB; `make footprint`).
    static func nameAfterZoneinfo(_ target: String) -> String? {
        let bytes = Array(target.utf8), key = Array("zoneinfo/".utf8)
        guard bytes.count >= key.count else { return nil }
        for start in 0...(bytes.count - key.count) where bytes[start..<(start + key.count)].elementsEqual(key) {
            return String(decoding: bytes[(start + key.count)...], as: UTF8.self)
        }
        return nil
    }

    /// A name that can only be a file inside the database directory.
    static func isDatabaseName(_ name: String) -> Bool {
        name.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2F || b == 0x5F
                || b == 0x2D || b == 0x2B || b == 0x2E
        } && !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
    }
}

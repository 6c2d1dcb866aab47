/// A locale identifier taken apart: BCP 47 (`de-AT`, `ar-EG-u-ca-islamic-fw-sat`),
/// CLDR/ICU (`de_AT`, `de@calendar=hebrew;fw=sun`) and POSIX (`de_AT.UTF-8`,
/// `sr_RS@latin`, `C`, `POSIX`) spellings. Parsing never fails: what is not
/// understood is dropped, and lookup falls back along CLDR's chain.
struct LocaleIdentifier: Hashable, Sendable {
    var language = ""
    var script = ""
    var region = ""
    var variants: [String] = []
    /// `-u-ca-` / `@calendar=`
    var calendar: String?
    /// `-u-fw-` / `@fw=`: the first weekday.
    var firstWeekday: Weekday?

    init(parsing text: String) {
        var body = Substring(text)
        var keywords = Substring("")
        if let at = body.firstIndex(of: "@") {
            keywords = body[body.index(after: at)...]
            body = body[..<at]
        }
        if let dot = body.firstIndex(of: ".") { body = body[..<dot] }     // POSIX codeset
        let lowered = body.lowercased()
        if lowered == "c" || lowered == "posix" {
            language = "en"
            region = "US"
            variants = ["POSIX"]
            return
        }
        let parts = body.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        var i = 0
        if i < parts.count, LocaleIdentifier.isAlpha(parts[i]), (2...8).contains(parts[i].count), parts[i].count != 4 {
            language = parts[i].lowercased()
            i += 1
        } else if i < parts.count, parts[i].lowercased() == "root" {
            i += 1
        }
        if i < parts.count, parts[i].count == 4, LocaleIdentifier.isAlpha(parts[i]) {
            script = parts[i].prefix(1).uppercased() + parts[i].dropFirst().lowercased()
            i += 1
        }
        if i < parts.count, (parts[i].count == 2 && LocaleIdentifier.isAlpha(parts[i]))
            || (parts[i].count == 3 && parts[i].allSatisfy { $0.isASCII && $0.isNumber }) {
            region = parts[i].uppercased()
            i += 1
        }
        while i < parts.count, parts[i].count > 1 {
            let p = parts[i]
            if (5...8).contains(p.count) || (p.count == 4 && (p.first?.isNumber ?? false)) {
                variants.append(p.uppercased())
                i += 1
            } else {
                break
            }
        }
        // Extensions: only -u- keys are read (ca, fw); others are skipped.
        while i < parts.count {
            let singleton = parts[i].lowercased()
            i += 1
            if singleton == "x" { break }
            while i < parts.count, parts[i].count > 1 {
                if singleton == "u", parts[i].count == 2 {
                    let key = parts[i].lowercased()
                    var values: [String] = []
                    i += 1
                    while i < parts.count, parts[i].count > 2 {
                        values.append(parts[i].lowercased())
                        i += 1
                    }
                    apply(key: key, value: values.joined(separator: "-"))
                } else {
                    i += 1
                }
            }
        }
        // ICU keywords after '@': calendar=hebrew;fw=sun. A POSIX modifier (@euro,
        // @latin) carries no keyword; "latin"/"cyrillic" pick the script.
        for item in keywords.split(separator: ";") {
            let kv = item.split(separator: "=", maxSplits: 1)
            if kv.count == 2 {
                let key = kv[0].lowercased()
                apply(key: key == "calendar" ? "ca" : key, value: kv[1].lowercased())
            } else if kv.count == 1 {
                switch kv[0].lowercased() {
                case "latin": script = "Latn"
                case "cyrillic": script = "Cyrl"
                default: break
                }
            }
        }
        if language == "und" { language = "" }
    }

    private mutating func apply(key: String, value: String) {
        switch key {
        case "ca":
            calendar = value == "gregory" ? "gregorian" : (value == "ethioaa" ? "ethiopic-amete-alem" : value)
        case "fw":
            let days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
            if let i = days.firstIndex(of: value) { firstWeekday = Weekday(rawValue: Int32(i + 1)) }
        default:
            break
        }
    }

    private static func isAlpha(_ s: String) -> Bool {
        !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isLetter }
    }

    /// CLDR names to try, most specific first (the lookup chain before parents).
    var candidates: [String] {
        guard !language.isEmpty else { return [] }
        var out: [String] = []
        let v = variants.joined(separator: "_")
        func add(_ parts: [String]) { out.append(parts.filter { !$0.isEmpty }.joined(separator: "_")) }
        if !v.isEmpty { add([language, script, region, v]) }
        if !script.isEmpty && !region.isEmpty { add([language, script, region]) }
        if !region.isEmpty { add([language, region]) }
        if !script.isEmpty { add([language, script]) }
        add([language])
        return out
    }

    /// The canonical spelling of what was asked for (e.g. "de_AT", "zh_Hant_TW").
    var canonical: String {
        let parts = [language.isEmpty ? "root" : language, script, region] + variants
        return parts.filter { !$0.isEmpty }.joined(separator: "_")
    }
}

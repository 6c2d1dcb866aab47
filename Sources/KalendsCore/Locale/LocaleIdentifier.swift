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
        var bytes = Array(text.utf8)
        var keywords: [UInt8] = []
        if let at = bytes.firstIndex(of: 0x40) {                   // '@'
            keywords = Array(bytes[(at + 1)...])
            bytes.removeSubrange(at...)
        }
        if let dot = bytes.firstIndex(of: 0x2E) { bytes.removeSubrange(dot...) }   // POSIX codeset
        if LocaleIdentifier.equalsIgnoringCase(bytes, "c") || LocaleIdentifier.equalsIgnoringCase(bytes, "posix") {
            language = "en"
            region = "US"
            variants = ["POSIX"]
            return
        }
        // subtags split on '-' and '_', as byte ranges
        var parts: [Range<Int>] = []
        var begin = 0
        for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x2D || bytes[i] == 0x5F {
            if i > begin { parts.append(begin..<i) }
            begin = i + 1
        }
        func isAlpha(_ r: Range<Int>) -> Bool { !r.isEmpty && r.allSatisfy { LocaleIdentifier.isLetter(bytes[$0]) } }
        func isDigits(_ r: Range<Int>) -> Bool { !r.isEmpty && r.allSatisfy { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 } }
        func sub(_ r: Range<Int>, _ caseMap: (UInt8) -> UInt8) -> String {
            String(unsafeUninitializedCapacity: r.count) { buffer in
                for (k, i) in r.enumerated() { buffer[k] = caseMap(bytes[i]) }
                return r.count
            }
        }
        let lower = LocaleIdentifier.lower, upper = LocaleIdentifier.upper
        var i = 0
        if i < parts.count, isAlpha(parts[i]), (2...8).contains(parts[i].count), parts[i].count != 4 {
            language = sub(parts[i], lower)
            i += 1
        } else if i < parts.count, LocaleIdentifier.equalsIgnoringCase(Array(bytes[parts[i]]), "root") {
            i += 1
        }
        if i < parts.count, parts[i].count == 4, isAlpha(parts[i]) {
            let r = parts[i]
            script = sub(r.lowerBound..<(r.lowerBound + 1), upper) + sub((r.lowerBound + 1)..<r.upperBound, lower)
            i += 1
        }
        if i < parts.count, (parts[i].count == 2 && isAlpha(parts[i])) || (parts[i].count == 3 && isDigits(parts[i])) {
            region = sub(parts[i], upper)
            i += 1
        }
        while i < parts.count, parts[i].count > 1 {
            let r = parts[i]
            if (5...8).contains(r.count) || (r.count == 4 && isDigits(r.lowerBound..<(r.lowerBound + 1))) {
                variants.append(sub(r, upper))
                i += 1
            } else {
                break
            }
        }
        // Extensions: only -u- keys are read (ca, fw); others are skipped.
        while i < parts.count {
            let singleton = sub(parts[i], lower)
            i += 1
            if singleton == "x" { break }
            while i < parts.count, parts[i].count > 1 {
                if singleton == "u", parts[i].count == 2 {
                    let key = sub(parts[i], lower)
                    var values: [String] = []
                    i += 1
                    while i < parts.count, parts[i].count > 2 {
                        values.append(sub(parts[i], lower))
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
        if !keywords.isEmpty {
            for item in String(decoding: keywords, as: UTF8.self).split(separator: ";") {
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
        }
        if language == "und" { language = "" }
    }

    static func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
    static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 32 : b }
    static func upper(_ b: UInt8) -> UInt8 { b >= 0x61 && b <= 0x7A ? b - 32 : b }
    static func equalsIgnoringCase(_ bytes: [UInt8], _ ascii: String) -> Bool {
        bytes.count == ascii.utf8.count && zip(bytes, ascii.utf8).allSatisfy { lower($0) == $1 }
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

    /// CLDR names to try, most specific first (the lookup chain before parents), as
    /// UTF-8; `body` gets each in one reused buffer and returns true to stop.
    func forEachCandidate(_ body: ([UInt8]) -> Bool) {
        guard !language.isEmpty else { return }
        var key: [UInt8] = []
        key.reserveCapacity(32)
        func add(_ part: String) {
            guard !part.isEmpty else { return }
            if !key.isEmpty { key.append(0x5F) }
            key.append(contentsOf: part.utf8)
        }
        func tryParts(_ a: String, _ b: String, _ c: String = "", _ d: String = "") -> Bool {
            key.removeAll(keepingCapacity: true)
            add(a)
            add(b)
            add(c)
            add(d)
            return body(key)
        }
        if !variants.isEmpty {
            if tryParts(language, script, region, variants.joined(separator: "_")) { return }
        }
        if !script.isEmpty && !region.isEmpty && tryParts(language, script, region) { return }
        if !region.isEmpty && tryParts(language, region) { return }
        if !script.isEmpty && tryParts(language, script) { return }
        _ = tryParts(language, "")
    }

    /// The canonical spelling of what was asked for (e.g. "de_AT", "zh_Hant_TW").
    var canonical: String {
        let parts = [language.isEmpty ? "root" : language, script, region] + variants
        return parts.filter { !$0.isEmpty }.joined(separator: "_")
    }
}

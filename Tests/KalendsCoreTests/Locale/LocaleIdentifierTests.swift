import Testing
@testable import KalendsCore

/// The allocation-free identifier parser (LocaleIdentifier, inline bytes) against the
/// String/Array-based parser it replaced (LegacyLocaleIdentifier below, the code of
/// 7575c87): the same subtags, extensions, lookup candidates and canonical spelling for
/// hand-picked spellings and for 20,000 seeded random ones built from identifier pieces.
@Suite struct LocaleIdentifierTests {
    struct Parsed: Equatable, CustomStringConvertible {
        var language = "", script = "", region = "", variants = "", calendar: String?, firstWeekday: Weekday?
        var candidates: [String] = [], canonical = ""
        var description: String {
            "\(language)|\(script)|\(region)|\(variants)|\(calendar ?? "nil")|\(firstWeekday.map { "\($0)" } ?? "nil")|\(candidates)|\(canonical)"
        }
    }

    static func parsed(_ text: String) -> Parsed {
        let id = LocaleIdentifier(parsing: text)
        var out = Parsed(language: id.language.string, script: id.script.string, region: id.region.string,
                         variants: id.variants.string, calendar: id.calendar?.string, firstWeekday: id.firstWeekday)
        id.forEachCandidate { key in
            out.candidates.append(String(decoding: key, as: UTF8.self))
            return false
        }
        out.canonical = id.canonical
        return out
    }

    static func legacy(_ text: String) -> Parsed {
        let id = LegacyLocaleIdentifier(parsing: text)
        var out = Parsed(language: id.language, script: id.script, region: id.region,
                         variants: id.variants.joined(separator: "_"), calendar: id.calendar, firstWeekday: id.firstWeekday)
        id.forEachCandidate { key in
            out.candidates.append(String(decoding: key, as: UTF8.self))
            return false
        }
        out.canonical = id.canonical
        return out
    }

    @Test func spellings() {
        let cases = ["de-AT", "de_AT.UTF-8", "de_AT.UTF-8@euro", "DE-at", "C", "POSIX", "c.utf8", "posix@x", "zh-Hant-TW",
                     "sr_RS@latin", "sr@Cyrillic", "iw_IL", "und", "UND-Latn", "root", "Root_DE", "de-CH-1996", "ca_ES_VALENCIA",
                     "en-US-u-ca-hebrew", "ar-SA-u-ca-islamic-umalqura", "en-u-ca-gregory", "am-u-ca-ethioaa",
                     "en-u-fw-MON-ca-buddhist", "en-u-fw-xyz", "de@fw=tue", "de@calendar=Hebrew;fw=sun", "de@=x", "de@a=",
                     "de@a==b", "de@;;calendar=roc;", "de@ca=japanese", "en-x-private", "en-a-bbb-u-ca-roc", "en-u-ca",
                     "en-u-ca-fw-sun", "en-Latn-US-POSIX-u-ca-chinese", "12_34", "%%%", "", "-", "_de__AT_", "de-419",
                     "sl-rozaj-biske-1994", "en-US-abcdefgh-abcdefgh-abcdefgh", "ü", "de-ÄT", "zh_Hans_CN@calendar=chinese",
                     "en-u-ca-islamic-civil", "en-US-u-ca-islamic-u-ca-roc", "x-private", "i-klingon", "abcd"]
        for text in cases {
            #expect(Self.parsed(text) == Self.legacy(text), "\(text)")
        }
        // Past 32 bytes (no CLDR name or calendar comes near) variants are dropped whole
        // and a -u-ca- value is not understood; the legacy parser kept them.
        let long = Self.parsed("en-US-abcdefgh-abcdefgh-abcdefgh-abcdefgh-u-ca-islamic-umalqura-abcdefgh-abcdefgh")
        #expect(long.variants == "ABCDEFGH_ABCDEFGH_ABCDEFGH" && long.calendar == nil && long.region == "US")
        #expect(Self.parsed("en-u-ca-roc-u-ca-islamic-umalqura-abcdefgh-abcdefgh").calendar == "roc")
        #expect(Self.legacy("en-US-abcdefgh-abcdefgh-abcdefgh-abcdefgh").variants.utf8.count == 35)
    }

    /// Equal, except where the legacy parser kept more than 32 bytes of variants or of a
    /// calendar value (see `spellings`): then the other fields; lookup keys longer than
    /// 32 bytes (no CLDR name is) are not tried.
    static func agree(_ text: String) -> Bool {
        let new = parsed(text)
        var old = legacy(text)
        old.candidates.removeAll { $0.utf8.count > InlineBytes.capacity }   // names no CLDR locale: not tried
        if old.variants.utf8.count <= InlineBytes.capacity && (old.calendar?.utf8.count ?? 0) <= InlineBytes.capacity {
            return new == old
        }
        return (new.language, new.script, new.region, new.firstWeekday) == (old.language, old.script, old.region, old.firstWeekday)
    }

    @Test func randomSpellings() {
        let pieces = ["de", "DE", "en", "zh", "Hant", "latn", "US", "at", "419", "001", "u", "U", "x", "a", "ca", "fw",
                      "islamic", "umalqura", "civil", "gregory", "ethioaa", "hebrew", "sun", "sat", "mon", "1996", "posix",
                      "VALENCIA", "rozaj", "root", "und", "c", "calendar", "latin", "cyrillic", "euro", "abcdefghi", "é"]
        let separators = ["-", "_", "-", "_", "@", ";", "=", ".", "--"]
        var rng = SplitMix(1083)
        for _ in 0..<20_000 {
            var text = ""
            for k in 0..<Int.random(in: 0...7, using: &rng) {
                if k > 0 { text += separators[Int.random(in: 0..<separators.count, using: &rng)] }
                text += pieces[Int.random(in: 0..<pieces.count, using: &rng)]
            }
            #expect(Self.agree(text), "\(text): \(Self.parsed(text)) vs \(Self.legacy(text))")
        }
    }
}

/// The String-based parser the inline one replaced (kept here as its reference), taken apart: BCP 47 (`de-AT`, `ar-EG-u-ca-islamic-fw-sat`),
/// CLDR/ICU (`de_AT`, `de@calendar=hebrew;fw=sun`) and POSIX (`de_AT.UTF-8`,
/// `sr_RS@latin`, `C`, `POSIX`) spellings. Parsing never fails: what is not
/// understood is dropped, and lookup falls back along CLDR's chain.
struct LegacyLocaleIdentifier: Hashable, Sendable {
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
        if LegacyLocaleIdentifier.equalsIgnoringCase(bytes, "c") || LegacyLocaleIdentifier.equalsIgnoringCase(bytes, "posix") {
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
        func isAlpha(_ r: Range<Int>) -> Bool { !r.isEmpty && r.allSatisfy { LegacyLocaleIdentifier.isLetter(bytes[$0]) } }
        func isDigits(_ r: Range<Int>) -> Bool { !r.isEmpty && r.allSatisfy { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 } }
        func sub(_ r: Range<Int>, _ caseMap: (UInt8) -> UInt8) -> String {
            String(unsafeUninitializedCapacity: r.count) { buffer in
                for (k, i) in r.enumerated() { buffer[k] = caseMap(bytes[i]) }
                return r.count
            }
        }
        let lower = LegacyLocaleIdentifier.lower, upper = LegacyLocaleIdentifier.upper
        var i = 0
        if i < parts.count, isAlpha(parts[i]), (2...8).contains(parts[i].count), parts[i].count != 4 {
            language = sub(parts[i], lower)
            i += 1
        } else if i < parts.count, LegacyLocaleIdentifier.equalsIgnoringCase(Array(bytes[parts[i]]), "root") {
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

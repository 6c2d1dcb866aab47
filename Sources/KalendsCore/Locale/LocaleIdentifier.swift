/// A locale identifier taken apart: BCP 47 (`de-AT`, `ar-EG-u-ca-islamic-fw-sat`),
/// CLDR/ICU (`de_AT`, `de@calendar=hebrew;fw=sun`) and POSIX (`de_AT.UTF-8`,
/// `sr_RS@latin`, `C`, `POSIX`) spellings. Parsing never fails: what is not
/// understood is dropped, and lookup falls back along CLDR's chain.
///
/// Parsed into fixed-size inline bytes, with no String or Array allocated (opening a
/// locale parses one): subtags are case-normalized (language lower, script title,
/// region upper, variants upper), variants joined by "_". Past `InlineBytes.capacity`
/// (32 bytes) further variants are dropped and a `-u-ca-` value is not understood; no
/// CLDR name or calendar comes near that length.
struct LocaleIdentifier: Hashable, Sendable {
    var language = InlineBytes()
    var script = InlineBytes()
    var region = InlineBytes()
    /// The variant subtags, "_"-joined ("POSIX", "VALENCIA", "1996").
    var variants = InlineBytes()
    /// `-u-ca-` / `@calendar=`: the value, "gregory" spelled "gregorian" and "ethioaa"
    /// "ethiopic-amete-alem"; nil when not given (an empty value is "").
    var calendar: InlineBytes?
    /// `-u-fw-` / `@fw=`: the first weekday.
    var firstWeekday: Weekday?

    init(parsing text: String) {
        var text = text
        self = text.withUTF8 { LocaleIdentifier(parsing: $0) }
    }

    init(parsing all: UnsafeBufferPointer<UInt8>) {
        var end = all.count
        var keywords = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        if let at = LocaleIdentifier.firstIndex(of: 0x40, in: all, before: end) {        // '@'
            keywords = UnsafeBufferPointer(rebasing: all[(at + 1)...])
            end = at
        }
        if let dot = LocaleIdentifier.firstIndex(of: 0x2E, in: all, before: end) { end = dot }   // POSIX codeset
        let main = UnsafeBufferPointer(rebasing: all[0..<end])
        if LocaleIdentifier.equalsIgnoringCase(main, "c") || LocaleIdentifier.equalsIgnoringCase(main, "posix") {
            language.append(0x65)       // "en_US_POSIX"
            language.append(0x6E)
            region.append(0x55)
            region.append(0x53)
            for b in "POSIX".utf8 { variants.append(b) }
            return
        }
        let lower = LocaleIdentifier.lower, upper = LocaleIdentifier.upper
        // subtags split on '-' and '_', empty ones skipped
        var parts = Subtags(main)
        if let r = parts.current, LocaleIdentifier.isAlpha(main, r), (2...8).contains(r.count), r.count != 4 {
            language.append(UnsafeBufferPointer(rebasing: main[r]), lower)
            parts.advance()
        } else if let r = parts.current, LocaleIdentifier.equalsIgnoringCase(UnsafeBufferPointer(rebasing: main[r]), "root") {
            parts.advance()
        }
        if let r = parts.current, r.count == 4, LocaleIdentifier.isAlpha(main, r) {
            script.append(upper(main[r.lowerBound]))
            script.append(UnsafeBufferPointer(rebasing: main[(r.lowerBound + 1)..<r.upperBound]), lower)
            parts.advance()
        }
        if let r = parts.current,
           (r.count == 2 && LocaleIdentifier.isAlpha(main, r)) || (r.count == 3 && LocaleIdentifier.isDigits(main, r)) {
            region.append(UnsafeBufferPointer(rebasing: main[r]), upper)
            parts.advance()
        }
        while let r = parts.current, r.count > 1 {
            guard (5...8).contains(r.count) || (r.count == 4 && LocaleIdentifier.isDigits(main, r.lowerBound..<(r.lowerBound + 1)))
            else { break }
            // all or nothing: a variant that does not fit is dropped with those after it
            if variants.count + (variants.isEmpty ? 0 : 1) + r.count <= InlineBytes.capacity {
                if !variants.isEmpty { variants.append(0x5F) }
                variants.append(UnsafeBufferPointer(rebasing: main[r]), upper)
            }
            parts.advance()
        }
        // Extensions: only -u- keys are read (ca, fw); others are skipped.
        while let s = parts.current {
            let singleton = s.count == 1 ? lower(main[s.lowerBound]) : 0
            parts.advance()
            if singleton == 0x78 { break }                                         // 'x'
            while let r = parts.current, r.count > 1 {
                if singleton == 0x75, r.count == 2 {                               // 'u'
                    let key = (lower(main[r.lowerBound]), lower(main[r.lowerBound + 1]))
                    var value = InlineBytes()
                    var fits = true
                    parts.advance()
                    while let v = parts.current, v.count > 2 {
                        if !value.isEmpty { fits = fits && value.append(0x2D) }    // '-'
                        fits = fits && value.append(UnsafeBufferPointer(rebasing: main[v]), lower)
                        parts.advance()
                    }
                    apply(key: key, value: value, fits: fits)
                } else {
                    parts.advance()
                }
            }
        }
        // ICU keywords after '@': calendar=hebrew;fw=sun. A POSIX modifier (@euro,
        // @latin) carries no keyword; "latin"/"cyrillic" pick the script.
        var start = 0
        while start < keywords.count {
            let stop = LocaleIdentifier.firstIndex(of: 0x3B, in: keywords, from: start) ?? keywords.count   // ';'
            keyword(UnsafeBufferPointer(rebasing: keywords[start..<stop]))
            start = stop + 1
        }
        if language.equals("und") { language.removeAll() }
    }

    /// One `key=value` item (or a bare modifier) of the ICU keywords. As a split on the
    /// first '=' that drops empty pieces: leading '='s are ignored, and "key=" is a modifier.
    private mutating func keyword(_ item: UnsafeBufferPointer<UInt8>) {
        var from = 0
        while from < item.count, item[from] == 0x3D { from += 1 }                   // '='
        guard from < item.count else { return }
        let rest = UnsafeBufferPointer(rebasing: item[from...])
        if let eq = LocaleIdentifier.firstIndex(of: 0x3D, in: rest, before: rest.count), eq + 1 < rest.count {
            let key = UnsafeBufferPointer(rebasing: rest[0..<eq])
            var value = InlineBytes()
            let fits = value.append(UnsafeBufferPointer(rebasing: rest[(eq + 1)...]), LocaleIdentifier.lower)
            if LocaleIdentifier.equalsIgnoringCase(key, "calendar") || LocaleIdentifier.equalsIgnoringCase(key, "ca") {
                apply(key: (0x63, 0x61), value: value, fits: fits)
            } else if LocaleIdentifier.equalsIgnoringCase(key, "fw") {
                apply(key: (0x66, 0x77), value: value, fits: fits)
            }
            return
        }
        let name = LocaleIdentifier.firstIndex(of: 0x3D, in: rest, before: rest.count).map { UnsafeBufferPointer(rebasing: rest[0..<$0]) } ?? rest
        if LocaleIdentifier.equalsIgnoringCase(name, "latin") {
            script.removeAll()
            for b in "Latn".utf8 { script.append(b) }
        } else if LocaleIdentifier.equalsIgnoringCase(name, "cyrillic") {
            script.removeAll()
            for b in "Cyrl".utf8 { script.append(b) }
        }
    }

    /// `ca` and `fw` keys; a value longer than `InlineBytes.capacity` is not understood (ignored).
    private mutating func apply(key: (UInt8, UInt8), value: InlineBytes, fits: Bool) {
        switch key {
        case (0x63, 0x61):                                                           // ca
            guard fits else { return }
            if value.equals("gregory") {
                calendar = LocaleIdentifier.bytes("gregorian")
            } else if value.equals("ethioaa") {
                calendar = LocaleIdentifier.bytes("ethiopic-amete-alem")
            } else {
                calendar = value
            }
        case (0x66, 0x77):                                                           // fw
            guard value.count == 3 else { return }
            switch (value[0], value[1], value[2]) {
            case (0x6D, 0x6F, 0x6E): firstWeekday = .monday                          // mon
            case (0x74, 0x75, 0x65): firstWeekday = .tuesday                         // tue
            case (0x77, 0x65, 0x64): firstWeekday = .wednesday                       // wed
            case (0x74, 0x68, 0x75): firstWeekday = .thursday                        // thu
            case (0x66, 0x72, 0x69): firstWeekday = .friday                          // fri
            case (0x73, 0x61, 0x74): firstWeekday = .saturday                        // sat
            case (0x73, 0x75, 0x6E): firstWeekday = .sunday                          // sun
            default: break
            }
        default:
            break
        }
    }

    /// The subtags of an identifier as byte ranges, one at a time (no array).
    struct Subtags {
        let bytes: UnsafeBufferPointer<UInt8>
        private(set) var current: Range<Int>?

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            current = Subtags.next(bytes, from: 0)
        }

        mutating func advance() {
            current = current.flatMap { Subtags.next(bytes, from: $0.upperBound) }
        }

        static func next(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Range<Int>? {
            var a = from
            while a < bytes.count, bytes[a] == 0x2D || bytes[a] == 0x5F { a += 1 }
            guard a < bytes.count else { return nil }
            var b = a
            while b < bytes.count, bytes[b] != 0x2D, bytes[b] != 0x5F { b += 1 }
            return a..<b
        }
    }

    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int = 0, before end: Int? = nil) -> Int? {
        var i = from
        let stop = end ?? bytes.count
        while i < stop {
            if bytes[i] == byte { return i }
            i += 1
        }
        return nil
    }

    static func bytes(_ ascii: StaticString) -> InlineBytes {
        var out = InlineBytes()
        _ = ascii.withUTF8Buffer { out.append($0) }
        return out
    }

    static func isAlpha(_ bytes: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        !r.isEmpty && r.allSatisfy { isLetter(bytes[$0]) }
    }

    static func isDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        !r.isEmpty && r.allSatisfy { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }
    }

    static func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
    static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 32 : b }
    static func upper(_ b: UInt8) -> UInt8 { b >= 0x61 && b <= 0x7A ? b - 32 : b }

    /// ASCII case-insensitive equality with `ascii` (lowercase).
    static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ ascii: StaticString) -> Bool {
        guard bytes.count == ascii.utf8CodeUnitCount else { return false }
        return ascii.withUTF8Buffer { a in
            for i in 0..<a.count where lower(bytes[i]) != a[i] { return false }
            return true
        }
    }

    /// CLDR names to try, most specific first (the lookup chain before parents):
    /// language_script_region_variants, language_script_region, language_region,
    /// language_script, language. `body` gets each key's bytes (built inline) and returns
    /// true to stop; a key longer than `InlineBytes.capacity` names no CLDR locale and is
    /// skipped.
    func forEachCandidate(_ body: (UnsafeRawBufferPointer) -> Bool) {
        guard !language.isEmpty else { return }
        let none = InlineBytes()
        func attempt(_ b: InlineBytes, _ c: InlineBytes = none, _ d: InlineBytes = none) -> Bool {
            var key = language
            guard key.appendSubtag(b), key.appendSubtag(c), key.appendSubtag(d) else { return false }
            return key.withUnsafeBytes(body)
        }
        if !variants.isEmpty, attempt(script, region, variants) { return }
        if !script.isEmpty && !region.isEmpty && attempt(script, region) { return }
        if !region.isEmpty && attempt(region) { return }
        if !script.isEmpty && attempt(script) { return }
        _ = attempt(none)
    }

    /// The canonical spelling of what was asked for (e.g. "de_AT", "zh_Hant_TW").
    var canonical: String {
        var out = language.isEmpty ? "root" : language.string
        for part in [script, region, variants] where !part.isEmpty { out += "_" + part.string }
        return out
    }
}

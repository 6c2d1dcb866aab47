/// A date pattern's `numbers` attribute (CLDR): another numbering system for all numeric
/// fields ("hebr", "hanidec") or for some ("y=jpanyear", "d=hanidays", "M=romanlow").
/// These are the systems CLDR 47's date patterns use.
struct NumberOverride {
    enum System {
        case hebr, jpanyear, hanidays, hanidec, romanlow

        init?(_ name: Substring) {
            switch name {
            case "hebr": self = .hebr
            case "jpanyear": self = .jpanyear
            case "hanidays": self = .hanidays
            case "hanidec": self = .hanidec
            case "romanlow": self = .romanlow
            default: return nil
            }
        }
    }

    var all: System?
    var fields: [(UInt8, System)] = []

    init(_ text: String) {
        for item in text.split(separator: ";") {
            let kv = item.split(separator: "=", maxSplits: 1)
            if kv.count == 2, let letter = kv[0].utf8.first, kv[0].utf8.count == 1, let s = System(kv[1]) {
                fields.append((letter, s))
            } else if kv.count == 1, let s = System(kv[0]) {
                all = s
            }
        }
    }

    var isEmpty: Bool { all == nil && fields.isEmpty }

    func system(for letter: UInt8) -> System? {
        for (l, s) in fields where l == letter { return s }
        return all
    }

    /// Writes `value` in `system`; false when the system cannot (then the caller writes digits).
    static func write(_ value: Int, _ system: System, _ letter: UInt8, _ calendar: LocaleCalendar,
                      _ out: inout [UInt8]) -> Bool {
        switch system {
        case .hanidec:
            guard value >= 0 else { return false }
            let digits = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"]
            for ch in String(value).utf8 { out.append(contentsOf: digits[Int(ch) - 48].utf8) }
            return true
        case .jpanyear:
            guard value == 1 else { return false }          // year 1 of an era is 元年's 元
            out.append(contentsOf: "元".utf8)
            return true
        case .hanidays:
            guard (1...30).contains(value) else { return false }
            let units = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"]
            let text: String
            switch value {
            case 1...10: text = "初" + (value == 10 ? "十" : units[value])
            case 11...19: text = "十" + units[value - 10]
            case 20: text = "二十"
            case 21...29: text = "廿" + units[value - 20]
            default: text = "三十"
            }
            out.append(contentsOf: text.utf8)
            return true
        case .romanlow:
            guard (1...3999).contains(value) else { return false }
            let table: [(Int, String)] = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
                                          (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
            var v = value
            for (n, s) in table { while v >= n { out.append(contentsOf: s.utf8); v -= n } }
            return true
        case .hebr:
            var v = value
            // ICU writes Hebrew-calendar years of the current millennium without the thousands
            if letter == UInt8(ascii: "y") && calendar == .hebrew && v > 5000 && v < 6000 { v -= 5000 }
            out.append(contentsOf: hebrewNumber(v).utf8)
            return true
        }
    }

    /// A number in CLDR's "hebr" numbering system (the algorithmic rule set `hebrew` of
    /// CLDR's root RBNF rules, as ICU 77 writes it): 1...999 by `hebrewNumeral`;
    /// thousands before them, 1000 as אלף, 2000 as אלפיים, 3000...999,000 as the
    /// thousands' numeral and אלפים (ה׳ אלפים); otherwise the thousands' numeral (one
    /// more geresh after it for 11...99 and 101... thousands: ט״ו׳ט״ו is 15,015, but
    /// י׳א׳ is 10,001) followed by the rest's (ה׳תשפ״ז is 5787); 1,000,000 as
    /// אלף אלפים, larger numbers in digits grouped by commas; a negative number after a
    /// minus sign (U+2212); zero as the rules write it, ״׳.
    static func hebrewNumber(_ value: Int) -> String {
        if value < 0 { return "\u{2212}" + hebrewNumber(value == Int.min ? Int.max : -value) }
        if value == 0 { return "\u{05F4}\u{05F3}" }
        if value < 1000 { return hebrewNumeral(value) }
        if value == 1_000_000 { return "אלף אלפים" }
        if value > 1_000_000 {
            var digits = Array(String(value))
            var grouped: [Character] = []
            while digits.count > 3 {
                grouped.insert(contentsOf: [","] + digits.suffix(3), at: 0)
                digits.removeLast(3)
            }
            return String(digits + grouped)
        }
        let thousands = value / 1000, rest = value % 1000
        if rest == 0 {
            switch thousands {
            case 1: return "אלף"
            case 2: return "אלפיים"
            default: return hebrewNumeral(thousands) + " אלפים"
            }
        }
        let mark = thousands > 10 && thousands != 100 ? "\u{05F3}" : ""
        return hebrewNumeral(thousands) + mark + hebrewNumeral(rest)
    }

    /// Hebrew numerals (1...999) as CLDR's "hebr" rules write them (ICU 77): letters by
    /// value, 15 and 16 as 9+6 and 9+7; the sequences of ill-omened words reordered
    /// (…רצח -> …רחצ: 298, 698; שד -> דש: 304; …שמד -> …שדמ: 344, 744); a final pe (ף)
    /// ending a numeral of several letters (180 ק״ף, 780 תש״ף; the other final forms are
    /// not used: 140 ק״מ, 190 ק״צ); a geresh after a single letter, gershayim before the
    /// last of several.
    static func hebrewNumeral(_ value: Int) -> String {
        let hundreds = ["", "ק", "ר", "ש", "ת", "תק", "תר", "תש", "תת", "תתק"]
        let tens = ["", "י", "כ", "ל", "מ", "נ", "ס", "ע", "פ", "צ"]
        let ones = ["", "א", "ב", "ג", "ד", "ה", "ו", "ז", "ח", "ט"]
        var letters = hundreds[value / 100]
        let rest = value % 100
        if rest == 15 {
            letters += "טו"
        } else if rest == 16 {
            letters += "טז"
        } else {
            letters += tens[rest / 10] + ones[rest % 10]
        }
        if letters.hasSuffix("רצח") {
            letters = String(letters.dropLast(2)) + "חצ"
        } else if letters.hasSuffix("שמד") {
            letters = String(letters.dropLast(2)) + "דמ"
        } else if letters == "שד" {
            letters = "דש"
        }
        var scalars = Array(letters.unicodeScalars)
        if scalars.count > 1 && scalars[scalars.count - 1] == "פ" { scalars[scalars.count - 1] = "ף" }
        if scalars.count == 1 {
            scalars.append("\u{05F3}")
        } else {
            scalars.insert("\u{05F4}", at: scalars.count - 1)
        }
        var s = ""
        s.unicodeScalars.append(contentsOf: scalars)
        return s
    }
}

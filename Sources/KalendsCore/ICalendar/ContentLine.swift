/// One iCalendar content line (RFC 5545 3.1): `NAME;PARAM=value,"quoted":VALUE`.
/// Names and parameter names are upper-cased; values are kept as written (TEXT values are
/// unescaped by `ContentLine.unescape`).
public struct ContentLine: Hashable, Sendable {
    public var name: String
    public var parameters: [(name: String, values: [String])]
    public var value: String
    /// 1-based number of the physical line the content line starts on.
    public var line: Int

    public init(name: String, parameters: [(name: String, values: [String])] = [], value: String, line: Int = 0) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.line = line
    }

    public static func == (a: ContentLine, b: ContentLine) -> Bool {
        a.name == b.name && a.value == b.value && a.parameters.count == b.parameters.count
            && zip(a.parameters, b.parameters).allSatisfy { $0.name == $1.name && $0.values == $1.values }
    }

    public func hash(into h: inout Hasher) {
        h.combine(name)
        h.combine(value)
    }

    /// The first value of a parameter, or nil.
    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.values.first
    }

    /// Parses an unfolded line. nil when it has no name or no ':' outside quotes.
    public static func parse(_ text: String, line: Int) -> ContentLine? {
        let b = Array(text.utf8)
        var i = 0
        func isNameByte(_ c: UInt8) -> Bool {
            (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x5F || c == 0x2E || c == 0x2F
        }
        while i < b.count, isNameByte(b[i]) { i += 1 }
        guard i > 0, i < b.count else { return nil }
        let name = upperASCII(b[0..<i])
        var params: [(name: String, values: [String])] = []
        while i < b.count, b[i] == UInt8(ascii: ";") {
            i += 1
            let ps = i
            while i < b.count, isNameByte(b[i]) { i += 1 }
            guard i > ps, i < b.count else { return nil }
            let pname = upperASCII(b[ps..<i])
            var values: [String] = []
            if b[i] == UInt8(ascii: "=") {
                i += 1
                while true {
                    if i < b.count, b[i] == UInt8(ascii: "\"") {
                        let vs = i + 1
                        guard let close = b[vs...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                        values.append(String(decoding: b[vs..<close], as: UTF8.self))
                        i = close + 1
                    } else {
                        let vs = i
                        while i < b.count, b[i] != UInt8(ascii: ","), b[i] != UInt8(ascii: ";"), b[i] != UInt8(ascii: ":") { i += 1 }
                        values.append(String(decoding: b[vs..<i], as: UTF8.self))
                    }
                    guard i < b.count else { return nil }
                    if b[i] == UInt8(ascii: ",") { i += 1; continue }
                    break
                }
            }
            params.append((pname, values))
        }
        guard i < b.count, b[i] == UInt8(ascii: ":") else { return nil }
        return ContentLine(name: name, parameters: params, value: String(decoding: b[(i + 1)...], as: UTF8.self), line: line)
    }

    /// A name's bytes (ASCII letters, digits, - _ . /) upper-cased: what String.uppercased()
    /// gives for them, without its Unicode case mapping (a name on every line).
    static func upperASCII(_ bytes: ArraySlice<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { out in
            var n = 0
            for c in bytes {
                out[n] = c >= 0x61 && c <= 0x7A ? c - 0x20 : c
                n += 1
            }
            return n
        }
    }

    /// `text.uppercased()`, by bytes when it is ASCII (component names on BEGIN/END lines).
    static func upperCased(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return text.uppercased() }
        return upperASCII(ArraySlice(utf8))
    }

    /// The line as text, unfolded: parameter values quoted when they hold ; : , or ".
    public var text: String {
        var s = name
        for p in parameters {
            s += ";" + p.name
            if !p.values.isEmpty {
                s += "=" + p.values.map { v in
                    v.contains(where: { $0 == ";" || $0 == ":" || $0 == "," }) ? "\"" + v.replacingDoubleQuotes() + "\"" : v
                }.joined(separator: ",")
            }
        }
        return s + ":" + value
    }

    /// TEXT value escapes (RFC 5545 3.3.11): \\ \; \, \n \N.
    public static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = ""
        var escaped = false
        for c in text {
            if escaped {
                switch c {
                case "n", "N": out.append("\n")
                default: out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        if escaped { out.append("\\") }
        return out
    }

    public static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": continue
            default: out.append(c)
            }
        }
        return out
    }

    /// Folds a line for writing: at most 75 octets per physical line, never inside a UTF-8
    /// sequence, each continuation starting with a space; CRLF line ends.
    public static func fold(_ line: String, into out: inout [UInt8]) {
        var count = 0
        for byte in line.utf8 {
            if byte & 0xC0 != 0x80 {
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                if count + length > 75 {
                    out += [13, 10, 32]
                    count = 1
                }
            }
            out.append(byte)
            count += 1
        }
        out += [13, 10]
    }
}

extension String {
    /// DQUOTE cannot appear in a quoted parameter value (RFC 5545 3.1); RFC 6868 would
    /// write ^' — we drop it.
    func replacingDoubleQuotes() -> String { filter { $0 != "\"" } }
}

/// Unfolds iCalendar text fed in chunks of any size into logical lines (CRLF or LF line
/// ends; a line starting with a space or tab continues the previous one). Holds one
/// logical line at a time; a logical line longer than `maxLineBytes` is reported once and
/// dropped, so memory stays bounded whatever the input.
struct LineUnfolder {
    var maxLineBytes = 1 << 20
    private var current: [UInt8] = []
    private var currentLine = 0
    private var physical = 0
    private var pendingCR = false
    private var atLineStart = true
    private var tooLong = false
    private var have = false

    /// Feeds bytes; `emit(text, line, tooLong)` receives each complete logical line.
    mutating func feed(_ bytes: some Sequence<UInt8>, _ emit: (String, Int, Bool) throws(KalendsError) -> Void) throws(KalendsError) {
        for c in bytes {
            if atLineStart {
                atLineStart = false
                physical += 1
                if c == 0x20 || c == 0x09 {
                    if !have { have = true; currentLine = physical }
                    continue   // continuation: drop the fold's whitespace
                }
                if have { try flush(emit) }
                have = true
                currentLine = physical
            }
            if c == 0x0A {
                atLineStart = true
                if current.last == 0x0D { current.removeLast() }
                continue
            }
            if current.count < maxLineBytes {
                current.append(c)
            } else {
                tooLong = true
            }
        }
    }

    mutating func finish(_ emit: (String, Int, Bool) throws(KalendsError) -> Void) throws(KalendsError) {
        if current.last == 0x0D { current.removeLast() }
        if have { try flush(emit) }
    }

    private mutating func flush(_ emit: (String, Int, Bool) throws(KalendsError) -> Void) throws(KalendsError) {
        let text = String(decoding: current, as: UTF8.self)
        let long = tooLong
        current.removeAll(keepingCapacity: current.capacity <= 4096)
        tooLong = false
        have = false
        try emit(text, currentLine, long)
    }
}

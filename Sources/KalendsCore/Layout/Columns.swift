/// Edges of `count` equal columns between `left` and `right` with `spacing` between
/// them, snapped to the device-pixel grid of `scale` (none when a column would get less
/// than one pixel), optionally mirrored. Shared by views and scrolling calendars, so
/// their cells tile the same way. Arithmetic only: O(1) per edge, no storage.
struct Columns: Sendable {
    let count: Int
    let left: Double
    let right: Double
    let spacing: Double
    let scale: Double
    let snaps: Bool
    let rightToLeft: Bool
    private let pitch: Double

    init(count: Int, left: Double, right: Double, spacing: Double, scale: Double, rightToLeft: Bool = false) {
        self.count = count
        self.left = left
        self.right = right
        self.spacing = spacing
        self.scale = scale
        self.rightToLeft = rightToLeft
        snaps = scale > 0 && (right - left) * scale >= Double(count)
        pitch = (right - left + spacing) / Double(count)
    }

    /// Nearest multiple of 1/scale (halves away from zero). Past 2^62 device pixels
    /// (and for NaN) the value is left as it is: every Double that large is a whole
    /// number of pixels already, and Int64 could not hold it.
    @inline(__always)
    static func snap(_ v: Double, _ scale: Double, _ on: Bool) -> Double {
        guard on else { return v }
        let p = v * scale
        guard abs(p) < 0x1p62 else { return v }
        return Double(p >= 0 ? Int64(p + 0.5) : -Int64(-p + 0.5)) / scale
    }

    func snap(_ v: Double) -> Double { Columns.snap(v, scale, snaps) }

    /// Left and right edge of logical column `c`.
    func edges(_ c: Int) -> (Double, Double) {
        let visual = rightToLeft ? count - 1 - c : c
        let x0 = snap(left + Double(visual) * pitch)
        let x1 = visual == count - 1 ? snap(right) : snap(left + Double(visual + 1) * pitch - spacing)
        return (x0, max(x0, x1))
    }

    /// The logical column whose snapped edges hold x (gaps belong to none): the column
    /// the unsnapped pitch points at, or a neighbour.
    func column(at x: Double) -> Int? {
        guard pitch > 0 else { return nil }
        let guess = Int(flooring: (x - left) / pitch, clampedTo: -1...count, nan: -1)
        for visual in max(0, guess - 1)...min(count - 1, max(0, guess + 1)) {
            let c = rightToLeft ? count - 1 - visual : visual
            let (x0, x1) = edges(c)
            if x >= x0 && x < x1 { return c }
        }
        return nil
    }
}

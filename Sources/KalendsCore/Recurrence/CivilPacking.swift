/// Occurrences as packed civil date-times of 10 bytes, the layout of Python's datetime
/// state (`kalends_rrule_next_civil`): a binding makes its datetimes without arithmetic.
extension RecurrenceWallCursor {
    /// Writes up to `records` next occurrences, 10 bytes each, to `out`; returns how many
    /// (fewer than `records`: the set has no more). Wall times are read in chunks of 512,
    /// then packed with one day-number conversion per month touched.
    public mutating func fillCivil(_ out: UnsafeMutablePointer<UInt8>, records: Int) throws(KalendsError) -> Int {
        guard records > 0 else { return 0 }
        let chunk = min(records, 512)
        let walls = UnsafeMutablePointer<Int64>.allocate(capacity: chunk)
        defer { walls.deallocate() }
        var packer = CivilPacker()
        var written = 0
        while written < records {
            let want = min(chunk, records - written)
            let got = try fill(walls, capacity: want)
            var p = out + written &* 10
            for i in 0..<got {
                packer.pack(walls[i], into: p)
                p += 10
            }
            written += got
            if got < want { break }
        }
        return written
    }
}

/// Wall-clock seconds as the 10-byte state of Python's datetime (year big-endian, month,
/// day, hour, minute, second, three zero bytes of microseconds), remembering the month of
/// the last one so that days in it need no conversion. Unsigned arithmetic from the
/// domain's first second (every occurrence is within 0001 ... 9999).
struct CivilPacker {
    /// Days since 0001-01-01 of the remembered month's first and last day.
    private var monthFirst: UInt64 = 1
    private var monthLast: UInt64 = 0
    private var yearHigh: UInt8 = 0, yearLow: UInt8 = 0, month: UInt8 = 0
    private var y = 1, m = 1

    private mutating func setYearMonth() {
        yearHigh = UInt8(truncatingIfNeeded: y >> 8)
        yearLow = UInt8(truncatingIfNeeded: y)
        month = UInt8(truncatingIfNeeded: m)
    }
    /// The domain's first second and day (read once, not per occurrence).
    private let origin = TimeText.minLocal
    private let originDay = Int(TimeText.minDay)

    @inline(__always)
    mutating func pack(_ w: Int64, into p: UnsafeMutablePointer<UInt8>) {
        let t = UInt64(bitPattern: w &- origin)
        let day = t / 86_400
        let sod = UInt32(truncatingIfNeeded: t &- day &* 86_400)
        if day > monthLast && day <= monthLast &+ 62 && monthLast >= monthFirst {
            // A month or two on (weekly, monthly, daily rules): count months forward.
            repeat {
                m += 1
                if m > 12 { m = 1; y += 1 }
                monthFirst = monthLast &+ 1
                monthLast = monthFirst &+ UInt64(Gregorian.daysInMonth(y, m)) &- 1
            } while day > monthLast
            setYearMonth()
        } else if day < monthFirst || day > monthLast {
            let c = Gregorian.civilFromDays(Int(truncatingIfNeeded: day) &+ originDay)
            (y, m) = (c.year, c.month)
            monthFirst = day &- UInt64(c.day &- 1)
            monthLast = monthFirst &+ UInt64(Gregorian.daysInMonth(y, m)) &- 1
            setYearMonth()
        }
        let minutes = sod / 60
        let hours = minutes / 60
        p[0] = yearHigh
        p[1] = yearLow
        p[2] = month
        p[3] = UInt8(truncatingIfNeeded: day &- monthFirst &+ 1)
        p[4] = UInt8(truncatingIfNeeded: hours)
        p[5] = UInt8(truncatingIfNeeded: minutes &- hours &* 60)
        p[6] = UInt8(truncatingIfNeeded: sod &- minutes &* 60)
        p[7] = 0
        p[8] = 0
        p[9] = 0
    }
}


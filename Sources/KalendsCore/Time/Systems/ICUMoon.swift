#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// ICU's astronomical Islamic calendar, computed the way ICU computes it (icu4c
/// islamcal.cpp with astro.cpp's CalendarAstronomer, after Duffett-Smith's "Practical
/// Astronomy with your Calculator"): the same formulas in the same order of operations,
/// so that the sign of the moon's age at a UTC midnight, which decides where a month
/// starts, comes out as ICU's does.
enum ICUMoon {
    static let synodicMonth = 29.530588853
    static let dayMs = 86_400_000.0
    /// 622-07-16 (Julian) 00:00 UTC in milliseconds since 1970.
    static let hijraMs = -42_521_587_200_000.0
    static let julianEpochMs = -210_866_760_000_000.0
    static let jdEpoch = 2_447_891.5
    static let pi = 3.14159265358979323846
    static let tropicalYear = 365.242191
    static let sunEtaG = 279.403303 * pi / 180
    static let sunOmegaG = 282.768422 * pi / 180
    static let sunE = 0.016713
    static let moonL0 = 318.351648 * pi / 180
    static let moonP0 = 36.340410 * pi / 180
    static let moonN0 = 318.510107 * pi / 180
    static let moonI = 5.145366 * pi / 180

    @inline(__always)
    static func normalize(_ value: Double, _ range: Double) -> Double {
        value - range * floor(value / range)
    }

    @inline(__always)
    static func norm2PI(_ angle: Double) -> Double { normalize(angle, pi * 2.0) }

    static func trueAnomaly(_ meanAnomaly: Double, _ e: Double) -> Double {
        var delta: Double
        var ea = meanAnomaly
        repeat {
            delta = ea - e * sin(ea) - meanAnomaly
            ea = ea - delta / (1 - e * cos(ea))
        } while fabs(delta) > 1e-5
        return 2.0 * atan(tan(ea / 2) * sqrt((1 + e) / (1 - e)))
    }

    /// The moon's age (moon's ecliptic longitude minus the sun's) in degrees,
    /// normalized to -180...180, at `ms` milliseconds since 1970 UTC.
    static func moonAge(_ ms: Double) -> Double {
        let jd = (ms - julianEpochMs) / dayMs
        // The sun (getSunLongitude).
        let sunDay = jd - jdEpoch
        let epochAngle = norm2PI(pi * 2.0 / tropicalYear * sunDay)
        let meanAnomalySun = norm2PI(epochAngle + sunEtaG - sunOmegaG)
        let sunLongitude = norm2PI(trueAnomaly(meanAnomalySun, sunE) + sunOmegaG)
        // The moon (getMoonPosition).
        let day = jd - jdEpoch
        let meanLongitude = norm2PI(13.1763966 * pi / 180 * day + moonL0)
        var meanAnomalyMoon = norm2PI(meanLongitude - 0.1114041 * pi / 180 * day - moonP0)
        let evection = 1.2739 * pi / 180 * sin(2 * (meanLongitude - sunLongitude) - meanAnomalyMoon)
        let annual = 0.1858 * pi / 180 * sin(meanAnomalySun)
        let a3 = 0.3700 * pi / 180 * sin(meanAnomalySun)
        meanAnomalyMoon += evection - annual - a3
        let center = 6.2886 * pi / 180 * sin(meanAnomalyMoon)
        let a4 = 0.2140 * pi / 180 * sin(2 * meanAnomalyMoon)
        var moonLongitude = meanLongitude + evection + center - annual + a4
        let variation = 0.6583 * pi / 180 * sin(2 * (moonLongitude - sunLongitude))
        moonLongitude += variation
        var nodeLongitude = norm2PI(moonN0 - 0.0529539 * pi / 180 * day)
        nodeLongitude -= 0.16 * pi / 180 * sin(meanAnomalySun)
        let y = sin(moonLongitude - nodeLongitude)
        let x = cos(moonLongitude - nodeLongitude)
        let moonEclipLong = atan2(y * cos(moonI), x) + nodeLongitude
        // getMoonAge, then islamcal's conversion to degrees.
        var age = norm2PI(moonEclipLong - sunLongitude) * 180 / pi
        if age > 180 { age = age - 360 }
        return age
    }

    /// Days from the Hijra (civil epoch) to the first day of month number `month`
    /// (0 = Muharram AH 1), as ICU's trueMonthStart finds it.
    static func trueMonthStart(_ month: Int) -> Int {
        if let hit = cache.get(month) { return hit }
        var origin = hijraMs + floor(Double(month) * synodicMonth) * dayMs
        var age = moonAge(origin)
        if age >= 0 {
            repeat {
                origin -= dayMs
                age = moonAge(origin)
            } while age >= 0
        } else {
            repeat {
                origin += dayMs
                age = moonAge(origin)
            } while age < 0
        }
        let start = Arith.floorDiv(Int(origin - hijraMs), Int(dayMs)) + 1
        cache.put(month, start)
        return start
    }

    /// The month number ICU's handleComputeFields gives a day (days since the Hijra),
    /// evaluating the moon's age at the day's UTC midnight.
    static func monthNumberAsICU(days: Int) -> Int {
        var month = Int(floor(Double(days) / synodicMonth))
        let startDate = Int(floor(Double(month) * synodicMonth))
        // ICU asks the moon's age only to decide whether to try the next month first;
        // that matters only when the day is in the next month by trueMonthStart.
        if days - startDate >= 25 && trueMonthStart(month + 1) <= days
            && moonAge(hijraMs + Double(days) * dayMs) > 0 { month += 1 }
        while trueMonthStart(month) > days { month -= 1 }
        return month
    }

    static let cache = IntCache(slots: 4096)
}

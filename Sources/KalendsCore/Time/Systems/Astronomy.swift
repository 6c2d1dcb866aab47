#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The astronomy of Reingold and Dershowitz's "Calendrical Calculations": the sun's
/// apparent longitude (Bretagnon and Simon's 49-term series with aberration and
/// nutation), the times of new moons (Meeus's series) and the difference between
/// dynamical and universal time. Moments are RD days (fixed date 1 = 0001-01-01
/// Gregorian, midnight), in universal time unless named otherwise.
enum Astronomy {
    static let j2000 = 730_120.5
    static let meanSynodicMonth = 29.530588853
    static let meanTropicalYear = 365.242189

    @inline(__always) static func sinDeg(_ x: Double) -> Double { sin(x * .pi / 180) }
    @inline(__always) static func cosDeg(_ x: Double) -> Double { cos(x * .pi / 180) }
    @inline(__always) static func mod360(_ x: Double) -> Double { x - 360 * floor(x / 360) }

    /// Dynamical minus universal time, in days (NASA's polynomials for -500...2150,
    /// the parabola -20 + 32u^2 seconds outside them).
    static func ephemerisCorrection(_ tee: Double) -> Double {
        let year = Gregorian.civilFromDays(Int(floor(tee)) - Arith.rdOffset).year
        let y = Double(year)
        if year >= 2051 && year <= 2150 {
            let u = (y - 1820) / 100
            return (-20 + 32 * u * u - 0.5628 * (2150 - y)) / 86400
        }
        if year >= 2006 && year <= 2050 {
            let t = y - 2000
            return (62.92 + 0.32217 * t + 0.005589 * t * t) / 86400
        }
        if year >= 1987 && year <= 2005 {
            let t = y - 2000
            return (63.86 + t * (0.3345 + t * (-0.060374 + t * (0.0017275 + t * (0.000651814 + t * 0.00002373599))))) / 86400
        }
        if year >= 1800 && year <= 1986 {
            let days = Double(Gregorian.daysFromCivil(year, 7, 1) - Gregorian.daysFromCivil(1900, 1, 1))
            let c = days / 36525
            if year >= 1900 {
                return poly(c, [-0.00002, 0.000297, 0.025184, -0.181133, 0.553040, -0.861938, 0.677066, -0.212591])
            }
            return poly(c, [-0.000009, 0.003844, 0.083563, 0.865736, 4.867575, 15.845535, 31.332267, 38.291999,
                            28.316289, 11.636204, 2.043794])
        }
        if year >= 1700 && year <= 1799 {
            let t = y - 1700
            return (8.118780842 + t * (-0.005092142 + t * (0.003336121 - t * 0.0000266484))) / 86400
        }
        if year >= 1600 && year <= 1699 {
            let t = y - 1600
            return (120 + t * (-0.9808 + t * (-0.01532 + t / 7129))) / 86400
        }
        if year >= 500 && year <= 1599 {
            let u = (y - 1000) / 100
            return poly(u, [1574.2, -556.01, 71.23472, 0.319781, -0.8503463, -0.005050998, 0.0083572073]) / 86400
        }
        if year > -500 && year < 500 {
            let u = y / 100
            return poly(u, [10583.6, -1014.41, 33.78311, -5.952053, -0.1798452, 0.022174192, 0.0090316521]) / 86400
        }
        let u = (y - 1820) / 100
        return (-20 + 32 * u * u) / 86400
    }

    @inline(__always)
    static func poly(_ x: Double, _ a: [Double]) -> Double {
        var r = 0.0
        for c in a.reversed() { r = r * x + c }
        return r
    }

    static func julianCenturies(_ tee: Double) -> Double {
        (tee + ephemerisCorrection(tee) - j2000) / 36525
    }

    static let slCoefficients: [Double] = [
        403406, 195207, 119433, 112392, 3891, 2819, 1721, 660, 350, 334, 314, 268, 242, 234, 158, 132, 129, 114,
        99, 93, 86, 78, 72, 68, 64, 46, 38, 37, 32, 29, 28, 27, 27, 25, 24, 21, 21, 20, 18, 17, 14, 13, 13, 13, 12,
        10, 10, 10, 10]
    static let slMultipliers: [Double] = [
        0.9287892, 35999.1376958, 35999.4089666, 35998.7287385, 71998.20261, 71998.4403, 36000.35726, 71997.4812,
        32964.4678, -19.4410, 445267.1117, 45036.8840, 3.1008, 22518.4434, -19.9739, 65928.9345, 9038.0293,
        3034.7684, 33718.148, 3034.448, -2280.773, 29929.992, 31556.493, 149.588, 9037.750, 107997.405, -4444.176,
        151.771, 67555.316, 31556.080, -4561.540, 107996.706, 1221.655, 62894.167, 31437.369, 14578.298,
        -31931.757, 34777.243, 1221.999, 62894.511, -4442.039, 107997.909, 119.066, 16859.071, -4.578, 26895.292,
        -39.127, 12297.536, 90073.778]
    static let slAddends: [Double] = [
        270.54861, 340.19128, 63.91854, 331.26220, 317.843, 86.631, 240.052, 310.26, 247.23, 260.87, 297.82,
        343.14, 166.79, 81.53, 3.50, 132.75, 182.95, 162.03, 29.8, 266.4, 249.2, 157.6, 257.8, 185.1, 69.9, 8.0,
        197.1, 250.4, 65.3, 162.7, 341.5, 291.6, 98.5, 146.7, 110.0, 5.2, 342.6, 230.9, 256.1, 45.3, 242.9, 115.2,
        151.8, 285.3, 53.3, 126.6, 205.7, 85.9, 146.1]

    /// The sun's apparent ecliptic longitude in degrees (0 ..< 360) at universal moment `tee`.
    static func solarLongitude(_ tee: Double) -> Double {
        let c = julianCenturies(tee)
        var sigma = 0.0
        for i in 0..<slCoefficients.count {
            sigma += slCoefficients[i] * sinDeg(slMultipliers[i] * c + slAddends[i])
        }
        let lambda = 282.7771834 + 36000.76953744 * c + 0.000005729577951308232 * sigma
        let aberration = 0.0000974 * cosDeg(177.63 + 35999.01848 * c) - 0.005575
        let a = 124.90 + c * (-1934.134 + c * 0.002063)
        let b = 201.11 + c * (72001.5377 + c * 0.00057)
        let nutation = -0.004778 * sinDeg(a) - 0.0003667 * sinDeg(b)
        return mod360(lambda + aberration + nutation)
    }

    /// A moment shortly before `tee` at which the sun's longitude was `lambda`.
    static func estimatePriorSolarLongitude(_ lambda: Double, _ tee: Double) -> Double {
        let rate = meanTropicalYear / 360
        let tau = tee - rate * mod360(solarLongitude(tee) - lambda)
        let delta = mod360(solarLongitude(tau) - lambda + 180) - 180
        return min(tee, tau - rate * delta)
    }

    static let nmSine: [Double] = [
        -0.40720, 0.17241, 0.01608, 0.01039, 0.00739, -0.00514, 0.00208, -0.00111, -0.00057, 0.00056, -0.00042,
        0.00042, 0.00038, -0.00024, -0.00007, 0.00004, 0.00004, 0.00003, 0.00003, -0.00003, 0.00003, -0.00002,
        -0.00002, 0.00002]
    static let nmE: [Int] = [0, 1, 0, 0, 1, 1, 2, 0, 0, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    static let nmSolar: [Double] = [0, 1, 0, 0, -1, 1, 2, 0, 0, 1, 0, 1, 1, -1, 2, 0, 3, 1, 0, 1, -1, -1, 1, 0]
    static let nmLunar: [Double] = [1, 0, 2, 0, 1, 1, 0, 1, 1, 2, 3, 0, 0, 2, 1, 2, 0, 1, 2, 1, 1, 1, 3, 4]
    static let nmMoon: [Double] = [0, 0, 0, 2, 0, 0, 0, -2, 2, 0, 0, 2, -2, 0, 0, -2, 0, -2, 2, 2, 2, -2, 0, 0]
    static let nmAddConst: [Double] = [251.88, 251.83, 349.42, 84.66, 141.74, 207.14, 154.84, 34.52, 207.19, 291.34,
                                      161.72, 239.56, 331.55]
    static let nmAddCoeff: [Double] = [0.016321, 26.641886, 36.412478, 18.206239, 53.303771, 2.453732, 7.306860,
                                      27.261239, 0.121824, 1.844379, 24.198154, 25.513099, 3.592518]
    static let nmAddFactor: [Double] = [0.000165, 0.000164, 0.000126, 0.000110, 0.000062, 0.000060, 0.000056,
                                       0.000047, 0.000042, 0.000040, 0.000037, 0.000035, 0.000023]

    /// The universal moment of the `n`th new moon after (or before, when negative) the
    /// first new moon after RD 0.
    static func nthNewMoon(_ n: Int) -> Double {
        let k = Double(n - 24724)
        let c = k / 1236.85
        let approx = poly(c, [730125.59765, meanSynodicMonth * 1236.85, 0.0001337, -0.000000150, 0.00000000073])
        let capE = poly(c, [1, -0.002516, -0.0000074])
        let solarAnomaly = poly(c, [2.5534, 29.10535669 * 1236.85, -0.0000218, -0.00000011])
        let lunarAnomaly = poly(c, [201.5643, 385.81693528 * 1236.85, 0.0107438, 0.00001239, -0.000000058])
        let moonArgument = poly(c, [160.7108, 390.67050274 * 1236.85, -0.0016341, -0.00000227, 0.000000011])
        let capOmega = poly(c, [124.7746, -1.56375580 * 1236.85, 0.0020691, 0.00000215])
        var correction = -0.00017 * sinDeg(capOmega)
        for i in 0..<nmSine.count {
            let e = nmE[i] == 0 ? 1 : (nmE[i] == 1 ? capE : capE * capE)
            correction += nmSine[i] * e * sinDeg(nmSolar[i] * solarAnomaly + nmLunar[i] * lunarAnomaly + nmMoon[i] * moonArgument)
        }
        let extra = 0.000325 * sinDeg(poly(c, [299.77, 132.8475848, -0.009173]))
        var additional = 0.0
        for i in 0..<nmAddConst.count {
            additional += nmAddFactor[i] * sinDeg(nmAddConst[i] + nmAddCoeff[i] * k)
        }
        let dynamical = approx + correction + extra + additional
        return dynamical - ephemerisCorrection(dynamical)
    }

    /// The number of the first new moon at or after universal moment `tee`.
    static func newMoonAtOrAfter(_ tee: Double) -> Int {
        var n = Int(((tee - nthNewMoon(0)) / meanSynodicMonth).rounded())
        while nthNewMoon(n) < tee { n += 1 }
        while nthNewMoon(n - 1) >= tee { n -= 1 }
        return n
    }
}

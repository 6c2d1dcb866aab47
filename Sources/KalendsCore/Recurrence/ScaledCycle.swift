/// The cycles of the calendar systems whose dates repeat exactly: after `days` days the
/// same system date (month, day of the month, day of the year, place in a leap cycle)
/// comes back, `years` years and `months` months later. They let a rule counted in such
/// a system (RSCALE) be counted by cycles, as the Gregorian engine counts by 400 years.
/// - Gregorian months (gregorian, iso8601, buddhist, roc, japanese) and the Indian
///   national calendar (its leap years are the Gregorian ones): 146,097 days, 400 years;
/// - julian, coptic, ethiopic, ethiopic-amete-alem: 1,461 days, 4 years (12 or 13 months);
/// - islamic-civil, islamic-tbla (tabular, 11 leap years in 30): 10,631 days, 30 years;
/// - persian (ICU's arithmetic 33-year rule, `SolarSystem`): 12,053 days, 33 years.
/// The others have none a count could use: hebrew repeats only after 689,472 years, and
/// chinese, dangi, islamic-umalqura and islamic (astronomical) follow tables or the moon.
enum ScaledCycle {
    /// A system's cycle, or nil (none, or a registered system).
    static func of(_ system: AnyCalendarSystem) -> (days: Int64, years: Int64, months: Int64)? {
        guard system.builtIn != nil else { return nil }
        switch system.identifier {
        case "gregorian", "iso8601", "buddhist", "roc", "japanese", "indian": return (146_097, 400, 4800)
        case "julian": return (1461, 4, 48)
        case "coptic", "ethiopic", "ethiopic-amete-alem": return (1461, 4, 52)
        case "islamic-civil", "islamic-tbla": return (10_631, 30, 360)
        case "persian": return (12_053, 33, 396)
        default: return nil
        }
    }

    /// The most days a rule's cycle may span (its first two cycles are counted year by
    /// year once): 1,600 Gregorian years.
    static let maxDays: Int64 = 4 * 146_097

    /// Seconds after which the occurrences of a rule of `frequency` and `interval` counted
    /// in `system` repeat: whole system cycles that are also whole weeks (weekdays and
    /// weeks repeat) and whole multiples of INTERVAL units (the lattice of periods
    /// repeats); nil: no cycle, or one longer than `maxDays`.
    static func repeatSeconds(_ system: AnyCalendarSystem, frequency: RruleFrequency, interval: Int64) -> Int64? {
        guard let c = of(system), interval >= 1, interval <= maxDays * 86_400 else { return nil }
        let weeks = 7 / gcd(c.days, 7)
        let m: Int64
        switch frequency {
        case .weekly:
            m = 7 * interval / gcd(c.days, 7 * interval)
        default:
            let units: Int64
            switch frequency {
            case .yearly: units = c.years
            case .monthly: units = c.months
            case .daily: units = c.days
            case .hourly: units = c.days * 24
            case .minutely: units = c.days * 1440
            default: units = c.days * 86_400
            }
            let lattice = interval / gcd(units, interval)
            m = weeks / gcd(weeks, lattice) * lattice
        }
        guard m <= maxDays / c.days else { return nil }
        return m * c.days * 86_400
    }
}

/// Easter Sunday in the Gregorian calendar (the western date), for dateutil's BYEASTER.
public enum Easter {
    /// Day number of Easter Sunday of `year` (the Gauss/Oudin computus for the
    /// Gregorian calendar, as dateutil's `easter(year, EASTER_WESTERN)` gives it).
    public static func dayNumber(year: Int) -> Int {
        let g = year % 19
        let c = year / 100
        let h = (c - c / 4 - (8 * c + 13) / 25 + 19 * g + 15) % 30
        let i = h - (h / 28) * (1 - (h / 28) * (29 / (h + 1)) * ((21 - g) / 11))
        let j = (year + year / 4 + i + 2 - c + c / 4) % 7
        let p = i - j
        let day = 1 + (p + 27 + (p + 6) / 40) % 31
        let month = 3 + (p + 26) / 30
        return Gregorian.daysFromCivil(year, month, day)
    }
}

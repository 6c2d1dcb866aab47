import Testing
@testable import KalendsCore

/// Every RRULE example of RFC 5545 section 3.8.5.3, with the instances the RFC lists
/// (DTSTART;TZID=America/New_York, wall-clock times as the RFC prints them). Open-ended
/// rules are checked on their first instances.
@Suite struct RecurrenceRFCExampleTests {
    func d(_ ym: String, _ days: [Int], _ time: String = "090000") -> [String] { Rec.days(ym, days, time) }

    @Test func dailyForTenOccurrences() throws {
        #expect(try Rec.expand("19970902T090000", "FREQ=DAILY;COUNT=10") == d("199709", Array(2...11), "090000"))
    }

    @Test func dailyUntilDecember24() throws {
        let got = try Rec.expand("19970902T090000", "FREQ=DAILY;UNTIL=19971224T000000Z")
        let want = d("199709", Array(2...30), "090000") + d("199710", Array(1...31), "090000")
            + d("199711", Array(1...30), "090000") + d("199712", Array(1...23), "090000")
        #expect(got == want)
        #expect(got.count == 113)
    }

    @Test func everyOtherDayForever() throws {
        #expect(try Rec.expand("19970902T090000", "FREQ=DAILY;INTERVAL=2", limit: 16)
            == d("199709", [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]) + d("199710", [2]))
    }

    @Test func everyTenDaysFiveOccurrences() throws {
        #expect(try Rec.expand("19970902T090000", "FREQ=DAILY;INTERVAL=10;COUNT=5")
            == d("199709", [2, 12, 22]) + d("199710", [2, 12]))
    }

    @Test func everyDayInJanuaryForThreeYears() throws {
        let want = d("199801", Array(1...31)) + d("199901", Array(1...31)) + d("200001", Array(1...31))
        #expect(try Rec.expand("19980101T090000", "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA") == want)
        #expect(try Rec.expand("19980101T090000", "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1") == want)
    }

    @Test func weeklyForTenOccurrences() throws {
        #expect(try Rec.expand("19970902T090000", "FREQ=WEEKLY;COUNT=10")
            == d("199709", [2, 9, 16, 23, 30]) + d("199710", [7, 14, 21, 28]) + d("199711", [4]))
    }

    @Test func weeklyUntilDecember24() throws {
        #expect(try Rec.expand("19970902T090000", "FREQ=WEEKLY;UNTIL=19971224T000000Z")
            == d("199709", [2, 9, 16, 23, 30]) + d("199710", [7, 14, 21, 28]) + d("199711", [4, 11, 18, 25])
               + d("199712", [2, 9, 16, 23]))
    }

    @Test func everyOtherWeekForever() throws {
        #expect(try Rec.expand("19970902T090000", "FREQ=WEEKLY;INTERVAL=2;WKST=SU", limit: 13)
            == d("199709", [2, 16, 30]) + d("199710", [14, 28]) + d("199711", [11, 25]) + d("199712", [9, 23])
               + d("199801", [6, 20]) + d("199802", [3, 17]))
    }

    @Test func weeklyOnTuesdayAndThursdayForFiveWeeks() throws {
        let want = d("199709", [2, 4, 9, 11, 16, 18, 23, 25, 30]) + d("199710", [2])
        #expect(try Rec.expand("19970902T090000", "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH") == want)
        #expect(try Rec.expand("19970902T090000", "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH") == want)
    }

    @Test func everyOtherWeekOnMondayWednesdayFriday() throws {
        #expect(try Rec.expand("19970901T090000", "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR")
            == d("199709", [1, 3, 5, 15, 17, 19, 29]) + d("199710", [1, 3, 13, 15, 17, 27, 29, 31])
               + d("199711", [10, 12, 14, 24, 26, 28]) + d("199712", [8, 10, 12, 22]))
    }

    @Test func everyOtherWeekOnTuesdayAndThursdayEightTimes() throws {
        #expect(try Rec.expand("19970902T090000", "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH")
            == d("199709", [2, 4, 16, 18, 30]) + d("199710", [2, 14, 16]))
    }

    @Test func monthlyOnFirstFriday() throws {
        #expect(try Rec.expand("19970905T090000", "FREQ=MONTHLY;COUNT=10;BYDAY=1FR")
            == d("199709", [5]) + d("199710", [3]) + d("199711", [7]) + d("199712", [5]) + d("199801", [2])
               + d("199802", [6]) + d("199803", [6]) + d("199804", [3]) + d("199805", [1]) + d("199806", [5]))
        #expect(try Rec.expand("19970905T090000", "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR")
            == d("199709", [5]) + d("199710", [3]) + d("199711", [7]) + d("199712", [5]))
    }

    @Test func everyOtherMonthFirstAndLastSunday() throws {
        #expect(try Rec.expand("19970907T090000", "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU")
            == d("199709", [7, 28]) + d("199711", [2, 30]) + d("199801", [4, 25]) + d("199803", [1, 29])
               + d("199805", [3, 31]))
    }

    @Test func monthlySecondToLastMonday() throws {
        #expect(try Rec.expand("19970922T090000", "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO")
            == d("199709", [22]) + d("199710", [20]) + d("199711", [17]) + d("199712", [22]) + d("199801", [19])
               + d("199802", [16]))
    }

    @Test func monthlyThirdToLastDay() throws {
        #expect(try Rec.expand("19970928T090000", "FREQ=MONTHLY;BYMONTHDAY=-3", limit: 6)
            == d("199709", [28]) + d("199710", [29]) + d("199711", [28]) + d("199712", [29]) + d("199801", [29])
               + d("199802", [26]))
    }

    @Test func monthlyOnSecondAndFifteenth() throws {
        #expect(try Rec.expand("19970902T090000", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15")
            == d("199709", [2, 15]) + d("199710", [2, 15]) + d("199711", [2, 15]) + d("199712", [2, 15])
               + d("199801", [2, 15]))
    }

    @Test func monthlyOnFirstAndLastDay() throws {
        #expect(try Rec.expand("19970930T090000", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1")
            == d("199709", [30]) + d("199710", [1, 31]) + d("199711", [1, 30]) + d("199712", [1, 31])
               + d("199801", [1, 31]) + d("199802", [1]))
    }

    @Test func every18MonthsTenthToFifteenth() throws {
        #expect(try Rec.expand("19970910T090000", "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15")
            == d("199709", Array(10...15)) + d("199903", Array(10...13)))
    }

    @Test func everyTuesdayEveryOtherMonth() throws {
        #expect(try Rec.expand("19970902T090000", "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU", limit: 18)
            == d("199709", [2, 9, 16, 23, 30]) + d("199711", [4, 11, 18, 25]) + d("199801", [6, 13, 20, 27])
               + d("199803", [3, 10, 17, 24, 31]))
    }

    @Test func yearlyInJuneAndJuly() throws {
        #expect(try Rec.expand("19970610T090000", "FREQ=YEARLY;COUNT=10;BYMONTH=6,7")
            == ["1997", "1998", "1999", "2000", "2001"].flatMap { (y: String) -> [String] in [y + "0610T090000", y + "0710T090000"] })
    }

    @Test func everyOtherYearJanuaryToMarch() throws {
        let later: [String] = ["1999", "2001", "2003"].flatMap { (y: String) -> [String] in ["01", "02", "03"].map { y + $0 + "10T090000" } }
        #expect(try Rec.expand("19970310T090000", "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3") == ["19970310T090000"] + later)
    }

    @Test func everyThirdYearOnDays1_100_200() throws {
        #expect(try Rec.expand("19970101T090000", "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200")
            == d("199701", [1]) + d("199704", [10]) + d("199707", [19]) + d("200001", [1]) + d("200004", [9])
               + d("200007", [18]) + d("200301", [1]) + d("200304", [10]) + d("200307", [19]) + d("200601", [1]))
    }

    @Test func every20thMonday() throws {
        #expect(try Rec.expand("19970519T090000", "FREQ=YEARLY;BYDAY=20MO", limit: 3)
            == d("199705", [19]) + d("199805", [18]) + d("199905", [17]))
    }

    @Test func mondayOfWeek20() throws {
        #expect(try Rec.expand("19970512T090000", "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", limit: 3)
            == d("199705", [12]) + d("199805", [11]) + d("199905", [17]))
    }

    @Test func everyThursdayInMarch() throws {
        #expect(try Rec.expand("19970313T090000", "FREQ=YEARLY;BYMONTH=3;BYDAY=TH", limit: 11)
            == d("199703", [13, 20, 27]) + d("199803", [5, 12, 19, 26]) + d("199903", [4, 11, 18, 25]))
    }

    @Test func everyThursdayInSummer() throws {
        #expect(try Rec.expand("19970605T090000", "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8", limit: 35)
            == d("199706", [5, 12, 19, 26]) + d("199707", [3, 10, 17, 24, 31]) + d("199708", [7, 14, 21, 28])
               + d("199806", [4, 11, 18, 25]) + d("199807", [2, 9, 16, 23, 30]) + d("199808", [6, 13, 20, 27])
               + d("199906", [3, 10, 17, 24]) + d("199907", [1, 8, 15, 22, 29]))
    }

    @Test func everyFridayThe13th() throws {
        #expect(try Rec.expand("19970902T090000", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", limit: 5, exdates: ["19970902T090000"])
            == d("199802", [13]) + d("199803", [13]) + d("199811", [13]) + d("199908", [13]) + d("200010", [13]))
    }

    @Test func firstSaturdayAfterFirstSunday() throws {
        #expect(try Rec.expand("19970913T090000", "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13", limit: 10)
            == d("199709", [13]) + d("199710", [11]) + d("199711", [8]) + d("199712", [13]) + d("199801", [10])
               + d("199802", [7]) + d("199803", [7]) + d("199804", [11]) + d("199805", [9]) + d("199806", [13]))
    }

    @Test func usPresidentialElectionDay() throws {
        #expect(try Rec.expand("19961105T090000", "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8", limit: 3)
            == d("199611", [5]) + d("200011", [7]) + d("200411", [2]))
    }

    @Test func thirdTuesdayWednesdayOrThursday() throws {
        #expect(try Rec.expand("19970904T090000", "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3")
            == d("199709", [4]) + d("199710", [7]) + d("199711", [6]))
    }

    @Test func secondToLastWeekday() throws {
        #expect(try Rec.expand("19970929T090000", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", limit: 7)
            == d("199709", [29]) + d("199710", [30]) + d("199711", [27]) + d("199712", [30]) + d("199801", [29])
               + d("199802", [26]) + d("199803", [30]))
    }

    /// The RFC lists 09:00, 12:00 and 15:00, but UNTIL=17:00Z is 13:00 EDT: 15:00 EDT is
    /// after it (RFC 5545 erratum 3883 reports the mismatch). The arithmetic wins.
    @Test func everyThreeHoursUntilUTC() throws {
        #expect(try Rec.expand("19970902T090000", "FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z")
            == ["19970902T090000", "19970902T120000"])
        #expect(try Rec.expand("19970902T090000", "FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T190000Z")
            == ["19970902T090000", "19970902T120000", "19970902T150000"])
    }

    @Test func everyFifteenMinutesSixTimes() throws {
        #expect(try Rec.expand("19970902T090000", "FREQ=MINUTELY;INTERVAL=15;COUNT=6")
            == ["090000", "091500", "093000", "094500", "100000", "101500"].map { "19970902T" + $0 })
    }

    @Test func everyHourAndAHalfFourTimes() throws {
        #expect(try Rec.expand("19970902T090000", "FREQ=MINUTELY;INTERVAL=90;COUNT=4")
            == ["090000", "103000", "120000", "133000"].map { "19970902T" + $0 })
    }

    @Test func everyTwentyMinutesNineToFiveForTwoDays() throws {
        let day: (String) -> [String] = { date in
            (9...16).flatMap { h in [0, 20, 40].map { m in date + "T" + (h < 10 ? "0" : "") + "\(h)" + (m == 0 ? "00" : "\(m)") + "00" } }
        }
        let want = day("19970902") + day("19970903")
        #expect(try Rec.expand("19970902T090000", "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40", limit: 48) == want)
        #expect(try Rec.expand("19970902T090000", "FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16", limit: 48) == want)
    }

    @Test func weekStartChangesWeeklyIntervals() throws {
        #expect(try Rec.expand("19970805T090000", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO")
            == d("199708", [5, 10, 19, 24]))
        #expect(try Rec.expand("19970805T090000", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU")
            == d("199708", [5, 17, 19, 31]))
    }

    @Test func invalidDatesAreSkipped() throws {
        #expect(try Rec.expand("20070115T090000", "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5")
            == d("200701", [15, 30]) + d("200702", [15]) + d("200703", [15, 30]))
    }
}

import Foundation
import Testing
@testable import KalendsCore

/// iCalendar reading, writing and the occurrence query.
@Suite struct ICalendarTests {
    static func read(_ text: String, strict: Bool = false) throws -> ICalendar {
        try ICalendarReader.read(Array(text.utf8), options: ICalendarOptions(strict: strict))
    }

    static func zones(_ cal: ICalendar) -> ICalZones {
        ICalZones(calendar: cal) { name in try? TZTest.zone(name) }
    }

    static func wrap(_ body: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + body + "END:VCALENDAR\r\n"
    }

    @Test func contentLinesParametersAndEscapes() throws {
        let l = try #require(ContentLine.parse(#"ATTENDEE;CN="Doe, Jane";ROLE=REQ-PARTICIPANT;X-A=a,"b:c":mailto:j@x.org"#, line: 3))
        #expect(l.name == "ATTENDEE")
        #expect(l.parameters.map(\.name) == ["CN", "ROLE", "X-A"])
        #expect(l.parameter("CN") == "Doe, Jane")
        #expect(l.parameters[2].values == ["a", "b:c"])
        #expect(l.value == "mailto:j@x.org")
        #expect(ContentLine.parse(l.text, line: 0) == l)
        #expect(ContentLine.unescape(#"a\,b\;c\\d\ne\Nf"#) == "a,b;c\\d\ne\nf")
        #expect(ContentLine.escape("a,b;c\\d\ne") == #"a\,b\;c\\d\ne"#)
        #expect(ContentLine.parse("NOCOLON", line: 1) == nil)
        #expect(ContentLine.parse(#"X;P="unterminated:v"#, line: 1) == nil)
    }

    @Test func foldingAndUnfolding() throws {
        let summary = String(repeating: "Grüße, ", count: 30)
        var cal = ICalendar()
        var e = ICalEvent(start: ICalTime(kind: .date, local: 20_000 * 86_400))
        e.uid = "u1"
        e.summary = summary
        cal.events = [e]
        let bytes = cal.serialized()
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.contains { $0.hasPrefix(" ") })
        let back = try ICalendarReader.read(bytes)
        #expect(back.events.first?.summary == summary)
        // LF-only files and tab continuations read too.
        let lf = try Self.read("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nDTSTART:20240101T090000\nSUMMARY:Hel\n\tlo\nEND:VEVENT\nEND:VCALENDAR\n")
        #expect(lf.events.first?.summary == "Hello")
    }

    static let sample = wrap("""
    BEGIN:VTIMEZONE\r
    TZID:Custom/Zone\r
    BEGIN:STANDARD\r
    DTSTART:19701025T030000\r
    TZOFFSETFROM:+0200\r
    TZOFFSETTO:+0100\r
    RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
    END:STANDARD\r
    BEGIN:DAYLIGHT\r
    DTSTART:19700329T020000\r
    TZOFFSETFROM:+0100\r
    TZOFFSETTO:+0200\r
    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
    END:DAYLIGHT\r
    END:VTIMEZONE\r
    BEGIN:VEVENT\r
    UID:weekly@x\r
    DTSTART;TZID=Custom/Zone:20241007T090000\r
    DTEND;TZID=Custom/Zone:20241007T100000\r
    RRULE:FREQ=WEEKLY;COUNT=5\r
    EXDATE;TZID=Custom/Zone:20241021T090000\r
    SUMMARY:Stand-up\\, daily\r
    COLOR:turquoise\r
    BEGIN:VALARM\r
    ACTION:DISPLAY\r
    TRIGGER:-PT10M\r
    END:VALARM\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:weekly@x\r
    RECURRENCE-ID;TZID=Custom/Zone:20241014T090000\r
    DTSTART;TZID=Custom/Zone:20241014T110000\r
    DTEND;TZID=Custom/Zone:20241014T120000\r
    SUMMARY:Moved\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:weekly@x\r
    RECURRENCE-ID;TZID=Custom/Zone:20241028T090000\r
    DTSTART;TZID=Custom/Zone:20241028T090000\r
    STATUS:CANCELLED\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:allday@x\r
    DTSTART;VALUE=DATE:20241010\r
    SUMMARY:Holiday\r
    END:VEVENT\r
    BEGIN:VTODO\r
    UID:todo@x\r
    SUMMARY:Kept\r
    END:VTODO\r

    """)

    @Test func eventsOverridesCancellationsAndACustomZone() throws {
        let cal = try Self.read(Self.sample)
        #expect(cal.warnings.isEmpty)
        #expect(cal.events.count == 4)
        #expect(cal.otherComponents.map(\.name) == ["VTODO"])
        #expect(cal.events[0].summary == "Stand-up, daily")
        #expect(cal.events[0].components.map(\.name) == ["VALARM"])
        #expect(cal.events[0].color == "turquoise")
        let zone = try TZTest.zone("UTC")
        let (occ, warnings) = try cal.occurrences(from: try Rec.local("20241001T000000"), to: try Rec.local("20241201T000000"),
                                                  zone: zone, zones: Self.zones(cal))
        #expect(warnings.isEmpty)
        // Oct 7, 14 (moved to 11:00), [21 excluded], 28 (cancelled: listed, as recurring-ical-events
        // lists it, with its override as its event), Nov 4; the holiday Oct 10.
        #expect(occ.map { $0.uid + " " + $0.start.text } == [
            "weekly@x 20241007T090000", "allday@x 20241010", "weekly@x 20241014T110000", "weekly@x 20241028T090000",
            "weekly@x 20241104T090000",
        ])
        #expect(occ.map { cal.events[$0.event].statusKind } == [.none, .none, .none, .cancelled, .none])
        #expect(cal.events[occ[3].event].status == "CANCELLED" && occ[3].recurrenceID?.text == "20241028T090000")
        #expect(occ[2].summary == "Moved")
        #expect(occ[2].recurrenceID?.text == "20241014T090000")
        #expect(occ[1].end.text == "20241011")
        // Custom/Zone is CET/CEST: 09:00 on Oct 7 is 07:00Z; Nov 4 (after Oct 27) is 08:00Z.
        #expect(try occ[0].startInstant == Rec.local("20241007T070000"))
        #expect(try occ[4].startInstant == Rec.local("20241104T080000"))
    }

    @Test func writingRoundTrips() throws {
        let cal = try Self.read(Self.sample)
        let again = try ICalendarReader.read(cal.serialized())
        #expect(again.events == cal.events)
        #expect(again.timeZoneDefinitions == cal.timeZoneDefinitions)
        #expect(again.otherComponents == cal.otherComponents)
        let third = try ICalendarReader.read(again.serialized())
        #expect(third.serialized() == again.serialized())
    }

    @Test func thisAndFutureMovesLaterInstances() throws {
        let cal = try Self.read(Self.wrap("""
        BEGIN:VEVENT\r
        UID:s\r
        DTSTART:20240101T090000Z\r
        DURATION:PT1H\r
        RRULE:FREQ=DAILY;COUNT=5\r
        SUMMARY:Old\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:s\r
        RECURRENCE-ID;RANGE=THISANDFUTURE:20240103T090000Z\r
        DTSTART:20240103T140000Z\r
        DURATION:PT2H\r
        SUMMARY:New\r
        END:VEVENT\r

        """))
        let (occ, _) = try cal.occurrences(from: try Rec.local("20240101T000000"), to: try Rec.local("20240110T000000"),
                                           zone: nil, zones: Self.zones(cal))
        #expect(occ.map { $0.start.text + "-" + $0.end.text + " " + ($0.summary ?? "") } == [
            "20240101T090000Z-20240101T100000Z Old", "20240102T090000Z-20240102T100000Z Old",
            "20240103T140000Z-20240103T160000Z New", "20240104T140000Z-20240104T160000Z New",
            "20240105T140000Z-20240105T160000Z New",
        ])
    }

    @Test func windowsAndPrefixedZoneNames() throws {
        let cal = try Self.read(Self.wrap("""
        BEGIN:VEVENT\r
        UID:w\r
        DTSTART;TZID=W. Europe Standard Time:20240701T090000\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:m\r
        DTSTART;TZID=/mozilla.org/20050126_1/America/New_York:20240701T090000\r
        END:VEVENT\r

        """))
        #expect(WindowsZones.iana("W. Europe Standard Time") == "Europe/Berlin")
        #expect(WindowsZones.iana("Eastern Standard Time") == "America/New_York")
        #expect(WindowsZones.iana("tokyo standard time") == "Asia/Tokyo")
        let (occ, warnings) = try cal.occurrences(from: try Rec.local("20240701T000000"), to: try Rec.local("20240702T000000"),
                                                  zone: nil, zones: Self.zones(cal))
        #expect(warnings.isEmpty)
        #expect(try occ.map(\.startInstant) == [Rec.local("20240701T070000"), Rec.local("20240701T130000")])
    }

    @Test func lenientSkipsBrokenComponentsStrictRefuses() throws {
        let text = Self.wrap("""
        BEGIN:VEVENT\r
        UID:good1\r
        DTSTART:20240101T090000\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:bad-rrule\r
        DTSTART:20240101T090000\r
        RRULE:FREQ=SOMETIMES\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:bad-line\r
        this line has no colon\r
        DTSTART:20240101T090000\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:no-start\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:good2\r
        DTSTART;VALUE=DATE:20240102\r
        X-UNKNOWN-PROPERTY;X-P=1:kept\r
        END:VEVENT\r

        """)
        let cal = try Self.read(text)
        // A line without ':' is dropped alone (its VEVENT is kept), as icalendar reads it.
        #expect(cal.events.map(\.uid) == ["good1", "bad-line", "good2"])
        // Each skipped VEVENT is named by its BEGIN line, the message by the broken line.
        #expect(cal.warnings.map(\.line) == [8, 15, 18])
        #expect(cal.warnings[0].message.contains("line 11: RRULE"))
        #expect(cal.warnings[1].message.contains("not a content line, skipped"))
        #expect(cal.warnings[2].message.contains("no DTSTART"))
        #expect(cal.events[2].otherProperties.map(\.name) == ["X-UNKNOWN-PROPERTY"])
        let error = expectKalendsError(.parse) { try Self.read(text, strict: true) }
        #expect(error?.message.hasPrefix("line 11: RRULE") == true)
        let noColon = expectKalendsError(.parse) { try Self.read(Self.wrap("BEGIN:VEVENT\r\nX-A=1\r\nEND:VEVENT\r\n"), strict: true) }
        #expect(noColon?.message == "line 5: not a content line: \"X-A=1\"")
        // Unterminated components, stray lines and junk.
        let broken = try Self.read("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20240101\r\n")
        #expect(broken.events.isEmpty && !broken.warnings.isEmpty)
        expectKalendsError(.parse) { try Self.read("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n", strict: true) }
        #expect(try Self.read("garbage").warnings.count >= 1)
    }

    /// What real files contain and recurring-ical-events reads (its test calendars, named):
    /// the lenient reader repairs it with a warning, the strict one refuses it.
    @Test func lenientRepairsWhatRecurringIcalEventsReads() throws {
        func occurrences(_ cal: ICalendar) throws -> [String] {
            try cal.occurrences(from: Rec.local("20000101T000000"), to: Rec.local("20310101T000000"), zone: nil,
                                zones: Self.zones(cal)).occurrences.map { "\($0.uid) \($0.start.text)/\($0.end.text)" }
        }
        // issue_168 / timezone_rdate / issue_61: a line without ':' or a fold without its space.
        let noColon = try Self.read(Self.wrap("BEGIN:VEVENT\r\nDTSTART:20150905T090000Z\r\nDTEND:20150905T100000Z\r\n"
                                              + "UID:123\r\nX-APPLE-RADIUS=49.9\r\nl Latham;CUTYPE=I:mailto:a@b\r\nEND:VEVENT\r\n"))
        #expect(try occurrences(noColon) == ["123 20150905T090000Z/20150905T100000Z"])
        #expect(noColon.warnings.map(\.line) == [8, 9])
        // issue_201_test_matrix: a misspelt END closes the open component, the rest is not nested in it.
        let misspelt = try Self.read(Self.wrap("BEGIN:VTODO\r\nUID:t\r\nEND:VTOOD\r\nBEGIN:VEVENT\r\nUID:e\r\n"
                                               + "DTSTART;VALUE=DATE:20000101\r\nEND:VEVENT\r\n"))
        #expect(misspelt.events.map(\.uid) == ["e"] && misspelt.otherComponents.map(\.name) == ["VTODO"])
        #expect(misspelt.warnings.first?.message.contains("END:VTOOD does not match BEGIN:VTODO") == true)
        // issue_178: a VEVENT inside a component RFC 5545 does not define; one in a VTODO stays there.
        let wrapped = try Self.read("BEGIN:MYCOMPTOO\r\nBEGIN:VEVENT\r\nDTSTART:20150122\r\nUID:12345\r\nEND:VEVENT\r\nEND:MYCOMPTOO\r\n")
        #expect(try occurrences(wrapped) == ["12345 20150122/20150123"])
        let inTodo = try Self.read(Self.wrap("BEGIN:VTODO\r\nUID:t\r\nBEGIN:VEVENT\r\nDTSTART:20150122\r\nUID:x\r\nEND:VEVENT\r\nEND:VTODO\r\n"))
        #expect(inTodo.events.isEmpty && inTodo.otherComponents.first?.children.map(\.name) == ["VEVENT"])
        // issue_128: COUNT=-1 next to UNTIL (RFC 5545 3.3.10: COUNT is digits) is no COUNT.
        let negative = Self.wrap("BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20231002\r\nDTEND;VALUE=DATE:20231009\r\nUID:n\r\n"
                                 + "RRULE:FREQ=WEEKLY;UNTIL=20240331;COUNT=-1;INTERVAL=4;BYDAY=MO\r\nEND:VEVENT\r\n")
        let repaired = try Self.read(negative)
        #expect(try occurrences(repaired).map { String($0.dropFirst(2).prefix(8)) }
                == ["20231002", "20231030", "20231127", "20231225", "20240122", "20240219", "20240318"])
        #expect(repaired.warnings.map(\.message) == ["RRULE: negative COUNT ignored"])
        #expect(ICalendarReader.withoutNegativeCount("FREQ=DAILY;COUNT=-12") == "FREQ=DAILY")
        #expect(ICalendarReader.withoutNegativeCount("FREQ=DAILY;COUNT=3") == nil)
        expectKalendsError(.parse) { try Self.read(negative, strict: true) }
        // issue_201_test_matrix: mixed value types read as recurring-ical-events reads them.
        func event(_ start: String, _ end: String) -> String {
            "BEGIN:VEVENT\r\nUID:\(start)-\(end)\r\nDTSTART\(start)\r\n\(end)\r\nEND:VEVENT\r\n"
        }
        let matrix = try Self.read(Self.wrap([
            event(";VALUE=DATE:20000101", "DTEND:20000102T040000"), event(";VALUE=DATE:20000101", "DTEND:20000103T020000Z"),
            event(";VALUE=DATE:20000101", "DURATION:PT10H"), event(";VALUE=DATE:20000101", "DURATION:P3D"),
            event(":20000101T000000", "DTEND;VALUE=DATE:20000102"), event(":20000101T000000", "DTEND:20000103T020000Z"),
            event(":20000101T000000Z", "DTEND;VALUE=DATE:20000102"), event(":20000101T000000Z", "DTEND:20000102T040000"),
        ].joined()))
        #expect(try occurrences(matrix).map { String($0.split(separator: " ")[1]) }.sorted() == [
            "20000101/20000104", "20000101T000000/20000101T100000", "20000101T000000/20000102T000000",
            "20000101T000000/20000102T040000", "20000101T000000Z/20000102T000000Z", "20000101T000000Z/20000102T040000Z",
            "20000101T000000Z/20000103T020000Z", "20000101T000000Z/20000103T020000Z"])
        expectKalendsError(.parse) { try Self.read(Self.wrap(event(";VALUE=DATE:20000101", "DTEND:20000102T040000")), strict: true) }
    }

    /// Exchange writes a DATE series' overrides with a TZID midnight RECURRENCE-ID
    /// (issue_28_rrule_with_UTC_endinginZ.ics): each names the instance of that date.
    @Test func dateTimeRecurrenceIDOfADateSeries() throws {
        let cal = try Self.read(Self.wrap("""
        BEGIN:VEVENT\r
        RRULE:FREQ=WEEKLY;UNTIL=20200916T230000Z;INTERVAL=2;BYDAY=TH\r
        UID:bin\r
        DTSTART;VALUE=DATE:20200402\r
        DTEND;VALUE=DATE:20200403\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:bin\r
        RECURRENCE-ID;TZID=Europe/London:20200416T000000\r
        DTSTART;VALUE=DATE:20200417\r
        DTEND;VALUE=DATE:20200418\r
        END:VEVENT\r

        """))
        let got = try cal.occurrences(from: Rec.local("20200401T000000"), to: Rec.local("20200501T000000"), zone: nil,
                                      zones: Self.zones(cal)).occurrences.map(\.start.text)
        #expect(got == ["20200402", "20200417", "20200430"])
    }

    /// recurring-ical-events' ends: a DTEND in UTC against a TZID start lasts the time
    /// between the instants (alarm_etar_future.ics), an RDATE period at DTSTART gives that
    /// instance its length (issue_184_broken_representation_of_period.ics).
    @Test func endsInAnotherZoneAndPeriodsAtTheStart() throws {
        let cal = try Self.read(Self.wrap("""
        BEGIN:VEVENT\r
        UID:a\r
        DTSTART;TZID=Europe/London:20241005T130000\r
        DTEND:20241005T130000Z\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:p\r
        DTSTART:20150219T133000\r
        RDATE;VALUE=PERIOD:20150219T133000/PT10H,20150220T080000/PT1H\r
        END:VEVENT\r

        """))
        let got = try cal.occurrences(from: Rec.local("20150101T000000"), to: Rec.local("20250101T000000"), zone: nil,
                                      zones: Self.zones(cal)).occurrences
        #expect(got.map { "\($0.start.text)/\($0.end.text)" }
                == ["20150219T133000/20150219T233000", "20150220T080000/20150220T090000", "20241005T130000/20241005T140000"])
        #expect(got[2].endInstant - got[2].startInstant == 3600)
        // Written and read again: the same occurrences.
        let again = try ICalendarReader.read(cal.serialized())
        #expect(try again.occurrences(from: Rec.local("20150101T000000"), to: Rec.local("20250101T000000"), zone: nil,
                                      zones: Self.zones(again)).occurrences == got)
    }

    /// Several revisions of one UID in a file (recurring-ical-events' issue_148, 163, 164,
    /// 253, alarm_absolute_edited): the master and each override with the highest SEQUENCE
    /// (RFC 5545 3.8.7.4) count; an override its master's EXDATE removes, or an older one with
    /// its own RRULE at an instance the master no longer has, gives nothing.
    @Test func latestRevisionOfAUIDCounts() throws {
        func starts(_ body: String) throws -> [String] {
            let cal = try Self.read(Self.wrap(body))
            return try cal.occurrences(from: Rec.local("20240101T000000"), to: Rec.local("20250101T000000"), zone: nil,
                                       zones: Self.zones(cal)).occurrences.map { "\($0.start.text) \($0.summary ?? "")" }
        }
        func event(_ lines: String...) -> String { "BEGIN:VEVENT\r\nUID:111\r\n" + lines.joined(separator: "\r\n") + "\r\nEND:VEVENT\r\n" }
        let rule = "RRULE:FREQ=WEEKLY;UNTIL=20240801;INTERVAL=2;BYDAY=MO"
        // issue_148_edge_case_1: master SEQUENCE 1, an override of 07-15 (SEQUENCE 2), master SEQUENCE 3 excluding 07-15.
        #expect(try starts(event("DTSTART;VALUE=DATE:20240701", "SUMMARY:v1", rule, "SEQUENCE:1")
                           + event("RECURRENCE-ID;VALUE=DATE:20240715", "DTSTART;VALUE=DATE:20240702", "SUMMARY:moved", rule, "SEQUENCE:2")
                           + event("DTSTART;VALUE=DATE:20240701", "SUMMARY:v3", rule, "EXDATE;VALUE=DATE:20240715", "SEQUENCE:3"))
                == ["20240701 v3", "20240729 v3"])
        // Equal SEQUENCE (or none): the first; two overrides of one instance: the higher SEQUENCE.
        #expect(try starts(event("DTSTART;VALUE=DATE:20240701", "SUMMARY:first", rule)
                           + event("DTSTART;VALUE=DATE:20240701", "SUMMARY:second", rule)
                           + event("RECURRENCE-ID;VALUE=DATE:20240715", "DTSTART;VALUE=DATE:20240716", "SUMMARY:a", "SEQUENCE:4")
                           + event("RECURRENCE-ID;VALUE=DATE:20240715", "DTSTART;VALUE=DATE:20240717", "SUMMARY:b", "SEQUENCE:5"))
                == ["20240701 first", "20240717 b", "20240729 first"])
        // issue_253: an older override with its own RRULE at 07-29, which the newer master (UNTIL 07-20) lacks.
        #expect(try starts(event("DTSTART;VALUE=DATE:20240729", "SUMMARY:split", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO",
                                 "RECURRENCE-ID;VALUE=DATE:20240729", "SEQUENCE:1")
                           + event("DTSTART;VALUE=DATE:20240701", "SUMMARY:m", "RRULE:FREQ=WEEKLY;UNTIL=20240720;INTERVAL=2;BYDAY=MO",
                                   "SEQUENCE:2"))
                == ["20240701 m", "20240715 m"])
        // The same override kept when the master still has that instance.
        #expect(try starts(event("DTSTART;VALUE=DATE:20240729", "SUMMARY:split", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO",
                                 "RECURRENCE-ID;VALUE=DATE:20240729", "SEQUENCE:1")
                           + event("DTSTART;VALUE=DATE:20240701", "SUMMARY:m", "RRULE:FREQ=WEEKLY;UNTIL=20240801;INTERVAL=2;BYDAY=MO",
                                   "SEQUENCE:2"))
                == ["20240701 m", "20240715 m", "20240729 split"])
        // DTEND before DTSTART (end_before_start_event, issue_132): swapped when lenient, refused when strict.
        let swapped = event("DTSTART;TZID=Europe/Berlin:20190304T083000", "DTEND;TZID=Europe/Berlin:20190304T080000")
        let cal = try Self.read(Self.wrap(swapped))
        #expect(cal.events.map { "\($0.start.text)/\($0.end?.text ?? "")" } == ["20190304T080000/20190304T083000"])
        #expect(cal.warnings.count == 1)
        expectKalendsError(.parse) { try Self.read(Self.wrap(swapped), strict: true) }
    }

    /// ICalendarQuery (series indexed by span, as kalends_ical_between uses it) gives what
    /// expanding every series gives, for random windows in floating time, UTC and New York,
    /// on a calendar of ended, live, counted, all-day, zoned and overridden series.
    @Test func indexedQueryEqualsExpandingEverySeries() throws {
        var rng = SplitMix(2026)
        let rules = ["FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=DAILY;INTERVAL=3;UNTIL=20120101T000000Z", "FREQ=MONTHLY;BYDAY=-1FR;COUNT=30",
                     "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "FREQ=DAILY;COUNT=5", ""]
        var body = ""
        for i in 0..<150 {
            let year = 2000 + Int(rng.next() % 30), month = 1 + Int(rng.next() % 12), day = 1 + Int(rng.next() % 27)
            let date = String(format: "%04d%02d%02d", year, month, day)
            let start: String
            switch rng.next() % 4 {
            case 0: start = "DTSTART;VALUE=DATE:\(date)\r\nDTEND;VALUE=DATE:\(date.prefix(6))\(String(format: "%02d", day + 1))"
            case 1: start = "DTSTART;TZID=America/New_York:\(date)T090000\r\nDURATION:PT1H"
            case 2: start = "DTSTART:\(date)T230000Z\r\nDURATION:PT3H"
            default: start = "DTSTART:\(date)T120000\r\nDURATION:P2D"
            }
            let rule = rules[Int(rng.next() % UInt64(rules.count))]
            // Some with an RDATE before DTSTART, a period, or after the rule's end.
            let rdate = ["", "RDATE:19990301T120000Z\r\n", "RDATE;VALUE=PERIOD:20150601T080000Z/PT5H\r\n", ""][i % 4]
            body += "BEGIN:VEVENT\r\nUID:s\(i)\r\nSUMMARY:s\(i)\r\n\(start)\r\n" + (rule.isEmpty ? "" : "RRULE:\(rule)\r\n")
                + rdate + "END:VEVENT\r\n"
        }
        // An override moving one instance and one moving all later ones.
        body += "BEGIN:VEVENT\r\nUID:s0\r\nRECURRENCE-ID:20990101T000000Z\r\nDTSTART:20200101T000000Z\r\nEND:VEVENT\r\n"
        let cal = try Self.read(Self.wrap(body))
        let zones = Self.zones(cal)
        let query = ICalendarQuery(calendar: cal, zones: zones)
        #expect(query.seriesCount == 150)
        var ignored: [ICalWarning] = []
        let york = try TZTest.zone("America/New_York")
        let all = cal.series()   // every series asked each time (their sets cached)
        #expect(try cal.occurrences(from: Rec.local("20100101T000000"), to: Rec.local("20100401T000000"), zone: york,
                                    zones: zones).occurrences == query.occurrences(from: Rec.local("20100101T000000"),
                                    to: Rec.local("20100401T000000"), zone: york, warnings: &ignored))
        var nonEmpty = 0
        for k in 0..<45 {
            let from = try Rec.local("19980101T000000") + Int64(rng.next() % (36 * 365)) * 86_400 + Int64(rng.next() % 86_400)
            let to = from + Int64(rng.next() % (40 * 86_400))
            let zone: KalendsCore.TimeZone? = [nil, .utc, york][k % 3]
            var warnings: [ICalWarning] = []
            let got = try query.occurrences(from: from, to: to, zone: zone, warnings: &warnings)
            var scanned: [ICalOccurrence] = []
            for series in all {
                try series.occurrences(from: ICalendar.instant(ofWall: from, zone), to: ICalendar.instant(ofWall: to, zone),
                                       zone: zone, zones: zones, warnings: &warnings, into: &scanned)
            }
            let want = ICalOccurrence.sortedByStart(scanned)
            #expect(got == want, "window \(Rec.text(from)) ... \(Rec.text(to))")
            if !got.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > 20)
        // RDATEs before every DTSTART and periods after many rules' UNTIL are found.
        for (a, b) in [("19990220T000000", "19990310T000000"), ("20150601T000000", "20150602T000000")] {
            var warnings: [ICalWarning] = []
            let got = try query.occurrences(from: Rec.local(a), to: Rec.local(b), zone: york, warnings: &warnings)
            let want = try cal.occurrences(from: Rec.local(a), to: Rec.local(b), zone: york, zones: zones).occurrences
            #expect(got.count >= 30 && got == want)
        }
    }

    @Test func severalCalendarsInOneFile() throws {
        let one = Self.wrap("BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20240101T090000\r\nEND:VEVENT\r\n")
        let two = Self.wrap("BEGIN:VEVENT\r\nUID:b\r\nDTSTART:20240102T090000\r\nEND:VEVENT\r\n")
        let cal = try Self.read(one + two)
        #expect(cal.events.map(\.uid) == ["a", "b"])
    }

    @Test func periodsDurationsAndDates() throws {
        let cal = try Self.read(Self.wrap("""
        BEGIN:VEVENT\r
        UID:p\r
        DTSTART:20240101T090000Z\r
        DURATION:PT30M\r
        RDATE;VALUE=PERIOD:20240105T100000Z/20240105T120000Z,20240106T100000Z/PT1H\r
        RDATE:20240107T090000Z\r
        END:VEVENT\r

        """))
        #expect(cal.events[0].dates.count == 3)
        #expect(cal.events[0].dates[1].periodEnd?.text == "20240106T110000Z")
        #expect(try ICalDuration.parse("-P1W2DT3H4M5S") == ICalDuration(days: -9, seconds: -(3 * 3600 + 4 * 60 + 5)))
        expectKalendsError(.parse) { try ICalDuration.parse("P1H") }
        expectKalendsError(.parse) { try ICalDuration.parse("PT") }
        let again = try ICalendarReader.read(cal.serialized())
        #expect(again.events == cal.events)
    }

    /// A large file read through the event handler: memory stays flat (the reader holds a
    /// line and a component); every event arrives.
    @Test func largeFileStreamsInBoundedMemory() throws {
        var count = 0
        let reader = ICalendarReader { _ in count += 1 }
        let event = Array("BEGIN:VEVENT\r\nUID:x\r\nDTSTART:20240101T090000Z\r\nRRULE:FREQ=DAILY;COUNT=1000000000000\r\nSUMMARY:A fairly ordinary event with a summary\r\nEND:VEVENT\r\n".utf8)
        try reader.feed(Array("BEGIN:VCALENDAR\r\n".utf8))
        var chunk: [UInt8] = []
        for _ in 0..<1000 { chunk += event }
        let before = Self.residentBytes()
        for _ in 0..<300 { try reader.feed(chunk) }   // ~42 MB
        try reader.feed(Array("END:VCALENDAR\r\n".utf8))
        let cal = try reader.finish()
        #expect(count == 300_000)
        #expect(cal.events.isEmpty)
        let grown = Self.residentBytes() - before
        // Keeping the 300,000 events takes about 150 MB (measured: 156 MB); the reader keeps a line. The
        // resident size is the process's: other suites run beside this one and allocate too
        // (40 MB seen on a loaded machine), so the bound leaves room for them.
        #expect(grown < 96 << 20, "resident memory grew by \(grown) bytes")
    }

    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return pages * 4096
    }

    /// Random mutations of a valid file never trap the reader or the query.
    @Test func mutatedFilesNeverTrap() throws {
        var rng = SplitMix(2026)   // fixed: the same files, and the same cost, on every run
        let base = Array(Self.sample.utf8)
        for _ in 0..<300 {
            var b = base
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let i = Int.random(in: 0..<b.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: b[i] = UInt8.random(in: 0...255, using: &rng)
                case 1: b.remove(at: i)
                default: b.insert(UInt8.random(in: 0x20...0x7e, using: &rng), at: i)
                }
            }
            guard let cal = try? ICalendarReader.read(b) else { continue }
            _ = try? cal.occurrences(from: 0, to: 4_000_000_000, zone: nil, zones: Self.zones(cal))
            _ = try? ICalendarReader.read(cal.serialized())
        }
    }
}

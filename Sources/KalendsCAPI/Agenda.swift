// kalends/agenda.h: the agenda (list) layout.
import CKalends
import KalendsCore

func agendaOptionsInit() throws(KalendsError) -> kalends_agenda_options {
    let d = Agenda.Options()
    return kalends_agenda_options(struct_size: UInt32(MemoryLayout<kalends_agenda_options>.size), has_today: 0, today: 0, reserved: 0,
                                  heading_height: d.headingHeight, row_height: d.rowHeight)
}

func storeAgenda(_ store: StoreHandle, _ zone: TimezoneHandle?, _ first: Int32, _ last: Int32, _ anchorDay: Int32,
                 _ offset: Double, _ height: Double, _ options: kalends_agenda_options?,
                 _ viewport: UnsafeMutablePointer<kalends_agenda_viewport>, _ out: ArrayOutput<kalends_agenda_row>) throws(KalendsError) {
    let o = options.map { Agenda.Options(headingHeight: $0.heading_height, rowHeight: $0.row_height) } ?? Agenda.Options()
    if let options, options.has_today != 0 && options.has_today != 1 {
        throw KalendsError(.invalidArgument, "has_today \(options.has_today) is not 0 or 1")
    }
    let today = options.flatMap { $0.has_today == 1 ? $0.today : nil }
    // Rows are converted under the store's lock: their titles are the store's.
    try store.with { (s) throws(KalendsError) in
        let v = try s.agenda(first, last, in: zone.days, today: today, anchorDay: anchorDay, offset: offset, height: height, options: o)
        viewport.pointee = kalends_agenda_viewport(anchor_day: v.anchorDay, at_start: v.atStart ? 1 : 0, at_end: v.atEnd ? 1 : 0,
                                                   reserved: 0, offset: v.offset, estimated_height: v.estimatedHeight,
                                                   estimated_top: v.estimatedTop)
        try out.fill(v.rows) { r in
            var occurrence = kalends_occurrence()
            if let o = r.occurrence {
                occurrence = kalends_occurrence(event: o.event.record.c(title: r.titlePointer), recurrence_id: o.recurrenceID ?? o.event.start,
                                                recurring: o.recurrenceID == nil ? 0 : 1, reserved: 0)
            }
            return kalends_agenda_row(kind: r.kind.rawValue, day: r.day, y: r.y, height: r.height, has_relative: r.relative == nil ? 0 : 1,
                                      relative: r.relative ?? 0, day_index: r.dayIndex, day_count: r.dayCount,
                                      position: Int32(clamping: r.position), reserved: 0, occurrence: occurrence)
        }
    }
}

func localeRelativeDay(_ h: LocaleHandle, _ offset: Int32) throws(KalendsError) -> String {
    guard let word = h.locale.relativeDayName(offset) else {
        throw KalendsError(.notFound, "CLDR has no word for the day \(offset) days from today (only -1, 0 and 1)")
    }
    return word
}

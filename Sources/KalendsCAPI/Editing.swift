// kalends/editing.h: event editing in a view.
import CKalends
import KalendsCore

extension EditOptions {
    init(_ c: kalends_edit_options) throws(KalendsError) {
        self.init(editable: c.editable != 0, snapMinutes: Int(c.snap_minutes), minMinutes: Int(c.min_minutes),
                  noOverlap: c.no_overlap != 0, scope: try EditScope(checking: c.scope))
    }

    var c: kalends_edit_options {
        kalends_edit_options(struct_size: UInt32(MemoryLayout<kalends_edit_options>.size), editable: editable ? 1 : 0,
                             snap_minutes: Int32(snapMinutes), min_minutes: Int32(minMinutes), no_overlap: noOverlap ? 1 : 0,
                             scope: scope.rawValue)
    }
}

extension EditPoint {
    init(_ c: kalends_edit_point) { self.init(day: c.day, allDay: c.all_day != 0, seconds: c.seconds) }
}

extension EditState {
    var c: kalends_edit_state {
        kalends_edit_state(kind: kind.rawValue, outcome: outcome.rawValue, refusal: refusal.rawValue,
                           recurring: recurrenceID == nil ? 0 : 1, event: event, recurrence_id: recurrenceID ?? 0,
                           old_all_day: oldAllDay ? 1 : 0, all_day: allDay ? 1 : 0, old_start: oldStart, old_end: oldEnd,
                           start: start, end: end, first_day: firstDay, last_day: lastDay)
    }
}

func editOptionsInit() throws(KalendsError) -> kalends_edit_options { EditOptions().c }

func viewSetEditOptions(_ h: ViewHandle, _ options: kalends_edit_options) throws(KalendsError) {
    let o = try EditOptions(options)
    try h.with { (v: View) throws(KalendsError) in try v.setEditOptions(o) }
}

func viewGetEditOptions(_ h: ViewHandle, _ out: UnsafeMutablePointer<kalends_edit_options>) throws(KalendsError) {
    writeVersioned(try h.with { (v: View) in v.editOptions.c }, to: out)
}

func viewSetEditCallbacks(_ h: ViewHandle, _ c: kalends_edit_callbacks?) throws(KalendsError) {
    var callbacks = EditCallbacks()
    if let c {
        let user = c.user_data
        if let fn = c.is_read_only {
            callbacks.isReadOnly = { (event: Int64) throws(KalendsError) -> Bool in
                try answer(fn(user, event), "is_read_only")
            }
        }
        if let fn = c.should_commit {
            callbacks.shouldCommit = { (change: EditState) throws(KalendsError) -> Bool in
                var state = change.c
                return try answer(fn(user, &state), "should_commit")
            }
        }
    }
    try h.with { (v: View) throws(KalendsError) in try v.setEditCallbacks(callbacks) }
}

/// A predicate's answer: 1 or 0, anything else fails the call.
private func answer(_ value: Int32, _ name: String) throws(KalendsError) -> Bool {
    switch value {
    case 1: return true
    case 0: return false
    default: throw KalendsError(.callback, "\(name) callback returned \(value); it must return 1 or 0")
    }
}

func viewSetBusinessHours(_ h: ViewHandle, _ hours: UnsafeBufferPointer<kalends_business_hours>) throws(KalendsError) {
    let list = hours.map { BusinessHours(weekday: $0.weekday, start: $0.start, end: $0.end) }
    try h.with { (v: View) throws(KalendsError) in try v.setBusinessHours(list) }
}

func viewBusinessHours(_ h: ViewHandle, _ out: ArrayOutput<kalends_business_hours>) throws(KalendsError) {
    let list = try h.with { (v: View) in v.businessHours }
    guard let buffer = try out.commit(list.count) else { return }
    for (i, b) in list.enumerated() { buffer[i] = kalends_business_hours(weekday: b.weekday, start: b.start, end: b.end, reserved: 0) }
}

func viewSetEditRanges(_ h: ViewHandle, _ ranges: UnsafeBufferPointer<kalends_time_range>) throws(KalendsError) {
    let list = ranges.map { TimeRange(start: $0.start, end: $0.end) }
    try h.with { (v: View) throws(KalendsError) in try v.setEditRanges(list) }
}

func viewEditBegin(_ h: ViewHandle, _ kind: kalends_gesture_kind, _ event: Int64, _ recurrenceID: Int64,
                   _ at: kalends_edit_point) throws(KalendsError) -> kalends_edit_state {
    guard let kind = GestureKind(rawValue: kind) else { throw KalendsError(.invalidArgument, "unknown gesture kind \(kind)") }
    return try h.with { (v: View) throws(KalendsError) in
        try v.beginEdit(kind, event: event, recurrenceID: recurrenceID == 0 ? nil : recurrenceID, at: EditPoint(at)).c
    }
}

func viewEditUpdate(_ h: ViewHandle, _ to: kalends_edit_point) throws(KalendsError) -> kalends_edit_state {
    try h.with { (v: View) throws(KalendsError) in try v.updateEdit(to: EditPoint(to)).c }
}

func viewEditCommit(_ h: ViewHandle) throws(KalendsError) -> kalends_edit_state {
    try h.with { (v: View) throws(KalendsError) in try v.commitEdit().c }
}

func viewEditCancel(_ h: ViewHandle) throws(KalendsError) -> kalends_edit_state {
    try h.with { (v: View) throws(KalendsError) in try v.cancelEdit().c }
}

func viewEditState(_ h: ViewHandle) throws(KalendsError) -> kalends_edit_state {
    try h.with { (v: View) in v.editState.c }
}

func viewEditPreview(_ h: ViewHandle, _ options: kalends_time_grid_options?,
                     _ out: ArrayOutput<kalends_time_grid_item>) throws(KalendsError) {
    let items = try h.with { (v: View) throws(KalendsError) in try v.editPreview(options: TimeGrid.Options(options)) }
    guard let buffer = try out.commit(items.count) else { return }
    for (i, t) in items.enumerated() { buffer[i] = t.c }
}

func viewEditKey(_ h: ViewHandle, _ event: Int64, _ recurrenceID: Int64, _ key: EditKey) throws(KalendsError) -> kalends_edit_state {
    try h.with { (v: View) throws(KalendsError) in try v.editKey(key, event: event, recurrenceID: recurrenceID == 0 ? nil : recurrenceID).c }
}

func viewEditAccessibilityLabel(_ h: ViewHandle) throws(KalendsError) -> String {
    try h.with { (v: View) throws(KalendsError) in try v.editAccessibilityLabel() }
}

func viewSetEditGrid(_ h: ViewHandle, _ options: kalends_time_grid_options?) throws(KalendsError) {
    let o = TimeGrid.Options(options)
    try h.with { (v: View) throws(KalendsError) in try v.setEditGridOptions(o) }
}

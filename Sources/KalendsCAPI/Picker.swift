// kalends_view_picker_*: a view's months and years pickers.
import CKalends
import KalendsCore

extension PickerCell {
    var c: kalends_picker_cell {
        kalends_picker_cell(year: year, month: month, first_day: firstDay, last_day: lastDay, flags: flags.rawValue,
                            frame: frame.c)
    }
}

func viewPickerCells(_ h: ViewHandle, _ picker: Picker, _ out: ArrayOutput<kalends_picker_cell>) throws(KalendsError) {
    try out.fill(try h.with { (v: View) throws(KalendsError) in try v.pickerCells(picker) }) { $0.c }
}

func viewPickerHitTest(_ h: ViewHandle, _ picker: Picker, _ x: Double, _ y: Double) throws(KalendsError) -> Int32 {
    let index = try h.with { (v: View) throws(KalendsError) in try v.pickerHitTest(picker, Point(x: x, y: y)) }
    return index.map { Int32($0) } ?? -1
}

func viewPickerPick(_ h: ViewHandle, _ picker: Picker, _ index: Int32) throws(KalendsError) -> kalends_transition {
    try h.with { (v: View) throws(KalendsError) in try v.pick(picker, index: Int(index)) }.c
}

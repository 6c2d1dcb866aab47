// A view's months and years pickers (kalends/picker.h): the C cells as they are.
import CKalends

extension View {
    /// The cells of the months or years picker of the page (`kalends_picker_cell`: year,
    /// month, first and last day, flags, frame).
    public func pickerCells(_ picker: Picker) throws(KalendsError) -> [kalends_picker_cell] {
        try array(kalends_picker_cell()) { library.c.viewPickerCells(handle, picker.rawValue, $0, $1, $2) }
    }

    /// The index of the picker's cell at (x, y), nil where there is none.
    public func pickerHitTest(_ picker: Picker, x: Double, y: Double) throws(KalendsError) -> Int? {
        var out: Int32 = -1
        try check(library.c.viewPickerHitTest(handle, picker.rawValue, x, y, &out))
        return out < 0 ? nil : Int(out)
    }

    /// Drills down from cell `index`: that month, or the page's month of that year.
    @discardableResult
    public func pick(_ picker: Picker, index: Int32) throws(KalendsError) -> Transition {
        var out = kalends_transition()
        try check(library.c.viewPickerPick(handle, picker.rawValue, index, &out))
        return Transition(out)
    }
}

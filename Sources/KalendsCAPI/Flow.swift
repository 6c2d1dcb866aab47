// kalends_flow_*: flow layout, as pure functions.
import CKalends
import KalendsCore

extension FlowOptions {
    init(_ c: kalends_flow_options?) throws(KalendsError) {
        guard let c else {
            self.init()
            return
        }
        self.init(maxWidth: c.max_width == 0 ? nil : c.max_width, itemSpacing: c.item_spacing, lineSpacing: c.line_spacing,
                  padding: Insets(top: c.padding_top, left: c.padding_left, bottom: c.padding_bottom, right: c.padding_right))
        try validate()
    }
}

func flowOptionsInit() throws(KalendsError) -> kalends_flow_options {
    var c = kalends_flow_options()
    c.struct_size = UInt32(MemoryLayout<kalends_flow_options>.size)
    return c
}

/// The frames, and the size they need.
func flowLayout(_ items: UnsafeBufferPointer<kalends_size>, _ options: kalends_flow_options?,
                _ frames: ArrayOutput<kalends_rect>) throws(KalendsError) -> kalends_size {
    let result = try FlowLayout.layout(items.map(Size.init), try FlowOptions(options))
    try frames.fill(result.frames) { $0.c }
    return result.size.c
}

func flowFit(_ items: UnsafeBufferPointer<kalends_size>, _ options: kalends_flow_options?, _ box: kalends_size, _ more: kalends_size,
             _ frames: ArrayOutput<kalends_rect>) throws(KalendsError) -> kalends_flow_fit_result {
    let fit = try FlowLayout.fit(items.map(Size.init), in: Size(box), more: Size(more), try FlowOptions(options))
    try frames.fill(fit.frames) { $0.c }
    return kalends_flow_fit_result(hidden: Int32(fit.hidden), has_more: fit.more == nil ? 0 : 1, more: (fit.more ?? .zero).c)
}

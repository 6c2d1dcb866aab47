// kalends_flow_*: flow layout, as pure functions.
import CKalends
import KalendsCore

extension FlowOptions {
    static let cSize = MemoryLayout<kalends_flow_options>.size

    init(_ c: kalends_flow_options) throws(KalendsError) {
        try checkStructSize(c.struct_size, known: FlowOptions.cSize, minimum: FlowOptions.cSize, "kalends_flow_options")
        self.init(maxWidth: c.max_width == 0 ? nil : c.max_width, itemSpacing: c.item_spacing, lineSpacing: c.line_spacing,
                  padding: Insets(top: c.padding_top, left: c.padding_left, bottom: c.padding_bottom, right: c.padding_right))
        try validate()
    }
}

/// Reads the item sizes of a flow call.
private func sizes(_ items: UnsafePointer<kalends_size>?, _ count: Int32) throws(KalendsError) -> [Size] {
    guard count >= 0 else { throw invalid("item count \(count) is negative") }
    if count == 0 { return [] }
    guard let items else { throw invalid("items is NULL but item_count is \(count)") }
    return (0..<Int(count)).map { Size(width: items[$0].width, height: items[$0].height) }
}

private func flowOptions(_ p: UnsafePointer<kalends_flow_options>?) throws(KalendsError) -> FlowOptions {
    try p.map { o throws(KalendsError) in try FlowOptions(o.pointee) } ?? FlowOptions()
}

private func write(_ frames: [Rect], _ out: UnsafeMutablePointer<kalends_rect>?, _ capacity: Int32,
                   _ count: UnsafeMutablePointer<Int32>?) throws(KalendsError) {
    try fillArray(out, capacity, count, frames) { $0.c }
}

@_cdecl("kalends_flow_options_init")
public func kalendsFlowOptionsInit(_ options: UnsafeMutablePointer<kalends_flow_options>?) -> kalends_status {
    status { () throws(KalendsError) in
        var c = kalends_flow_options()
        c.struct_size = UInt32(FlowOptions.cSize)
        try required(options, "options").pointee = c
    }
}

@_cdecl("kalends_flow_layout")
public func kalendsFlowLayout(_ items: UnsafePointer<kalends_size>?, _ itemCount: Int32,
                              _ options: UnsafePointer<kalends_flow_options>?, _ frames: UnsafeMutablePointer<kalends_rect>?,
                              _ capacity: Int32, _ count: UnsafeMutablePointer<Int32>?,
                              _ size: UnsafeMutablePointer<kalends_size>?) -> kalends_status {
    status { () throws(KalendsError) in
        let result = try FlowLayout.layout(try sizes(items, itemCount), try flowOptions(options))
        try write(result.frames, frames, capacity, count)
        store(result.size.c, size)
    }
}

@_cdecl("kalends_flow_fit")
public func kalendsFlowFit(_ items: UnsafePointer<kalends_size>?, _ itemCount: Int32,
                           _ options: UnsafePointer<kalends_flow_options>?, _ box: UnsafePointer<kalends_size>?,
                           _ more: UnsafePointer<kalends_size>?, _ frames: UnsafeMutablePointer<kalends_rect>?,
                           _ capacity: Int32, _ count: UnsafeMutablePointer<Int32>?,
                           _ result: UnsafeMutablePointer<kalends_flow_fit_result>?) -> kalends_status {
    status { () throws(KalendsError) in
        let b = try required(box, "box"), m = try required(more, "more")
        let fit = try FlowLayout.fit(try sizes(items, itemCount), in: Size(width: b.width, height: b.height),
                                     more: Size(width: m.width, height: m.height), try flowOptions(options))
        let out = try required(result, "result")
        try write(fit.frames, frames, capacity, count)
        out.pointee = kalends_flow_fit_result(hidden: Int32(fit.hidden), has_more: fit.more == nil ? 0 : 1,
                                              more: (fit.more ?? .zero).c)
    }
}

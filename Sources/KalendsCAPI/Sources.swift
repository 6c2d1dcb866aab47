// kalends_view_set_store, kalends_view_add_source / remove_source / pending_requests.
import CKalends
import KalendsCore

@_cdecl("kalends_view_set_store")
public func kalendsViewSetStore(_ view: OpaquePointer?, _ store: OpaquePointer?, _ zoneHandle: OpaquePointer?) -> kalends_status {
    status { () throws(KalendsError) in
        let v = try viewHandle(view)
        let s = try store.map { (p) throws(KalendsError) in try storeHandle(p) }
        let z = try zone(zoneHandle)
        try v.with { (view) throws(KalendsError) in try view.setStore(s?.store, zone: z, synchronize: s?.synchronized) }
    }
}

/// Adds a source built from `functions` to the view's hub.
func addSource(_ view: OpaquePointer?, _ functions: SourceFunctions, _ out: UnsafeMutablePointer<Int32>?) throws(KalendsError) {
    let v = try viewHandle(view)
    let out = try required(out, "out")
    try v.with { (view) throws(KalendsError) in
        let (id, failure) = try view.addSource(functions.source(for: v))
        out.pointee = id
        if let failure { throw failure }
    }
}

@_cdecl("kalends_view_add_source")
public func kalendsViewAddSource(_ view: OpaquePointer?, _ source: UnsafePointer<kalends_source>?,
                                 _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let c = try required(source, "source")
        let size = MemoryLayout<kalends_source>.size
        try checkStructSize(c.struct_size, known: size, minimum: size, "kalends_source")
        guard c.fetch != nil || c.begin != nil else { throw invalid("a source needs fetch or begin") }
        try addSource(view, SourceFunctions(user: c.user_data, fetch: c.fetch, begin: c.begin, cancel: c.cancel,
                                            destroy: c.destroy, code: .callback, owner: nil), out)
    }
}

@_cdecl("kalends_view_remove_source")
public func kalendsViewRemoveSource(_ view: OpaquePointer?, _ source: Int32) -> kalends_status {
    status { () throws(KalendsError) in
        try viewHandle(view).with { (view) throws(KalendsError) in try view.removeSource(source) }
    }
}

@_cdecl("kalends_view_pending_requests")
public func kalendsViewPendingRequests(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> kalends_status {
    status { () throws(KalendsError) in
        let out = try required(out, "out")
        out.pointee = Int32(clamping: try viewHandle(view).with { (view) in view.pendingRequests })
    }
}

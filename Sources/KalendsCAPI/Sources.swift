// kalends_view_set_store, kalends_view_add_source / remove_source / pending_requests.
import CKalends
import KalendsCore

func viewSetStore(_ view: ViewHandle, _ store: StoreHandle?, _ zone: TimezoneHandle?) throws(KalendsError) {
    try view.with { (v) throws(KalendsError) in try v.setStore(store?.store, zone: zone.days, synchronize: store?.synchronized) }
}

/// Adds a source built from `functions` to the view's hub; *out gets its id, also when
/// its first answer fails (it stays added).
func addSource(_ view: ViewHandle, _ functions: SourceFunctions, _ out: UnsafeMutablePointer<Int32>) throws(KalendsError) {
    try view.with { (v) throws(KalendsError) in
        let (id, failure) = try v.addSource(functions.source(for: view))
        out.pointee = id
        if let failure { throw failure }
    }
}

func viewAddSource(_ view: ViewHandle, _ source: kalends_source, _ out: UnsafeMutablePointer<Int32>) throws(KalendsError) {
    guard source.fetch != nil || source.begin != nil else { throw invalid("a source needs fetch or begin") }
    try addSource(view, SourceFunctions(user: source.user_data, fetch: source.fetch, begin: source.begin, cancel: source.cancel,
                                        destroy: source.destroy, code: .callback, owner: nil), out)
}

func viewRemoveSource(_ view: ViewHandle, _ source: Int32) throws(KalendsError) {
    try view.with { (v) throws(KalendsError) in try v.removeSource(source) }
}

func viewPendingRequests(_ view: ViewHandle) throws(KalendsError) -> Int32 { Int32(clamping: try view.with { (v) in v.pendingRequests }) }

// The dlopen'ed libkalends.so and its function table. Everything in this module goes
// through these C function pointers, never through KalendsCore: the wrapper is what a
// Swift program that ships libkalends.so next to itself would use, and the parity tests
// compare it with KalendsCore across the real C ABI.
import CKalends
import KalendsABI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

public final class Library: @unchecked Sendable {
    /// The path given to dlopen.
    public let path: String
    private let handle: UnsafeMutableRawPointer

    let version: KalendsABI.Version
    let versionString: KalendsABI.VersionString
    let abiVersion: KalendsABI.ABIVersion
    let statusString: KalendsABI.StatusString
    let lastError: KalendsABI.LastError
    let dateFromDayNumber: KalendsABI.DateFromDayNumber
    let dateDayNumber: KalendsABI.DateToInt
    let dateWeekday: KalendsABI.DateToInt
    let dateDayOfYear: KalendsABI.DateToInt
    let dateISOWeek: KalendsABI.DateISOWeek
    let yearIsLeap: KalendsABI.YearIsLeap
    let yearDaysInMonth: KalendsABI.YearDaysInMonth
    let calendarOptionsInit: KalendsABI.CalendarOptionsInit
    let calendarNew: KalendsABI.CalendarNew
    let calendarFree: KalendsABI.CalendarFree
    let calendarGetOptions: KalendsABI.CalendarGetOptions
    let calendarSetOptions: KalendsABI.CalendarSetOptions
    let calendarToday: KalendsABI.CalendarToday
    let calendarWeekOfYear: KalendsABI.CalendarWeekOfYear
    let calendarMonthGrid: KalendsABI.CalendarMonthGrid
    let calendarMonthRange: KalendsABI.CalendarMonthRange
    let calendarWeekGrid: KalendsABI.CalendarWeekGrid
    let calendarWeekRange: KalendsABI.CalendarWeekRange
    let viewOptionsInit: KalendsABI.ViewOptionsInit
    let viewMetricsInit: KalendsABI.ViewMetricsInit
    let viewNew: KalendsABI.ViewNew
    let viewFree: KalendsABI.ViewFree
    let viewGetOptions: KalendsABI.ViewGetOptions
    let viewSetOptions: KalendsABI.ViewSetOptions
    let viewGetMetrics: KalendsABI.ViewGetMetrics
    let viewSetMetrics: KalendsABI.ViewSetMetrics
    let viewSetCalendar: KalendsABI.ViewSetCalendar
    let viewSetCallbacks: KalendsABI.ViewSetCallbacks
    let viewSetMode: KalendsABI.ViewSetMode
    let viewPage: KalendsABI.ViewPage
    let viewNextPage: KalendsABI.ViewTurnPage
    let viewPreviousPage: KalendsABI.ViewTurnPage
    let viewGoTo: KalendsABI.ViewGoTo
    let viewGoToToday: KalendsABI.ViewTurnPage
    let viewSelect: KalendsABI.ViewSelect
    let viewDeselect: KalendsABI.ViewSelect
    let viewClearSelection: KalendsABI.ViewClearSelection
    let viewSelection: KalendsABI.ViewSelection
    let viewSelectedDays: KalendsABI.ViewDayNumbers
    let viewHighlighted: KalendsABI.ViewDayNumbers
    let viewDisabled: KalendsABI.ViewDayNumbers
    let viewSetHighlighted: KalendsABI.ViewSetDayNumbers
    let viewSetDisabled: KalendsABI.ViewSetDayNumbers
    let viewFocus: KalendsABI.ViewFocus
    let viewKey: KalendsABI.ViewKey
    let viewDays: KalendsABI.ViewDays
    let viewIntrinsicSize: KalendsABI.ViewIntrinsicSize
    let viewLayout: KalendsABI.ViewLayout
    let viewHitTest: KalendsABI.ViewHitTest
    let viewTap: KalendsABI.ViewTap
    let viewTransitionLayout: KalendsABI.ViewTransitionLayout
    let viewAccessibilityLabel: KalendsABI.ViewAccessibilityLabel
    let curveValue: KalendsABI.CurveValue
    let scrollOptionsInit: KalendsABI.ScrollOptionsInit
    let scrollNew: KalendsABI.ScrollNew
    let scrollFree: KalendsABI.HandleFree
    let scrollMonthCount: KalendsABI.ScrollMonthCount
    let scrollContentSize: KalendsABI.ScrollContentSize
    let scrollElements: KalendsABI.ScrollElements
    let scrollVisibleDays: KalendsABI.ScrollVisibleDays
    let scrollVisibleMonths: KalendsABI.ScrollVisibleMonths
    let scrollOffset: KalendsABI.ScrollOffset
    let flowOptionsInit: KalendsABI.FlowOptionsInit
    let flowLayout: KalendsABI.FlowLayout
    let flowFit: KalendsABI.FlowFit
    let constraintInit: KalendsABI.ConstraintInit
    let autolayoutNew: KalendsABI.AutoLayoutNew
    let autolayoutFree: KalendsABI.HandleFree
    let autolayoutAddItem: KalendsABI.AutoLayoutAddItem
    let autolayoutSetItemSize: KalendsABI.AutoLayoutSetItemSize
    let autolayoutAddConstraint: KalendsABI.AutoLayoutAddConstraint
    let autolayoutRemoveConstraint: KalendsABI.AutoLayoutRemoveConstraint
    let autolayoutConstant: KalendsABI.AutoLayoutConstant
    let autolayoutUpdateConstants: KalendsABI.AutoLayoutUpdateConstants
    let autolayoutSetIntrinsicSize: KalendsABI.AutoLayoutSetItemSize
    let autolayoutSetPriority: KalendsABI.AutoLayoutSetPriority
    let autolayoutSetBaselines: KalendsABI.AutoLayoutSetItemSize
    let autolayoutSetMeasure: KalendsABI.AutoLayoutSetMeasure
    let autolayoutSetView: KalendsABI.AutoLayoutSetView
    let autolayoutSetRightToLeft: KalendsABI.SolverIDOperation
    let autolayoutSetPolicy: KalendsABI.AutoLayoutSetPolicy
    let autolayoutSolve: KalendsABI.HandleOperation
    let autolayoutFrame: KalendsABI.AutoLayoutFrame
    let autolayoutFittingSize: KalendsABI.AutoLayoutFittingSize
    let strength: KalendsABI.StrengthCreate
    let solverNew: KalendsABI.SolverNew
    let solverFree: KalendsABI.HandleFree
    let solverAddVariables: KalendsABI.SolverAddVariables
    let solverVariableCount: KalendsABI.SolverCount
    let solverConstraintNew: KalendsABI.SolverConstraintNew
    let solverConstraintForget: KalendsABI.SolverIDOperation
    let solverAddConstraint: KalendsABI.SolverIDOperation
    let solverAddConstraintTerms: KalendsABI.SolverConstraintNew
    let solverRemoveConstraint: KalendsABI.SolverIDOperation
    let solverHasConstraint: KalendsABI.SolverIDQuery
    let solverAddEditVariable: KalendsABI.SolverIDValue
    let solverRemoveEditVariable: KalendsABI.SolverIDOperation
    let solverHasEditVariable: KalendsABI.SolverIDQuery
    let solverSuggestValue: KalendsABI.SolverIDValue
    let solverSuggestValues: KalendsABI.SolverSuggestValues
    let solverUpdateVariables: KalendsABI.SolverUpdateVariables
    let solverValues: KalendsABI.SolverValues
    let solverReset: KalendsABI.HandleOperation
    let solverDump: KalendsABI.SolverDump
    let timezoneNew: KalendsABI.TimezoneNew
    let timezoneFree: KalendsABI.HandleFree
    let timezoneName: KalendsABI.SolverDump
    let timezoneOffset: KalendsABI.TimezoneOffset
    let timezoneLocalDay: KalendsABI.TimezoneOffset
    let timezoneDayStart: KalendsABI.TimezoneDayStart
    let timezoneInstant: KalendsABI.TimezoneInstant
    let storeNew: KalendsABI.SolverNew
    let storeFree: KalendsABI.HandleFree
    let storeAdd: KalendsABI.StoreEvent
    let storeAddEvents: KalendsABI.StoreAddEvents
    let storeUpdate: KalendsABI.StoreEvent
    let storeRemove: KalendsABI.StoreRemove
    let storeClear: KalendsABI.HandleOperation
    let storeCount: KalendsABI.SolverCount
    let storeGet: KalendsABI.StoreGet
    let storeQuery: KalendsABI.StoreQuery
    let storeVersion: KalendsABI.StoreVersion
    let storeDots: KalendsABI.StoreDots
    let barOptionsInit: KalendsABI.BarOptionsInit
    let timelineOptionsInit: KalendsABI.TimelineOptionsInit
    let viewEventBars: KalendsABI.ViewEventBars
    let storeTimeline: KalendsABI.StoreTimeline
    let viewSetStore: KalendsABI.ViewSetStore
    let viewPendingRequests: KalendsABI.SolverCount
    let pluginLoad: KalendsABI.PluginLoad
    let pluginFree: KalendsABI.HandleFree
    let pluginName: KalendsABI.SolverDump
    let pluginFetch: KalendsABI.PluginFetch
    let viewAddPlugin: KalendsABI.ViewAddPlugin
    let viewRemoveSource: KalendsABI.SolverIDOperation

    /// Loads the library at `path`; nil means `$KALENDS_LIBRARY`, else `libkalends.so`
    /// through the dynamic loader's search (the executable's RUNPATH, LD_LIBRARY_PATH).
    public init(path: String? = nil) throws(KalendsError) {
        let env = getenv("KALENDS_LIBRARY").map { String(cString: $0) }
        let p = path ?? env ?? "libkalends.so"
        guard let h = dlopen(p, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            throw KalendsError(.notFound, "cannot load \(p): \(reason)")
        }
        func symbol<T>(_ name: String, _: T.Type) throws(KalendsError) -> T {
            guard let s = dlsym(h, name) else {
                throw KalendsError(.notFound, "\(p) has no symbol \(name)")
            }
            return unsafeBitCast(s, to: T.self)
        }
        self.path = p
        handle = h
        version = try symbol("kalends_version", KalendsABI.Version.self)
        versionString = try symbol("kalends_version_string", KalendsABI.VersionString.self)
        abiVersion = try symbol("kalends_abi_version", KalendsABI.ABIVersion.self)
        statusString = try symbol("kalends_status_string", KalendsABI.StatusString.self)
        lastError = try symbol("kalends_last_error", KalendsABI.LastError.self)
        dateFromDayNumber = try symbol("kalends_date_from_day_number", KalendsABI.DateFromDayNumber.self)
        dateDayNumber = try symbol("kalends_date_day_number", KalendsABI.DateToInt.self)
        dateWeekday = try symbol("kalends_date_weekday", KalendsABI.DateToInt.self)
        dateDayOfYear = try symbol("kalends_date_day_of_year", KalendsABI.DateToInt.self)
        dateISOWeek = try symbol("kalends_date_iso_week", KalendsABI.DateISOWeek.self)
        yearIsLeap = try symbol("kalends_year_is_leap", KalendsABI.YearIsLeap.self)
        yearDaysInMonth = try symbol("kalends_year_days_in_month", KalendsABI.YearDaysInMonth.self)
        calendarOptionsInit = try symbol("kalends_calendar_options_init", KalendsABI.CalendarOptionsInit.self)
        calendarNew = try symbol("kalends_calendar_new", KalendsABI.CalendarNew.self)
        calendarFree = try symbol("kalends_calendar_free", KalendsABI.CalendarFree.self)
        calendarGetOptions = try symbol("kalends_calendar_get_options", KalendsABI.CalendarGetOptions.self)
        calendarSetOptions = try symbol("kalends_calendar_set_options", KalendsABI.CalendarSetOptions.self)
        calendarToday = try symbol("kalends_calendar_today", KalendsABI.CalendarToday.self)
        calendarWeekOfYear = try symbol("kalends_calendar_week_of_year", KalendsABI.CalendarWeekOfYear.self)
        calendarMonthGrid = try symbol("kalends_calendar_month_grid", KalendsABI.CalendarMonthGrid.self)
        calendarMonthRange = try symbol("kalends_calendar_month_range", KalendsABI.CalendarMonthRange.self)
        calendarWeekGrid = try symbol("kalends_calendar_week_grid", KalendsABI.CalendarWeekGrid.self)
        calendarWeekRange = try symbol("kalends_calendar_week_range", KalendsABI.CalendarWeekRange.self)
        viewOptionsInit = try symbol("kalends_view_options_init", KalendsABI.ViewOptionsInit.self)
        viewMetricsInit = try symbol("kalends_view_metrics_init", KalendsABI.ViewMetricsInit.self)
        viewNew = try symbol("kalends_view_new", KalendsABI.ViewNew.self)
        viewFree = try symbol("kalends_view_free", KalendsABI.ViewFree.self)
        viewGetOptions = try symbol("kalends_view_get_options", KalendsABI.ViewGetOptions.self)
        viewSetOptions = try symbol("kalends_view_set_options", KalendsABI.ViewSetOptions.self)
        viewGetMetrics = try symbol("kalends_view_get_metrics", KalendsABI.ViewGetMetrics.self)
        viewSetMetrics = try symbol("kalends_view_set_metrics", KalendsABI.ViewSetMetrics.self)
        viewSetCalendar = try symbol("kalends_view_set_calendar", KalendsABI.ViewSetCalendar.self)
        viewSetCallbacks = try symbol("kalends_view_set_callbacks", KalendsABI.ViewSetCallbacks.self)
        viewSetMode = try symbol("kalends_view_set_mode", KalendsABI.ViewSetMode.self)
        viewPage = try symbol("kalends_view_page", KalendsABI.ViewPage.self)
        viewNextPage = try symbol("kalends_view_next_page", KalendsABI.ViewTurnPage.self)
        viewPreviousPage = try symbol("kalends_view_previous_page", KalendsABI.ViewTurnPage.self)
        viewGoTo = try symbol("kalends_view_go_to", KalendsABI.ViewGoTo.self)
        viewGoToToday = try symbol("kalends_view_go_to_today", KalendsABI.ViewTurnPage.self)
        viewSelect = try symbol("kalends_view_select", KalendsABI.ViewSelect.self)
        viewDeselect = try symbol("kalends_view_deselect", KalendsABI.ViewSelect.self)
        viewClearSelection = try symbol("kalends_view_clear_selection", KalendsABI.ViewClearSelection.self)
        viewSelection = try symbol("kalends_view_selection", KalendsABI.ViewSelection.self)
        viewSelectedDays = try symbol("kalends_view_selected_days", KalendsABI.ViewDayNumbers.self)
        viewHighlighted = try symbol("kalends_view_highlighted", KalendsABI.ViewDayNumbers.self)
        viewDisabled = try symbol("kalends_view_disabled", KalendsABI.ViewDayNumbers.self)
        viewSetHighlighted = try symbol("kalends_view_set_highlighted", KalendsABI.ViewSetDayNumbers.self)
        viewSetDisabled = try symbol("kalends_view_set_disabled", KalendsABI.ViewSetDayNumbers.self)
        viewFocus = try symbol("kalends_view_focus", KalendsABI.ViewFocus.self)
        viewKey = try symbol("kalends_view_key", KalendsABI.ViewKey.self)
        viewDays = try symbol("kalends_view_days", KalendsABI.ViewDays.self)
        viewIntrinsicSize = try symbol("kalends_view_intrinsic_size", KalendsABI.ViewIntrinsicSize.self)
        viewLayout = try symbol("kalends_view_layout", KalendsABI.ViewLayout.self)
        viewHitTest = try symbol("kalends_view_hit_test", KalendsABI.ViewHitTest.self)
        viewTap = try symbol("kalends_view_tap", KalendsABI.ViewTap.self)
        viewTransitionLayout = try symbol("kalends_view_transition_layout", KalendsABI.ViewTransitionLayout.self)
        viewAccessibilityLabel = try symbol("kalends_view_accessibility_label", KalendsABI.ViewAccessibilityLabel.self)
        curveValue = try symbol("kalends_curve_value", KalendsABI.CurveValue.self)
        scrollOptionsInit = try symbol("kalends_scroll_options_init", KalendsABI.ScrollOptionsInit.self)
        scrollNew = try symbol("kalends_scroll_new", KalendsABI.ScrollNew.self)
        scrollFree = try symbol("kalends_scroll_free", KalendsABI.HandleFree.self)
        scrollMonthCount = try symbol("kalends_scroll_month_count", KalendsABI.ScrollMonthCount.self)
        scrollContentSize = try symbol("kalends_scroll_content_size", KalendsABI.ScrollContentSize.self)
        scrollElements = try symbol("kalends_scroll_elements", KalendsABI.ScrollElements.self)
        scrollVisibleDays = try symbol("kalends_scroll_visible_days", KalendsABI.ScrollVisibleDays.self)
        scrollVisibleMonths = try symbol("kalends_scroll_visible_months", KalendsABI.ScrollVisibleMonths.self)
        scrollOffset = try symbol("kalends_scroll_offset", KalendsABI.ScrollOffset.self)
        flowOptionsInit = try symbol("kalends_flow_options_init", KalendsABI.FlowOptionsInit.self)
        flowLayout = try symbol("kalends_flow_layout", KalendsABI.FlowLayout.self)
        flowFit = try symbol("kalends_flow_fit", KalendsABI.FlowFit.self)
        constraintInit = try symbol("kalends_constraint_init", KalendsABI.ConstraintInit.self)
        autolayoutNew = try symbol("kalends_autolayout_new", KalendsABI.AutoLayoutNew.self)
        autolayoutFree = try symbol("kalends_autolayout_free", KalendsABI.HandleFree.self)
        autolayoutAddItem = try symbol("kalends_autolayout_add_item", KalendsABI.AutoLayoutAddItem.self)
        autolayoutSetItemSize = try symbol("kalends_autolayout_set_item_size", KalendsABI.AutoLayoutSetItemSize.self)
        autolayoutAddConstraint = try symbol("kalends_autolayout_add_constraint", KalendsABI.AutoLayoutAddConstraint.self)
        autolayoutRemoveConstraint = try symbol("kalends_autolayout_remove_constraint", KalendsABI.AutoLayoutRemoveConstraint.self)
        autolayoutConstant = try symbol("kalends_autolayout_constant", KalendsABI.AutoLayoutConstant.self)
        autolayoutUpdateConstants = try symbol("kalends_autolayout_update_constants", KalendsABI.AutoLayoutUpdateConstants.self)
        autolayoutSetIntrinsicSize = try symbol("kalends_autolayout_set_intrinsic_size", KalendsABI.AutoLayoutSetItemSize.self)
        autolayoutSetPriority = try symbol("kalends_autolayout_set_priority", KalendsABI.AutoLayoutSetPriority.self)
        autolayoutSetBaselines = try symbol("kalends_autolayout_set_baselines", KalendsABI.AutoLayoutSetItemSize.self)
        autolayoutSetMeasure = try symbol("kalends_autolayout_set_measure", KalendsABI.AutoLayoutSetMeasure.self)
        autolayoutSetView = try symbol("kalends_autolayout_set_view", KalendsABI.AutoLayoutSetView.self)
        autolayoutSetRightToLeft = try symbol("kalends_autolayout_set_right_to_left", KalendsABI.SolverIDOperation.self)
        autolayoutSetPolicy = try symbol("kalends_autolayout_set_policy", KalendsABI.AutoLayoutSetPolicy.self)
        autolayoutSolve = try symbol("kalends_autolayout_solve", KalendsABI.HandleOperation.self)
        autolayoutFrame = try symbol("kalends_autolayout_frame", KalendsABI.AutoLayoutFrame.self)
        autolayoutFittingSize = try symbol("kalends_autolayout_fitting_size", KalendsABI.AutoLayoutFittingSize.self)
        strength = try symbol("kalends_strength", KalendsABI.StrengthCreate.self)
        solverNew = try symbol("kalends_solver_new", KalendsABI.SolverNew.self)
        solverFree = try symbol("kalends_solver_free", KalendsABI.HandleFree.self)
        solverAddVariables = try symbol("kalends_solver_add_variables", KalendsABI.SolverAddVariables.self)
        solverVariableCount = try symbol("kalends_solver_variable_count", KalendsABI.SolverCount.self)
        solverConstraintNew = try symbol("kalends_solver_constraint_new", KalendsABI.SolverConstraintNew.self)
        solverConstraintForget = try symbol("kalends_solver_constraint_forget", KalendsABI.SolverIDOperation.self)
        solverAddConstraint = try symbol("kalends_solver_add_constraint", KalendsABI.SolverIDOperation.self)
        solverAddConstraintTerms = try symbol("kalends_solver_add_constraint_terms", KalendsABI.SolverConstraintNew.self)
        solverRemoveConstraint = try symbol("kalends_solver_remove_constraint", KalendsABI.SolverIDOperation.self)
        solverHasConstraint = try symbol("kalends_solver_has_constraint", KalendsABI.SolverIDQuery.self)
        solverAddEditVariable = try symbol("kalends_solver_add_edit_variable", KalendsABI.SolverIDValue.self)
        solverRemoveEditVariable = try symbol("kalends_solver_remove_edit_variable", KalendsABI.SolverIDOperation.self)
        solverHasEditVariable = try symbol("kalends_solver_has_edit_variable", KalendsABI.SolverIDQuery.self)
        solverSuggestValue = try symbol("kalends_solver_suggest_value", KalendsABI.SolverIDValue.self)
        solverSuggestValues = try symbol("kalends_solver_suggest_values", KalendsABI.SolverSuggestValues.self)
        solverUpdateVariables = try symbol("kalends_solver_update_variables", KalendsABI.SolverUpdateVariables.self)
        solverValues = try symbol("kalends_solver_values", KalendsABI.SolverValues.self)
        solverReset = try symbol("kalends_solver_reset", KalendsABI.HandleOperation.self)
        solverDump = try symbol("kalends_solver_dump", KalendsABI.SolverDump.self)
        timezoneNew = try symbol("kalends_timezone_new", KalendsABI.TimezoneNew.self)
        timezoneFree = try symbol("kalends_timezone_free", KalendsABI.HandleFree.self)
        timezoneName = try symbol("kalends_timezone_name", KalendsABI.SolverDump.self)
        timezoneOffset = try symbol("kalends_timezone_offset", KalendsABI.TimezoneOffset.self)
        timezoneLocalDay = try symbol("kalends_timezone_local_day", KalendsABI.TimezoneOffset.self)
        timezoneDayStart = try symbol("kalends_timezone_day_start", KalendsABI.TimezoneDayStart.self)
        timezoneInstant = try symbol("kalends_timezone_instant", KalendsABI.TimezoneInstant.self)
        storeNew = try symbol("kalends_store_new", KalendsABI.SolverNew.self)
        storeFree = try symbol("kalends_store_free", KalendsABI.HandleFree.self)
        storeAdd = try symbol("kalends_store_add", KalendsABI.StoreEvent.self)
        storeAddEvents = try symbol("kalends_store_add_events", KalendsABI.StoreAddEvents.self)
        storeUpdate = try symbol("kalends_store_update", KalendsABI.StoreEvent.self)
        storeRemove = try symbol("kalends_store_remove", KalendsABI.StoreRemove.self)
        storeClear = try symbol("kalends_store_clear", KalendsABI.HandleOperation.self)
        storeCount = try symbol("kalends_store_count", KalendsABI.SolverCount.self)
        storeGet = try symbol("kalends_store_get", KalendsABI.StoreGet.self)
        storeQuery = try symbol("kalends_store_query", KalendsABI.StoreQuery.self)
        storeVersion = try symbol("kalends_store_version", KalendsABI.StoreVersion.self)
        storeDots = try symbol("kalends_store_dots", KalendsABI.StoreDots.self)
        barOptionsInit = try symbol("kalends_bar_options_init", KalendsABI.BarOptionsInit.self)
        timelineOptionsInit = try symbol("kalends_timeline_options_init", KalendsABI.TimelineOptionsInit.self)
        viewEventBars = try symbol("kalends_view_event_bars", KalendsABI.ViewEventBars.self)
        storeTimeline = try symbol("kalends_store_timeline", KalendsABI.StoreTimeline.self)
        viewSetStore = try symbol("kalends_view_set_store", KalendsABI.ViewSetStore.self)
        viewPendingRequests = try symbol("kalends_view_pending_requests", KalendsABI.SolverCount.self)
        pluginLoad = try symbol("kalends_plugin_load", KalendsABI.PluginLoad.self)
        pluginFree = try symbol("kalends_plugin_free", KalendsABI.HandleFree.self)
        pluginName = try symbol("kalends_plugin_name", KalendsABI.SolverDump.self)
        pluginFetch = try symbol("kalends_plugin_fetch", KalendsABI.PluginFetch.self)
        viewAddPlugin = try symbol("kalends_view_add_plugin", KalendsABI.ViewAddPlugin.self)
        viewRemoveSource = try symbol("kalends_view_remove_source", KalendsABI.SolverIDOperation.self)
        let abi = abiVersion()
        guard abi == KALENDS_ABI_VERSION else {
            throw KalendsError(.notFound, "\(p) has ABI version \(abi), this wrapper needs \(KALENDS_ABI_VERSION)")
        }
    }

    private static let sharedResult = Result { () throws(KalendsError) -> Library in try Library() }

    /// The library loaded once per process from the default location.
    public static func shared() throws(KalendsError) -> Library {
        switch sharedResult {
        case .success(let lib): return lib
        case .failure(let error): throw error
        }
    }

    /// `library`, or the shared one when nil.
    static func resolve(_ library: Library?) throws(KalendsError) -> Library {
        if let library { return library }
        return try shared()
    }

    /// Path of the mapped file that holds `symbol` (from /proc/self/maps): tells which
    /// copy of the library a process really calls.
    public func imagePath(ofSymbol symbol: String) -> String? {
        guard let address = dlsym(handle, symbol).map({ UInt(bitPattern: $0) }),
              let file = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            let bounds = fields.first?.split(separator: "-") ?? []
            guard fields.count >= 6, bounds.count == 2,
                  let low = UInt(bounds[0], radix: 16), let high = UInt(bounds[1], radix: 16),
                  low <= address, address < high else { continue }
            return String(fields[5].filter { $0 != "\n" })
        }
        return nil
    }

    /// A string read by the snprintf convention: `call(buffer, capacity, &length)` is
    /// made once to learn the length, then with a buffer that holds it.
    func readString(_ call: (UnsafeMutablePointer<CChar>?, Int, UnsafeMutablePointer<Int>) -> kalends_status) throws(KalendsError) -> String {
        var length = 0
        try check(call(nil, 0, &length))
        var buffer = [CChar](repeating: 0, count: length + 1)
        let capacity = buffer.count
        try check(buffer.withUnsafeMutableBufferPointer { call($0.baseAddress, capacity, &length) })
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Throws the error of a failed call; `status` 0 does nothing.
    @inline(__always)
    func check(_ status: kalends_status) throws(KalendsError) {
        guard status != KALENDS_OK else { return }
        let message = lastError().map { String(cString: $0) } ?? ""
        throw KalendsError(status: status, message: message)
    }
}

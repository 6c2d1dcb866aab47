// Swift spellings of the C function types of include/kalends.h. Types only: this module
// has no code and no symbols, so both libkalends.so (KalendsCAPI) and the dlopen wrapper
// (Kalends) can depend on it. KalendsCAPI checks at compile time that the header's
// declarations, its @_cdecl exports and these types agree; the wrapper uses them to
// type what dlsym() returns.
import CKalends

public enum KalendsABI {
    public typealias Status = kalends_status
    public typealias Out<T> = UnsafeMutablePointer<T>?
    public typealias In<T> = UnsafePointer<T>?
    public typealias CString = UnsafePointer<CChar>?

    // Versions and errors
    public typealias Version = @convention(c) () -> UInt32
    public typealias VersionString = @convention(c) () -> CString
    public typealias ABIVersion = @convention(c) () -> Int32
    public typealias StatusString = @convention(c) (Status) -> CString
    public typealias LastError = @convention(c) () -> CString

    // Dates
    public typealias DateFromDayNumber = @convention(c) (Int32, Out<kalends_date>) -> Status
    public typealias DateToInt = @convention(c) (In<kalends_date>, Out<Int32>) -> Status
    public typealias DateISOWeek = @convention(c) (In<kalends_date>, Out<kalends_week_of_year>) -> Status
    public typealias YearIsLeap = @convention(c) (Int32, Out<Int32>) -> Status
    public typealias YearDaysInMonth = @convention(c) (Int32, Int32, Out<Int32>) -> Status

    // Calendars
    public typealias CalendarOptionsInit = @convention(c) (Out<kalends_calendar_options>) -> Status
    public typealias CalendarNew = @convention(c) (In<kalends_calendar_options>, Out<OpaquePointer?>) -> Status
    public typealias CalendarFree = @convention(c) (OpaquePointer?) -> Status
    public typealias CalendarGetOptions = @convention(c) (OpaquePointer?, Out<kalends_calendar_options>) -> Status
    public typealias CalendarSetOptions = @convention(c) (OpaquePointer?, In<kalends_calendar_options>) -> Status
    public typealias CalendarToday = @convention(c) (OpaquePointer?, Out<kalends_date>) -> Status
    public typealias CalendarWeekOfYear =
        @convention(c) (OpaquePointer?, In<kalends_date>, Out<kalends_week_of_year>) -> Status

    // Grids
    public typealias CalendarMonthGrid =
        @convention(c) (OpaquePointer?, Int32, Int32, Int32, Out<kalends_day>, Int32, Out<Int32>) -> Status
    public typealias CalendarMonthRange =
        @convention(c) (OpaquePointer?, Int32, Int32, Int32, Out<kalends_day_range>) -> Status
    public typealias CalendarWeekGrid =
        @convention(c) (OpaquePointer?, In<kalends_date>, Out<kalends_day>, Int32, Out<Int32>) -> Status
    public typealias CalendarWeekRange =
        @convention(c) (OpaquePointer?, In<kalends_date>, Out<kalends_day_range>) -> Status

    // Views
    public typealias View = OpaquePointer?
    public typealias ViewOptionsInit = @convention(c) (Out<kalends_view_options>) -> Status
    public typealias ViewMetricsInit = @convention(c) (Out<kalends_view_metrics>) -> Status
    public typealias ViewNew = @convention(c) (OpaquePointer?, In<kalends_view_options>, In<kalends_view_metrics>,
                                               Out<OpaquePointer?>) -> Status
    public typealias ViewFree = @convention(c) (View) -> Status
    public typealias ViewGetOptions = @convention(c) (View, Out<kalends_view_options>) -> Status
    public typealias ViewSetOptions = @convention(c) (View, In<kalends_view_options>) -> Status
    public typealias ViewGetMetrics = @convention(c) (View, Out<kalends_view_metrics>) -> Status
    public typealias ViewSetMetrics = @convention(c) (View, In<kalends_view_metrics>) -> Status
    public typealias ViewSetCalendar = @convention(c) (View, OpaquePointer?) -> Status
    public typealias ViewSetCallbacks = @convention(c) (View, In<kalends_view_callbacks>) -> Status
    public typealias ViewSetMode = @convention(c) (View, Int32, Out<kalends_mode_change>) -> Status
    public typealias ViewPage = @convention(c) (View, Out<kalends_page>) -> Status
    public typealias ViewTurnPage = @convention(c) (View, Out<kalends_transition>) -> Status
    public typealias ViewGoTo = @convention(c) (View, In<kalends_date>, Out<kalends_transition>) -> Status
    public typealias ViewSelect = @convention(c) (View, In<kalends_date>, Out<kalends_action>) -> Status
    public typealias ViewClearSelection = @convention(c) (View) -> Status
    public typealias ViewSelection = @convention(c) (View, Out<kalends_selection>) -> Status
    public typealias ViewDayNumbers = @convention(c) (View, Out<Int32>, Int32, Out<Int32>) -> Status
    public typealias ViewSetDayNumbers = @convention(c) (View, In<Int32>, Int32) -> Status
    public typealias ViewFocus = @convention(c) (View, Out<kalends_date>) -> Status
    public typealias ViewKey = @convention(c) (View, Int32, Out<kalends_action>) -> Status
    public typealias ViewDays = @convention(c) (View, Out<kalends_day>, Int32, Out<Int32>) -> Status
    public typealias ViewIntrinsicSize = @convention(c) (View, Out<kalends_size>) -> Status
    public typealias ViewLayout = @convention(c) (View, Out<kalends_element>, Int32, Out<Int32>) -> Status
    public typealias ViewHitTest = @convention(c) (View, Double, Double, Out<kalends_element>) -> Status
    public typealias ViewTap = @convention(c) (View, Double, Double, Out<kalends_element>, Out<kalends_action>) -> Status
    public typealias ViewTransitionLayout = @convention(c) (View, Double, Int32, Out<kalends_element>, Int32, Out<Int32>,
                                                            Out<Double>) -> Status
    public typealias ViewAccessibilityLabel = @convention(c) (View, In<kalends_date>, UnsafeMutablePointer<CChar>?, Int,
                                                              Out<Int>) -> Status
    public typealias CurveValue = @convention(c) (Int32, Double, Out<Double>) -> Status

    // Scrolling calendars, flow layout, Auto Layout
    public typealias ScrollOptionsInit = @convention(c) (Out<kalends_scroll_options>) -> Status
    public typealias ScrollNew = @convention(c) (OpaquePointer?, In<kalends_scroll_options>, In<kalends_view_metrics>,
                                                 Out<OpaquePointer?>) -> Status
    public typealias HandleFree = @convention(c) (OpaquePointer?) -> Status
    public typealias ScrollMonthCount = @convention(c) (OpaquePointer?, Out<Int32>) -> Status
    public typealias ScrollContentSize = @convention(c) (OpaquePointer?, Out<kalends_size>, Out<Int32>) -> Status
    public typealias ScrollElements = @convention(c) (OpaquePointer?, In<kalends_rect>, Out<kalends_element>, Int32,
                                                      Out<Int32>) -> Status
    public typealias ScrollVisibleDays = @convention(c) (OpaquePointer?, In<kalends_rect>, Out<kalends_day_range>) -> Status
    public typealias ScrollVisibleMonths = @convention(c) (OpaquePointer?, In<kalends_rect>, Out<kalends_date>,
                                                           Out<kalends_date>) -> Status
    public typealias ScrollOffset = @convention(c) (OpaquePointer?, In<kalends_date>, Int32, Double, Out<Double>) -> Status
    public typealias FlowOptionsInit = @convention(c) (Out<kalends_flow_options>) -> Status
    public typealias FlowLayout = @convention(c) (In<kalends_size>, Int32, In<kalends_flow_options>, Out<kalends_rect>,
                                                  Int32, Out<Int32>, Out<kalends_size>) -> Status
    public typealias FlowFit = @convention(c) (In<kalends_size>, Int32, In<kalends_flow_options>, In<kalends_size>,
                                               In<kalends_size>, Out<kalends_rect>, Int32, Out<Int32>,
                                               Out<kalends_flow_fit_result>) -> Status
    public typealias ConstraintInit = @convention(c) (Out<kalends_constraint>) -> Status
    public typealias AutoLayoutNew = @convention(c) (Out<OpaquePointer?>) -> Status
    public typealias AutoLayoutAddItem = @convention(c) (OpaquePointer?, Int32, Out<Int32>) -> Status
    public typealias AutoLayoutSetItemSize = @convention(c) (OpaquePointer?, Int32, Double, Double) -> Status
    public typealias AutoLayoutAddConstraint = @convention(c) (OpaquePointer?, In<kalends_constraint>, Out<Int32>) -> Status
    public typealias AutoLayoutRemoveConstraint = @convention(c) (OpaquePointer?, Int32) -> Status
    public typealias AutoLayoutConstant = @convention(c) (OpaquePointer?, Int32, Out<Double>) -> Status
    public typealias AutoLayoutUpdateConstants = @convention(c) (OpaquePointer?, Out<kalends_constant_change>, Int32,
                                                                 Out<Int32>) -> Status
    // Constraint solver
    public typealias HandleOperation = @convention(c) (OpaquePointer?) -> Status
    public typealias StrengthCreate = @convention(c) (Double, Double, Double, Double, Out<Double>) -> Status
    public typealias SolverNew = @convention(c) (Out<OpaquePointer?>) -> Status
    public typealias SolverAddVariables = @convention(c) (OpaquePointer?, Int32, Out<Int32>) -> Status
    public typealias SolverCount = @convention(c) (OpaquePointer?, Out<Int32>) -> Status
    public typealias SolverConstraintNew = @convention(c) (OpaquePointer?, In<kalends_term>, Int32, Double, Int32, Double,
                                                           Out<Int32>) -> Status
    public typealias SolverIDOperation = @convention(c) (OpaquePointer?, Int32) -> Status
    public typealias SolverIDQuery = @convention(c) (OpaquePointer?, Int32, Out<Int32>) -> Status
    public typealias SolverIDValue = @convention(c) (OpaquePointer?, Int32, Double) -> Status
    public typealias SolverSuggestValues = @convention(c) (OpaquePointer?, In<Int32>, In<Double>, Int32) -> Status
    public typealias SolverUpdateVariables = @convention(c) (OpaquePointer?, Out<Double>, Int32, Out<Int32>) -> Status
    public typealias SolverValues = @convention(c) (OpaquePointer?, Int32, Int32, Out<Double>) -> Status
    public typealias SolverDump = @convention(c) (OpaquePointer?, UnsafeMutablePointer<CChar>?, Int, Out<Int>) -> Status
    // Auto Layout solving
    public typealias AutoLayoutSetPriority = @convention(c) (OpaquePointer?, Int32, Int32, Int32, Double) -> Status
    public typealias AutoLayoutSetMeasure = @convention(c) (OpaquePointer?, Int32, kalends_measure_fn?, UnsafeMutableRawPointer?) -> Status
    public typealias AutoLayoutSetView = @convention(c) (OpaquePointer?, Int32, OpaquePointer?) -> Status
    public typealias AutoLayoutSetPolicy = @convention(c) (OpaquePointer?, Int32, kalends_broken_fn?, UnsafeMutableRawPointer?) -> Status
    public typealias AutoLayoutFrame = @convention(c) (OpaquePointer?, Int32, Out<kalends_rect>) -> Status
    public typealias AutoLayoutFittingSize = @convention(c) (OpaquePointer?, Int32, In<kalends_size>, Double, Double,
                                                             Out<kalends_size>) -> Status
    // Time zones, events, sources, plugins
    public typealias TimezoneNew = @convention(c) (CString, Out<OpaquePointer?>) -> Status
    public typealias TimezoneFromTZif = @convention(c) (In<UInt8>, Int, CString, Out<OpaquePointer?>) -> Status
    public typealias TimezoneOffset = @convention(c) (OpaquePointer?, Int64, Out<Int32>, Out<Int32>) -> Status
    public typealias TimezoneDayStart = @convention(c) (OpaquePointer?, Int32, Out<Int64>) -> Status
    public typealias TimezoneInstant = @convention(c) (OpaquePointer?, Int32, Int32, Out<Int64>) -> Status
    public typealias StoreEvent = @convention(c) (OpaquePointer?, In<kalends_event>) -> Status
    public typealias StoreAddEvents = @convention(c) (OpaquePointer?, In<kalends_event>, Int32) -> Status
    public typealias StoreRemove = @convention(c) (OpaquePointer?, Int64) -> Status
    public typealias StoreGet = @convention(c) (OpaquePointer?, Int64, Out<kalends_event>) -> Status
    public typealias StoreQuery = @convention(c) (OpaquePointer?, OpaquePointer?, Int32, Int32, Out<kalends_event>, Int32,
                                                  Out<Int32>) -> Status
    public typealias StoreQueryIds = @convention(c) (OpaquePointer?, OpaquePointer?, Int32, Int32, Out<Int64>, Int32,
                                                     Out<Int32>, Out<UInt64>) -> Status
    public typealias StoreQueryIndexes = @convention(c) (OpaquePointer?, OpaquePointer?, Int32, Int32, Out<Int32>, Int32,
                                                         Out<Int32>, Out<UInt64>) -> Status
    public typealias StoreGetAt = @convention(c) (OpaquePointer?, Int32, Out<kalends_event>, Out<UInt64>) -> Status
    public typealias StoreVersion = @convention(c) (OpaquePointer?, Out<UInt64>) -> Status
    public typealias StoreDots = @convention(c) (OpaquePointer?, OpaquePointer?, Int32, Int32, Int32, Out<Int32>, Out<UInt32>,
                                                 Int32) -> Status
    public typealias BarOptionsInit = @convention(c) (Out<kalends_bar_options>) -> Status
    public typealias TimelineOptionsInit = @convention(c) (Out<kalends_timeline_options>) -> Status
    public typealias ViewEventBars = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, In<kalends_bar_options>,
                                                     Out<kalends_event_bar>, Int32, Out<Int32>, Out<kalends_event_more>, Int32,
                                                     Out<Int32>) -> Status
    public typealias StoreTimeline = @convention(c) (OpaquePointer?, OpaquePointer?, Int32, In<kalends_timeline_options>,
                                                     Out<kalends_timeline_item>, Int32, Out<Int32>) -> Status
    public typealias ViewSetStore = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Status
    public typealias ViewAddSource = @convention(c) (OpaquePointer?, In<kalends_source>, Out<Int32>) -> Status
    public typealias PluginLoad = @convention(c) (CString, CString, Out<OpaquePointer?>) -> Status
    public typealias PluginFetch = @convention(c) (OpaquePointer?, Int32, Int32, OpaquePointer?, OpaquePointer?, Int32) -> Status
    public typealias ViewAddPlugin = @convention(c) (OpaquePointer?, OpaquePointer?, Out<Int32>) -> Status
}

/// A calendar system as a value: one of the built-in systems or one a host registered.
/// Two values are equal when their identifiers are. `gregorian` is the default and the
/// one whose grids take the library's direct Gregorian path.
public struct AnyCalendarSystem: Hashable, Sendable, CustomStringConvertible {
    public let base: any CalendarSystem
    public let identifier: String
    /// True for `gregorian` and `iso8601`, whose fields are the civil `Date`'s.
    public let isGregorian: Bool
    /// True for the systems of Gregorian months (gregorian, iso8601, buddhist, roc,
    /// japanese), whose week numbers count Gregorian years (decided once, not per grid).
    public let hasGregorianMonths: Bool
    /// The concrete built-in system, or nil for a registered one (see `gridMonths`).
    @usableFromInline let builtIn: BuiltIn?
    /// A number naming the built-in system (1...18), 0 for a registered one.
    @usableFromInline let builtInCode: UInt8

    public init(_ base: any CalendarSystem) {
        self.base = base
        builtIn = BuiltIn(base)
        builtInCode = AnyCalendarSystem.code(builtIn)
        identifier = base.identifier
        hasGregorianMonths = base is GregorianFamilySystem
        isGregorian = hasGregorianMonths && (identifier == "gregorian" || identifier == "iso8601")
    }

    public static let gregorian = AnyCalendarSystem(GregorianFamilySystem(.gregorian))

    public static func == (a: AnyCalendarSystem, b: AnyCalendarSystem) -> Bool { a.identifier == b.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
    public var description: String { identifier }
}

/// The registry of calendar systems by CLDR identifier: the built-in ones and those a
/// host or plugin registers. Thread-safe.
public enum CalendarSystems {
    /// The built-in identifiers, in CLDR's order.
    public static let builtInIdentifiers = [
        "gregorian", "iso8601", "julian", "buddhist", "japanese", "roc",
        "islamic", "islamic-civil", "islamic-tbla", "islamic-umalqura",
        "hebrew", "persian", "indian", "coptic", "ethiopic", "ethiopic-amete-alem",
        "chinese", "dangi",
    ]

    /// Other names ICU and CLDR accept for the same systems.
    public static let aliases: [String: String] = [
        "gregory": "gregorian",
        "ethioaa": "ethiopic-amete-alem",
        "islamicc": "islamic-civil",
        "iso-8601": "iso8601",
    ]

    static func builtIn(_ identifier: String) -> (any CalendarSystem)? {
        switch identifier {
        case "gregorian": GregorianFamilySystem(.gregorian)
        case "iso8601": GregorianFamilySystem(.iso8601)
        case "buddhist": GregorianFamilySystem(.buddhist)
        case "roc": GregorianFamilySystem(.roc)
        case "japanese": GregorianFamilySystem(.japanese)
        case "julian": JulianSystem()
        case "islamic": IslamicSystem(.astronomical)
        case "islamic-civil": IslamicSystem(.civil)
        case "islamic-tbla": IslamicSystem(.tabular)
        case "islamic-umalqura": IslamicSystem(.ummAlQura)
        case "hebrew": HebrewSystem()
        case "persian": SolarSystem(.persian)
        case "indian": SolarSystem(.indian)
        case "coptic": SolarSystem(.coptic)
        case "ethiopic": SolarSystem(.ethiopic)
        case "ethiopic-amete-alem": SolarSystem(.ethiopicAmeteAlem)
        case "chinese": ChineseSystem(.chinese)
        case "dangi": ChineseSystem(.dangi)
        default: nil
        }
    }

    private static let lock = Lock()
    nonisolated(unsafe) private static var registered: [String: any CalendarSystem] = [:]
    nonisolated(unsafe) private static var registeredOrder: [String] = []

    /// Every identifier: the built-in ones, then the registered ones in registration order.
    public static var identifiers: [String] {
        lock.withLock { builtInIdentifiers + registeredOrder }
    }

    /// The system named `identifier` (or one of its aliases); `.notFound` naming the
    /// known identifiers otherwise.
    public static func named(_ identifier: String) throws(KalendsError) -> AnyCalendarSystem {
        let name = aliases[identifier] ?? identifier
        if let system = builtIn(name) { return AnyCalendarSystem(system) }
        if let system = lock.withLock({ registered[name] }) { return AnyCalendarSystem(system) }
        throw KalendsError(.notFound, "no calendar system is named \"\(identifier)\" (known: "
            + identifiers.joined(separator: ", ") + ")")
    }

    /// Adds a system under its identifier; `.duplicate` when the identifier (or an
    /// alias) is taken, `.invalidArgument` when the system's ranges are empty.
    public static func register(_ system: any CalendarSystem) throws(KalendsError) {
        let name = system.identifier
        guard !name.isEmpty, system.dayRange.lowerBound <= system.dayRange.upperBound else {
            throw KalendsError(.invalidArgument, "a calendar system needs an identifier and a non-empty day range")
        }
        if builtIn(name) != nil || aliases[name] != nil {
            throw KalendsError(.duplicate, "calendar system \"\(name)\" is built in")
        }
        let added: Bool = lock.withLock {
            if registered[name] != nil { return false }
            registered[name] = system
            registeredOrder.append(name)
            return true
        }
        guard added else { throw KalendsError(.duplicate, "calendar system \"\(name)\" is already registered") }
    }

    /// Removes a registered system; `.notFound` if it is not registered.
    public static func unregister(_ identifier: String) throws(KalendsError) {
        let removed: Bool = lock.withLock {
            guard registered.removeValue(forKey: identifier) != nil else { return false }
            registeredOrder.removeAll { $0 == identifier }
            return true
        }
        guard removed else { throw KalendsError(.notFound, "no registered calendar system is named \"\(identifier)\"") }
    }
}

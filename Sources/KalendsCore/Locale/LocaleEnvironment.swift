// The locale of the environment (LC_ALL, LC_TIME, LANG), read through the platform.

extension Locale {
    /// The locale POSIX says a program's dates use: the first non-empty of `LC_ALL`,
    /// `LC_TIME` and `LANG` ("de_DE.UTF-8" -> de_DE); none set, or "C"/"POSIX", is
    /// CLDR's en_US_POSIX. Read at each call (`Platform.current.variable`).
    public static var environment: Locale {
        Locale(environmentValue(Platform.current.variable))
    }

    /// The identifier POSIX's precedence picks from `lookup` (LC_ALL, LC_TIME, LANG).
    static func environmentValue(_ lookup: (String) -> String?) -> String {
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            if let value = lookup(name), !value.isEmpty { return value }
        }
        return "C"
    }
}

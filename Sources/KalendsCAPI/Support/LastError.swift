// Statuses and kalends_last_error(): a failing export records its message in the
// calling thread's buffer (KalendsSystem.ThreadMessage) and returns its status.
import CKalends
import KalendsCore
import KalendsSystem

/// Records the error for kalends_last_error() and returns its status.
@inline(never)
func fail(_ error: KalendsError) -> kalends_status {
    ThreadMessage.set(error.message)
    return error.code.rawValue
}

/// Runs an export's body, turning a thrown KalendsError into its status. The core gets
/// the operating system's clock, environment and locks first (SystemPlatform, once).
@inline(__always)
func status(_ body: () throws(KalendsError) -> Void) -> kalends_status {
    SystemPlatform.installed
    do {
        try body()
        return KALENDS_OK
    } catch {
        return fail(error)
    }
}

func invalid(_ message: String) -> KalendsError { KalendsError(.invalidArgument, message) }

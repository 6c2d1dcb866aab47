package kalends;

/** A failed Kalends call: the status (KALENDS_E_*), its name and the library's message. */
public class KalendsException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final String statusName;

    public KalendsException(int status, String statusName, String message) {
        super(statusName + ": " + message);
        this.status = status;
        this.statusName = statusName;
    }

    /** The KALENDS_E_* code. */
    public int status() {
        return status;
    }

    /** The library's name of the status ("misuse", ...). */
    public String statusName() {
        return statusName;
    }
}

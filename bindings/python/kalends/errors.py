"""Statuses of the C ABI and the exception raised for each one."""
from __future__ import annotations



#: ``kalends_status`` codes (``KALENDS_OK``, ``KALENDS_E_*`` without the E_): the generated
#: group of the header (``_abi.Status``).
from ._abi import Status as Status  # noqa: E402


class LibraryNotFoundError(ImportError):
    """libkalends.so could not be loaded: it is not where the binding looks for it, or
    ``KALENDS_LIBRARY`` (or a file found) is not a loadable Kalends library of this ABI.
    The message says which path and why."""


class KalendsError(Exception):
    """Base class of every error the library reports.

    ``status`` is the C status code, ``message`` the text of ``kalends_last_error()``.
    """

    status: Status = Status.OK

    def __init__(self, message: str, status: Status | int | None = None) -> None:
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = Status(status) if status in Status._value2member_map_ else status  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r})"


class InvalidArgumentError(KalendsError, ValueError):
    """A malformed argument: unknown enum value, impossible date, bad option."""

    status = Status.INVALID_ARGUMENT


class OutOfRangeError(KalendsError, ValueError):
    """A well-formed argument outside the supported range (years beyond +-999999)."""

    status = Status.OUT_OF_RANGE


class BufferTooSmallError(KalendsError):
    """A result did not fit the buffer given for it."""

    status = Status.BUFFER_TOO_SMALL


class MisuseError(KalendsError):
    """A closed, freed or foreign handle."""

    status = Status.MISUSE


class UnsatisfiableError(KalendsError):
    """Required constraints contradict each other."""

    status = Status.UNSATISFIABLE


class DuplicateError(KalendsError):
    """Something with that identity already exists."""

    status = Status.DUPLICATE


class NotFoundError(KalendsError, LookupError):
    """Nothing with that identity exists, or there is no value to report."""

    status = Status.NOT_FOUND


class ParseError(KalendsError, ValueError):
    """Text could not be parsed."""

    status = Status.PARSE


class PluginError(KalendsError):
    """A plugin failed to load or broke its contract."""

    status = Status.PLUGIN


class IoError(KalendsError, OSError):
    """The operating system refused a read or write."""

    status = Status.IO


class CallbackError(KalendsError):
    """A host callback failed (a Python callback's own exception is raised instead)."""

    status = Status.CALLBACK


class NoIntrinsicMetricError(KalendsError):
    """A size was asked for that needs a dimension not given yet (a view's width)."""

    status = Status.NO_INTRINSIC_METRIC


class InternalError(KalendsError):
    """A numerical failure inside the constraint solver; reset the solver."""

    status = Status.INTERNAL


_BY_STATUS: dict[int, type[KalendsError]] = {
    cls.status: cls
    for cls in (
        InvalidArgumentError, OutOfRangeError, BufferTooSmallError, MisuseError, UnsatisfiableError,
        DuplicateError, NotFoundError, ParseError, PluginError, IoError, CallbackError, NoIntrinsicMetricError,
        InternalError,
    )
}


def error_for(status: int, message: str) -> KalendsError:
    """The exception for a failed call's status and message."""
    cls = _BY_STATUS.get(status)
    if cls is None:
        return KalendsError(f"{message} (unknown status {status})", status)
    return cls(message)

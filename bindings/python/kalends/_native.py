"""Loading of libkalends.so with the declarations of the C ABI (generated in _abi.py).

Every function gets ``argtypes`` and ``restype`` from _abi.signature when it is first
looked up; handles are ``c_void_p``. The library is, in order: the one ``KALENDS_LIBRARY`` names (if that cannot
be loaded: LibraryNotFoundError, never another library); the one inside this package (a
wheel); an installed ``libkalends.so.MAJOR`` (``ctypes.util.find_library("kalends")``, then
the dynamic loader's own search by the soname); the repository's ``.build/release`` one.
A library found but not usable (another ABI, functions missing) is an error, not skipped.

This module owns the library and its call paths: ``lib`` (declared calls), ``fast(name)``
(undeclared calls with ready arguments, for the functions of ``FAST_CALLS`` only, each
with the bench row that shows it pays) and ``check`` (a status to an exception).
"""
from __future__ import annotations

import ctypes
import os
from ctypes import c_int32, c_void_p
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from . import _abi
from .errors import LibraryNotFoundError, error_for

if TYPE_CHECKING:   # made on first use (see __getattr__ below and _abi)
    from ._abi import (  # noqa: F401
        CAction, CBarOptions, CBrokenConstraint, CCalendarOptions, CCompletion, CConstantChange, CConstraint, CDate,
        CDay, CDayRange, CElement, CEvent, CEventBar, CEventMore, CEventSink, CFlowFitResult, CFlowOptions,
        CModeChange, CPage, CPoint, CRect, CScrollOptions, CSelection, CSize, CSource, CTimelineItem,
        CTimelineOptions, CTransition, CViewCallbacks, CViewMetrics, CViewOptions, CWeekOfYear,
    )

    DAY_PREDICATE = _abi.CDayPredicate
    DAY_CALLBACK = _abi.CDayCallback
    PAGE_CALLBACK = _abi.CPageCallback
    SIZE_CALLBACK = _abi.CSizeCallback
    SINK_ADD = _abi.CEventSinkAdd
    COMPLETE_FN = _abi.CCompletionComplete
    SOURCE_FETCH = _abi.CSourceFetch
    SOURCE_BEGIN = _abi.CSourceBegin
    SOURCE_CANCEL = _abi.CSourceCancel
    SOURCE_DESTROY = _abi.CSourceDestroy
    MEASURE_FN = _abi.CMeasureFn
    BROKEN_FN = _abi.CBrokenFn

#: What the package's modules import from here: the generated structs (re-exported) and
#: the loaded library with its helpers.
__all__ = [
    "CAction", "CBarOptions", "CBrokenConstraint", "CCalendarOptions", "CCompletion", "CConstantChange", "CConstraint",
    "CDate", "CDay", "CDayRange", "CElement", "CEvent", "CEventBar", "CEventMore", "CEventSink", "CFlowFitResult",
    "CFlowOptions", "CModeChange", "CPage", "CPoint", "CRect", "CScrollOptions", "CSelection", "CSize", "CSource",
    "CTimelineItem", "CTimelineOptions", "CTransition", "CViewCallbacks", "CViewMetrics", "CViewOptions",
    "CWeekOfYear", "ABI_VERSION", "DAY_PREDICATE", "DAY_CALLBACK", "PAGE_CALLBACK",
    "SIZE_CALLBACK", "SINK_ADD", "COMPLETE_FN", "SOURCE_FETCH", "SOURCE_BEGIN", "SOURCE_CANCEL", "SOURCE_DESTROY",
    "MEASURE_FN", "BROKEN_FN", "LibraryNotFoundError", "candidate_paths", "lib", "fast", "FAST_CALLS", "check",
    "FUNCTION_NAMES",
]

#: The KALENDS_ABI_VERSION these declarations describe.
ABI_VERSION = _abi.KALENDS_ABI_VERSION

#: Callback types under the names the modules use (made with their _abi type).
_CALLBACK_TYPES = {
    "DAY_PREDICATE": "CDayPredicate", "DAY_CALLBACK": "CDayCallback", "PAGE_CALLBACK": "CPageCallback",
    "SIZE_CALLBACK": "CSizeCallback", "SINK_ADD": "CEventSinkAdd", "COMPLETE_FN": "CCompletionComplete",
    "SOURCE_FETCH": "CSourceFetch", "SOURCE_BEGIN": "CSourceBegin", "SOURCE_CANCEL": "CSourceCancel",
    "SOURCE_DESTROY": "CSourceDestroy", "MEASURE_FN": "CMeasureFn", "BROKEN_FN": "CBrokenFn",
}


def __getattr__(name: str) -> Any:
    """The generated structs (re-exported: the modules of the package import them from
    here) and callback types, made on first use by _abi."""
    if name.startswith("C") or name in _CALLBACK_TYPES:
        try:
            return getattr(_abi, _CALLBACK_TYPES.get(name, name))
        except AttributeError:
            pass
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: Parameters of hot calls passed as raw addresses (c_void_p) instead of typed pointers:
#: ctypes converts an int in a fraction of the time it takes to check a POINTER(CDay)
#: argument. GridBuffer holds the addresses of its own buffers; kiwisolver.py passes
#: packed kalends_term bytes and double arrays.
_ADDRESS_PARAMETERS = {
    "kalends_calendar_month_grid": ("out", "count"),
    "kalends_calendar_week_grid": ("out", "count"),
    "kalends_view_days": ("out", "count"),
    "kalends_solver_constraint_new": ("terms",),
    "kalends_solver_add_constraint_terms": ("terms",),
    "kalends_solver_suggest_values": ("variables", "values"),
    "kalends_solver_update_variables": ("mirror",),
}


def _signature(name: str) -> tuple[Any, list[Any]]:
    """restype and argtypes of a function, from the generated declarations (made when
    the function is first looked up: import declares none)."""
    restype, params = _abi.signature(name)
    raw = _ADDRESS_PARAMETERS.get(name, ())
    return restype, [c_void_p if pname in raw else argtype for pname, argtype in params]


#: Every function of the C ABI, in header order.
FUNCTION_NAMES = tuple(_abi.FUNCTION_SOURCE)
for _name, _raw in _ADDRESS_PARAMETERS.items():
    if not all(f'("{p}", ' in _abi.FUNCTION_SOURCE[_name] for p in _raw):
        raise ImportError(f"_ADDRESS_PARAMETERS names parameters {_name} does not have: {_raw}")


ENVIRONMENT = "KALENDS_LIBRARY"
#: The installed library's name: its soname, which changes with the major version.
SONAME = f"libkalends.so.{_abi.KALENDS_VERSION_MAJOR}"


def candidate_paths() -> list[Path]:
    """The files looked for, in order: ``KALENDS_LIBRARY`` alone when it is set (and not
    empty), else the one inside this package (a wheel), else the repository's
    ``.build/release`` (an installed library, found by name, comes between these two)."""
    env = os.environ.get(ENVIRONMENT)
    if env:
        return [Path(env).absolute()]   # absolute: dlopen must not search the system's paths
    here = Path(__file__).resolve().parent
    return [here / "libkalends.so", here.parent.parent.parent / ".build" / "release" / "libkalends.so"]


def installed_names() -> list[str]:
    """Names of an installed library for dlopen, in order: what
    ``ctypes.util.find_library("kalends")`` finds (the soname of a library in the loader's
    cache or LD_LIBRARY_PATH), unless it is another major version's; then ``SONAME``."""
    import ctypes.util   # here, not at import: it loads subprocess, and a wheel or KALENDS_LIBRARY never needs it

    names = []
    found = ctypes.util.find_library("kalends")
    if found and (found in (SONAME, "libkalends.so") or not found.startswith("libkalends.so.")):
        names.append(found)
    if SONAME not in names:
        names.append(SONAME)
    return names


def _checked(loaded: ctypes.CDLL, what: str) -> ctypes.CDLL:
    """Checks that a loaded library is a Kalends library of this ABI with every function
    the declarations name, and declares them; LibraryNotFoundError saying why not."""
    if not hasattr(loaded, "kalends_abi_version"):
        raise LibraryNotFoundError(f"{what}: not a Kalends library (it does not export kalends_abi_version)")
    abi = loaded.kalends_abi_version
    abi.restype, abi.argtypes = c_int32, []
    found = abi()
    if found != ABI_VERSION:
        raise LibraryNotFoundError(
            f"{what}: Kalends ABI version {found}, this binding needs {ABI_VERSION}; rebuild one of them")
    missing = [name for name in FUNCTION_NAMES if not _exports(loaded, name)]
    if missing:
        raise LibraryNotFoundError(
            f"{what}: lacks {len(missing)} function(s) this binding declares ({', '.join(missing[:3])}"
            f"{', ...' if len(missing) > 3 else ''}); it was built from other sources: rebuild it with `make`")
    return loaded


def _open(path: Path) -> ctypes.CDLL:
    """Loads one file (see _checked)."""
    if not path.exists():
        raise LibraryNotFoundError(f"{path}: no such file")
    if not path.is_file():
        raise LibraryNotFoundError(f"{path}: not a file")
    try:
        loaded = _Library(str(path))
    except OSError as e:
        raise LibraryNotFoundError(f"{path}: not a loadable shared library ({e})") from None
    return _checked(loaded, str(path))


def _open_installed() -> ctypes.CDLL | None:
    """An installed library by name (see installed_names), or None when the dynamic loader
    finds none; one it finds but cannot load is an error."""
    for name in installed_names():
        try:
            loaded = _Library(name)
        except OSError as e:
            if "cannot open shared object file" in str(e):
                continue
            raise LibraryNotFoundError(f"{name} (installed): not a loadable shared library ({e})") from None
        return _checked(loaded, f"{name} (installed)")
    return None


class _Library(ctypes.CDLL):
    """A CDLL whose functions get their declared restype and argtypes when first looked
    up (ctypes then keeps them as attributes): importing the package does not declare
    the hundreds of functions a program never calls."""

    def __getattr__(self, name: str) -> Any:
        fn = super().__getattr__(name)
        if name in _abi.FUNCTION_SOURCE:
            fn.restype, fn.argtypes = _signature(name)
        return fn


def _exports(loaded: ctypes.CDLL, name: str) -> bool:
    """Whether the library exports `name` (a lookup, without declaring it)."""
    try:
        loaded[name]
    except AttributeError:
        return False
    return True


def _load() -> ctypes.CDLL:
    """The library: the one ``KALENDS_LIBRARY`` names (an error if it cannot be loaded,
    never a fallback), else the first one found in the usual places."""
    tried = candidate_paths()
    if os.environ.get(ENVIRONMENT):
        try:
            return _open(tried[0])
        except LibraryNotFoundError as e:
            raise LibraryNotFoundError(
                f"{ENVIRONMENT}={os.environ[ENVIRONMENT]} does not name a loadable Kalends library: {e}") from None
    packaged, repository = tried
    if packaged.exists():
        return _open(packaged)   # a broken file found is an error too, not skipped
    installed = _open_installed()
    if installed is not None:
        return installed
    if repository.exists():
        return _open(repository)
    raise LibraryNotFoundError(
        f"libkalends.so not found; looked for:\n  {packaged}\n"
        f"  an installed {SONAME} (ctypes.util.find_library('kalends'), LD_LIBRARY_PATH, /etc/ld.so.cache)\n"
        f"  {repository}\n"
        "Install the wheel (make wheel) or the library (make install), build it with `make` in the "
        f"repository, or set {ENVIRONMENT} to its path.")


lib = _load()
_last_error: Callable[[], bytes] = lib.kalends_last_error


def check(status: int) -> None:
    """Raises the exception for a failed call (status != 0) with this thread's message."""
    if status:
        raise error_for(status, _last_error().decode("utf-8", "replace"))


#: The library's two call paths: ``lib`` (every function declared, argtypes converting
#: and checking each argument, the GIL released during the call) and these fast calls,
#: made without argtypes: the caller passes arguments ready (handles and buffers as
#: c_void_p or byref, ints already checked, int64 as c_int64), which costs a fraction of
#: a declared call's conversions. A function is here only when a bench row shows that it
#: pays (the row, then whether the GIL stays held: a PyDLL call, no release and
#: re-acquire, for calls that never block on a lock nor call back into Python).
FAST_CALLS: dict[str, tuple[str, bool]] = {
    # month_grid, month_dates and their cached forms: a grid fill is ~1 us of C
    "kalends_calendar_month_grid": ("grid.py.month_grid, grid.py.month_dates", True),
    "kalends_calendar_month_range": ("grid.py.month_dates", True),
    "kalends_calendar_today": ("grid.py.month_grid_again (a system today, read per grid)", True),
    # the kiwisolver drop-in's solver loop: a drag frame is one call
    "kalends_solver_add_constraints": ("solver.py.chain_build.*, solver.py.form_build", True),
    "kalends_solver_constraint_forget": ("solver.py.chain_build.*", True),
    "kalends_solver_add_variables": ("solver.py.chain_build.*", True),
    "kalends_solver_suggest_values": ("solver.py.drag_*", True),
    "kalends_solver_suggest_and_update": ("solver.py.drag_*, solver.py.form_resize", True),
    "kalends_solver_update_variables": ("solver.py.drag_*", True),
    # EventStore.query: may wait for the store's lock while a source's thread fills it
    "kalends_store_query_rows": ("events.py.query_host.*, events.py.query_bisect.*", False),
    # a Locale (opened and freed) and its texts: names and dates of every page drawn
    "kalends_locale_open": ("locale.py.open", True),
    "kalends_locale_free": ("locale.py.open", True),
    **{f"kalends_locale_{name}": ("locale.py.format_date", True) for name in (
        "available_identifier", "calendar", "date_pattern", "day_period_name", "digits", "era_name", "format_date",
        "format_day", "format_hour", "format_month_year", "format_pattern", "format_time", "identifier", "month_name",
        "region", "weekday_name")},
}
_fast_libraries: dict[bool, ctypes.CDLL] = {}


def fast(name: str) -> Any:
    """The fast call of a function of FAST_CALLS (restype int32, no argtypes)."""
    _, holds_gil = FAST_CALLS[name]
    loaded = _fast_libraries.get(holds_gil)
    if loaded is None:
        loaded = _fast_libraries[holds_gil] = (ctypes.PyDLL if holds_gil else ctypes.CDLL)(lib._name)
    fn = getattr(loaded, name)
    fn.restype = c_int32
    return fn

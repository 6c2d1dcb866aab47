"""The one lifetime of library objects: ``Handle``, the base of every class that holds a
``kalends_<object>`` handle.

A handle is released by ``close()`` (idempotent; a call on a closed object raises
MisuseError, as the library answers for a freed handle), at the end of a ``with``
block, or when the object is garbage collected (``__del__``: cheaper to set up than
``weakref.finalize``, ~2 us per object, and it runs before the object's attributes go,
so a view's callbacks outlive its handle).
"""
from __future__ import annotations

from ctypes import c_void_p
from typing import Any, ClassVar, TypeVar

from ._native import FAST_CALLS, fast, lib

H = TypeVar("H", bound="Handle")


class Handle:
    """A library handle (``_handle``, an address) released with the class's free function,
    named when subclassing: ``class View(Handle, free="kalends_view_free")``."""

    __slots__ = ("_handle", "_live")
    #: The class's free function (a staticmethod; set by __init_subclass__).
    _free: ClassVar[Any]

    def __init_subclass__(cls, free: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if free:
            function = fast(free) if free in FAST_CALLS else getattr(lib, free)
            cls._free = staticmethod(function)

    def _own(self, handle: int) -> None:
        """Takes ``handle`` (from a successful ``kalends_<object>_new``): released once."""
        self._handle = handle
        self._live = True

    def close(self) -> None:
        """Releases the handle now. Later calls raise MisuseError. Idempotent."""
        if getattr(self, "_live", False):
            self._live = False
            self._free(c_void_p(self._handle))

    @property
    def closed(self) -> bool:
        return not getattr(self, "_live", False)

    def __enter__(self: H) -> H:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()

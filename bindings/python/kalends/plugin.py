"""Plugins (``kalends_plugin``, include/kalends/sys/plugin.h for what a plugin
implements): a library that gives events, holidays or a calendar system."""
from __future__ import annotations

import ctypes
import os
from ctypes import byref, c_size_t, c_void_p
from typing import Optional, Union

from ._checks import instance, int32, text, type_name
from ._handle import Handle
from ._native import check, lib
from .errors import InvalidArgumentError
from .events import DateLike, to_day
from .store import EventStore
from .timezone import TimeZone, zone_handle


class Plugin(Handle, free="kalends_plugin_free"):
    """A plugin library (``kalends_plugin_load``): ``Plugin(path, config)``."""

    def __init__(self, path: Union[str, "os.PathLike[str]"], config: Optional[str] = None) -> None:
        handle = c_void_p()
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be a str or a path, not {type_name(path)}")
        encoded_path = os.fsencode(path)
        encoded_config = text(config, "config").encode("utf-8") if config is not None else None
        if b"\0" in encoded_path or (encoded_config is not None and b"\0" in encoded_config):
            raise InvalidArgumentError("path and config must not contain NUL characters")
        check(lib.kalends_plugin_load(encoded_path, encoded_config, byref(handle)))
        self._own(handle.value or 0)

    @property
    def name(self) -> str:
        length = c_size_t()
        check(lib.kalends_plugin_name(self._handle, None, 0, byref(length)))
        buf = ctypes.create_string_buffer(length.value + 1)
        check(lib.kalends_plugin_name(self._handle, buf, len(buf), byref(length)))
        return buf.value.decode()

    def fetch(self, first: DateLike, last: DateLike, store: EventStore, zone: Optional[TimeZone] = None,
              source: int = -1) -> None:
        """Asks the plugin for first ... last and puts the answer in ``store`` (tagged
        ``source``), replacing that source's events of those days. The default, -1, is
        every binding's (``kalends_plugin_fetch``): 0 tags the host's events and a
        view's sources are 1, 2, ..., which a direct fetch must not replace."""
        check(lib.kalends_plugin_fetch(self._handle, to_day(first, "first"), to_day(last, "last"),
                                       instance(store, EventStore, "store")._handle, zone_handle(zone),
                                       int32(source, "source")))



__all__ = ["Plugin"]

"""Every struct of the headers has one layout, whoever computes it: the generator's
model (_abi.LAYOUTS, LP64 rules; bindings/c/tests/abi_test.c checks it against the C
compiler's offsetof), Python's ctypes Structures (_abi.py), cffi's C parser, and the
library itself (kalends_abi_struct_layout: Swift's MemoryLayout of the imported structs).
A Structure whose layout differs from C's fails here."""
from __future__ import annotations

import ctypes
import pytest
import required

from kalends import _abi, _native

lib = _native.lib


def library_layout(struct: str, field: str | None = None) -> tuple[int, int]:
    """(size, offset) as the library reports it."""
    size, offset = ctypes.c_size_t(), ctypes.c_size_t(99)
    status = lib.kalends_abi_struct_layout(struct.encode(), field.encode() if field else None, ctypes.byref(size),
                                           ctypes.byref(offset))
    assert status == 0, (struct, field, lib.kalends_last_error())
    return size.value, offset.value


def test_every_struct_has_a_structure_and_a_layout() -> None:
    assert set(_abi.STRUCTS) == set(_abi.LAYOUTS)
    assert len(_abi.STRUCTS) >= 34


@pytest.mark.parametrize("name", sorted(_abi.STRUCTS))
def test_ctypes_and_the_library_agree_with_c(name: str) -> None:
    structure = _abi.STRUCTS[name]
    size, fields = _abi.LAYOUTS[name]
    assert ctypes.sizeof(structure) == size
    assert library_layout(name) == (size, 0)
    assert [f[0] for f in structure._fields_] == [f[0] for f in fields]
    for field, offset, field_size in fields:
        described = getattr(structure, field)
        assert (described.offset, described.size) == (offset, field_size), (name, field)
        assert library_layout(name, field) == (field_size, offset), (name, field)


def test_cffi_lays_the_structs_out_the_same() -> None:
    cffi = required.module("cffi", "a real C parser reads the header")
    from test_header import cdef_source

    ffi = cffi.FFI()
    ffi.cdef(cdef_source())
    for name, (size, fields) in _abi.LAYOUTS.items():
        assert ffi.sizeof(name) == size, name
        for field, offset, _ in fields:
            assert ffi.offsetof(name, field) == offset, (name, field)


def test_the_library_refuses_unknown_names() -> None:
    size = ctypes.c_size_t()
    assert lib.kalends_abi_struct_layout(b"kalends_nothing", None, ctypes.byref(size), None) == _abi.KALENDS_E_NOT_FOUND
    assert b"kalends_nothing" in lib.kalends_last_error()
    assert lib.kalends_abi_struct_layout(b"kalends_date", b"hour", ctypes.byref(size), None) == _abi.KALENDS_E_NOT_FOUND
    assert lib.kalends_abi_struct_layout(None, None, ctypes.byref(size), None) == _abi.KALENDS_E_INVALID_ARGUMENT
    assert lib.kalends_abi_struct_layout(b"kalends_date", None, None, None) == _abi.KALENDS_E_INVALID_ARGUMENT


def test_a_wrong_structure_would_be_caught() -> None:
    """The comparison above is not vacuous: a Structure with one field widened (the
    mistake a hand-written declaration makes) disagrees with the layout."""
    wrong = type("CEventWrong", (ctypes.Structure,), {"_fields_": [
        (f, ctypes.c_int64 if f == "color" else t) for f, t in _abi.CEvent._fields_]})
    size, fields = _abi.LAYOUTS["kalends_event"]
    assert ctypes.sizeof(wrong) != size or any(getattr(wrong, f).offset != o for f, o, _ in fields)


def test_layout_of_a_nested_struct_field() -> None:
    """A field that is a struct reports the struct's size."""
    assert library_layout("kalends_day", "week_of_year") == (8, 20)
    assert library_layout("kalends_event", "title") == (8, 48)

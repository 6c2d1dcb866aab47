"""Perl: the headers for FFI::Platypus: constants (`use constant`), each struct as an
FFI::Platypus::Record class with nested structs flattened (`date_year`) and padding at
the C offsets, and `Kalends::ABI::bind($ffi)`, which attaches every function."""
from __future__ import annotations

from model import ABI, Type, layout
from naming import pascal

PLATYPUS = {
    "int32_t": "sint32", "uint32_t": "uint32", "int64_t": "sint64", "uint64_t": "uint64", "double": "double",
    "size_t": "size_t", "uint8_t": "uint8", "char": "char", "void": "void",
}


def record_class(name: str) -> str:
    return f"Kalends::ABI::{pascal(name)}"


def leaves(abi: ABI, struct: str, prefix: str = "", base: int = 0) -> list[tuple[str, int, str]]:
    """(flattened name, offset, Platypus type) of every scalar or pointer inside a struct."""
    out = []
    lay = {f.name: f for f in layout(abi, struct).fields}
    for f in abi.structs[struct].fields:
        offset = base + lay[f.name].offset
        if f.type.pointers == 0 and f.type.function is None and abi.kind(f.type) == "struct":
            out += leaves(abi, f.type.name, f"{prefix}{f.name}_", offset)
        elif f.type.pointers or f.type.function is not None or abi.kind(f.type) == "callback":
            out.append((prefix + f.name, offset, "opaque"))
        else:
            out.append((prefix + f.name, offset, PLATYPUS[abi.scalar(f.type.name)]))
    return out


def platypus_type(abi: ABI, t: Type, role: str) -> str:
    """A parameter's or result's Platypus type. Arrays and buffers are `opaque` (the
    binding allocates them); one struct through a pointer is its record class."""
    kind = abi.kind(t)
    if t.function is not None or kind == "callback":
        return "opaque"
    if t.pointers == 0:
        return PLATYPUS[abi.scalar(t.name)]
    if role == "handle_out":
        return "opaque*"
    if t.name == "char" and t.pointers == 1 and t.const:
        return "string"
    if role in ("in", "out") and t.pointers == 1:
        if kind == "struct":
            return f"record({record_class(t.name)})*"
        if kind in ("scalar", "alias") and t.name != "void":
            return PLATYPUS[abi.scalar(t.name)] + "*"
    if role in ("count", "length") and t.pointers == 1:
        return PLATYPUS[abi.scalar(t.name)] + "*"
    return "opaque"


def module(abi: ABI, banner: str) -> str:
    out = [banner,
           "# The C ABI of libkalends.so for FFI::Platypus: constants, one FFI::Platypus::Record",
           "# class per struct (Kalends::ABI::Date ...; nested structs flattened: $day->date_year),",
           "# and bind($ffi), which attaches every function as Kalends::ABI::kalends_*.",
           "package Kalends::ABI;", "use strict;", "use warnings;", "use FFI::Platypus 2.00;", "",
           "use constant {"]
    for c in abi.constants:
        value = f"'{c.value}'" if isinstance(c.value, str) else str(c.value)
        out.append(f"    {c.name} => {value},")
    out += ["};", "",
            "# Each struct: its record class, size and the offset of each top-level field.",
            "our %STRUCTS;", ""]
    for name in abi.structs:
        lay = layout(abi, name)
        cls = record_class(name)
        out += [f"package {cls};", "use FFI::Platypus::Record;", "record_layout_1("]
        at = 0
        for leaf, offset, ptype in leaves(abi, name):
            if offset > at:
                out.append(f"    'string({offset - at})' => ':',")
            out.append(f"    '{ptype}' => '{leaf}',")
            at = offset + (8 if ptype in ("opaque", "double", "sint64", "uint64", "size_t") else
                           1 if ptype in ("char", "uint8") else 4)
        if lay.size > at:
            out.append(f"    'string({lay.size - at})' => ':',")
        out.append(");")
        fields = ", ".join(f"{f.name} => {f.offset}" for f in lay.fields)
        out.append(f"$Kalends::ABI::STRUCTS{{{name}}} = {{ class => '{cls}', size => {lay.size}, "
                   f"fields => {{ {fields} }} }};")
        out.append("")
    out += ["package Kalends::ABI;", "",
            "# Attaches every function the headers declare to this package, through $ffi (an",
            "# FFI::Platypus with api => 2 and the library loaded).",
            "sub bind {", "    my ($ffi) = @_;"]
    for f in abi.functions:
        params = ", ".join(f"'{platypus_type(abi, p.type, p.role)}'" for p in f.params)
        ret = platypus_type(abi, f.returns, "return")
        out.append(f"    $ffi->attach(['{f.name}' => 'Kalends::ABI::{f.name}'], [{params}] => '{ret}');")
    out += ["    return 1;", "}", "", "1;"]
    return "\n".join(out) + "\n"

"""LuaJIT: the headers as one `ffi.cdef` (typedefs, structs, constants as `static const`,
every function) in a module that also lists each struct's fields, for the binding's
layout check against the library."""
from __future__ import annotations

from emit_python import _definitions
from model import ABI, Type


def decl(abi: ABI, t: Type, name: str) -> str:
    """`T name` in C, a function pointer as `RET (*name)(PARAMS)`."""
    if t.function is not None:
        params = ", ".join(decl(abi, p.type, p.name) for p in t.function.params) or "void"
        return f"{t.function.returns.spelling} (*{name})({params})"
    spelling = t.spelling
    return f"{spelling}{name}" if spelling.endswith("*") else f"{spelling} {name}"


def cdef(abi: ABI) -> list[str]:
    out = [f"typedef {a.base} {a.name};" for a in abi.aliases.values()]
    out += [f"typedef struct {h} {h};" for h in abi.handles]
    out += [f"typedef struct {s} {s};" for s in abi.structs]
    for kind, name in _definitions(abi):
        if kind == "struct":
            out.append(f"struct {name} {{")
            out += [f"    {decl(abi, f.type, f.name)};" for f in abi.structs[name].fields]
            out.append("};")
        elif name in abi.callbacks:
            sig = abi.callbacks[name].signature
            params = ", ".join(decl(abi, p.type, p.name) for p in sig.params) or "void"
            out.append(f"typedef {sig.returns.spelling} (*{name})({params});")
    for c in abi.constants:
        if isinstance(c.value, int):
            base = abi.scalar(c.group) if c.group else ("uint32_t" if c.suffix else "int32_t")
            out.append(f"static const {base} {c.name} = {c.value};")
    for f in abi.functions:
        params = ", ".join(decl(abi, p.type, p.name) for p in f.params) or "void"
        out.append(f"{decl(abi, f.returns, f.name)}({params});")
    return out


def module(abi: ABI, banner: str) -> str:
    out = [banner,
           "-- The C ABI of libkalends.so for LuaJIT: include/kalends.h and its area headers as one",
           "-- ffi.cdef. Constants are `static const`: read them from the loaded library's namespace",
           "-- (lib.KALENDS_OK). Returns the struct names with their fields, and string constants.",
           'local ffi = require("ffi")', "", "ffi.cdef[["]
    out += cdef(abi)
    out += ["]]", "", "return {",
            f"    abi_version = {abi.constant('KALENDS_ABI_VERSION').value},",
            "    structs = {"]
    for s in abi.structs.values():
        fields = ", ".join(f'"{f.name}"' for f in s.fields)
        out.append(f'        {{ "{s.name}", {{ {fields} }} }},')
    out += ["    },", "    strings = {"]
    out += [f'        {c.name} = "{c.value}",' for c in abi.constants if isinstance(c.value, str)]
    out += ["    },", "}"]
    return "\n".join(out) + "\n"

"""Ruby: the headers for Fiddle (Ruby's standard FFI): constants, each
struct as a Fiddle::Importer struct (nested structs by value; pointers as void *), and
`Kalends::ABI.bind(library)`, which loads the library and binds every function."""
from __future__ import annotations

from emit_python import _definitions
from model import ABI, Type
from naming import pascal


def fiddle_type(abi: ABI, t: Type) -> str:
    """A Fiddle type name: pointers (handles, structs, strings, callbacks) are void *."""
    if t.function is not None or t.pointers or abi.kind(t) == "callback":
        return "void *"
    return abi.scalar(t.name)  # an alias by its scalar: Fiddle's aliases need a loaded library


def module(abi: ABI, banner: str) -> str:
    out = [banner,
           "# The C ABI of libkalends.so for Fiddle: constants, structs (Kalends::ABI::Date ...) and,",
           "# after Kalends::ABI.bind(path), every function as Kalends::ABI.kalends_*.",
           'require "fiddle/import"', "",
           "module Kalends", "  module ABI", "    extend Fiddle::Importer", ""]
    for c in abi.constants:
        value = f'"{c.value}"' if isinstance(c.value, str) else str(c.value)
        out.append(f"    {c.name} = {value}")
    out.append("")
    for kind, name in _definitions(abi):
        if kind != "struct":
            continue
        members = []
        for f in abi.structs[name].fields:
            if f.type.pointers == 0 and f.type.function is None and abi.kind(f.type) == "struct":
                members.append(f"{{ {f.name}: {pascal(f.type.name)} }}")
            else:
                members.append(f'"{fiddle_type(abi, f.type)} {f.name}"')
        out.append(f"    {pascal(name)} = struct([{', '.join(members)}])")
    out += ["", "    # The struct classes by C name.", "    STRUCTS = {"]
    out += [f'      "{s}" => {pascal(s)},' for s in abi.structs]
    out += ["    }.freeze", "",
            "    # Loads the library at `library` and binds every function the headers declare.",
            "    def self.bind(library)",
            "      dlload library"]
    for f in abi.functions:
        params = ", ".join(fiddle_type(abi, p.type) for p in f.params) or "void"
        out.append(f'      extern "{fiddle_type(abi, f.returns)} {f.name}({params})"')
    out += ["      self", "    end", "  end", "end"]
    return "\n".join(out) + "\n"

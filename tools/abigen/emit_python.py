"""Python: ctypes Structures, callback types, function signatures, constants, enums
and the expected struct layouts (bindings/python/kalends/_abi.py)."""
from __future__ import annotations

import re
import textwrap

from model import ABI, Constant, FunctionType, Group, Type, layout

#: struct module codes (standard sizes): pointers are 8-byte addresses (LP64).
FORMAT_CODES = {"int32_t": "i", "uint32_t": "I", "int64_t": "q", "uint64_t": "Q", "double": "d", "size_t": "Q",
                "uint8_t": "B", "char": "b"}


def struct_format(abi: ABI, name: str) -> str:
    """The struct module format of a struct, fields flattened in order, padding as 'x'."""
    out, at = [], 0
    lay = layout(abi, name)
    for f, fl in zip(abi.structs[name].fields, lay.fields):
        if fl.offset > at:
            out.append("x" * (fl.offset - at))
        if f.type.pointers or f.type.function is not None or abi.kind(f.type) == "callback":
            out.append("Q")
        elif abi.kind(f.type) == "struct":
            out.append(struct_format(abi, f.type.name))
        else:
            out.append(FORMAT_CODES[abi.scalar(f.type.name)])
        at = fl.offset + fl.size
    if lay.size > at:
        out.append("x" * (lay.size - at))
    return "".join(out)
from naming import pascal, signature_name

CTYPES = {
    "int32_t": "c_int32", "uint32_t": "c_uint32", "int64_t": "c_int64", "uint64_t": "c_uint64",
    "double": "c_double", "size_t": "c_size_t", "uint8_t": "c_uint8", "char": "c_char",
}


def struct_name(name: str) -> str:
    return "C" + pascal(name)


def fn_name(path: str) -> str:
    return "C" + signature_name(path)


def ctype(abi: ABI, t: Type, where: str) -> str:
    """The ctypes spelling of `t` as a field ('field'), parameter ('param') or return
    value ('return'). Data pointers in structs are c_void_p (addresses the binding
    manages); strings as parameters and results are c_char_p."""
    kind = abi.kind(t)
    if kind == "callback":
        return fn_name(t.name)
    if t.pointers == 0:
        if kind == "void":
            return "None"
        if kind == "struct":
            return struct_name(t.name)
        return CTYPES[abi.scalar(t.name)]
    if where == "field":
        return "c_void_p"
    if kind == "handle":
        return "c_void_p" if t.pointers == 1 else "POINTER(c_void_p)"
    if t.pointers == 1 and t.name == "char":
        return "c_char_p"
    if t.pointers == 1 and t.name in ("void", "uint8_t"):
        return "c_void_p"
    inner = ctype(abi, t.pointee(), "param")
    if inner == "None":
        inner = "c_void_p"
    return f"POINTER({inner})"


def cfunctype(abi: ABI, sig: FunctionType) -> str:
    args = ", ".join([ctype(abi, sig.returns, "return")] + [ctype(abi, p.type, "param") for p in sig.params])
    return f"CFUNCTYPE({args})"


def _doc(text: str, indent: str) -> str:
    text = text.replace('"""', "'''").replace("\\", "\\\\")
    if not text:
        return ""
    lines = text.split("\n")
    if len(lines) == 1 and len(indent) + len(text) < 110:
        return f'{indent}"""{text}"""\n'
    return f'{indent}"""' + ("\n".join(lines[:1] + [indent + ln if ln else "" for ln in lines[1:]])) + \
        f'\n{indent}"""\n'


def _definitions(abi: ABI) -> list[tuple[str, str]]:
    """('struct', name) and ('fn', path) in an order where each comes after what it uses."""
    order: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    inline = {path: sig for path, sig in abi.signatures()}

    def uses(t: Type) -> list[tuple[str, str]]:
        kind = abi.kind(t)
        if kind == "struct":
            return [("struct", t.name)]
        if kind == "callback":
            return [("fn", t.name)]
        return []

    def visit(item: tuple[str, str]) -> None:
        if item in seen:
            return
        seen.add(item)
        kind, name = item
        if kind == "struct":
            for f in abi.structs[name].fields:
                if f.type.function is not None:
                    visit(("fn", f"{name}.{f.name}"))
                else:
                    for u in uses(f.type):
                        visit(u)
        else:
            sig = inline[name]
            for t in [sig.returns] + [p.type for p in sig.params]:
                for u in uses(t):
                    visit(u)
        order.append(item)

    for s in abi.structs:
        visit(("struct", s))
    for path in inline:
        visit(("fn", path))
    return order


def python_member(g: Group, c: Constant) -> str:
    """A member's Python name: the constant without the group's common prefix, status codes
    without their E_ (KALENDS_E_PARSE -> Status.PARSE), as the Swift wrapper names them."""
    name = g.member_name(c)
    return name[2:] if g.name == "kalends_status" and name.startswith("E_") else name


def _enum(g: Group) -> str:
    base = "enum.IntFlag" if g.is_flags else "Enum"
    out = [f"class {pascal(g.name)}({base}):"]
    doc = _doc(g.doc.text or g.name, "    ")
    out.append(doc.rstrip("\n"))
    out.append("")
    for c in g.constants:
        if c.doc:
            for ln in c.doc.text.split("\n"):
                out.append(f"    #: {ln}".rstrip())
        out.append(f"    {python_member(g, c)} = {c.value}")
    return "\n".join(out)


def _enum_members(g: Group) -> str:
    """A group's (name, value) pairs as one line of Python (the runtime table)."""
    return "(" + ", ".join(f'("{python_member(g, c)}", {c.value})' for c in g.constants) + ",)"


def emit(abi: ABI, banner: str) -> str:
    out: list[str] = []
    w = out.append
    w(f'"""ctypes declarations of the Kalends C ABI (include/kalends.h and its area headers).\n\n{banner}\n\n'
      "Structures are C<Name> (kalends_view_options -> CViewOptions), function-pointer types\n"
      "C<Name> of their typedef or of <struct><Field> for a field, constant groups are\n"
      "IntEnum / IntFlag classes named for their typedef. Enums, structs and function-pointer\n"
      "types are made on first use (making them all took most of `import kalends`): the\n"
      "classes under TYPE_CHECKING are what type checkers see; GROUPS and the _make_*\n"
      "functions are what the module's __getattr__ makes them from. signature(name) gives a\n"
      "function's restype and (parameter, argtype) pairs (FUNCTION_SOURCE spells them),\n"
      "FUNCTIONS all of them; LAYOUTS the C layout of every struct.\n"
      '"""')
    w("# ruff: noqa")
    w("from __future__ import annotations\n")
    w("import enum")
    w("from ctypes import (CFUNCTYPE, POINTER, Structure, c_char, c_char_p, c_double, c_int32, c_int64, c_size_t, "
      "c_uint8,\n                    c_uint32, c_uint64, c_void_p)")
    w("from _thread import RLock")
    w("from typing import TYPE_CHECKING, Any, Callable, TypeVar\n")
    w("# ---- constants -------------------------------------------------------------\n")
    for area in abi.areas:
        consts = [c for c in abi.constants if c.area == area.name]
        if not consts:
            continue
        w(f"# {area.name}.h")
        for c in consts:
            w(f"{c.name} = {c.value!r}")
        w("")
    w("# ---- constant groups -------------------------------------------------------\n")
    w('E = TypeVar("E", bound="Enum")\n\n')
    w("class Enum(enum.IntEnum):")
    w('    """The base of the groups that are not bit sets: ``parse`` reads a member from text."""\n')
    w("    @classmethod")
    w("    def parse(cls: type[E], text: str) -> E:")
    w('        """The member named by ``text`` (any case, "-" for "_"), by a prefix of its name')
    w('        (two letters or more, of one member only: "mon", "sun") or by its value ("7")."""')
    w('        word = text.strip().upper().replace("-", "_")')
    w('        if word.lstrip("-").isdigit():')
    w("            if int(word) in cls._value2member_map_:")
    w("                return cls(int(word))")
    w("        elif len(word) >= 2:")
    w("            found = [m for m in cls if m.name == word] or [m for m in cls if m.name.startswith(word)]")
    w("            if len(found) == 1:")
    w("                return found[0]")
    w('        names = ", ".join(f"{m.name.lower()} ({m.value})" for m in cls)')
    w('        raise ValueError(f"not a {cls.__name__}: {text!r} (a name or its first letters, or a value: {names})")\n\n')
    w("#: name -> (IntFlag?, docstring, ((member, value), ...)): each group's enum class is")
    w("#: made from this on first use (module __getattr__) and then kept as a module attribute.")
    w("GROUPS: dict[str, tuple[bool, str, tuple[tuple[str, int], ...]]] = {")
    for g in abi.groups:
        w(f'    "{pascal(g.name)}": ({g.is_flags}, {(g.doc.text or g.name)!r},')
        w(f'        {_enum_members(g)}),')
    w("}\n\n")
    w("_making = RLock()\n\n")
    w("def __getattr__(name: str) -> Any:")
    w("    maker = _MAKERS.get(name)")
    w("    if maker is not None:")
    w("        with _making:   # one class per name, also when threads ask at once")
    w("            made = globals().get(name)")
    w("            if made is None:")
    w("                made = globals()[name] = maker()")
    w("        return made")
    w('    if name == "FUNCTIONS":')
    w("        made = {f: signature(f) for f in FUNCTION_SOURCE}")
    w('    elif name == "STRUCTS":')
    w("        made = {c: __getattr__(n) for c, n in _STRUCT_NAMES.items()}")
    w("    else:")
    w("        group = GROUPS.get(name)")
    w("        if group is None:")
    w('            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")')
    w("        flags, doc, members = group")
    w("        base: Any = enum.IntFlag if flags else Enum")
    w("        made = base(name, members, module=__name__)")
    w("        made.__doc__ = doc")
    w("    globals()[name] = made")
    w("    return made\n\n")
    w("class _Made(dict):  # type: ignore[type-arg]")
    w('    """Names for eval: the struct and function-pointer types, made on first use."""\n')
    w("    def __missing__(self, name: str) -> Any:")
    w("        if name not in _MAKERS:")
    w("            raise KeyError(name)   # a ctypes name: eval reads it from the module")
    w("        return __getattr__(name)\n\n")
    w("def signature(name: str) -> tuple[Any, tuple[tuple[str, Any], ...]]:")
    w('    """A function\'s restype and (parameter, argtype) pairs (KeyError for no such function)."""')
    w("    return eval(FUNCTION_SOURCE[name], globals(), _Made())  # type: ignore[no-any-return]\n\n")
    w("if TYPE_CHECKING:")
    for g in abi.groups:
        w("")
        w(textwrap.indent(_enum(g), "    ", lambda ln: bool(ln.strip())))
        w("")
    w("\n# ---- structs and function-pointer types -------------------------------------")
    inline = dict(abi.signatures())
    defined = [struct_name(name) if kind == "struct" else fn_name(name) for kind, name in _definitions(abi)]
    declarations: list[tuple[str, str]] = []   # (defined name, its definition at the module's top level)
    for kind, name in _definitions(abi):
        if kind == "fn":
            doc = abi.callbacks[name].doc.summary if name in abi.callbacks else f"The type of {name}."
            text = (f"#: {doc}" if len(doc) < 100 else f"#: {name}") + f"\n{fn_name(name)} = {cfunctype(abi, inline[name])}"
            declarations.append((fn_name(name), text))
            continue
        st = abi.structs[name]
        lines = [f"class {struct_name(name)}(Structure):", _doc(st.doc.text or name, "    ").rstrip("\n"), ""]
        fields = []
        for f in st.fields:
            t = fn_name(f"{name}.{f.name}") if f.type.function is not None else ctype(abi, f.type, "field")
            fields.append(f'("{f.name}", {t})')
        lines.append("    _fields_ = [")
        for ln in textwrap.wrap(", ".join(fields), 104, break_long_words=False, break_on_hyphens=False):
            lines.append(f"        {ln}")
        lines.append("    ]")
        declarations.append((struct_name(name), "\n".join(lines)))
    w("")
    w("if TYPE_CHECKING:")
    for _, text in declarations:
        w("")
        w(textwrap.indent(text, "    ", lambda ln: bool(ln.strip())))
        w("")
    w("")
    for made, text in declarations:
        spelled = text.split("_fields_ = [", 1)[1] if text.startswith("class") else text.split(" = ", 1)[1]
        used = sorted({u for u in re.findall(r"\bC[A-Z][A-Za-z0-9]*\b", spelled) if u in defined and u != made})
        w("")
        w(f"def _make_{made}() -> Any:")
        if used:
            w(f"    {', '.join(used)} = {', '.join(f'__getattr__({u!r})' for u in used)}")
        if text.startswith("class"):
            w(textwrap.indent(text, "    ", lambda ln: bool(ln.strip())))
            w(f"    return {made}")
        else:
            w(f"    return {text.split(' = ', 1)[1]}")
        w("")
    w("")
    w("#: struct or function-pointer type name -> the function that makes it (module __getattr__).")
    w("_MAKERS: dict[str, Callable[[], Any]] = {")
    for made, _ in declarations:
        w(f'    "{made}": _make_{made},')
    w("}")
    w("#: C struct name -> its Structure's name.")
    w("_STRUCT_NAMES: dict[str, str] = {")
    for st in abi.structs:
        w(f'    "{st}": "{struct_name(st)}",')
    w("}")
    w("\n\n# ---- functions ---------------------------------------------------------------\n")
    w("#: name -> (restype, ((parameter, argtype), ...)) as Python source, in header order")
    w("#: (signature() evaluates one; FUNCTIONS is every one, evaluated).")
    w("FUNCTION_SOURCE: dict[str, str] = {")
    for f in abi.functions:
        params = "".join(f'("{p.name}", {ctype(abi, p.type, "param")}), ' for p in f.params)
        w(f'    "{f.name}": \'({ctype(abi, f.returns, "return")}, ({params.rstrip(" ")}))\',')
    w("}\n")
    w("if TYPE_CHECKING:")
    w("    #: name -> (restype, ((parameter, argtype), ...)), in header order.")
    w("    FUNCTIONS: dict[str, tuple[Any, tuple[tuple[str, Any], ...]]]")
    w("    #: C struct name -> its Structure.")
    w("    STRUCTS: dict[str, Any]\n")
    w("#: C struct name -> (size, ((field, offset, size), ...)) by the C layout rules (LP64).")
    w("LAYOUTS: dict[str, tuple[int, tuple[tuple[str, int, int], ...]]] = {")
    for s in abi.structs:
        lay = layout(abi, s)
        fields = ", ".join(f'("{f.name}", {f.offset}, {f.size})' for f in lay.fields)
        w(f'    "{s}": ({lay.size}, ({fields},)),')
    w("}\n")
    w("#: C struct name -> its struct module format (native byte order, standard sizes, padding")
    w("#: as 'x', nested structs flattened): for packing many records at once.")
    w("FORMATS: dict[str, str] = {")
    for s in abi.structs:
        w(f'    "{s}": "={struct_format(abi, s)}",')
    w("}")
    return "\n".join(out) + "\n"

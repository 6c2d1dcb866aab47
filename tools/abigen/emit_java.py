"""Java: the headers for JNA: one interface `kalends.ffi.KalendsNative` holding every
constant, each struct as a Structure (nested structs by value), each callback as a
Callback, and every function, typed by the parameter roles (handles are Pointer, arrays
are Java arrays, one struct through a pointer is its Structure). LP64: size_t is long."""
from __future__ import annotations

from model import ABI, FunctionType, Param, Type
from naming import pascal, signature_name

JAVA = {"int32_t": "int", "uint32_t": "int", "int64_t": "long", "uint64_t": "long", "double": "double",
        "size_t": "long", "uint8_t": "byte", "char": "byte", "void": "void"}
BY_REFERENCE = {"int": "IntByReference", "long": "LongByReference", "double": "DoubleByReference"}


def scalar(abi: ABI, t: Type) -> str:
    return JAVA[abi.scalar(t.name)]


def field_type(abi: ABI, t: Type, path: str) -> str:
    kind = abi.kind(t)
    if t.function is not None:
        return signature_name(path)
    if kind == "callback" and t.pointers == 0:
        return pascal(t.name)
    if t.pointers:
        return "Pointer"
    return pascal(t.name) if kind == "struct" else scalar(abi, t)


def param_type(abi: ABI, p: Param) -> str:
    t, kind = p.type, abi.kind(p.type)
    if kind == "callback" and t.pointers == 0:
        return pascal(t.name)
    if t.pointers == 0:
        return scalar(abi, t)
    if p.role == "handle_out":
        return "PointerByReference"
    if p.role == "string_in":
        return "String"
    if p.role in ("in_array", "out_array", "array", "string_buffer") and t.pointers == 1 and t.name != "void":
        return f"{pascal(t.name)}[]" if kind == "struct" else f"{scalar(abi, t)}[]"
    if p.role in ("in", "out", "count", "length") and t.pointers == 1:
        if kind == "struct":
            return pascal(t.name)
        if kind in ("scalar", "alias") and t.name != "void":
            return BY_REFERENCE[scalar(abi, t)]
    return "Pointer"


def return_type(abi: ABI, t: Type) -> str:
    if t.pointers == 1 and t.name == "char":
        return "String"
    return "Pointer" if t.pointers else scalar(abi, t)


def _callback(abi: ABI, name: str, sig: FunctionType) -> list[str]:
    params = ", ".join(f"{param_type(abi, p)} {p.name}" for p in sig.params)
    return [f"    interface {name} extends Callback {{",
            f"        {return_type(abi, sig.returns)} invoke({params});", "    }"]


def _javadoc(text: str, indent: str) -> list[str]:
    if not text:
        return []
    body = text.replace("*/", "* /").replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").split("\n")
    return [f"{indent}/**"] + [f"{indent} * {ln}".rstrip() for ln in body] + [f"{indent} */"]


def module(abi: ABI, banner: str) -> str:
    out = [banner, "package kalends.ffi;", "",
           "import com.sun.jna.Callback;", "import com.sun.jna.Library;", "import com.sun.jna.Pointer;",
           "import com.sun.jna.Structure;", "import com.sun.jna.ptr.DoubleByReference;",
           "import com.sun.jna.ptr.IntByReference;", "import com.sun.jna.ptr.LongByReference;",
           "import com.sun.jna.ptr.PointerByReference;", "import java.util.Map;", "",
           "/**", " * The C ABI of libkalends.so for JNA: constants, structs, callbacks and functions of",
           " * include/kalends.h with the C names (Native.load(path, KalendsNative.class)).", " */",
           "public interface KalendsNative extends Library {"]
    for c in abi.constants:
        value = f'"{c.value}"' if isinstance(c.value, str) else str(c.value)
        ty = "String" if isinstance(c.value, str) else "int"
        out.append(f"    {ty} {c.name} = {value};")
    out += ["",
            "    /** What every struct shares: its layout, for checks against kalends_abi_struct_layout. */",
            "    abstract class Struct extends Structure {",
            "        public int offsetOf(String field) {", "            return fieldOffset(field);", "        }", "    }"]
    for name, sig in abi.signatures():
        out.append("")
        out += _callback(abi, signature_name(name), sig)
    for s in abi.structs.values():
        out.append("")
        out += _javadoc(s.doc.text, "    ")
        out.append("    @Structure.FieldOrder({" + ", ".join(f'"{f.name}"' for f in s.fields) + "})")
        out.append(f"    class {pascal(s.name)} extends Struct {{")
        for f in s.fields:
            out.append(f"        public {field_type(abi, f.type, s.name + '.' + f.name)} {f.name};")
        out.append("    }")
    out += ["", "    /** The struct classes by C name. */",
            "    static Map<String, Class<? extends Struct>> structs() {",
            "        return Map.ofEntries("]
    entries = [f'            Map.entry("{s}", {pascal(s)}.class)' for s in abi.structs]
    out.append(",\n".join(entries) + ");")
    out.append("    }")
    for f in abi.functions:
        out.append("")
        out += _javadoc(f.doc.text, "    ")
        params = ", ".join(f"{param_type(abi, p)} {p.name}" for p in f.params)
        out.append(f"    {return_type(abi, f.returns)} {f.name}({params});")
    out.append("}")
    return "\n".join(out) + "\n"

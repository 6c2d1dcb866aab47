"""Rust: the plugin ABI (kalends/sys/plugin.h and the headers it includes) as a module of
#[repr(C)] types and constants, for plugins written in Rust (std only, Rust 1.63).
Functions are left out: a plugin does not link against libkalends.so."""
from __future__ import annotations

from model import ABI, FunctionType, Type, layout

RUST = {
    "int32_t": "i32", "uint32_t": "u32", "int64_t": "i64", "uint64_t": "u64", "double": "f64",
    "size_t": "usize", "uint8_t": "u8", "char": "c_char", "void": "c_void",
}


def rust_type(abi: ABI, t: Type) -> str:
    if t.function is not None:
        return rust_fn(abi, t.function)
    kind = abi.kind(t)
    if t.pointers == 0:
        if kind in ("scalar", "void"):
            return RUST[t.name]
        return t.name
    inner = rust_type(abi, Type(t.name, t.pointers - 1, t.const if t.pointers == 1 else False))
    if t.pointers > 1:
        # only the innermost pointee carries the const of `const T **`
        return f"*mut {inner}"
    return f"*const {inner}" if t.const else f"*mut {inner}"


def rust_fn(abi: ABI, sig: FunctionType) -> str:
    params = ", ".join(f"{p.name}: {rust_type(abi, p.type)}" for p in sig.params)
    ret = "" if abi.kind(sig.returns) == "void" and sig.returns.pointers == 0 else f" -> {rust_type(abi, sig.returns)}"
    return f"Option<unsafe extern \"C\" fn({params}){ret}>"


def _closure(abi: ABI, area: str) -> list[str]:
    by_name = {a.name: a for a in abi.areas}
    out: list[str] = []

    def visit(name: str) -> None:
        if name in out:
            return
        for inc in by_name[name].includes:
            visit(inc.rsplit("/", 1)[-1][:-2])
        out.append(name)

    visit(area)
    return out


def _doc(text: str, indent: str = "") -> list[str]:
    return [f"{indent}/// {ln}".rstrip() for ln in text.split("\n")] if text else []


RUST_KEYWORDS = {"as", "box", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "fn", "for",
                 "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self",
                 "static", "struct", "super", "trait", "type", "unsafe", "use", "where", "while", "async", "await",
                 "abstract", "become", "final", "macro", "override", "priv", "typeof", "unsized", "virtual", "yield",
                 "try"}


def ident(name: str) -> str:
    """A C name as a Rust identifier (a raw identifier when it is a keyword: `r#box`)."""
    return f"r#{name}" if name in RUST_KEYWORDS else name


def _area_items(abi: ABI, area: str, handles: bool = False) -> list[str]:
    """The aliases, constants, structs (with a size assertion), callbacks and, with
    `handles`, the opaque handle types of one area header, with the C names."""
    out = [f"// ---- {area}.h"]
    for alias in abi.aliases.values():
        if alias.area == area:
            out += _doc(alias.doc.text)
            out.append(f"pub type {alias.name} = {RUST[alias.base]};")
    for c in abi.constants:
        if c.area != area:
            continue
        out += _doc(c.doc.text)
        if isinstance(c.value, str):
            out.append(f"pub const {c.name}: &str = {c.value!r};".replace("'", '"'))
        else:
            ty = c.group if c.group else ("u32" if c.suffix else "i32")
            out.append(f"pub const {c.name}: {ty} = {c.value};")
    if handles:
        for h in abi.handles.values():
            if h.area == area:
                out.append("")
                out += _doc(h.doc.text) or [f"/// An opaque handle."]
                out.append("#[repr(C)]")
                out.append(f"pub struct {h.name} {{")
                out.append("    _opaque: [u8; 0],")
                out.append("}")
    for s in abi.structs.values():
        if s.area != area:
            continue
        out.append("")
        out += _doc(s.doc.text)
        out.append("#[repr(C)]")
        out.append("#[derive(Clone, Copy)]")
        out.append(f"pub struct {s.name} {{")
        for f in s.fields:
            out += _doc(f.doc.text, "    ")
            out.append(f"    pub {ident(f.name)}: {rust_type(abi, f.type)},")
        out.append("}")
        out.append(f"const _: () = assert!(std::mem::size_of::<{s.name}>() == {layout(abi, s.name).size});")
    for cb in abi.callbacks.values():
        if cb.area != area:
            continue
        out.append("")
        out += _doc(cb.doc.text)
        out.append(f"pub type {cb.name} = {rust_fn(abi, cb.signature)};")
    out.append("")
    return out


def plugin_module(abi: ABI, banner: str) -> str:
    areas = _closure(abi, "plugin")
    out = [banner,
           "//! The Kalends plugin ABI for Rust: the types and constants of kalends/sys/plugin.h and the",
           "//! headers it includes (" + ", ".join(f"{a}.h" for a in areas) + "), with the C names.",
           "#![allow(non_camel_case_types, dead_code)]", "",
           "use std::os::raw::{c_char, c_void};", ""]
    for area in areas:
        out += _area_items(abi, area)
    return "\n".join(out).rstrip("\n") + "\n"


def sys_crate(abi: ABI, banner: str) -> str:
    """kalends-sys: every type, constant and function of the headers, with the C names,
    and `struct_layouts()`, the compiler's layout of each struct for tests to compare
    with the library's (kalends_abi_struct_layout)."""
    areas = [a.name for a in abi.areas if a.name != "kalends"]
    out = [banner,
           "//! Raw declarations of the C ABI of libkalends.so: every function, struct, constant and",
           "//! callback type of include/kalends.h, with the C names and docs. Safe API: the `kalends`",
           "//! crate. Linking: build.rs (KALENDS_LIB_DIR, else the linker's default path).",
           "#![allow(non_camel_case_types, non_upper_case_globals, dead_code, clippy::all)]", "",
           "use std::os::raw::{c_char, c_void};", ""]
    for area in areas:
        out += _area_items(abi, area, handles=True)
        fns = [f for f in abi.functions if f.area == area]
        if not fns:
            continue
        out.append("extern \"C\" {")
        for f in fns:
            out += _doc(f.doc.text, "    ")
            params = ", ".join(f"{ident(p.name)}: {rust_type(abi, p.type)}" for p in f.params)
            ret = "" if abi.kind(f.returns) == "void" and f.returns.pointers == 0 else f" -> {rust_type(abi, f.returns)}"
            out.append(f"    pub fn {f.name}({params}){ret};")
        out += ["}", ""]
    out += ["/// One struct's layout as this crate declares it (the Rust compiler's): its size and each",
            "/// field's (name, offset, size), to compare with `kalends_abi_struct_layout`.",
            "pub struct StructLayout {",
            "    pub name: &'static str,",
            "    pub size: usize,",
            "    pub fields: Vec<(&'static str, usize, usize)>,",
            "}", "",
            "fn size_of_pointee<T>(_: *const T) -> usize {",
            "    std::mem::size_of::<T>()",
            "}", "",
            "macro_rules! layout {",
            "    ($s:ident { $($n:literal: $f:ident),* }) => {{",
            "        let value = std::mem::MaybeUninit::<$s>::uninit();",
            "        let base = value.as_ptr();",
            "        // SAFETY: addr_of! takes a field's address without reading the (uninitialized) value.",
            "        let fields = vec![$({",
            "            let p = unsafe { std::ptr::addr_of!((*base).$f) };",
            "            ($n, p as usize - base as usize, size_of_pointee(p))",
            "        }),*];",
            "        StructLayout { name: stringify!($s), size: std::mem::size_of::<$s>(), fields }",
            "    }};",
            "}", "",
            "/// Every struct's layout as declared here.",
            "pub fn struct_layouts() -> Vec<StructLayout> {",
            "    vec!["]
    for s in abi.structs.values():
        fields = ", ".join(f'"{f.name}": {ident(f.name)}' for f in s.fields)
        out.append(f"        layout!({s.name} {{ {fields} }}),")
    out += ["    ]", "}"]
    return "\n".join(out) + "\n"

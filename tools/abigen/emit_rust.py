"""Rust: the plugin ABI (kalends/plugin.h and the headers it includes) as a module of
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


def plugin_module(abi: ABI, banner: str) -> str:
    areas = _closure(abi, "plugin")
    out = [banner,
           "//! The Kalends plugin ABI for Rust: the types and constants of kalends/plugin.h and the",
           "//! headers it includes (" + ", ".join(f"{a}.h" for a in areas) + "), with the C names.",
           "#![allow(non_camel_case_types, dead_code)]", "",
           "use std::os::raw::{c_char, c_void};", ""]
    for area in areas:
        out.append(f"// ---- {area}.h")
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
                out.append(f"    pub {f.name}: {rust_type(abi, f.type)},")
            out.append("}")
            out.append(f"const _: () = assert!(std::mem::size_of::<{s.name}>() == {layout(abi, s.name).size});")
        for cb in abi.callbacks.values():
            if cb.area != area:
                continue
            out.append("")
            out += _doc(cb.doc.text)
            out.append(f"pub type {cb.name} = {rust_fn(abi, cb.signature)};")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"

"""C: the linker's version script (the export list), the libffi test's signature table
with a compile-time check of each against the header, and the struct layouts checked
against the C compiler."""
from __future__ import annotations

from model import ABI, Function, Type, layout

FFI = {
    "int32_t": "ffi_type_sint32", "uint32_t": "ffi_type_uint32", "int64_t": "ffi_type_sint64",
    "uint64_t": "ffi_type_uint64", "double": "ffi_type_double", "size_t": "ffi_type_uint64",
    "uint8_t": "ffi_type_uint8", "char": "ffi_type_schar", "void": "ffi_type_void",
}


def _c_comment(banner: str) -> str:
    return "/* " + banner.lstrip("/# ").strip() + " */"


def version_script(abi: ABI, banner: str) -> str:
    lines = [_c_comment(banner),
             "/* ld version script of libkalends.so: the functions the headers declare, and nothing",
             "   else. lld refuses to link when one of them is not defined, so every declaration has",
             "   an export. */",
             "{", "  global:"]
    lines += [f"    {f.name};" for f in sorted(abi.functions, key=lambda f: f.name)]
    lines += ["  local: *;", "};"]
    return "\n".join(lines) + "\n"


def ffi_type(abi: ABI, t: Type) -> str:
    if t.pointers or t.function is not None or abi.kind(t) == "callback":
        return "&ffi_type_pointer"
    kind = abi.kind(t)
    if kind == "struct":
        raise ValueError(f"{t.spelling}: structs by value need an ffi_type of their own (not used by the ABI yet)")
    return "&" + FFI[abi.scalar(t.name)]


def c_pointer_type(abi: ABI, f: Function, var: str) -> str:
    """`RET (*var)(PARAMS)` for a function."""
    params = ", ".join(p.type.spelling for p in f.params) or "void"
    ret = f.returns.spelling
    return f"{ret} (*{var})({params})"


def ffi_signatures(abi: ABI, banner: str) -> str:
    width = max(len(f.params) for f in abi.functions)
    out = [_c_comment(banner),
           "/* The libffi signature of every function the headers declare, for the dynamic test",
           "   (ffi_test.c): it calls functions by name with these types, and calls each one once",
           "   with zeroed arguments. kalends_ffi_check_declarations() proves at compile time that",
           "   the types below are the header's. */",
           "#ifndef KALENDS_FFI_SIGNATURES_H",
           "#define KALENDS_FFI_SIGNATURES_H", "",
           "#include <ffi.h>", "#include \"kalends.h\"", "",
           f"#define KALENDS_FFI_MAX_ARGS {width}",
           "",
           "typedef struct kalends_ffi_signature {",
           "    const char *name;",
           "    ffi_type *returns;",
           "    unsigned nargs;",
           "    ffi_type *args[KALENDS_FFI_MAX_ARGS];",
           "    /* one letter per parameter, its role: h handle, H handle out, v value, i in, o out,",
           "       a in_array, A out_array, y array, c capacity, n count, s string_in, b string_buffer,",
           "       l length, f callback, u user_data, p pointer */",
           "    const char *roles;",
           "    int returns_status; /* 1: the result is a kalends_status */",
           "} kalends_ffi_signature;", "",
           f"static kalends_ffi_signature kalends_ffi_signatures[{len(abi.functions)}] = {{"]
    letters = {"handle": "h", "handle_out": "H", "value": "v", "in": "i", "out": "o", "in_array": "a",
               "out_array": "A", "array": "y", "capacity": "c", "count": "n", "string_in": "s",
               "string_buffer": "b", "length": "l", "callback": "f", "user_data": "u", "pointer": "p"}
    for f in abi.functions:
        args = ", ".join(ffi_type(abi, p.type) for p in f.params) or "NULL"
        roles = "".join(letters[p.role] for p in f.params)
        status = int(f.returns.name == "kalends_status" and f.returns.pointers == 0)
        out.append(f"    {{\"{f.name}\", {ffi_type(abi, f.returns)}, {len(f.params)}, {{{args}}}, \"{roles}\", {status}}},")
    out += ["};", "",
            f"#define KALENDS_FFI_SIGNATURE_COUNT {len(abi.functions)}", "",
            "/* Each pointer is initialized from the header's declaration: a type that differs from",
            "   the table above (its source) does not compile. */",
            "static void kalends_ffi_check_declarations(void) {"]
    for i, f in enumerate(abi.functions):
        out.append(f"    {c_pointer_type(abi, f, f'f{i}')} = {f.name};")
        out.append(f"    (void)f{i};")
    out += ["}", "", "#endif"]
    return "\n".join(out) + "\n"


def layouts(abi: ABI, banner: str) -> str:
    out = [_c_comment(banner),
           "/* The layout of every struct the headers declare, as the generator computes it (LP64):",
           "   checked against the compiler's sizeof and offsetof at compile time (a mismatch does",
           "   not compile), and kept as a table for the test that compares it with what the",
           "   library reports (kalends_abi_struct_layout: Swift's MemoryLayout). */",
           "#ifndef KALENDS_LAYOUTS_H", "#define KALENDS_LAYOUTS_H", "",
           "#include <stddef.h>", "#include \"kalends.h\"", "",
           "#define KALENDS_LAYOUT_CHECK(name, condition) typedef char name[(condition) ? 1 : -1]", ""]
    for name in abi.structs:
        lay = layout(abi, name)
        out.append(f"KALENDS_LAYOUT_CHECK(kalends_layout_{name}, sizeof({name}) == {lay.size});")
        for fl in lay.fields:
            out.append(f"KALENDS_LAYOUT_CHECK(kalends_layout_{name}__{fl.name},")
            out.append(f"                     offsetof({name}, {fl.name}) == {fl.offset} && "
                       f"sizeof((({name} *)0)->{fl.name}) == {fl.size});")
    out += ["", "typedef struct kalends_layout_entry {",
            "    const char *struct_name;",
            "    const char *field_name; /* NULL: the struct itself */",
            "    size_t offset;",
            "    size_t size;",
            "} kalends_layout_entry;", "",
            "static const kalends_layout_entry kalends_layouts[] = {"]
    count = 0
    for name in abi.structs:
        lay = layout(abi, name)
        out.append(f"    {{\"{name}\", NULL, 0, {lay.size}}},")
        count += 1
        for fl in lay.fields:
            out.append(f"    {{\"{name}\", \"{fl.name}\", {fl.offset}, {fl.size}}},")
            count += 1
    out += ["};", "", f"#define KALENDS_LAYOUT_COUNT {count}", "", "#endif"]
    return "\n".join(out) + "\n"

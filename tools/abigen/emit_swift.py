"""Swift: the function types (KalendsABI), the compile-time checks of the header
(KalendsABICheck) and of the exports (KalendsCAPI), the struct layout table the library
reports, and the dlsym table of the dlopen wrapper (Kalends)."""
from __future__ import annotations

from typing import Optional

from model import ABI, Function, Type
from naming import camel, member, pascal, swift_export

SWIFT = {
    "int32_t": "Int32", "uint32_t": "UInt32", "int64_t": "Int64", "uint64_t": "UInt64", "double": "Double",
    "size_t": "Int", "uint8_t": "UInt8", "char": "CChar", "void": "Void",
}


def swift_type(abi: ABI, t: Type) -> str:
    """How Swift imports `t` from the header (parameters and results)."""
    kind = abi.kind(t)
    if t.pointers == 0:
        if kind == "callback":
            return f"{t.name}?"
        if kind == "scalar" or kind == "void":
            return SWIFT[t.name]
        return t.name   # aliases and structs keep their C names in Swift
    if kind == "handle":
        return "OpaquePointer?" if t.pointers == 1 else "UnsafeMutablePointer<OpaquePointer?>?"
    if t.pointers == 1 and t.name == "void":
        return "UnsafeRawPointer?" if t.const else "UnsafeMutableRawPointer?"
    inner = swift_type(abi, t.pointee())
    if inner == "Void":
        inner = "UnsafeMutableRawPointer?"
    if inner.endswith("?") and t.pointers == 1 and not inner.startswith("Unsafe") and not inner.startswith("Opaque"):
        inner = inner  # a pointer to a callback: kept as the optional function type
    return f"UnsafePointer<{inner}>?" if (t.const and t.pointers == 1) else f"UnsafeMutablePointer<{inner}>?"


def function_type(abi: ABI, f: Function) -> str:
    params = ", ".join(swift_type(abi, p.type) for p in f.params)
    return f"@convention(c) ({params}) -> {swift_type(abi, f.returns)}"


def type_name(f: Function) -> str:
    return pascal(f.name)


def _areas(abi: ABI) -> list[tuple[str, list[Function]]]:
    return [(a.name, [f for f in abi.functions if f.area == a.name]) for a in abi.areas
            if any(f.area == a.name for f in abi.functions)]


def function_types(abi: ABI, banner: str) -> str:
    out = [banner, "//",
           "// Swift spellings of the C function types of the headers, one per function and named",
           "// for it (kalends_view_new -> KalendsABI.ViewNew). Types only: this module has no code",
           "// and no symbols. The dlopen wrapper (Kalends) types what dlsym returns with them;",
           "// KalendsABICheck proves that the header declares each function with this type.",
           "import CKalends", "", "public enum KalendsABI {"]
    for area, functions in _areas(abi):
        out.append(f"    // {area}.h")
        for f in functions:
            out.append(f"    /// {f.name}: {f.doc.summary}")
            out.append(f"    public typealias {type_name(f)} = {function_type(abi, f)}")
        out.append("")
    out[-1] = "}"
    return "\n".join(out) + "\n"


def header_check(abi: ABI, banner: str) -> str:
    out = [banner, "//",
           "// Compile-time proof that the headers declare every function with exactly the type",
           "// KalendsABI spells for it. Compiled by `swift build`, linked into nothing.",
           "import CKalends", "import KalendsABI", "",
           "@inline(__always)", "private func declared<T>(_ function: T) {}", "",
           "@inline(never)", "public func headerSignatureCheck() {"]
    for f in abi.functions:
        out.append(f"    declared({f.name} as KalendsABI.{type_name(f)})")
    out.append("}")
    return "\n".join(out) + "\n"


def export_check(abi: ABI, banner: str) -> str:
    out = [banner, "//",
           "// Compile-time proof that each @_cdecl export has exactly the type of its declaration",
           "// in the headers (as Swift imports it), and that every declared function has an",
           "// export named by the rule kalends_view_new -> kalendsViewNew. A mismatch (a",
           "// parameter type, a missing optional, another result) fails to compile here. The",
           "// exports are referenced as Swift functions, never converted to C function pointers",
           "// (that would make Swift 6.3 emit their C symbols a second time).",
           "import CKalends", "",
           "@inline(__always)", "private func exported<T>(_ function: T, as _: T.Type) {}", "",
           "@inline(never)", "func exportSignatureCheck() {"]
    for f in abi.functions:
        out.append(f"    exported({swift_export(f.name)}, as: type(of: {f.name}))")
    out.append("}")
    return "\n".join(out) + "\n"


def struct_layouts(abi: ABI, banner: str) -> str:
    out = [banner, "//",
           "// Every struct of the headers as Swift lays out the imported C struct (MemoryLayout):",
           "// what kalends_abi_struct_layout reports. The tests compare it with C's offsetof and",
           "// Python's ctypes.",
           "import CKalends", "",
           "@inline(__always)",
           "private func field<S, F>(_ name: StaticString, _ path: KeyPath<S, F>) -> FieldLayout {",
           "    FieldLayout(name: name, offset: MemoryLayout<S>.offset(of: path) ?? -1, size: MemoryLayout<F>.size)",
           "}", "",
           "/// The layouts, in header order.",
           "func makeStructLayouts() -> [StructLayout] {",
           "    var all: [StructLayout] = []",
           f"    all.reserveCapacity({len(abi.structs)})"]
    for name, s in abi.structs.items():
        out.append(f"    all.append(StructLayout(name: \"{name}\", size: MemoryLayout<{name}>.size, fields: [")
        for fl in s.fields:
            out.append(f"        field(\"{fl.name}\", \\{name}.{fl.name}),")
        out.append("    ]))")
    out.append("    return all")
    out.append("}")
    return "\n".join(out) + "\n"


def functions_table(abi: ABI, banner: str) -> str:
    out = [banner, "//",
           "// The functions of libkalends.so, looked up once by name (dlsym) and typed by",
           "// KalendsABI: the wrapper calls `library.c.viewNew(...)`.",
           "import CKalends", "import KalendsABI", "",
           "struct Functions: @unchecked Sendable {"]
    for f in abi.functions:
        out.append(f"    /// {f.name}")
        out.append(f"    let {camel(f.name)}: KalendsABI.{type_name(f)}")
    out += ["", "    /// Looks every function up with `symbol`, which throws for a missing one.",
            "    init(_ symbol: (String) throws(KalendsError) -> UnsafeMutableRawPointer) throws(KalendsError) {"]
    for f in abi.functions:
        out.append(f"        {camel(f.name)} = unsafeBitCast(try symbol(\"{f.name}\"), to: KalendsABI.{type_name(f)}.self)")
    out += ["    }", "}"]
    return "\n".join(out) + "\n"


def _doc_lines(text: str, indent: str) -> list[str]:
    return [f"{indent}/// {ln}".rstrip() for ln in text.split("\n")] if text else []


def wrapper_enums(abi: ABI, banner: str) -> str:
    """Every constant group as a Swift enum (an OptionSet for bit sets), named for its
    typedef: the wrapper's DisplayMode, Status, DayFlags ... cannot drift from the header."""
    out = [banner, "//",
           "// The constant groups of the headers as Swift types: kalends_display_mode -> DisplayMode",
           "// (members without the common prefix, camelCased), bit sets (uint32_t groups) as",
           "// OptionSets. Values are the header's constants.",
           "import CKalends", ""]
    for g in abi.groups:
        name = pascal(g.name)
        out += _doc_lines(g.doc.text or g.name, "")
        if g.is_flags:
            swift_base = {"uint32_t": "UInt32", "uint64_t": "UInt64"}[g.base]
            out.append(f"public struct {name}: OptionSet, Hashable, Sendable {{")
            out.append(f"    public let rawValue: {swift_base}")
            out.append(f"    public init(rawValue: {swift_base}) {{ self.rawValue = rawValue }}")
            out.append("")
            for c in g.constants:
                out += _doc_lines(c.doc.text, "    ")
                out.append(f"    public static let {member(g.member_name(c))} = {name}(rawValue: {c.name})")
        else:
            swift_base = {"int32_t": "Int32", "int64_t": "Int64"}[g.base]
            out.append(f"public enum {name}: {swift_base}, Sendable, CaseIterable {{")
            for c in g.constants:
                out += _doc_lines(c.doc.text, "    ")
                out.append(f"    case {member(g.member_name(c))} = {c.value}")
        out.append("}")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


#: The core's enums that are the header's constant groups (KalendsCore has no C import:
#: the values are written out): (C group, Swift type, the CheckedEnum name of its values
#: in error messages or None, C constants left out, the type it is nested in or None).
#: The core's own methods and conformances live in extensions beside the type's use.
CORE_ENUMS: list[tuple[str, str, Optional[str], tuple[str, ...], Optional[str]]] = [
    ("kalends_status", "Code", None, ("KALENDS_OK",), "KalendsError"),
    ("kalends_weekday", "Weekday", None, (), None),
    ("kalends_rows", "Rows", "rows", (), None),
    ("kalends_day_flags", "DayFlags", None, (), None),
    ("kalends_display_mode", "DisplayMode", "mode", (), None),
    ("kalends_selection_mode", "SelectionMode", "selection mode", (), None),
    ("kalends_out_dates", "OutDates", "out-dates", (), None),
    ("kalends_out_date_tap", "OutDateTap", "out-date tap", (), None),
    ("kalends_in_dates", "InDates", "in-dates", (), None),
    ("kalends_page_behavior", "PageBehavior", "page behavior", (), None),
    ("kalends_picker", "Picker", "picker", (), None),
    ("kalends_key", "Key", "key", (), None),
    ("kalends_outcome", "Outcome", None, (), None),
    ("kalends_direction", "Direction", None, (), None),
    ("kalends_element_kind", "ElementKind", None, (), None),
    ("kalends_timing_curve", "TimingCurve", "curve", (), None),
    ("kalends_name_width", "NameWidth", "width", (), None),
    ("kalends_name_context", "NameContext", "context", (), None),
    ("kalends_date_style", "DateStyle", "style", (), None),
    ("kalends_layout_direction", "LayoutDirection", None, (), None),
    ("kalends_text_order", "TextOrder", None, (), None),
    ("kalends_hour_cycle", "HourCycle", None, (), None),
    ("kalends_day_period", "DayPeriod", "day period", (), None),
    ("kalends_axis", "Axis", "axis", (), None),
    ("kalends_scroll_position", "ScrollPosition", "scroll position", (), None),
    ("kalends_relation", "Relation", "relation", (), None),
    ("kalends_attribute", "Attribute", "attribute", ("KALENDS_ATTRIBUTE_NONE",), None),
    ("kalends_basis", "Basis", None, (), None),
    ("kalends_policy", "Policy", "policy", (), None),
    ("kalends_layout_axis", "LayoutAxis", "axis", (), None),
    ("kalends_content_priority", "ContentPriority", "kind", (), None),
    ("kalends_broken_kind", "BrokenKind", None, (), None),
    ("kalends_rrule_frequency", "RruleFrequency", "frequency", (), None),
    ("kalends_rrule_semantics", "RruleSemantics", "semantics", (), None),
    ("kalends_rrule_skip", "RruleSkip", "skip", (), None),
    ("kalends_ical_time_kind", "IcalTimeKind", None, (), None),
    ("kalends_ical_status", "IcalStatus", None, (), None),
    ("kalends_edit_scope", "EditScope", "edit scope", (), None),
    ("kalends_edit_key", "EditKey", "edit key", (), None),
    ("kalends_time_grid_area", "TimeGridArea", None, (), None),
    ("kalends_pointer_kind", "PointerKind", "pointer kind", (), None),
    ("kalends_drag_select", "DragSelect", "drag select", (), None),
    ("kalends_gesture_phase", "GesturePhase", None, (), None),
    ("kalends_gesture_kind", "GestureKind", None, (), None),
    ("kalends_refusal", "Refusal", None, (), None),
    ("kalends_date_segment_kind", "DateSegmentKind", None, (), None),
    ("kalends_date_field_granularity", "DateFieldGranularity", "granularity", (), None),
    ("kalends_date_field_key", "DateFieldKey", "date field key", (), None),
    ("kalends_date_field_validity", "DateFieldValidity", None, (), None),
]


def core_enums(abi: ABI, banner: str) -> str:
    """The core's enums of CORE_ENUMS, with the header's values and documentation: a new
    value is added in the header only. Bit sets are OptionSets of inlinable statics."""
    groups = {g.name: g for g in abi.groups}
    out = [banner, "//",
           "// KalendsCore's enums that are the C ABI's constant groups (tools/abigen/emit_swift.py,",
           "// CORE_ENUMS): the header's values and documentation. Their methods are extensions",
           "// beside their use.", ""]
    for c_name, swift_name, value_name, skip, outer in CORE_ENUMS:
        g = groups[c_name]
        indent = "    " if outer else ""
        if outer:
            out.append(f"extension {outer} {{")
        out += _doc_lines((g.doc.text or c_name) + f"\n(The C ABI's `{c_name}`.)", indent)
        if g.is_flags:
            base = {"uint32_t": "UInt32", "uint64_t": "UInt64"}[g.base]
            out.append(f"{indent}public struct {swift_name}: OptionSet, Hashable, Sendable {{")
            out.append(f"{indent}    public let rawValue: {base}")
            out.append(f"{indent}    @inlinable public init(rawValue: {base}) {{ self.rawValue = rawValue }}")
            out.append("")
            for c in g.constants:
                if c.name in skip:
                    continue
                out += _doc_lines(c.doc.text, indent + "    ")
                out.append(f"{indent}    @inlinable public static var {member(g.member_name(c))}: {swift_name} "
                           f"{{ {swift_name}(rawValue: {c.value:#x}) }}")
        else:
            base = {"int32_t": "Int32", "int64_t": "Int64"}[g.base]
            out.append(f"{indent}public enum {swift_name}: {base}, Sendable, CaseIterable {{")
            for c in g.constants:
                if c.name in skip:
                    continue
                out += _doc_lines(c.doc.text, indent + "    ")
                out.append(f"{indent}    case {member(g.member_name(c))} = {c.value}")
        out.append(f"{indent}}}")
        if outer:
            out.append("}")
        if value_name:
            full = f"{outer}.{swift_name}" if outer else swift_name
            out.append(f'extension {full}: CheckedEnum {{ public static var valueName: String {{ "{value_name}" }} }}')
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def value_structs(abi: ABI) -> list[str]:
    """Structs made only of values (no pointers, no function pointers), directly or in
    the structs they contain: these compare and hash by their fields."""
    def plain(name: str) -> bool:
        for f in abi.structs[name].fields:
            if f.type.pointers or f.type.function is not None or abi.kind(f.type) == "callback":
                return False
            if abi.kind(f.type) == "struct" and not plain(f.type.name):
                return False
        return True
    return [s.name for s in abi.struct_order() if plain(s.name)]


def c_struct_conformances(abi: ABI, banner: str) -> str:
    """Equatable and Hashable for the imported C structs made of values, field by field:
    the wrapper's value types store these structs and compare by them."""
    out = [banner, "//",
           "// Equatable and Hashable for every imported C struct made only of values (compared",
           "// and hashed field by field, padding ignored), so the wrapper's value types can store",
           "// the C structs themselves instead of re-declaring their fields.",
           "import CKalends", ""]
    for name in value_structs(abi):
        fields = [f.name for f in abi.structs[name].fields]
        out.append(f"extension {name}: @retroactive Equatable, @retroactive Hashable {{")
        out.append(f"    public static func == (a: {name}, b: {name}) -> Bool {{")
        out.append("        " + " && ".join(f"a.{f} == b.{f}" for f in fields))
        out.append("    }")
        out.append("")
        out.append("    public func hash(into hasher: inout Hasher) {")
        for f in fields:
            out.append(f"        hasher.combine({f})")
        out.append("    }")
        out.append("}")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"

"""The C layer's exports (Sources/KalendsCAPI/Generated/Exports.swift): for every function
of the headers its `@_cdecl` export, which checks and converts the arguments by their
parameter roles and calls the function's one hand-written Swift body, named for it
(kalends_view_tap -> viewTap) and taking Swift values; the handle kinds and every
kalends_<x>_free. docs/ABI.md explains the conventions; this file is where they become
code, so that no export writes them again.

What the body gets, by role (model.ROLES; `nullable` and `indexed` from the doc):
- handle: the object behind it (`<Name>Handle`, kalends_view -> ViewHandle), looked up
  in the registry (NULL: INVALID_ARGUMENT; freed, foreign: MISUSE); nullable: optional;
- value: the value; a constant group the core has as a checked enum, that enum;
- in: the struct (read once; one with struct_size read to its struct_size and checked);
  nullable: optional;
- out: returned by the body (several: a tuple, in order; an optional result leaves the
  output as it was; a nullable output is written when given); indexed, set "also when
  the call fails" or "whenever *count is", or a struct whose struct_size the caller
  sets (the doc says so: get_options): the pointer (its struct_size checked), for the
  body to write;
- out_array / capacity / count: an ArrayOutput (checked: count required, capacity not
  negative, out NULL only with capacity 0);
- in_array / array: an Unsafe(Mutable)BufferPointer (count not negative, NULL only
  with count 0);
- string_in: the pointer (NULL: INVALID_ARGUMENT unless nullable); a `system`: the
  calendar system it names (nullable: NULL is gregorian);
- string_buffer / capacity / length: the body returns the text (String, or [UInt8]
  written as bytes), written by the snprintf convention;
- handle_out: the body returns the new object; it is registered and *out set;
- callback, user_data, pointer: as they are.
The body runs after every check, so a failing call has changed nothing; a body writes
the pointers it gets only once it cannot fail any more.
"""
from __future__ import annotations

import re

from model import ABI, Function, Param, Type
from naming import camel, pascal, swift_export
from emit_swift import CORE_ENUMS, SWIFT, swift_type

#: Checked conversions of value parameters of constant groups: the core's enums.
_CHECKED = {c: s for c, s, value_name, _, outer in CORE_ENUMS if value_name and not outer}


def handle_class(name: str) -> str:
    """The Swift class behind a handle type: kalends_view -> ViewHandle."""
    return pascal(name) + "Handle"


#: Names of the plumbing that a parameter must not shadow.
_TAKEN = {"status", "handle", "optionalHandle", "required", "requiredString", "deliver", "versioned", "textOutput"}


def _local(name: str) -> str:
    n = camel(name)
    return n + "Arg" if n in _TAKEN else n


def _scalar(abi: ABI, t: Type) -> str:
    """The Swift type of a value of `t` (no pointer)."""
    return swift_type(abi, Type(t.name, 0, False))


def _versioned(abi: ABI, t: Type) -> bool:
    return t.name in abi.structs and abi.structs[t.name].versioned


def _with_count(abi: ABI, f: Function) -> set[str]:
    """Outputs the doc says are "set whenever *count is" (with BUFFER_TOO_SMALL too)."""
    found: set[str] = set()
    for clause in re.findall(r"((?:\*\w+(?:,| and| or)?\s*)+)(?:is|are) set whenever \*count is", " ".join(abi.doc_of(f).split())):
        found |= set(re.findall(r"\*(\w+)", clause))
    return found


def _text_rule(abi: ABI, f: Function) -> bool:
    """Whether the doc makes buffer and length both NULL an error (locale.h's text)."""
    return "buffer and length both NULL is INVALID_ARGUMENT" in " ".join(abi.doc_of(f).split())


class _Export:
    """The plumbing of one function: the export's parameters, the checks before the
    body, the body's arguments and results, and the writes after it."""

    def __init__(self, abi: ABI, f: Function) -> None:
        self.abi, self.f = abi, f
        self.params: list[str] = []     # the export's parameters
        self.handles: list[str] = []    # lookups, first
        self.checks: list[str] = []     # the other checks and conversions, in order
        self.args: list[str] = []       # the body's arguments
        self.arg_types: list[str] = []  # their types, for the comment
        self.results: list[tuple[str, str]] = []   # (how to write result i, its type)
        by_name = {p.name: p for p in f.params}
        for p in f.params:
            self.params.append(f"_ {_local(p.name)}: {swift_type(abi, p.type)}")
            getattr(self, "_" + p.role)(p, by_name)

    def _arg(self, expression: str, type_: str) -> None:
        self.args.append(expression)
        self.arg_types.append(type_)

    def _handle(self, p: Param, _: dict) -> None:
        n, cls = _local(p.name), handle_class(p.type.name)
        helper = "optionalHandle" if p.nullable else "handle"
        self.handles.append(f"let {n} = try {helper}({n}, .{camel(p.type.name)}, {cls}.self)")
        self._arg(n, cls + ("?" if p.nullable else ""))

    def _value(self, p: Param, _: dict) -> None:
        n = _local(p.name)
        if p.type.name in _CHECKED:
            self.checks.append(f"let {n} = try {_CHECKED[p.type.name]}(checking: {n})")
            self._arg(n, _CHECKED[p.type.name])
        elif p.type.name == "kalends_weekday":
            self.checks.append(f'let {n} = try Weekday(checking: {n}, "{p.name}")')
            self._arg(n, "Weekday")
        else:
            self._arg(n, _scalar(self.abi, p.type))

    def _in(self, p: Param, _: dict) -> None:
        n, t = _local(p.name), _scalar(self.abi, p.type)
        if _versioned(self.abi, p.type):
            helper = "optionalVersioned" if p.nullable else "versioned"
            self.checks.append(f'let {n} = try {helper}({n}, "{p.name}")')
        elif p.nullable:
            self.checks.append(f"let {n} = {n}?.pointee")
        else:
            self.checks.append(f'let {n} = try required({n}, "{p.name}")')
        self._arg(n, t + ("?" if p.nullable else ""))

    def _out(self, p: Param, _: dict) -> None:
        n, t = _local(p.name), _scalar(self.abi, p.type)
        # a struct_size the caller sets (get_options) makes the struct read and written
        read_too = _versioned(self.abi, p.type) and not self.f.name.endswith("_init") and "struct_size" in self.f.doc.text
        doc = " ".join(self.f.doc.text.split())
        # written also when the call fails, or with an array's count (BUFFER_TOO_SMALL too)
        kept = re.search(rf"\*?\b{p.name}\b[^.]*also when the call\s+fails", doc) or p.name in _with_count(self.abi, self.f)
        if read_too:
            self.checks.append(f'let {n} = try versionedOutput({n}, "{p.name}")')
            self._arg(n, f"UnsafeMutablePointer<{t}>")
        elif (p.indexed or kept) and p.nullable:
            self._arg(n, f"UnsafeMutablePointer<{t}>?")
        elif p.indexed or kept:
            self.checks.append(f'let {n} = try required({n}, "{p.name}")')
            self._arg(n, f"UnsafeMutablePointer<{t}>")
        elif p.nullable:
            self.results.append((f"deliver(%s, ifAsked: {n})", t))
        else:
            self.checks.append(f'let {n} = try required({n}, "{p.name}")')
            self.results.append((f"deliver(%s, {n})", t))

    def _out_array(self, p: Param, by_name: dict) -> None:
        n, t = _local(p.name), _scalar(self.abi, p.type)
        cap, count = _local(by_name[p.capacity].name), _local(by_name[p.count].name)
        self.checks.append(f'let {n} = try ArrayOutput({n}, {cap}, {count}, "{p.name}")')
        self._arg(n, f"ArrayOutput<{t}>")

    def _in_array(self, p: Param, by_name: dict) -> None:
        n, t = _local(p.name), _scalar(self.abi, p.type)
        self.checks.append(f'let {n} = try inputBuffer({n}, {_local(p.count)}, "{p.name}")')
        self._arg(n, f"UnsafeBufferPointer<{t}>")

    def _array(self, p: Param, by_name: dict) -> None:
        n, t = _local(p.name), _scalar(self.abi, p.type)
        self.checks.append(f'let {n} = try mutableBuffer({n}, {_local(p.count)}, "{p.name}")')
        self._arg(n, f"UnsafeMutableBufferPointer<{t}>")

    def _string_in(self, p: Param, _: dict) -> None:
        n = _local(p.name)
        if p.name == "system":
            helper = "localeSystem" if p.nullable else "namedSystem"
            self.checks.append(f"let {n} = try {helper}({n})")
            self._arg(n, "AnyCalendarSystem")
        elif p.nullable:
            self._arg(n, "UnsafePointer<CChar>?")
        else:
            self.checks.append(f'let {n} = try requiredString({n}, "{p.name}")')
            self._arg(n, "UnsafePointer<CChar>")

    def _string_buffer(self, p: Param, by_name: dict) -> None:
        n = _local(p.name)
        cap, length = _local(p.capacity or ""), _local(p.count or "")
        helper = "textOutput" if _text_rule(self.abi, self.f) else "StringOutput"
        self.checks.append(f"let {n} = try {helper}({n}, {cap}, {length})")
        self.results.append((f"{n}.write(%s)", "String"))

    def _handle_out(self, p: Param, _: dict) -> None:
        n = _local(p.name)
        self.checks.append(f'let {n} = try required({n}, "{p.name}")')
        kind, cls = camel(p.type.name), handle_class(p.type.name)
        self.results.append((f"{n}.pointee = try HandleRegistry.shared.register(%s as {cls}, kind: .{kind})", cls))

    def _callback(self, p: Param, _: dict) -> None:
        self._arg(_local(p.name), swift_type(self.abi, p.type))

    def _user_data(self, p: Param, _: dict) -> None:
        self._arg(_local(p.name), swift_type(self.abi, p.type))

    _pointer = _user_data

    def _capacity(self, p: Param, _: dict) -> None:
        pass

    _count = _length = _capacity

    def lines(self) -> list[str]:
        f = self.f
        body = camel(f.name)
        result = ", ".join(t for _, t in self.results) or "Void"
        if len(self.results) > 1:
            result = f"({result})"
        signature = f"{body}({', '.join(self.arg_types)}) throws(KalendsError) -> {result}"
        call = f"{body}({', '.join(self.args)})"
        out = [f"/// {f.name}: calls `{signature}`.", f'@_cdecl("{f.name}")',
               f"public func {swift_export(f.name)}({', '.join(self.params)}) -> kalends_status {{",
               "    status { () throws(KalendsError) in"]
        out += ["        " + line for line in self.handles + self.checks]
        if not self.results:
            out.append(f"        try {call}")
        elif len(self.results) == 1:
            out.append("        " + self.results[0][0].replace("%s", f"try {call}"))
        else:
            out.append(f"        let result = try {call}")
            out += ["        " + write.replace("%s", f"result.{i}") for i, (write, _) in enumerate(self.results)]
        out += ["    }", "}"]
        return out


def _is_free(abi: ABI, f: Function) -> bool:
    return f.name.endswith("_free") and len(f.params) == 1 and f.params[0].role == "handle" \
        and f.params[0].type.name == f.name[:-len("_free")]


def exports(abi: ABI, banner: str) -> str:
    kinds = sorted(abi.handles)
    out = [banner, "//",
           "// The C layer's plumbing, written from the headers' parameter roles (tools/abigen/",
           "// emit_capi.py says what each role becomes): the handle kinds, every kalends_<x>_free",
           "// (NULL is a no-op, a freed or foreign handle MISUSE), and for every other function",
           "// returning a status its @_cdecl export, which checks and converts the arguments and",
           "// calls the function's hand-written body, named for it, in the area's file: the line",
           "// above each export gives the body's signature.",
           "import CKalends", "import KalendsCore", "",
           "enum HandleKind: UInt8 {"]
    for i, h in enumerate(kinds):
        out.append(f"    case {camel(h)} = {i + 1}")
    out += ["", "    /// The C type name, for messages.", "    var typeName: StaticString {", "        switch self {"]
    for h in kinds:
        out.append(f'        case .{camel(h)}: "{h}"')
    out += ["        }", "    }", "}", "",
            "// The structs that start with struct_size, read and written by their callers' version."]
    for st in abi.struct_order():
        if st.versioned:
            out.append(f'extension {st.name}: VersionedStruct {{ static var cName: StaticString {{ "{st.name}" }} }}')
    for area in abi.areas:
        functions = [f for f in abi.functions if f.area == area.name and f.returns.name == "kalends_status"]
        if not functions:
            continue
        out += ["", f"// MARK: {area.name}.h"]
        for f in functions:
            out.append("")
            if _is_free(abi, f):
                h = f.params[0].type.name
                out += [f'@_cdecl("{f.name}")',
                        f"public func {swift_export(f.name)}(_ handle: OpaquePointer?) -> kalends_status "
                        f"{{ freeHandle(handle, .{camel(h)}) }}"]
            else:
                out += _Export(abi, f).lines()
    return "\n".join(out) + "\n"

"""The parsed model of the Kalends C ABI: what the headers declare, with doc comments
and the role of each parameter, for emitters to walk.

An emitter never looks at header text: it reads an `ABI` (built by parse.py) and
asks it what a type is (`abi.kind(t)`: scalar, alias, struct, handle, callback, void)
and what a parameter is for (`param.role`). The roles follow the conventions of
kalends.h; see docs/ABI.md.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Iterator, Optional, Union

#: The C scalar types the headers may use, with their size in bytes (LP64).
SCALARS: dict[str, int] = {
    "void": 0, "char": 1, "uint8_t": 1, "int32_t": 4, "uint32_t": 4, "int64_t": 8, "uint64_t": 8,
    "double": 8, "size_t": 8,
}


@dataclass(frozen=True)
class FunctionType:
    """The signature of a function pointer (a callback typedef or a struct field)."""
    returns: "Type"
    params: tuple["Param", ...]


@dataclass(frozen=True)
class Type:
    """A C type as written: the innermost named type, its pointer depth, whether the
    innermost pointee (or the value itself) is const. An inline function pointer (a
    struct field such as `kalends_status (*add)(...)`) has `function` set and no name."""
    name: str
    pointers: int = 0
    const: bool = False
    function: Optional[FunctionType] = None

    @property
    def spelling(self) -> str:
        """The type as C spells it (an inline function pointer as `RET (*)(PARAMS)`)."""
        if self.function is not None:
            params = ", ".join(p.type.spelling for p in self.function.params) or "void"
            return f"{self.function.returns.spelling} (*)({params})"
        text = ("const " if self.const else "") + self.name
        return text + (" " + "*" * self.pointers if self.pointers else "")

    def pointee(self) -> "Type":
        """The type one pointer level down."""
        assert self.pointers > 0, self
        return Type(self.name, self.pointers - 1, self.const)


@dataclass(frozen=True)
class Param:
    name: str
    type: Type
    #: What the parameter is for (see ROLES); set by ABI.finish() for functions.
    role: str = "value"
    #: For arrays: the parameter that holds the capacity / count / length.
    capacity: Optional[str] = None
    count: Optional[str] = None
    #: A pointer the function's (or its header's) doc lets be NULL: "`x` may be NULL",
    #: "*x (may be NULL)", "`x` (NULL: UTC)" (see nullable_names); set by ABI.finish().
    nullable: bool = False
    #: An output the doc indexes ("counts[i]"): an array the caller sizes by other means.
    indexed: bool = False


#: Parameter roles, from the conventions of kalends.h.
ROLES = {
    "value": "a scalar passed by value",
    "handle": "a handle (pointer to an opaque struct), const when only read",
    "handle_out": "receives a new handle (T **out)",
    "in": "a single input struct or scalar read through a const pointer",
    "out": "a single output written through a pointer (may be optional: see the doc)",
    "in_array": "a const array whose element count is the parameter named by `count`",
    "array": "an array the caller sizes and the function writes: `count` elements",
    "out_array": "an array output by the (out, capacity, &count) convention",
    "capacity": "the capacity of an out_array (elements) or of a string_buffer (bytes)",
    "count": "receives the element count of an out_array, or holds the length of an in_array",
    "string_in": "a NUL-terminated UTF-8 string (const char *)",
    "string_buffer": "a char buffer filled by the snprintf convention (buffer, capacity, &length)",
    "length": "receives the full length of a string_buffer's text",
    "callback": "a function pointer (a callback typedef)",
    "user_data": "the void * handed back to the callback before it",
    "pointer": "any other pointer (see the function's doc)",
}


@dataclass
class Doc:
    """A doc comment, as written (comment markers and common indentation removed)."""
    text: str = ""

    def __bool__(self) -> bool:
        return bool(self.text)

    @property
    def summary(self) -> str:
        """The first sentence (or line) of the doc."""
        flat = " ".join(self.text.split())
        end = flat.find(". ")
        return flat if end < 0 else flat[: end + 1]


@dataclass
class Constant:
    name: str
    value: Union[int, float, str]
    doc: Doc
    area: str
    #: The group (a typedef of an integer type the constant follows), or None.
    group: Optional[str] = None
    #: 'define' (#define) or 'enum' (a member of an anonymous enum).
    spelling: str = "define"
    #: 'u' when written with an unsigned suffix.
    suffix: str = ""


@dataclass
class Group:
    """Constants of one kind: a `typedef <integer> kalends_x;` directly followed (no
    blank line) by #defines or an anonymous enum. Fields and parameters of type
    kalends_x hold one of them (or, for flags, a bitwise or of them)."""
    name: str
    base: str
    doc: Doc
    area: str
    constants: list[Constant] = field(default_factory=list)

    @property
    def prefix(self) -> str:
        """The common prefix of the members' names, ending with '_'."""
        names = [c.name for c in self.constants]
        prefix = names[0]
        for n in names[1:]:
            while not n.startswith(prefix):
                prefix = prefix[:-1]
        return prefix[: prefix.rfind("_") + 1]

    @property
    def is_flags(self) -> bool:
        """Unsigned groups are bit sets (masks, day flags)."""
        return self.base.startswith("uint")

    def member_name(self, constant: Constant) -> str:
        return constant.name[len(self.prefix):]


@dataclass
class Field:
    name: str
    type: Type
    doc: Doc


@dataclass
class Struct:
    name: str
    fields: list[Field]
    doc: Doc
    area: str

    @property
    def versioned(self) -> bool:
        """Starts with `uint32_t struct_size` (may grow at the end)."""
        return bool(self.fields) and self.fields[0].name == "struct_size"


@dataclass
class Handle:
    """An opaque struct: only ever used through a pointer."""
    name: str
    doc: Doc
    area: str


@dataclass
class Alias:
    """A typedef of a scalar type (constant groups' types are aliases too)."""
    name: str
    base: str
    doc: Doc
    area: str


@dataclass
class Callback:
    """A typedef of a function pointer."""
    name: str
    signature: FunctionType
    doc: Doc
    area: str


@dataclass
class Function:
    name: str
    returns: Type
    params: list[Param]
    doc: Doc
    area: str

    @property
    def short_name(self) -> str:
        """The name without `kalends_`."""
        return self.name[len("kalends_"):]


@dataclass
class Area:
    """One header: include/kalends/<name>.h."""
    name: str
    path: str
    doc: Doc
    includes: list[str] = field(default_factory=list)


@dataclass
class ABI:
    areas: list[Area] = field(default_factory=list)
    constants: list[Constant] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    aliases: dict[str, Alias] = field(default_factory=dict)
    structs: dict[str, Struct] = field(default_factory=dict)
    handles: dict[str, Handle] = field(default_factory=dict)
    callbacks: dict[str, Callback] = field(default_factory=dict)
    functions: list[Function] = field(default_factory=list)

    # ---- what a type is -------------------------------------------------------

    def kind(self, t: Type) -> str:
        """'function' (inline function pointer), 'void', 'scalar', 'alias', 'struct',
        'handle' or 'callback' for the innermost named type of `t`."""
        if t.function is not None:
            return "function"
        if t.name == "void":
            return "void"
        if t.name in SCALARS:
            return "scalar"
        if t.name in self.aliases:
            return "alias"
        if t.name in self.structs:
            return "struct"
        if t.name in self.handles:
            return "handle"
        if t.name in self.callbacks:
            return "callback"
        raise KeyError(f"unknown type {t.name!r}")

    def scalar(self, name: str) -> str:
        """The scalar behind a scalar or alias name."""
        return self.aliases[name].base if name in self.aliases else name

    def group(self, name: str) -> Optional[Group]:
        return next((g for g in self.groups if g.name == name), None)

    def function(self, name: str) -> Function:
        return next(f for f in self.functions if f.name == name)

    def constant(self, name: str) -> Constant:
        return next(c for c in self.constants if c.name == name)

    def loose_constants(self) -> list[Constant]:
        return [c for c in self.constants if c.group is None]

    def signatures(self) -> Iterator[tuple[str, FunctionType]]:
        """Every function-pointer signature with a name to give it: callback typedefs by
        their name, inline fields as `<struct>.<field>`."""
        for cb in self.callbacks.values():
            yield cb.name, cb.signature
        for s in self.structs.values():
            for f in s.fields:
                if f.type.function is not None:
                    yield f"{s.name}.{f.name}", f.type.function

    def struct_order(self) -> list[Struct]:
        """Structs in an order where each comes after the structs it contains by value."""
        done: dict[str, Struct] = {}

        def visit(s: Struct) -> None:
            if s.name in done:
                return
            for f in s.fields:
                if f.type.pointers == 0 and f.type.name in self.structs:
                    visit(self.structs[f.type.name])
            done[s.name] = s

        for s in self.structs.values():
            visit(s)
        return list(done.values())

    def doc_of(self, f: Function) -> str:
        """The doc that holds for `f`'s parameters: its own, its header's, and, for a doc
        that starts "As kalends_y", y's (recursively)."""
        text = f.doc.text + "\n" + next((a.doc.text for a in self.areas if a.name == f.area), "")
        like = re.match(r"\s*As (kalends_\w+)\b", f.doc.text)
        if like and like.group(1) != f.name and any(g.name == like.group(1) for g in self.functions):
            text += "\n" + self.doc_of(self.function(like.group(1)))
        return text

    # ---- roles ---------------------------------------------------------------

    def finish(self) -> None:
        """Checks every type is known and gives each function parameter its role."""
        for f in self.functions:
            for p in f.params:
                self.kind(p.type)
            self.kind(f.returns)
            f.params = assign_roles(self, f.params)
        for f in self.functions:
            nullable, indexed = nullable_names(self.doc_of(f)), indexed_names(f.doc.text)
            f.params = [replace(p, nullable=p.name in nullable, indexed=p.name in indexed) for p in f.params]
        for s in self.structs.values():
            for fl in s.fields:
                self.kind(fl.type)
        for g in self.groups:
            if len(g.constants) < 2:
                raise ValueError(f"group {g.name} has fewer than two constants")


def nullable_names(doc: str) -> set[str]:
    """The names a doc lets be NULL, in the headers' phrases: "`x` may be NULL", "x (may be
    NULL)", "*x (may be NULL)", "(*x; may be NULL)", "`x` and `y` may be NULL", "`x`
    (NULL: UTC)", "x NULL: defaults", "`x` (NULL = ...)". A conditional "x may be NULL
    when count is 0" counts too: the function then checks the condition itself."""
    flat = " ".join(doc.split())
    name = r"[`*]?(\w+)`?"
    found = set(re.findall(name + r"\s*[(,;]?\s*(?:may be NULL|\(?NULL\s*[:=])", flat))
    found |= {a for pair in re.findall(name + r"\s+(?:and|or)\s+" + name + r"\s+may be NULL", flat) for a in pair}
    return found


def indexed_names(doc: str) -> set[str]:
    """The outputs a doc indexes ("counts[i]", "ids[i]"): arrays sized by other arguments."""
    return set(re.findall(r"\b(\w+)\[", doc))


def _is_int(abi: ABI, t: Type, name: str = "") -> bool:
    return t.pointers == 0 and t.function is None and abi.kind(t) in ("scalar", "alias") and \
        abi.scalar(t.name) in ("int32_t", "size_t")


def assign_roles(abi: ABI, params: list[Param]) -> list[Param]:
    """Roles by the header's conventions:
    - T *out, int32_t capacity, int32_t *count (also `<x>`, `<x>_capacity`, `<x>_count`)
      is an out_array;
    - char *buffer, size_t capacity, size_t *length is a string_buffer;
    - const T *xs ..., int32_t count (or `<x>_count`, size_t length) is an in_array
      (several arrays may share one count: they all precede it);
    - a callback typedef followed by void *user_data is a callback and its user data;
    - handles, handle outputs, const char * strings, single in / out pointers."""
    out: list[Optional[Param]] = [None] * len(params)
    names = [p.name for p in params]

    def at(i: int) -> Optional[Param]:
        return params[i] if 0 <= i < len(params) else None

    for i, p in enumerate(params):
        if out[i] is not None:
            continue
        t = p.type
        kind = abi.kind(t)
        nxt, nxt2 = at(i + 1), at(i + 2)
        # string buffers: char *buffer, size_t capacity, size_t *length
        if t.name == "char" and t.pointers == 1 and not t.const and nxt and nxt2 and \
                nxt.type.name == "size_t" and nxt.type.pointers == 0 and nxt2.type.name == "size_t" and nxt2.type.pointers == 1:
            out[i] = Param(p.name, t, "string_buffer", capacity=nxt.name, count=nxt2.name)
            out[i + 1] = Param(nxt.name, nxt.type, "capacity")
            out[i + 2] = Param(nxt2.name, nxt2.type, "length")
            continue
        # out arrays: T *x, int32_t [x_]capacity, int32_t *[x_]count
        if t.pointers == 1 and not t.const and nxt and nxt2 and _is_int(abi, nxt.type) and \
                nxt.name.endswith("capacity") and nxt2.type.pointers == 1 and nxt2.type.name == "int32_t" and \
                nxt2.name.endswith("count"):
            out[i] = Param(p.name, t, "out_array", capacity=nxt.name, count=nxt2.name)
            out[i + 1] = Param(nxt.name, nxt.type, "capacity")
            out[i + 2] = Param(nxt2.name, nxt2.type, "count")
            continue
        if t.name == "char" and t.pointers == 1 and t.const:
            out[i] = Param(p.name, t, "string_in")
            continue
        # caller-sized arrays: T *xs, int32_t xs_count
        if t.pointers == 1 and not t.const and kind in ("scalar", "alias", "struct") and nxt and \
                _is_int(abi, nxt.type) and nxt.name == f"{p.name}_count":
            out[i] = Param(p.name, t, "array", count=nxt.name)
            out[i + 1] = Param(nxt.name, nxt.type, "count")
            continue
        # in arrays: const T *xs, [const U *ys, ...] int32_t count / size_t length
        if t.pointers == 1 and t.const and kind in ("scalar", "alias", "struct"):
            j = i + 1
            while at(j) is not None and params[j].type.pointers == 1 and params[j].type.const:
                j += 1
            counter = at(j)
            if counter is not None and _is_int(abi, counter.type) and \
                    (counter.name in ("count", "length") or counter.name.endswith("_count")):
                for k in range(i, j):
                    out[k] = Param(params[k].name, params[k].type, "in_array", count=counter.name)
                out[j] = Param(counter.name, counter.type, "count")
                continue
        if kind == "handle":
            role = "handle" if t.pointers == 1 else "handle_out" if t.pointers == 2 else "pointer"
            out[i] = Param(p.name, t, role)
            continue
        if kind == "callback" and t.pointers == 0:
            out[i] = Param(p.name, t, "callback")
            if nxt and nxt.name == "user_data" and nxt.type.name == "void" and nxt.type.pointers == 1:
                out[i + 1] = Param(nxt.name, nxt.type, "user_data")
            continue
        if t.pointers == 0:
            out[i] = Param(p.name, t, "value")
            continue
        if t.pointers == 1 and kind in ("scalar", "alias", "struct") and t.name != "void":
            out[i] = Param(p.name, t, "in" if t.const else "out")
            continue
        out[i] = Param(p.name, t, "pointer")
    assert all(o is not None for o in out), names
    return [o for o in out if o is not None]


# ---- layouts (LP64: Linux on x86_64 and aarch64) ------------------------------------

@dataclass(frozen=True)
class FieldLayout:
    name: str
    offset: int
    size: int


@dataclass(frozen=True)
class Layout:
    size: int
    align: int
    fields: tuple[FieldLayout, ...]


def _scalar_layout(abi: ABI, t: Type) -> tuple[int, int]:
    if t.pointers or t.function is not None:
        return 8, 8
    kind = abi.kind(t)
    if kind in ("scalar", "alias"):
        size = SCALARS[abi.scalar(t.name)]
        return size, size
    if kind == "struct":
        lay = layout(abi, t.name)
        return lay.size, lay.align
    if kind == "callback":
        return 8, 8
    raise ValueError(f"{t.spelling} has no size")


def layout(abi: ABI, name: str) -> Layout:
    """The C layout of struct `name` by the LP64 rules: each field at the next multiple
    of its alignment, the struct's alignment the largest of its fields', its size a
    multiple of it. Checked against the C compiler's offsetof by the generated C test."""
    offset, align, fields = 0, 1, []
    for f in abi.structs[name].fields:
        size, a = _scalar_layout(abi, f.type)
        offset = (offset + a - 1) // a * a
        fields.append(FieldLayout(f.name, offset, size))
        offset += size
        align = max(align, a)
    return Layout((offset + align - 1) // align * align, align, tuple(fields))

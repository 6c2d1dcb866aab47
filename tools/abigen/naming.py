"""Names derived from C names, shared by the emitters (one rule per language)."""
from __future__ import annotations


def strip(name: str) -> str:
    """kalends_view_options -> view_options; KALENDS_MODE_MONTH -> MODE_MONTH."""
    for prefix in ("kalends_", "KALENDS_"):
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


def pascal(name: str) -> str:
    """kalends_view_options -> ViewOptions."""
    return "".join(p[:1].upper() + p[1:] for p in strip(name).split("_") if p)


def camel(name: str) -> str:
    """kalends_view_new -> viewNew."""
    p = pascal(name)
    return p[:1].lower() + p[1:]


def swift_export(name: str) -> str:
    """The Swift function implementing a C export: kalends_view_new -> kalendsViewNew."""
    return "kalends" + pascal(name)


def signature_name(path: str) -> str:
    """A function-pointer signature's own name: a callback typedef's name, or
    `<struct>.<field>` for an inline field: kalends_event_sink.add -> EventSinkAdd."""
    struct, _, field = path.partition(".")
    return pascal(struct) + (pascal(field) if field else "")


SWIFT_KEYWORDS = {"internal", "default", "private", "public", "static", "class", "enum", "struct", "protocol", "func",
                  "var", "let", "in", "is", "as", "case", "switch", "where", "while", "for", "if", "else", "return",
                  "true", "false", "nil", "self", "Self", "super", "throw", "throws", "try", "catch", "do", "repeat",
                  "break", "continue", "fallthrough", "guard", "defer", "import", "init", "deinit", "extension",
                  "operator", "subscript", "typealias", "associatedtype", "inout", "some", "any"}


def member(name: str) -> str:
    """A constant group member as a Swift case or static: MONTH_HEADER -> monthHeader,
    E_INVALID_ARGUMENT -> invalidArgument (status codes lose their E_), `internal`
    escaped."""
    if name.startswith("E_"):
        name = name[2:]
    parts = name.lower().split("_")
    out = parts[0] + "".join(p.capitalize() for p in parts[1:])
    return f"`{out}`" if out in SWIFT_KEYWORDS else out

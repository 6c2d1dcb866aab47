"""A parser of the Kalends headers: include/kalends.h and the area headers it includes.

It reads the disciplined subset of C99 the headers are written in (docs/ABI.md lists
it): #define constants, anonymous enums of constants, typedefs of scalars, structs,
opaque structs and function pointers, and function prototypes; comments are kept as
documentation. Anything else is an error naming the file and line, so a header that
drifts from the rules fails `make generate` instead of producing wrong bindings.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from model import (ABI, SCALARS, Alias, Area, Callback, Constant, Doc, Field, Function, FunctionType, Group,
                   Handle, Param, Struct, Type)

_TOKEN = re.compile(r"""
    (?P<comment>/\*.*?\*/)
  | (?P<pp>^[ \t]*\#(?:[^\n/]|/(?!\*))*)
  | (?P<string>"(?:[^"\\\n]|\\.)*")
  | (?P<number>0[xX][0-9a-fA-F]+[uU]?|\d+(?:\.\d+)?[uU]?)
  | (?P<ident>[A-Za-z_]\w*)
  | (?P<punct>[{}()\[\];,*=\-])
  | (?P<space>\s+)
  | (?P<other>.)
""", re.VERBOSE | re.DOTALL | re.MULTILINE)


class HeaderError(Exception):
    pass


@dataclass
class Token:
    kind: str
    text: str
    line: int       # first line
    end: int        # last line


def tokenize(text: str, path: str) -> list[Token]:
    tokens: list[Token] = []
    line = 1
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "other"
        value = m.group()
        end = line + value.count("\n")
        if kind == "other":
            raise HeaderError(f"{path}:{line}: unexpected character {value!r}")
        if kind != "space":
            tokens.append(Token(kind, value, line, end))
        line = end
    return tokens


def clean_comment(text: str) -> str:
    """The text of a /* ... */ comment without its markers, leading '*' columns and
    common indentation."""
    body = text[2:-2]
    lines = body.split("\n")
    out = []
    for i, ln in enumerate(lines):
        s = ln.rstrip()
        if i > 0:
            stripped = s.lstrip()
            if stripped.startswith("*") and not stripped.startswith("*/"):
                s = stripped[1:]
                if s.startswith(" "):
                    s = s[1:]
            else:
                s = stripped
        else:
            s = s.strip()
        out.append(s)
    while out and not out[0].strip():
        out.pop(0)
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out)


def _doc(comments: list[Token]) -> Doc:
    return Doc("\n".join(clean_comment(c.text) for c in comments))


class _FileParser:
    def __init__(self, abi: ABI, path: Path, area: str) -> None:
        self.abi = abi
        self.path = path
        self.area = area
        self.tokens = tokenize(path.read_text(), str(path))
        self.pos = 0
        self.pending: list[Token] = []        # comments not yet attached
        self.includes: list[str] = []
        self.group: Optional[Group] = None
        self.group_end = 0                    # last line of the open group
        self.previous_end = -10               # last line of the previous declaration
        self.previous_doc = Doc()
        self.previous_was_function = False
        self.area_doc = Doc()

    def error(self, line: int, message: str) -> HeaderError:
        return HeaderError(f"{self.path}:{line}: {message}")

    # ---- doc comments ----------------------------------------------------------

    def take_doc(self, start: int) -> Doc:
        """The comments directly above line `start` (no blank line between), or the doc
        of the declaration directly above when it shares its comment."""
        block: list[Token] = []
        expect = start - 1
        for c in reversed(self.pending):
            if c.end == expect:
                block.insert(0, c)
                expect = c.line - 1
            else:
                break
        self.pending = []
        if block:
            return _doc(block)
        return Doc()

    def trailing_doc(self, line: int) -> list[Token]:
        """Comments that start on `line` right after the current position."""
        out = []
        while self.pos < len(self.tokens) and self.tokens[self.pos].kind == "comment" and \
                self.tokens[self.pos].line == line:
            out.append(self.tokens[self.pos])
            self.pos += 1
        return out

    def declared(self, start: int, end: int, doc: Doc) -> None:
        self.previous_end = end
        self.previous_doc = doc

    # ---- constants and groups --------------------------------------------------

    def add_constant(self, name: str, value: object, doc: Doc, line: int, end: int, spelling: str,
                     suffix: str = "") -> None:
        in_group = self.group is not None and line <= self.group_end + 1
        if not in_group:
            self.group = None
        c = Constant(name, value, doc, self.area, self.group.name if self.group else None, spelling, suffix)  # type: ignore[arg-type]
        if not name.startswith("KALENDS_"):
            raise self.error(line, f"constant {name} does not start with KALENDS_")
        self.abi.constants.append(c)
        if self.group is not None:
            self.group.constants.append(c)
            self.group_end = end

    def parse_define(self, tok: Token) -> None:
        parts = tok.text.strip()[1:].split(None, 2)
        directive = parts[0]
        if directive in ("ifndef", "endif", "include") or (directive == "ifdef" and parts[1] == "__cplusplus"):
            if directive == "include" and parts[1].startswith('"'):
                self.includes.append(parts[1].strip('"'))
            if directive == "ifdef":
                # skip to the matching #endif (the extern "C" wrapper)
                while self.pos < len(self.tokens) and not (self.tokens[self.pos].kind == "pp" and
                                                           self.tokens[self.pos].text.strip() == "#endif"):
                    self.pos += 1
                self.pos += 1
            return
        if directive != "define":
            raise self.error(tok.line, f"unsupported preprocessor line {tok.text.strip()!r}")
        if len(parts) == 2:   # an include guard
            if not parts[1].endswith("_H"):
                raise self.error(tok.line, f"a #define without a value must be an include guard: {parts[1]}")
            return
        name, raw = parts[1], parts[2].strip()
        doc = self.take_doc(tok.line)
        trailing = self.trailing_doc(tok.end)
        if trailing:
            doc = Doc("\n".join(x for x in (doc.text, _doc(trailing).text) if x))
        value: object
        suffix = ""
        if raw.startswith('"'):
            value = raw[1:-1]
        else:
            if raw[-1] in "uU":
                suffix, raw = "u", raw[:-1]
            try:
                value = int(raw, 0)
            except ValueError:
                raise self.error(tok.line, f"#define {name}: value {raw!r} is not an integer or string literal")
        end = trailing[-1].end if trailing else tok.end
        self.add_constant(name, value, doc, tok.line, end, "define", suffix)
        self.declared(tok.line, end, Doc())
        self.previous_was_function = False

    # ---- statements --------------------------------------------------------------

    def statement(self) -> list[Token]:
        """Tokens up to the `;` that ends a top-level declaration (comments inside are
        kept: struct fields are documented by them)."""
        out: list[Token] = []
        depth = 0
        while self.pos < len(self.tokens):
            t = self.tokens[self.pos]
            self.pos += 1
            if t.kind == "pp":
                raise self.error(t.line, "a preprocessor line inside a declaration")
            out.append(t)
            if t.text in "({":
                depth += 1
            elif t.text in ")}":
                depth -= 1
            elif t.text == ";" and depth == 0:
                return out
        raise self.error(out[0].line if out else 0, "declaration without ';'")

    def run(self) -> Area:
        first_comment = True
        while self.pos < len(self.tokens):
            t = self.tokens[self.pos]
            if t.kind == "comment":
                self.pos += 1
                if self.group is not None and t.line == self.group_end + 1:
                    self.group_end = t.end    # a comment inside a group keeps it open
                if first_comment and t.line == 1:
                    self.area_doc = Doc(clean_comment(t.text))
                else:
                    self.pending.append(t)
                first_comment = False
                continue
            first_comment = False
            if t.kind == "pp":
                self.pos += 1
                self.parse_define(t)
                continue
            toks = self.statement()
            code = [x for x in toks if x.kind != "comment"]
            start, end = code[0].line, code[-1].end
            doc = self.take_doc(start)
            trailing = self.trailing_doc(end)
            if trailing:
                doc = Doc("\n".join(x for x in (doc.text, _doc(trailing).text) if x))
            self.previous_was_function, was = False, self.previous_was_function
            self.previous_was_function = was
            n = len(self.abi.functions)
            self.declaration(toks, code, doc)
            self.previous_was_function = len(self.abi.functions) > n
            self.declared(start, end, self.abi.functions[-1].doc if self.previous_was_function else doc)
        return Area(self.area, str(self.path), self.area_doc, self.includes)

    def declaration(self, toks: list[Token], code: list[Token], doc: Doc) -> None:
        words = [x.text for x in code]
        line = code[0].line
        if words[0] == "enum":
            self.parse_enum(code, doc)
            return
        # any other declaration ends a constant group
        closes_group = True
        if words[0] == "typedef":
            if words[1] == "struct" and words[3] == "{":
                self.parse_struct(toks, code, doc)
            elif words[1] == "struct" and len(words) == 5:
                name = words[2]
                if words[3] != name:
                    raise self.error(line, f"typedef struct {name} {words[3]}: the names must agree")
                self.abi.handles[name] = Handle(name, doc, self.area)
            elif "(" in words:
                ret, name, params = self.parse_function_pointer(code[1:-1], line)
                self.abi.callbacks[name] = Callback(name, FunctionType(ret, tuple(params)), doc, self.area)
            elif len(words) == 4 and words[1] in SCALARS:
                name = words[2]
                self.abi.aliases[name] = Alias(name, words[1], doc, self.area)
                if words[1] in ("int32_t", "uint32_t", "int64_t", "uint64_t"):
                    g = Group(name, words[1], doc, self.area)
                    self.abi.groups.append(g)
                    self.group, self.group_end = g, code[-1].end
                    closes_group = False
            else:
                raise self.error(line, f"unsupported typedef: {' '.join(words)}")
        else:
            self.parse_function(code, doc)
        if closes_group:
            self.group = None

    def parse_enum(self, code: list[Token], doc: Doc) -> None:
        """enum { A = -1, B = 0 }; -- constants (of the open group, if any); the comment
        above is their doc."""
        words = [x.text for x in code]
        if words[1] != "{" or words[-2] != "}":
            raise self.error(code[0].line, "only anonymous enums of constants are supported: enum { A = 1, ... };")
        body = code[2:-2]
        items: list[list[Token]] = [[]]
        for t in body:
            if t.text == ",":
                items.append([])
            else:
                items[-1].append(t)
        for item in items:
            if not item:
                continue
            parts = [t.text for t in item]
            if len(parts) < 3 or parts[1] != "=":
                raise self.error(item[0].line, "every enum constant needs an explicit value")
            value = int("".join(parts[2:]), 0)
            self.add_constant(parts[0], value, doc, item[0].line, item[-1].end, "enum")

    def parse_struct(self, toks: list[Token], code: list[Token], doc: Doc) -> None:
        name = code[2].text
        if code[-2].text != name:
            raise self.error(code[0].line, f"typedef struct {name} {{ ... }} {code[-2].text}: the names must agree")
        # the body: tokens between the first '{' and the last '}'
        open_i = next(i for i, t in enumerate(toks) if t.text == "{")
        close_i = max(i for i, t in enumerate(toks) if t.text == "}")
        body = toks[open_i + 1: close_i]
        fields: list[Field] = []
        current: list[Token] = []
        leading: list[Token] = []
        last_field_line = -1
        depth = 0
        for t in body:
            if t.kind == "comment":
                if not current and fields and t.line == last_field_line:
                    # trailing comment of the field(s) just ended
                    for f in fields[-last_count:]:
                        f.doc = Doc("\n".join(x for x in (f.doc.text, clean_comment(t.text)) if x))
                    last_field_line = t.end
                else:
                    leading.append(t)
                continue
            current.append(t)
            if t.text == "(":
                depth += 1
            elif t.text == ")":
                depth -= 1
            elif t.text == ";" and depth == 0:
                new = self.parse_fields(current[:-1], _doc(leading))
                fields.extend(new)
                last_count = len(new)
                last_field_line = t.line
                current, leading = [], []
        if current:
            raise self.error(current[0].line, f"struct {name}: field without ';'")
        self.abi.structs[name] = Struct(name, fields, doc, self.area)

    def parse_fields(self, code: list[Token], doc: Doc) -> list[Field]:
        words = [t.text for t in code]
        if "(" in words:
            ret, name, params = self.parse_function_pointer(code, code[0].line)
            return [Field(name, Type("", 1, False, FunctionType(ret, tuple(params))), doc)]
        # TYPE name[, name ...]
        base, rest = self.parse_type(code, code[0].line, allow_name=True)
        names = [t.text for t in rest if t.text != ","]
        if not names or any(not re.fullmatch(r"[a-z_]\w*", n) for n in names):
            raise self.error(code[0].line, f"cannot read the field(s) {' '.join(words)}")
        return [Field(n, base, Doc(doc.text)) for n in names]

    def parse_type(self, code: list[Token], line: int, allow_name: bool) -> tuple[Type, list[Token]]:
        """`[const] NAME *...` from the front of `code`; the rest (a name) is returned."""
        i = 0
        const = False
        if i < len(code) and code[i].text == "const":
            const, i = True, i + 1
        if i >= len(code) or code[i].kind != "ident":
            raise self.error(line, "expected a type name")
        name = code[i].text
        i += 1
        if i < len(code) and code[i].text == "const":
            raise self.error(line, "write `const T *`, not `T const *`")
        pointers = 0
        while i < len(code) and code[i].text == "*":
            pointers, i = pointers + 1, i + 1
        if i < len(code) and code[i].text == "const":
            raise self.error(line, "const pointers (`T *const`) are not used in the ABI")
        return Type(name, pointers, const), code[i:]

    def parse_params(self, code: list[Token], line: int) -> list[Param]:
        words = [t.text for t in code]
        if words == ["void"]:
            return []
        params: list[Param] = []
        chunk: list[Token] = []
        for t in code + [Token("punct", ",", line, line)]:
            if t.text == ",":
                ty, rest = self.parse_type(chunk, line, allow_name=True)
                if len(rest) != 1 or rest[0].kind != "ident":
                    raise self.error(line, f"every parameter needs a name: {' '.join(x.text for x in chunk)}")
                params.append(Param(rest[0].text, ty))
                chunk = []
            else:
                chunk.append(t)
        return params

    def parse_function_pointer(self, code: list[Token], line: int) -> tuple[Type, str, list[Param]]:
        """RET (*NAME)(PARAMS) -- without `typedef` and the final ';'."""
        words = [t.text for t in code]
        try:
            lp = words.index("(")
        except ValueError:
            raise self.error(line, "expected a function pointer")
        if words[lp + 1] != "*" or words[lp + 3] != ")" or words[lp + 4] != "(" or words[-1] != ")":
            raise self.error(line, f"expected RET (*name)(params): {' '.join(words)}")
        ret, rest = self.parse_type(code[:lp], line, allow_name=False)
        if rest:
            raise self.error(line, "unexpected tokens in a return type")
        return ret, words[lp + 2], self.parse_params(code[lp + 5:-1], line)

    def parse_function(self, code: list[Token], doc: Doc) -> None:
        words = [t.text for t in code]
        line = code[0].line
        if words[-1] != ";" or words[-2] != ")":
            raise self.error(line, f"unsupported declaration: {' '.join(words)}")
        lp = words.index("(")
        ret, rest = self.parse_type(code[:lp], line, allow_name=True)
        if len(rest) != 1:
            raise self.error(line, f"cannot read the function name in {' '.join(words[:lp])}")
        name = rest[0].text
        if not name.startswith("kalends_"):
            raise self.error(line, f"function {name} does not start with kalends_")
        params = self.parse_params(code[lp + 1:-2], line)
        if not doc and self.previous_end == line - 1 and self.previous_was_function:
            doc = self.previous_doc   # prototypes written together share the comment above them
        if not doc:
            raise self.error(line, f"{name} has no doc comment (every function documents what it does and its errors)")
        self.abi.functions.append(Function(name, ret, params, doc, self.area))


def parse(umbrella: Path) -> ABI:
    """The ABI declared by `umbrella` (include/kalends.h) and the headers it includes,
    in include order. Each area header is read once."""
    abi = ABI()
    root = umbrella.parent
    seen: set[Path] = set()

    def read(path: Path, area: str) -> None:
        path = path.resolve()
        if path in seen:
            return
        seen.add(path)
        parser = _FileParser(abi, path, area)
        # includes are read first, so that what a header needs is declared before it
        text_includes = [ln.split('"')[1] for ln in path.read_text().splitlines()
                         if ln.startswith("#include \"")]
        for inc in text_includes:
            target = (path.parent / inc) if (path.parent / inc).exists() else root / inc
            read(target, target.stem)
        a = parser.run()
        abi.areas.append(a)

    read(umbrella, umbrella.stem)
    abi.finish()
    return abi

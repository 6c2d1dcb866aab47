"""Fills the machine code that nothing can reach in the wheel's library with int3 (0xCC)
bytes, which deflate to almost nothing: the unreachable part of the Swift standard
library's code stops costing the wheel its size.

Why: Swift.o, the standard library inside the toolchain's libswiftCore.a, keeps most of
its functions (12,675 of them, 1.6 MB) in one `.text` section, so `--gc-sections` keeps
them all as soon as Kalends calls one (packaging/stdlib_archive.py can only free the
8,000 that sit in sections of their own). The linker cannot split a section, and
splitting the object would mean rewriting it; this works on the linked library instead.

What is reachable, from the library linked a second time with `--emit-relocs` (the same
bytes at the same addresses, plus every relocation the linker applied):
- roots: every exported function, and every place in `.text` that something other than
  code refers to: every relocation applied to a data, metadata or initialiser section
  (Swift's type metadata, witness tables, conformance records, vtables, jump tables,
  `.init_array` ...) and every dynamic relocation (the GOT, absolute pointers). Debug
  sections and SystemTap notes do not count: nothing runs them.
- then, from every reached function, what its code refers to: the relocations applied
  inside it, and the targets of its direct calls, jumps and RIP-relative operands as
  disassembled (the assembler resolves a call to a local function in the same section
  without a relocation, so the relocations alone would miss it).
A "function" is the span from one `.text` symbol to the next: a target anywhere in it
keeps all of it. Everything is counted that could be reached, so the result only ever
keeps too much; code it fills and that ran anyway would stop at its first byte
(SIGTRAP), not run on with wrong bytes.

    python3 packaging/manylinux/trap_unreachable.py ANALYSED.so TARGET.so
        # ANALYSED: linked with --emit-relocs; TARGET: the same link without them (its
        # .text must be byte for byte ANALYSED's); TARGET is filled in place
"""
from __future__ import annotations

import bisect
import re
import subprocess
import sys
from pathlib import Path

try:
    from elftools.elf.elffile import ELFFile
    from elftools.elf.relocation import RelocationSection
    from elftools.elf.sections import SymbolTableSection
except ImportError:
    raise SystemExit("trap_unreachable: needs pyelftools (pip install pyelftools; make wheel installs it)")

TRAP = 0xCC
ABSOLUTE = {1, 10, 11}   # R_X86_64_64, R_X86_64_32, R_X86_64_32S
# sections whose relocations are not references that can run: debug data, SystemTap
# probes' notes (they name functions for a tracer), the code itself (walked from roots)
NOT_ROOTS = re.compile(r"^\.rela?(\.debug_|\.note\.|\.text$|\.comment)")
BRANCH = re.compile(r"^\s*([0-9a-f]+):\s+(?:bnd\s+|notrack\s+)?(?:call|j[a-z]+|loop[a-z]*|xbegin)\s+([0-9a-f]+) <")
OPERAND = re.compile(r"^\s*([0-9a-f]+):.*#\s+([0-9a-f]+) <")


class Text:
    """The `.text` section of a library and its functions (symbol to next symbol)."""

    def __init__(self, elf: ELFFile) -> None:
        text = elf.get_section_by_name(".text")
        if text is None:
            raise SystemExit("trap_unreachable: no .text section")
        self.start = text["sh_addr"]
        self.end = self.start + text["sh_size"]
        self.offset = text["sh_offset"]
        index = elf.get_section_index(".text")
        starts = {self.start}
        self.names: dict[int, str] = {}
        tables = [elf.get_section_by_name(name) for name in (".symtab", ".dynsym")]
        for table in tables:
            if not isinstance(table, SymbolTableSection):
                continue
            for symbol in table.iter_symbols():
                if symbol["st_shndx"] == index and symbol["st_info"]["type"] in ("STT_FUNC", "STT_NOTYPE"):
                    starts.add(symbol["st_value"])
                    self.names.setdefault(symbol["st_value"], symbol.name)
        self.starts = sorted(a for a in starts if self.start <= a < self.end)
        dynsym = tables[1]
        if not isinstance(dynsym, SymbolTableSection):
            raise SystemExit("trap_unreachable: no .dynsym: not a shared library")
        self.exported = {s["st_value"] for s in dynsym.iter_symbols() if s["st_shndx"] == index}

    def function(self, address: int) -> int | None:
        """The index of the function holding `address`, None outside `.text`."""
        if not self.start <= address < self.end:
            return None
        return bisect.bisect_right(self.starts, address) - 1

    def span(self, i: int) -> tuple[int, int]:
        return self.starts[i], (self.starts[i + 1] if i + 1 < len(self.starts) else self.end)


def references(elf: ELFFile, text: Text, library: Path) -> tuple[set[int], dict[int, list[int]]]:
    """Functions referred to from outside the code (roots), and per function the
    functions its code refers to."""
    roots = {text.function(a) for a in text.exported}
    edges: dict[int, list[int]] = {}

    def add(source: int | None, target: int) -> None:
        t = text.function(target)
        if t is None:
            return
        if source is None:
            roots.add(t)
        elif t != source:
            edges.setdefault(source, []).append(t)

    for section in elf.iter_sections():
        if not isinstance(section, RelocationSection):
            continue
        dynamic = section["sh_flags"] & 0x2  # SHF_ALLOC: .rela.dyn, .rela.plt
        if not dynamic and NOT_ROOTS.match(section.name) and section.name != ".rela.text":
            continue
        symbols = elf.get_section(section["sh_link"])
        if not isinstance(symbols, SymbolTableSection):
            continue
        for r in section.iter_relocations():
            symbol = symbols.get_symbol(r["r_info_sym"]) if r["r_info_sym"] else None
            value = symbol["st_value"] if symbol is not None else 0
            addend = r["r_addend"] if r.is_RELA() else 0
            source = None
            if section.name == ".rela.text":
                # PC-relative references from code are the disassembly's (exact targets);
                # only absolute ones (R_X86_64_64, _32, _32S) are taken from here
                source = text.function(r["r_offset"])
                if source is None or r["r_info_type"] not in ABSOLUTE:
                    continue
            add(source, value + addend)
            # the symbol alone names the function too (the addend may point past it)
            if symbol is not None and symbol["st_info"]["type"] != "STT_SECTION":
                add(source, value)
    listing = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-j", ".text", str(library)],
                             check=True, capture_output=True, text=True).stdout
    for line in listing.splitlines():
        m = BRANCH.match(line) or OPERAND.match(line)
        if m:
            add(text.function(int(m.group(1), 16)), int(m.group(2), 16))
    roots.discard(None)
    return {r for r in roots if r is not None}, edges


def reachable(roots: set[int], edges: dict[int, list[int]]) -> set[int]:
    seen = set(roots)
    work = list(roots)
    while work:
        for t in edges.get(work.pop(), ()):
            if t not in seen:
                seen.add(t)
                work.append(t)
    return seen


def main() -> int:
    analysed, target = Path(sys.argv[1]), Path(sys.argv[2])
    with analysed.open("rb") as f:
        elf = ELFFile(f)
        text = Text(elf)
        roots, edges = references(elf, text, analysed)
        f.seek(text.offset)
        code = f.read(text.end - text.start)
    kept = reachable(roots, edges)
    data = bytearray(target.read_bytes())
    with target.open("rb") as f:
        other = ELFFile(f).get_section_by_name(".text")
        if other is None or (other["sh_addr"], other["sh_size"]) != (text.start, text.end - text.start):
            raise SystemExit(f"trap_unreachable: {target}'s .text is not where {analysed}'s is")
        base = other["sh_offset"]
    if bytes(data[base:base + len(code)]) != code:
        raise SystemExit(f"trap_unreachable: {target}'s .text differs from {analysed}'s")
    filled = 0
    for i in range(len(text.starts)):
        if i in kept:
            continue
        a, b = text.span(i)
        data[base + a - text.start:base + b - text.start] = bytes([TRAP]) * (b - a)
        filled += b - a
    tmp = target.with_suffix(target.suffix + ".trap")
    tmp.write_bytes(data)
    tmp.chmod(target.stat().st_mode)
    tmp.replace(target)
    print(f"trap_unreachable: {target.name}: {filled} of {text.end - text.start} bytes of .text unreachable "
          f"({len(text.starts) - len(kept)} of {len(text.starts)} functions), filled with int3")
    return 0


if __name__ == "__main__":
    sys.exit(main())

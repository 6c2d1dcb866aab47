"""kiwi's "enaml-like" form (37 variables, width and height edited, 111 constraints),
read from bench/cpp/enaml_form.h so the C++ and Python benchmarks solve the same
system. Its notation: "lhs op rhs : strength", each side terms joined by " + " or
" - ", a term a number, a name or number*name.
"""
from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType
from typing import Any

_HEADER = Path(__file__).resolve().parents[1] / "cpp" / "enaml_form.h"


def _read() -> tuple[list[str], list[str], list[tuple[float, float]]]:
    text = _HEADER.read_text()

    def strings(name: str) -> list[str]:
        block = text[text.index(name):]
        block = block[:block.index("};")]
        return re.findall(r'"([^"]*)"', block)

    sizes = [(float(w), float(h)) for w, h in re.findall(r"\{(\d+), (\d+)\}", text[text.index("form_sizes"):])]
    return strings("form_variables[]"), strings("form_constraints[]"), sizes


VARIABLES, CONSTRAINTS, SIZES = _read()


def _side(kiwi: ModuleType, text: str, names: dict[str, Any]) -> Any:
    total: Any = 0.0
    for sign, term in re.findall(r"([+-]?)\s*([^+-]+)", text.replace(" ", "")):
        if "*" in term:
            number, name = term.split("*")
            value: Any = float(number) * names[name]
        elif term[0].isdigit():
            value = float(term)
        else:
            value = names[term]
        total = total - value if sign == "-" else total + value
    return total


def build_form(kiwi: ModuleType):
    """(solver, width, height, variables) with every constraint added."""
    names = {n: kiwi.Variable(n) for n in VARIABLES}
    strengths = {"required": "required", "strong": "strong", "medium": "medium", "weak": "weak",
                 "mmedium": kiwi.strength.create(0, 1, 0, 1.25), "smedium": kiwi.strength.create(0, 100, 0)}
    s = kiwi.Solver()
    s.addEditVariable(names["width"], "strong")
    s.addEditVariable(names["height"], "strong")
    for line in CONSTRAINTS:
        relation, strength = line.rsplit(" : ", 1)
        lhs, op, rhs = re.split(r" (==|>=|<=) ", relation)
        left, right = _side(kiwi, lhs, names), _side(kiwi, rhs, names)
        c = {"==": left == right, ">=": left >= right, "<=": left <= right}[op]
        s.addConstraint(c | strengths[strength])
    return s, names["width"], names["height"], list(names.values())

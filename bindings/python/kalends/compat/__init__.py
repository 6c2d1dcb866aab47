"""Drop-ins: other libraries' APIs on Kalends, for code written against them.

``kalends.compat.kiwisolver`` is kiwisolver's (also ``import kalends.kiwisolver``),
``kalends.compat.rrule`` python-dateutil's ``dateutil.rrule`` (also ``kalends.rrule``).
Each keeps the original's names and behaviour and is tested with the original's own tests.
"""
from __future__ import annotations

from typing import Any


def publish(namespace: dict[str, Any], path: str) -> None:
    """Names the public path (``kalends.kiwisolver``) as the module of the classes and
    functions in ``namespace``'s ``__all__``: what reprs, error messages and pickles show
    is the drop-in's path, as the original shows its own."""
    for name in namespace["__all__"]:
        value = namespace[name]
        if isinstance(value, type) or callable(value) and hasattr(value, "__module__"):
            try:
                value.__module__ = path
            except (AttributeError, TypeError):   # an instance (rrulestr) keeps its class's
                pass

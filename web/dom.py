"""Small helpers for building HTML with DOM calls (never ``innerHTML``): text that comes
from a game or a saved record can never become markup."""

from __future__ import annotations

from typing import Any


def element(document: Any, tag: str, text: str | None = None, **attributes: object) -> Any:
    """A new ``tag`` element with ``text`` as its text content and the given attributes
    (``class_`` for ``class``; underscores in other names become dashes)."""
    node = document.createElement(tag)
    for name, value in attributes.items():
        if value is None or value is False:
            continue
        key = "class" if name == "class_" else name.replace("_", "-")
        node.setAttribute(key, "" if value is True else str(value))
    if text is not None:
        node.textContent = text
    return node

"""JSON from outside (records, saved pages, a server's messages), read safely.

Python's JSON decoder recurses once for every array or object opened. Natively, text
nested deeper than the interpreter's recursion limit raises RecursionError; in the
browser, Pyodide's WebAssembly stack can run out before that limit, and then the whole
interpreter fails for good ("Pyodide has suffered a fatal error"), page and all. No
record of ours nests deeper than a few levels, so text that opens more than
:data:`MAX_DEPTH` brackets at once is refused before it is decoded.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

MAX_DEPTH = 64
"""The deepest nesting of arrays and objects read; our records use a few levels."""

# A JSON string, quotes and escapes included, or an unclosed one to the end of the text:
# every match runs to its end, so that no text makes the search start over and over.
_STRING = re.compile(r'"(?:[^"\\]++|\\.?)*+(?:"|\Z)', re.DOTALL)
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """How many arrays and objects ``text`` has open at most, outside its strings: as
    deep as the decoder would recurse into it, or deeper (it reads on where the decoder
    stops at an error)."""
    brackets = _NOT_A_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets), initial=0))


def parse_json(text: str) -> Any:
    """The value of the JSON ``text``; ValueError (a json.JSONDecodeError where the
    decoder found the fault) if it is not JSON or nests deeper than :data:`MAX_DEPTH`."""
    if nesting_depth(text) > MAX_DEPTH:
        raise ValueError(f"it nests arrays or objects more than {MAX_DEPTH} deep")
    try:
        return json.loads(text)
    except RecursionError:  # cannot happen within MAX_DEPTH; kept as the last guard
        raise ValueError("it nests arrays or objects too deeply") from None


__all__ = ["MAX_DEPTH", "nesting_depth", "parse_json"]

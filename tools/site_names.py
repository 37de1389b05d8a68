"""Content-addressed names: a file that a page may fetch after it has started is named
after its bytes, so that a page never gets the bytes of another version of the site.

A page of the site does not fetch everything at once: the computer's interpreter starts
after the board is drawn, and without cross-origin isolation it is started anew to stop
a search. If those files kept one name in every version, a page still open when a new
version is deployed would fetch the new version's bytes into the old version's program.
Named after their bytes (``python/tablut-3f2a….zip``), an old page asks for its own
files, which the service worker still keeps (or which are simply gone), and a file that
did not change keeps its name, so its cached copy serves both versions.

The build renames the files once written (:func:`address`) and rewrites the quoted
``"./name"`` references to them in the files that name them (:func:`refer`).

Standard library only, like the rest of the build.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

#: Hexadecimal digits of a name's hash: 48 bits, plenty to tell a site's versions apart.
NAME_HASH_LENGTH = 12


class MissingReference(ValueError):
    """A file that should name a renamed file does not (the build must not guess)."""


def content_hash(path: Path) -> str:
    """The SHA-256 of a file's bytes, or of a folder's files (their relative paths and
    bytes, in order), as hexadecimal."""
    digest = hashlib.sha256()
    if path.is_dir():
        for file in sorted(p for p in path.rglob("*") if p.is_file()):
            digest.update(file.relative_to(path).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(file.read_bytes()).digest())
    else:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def addressed_name(name: str, digest: str) -> str:
    """``name`` with the hash before its first suffix: ``tablut.zip`` -> ``tablut-<h>.zip``,
    ``pyodide`` -> ``pyodide-<h>``."""
    stem, dot, suffixes = name.partition(".")
    return f"{stem}-{digest[:NAME_HASH_LENGTH]}{dot}{suffixes}"


def address(site: Path, relative: str) -> str:
    """Rename the file or folder ``relative`` (a POSIX path under ``site``) after its
    content; return its new relative path."""
    path = site / relative
    renamed = path.with_name(addressed_name(path.name, content_hash(path)))
    path.rename(renamed)
    return renamed.relative_to(site).as_posix()


def refer(text: str, renames: dict[str, str], where: str) -> str:
    """``text`` with every quoted reference ``"./old"`` (and ``"./old/...``, for a
    folder) to a key of ``renames`` pointing at its new name instead.

    Each key must be referred to at least once: a reference that is not found would
    leave the page asking for a file that is no longer there, so the build stops
    (:class:`MissingReference`, naming ``where``).
    """
    for old, new in renames.items():
        found = False
        for end in ('"', "/"):
            quoted = f'"./{old}{end}'
            if quoted in text:
                found = True
                text = text.replace(quoted, f'"./{new}{end}')
        if not found:
            raise MissingReference(f'{where} does not name "./{old}", which the build renames')
    return text

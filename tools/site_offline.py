"""What makes the built site installable and playable offline, made at build time.

- :func:`write_icons`: the app's PNG icons (192 and 512 pixels, as install prompts and
  home screens want), drawn from the same design as ``web/icon.svg`` by a tiny
  rasteriser, so the build needs nothing beyond the standard library;
- :func:`write_service_worker`: ``sw.js`` at the site's root, from the template
  ``web/sw.js``, with every file of the site to precache and the hash of its bytes, and a
  cache version that changes whenever any file does.

Standard library only, like the rest of the build.
"""

from __future__ import annotations

import hashlib
import json
import math
import struct
import zlib
from pathlib import Path

#: Sizes of the PNG icons named in web/manifest.webmanifest.
ICON_SIZES = (192, 512)

#: Placeholders of the template web/sw.js.
VERSION_MARKER = '"@version@"'
PRECACHE_MARKER = "{/* @precache@ */}"

#: Hexadecimal digits of each precached file's SHA-256 written into sw.js: 64 bits, plenty
#: to tell a file's versions apart, and the worker's list stays short.
FILE_HASH_LENGTH = 16

#: Files of the site that are never fetched by the page, so never precached.
NOT_PRECACHED = {"sw.js", ".nojekyll"}

#: Kinds of file that only developer tools fetch (source maps), so never precached.
NOT_PRECACHED_SUFFIXES = {".map"}

# -- icons ---------------------------------------------------------------------------------

Colour = tuple[int, int, int]

#: The design of web/icon.svg, in its 32x32 user units: a board with two lines each way,
#: the king in the middle and four black pieces around him.
WOOD: Colour = (0xD9, 0xB7, 0x7E)
LINE: Colour = (0x8A, 0x6A, 0x3A)
KING: Colour = (0xF4, 0xEF, 0xE4)
KING_EDGE: Colour = (0x33, 0x33, 0x33)
BLACK: Colour = (0x22, 0x22, 0x22)
BLACK_PIECES = ((16, 4.5), (16, 27.5), (4.5, 16), (27.5, 16))


def _coverage(distance: float, pixel: float) -> float:
    """How much of a pixel a shape covers, from the signed distance (in design units) of
    the pixel's centre to the shape's edge, negative inside: a one-pixel ramp smooths
    the edges."""
    return min(1.0, max(0.0, 0.5 - distance / pixel))


def icon_pixels(size: int) -> list[bytearray]:
    """The icon as ``size`` rows of RGBA bytes."""
    pixel = 32 / size
    rows = []
    for j in range(size):
        y = (j + 0.5) * pixel
        row = bytearray(4 * size)
        for i in range(size):
            x = (i + 0.5) * pixel
            # The board: a square with rounded corners (radius 4); outside it, transparent.
            qx, qy = max(abs(x - 16) - 12, 0.0), max(abs(y - 16) - 12, 0.0)
            alpha = _coverage(math.hypot(qx, qy) - 4, pixel)
            if alpha == 0:
                continue
            colour = WOOD
            line = min(min(abs(x - 11), abs(x - 21)), min(abs(y - 11), abs(y - 21))) - 0.5
            colour = _mix(colour, LINE, _coverage(line, pixel))
            king = math.hypot(x - 16, y - 16)
            colour = _mix(colour, KING_EDGE, _coverage(king - 6.5, pixel))
            colour = _mix(colour, KING, _coverage(king - 5.5, pixel))
            for cx, cy in BLACK_PIECES:
                colour = _mix(colour, BLACK, _coverage(math.hypot(x - cx, y - cy) - 3.5, pixel))
            row[4 * i:4 * i + 4] = bytes((*colour, round(255 * alpha)))
        rows.append(row)
    return rows


def _mix(under: Colour, over: Colour, amount: float) -> Colour:
    if amount <= 0:
        return under
    return tuple(round(u + (o - u) * amount) for u, o in zip(under, over, strict=True))


def png_bytes(rows: list[bytearray]) -> bytes:
    """A PNG file (8-bit RGBA, no interlace) of ``rows`` of RGBA bytes."""
    height, width = len(rows), len(rows[0]) // 4

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + bytes(row) for row in rows)  # filter type 0 on every row
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def write_icons(folder: Path, sizes: tuple[int, ...] = ICON_SIZES) -> list[Path]:
    """Write ``icon-<size>.png`` for each size into ``folder``; return the paths."""
    written = []
    for size in sizes:
        path = folder / f"icon-{size}.png"
        path.write_bytes(png_bytes(icon_pixels(size)))
        written.append(path)
    return written


# -- service worker ------------------------------------------------------------------------

def precache_list(site: Path) -> list[str]:
    """Every file of ``site`` that the page may fetch, as ``./``-relative URLs, sorted."""
    return sorted(
        "./" + path.relative_to(site).as_posix()
        for path in site.rglob("*")
        if path.is_file() and path.relative_to(site).as_posix() not in NOT_PRECACHED
        and path.suffix not in NOT_PRECACHED_SUFFIXES
    )


def file_hashes(site: Path, files: list[str]) -> dict[str, str]:
    """Each file of ``files`` (``./``-relative URLs under ``site``) with the first
    :data:`FILE_HASH_LENGTH` hexadecimal digits of the SHA-256 of its bytes: the service
    worker checks every copy it keeps against them, so that a version's cache holds that
    version's bytes only, and takes an unchanged file from an older version's cache."""
    return {url: hashlib.sha256((site / url[2:]).read_bytes()).hexdigest()[:FILE_HASH_LENGTH]
            for url in files}


def cache_version(hashes: dict[str, str]) -> str:
    """A short hash of the file list and every file's hash: a new one for any change."""
    digest = hashlib.sha256()
    for url, file_hash in sorted(hashes.items()):
        digest.update(url.encode() + b"\0" + file_hash.encode() + b"\0")
    return digest.hexdigest()[:16]


def render_service_worker(template: str, hashes: dict[str, str], version: str) -> str:
    """The template ``web/sw.js`` with its version and its files' hashes filled in."""
    for marker in (VERSION_MARKER, PRECACHE_MARKER):
        if marker not in template:
            raise ValueError(f"the service worker template lacks {marker}")
    listing = "{\n" + ",\n".join(
        f"  {json.dumps(url)}: {json.dumps(file_hash)}" for url, file_hash in hashes.items()
    ) + "\n}"
    return template.replace(VERSION_MARKER, json.dumps(version)).replace(PRECACHE_MARKER, listing)


def write_service_worker(template: Path, site: Path) -> tuple[Path, dict[str, str], str]:
    """Write ``site/sw.js`` from ``template`` for the site as built so far (call it last);
    return its path, the precached files with their hashes, and the cache version."""
    hashes = file_hashes(site, precache_list(site))
    version = cache_version(hashes)
    out = site / "sw.js"
    out.write_text(render_service_worker(template.read_text(encoding="utf-8"), hashes, version),
                   encoding="utf-8")
    return out, hashes, version

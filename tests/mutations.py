"""Seeded mutations of text, for the fuzz tests of the text interface and the page.

Every function takes a :class:`random.Random`, so a failure reproduces from its seed.
The mutations are the damage text suffers on its way to a program: a character changed,
lost or doubled; lines dropped, doubled or swapped; a file cut short; the wrong file, or
a huge one. Some keep the text close to valid (a digit for a digit, a file letter for a
file letter), because text that is almost right reaches deeper into a reader than noise.
"""

from __future__ import annotations

import random
from collections.abc import Callable

#: Characters that readers trip on: separators of the formats, blanks of every kind,
#: letters that change under case folding, digits that are not ASCII, controls, emoji.
ODD_CHARACTERS = (
    "-", "/", ".", "#", ";", "=", "&", "%", "[", "]", '"', "{", "}", ":", ",", "\\",
    " ", "\t", "\x0b", "\x0c", "\x85", "\xa0", "\u2028", "\u200b", "\ufeff",
    "é", "ß", "İ", "ı", "ﬁ", "K", "Ｂ", "٣", "²", "①", "０", "\x00", "\x1b", "\x7f", "🙂",
    "B", "W", "K", "b", "w", "0", "9", "a", "i", "j", "z",
)

#: Characters that are close to valid: the files and ranks of the board, the pieces.
NEAR_VALID = {
    **{c: "abcdefghi" for c in "abcdefghi"},
    **{c: "123456789" for c in "123456789"},
    **{c: "-BWK" for c in "-BWK"},
}


def odd_character(rng: random.Random) -> str:
    """One character from :data:`ODD_CHARACTERS`, or any printable code point."""
    if rng.random() < 0.7:
        return rng.choice(ODD_CHARACTERS)
    return chr(rng.choice([rng.randrange(0x20, 0x7F), rng.randrange(0xA0, 0xD800),
                           rng.randrange(0xE000, 0x110000)]))


def _spot(rng: random.Random, text: str) -> int:
    return rng.randrange(len(text)) if text else 0


def flip(rng: random.Random, text: str) -> str:
    """One character replaced: by a near-valid one where there is one, else an odd one."""
    if not text:
        return odd_character(rng)
    i = _spot(rng, text)
    near = NEAR_VALID.get(text[i])
    new = rng.choice(near) if near and rng.random() < 0.6 else odd_character(rng)
    return text[:i] + new + text[i + 1:]


def insert(rng: random.Random, text: str) -> str:
    """One odd character inserted."""
    i = rng.randint(0, len(text))
    return text[:i] + odd_character(rng) + text[i:]


def delete(rng: random.Random, text: str) -> str:
    """One character, or a short run, removed."""
    if not text:
        return text
    i = _spot(rng, text)
    return text[:i] + text[i + rng.randint(1, 4):]


def duplicate_span(rng: random.Random, text: str) -> str:
    """A short run of characters written twice."""
    if not text:
        return text
    i = _spot(rng, text)
    j = min(len(text), i + rng.randint(1, 12))
    return text[:j] + text[i:j] + text[j:]


def truncate(rng: random.Random, text: str) -> str:
    """The text cut short, as by a copy that missed its end."""
    return text[:rng.randint(0, max(0, len(text) - 1))]


def change_case(rng: random.Random, text: str) -> str:
    """The whole text in upper, lower or swapped case."""
    return rng.choice([str.upper, str.lower, str.swapcase])(text)


def _lines(text: str) -> list[str]:
    return text.split("\n")


def drop_line(rng: random.Random, text: str) -> str:
    """One line removed."""
    lines = _lines(text)
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def duplicate_line(rng: random.Random, text: str) -> str:
    """One line written twice."""
    lines = _lines(text)
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return "\n".join(lines)


def swap_lines(rng: random.Random, text: str) -> str:
    """Two lines exchanged."""
    lines = _lines(text)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def swap_words(rng: random.Random, text: str) -> str:
    """Two words (split on single spaces) exchanged."""
    words = text.split(" ")
    i, j = rng.randrange(len(words)), rng.randrange(len(words))
    words[i], words[j] = words[j], words[i]
    return " ".join(words)


def huge(rng: random.Random, text: str) -> str:
    """The text repeated, or buried in a long run of one character, to tens or hundreds
    of thousands of characters."""
    size = rng.choice([10_000, 100_000, 300_000])
    if rng.random() < 0.5 and text:
        return (text * (size // len(text) + 1))[:size]
    return text + odd_character(rng) * size


def nest(rng: random.Random, text: str) -> str:
    """Brackets or objects opened thousands of times somewhere in the text: JSON nested
    deeper than a decoder recurses."""
    i = rng.randint(0, len(text))
    opening = rng.choice(["[", '{"a":', "[{"])
    return text[:i] + opening * rng.choice([1000, 50_000]) + text[i:]


MUTATIONS: tuple[Callable[[random.Random, str], str], ...] = (
    flip, flip, flip, insert, delete, duplicate_span, truncate, change_case, drop_line,
    duplicate_line, swap_lines, swap_words,
)
"""The everyday mutations, near-valid flips the most likely; :func:`huge` and :func:`nest`
are kept apart because a huge text is slow to move around and is wanted only now and
then."""


def mutate(rng: random.Random, text: str, rounds: int | None = None) -> str:
    """``text`` after one to three (or ``rounds``) everyday mutations."""
    for _ in range(rounds if rounds is not None else rng.choice([1, 1, 1, 2, 3])):
        text = rng.choice(MUTATIONS)(rng, text)
    return text

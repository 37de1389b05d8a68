"""The two sides' names in the installed language: as a name or at the start of a
sentence ("Black"), and inside a sentence ("black")."""

from __future__ import annotations

from tablut import Side
from web.words.catalogue import pgettext


def side_name(side: Side) -> str:
    """The side's name as a label, a player's name or a sentence's first word: "Black",
    "White"."""
    if side is Side.BLACK:
        return pgettext("side, as a name or first word", "Black")
    return pgettext("side, as a name or first word", "White")


def side_word(side: Side) -> str:
    """The side inside a sentence: "black", "white"."""
    if side is Side.BLACK:
        return pgettext("side, inside a sentence", "black")
    return pgettext("side, inside a sentence", "white")

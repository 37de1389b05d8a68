"""Contrast of the board's marks and the focus indicators, computed from the stylesheet's
own colours (WCAG 2.2: a focus indicator and any mark a player must see at least 3:1
against what it stands on), in the light and the dark scheme."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STYLE = (Path(__file__).resolve().parents[1] / "web" / "style.css").read_text()
MINIMUM = 3.0


def _variables(block: str) -> dict[str, str]:
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;", block))


def scheme(dark: bool) -> dict[str, str]:
    """The colour variables in force in one scheme."""
    light = _variables(STYLE.split("@media (prefers-color-scheme: dark)")[0])
    if not dark:
        return light
    block = STYLE.split("@media (prefers-color-scheme: dark)")[1].split("\n}\n")[0]
    return {**light, **_variables(block)}


def luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb``."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def ratio(one: str, other: str) -> float:
    """The WCAG contrast ratio of two colours."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


#: Every square a mark can stand on.
SQUARES = ("wood", "reserved", "camp", "selected", "last")

#: (mark, the squares it must stand out from).
MARKS = [
    ("target", ("wood", "reserved", "camp", "last")),  # a legal move's dot
    ("last-mark", ("last",)),                  # the frame inside the last move's squares
    ("selected", ("wood", "reserved", "camp", "last")),  # the picked-up piece's square
    ("hint", ("wood", "reserved", "camp", "last")),  # the hint's arrow and outline
    ("reserved-mark", ("reserved",)),          # the throne's and corners' outline and cross
    ("camp-mark", ("camp",)),                  # a camp's dashed outline and tent (ashton)
]


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize(("mark", "grounds"), MARKS, ids=[m for m, _ in MARKS])
def test_board_marks_stand_out(dark: bool, mark: str, grounds: tuple[str, ...]) -> None:
    colours = scheme(dark)
    for ground in grounds:
        assert ratio(colours[mark], colours[ground]) >= MINIMUM, (mark, ground)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_focus_ring_shows_on_every_square(dark: bool) -> None:
    # Two tones, dark outside and light inside: on each square one of them stands out.
    colours = scheme(dark)
    for ground in SQUARES:
        best = max(ratio(colours[tone], colours[ground])
                   for tone in ("board-focus", "board-focus-inner"))
        assert best >= MINIMUM, ground


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_page_focus_outline_stands_out(dark: bool) -> None:
    colours = scheme(dark)
    # The outline is drawn 2px outside the control, on the page or a panel.
    for ground in ("paper", "panel"):
        assert ratio(colours["focus"], colours[ground]) >= MINIMUM, ground


def test_the_board_keeps_its_colours_in_the_dark_scheme() -> None:
    light, dark = scheme(False), scheme(True)
    for name in ("wood", "reserved", "selected", "last", "target", "hint", "board-focus"):
        assert light[name] == dark[name], name


def test_ratios_are_computed_as_wcag_says() -> None:
    assert ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


def test_camps_are_told_from_the_plain_board_under_the_pieces() -> None:
    # A camp's square shows around the black pieces that start on it: its tint must be
    # told from the plain wood at a glance (1.19:1 was too faint to see at the start of
    # an ashton game), and from the throne's and corners' tint too.
    colours = scheme(dark=False)
    assert ratio(colours["camp"], colours["wood"]) >= 1.25
    assert colours["camp"] != colours["reserved"]

"""The files written by the first release (``tests/fixtures/v1/``) and what they hold,
written out by hand: shared by the native and the end-to-end tests of those files."""

from __future__ import annotations

from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures" / "v1"

START = ("---BBB---/----B----/----W----/B---W---B/BBWWKWWBB/B---W---B/----W----/----B----/"
         "---BBB--- b")

#: The set-up position of state-setup.json, white to move.
SETUP = ("---BBB---/----B----/----W-B--/B---W---B/-BWWKWWBB/B---W---B/---W-----/-W--B----/"
         "----BB--- w")

BERKELEY_WIN = ["a4-3", "e4-f", "i4-3", "e5-4", "i6-7", "e4-a"]
BERKELEY_WIN_END = ("---BBB---/----B----/----W---B/B---W----/BBWW-WWBB/K----W---/B---W---B/"
                    "----B----/---BBB--- b")
BRAINKING = ["d9-8", "c5-7", "a6-c", "g5-3", "d8-c", "e3-c", "i4-g"]
BRAINKING_AT_5 = ("----BB---/--B-B----/----W----/--B-W---B/BB-WKW-BB/B---W---B/----W-W--/"
                  "----B----/---BBB--- w")
BRAINKING_AT_7 = ("----BB---/--B-B----/----W----/--B-W---B/BB-WKW-BB/B---W-B--/--W---W--/"
                  "----B----/---BBB--- w")
NIELSEN_GAME_2 = ["d1-3", "c5-7"]
NIELSEN_GAME_2_END = ("---BBB---/----B----/--W-W----/B---W---B/BB-WKWWBB/B---W---B/---BW----/"
                      "----B----/----BB--- b")
NIELSEN_WIN = ["i4-3", "d5-8", "i6-7", "e5-d", "i3-2", "d5-2", "i7-8", "d2-a", "f9-8", "a2-1"]
NIELSEN_WIN_END = ("---BB----/---WBB--B/----W----/B---W----/BBW--WWBB/B---W----/----W----/"
                   "----B---B/K--BBB--- b")
BERKELEY_TWO = ["d1-4", "e3-d"]
BERKELEY_TWO_END = ("---BBB---/----B----/----W----/B---W---B/BBWWKWWBB/B---W---B/---W-----/"
                    "----B----/----BB--- b")
BERKELEY_ONE_END = ("---BBB---/----B----/----W----/B---W---B/BBWWKWWBB/B--BW---B/----W----/"
                    "----B----/----BB--- w")
SAVED_NIELSEN = ["i4-3", "d5-8"]
SAVED_NIELSEN_END = ("---BBB---/---WB----/----W----/B---W---B/BBW-KWWBB/B---W----/----W---B/"
                     "----B----/---BBB--- b")
SETUP_GAME = ["b2-4", "g7-8"]
SETUP_GAME_END = ("---BBB---/----B-B--/----W----/B---W---B/-BWWKWWBB/BW--W---B/---W-----/"
                  "----B----/----BB--- w")


def fixture_text(name: str) -> str:
    """The text of the fixture file ``name``, exactly as stored."""
    return (FIXTURES / name).read_text(encoding="utf-8")

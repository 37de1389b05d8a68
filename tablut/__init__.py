"""Tablut: the rules engine, as plain Python with no dependencies.

The same code runs natively (``python -m tablut``) and in the browser under Pyodide.

    >>> from tablut import Game
    >>> game = Game("berkeley")
    >>> game.play_text("i6-g")
    (53, 51)
    >>> game.side
    <Side.WHITE: 1>
    >>> game.side.word
    'white'

Modules, one concern each: :mod:`~tablut.side` (black and white), :mod:`~tablut.squares`
(the 9x9 board's squares and fills), :mod:`~tablut.rules` (the rule sets as parameters),
:mod:`~tablut.geometry` (what a rule set makes of the squares), :mod:`~tablut.position`
(position strings), :mod:`~tablut.board` (position, moves, captures, game end),
:mod:`~tablut.notation` (text forms), :mod:`~tablut.game` (the record: undo, redo, JSON),
:mod:`~tablut.match`, :mod:`~tablut.perft`, :mod:`~tablut.cli` (the text interface),
:mod:`~tablut.formats` (every record format, told apart), :mod:`~tablut.opentafl`
(OpenTafl's notation, records and engine protocol), :mod:`~tablut.convert` and
:mod:`~tablut.arguments` (the tools' command lines).
"""

from .board import Board, Move, Outcome, Reason
from .game import Game, Illegal, IllegalMove, RecordError, explain_illegal, illegal_reason
from .geometry import RuleGeometry, geometry
from .match import GameResult, Match
from .notation import (
    START_POSITION,
    NotationError,
    dump,
    format_move,
    format_position,
    parse_move,
    parse_position,
    start_position,
)
from .rules import DEFAULT_RULES, RULES, TABLUT_RULES, Rules, rules_named
from .side import Side
from .squares import parse_square, square_name

__all__ = [
    "DEFAULT_RULES",
    "RULES",
    "START_POSITION",
    "TABLUT_RULES",
    "Board",
    "Game",
    "GameResult",
    "Illegal",
    "IllegalMove",
    "Match",
    "Move",
    "NotationError",
    "Outcome",
    "Reason",
    "RecordError",
    "RuleGeometry",
    "Rules",
    "Side",
    "dump",
    "explain_illegal",
    "format_move",
    "format_position",
    "geometry",
    "illegal_reason",
    "parse_move",
    "parse_position",
    "parse_square",
    "rules_named",
    "square_name",
    "start_position",
]

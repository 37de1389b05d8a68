"""A game record: rules, start position, moves, a cursor for undo and redo, and JSON.

:class:`Game` is what the text interface and the browser hold.  Its moves may run past the
cursor (``ply``): after an undo the undone moves stay, ready for redo, until a different
move is played.  The board at the cursor is kept live, so undo and redo are a pop or a push,
and the board's history is exactly the game's, which repetition needs.

The JSON form is versioned.  :meth:`Game.from_json` checks every field and replays every
move before it returns, so a corrupt or unknown record raises :class:`RecordError` and is
never half-loaded.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from .board import Board, Move, Outcome, Reason
from .english import illegal_clause, illegal_text
from .json_text import parse_json
from .notation import (
    NotationError,
    format_move,
    format_position,
    parse_move,
    parse_position,
    start_position,
)
from .rules import DEFAULT_RULES, Rules, rules_named
from .side import Side

RECORD_FORMAT = "tablut-game"
RECORD_VERSION = 1


class IllegalMove(ValueError):
    """A move that the rules do not allow in the current position.

    ``str()`` gives the text interface's English sentence; ``illegal`` is why, as values
    (None when the raiser gave only a message).
    """

    def __init__(self, message: str, illegal: Illegal | None = None) -> None:
        """The error saying ``message``, for the reason ``illegal``."""
        super().__init__(message)
        self.illegal = illegal


class RecordError(ValueError):
    """A saved game that cannot be read: corrupt, unknown version, or illegal moves."""


class Illegal(NamedTuple):
    """Why a move is illegal, as values: what the text interface
    (:func:`tablut.english.illegal_text`) and the page turn into a sentence.

    Attributes:
        move: the move as written (``b3-6``).
        code: why, a key of :data:`tablut.english.ILLEGAL`: "game-over", "no-piece",
            "not-your-piece", "occupied", "blocked", "throne-blocks", "other-camp-stop",
            "other-camp-cross", "camp-stop", "camp-cross" or "may-not-stop".
        params: the values the sentence names: ``square`` (a square's name) for every
            code but "game-over", which has ``winner`` (a Side, None for a draw) and
            ``reason`` (a :class:`~tablut.board.Reason`'s value); "not-your-piece" also
            has ``side`` (the side to move) and ``owner`` (the piece's side), Sides.
    """

    move: str
    code: str
    params: dict[str, object]

    def text(self) -> str:
        """The text interface's sentence: "b3-6: e5 is occupied"."""
        return illegal_text(self.move, self.code, self.params)


def illegal_reason(board: Board, move: Move) -> Illegal | None:
    """Why ``move`` is illegal on ``board``, as values (None if it is legal)."""
    frm, to = move
    size = board.rules.size
    square_name = board.geometry.shape.square_name
    text = format_move(move, size)
    outcome = board.outcome()
    if outcome is not None:
        return _game_over(text, outcome)
    piece = board.piece_at(frm)
    if piece is None:
        return Illegal(text, "no-piece", {"square": square_name(frm)})
    owner = Side.BLACK if piece == "black" else Side.WHITE  # the king is white
    if owner != board.turn:
        return Illegal(text, "not-your-piece",
                       {"square": square_name(frm), "side": board.side, "owner": owner})
    if board.targets(frm) >> to & 1:
        return None
    if board.piece_at(to) is not None:
        return Illegal(text, "occupied", {"square": square_name(to)})
    step = (to - frm) // abs(to - frm) * (1 if frm // size == to // size else size)
    for sq in range(frm + step, to, step):
        if board.piece_at(sq) is not None:
            return Illegal(text, "blocked", {"square": square_name(sq)})
    # The first square on the way that the rules wall off for this piece (the throne
    # where nobody crosses it, the camps but the piece's own) is what bars the way. The
    # throne as the destination is left to the general sentence: who may stop there is
    # another rule than who may cross it.
    walls = board.geometry.walls[frm]
    for sq in range(frm + step, to + step, step):
        if walls >> sq & 1 and not (sq == to == board.geometry.throne):
            return Illegal(text, wall_code(board, frm, sq, sq == to),
                           {"square": square_name(sq)})
    return Illegal(text, "may-not-stop", {"square": square_name(to)})


def _game_over(text: str, outcome: Outcome) -> Illegal:
    """A move ``text`` refused because the game ended with ``outcome``."""
    return Illegal(text, "game-over", {"winner": outcome.winner, "reason": outcome.reason.value})


def explain_illegal(board: Board, move: Move) -> str:
    """Why ``move`` is illegal on ``board``, in one sentence of the text interface's
    English (empty if it is legal); :func:`illegal_reason` gives it as values."""
    illegal = illegal_reason(board, move)
    return "" if illegal is None else illegal.text()


def wall_code(board: Board, frm: int, wall: int, stop: bool) -> str:
    """Why the piece on ``frm`` may not cross (or, if ``stop``, stop on) ``wall``, a square
    the rules wall off for it (the throne, or a camp), as a code of :class:`Illegal`:
    "throne-blocks", "other-camp-stop", "other-camp-cross", "camp-stop" or "camp-cross"."""
    if wall == board.geometry.throne:
        return "throne-blocks"
    if board.geometry.camps >> frm & 1:
        # A black piece still in its camp: only its own camp is open to it.
        return "other-camp-stop" if stop else "other-camp-cross"
    return "camp-stop" if stop else "camp-cross"


def wall_reason(board: Board, frm: int, wall: int, stop: bool) -> str:
    """Why the piece on ``frm`` may not cross (or, if ``stop``, stop on) ``wall``, as a
    sentence of the text interface's English without its first capital and its full stop:
    "no piece may enter a camp (e2) from outside it" (:func:`wall_code` gives the code)."""
    where = board.geometry.shape.square_name(wall)
    return illegal_clause(wall_code(board, frm, wall, stop), {"square": where})


def _time_control(data: dict[str, Any]) -> str | None:
    """A saved game's time control (none in records made before clocks)."""
    time_control = data.get("time_control")
    if time_control is not None and not isinstance(time_control, str):
        raise RecordError("a saved game's time control must be text, as in 5+3")
    return time_control


class Game:
    """A game of Tablut under one rule set, from a start position, with undo and redo.

    Attributes:
        rules: the rule set.
        start: the start position string.
        moves: every move of the record, including undone ones after the cursor.
        limit: the move limit (see :meth:`outcome`), or None.
    """

    def __init__(
        self,
        rules: Rules | str = DEFAULT_RULES,
        start: str | None = None,
        limit: int | None = None,
    ) -> None:
        """A new game from ``start`` (default: the rule set's start position); raises
        NotationError for a bad start position, ValueError for bad rules."""
        self.rules = rules_named(rules) if isinstance(rules, str) else rules
        if start is None:
            start = start_position(self.rules)
        self.board = parse_position(start, self.rules)
        self.start = format_position(self.board)
        self.moves: list[Move] = []
        self.limit = limit
        # The time control the game is played under, as written in records ("5+3",
        # "10s"), or None; the engine only carries it, the page keeps the clocks.
        self.time_control: str | None = None

    # -- where we are ----------------------------------------------------------------------

    @property
    def ply(self) -> int:
        """The number of moves played to reach the current position."""
        return self.board.ply

    @property
    def side(self) -> Side:
        """The side to move."""
        return self.board.side

    @property
    def first_side(self) -> Side:
        """The side that moves first from the start position."""
        return Side.BLACK if self.start.endswith("b") else Side.WHITE

    def moves_made_by(self, side: Side) -> int:
        """How many moves ``side`` has made up to the current position."""
        side = Side(side)  # a ValueError for a word such as "black", not a wrong count
        return (self.ply + 1) // 2 if side is self.first_side else self.ply // 2

    def most_moves_made(self) -> int:
        """The most moves one side makes in the whole record, undone moves included: a
        move limit must be above it, or the record's later moves could not be played
        again and the record would not read back."""
        return (len(self.moves) + 1) // 2

    def outcome(self) -> Outcome | None:
        """How the game has ended at the current position, or None while it goes on.

        The move limit of the text interface: a player loses when the game has not ended
        by the time he must make his (limit + 1)st move.
        """
        outcome = self.board.outcome()
        if (outcome is None and self.limit is not None
                and self.moves_made_by(self.side) >= self.limit):
            return Outcome(self.side.opponent, Reason.MOVE_LIMIT)
        return outcome

    def legal_moves(self) -> list[Move]:
        """The legal moves at the current position (none once the game is over)."""
        return [] if self.outcome() is not None else self.board.legal_moves()

    # -- changing it -----------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Play ``move`` at the current position; later moves of the record are dropped
        unless ``move`` is the next one (then it is a redo).

        Raises IllegalMove, saying why, and changes nothing, if the move is illegal.
        """
        outcome = self.outcome()
        if outcome is not None:
            illegal = _game_over(format_move(move, self.rules.size), outcome)
            raise IllegalMove(illegal.text(), illegal)
        if not self.board.is_legal(move):
            illegal = illegal_reason(self.board, move)
            raise IllegalMove("" if illegal is None else illegal.text(), illegal)
        if self.ply < len(self.moves) and self.moves[self.ply] == move:
            self.board.push(move)
            return
        del self.moves[self.ply:]
        self.moves.append(move)
        self.board.push(move)

    def play_text(self, text: str) -> Move:
        """Parse and play a move written as ``b3-6``; raises NotationError or IllegalMove."""
        move = parse_move(text, self.rules.size)
        self.play(move)
        return move

    def undo(self) -> bool:
        """Take back one move; False if there is none."""
        if self.ply == 0:
            return False
        self.board.pop()
        return True

    def redo(self) -> bool:
        """Replay the next undone move; False if there is none."""
        if self.ply >= len(self.moves):
            return False
        self.board.push(self.moves[self.ply])
        return True

    def goto(self, ply: int) -> None:
        """Move the cursor to ``ply`` (0 = start, ``len(moves)`` = the last move)."""
        if not 0 <= ply <= len(self.moves):
            raise ValueError(f"ply {ply} is outside 0..{len(self.moves)}")
        while self.ply > ply:
            self.board.pop()
        while self.ply < ply:
            self.board.push(self.moves[self.ply])

    def board_at(self, ply: int) -> Board:
        """A copy of the board after ``ply`` moves of the record."""
        here = self.ply
        self.goto(ply)
        board = self.board.copy()
        self.goto(here)
        return board

    # -- saving ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The record as plain data (see :meth:`to_json`)."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": self.rules.name,
            "start": self.start,
            "moves": [format_move(m, self.rules.size) for m in self.moves],
            "ply": self.ply,
            "limit": self.limit,
            # Only when set, so that a record without a clock reads as it always has.
            **({"time_control": self.time_control} if self.time_control else {}),
        }

    def to_json(self) -> str:
        """The record as JSON, with its format name and schema version."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """A game from :meth:`to_dict`'s data; RecordError, naming the problem, if it is not
        a valid record."""
        if not isinstance(data, dict):
            raise RecordError("a saved game must be a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError("this is not a saved Tablut game")
        if data.get("version") != RECORD_VERSION:
            raise RecordError(f"saved game version {data.get('version')!r} is not supported")
        rules, start, moves = data.get("rules"), data.get("start"), data.get("moves")
        ply, limit = data.get("ply", None), data.get("limit")
        if not isinstance(rules, str) or not isinstance(start, str):
            raise RecordError("a saved game needs its rules and start position as text")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("a saved game's moves must be a list of moves like b3-6")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or limit < 1):
            raise RecordError(f"the move limit {limit!r} is not a positive whole number")
        try:
            game = cls(rules, start, limit)
        except ValueError as error:
            raise RecordError(f"bad start of the saved game: {error}") from None
        for number, text in enumerate(moves, 1):
            try:
                game.play_text(text)
            except (NotationError, IllegalMove) as error:
                raise RecordError(f"move {number} ({text}): {error}") from None
        if ply is None:
            ply = len(moves)
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(moves):
            raise RecordError(f"the saved position {ply!r} is not a ply of the game")
        game.goto(ply)
        game.time_control = _time_control(data)
        return game

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A game from :meth:`to_json`'s text; RecordError if it is not a valid record."""
        try:
            data = parse_json(text)
        except (ValueError, TypeError) as error:
            raise RecordError(f"the saved game is not valid JSON: {error}") from None
        return cls.from_dict(data)

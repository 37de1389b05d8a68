"""The board: pieces as bitboards, legal moves, captures and the end of the game.

A :class:`Board` is mutable, like python-chess's: :meth:`Board.push` makes a move and
:meth:`Board.pop` takes it back from a stack of saved states, so a search walks the tree
without copying boards.  The position's Zobrist hash is updated with every change, and the
board counts how often each position has occurred since it was set up, which is what the
repetition rules need.

The rules are parameters (:class:`tablut.rules.Rules`), read as squares through the board's
:class:`tablut.geometry.RuleGeometry`; nothing here asks which rule set it plays.  The
board reads and writes its own position string (:meth:`Board.from_position`,
:meth:`Board.position`); move notation and the ``dump`` picture are :mod:`tablut.notation`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from . import forts
from .english import outcome_text
from .geometry import RuleGeometry, geometry
from .position import NotationError, format_placement, parse_placement
from .rules import DEFAULT_RULES, RepetitionOutcome, Rules
from .side import BLACK_TO_MOVE, SIDES, Side
from .squares import Bitboard, Shape, Square, shape, squares_of

Move = tuple[Square, Square]
"""A move: the square a piece leaves and the square it stops on."""

NO_KING = -1
"""The king's square once he is captured."""


class Reason(Enum):
    """Why a game ended; the value is a short stable code, whose words are the text
    interface's (:func:`tablut.english.reason_text`) or the page's."""

    ESCAPE = "escape"
    KING_CAPTURED = "king-captured"
    ENCIRCLED = "encircled"
    EDGE_FORT = "edge-fort"
    NO_MOVES = "no-moves"
    REPETITION = "repetition"
    MOVE_LIMIT = "move-limit"


class Outcome(NamedTuple):
    """The end of a game: the winning side (None for a draw) and why."""

    winner: Side | None
    reason: Reason

    def describe(self) -> str:
        """The text interface's sentence, such as "White wins: the king escaped."
        (:func:`tablut.english.outcome_text`)."""
        return outcome_text(self.winner, self.reason.value)


# The ends a move can cause, made once: push builds no tuples.
_ESCAPED = Outcome(Side.WHITE, Reason.ESCAPE)
_KING_CAPTURED = Outcome(Side.BLACK, Reason.KING_CAPTURED)
_ENCIRCLED = Outcome(Side.BLACK, Reason.ENCIRCLED)
_IN_EDGE_FORT = Outcome(Side.WHITE, Reason.EDGE_FORT)
_DRAWN_BY_REPETITION = Outcome(None, Reason.REPETITION)
_WON_BY_REPETITION = (Outcome(Side.BLACK, Reason.REPETITION),
                      Outcome(Side.WHITE, Reason.REPETITION))  # by winner
_WON_BY_NO_MOVES = (Outcome(Side.BLACK, Reason.NO_MOVES), Outcome(Side.WHITE, Reason.NO_MOVES))


@dataclass(frozen=True, slots=True, eq=False)
class BoardTables:
    """What a board of one size looks up at every move: its Zobrist keys, the paths
    between squares and the move tables (see :func:`board_tables`).

    Attributes:
        shape: the board (:class:`tablut.squares.Shape`).
        z_black, z_white, z_king: the Zobrist key of a black piece, a white guard and the
            king on each square; ``z_white_to_move``: the key of white to move.
        paths: ``paths[frm * count + to]``, the squares that must be empty for a move from
            ``frm`` to ``to``, the arrival square included; 0 when no straight move joins
            them.
        cross: for each square, the squares of its rank and file.
        move_tables: the remembered moves of :func:`_add_moves`, by forbidden squares.
    """

    shape: Shape
    z_black: tuple[int, ...]
    z_white: tuple[int, ...]
    z_king: tuple[int, ...]
    z_white_to_move: int
    paths: tuple[Bitboard, ...]
    cross: tuple[Bitboard, ...]
    move_tables: dict[Bitboard, list[dict[Bitboard, tuple[Move, ...]]]]


@functools.cache
def board_tables(size: int) -> BoardTables:
    """The tables of the board of ``size``, built on first use and kept."""
    board = shape(size)
    # A fixed seed: the same keys natively and in the browser, so hashes can be compared.
    # The 9x9 keys are those of the first release, which saved hashes may hold.
    rng = random.Random(0x7AB1_0001 if size == 9 else 0x7AB1_0001 + (size << 16))
    z_black = tuple(rng.getrandbits(64) for _ in board.squares)
    z_white = tuple(rng.getrandbits(64) for _ in board.squares)
    z_king = tuple(rng.getrandbits(64) for _ in board.squares)
    return BoardTables(
        shape=board, z_black=z_black, z_white=z_white, z_king=z_king,
        z_white_to_move=rng.getrandbits(64),
        paths=tuple(_path(board, frm, to) for frm in board.squares for to in board.squares),
        cross=tuple(rays[0][sq] | rays[1][sq] | rays[2][sq] | rays[3][sq]
                    for rays in (board.ray_masks,) for sq in board.squares),
        move_tables={},
    )


_MOVES_KEPT = 1024
"""How many blocker patterns :func:`_add_moves` remembers per square (and per set of
forbidden squares) before it forgets them all and starts again: bounded memory."""


def _add_moves(tables: BoardTables, moves: list[Move], pieces: Bitboard, occupied: Bitboard,
               forbidden: Bitboard, walls: tuple[Bitboard, ...] | None) -> None:
    """Append the moves of ``pieces`` (none may stop on ``forbidden``) to ``moves``;
    ``walls`` (see :class:`tablut.geometry.RuleGeometry`) block them as pieces do, where
    the rules have any.

    A piece's moves depend only on what stands on its row and column, so they are
    remembered by that pattern, square by square, as ready-made tuples: the same pieces
    meet the same patterns over and over in a search, and most lists are then a few
    dictionary look-ups rather than a loop over every target square.
    """
    by_square = tables.move_tables.get(forbidden)
    if by_square is None:
        by_square = tables.move_tables[forbidden] = [{} for _ in tables.shape.squares]
    cross = tables.cross
    rook_targets = tables.shape.rook_targets
    while pieces:
        low = pieces & -pieces
        pieces ^= low
        sq = low.bit_length() - 1
        blockers = occupied if walls is None else occupied | walls[sq]
        pattern = blockers & cross[sq]
        table = by_square[sq]
        found = table.get(pattern)
        if found is None:
            if len(table) >= _MOVES_KEPT:
                table.clear()
            found = table[pattern] = tuple(
                (sq, to) for to in squares_of(rook_targets(sq, blockers) & ~forbidden))
        moves += found


def _path(board: Shape, frm: Square, to: Square) -> Bitboard:
    """The squares a straight move from ``frm`` to ``to`` crosses, ``to`` included (0 if
    the two squares are not on one row or column, or are the same)."""
    for ray in board.ray_masks:
        if ray[frm] >> to & 1:
            return ray[frm] & ~ray[to]
    return 0


NINE_TABLES = board_tables(9)
Z_BLACK, Z_WHITE, Z_KING = NINE_TABLES.z_black, NINE_TABLES.z_white, NINE_TABLES.z_king
Z_WHITE_TO_MOVE = NINE_TABLES.z_white_to_move
PATHS = NINE_TABLES.paths
"""The 9x9 board's tables under the names the engine has always used."""


def _slides(board: Shape, pieces: Bitboard, free: Bitboard, allowed: Bitboard) -> int:
    """How many moves ``pieces`` have through and onto ``free`` squares, counting only the
    ``allowed`` destinations: in one direction each square is reached by at most one piece,
    so each direction's popcount is its number of moves."""
    north, south, east, west = board.sliding_reach(pieces, free)
    return ((north & allowed).bit_count() + (south & allowed).bit_count()
            + (east & allowed).bit_count() + (west & allowed).bit_count())


def start_position(rules: Rules) -> str:
    """The start position string of ``rules``: its pieces, its first side to move."""
    return rules.start + (" w" if rules.first_side == Side.WHITE else " b")


def _check_placement(board: Board) -> None:
    """Raise NotationError if the pieces of ``board`` stand where its rules forbid."""
    geo = board.geometry
    square_name = geo.shape.square_name
    soldiers = board.black | board.white
    if soldiers >> geo.throne & 1:
        raise NotationError("soldier-on-throne", square=square_name(geo.throne))
    # With the throne checked, what the rules forbid soldiers beyond it are the corners.
    if soldiers & geo.soldier_forbidden:
        raise NotationError("soldier-on-corner", rules=board.rules.name)
    in_camp = (board.white | 1 << board.king) & geo.camps
    if in_camp:
        name = square_name((in_camp & -in_camp).bit_length() - 1)
        raise NotationError("white-in-camp", square=name, rules=board.rules.name)
    if geo.escape >> board.king & 1:
        raise NotationError("king-escaped", square=square_name(board.king))


class Board:
    """A position under one rule set, on its board of any size, with the history needed
    to take moves back.

    Attributes:
        rules: the rule set played.
        geometry: what ``rules`` makes of the squares (:func:`tablut.geometry.geometry`).
        tables: the board's Zobrist keys, paths and move tables (:func:`board_tables`).
        black: bitboard of the black pieces.
        white: bitboard of the white guards (the king is not in it).
        king: the king's square, or :data:`NO_KING` once he is captured.
        turn: the side to move as a plain int, 0 (black) or 1 (white), equal to the
            :class:`~tablut.side.Side`; :attr:`side` gives the Side itself.
        hash: Zobrist hash of pieces and side to move.
        captured: bitboard of the squares emptied by captures in the last move.
        last_move_outcome: the end of the game caused by the last move pushed, if it
            caused one (None otherwise); :meth:`outcome` also tells a side that cannot
            move.  A plain attribute, not a property: the search reads it at every node.
    """

    __slots__ = (
        "rules", "geometry", "tables", "black", "white", "king", "turn", "hash", "captured",
        "last_move_outcome", "_stack", "_seen",
    )

    def __init__(
        self,
        rules: Rules = DEFAULT_RULES,
        black: Bitboard = 0,
        white: Bitboard = 0,
        king: Square = NO_KING,
        turn: int = Side.BLACK,
    ) -> None:
        """A board with the given pieces, as they are (nothing is checked); use
        :meth:`from_position` or :meth:`start` for the usual ways of making one."""
        self.rules = rules
        self.geometry: RuleGeometry = geometry(rules)
        self.tables: BoardTables = board_tables(rules.size)
        self.black = black
        self.white = white
        self.king = king
        self.turn = int(turn)
        self.captured = 0
        self._stack: list[tuple[int, int, int, int, int, int, Outcome | None]] = []
        self.hash = self._hash_from_scratch()
        self._seen: dict[int, int] = {self.hash: 1}
        self.last_move_outcome: Outcome | None = None

    @classmethod
    def from_position(cls, text: str, rules: Rules = DEFAULT_RULES) -> Board:
        """The board of a position string (see :mod:`tablut.position`) under ``rules``.

        Raises :class:`tablut.position.NotationError` naming the problem: a malformed
        string (or one for another size of board), a number of kings other than one, a
        piece other than the king on the throne or (where only the king may stand there)
        on a corner, a white piece in a camp, or a king already on his escape squares.
        """
        black, white, king, turn, _ = parse_placement(text, rules.size)
        board = cls(rules, black, white, king, turn)
        _check_placement(board)
        return board

    @classmethod
    def start(cls, rules: Rules = DEFAULT_RULES) -> Board:
        """The start position of ``rules``, its first side to move."""
        return cls.from_position(start_position(rules), rules)

    def position(self) -> str:
        """The position string of the pieces and the side to move (no history)."""
        return format_placement(self.black, self.white, self.king, self.turn,
                                self.rules.size)

    def copy(self) -> Board:
        """An independent board with the same position and the same history."""
        other = Board.__new__(Board)
        for name in Board.__slots__:
            setattr(other, name, getattr(self, name))
        other._stack = list(self._stack)
        other._seen = dict(self._seen)
        return other

    # -- what stands where -------------------------------------------------------------

    @property
    def side(self) -> Side:
        """The side to move."""
        return SIDES[self.turn]

    @property
    def occupied(self) -> Bitboard:
        """Bitboard of every occupied square."""
        return self.black | self.white | (1 << self.king if self.king >= 0 else 0)

    def piece_at(self, sq: Square) -> str | None:
        """The kind of piece on ``sq``: "black", "white", "king", or None when empty."""
        if sq == self.king:
            return "king"
        if self.black >> sq & 1:
            return "black"
        if self.white >> sq & 1:
            return "white"
        return None

    @property
    def ply(self) -> int:
        """Moves pushed since the board was set up."""
        return len(self._stack)

    def past_soldiers(self) -> Iterator[tuple[Bitboard, Bitboard]]:
        """The black and the white soldiers of each earlier position, oldest first."""
        return ((state[0], state[1]) for state in self._stack)

    def _hash_from_scratch(self) -> int:
        t = self.tables
        h = 0 if self.turn == BLACK_TO_MOVE else t.z_white_to_move
        for sq in squares_of(self.black):
            h ^= t.z_black[sq]
        for sq in squares_of(self.white):
            h ^= t.z_white[sq]
        if self.king >= 0:
            h ^= t.z_king[self.king]
        return h

    def recomputed_hash(self) -> int:
        """The Zobrist hash computed from the pieces alone (the incremental one must match)."""
        return self._hash_from_scratch()

    # -- moves -------------------------------------------------------------------------

    def _movers(self) -> list[tuple[Square, Bitboard]]:
        """The side to move's pieces, each with the squares it may not stop on."""
        forbidden = self.geometry.soldier_forbidden
        if self.turn == BLACK_TO_MOVE:
            return [(sq, forbidden) for sq in squares_of(self.black)]
        movers = [(sq, forbidden) for sq in squares_of(self.white)]
        if self.king >= 0:
            movers.append((self.king, self.geometry.king_forbidden))
        return movers

    def _forbidden_for(self, sq: Square) -> Bitboard | None:
        """The squares the side to move's piece on ``sq`` may not stop on, or None when
        ``sq`` holds none of its pieces."""
        if self.turn == BLACK_TO_MOVE:
            return self.geometry.soldier_forbidden if self.black >> sq & 1 else None
        if sq == self.king:
            return self.geometry.king_forbidden
        return self.geometry.soldier_forbidden if self.white >> sq & 1 else None

    def targets(self, sq: Square) -> Bitboard:
        """Bitboard of the squares the piece on ``sq`` may move to (0 if it may not move)."""
        forbidden = self._forbidden_for(sq)
        if forbidden is None:
            return 0
        return (self.geometry.shape.rook_targets(sq, self.occupied | self.geometry.walls[sq])
                & ~forbidden)

    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move (none once the game has ended)."""
        if self.last_move_outcome is not None:
            return []
        occupied = self.occupied
        geo = self.geometry
        walls = geo.walls_if_any
        tables = self.tables
        moves: list[Move] = []
        if self.turn == BLACK_TO_MOVE:
            _add_moves(tables, moves, self.black, occupied, geo.soldier_forbidden, walls)
        else:
            _add_moves(tables, moves, self.white, occupied, geo.soldier_forbidden, walls)
            if self.king >= 0:
                _add_moves(tables, moves, 1 << self.king, occupied, geo.king_forbidden, walls)
        return moves

    def count_moves(self) -> int:
        """The number of legal moves, without listing them (perft's bulk count)."""
        if self.last_move_outcome is not None:
            return 0
        occupied = self.occupied
        geo = self.geometry
        board = geo.shape
        if self.turn == BLACK_TO_MOVE:
            soldiers, king_moves = self.black, 0
        else:
            soldiers = self.white
            king_moves = (board.rook_targets(self.king, occupied | geo.walls[self.king])
                          & ~geo.king_forbidden).bit_count()
        free = board.all ^ occupied
        barrier = geo.barrier
        if not geo.camps:
            return king_moves + _slides(board, soldiers, free & ~barrier, geo.soldier_ok)
        # Pieces in a camp may cross its squares; everyone else is walled out of them.
        count = king_moves + _slides(board, soldiers & ~geo.camps, free & ~barrier,
                                     geo.soldier_ok)
        for group in geo.camp_groups:
            if soldiers & group:
                count += _slides(board, soldiers & group, free & ~(barrier & ~group),
                                 geo.soldier_ok)
        return count

    def has_legal_move(self) -> bool:
        """Whether the side to move has any legal move."""
        occupied = self.occupied
        walls = self.geometry.walls
        rook_targets = self.geometry.shape.rook_targets
        return any(rook_targets(frm, occupied | walls[frm]) & ~forbidden
                   for frm, forbidden in self._movers())

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal for the side to move."""
        frm, to = move
        count = self.geometry.shape.count
        if self.last_move_outcome is not None or not (0 <= frm < count and 0 <= to < count):
            return False
        forbidden = self._forbidden_for(frm)
        if forbidden is None:
            return False
        path = self.tables.paths[frm * count + to]
        return (bool(path) and not path & (self.occupied | self.geometry.walls[frm])
                and not forbidden >> to & 1)

    # -- making and taking back moves ---------------------------------------------------

    # One function on purpose: the search calls it at every node, and a call costs more
    # than the branches it would hide.
    def push(self, move: Move) -> None:  # noqa: PLR0912
        """Make ``move`` (which must be legal), with its captures and its effect on the game.

        Raises nothing and checks nothing: callers check legality first (``is_legal``),
        because the search pushes only moves the generator produced.
        """
        frm, to = move
        king = self.king
        self._stack.append(
            (self.black, self.white, king, self.turn, self.hash, self.captured,
             self.last_move_outcome)
        )
        tables = self.tables
        neighbour_masks = tables.shape.neighbour_masks
        h = self.hash ^ tables.z_white_to_move
        captured = 0
        outcome = None
        rules = self.rules
        if self.turn == BLACK_TO_MOVE:
            self.black ^= (1 << frm) | (1 << to)
            z_black = tables.z_black
            h ^= z_black[frm] ^ z_black[to]
            # Most moves land beside no white piece: no capture to look for.
            if neighbour_masks[to] & (self.white | (1 << king if king >= 0 else 0)):
                captured, h, outcome = self._black_captures(to, h)
        else:
            if frm == king:
                self.king = king = to
                z_king = tables.z_king
                h ^= z_king[frm] ^ z_king[to]
                armed = self.geometry.king_armed
            else:
                self.white ^= (1 << frm) | (1 << to)
                z_white = tables.z_white
                h ^= z_white[frm] ^ z_white[to]
                armed = True
            if armed and neighbour_masks[to] & self.black:
                captured, h = self._white_captures(to, h)
            if self.geometry.escape >> king & 1:
                outcome = _ESCAPED
        if rules.shieldwalls and outcome is None:
            walled, h = self._shieldwall_captures(to, h)
            captured |= walled
        self.turn ^= 1
        self.hash = h
        self.captured = captured
        seen = self._seen.get(h, 0) + 1
        self._seen[h] = seen
        if outcome is None:
            if seen >= rules.repetition_count:
                if rules.repetition_outcome is RepetitionOutcome.DRAW:
                    outcome = _DRAWN_BY_REPETITION
                else:
                    outcome = _WON_BY_REPETITION[self.turn]  # the side to move: not the mover
            elif rules.edge_forts and forts.in_edge_fort(self.geometry, self.black, self.white,
                                                            self.king):
                outcome = _IN_EDGE_FORT
            # Only a black move can close the last way out.
            elif rules.encirclement and self.turn != BLACK_TO_MOVE and self._encircled():
                outcome = _ENCIRCLED
        self.last_move_outcome = outcome

    def push_null(self) -> None:
        """Pass: the other side is to move in the same position.  Never legal in a game;
        the search uses it to ask what the opponent could do if the side to move did
        nothing (null-move pruning).  The passing position does not count towards
        repetitions.  :meth:`pop_null` takes it back."""
        self._stack.append(
            (self.black, self.white, self.king, self.turn, self.hash, self.captured,
             self.last_move_outcome)
        )
        self.turn ^= 1
        self.hash ^= self.tables.z_white_to_move
        self.captured = 0

    def pop_null(self) -> None:
        """Take back a :meth:`push_null`."""
        (self.black, self.white, self.king, self.turn, self.hash, self.captured,
         self.last_move_outcome) = self._stack.pop()

    def pop(self) -> None:
        """Take back the last move pushed."""
        counts, h = self._seen, self.hash
        seen = counts[h] - 1
        if seen:
            counts[h] = seen
        else:
            del counts[h]
        (self.black, self.white, self.king, self.turn, self.hash, self.captured,
         self.last_move_outcome) = self._stack.pop()

    # -- captures and the end of the game ------------------------------------------------

    def _black_captures(self, to: Square, h: int) -> tuple[Bitboard, int, Outcome | None]:
        """The captures of the black piece that has just arrived on ``to``, beside a white
        piece: the squares emptied, the hash updated for them, and the king's capture if
        it is one."""
        captured = 0
        outcome = None
        white = self.white
        king = self.king
        tables = self.tables
        anvils = self.geometry.anvils_against_white(self.black, king)
        for _, near, far in tables.shape.neighbours[to]:
            if white >> near & 1:
                if far >= 0 and anvils >> far & 1:
                    captured |= 1 << near
                    h ^= tables.z_white[near]
            elif near == king and self._king_trapped(far):
                captured |= 1 << near
                h ^= tables.z_king[near]
                self.king = NO_KING
                outcome = _KING_CAPTURED
        self.white = white & ~captured
        return captured, h, outcome

    def _white_captures(self, to: Square, h: int) -> tuple[Bitboard, int]:
        """The captures of the armed white piece that has just arrived on ``to``: the
        squares emptied and the hash updated for them."""
        captured = 0
        black = self.black
        tables = self.tables
        anvils = self.geometry.anvils_against_black(self.white, self.king)
        for _, near, far in tables.shape.neighbours[to]:
            if black >> near & 1 and far >= 0 and anvils >> far & 1:
                captured |= 1 << near
                h ^= tables.z_black[near]
        self.black = black & ~captured
        return captured, h

    def _shieldwall_captures(self, to: Square, h: int) -> tuple[Bitboard, int]:
        """The pieces taken by a shieldwall that the piece just arrived on ``to`` closed
        (see :func:`tablut.forts.shieldwall_captures`): the squares emptied, and the hash
        updated for them."""
        taken = forts.shieldwall_captures(self.geometry, self.black, self.white, self.king, to)
        if taken:
            tables = self.tables
            if self.black & taken:
                for sq in squares_of(taken):
                    h ^= tables.z_black[sq]
                self.black &= ~taken
            else:
                for sq in squares_of(taken):
                    h ^= tables.z_white[sq]
                self.white &= ~taken
        return taken, h

    def _king_trapped(self, far: Square) -> bool:
        """Whether a black piece that just moved beside the king completes his capture.

        ``far`` is the square beyond the king seen from that piece (-1 off the board).
        """
        king = self.king
        geo = self.geometry
        hostile = geo.hostile_to_king(self.black, king)
        if geo.king_sides[king] == 2:
            return far >= 0 and bool(hostile >> far & 1)
        around = self.tables.shape.neighbour_masks[king]
        return around.bit_count() == 4 and not around & ~hostile

    def _encircled(self) -> bool:
        """Whether no white piece can reach an edge without crossing a black piece."""
        whites = self.white | (1 << self.king if self.king >= 0 else 0)
        return not whites & self.tables.shape.open_to_an_edge(self.black)

    def outcome(self) -> Outcome | None:
        """How the game has ended in this position, or None while it goes on.

        Besides the end that the last move caused (escape, capture, encirclement,
        repetition), a side to move with no legal move has lost.
        """
        if self.last_move_outcome is not None:
            return self.last_move_outcome
        if not self.has_legal_move():
            return _WON_BY_NO_MOVES[self.turn ^ 1]
        return None

    def occurrences(self) -> int:
        """How many times the current position has occurred since the board was set up."""
        return self._seen.get(self.hash, 0)

    def __repr__(self) -> str:
        return f"Board({self.position()!r}, rules={self.rules.name!r})"

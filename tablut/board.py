"""The board: pieces as bitboards, legal moves, captures and the end of the game.

A :class:`Board` is mutable, like python-chess's: :meth:`Board.push` makes a move and
:meth:`Board.pop` takes it back from a stack of saved states, so a search walks the tree
without copying boards.  The position's Zobrist hash is updated with every change, and the
board counts how often each position has occurred since it was set up, which is what the
repetition rules need.

The rules are parameters (:class:`tablut.rules.Rules`); nothing here asks which rule set it
plays.
"""

from __future__ import annotations

import random
from enum import Enum
from typing import NamedTuple

from .rules import DEFAULT_RULES, Escape, RepetitionOutcome, Rules
from .squares import (
    ALL,
    CORNERS_BB,
    EDGES_BB,
    NEIGHBOUR_MASKS,
    NEIGHBOURS,
    NEXT_TO_THRONE_BB,
    SIZE,
    SQUARES,
    THRONE,
    THRONE_BB,
    Bitboard,
    Square,
    rook_targets,
    squares_of,
)

BLACK = 0
WHITE = 1
SIDE_NAMES = ("black", "white")

Move = tuple[Square, Square]
"""A move: the square a piece leaves and the square it stops on."""

NO_KING = -1

_FILE_A = sum(1 << (row * SIZE) for row in range(SIZE))
_FILE_I = _FILE_A << (SIZE - 1)


class Reason(Enum):
    """Why a game ended."""

    ESCAPE = "the king escaped"
    KING_CAPTURED = "the king was captured"
    ENCIRCLED = "black encircled every white piece"
    NO_MOVES = "the side to move had no legal move"
    REPETITION = "a position was repeated"
    MOVE_LIMIT = "the move limit was reached"


class Outcome(NamedTuple):
    """The end of a game: the winning side ("black" or "white", None for a draw) and why."""

    winner: str | None
    reason: Reason

    def describe(self) -> str:
        """One sentence for a player, such as "White wins: the king escaped."."""
        if self.winner is None:
            return f"Draw: {self.reason.value}."
        return f"{self.winner.capitalize()} wins: {self.reason.value}."


def _zobrist_keys() -> tuple[list[int], list[int], list[int], int]:
    # A fixed seed: the same keys natively and in the browser, so hashes can be compared.
    rng = random.Random(0x7AB1_0001)
    black = [rng.getrandbits(64) for _ in SQUARES]
    white = [rng.getrandbits(64) for _ in SQUARES]
    king = [rng.getrandbits(64) for _ in SQUARES]
    return black, white, king, rng.getrandbits(64)


Z_BLACK, Z_WHITE, Z_KING, Z_WHITE_TO_MOVE = _zobrist_keys()


_NOT_FILE_A = ALL & ~_FILE_A
_NOT_FILE_I = ALL & ~_FILE_I


def sliding_reach(pieces: Bitboard, empty: Bitboard) -> tuple[Bitboard, Bitboard, Bitboard,
                                                                   Bitboard]:
    """The empty squares that rooks on ``pieces`` reach northward, southward, eastward and
    westward, through ``empty`` squares.

    All pieces slide at once (a Kogge-Stone fill: doubling steps of 1, 2, 4 and 8 squares),
    so counting every move of a side costs a few dozen integer operations instead of a loop
    over pieces and rays.  In one direction a square is reached by at most one piece, so the
    popcount of each bitboard is the number of moves in that direction.
    """
    g, p = pieces, empty
    g |= p & (g << 9)
    p &= p << 9
    g |= p & (g << 18)
    p &= p << 18
    g |= p & (g << 36)
    p &= p << 36
    north = (g | p & (g << 72)) ^ pieces
    g, p = pieces, empty
    g |= p & (g >> 9)
    p &= p >> 9
    g |= p & (g >> 18)
    p &= p >> 18
    g |= p & (g >> 36)
    p &= p >> 36
    south = (g | p & (g >> 72)) ^ pieces
    g, p = pieces, empty & _NOT_FILE_A
    g |= p & (g << 1)
    p &= p << 1
    g |= p & (g << 2)
    p &= p << 2
    g |= p & (g << 4)
    p &= p << 4
    east = (g | p & (g << 8)) ^ pieces
    g, p = pieces, empty & _NOT_FILE_I
    g |= p & (g >> 1)
    p &= p >> 1
    g |= p & (g >> 2)
    p &= p >> 2
    g |= p & (g >> 4)
    p &= p >> 4
    west = (g | p & (g >> 8)) ^ pieces
    return north, south, east, west


class Board:
    """A Tablut position under one rule set, with the history needed to take moves back.

    Attributes:
        rules: the rule set played.
        black: bitboard of the black pieces.
        white: bitboard of the white guards (the king is not in it).
        king: the king's square, or -1 once he is captured.
        turn: 0 when black is to move, 1 when white is.
        hash: Zobrist hash of pieces and side to move.
        captured: bitboard of the squares emptied by captures in the last move.
    """

    __slots__ = (
        "rules", "black", "white", "king", "turn", "hash", "captured",
        "_outcome", "_stack", "_seen", "_soldier_forbidden", "_king_forbidden", "_escape",
    )

    def __init__(
        self,
        rules: Rules = DEFAULT_RULES,
        black: Bitboard = 0,
        white: Bitboard = 0,
        king: Square = NO_KING,
        turn: int = BLACK,
    ) -> None:
        """A board with the given pieces; use :func:`tablut.notation.parse_position` or
        :meth:`Board.start` for the usual ways of making one."""
        self.rules = rules
        self.black = black
        self.white = white
        self.king = king
        self.turn = turn
        self.captured = 0
        self._soldier_forbidden = THRONE_BB | (CORNERS_BB if rules.corners_restricted else 0)
        self._king_forbidden = 0 if rules.king_may_reenter_throne else THRONE_BB
        self._escape = CORNERS_BB if rules.escape is Escape.CORNER else EDGES_BB
        self._stack: list[tuple[int, int, int, int, int, int, Outcome | None]] = []
        self.hash = self._hash_from_scratch()
        self._seen: dict[int, int] = {self.hash: 1}
        self._outcome: Outcome | None = None

    @classmethod
    def start(cls, rules: Rules = DEFAULT_RULES) -> Board:
        """The start position of Tablut, black to move."""
        from .notation import START_POSITION, parse_position

        return parse_position(START_POSITION, rules)

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
    def side(self) -> str:
        """The side to move: "black" or "white"."""
        return SIDE_NAMES[self.turn]

    @property
    def occupied(self) -> Bitboard:
        """Bitboard of every occupied square."""
        return self.black | self.white | (1 << self.king if self.king >= 0 else 0)

    def piece_at(self, sq: Square) -> str | None:
        """What stands on ``sq``: "black", "white", "king", or None."""
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

    def _hash_from_scratch(self) -> int:
        h = Z_WHITE_TO_MOVE if self.turn == WHITE else 0
        for sq in squares_of(self.black):
            h ^= Z_BLACK[sq]
        for sq in squares_of(self.white):
            h ^= Z_WHITE[sq]
        if self.king >= 0:
            h ^= Z_KING[self.king]
        return h

    def recomputed_hash(self) -> int:
        """The Zobrist hash computed from the pieces alone (the incremental one must match)."""
        return self._hash_from_scratch()

    # -- moves -------------------------------------------------------------------------

    def _movers(self) -> list[tuple[Square, Bitboard]]:
        """The side to move's pieces, each with the squares it may not stop on."""
        if self.turn == BLACK:
            return [(sq, self._soldier_forbidden) for sq in squares_of(self.black)]
        movers = [(sq, self._soldier_forbidden) for sq in squares_of(self.white)]
        if self.king >= 0:
            movers.append((self.king, self._king_forbidden))
        return movers

    def targets(self, sq: Square) -> Bitboard:
        """Bitboard of the squares the piece on ``sq`` may move to (0 if it may not move)."""
        if self.turn == BLACK:
            if not self.black >> sq & 1:
                return 0
            forbidden = self._soldier_forbidden
        elif sq == self.king:
            forbidden = self._king_forbidden
        elif self.white >> sq & 1:
            forbidden = self._soldier_forbidden
        else:
            return 0
        return rook_targets(sq, self.occupied) & ~forbidden

    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move (none once the game has ended)."""
        if self._outcome is not None:
            return []
        occupied = self.occupied
        moves: list[Move] = []
        append = moves.append
        for frm, forbidden in self._movers():
            for to in squares_of(rook_targets(frm, occupied) & ~forbidden):
                append((frm, to))
        return moves

    def count_moves(self) -> int:
        """The number of legal moves, without listing them (perft's bulk count)."""
        if self._outcome is not None:
            return 0
        occupied = self.occupied
        allowed = ~self._soldier_forbidden
        if self.turn == BLACK:
            soldiers, king_moves = self.black, 0
        else:
            soldiers = self.white
            king_moves = (rook_targets(self.king, occupied) & ~self._king_forbidden).bit_count()
        north, south, east, west = sliding_reach(soldiers, ALL ^ occupied)
        return king_moves + ((north & allowed).bit_count() + (south & allowed).bit_count()
                             + (east & allowed).bit_count() + (west & allowed).bit_count())

    def has_legal_move(self) -> bool:
        """Whether the side to move has any legal move."""
        occupied = self.occupied
        return any(rook_targets(frm, occupied) & ~forbidden for frm, forbidden in self._movers())

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal for the side to move."""
        frm, to = move
        return self._outcome is None and 0 <= frm < 81 and 0 <= to < 81 and bool(
            self.targets(frm) >> to & 1
        )

    # -- making and taking back moves ---------------------------------------------------

    def push(self, move: Move) -> None:
        """Make ``move`` (which must be legal), with its captures and its effect on the game.

        Raises nothing and checks nothing: callers check legality first (``is_legal``),
        because the search pushes only moves the generator produced.
        """
        frm, to = move
        self._stack.append(
            (self.black, self.white, self.king, self.turn, self.hash, self.captured, self._outcome)
        )
        rules = self.rules
        h = self.hash ^ Z_WHITE_TO_MOVE
        captured = 0
        outcome = None
        if self.turn == BLACK:
            self.black ^= (1 << frm) | (1 << to)
            h ^= Z_BLACK[frm] ^ Z_BLACK[to]
            for _, near, far in NEIGHBOURS[to]:
                if self.white >> near & 1:
                    if far >= 0 and self._hostile_to_white(far):
                        captured |= 1 << near
                        h ^= Z_WHITE[near]
                elif near == self.king and self._king_trapped(far):
                    captured |= 1 << near
                    h ^= Z_KING[near]
                    self.king = NO_KING
                    outcome = Outcome("black", Reason.KING_CAPTURED)
            self.white &= ~captured
            if outcome is None and rules.encirclement and self._encircled():
                outcome = Outcome("black", Reason.ENCIRCLED)
        else:
            if frm == self.king:
                self.king = to
                h ^= Z_KING[frm] ^ Z_KING[to]
                armed = rules.king_armed
            else:
                self.white ^= (1 << frm) | (1 << to)
                h ^= Z_WHITE[frm] ^ Z_WHITE[to]
                armed = True
            if armed:
                for _, near, far in NEIGHBOURS[to]:
                    if self.black >> near & 1 and far >= 0 and self._hostile_to_black(far):
                        captured |= 1 << near
                        h ^= Z_BLACK[near]
                self.black &= ~captured
            if self._escape >> self.king & 1:
                outcome = Outcome("white", Reason.ESCAPE)
        self.turn ^= 1
        self.hash = h
        self.captured = captured
        seen = self._seen.get(h, 0) + 1
        self._seen[h] = seen
        if outcome is None and seen >= rules.repetition_count:
            if rules.repetition_outcome is RepetitionOutcome.DRAW:
                outcome = Outcome(None, Reason.REPETITION)
            else:
                outcome = Outcome(SIDE_NAMES[self.turn], Reason.REPETITION)
        self._outcome = outcome

    def pop(self) -> None:
        """Take back the last move pushed."""
        seen = self._seen[self.hash] - 1
        if seen:
            self._seen[self.hash] = seen
        else:
            del self._seen[self.hash]
        (self.black, self.white, self.king, self.turn, self.hash, self.captured,
         self._outcome) = self._stack.pop()

    # -- captures and the end of the game ------------------------------------------------

    def _hostile_to_white(self, sq: Square) -> bool:
        """Whether ``sq`` acts as an enemy to a white guard beside it, for a capture."""
        rules = self.rules
        if self.black >> sq & 1:
            return True
        if sq == THRONE:
            if self.king == THRONE:
                return rules.throne_hostile_to_white_when_three_black and (
                    (self.black & NEIGHBOUR_MASKS[THRONE]).bit_count() >= 3
                )
            return rules.empty_throne_hostile
        return rules.corners_hostile and bool(CORNERS_BB >> sq & 1) and sq != self.king

    def _hostile_to_black(self, sq: Square) -> bool:
        """Whether ``sq`` acts as an enemy to a black piece beside it, for a capture."""
        rules = self.rules
        if self.white >> sq & 1:
            return True
        if sq == self.king:
            return rules.king_armed
        if sq == THRONE:
            return rules.empty_throne_hostile
        return rules.corners_hostile and bool(CORNERS_BB >> sq & 1)

    def _hostile_to_king(self, sq: Square) -> bool:
        """Whether ``sq`` (a neighbour of the king) counts as a hostile side of the king."""
        rules = self.rules
        if self.black >> sq & 1:
            return True
        if sq == THRONE:
            return rules.throne_hostile_to_king
        return rules.corners_hostile and bool(CORNERS_BB >> sq & 1)

    def _king_trapped(self, far: Square) -> bool:
        """Whether a black piece that just moved beside the king completes his capture.

        ``far`` is the square beyond the king seen from that piece (-1 off the board).
        """
        king = self.king
        rules = self.rules
        if king == THRONE:
            sides = rules.king_sides_on_throne
        elif NEXT_TO_THRONE_BB >> king & 1:
            sides = rules.king_sides_next_to_throne
        else:
            sides = rules.king_sides_elsewhere
        if sides == 2:
            return far >= 0 and self._hostile_to_king(far)
        neighbours = NEIGHBOURS[king]
        return len(neighbours) == 4 and all(self._hostile_to_king(n) for _, n, _ in neighbours)

    def _encircled(self) -> bool:
        """Whether no white piece can reach an edge without crossing a black piece."""
        free = ALL & ~self.black
        whites = self.white | (1 << self.king if self.king >= 0 else 0)
        reach = EDGES_BB & free
        # Flood inwards from the edges; stop as soon as a white piece is reached, which in
        # most positions is within a step or two.
        while not reach & whites:
            grown = (
                reach
                | (reach << SIZE & free)
                | (reach >> SIZE & free)
                | (reach << 1 & free & _NOT_FILE_A)
                | (reach >> 1 & free & _NOT_FILE_I)
            )
            if grown == reach:
                return True
            reach = grown
        return False

    def outcome(self) -> Outcome | None:
        """How the game has ended in this position, or None while it goes on.

        Besides the end that the last move caused (escape, capture, encirclement,
        repetition), a side to move with no legal move has lost.
        """
        if self._outcome is not None:
            return self._outcome
        if not self.has_legal_move():
            return Outcome(SIDE_NAMES[self.turn ^ 1], Reason.NO_MOVES)
        return None

    @property
    def last_move_outcome(self) -> Outcome | None:
        """The end of the game caused by the last move pushed, if it caused one."""
        return self._outcome

    def occurrences(self) -> int:
        """How many times the current position has occurred since the board was set up."""
        return self._seen.get(self.hash, 0)

    def __repr__(self) -> str:
        from .notation import format_position

        return f"Board({format_position(self)!r}, rules={self.rules.name!r})"

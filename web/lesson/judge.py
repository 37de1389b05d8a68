"""Why a move of the lesson (:mod:`web.lesson.lesson`) is wrong, in one plain sentence.

Every sentence is worked out from the engine, never written per position: whether a move
is legal is :meth:`tablut.board.Board.is_legal`, what it captures and how the game ends
is what :meth:`tablut.board.Board.push` does, and the sentence names the squares that made
the difference ("That piece cannot jump over d4.", "That move captures nothing: the white
guard on e4 needs a black piece on e3 too."). So a lesson under any rule set explains its
wrong moves truly.

A step's :class:`Goal` says what the move asked for must do, and why another legal move
does not do it. Browser-free: tested natively (``tests/test_web_lesson.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tablut import Board, Move, Reason, Side, explain_illegal
from tablut.squares import squares_of
from web.words.speech import PIECE_NAMES


def name(board: Board, sq: int) -> str:
    """The name of square ``sq`` on ``board`` ("e5"; "k11" on 11x11)."""
    return board.geometry.shape.square_name(sq)


def piece_name(board: Board, sq: int) -> str:
    """"the black piece on c3", "the king on e5": the piece on ``sq`` as a sentence says it."""
    kind = board.piece_at(sq)
    return f"the {PIECE_NAMES[kind]} on {name(board, sq)}" if kind else name(board, sq)


def owner(kind: str) -> Side:
    """The side a kind of piece belongs to (the king is white)."""
    return Side.BLACK if kind == "black" else Side.WHITE


def path(frm: int, to: int, size: int = 9) -> list[int]:
    """The squares a straight move from ``frm`` to ``to`` crosses on the board of
    ``size``, ``to`` included; empty when the two squares share no row or column."""
    if frm == to or (frm // size != to // size and frm % size != to % size):
        return []
    step = (1 if frm // size == to // size else size) * (1 if to > frm else -1)
    return list(range(frm + step, to + step, step))


def wrong_piece(board: Board, frm: int) -> str:
    """Why the piece on ``frm`` may not move now ("" if it is the mover's)."""
    kind = board.piece_at(frm)
    if kind is None:
        return f"There is no piece on {name(board, frm)}."
    mover = board.side.word
    if owner(kind) != board.side:
        return f"It is {mover}'s move here: move a {mover} piece, not {piece_name(board, frm)}."
    return ""


def _why_not_there(board: Board, move: Move) -> str:
    """Why the mover's piece may not make the straight move ``move`` along empty squares."""
    frm, to = move
    king = frm == board.king
    geo = board.geometry
    if to == geo.throne:
        throne = name(board, to)
        if king:
            return f"The king may not go back to the throne ({throne}) once he has left it."
        return f"Only the king may stop on the throne ({throne})."
    if geo.shape.corners >> to & 1 and geo.soldier_forbidden >> to & 1 and not king:
        return f"Only the king may stop on a corner ({name(board, to)})."
    # The walls (the throne where nobody crosses it, the camps) and any rule this
    # lesson has no sentence of its own for: the engine's words.
    reason = explain_illegal(board, move).split(": ", 1)[-1]
    return reason[:1].upper() + reason[1:] + "."


def why_illegal(board: Board, move: Move) -> str:
    """Why ``move`` is illegal on ``board``, as one sentence for a beginner ("" if legal).

    The checks follow the order in which a player would see the problem: the piece, the
    direction, a piece in the way, the square it would stop on, and what the rules reserve.
    """
    if board.is_legal(move):
        return ""
    frm, to = move
    wrong = wrong_piece(board, frm)
    if wrong:
        return wrong
    line = path(frm, to, board.rules.size)
    if not line:
        if frm == to:
            return "Pick a square to move to, not the square the piece stands on."
        return "Pieces move only along a row or a column, never diagonally."
    for sq in line[:-1]:
        if board.piece_at(sq) is not None:
            return f"That piece cannot jump over {name(board, sq)}."
    if board.piece_at(to) is not None:
        return (f"{name(board, to)} is taken: a piece stops only on an empty square (it "
                "captures by surrounding, never by landing on a piece).")
    return _why_not_there(board, move)


def played(board: Board, move: Move) -> Board:
    """A copy of ``board`` after the legal ``move``, with its captures and its end."""
    after = board.copy()
    after.push(move)
    return after


def _captured_text(board: Board, after: Board) -> str:
    squares = [name(board, sq) for sq in squares_of(after.captured)]
    return " and ".join(squares)


# -- goals -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Goal:
    """What the move a step asks for must do; :meth:`miss` says why another does not."""

    def miss(self, board: Board, move: Move, after: Board) -> str:
        """Why the legal ``move`` from ``board`` (giving ``after``) does not reach the goal;
        "" when it does."""
        raise NotImplementedError


@dataclass(frozen=True)
class Reach(Goal):
    """Move the piece on ``frm`` to ``to``."""

    frm: int
    to: int

    def miss(self, board: Board, move: Move, after: Board) -> str:
        """See :meth:`Goal.miss`."""
        if move == (self.frm, self.to):
            return ""
        return (f"That is a legal move, but this step asks you to move "
                f"{piece_name(board, self.frm)} to {name(board, self.to)}.")


@dataclass(frozen=True)
class Capture(Goal):
    """Capture the piece on ``victim`` (not the king: see :class:`CaptureKing`)."""

    victim: int

    def miss(self, board: Board, move: Move, after: Board) -> str:
        """See :meth:`Goal.miss`."""
        if after.captured >> self.victim & 1:
            return ""
        victim = piece_name(board, self.victim)
        if after.captured:
            return (f"That captures on {_captured_text(board, after)}, but this step asks you "
                    f"to capture {victim}.")
        frm, to = move
        mover = board.side
        geo = board.geometry
        if not geo.shape.neighbour_masks[self.victim] >> to & 1:
            hostile = geo.hostile_empty | (geo.hostile_to_black if mover is Side.WHITE
                                           else geo.hostile_to_white)
            square = " (or a hostile square)" if hostile else ""
            return (f"That move captures nothing: {victim} is taken only by a {mover.word} "
                    f"piece moving next to it, with another {mover.word} piece{square} on its "
                    "other side.")
        if frm == board.king and not geo.king_armed:
            return "That move captures nothing: the king never captures in these rules."
        far = _beyond(board, to, self.victim)
        if far < 0:
            return (f"That move captures nothing: there is no square beyond {victim} on the "
                    "other side, so nothing can hold it there.")
        if far == board.king and not geo.king_armed:
            return (f"That move captures nothing: the king on {name(board, far)} never helps a "
                    "capture in these rules.")
        if (geo.camps & ~geo.hostile_to_black) >> far & 1:
            # Every other camp square counts against the victim, so it has been captured:
            # only the middle squares, where the rules say so, spare a black piece.
            return (f"That move captures nothing: {name(board, far)}, the middle square of a "
                    "camp's edge, never counts against a black piece.")
        return (f"That move captures nothing: {victim} needs a {mover.word} piece on "
                f"{name(board, far)} too.")


@dataclass(frozen=True)
class Captures(Goal):
    """Capture every piece on ``victims`` at once (a shieldwall)."""

    victims: tuple[int, ...]

    def miss(self, board: Board, move: Move, after: Board) -> str:
        """See :meth:`Goal.miss`."""
        if all(after.captured >> victim & 1 for victim in self.victims):
            return ""
        names = [name(board, victim) for victim in self.victims]
        row = f"{', '.join(names[:-1])} and {names[-1]}"
        if after.captured:
            return (f"That captures on {_captured_text(board, after)}, but this step asks "
                    f"you to capture the whole row on {row} at once.")
        return (f"That move captures nothing: the row on {row} is taken only when a "
                f"{board.side.word} piece moving onto the edge closes its open end.")


def _beyond(board: Board, near: int, victim: int) -> int:
    """The square on the far side of ``victim`` seen from its neighbour ``near`` on
    ``board`` (-1 off the board)."""
    for _, neighbour, far in board.geometry.shape.neighbours[near]:
        if neighbour == victim:
            return far
    return -1


@dataclass(frozen=True)
class CaptureKing(Goal):
    """Capture the king (black's win)."""

    def miss(self, board: Board, move: Move, after: Board) -> str:
        """See :meth:`Goal.miss`."""
        if after.king < 0:
            return ""
        king = board.king
        geo = board.geometry
        hostile = geo.hostile_to_king(after.black, king)
        if geo.king_sides[king] == 4:
            open_sides = [name(board, sq)
                          for sq in squares_of(geo.shape.neighbour_masks[king] & ~hostile)]
            return (f"That does not capture the king: on {name(board, king)} he must be "
                    f"surrounded "
                    f"on all four sides, and {' and '.join(open_sides)} "
                    f"{'is' if len(open_sides) == 1 else 'are'} still open.")
        to = move[1]
        if geo.shape.neighbour_masks[king] >> to & 1:
            far = _beyond(board, to, king)
            if far >= 0:
                return (f"That does not capture the king: he needs a black piece on "
                        f"{name(board, far)} too.")
        square = " (or a black piece and a hostile square)" if geo.hostile_to_king_squares else ""
        return (f"That does not capture the king: he is caught between two black pieces"
                f"{square} in a row or a column, by black's move.")


@dataclass(frozen=True)
class Escape(Goal):
    """Bring the king to one of his escape squares (white's win)."""

    where: str
    """Where the king must go, as a sentence ends: "any square on the edge"."""

    def miss(self, board: Board, move: Move, after: Board) -> str:
        """See :meth:`Goal.miss`."""
        outcome = after.last_move_outcome
        if outcome is not None and outcome.reason is Reason.ESCAPE:
            return ""
        if move[0] != board.king:
            return "Only the king escapes: move the king."
        return f"The king has not escaped yet: he must reach {self.where}."


@dataclass(frozen=True)
class Ends(Goal):
    """End the game for ``reason``; ``hint`` says what is missing after another move."""

    reason: Reason
    hint: str

    def miss(self, board: Board, move: Move, after: Board) -> str:
        """See :meth:`Goal.miss`."""
        outcome = after.outcome()
        if outcome is not None and outcome.reason is self.reason:
            return ""
        return self.hint


def judge(board: Board, move: Move, goal: Goal) -> str:
    """Why ``move`` on ``board`` is not the move a step with ``goal`` asks for: illegal,
    or legal but missing the goal; "" when it is right."""
    if not board.is_legal(move):
        return why_illegal(board, move)
    return goal.miss(board, move, played(board, move))

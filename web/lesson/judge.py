"""Why a move of the lesson (:mod:`web.lesson.lesson`) is wrong, in one plain sentence.

Every sentence is worked out from the engine, never written per position: whether a move
is legal is :meth:`tablut.board.Board.is_legal`, what it captures and how the game ends
is what :meth:`tablut.board.Board.push` does, and the sentence names the squares that made
the difference ("That piece cannot jump over d4.", "That move captures nothing: the white
guard on e4 needs a black piece on e3 too."). So a lesson under any rule set explains its
wrong moves truly.

A step's :class:`Goal` says what the move asked for must do, and why another legal move
does not do it. Browser-free: tested natively (``tests/test_web_lesson.py``).

Every sentence is looked up in the installed language (:mod:`web.words.catalogue`); one
that names a piece is written whole for each kind of piece (:func:`by_kind`), so that a
translation never has to fit a piece's name into it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablut import Board, Move, Reason, Side, illegal_reason
from tablut.squares import squares_of
from web.words.catalogue import _, joined, ngettext, pgettext
from web.words.engine import illegal_sentence


def name(board: Board, sq: int) -> str:
    """The name of square ``sq`` on ``board`` ("e5"; "k11" on 11x11)."""
    return board.geometry.shape.square_name(sq)


def piece_name(board: Board, sq: int) -> str:
    """"the black piece on c3", "the king on e5": the piece on ``sq`` as a sentence says it
    (the square's name alone when it is empty). The lesson's own sentences name a piece
    whole, one sentence per kind (:func:`by_kind`); this is for a sentence that cannot."""
    kind = board.piece_at(sq)
    square = name(board, sq)
    if kind is None:
        return square
    return by_kind(
        kind,
        # Translators: a piece named inside a sentence, {square} is its square ("e5").
        pgettext("a piece inside a sentence", "the black piece on {square}"),
        # Translators: a piece named inside a sentence, {square} is its square ("e5").
        pgettext("a piece inside a sentence", "the white guard on {square}"),
        # Translators: a piece named inside a sentence, {square} is its square ("e5").
        pgettext("a piece inside a sentence", "the king on {square}"),
    ).format(square=square)


def by_kind(kind: str | None, black: str, white: str, king: str) -> str:
    """The one of three sentences that names the piece of ``kind``: ``black`` for a black
    piece, ``white`` for a white guard, ``king`` for the king. A sentence of the lesson names
    its piece whole ("the white guard on {square}") rather than through a word put in, so
    that a translation may decline it as its sentence needs. A square the lesson names
    always holds a piece; an empty one is said as the king's, which no step asks for."""
    return {"black": black, "white": white}.get(kind or "", king)


def all_of(items: list[str]) -> str:
    """``items`` as the lesson says a list of squares, each joined with "and" ("d3 and e4",
    "d4 and e3 and f4"), in the installed language."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = joined([text, item])
    return text


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
    square = name(board, frm)
    if kind is None:
        # Translators: {square} is a square's name ("e5").
        return _("There is no piece on {square}.").format(square=square)
    if owner(kind) == board.side:
        return ""
    # The piece belongs to the side not to move: its kind says whose move it is.
    return by_kind(
        kind,
        # Translators: a black piece was picked up on {square} ("e5") on white's move.
        _("It is white's move here: move a white piece, not the black piece on {square}."),
        # Translators: a white guard was picked up on {square} ("e5") on black's move.
        _("It is black's move here: move a black piece, not the white guard on {square}."),
        # Translators: the king was picked up on {square} ("e5") on black's move.
        _("It is black's move here: move a black piece, not the king on {square}."),
    ).format(square=square)


def _why_not_there(board: Board, move: Move) -> str:
    """Why the mover's piece may not make the straight move ``move`` along empty squares."""
    frm, to = move
    king = frm == board.king
    geo = board.geometry
    if to == geo.throne:
        throne = name(board, to)
        if king:
            # Translators: {square} is the throne's square ("e5").
            return _("The king may not go back to the throne ({square}) once he has left "
                     "it.").format(square=throne)
        # Translators: {square} is the throne's square ("e5").
        return _("Only the king may stop on the throne ({square}).").format(square=throne)
    if geo.shape.corners >> to & 1 and geo.soldier_forbidden >> to & 1 and not king:
        # Translators: {square} is a corner's square ("a1").
        return _("Only the king may stop on a corner ({square}).").format(
            square=name(board, to))
    # The walls (the throne where nobody crosses it, the camps) and any rule this
    # lesson has no sentence of its own for: the engine's words.
    illegal = illegal_reason(board, move)
    return "" if illegal is None else illegal_sentence(illegal)


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
            return _("Pick a square to move to, not the square the piece stands on.")
        return _("Pieces move only along a row or a column, never diagonally.")
    for sq in line[:-1]:
        if board.piece_at(sq) is not None:
            # Translators: {square} is the square of the piece in the way ("d4").
            return _("That piece cannot jump over {square}.").format(square=name(board, sq))
    if board.piece_at(to) is not None:
        # Translators: {square} is the square moved to, which holds a piece ("d4").
        return _("{square} is taken: a piece stops only on an empty square (it captures by "
                 "surrounding, never by landing on a piece).").format(square=name(board, to))
    return _why_not_there(board, move)


def played(board: Board, move: Move) -> Board:
    """A copy of ``board`` after the legal ``move``, with its captures and its end."""
    after = board.copy()
    after.push(move)
    return after


def _captured_text(board: Board, after: Board) -> str:
    """The squares ``after``'s move captured on: "d3 and f5"."""
    return all_of([name(board, sq) for sq in squares_of(after.captured)])


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
        return by_kind(
            board.piece_at(self.frm),
            # Translators: {square} and {target} are squares ("c3", "h3").
            _("That is a legal move, but this step asks you to move the black piece on "
              "{square} to {target}."),
            # Translators: {square} and {target} are squares ("c3", "h3").
            _("That is a legal move, but this step asks you to move the white guard on "
              "{square} to {target}."),
            # Translators: {square} and {target} are squares ("c3", "h3").
            _("That is a legal move, but this step asks you to move the king on {square} "
              "to {target}."),
        ).format(square=name(board, self.frm), target=name(board, self.to))


@dataclass(frozen=True)
class Capture(Goal):
    """Capture the piece on ``victim`` (not the king: see :class:`CaptureKing`)."""

    victim: int

    def miss(self, board: Board, move: Move, after: Board) -> str:
        """See :meth:`Goal.miss`."""
        if after.captured >> self.victim & 1:
            return ""
        victim = name(board, self.victim)
        if after.captured:
            return self._said(
                board,
                # Translators: {captured} lists the squares captured on ("d3 and f5"),
                # {victim} is the square of the piece to capture.
                _("That captures on {captured}, but this step asks you to capture the black "
                  "piece on {victim}."),
                # Translators: {captured} lists the squares captured on ("d3 and f5"),
                # {victim} is the square of the piece to capture.
                _("That captures on {captured}, but this step asks you to capture the white "
                  "guard on {victim}."),
            ).format(captured=_captured_text(board, after), victim=victim)
        frm, to = move
        geo = board.geometry
        if not geo.shape.neighbour_masks[self.victim] >> to & 1:
            hostile = geo.hostile_empty | (geo.hostile_to_black if board.side is Side.WHITE
                                           else geo.hostile_to_white)
            if hostile:
                return self._said(
                    board,
                    # Translators: {victim} is the square of the piece to capture ("d6").
                    _("That move captures nothing: the black piece on {victim} is taken only "
                      "by a white piece moving next to it, with another white piece (or a "
                      "hostile square) on its other side."),
                    # Translators: {victim} is the square of the piece to capture ("d6").
                    _("That move captures nothing: the white guard on {victim} is taken only "
                      "by a black piece moving next to it, with another black piece (or a "
                      "hostile square) on its other side."),
                ).format(victim=victim)
            return self._said(
                board,
                # Translators: {victim} is the square of the piece to capture ("d6").
                _("That move captures nothing: the black piece on {victim} is taken only by "
                  "a white piece moving next to it, with another white piece on its other "
                  "side."),
                # Translators: {victim} is the square of the piece to capture ("d6").
                _("That move captures nothing: the white guard on {victim} is taken only by "
                  "a black piece moving next to it, with another black piece on its other "
                  "side."),
            ).format(victim=victim)
        if frm == board.king and not geo.king_armed:
            return _("That move captures nothing: the king never captures in these rules.")
        far = _beyond(board, to, self.victim)
        if far < 0:
            return self._said(
                board,
                # Translators: {victim} is the square of the piece to capture ("d1"), on
                # the edge of the board.
                _("That move captures nothing: there is no square beyond the black piece on "
                  "{victim} on the other side, so nothing can hold it there."),
                # Translators: {victim} is the square of the piece to capture ("d1"), on
                # the edge of the board.
                _("That move captures nothing: there is no square beyond the white guard on "
                  "{victim} on the other side, so nothing can hold it there."),
            ).format(victim=victim)
        if far == board.king and not geo.king_armed:
            # Translators: {square} is the king's square ("e5").
            return _("That move captures nothing: the king on {square} never helps a capture "
                     "in these rules.").format(square=name(board, far))
        if (geo.camps & ~geo.hostile_to_black) >> far & 1:
            # Every other camp square counts against the victim, so it has been captured:
            # only the middle squares, where the rules say so, spare a black piece.
            # Translators: {square} is a camp's square ("a5").
            return _("That move captures nothing: {square}, the middle square of a camp's "
                     "edge, never counts against a black piece.").format(
                         square=name(board, far))
        return self._said(
            board,
            # Translators: {victim} is the square of the piece to capture ("d6"), {square}
            # the square on its other side ("d7").
            _("That move captures nothing: the black piece on {victim} needs a white piece "
              "on {square} too."),
            # Translators: {victim} is the square of the piece to capture ("d6"), {square}
            # the square on its other side ("d7").
            _("That move captures nothing: the white guard on {victim} needs a black piece "
              "on {square} too."),
        ).format(victim=victim, square=name(board, far))

    def _said(self, board: Board, black: str, white: str) -> str:
        """The one of two sentences that names the piece to capture: ``black`` for a black
        piece (white to move), ``white`` for a white guard (black to move). The piece to
        capture is never the king (:class:`CaptureKing` is that goal)."""
        return black if board.piece_at(self.victim) == "black" else white


@dataclass(frozen=True)
class Captures(Goal):
    """Capture every piece on ``victims`` at once (a shieldwall)."""

    victims: tuple[int, ...]

    def miss(self, board: Board, move: Move, after: Board) -> str:
        """See :meth:`Goal.miss`."""
        if all(after.captured >> victim & 1 for victim in self.victims):
            return ""
        row = joined([name(board, victim) for victim in self.victims])
        if after.captured:
            # Translators: {captured} lists the squares captured on ("d3 and f5"), {row}
            # the squares of the row to capture ("c1, d1 and e1").
            return _("That captures on {captured}, but this step asks you to capture the "
                     "whole row on {row} at once.").format(
                         captured=_captured_text(board, after), row=row)
        if board.side is Side.BLACK:
            # Translators: {row} lists the squares of the row to capture ("c1, d1 and e1").
            text = _("That move captures nothing: the row on {row} is taken only when a "
                     "black piece moving onto the edge closes its open end.")
        else:
            # Translators: {row} lists the squares of the row to capture ("c1, d1 and e1").
            text = _("That move captures nothing: the row on {row} is taken only when a "
                     "white piece moving onto the edge closes its open end.")
        return text.format(row=row)


def _beyond(board: Board, near: int, victim: int) -> int:
    """The square on the far side of ``victim`` seen from its neighbour ``near`` on
    ``board`` (-1 off the board)."""
    for _direction, neighbour, far in board.geometry.shape.neighbours[near]:
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
            # Translators: {square} is the king's square ("e5"); {sides} lists the squares
            # beside him still open ("e4 and f5"), {count} how many they are.
            return ngettext(
                "That does not capture the king: on {square} he must be surrounded on all "
                "four sides, and {sides} is still open.",
                "That does not capture the king: on {square} he must be surrounded on all "
                "four sides, and {sides} are still open.",
                len(open_sides),
            ).format(square=name(board, king), sides=all_of(open_sides),
                     count=len(open_sides))
        to = move[1]
        if geo.shape.neighbour_masks[king] >> to & 1:
            far = _beyond(board, to, king)
            if far >= 0:
                # Translators: {square} is the square on the king's other side ("e6").
                return _("That does not capture the king: he needs a black piece on "
                         "{square} too.").format(square=name(board, far))
        if geo.hostile_to_king_squares:
            return _("That does not capture the king: he is caught between two black pieces "
                     "(or a black piece and a hostile square) in a row or a column, by "
                     "black's move.")
        return _("That does not capture the king: he is caught between two black pieces in "
                 "a row or a column, by black's move.")


@dataclass(frozen=True)
class Escape(Goal):
    """Bring the king to one of his escape squares (white's win)."""

    where: str
    """Where the king must go, as a sentence ends, in the installed language: "any square
    on the edge of the board" (made with the lesson's steps)."""

    def miss(self, board: Board, move: Move, after: Board) -> str:
        """See :meth:`Goal.miss`."""
        outcome = after.last_move_outcome
        if outcome is not None and outcome.reason is Reason.ESCAPE:
            return ""
        if move[0] != board.king:
            return _("Only the king escapes: move the king.")
        # Translators: {where} is where the king escapes to, as a sentence ends: "one of
        # the four corners", "any square on the edge of the board".
        return _("The king has not escaped yet: he must reach {where}.").format(
            where=self.where)


@dataclass(frozen=True)
class Ends(Goal):
    """End the game for ``reason``; ``hint`` says what is missing after another move."""

    reason: Reason
    hint: str
    """In the installed language (made when the lesson's steps are)."""

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

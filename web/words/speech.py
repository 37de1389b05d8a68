"""What the page says aloud: sentences for the screen reader's live region, so that a game
can be followed and played by ear.

- :func:`move_sentence`: every move as it happens, the computer's included: who moved,
  from where to where, what it captured, and what it threatens or how the game ended;
- :func:`selection_sentence`: a piece picked up, with the squares it may move to;
- :func:`position_summary` and :func:`piece_list`: the position on request (keys ``p``
  and ``l``).

Browser-free, tested natively (``tests/test_web_speech.py``).
"""

from __future__ import annotations

from collections.abc import Callable

from tablut import Game, Move, Side
from tablut.ai.bits import king_escape_targets
from tablut.board import Board
from tablut.squares import squares_of
from web.words.catalogue import N_, _, joined, ngettext
from web.words.sides import side_name
from web.words.texts import outcome_sentence, to_move

#: What is said of a piece picked up, by its kind: when it cannot move, and when it can
#: (translated where said).
PICKED_UP: dict[str, tuple[str, str]] = {
    # Translators: {square} is the square of the piece picked up ("d1").
    "black": (N_("{square}, black piece, picked up: it cannot move."),
              # Translators: {square} is the square of the piece picked up ("d1");
              # {targets}, the squares it may move to ("d2, d3 or d4").
              N_("{square}, black piece, picked up: it can move to {targets}.")),
    # Translators: {square} is the square of the piece picked up ("d1").
    "white": (N_("{square}, white guard, picked up: it cannot move."),
              # Translators: {square} is the square of the piece picked up ("d1");
              # {targets}, the squares it may move to ("d2, d3 or d4").
              N_("{square}, white guard, picked up: it can move to {targets}.")),
    # Translators: {square} is the square of the king picked up ("e5").
    "king": (N_("{square}, king, picked up: it cannot move."),
             # Translators: {square} is the square of the king picked up ("e5");
             # {targets}, the squares he may move to ("e6, e7 or e8").
             N_("{square}, king, picked up: it can move to {targets}.")),
    # Translators: {square} is a square with no piece on it ("d1").
    "": (N_("{square}, empty, picked up: it cannot move."),
         # Translators: {square} is a square with no piece on it ("d1"); {targets}, the
         # squares listed after it.
         N_("{square}, empty, picked up: it can move to {targets}.")),
}


def name_of(board: Board) -> Callable[[int], str]:
    """The names of the squares of ``board``'s size: ``name_of(board)(sq)`` is "e5"."""
    return board.geometry.shape.square_name


def _moved(board: Board, mover: Side, move: Move, captured: list[tuple[int, str]]) -> str:
    """The move as said aloud, with what it captured (several pieces at once in a
    shieldwall): "White e3 to a3, capturing the black piece on a4."."""
    square_name = name_of(board)
    where = {"origin": square_name(move[0]), "target": square_name(move[1]),
             "side": side_name(mover)}
    count = len(captured)
    squares = joined([square_name(sq) for sq, _kind in captured])
    if move[1] == board.king:
        if not captured:
            # Translators: the king moved from {origin} to {target} (squares, "c4").
            return _("White king {origin} to {target}.").format(**where)
        # Translators: the king moved from {origin} to {target} (squares, "c4");
        # {squares} are the squares of the pieces captured ("a4 and c4").
        return ngettext("White king {origin} to {target}, capturing the black piece on "
                        "{squares}.",
                        "White king {origin} to {target}, capturing the black pieces on "
                        "{squares}.", count).format(squares=squares, **where)
    if not captured:
        # Translators: {side} ("Black", "White") moved from {origin} to {target} ("e3").
        return _("{side} {origin} to {target}.").format(**where)
    if any(kind == "king" for _sq, kind in captured):
        # Translators: {side} ("Black") moved from {origin} to {target} ("e3").
        return _("{side} {origin} to {target}, and takes the king.").format(**where)
    if captured[0][1] == "white":
        # Translators: {side} ("Black") moved from {origin} to {target} ("e3");
        # {squares} are the squares of the pieces captured ("a4 and c4").
        return ngettext("{side} {origin} to {target}, capturing the white guard on "
                        "{squares}.",
                        "{side} {origin} to {target}, capturing the white guards on "
                        "{squares}.", count).format(squares=squares, **where)
    # Translators: {side} ("White") moved from {origin} to {target} ("e3"); {squares}
    # are the squares of the pieces captured ("a4 and c4").
    return ngettext("{side} {origin} to {target}, capturing the black piece on {squares}.",
                    "{side} {origin} to {target}, capturing the black pieces on {squares}.",
                    count).format(squares=squares, **where)


def move_sentence(game: Game, mover: Side, move: Move, captured: list[tuple[int, str]]) -> str:
    """The move just played in ``game`` by ``mover``, as it is said aloud: "White e3 to
    a3, capturing the black piece on a4." or "White king c4 to c2. The king can escape next
    move, to c1 or a2."; the end of the game follows the move that ends it."""
    sentence = _moved(game.board, mover, move, captured)
    outcome = game.outcome()
    if outcome is not None:
        return f"{sentence} {outcome_sentence(game, outcome)}"
    return f"{sentence}{threat(game.board)}"


def threat(board: Board) -> str:
    """" The king can escape next move, to a5." when he has a free way to an escape
    square; otherwise nothing."""
    square_name = name_of(board)
    escapes = [square_name(sq) for sq in squares_of(king_escape_targets(board))]
    if not escapes:
        return ""
    # Translators: {squares} are the escape squares the king can reach ("c1 or a2").
    return " " + _("The king can escape next move, to {squares}.").format(
        squares=joined(escapes, "or"))


def selection_sentence(board: Board, sq: int) -> str:
    """A piece picked up on ``sq`` and where it may go: "d1, black piece, picked up: it
    can move to d2, d3 or d4."."""
    stuck, free = PICKED_UP.get(board.piece_at(sq) or "", PICKED_UP[""])
    square_name = name_of(board)
    targets = [square_name(t) for t in squares_of(board.targets(sq))]
    if not targets:
        return _(stuck).format(square=square_name(sq))
    return _(free).format(square=square_name(sq), targets=joined(targets, "or"))


def _pieces(board: Board, kind: str) -> list[str]:
    square_name = name_of(board)
    return [square_name(sq) for sq in board.geometry.shape.squares
            if board.piece_at(sq) == kind]


def position_summary(game: Game) -> str:
    """Where the king is and how many pieces each side has, and whose turn it is."""
    board = game.board
    black, white = len(_pieces(board, "black")), len(_pieces(board, "white"))
    if board.king < 0:
        king = _("The king has been captured.")
        # Translators: white's pieces in "White has {white}; black has {black}.".
        guards = ngettext("{count} guard", "{count} guards", white)
    else:
        # Translators: {square} is the king's square ("e5").
        king = _("The king is on {square}.").format(square=name_of(board)(board.king))
        # Translators: white's pieces in "White has {white}; black has {black}.".
        guards = ngettext("{count} guard and the king", "{count} guards and the king", white)
    # Translators: black's pieces in "White has {white}; black has {black}.".
    pieces = ngettext("{count} piece", "{count} pieces", black).format(count=black)
    turn = game.outcome()
    whose = outcome_sentence(game, turn) if turn is not None else to_move(game.side)
    # Translators: how many pieces each side has: {white} is "8 guards and the king"
    # (or "8 guards" once he is taken), {black} is "16 pieces".
    counts = _("White has {white}; black has {black}.").format(
        white=guards.format(count=white), black=pieces)
    return f"{whose} {king} {counts}"


def piece_list(game: Game) -> str:
    """Every piece by square: "King: e5. White guards: e3, e4. Black pieces: a4, a5."."""
    board = game.board
    parts = []
    if board.king >= 0:
        # Translators: {square} is the king's square ("e5").
        parts.append(_("King: {square}.").format(square=name_of(board)(board.king)))
    white, black = _pieces(board, "white"), _pieces(board, "black")
    # Translators: {squares} lists the squares of white's guards ("e3, e4 and e6").
    parts.append(_("White guards: {squares}.").format(squares=joined(white)) if white
                 else _("White guards: none."))
    # Translators: {squares} lists the squares of black's pieces ("a4, a5 and a6").
    parts.append(_("Black pieces: {squares}.").format(squares=joined(black)) if black
                 else _("Black pieces: none."))
    return " ".join(parts)

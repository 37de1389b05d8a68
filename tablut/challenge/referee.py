"""Following the server's game with our own rules: which move each state shows, and whether
the server's states are ones our rules allow.

The server sends the whole board after every move, never the move itself, so the move is
found by trying each legal move of the side to move until one gives exactly the board and
the turn the server sent.  A state that no legal move gives cannot follow the last one
under the Ashton rules (:data:`tablut.rules.ASHTON`, which the server's rules were checked
against move by move), and the client stops rather than play on from a position it does
not understand.
"""

from __future__ import annotations

from ..board import NO_KING, Board, Move, Outcome, Reason
from ..rules import ASHTON
from ..side import Side
from .protocol import PLAYING, State

# Our outcome of a move, as the server's turn word.
_FINAL_WORDS = {Reason.ESCAPE: "WHITEWIN", Reason.KING_CAPTURED: "BLACKWIN",
                Reason.REPETITION: "DRAW"}


class ImpossibleState(Exception):
    """A state that our rules say cannot follow the previous one."""


class Follower:
    """The game the server referees, as our engine sees it, one state at a time.

    Attributes:
        board: the position after the last state followed, with the game's history (the
            repetition rule needs it).
        result: the end of the game in words once a final state has been followed.
    """

    def __init__(self) -> None:
        """A game at the Ashton start position, before the server's first state."""
        self.board = Board.start(ASHTON)
        self.result: str | None = None

    def start(self, state: State) -> None:
        """Check the server's first state: the start position, white to move."""
        if not _same_pieces(self.board, state) or state.turn != "WHITE":
            raise ImpossibleState("the server's first state is not the Ashton start position "
                                  f"with white to move ({_describe(state)})")

    def follow(self, state: State) -> Move | None:
        """The move that led from the current position to ``state``, now made on
        :attr:`board`; None when no move was made (the server sends the same position again
        after a refused move it forgives, or ends the game on one).  Sets :attr:`result`
        when ``state`` ends the game.  Raises ImpossibleState if no legal move gives it."""
        board = self.board
        mover = board.side
        if _same_pieces(board, state):
            if state.turn == _turn_word(mover):
                return None  # a refused move, forgiven: the same player moves again
            if state.turn == ("BLACKWIN" if mover is Side.WHITE else "WHITEWIN"):
                self.result = (f"{mover.opponent.word.capitalize()} wins: {mover.word}'s move "
                               "was refused by the server.")
                return None
        king = board.king
        for move in board.legal_moves():
            board.push(move)
            if _same_pieces(board, state, king_before=king) and self._agrees(state):
                return move
            board.pop()
        raise ImpossibleState(f"no legal move of {mover.word} gives the server's state "
                              f"({_describe(state)})")

    def _agrees(self, state: State) -> bool:
        """Whether the server's turn word is what our rules make of the move just pushed;
        if it ends the game, :attr:`result` says how."""
        outcome: Outcome | None = self.board.last_move_outcome
        if outcome is None:
            if state.turn in PLAYING:
                return state.turn == _turn_word(self.board.side)
            if state.turn == "DRAW":
                # The server also draws a game that has lasted ten hours.
                self.result = "Draw: declared by the server."
                return True
            return False
        if _FINAL_WORDS.get(outcome.reason) != state.turn:
            return False
        self.result = outcome.describe()
        return True


def _turn_word(side: Side) -> str:
    return "WHITE" if side is Side.WHITE else "BLACK"


def _same_pieces(board: Board, state: State, king_before: int = NO_KING) -> bool:
    """Whether the server's board is ours.  The server leaves a captured king where he
    stood, our board takes him off: ``king_before`` is his square before the move."""
    if board.black != state.black or board.white != state.white:
        return False
    if board.king == NO_KING:
        return state.king == king_before and state.turn == "BLACKWIN"
    return board.king == state.king


def _describe(state: State) -> str:
    board = Board(ASHTON, state.black, state.white, state.king,
                  Side.WHITE if state.turn == "WHITE" else Side.BLACK)
    return f"{board.position().split()[0]}, turn {state.turn}"


__all__ = ["Follower", "ImpossibleState"]

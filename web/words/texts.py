"""The words the page shows about a game: the status line, the end of a game, the first
words a visitor reads, the move list and the captured pieces.

Browser-free, so that it is tested natively (``tests/test_web_logic.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tablut import Game, Outcome, Reason, Rules, Side, parse_position
from tablut.rules import Escape
from tablut.squares import shape
from web.models.state import Settings


def named(game: Game, sq: int) -> str:
    """The name of square ``sq`` on ``game``'s board ("e5"; "k11" on 11x11)."""
    return game.board.geometry.shape.square_name(sq)


def plural(count: int, word: str, words: str | None = None) -> str:
    """``count`` and ``word``, made plural when the count is not one: "1 move", "2 moves"."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def outcome_sentence(game: Game, outcome: Outcome) -> str:
    """How the game ended, for the status line and the announcements: who won and how,
    with the square where it happened ("Black wins: the king is captured on e4.")."""
    winner = outcome.winner
    head = "Draw" if winner is None else f"{winner.word.capitalize()} wins"
    return f"{head}: {_how(game, outcome)}."


def _how(game: Game, outcome: Outcome) -> str:
    loser = None if outcome.winner is None else outcome.winner.opponent.word.capitalize()
    reason = outcome.reason
    if reason is Reason.ESCAPE:
        return f"the king reached {named(game, game.board.king)}"
    if reason is Reason.KING_CAPTURED:
        return f"the king is captured on {named(game, _king_before_last_move(game))}"
    if reason is Reason.ENCIRCLED:
        return "black has surrounded every white piece"
    if reason is Reason.EDGE_FORT:
        return (f"the king on {named(game, game.board.king)} holds a fort on the edge "
                "that black cannot break")
    if reason is Reason.NO_MOVES:
        return f"{loser} cannot move"
    if reason is Reason.REPETITION:
        if outcome.winner is None:
            return "the position repeated"
        return f"{loser} repeated an earlier position"
    limit = plural(game.limit or 0, "move")
    return f"{loser} reached the limit of {limit} without winning"


def _king_before_last_move(game: Game) -> int:
    """Where the king stood before the move that took him."""
    return game.board_at(game.ply - 1).king


def status_text(game: Game) -> str:
    """The status line: whose turn it is, or how the game ended."""
    outcome = game.outcome()
    if outcome is not None:
        return outcome_sentence(game, outcome)
    return f"{game.side.word.capitalize()} to move."


def time_out_sentence(side: Side, other_can_win: bool) -> str:
    """The end of a game on time: "White lost on time.", or a draw when the other side
    could never have won (black with no piece left)."""
    if other_can_win:
        return f"{side.word.capitalize()} lost on time."
    return (f"Draw: {side.word.capitalize()} ran out of time, but "
            f"{side.opponent.word.capitalize()} has no piece left to win with.")


#: Who each side is, and what it plays for, in a newcomer's words.
ROLES = {Side.BLACK: "Black, the attackers", Side.WHITE: "White, the defenders"}


def goal(side: Side, rules: Rules) -> str:
    """What ``side`` plays for under ``rules``."""
    if side is Side.BLACK:
        extra = " or surround every white piece" if rules.encirclement else ""
        return f"capture the king{extra}"
    where = "a corner" if rules.escape is Escape.CORNER else "any edge square"
    fort = " or shut him in a fort on an edge" if rules.edge_forts else ""
    return f"bring the king to {where}{fort}"


def no_moves_text(first: Side) -> str:
    """What the empty move list says: who is to make the first move."""
    return f"No moves yet. {first.word.capitalize()} moves first."


def intro_text(settings: Settings, rules: Rules, verb: str = "Click") -> str:
    """The first words a visitor reads: who plays what, what for, and how to move."""
    people = [side for side in Side if not settings.is_computer(side)]
    how = f"{verb} a piece, then a square."
    if len(people) == 1:
        side = people[0]
        return (f"You play {ROLES[side]}, against the computer: {goal(side, rules)}. "
                f"{ROLES[side.opponent].split(',')[0]} tries to "
                f"{goal(side.opponent, rules)}. {how}")
    if len(people) == 2:
        return (f"Two players, one board. {ROLES[Side.BLACK]}, try to "
                f"{goal(Side.BLACK, rules)}; {ROLES[Side.WHITE]}, try to "
                f"{goal(Side.WHITE, rules)}. {rules.first_side.word.capitalize()} moves "
                f"first. {how}")
    return ("The computer plays both sides; watch, or choose Human for a side in "
            "Settings to take over.")


def move_label(game: Game, ply: int) -> str:
    """The number of the move that leads to ``ply`` (1-based), as the move list shows it:
    "3." for black's third move, "3…" for white's reply (in ashton, where white moves
    first: white's third move, and black's reply)."""
    offset = 0 if game.first_side is game.rules.first_side else 1
    index = ply - 1 + offset
    number = index // 2 + 1
    return f"{number}." if index % 2 == 0 else f"{number}…"


@dataclass(frozen=True)
class MoveEntry:
    """One line of the move list: the ply it leads to, its number and its notation."""

    ply: int
    number: str
    text: str
    side: Side


def whole_move(move: tuple[int, int], size: int = 9) -> str:
    """A move on the board of ``size`` as the page writes it, both squares whole
    ("e8-c8"): a newcomer reads it at once (the text interface and the records keep the
    short form, "e8-c")."""
    name = shape(size).square_name
    return f"{name(move[0])}-{name(move[1])}"


def move_entries(game: Game) -> Iterator[MoveEntry]:
    """Every move of the record (undone ones included), numbered as players number them:
    black's move and white's reply share a number (white's and black's in ashton)."""
    side = game.first_side
    size = game.rules.size
    for ply, move in enumerate(game.moves, 1):
        yield MoveEntry(ply, move_label(game, ply), whole_move(move, size), side)
        side = side.opponent


def captured_counts(game: Game) -> dict[str, int]:
    """How many black and white pieces (the king counted as white) have left the board
    since the start position, at the current position."""
    start = parse_position(game.start, game.rules)
    board = game.board
    white_now = board.white.bit_count() + (1 if board.king >= 0 else 0)
    white_then = start.white.bit_count() + (1 if start.king >= 0 else 0)
    return {
        "black": start.black.bit_count() - board.black.bit_count(),
        "white": white_then - white_now,
    }


def captured_words(colour: str, count: int, king: bool) -> str:
    """What a row of captured pieces says to a screen reader: ``count`` pieces of
    ``colour`` ("black" or "white"), the last of them the king when ``king``."""
    if king:
        guards = count - 1
        return "the king" if guards == 0 else f"{plural(guards, 'white piece')} and the king"
    return plural(count, f"{colour} piece") if count else f"no {colour} pieces"


def score_text(score: int, mate_in: int | None, side: Side) -> tuple[str, float]:
    """The evaluation as words and as white's share of the bar (0..1).

    ``score`` and ``mate_in`` are for ``side``, the side to move, as the engine gives them
    (hundredths of a guard; ``mate_in`` > 0 when ``side`` wins by force).
    """
    white_view = score if side is Side.WHITE else -score
    if mate_in is not None:
        winner = side if mate_in > 0 else side.opponent
        moves = abs(mate_in)
        text = f"{winner.word.capitalize()} wins in {moves} move{'s' if moves != 1 else ''}"
        return text, 1.0 if winner is Side.WHITE else 0.0
    share = 0.5 + max(-0.5, min(0.5, white_view / 1000))
    sign = "+" if white_view > 0 else ""
    return f"{sign}{white_view / 100:.2f}", share

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
from web.words.catalogue import N_, _, ngettext
from web.words.sides import side_name


def named(game: Game, sq: int) -> str:
    """The name of square ``sq`` on ``game``'s board ("e5"; "k11" on 11x11)."""
    return game.board.geometry.shape.square_name(sq)


def outcome_sentence(game: Game, outcome: Outcome) -> str:
    """How the game ended, for the status line and the announcements: who won and how,
    with the square where it happened ("Black wins: the king is captured on e4.")."""
    winner, reason = outcome.winner, outcome.reason
    if reason is Reason.ESCAPE:
        # Translators: {square} is the edge or corner square the king reached, as "a5".
        return _("White wins: the king reached {square}.").format(
            square=named(game, game.board.king))
    if reason is Reason.KING_CAPTURED:
        # Translators: {square} is where the king stood when he was captured, as "e4".
        return _("Black wins: the king is captured on {square}.").format(
            square=named(game, _king_before_last_move(game)))
    if reason is Reason.ENCIRCLED:
        return _("Black wins: black has surrounded every white piece.")
    if reason is Reason.EDGE_FORT:
        # Translators: {square} is the king's square, as "e1".
        return _("White wins: the king on {square} holds a fort on the edge that black "
                 "cannot break.").format(square=named(game, game.board.king))
    if winner is None:
        return _("Draw: the position repeated.")
    sides = {"winner": side_name(winner), "loser": side_name(winner.opponent)}
    if reason is Reason.NO_MOVES:
        # Translators: {winner} and {loser} are side names, "Black" or "White".
        return _("{winner} wins: {loser} cannot move.").format(**sides)
    if reason is Reason.REPETITION:
        # Translators: {winner} and {loser} are side names, "Black" or "White".
        return _("{winner} wins: {loser} repeated an earlier position.").format(**sides)
    limit = game.limit or 0
    # Translators: {winner} and {loser} are side names, "Black" or "White"; {count} is
    # the move limit per side.
    return ngettext("{winner} wins: {loser} reached the limit of {count} move without "
                    "winning.",
                    "{winner} wins: {loser} reached the limit of {count} moves without "
                    "winning.", limit).format(count=limit, **sides)


def _king_before_last_move(game: Game) -> int:
    """Where the king stood before the move that took him."""
    return game.board_at(game.ply - 1).king


def status_text(game: Game) -> str:
    """The status line: whose turn it is, or how the game ended."""
    outcome = game.outcome()
    if outcome is not None:
        return outcome_sentence(game, outcome)
    return to_move(game.side)


def to_move(side: Side) -> str:
    """Whose turn it is: "Black to move."."""
    # Translators: {side} is "Black" or "White".
    return _("{side} to move.").format(side=side_name(side))


def time_out_sentence(side: Side, other_can_win: bool) -> str:
    """The end of a game on time: "White lost on time.", or a draw when the other side
    could never have won (black with no piece left)."""
    if other_can_win:
        # Translators: {side} is "Black" or "White".
        return _("{side} lost on time.").format(side=side_name(side))
    # Translators: {side} ran out of time; {other} is the other side ("Black", "White").
    return _("Draw: {side} ran out of time, but {other} has no piece left to win "
             "with.").format(side=side_name(side), other=side_name(side.opponent))


#: Who each side is, in a newcomer's words (translated where shown).
ROLES = {
    # Translators: a side and its role, in "You play {role}, against the computer".
    Side.BLACK: N_("Black, the attackers"),
    # Translators: a side and its role, in "You play {role}, against the computer".
    Side.WHITE: N_("White, the defenders"),
}


def goal(side: Side, rules: Rules) -> str:
    """What ``side`` plays for under ``rules``: an infinitive clause, "capture the king",
    used in several sentences of :func:`intro_text`."""
    if side is Side.BLACK:
        if rules.encirclement:
            # Translators: black's goal, a clause that follows "against the computer:"
            # and "tries to"/"try to" ("Black tries to capture the king ...").
            return _("capture the king or surround every white piece")
        # Translators: black's goal, a clause that follows "against the computer:" and
        # "tries to"/"try to" ("Black tries to capture the king.").
        return _("capture the king")
    corner = rules.escape is Escape.CORNER
    if rules.edge_forts:
        if corner:
            # Translators: white's goal, a clause that follows "against the computer:"
            # and "tries to"/"try to" ("White tries to bring the king to a corner ...").
            return _("bring the king to a corner or shut him in a fort on an edge")
        # Translators: white's goal, a clause that follows "against the computer:" and
        # "tries to"/"try to" ("White tries to bring the king to any edge square ...").
        return _("bring the king to any edge square or shut him in a fort on an edge")
    if corner:
        # Translators: white's goal, a clause that follows "against the computer:" and
        # "tries to"/"try to" ("White tries to bring the king to a corner.").
        return _("bring the king to a corner")
    # Translators: white's goal, a clause that follows "against the computer:" and
    # "tries to"/"try to" ("White tries to bring the king to any edge square.").
    return _("bring the king to any edge square")


def no_moves_text(first: Side) -> str:
    """What the empty move list says: who is to make the first move."""
    # Translators: {side} is "Black" or "White".
    return _("No moves yet. {side} moves first.").format(side=side_name(first))


def how_to_move(verb: str = "Click") -> str:
    """How a person moves a piece, with a mouse ("Click") or a finger ("Tap")."""
    if verb == "Tap":
        return _("Tap a piece, then a square.")
    return _("Click a piece, then a square.")


def intro_text(settings: Settings, rules: Rules, verb: str = "Click") -> str:
    """The first words a visitor reads: who plays what, what for, and how to move
    (``verb``: "Click", or "Tap" on a touch screen)."""
    people = [side for side in Side if not settings.is_computer(side)]
    how = how_to_move(verb)
    if len(people) == 1:
        side = people[0]
        # Translators: {role} is "Black, the attackers" or "White, the defenders";
        # {goal} and {other_goal} are goal clauses ("capture the king"); {other} is the
        # computer's side, "Black" or "White".
        text = _("You play {role}, against the computer: {goal}. {other} tries to "
                 "{other_goal}.").format(role=_(ROLES[side]), goal=goal(side, rules),
                                         other=side_name(side.opponent),
                                         other_goal=goal(side.opponent, rules))
        return f"{text} {how}"
    if len(people) == 2:
        # Translators: {black} is "Black, the attackers", {white} "White, the
        # defenders"; the goals are goal clauses ("capture the king"); {first} is the
        # side that moves first, "Black" or "White".
        text = _("Two players, one board. {black}, try to {black_goal}; {white}, try to "
                 "{white_goal}. {first} moves first.").format(
            black=_(ROLES[Side.BLACK]), black_goal=goal(Side.BLACK, rules),
            white=_(ROLES[Side.WHITE]), white_goal=goal(Side.WHITE, rules),
            first=side_name(rules.first_side))
        return f"{text} {how}"
    return _("The computer plays both sides; watch, or choose Human for a side in "
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
        if guards == 0:
            # Translators: the pieces white has lost, read by a screen reader.
            return _("the king")
        # Translators: the pieces white has lost, read by a screen reader.
        return ngettext("{count} white piece and the king", "{count} white pieces and the king",
                        guards).format(count=guards)
    if colour == "black":
        if not count:
            # Translators: the pieces black has lost, read by a screen reader.
            return _("no black pieces")
        # Translators: the pieces black has lost, read by a screen reader.
        return ngettext("{count} black piece", "{count} black pieces", count).format(count=count)
    if not count:
        # Translators: the pieces white has lost, read by a screen reader.
        return _("no white pieces")
    # Translators: the pieces white has lost, read by a screen reader.
    return ngettext("{count} white piece", "{count} white pieces", count).format(count=count)


def score_text(score: int, mate_in: int | None, side: Side) -> tuple[str, float]:
    """The evaluation as words and as white's share of the bar (0..1).

    ``score`` and ``mate_in`` are for ``side``, the side to move, as the engine gives them
    (hundredths of a guard; ``mate_in`` > 0 when ``side`` wins by force).
    """
    white_view = score if side is Side.WHITE else -score
    if mate_in is not None:
        winner = side if mate_in > 0 else side.opponent
        moves = abs(mate_in)
        # Translators: {side} is "Black" or "White"; the computer sees a forced win.
        text = ngettext("{side} wins in {count} move", "{side} wins in {count} moves",
                        moves).format(side=side_name(winner), count=moves)
        return text, 1.0 if winner is Side.WHITE else 0.0
    share = 0.5 + max(-0.5, min(0.5, white_view / 1000))
    sign = "+" if white_view > 0 else ""
    return f"{sign}{white_view / 100:.2f}", share

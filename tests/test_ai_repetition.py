"""The computer and repeated positions: a side that is ahead does not let the game end by
repetition, a side that repeats where repeating loses never does it while anything else
holds, and a side clearly behind takes the draw (see ``Searcher.draw_score`` and
``Searcher._repeats_in_path`` in :mod:`tablut.ai.search`).

The searches are limited by a level's node budget or by a fixed depth, never by the
clock: no result here depends on the machine's speed.  The game's are the default
level's, the constructed positions' a level lower (quicker).
"""

from __future__ import annotations

import pytest

from tablut.ai import Engine
from tablut.ai.evaluate import Evaluator
from tablut.ai.progress import FADE_PLIES, QUIET_PLIES
from tablut.ai.search import CONTEMPT, INF, Searcher
from tablut.ai.weights import weights_for
from tablut.board import Board, Move, Reason
from tablut.notation import format_move, parse_move
from tablut.rules import RULES, RepetitionOutcome

# -- the game against OpenTafl's AI ------------------------------------------------------------

#: OpenTafl's AI (black, the attackers, first to move) against ours (white) at 3 s a
#: move, opentafl rules: from ply 10 our king went c4-e4 and back while black's e2 went
#: to c2 and back, and black's c2-e2 at ply 17 made the third occurrence, a draw.
OPENTAFL_GAME = [
    "e2-g2", "e4-h4", "h5-h7", "e5-e4", "a4-b4", "e3-d3", "e1-e2", "d5-d8", "e8-g8",
    "e4-c4", "e2-c2", "c4-e4", "c2-e2", "e4-c4", "e2-c2", "c4-e4", "c2-e2",
]

#: The plies played before each of white's moves in the shuffle (Ke4-c4, Kc4-e4, ...).
SHUFFLE_TURNS = (9, 11, 13, 15)


def replay(moves: list[str], rules: str = "opentafl") -> Board:
    """The board after ``moves`` from the start of ``rules``, each checked legal."""
    board = Board.start(RULES[rules])
    for text in moves:
        move = parse_move(text)
        assert board.outcome() is None and board.is_legal(move), text
        board.push(move)
    return board


def repetition_replies(board: Board) -> list[Move]:
    """The replies of the side to move that end the game by repetition."""
    found = []
    for move in board.legal_moves():
        board.push(move)
        outcome = board.last_move_outcome
        board.pop()
        if outcome is not None and outcome.reason is Reason.REPETITION:
            found.append(move)
    return found


def test_the_game_is_replayed_as_recorded_and_ends_in_a_draw_by_repetition():
    board = replay(OPENTAFL_GAME)
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is None
    assert outcome.reason is Reason.REPETITION and board.occurrences() == 3
    # Ply 16 (Kc4-e4) was the move that let black repeat.
    before = replay(OPENTAFL_GAME[:16])
    assert [format_move(m) for m in repetition_replies(before)] == ["c2-e"]


@pytest.mark.parametrize("played", SHUFFLE_TURNS)
def test_ours_does_not_let_black_draw_the_game_by_repetition(played):
    """At each of white's turns of the shuffle, the default level no longer plays a move
    that lets black make the third occurrence (at ply 16 the record's Kc4-e4 did; the
    search scores its position about level, and a draw is worth less than that)."""
    board = replay(OPENTAFL_GAME[:played])
    analysis = Engine(level=5).think(board)
    board.push(analysis.move)
    assert repetition_replies(board) == [], (format_move(analysis.move), analysis.score)


def test_at_the_depth_of_three_seconds_ours_plays_on_at_ply_16():
    """The game's own search (3 s a move reached depth 5 there) played Kc4-e4, scored as
    the draw it allowed; to the same depth the search now plays on."""
    board = replay(OPENTAFL_GAME[:15])
    analysis = Engine(level=5).think(board, depth=5)
    assert format_move(analysis.move) != "c4-e"
    board.push(analysis.move)
    assert repetition_replies(board) == []


# -- constructed positions ---------------------------------------------------------------------

#: Positions from tools/search_positions.txt where the side to move is clearly ahead or
#: clearly behind (by the engine's search, in each rule set they are used in below).
WHITE_AHEAD = ("----BB---/---------/---B-K--B/--B-B-W--/BB-------/B-----WW-/----W----/"
               "B-W--B---/---B----B w")
BLACK_AHEAD = ("----B-W--/--------B/-B---B--B/B--BB----/--B-KW-B-/WB-W-WB--/-----B---/"
               "-W--B----/---BB---- b")
WHITE_BEHIND = ("-B-B-----/B--K-B--W/-B-WW----/----W---B/B-W--B-BB/----B-B--/---B-----/"
                "----B----/----B---- w")
BLACK_BEHIND = ("-----WB--/--B------/----WB---/---------/B--BK--B-/----B----/--B------/"
                "-----B---/--------- b")


def quiet(board: Board, move: Move) -> bool:
    """Whether ``move`` is legal in ``board`` and neither captures nor ends the game."""
    if not board.is_legal(move):
        return False
    board.push(move)
    ok = not board.captured and board.last_move_outcome is None
    board.pop()
    return ok


def with_shuffle(position: str, rules: str, move: Move) -> Board:
    """The board of ``position`` reached again through a history in which ``move`` (the
    side to move's, quiet) now makes the position it leads to occur for the rule set's
    ``repetition_count``-th time: the position after ``move`` first, then ``move``
    undone and done again by the same side while the other side moves a piece out and
    back, round the cycle as often as the count needs."""
    spec = RULES[rules]
    start = Board.from_position(position, spec)
    assert quiet(start, move)
    start.push(move)
    after = Board.from_position(start.position(), spec)
    back = (move[1], move[0])
    for out in after.legal_moves():
        trial = after.copy()
        if not quiet(trial, out):
            continue
        trial.push(out)
        if not quiet(trial, back):
            continue
        trial.push(back)
        if not quiet(trial, (out[1], out[0])):
            continue
        cycle = [move, out, back, (out[1], out[0])]
        board = after.copy()
        for step in cycle[1:] + cycle * (spec.repetition_count - 2):
            assert board.is_legal(step)
            board.push(step)
        assert board.position() == position and board.last_move_outcome is None
        board.push(move)
        assert board.occurrences() == spec.repetition_count
        board.pop()
        return board
    raise AssertionError("no piece of the other side can go out and back")


CONSTRUCTED = Engine(level=4)
"""The player of the constructed positions: a level below the default, to keep the tests
quick (its node budget makes it as reproducible)."""


def natural_move(position: str, rules: str) -> Move:
    """The move a short search (three plies) likes best in ``position`` with no history:
    the move a side would play again if nothing stopped it."""
    return CONSTRUCTED.think(Board.from_position(position, RULES[rules]), depth=3).move


@pytest.mark.parametrize("position", [WHITE_AHEAD, BLACK_AHEAD], ids=["white", "black"])
def test_a_side_ahead_does_not_repeat_a_third_time_where_that_draws(position):
    """opentafl (a third occurrence draws): the move the side ahead plays in the position
    with no history is, with a history that makes it the third occurrence, not played,
    and the side still scores itself ahead."""
    assert RULES["opentafl"].repetition_outcome is RepetitionOutcome.DRAW
    move = natural_move(position, "opentafl")
    analysis = CONSTRUCTED.think(with_shuffle(position, "opentafl", move))
    assert analysis.move != move
    assert analysis.score > CONTEMPT


@pytest.mark.parametrize("rules,position", [
    ("nielsen", BLACK_AHEAD), ("nielsen", BLACK_BEHIND), ("berkeley", WHITE_AHEAD),
    ("berkeley", WHITE_BEHIND),
], ids=["nielsen black ahead", "nielsen black behind", "berkeley white ahead",
        "berkeley white behind"])
def test_the_repeating_side_never_repeats_where_that_loses(rules, position):
    """nielsen (a third occurrence loses for the side that makes it) and berkeley (a
    second one does): whether ahead or behind, the side to move does not play the move
    it would play with no history when that move now makes the losing occurrence; it
    has moves that do not lose at once, and it is not lost."""
    spec = RULES[rules]
    assert spec.repetition_outcome is RepetitionOutcome.MOVER_LOSES
    move = natural_move(position, rules)
    board = with_shuffle(position, rules, move)
    analysis = CONSTRUCTED.think(board)
    assert analysis.move != move
    assert analysis.mate_in is None or analysis.mate_in > 0
    board.push(analysis.move)
    assert board.last_move_outcome is None


@pytest.mark.parametrize("position", [WHITE_BEHIND, BLACK_BEHIND], ids=["white", "black"])
def test_a_side_clearly_behind_takes_the_draw(position):
    """opentafl: where the side to move is clearly behind, the move that makes the third
    occurrence is the one it plays, and it reads as a draw (0), not as the contempt the
    search gives a draw."""
    fresh = CONSTRUCTED.think(Board.from_position(position, RULES["opentafl"]))
    assert fresh.score < -4 * CONTEMPT
    board = with_shuffle(position, "opentafl", fresh.move)
    analysis = CONSTRUCTED.think(board)
    assert analysis.move == fresh.move and analysis.score == 0


# -- the search's rules for repetitions ----------------------------------------------------------


def searcher_at(board: Board) -> Searcher:
    """A searcher with ``board`` (copied) as its root, as a search starts."""
    searcher = Searcher(Evaluator(weights_for(board.rules)))
    searcher._take_root(board)
    return searcher


def walk(searcher: Searcher, moves: list[Move]) -> int:
    """Push ``moves`` on the searcher's board from its root as the tree does, each
    position on the way a node with children (which notes its position for the
    repetition test, as ``_expand`` does); the ply reached."""
    board = searcher.board
    for ply, move in enumerate(moves):
        searcher._path_keys[ply] = board.hash
        board.push(move)
    return len(moves)


def a_cycle(board: Board) -> list[Move]:
    """Four quiet plies that bring ``board`` back to its position: a piece of the side
    to move out, one of the other side out, both back."""
    for first in board.legal_moves():
        if not quiet(board, first):
            continue
        board.push(first)
        for second in board.legal_moves():
            line = [second, (first[1], first[0]), (second[1], second[0])]
            trial = board.copy()
            for move in line:
                if not quiet(trial, move):
                    break
                trial.push(move)
            else:
                board.pop()
                return [first, *line]
        board.pop()
    raise AssertionError("no cycle")


def score_along(root: Board, line: list[Move]) -> int:
    """The score that the search gives, for the side to move, the position at the end of
    ``line`` from ``root`` (a leaf of the tree: depth 0)."""
    searcher = searcher_at(root)
    ply = walk(searcher, line)
    return searcher._search(0, -INF, INF, ply)


def score_without_history(root: Board, line: list[Move]) -> int:
    """The same position's score as a leaf at the same ply, met on no cycle."""
    board = root.copy()
    for move in line:
        board.push(move)
    fresh = Board.from_position(board.position(), root.rules)
    searcher = searcher_at(fresh)
    return searcher._search(0, -INF, INF, len(line))


def test_a_position_of_the_tree_met_again_in_the_tree_is_a_draw():
    """Where a third occurrence draws, a position that the tree's own line has already
    been through is scored as a draw at its second occurrence (the rules alone would
    wait for the third, four plies deeper); the root's position met again is not."""
    root = Board.from_position(BLACK_AHEAD, RULES["opentafl"])
    assert searcher_at(root).draw_score() == -CONTEMPT
    cycle = a_cycle(root)
    # Back at the root's position: no draw.
    assert score_along(root, cycle) == score_without_history(root, cycle)
    # The position after the first move, again: white to move, to whom a draw is worth
    # what it costs the root's side (black, ahead).
    line = cycle + cycle[:1]
    assert score_without_history(root, line) != CONTEMPT
    assert score_along(root, line) == CONTEMPT


def test_no_such_draw_where_repeating_loses():
    """Where a repetition loses for the side that makes it, only the rule decides: the
    same line is searched on as if the position were new."""
    root = Board.from_position(BLACK_AHEAD, RULES["nielsen"])
    cycle = a_cycle(root)
    line = cycle + cycle[:1]
    assert score_along(root, line) == score_without_history(root, line)


def test_the_table_keeps_no_score_that_a_repetition_decided():
    """A node whose best move draws by repetition keeps only that move in the table: on
    another path to the position the same move repeats nothing.  Without the history,
    the same node's score is kept."""
    move = natural_move(BLACK_BEHIND, "opentafl")
    repeated = with_shuffle(BLACK_BEHIND, "opentafl", move)
    # The root one ply earlier: white to move, about to go back into the position.
    repeated.pop()
    into = next(m for m in repeated.legal_moves()
                if quiet(repeated, m) and _position_after(repeated, m) == BLACK_BEHIND)
    fresh = Board.from_position(repeated.position(), RULES["opentafl"])
    for board, kept in ((repeated, False), (fresh, True)):
        searcher = searcher_at(board)
        ply = walk(searcher, [into])
        key = searcher.board.hash
        score = searcher._search(2, -INF, INF, ply)
        entry = searcher.tt[key & searcher.tt_mask]
        assert entry is not None and entry[0] == key
        assert (entry[1] >= 2) is kept
        if not kept:  # black, far behind, takes the draw
            assert score == CONTEMPT and entry[4] == move


def _position_after(board: Board, move: Move) -> str:
    """The position string after ``move`` in ``board`` (unchanged)."""
    board.push(move)
    try:
        return board.position()
    finally:
        board.pop()


def test_the_contempt_fades_with_the_lead():
    """A side that has captured nothing for long has nothing left to play for: the draw
    costs it nothing once its lead would have faded away (:mod:`tablut.ai.progress`),
    so that it takes the draw rather than shuffle for ever."""
    board = Board.from_position(QUIET_LEAD, RULES["opentafl"])
    assert searcher_at(board).draw_score() == -CONTEMPT
    for _ in range(QUIET_PLIES + FADE_PLIES // 2):
        walk_the_edges(board)
    assert -CONTEMPT < searcher_at(board).draw_score() < 0
    for _ in range(FADE_PLIES // 2):
        walk_the_edges(board)
    assert searcher_at(board).draw_score() == 0


#: Black to move; a soldier on a1 and a guard on a9 can walk along their edges for long
#: without a capture or a repeated position (as in tests/test_progress.py).
QUIET_LEAD = ("W--------/---------/----B----/---------/--B-K-B--/---------/"
              "----B----/---------/B-------- b")


def walk_the_edges(board: Board) -> None:
    """One ply: the soldier of the first row (round a1..g1) or the guard of the ninth
    (round a9..h9) one square on."""
    black = board.turn == 0
    row, length = (0, 7) if black else (8, 8)
    pieces = board.black if black else board.white
    column = next(c for c in range(9) if pieces >> (row * 9 + c) & 1)
    board.push((row * 9 + column, row * 9 + (column + 1) % length))
    assert not board.captured and board.last_move_outcome is None

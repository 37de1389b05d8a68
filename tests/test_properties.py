"""Invariants checked on random games in every rule set (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import RefState

from tablut.board import Board
from tablut.game import Game
from tablut.notation import format_position
from tablut.rules import RULES, TABLUT_RULES
from tablut.side import Side

# The reference generator knows the 9x9 board (tests/test_family.py checks the others
# against OpenTafl's own judgements).
rule_sets = st.sampled_from(sorted(TABLUT_RULES))


def random_game(data, rules: str, max_moves: int = 60) -> tuple[Board, list]:
    """Play random legal moves from the start; the board and the moves."""
    board = Board.start(RULES[rules])
    moves = []
    for _ in range(data.draw(st.integers(0, max_moves))):
        legal = board.legal_moves()
        if not legal:
            break
        move = data.draw(st.sampled_from(legal))
        board.push(move)
        moves.append(move)
    return board, moves


def to_ref(move):
    frm, to = move
    return (frm % 9, frm // 9), (to % 9, to // 9)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), rules=rule_sets)
def test_undo_restores_the_exact_position_and_hash(data, rules):
    board, moves = random_game(data, rules)
    snapshots = []
    replay = Board.start(RULES[rules])
    for move in moves:
        snapshots.append((format_position(replay), replay.hash, replay.occurrences()))
        replay.push(move)
    for _ in moves:
        board.pop()
        assert (format_position(board), board.hash, board.occurrences()) == snapshots.pop()
    assert board.ply == 0


@settings(max_examples=60, deadline=None)
@given(data=st.data(), rules=rule_sets)
def test_incremental_hash_equals_hash_from_scratch(data, rules):
    board, _ = random_game(data, rules)
    assert board.hash == board.recomputed_hash()


@settings(max_examples=40, deadline=None)
@given(data=st.data(), rules=rule_sets)
def test_move_generator_and_rules_agree_with_the_reference(data, rules):
    """Same legal moves, same captures and same game ends as the simple implementation."""
    board = Board.start(RULES[rules])
    ref = RefState.from_position(board.position(), RULES[rules])
    for _ in range(data.draw(st.integers(0, 80))):
        legal = board.legal_moves()
        assert sorted(map(to_ref, legal)) == sorted(ref.moves())
        if not legal:
            break
        move = data.draw(st.sampled_from(legal))
        board.push(move)
        ref = ref.play(to_ref(move))
        reference_position = RefState(ref.rules, ref.pieces, ref.turn)
        assert format_position(board).split()[0] == _ref_rows(reference_position)
        outcome = board.last_move_outcome
        expected = None if ref.winner is None else ref.winner
        got = None if outcome is None else {Side.BLACK: "B", Side.WHITE: "W", None: "draw"}[
            outcome.winner]
        assert got == expected


def _ref_rows(state: RefState) -> str:
    return "/".join(
        "".join(state.pieces.get((c, r), "-") for c in range(9)) for r in reversed(range(9))
    )


@settings(max_examples=40, deadline=None)
@given(data=st.data(), rules=rule_sets)
def test_json_round_trip(data, rules):
    board, moves = random_game(data, rules, max_moves=40)
    game = Game(rules)
    for move in moves:
        game.play(move)
    game.goto(data.draw(st.integers(0, len(moves))))
    again = Game.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    assert format_position(again.board) == format_position(game.board)
    assert again.outcome() == game.outcome()

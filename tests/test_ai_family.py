"""The computer player on the tafl family's boards: Brandubh (7x7), Copenhagen and Fetlar
(11x11).

Its bitboard helpers (:mod:`tablut.ai.bits`) are checked against the slow, obvious way,
square by square: rays walked one step at a time, neighbours looked at, every legal move
played on the board.  The positions are random ones of each size (random legal moves from
the start, and crowds of pieces around the king, where captures happen), and for the
helpers that read raw bitboards random sets of squares on every supported size.  Then the
engine itself, at low levels: a legal move from the start and from mid-game positions, and
a king's escape or capture in one found where there is one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from helpers import board as make_board
from hypothesis import given, settings
from hypothesis import strategies as st

from tablut.ai.bits import (
    black_can_capture_king,
    black_reaches_any,
    board_bits,
    capture_destinations,
    king_capture_squares,
    king_escape_targets,
    king_threat_squares,
    open_escape_rays,
)
from tablut.ai.engine import Engine
from tablut.ai.evaluate import FEATURES, Evaluator, features
from tablut.ai.ordering import MoveOrder
from tablut.ai.weights import weights_for
from tablut.board import NO_KING, Board, Reason
from tablut.geometry import geometry
from tablut.rules import RULES
from tablut.side import Side
from tablut.squares import DIRECTIONS, SIZES, Bitboard, Shape, Square, shape, squares_of

FAMILY = ("brandubh", "copenhagen", "fetlar")

# -- positions and the slow reference ------------------------------------------------------


def random_boards(name: str, count: int, seed: int) -> list[Board]:
    """``count`` positions of random games of ``name`` that go on (no outcome yet)."""
    rng = random.Random(seed)
    boards: list[Board] = []
    b = Board.start(RULES[name])
    while len(boards) < count:
        moves = b.legal_moves()
        if not moves or b.ply > 120:
            b = Board.start(RULES[name])
            continue
        b.push(rng.choice(moves))
        if b.last_move_outcome is None and rng.random() < 0.3:
            boards.append(b.copy())
    return boards


def crowded_boards(name: str, count: int, seed: int, turn: int = Side.BLACK) -> list[Board]:
    """``count`` positions of ``name`` with black pieces crowding the king (each square
    within two steps of him black at even odds) and a few white guards: the positions
    where the king is captured, which random games seldom reach."""
    rng = random.Random(seed)
    rules = RULES[name]
    geo = geometry(rules)
    squares = geo.shape
    boards = []
    while len(boards) < count:
        king = rng.choice([sq for sq in squares.squares if not geo.escape >> sq & 1])
        k_row, k_col = divmod(king, squares.size)
        free = [sq for sq in squares.squares if sq != king and geo.soldier_ok >> sq & 1]
        near = [sq for sq in free
                if abs(sq // squares.size - k_row) + abs(sq % squares.size - k_col) <= 2]
        black = squares.mask(sq for sq in near if rng.random() < 0.5)
        black |= squares.mask(rng.sample(free, 4))
        white = squares.mask(rng.sample(free, 4)) & ~black
        boards.append(Board(rules, black, white, king, turn))
    return boards


def walk(board: Shape, sq: Square, direction: tuple[int, int]) -> list[Square]:
    """The squares from ``sq`` to the edge in ``direction`` (row step, column step),
    nearest first, one step at a time."""
    row, col = divmod(sq, board.size)
    d_row, d_col = direction
    squares = []
    while 0 <= row + d_row < board.size and 0 <= col + d_col < board.size:
        row, col = row + d_row, col + d_col
        squares.append(board.square(col, row))
    return squares


def open_ray_to(board: Shape, sq: Square, direction: tuple[int, int], occupied: Bitboard,
                goal: Bitboard) -> bool:
    """Whether the ray from ``sq`` in ``direction`` is empty to the edge and ends on a
    square of ``goal``."""
    ray = walk(board, sq, direction)
    return bool(ray) and not any(occupied >> t & 1 for t in ray) and bool(goal >> ray[-1] & 1)


def with_turn(b: Board, turn: int) -> Board:
    """The pieces of ``b`` with ``turn`` to move (and no history)."""
    return Board(b.rules, b.black, b.white, b.king, turn)


def squares_in(size: int) -> st.SearchStrategy[Bitboard]:
    """Random sets of squares of the board of ``size`` as bitboards, from empty to full,
    mostly sparse (so that long empty rays are common)."""
    count = size * size
    return st.sets(st.integers(0, count - 1), max_size=count).map(
        lambda squares: sum(1 << sq for sq in squares))


sizes = st.sampled_from(SIZES)

# -- the raw-bitboard helpers, on every supported size -------------------------------------


@settings(max_examples=150, deadline=None)
@given(size=sizes, data=st.data())
def test_clear_lines_are_the_rays_walked_to_the_edge(size: int, data: st.DataObject) -> None:
    board = shape(size)
    occupied = data.draw(squares_in(size))
    lines = board_bits(size).clear_lines(board.all & ~occupied, (board.all,) * 4)
    for direction, line in zip(DIRECTIONS, lines, strict=True):
        expected = board.mask(sq for sq in board.squares
                              if not any(occupied >> t & 1 for t in walk(board, sq, direction)))
        assert line == expected, (size, direction)


@settings(max_examples=150, deadline=None)
@given(size=sizes, corner_escape=st.booleans(), data=st.data())
def test_escape_lines_are_the_open_rays_to_an_escape_square(size: int, corner_escape: bool,
                                                            data: st.DataObject) -> None:
    board = shape(size)
    occupied = data.draw(squares_in(size))
    escape = board.corners if corner_escape else board.edges
    lines = board_bits(size).escape_lines(board.all & ~occupied, corner_escape)
    for direction, line in zip(DIRECTIONS, lines, strict=True):
        expected = board.mask(sq for sq in board.squares
                              if open_ray_to(board, sq, direction, occupied, escape))
        assert line == expected, (size, corner_escape, direction)


@settings(max_examples=150, deadline=None)
@given(size=sizes, data=st.data())
def test_sandwich_ends_are_an_enemy_beside_and_a_hostile_square_beyond(
        size: int, data: st.DataObject) -> None:
    board = shape(size)
    enemies, hostile = data.draw(squares_in(size)), data.draw(squares_in(size))
    against_black, black = data.draw(squares_in(size)), data.draw(squares_in(size))
    helpers = board_bits(size)
    expected = board.mask(
        sq for sq in board.squares
        if any(enemies >> near & 1 and far >= 0 and hostile >> far & 1
               for _, near, far in board.neighbours[sq]))
    assert helpers.sandwich_ends(enemies, hostile) == expected
    assert helpers.both_sandwich_ends(enemies, hostile, black, against_black) == (
        expected, helpers.sandwich_ends(black, against_black))


# -- the helpers that read a board, on the family's random positions ------------------------


def family_boards(name: str) -> Iterator[Board]:
    """Random positions of ``name``, as random games leave them and crowded."""
    yield from random_boards(name, 25, seed=1)
    yield from crowded_boards(name, 25, seed=2)


@pytest.mark.parametrize("name", FAMILY)
def test_moves_onto_and_reached_are_the_boards_own_moves(name: str) -> None:
    rng = random.Random(3)
    for b in family_boards(name):
        helpers = board_bits(b.rules.size)
        geo = b.geometry
        occupied = b.occupied
        empty = geo.shape.all & ~occupied & geo.soldier_ok
        for turn in (Side.BLACK, Side.WHITE):
            to_move = with_turn(b, turn)
            pieces = b.black if turn == Side.BLACK else b.white
            soldier_moves = {m for m in to_move.legal_moves() if pieces >> m[0] & 1}
            targets = geo.shape.mask(sq for sq in squares_of(empty) if rng.random() < 0.5)
            moves = helpers.moves_onto(targets, occupied, pieces)
            assert moves == sorted(moves, key=lambda m: m[1])  # by target, lowest first
            assert set(moves) == {m for m in soldier_moves if targets >> m[1] & 1}, b
            for sq in squares_of(empty):
                movers = {frm for frm, to in soldier_moves if to == sq}
                assert helpers.reached(sq, occupied, pieces) == bool(movers), (b, sq)
                assert set(helpers.movers_to(sq, occupied, pieces)) == movers, (b, sq)
            if turn == Side.BLACK:
                reached = {to for _, to in soldier_moves}
                for _ in range(5):
                    squares = geo.shape.mask(rng.sample(list(squares_of(empty)), 3))
                    assert black_reaches_any(to_move, squares) == any(
                        squares >> sq & 1 for sq in reached), b


@pytest.mark.parametrize("name", FAMILY)
def test_king_capture_squares_are_where_a_black_move_captures_him(name: str) -> None:
    captures_seen = 0
    for b in family_boards(name):
        b = with_turn(b, Side.BLACK)
        squares = king_capture_squares(b)
        captured_on = set()
        for move in b.legal_moves():
            b.push(move)
            if b.king == NO_KING:
                assert b.last_move_outcome.reason is Reason.KING_CAPTURED
                captured_on.add(move[1])
            b.pop()
        reached = {to for _, to in b.legal_moves()}
        assert captured_on == {sq for sq in squares_of(squares) if sq in reached}, b
        assert black_can_capture_king(b) == bool(captured_on), b
        captures_seen += bool(captured_on)
    assert captures_seen >= 3  # the crowds do put the king in danger


@pytest.mark.parametrize("name", FAMILY)
def test_capture_destinations_are_where_a_soldier_captures(name: str) -> None:
    # Copenhagen's shieldwalls capture too; capture_destinations knows only sandwiches.
    rules = replace(RULES[name], shieldwalls=False)
    for b in family_boards(name):
        for turn in (Side.BLACK, Side.WHITE):
            b = Board(rules, b.black, b.white, b.king, turn)
            predicted = capture_destinations(b, turn)
            soldiers, enemies = (b.black, b.white) if turn == Side.BLACK else (b.white, b.black)
            for frm, to in b.legal_moves():
                if soldiers >> frm & 1:
                    b.push((frm, to))
                    captured = b.captured & enemies
                    b.pop()
                    assert bool(captured) == bool(predicted >> to & 1), (b, frm, to)


@pytest.mark.parametrize("name", FAMILY)
def test_the_kings_escapes_threats_and_open_lines_walk_the_rays(name: str) -> None:
    for b in family_boards(name):
        b = with_turn(b, Side.WHITE)
        geo = b.geometry
        board = geo.shape
        king_moves = [to for frm, to in b.legal_moves() if frm == b.king]
        escapes = set()
        for to in king_moves:
            b.push((b.king, to))
            if b.last_move_outcome is not None and b.last_move_outcome.reason is Reason.ESCAPE:
                escapes.add(to)
            b.pop()
        assert set(squares_of(king_escape_targets(b))) == escapes, b
        # A threat square: the king, moved there (nothing else changed), has an open line.
        moved = b.occupied & ~(1 << b.king)
        threats = {to for to in king_moves
                   if any(open_ray_to(board, to, d, moved | 1 << to, geo.escape)
                          for d in DIRECTIONS)}
        assert set(squares_of(king_threat_squares(b))) == threats, b
        lines = [walk(board, b.king, d) for d in DIRECTIONS
                 if open_ray_to(board, b.king, d, b.occupied, geo.escape)]
        blocks = board.mask(sq for line in lines for sq in line) & geo.soldier_ok
        assert open_escape_rays(b) == (len(lines), blocks), b


# -- the evaluation and the ordering on these sizes ------------------------------------------


def enclosed_by_walking(b: Board) -> int:
    """The white pieces from which no path of orthogonal steps over squares without a
    black piece reaches an edge."""
    board = b.geometry.shape
    outside = {sq for sq in board.squares if board.edges >> sq & 1 and not b.black >> sq & 1}
    frontier = list(outside)
    while frontier:
        sq = frontier.pop()
        for _, near, _ in board.neighbours[sq]:
            if near not in outside and not b.black >> near & 1:
                outside.add(near)
                frontier.append(near)
    whites = b.white | 1 << b.king
    return sum(1 for sq in squares_of(whites) if sq not in outside)


@pytest.mark.parametrize("name", FAMILY)
def test_the_evaluations_board_features_count_what_stands_where(name: str) -> None:
    rules = RULES[name]
    assert Evaluator(weights_for(rules))(Board.start(rules)) == 0  # centred on the start
    index = {feature: i for i, feature in enumerate(FEATURES)}
    for b in family_boards(name):
        if b.king == NO_KING:
            continue
        board = b.geometry.shape
        last = board.size - 1
        row, col = divmod(b.king, board.size)
        diagonals = {board.square(c, r) for r in (1, last - 1) for c in (1, last - 1)}
        found = features(with_turn(b, Side.WHITE))
        king_moves = [m for m in with_turn(b, Side.WHITE).legal_moves() if m[0] == b.king]
        assert found[index["king_mobility"]] == len(king_moves), b
        assert found[index["king_escape_distance"]] == min(row, last - row) + min(col, last - col)
        assert found[index["black_corner_guards"]] == sum(
            1 for sq in diagonals if b.black >> sq & 1), b
        assert found[index["king_capture_squares"]] == king_capture_squares(b).bit_count()
        assert found[index["white_enclosed"]] == (
            enclosed_by_walking(b) if rules.encirclement else 0), b


def test_corner_guards_and_distances_on_7x7_and_11x11() -> None:
    b = make_board("copenhagen", "w", B="b2 j2 b10 j10 c3", W="d4", K="c9")
    found = dict(zip(FEATURES, features(b), strict=True))
    assert found["black_corner_guards"] == 4
    assert found["king_escape_distance"] == 2 + 2  # c9: two files from a, two ranks from 11
    b = make_board("brandubh", "w", B="b2 f2 b6 f6", W="c3", K="d4")
    found = dict(zip(FEATURES, features(b), strict=True))
    assert found["black_corner_guards"] == 4
    assert found["king_escape_distance"] == 3 + 3  # the throne of 7x7


@pytest.mark.parametrize("name", FAMILY)
def test_the_ordering_knows_every_move_of_the_board(name: str) -> None:
    order = MoveOrder(4)
    for b in random_boards(name, 10, seed=4):
        for turn in (Side.BLACK, Side.WHITE):
            history = order.history[turn]
            assert all(move in history for move in with_turn(b, turn).legal_moves())


def test_the_history_has_every_straight_move_of_every_size() -> None:
    history = MoveOrder(1).history[0]
    for size in SIZES:
        board = shape(size)
        for sq in board.squares:
            for rays in board.ray_masks:
                assert all((sq, to) in history for to in squares_of(rays[sq])), (size, sq)


# -- the engine --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", FAMILY)
def test_the_engine_plays_legal_moves_from_the_start_and_in_mid_game(name: str) -> None:
    start = Board.start(RULES[name])
    assert start.is_legal(Engine(level=2).think(start).move)
    for i, b in enumerate(random_boards(name, 3, seed=5)):
        analysis = Engine(level=1 + i, seed=i).think(b)
        assert b.is_legal(analysis.move), (b, analysis)


ESCAPES = {
    # The king on an edge, an open line along it to a corner.
    "brandubh": dict(B="c3 e5 d6 c5", W="d2", K="a4", escape="a1 a7"),
    "copenhagen": dict(B="c3 e5 f7 h8 d10", W="f4 g6", K="a6", escape="a1 a11"),
    "fetlar": dict(B="b3 e5 f7 h8 d10", W="f4 g6", K="k5", escape="k1 k11"),
}

CAPTURES = {
    # Brandubh: two sides capture; d7-d5 closes the sandwich b5, c5, d5.
    "brandubh": dict(B="b5 d7 f2", W="e3", K="c5", capture="d5"),
    # Hnefatafl: four sides; c7-f7 closes the fourth side of the king on f8.
    "copenhagen": dict(B="e8 g8 f9 c7 j2", W="b10 h3", K="f8", capture="f7"),
    "fetlar": dict(B="e8 g8 f9 c7 j2", W="b10 h3", K="f8", capture="f7"),
}


@pytest.mark.parametrize("name", FAMILY)
@pytest.mark.parametrize("level", [1, 3])
def test_the_engine_finds_the_kings_escape_in_one(name: str, level: int) -> None:
    spec = ESCAPES[name]
    b = make_board(name, "w", B=spec["B"], W=spec["W"], K=spec["K"])
    board = b.geometry.shape
    analysis = Engine(level=level).think(b)
    assert analysis.move[0] == b.king
    assert board.square_name(analysis.move[1]) in spec["escape"].split()
    b.push(analysis.move)
    assert b.last_move_outcome.reason is Reason.ESCAPE
    assert analysis.mate_in == 1


@pytest.mark.parametrize("name", FAMILY)
@pytest.mark.parametrize("level", [1, 3])
def test_the_engine_finds_the_kings_capture_in_one(name: str, level: int) -> None:
    spec = CAPTURES[name]
    b = make_board(name, "b", B=spec["B"], W=spec["W"], K=spec["K"])
    board = b.geometry.shape
    assert board.square_name((king_capture_squares(b) & -king_capture_squares(b)).bit_length()
                             - 1) == spec["capture"]
    analysis = Engine(level=level).think(b)
    assert board.square_name(analysis.move[1]) == spec["capture"]
    b.push(analysis.move)
    assert b.last_move_outcome.reason is Reason.KING_CAPTURED
    assert analysis.mate_in == 1

"""The computer player's bitboard tests in ashton rules, against the server's own answers.

The search trusts these tests as exact (a win in one found without searching, black's only
replies to an open escape line), so under camps and a throne nobody crosses they must say
what the Tablut Challenge server says (tests/ashton/, see ashton_data.py), on every
position of the data file.
"""

from __future__ import annotations

from ashton_data import RECORDS, replay, server_move

from tablut.ai.bits import (
    black_can_capture_king,
    capture_destinations,
    king_escape_targets,
    king_threat_squares,
    movers_to,
    open_escape_rays,
)
from tablut.ai.ordering import MoveOrder
from tablut.board import Board
from tablut.side import Side
from tablut.squares import ALL, squares_of


def boards():
    """Every position of the data file, each also with the other side to move."""
    for record in RECORDS:
        board = replay(record)
        yield record, board
        yield None, Board(board.rules, board.black, board.white, board.king, board.turn ^ 1)


def test_wins_in_one_are_the_servers():
    for record, board in boards():
        if record is None:
            continue
        turns = {turn for turn, _ in record.accepted.values()}
        if board.side is Side.WHITE:
            assert bool(king_escape_targets(board)) == ("WHITEWIN" in turns), record.position
        else:
            assert black_can_capture_king(board) == ("BLACKWIN" in turns), record.position


def test_capture_squares_are_where_the_server_captures():
    for record, board in boards():
        if record is None:
            continue
        destinations = capture_destinations(board, board.turn)
        for text, (_, captured) in record.accepted.items():
            frm, to = server_move(text)
            if frm == board.king:
                continue  # capture_destinations is about soldiers arriving
            assert bool(captured) == bool(destinations >> to & 1), (record.position, text)


def test_pieces_that_reach_a_square_are_the_legal_movers():
    for _, board in boards():
        if board.outcome() is not None:
            continue
        occupied = board.occupied
        own = board.black if board.side is Side.BLACK else board.white | 1 << board.king
        legal = board.legal_moves()
        for sq in squares_of(ALL & ~occupied):
            expected = sorted(frm for frm, to in legal if to == sq)
            assert sorted(movers_to(sq, occupied, own, board.geometry.walls)) == expected, (
                board, sq)


def test_open_lines_and_black_parries_are_exact():
    for _, board in boards():
        if board.outcome() is not None or board.king < 0:
            continue
        count, blocks = open_escape_rays(board)
        as_white = Board(board.rules, board.black, board.white, board.king, Side.WHITE)
        assert count == king_escape_targets(as_white).bit_count(), board
        if count == 1 and board.side is Side.BLACK:
            parries = MoveOrder(4).parries(board, blocks, board.occupied, None)
            legal = set(board.legal_moves())
            assert set(parries) <= legal
            assert set(parries) == {m for m in legal if blocks >> m[1] & 1}


def test_the_evaluations_reach_is_where_the_soldiers_may_go():
    """The mobility the evaluation counts, with camps crossed only by their own pieces."""
    for _, board in boards():
        geo = board.geometry
        empty = ALL & ~board.occupied
        for side, soldiers in ((Side.BLACK, board.black), (Side.WHITE, board.white)):
            as_side = Board(board.rules, board.black, board.white, board.king, side)
            expected = 0
            for frm in squares_of(soldiers):
                expected |= as_side.targets(frm)
            assert geo.soldier_reach(soldiers, empty) == expected, (board, side)


def test_the_search_orders_every_legal_move_once_and_no_other():
    """The search tries moves in stages (captures, killers, king moves, moves near the
    king...), each found its own way: under camps every stage must keep to the walls."""
    for _, board in boards():
        if board.outcome() is not None or board.king < 0:
            continue
        order = MoveOrder(4)
        legal = board.legal_moves()
        killers = [legal[0], legal[-1]]
        order.killers[1] = list(killers)
        tried = [move for move, _ in order.ordered(board, board.turn, board.occupied, 1,
                                                   legal[len(legal) // 2])
                 if move is not None]  # the marker before the quiet moves
        assert sorted(tried) == sorted(legal), board


def test_the_threat_tests_of_the_search_keep_to_the_walls():
    """A king's line to the edge through a camp or the throne is no threat."""
    for _, board in boards():
        if board.outcome() is not None or board.king < 0:
            continue
        as_white = Board(board.rules, board.black, board.white, board.king, Side.WHITE)
        wins = king_escape_targets(as_white)
        open_rays = [ray for ray in board.geometry.escape_rays[board.king]
                     if not ray & board.occupied]
        assert len(open_rays) == wins.bit_count(), board
        threats = king_threat_squares(as_white)
        for move in as_white.legal_moves():
            if move[0] != board.king:
                continue
            as_white.push(move)
            if as_white.outcome() is None:
                after = Board(board.rules, as_white.black, as_white.white, as_white.king,
                              Side.WHITE)
                assert bool(threats >> move[1] & 1) == bool(king_escape_targets(after)), (
                    board, move)
            as_white.pop()

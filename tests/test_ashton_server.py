"""The ashton rules against the Tablut Challenge server's own rules code, entry by entry.

``tests/ashton/server-positions.txt.gz`` was made by running the server's rules class on
1260 positions of 700 random games (its header says exactly how): for each position, every
move the server accepts, what each one captures and how the game stands after it.  Here
every position is reached by replaying its game from the start through our engine (so our
board holds the same history for the repetition rule), and then our legal moves must be
exactly the server's, each with the same captures, the same resulting position and the
same result.  ``tests/ashton/server-perft.txt`` holds the server's perft counts.
"""

from __future__ import annotations

import pytest
from ashton_data import DATA, HEADER, RECORDS, RESULTS, Record, replay

from tablut.board import Board, Outcome, Reason
from tablut.side import Side
from tablut.squares import square_name, squares_of


def expected_after(record: Record, move: str, captured: frozenset[str]) -> dict[str, str]:
    """The pieces after ``move`` as the data file defines them: the piece moved, the
    captured squares emptied."""
    rows = record.position.split()[0].split("/")
    pieces = {f"{'abcdefghi'[c]}{9 - r}": ch for r, row in enumerate(rows)
              for c, ch in enumerate(row) if ch != "-"}
    frm, to = move.split("-")
    pieces[to] = pieces.pop(frm)
    for sq in captured:
        del pieces[sq]
    return pieces


def our_pieces(board: Board) -> dict[str, str]:
    out = {square_name(sq): "B" for sq in squares_of(board.black)}
    out.update({square_name(sq): "W" for sq in squares_of(board.white)})
    if board.king >= 0:
        out[square_name(board.king)] = "K"
    return out


def check_record(record: Record) -> list[str]:
    """Every difference between our engine and the server on one record."""
    board = replay(record)
    problems = []
    if board.position() != record.position:
        return [f"replay gives {board.position()}"]
    ours = {f"{square_name(f)}-{square_name(t)}": (f, t) for f, t in board.legal_moves()}
    if set(ours) != set(record.accepted):
        problems.append(f"moves only we allow: {sorted(set(ours) - set(record.accepted))}, "
                        f"only the server: {sorted(set(record.accepted) - set(ours))}")
    for text in set(ours) & set(record.accepted):
        turn, captured = record.accepted[text]
        before_king = board.king
        board.push(ours[text])
        got_captured = frozenset(square_name(sq) for sq in squares_of(board.captured)
                                 if sq != before_king)
        outcome = board.last_move_outcome
        pieces = our_pieces(board)
        side = board.side
        board.pop()
        expected = expected_after(record, text, captured)
        if turn == "BLACKWIN":  # the server leaves the captured king on the board
            expected = {sq: p for sq, p in expected.items() if p != "K"}
        if got_captured != captured:
            problems.append(f"{text}: we capture {sorted(got_captured)}, "
                            f"the server {sorted(captured)}")
        if outcome != RESULTS[turn]:
            problems.append(f"{text}: our result {outcome}, the server's {turn}")
        if turn in ("WHITE", "BLACK") and side != Side[turn]:
            problems.append(f"{text}: {side.word} to move, the server says {turn}")
        if pieces != expected:
            problems.append(f"{text}: the resulting position differs")
    return problems


def test_the_data_file_says_what_made_it():
    header = "\n".join(HEADER)
    assert "AGalassi/TablutCompetition" in header
    assert "96983984e42c6b846ff5f6fb473754da3da21292" in header
    assert "GameAshtonTablut.checkMove" in header
    assert "How the positions were chosen" in header


def test_the_data_file_is_complete():
    assert len(RECORDS) == 1260
    assert sum(len(r.accepted) for r in RECORDS) == 60965
    # It covers what the rules make special (tags, see the header).
    tags = {tag for r in RECORDS for tag in r.tags}
    assert {"capW:throne-king", "capB:camp-empty", "capW:camp-occupied", "capB:piece-in-camp",
            "kcap:throne", "kcap:throneadj", "kcap:camp-empty", "kcap:B", "escape", "draw",
            "multicap3", "no-legal-move", "nocapB:vs-midcamp"} <= tags


@pytest.mark.parametrize("chunk", range(6))
def test_every_entry_agrees_with_the_server(chunk):
    """Every accepted move and no other, with its captures, position and result."""
    mismatches = {}
    for record in RECORDS[chunk::6]:
        problems = check_record(record)
        if problems:
            mismatches[record.position] = problems[:3]
    example = list(mismatches.items())[:2]
    assert not mismatches, f"{len(mismatches)} positions differ, e.g. {example}"


def test_a_side_without_a_move_loses_as_with_the_server():
    """The server never checks for a side without a legal move: it waits for a move, and
    whatever that side sends is refused (or it times out), which loses.  Our engine ends
    the game at once with the same winner."""
    stuck = [r for r in RECORDS if "no-legal-move" in r.tags]
    assert len(stuck) == 25
    for record in stuck:
        board = replay(record)
        assert not record.accepted and board.legal_moves() == []
        assert board.outcome() == Outcome(board.side.opponent, Reason.NO_MOVES)


def test_perft_file_is_the_servers():
    lines = (DATA / "server-perft.txt").read_text(encoding="utf-8").splitlines()
    assert any("AGalassi/TablutCompetition" in line for line in lines if line.startswith("#"))
    counts = [int(line.split()[1]) for line in lines if line and not line.startswith("#")]
    assert counts == [56, 4408, 248456, 19159224]

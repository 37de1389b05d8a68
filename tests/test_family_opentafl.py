"""Brandubh, Copenhagen and Fetlar exactly as OpenTafl's rules code decides them.

The data in tests/fixtures/opentafl/family/ were made by OpenTafl's own classes (its
README says how): perft counts from each start, and positions from random games, each
with every move OpenTafl accepts and the position and result after it.  Each position is
reached here by replaying its game from the start (so repetitions count as they did
there), and every move is checked: our legal moves are OpenTafl's, and after each one the
pieces and the result are OpenTafl's.

Where OpenTafl lets a game go on although the side to move has no legal move, ours ends it
(that side loses), as in every rule set; the data mark those positions, and the test
asks for that ending instead.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablut.board import Board
from tablut.opentafl.notation import our_position, parse_move, simple_move
from tablut.opentafl.record import import_otg, result_tag
from tablut.perft import perft
from tablut.rules import RULES
from tablut.side import Side

DATA = Path(__file__).parent / "fixtures" / "opentafl" / "family"
FAMILY = ("brandubh", "copenhagen", "fetlar")

_RESULTS = {"attacker win": Side.BLACK, "defender win": Side.WHITE, "draw": None}


def _perft_lines() -> list[tuple[str, int, int]]:
    lines = (DATA / "perft.txt").read_text(encoding="utf-8").splitlines()
    return [(name, int(depth), int(count))
            for name, depth, count, *_ in (line.split() for line in lines
                                           if line.strip() and not line.startswith("#"))]


@pytest.mark.parametrize("rules, depth, count", _perft_lines())
def test_perft_from_the_start_is_opentafls(rules: str, depth: int, count: int) -> None:
    assert perft(Board.start(RULES[rules]), depth) == count


def test_perft_covers_every_depth_the_issue_asks_for() -> None:
    depths = {(name, depth) for name, depth, _ in _perft_lines()}
    wanted = {("brandubh", d) for d in (1, 2, 3, 4)} | {
        (name, d) for name in ("copenhagen", "fetlar") for d in (1, 2, 3)}
    assert wanted <= depths


def _records(rules: str) -> Iterator[dict[str, Any]]:
    with gzip.open(DATA / f"{rules}-positions.jsonl.gz", "rt", encoding="utf-8") as lines:
        for line in lines:
            yield json.loads(line)


def _rows(record: str) -> str:
    """The rows of an OpenTafl position record (rank 1 first) as our position string's."""
    return our_position(record, inverted=False, black_to_move=True).split()[0]


def _replayed(rules: str, record: dict[str, Any]) -> Board:
    board = Board.start(RULES[rules])
    for word in record["history"]:
        move = parse_move(word, board.rules.size).move
        assert board.is_legal(move), (record["id"], word)
        board.push(move)
    return board


@pytest.mark.parametrize("rules", FAMILY)
def test_every_move_of_every_position_is_judged_as_opentafl_judges_it(rules: str) -> None:
    size = RULES[rules].size
    positions = moves = 0
    for record in _records(rules):
        board = _replayed(rules, record)
        side = "b" if record["side_to_move"] == "attackers" else "w"
        assert board.position() == f"{_rows(record['position'])} {side}", record["id"]
        theirs = {move["move"] for move in record["moves"]}
        if record.get("no_legal_moves"):
            assert not theirs and board.outcome() is not None
        else:
            assert {simple_move(m, size) for m in board.legal_moves()} == theirs, record["id"]
        for move in record["moves"]:
            board.push(parse_move(move["move"], size).move)
            where = (record["id"], move["move"])
            assert board.position().split()[0] == _rows(move["after"]), where
            outcome = board.outcome()
            if move["result"] == "ongoing" and move.get("after_legal_moves", 1):
                assert outcome is None, where
            elif move["result"] == "ongoing":
                # OpenTafl goes on; the side to move has no legal move, and loses here.
                assert outcome is not None and outcome.winner is not board.side, where
            else:
                assert outcome is not None and outcome.winner is _RESULTS[move["result"]], where
            board.pop()
            moves += 1
        positions += 1
    assert positions >= 300 and moves >= 10 * positions


MATCH = sorted((DATA.parent / "family-match").glob("*.otg"))


@pytest.mark.parametrize("path", MATCH, ids=lambda path: path.name)
def test_opentafls_records_of_the_match_replay_here_with_its_result(path: Path) -> None:
    """The games OpenTafl refereed between its player and ours (family-match/README.md):
    every move legal here, with OpenTafl's captures and OpenTafl's result."""
    text = path.read_text(encoding="utf-8")
    game = import_otg(text)
    theirs = re.search(r"^\[result:(-?\d)\]$", text, re.M).group(1)
    assert game.rules.name == path.stem.split("-")[0]
    assert result_tag(game)[0] == theirs

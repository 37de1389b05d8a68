"""How the engine is put together: one rule geometry for the board and the computer player,
one flood fill, one position reader, one match result, and no import cycle."""

from __future__ import annotations

import ast
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import board

import tablut
from tablut import notation
from tablut.ai import bits, evaluate
from tablut.ai.match import play_game
from tablut.board import Board, start_position
from tablut.geometry import RuleGeometry, geometry
from tablut.match import GameResult, side_in_game
from tablut.position import START_POSITION, NotationError
from tablut.rules import RULES
from tablut.side import Side
from tablut.squares import (
    ALL,
    EDGES_BB,
    flood,
    open_to_an_edge,
    parse_square,
    rook_reach,
    rook_targets,
    sliding_reach,
    squares_of,
)

PACKAGE = Path(tablut.__file__).parent


def _bb(names: str) -> int:
    return sum(1 << parse_square(name) for name in names.split())


# -- one geometry per rule set -------------------------------------------------------------

@pytest.mark.parametrize("rules", sorted(RULES))
def test_the_board_and_the_ai_read_one_geometry(rules: str) -> None:
    b = Board.start(RULES[rules])
    assert isinstance(b.geometry, RuleGeometry)
    assert b.geometry is geometry(RULES[rules]) is Board.start(RULES[rules]).geometry
    assert b.copy().geometry is b.geometry


def test_only_the_geometry_turns_rules_into_squares() -> None:
    """The rule fields that say which squares are special are read in geometry.py alone;
    everyone else reads the squares from it (OpenTafl's rules strings read them too, to
    write them in OpenTafl's words, not to make squares)."""
    fields = ("escape", "corners_restricted", "corners_hostile", "king_may_reenter_throne",
              "empty_throne_hostile", "throne_hostile_to_white_when_three_black",
              "throne_hostile_to_king", "king_sides_on_throne", "king_sides_next_to_throne",
              "king_sides_elsewhere")
    pattern = re.compile(r"\brules\.(" + "|".join(fields) + r")\b")
    readers = {path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py")
               if pattern.search(path.read_text(encoding="utf-8"))}
    assert readers == {"geometry.py", "opentafl/rules_string.py"}


def test_a_changed_rule_set_gets_its_own_geometry() -> None:
    two_games = replace(RULES["berkeley"], match_games=2)
    assert geometry(two_games) is not geometry(RULES["berkeley"])
    assert geometry(two_games) == geometry(RULES["berkeley"])
    corner = replace(RULES["berkeley"], escape=RULES["nielsen"].escape)
    assert geometry(corner).corner_escape and not geometry(RULES["berkeley"]).corner_escape


def _random_boards(rules: str, count: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    boards = []
    b = Board.start(RULES[rules])
    while len(boards) < count:
        moves = b.legal_moves()
        if not moves or b.ply > 80:
            b = Board.start(RULES[rules])
            continue
        b.push(rng.choice(moves))
        if b.last_move_outcome is None:
            boards.append(b.copy())
    return boards


@pytest.mark.parametrize("rules", sorted(RULES))
def test_the_ai_predicts_exactly_the_captures_the_board_makes(rules: str) -> None:
    """capture_destinations and Board.push use the same anvils: a soldier's move captures
    a soldier exactly when the AI says its destination does."""
    for b in _random_boards(rules, 40, seed=7):
        side = b.turn
        predicted = bits.capture_destinations(b, side)
        soldiers = b.black if side == Side.BLACK else b.white
        enemies = b.white if side == Side.BLACK else b.black
        for frm, to in b.legal_moves():
            if not soldiers >> frm & 1:
                continue  # the king: he may be unarmed, and the AI asks about soldiers
            b.push((frm, to))
            captured = b.captured & enemies
            b.pop()
            assert bool(captured) == bool(predicted >> to & 1), (b, frm, to)


# -- the whole-board fills --------------------------------------------------------------------

def test_rook_reach_is_every_rook_move_at_once() -> None:
    for b in _random_boards("berkeley", 30, seed=3):
        empty = ALL & ~b.occupied
        expected = 0
        for sq in squares_of(b.black):
            expected |= rook_targets(sq, b.occupied)
        assert rook_reach(b.black, empty) == expected
        north, south, east, west = sliding_reach(b.black, empty)
        assert north | south | east | west == expected


def _walk(sq: int, occupied: int, dr: int, dc: int, size: int = 9) -> list[int]:
    """The squares from ``sq`` in direction (dr, dc) up to the first occupied one or the
    edge of the board of ``size``, one step at a time: the slow, obvious reference for the
    fills."""
    row, col = divmod(sq, size)
    squares = []
    while 0 <= row + dr < size and 0 <= col + dc < size:
        row, col = row + dr, col + dc
        if occupied >> (row * size + col) & 1:
            break
        squares.append(row * size + col)
    return squares


_DIRECTIONS = ((1, 0), (0, 1), (-1, 0), (0, -1))  # north, east, south, west: up the bits first


def test_rook_targets_walks_each_ray_to_its_first_blocker() -> None:
    rng = random.Random(11)
    for _ in range(3000):
        occupied = rng.getrandbits(81) & rng.getrandbits(81)
        sq = rng.randrange(81)
        expected = sum(1 << t for dr, dc in _DIRECTIONS for t in _walk(sq, occupied, dr, dc))
        assert rook_targets(sq, occupied) == expected, (sq, occupied)


@pytest.mark.parametrize("rules", sorted(RULES))
def test_the_packed_fill_gives_each_reach_and_each_open_ray(rules: str) -> None:
    """rook_reach3_lines, the evaluation's one fill for three reaches and the escape
    lines, against the reaches piece by piece and the rays square by square."""
    for b in _random_boards(rules, 30, seed=5):
        board, helpers = b.geometry.shape, bits.board_bits(b.rules.size)
        size, last = board.size, board.size - 1
        occupied = b.occupied
        empty = board.all & ~occupied
        k1 = board.rook_targets(b.king, occupied)
        within = helpers.escape_line_masks(b.geometry.corner_escape)
        blockers = b.black | b.white
        *reaches, north, east, south, west = board.rook_reach3_lines(
            b.black, b.white, k1, empty, blockers, within)
        for pieces, reach in zip((b.black, b.white, k1), reaches, strict=True):
            expected = pieces & empty
            for sq in squares_of(pieces):
                expected |= board.rook_targets(sq, occupied)
            assert reach == expected, (b, pieces)
        for (dr, dc), lines, mask in zip(_DIRECTIONS, (north, east, south, west), within,
                                         strict=True):
            expected = 0
            for sq in squares_of(mask):
                row, col = divmod(sq, size)
                length = (last - row if dr > 0 else row if dr < 0 else
                          last - col if dc > 0 else col)
                if len(_walk(sq, blockers, dr, dc, size)) == length:
                    expected |= 1 << sq
            assert lines == expected, (b, dr, dc)
        assert (north, east, south, west) == helpers.escape_lines(board.all & ~blockers,
                                                                  b.geometry.corner_escape)


@pytest.mark.parametrize("rules", sorted(RULES))
def test_both_sides_sandwiches_packed_equal_each_side_alone(rules: str) -> None:
    for b in _random_boards(rules, 40, seed=9):
        geo = b.geometry
        helpers = bits.board_bits(b.rules.size)
        against_white = geo.anvils_against_white(b.black, b.king)
        against_black = geo.anvils_against_black(b.white, b.king)
        assert helpers.both_sandwich_ends(b.white, against_white, b.black, against_black) == (
            helpers.sandwich_ends(b.white, against_white),
            helpers.sandwich_ends(b.black, against_black))


def test_the_region_open_to_an_edge_is_the_flood_and_is_remembered() -> None:
    rng = random.Random(13)
    for _ in range(300):
        black = rng.getrandbits(81) & rng.getrandbits(81) & rng.getrandbits(81)
        expected = flood(EDGES_BB, ALL & ~black)
        assert open_to_an_edge(black) == expected
        assert open_to_an_edge(black) == expected  # the remembered answer
    ring = _bb("c3 d3 e3 c4 e4 c5 d5 e5")
    assert not open_to_an_edge(ring) >> parse_square("d4") & 1


def test_flood_grows_through_free_squares_and_stops_early() -> None:
    wall = _bb("c3 d3 e3 c4 e4 c5 d5 e5")  # a ring around d4
    free = ALL & ~wall
    outside = flood(EDGES_BB, free)
    assert not outside >> parse_square("d4") & 1 and outside >> parse_square("a1") & 1
    assert outside | wall | _bb("d4") == ALL
    assert flood(_bb("d4"), free) == _bb("d4")
    stopped = flood(_bb("a1"), free, stop=_bb("a2"))
    assert stopped & _bb("a2") and stopped != outside


@pytest.mark.parametrize("encircled", [True, False])
def test_the_encirclement_rule_and_the_evaluation_share_the_flood(encircled: bool) -> None:
    ring = "c4 c5 c6 g4 g5 g6 d3 e3 f3 d7 e7 f7"
    b = board("nielsen", "w", B=ring if encircled else ring.replace("e7 ", ""),
              W="e4 d5", K="e5")
    white_pieces = 3
    assert evaluate.features(b)[evaluate.FEATURES.index("white_enclosed")] == (
        white_pieces if encircled else 0)
    assert b._encircled() == encircled


# -- position strings -------------------------------------------------------------------------

@pytest.mark.parametrize("rules", sorted(RULES))
def test_the_board_reads_and_writes_its_own_position(rules: str) -> None:
    start = start_position(RULES[rules])
    if RULES[rules].size == 9:
        assert start[:-1] == START_POSITION[:-1]  # the usual pieces; ashton's white first
    b = Board.from_position(start, RULES[rules])
    assert b.position() == start == Board.start(RULES[rules]).position()
    for other in _random_boards(rules, 10, seed=5):
        text = other.position()
        assert Board.from_position(text, RULES[rules]).position() == text
        assert notation.format_position(other) == text
        assert notation.parse_position(text, RULES[rules]).position() == text


def test_notation_keeps_its_public_names() -> None:
    assert notation.START_POSITION == START_POSITION
    assert notation.NotationError is NotationError
    with pytest.raises(notation.NotationError, match="exactly one king"):
        notation.parse_position("---------/" * 8 + "--------- b")


# -- one match result ------------------------------------------------------------------------

def test_page_matches_and_computer_matches_give_one_result_type() -> None:
    class FirstMove:
        def choose_move(self, b: Board):
            return b.legal_moves()[0]

    result = play_game(FirstMove(), FirstMove(), RULES["berkeley"], max_plies=6,
                       names=("one", "two"))
    assert type(result) is GameResult
    assert result.winner is None and result.plies == 6 and len(result.moves) == 6
    assert [side_in_game("first", n) for n in (1, 2, 3)] == [Side.BLACK, Side.WHITE,
                                                              Side.BLACK]
    assert [side_in_game("second", n) for n in (1, 2)] == [Side.WHITE, Side.BLACK]


# -- the import graph -------------------------------------------------------------------------

def _imports(path: Path, module: str) -> set[str]:
    """The tablut modules that ``module`` imports, at any level of its code."""
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _module_graph() -> dict[str, set[str]]:
    """Each module of the engine (packages left out: their __init__ only gathers the
    public names) with the engine modules it imports."""
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        if path.name != "__init__.py":
            parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
            modules[".".join(parts)] = path
    return {name: {m for m in _imports(path, name) if m in modules and m != name}
            for name, path in modules.items()}


def test_no_module_of_the_engine_imports_itself_back() -> None:
    """The engine's import graph has no cycle, counting imports inside functions too."""
    graph = _module_graph()
    state: dict[str, int] = {}

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for dep in sorted(graph[name]):
            assert state.get(dep) != 1, "import cycle: " + " -> ".join(path + [name, dep])
            if dep not in state:
                visit(dep, path + [name])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [])
    assert "tablut.notation" not in graph["tablut.board"]


def test_the_board_needs_nothing_above_it() -> None:
    graph = _module_graph()
    assert graph["tablut.board"] <= {"tablut.english", "tablut.forts", "tablut.geometry",
                                     "tablut.position", "tablut.rules", "tablut.side",
                                     "tablut.squares"}
    assert graph["tablut.side"] == set() and graph["tablut.squares"] == set()
    # The text interface's words lie below everything that says things in English.
    assert graph["tablut.english"] <= {"tablut.side"}

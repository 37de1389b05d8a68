"""The first lesson without a browser: its steps for every rule set, the reasons it gives
for wrong moves, and a person's way through it (web/lesson/lesson.py, web/lesson/steps.py,
web/lesson/judge.py).

Every step of every rule set is played against the engine: its answer must be legal and do
what the step says, and its wrong moves must be explained truly (a square said to be in
the way is occupied, a square said to be missing for a capture does capture when filled).
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from tablut import RULES, Board, Game, Reason, Rules, Side
from tablut.geometry import CAMP_CENTRES_BB
from tablut.rules import ASHTON, BERKELEY, BRAINKING, NIELSEN, Escape, RepetitionOutcome
from tablut.squares import shape
from web.lesson.judge import (
    Capture,
    CaptureKing,
    Captures,
    Ends,
    Reach,
    judge,
    path,
    played,
    why_illegal,
)
from web.lesson.judge import Escape as EscapeGoal
from web.lesson.lesson import Lesson
from web.lesson.steps import Step, lesson_steps, place
from web.models.session import Session

#: The steps each rule set's lesson has, in order.
EXPECTED_KEYS = {
    "berkeley": ["move", "throne", "capture", "hostile-throne", "safe", "white-capture",
                 "escape", "king-capture", "king-throne-side", "king-on-throne", "repetition",
                 "no-moves"],
    "brainking": ["move", "throne", "capture", "safe", "white-capture", "escape",
                  "king-capture", "king-throne-side", "king-on-throne", "repetition",
                  "no-moves"],
    "nielsen": ["move", "throne", "capture", "hostile-throne", "hostile-corner", "safe",
                "white-capture", "escape", "king-capture", "king-on-throne", "repetition",
                "encirclement", "no-moves"],
    "ashton": ["move", "throne", "camps", "own-camp", "capture", "hostile-throne",
               "camp-capture", "safe", "white-capture", "escape", "king-capture",
               "king-throne-side", "king-on-throne", "repetition", "no-moves"],
    "brandubh": ["move", "throne", "capture", "hostile-corner", "safe", "white-capture",
                 "escape", "king-capture", "king-on-throne", "repetition", "no-moves"],
    "copenhagen": ["move", "throne", "capture", "hostile-throne", "hostile-corner", "safe",
                   "white-capture", "shieldwall", "escape", "edge-fort", "king-capture",
                   "king-throne-side", "king-on-throne", "repetition", "encirclement",
                   "no-moves"],
    "fetlar": ["move", "throne", "capture", "hostile-throne", "hostile-corner", "safe",
               "white-capture", "escape", "king-capture", "king-throne-side",
               "king-on-throne", "repetition", "encirclement", "no-moves"],
}

#: The steps that only a rule set with camps has.
CAMP_KEYS = {"camps", "own-camp", "camp-capture"}

#: Steps every rule set's lesson has, whatever its parameters.
CORE_KEYS = {"move", "throne", "capture", "safe", "white-capture", "escape", "king-capture",
             "king-on-throne", "repetition", "no-moves"}

#: Rule sets made up for these tests: a lesson must come out whole and true for them too,
#: with no code of their own.
MADE_UP = [
    replace(BERKELEY, name="corner-berkeley", escape=Escape.CORNER, corners_restricted=True,
            corners_hostile=True),
    replace(NIELSEN, name="unarmed-nielsen", king_armed=False, king_sides_elsewhere=4,
            king_sides_next_to_throne=4, throne_hostile_to_king=True),
    replace(BRAINKING, name="hostile-brainking", empty_throne_hostile=True,
            repetition_count=2),
    replace(BERKELEY, name="weak-king", king_sides_on_throne=2, king_sides_next_to_throne=2,
            repetition_outcome=RepetitionOutcome.DRAW, repetition_count=4),
    replace(NIELSEN, name="edge-nielsen", corners_restricted=False, corners_hostile=False,
            escape=Escape.EDGE, king_may_reenter_throne=False),
    # Camps with a throne anyone crosses and camps whose every square counts against black;
    # camps with hostile corners where the king escapes to them.
    replace(BERKELEY, name="camp-berkeley", camps=True),
    replace(NIELSEN, name="camp-nielsen", camps=True, throne_blocks=True,
            camp_centres_hostile_to_black=False),
    # The other boards under other rules: the steps placed on 7x7 and 11x11 still teach.
    replace(RULES["brandubh"], name="edge-brandubh", escape=Escape.EDGE,
            corners_restricted=False, corners_hostile=False),
    replace(RULES["brandubh"], name="strong-brandubh", king_sides_on_throne=4,
            king_sides_next_to_throne=4, king_sides_elsewhere=4, throne_hostile_to_king=True,
            empty_throne_hostile=True),
    replace(RULES["brandubh"], name="unarmed-brandubh", king_armed=False),
    replace(RULES["copenhagen"], name="weak-copenhagen", king_sides_elsewhere=2,
            king_sides_next_to_throne=2, shieldwalls=False, edge_forts=False,
            repetition_count=2),
    replace(RULES["copenhagen"], name="edge-hnefatafl", escape=Escape.EDGE,
            corners_restricted=False, corners_hostile=False, edge_forts=False,
            encirclement=False),
]

# Every rule set the page plays, on every board, and the made-up ones.
ALL_RULES = [*RULES.values(), *MADE_UP]


def made_up(name: str) -> Rules:
    """The made-up rule set called ``name``."""
    return next(rules for rules in MADE_UP if rules.name == name)
RULE_IDS = [rules.name for rules in ALL_RULES]


def sq(name: str, size: int = 9) -> int:
    """The square called ``name`` on the board of ``size``."""
    return shape(size).parse_square(name)


def mv(text: str, size: int = 9) -> tuple[int, int]:
    """The move "c3 h3" on the board of ``size``."""
    frm, to = text.split()
    return sq(frm, size), sq(to, size)


def step_of(rules_name: str, key: str) -> Step:
    """The step ``key`` of the lesson for ``rules_name``."""
    rules = RULES[rules_name]
    return next(step for step in lesson_steps(rules) if step.key == key)


def every_step() -> list[tuple[object, Step]]:
    """(rules, step) for every step of every rule set's lesson, made-up ones included."""
    return [(rules, step) for rules in ALL_RULES for step in lesson_steps(rules)]


EVERY_STEP = every_step()
STEP_IDS = [f"{rules.name}-{step.key}" for rules, step in EVERY_STEP]


# -- the steps ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", EXPECTED_KEYS)
def test_each_rule_set_has_its_steps(name: str) -> None:
    assert [step.key for step in lesson_steps(RULES[name])] == EXPECTED_KEYS[name]


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_no_rule_set_loses_a_core_step(rules) -> None:
    keys = [step.key for step in lesson_steps(rules)]
    assert set(keys) >= CORE_KEYS
    assert keys[0] == "move" and keys[-1] == "no-moves"
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize(("rules", "step"), EVERY_STEP, ids=STEP_IDS)
def test_the_answer_is_legal_and_does_what_the_step_says(rules, step: Step) -> None:
    board = step.game(rules).board
    assert board.outcome() is None
    assert board.is_legal(step.answer)
    assert step.task.startswith(f"{board.side.word.capitalize()} to move: ")
    after = played(board, step.answer)
    goal = step.goal
    if isinstance(goal, Capture):
        assert after.captured >> goal.victim & 1
        assert board.piece_at(goal.victim) in ("black", "white")
        assert after.outcome() is None
    elif isinstance(goal, Captures):
        assert all(after.captured >> victim & 1 for victim in goal.victims)
        assert len(goal.victims) >= 2 and after.outcome() is None
    elif isinstance(goal, CaptureKing):
        assert after.outcome().reason is Reason.KING_CAPTURED
    elif isinstance(goal, EscapeGoal):
        assert after.outcome().reason is Reason.ESCAPE
        assert step.answer[0] == board.king
    elif isinstance(goal, Ends):
        assert after.outcome().reason is goal.reason
    else:
        assert isinstance(goal, Reach)
        assert step.answer == (goal.frm, goal.to)
        assert not after.captured  # the piece moved, and nothing else happened
        assert after.outcome() is None
    assert judge(board, step.answer, goal) == ""


@pytest.mark.parametrize(("rules", "step"), EVERY_STEP, ids=STEP_IDS)
def test_every_other_move_of_the_side_to_move_is_explained_truly(rules, step: Step) -> None:
    """Every move from a piece of the side to move to any other square, legal or not,
    that is not the goal gets a reason, and what the reason claims is so."""
    board = step.game(rules).board
    squares = board.geometry.shape.squares
    mine = [s for s in squares if board.piece_at(s) and
            (board.piece_at(s) == "black") == (board.side is Side.BLACK)]
    right = 0
    for frm in mine:
        for to in squares:
            if to == frm:
                continue
            reason = judge(board, (frm, to), step.goal)
            if not reason:
                right += 1
                assert board.is_legal((frm, to))
                continue
            check_reason_is_true(board, (frm, to), reason, step)
    assert right >= 1


def check_reason_is_true(board: Board, move: tuple[int, int], reason: str, step: Step) -> None:
    """What ``reason`` says about ``move`` on ``board`` holds."""
    frm, to = move
    size = board.rules.size
    board_shape = board.geometry.shape
    line = path(frm, to, size)
    if "never diagonally" in reason:
        assert not line
    elif "cannot jump over" in reason:
        over = sq(reason.rstrip(".").rsplit(" ", 1)[1], size)
        assert over in line[:-1] and board.piece_at(over) is not None
        assert not board.is_legal(move)
    elif " is taken:" in reason:
        assert board.piece_at(to) is not None
    elif reason.startswith("Only the king may stop on"):
        check_reserved_reason(board, move, reason)
    elif "Nobody may pass over the throne" in reason or "camp (" in reason:
        check_wall_reason(board, move, reason)
    elif "the whole row" in reason or "the row on" in reason:
        check_row_reason(board, move, step)
    elif "middle square of a camp's edge" in reason:
        far = sq(reason.split(": ", 1)[1].split(",")[0], size)
        assert CAMP_CENTRES_BB >> far & 1 and not board.geometry.hostile_to_black >> far & 1
        assert not played(board, move).captured >> step.goal.victim & 1
    elif "needs a" in reason and "too." in reason:
        check_missing_piece(board, move, reason, step)
    elif "still open" in reason:
        king = board.king
        after = played(board, move)
        hostile = after.geometry.hostile_to_king(after.black, king)
        for name in reason.split("and ", 1)[1].split(" is")[0].split(" are")[0].split(" and "):
            assert board_shape.neighbour_masks[king] >> sq(name, size) & 1
            assert not hostile >> sq(name, size) & 1
    elif reason.startswith("That is a legal move"):
        assert board.is_legal(move)
    else:
        assert reason.endswith(".") and reason[0].isupper()


def check_reserved_reason(board: Board, move: tuple[int, int], reason: str) -> None:
    """"Only the king may stop on the throne (e5).", "... on a corner (a9).": the square
    named is where the move stops, the throne or a corner of the board, and the move is
    illegal."""
    to = move[1]
    board_shape = board.geometry.shape
    reserved = 1 << board.geometry.throne if "throne" in reason else board_shape.corners
    assert reserved >> to & 1 and not board.is_legal(move)
    assert f"({board_shape.square_name(to)})" in reason


def check_row_reason(board: Board, move: tuple[int, int], step: Step) -> None:
    """"... the row on c1, d1 and e1 ...": the move does not take the whole row."""
    assert isinstance(step.goal, Captures)
    assert not all(played(board, move).captured >> v & 1 for v in step.goal.victims)


def check_wall_reason(board: Board, move: tuple[int, int], reason: str) -> None:
    """"Nobody may pass over the throne (e5)...", "No piece may enter a camp (e2)...",
    "...never another camp (d9).": the square named is walled off for this piece by the
    rules (the throne, a camp but its own), on the way (crossed, or the square it would
    stop on), every square before it empty and the move illegal."""
    frm, to = move
    size = board.rules.size
    line = path(frm, to, size)
    wall = sq(reason.split("(", 1)[1].split(")")[0], size)
    geo = board.geometry
    assert geo.walls[frm] >> wall & 1
    assert bool(geo.camps >> wall & 1) == ("camp (" in reason)
    assert not board.is_legal(move)
    assert wall == to if "enter" in reason or "into" in reason else wall in line[:-1]
    before = line[:line.index(wall)]
    assert all(board.piece_at(s) is None for s in before)
    if before:  # the piece could stop just short of the camp
        assert board.is_legal((frm, before[-1]))
    assert ("black piece" in reason) == bool(geo.camps >> frm & 1)


def check_missing_piece(board: Board, move: tuple[int, int], reason: str, step: Step) -> None:
    """"...needs a black piece on d2 too.": with one there, the same move captures."""
    size = board.rules.size
    missing = sq(reason.rsplit(" on ", 1)[1].split(" ")[0], size)
    assert board.piece_at(missing) is None
    mover = board.side
    text = board.position().split()[0].replace("/", "")
    rows = [list(text[i * size:(i + 1) * size]) for i in range(size)]
    rows[size - 1 - missing // size][missing % size] = "B" if mover is Side.BLACK else "W"
    filled = Board.from_position(
        "/".join("".join(r) for r in rows) + (" b" if mover is Side.BLACK else " w"),
        board.rules)
    after = played(filled, move)
    if isinstance(step.goal, Capture):
        assert after.captured >> step.goal.victim & 1
    else:
        assert after.outcome().reason is Reason.KING_CAPTURED


# -- wrong moves, word for word ------------------------------------------------------------------

WRONG = [
    ("berkeley", "move", "c3 c8", "That piece cannot jump over c6."),
    ("berkeley", "move", "c3 d4", "Pieces move only along a row or a column, never diagonally."),
    ("berkeley", "move", "c3 c1",
     "That is a legal move, but this step asks you to move the black piece on c3 to h3."),
    ("berkeley", "throne", "c5 e5", "Only the king may stop on the throne (e5)."),
    ("nielsen", "throne", "a7 a9", "Only the king may stop on a corner (a9)."),
    ("berkeley", "capture", "d7 d4",
     "That move captures nothing: the white guard on d3 needs a black piece on d2 too."),
    ("brainking", "capture", "c3 c1",
     "That move captures nothing: the white guard on d3 is taken only by a black piece "
     "moving next to it, with another black piece on its other side."),
    ("berkeley", "capture", "d7 d3",
     "d3 is taken: a piece stops only on an empty square (it captures by surrounding, "
     "never by landing on a piece)."),
    ("berkeley", "hostile-throne", "b3 b1",
     "That move captures nothing: the white guard on e4 is taken only by a black piece "
     "moving next to it, with another black piece (or a hostile square) on its other side."),
    ("nielsen", "hostile-corner", "c3 c1",
     "That move captures nothing: the white guard on a2 is taken only by a black piece "
     "moving next to it, with another black piece (or a hostile square) on its other side."),
    ("berkeley", "safe", "d7 d4",
     "That is a legal move, but this step asks you to move the white guard on d7 to d3."),
    ("berkeley", "safe", "c3 c4",
     "It is white's move here: move a white piece, not the black piece on c3."),
    ("brainking", "white-capture", "g6 e6",
     "That move captures nothing: the king never captures in these rules."),
    ("berkeley", "white-capture", "c6 c8",
     "That move captures nothing: the black piece on d6 is taken only by a white piece "
     "moving next to it, with another white piece (or a hostile square) on its other side."),
    ("berkeley", "escape", "c6 c8",
     "The king has not escaped yet: he must reach any square on the edge of the board."),
    ("berkeley", "escape", "c3 c1", "Only the king escapes: move the king."),
    ("nielsen", "escape", "a3 a2",
     "The king has not escaped yet: he must reach one of the four corners."),
    ("berkeley", "king-capture", "b8 d8",
     "That does not capture the king: he needs a black piece on d6 too."),
    ("brainking", "king-capture", "d6 d1",
     "That does not capture the king: on d7 he must be surrounded on all four sides, and d6 "
     "and e7 are still open."),
    ("berkeley", "king-throne-side", "e3 e1",
     "That does not capture the king: on e4 he must be surrounded on all four sides, and e3 "
     "and f4 are still open."),
    ("nielsen", "king-on-throne", "h4 h1",
     "That does not capture the king: on e5 he must be surrounded on all four sides, and e4 "
     "is still open."),
    ("berkeley", "repetition", "g4 g1",
     "That is a legal move, but this step asks you to move the white guard on g4 back to g3, "
     "to see the rule."),
    ("nielsen", "encirclement", "g8 g6",
     "That move does not close the ring: a white piece can still reach the edge."),
    ("berkeley", "no-moves", "c2 c1",
     "Black can still move: find the square that boxes black's pieces in."),
    ("berkeley", "king-on-throne", "h4 h1",
     "That does not capture the king: on e5 he must be surrounded on all four sides, and e4 "
     "is still open."),
    ("brainking", "move", "c3 c8", "That piece cannot jump over c6."),
    ("brainking", "throne", "c5 e5", "Only the king may stop on the throne (e5)."),
    ("brainking", "safe", "d7 d4",
     "That is a legal move, but this step asks you to move the white guard on d7 to d3."),
    ("brainking", "escape", "c6 c8",
     "The king has not escaped yet: he must reach any square on the edge of the board."),
    ("brainking", "king-throne-side", "e3 e1",
     "That does not capture the king: on e4 he must be surrounded on all four sides, and e3 "
     "and f4 are still open."),
    ("brainking", "king-on-throne", "h4 h1",
     "That does not capture the king: on e5 he must be surrounded on all four sides, and e4 "
     "is still open."),
    ("brainking", "repetition", "g4 g1",
     "That is a legal move, but this step asks you to move the white guard on g4 back to g3, "
     "to see the rule."),
    ("brainking", "no-moves", "d7 d6",
     "Black can still move: find the square that boxes black's pieces in."),
    ("nielsen", "move", "c3 c8", "That piece cannot jump over c6."),
    ("nielsen", "capture", "d7 d4",
     "That move captures nothing: the white guard on d3 needs a black piece on d2 too."),
    ("nielsen", "hostile-throne", "b3 b1",
     "That move captures nothing: the white guard on e4 is taken only by a black piece "
     "moving next to it, with another black piece (or a hostile square) on its other side."),
    ("nielsen", "safe", "d7 d5",
     "That is a legal move, but this step asks you to move the white guard on d7 to d3."),
    ("nielsen", "white-capture", "g6 f6",
     "That move captures nothing: the black piece on d6 is taken only by a white piece "
     "moving next to it, with another white piece (or a hostile square) on its other side."),
    ("nielsen", "king-capture", "b8 d8",
     "That does not capture the king: he needs a black piece on d6 too."),
    ("nielsen", "repetition", "g4 g1",
     "That is a legal move, but this step asks you to move the white guard on g4 back to g3, "
     "to see the rule."),
    ("nielsen", "no-moves", "c2 c1",
     "Black can still move: find the square that boxes black's pieces in."),
    ("ashton", "move", "c3 c8", "That piece cannot jump over c6."),
    ("ashton", "throne", "c5 g5", "Nobody may pass over the throne (e5), even when it is empty."),
    ("ashton", "throne", "c5 e5", "Only the king may stop on the throne (e5)."),
    ("ashton", "camps", "a2 g2",
     "No piece may pass over a camp (e2) from outside it, even where it is empty."),
    ("ashton", "camps", "a2 a4", "No piece may enter a camp (a4) from outside it."),
    ("ashton", "camps", "a2 c2",
     "That is a legal move, but this step asks you to move the white guard on a2 to d2."),
    ("ashton", "own-camp", "g2 e2", "No piece may enter a camp (e2) from outside it."),
    ("ashton", "own-camp", "d1 d9",
     "A black piece may move within its own camp, but never into another camp (d9)."),
    ("ashton", "capture", "d7 d4",
     "That move captures nothing: the white guard on d3 needs a black piece on d2 too."),
    ("ashton", "hostile-throne", "b3 b1",
     "That move captures nothing: the white guard on e4 is taken only by a black piece "
     "moving next to it, with another black piece (or a hostile square) on its other side."),
    ("ashton", "camp-capture", "c7 c5",
     "That move captures nothing: the black piece on b4 is taken only by a white piece "
     "moving next to it, with another white piece (or a hostile square) on its other side."),
    ("ashton", "safe", "d7 d4",
     "That is a legal move, but this step asks you to move the white guard on d7 to d3."),
    ("ashton", "white-capture", "c6 c8",
     "That move captures nothing: the black piece on d6 is taken only by a white piece "
     "moving next to it, with another white piece (or a hostile square) on its other side."),
    ("ashton", "escape", "c6 c8",
     "The king has not escaped yet: he must reach any square on the edge of the board that "
     "is not a camp."),
    ("ashton", "king-capture", "b8 e8", "No piece may enter a camp (e8) from outside it."),
    ("ashton", "king-throne-side", "e3 e1",
     "No piece may pass over a camp (e2) from outside it, even where it is empty."),
    ("ashton", "king-on-throne", "h4 h1",
     "That does not capture the king: on e5 he must be surrounded on all four sides, and e4 "
     "is still open."),
    ("ashton", "repetition", "g4 g1",
     "That is a legal move, but this step asks you to move the white guard on g4 back to g3, "
     "to see the rule."),
    ("ashton", "no-moves", "c2 c1",
     "Black can still move: find the square that boxes black's pieces in."),
]


#: Wrong moves on the other boards: every square named as that board names it.
WRONG_ELSEWHERE = [
    ("brandubh", "move", "b2 b1",
     "That is a legal move, but this step asks you to move the black piece on b2 to g2."),
    ("brandubh", "throne", "b4 d4", "Only the king may stop on the throne (d4)."),
    ("brandubh", "capture", "b2 b1",
     "That move captures nothing: the white guard on c2 is taken only by a black piece "
     "moving next to it, with another black piece (or a hostile square) on its other side."),
    ("brandubh", "hostile-corner", "c3 c1",
     "That move captures nothing: the white guard on a2 is taken only by a black piece "
     "moving next to it, with another black piece (or a hostile square) on its other side."),
    ("brandubh", "safe", "f4 f1",
     "That is a legal move, but this step asks you to move the white guard on c6 to c2."),
    ("brandubh", "white-capture", "c6 c1",
     "That move captures nothing: the black piece on d6 is taken only by a white piece "
     "moving next to it, with another white piece (or a hostile square) on its other side."),
    ("brandubh", "escape", "a3 a2",
     "The king has not escaped yet: he must reach one of the four corners."),
    ("brandubh", "king-capture", "b6 b1",
     "That does not capture the king: he is caught between two black pieces (or a black "
     "piece and a hostile square) in a row or a column, by black's move."),
    ("brandubh", "king-on-throne", "g3 g1", "Only the king may stop on a corner (g1)."),
    ("brandubh", "repetition", "f3 f1",
     "That is a legal move, but this step asks you to move the white guard on f3 back to f2, "
     "to see the rule."),
    ("brandubh", "no-moves", "b1 a1", "Only the king may stop on a corner (a1)."),
    ("copenhagen", "move", "d4 d7",
     "d7 is taken: a piece stops only on an empty square (it captures by surrounding, never "
     "by landing on a piece)."),
    ("copenhagen", "throne", "d6 f6", "Only the king may stop on the throne (f6)."),
    ("copenhagen", "capture", "d4 d1",
     "That move captures nothing: the white guard on e4 is taken only by a black piece "
     "moving next to it, with another black piece (or a hostile square) on its other side."),
    ("copenhagen", "hostile-throne", "c4 c1",
     "That move captures nothing: the white guard on f5 is taken only by a black piece "
     "moving next to it, with another black piece (or a hostile square) on its other side."),
    ("copenhagen", "hostile-corner", "c3 c1",
     "That move captures nothing: the white guard on a2 is taken only by a black piece "
     "moving next to it, with another black piece (or a hostile square) on its other side."),
    ("copenhagen", "safe", "h6 h1",
     "That is a legal move, but this step asks you to move the white guard on e8 to e4."),
    ("copenhagen", "white-capture", "d7 d1",
     "That move captures nothing: the black piece on e7 is taken only by a white piece "
     "moving next to it, with another white piece (or a hostile square) on its other side."),
    ("copenhagen", "shieldwall", "f4 f3",
     "That move captures nothing: the row on c1, d1 and e1 is taken only when a black piece "
     "moving onto the edge closes its open end."),
    ("copenhagen", "escape", "a3 a2",
     "The king has not escaped yet: he must reach one of the four corners."),
    ("copenhagen", "edge-fort", "h2 g2",
     "That does not close the fort: black could still get in, or break its walls."),
    ("copenhagen", "king-capture", "e7 e1",
     "That does not capture the king: on e8 he must be surrounded on all four sides, and e7 "
     "and f8 are still open."),
    ("copenhagen", "king-throne-side", "f4 f1",
     "That does not capture the king: on f5 he must be surrounded on all four sides, and f4 "
     "and g5 are still open."),
    ("copenhagen", "king-on-throne", "i5 i1",
     "That does not capture the king: on f6 he must be surrounded on all four sides, and f5 "
     "is still open."),
    ("copenhagen", "repetition", "h5 h1",
     "That is a legal move, but this step asks you to move the white guard on h5 back to h4, "
     "to see the rule."),
    ("copenhagen", "encirclement", "f4 f1",
     "That move does not close the ring: a white piece can still reach the edge."),
    ("copenhagen", "no-moves", "c1 d1",
     "Black can still move: find the square that boxes black's pieces in."),
    ("fetlar", "move", "d4 d1",
     "That is a legal move, but this step asks you to move the black piece on d4 to i4."),
    ("fetlar", "throne", "d6 d1",
     "That is a legal move, but this step asks you to move the black piece on d6 to h6."),
    ("fetlar", "capture", "d4 e4",
     "e4 is taken: a piece stops only on an empty square (it captures by surrounding, never "
     "by landing on a piece)."),
    ("fetlar", "hostile-throne", "c4 c1",
     "That move captures nothing: the white guard on f5 is taken only by a black piece "
     "moving next to it, with another black piece (or a hostile square) on its other side."),
    ("fetlar", "hostile-corner", "c3 c1",
     "That move captures nothing: the white guard on a2 is taken only by a black piece "
     "moving next to it, with another black piece (or a hostile square) on its other side."),
    ("fetlar", "safe", "h6 h1",
     "That is a legal move, but this step asks you to move the white guard on e8 to e4."),
    ("fetlar", "white-capture", "d7 e7",
     "e7 is taken: a piece stops only on an empty square (it captures by surrounding, never "
     "by landing on a piece)."),
    ("fetlar", "escape", "a3 a2",
     "The king has not escaped yet: he must reach one of the four corners."),
    ("fetlar", "king-capture", "e7 e1",
     "That does not capture the king: on e8 he must be surrounded on all four sides, and e7 "
     "and f8 are still open."),
    ("fetlar", "king-throne-side", "f4 f5",
     "f5 is taken: a piece stops only on an empty square (it captures by surrounding, never "
     "by landing on a piece)."),
    ("fetlar", "king-on-throne", "i5 i1",
     "That does not capture the king: on f6 he must be surrounded on all four sides, and f5 "
     "is still open."),
    ("fetlar", "repetition", "h5 h8",
     "h8 is taken: a piece stops only on an empty square (it captures by surrounding, never "
     "by landing on a piece)."),
    ("fetlar", "encirclement", "f4 f1",
     "That move does not close the ring: a white piece can still reach the edge."),
    ("fetlar", "no-moves", "d3 d1",
     "Black can still move: find the square that boxes black's pieces in."),
]
WRONG += WRONG_ELSEWHERE


@pytest.mark.parametrize(("name", "key", "move", "reason"), WRONG,
                         ids=[f"{n}-{k}-{m}" for n, k, m, _ in WRONG])
def test_a_wrong_move_gets_its_reason(name: str, key: str, move: str, reason: str) -> None:
    step = step_of(name, key)
    board = step.game(RULES[name]).board
    assert judge(board, mv(move, board.rules.size), step.goal) == reason


@pytest.mark.parametrize("name", EXPECTED_KEYS)
def test_every_step_of_the_named_rule_sets_has_a_wrong_move_above(name: str) -> None:
    covered = {key for rules_name, key, _, _ in WRONG if rules_name == name}
    assert set(EXPECTED_KEYS[name]) <= covered


def test_crossing_the_empty_throne_is_legal_and_the_king_back_on_it_is_explained() -> None:
    board = Board.from_position(place("c5", "", "g7", Side.BLACK), BERKELEY)
    assert why_illegal(board, mv("c5 g5")) == ""
    king = Board.from_position(place("a1", "", "e4", Side.WHITE), BRAINKING)
    assert why_illegal(king, mv("e4 e5")) == (
        "The king may not go back to the throne (e5) once he has left it.")


def test_the_rule_texts_follow_the_parameters() -> None:
    texts = {name: {step.key: step.text for step in lesson_steps(RULES[name])}
             for name in EXPECTED_KEYS}
    assert "anyone may pass over it" in texts["berkeley"]["throne"]
    assert "may go back to it" in texts["berkeley"]["throne"]
    assert "not even he may stop there again" in texts["brainking"]["throne"]
    assert "corners" in texts["nielsen"]["throne"]
    assert "no square acts as an enemy" in texts["brainking"]["capture"]
    assert "unarmed" in texts["brainking"]["white-capture"]
    assert "fights too" in texts["berkeley"]["white-capture"]
    assert "all four sides" in texts["brainking"]["king-capture"]
    assert "between two black pieces," in texts["berkeley"]["king-capture"]
    assert "hostile square" not in texts["berkeley"]["king-capture"]  # none away from e5
    assert "hostile square" in texts["nielsen"]["king-capture"]  # the corners
    assert "occurs again" in texts["berkeley"]["repetition"]
    assert "loses" in texts["berkeley"]["repetition"]
    assert "third time" in texts["brainking"]["repetition"]
    assert "drawn" in texts["brainking"]["repetition"]
    assert "encircling" in texts["nielsen"]["no-moves"]
    assert "encircling" not in texts["berkeley"]["no-moves"]
    assert "2 games" in texts["nielsen"]["no-moves"]
    assert "move limit" not in texts["berkeley"]["no-moves"]


def test_only_rule_sets_with_camps_teach_them() -> None:
    for rules in ALL_RULES:
        keys = {step.key for step in lesson_steps(rules)}
        assert keys >= CAMP_KEYS if rules.camps else not keys & CAMP_KEYS, rules.name
    assert not {"camps", "own-camp", "camp-capture"} & set(EXPECTED_KEYS["berkeley"])


def test_the_ashton_texts_say_what_ashton_does() -> None:
    texts = {step.key: step.text for step in lesson_steps(ASHTON)}
    assert "White moves first" in texts["move"]
    assert "the throne and the camps bar the way too" in texts["move"]
    assert "nobody may even pass over it" in texts["throne"]
    assert "not even he may stop there again" in texts["throne"]
    assert ("a4 a5 a6 b5, d1 e1 f1 e2, i4 i5 i6 h5 and d9 e9 f9 e8" in texts["camps"])
    assert "No piece may enter a camp from outside it, or pass over a camp" in texts["camps"]
    assert "may move within it" in texts["own-camp"]
    assert "may not come back into any camp" in texts["own-camp"]
    assert "With the king on it, it is still an enemy to a white guard" in (
        texts["hostile-throne"])
    assert "A camp square acts as an enemy piece, empty or not" in texts["camp-capture"]
    assert "(a5, e1, i5, e9) never counts against a black piece" in texts["camp-capture"]
    assert "edge of the board that is not a camp" in texts["escape"]
    assert "edge of the board that is not a camp" in texts["no-moves"]
    assert "a black piece and a hostile square (a camp)" in texts["king-capture"]
    assert "all four sides, and the empty throne counts" in texts["king-throne-side"]
    assert "drawn" in texts["repetition"]
    camp_berkeley = {step.key: step.text for step in lesson_steps(made_up("camp-berkeley"))}
    assert "never counts against" not in camp_berkeley["camp-capture"]
    assert "In these rules the camps bar the way too" in camp_berkeley["move"]
    assert "bar the way" not in step_of("berkeley", "move").text


def test_a_move_against_a_camps_middle_square_is_explained() -> None:
    # b5 is in its camp; a5, beyond it from c5, is the middle square of the camp's edge.
    board = Board.from_position(place("b5 i1", "c7", "g6", Side.WHITE), ASHTON)
    assert judge(board, mv("c7 c5"), Capture(sq("b5"))) == (
        "That move captures nothing: a5, the middle square of a camp's edge, never counts "
        "against a black piece.")
    hostile = replace(ASHTON, name="hostile-centres", camp_centres_hostile_to_black=True)
    board = Board.from_position(place("b5 i1", "c7", "g6", Side.WHITE), hostile)
    assert judge(board, mv("c7 c5"), Capture(sq("b5"))) == ""


def test_a_black_piece_in_a_camp_never_crosses_another() -> None:
    # With a throne anyone crosses, row 5 leads from one camp through another.
    rules = made_up("camp-berkeley")
    board = Board.from_position(place("b5", "c7", "g7", Side.BLACK), rules)
    assert board.is_legal(mv("b5 g5"))
    assert why_illegal(board, mv("b5 i5")) == (
        "A black piece may cross its own camp, but never another camp (h5).")
    outside = Board.from_position(place("c5", "c7", "g7", Side.BLACK), rules)
    assert why_illegal(outside, mv("c5 i5")) == (
        "No piece may pass over a camp (h5) from outside it, even where it is empty.")


def test_the_last_step_tells_the_games_move_limit() -> None:
    step = lesson_steps(BERKELEY, limit=40)[-1]
    assert "This game has a move limit of 40 moves a side" in step.text


def test_the_repetition_step_shows_the_history_that_the_rule_counts() -> None:
    for rules, winner in ((BERKELEY, "Black wins"), (NIELSEN, "Black wins"),
                          (BRAINKING, "Drawn")):
        step = next(s for s in lesson_steps(rules) if s.key == "repetition")
        game = step.game(rules)
        assert game.ply == 4 * (rules.repetition_count - 1) - 1
        assert step.success.startswith(winner)


# -- a person's way through the lesson -------------------------------------------------------------


def click(lesson: Lesson, *names: str) -> None:
    """Click the squares called ``names`` on the lesson's board."""
    for name in names:
        lesson.activate(sq(name))


def test_a_lesson_starts_at_its_first_step_and_counts_them() -> None:
    lesson = Lesson(BERKELEY)
    assert lesson.progress == "Step 1 of 12"
    assert lesson.is_first and not lesson.is_last and not lesson.done
    assert lesson.announcement.startswith("Step 1 of 12: Moving. Black to move:")


def test_a_wrong_move_is_not_played_and_says_why() -> None:
    lesson = Lesson(BERKELEY)
    before = lesson.game.board.position()
    click(lesson, "c3", "c8")
    assert lesson.game.board.position() == before
    assert lesson.verdict is not None and not lesson.verdict.right
    assert lesson.verdict.text == "That piece cannot jump over c6."
    assert lesson.announcement == "That piece cannot jump over c6."
    assert lesson.selected is None and not lesson.done


def test_the_same_wrong_move_twice_is_said_twice() -> None:
    lesson = Lesson(BERKELEY)
    click(lesson, "c3", "c8")
    first = lesson.spoken
    click(lesson, "c3")
    picked = lesson.spoken
    click(lesson, "c8")
    assert first < picked < lesson.spoken


def test_picking_up_a_piece_names_its_targets_and_the_other_side_is_refused() -> None:
    lesson = Lesson(BERKELEY)
    click(lesson, "c3")
    assert lesson.selected == sq("c3")
    assert sq("h3") in lesson.targets()
    assert lesson.announcement.startswith("c3, black piece, picked up: it can move to")
    click(lesson, "c3")
    assert lesson.selected is None
    click(lesson, "c6")
    assert lesson.verdict.text == ("It is black's move here: move a black piece, not the "
                                   "white guard on c6.")


def test_the_right_move_is_played_praised_and_ends_the_step() -> None:
    lesson = Lesson(BERKELEY)
    lesson.go(2)  # capturing
    click(lesson, "h3", "e3")
    assert lesson.done and lesson.verdict.right
    assert lesson.game.board.piece_at(sq("d3")) is None
    assert lesson.fading == [] and lesson.solved == {2}
    assert lesson.announcement.startswith(
        "Black h3 to e3, capturing the white guard on d3. Captured:")
    marks = lesson.marks()
    assert marks.last == mv("h3 e3")
    click(lesson, "e3", "e1")  # nothing more happens on a done step
    assert lesson.game.board.piece_at(sq("e3")) == "black"


def test_captures_fade_on_the_redraw_after_the_right_move() -> None:
    lesson = Lesson(BERKELEY)
    lesson.go(2)
    seen: list[list[tuple[int, str]]] = []
    lesson.subscribe(lambda: seen.append(list(lesson.marks().fading)))
    click(lesson, "h3", "e3")
    assert seen[-1] == [(sq("d3"), "white")]


def test_a_dragged_wrong_move_says_why_and_the_piece_stays_picked_up() -> None:
    lesson = Lesson(BERKELEY)
    assert lesson.pick_up(sq("c3"))
    assert not lesson.drop(sq("c3"), sq("d4"))
    assert lesson.verdict.text == "Pieces move only along a row or a column, never diagonally."
    assert lesson.pick_up(sq("c3"))  # what the board's input does after a refused drop
    assert lesson.verdict.text.startswith("Pieces move only")
    assert lesson.drop(sq("c3"), sq("h3")) and lesson.done


def test_show_me_draws_the_answer_and_retry_starts_the_step_again() -> None:
    lesson = Lesson(BERKELEY)
    lesson.show_answer()
    assert lesson.hint == mv("c3 h3")
    assert lesson.announcement == "Move the black piece on c3 to h3."
    assert lesson.marks().hint == mv("c3 h3")
    lesson.play(mv("c3 h3"))
    assert lesson.hint is None and lesson.done
    lesson.retry()
    assert not lesson.done and lesson.game.board.piece_at(sq("c3")) == "black"
    assert lesson.solved == {0}


def test_next_and_back_move_between_steps_and_stop_at_the_ends() -> None:
    lesson = Lesson(NIELSEN)
    lesson.back()
    assert lesson.index == 0
    lesson.next()
    assert lesson.progress == "Step 2 of 13" and lesson.step.key == "throne"
    for _ in range(20):
        lesson.next()
    assert lesson.is_last and lesson.progress == "Step 13 of 13"
    lesson.back()
    assert lesson.index == 11


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_a_whole_lesson_by_clicks_never_touches_the_game_in_progress(rules) -> None:
    session = Session()
    session.play(mv("d9 d8"))
    record = session.state().to_json()
    lesson = Lesson(rules, session.game.limit)
    for index in range(len(lesson.steps)):
        lesson.go(index)
        frm, to = lesson.step.answer
        lesson.activate(frm)
        lesson.activate(to)
        assert lesson.done and lesson.verdict.right, lesson.step.key
        assert lesson.game.board.outcome() is not None or lesson.step.key not in (
            "escape", "king-capture", "repetition", "no-moves")
    assert lesson.finished
    assert "last step" in lesson.announcement
    assert session.state().to_json() == record
    assert session.game is not lesson.game


def test_steps_start_from_their_own_game() -> None:
    lesson = Lesson(BERKELEY)
    first = lesson.game
    lesson.go(0)
    assert lesson.game is not first
    assert isinstance(lesson.game, Game)
    assert lesson.game.rules is BERKELEY


# -- the other boards ------------------------------------------------------------------------------

#: What looks like a square's name in a sentence: a file letter and a rank number.
SQUARE_WORD = re.compile(r"\b([a-z])(\d{1,2})\b")


@pytest.mark.parametrize(("rules", "step"), EVERY_STEP, ids=STEP_IDS)
def test_a_step_names_only_squares_of_its_board(rules: Rules, step: Step) -> None:
    board_shape = shape(rules.size)
    words = " ".join((step.title, step.text, step.task, step.success))
    named = [match.group() for match in SQUARE_WORD.finditer(words)]
    for name in named:
        board_shape.parse_square(name)  # ValueError for a square the board has not
    assert "off the board" not in words
    assert all(0 <= sq < board_shape.count for sq in (*step.answer, *sum(step.before, ())))
    game = step.game(rules)
    assert game.board.rules.size == rules.size


def test_the_other_boards_name_their_own_throne_and_corners() -> None:
    brandubh = {step.key: step for step in lesson_steps(RULES["brandubh"])}
    copenhagen = {step.key: step for step in lesson_steps(RULES["copenhagen"])}
    assert brandubh["throne"].text.startswith("The throne, d4, is the king's square")
    assert copenhagen["throne"].text.startswith("The throne, f6, is the king's square")
    assert copenhagen["king-on-throne"].task == "Black to move: capture the king on f6."
    assert brandubh["king-on-throne"].task == "Black to move: capture the king on d4."
    assert "captured like any other piece" in brandubh["king-on-throne"].text
    assert "never captured" in copenhagen["king-capture"].text
    assert "fort on the edge" in copenhagen["no-moves"].text
    fetlar = {step.key for step in lesson_steps(RULES["fetlar"])}
    assert not fetlar & {"shieldwall", "edge-fort"}
    wall = copenhagen["shieldwall"]
    assert isinstance(wall.goal, Captures) and len(wall.goal.victims) == 3
    assert wall.task == ("Black to move: capture the three white guards on c1, d1 and e1 "
                         "at once.")


def test_a_lesson_on_another_board_is_played_by_its_own_squares() -> None:
    lesson = Lesson(RULES["copenhagen"])
    lesson.go(next(i for i, step in enumerate(lesson.steps) if step.key == "shieldwall"))
    lesson.activate(sq("f4", 11))
    assert lesson.announcement.startswith("f4, black piece, picked up: it can move to")
    lesson.activate(sq("f1", 11))
    assert lesson.done and lesson.verdict.right
    assert lesson.announcement.startswith(
        "Black f4 to f1, capturing the white guards on c1, d1 and e1.")
    lesson.show_answer()  # a done step shows no answer
    lesson.retry()
    lesson.show_answer()
    assert lesson.announcement == "Move the black piece on f4 to f1."

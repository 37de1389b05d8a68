"""The steps of the first lesson, made from a rule set's parameters.

Each step is a small position, a sentence or two of rule, and one move to make. Nothing
here is written per rule set: the sentences are chosen by the fields of
:class:`tablut.rules.Rules` and the squares of its :class:`tablut.geometry.RuleGeometry`,
and every step is checked against the engine before it is offered (:func:`lesson_steps`):
its position must be one the rules allow, with the game still going, and its answer must
be legal and do what the step says (capture, escape, end the game), judged by the same
:class:`web.lesson.judge.Goal` that judges the person's move. A position that a rule set
does not allow (a square it reserves, a camp) is replaced by the next candidate of the
step, and a step none of whose candidates works is left out rather than taught wrongly;
``tests/test_web_lesson.py`` checks that no rule set loses a step that way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from tablut import Board, Game, Move, NotationError, Reason, Rules, Side, format_move
from tablut.geometry import CAMP_SQUARES, CAMPS_BB
from tablut.position import format_placement
from tablut.rules import RepetitionOutcome
from tablut.squares import CORNERS_BB, EDGES_BB, THRONE_BB, parse_square
from web.lesson.judge import (
    Capture,
    CaptureKing,
    Ends,
    Escape,
    Goal,
    Reach,
    judge,
    piece_name,
    played,
)


@dataclass(frozen=True)
class Step:
    """One step of the lesson.

    Attributes:
        key: a short stable name ("capture", "escape"...).
        title: the step's heading.
        text: the rule it teaches, in a sentence or two.
        task: what to do, beginning with the side to move.
        start: the position string the step starts from.
        before: moves played from ``start`` to reach the step's position (its history
            matters for the repetition rule).
        goal: what the move asked for must do.
        answer: a move that does it (shown on request, and checked by the tests).
        success: what is said once the right move is made.
    """

    key: str
    title: str
    text: str
    task: str
    start: str
    goal: Goal
    answer: Move
    success: str
    before: tuple[Move, ...] = field(default=())

    def game(self, rules: Rules) -> Game:
        """A new game at the step's position (the moves before it played)."""
        game = Game(rules, self.start)
        for move in self.before:
            game.play(move)
        return game


def sq(text: str) -> int:
    """The square named ``text``."""
    return parse_square(text)


def move(text: str) -> Move:
    """The move from the first named square to the second: ``move("c3 h3")``."""
    frm, to = text.split()
    return sq(frm), sq(to)


def place(black: str, white: str, king: str, turn: Side) -> str:
    """The position string with black pieces on the squares named in ``black`` (separated
    by blanks), white guards on those in ``white``, the king on ``king``, ``turn`` to move."""
    bits = [sum(1 << sq(name) for name in names.split()) for names in (black, white)]
    return format_placement(bits[0], bits[1], sq(king), turn)


def valid(rules: Rules, step: Step) -> bool:
    """Whether ``step`` teaches ``rules`` truly: its position is allowed and still in play,
    its answer is legal and reaches its goal, and a step that is not about the end of the
    game does not end it by the way."""
    try:
        board = step.game(rules).board
    except (NotationError, ValueError):
        return False
    if board.outcome() is not None or judge(board, step.answer, step.goal):
        return False
    ending = isinstance(step.goal, (CaptureKing, Escape, Ends))
    return ending or played(board, step.answer).outcome() is None


def first_valid(rules: Rules, candidates: Iterator[Step]) -> Step | None:
    """The first of ``candidates`` that is valid under ``rules`` (see :func:`valid`)."""
    return next((step for step in candidates if valid(rules, step)), None)


def probe(rules: Rules, position: str, text: str) -> bool:
    """Whether the move ``text`` ("c5 g5") is legal in ``position`` under ``rules``: how a
    sentence about a rule is checked against the engine before it is said."""
    try:
        return Board.from_position(position, rules).is_legal(move(text))
    except NotationError:
        return False


def side_count(rules: Rules) -> tuple[int, int]:
    """How many pieces black and white (the king included) start with."""
    board = Game(rules).board
    return board.black.bit_count(), board.white.bit_count() + 1


# -- the steps ---------------------------------------------------------------------------------
# Each builder yields its candidate steps, the usual position first.


def moving(rules: Rules) -> Iterator[Step]:
    """How pieces move: like a rook, never jumping."""
    black, white = side_count(rules)
    first = Game(rules).side
    text = (f"Black attacks with {black} pieces; white defends with {white - 1} guards and "
            f"the king, who starts in the middle. {first.word.capitalize()} moves first, then "
            "the sides take turns. Every piece, the king too, moves like a rook in chess: "
            "any number of empty squares along a row or a column, never jumping over a piece."
            + _walls_text(rules))
    for frm, to, guard in (("c3", "h3", "c6"), ("c7", "h7", "c4")):
        yield Step("move", "Moving", text, f"Black to move: move the black piece on {frm} to "
                   f"{to}.", place(frm, guard, "g5", Side.BLACK), Reach(sq(frm), sq(to)),
                   move(f"{frm} {to}"), "Right: straight along the row, as far as the way is "
                   "clear.")


def _walls_text(rules: Rules) -> str:
    """The squares that bar the way in ``rules`` besides the pieces, as a sentence ("" if
    none)."""
    walls = [what for what, there in (("the throne", rules.throne_blocks),
                                      ("the camps", rules.camps)) if there]
    if not walls:
        return ""
    return f" In these rules {' and '.join(walls)} bar the way too, as the next steps show."


def throne(rules: Rules) -> Iterator[Step]:
    """The throne, and the corners where the king alone may stop."""
    position = place("c5 a7", "", "g7", Side.BLACK)
    crossing = probe(rules, position, "c5 g5")
    text = ("The throne, e5, is the king's square, marked with a cross. No other piece may "
            "stop on it; " + ("anyone may pass over it while it is empty. " if crossing else
                              "nobody may even pass over it. "))
    text += ("The king may go back to it after leaving it." if rules.king_may_reenter_throne
             else "Once the king has left it, not even he may stop there again.")
    if rules.corners_restricted:
        text += " The four corners, marked the same way, are the king's too."
    if crossing:
        task, answer = "move the black piece on c5 to g5, across the empty throne.", "c5 g5"
        success = "Right: the empty throne may be crossed, but only the king stops on it."
    else:
        task, answer = "move the black piece on c5 as near the throne as it may go.", "c5 d5"
        success = "Right: d5 is as far as it goes; the throne bars the way."
    yield Step("throne", "The throne", text, f"Black to move: {task}", position,
               Reach(*move(answer)), move(answer), success)


def camps(rules: Rules) -> Iterator[Step]:
    """The camps, walled to every piece outside them."""
    if not rules.camps:
        return
    *first, last = (" ".join(camp) for camp in CAMP_SQUARES)
    text = (f"Black starts in four camps, their squares marked with a dashed outline and a "
            f"tent: {', '.join(first)} and {last}. No piece may enter a camp from outside "
            "it, or pass over a camp, even an empty one: the king and his guards never set "
            "foot in one.")
    yield Step("camps", "The camps", text, "White to move: move the white guard on a2 along "
               "its row as far as it may go.", place("e1 f1", "a2", "g6", Side.WHITE),
               Reach(*move("a2 d2")), move("a2 d2"), "Right: d2 is as far as it goes; the "
               "camp square e2 bars the way, empty as it is.")


def own_camp(rules: Rules) -> Iterator[Step]:
    """A black piece in its camp moves within it, and once out stays out."""
    if not rules.camps:
        return
    text = ("A black piece still in its camp may move within it, across its empty squares, "
            "and out of it. Once it has left, it may not come back into any camp.")
    yield Step("own-camp", "Inside a camp", text, "Black to move: move the black piece on "
               "d1 to f1, across its own camp.", place("d1 g2", "c7", "g6", Side.BLACK),
               Reach(*move("d1 f1")), move("d1 f1"), "Right: a black piece in its camp "
               "crosses the camp's empty squares freely.")


def camp_capture(rules: Rules) -> Iterator[Step]:
    """Camp squares capture like enemy pieces."""
    if not rules.camps:
        return
    text = ("A camp square acts as an enemy piece, empty or not, to white's guards and to "
            "black's own pieces alike: a piece beside a camp is captured by a single enemy "
            "moving to its other side.")
    if not rules.camp_centres_hostile_to_black:
        centres = ", ".join(camp[1] for camp in CAMP_SQUARES)
        text += (f" Only the middle square of each camp's edge ({centres}) never counts "
                 "against a black piece.")
    yield Step("camp-capture", "Camps capture", text, "White to move: capture the black "
               "piece on b4 with one white guard.", place("b4 i5", "c7", "g6", Side.WHITE),
               Capture(sq("b4")), move("c7 c4"), "Captured: the camp square a4 was the "
               "black piece's second enemy.")


def capture(rules: Rules) -> Iterator[Step]:
    """Custodial capture by black."""
    text = ("You capture an enemy piece by moving so that it stands between two of your "
            "pieces, in a row or a column. Diagonals do not count.")
    if not rules.empty_throne_hostile and not rules.corners_hostile:
        text += (" In these rules a capture always takes two pieces: no square acts as an "
                 "enemy to a guard or an attacker.")
    for victim, black, capturer in (("d3", "c3 h3 d7", "h3 e3"), ("d7", "c7 h7 d3", "h7 e7")):
        yield Step("capture", "Capturing", text, f"Black to move: capture the white guard on "
                   f"{victim}.", place(black, victim, "g5", Side.BLACK), Capture(sq(victim)),
                   move(capturer), f"Captured: the guard on {victim} was caught between two "
                   "black pieces.")


def hostile_throne(rules: Rules) -> Iterator[Step]:
    """The empty throne as an enemy to both sides."""
    if not rules.empty_throne_hostile:
        return
    text = ("The empty throne acts as an enemy to both sides: a piece beside it is captured "
            "by a single enemy moving to its other side.")
    if rules.occupied_throne_hostile_to_white:
        text += " With the king on it, it is still an enemy to a white guard beside it."
    elif rules.throne_hostile_to_white_when_three_black:
        text += (" With the king on it, it is an enemy to a white guard beside it only once "
                 "black holds the throne's other three sides.")
    yield Step("hostile-throne", "The throne captures too", text, "Black to move: capture the "
               "white guard on e4 with one black piece.", place("b3", "e4", "g7", Side.BLACK),
               Capture(sq("e4")), move("b3 e3"), "Captured: the empty throne was the guard's "
               "second enemy.")


def hostile_corner(rules: Rules) -> Iterator[Step]:
    """The empty corners as enemies."""
    if not rules.corners_hostile:
        return
    text = ("The corners act as enemies too, to both sides and to the king: a piece beside "
            "a corner is captured by a single enemy moving to its other side.")
    yield Step("hostile-corner", "Hostile corners", text, "Black to move: capture the white "
               "guard on a2 with one black piece.", place("c3", "a2", "g7", Side.BLACK),
               Capture(sq("a2")), move("c3 a3"), "Captured: the corner a1 was the guard's "
               "second enemy.")


def safe(rules: Rules) -> Iterator[Step]:
    """Moving between two enemies is safe."""
    text = ("A piece may move between two enemy pieces unharmed: a capture is made only by "
            "the side that moves.")
    for frm, to, black in (("d7", "d3", "c3 e3"), ("d3", "d7", "c7 e7")):
        yield Step("safe", "Between two enemies", text, f"White to move: move the white guard "
                   f"on {frm} to {to}, between the two black pieces.",
                   place(black, frm, "g5", Side.WHITE), Reach(sq(frm), sq(to)),
                   move(f"{frm} {to}"), "Safe: black did not make the move, so nothing is "
                   "captured.")


def white_captures(rules: Rules) -> Iterator[Step]:
    """White captures the same way; the king helps, or never does."""
    if rules.king_armed:
        text = ("White captures the same way, and the king fights too: he may make a "
                "capture, or be the piece on the other side of one.")
        yield Step("white-capture", "White captures", text, "White to move: capture the black "
                   "piece on d6 with the king.", place("d6 b2", "c6", "g6", Side.WHITE),
                   Capture(sq("d6")), move("g6 e6"), "Captured: the king and the guard on c6 "
                   "took it between them.")
        return
    text = ("White captures the same way, but the king is unarmed: he never captures, and "
            "never helps a guard to capture.")
    yield Step("white-capture", "White captures", text, "White to move: capture the black "
               "piece on d6.", place("d6 b2", "c6 e8", "g6", Side.WHITE), Capture(sq("d6")),
               move("e8 e6"), "Captured: the two guards took it between them.")


def _escape_squares(rules: Rules) -> str:
    """Where the king escapes to, as the end of a sentence."""
    geo = Board(rules).geometry
    escape = geo.escape
    if escape == CORNERS_BB:
        return "one of the four corners"
    if escape == EDGES_BB:
        return "any square on the edge of the board"
    if escape == EDGES_BB & ~geo.camps:
        return "any square on the edge of the board that is not a camp"
    return "a square on the edge of the board that the rules leave open to him"


def escape(rules: Rules) -> Iterator[Step]:
    """The king's escape."""
    where = _escape_squares(rules)
    text = f"White wins as soon as the king reaches {where}."
    goal = Escape(where)
    task = "White to move: take the king to " + (
        "a corner." if "corner" in where else "the edge.")
    success = "White wins: the king escaped."
    # An edge square that is not a corner, for rule sets where the king escapes to corners.
    yield Step("escape", "The king escapes", text, task, place("b6 g6", "c3", "c6",
                                                               Side.WHITE),
               goal, move("c6 c9"), success)
    yield Step("escape", "The king escapes", text, task, place("b3 a6", "", "a3", Side.WHITE),
               goal, move("a3 a1"), success)


def _king_sides_text(rules: Rules, sides: int, where: str, squares: int) -> str:
    """How the king is captured ``where`` ("away from the throne"), for ``sides``;
    ``squares`` are the hostile squares he may meet there."""
    if sides == 2:
        extra = (f" or a black piece and a hostile square ({_hostile_names(squares)}),"
                 if squares else "")
        return (f"{where[0].upper()}{where[1:]} he is captured like any other piece: "
                f"between two black pieces,{extra} in a row or a column.")
    return f"{where[0].upper()}{where[1:]} black must surround him on all four sides."


def _hostile_names(squares: int) -> str:
    """What the hostile ``squares`` away from the throne are: "a corner", "a camp"..."""
    names = [what for what, kind in (("a corner", CORNERS_BB), ("a camp", CAMPS_BB))
             if squares & kind]
    return " or ".join(names) or "a marked square"


def king_capture(rules: Rules) -> Iterator[Step]:
    """Capturing the king away from the throne."""
    sides = rules.king_sides_elsewhere
    hostile = Board(rules).geometry.hostile_to_king_squares & ~THRONE_BB
    text = "Black wins by capturing the king. " + _king_sides_text(
        rules, sides, "away from the throne", hostile)
    black = "c7 h7 b8" if sides == 2 else "c7 d8 d6 h7"
    yield Step("king-capture", "Capturing the king", text, "Black to move: capture the king.",
               place(black, "g2", "d7", Side.BLACK), CaptureKing(), move("h7 e7"),
               "Black wins: the king was captured.")


def king_beside_throne(rules: Rules) -> Iterator[Step]:
    """The king beside the empty throne, where the throne may count against him."""
    sides = rules.king_sides_next_to_throne
    throne_counts = rules.throne_hostile_to_king
    if sides == rules.king_sides_elsewhere and not throne_counts:
        return  # nothing special to teach beside the throne
    if sides == 4:
        text = ("Beside the throne black must surround the king on all four sides"
                + (", and the empty throne counts as one of them." if throne_counts else "."))
    else:
        text = _king_sides_text(rules, sides, "beside the throne", 0)
        if throne_counts:
            text += " The empty throne counts as a black piece against him."
    # Four sides: the throne and two black pieces are there, the fourth comes. Two sides:
    # a black piece comes to face the throne (or, where it does not count, another piece).
    black, answer = ("d4 e3 h4", "h4 f4") if sides == 4 else (
        ("b3 d4", "b3 e3") if throne_counts else ("d4 h4", "h4 f4"))
    yield Step("king-throne-side", "Beside the throne", text, "Black to move: capture the king "
               "on e4.", place(black, "g2", "e4", Side.BLACK), CaptureKing(), move(answer),
               "Black wins: the king was captured.")


def king_on_throne(rules: Rules) -> Iterator[Step]:
    """The king on his throne."""
    sides = rules.king_sides_on_throne
    text = (_king_sides_text(rules, sides, "on his throne", 0) if sides == 2
            else "On his throne the king is captured only when black holds all four sides.")
    black = "d5 e6 f5 h4" if sides == 4 else "e6 h4"
    yield Step("king-on-throne", "The king on his throne", text, "Black to move: capture the "
               "king on e5.", place(black, "g2", "e5", Side.BLACK), CaptureKing(),
               move("h4 e4"), "Black wins: the king was captured.")


def _repetition_text(rules: Rules) -> str:
    """The repetition rule in a sentence."""
    occurs = ("occurs again" if rules.repetition_count == 2
              else f"occurs for the {_ordinal(rules.repetition_count)} time")
    if rules.repetition_outcome is RepetitionOutcome.DRAW:
        return (f"When a position {occurs} (the same pieces, the same side to move), the "
                "game is drawn.")
    return (f"When a position {occurs} (the same pieces, the same side to move), the player "
            "whose move made it loses.")


def _ordinal(n: int) -> str:
    return {2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def repetition(rules: Rules) -> Iterator[Step]:
    """The repetition rule, seen by making the repeating move."""
    there, back = move("g3 g4"), move("g4 g3")
    cycle = [move("c3 c2"), there, move("c2 c3"), back]
    # The repeating move is the last of repetition_count - 1 whole cycles.
    before = tuple((cycle * rules.repetition_count)[:4 * (rules.repetition_count - 1) - 1])
    played_text = ", ".join(format_move(m) for m in before)
    text = (f"{_repetition_text(rules)} Here both sides have moved back and forth: "
            f"{played_text}.")
    start = place("c3 b7", "g3", "g7", Side.BLACK)
    try:
        board = Step("", "", "", "", start, Reach(*back), back, "", before).game(rules).board
    except (NotationError, ValueError):
        return
    outcome = played(board, back).outcome() if board.is_legal(back) else None
    if outcome is None:
        return
    if outcome.winner is None:
        success = "Drawn: the position was repeated."
    else:
        success = (f"{outcome.winner.word.capitalize()} wins: "
                   f"{outcome.winner.opponent.word} repeated a position.")
    yield Step("repetition", "Repeating a position", text, "White to move: move the white "
               "guard on g4 back to g3, and see.", start, Ends(Reason.REPETITION, (
                   "That is a legal move, but this step asks you to move the white guard on "
                   "g4 back to g3, to see the rule.")), back, success, before)


def encirclement(rules: Rules) -> Iterator[Step]:
    """Black's win by encircling every white piece."""
    if not rules.encirclement:
        return
    text = ("Black also wins by encircling: when no white piece can reach the edge of the "
            "board without crossing a black piece.")
    ring = "e3 d4 f4 c5 d6 f6 e7 g8"
    yield Step("encirclement", "Encirclement", text, "Black to move: close the ring around "
               "the white pieces.", place(ring, "e4", "e5", Side.BLACK),
               Ends(Reason.ENCIRCLED, "That move does not close the ring: a white piece can "
                    "still reach the edge."), move("g8 g5"),
               "Black wins: every white piece is encircled.")


def _ends_text(rules: Rules, limit: int | None) -> str:
    """Every way the game ends, as a short paragraph."""
    parts = [f"White wins when the king reaches {_escape_squares(rules)}; black wins by "
             "capturing the king."]
    if rules.encirclement:
        parts.append("Black also wins by encircling every white piece.")
    parts.append(_repetition_text(rules))
    parts.append("A player who has no legal move on his turn loses.")
    if limit is not None:
        parts.append(f"This game has a move limit of {limit} moves a side: a player loses "
                     "when the game has not ended by the time he must make one move more.")
    if rules.match_games > 1:
        parts.append(f"A match is {rules.match_games} games, with sides swapped.")
    return " ".join(parts)


def no_moves(rules: Rules, limit: int | None) -> Iterator[Step]:
    """How the game ends, with the loss of a side that cannot move to play."""
    text = _ends_text(rules, limit)
    for black, white, frm in (("c3 d3 c4 d4", "b3 b4 e3 e4 c2 d2 c5 d7", "d7"),
                              ("f6 g6 f7 g7", "e6 e7 h6 h7 f5 g5 f8 g9", "g9")):
        box = ", ".join(black.split())
        to = "d5" if frm == "d7" else "g8"
        yield Step("no-moves", "How a game ends", text, f"White to move: leave black without "
                   f"a legal move (black's pieces on {box} are nearly boxed in).",
                   place(black, white, "h2", Side.WHITE),
                   Ends(Reason.NO_MOVES, "Black can still move: find the square that boxes "
                        "black's pieces in."), move(f"{frm} {to}"),
                   "White wins: black has no legal move.")


#: The lesson's steps in order, each a builder of candidates.
BUILDERS: tuple[Callable[[Rules], Iterator[Step]], ...] = (
    moving, throne, camps, own_camp, capture, hostile_throne, hostile_corner, camp_capture,
    safe, white_captures, escape, king_capture, king_beside_throne, king_on_throne,
    repetition, encirclement,
)


def lesson_steps(rules: Rules, limit: int | None = None) -> list[Step]:
    """The lesson for ``rules`` (and the game's move ``limit``, if any): every step whose
    candidates hold one valid under the rules, in order."""
    steps = [first_valid(rules, build(rules)) for build in BUILDERS]
    steps.append(first_valid(rules, no_moves(rules, limit)))
    return [step for step in steps if step is not None]


__all__ = ["BUILDERS", "Step", "lesson_steps", "piece_name", "place", "valid"]

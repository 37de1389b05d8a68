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

The positions are written on Tablut's 9x9 board and placed on the board of the rule set by
a :class:`Frame`: moved so that the throne stays the throne (a step about the throne), or
so that a corner or an edge stays one (a step about an escape, a hostile corner). Each
step's candidates are tried in every frame of the board, the throne's first; on 9x9 every
frame is the same. Every square a step names is named through its frame, so a step never
names a square the board does not have, and a square that falls off the board makes the
step invalid.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from tablut import Board, Game, Move, NotationError, Reason, Rules, Side, format_move
from tablut.geometry import CAMP_SQUARES, RuleGeometry
from tablut.position import format_placement
from tablut.rules import Escape as EscapeTo
from tablut.rules import RepetitionOutcome
from tablut.squares import Shape, shape
from web.lesson.judge import (
    Capture,
    CaptureKing,
    Captures,
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


#: The board the lesson's positions are written on: Tablut's.
TEMPLATE = shape(9)


@dataclass(frozen=True)
class Frame:
    """The lesson's squares, written for the 9x9 board, placed on the board of ``size``:
    moved ``cols`` files to the right and ``rows`` ranks up. A square that falls off the
    board is -1 (a position holding one cannot be read, so its step is never valid) and
    is named "off the board" (never said: only a valid step is)."""

    size: int
    cols: int = 0
    rows: int = 0

    @property
    def board(self) -> Shape:
        """The board the squares are placed on."""
        return shape(self.size)

    def sq(self, text: str) -> int:
        """The square that the 9x9 square named ``text`` becomes, or -1 off the board."""
        written = TEMPLATE.parse_square(text)
        col = written % TEMPLATE.size + self.cols
        row = written // TEMPLATE.size + self.rows
        if not (0 <= col < self.size and 0 <= row < self.size):
            return -1
        return row * self.size + col

    def name(self, text: str) -> str:
        """The name of the square that the 9x9 square ``text`` becomes."""
        square = self.sq(text)
        return self.board.square_name(square) if square >= 0 else "off the board"

    def names(self, text: str) -> str:
        """Several squares separated by blanks (``"c3 d3"``), each named on this board."""
        return " ".join(self.name(name) for name in text.split())

    def move(self, text: str) -> Move:
        """The move from the first named square to the second: ``move("c3 h3")``."""
        frm, to = text.split()
        return self.sq(frm), self.sq(to)

    def place(self, black: str, white: str, king: str, turn: Side) -> str:
        """The position string with black pieces on the squares named in ``black``
        (separated by blanks), white guards on those in ``white``, the king on ``king``,
        ``turn`` to move; "" (no position) when one of them is off the board."""
        groups = [[self.sq(name) for name in names.split()] for names in (black, white)]
        crown = self.sq(king)
        if crown < 0 or any(square < 0 for group in groups for square in group):
            return ""
        bits = [sum(1 << square for square in group) for group in groups]
        return format_placement(bits[0], bits[1], crown, turn, self.size)


#: Tablut's board, where every frame is this one.
NINE = Frame(9)


def frames(size: int) -> list[Frame]:
    """The ways of placing the 9x9 lesson on the board of ``size``, in the order tried:
    about the throne (moved by half the difference in size), then about each corner,
    then about the middle of each edge. Only one on 9x9."""
    half, whole = (size - 9) // 2, size - 9
    shifts = [(half, half), (0, 0), (whole, whole), (0, whole), (whole, 0),
              (half, 0), (0, half), (half, whole), (whole, half)]
    return [Frame(size, cols, rows) for cols, rows in dict.fromkeys(shifts)]


def sq(text: str) -> int:
    """The 9x9 square named ``text``."""
    return NINE.sq(text)


def move(text: str) -> Move:
    """The 9x9 move from the first named square to the second: ``move("c3 h3")``."""
    return NINE.move(text)


def place(black: str, white: str, king: str, turn: Side) -> str:
    """A 9x9 position string (see :meth:`Frame.place`)."""
    return NINE.place(black, white, king, turn)


def valid(rules: Rules, step: Step) -> bool:
    """Whether ``step`` teaches ``rules`` truly: its position is allowed and still in play,
    its answer is legal and reaches its goal, and a step that is not about the end of the
    game does not end it by the way."""
    try:
        board = step.game(rules).board
    except (NotationError, ValueError):
        return False
    if not 0 <= min(step.answer) <= max(step.answer) < board.geometry.shape.count:
        return False
    if board.outcome() is not None or judge(board, step.answer, step.goal):
        return False
    ending = isinstance(step.goal, (CaptureKing, Escape, Ends))
    return ending or played(board, step.answer).outcome() is None


def first_valid(rules: Rules, candidates: Iterator[Step]) -> Step | None:
    """The first of ``candidates`` that is valid under ``rules`` (see :func:`valid`)."""
    return next((step for step in candidates if valid(rules, step)), None)


def probe(rules: Rules, position: str, answer: Move) -> bool:
    """Whether the move ``answer`` is legal in ``position`` under ``rules``: how a
    sentence about a rule is checked against the engine before it is said."""
    try:
        return Board.from_position(position, rules).is_legal(answer)
    except (NotationError, ValueError):
        return False


def about_throne(rules: Rules, f: Frame) -> bool:
    """Whether ``f`` keeps the throne where the 9x9 board has it (e5): the frame of the
    steps whose words are about the throne."""
    return f.sq("e5") == Board(rules).geometry.throne


def side_count(rules: Rules) -> tuple[int, int]:
    """How many pieces black and white (the king included) start with."""
    board = Game(rules).board
    return board.black.bit_count(), board.white.bit_count() + 1


# -- the steps ---------------------------------------------------------------------------------
# Each builder yields its candidate steps placed by the frame ``f``, the usual position
# first; every square it names is named through ``f``.


def moving(rules: Rules, f: Frame) -> Iterator[Step]:
    """How pieces move: like a rook, never jumping."""
    black, white = side_count(rules)
    first = Game(rules).side
    text = (f"Black attacks with {black} pieces; white defends with {white - 1} guards and "
            f"the king, who starts in the middle. {first.word.capitalize()} moves first, then "
            "the sides take turns. Every piece, the king too, moves like a rook in chess: "
            "any number of empty squares along a row or a column, never jumping over a piece."
            + _walls_text(rules))
    for frm, to, guard in (("c3", "h3", "c6"), ("c7", "h7", "c4")):
        yield Step("move", "Moving", text, f"Black to move: move the black piece on "
                   f"{f.name(frm)} to {f.name(to)}.", f.place(frm, guard, "g5", Side.BLACK),
                   Reach(f.sq(frm), f.sq(to)), f.move(f"{frm} {to}"), "Right: straight along "
                   "the row, as far as the way is clear.")


def _walls_text(rules: Rules) -> str:
    """The squares that bar the way in ``rules`` besides the pieces, as a sentence ("" if
    none)."""
    walls = [what for what, there in (("the throne", rules.throne_blocks),
                                      ("the camps", rules.camps)) if there]
    if not walls:
        return ""
    return f" In these rules {' and '.join(walls)} bar the way too, as the next steps show."


def throne(rules: Rules, f: Frame) -> Iterator[Step]:
    """The throne, and the corners where the king alone may stop."""
    if not about_throne(rules, f):
        return
    # The second: a board too small for a7.
    for black in ("c5 a7", "c5 b7"):
        yield from _throne(rules, f, f.place(black, "", "g7", Side.BLACK))


def _throne(rules: Rules, f: Frame, position: str) -> Iterator[Step]:
    """The throne step from ``position``: a black piece on c5, the king on g7."""
    crossing = probe(rules, position, f.move("c5 g5"))
    text = (f"The throne, {f.name('e5')}, is the king's square, marked with a cross. No other "
            "piece may stop on it; " + ("anyone may pass over it while it is empty. "
                                        if crossing else "nobody may even pass over it. "))
    text += ("The king may go back to it after leaving it." if rules.king_may_reenter_throne
             else "Once the king has left it, not even he may stop there again.")
    if rules.corners_restricted:
        text += " The four corners, marked the same way, are the king's too."
    if crossing:
        task = (f"move the black piece on {f.name('c5')} to {f.name('g5')}, across the empty "
                "throne.")
        answer = "c5 g5"
        success = "Right: the empty throne may be crossed, but only the king stops on it."
    else:
        task, answer = (f"move the black piece on {f.name('c5')} as near the throne as it "
                        "may go."), "c5 d5"
        success = f"Right: {f.name('d5')} is as far as it goes; the throne bars the way."
    yield Step("throne", "The throne", text, f"Black to move: {task}", position,
               Reach(*f.move(answer)), f.move(answer), success)


def camps(rules: Rules, f: Frame) -> Iterator[Step]:
    """The camps, walled to every piece outside them (on 9x9 only)."""
    if not rules.camps:
        return
    *first, last = (" ".join(f.name(name) for name in camp) for camp in CAMP_SQUARES)
    text = (f"Black starts in four camps, their squares marked with a dashed outline and a "
            f"tent: {', '.join(first)} and {last}. No piece may enter a camp from outside "
            "it, or pass over a camp, even an empty one: the king and his guards never set "
            "foot in one.")
    yield Step("camps", "The camps", text, f"White to move: move the white guard on "
               f"{f.name('a2')} along its row as far as it may go.",
               f.place("e1 f1", "a2", "g6", Side.WHITE), Reach(*f.move("a2 d2")),
               f.move("a2 d2"), f"Right: {f.name('d2')} is as far as it goes; the camp "
               f"square {f.name('e2')} bars the way, empty as it is.")


def own_camp(rules: Rules, f: Frame) -> Iterator[Step]:
    """A black piece in its camp moves within it, and once out stays out."""
    if not rules.camps:
        return
    text = ("A black piece still in its camp may move within it, across its empty squares, "
            "and out of it. Once it has left, it may not come back into any camp.")
    yield Step("own-camp", "Inside a camp", text, f"Black to move: move the black piece on "
               f"{f.name('d1')} to {f.name('f1')}, across its own camp.",
               f.place("d1 g2", "c7", "g6", Side.BLACK), Reach(*f.move("d1 f1")),
               f.move("d1 f1"), "Right: a black piece in its camp crosses the camp's empty "
               "squares freely.")


def camp_capture(rules: Rules, f: Frame) -> Iterator[Step]:
    """Camp squares capture like enemy pieces."""
    if not rules.camps:
        return
    text = ("A camp square acts as an enemy piece, empty or not, to white's guards and to "
            "black's own pieces alike: a piece beside a camp is captured by a single enemy "
            "moving to its other side.")
    if not rules.camp_centres_hostile_to_black:
        centres = ", ".join(f.name(camp[1]) for camp in CAMP_SQUARES)
        text += (f" Only the middle square of each camp's edge ({centres}) never counts "
                 "against a black piece.")
    yield Step("camp-capture", "Camps capture", text, f"White to move: capture the black "
               f"piece on {f.name('b4')} with one white guard.",
               f.place("b4 i5", "c7", "g6", Side.WHITE), Capture(f.sq("b4")),
               f.move("c7 c4"), f"Captured: the camp square {f.name('a4')} was the black "
               "piece's second enemy.")


def capture(rules: Rules, f: Frame) -> Iterator[Step]:
    """Custodial capture by black."""
    text = ("You capture an enemy piece by moving so that it stands between two of your "
            "pieces, in a row or a column. Diagonals do not count.")
    if not rules.empty_throne_hostile and not rules.corners_hostile:
        text += (" In these rules a capture always takes two pieces: no square acts as an "
                 "enemy to a guard or an attacker.")
    for victim, black, capturer in (("d3", "c3 h3 d7", "h3 e3"), ("d7", "c7 h7 d3", "h7 e7")):
        yield Step("capture", "Capturing", text, f"Black to move: capture the white guard on "
                   f"{f.name(victim)}.", f.place(black, victim, "g5", Side.BLACK),
                   Capture(f.sq(victim)), f.move(capturer), f"Captured: the guard on "
                   f"{f.name(victim)} was caught between two black pieces.")


def hostile_throne(rules: Rules, f: Frame) -> Iterator[Step]:
    """The empty throne as an enemy to both sides."""
    if not rules.empty_throne_hostile or not about_throne(rules, f):
        return
    text = ("The empty throne acts as an enemy to both sides: a piece beside it is captured "
            "by a single enemy moving to its other side.")
    if rules.occupied_throne_hostile_to_white:
        text += " With the king on it, it is still an enemy to a white guard beside it."
    elif rules.throne_hostile_to_white_when_three_black:
        text += (" With the king on it, it is an enemy to a white guard beside it only once "
                 "black holds the throne's other three sides.")
    yield Step("hostile-throne", "The throne captures too", text, f"Black to move: capture "
               f"the white guard on {f.name('e4')} with one black piece.",
               f.place("b3", "e4", "g7", Side.BLACK), Capture(f.sq("e4")), f.move("b3 e3"),
               "Captured: the empty throne was the guard's second enemy.")


def hostile_corner(rules: Rules, f: Frame) -> Iterator[Step]:
    """The empty corners as enemies."""
    if not rules.corners_hostile:
        return
    text = ("The corners act as enemies too, to both sides and to the king: a piece beside "
            "a corner is captured by a single enemy moving to its other side.")
    for king in ("g7", "e4"):  # the king away from the other corners of a small board
        yield Step("hostile-corner", "Hostile corners", text, f"Black to move: capture the "
                   f"white guard on {f.name('a2')} with one black piece.",
                   f.place("c3", "a2", king, Side.BLACK), Capture(f.sq("a2")),
                   f.move("c3 a3"), f"Captured: the corner {f.name('a1')} was the guard's "
                   "second enemy.")


def safe(rules: Rules, f: Frame) -> Iterator[Step]:
    """Moving between two enemies is safe."""
    text = ("A piece may move between two enemy pieces unharmed: a capture is made only by "
            "the side that moves.")
    for frm, to, black in (("d7", "d3", "c3 e3"), ("d3", "d7", "c7 e7")):
        yield Step("safe", "Between two enemies", text, f"White to move: move the white guard "
                   f"on {f.name(frm)} to {f.name(to)}, between the two black pieces.",
                   f.place(black, frm, "g5", Side.WHITE), Reach(f.sq(frm), f.sq(to)),
                   f.move(f"{frm} {to}"), "Safe: black did not make the move, so nothing is "
                   "captured.")


def white_captures(rules: Rules, f: Frame) -> Iterator[Step]:
    """White captures the same way; the king helps, or never does."""
    if rules.king_armed:
        text = ("White captures the same way, and the king fights too: he may make a "
                "capture, or be the piece on the other side of one.")
        yield Step("white-capture", "White captures", text, f"White to move: capture the "
                   f"black piece on {f.name('d6')} with the king.",
                   f.place("d6 b2", "c6", "g6", Side.WHITE), Capture(f.sq("d6")),
                   f.move("g6 e6"), f"Captured: the king and the guard on {f.name('c6')} "
                   "took it between them.")
        return
    text = ("White captures the same way, but the king is unarmed: he never captures, and "
            "never helps a guard to capture.")
    yield Step("white-capture", "White captures", text, f"White to move: capture the black "
               f"piece on {f.name('d6')}.", f.place("d6 b2", "c6 e8", "g6", Side.WHITE),
               Capture(f.sq("d6")), f.move("e8 e6"), "Captured: the two guards took it "
               "between them.")


def shieldwall(rules: Rules, f: Frame) -> Iterator[Step]:
    """A row of pieces on an edge, captured at once (Copenhagen's shieldwall)."""
    if not rules.shieldwalls:
        return
    text = ("A row of two or more pieces along the edge, each with an enemy in front of it "
            "on the next row in, is captured at once by the enemy that closes the row at "
            "its end (a corner closes it too). The king may help close a shieldwall but is "
            "never taken in one.")
    # Three white guards on the first rank, three black pieces in front of them, a black
    # piece closes one end, another comes to close the other.
    for row_text, black, answer in (
            (("c1", "d1", "e1"), "c2 d2 e2 b1 f4", "f4 f1"),
            (("c9", "d9", "e9"), "c8 d8 e8 b9 f6", "f6 f9")):
        guards = " ".join(row_text)
        yield Step("shieldwall", "Shieldwalls", text, f"Black to move: capture the three "
                   f"white guards on {', '.join(f.name(g) for g in row_text[:-1])} and "
                   f"{f.name(row_text[-1])} at once.", f.place(black, guards, "g6", Side.BLACK),
                   Captures(tuple(f.sq(g) for g in row_text)), f.move(answer),
                   "Captured: the whole row at once, shut in on the edge.")


def _escape_squares(rules: Rules) -> str:
    """Where the king escapes to, as the end of a sentence."""
    geo = Board(rules).geometry
    escape = geo.escape
    if escape == geo.shape.corners:
        return "one of the four corners"
    if escape == geo.shape.edges:
        return "any square on the edge of the board"
    if escape == geo.shape.edges & ~geo.camps:
        return "any square on the edge of the board that is not a camp"
    return "a square on the edge of the board that the rules leave open to him"


def escape(rules: Rules, f: Frame) -> Iterator[Step]:
    """The king's escape."""
    where = _escape_squares(rules)
    text = f"White wins as soon as the king reaches {where}."
    goal = Escape(where)
    task = "White to move: take the king to " + (
        "a corner." if "corner" in where else "the edge.")
    success = "White wins: the king escaped."
    # An edge square that is not a corner, for rule sets where the king escapes to corners.
    yield Step("escape", "The king escapes", text, task, f.place("b6 g6", "c3", "c6",
                                                                 Side.WHITE),
               goal, f.move("c6 c9"), success)
    yield Step("escape", "The king escapes", text, task, f.place("b3 a6", "", "a3",
                                                                 Side.WHITE),
               goal, f.move("a3 a1"), success)


def edge_fort(rules: Rules, f: Frame) -> Iterator[Step]:
    """White's win in a fort on the edge (Copenhagen's exit fort)."""
    if not rules.edge_forts:
        return
    text = ("White also wins when the king stands on the edge (or can reach it), can still "
            "move, and is walled in by white guards that black can never capture: an exit "
            "fort.")
    # The king on the first rank, walled in by guards with no way in for black: the
    # guard on h2 closes the last gap.
    yield Step("edge-fort", "A fort on the edge", text, f"White to move: close the fort "
               f"around the king on {f.name('e1')}.",
               f.place("a5 h5 b8", "d1 d2 d3 e3 f3 f1 h2", "e1", Side.WHITE),
               Ends(Reason.EDGE_FORT, "That does not close the fort: black could still get "
                    "in, or break its walls."), f.move("h2 f2"),
               "White wins: the king is safe in a fort on the edge.")


def _king_sides_text(rules: Rules, sides: int, where: str, squares: int,
                     geo: RuleGeometry) -> str:
    """How the king is captured ``where`` ("away from the throne"), for ``sides``;
    ``squares`` are the hostile squares he may meet there."""
    if sides == 2:
        extra = (f" or a black piece and a hostile square ({_hostile_names(squares, geo)}),"
                 if squares else "")
        return (f"{where[0].upper()}{where[1:]} he is captured like any other piece: "
                f"between two black pieces,{extra} in a row or a column.")
    # On an edge he has three sides: where he escapes only to a corner, an edge saves him.
    edge = (" On an edge he has only three sides, so there he is never captured."
            if where.startswith("away") and rules.escape is EscapeTo.CORNER else "")
    return f"{where[0].upper()}{where[1:]} black must surround him on all four sides.{edge}"


def _hostile_names(squares: int, geo: RuleGeometry) -> str:
    """What the hostile ``squares`` away from the throne are: "a corner", "a camp"..."""
    names = [what for what, kind in (("a corner", geo.shape.corners), ("a camp", geo.camps))
             if squares & kind]
    return " or ".join(names) or "a marked square"


def king_capture(rules: Rules, f: Frame) -> Iterator[Step]:
    """Capturing the king away from the throne."""
    sides = rules.king_sides_elsewhere
    geo = Board(rules).geometry
    hostile = geo.hostile_to_king_squares & ~(1 << geo.throne)
    text = "Black wins by capturing the king. " + _king_sides_text(
        rules, sides, "away from the throne", hostile, geo)
    # Where b8 is a corner (a small board), c8 stands in for it.
    for black in (["c7 h7 b8", "c7 h7 c8"] if sides == 2 else ["c7 d8 d6 h7"]):
        yield Step("king-capture", "Capturing the king", text, "Black to move: capture the "
                   "king.", f.place(black, "g2", "d7", Side.BLACK), CaptureKing(),
                   f.move("h7 e7"), "Black wins: the king was captured.")


def king_beside_throne(rules: Rules, f: Frame) -> Iterator[Step]:
    """The king beside the empty throne, where the throne may count against him."""
    sides = rules.king_sides_next_to_throne
    throne_counts = rules.throne_hostile_to_king
    if sides == rules.king_sides_elsewhere and not throne_counts:
        return  # nothing special to teach beside the throne
    if not about_throne(rules, f):
        return
    geo = Board(rules).geometry
    if sides == 4:
        text = ("Beside the throne black must surround the king on all four sides"
                + (", and the empty throne counts as one of them." if throne_counts else "."))
    else:
        text = _king_sides_text(rules, sides, "beside the throne", 0, geo)
        if throne_counts:
            text += " The empty throne counts as a black piece against him."
    # Four sides: the throne and two black pieces are there, the fourth comes. Two sides:
    # a black piece comes to face the throne (or, where it does not count, another piece).
    black, answer = ("d4 e3 h4", "h4 f4") if sides == 4 else (
        ("b3 d4", "b3 e3") if throne_counts else ("d4 h4", "h4 f4"))
    yield Step("king-throne-side", "Beside the throne", text, f"Black to move: capture the "
               f"king on {f.name('e4')}.", f.place(black, "g2", "e4", Side.BLACK),
               CaptureKing(), f.move(answer), "Black wins: the king was captured.")


def king_on_throne(rules: Rules, f: Frame) -> Iterator[Step]:
    """The king on his throne."""
    if not about_throne(rules, f):
        return
    sides = rules.king_sides_on_throne
    text = (_king_sides_text(rules, sides, "on his throne", 0, Board(rules).geometry)
            if sides == 2
            else "On his throne the king is captured only when black holds all four sides.")
    black = "d5 e6 f5 h4" if sides == 4 else "e6 h4"
    yield Step("king-on-throne", "The king on his throne", text, f"Black to move: capture "
               f"the king on {f.name('e5')}.", f.place(black, "g2", "e5", Side.BLACK),
               CaptureKing(), f.move("h4 e4"), "Black wins: the king was captured.")


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


def repetition(rules: Rules, f: Frame) -> Iterator[Step]:
    """The repetition rule, seen by making the repeating move."""
    there, back = f.move("g3 g4"), f.move("g4 g3")
    cycle = [f.move("c3 c2"), there, f.move("c2 c3"), back]
    if min(min(m) for m in cycle) < 0:
        return
    # The repeating move is the last of repetition_count - 1 whole cycles.
    before = tuple((cycle * rules.repetition_count)[:4 * (rules.repetition_count - 1) - 1])
    played_text = ", ".join(format_move(m, f.size) for m in before)
    text = (f"{_repetition_text(rules)} Here both sides have moved back and forth: "
            f"{played_text}.")
    start = f.place("c3 b7", "g3", "g7", Side.BLACK)
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
    guard, home = f.name("g4"), f.name("g3")
    yield Step("repetition", "Repeating a position", text, f"White to move: move the white "
               f"guard on {guard} back to {home}, and see.", start, Ends(Reason.REPETITION, (
                   f"That is a legal move, but this step asks you to move the white guard on "
                   f"{guard} back to {home}, to see the rule.")), back, success, before)


def encirclement(rules: Rules, f: Frame) -> Iterator[Step]:
    """Black's win by encircling every white piece."""
    if not rules.encirclement:
        return
    text = ("Black also wins by encircling: when no white piece can reach the edge of the "
            "board without crossing a black piece.")
    ring = "e3 d4 f4 c5 d6 f6 e7 g8"
    yield Step("encirclement", "Encirclement", text, "Black to move: close the ring around "
               "the white pieces.", f.place(ring, "e4", "e5", Side.BLACK),
               Ends(Reason.ENCIRCLED, "That move does not close the ring: a white piece can "
                    "still reach the edge."), f.move("g8 g5"),
               "Black wins: every white piece is encircled.")


def _ends_text(rules: Rules, limit: int | None) -> str:
    """Every way the game ends, as a short paragraph."""
    parts = [f"White wins when the king reaches {_escape_squares(rules)}; black wins by "
             "capturing the king."]
    if rules.edge_forts:
        parts.append("White also wins in a fort on the edge that black cannot break.")
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


def no_moves(rules: Rules, f: Frame, limit: int | None) -> Iterator[Step]:
    """How the game ends, with the loss of a side that cannot move to play."""
    text = _ends_text(rules, limit)
    for black, white, frm, to, king in (
            ("c3 d3 c4 d4", "b3 b4 e3 e4 c2 d2 c5 d7", "d7", "d5", "h2"),
            ("f6 g6 f7 g7", "e6 e7 h6 h7 f5 g5 f8 g9", "g9", "g8", "h2"),
            # The king away from the corner, for the small board.
            ("c3 d3 c4 d4", "b3 b4 e3 e4 c2 d2 c5 d7", "d7", "d5", "g7"),
            # Where a king who can reach an edge with no black piece beside his way wins
            # in a fort (edge forts), one black piece stays beside it, held by a corner.
            ("c3 d3 c4 d4 b1", "b3 b4 e3 e4 c2 d2 c5 d7 c1 b2", "d7", "d5", "h2")):
        box = ", ".join(f.name(name) for name in black.split())
        yield Step("no-moves", "How a game ends", text, f"White to move: leave black without "
                   f"a legal move (black's pieces on {box} are nearly boxed in).",
                   f.place(black, white, king, Side.WHITE),
                   Ends(Reason.NO_MOVES, "Black can still move: find the square that boxes "
                        "black's pieces in."), f.move(f"{frm} {to}"),
                   "White wins: black has no legal move.")


#: The lesson's steps in order, each a builder of candidates in a frame.
BUILDERS: tuple[Callable[[Rules, Frame], Iterator[Step]], ...] = (
    moving, throne, camps, own_camp, capture, hostile_throne, hostile_corner, camp_capture,
    safe, white_captures, shieldwall, escape, edge_fort, king_capture, king_beside_throne,
    king_on_throne, repetition, encirclement,
)


def _placed(rules: Rules, build: Callable[[Rules, Frame], Iterator[Step]]) -> Iterator[Step]:
    """The candidates of ``build`` in every frame of ``rules``'s board, the throne's first."""
    for frame in frames(rules.size):
        yield from build(rules, frame)


def lesson_steps(rules: Rules, limit: int | None = None) -> list[Step]:
    """The lesson for ``rules`` (and the game's move ``limit``, if any): every step whose
    candidates hold one valid under the rules, in order."""
    steps = [first_valid(rules, _placed(rules, build)) for build in BUILDERS]
    steps.append(first_valid(rules, _placed(
        rules, lambda rules, frame: no_moves(rules, frame, limit))))
    return [step for step in steps if step is not None]


__all__ = ["BUILDERS", "Frame", "Step", "frames", "lesson_steps", "piece_name", "place",
           "valid"]

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
from web.words.catalogue import _, joined, ngettext, pgettext


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
# first; every square it names is named through ``f``. The builders run when a lesson is
# made, in the page's language: every sentence is looked up there, never at import.


def _paragraph(*sentences: str) -> str:
    """Whole sentences, each translated on its own, as one paragraph ("" ones left out)."""
    return " ".join(sentence for sentence in sentences if sentence)


def moving(rules: Rules, f: Frame) -> Iterator[Step]:
    """How pieces move: like a rook, never jumping."""
    black, white = side_count(rules)
    if Game(rules).side is Side.BLACK:
        first = _("Black moves first, then the sides take turns.")
    else:
        first = _("White moves first, then the sides take turns.")
    # Translators: black's pieces, in "Black attacks with 24 pieces; ...".
    pieces = ngettext("{count} piece", "{count} pieces", black).format(count=black)
    # Translators: white's guards, in "... white defends with 8 guards and the king, ...".
    guards = ngettext("{count} guard", "{count} guards", white - 1).format(count=white - 1)
    # Translators: {pieces} is "24 pieces" and {guards} "8 guards", each counted in its
    # own entry.
    sides = _("Black attacks with {pieces}; white defends with {guards} and the king, who "
              "starts in the middle.").format(pieces=pieces, guards=guards)
    text = _paragraph(sides, first, _(
        "Every piece, the king too, moves like a rook in chess: any number of empty squares "
        "along a row or a column, never jumping over a piece."), _walls_text(rules))
    for frm, to, guard in (("c3", "h3", "c6"), ("c7", "h7", "c4")):
        # Translators: {square} and {target} are squares ("c3", "h3").
        task = _("Black to move: move the black piece on {square} to {target}.").format(
            square=f.name(frm), target=f.name(to))
        yield Step("move", pgettext("a lesson step's title", "Moving"), text, task,
                   f.place(frm, guard, "g5", Side.BLACK), Reach(f.sq(frm), f.sq(to)),
                   f.move(f"{frm} {to}"),
                   _("Right: straight along the row, as far as the way is clear."))


def _walls_text(rules: Rules) -> str:
    """The squares that bar the way in ``rules`` besides the pieces, as a sentence ("" if
    none)."""
    if rules.throne_blocks and rules.camps:
        return _("In these rules the throne and the camps bar the way too, as the next steps "
                 "show.")
    if rules.throne_blocks:
        return _("In these rules the throne bars the way too, as the next steps show.")
    if rules.camps:
        return _("In these rules the camps bar the way too, as the next steps show.")
    return ""


def throne(rules: Rules, f: Frame) -> Iterator[Step]:
    """The throne, and the corners where the king alone may stop."""
    if not about_throne(rules, f):
        return
    # The second: a board too small for a7.
    for black in ("c5 a7", "c5 b7"):
        yield from _throne(rules, f, f.place(black, "", "g7", Side.BLACK))


def _throne_text(rules: Rules, f: Frame, crossing: bool) -> str:
    """What the throne is, and who may cross it (``crossing``) or stop on it."""
    # Translators: {square} is the throne's square ("e5"). The sentences after this one
    # say "it" for the throne.
    sentences = [_("The throne, {square}, is the king's square, marked with a cross.").format(
        square=f.name("e5"))]
    if crossing:
        sentences.append(_("No other piece may stop on it; anyone may pass over it while it "
                           "is empty."))
    else:
        sentences.append(_("No other piece may stop on it; nobody may even pass over it."))
    if rules.king_may_reenter_throne:
        sentences.append(_("The king may go back to it after leaving it."))
    else:
        sentences.append(_("Once the king has left it, not even he may stop there again."))
    if rules.corners_restricted:
        sentences.append(_("The four corners, marked the same way, are the king's too."))
    return _paragraph(*sentences)


def _throne(rules: Rules, f: Frame, position: str) -> Iterator[Step]:
    """The throne step from ``position``: a black piece on c5, the king on g7."""
    crossing = probe(rules, position, f.move("c5 g5"))
    text = _throne_text(rules, f, crossing)
    if crossing:
        # Translators: {square} and {target} are squares ("c5", "g5").
        task = _("Black to move: move the black piece on {square} to {target}, across the "
                 "empty throne.").format(square=f.name("c5"), target=f.name("g5"))
        answer = "c5 g5"
        success = _("Right: the empty throne may be crossed, but only the king stops on it.")
    else:
        # Translators: {square} is a square ("c5").
        task = _("Black to move: move the black piece on {square} as near the throne as it "
                 "may go.").format(square=f.name("c5"))
        answer = "c5 d5"
        # Translators: {square} is the square beside the throne ("d5").
        success = _("Right: {square} is as far as it goes; the throne bars the way.").format(
            square=f.name("d5"))
    yield Step("throne", pgettext("a lesson step's title", "The throne"), text, task, position,
               Reach(*f.move(answer)), f.move(answer), success)


def camps(rules: Rules, f: Frame) -> Iterator[Step]:
    """The camps, walled to every piece outside them (on 9x9 only)."""
    if not rules.camps:
        return
    # Translators: {camps} lists the four camps, each by its squares ("a4 a5 a6 b5, d1 e1
    # f1 e2, i4 i5 i6 h5 and d9 e9 f9 e8").
    text = _("Black starts in four camps, their squares marked with a dashed outline and a "
             "tent: {camps}. No piece may enter a camp from outside it, or pass over a camp, "
             "even an empty one: the king and his guards never set foot in one.").format(
                 camps=joined([" ".join(f.name(name) for name in camp)
                               for camp in CAMP_SQUARES]))
    # Translators: {square} is a square ("a2").
    task = _("White to move: move the white guard on {square} along its row as far as it may "
             "go.").format(square=f.name("a2"))
    # Translators: {square} is where the guard stops ("d2"), {camp} the camp's square beyond
    # it ("e2").
    success = _("Right: {square} is as far as it goes; the camp square {camp} bars the way, "
                "empty as it is.").format(square=f.name("d2"), camp=f.name("e2"))
    yield Step("camps", pgettext("a lesson step's title", "The camps"), text, task,
               f.place("e1 f1", "a2", "g6", Side.WHITE), Reach(*f.move("a2 d2")),
               f.move("a2 d2"), success)


def own_camp(rules: Rules, f: Frame) -> Iterator[Step]:
    """A black piece in its camp moves within it, and once out stays out."""
    if not rules.camps:
        return
    text = _("A black piece still in its camp may move within it, across its empty squares, "
             "and out of it. Once it has left, it may not come back into any camp.")
    # Translators: {square} and {target} are squares of one camp ("d1", "f1").
    task = _("Black to move: move the black piece on {square} to {target}, across its own "
             "camp.").format(square=f.name("d1"), target=f.name("f1"))
    yield Step("own-camp", pgettext("a lesson step's title", "Inside a camp"), text, task,
               f.place("d1 g2", "c7", "g6", Side.BLACK), Reach(*f.move("d1 f1")),
               f.move("d1 f1"), _("Right: a black piece in its camp crosses the camp's empty "
                                  "squares freely."))


def camp_capture(rules: Rules, f: Frame) -> Iterator[Step]:
    """Camp squares capture like enemy pieces."""
    if not rules.camps:
        return
    text = _("A camp square acts as an enemy piece, empty or not, to white's guards and to "
             "black's own pieces alike: a piece beside a camp is captured by a single enemy "
             "moving to its other side.")
    if not rules.camp_centres_hostile_to_black:
        centres = ", ".join(f.name(camp[1]) for camp in CAMP_SQUARES)
        # Translators: {squares} lists four squares ("a5, e1, i5, e9").
        text = _paragraph(text, _("Only the middle square of each camp's edge ({squares}) "
                                  "never counts against a black piece.").format(
                                      squares=centres))
    # Translators: {square} is a square ("b4").
    task = _("White to move: capture the black piece on {square} with one white "
             "guard.").format(square=f.name("b4"))
    # Translators: {square} is a camp's square ("a4").
    success = _("Captured: the camp square {square} was the black piece's second "
                "enemy.").format(square=f.name("a4"))
    yield Step("camp-capture", pgettext("a lesson step's title", "Camps capture"), text, task,
               f.place("b4 i5", "c7", "g6", Side.WHITE), Capture(f.sq("b4")),
               f.move("c7 c4"), success)


def capture(rules: Rules, f: Frame) -> Iterator[Step]:
    """Custodial capture by black."""
    text = _("You capture an enemy piece by moving so that it stands between two of your "
             "pieces, in a row or a column. Diagonals do not count.")
    if not rules.empty_throne_hostile and not rules.corners_hostile:
        text = _paragraph(text, _("In these rules a capture always takes two pieces: no "
                                  "square acts as an enemy to a guard or an attacker."))
    for victim, black, capturer in (("d3", "c3 h3 d7", "h3 e3"), ("d7", "c7 h7 d3", "h7 e7")):
        # Translators: {square} is a square ("d3").
        task = _("Black to move: capture the white guard on {square}.").format(
            square=f.name(victim))
        # Translators: {square} is a square ("d3").
        success = _("Captured: the guard on {square} was caught between two black "
                    "pieces.").format(square=f.name(victim))
        yield Step("capture", pgettext("a lesson step's title", "Capturing"), text, task,
                   f.place(black, victim, "g5", Side.BLACK), Capture(f.sq(victim)),
                   f.move(capturer), success)


def hostile_throne(rules: Rules, f: Frame) -> Iterator[Step]:
    """The empty throne as an enemy to both sides."""
    if not rules.empty_throne_hostile or not about_throne(rules, f):
        return
    text = _("The empty throne acts as an enemy to both sides: a piece beside it is captured "
             "by a single enemy moving to its other side.")
    if rules.occupied_throne_hostile_to_white:
        text = _paragraph(text, _("With the king on it, it is still an enemy to a white "
                                  "guard beside it."))
    elif rules.throne_hostile_to_white_when_three_black:
        text = _paragraph(text, _("With the king on it, it is an enemy to a white guard "
                                  "beside it only once black holds the throne's other three "
                                  "sides."))
    # Translators: {square} is a square ("e4").
    task = _("Black to move: capture the white guard on {square} with one black "
             "piece.").format(square=f.name("e4"))
    yield Step("hostile-throne", pgettext("a lesson step's title", "The throne captures too"),
               text, task, f.place("b3", "e4", "g7", Side.BLACK), Capture(f.sq("e4")),
               f.move("b3 e3"), _("Captured: the empty throne was the guard's second enemy."))


def hostile_corner(rules: Rules, f: Frame) -> Iterator[Step]:
    """The empty corners as enemies."""
    if not rules.corners_hostile:
        return
    text = _("The corners act as enemies too, to both sides and to the king: a piece beside "
             "a corner is captured by a single enemy moving to its other side.")
    # Translators: {square} is a square ("a2").
    task = _("Black to move: capture the white guard on {square} with one black "
             "piece.").format(square=f.name("a2"))
    # Translators: {square} is a corner's square ("a1").
    success = _("Captured: the corner {square} was the guard's second enemy.").format(
        square=f.name("a1"))
    for king in ("g7", "e4"):  # the king away from the other corners of a small board
        yield Step("hostile-corner", pgettext("a lesson step's title", "Hostile corners"),
                   text, task, f.place("c3", "a2", king, Side.BLACK), Capture(f.sq("a2")),
                   f.move("c3 a3"), success)


def safe(rules: Rules, f: Frame) -> Iterator[Step]:
    """Moving between two enemies is safe."""
    text = _("A piece may move between two enemy pieces unharmed: a capture is made only by "
             "the side that moves.")
    for frm, to, black in (("d7", "d3", "c3 e3"), ("d3", "d7", "c7 e7")):
        # Translators: {square} and {target} are squares ("d7", "d3").
        task = _("White to move: move the white guard on {square} to {target}, between the "
                 "two black pieces.").format(square=f.name(frm), target=f.name(to))
        yield Step("safe", pgettext("a lesson step's title", "Between two enemies"), text,
                   task, f.place(black, frm, "g5", Side.WHITE), Reach(f.sq(frm), f.sq(to)),
                   f.move(f"{frm} {to}"), _("Safe: black did not make the move, so nothing "
                                            "is captured."))


def white_captures(rules: Rules, f: Frame) -> Iterator[Step]:
    """White captures the same way; the king helps, or never does."""
    title = pgettext("a lesson step's title", "White captures")
    if rules.king_armed:
        text = _("White captures the same way, and the king fights too: he may make a "
                 "capture, or be the piece on the other side of one.")
        # Translators: {square} is a square ("d6").
        task = _("White to move: capture the black piece on {square} with the king.").format(
            square=f.name("d6"))
        # Translators: {square} is the guard's square ("c6"); "it" is the black piece.
        success = _("Captured: the king and the guard on {square} took it between "
                    "them.").format(square=f.name("c6"))
        yield Step("white-capture", title, text, task, f.place("d6 b2", "c6", "g6", Side.WHITE),
                   Capture(f.sq("d6")), f.move("g6 e6"), success)
        return
    text = _("White captures the same way, but the king is unarmed: he never captures, and "
             "never helps a guard to capture.")
    # Translators: {square} is a square ("d6").
    task = _("White to move: capture the black piece on {square}.").format(square=f.name("d6"))
    yield Step("white-capture", title, text, task, f.place("d6 b2", "c6 e8", "g6", Side.WHITE),
               Capture(f.sq("d6")), f.move("e8 e6"),
               _("Captured: the two guards took it between them."))


def shieldwall(rules: Rules, f: Frame) -> Iterator[Step]:
    """A row of pieces on an edge, captured at once (Copenhagen's shieldwall)."""
    if not rules.shieldwalls:
        return
    text = _("A row of two or more pieces along the edge, each with an enemy in front of it "
             "on the next row in, is captured at once by the enemy that closes the row at "
             "its end (a corner closes it too). The king may help close a shieldwall but is "
             "never taken in one.")
    # Three white guards on the first rank, three black pieces in front of them, a black
    # piece closes one end, another comes to close the other.
    for row_text, black, answer in (
            (("c1", "d1", "e1"), "c2 d2 e2 b1 f4", "f4 f1"),
            (("c9", "d9", "e9"), "c8 d8 e8 b9 f6", "f6 f9")):
        guards = " ".join(row_text)
        # Translators: {squares} lists the three guards' squares ("c1, d1 and e1").
        task = _("Black to move: capture the three white guards on {squares} at "
                 "once.").format(squares=joined([f.name(g) for g in row_text]))
        yield Step("shieldwall", pgettext("a lesson step's title", "Shieldwalls"), text, task,
                   f.place(black, guards, "g6", Side.BLACK),
                   Captures(tuple(f.sq(g) for g in row_text)), f.move(answer),
                   _("Captured: the whole row at once, shut in on the edge."))


def _escape_squares(rules: Rules) -> str:
    """Where the king escapes to, as the end of a sentence."""
    geo = Board(rules).geometry
    escape = geo.escape
    if escape == geo.shape.corners:
        # Translators: the end of "White wins when the king reaches ...".
        return _("one of the four corners")
    if escape == geo.shape.edges:
        # Translators: the end of "White wins when the king reaches ...".
        return _("any square on the edge of the board")
    if escape == geo.shape.edges & ~geo.camps:
        # Translators: the end of "White wins when the king reaches ...".
        return _("any square on the edge of the board that is not a camp")
    # Translators: the end of "White wins when the king reaches ...".
    return _("a square on the edge of the board that the rules leave open to him")


def escape(rules: Rules, f: Frame) -> Iterator[Step]:
    """The king's escape."""
    where = _escape_squares(rules)
    # Translators: {where} is where the king escapes to: "one of the four corners", "any
    # square on the edge of the board".
    text = _("White wins as soon as the king reaches {where}.").format(where=where)
    goal = Escape(where)
    geo = Board(rules).geometry
    if geo.escape == geo.shape.corners:
        task = _("White to move: take the king to a corner.")
    else:
        task = _("White to move: take the king to the edge.")
    success = _("White wins: the king escaped.")
    title = pgettext("a lesson step's title", "The king escapes")
    # An edge square that is not a corner, for rule sets where the king escapes to corners.
    yield Step("escape", title, text, task, f.place("b6 g6", "c3", "c6", Side.WHITE),
               goal, f.move("c6 c9"), success)
    yield Step("escape", title, text, task, f.place("b3 a6", "", "a3", Side.WHITE),
               goal, f.move("a3 a1"), success)


def edge_fort(rules: Rules, f: Frame) -> Iterator[Step]:
    """White's win in a fort on the edge (Copenhagen's exit fort)."""
    if not rules.edge_forts:
        return
    text = _("White also wins when the king stands on the edge (or can reach it), can still "
             "move, and is walled in by white guards that black can never capture: an exit "
             "fort.")
    # Translators: {square} is the king's square ("e1").
    task = _("White to move: close the fort around the king on {square}.").format(
        square=f.name("e1"))
    # The king on the first rank, walled in by guards with no way in for black: the
    # guard on h2 closes the last gap.
    yield Step("edge-fort", pgettext("a lesson step's title", "A fort on the edge"), text, task,
               f.place("a5 h5 b8", "d1 d2 d3 e3 f3 f1 h2", "e1", Side.WHITE),
               Ends(Reason.EDGE_FORT, _("That does not close the fort: black could still get "
                                        "in, or break its walls.")), f.move("h2 f2"),
               _("White wins: the king is safe in a fort on the edge."))


def _king_away_text(rules: Rules, sides: int, squares: int, geo: RuleGeometry) -> str:
    """How the king is captured away from the throne, for ``sides``; ``squares`` are the
    hostile squares he may meet there."""
    if sides == 2:
        if squares:
            # Translators: "he" is the king. {squares} says what the hostile squares are:
            # "a corner", "a camp", "a corner or a camp".
            return _("Away from the throne he is captured like any other piece: between two "
                     "black pieces, or a black piece and a hostile square ({squares}), in a "
                     "row or a column.").format(squares=_hostile_names(squares, geo))
        # Translators: "he" is the king.
        return _("Away from the throne he is captured like any other piece: between two "
                 "black pieces, in a row or a column.")
    # Translators: "him" is the king.
    text = _("Away from the throne black must surround him on all four sides.")
    # On an edge he has three sides: where he escapes only to a corner, an edge saves him.
    if rules.escape is EscapeTo.CORNER:
        # Translators: "he" is the king.
        text = _paragraph(text, _("On an edge he has only three sides, so there he is never "
                                  "captured."))
    return text


def _hostile_names(squares: int, geo: RuleGeometry) -> str:
    """What the hostile ``squares`` away from the throne are: "a corner", "a camp"..."""
    names = []
    if squares & geo.shape.corners:
        # Translators: a kind of hostile square, in "(a corner or a camp)".
        names.append(_("a corner"))
    if squares & geo.camps:
        # Translators: a kind of hostile square, in "(a corner or a camp)".
        names.append(_("a camp"))
    # Translators: a kind of hostile square, in "(a marked square)".
    return joined(names, "or") or _("a marked square")


def king_capture(rules: Rules, f: Frame) -> Iterator[Step]:
    """Capturing the king away from the throne."""
    sides = rules.king_sides_elsewhere
    geo = Board(rules).geometry
    hostile = geo.hostile_to_king_squares & ~(1 << geo.throne)
    text = _paragraph(_("Black wins by capturing the king."),
                      _king_away_text(rules, sides, hostile, geo))
    # Where b8 is a corner (a small board), c8 stands in for it.
    for black in (["c7 h7 b8", "c7 h7 c8"] if sides == 2 else ["c7 d8 d6 h7"]):
        yield Step("king-capture", pgettext("a lesson step's title", "Capturing the king"),
                   text, _("Black to move: capture the king."),
                   f.place(black, "g2", "d7", Side.BLACK), CaptureKing(), f.move("h7 e7"),
                   _("Black wins: the king was captured."))


def _beside_throne_text(sides: int, throne_counts: bool) -> str:
    """How the king is captured beside the empty throne; ``throne_counts``: whether the
    throne counts against him."""
    if sides == 4:
        if throne_counts:
            return _("Beside the throne black must surround the king on all four sides, and "
                     "the empty throne counts as one of them.")
        return _("Beside the throne black must surround the king on all four sides.")
    # Translators: "he" is the king.
    text = _("Beside the throne he is captured like any other piece: between two black "
             "pieces, in a row or a column.")
    if throne_counts:
        # Translators: "him" is the king.
        text = _paragraph(text, _("The empty throne counts as a black piece against him."))
    return text


def king_beside_throne(rules: Rules, f: Frame) -> Iterator[Step]:
    """The king beside the empty throne, where the throne may count against him."""
    sides = rules.king_sides_next_to_throne
    throne_counts = rules.throne_hostile_to_king
    if sides == rules.king_sides_elsewhere and not throne_counts:
        return  # nothing special to teach beside the throne
    if not about_throne(rules, f):
        return
    text = _beside_throne_text(sides, throne_counts)
    # Four sides: the throne and two black pieces are there, the fourth comes. Two sides:
    # a black piece comes to face the throne (or, where it does not count, another piece).
    black, answer = ("d4 e3 h4", "h4 f4") if sides == 4 else (
        ("b3 d4", "b3 e3") if throne_counts else ("d4 h4", "h4 f4"))
    # Translators: {square} is the king's square ("e4").
    task = _("Black to move: capture the king on {square}.").format(square=f.name("e4"))
    yield Step("king-throne-side", pgettext("a lesson step's title", "Beside the throne"),
               text, task, f.place(black, "g2", "e4", Side.BLACK), CaptureKing(),
               f.move(answer), _("Black wins: the king was captured."))


def king_on_throne(rules: Rules, f: Frame) -> Iterator[Step]:
    """The king on his throne."""
    if not about_throne(rules, f):
        return
    sides = rules.king_sides_on_throne
    if sides == 2:
        # Translators: "he" is the king.
        text = _("On his throne he is captured like any other piece: between two black "
                 "pieces, in a row or a column.")
    else:
        text = _("On his throne the king is captured only when black holds all four sides.")
    black = "d5 e6 f5 h4" if sides == 4 else "e6 h4"
    # Translators: {square} is the king's square ("e5").
    task = _("Black to move: capture the king on {square}.").format(square=f.name("e5"))
    yield Step("king-on-throne", pgettext("a lesson step's title", "The king on his throne"),
               text, task, f.place(black, "g2", "e5", Side.BLACK), CaptureKing(),
               f.move("h4 e4"), _("Black wins: the king was captured."))


def _repetition_text(rules: Rules) -> str:
    """The repetition rule in a sentence."""
    draw = rules.repetition_outcome is RepetitionOutcome.DRAW
    if rules.repetition_count == 2:
        if draw:
            return _("When a position occurs again (the same pieces, the same side to move), "
                     "the game is drawn.")
        return _("When a position occurs again (the same pieces, the same side to move), the "
                 "player whose move made it loses.")
    ordinal = _ordinal(rules.repetition_count)
    if draw:
        # Translators: {ordinal} is an ordinal word: "third", "fourth".
        text = _("When a position occurs for the {ordinal} time (the same pieces, the same "
                 "side to move), the game is drawn.")
    else:
        # Translators: {ordinal} is an ordinal word: "third", "fourth".
        text = _("When a position occurs for the {ordinal} time (the same pieces, the same "
                 "side to move), the player whose move made it loses.")
    return text.format(ordinal=ordinal)


def _ordinal(n: int) -> str:
    """``n`` as an ordinal word in "occurs for the third time"."""
    if n == 3:
        # Translators: in "When a position occurs for the third time".
        return pgettext("occurs for the ... time", "third")
    if n == 4:
        # Translators: in "When a position occurs for the fourth time".
        return pgettext("occurs for the ... time", "fourth")
    if n == 2:
        # Translators: in "When a position occurs for the second time".
        return pgettext("occurs for the ... time", "second")
    # Translators: an ordinal number in digits, in "When a position occurs for the 5th time".
    return pgettext("occurs for the ... time", "{count}th").format(count=n)


def repetition(rules: Rules, f: Frame) -> Iterator[Step]:
    """The repetition rule, seen by making the repeating move."""
    there, back = f.move("g3 g4"), f.move("g4 g3")
    cycle = [f.move("c3 c2"), there, f.move("c2 c3"), back]
    if min(min(m) for m in cycle) < 0:
        return
    # The repeating move is the last of repetition_count - 1 whole cycles.
    before = tuple((cycle * rules.repetition_count)[:4 * (rules.repetition_count - 1) - 1])
    played_text = ", ".join(format_move(m, f.size) for m in before)
    # Translators: {moves} lists the moves played, in notation ("c3-2, g3-4, c2-3").
    text = _paragraph(_repetition_text(rules), _(
        "Here both sides have moved back and forth: {moves}.").format(moves=played_text))
    start = f.place("c3 b7", "g3", "g7", Side.BLACK)
    try:
        board = Step("", "", "", "", start, Reach(*back), back, "", before).game(rules).board
    except (NotationError, ValueError):
        return
    outcome = played(board, back).outcome() if board.is_legal(back) else None
    if outcome is None:
        return
    if outcome.winner is None:
        success = _("Drawn: the position was repeated.")
    elif outcome.winner is Side.BLACK:
        success = _("Black wins: white repeated a position.")
    else:
        success = _("White wins: black repeated a position.")
    guard, home = f.name("g4"), f.name("g3")
    # Translators: {square} is the guard's square ("g4"), {target} the square it came
    # from ("g3").
    task = _("White to move: move the white guard on {square} back to {target}, and "
             "see.").format(square=guard, target=home)
    # Translators: {square} is the guard's square ("g4"), {target} the square it came
    # from ("g3").
    hint = _("That is a legal move, but this step asks you to move the white guard on "
             "{square} back to {target}, to see the rule.").format(square=guard, target=home)
    yield Step("repetition", pgettext("a lesson step's title", "Repeating a position"), text,
               task, start, Ends(Reason.REPETITION, hint), back, success, before)


def encirclement(rules: Rules, f: Frame) -> Iterator[Step]:
    """Black's win by encircling every white piece."""
    if not rules.encirclement:
        return
    text = _("Black also wins by encircling: when no white piece can reach the edge of the "
             "board without crossing a black piece.")
    ring = "e3 d4 f4 c5 d6 f6 e7 g8"
    yield Step("encirclement", pgettext("a lesson step's title", "Encirclement"), text,
               _("Black to move: close the ring around the white pieces."),
               f.place(ring, "e4", "e5", Side.BLACK),
               Ends(Reason.ENCIRCLED, _("That move does not close the ring: a white piece can "
                                        "still reach the edge.")), f.move("g8 g5"),
               _("Black wins: every white piece is encircled."))


def _ends_text(rules: Rules, limit: int | None) -> str:
    """Every way the game ends, as a short paragraph."""
    # Translators: {where} is where the king escapes to: "one of the four corners", "any
    # square on the edge of the board".
    parts = [_("White wins when the king reaches {where}; black wins by capturing the "
               "king.").format(where=_escape_squares(rules))]
    if rules.edge_forts:
        parts.append(_("White also wins in a fort on the edge that black cannot break."))
    if rules.encirclement:
        parts.append(_("Black also wins by encircling every white piece."))
    parts.append(_repetition_text(rules))
    parts.append(_("A player who has no legal move on his turn loses."))
    if limit is not None:
        # Translators: {count} is the game's move limit, counted in moves of each side.
        parts.append(ngettext(
            "This game has a move limit of {count} move a side: a player loses when the game "
            "has not ended by the time he must make one move more.",
            "This game has a move limit of {count} moves a side: a player loses when the game "
            "has not ended by the time he must make one move more.", limit).format(count=limit))
    if rules.match_games > 1:
        # Translators: {count} is how many games a match of these rules has.
        parts.append(ngettext("A match is {count} game, with sides swapped.",
                              "A match is {count} games, with sides swapped.",
                              rules.match_games).format(count=rules.match_games))
    return _paragraph(*parts)


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
        # Translators: {squares} lists the black pieces' squares ("c3, d3, c4, d4").
        task = _("White to move: leave black without a legal move (black's pieces on "
                 "{squares} are nearly boxed in).").format(squares=box)
        yield Step("no-moves", pgettext("a lesson step's title", "How a game ends"), text, task,
                   f.place(black, white, king, Side.WHITE),
                   Ends(Reason.NO_MOVES, _("Black can still move: find the square that boxes "
                                           "black's pieces in.")), f.move(f"{frm} {to}"),
                   _("White wins: black has no legal move."))


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

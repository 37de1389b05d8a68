"""The first lesson ("How to play"), without a browser: the steps, the board of the step
shown, the person's moves on it and what is said about them.

A :class:`Lesson` is made for the rule set of the game in progress and holds its own
:class:`tablut.Game` for each step, so it never touches the game in progress, the page's
storage or the computer player. Its steps come from :func:`web.lesson.steps.lesson_steps`;
a move is judged by :func:`web.lesson.judge.judge`. A wrong move is not played: the board
stays as it was and the lesson says why. The right move is played, with its captures, and
the step is done until it is shown again.

The board's input (:class:`web.board.input.BoardInput`) drives it through the same
methods as the game's session: :meth:`Lesson.activate`, :meth:`Lesson.pick_up`,
:meth:`Lesson.play`, :meth:`Lesson.drop_selection`. Tested natively
(``tests/test_web_lesson.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tablut import Game, Move, Rules
from tablut.squares import squares_of
from web.board.marks import marks_for
from web.board.view import Marks
from web.lesson.judge import by_kind, judge, name, owner, wrong_piece
from web.lesson.steps import Step, lesson_steps
from web.models.game import PieceInHand, captured_kind
from web.words.catalogue import _, language
from web.words.speech import move_sentence, selection_sentence, threat


@dataclass(frozen=True)
class Verdict:
    """What the lesson says about a move: right or wrong, and the sentence."""

    right: bool
    text: str


class Lesson(PieceInHand):
    """The lesson for one rule set: its steps, the step shown and its board.

    Attributes:
        rules: the rule set taught.
        steps: the steps, in order.
        index: the step shown (0-based).
        game: the step's own game, at its position (or after the right move).
        solved: the steps whose right move has been made.
        selected: the square of the piece picked up, or None.
        hint: the move shown by :meth:`show_answer`, or None.
        verdict: what was said about the last move tried on this step, or None.
        announcement: what a screen reader should hear now; :attr:`spoken` counts the
            announcements, so the same sentence twice is said twice.
        fading / just_moved: the captures and the move just made, until the next redraw.
    """

    def __init__(self, rules: Rules, limit: int | None = None) -> None:
        """The lesson for ``rules``; ``limit`` is the game's move limit, if it has one. Its
        sentences are in the language installed now (:attr:`language`)."""
        self.rules = rules
        self.limit = limit
        self.language = language()
        self.steps: list[Step] = lesson_steps(rules, limit)
        self.solved: set[int] = set()
        self.announcement = ""
        self.spoken = 0
        self._listeners: list[Callable[[], None]] = []
        self.go(0)

    # -- listening -------------------------------------------------------------------------

    def subscribe(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every change."""
        self._listeners.append(callback)

    def notify(self) -> None:
        """Tell the listeners; forget what was shown once (captures, the move made)."""
        for callback in list(self._listeners):
            callback()
        self.fading = []
        self.just_moved = None

    def say(self, text: str) -> None:
        """Make ``text`` the announcement."""
        self.announcement = text
        self.spoken += 1

    # -- steps -----------------------------------------------------------------------------

    @property
    def step(self) -> Step:
        """The step shown."""
        return self.steps[self.index]

    @property
    def progress(self) -> str:
        """"Step 2 of 12"."""
        # Translators: {number} is the step shown, {count} how many steps the lesson has.
        return _("Step {number} of {count}").format(number=self.index + 1,
                                                    count=len(self.steps))

    @property
    def is_first(self) -> bool:
        """Whether the first step is shown."""
        return self.index == 0

    @property
    def is_last(self) -> bool:
        """Whether the last step is shown."""
        return self.index == len(self.steps) - 1

    @property
    def done(self) -> bool:
        """Whether the right move of the step shown is on its board."""
        return self.game.ply > len(self.step.before)

    @property
    def finished(self) -> bool:
        """Whether every step has been solved."""
        return len(self.solved) == len(self.steps)

    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to the steps) at its start."""
        self.index = max(0, min(index, len(self.steps) - 1))
        self.game: Game = self.step.game(self.rules)
        self.selected: int | None = None
        self.hint: Move | None = None
        self.verdict: Verdict | None = None
        self.fading: list[tuple[int, str]] = []
        self.just_moved: Move | None = None
        step = self.step
        # Translators: said when a step is shown: {progress} is "Step 2 of 12", {title} the
        # step's title ("The throne"), {task} what to do ("Black to move: ...").
        self.say(_("{progress}: {title}. {task}").format(progress=self.progress,
                                                         title=step.title, task=step.task))
        self.notify()

    def next(self) -> None:
        """Show the next step."""
        if not self.is_last:
            self.go(self.index + 1)

    def back(self) -> None:
        """Show the step before."""
        if not self.is_first:
            self.go(self.index - 1)

    def retry(self) -> None:
        """Show the step shown again from its start."""
        self.go(self.index)

    def show_answer(self) -> None:
        """Draw the move the step asks for as an arrow, and say it."""
        if self.done:
            return
        self.hint = self.step.answer
        self.selected = None
        frm, to = self.hint
        board = self.game.board
        self.say(by_kind(
            board.piece_at(frm),
            # Translators: the move a step asks for; {square} and {target} are squares.
            _("Move the black piece on {square} to {target}."),
            # Translators: the move a step asks for; {square} and {target} are squares.
            _("Move the white guard on {square} to {target}."),
            # Translators: the move a step asks for; {square} and {target} are squares.
            _("Move the king on {square} to {target}."),
        ).format(square=name(board, frm), target=name(board, to)))
        self.notify()

    # -- the board -------------------------------------------------------------------------

    def human_to_move(self) -> bool:
        """Whether a move may be made on the board: until the step is done."""
        return not self.done

    def better_move(self) -> Move | None:
        """No better move to draw: a lesson is not a reviewed game."""
        return None

    def targets(self) -> list[int]:
        """The squares the selected piece may move to."""
        if self.selected is None:
            return []
        return list(squares_of(self.game.board.targets(self.selected)))

    def marks(self) -> Marks:
        """What the lesson's board highlights: as the game's board does, the last move of
        the step's history included."""
        return marks_for(self)

    def activate(self, sq: int) -> None:
        """A click, tap, Enter or Space on ``sq``: pick up a piece of the side to move,
        or try the move of the piece picked up to ``sq``; a piece of the other side
        picked up says whose move it is."""
        if self.done:
            return
        board = self.game.board
        kind = board.piece_at(sq)
        mine = kind is not None and owner(kind) == board.side
        if self.selected is None or mine:
            if mine:
                self.selected = None if sq == self.selected else sq
                if self.selected is not None:
                    self.say(selection_sentence(board, sq))
            elif kind is not None:
                self._wrong(wrong_piece(board, sq))
                return
            self.notify()
            return
        self.play((self.selected, sq))

    def may_pick_up(self) -> bool:
        """A piece may be picked up until the step is done."""
        return not self.done

    def drop(self, frm: int, to: int) -> bool:
        """A piece dragged from ``frm`` and let go on ``to``: tried as a move."""
        return self.play((frm, to))

    def play(self, move: Move) -> bool:
        """Try ``move``: the right one is played and praised; any other is not played, and
        the lesson says why. True if it was the right move."""
        if self.done:
            return False
        board = self.game.board
        reason = judge(board, move, self.step.goal)
        if reason:
            self._wrong(reason)
            return False
        mover, king = board.side, board.king
        self.game.play(move)
        self.fading = [(sq, captured_kind(mover, sq, king))
                       for sq in squares_of(self.game.board.captured)]
        self.just_moved = move
        self.selected = None
        self.hint = None
        self.solved.add(self.index)
        self.verdict = Verdict(True, self.step.success)
        said = move_sentence(self.game, mover, move, self.fading)
        # The page's warning that the king could escape next move is beside the point of
        # a lesson's step, whose position is not a game.
        warning = threat(self.game.board)
        if warning and said.endswith(warning):
            said = said[:-len(warning)]
        if self.is_last:
            # Translators: said after the right move of the last step: {said} is the move
            # ("Black h3 to e3, capturing the white guard on d3."), {success} the step's
            # praise ("Captured: ...").
            text = _("{said} {success} That was the last step.")
        else:
            # Translators: said after the right move of a step: {said} is the move ("Black
            # h3 to e3, capturing the white guard on d3."), {success} the step's praise.
            text = _("{said} {success}")
        self.say(text.format(said=said, success=self.step.success))
        self.notify()
        return True

    def _wrong(self, reason: str) -> None:
        self.selected = None
        self.verdict = Verdict(False, reason)
        self.say(reason)
        self.notify()

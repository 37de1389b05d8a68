"""The game page's logic, without a browser: one :class:`Session` per page.

The session holds what a person plays with: the game and its cursor, the settings, the
match, set-up mode, the piece picked up, the hint, the message in the notice area, and the
questions for the computer player. Views read it and draw; input turns pointer and key
events into its methods; the page's wiring (:mod:`web.page.app`) saves it and carries its
questions to the worker. Nothing here imports ``js`` or ``pyscript``, so all of it is
tested natively (``tests/test_web_session.py``).

Every change calls the listeners given to :meth:`Session.subscribe`, after which the
session forgets the captures it just reported (:attr:`Session.fading`) and the move it
just made (:attr:`Session.just_moved`): they are shown once, by the redraw that follows.
Every change of the position or the settings also bumps :attr:`Session.generation`, which
dates the questions put to the computer (:mod:`web.computer.turns`).

Set-up mode's own actions are in :mod:`web.models.setup`; the computer's turns in
:mod:`web.computer.turns`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from tablut import RULES, Game, IllegalMove, Move, Side
from tablut.squares import squares_of
from web.models.clocks import Clocks, TimeControl
from web.models.match import MatchScore, match_of, match_score
from web.models.review import Review, record_key
from web.models.setup import SetupBoard
from web.models.state import PageState, Settings, StateError, parse_limit, parse_seed, validated
from web.words.speech import move_sentence, selection_sentence
from web.words.texts import plural, status_text, time_out_sentence


@dataclass(frozen=True)
class Notice:
    """A message for the notice area, with an optional button (label, callback)."""

    text: str
    action: tuple[str, Callable[[], None]] | None = None




class PieceInHand:
    """A piece a person picks up on a board (of the game, or of the lesson) before
    putting it down on a target: the square it stands on, and the rule of when a piece
    may be picked up, which each board gives as :meth:`may_pick_up`."""

    selected: int | None
    game: Game

    def notify(self) -> None:
        """Tell whoever draws the board that it changed."""
        raise NotImplementedError

    def may_pick_up(self) -> bool:
        """Whether a person may pick up a piece now."""
        raise NotImplementedError

    def pick_up(self, sq: int) -> bool:
        """Start dragging the piece on ``sq``; False if it may not move now."""
        if not self.may_pick_up() or not self.game.board.targets(sq):
            return False
        self.selected = sq
        self.notify()
        return True

    def drop_selection(self) -> None:
        """Put the piece picked up back down (Escape, or a drag that went nowhere)."""
        self.selected = None
        self.notify()


class Session(PieceInHand):
    """The page's state and everything a person can do with it (see the module docs).

    Attributes:
        settings: the Settings form's values.
        game: the game on the board, with its undone moves and cursor.
        match_results: finished games of the match, as (winner player, plies).
        setup: the position being set up, or None outside set-up mode.
        browsing: whether the person is looking back through the game (the computer
            waits until they return to the last move).
        away: whether the person has stepped away from the game to the lesson (the
            clocks wait until they come back).
        selected: the square of the piece picked up, or None.
        hint: the move the computer suggests, or None.
        fading: pieces the last move captured, as (square, kind), until the next redraw.
        just_moved: the move just made, until the next redraw (pieces slide along it).
        generation: bumped by every change of the position or the settings.
        notice: the message in the notice area, or None.
        spoken: what the live region says last, numbered so that the same words said
            twice are heard twice.
        intro_open: whether the first words for a newcomer are shown (until a person
            has moved; a button brings them back).
        clocks: the two clocks, when the game is played with a time control.
        time_out: the side that ran out of time, which ended the game, or None.
        review: the computer's review of the game, once asked for (see web.models.review).
        imported: whether the game came from a record, a link or the saved games (it
            may be reviewed even unfinished).
    """

    def __init__(self, state: PageState | None = None,
                 now: Callable[[], float] = lambda: time.monotonic() * 1000) -> None:
        """A session showing ``state`` (a fresh game with default settings when None);
        ``now()`` reads the clock in milliseconds."""
        state = state or PageState()
        self.now = now
        self.clocks: Clocks | None = state.clocks or self._fresh_clocks(state.settings)
        self.time_out: Side | None = state.time_out
        state.game.time_control = state.settings.clock or None
        self.settings: Settings = state.settings
        self.game: Game = state.game
        self.match_results: list[tuple[str | None, int]] = list(state.match_results)
        self.setup: SetupBoard | None = SetupBoard(state.setup) if state.setup else None
        self.browsing = self.game.ply < len(self.game.moves)
        self.away = False
        self.selected: int | None = None
        self.hint: Move | None = None
        self.fading: list[tuple[int, str]] = []
        self.just_moved: Move | None = None
        self.generation = 0
        self.notice: Notice | None = None
        self.spoken: tuple[int, str] = (0, "")
        self.intro_open = not self.game.moves
        self.review: Review | None = None
        self.imported = False
        self._listeners: list[Callable[[], None]] = []

    # -- listening and saving --------------------------------------------------------------

    def subscribe(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every change."""
        self._listeners.append(callback)

    def notify(self) -> None:
        """Tell the listeners that something they show changed."""
        self._run_clocks()
        for callback in list(self._listeners):
            callback()
        self.fading = []
        self.just_moved = None

    def changed(self) -> None:
        """The position, the settings or the mode changed: forget answers to older
        questions, the selection and the hint, and tell the listeners."""
        self.generation += 1
        self.hint = None
        self.selected = None
        self.notify()

    def state(self) -> PageState:
        """Everything that a reload restores."""
        clocks = None if self.clocks is None else self.clocks.at(self.now())
        return PageState(self.settings, self.game, list(self.match_results),
                         self.setup.position() if self.setup else None, clocks,
                         self.time_out)

    def say(self, text: str, action: tuple[str, Callable[[], None]] | None = None) -> None:
        """Put ``text`` in the notice area, with a button for ``action`` if given."""
        self.notice = Notice(text, action) if text else None
        self.notify()

    def speak(self, text: str) -> None:
        """Say ``text`` in the live region (a screen reader reads it out)."""
        self.spoken = (self.spoken[0] + 1, text)
        self.notify()

    def toggle_intro(self) -> None:
        """Show or hide the first words for a newcomer."""
        self.intro_open = not self.intro_open
        self.notify()

    def dismiss(self) -> None:
        """Clear the notice area."""
        self.say("")

    # -- who plays -------------------------------------------------------------------------

    def over(self) -> bool:
        """Whether the game has ended at the position shown, on the board or on time."""
        return self.game.outcome() is not None or self.time_out is not None

    def human_to_move(self) -> bool:
        """Whether a person may move now: a game in progress, a human side to move."""
        return (self.setup is None and not self.over()
                and not self.settings.is_computer(self.game.side))

    def computer_to_move(self) -> bool:
        """Whether the computer should choose the next move now."""
        return (self.setup is None and not self.browsing and not self.over()
                and self.settings.is_computer(self.game.side))

    def status(self) -> str:
        """The status line: whose turn it is, who won, or what set-up mode expects."""
        if self.setup is not None:
            return (f"Set-up mode: {self.setup.side.word.capitalize()} to move first. Click a "
                    "square to change its piece.")
        if self.time_out is not None:
            return time_out_sentence(self.time_out, self._can_win(self.time_out.opponent))
        return status_text(self.game)

    def targets(self) -> list[int]:
        """The squares the selected piece may move to."""
        if self.selected is None or self.setup is not None:
            return []
        return list(squares_of(self.game.board.targets(self.selected)))

    def can_undo(self) -> bool:
        """Whether Undo can act (a game lost on time stays lost)."""
        return self.can_go_back() and self.time_out is None

    def can_redo(self) -> bool:
        """Whether Redo can act."""
        return self.can_go_forward() and self.time_out is None

    def can_go_back(self) -> bool:
        """Whether Back can act."""
        return self.setup is None and self.game.ply > 0

    def can_go_forward(self) -> bool:
        """Whether Forward can act."""
        return self.setup is None and self.game.ply < len(self.game.moves)

    # -- the match -------------------------------------------------------------------------

    def finished_game(self) -> tuple[str | None, int] | None:
        """The game on the board as a match result (winning side, plies) once it has
        ended and is shown at its end; else None."""
        if self.browsing or self.setup is not None:
            return None
        if self.time_out is not None:
            winner = self.time_out.opponent
            return (winner if self._can_win(winner) else None), self.game.ply
        over = self.game.outcome()
        return None if over is None else (over.winner, self.game.ply)

    def match_table(self) -> MatchScore:
        """The match table, counting the game on the board once it has ended."""
        return match_score(self.game.rules, self.match_results, self.finished_game())

    def player_side(self, player: str) -> Side:
        """The side ``player`` ("first" or "second") has in the game on the board."""
        return match_of(self.game.rules, self.match_results).side_of(player)

    def end_offer(self) -> str | None:
        """The label of the button offered beside the result, or None while playing."""
        if self.finished_game() is None:
            return None
        if not self.settings.match_mode:
            return "Play again"
        return "New match" if self.match_table().finished else "Next game"

    # -- replacing the game ----------------------------------------------------------------

    def replace(self, game: Game, settings: Settings | None = None,
                 match_results: list[tuple[str | None, int]] | None = None,
                 setup: SetupBoard | None = None, clocks: Clocks | None = None) -> None:
        """Show ``game`` in place of the current one (with ``settings``, the match so far,
        the position being set up and the clocks, if given; fresh clocks otherwise): the
        one way the game is replaced."""
        self.settings = settings or self.settings
        self.match_results = [] if match_results is None else match_results
        self.setup = setup
        self.game = game
        self.browsing = game.ply < len(game.moves)
        self.time_out = None
        self.review = None
        self.imported = False
        self.clocks = clocks if clocks is not None else self._fresh_clocks(self.settings)
        game.time_control = self.settings.clock or None
        self.changed()

    def load_game(self, game: Game, message: str,
                  undo: tuple[str, Callable[[], None]] | None = None) -> None:
        """Replace the game with ``game`` (the rules and move limit follow it; the other
        settings stay), leave set-up mode and the match, and say ``message``."""
        settings = self.settings_with(rules=game.rules.name, limit=game.limit,
                                      clock=self._readable_clock(game.time_control))
        self.replace(game, settings)
        self.imported = True
        self.say(message, undo)

    def restore(self, before: str) -> None:
        """Bring back a state saved by :meth:`offer_restore`."""
        state = PageState.from_json(before)
        setup = SetupBoard(state.setup) if state.setup else None
        self.replace(state.game, state.settings, state.match_results, setup, state.clocks)
        self.time_out = state.time_out
        self.say("Restored.")

    def offer_restore(self, text: str, before: str) -> None:
        """Say ``text`` with a Restore button that brings back the state ``before``."""
        self.say(text, ("Restore", lambda: self.restore(before)))

    def new_game(self) -> None:
        """Start a new game with the current settings; in a match, the next game (sides
        swapped) once this one has ended, or a new match after the last game."""
        before = self.state().to_json()
        had_moves = bool(self.game.moves)
        ended = self.finished_game()
        in_progress = not self.over()
        text = "New game."
        results = self.match_results
        settings = self.settings
        if settings.match_mode and ended is not None:
            match = match_of(self.game.rules, results)
            match.record(*ended)
            results = [(r.winner, r.plies) for r in match.results]
            if match.finished:
                text = f"Match over: {self.match_table().summary} A new match begins."
                results = []
            else:
                text = f"Game {len(results) + 1} of the match: sides swapped."
            settings = settings.swapped()
        self.replace(Game(settings.rules, limit=settings.limit), settings, results)
        if had_moves and in_progress:
            self.offer_restore(text + " The previous game can be restored.", before)
        else:
            self.say(text)

    # -- moves -----------------------------------------------------------------------------

    def play(self, move: Move) -> bool:
        """Play ``move`` at the position shown; False (and nothing changes) if illegal.

        Played before the record's last move, it drops the later moves (unless it is the
        next one), and the notice offers them back.
        """
        game = self.game
        later = game.moves[game.ply:]
        before = self.state().to_json() if later and later[0] != move else None
        mover, king = game.side, game.board.king
        if self.time_out is not None:
            return False
        try:
            game.play(move)
        except IllegalMove:
            return False
        if self.clocks is not None:
            self.clocks.moved(mover, self.now())
        if self.review is not None and self.review.key != record_key(game):
            self.review = None  # a review of moves that are gone
        captured = list(squares_of(game.board.captured))
        self.fading = [(sq, captured_kind(mover, sq, king)) for sq in captured]
        self.just_moved = move
        self.browsing = False
        self.spoken = (self.spoken[0] + 1, move_sentence(game, mover, move, self.fading))
        if not self.settings.is_computer(mover):
            self.intro_open = False
        self.changed()
        if before is not None:
            dropped = len(later)
            self.offer_restore(
                f"Later moves were dropped ({dropped} move{'s' if dropped != 1 else ''}).",
                before)
        return True

    def show_hint(self, move: Move, text: str) -> None:
        """Draw ``move`` as the computer's suggestion and say ``text``."""
        self.hint = move
        self.selected = None
        self.say(text)

    def activate(self, sq: int) -> None:
        """A click, tap, Enter or Space on square ``sq``: set-up mode changes its piece;
        otherwise pick up a piece of the side to move, put it down on a target, or drop
        it."""
        if self.setup is not None:
            self.setup.cycle(sq)
            self.notify()
            return
        if not self.human_to_move():
            return
        if self.selected is not None and sq in self.targets():
            self.play((self.selected, sq))
            return
        self.selected = sq if self._movable(sq) and sq != self.selected else None
        if self.selected is not None:
            self.speak(selection_sentence(self.game.board, sq))
        else:
            self.notify()

    def may_pick_up(self) -> bool:
        """A person picks up a piece when it is a person's turn."""
        return self.human_to_move()

    def _movable(self, sq: int) -> bool:
        """Whether ``sq`` holds a piece of the side to move (it may be blocked in)."""
        piece = self.game.board.piece_at(sq)
        return piece is not None and (piece == "black") == (self.game.side is Side.BLACK)

    def undo(self) -> None:
        """Take back the last move; against the computer, its move and the person's move
        before it go together."""
        if not self.can_undo():
            return
        game, settings = self.game, self.settings
        game.undo()
        both = settings.is_computer(Side.BLACK) and settings.is_computer(Side.WHITE)
        while not both and game.ply > 0 and settings.is_computer(game.side):
            game.undo()
        self.browsing = False
        self.changed()

    def redo(self) -> None:
        """Replay the next undone move; against the computer, its reply too."""
        if not self.can_redo():
            return
        game, settings = self.game, self.settings
        game.redo()
        while (game.ply < len(game.moves) and settings.is_computer(game.side)
               and not settings.is_computer(game.side.opponent)):
            game.redo()
        self.browsing = False
        self.changed()

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the record (0: the start)."""
        if self.setup is not None or not 0 <= ply <= len(self.game.moves):
            return
        if ply != self.game.ply:
            self.game.goto(ply)
            self.browsing = ply < len(self.game.moves)
            self.changed()

    def step(self, plies: int) -> None:
        """Go ``plies`` moves forward (negative: back) through the record."""
        self.goto(self.game.ply + plies)

    # -- settings --------------------------------------------------------------------------

    def settings_with(self, **changes: Any) -> Settings:
        """The settings with ``changes``; StateError if they are not valid."""
        return validated(replace(self.settings, **changes))

    def set_player(self, side: Side, who: str) -> None:
        """Let a person or the computer ("human" or "computer") play ``side``."""
        self.settings = self.settings_with(**{side.word: who})
        self.browsing = False
        self.changed()

    def set_level(self, level: int) -> None:
        """Set the computer's level."""
        self.settings = self.settings_with(level=level)
        self.changed()

    def set_seed(self, text: str) -> None:
        """Set the noise seed from the text typed; a bad one is refused with a message."""
        try:
            self.settings = self.settings_with(seed=parse_seed(text))
        except (ValueError, StateError) as error:
            self.say(f"Seed not changed: {error}.")
            return
        self.changed()

    def set_limit(self, text: str) -> None:
        """Set the move limit from the text typed (0 or blank: none); a limit that a
        player has already reached, or a bad number, is refused with a message."""
        try:
            limit = parse_limit(text)
            # The whole record counts, moves after the one shown too: a limit they pass
            # would make the stored record unreadable.
            made = self.game.most_moves_made()
            if limit is not None and made >= limit:
                raise ValueError(f"a player has already made {made} moves in this game")
        except ValueError as error:
            self.say(f"Move limit not changed: {error}.")
            return
        self.settings = self.settings_with(limit=limit)
        self.game.limit = limit
        self.changed()
        self.say(f"Move limit: {plural(limit, 'move')} a side." if limit else "No move limit.")

    def set_rules(self, name: str) -> None:
        """Play under the rules ``name``: a new game, the old one offered back."""
        before = self.state().to_json()
        had_moves = bool(self.game.moves)
        settings = self.settings_with(rules=name)
        self.replace(Game(name, limit=settings.limit), settings)
        text = f"New game under {RULES[name].title} rules."
        if had_moves:
            self.offer_restore(text, before)
        else:
            self.say(text)

    def set_match(self, on: bool) -> None:
        """Play single games, or matches of two games with sides swapped."""
        self.settings = self.settings_with(match=on)
        self.match_results = []
        self.changed()
        self.say("Match mode: two games, sides swapped." if self.settings.match_mode
                 else "Single games.")

    def toggle_analysis(self) -> None:
        """Open or close the analysis panel."""
        self.settings = self.settings_with(analysis=not self.settings.analysis)
        self.changed()

    # -- review --------------------------------------------------------------------------

    def can_review(self) -> bool:
        """Whether the game may be reviewed: it has moves, and it is finished (at its
        last move) or came from a record."""
        game = self.game
        if self.setup is not None or not game.moves or self.review is not None:
            return False
        if self.imported or self.time_out is not None:
            return True
        return game.board_at(len(game.moves)).outcome() is not None

    def start_review(self) -> Review | None:
        """Begin reviewing the game (the computer judges each position in turn)."""
        if not self.can_review():
            return None
        self.review = Review(self.game)
        self.notify()
        return self.review

    def stop_review(self) -> None:
        """Stop the review where it is; what has been judged stays on show."""
        if self.review is not None:
            self.review.stopped = True
            self.notify()

    def better_move(self) -> Move | None:
        """The better move at the position shown, when the review found that the move
        played from it was a mistake."""
        if self.review is None:
            return None
        mistake = self.review.mistakes().get(self.game.ply + 1)
        return None if mistake is None else mistake.better

    # -- the clocks ------------------------------------------------------------------------

    @staticmethod
    def _fresh_clocks(settings: Settings) -> Clocks | None:
        """Both clocks full, under the Clock setting (None without a clock)."""
        return Clocks(TimeControl.parse(settings.clock)) if settings.clock else None

    def _readable_clock(self, text: str | None) -> str:
        """The Clock setting for a game whose record says ``text``: its time control when
        it has one the page can keep, else the setting in force."""
        try:
            return TimeControl.parse(text).text if text else self.settings.clock
        except ValueError:
            return self.settings.clock

    def _run_clocks(self) -> None:
        """Run the clock of the side to move while the game goes on and is shown at its
        latest move; stop both while a person looks back, sets up, is away at the lesson,
        or the game is over."""
        clocks = self.clocks
        if clocks is None:
            return
        now = self.now()
        if self.setup is None and not self.browsing and not self.away and not self.over():
            if clocks.running is not self.game.side:
                clocks.start(self.game.side, now)
        else:
            clocks.stop(now)

    def set_away(self, away: bool) -> None:
        """The person steps away from the game (to the lesson) or comes back: the clocks
        stop meanwhile, as they do while the game is looked back through."""
        self.away = away
        if self.clocks is not None:  # nothing else depends on it
            self._run_clocks()
            self.notify()

    def tick(self) -> None:
        """Look at the clocks (the page does ten times a second): the side whose time has
        run out loses, unless the other side could never win any more (then a draw)."""
        if self.clocks is None or self.time_out is not None:
            return
        side = self.clocks.flagged(self.now())
        if side is None:
            return
        self.clocks.stop(self.now())
        self.time_out = side
        self.spoken = (self.spoken[0] + 1, self.status())
        self.changed()

    def _can_win(self, side: Side) -> bool:
        """Whether ``side`` could still win: black needs a piece left to capture with;
        white always has the king while the game goes on."""
        return side is Side.WHITE or bool(self.game.board.black)

    def set_clock(self, text: str) -> None:
        """Play under the time control ``text`` ("" for none), both clocks full from this
        move on."""
        try:
            self.settings = self.settings_with(clock=text)
        except StateError as error:
            self.say(f"Clock not changed: {error}.")
            return
        self.clocks = self._fresh_clocks(self.settings)
        self.game.time_control = self.settings.clock or None
        self.changed()
        self.say(f"Clock: {self.clocks.control.describe()}, from this move on."
                 if self.clocks else "No clock.")


def captured_kind(mover: Side, sq: int, king_before: int) -> str:
    """The kind of piece a move by ``mover`` captured on ``sq``: black's captures are
    white guards or, on the king's square, the king; white's are black pieces."""
    if mover is Side.WHITE:
        return "black"
    return "king" if sq == king_before else "white"

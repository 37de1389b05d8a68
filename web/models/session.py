"""The game page's state, without a browser: one :class:`Session` per page, made of small
models with one concern each.

- :class:`web.models.game.GameInPlay`: the game, where it stands and the position shown;
- :class:`web.models.settings.Settings`: the player's choices for the next game;
- :class:`web.models.clocks.GameClock`: the game's clocks and a loss on time;
- :class:`web.models.match.MatchProgress`: the games of a match so far;
- :class:`web.models.setup.SetupMode`: the position being set up, while the mode lasts;
- :class:`web.models.notices.Notices`: the notice area, each notice with its lifetime;
- :class:`web.models.review.Review`: the computer's review, kept with the game it judged;
- :class:`web.models.friend.Friend`: the friend of a live game, while one is played.

Views read it and draw; input turns pointer and key events into its methods; the page's
wiring (:mod:`web.page.app`) saves it and carries its questions to the computer. It holds
no sentences: what happened goes to the event listeners (:meth:`Session.listen`) as
values (:mod:`web.models.events`), and what the notice area says is a message code
(:mod:`web.models.notices`); :mod:`web.words` makes both into words.

Every change calls the listeners given to :meth:`Session.subscribe`, after which the
session forgets the captures it just reported (:attr:`Session.fading`) and the move it
just made (:attr:`Session.just_moved`): they are shown once, by the redraw that follows.
Every change of the position or the settings bumps :attr:`Session.generation`, which
dates the questions put to the computer (:mod:`web.computer.turns`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Literal

from tablut import Game, Move, Side
from web.models.clocks import Clocks, GameClock, readable_control
from web.models.events import Event, PositionAsked, TimeRanOut
from web.models.friend import Friend
from web.models.game import GameInPlay
from web.models.live_play import LivePlay
from web.models.match import MatchProgress
from web.models.moves import Moves
from web.models.notices import Action, Lifetime, Message, Notice, Notices, message
from web.models.reviewing import Reviewing
from web.models.setting_changes import SettingChanges
from web.models.settings import Settings
from web.models.setup import SetupMode
from web.models.state import PageState


class Session(Moves, SettingChanges, Reviewing, LivePlay):
    """The page's state and everything a person can do with it (see the module docs).

    Attributes:
        settings: the player's choices (the game may play under others: an import).
        in_play: the game, where it stands and the position shown.
        clock: the game's clocks and a loss on time.
        match: the games of the match so far.
        setup: set-up mode while it lasts, else None.
        notices: the notice area.
        review: the computer's review of the game, once asked for.
        imported: whether the game came from a record, a link or the saved games (it
            may be reviewed even unfinished).
        away: whether the person has stepped away to the lesson (the clocks wait).
        selected: the square of the piece picked up, or None.
        hint: the move the computer suggests, or None.
        fading: pieces the last move captured, as (square, kind), until the next redraw.
        just_moved: the move just made, until the next redraw (pieces slide along it).
        generation: bumped by every change of the position or the settings.
        intro_open: whether the first words for a newcomer are shown (until a person
            has moved; a button brings them back).
        friend: the friend of a live game (:mod:`web.models.live_play`), or None.
    """

    def __init__(self, state: PageState | None = None,
                 now: Callable[[], float] = lambda: time.monotonic() * 1000) -> None:
        """A session showing ``state`` (a fresh game with default settings when None);
        ``now()`` reads the clock in milliseconds."""
        state = state or PageState()
        self.now = now
        self.settings = state.settings
        self.notices = Notices()
        self.away = False
        self.selected: int | None = None
        self.hint: Move | None = None
        self.fading: list[tuple[int, str]] = []
        self.just_moved: Move | None = None
        self.generation = 0
        self.intro_open = not state.game.moves
        self.friend: Friend | None = None
        self._listeners: list[Callable[[], None]] = []
        self._event_listeners: list[Callable[[Event], None]] = []
        self._show(state)

    def _show(self, state: PageState) -> None:
        """Take the game and what belongs to it from ``state``."""
        if state.clocks is None and state.time_out is None:
            self.clock = GameClock.fresh(state.game.time_control)
        else:
            self.clock = GameClock(state.clocks, state.time_out)
        self.in_play = GameInPlay(state.game, state.live)
        self.match = MatchProgress(list(state.match_results))
        self.setup = SetupMode(state.setup) if state.setup else None
        self.review = state.review
        self.imported = state.imported

    @property
    def clocks(self) -> Clocks | None:
        """The game's clocks, or None without a time control."""
        return self.clock.clocks

    # -- listening and saving --------------------------------------------------------------

    def subscribe(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every change."""
        self._listeners.append(callback)

    def listen(self, callback: Callable[[Event], None]) -> None:
        """Call ``callback(event)`` for every event (:mod:`web.models.events`)."""
        self._event_listeners.append(callback)

    def tell(self, event: Event) -> None:
        """Give ``event`` to the event listeners."""
        for callback in list(self._event_listeners):
            callback(event)

    def notify(self, computer_moved: bool = False) -> None:
        """Tell the listeners that something they show changed (a notice that no longer
        fits goes first)."""
        self.notices.outlived(self.now(), self.generation, self.in_play.mark(), computer_moved)
        self.clock.run(self.game.side, self.now(), self.clocks_run())
        for callback in list(self._listeners):
            callback()
        self.fading = []
        self.just_moved = None

    def changed(self, computer_moved: bool = False) -> None:
        """The position, the settings or the mode changed: forget answers to older
        questions, the selection and the hint, and tell the listeners."""
        self.generation += 1
        self.hint = None
        self.selected = None
        self.notify(computer_moved)

    def state(self) -> PageState:
        """Everything that a reload restores."""
        return PageState(self.settings, self.game, list(self.match.results),
                         self.setup.position() if self.setup else None,
                         self.clock.saved(self.now()), self.time_out, self.in_play.live,
                         self.review, self.imported)

    def snapshot(self) -> PageState:
        """A copy of :meth:`state` that later changes leave alone (what a Restore brings
        back)."""
        return PageState.from_json(self.state().to_json())

    # -- the notice area -------------------------------------------------------------------

    def say(self, said: Message, lifetime: Lifetime = Lifetime.BRIEF,
            action: Action | None = None) -> None:
        """Put ``said`` in the notice area for ``lifetime``, with a button for
        ``action`` if given."""
        self.notices.post(Notice(said, lifetime, action, self.now(), self.generation,
                                 self.in_play.mark()))
        self.notify()

    def dismiss(self) -> None:
        """Clear the notice area."""
        self.notices.dismiss()
        self.notify()

    def toggle_intro(self) -> None:
        """Show or hide the first words for a newcomer."""
        self.intro_open = not self.intro_open
        self.notify()

    # -- the match -------------------------------------------------------------------------

    def finished_game(self) -> tuple[Side | None, int] | None:
        """The game on the board as a match result (winning side, plies) once it has
        ended and is shown at its end; else None."""
        if self.browsing or self.setup is not None:
            return None
        if self.friend is not None and self.friend.ending is not None:
            return self.friend.ending.winner, self.game.ply
        if self.time_out is not None:
            winner = self.time_out.opponent
            return (winner if self.can_win(winner) else None), self.game.ply
        over = self.game.outcome()
        return None if over is None else (over.winner, self.game.ply)

    def can_win(self, side: Side) -> bool:
        """Whether ``side`` could still win: black needs a piece left to capture with;
        white always has the king while the game goes on."""
        return side is Side.WHITE or bool(self.game.board.black)

    def end_offer(self) -> str | None:
        """What the button beside a result offers ("play-again", "next-game" or
        "new-match"), or None while playing."""
        if self.finished_game() is None:
            return None
        if not self.settings.match_mode:
            return "play-again"
        table = self.match.table(self.game.rules, self.finished_game())
        return "new-match" if table.finished else "next-game"

    # -- replacing the game ----------------------------------------------------------------

    def replace(self, state: PageState, said: Message | None = None,
                undo: str | None = None) -> None:
        """Show ``state`` in place of the page's game (the one way it is replaced), and
        say ``said``; with ``undo`` (an action's code), the notice offers the state
        replaced back, for as long as the new game stays as it is."""
        before = self.snapshot()
        self.settings = state.settings
        self._show(state)
        self.changed()
        if said is not None and undo is not None:
            self.say(said, Lifetime.OFFER, Action(undo, lambda: self.restore(before)))
        elif said is not None:
            self.say(said)

    def restore(self, before: PageState) -> None:
        """Bring back ``before``, a state this session replaced; what it replaces now
        is offered back in turn."""
        self.replace(before, message("restored"), "undo-restore")

    @staticmethod
    def fresh(settings: Settings, results: list[tuple[str | None, int]] | None = None
              ) -> PageState:
        """A new game under ``settings`` (the match so far: ``results``)."""
        game = Game(settings.rules, limit=settings.limit)
        game.time_control = settings.clock or None
        return PageState(settings, game, results or [])

    def bring_in(self, game: Game, said: Message, undo: bool = True) -> None:
        """Show ``game`` from a record, a link or the saved games: it plays under its own
        rules, move limit and clock (a time control the page cannot keep: none), and
        the player's settings stay for the next New game; with ``undo``, the notice
        offers the game it replaced back."""
        if self.live_busy():
            return
        game.time_control = readable_control(game.time_control)
        state = PageState(self.settings, game, imported=True)
        self.replace(state, said, "undo-import" if undo else None)

    def live_busy(self) -> bool:
        """Whether a live game going on keeps its place on the board (and the notice
        says so); a live game that has ended is left for the game that replaces it."""
        if self.friend is None:
            return False
        if not self.over():
            self.say(message("live-busy"), Lifetime.ERROR)
            return True
        self.friend = None
        return False

    def new_game(self) -> None:
        """Start a new game with the player's settings; in a match, the next game (sides
        swapped) once this one has ended, or a new match after the last game."""
        if self.live_busy():
            return
        in_progress = bool(self.game.moves) and not self.over()
        settings, results, said = self.match.next_game(self.settings, self.game.rules,
                                                       self.finished_game())
        undo = "restore-game" if in_progress else None
        self.replace(self.fresh(settings, results), said, undo)

    # -- the clocks and the keys ------------------------------------------------------------
    def set_away(self, away: bool) -> None:
        """The person steps away from the game (to the lesson) or comes back: the clocks
        stop meanwhile, as they do while the game is looked back through."""
        self.away = away
        if self.clocks is not None:  # nothing else depends on it
            self.notify()

    def tick(self) -> None:
        """Ten times a second: the side whose time has run out loses (unless the other
        side could never win any more: then a draw), and a notice past its time goes."""
        side = self.clock.ran_out(self.now())
        if side is not None:
            self.tell(TimeRanOut(side))
            self.changed()
        elif self.notices.outlived(self.now(), self.generation, self.in_play.mark()):
            self.notify()

    def hear(self, what: Literal["summary", "pieces"]) -> None:
        """A person asked to hear the position (``"summary"`` or ``"pieces"``)."""
        self.tell(PositionAsked(what))
        self.notify()

"""A person's and the computer's moves on the game's board: who may move, clicks, moves,
hints, Undo and Redo, and stepping through the record. Part of the session
(:class:`web.models.session.Session`), which keeps the state these methods change.
Browser-free.
"""

from __future__ import annotations

from tablut import Game, IllegalMove, Move, Side
from web.models.clicks import Pick, Play, Refuse, decide
from web.models.clocks import GameClock
from web.models.events import Event, MoveMade, MoveRefused, PiecePicked, Refusal
from web.models.friend import Friend
from web.models.game import GameInPlay, PieceInHand
from web.models.notices import Action, Lifetime, Message, message
from web.models.review import Review, record_key
from web.models.settings import Settings
from web.models.setup import SetupMode
from web.models.state import PageState


class Moves(PieceInHand):
    """The session's moves (see the module docs): what the session gives them."""

    settings: Settings
    in_play: GameInPlay
    clock: GameClock
    setup: SetupMode | None
    review: Review | None
    hint: Move | None
    fading: list[tuple[int, str]]
    just_moved: Move | None
    intro_open: bool
    friend: Friend | None

    @property
    def game(self) -> Game:
        """The game on the board, its cursor at the position shown."""
        return self.in_play.game

    @property
    def browsing(self) -> bool:
        """Whether the person looks at another position than where the game stands (the
        computer and the clocks wait)."""
        return self.in_play.browsing

    @property
    def time_out(self) -> Side | None:
        """The side that lost on time, or None."""
        return self.clock.time_out

    def changed(self, computer_moved: bool = False) -> None:
        """See :meth:`web.models.session.Session.changed`."""
        raise NotImplementedError

    def say(self, said: Message, lifetime: Lifetime = Lifetime.BRIEF,
            action: Action | None = None) -> None:
        """See :meth:`web.models.session.Session.say`."""
        raise NotImplementedError

    def tell(self, event: Event) -> None:
        """See :meth:`web.models.session.Session.tell`."""
        raise NotImplementedError

    def snapshot(self) -> PageState:
        """See :meth:`web.models.session.Session.snapshot`."""
        raise NotImplementedError

    def restore(self, before: PageState) -> None:
        """See :meth:`web.models.session.Session.restore`."""
        raise NotImplementedError

    def now(self) -> float:
        """See :attr:`web.models.session.Session.now`."""
        raise NotImplementedError

    def over(self) -> bool:
        """Whether the game has ended at the position shown, on the board, on time, or
        (a live game) by a resignation or a draw agreed."""
        return (self.game.outcome() is not None or self.time_out is not None
                or (self.friend is not None and self.friend.ending is not None))

    def friend_to_move(self) -> bool:
        """Whether it is the turn of the friend of a live game that goes on."""
        friend = self.friend
        return friend is not None and not self.over() and self.game.side is friend.side

    def human_to_move(self) -> bool:
        """Whether a person may move now: a game in progress, a human side to move (in a
        live game, the side of the person at this page)."""
        if self.setup is not None or self.over():
            return False
        if self.friend is not None:
            return self.game.side is self.friend.own_side
        return not self.settings.is_computer(self.game.side)

    def computer_to_move(self) -> bool:
        """Whether the computer should choose the next move now (never in a live game)."""
        return (self.setup is None and not self.browsing and not self.over()
                and self.friend is None and self.settings.is_computer(self.game.side))

    def clocks_run(self) -> bool:
        """Whether the clock of the side to move runs: a game going on, shown where it
        stands, with the person at it (not away at the lesson, not setting up). A live
        game's clocks run whatever the person looks at, as the friend's do."""
        if self.friend is not None:
            return self.friend.connected and not self.over()
        return self.setup is None and not self.browsing and not self.away and not self.over()

    def can_undo(self) -> bool:
        """Whether Undo can act (a game lost on time stays lost; a live game's moves are
        taken back only by agreement)."""
        return (self.setup is None and self.in_play.live > 0 and self.time_out is None
                and self.friend is None)

    def can_redo(self) -> bool:
        """Whether Redo can act."""
        return (self.setup is None and self.in_play.undone > 0 and self.time_out is None
                and self.friend is None)

    def can_hint(self) -> bool:
        """Whether the computer may suggest a move: a person's turn, never in a live game."""
        return self.human_to_move() and self.friend is None

    def can_go_back(self) -> bool:
        """Whether Back can act."""
        return self.setup is None and self.game.ply > 0

    def can_go_forward(self) -> bool:
        """Whether Forward can act."""
        return self.setup is None and self.game.ply < len(self.game.moves)

    def may_pick_up(self) -> bool:
        """A person picks up a piece when it is a person's turn."""
        return self.human_to_move()

    def play(self, move: Move, by_computer: bool = False, by_friend: bool = False) -> bool:
        """Play ``move`` at the position shown; False (and nothing changes) if illegal.
        ``by_computer``: the computer chose it; ``by_friend``: the friend of a live game
        played it.

        Played before the record's last move, it drops the later moves (unless it is the
        next one), and the notice offers them back.
        """
        if self.time_out is not None:
            return False
        later = self.game.moves[self.game.ply:]
        # Only a move that drops later moves needs the game as it was (for Restore).
        before = self.snapshot() if later and later[0] != move else None
        try:
            played = self.in_play.play(move)
        except IllegalMove:
            return False
        self.clock.moved(played.mover, self.now())
        if self.friend is not None:
            # A move answers every offer standing but a rematch's: it lapses.
            for subject in ("draw", "takeback"):
                self.friend.offers.pop(subject, None)
        if self.review is not None and self.review.key != record_key(self.game):
            self.review = None  # a review of moves that are gone
        self.fading = list(played.captured)
        self.just_moved = move
        if not by_computer and not by_friend:
            self.intro_open = False
        self.tell(MoveMade(played, by_computer, by_friend))
        # A passing notice goes at the person's move, not at the reply to it.
        self.changed(computer_moved=by_computer or by_friend)
        if before is not None and played.dropped:
            self.say(message("moves-dropped", count=played.dropped), Lifetime.OFFER,
                     Action("restore-moves", lambda: self.restore(before)))
        return True

    def drop(self, frm: int, to: int) -> bool:
        """A piece dragged from ``frm`` and let go on ``to``: the move, or why not (the
        piece stays picked up); True when played."""
        if self.play((frm, to)):
            return True
        if self.human_to_move():
            self.refuse(Refusal(self.game.board.copy(), frm, target=to))
        return False

    def refuse(self, refusal: Refusal) -> None:
        """Say why a person's click or move was not obeyed."""
        self.tell(MoveRefused(refusal))
        self.say(message("refused", refusal=refusal))

    def show_hint(self, move: Move) -> None:
        """Draw ``move`` as the computer's suggestion and say it."""
        self.hint = move
        self.selected = None
        self.say(message("hint", move=move, size=self.game.rules.size))

    def activate(self, sq: int) -> None:
        """A click, tap, Enter or Space on square ``sq``: set-up mode changes its piece;
        otherwise pick up a piece of the side to move, put it down on a target, or drop
        it; a click that cannot be obeyed is explained."""
        if self.setup is not None:
            self.setup.cycle(sq)
            self.notify()
            return
        side = self.game.side
        waiting = side if self.computer_to_move() else None
        decision = decide(self.game.board, sq, self.selected, self.human_to_move(), waiting,
                          self.friend_to_move())
        if isinstance(decision, Play):
            self.play(decision.move)
        elif isinstance(decision, Pick):
            self.selected = decision.square
            if decision.square is not None:
                self.tell(PiecePicked(decision.square))
            self.notify()
        elif isinstance(decision, Refuse):
            self.selected = None
            self.refuse(decision.refusal)

    def undo(self) -> None:
        """Take back the last move; against the computer, its move and the person's move
        before it go together."""
        if not self.can_undo():
            return
        settings = self.settings
        self.in_play.undo()
        both = settings.is_computer(Side.BLACK) and settings.is_computer(Side.WHITE)
        while not both and self.in_play.live > 0 and settings.is_computer(self.game.side):
            self.in_play.undo()
        self.changed()

    def redo(self) -> None:
        """Replay the next undone move; against the computer, its reply too."""
        if not self.can_redo():
            return
        settings = self.settings
        self.in_play.redo()
        while (self.in_play.undone and settings.is_computer(self.game.side)
               and not settings.is_computer(self.game.side.opponent)):
            self.in_play.redo()
        self.changed()

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the record (0: the start)."""
        if self.setup is None and self.in_play.goto(ply):
            self.changed()

    def step(self, plies: int) -> None:
        """Go ``plies`` moves forward (negative: back) through the record."""
        self.goto(self.game.ply + plies)

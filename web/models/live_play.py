"""A live game with a friend, as the session plays it: the friend's moves, checked by the
engine before anything changes; the person's moves, only with their own pieces; a
resignation, a draw agreed, a move taken back, a rematch with the sides swapped. Part of
the session (:class:`web.models.session.Session`); the connection that carries the
messages is :mod:`web.live.connection`. Browser-free.

What the friend asks for arrives as values already read (:mod:`web.live.messages`); a
request that does not fit the game (a move of the wrong side, an illegal move, an offer
about another position) is refused with a code (:data:`REFUSALS`), said in the notice
area, and changes nothing.
"""

from __future__ import annotations

import hashlib

from tablut import Game, Move, Side
from web.models.clocks import GameClock
from web.models.events import Event, LiveNews
from web.models.friend import Ending, Friend, Link, Subject
from web.models.game import GameInPlay
from web.models.notices import Lifetime, Message, message
from web.models.settings import Settings
from web.models.state import PageState

#: Why something the friend sent was refused (the words: web.words.live).
REFUSALS = ("not-connected", "over", "not-their-turn", "out-of-step", "illegal", "no-offer",
            "not-over", "bad-time")


def whole_squares(game: Game, move: Move) -> str:
    """``move`` in whole squares on ``game``'s board, as the messages carry it."""
    name = game.board.geometry.shape.square_name
    return f"{name(move[0])}-{name(move[1])}"


def game_anew(game: Game) -> Game:
    """A new game under ``game``'s rules, start position, move limit and clock."""
    fresh = Game(game.rules.name, game.start, limit=game.limit)
    fresh.time_control = game.time_control
    return fresh


def read_move(game: Game, text: str) -> Move | None:
    """The move ``text`` ("d1-d4") on ``game``'s board, or None if it names no squares
    of it."""
    shape = game.board.geometry.shape
    try:
        frm, to = (shape.parse_square(part) for part in text.split("-"))
    except ValueError:
        return None
    return frm, to


class LivePlay:
    """The session's live game (see the module docs): what the session gives it."""

    friend: Friend | None
    in_play: GameInPlay
    clock: GameClock
    settings: Settings

    @property
    def game(self) -> Game:
        """See :attr:`web.models.moves.Moves.game`."""
        raise NotImplementedError

    def changed(self, computer_moved: bool = False) -> None:
        """See :meth:`web.models.session.Session.changed`."""
        raise NotImplementedError

    def notify(self, computer_moved: bool = False) -> None:
        """See :meth:`web.models.session.Session.notify`."""
        raise NotImplementedError

    def say(self, said: Message, lifetime: Lifetime = Lifetime.BRIEF, action: object = None
            ) -> None:
        """See :meth:`web.models.session.Session.say`."""
        raise NotImplementedError

    def tell(self, event: Event) -> None:
        """See :meth:`web.models.session.Session.tell`."""
        raise NotImplementedError

    def play(self, move: Move, by_computer: bool = False, by_friend: bool = False) -> bool:
        """See :meth:`web.models.moves.Moves.play`."""
        raise NotImplementedError

    def over(self) -> bool:
        """See :meth:`web.models.moves.Moves.over`."""
        raise NotImplementedError

    def replace(self, state: PageState, said: Message | None = None,
                undo: str | None = None) -> None:
        """See :meth:`web.models.session.Session.replace`."""
        raise NotImplementedError

    def now(self) -> float:
        """See :attr:`web.models.session.Session.now`."""
        raise NotImplementedError

    # -- the connection ---------------------------------------------------------------------

    @property
    def live(self) -> bool:
        """Whether a live game is being played (its connection up or not): the person
        moves only their own pieces, and no computer plays or helps."""
        return self.friend is not None

    def begin_live(self, friend: Friend) -> None:
        """Play the game on the board live with ``friend``."""
        self.friend = friend
        self.tell(LiveNews("began", friend.side))
        self.changed()

    def link_changed(self, link: Link, name: str | None = None) -> None:
        """The connection is now ``link``; ``name``: the friend's, once they say it."""
        friend = self.friend
        if friend is None:
            return
        before = friend.link
        friend.link = link
        if name is not None:
            friend.name = name
        if link is not before and link in (Link.CONNECTED, Link.LOST, Link.FAILED):
            if link is not Link.CONNECTED:
                friend.offers.clear()
            news = LiveNews(link.value, friend.side, friend.name)
            self.tell(news)
            if link is not Link.CONNECTED:  # said beside the board, where the game stopped
                self.say(message("live-news", news=news), Lifetime.ERROR)
                return
        self.notify()

    def leave_live(self) -> None:
        """Stop playing live: the game stays on the board, as any game."""
        if self.friend is not None:
            self.friend = None
            self.changed()

    # -- the moves ---------------------------------------------------------------------------

    def refuse_friend(self, code: str, **params: object) -> str:
        """Say that what the friend sent was refused (``code``), and return the code."""
        self.say(message("live-refused", why=code, **params), Lifetime.ERROR)
        return code

    def friend_moved(self, ply: int, text: str, left: int | None) -> str | None:
        """The friend's move ``text`` after ``ply`` moves, with their clock's time
        ``left`` after it; None when played, else why it was refused."""
        friend = self.friend
        if friend is None or not friend.connected:
            return self.refuse_friend("not-connected")
        if self.over():
            return self.refuse_friend("over", move=text)
        if ply != self.in_play.live:
            return self.refuse_friend("out-of-step", move=text)
        if self.in_play.game.board_at(ply).side is not friend.side:
            return self.refuse_friend("not-their-turn", move=text)
        if self.game.ply != self.in_play.live:  # the person looks back: the game goes on
            self.in_play.goto(self.in_play.live)
        move = read_move(self.game, text)
        if move is None or move not in self.game.legal_moves():
            return self.refuse_friend("illegal", move=text)
        clocks = self.clock.clocks
        # Their page's clock is the one that counted their thinking: its time, but never
        # more than they had when their turn began here (and the increment).
        bound = None if clocks is None else clocks.left_ms[friend.side] + (
            clocks.control.increment_ms if not clocks.control.per_move else 0)
        self.play(move, by_friend=True)
        if clocks is not None and left is not None and bound is not None:
            if not clocks.control.per_move:
                clocks.left_ms[friend.side] = max(0, min(left, bound))
            self.notify()
        return None

    def own_move_left(self) -> int | None:
        """The time left on the clock of the person here, after their move (what their
        move's message says), or None without a clock."""
        clocks = self.clock.clocks
        friend = self.friend
        if clocks is None or friend is None:
            return None
        return clocks.left(friend.own_side, self.now())

    # -- resigning, offers ----------------------------------------------------------------------

    def end_live(self, ending: Ending) -> None:
        """The live game ends by ``ending``."""
        friend = self.friend
        if friend is None:
            return
        friend.ending = ending
        friend.offers.clear()
        self.tell(LiveNews(ending.how, ending.side))
        self.changed()

    def resign(self) -> bool:
        """The person here resigns; False when there is no live game going on."""
        friend = self.friend
        if friend is None or self.over():
            return False
        self.end_live(Ending("resigned", friend.own_side))
        return True

    def friend_resigned(self, ply: int) -> str | None:
        """The friend resigns (after ``ply`` moves); None when done, else why not."""
        friend = self.friend
        if friend is None or not friend.connected:
            return self.refuse_friend("not-connected")
        if self.over():
            return self.refuse_friend("over")
        self.end_live(Ending("resigned", friend.side))
        return None

    def may_offer(self, subject: Subject) -> bool:
        """Whether the person here may make an offer about ``subject`` now: a draw or a
        take-back while the game goes on (a take-back once they have moved), a rematch
        once it has ended; never twice."""
        friend = self.friend
        if friend is None or not friend.connected or friend.offered(subject):
            return False
        if subject == "rematch":
            return self.over()
        if self.over():
            return False
        if subject == "takeback":
            return self._takeback_target(friend.own_side) is not None
        return True

    def offer(self, subject: Subject) -> bool:
        """The person here makes an offer about ``subject``; False if they may not."""
        if not self.may_offer(subject):
            return False
        assert self.friend is not None
        self.friend.offers[subject] = "mine"
        self.notify()
        return True

    def friend_offers(self, subject: Subject, answer: str, ply: int) -> str | None:
        """The friend's word about an offer: "offer", "accept", "decline" or "withdraw",
        made after ``ply`` moves; None when taken, else why it was refused."""
        friend = self.friend
        if friend is None or not friend.connected:
            return self.refuse_friend("not-connected")
        if ply < self.in_play.live:
            return None  # about a position a move has since left: it lapsed with the move
        if ply != self.in_play.live:
            return self.refuse_friend("out-of-step")
        standing = friend.offered(subject)
        if answer == "offer":
            return self._friend_offer(friend, subject)
        if answer == "withdraw":
            if standing == "theirs":
                del friend.offers[subject]
                self.notify()
            return None
        if standing != "mine":
            return self.refuse_friend("no-offer")
        del friend.offers[subject]
        if answer == "decline":
            news = LiveNews(f"{subject}-declined", friend.side, friend.name)
            self.tell(news)
            self.say(message("live-news", news=news))
            return None
        self._agreed(subject, friend.own_side)
        return None

    def _friend_offer(self, friend: Friend, subject: Subject) -> str | None:
        """The friend offers ``subject``: it stands (or, offered here too, is agreed)."""
        standing = friend.offered(subject)
        if standing == "theirs":
            return None  # said twice
        if subject == "rematch" and not self.over():
            return self.refuse_friend("not-over")
        if subject != "rematch" and self.over():
            return self.refuse_friend("over")
        if subject == "takeback" and self._takeback_target(friend.side) is None:
            return self.refuse_friend("no-offer")
        if standing == "mine":  # both offered the same: agreed
            if subject == "takeback":  # both asked: both moves go, on both pages alike
                del friend.offers[subject]
                targets = (self._takeback_target(side) for side in Side)
                self._take_back_to(min(target for target in targets if target is not None))
            else:
                self._agreed(subject, friend.own_side)
            return None
        friend.offers[subject] = "theirs"
        news = LiveNews(f"{subject}-offered", friend.side, friend.name)
        self.tell(news)
        # Said beside the board too: the panel that answers it may be out of sight.
        self.say(message("live-news", news=news))
        return None

    def answer_offer(self, subject: Subject, accept: bool) -> bool:
        """The person here accepts or declines the friend's offer about ``subject``;
        False if there is none."""
        friend = self.friend
        if friend is None or friend.offered(subject) != "theirs":
            return False
        del friend.offers[subject]
        if accept:
            self._agreed(subject, friend.side)
        else:
            self.notify()
        return True

    def withdraw(self, subject: Subject) -> bool:
        """The person here takes back their own offer about ``subject``."""
        friend = self.friend
        if friend is None or friend.offered(subject) != "mine":
            return False
        del friend.offers[subject]
        self.notify()
        return True

    def _agreed(self, subject: Subject, offered_by: Side) -> None:
        """Both players agreed on ``subject``, which ``offered_by``'s player offered."""
        friend = self.friend
        assert friend is not None
        friend.offers.pop(subject, None)
        if subject == "draw":
            self.end_live(Ending("agreed"))
        elif subject == "takeback":
            self._take_back(offered_by)
        else:
            self._rematch()

    def _takeback_target(self, asker: Side) -> int | None:
        """How many moves stand once ``asker``'s last move (and the reply to it, if
        any) is taken back; None if ``asker`` has not moved."""
        live = self.in_play.live
        game = self.in_play.game
        for ply in range(live, 0, -1):
            if game.board_at(ply - 1).side is asker:
                return ply - 1
        return None

    def _take_back(self, asker: Side) -> None:
        target = self._takeback_target(asker)
        if target is not None:
            self._take_back_to(target)

    def _take_back_to(self, target: int) -> None:
        """The moves after the first ``target`` are taken back, for both players."""
        asker = self.in_play.game.board_at(target).side
        while self.in_play.live > target:
            self.in_play.undo()
        # The moves taken back are gone for both players, not waiting for a Redo.
        game = self.in_play.game
        game.goto(target)
        del game.moves[target:]
        friend = self.friend
        assert friend is not None
        self.tell(LiveNews("takeback", asker, friend.name))
        self.changed()

    def _rematch(self) -> None:
        """A new game under the same rules, start and clock, with the sides swapped."""
        friend = self.friend
        assert friend is not None
        state = PageState(self.settings, game_anew(self.in_play.game), imported=False)
        friend.side = friend.side.opponent
        friend.ending = None
        friend.offers.clear()
        friend.game_id = next_game_id(friend.game_id)
        self.replace(state)
        self.tell(LiveNews("rematch", friend.side, friend.name))
        self.notify()


def next_game_id(game_id: str) -> str:
    """The identifier of the rematch of the game ``game_id``: the same on both pages,
    made from it."""
    digest = hashlib.sha256(("rematch:" + game_id).encode()).hexdigest()
    return digest[:12]

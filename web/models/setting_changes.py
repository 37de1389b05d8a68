"""Changes of the settings and set-up mode, as the session makes them: each setting's
effect (:class:`web.models.settings.Effect`), or a refusal that changes nothing; entering
and leaving set-up mode. Part of the session (:class:`web.models.session.Session`).
Browser-free.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace as changed_field

from tablut import Game, NotationError
from web.models.clocks import GameClock
from web.models.friend import Friend
from web.models.match import MatchProgress
from web.models.notices import Action, Lifetime, Message, message
from web.models.settings import BY_FIELD, Effect, Settings
from web.models.setup import SetupMode
from web.models.state import PageState
from web.words.catalogue import ngettext
from web.words.engine import error_text


class SettingChanges:
    """The session's settings and set-up actions: what the session gives them."""

    settings: Settings
    game: Game
    clock: GameClock
    match: MatchProgress
    setup: SetupMode | None
    friend: Friend | None

    def changed(self, computer_moved: bool = False) -> None:
        """See :meth:`web.models.session.Session.changed`."""
        raise NotImplementedError

    def notify(self, computer_moved: bool = False) -> None:
        """See :meth:`web.models.session.Session.notify`."""
        raise NotImplementedError

    def say(self, said: Message, lifetime: Lifetime = Lifetime.BRIEF,
            action: Action | None = None) -> None:
        """See :meth:`web.models.session.Session.say`."""
        raise NotImplementedError

    def replace(self, state: PageState, said: Message | None = None,
                undo: str | None = None) -> None:
        """See :meth:`web.models.session.Session.replace`."""
        raise NotImplementedError

    def fresh(self, settings: Settings, results: list[tuple[str | None, int]] | None = None
              ) -> PageState:
        """See :meth:`web.models.session.Session.fresh`."""
        raise NotImplementedError

    def change(self, field: str, value: object) -> None:
        """The setting ``field`` was changed to ``value`` (as its control gives it): it
        takes effect (:class:`web.models.settings.Effect`), or is refused with the
        reason and nothing changes."""
        setting = BY_FIELD[field]
        try:
            value = setting.read(value)
            problem = setting.check(value)
            if problem is not None:
                raise ValueError(problem)
            if setting.effect is Effect.LIMIT:
                self._check_limit(value)
        except ValueError as error:
            self.say(message("setting-refused", setting=field, why=str(error)), Lifetime.ERROR)
            return
        effect = setting.effect
        if self.friend is not None and effect in (Effect.NEW_GAME, Effect.LIMIT,
                                                  Effect.CLOCK, Effect.MATCH):
            # The live game is the friend's too: its rules, limit and clock stay.
            self.say(message("live-busy"), Lifetime.ERROR)
            return
        had_moves = bool(self.game.moves)
        settings = changed_field(self.settings, **{field: value})
        if effect is Effect.NEW_GAME:
            # The game offered back comes with the settings it was played under.
            said = message("new-rules", rules=settings.rules)
            self.replace(self.fresh(settings), said, "restore-game" if had_moves else None)
            return
        self.settings = settings
        if effect is Effect.LIMIT:
            self.game.limit = self.settings.limit
        elif effect is Effect.CLOCK:
            self.clock = GameClock.fresh(self.settings.clock)
            self.game.time_control = self.settings.clock or None
        elif effect is Effect.MATCH:
            self.match = MatchProgress()
        self.changed()
        if effect in (Effect.LIMIT, Effect.CLOCK, Effect.MATCH):
            self.say(message(f"{field}-set", value=value, on=self.settings.match_mode))

    def _check_limit(self, limit: int | None) -> None:
        """ValueError if a player has already made ``limit`` moves: the whole record
        counts, undone moves too, or the stored record would be unreadable."""
        made = self.game.most_moves_made()
        if limit is not None and made >= limit:
            # Translators: why a move limit was refused ("Move limit not changed: ...").
            raise ValueError(ngettext("a player has already made {count} move in this game",
                                      "a player has already made {count} moves in this game",
                                      made).format(count=made))

    def toggle_analysis(self) -> None:
        """Open or close the analysis panel."""
        self.change("analysis", not self.settings.analysis)

    # -- set-up mode -----------------------------------------------------------------------

    def set_setup(self, on: bool) -> None:
        """Enter set-up mode on the position shown, or leave it and play from the
        position set up (under the game's rules and move limit); a position that cannot
        be played is refused with the reason, and the mode goes on."""
        if on and self.setup is None:
            if self.friend is not None:
                self.say(message("live-busy"), Lifetime.ERROR)
                self.notify()  # the box unticked again
                return
            self.setup = SetupMode.enter(self.game)
            self.changed()
            self.say(message("setup-on"), Lifetime.LASTING)
        elif not on and self.setup is not None:
            try:
                game = self.setup.leave(self.game.rules.name, self.game.limit)
            except NotationError as error:
                self.say(message("setup-refused", why=error_text(error)), Lifetime.ERROR)
                return
            game.time_control = self.game.time_control
            self.replace(PageState(self.settings, game), message("setup-done", side=game.side))

    def edit_setup(self, edit: Callable[[SetupMode], None]) -> None:
        """Change the position being set up with ``edit`` (its side to move, a clear
        board, the start position)."""
        if self.setup is not None:
            edit(self.setup)
            self.notify()

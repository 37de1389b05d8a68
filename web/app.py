"""The game page's controller: one :class:`App` holds the game, the settings, the match and
set-up mode, turns clicks, drags and keys into engine calls, asks the AI worker for moves,
hints and analysis, saves everything to localStorage, and redraws.

The public face other modules use (``web/records_panel.py`` among them):

- ``app.game``: the current :class:`tablut.Game`;
- ``app.load_game(game, message)``: replace the game, keep the settings, forget any
  pending computer move, save, redraw and show ``message``;
- ``app.add_listener(callback)``: ``callback()`` runs after every change of the game or
  of its cursor;
- ``app.notify(text)``: show a message in the notice area (a polite live region).

Computer moves come back asynchronously from the worker. Every request carries the
``generation`` current when it was made; any change of the position or the settings bumps
the generation, so an answer to an older question is dropped, never played.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Coroutine
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window, workers

from tablut import RULES, Game, NotationError, Side, format_position
from tablut.ai import LEVELS
from tablut.squares import NEIGHBOUR_MASKS, squares_of
from web.board import CORNERS, EXTENT, BoardView, Marks, square_at, step
from web.dom import element
from web.match_view import PLAYER_NAMES, match_score
from web.setup import SetupBoard
from web.state import (
    STORAGE_KEY,
    PageState,
    Settings,
    StateError,
    backup_key,
    parse_limit,
    parse_seed,
    validated,
)
from web.texts import captured_counts, move_entries, score_text, status_text

#: Pointer travel, in CSS pixels, that turns a press on a piece into a drag.
DRAG_THRESHOLD = 5

#: Pause before each move when the computer plays both sides, so a person can follow.
SELF_PLAY_PAUSE = 0.4

#: Seconds an analysis runs for one position.
ANALYSIS_SECONDS = 8.0

#: The level a hint is searched at, at most: higher levels think for many seconds.
HINT_MAX_LEVEL = 5

#: Form controls in which the arrow keys belong to the control, not to the move list.
TYPING_TAGS = {"INPUT", "SELECT", "TEXTAREA"}


def by_id(name: str) -> Any:
    """The page element with id ``name``."""
    return document.getElementById(name)


class App:
    """The game page. See the module docstring for the part other modules use."""

    def __init__(self, state: PageState | None = None) -> None:
        """Show ``state`` (a fresh game with default settings when None)."""
        state = state or PageState()
        self.settings: Settings = state.settings
        self.game: Game = state.game
        self.match_results = state.match_results
        self.setup: SetupBoard | None = SetupBoard(state.setup) if state.setup else None
        self.generation = 0
        self.thinking_for: int | None = None
        self.scheduled_for: int | None = None
        self.selected: int | None = None
        self.hint: tuple[int, int] | None = None
        # Looking back through the game: the computer waits until the player returns.
        self.browsing = self.game.ply < len(self.game.moves)
        self.fading: list[tuple[int, str]] = []
        self.press: dict[str, Any] | None = None
        self.listeners: list[Callable[[], None]] = []
        self.tasks: set[asyncio.Future[Any]] = set()
        self.proxies: list[Any] = []
        self._shown_moves: tuple[Any, ...] | None = None
        self._shown_captured: tuple[Any, ...] | None = None
        self.view = BoardView(document, by_id("board"), marked=self._marked())
        self._fill_form_options()
        self._wire()
        self.sync_form()
        self.render()

    # -- the public face -------------------------------------------------------------------

    def load_game(self, game: Game, message: str) -> None:
        """Replace the current game with ``game``; keep the settings (the rules and move
        limit follow the game), forget any pending computer move, save, redraw and show
        ``message``."""
        self.setup = None
        self.settings = validated(Settings(**{
            **self.settings.to_dict(), "rules": game.rules.name, "limit": game.limit}))
        self.match_results = []
        self.game = game
        self.browsing = game.ply < len(game.moves)
        self.view.set_marked(self._marked())
        self.sync_form()
        self.changed()
        self.notify(message)

    def add_listener(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every change of the game or of its cursor."""
        self.listeners.append(callback)

    def notify(self, text: str, action: tuple[str, Callable[[], None]] | None = None) -> None:
        """Show ``text`` in the notice area, with a button for ``action`` (label, callback)
        if given, and a button to dismiss it."""
        notice = by_id("notice")
        notice.replaceChildren()
        if not text:
            return
        notice.appendChild(element(document, "span", text, class_="notice-text"))
        if action is not None:
            label, callback = action

            def run(_event: Any) -> None:
                notice.replaceChildren()
                callback()

            button = element(document, "button", label, type="button", class_="notice-action")
            button.addEventListener("click", self._proxy(run))
            notice.appendChild(button)
        close = element(document, "button", "×", type="button", class_="notice-close",
                        aria_label="Dismiss message")
        close.addEventListener("click", self._proxy(lambda _e: notice.replaceChildren()))
        notice.appendChild(close)

    # -- state -----------------------------------------------------------------------------

    def state(self) -> PageState:
        """Everything that a reload restores."""
        return PageState(self.settings, self.game, list(self.match_results),
                         self.setup.position() if self.setup else None)

    def save(self) -> None:
        """Store :meth:`state` in localStorage; say so once if the browser refuses."""
        try:
            window.localStorage.setItem(STORAGE_KEY, self.state().to_json())
        except Exception as error:  # noqa: BLE001 - storage full, disabled or private mode
            if not getattr(self, "_save_failed", False):
                self._save_failed = True
                self.notify(f"This browser would not save the game ({error}); it will be "
                            "lost on reload.")

    def changed(self, *, save: bool = True) -> None:
        """After any change of the position, the settings or the mode: forget pending
        answers, redraw, save, tell the listeners, and let the computer move if its turn."""
        self.generation += 1
        self.hint = None
        self.selected = None
        self.render()
        self.fading = []
        if save:
            self.save()
        for callback in list(self.listeners):
            try:
                callback()
            except Exception as error:  # noqa: BLE001 - a listener must not break the game
                window.console.error(f"Tablut: a listener failed: {error}")
        self.schedule()

    def offer_restore(self, text: str, before: str) -> None:
        """Say ``text`` with a Restore button that brings back the saved state ``before``."""

        def restore() -> None:
            state = PageState.from_json(before)
            self.settings, self.game = state.settings, state.game
            self.match_results = state.match_results
            self.setup = SetupBoard(state.setup) if state.setup else None
            self.browsing = self.game.ply < len(self.game.moves)
            self.view.set_marked(self._marked())
            self.sync_form()
            self.changed()
            self.notify("Restored.")

        self.notify(text, ("Restore", restore))

    # -- who plays -------------------------------------------------------------------------

    def human_to_move(self) -> bool:
        """Whether a person may move now: a game in progress, a human side to move."""
        return (self.setup is None and self.game.outcome() is None
                and not self.settings.is_computer(self.game.side.word))

    def computer_to_move(self) -> bool:
        """Whether the computer should choose the next move now."""
        return (self.setup is None and not self.browsing and self.game.outcome() is None
                and self.settings.is_computer(self.game.side.word))

    # -- moves -----------------------------------------------------------------------------

    def play(self, move: tuple[int, int], *, by_computer: bool = False) -> bool:
        """Play ``move`` at the current position; False (nothing changes) if illegal.

        Played before the record's last move, it drops the later moves (unless it is the
        next one), and the notice offers them back.
        """
        game = self.game
        if not game.board.is_legal(move) or game.outcome() is not None:
            return False
        before = None
        if game.ply < len(game.moves) and game.moves[game.ply] != move:
            before = self.state().to_json()
        neighbours = [sq for sq in squares_of(NEIGHBOUR_MASKS[move[1]])]
        kinds = {sq: game.board.piece_at(sq) for sq in neighbours}
        game.play(move)
        self.fading = [(sq, kinds[sq] or "white") for sq in squares_of(game.board.captured)]
        self.browsing = False
        self.changed()
        if before is not None:
            dropped = len(PageState.from_json(before).game.moves) - game.ply + 1
            self.offer_restore(
                f"Later moves were dropped ({dropped} move{'s' if dropped != 1 else ''}).",
                before)
        return True

    def activate(self, sq: int) -> None:
        """A click, tap, Enter or Space on square ``sq``."""
        self.view.set_cursor(sq, focus=False)
        if self.setup is not None:
            self.setup.cycle(sq)
            self.render()
            self.save()
            return
        if not self.human_to_move():
            return
        board = self.game.board
        if self.selected is not None and board.targets(self.selected) >> sq & 1:
            self.play((self.selected, sq))
            return
        if board.targets(sq) and sq != self.selected:
            self.selected = sq
        elif self._movable(sq) and sq != self.selected:
            self.selected = sq  # a piece of the side to move that happens to be blocked
        else:
            self.selected = None
        self.render_board()

    def _movable(self, sq: int) -> bool:
        piece = self.game.board.piece_at(sq)
        return piece is not None and (piece == "black") == (self.game.side is Side.BLACK)

    def new_game(self) -> None:
        """Start a new game with the current settings; in a match, the next game (sides
        swapped) once this one has ended, or a new match after the last game."""
        before = self.state().to_json()
        over = self.game.outcome()
        text = "New game."
        if self.setup is not None:
            self.setup = None
        if self.settings.match_mode and over is not None and not self.browsing:
            self.match_results.append(self._current_result(over.winner))
            score = match_score(self.game.rules, self.match_results, None)
            if score.finished:
                text = f"Match over: {score.summary} A new match begins."
                self.match_results = []
            else:
                text = f"Game {len(self.match_results) + 1} of the match: sides swapped."
            self.settings = self.settings.swapped()
        self.game = Game(self.settings.rules, limit=self.settings.limit)
        self.browsing = False
        self.view.set_marked(self._marked())
        self.sync_form()
        self.changed()
        if len(PageState.from_json(before).game.moves) and over is None:
            self.offer_restore(text + " The previous game can be restored.", before)
        else:
            self.notify(text)

    def _current_result(self, winner_side: Side | None) -> tuple[str | None, int]:
        number = len(self.match_results) + 1
        first_black = number % 2 == 1
        if winner_side is None:
            return None, self.game.ply
        first_won = (winner_side is Side.BLACK) == first_black
        return ("first" if first_won else "second"), self.game.ply

    def undo(self) -> None:
        """Take back the last move; against the computer, its move and the person's move
        before it go together."""
        if self.setup is not None or self.game.ply == 0:
            return
        self.game.undo()
        both = self.settings.is_computer("black") and self.settings.is_computer("white")
        while not both and self.game.ply > 0 and self.settings.is_computer(self.game.side.word):
            self.game.undo()
        self.browsing = False
        self.changed()

    def redo(self) -> None:
        """Replay the next undone move; against the computer, its reply too."""
        if self.setup is not None or not self.game.redo():
            return
        while (self.game.ply < len(self.game.moves)
               and self.settings.is_computer(self.game.side.word)
               and not self.settings.is_computer(self.game.side.opponent.word)):
            self.game.redo()
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

    # -- the computer ----------------------------------------------------------------------

    def schedule(self) -> None:
        """Start whatever the worker should do for the position now shown (once for each
        generation: start-up and a records panel may both ask)."""
        if self.scheduled_for == self.generation:
            return
        self.scheduled_for = self.generation
        if self.computer_to_move():
            self._spawn(self._computer_move(self.generation))
        elif (self.settings.analysis and self.setup is None
              and self.game.outcome() is None):
            self._spawn(self._analyse(self.generation))

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        # The event loop holds tasks only weakly: keep them until they finish.
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _worker(self) -> Any:
        return await workers["ai"]

    async def _computer_move(self, generation: int) -> None:
        self.thinking_for = generation
        self.render_thinking()
        try:
            if self.settings.is_computer("black") and self.settings.is_computer("white"):
                await asyncio.sleep(SELF_PLAY_PAUSE)
            if generation != self.generation:
                return
            ai = await self._worker()
            answer = await ai.think(self.game.to_json(), self.settings.level,
                                    self.settings.seed)
        except Exception as error:  # noqa: BLE001 - the worker failed: say so, keep the page
            if generation == self.generation:
                self.notify(f"The computer player is unavailable ({error}).")
            return
        finally:
            if self.thinking_for == generation:
                self.thinking_for = None
                self.render_thinking()
        if generation != self.generation or answer is None:
            return
        data = json.loads(str(answer))
        if self.settings.analysis:
            self.show_analysis(data, self.game.side.word)
        self.play((int(data["from"]), int(data["to"])), by_computer=True)

    async def _hint(self, generation: int) -> None:
        self.notify("Looking for a good move…")
        try:
            ai = await self._worker()
            answer = await ai.think(self.game.to_json(),
                                    min(self.settings.level, HINT_MAX_LEVEL), self.settings.seed)
        except Exception as error:  # noqa: BLE001
            self.notify(f"No hint: the computer player is unavailable ({error}).")
            return
        if generation != self.generation or answer is None:
            return
        data = json.loads(str(answer))
        self.hint = (int(data["from"]), int(data["to"]))
        self.selected = None
        self.render_board()
        self.notify(f"Hint: {data['move']}.")

    def ask_hint(self) -> None:
        """Ask the computer for a move for the person to move; show it on the board."""
        if not self.human_to_move():
            self.notify("A hint is for a person's move in a game in progress.")
            return
        self._spawn(self._hint(self.generation))

    async def _analyse(self, generation: int) -> None:
        side = self.game.side.word
        try:
            ai = await self._worker()
            if generation != self.generation:
                return
            token = await ai.start_analysis(self.game.to_json(), ANALYSIS_SECONDS)
            while generation == self.generation and self.settings.analysis:
                answer = await ai.next_analysis(token)
                if answer is None or generation != self.generation:
                    return
                self.show_analysis(json.loads(str(answer)), side)
        except Exception as error:  # noqa: BLE001
            by_id("eval-depth").textContent = f"Analysis unavailable ({error})."

    def show_analysis(self, data: dict[str, Any], side: str) -> None:
        """Show one depth of analysis of a position where ``side`` is to move."""
        text, share = score_text(int(data["score"]), data.get("mate_in"), side)
        by_id("eval-text").textContent = text
        by_id("eval-best").textContent = f"best {data['move']}"
        by_id("eval-white").style.width = f"{share * 100:.0f}%"
        by_id("eval-pv").textContent = " ".join(data.get("pv", []))
        nps = int(data.get("nps", 0))
        by_id("eval-depth").textContent = (
            f"Depth {data['depth']} (selective {data['seldepth']}), "
            f"{int(data['nodes']):,} positions, {nps / 1000:.1f} k/s")

    # -- drawing ---------------------------------------------------------------------------

    def _marked(self) -> tuple[int, ...]:
        return CORNERS if RULES[self.settings.rules].corners_restricted else ()

    def render(self) -> None:
        """Redraw everything from the state."""
        self.render_board()
        self.render_status()
        self.render_moves()
        self.render_captured()
        self.render_match()
        self.render_buttons()
        by_id("analysis").hidden = not self.settings.analysis
        by_id("setup-tools").hidden = self.setup is None
        if self.setup is not None:
            by_id("setup-side").value = self.setup.side

    def render_board(self) -> None:
        """Redraw the board with the selection, targets, last move and hint."""
        if self.setup is not None:
            self.view.draw(self.setup)
            return
        game = self.game
        marks = Marks(hint=self.hint, fading=self.fading)
        if self.selected is not None:
            marks.selected = self.selected
            marks.targets = list(squares_of(game.board.targets(self.selected)))
        if game.ply:
            marks.last = game.moves[game.ply - 1]
            marks.winning = game.board.outcome() is not None
        self.view.draw(game.board, marks)

    def render_status(self) -> None:
        """The status line, the end-of-game offer and the thinking indicator."""
        status = by_id("status")
        over = self.game.outcome() is not None
        if self.setup is not None:
            text = (f"Set-up mode: {self.setup.side.capitalize()} to move first. Click a "
                    "square to change its piece.")
        else:
            text = status_text(self.game)
        if status.textContent != text:
            status.textContent = text
        status.classList.toggle("over", over and self.setup is None)
        offer = by_id("end-offer")
        offer.hidden = not over or self.setup is not None or self.browsing
        if not offer.hidden:
            label = "Play again"
            if self.settings.match_mode:
                finished = match_score(self.game.rules, self.match_results,
                                       self._current_result_for_table()).finished
                label = "New match" if finished else "Next game"
            by_id("play-again").textContent = label
        by_id("new-game").classList.toggle("offer", over)
        self.render_thinking()

    def render_thinking(self) -> None:
        """Show the thinking indicator while the computer chooses a move."""
        thinking = self.thinking_for is not None and self.thinking_for == self.generation
        by_id("thinking").hidden = not thinking
        document.body.dataset.thinking = "true" if thinking else "false"

    def render_buttons(self) -> None:
        """Enable the buttons that can act now."""
        game, setup = self.game, self.setup is not None
        by_id("undo").disabled = setup or game.ply == 0
        by_id("redo").disabled = setup or game.ply >= len(game.moves)
        by_id("back").disabled = setup or game.ply == 0
        by_id("forward").disabled = setup or game.ply >= len(game.moves)
        by_id("hint").disabled = not self.human_to_move()

    def render_moves(self) -> None:
        """The move list: one numbered line per move number, each move a button."""
        game = self.game
        key = (game.start, tuple(game.moves))
        if key != self._shown_moves:
            self._shown_moves = key
            rows: dict[int, Any] = {}
            ol = by_id("move-list")
            ol.replaceChildren()
            for entry in move_entries(game):
                number = int(entry.number.rstrip(".…"))
                li = rows.get(number)
                if li is None:
                    li = element(document, "li", value=number)
                    rows[number] = li
                    ol.appendChild(li)
                    if entry.side == "white":
                        li.appendChild(element(document, "span", "…", class_="move-gap",
                                               aria_hidden="true"))
                li.appendChild(element(
                    document, "button", entry.text, type="button", class_="move",
                    data_ply=entry.ply,
                    aria_label=f"{entry.number} {entry.side} {entry.text}"))
            by_id("move-list-empty").hidden = bool(game.moves)
        for button in by_id("move-list").querySelectorAll("button[data-ply]"):
            current = int(button.dataset.ply) == game.ply
            if current:
                button.setAttribute("aria-current", "step")
            elif button.hasAttribute("aria-current"):
                button.removeAttribute("aria-current")

    def render_captured(self) -> None:
        """The pieces each side has taken, at the position shown."""
        counts = captured_counts(self.game)
        king_taken = self.game.board.king < 0
        key = (counts["black"], counts["white"], king_taken)
        if key == self._shown_captured:
            return
        self._shown_captured = key
        for colour in ("black", "white"):
            row = by_id(f"captured-{colour}")
            row.replaceChildren()
            kinds = [colour] * counts[colour]
            if colour == "white" and king_taken and kinds:
                kinds[-1] = "king"
            for kind in kinds:
                row.appendChild(self._captured_icon(kind))
            if not kinds:
                row.appendChild(element(document, "span", "none", class_="quiet"))
            word = "black" if colour == "black" else "white"
            row.setAttribute("aria-label", f"{counts[colour]} {word} pieces")

    def _captured_icon(self, kind: str) -> Any:
        svg = self.view._element("svg", viewBox="0 0 10 10",
                                 **{"class": f"captured-piece piece-{kind}",
                                    "data-captured": kind, "role": "img",
                                    "aria-label": f"{kind} piece" if kind != "king" else "king"})
        svg.appendChild(self.view._element("circle", cx=5, cy=5, r=4, **{"class": "body"}))
        if kind == "black":
            svg.appendChild(self.view._element("circle", cx=5, cy=5, r=2.2,
                                               **{"class": "ring"}))
        elif kind == "king":
            svg.appendChild(self.view._element("path", d="M3 5H7M5 3V7", **{"class": "cross"}))
        return svg

    def _current_result_for_table(self) -> tuple[Side | None, int] | None:
        over = self.game.outcome()
        if over is None or self.browsing:
            return None
        return over.winner, self.game.ply

    def render_match(self) -> None:
        """The match table, in match mode."""
        panel = by_id("match-panel")
        panel.hidden = not self.settings.match_mode
        if panel.hidden:
            return
        current = self._current_result_for_table()
        winner_side = None if current is None else current[0]
        results = list(self.match_results)
        score = match_score(self.game.rules, results,
                            None if current is None else (winner_side, current[1]))
        body = by_id("match-rows")
        body.replaceChildren()
        for row in score.rows:
            tr = element(document, "tr")
            tr.appendChild(element(document, "th", str(row.number), scope="row"))
            tr.appendChild(element(document, "td", row.first_side.capitalize()))
            tr.appendChild(element(document, "td", row.second_side.capitalize()))
            tr.appendChild(element(document, "td", row.result))
            body.appendChild(tr)
        tr = element(document, "tr", class_="match-wins")
        tr.appendChild(element(document, "th", "Wins", scope="row"))
        tr.appendChild(element(document, "td", str(score.wins[0])))
        tr.appendChild(element(document, "td", str(score.wins[1])))
        tr.appendChild(element(document, "td", ""))
        body.appendChild(tr)
        who = {name: self.settings.player(self._side_of(name)) for name in PLAYER_NAMES}
        by_id("match-summary").textContent = (
            f"{score.summary} Player 1 ({who['first']}) has "
            f"{self._side_of('first')} in this game.")

    def _side_of(self, player: str) -> str:
        number = len(self.match_results) + 1
        first_black = number % 2 == 1
        return "black" if (player == "first") == first_black else "white"

    # -- the settings form -----------------------------------------------------------------

    def _fill_form_options(self) -> None:
        level = by_id("level")
        for number, spec in LEVELS.items():
            level.appendChild(element(document, "option", f"{number} · {spec.name}",
                                      value=number, title=spec.description))
        rules = by_id("rules")
        for name, spec in RULES.items():
            rules.appendChild(element(document, "option", spec.title, value=name))

    def sync_form(self) -> None:
        """Show the settings in the form."""
        s = self.settings
        by_id("black-player").value = s.black
        by_id("white-player").value = s.white
        by_id("level").value = str(s.level)
        by_id("rules").value = s.rules
        by_id("seed").value = str(s.seed)
        by_id("limit").value = str(s.limit or 0)
        match_box = by_id("match")
        match_box.checked = s.match_mode
        match_box.disabled = RULES[s.rules].match_games > 1
        by_id("setup-mode").checked = self.setup is not None
        by_id("rules-summary").textContent = RULES[s.rules].summary
        toggle = by_id("analysis-toggle")
        toggle.setAttribute("aria-expanded", "true" if s.analysis else "false")
        toggle.textContent = "Hide analysis" if s.analysis else "Show analysis"

    def _set(self, **changes: Any) -> None:
        self.settings = validated(Settings(**{**self.settings.to_dict(), **changes}))

    def on_setting(self, name: str) -> None:
        """A control of the settings form changed."""
        control = by_id(name)
        value = str(control.value)
        if name in ("black-player", "white-player"):
            self._set(**{name.split("-")[0]: value})
            self.browsing = False
            self.changed()
        elif name == "level":
            self._set(level=int(value))
            self.changed()
        elif name == "seed":
            try:
                self._set(seed=parse_seed(value))
            except (ValueError, StateError) as error:
                self.notify(f"Seed not changed: {error}.")
                control.value = str(self.settings.seed)
                return
            self.changed()
        elif name == "limit":
            self._change_limit(value)
        elif name == "rules":
            before = self.state().to_json()
            had_moves = bool(self.game.moves)
            self._set(rules=value)
            self.match_results = []
            self.setup = None
            self.game = Game(value, limit=self.settings.limit)
            self.browsing = False
            self.view.set_marked(self._marked())
            self.sync_form()
            self.changed()
            text = f"New game under {RULES[value].title} rules."
            if had_moves:
                self.offer_restore(text, before)
            else:
                self.notify(text)
        elif name == "match":
            self._set(match=bool(control.checked))
            self.match_results = []
            self.sync_form()
            self.changed()
            self.notify("Match mode: two games, sides swapped." if self.settings.match_mode
                        else "Single games.")
        elif name == "setup-mode":
            if control.checked:
                self.enter_setup()
            else:
                self.leave_setup()
        elif name == "setup-side" and self.setup is not None:
            self.setup.side = value
            self.render()
            self.save()

    def _change_limit(self, text: str) -> None:
        control = by_id("limit")
        try:
            limit = parse_limit(text)
            if limit is not None:
                made = max(self.game.moves_made_by("black"), self.game.moves_made_by("white"))
                if made >= limit:
                    raise ValueError(f"a player has already made {made} moves")
        except ValueError as error:
            self.notify(f"Move limit not changed: {error}.")
            control.value = str(self.settings.limit or 0)
            return
        self._set(limit=limit)
        self.game.limit = limit
        self.changed()
        self.notify(f"Move limit: {limit} moves a side." if limit else "No move limit.")

    # -- set-up mode -----------------------------------------------------------------------

    def enter_setup(self) -> None:
        """Edit the position shown, square by square."""
        self.setup = SetupBoard(format_position(self.game.board))
        self.changed()
        self.notify("Set-up mode: click a square to cycle empty, white, king, black. "
                    "Leave set-up mode to play from the position.")

    def leave_setup(self) -> None:
        """Play from the position set up, or say what is wrong with it and stay."""
        if self.setup is None:
            return
        try:
            game = self.setup.start_game(self.settings.rules, self.settings.limit)
        except NotationError as error:
            by_id("setup-mode").checked = True
            self.notify(f"This position cannot be played: {error}. Still in set-up mode.")
            return
        self.setup = None
        self.game = game
        self.match_results = []
        self.browsing = False
        self.changed()
        self.notify(f"Play starts from the set-up position; {game.side.word} to move.")

    def setup_fill(self, position: str) -> None:
        """Replace the position being set up (kept: the side to move)."""
        if self.setup is None:
            return
        side = self.setup.side
        self.setup = SetupBoard(position)
        self.setup.side = side
        self.render()
        self.save()

    # -- events ----------------------------------------------------------------------------

    def _proxy(self, function: Callable[[Any], None]) -> Any:
        proxy = create_proxy(function)
        self.proxies.append(proxy)  # proxies live as long as the page
        return proxy

    def _listen(self, target: Any, event: str, function: Callable[[Any], None]) -> None:
        target.addEventListener(event, self._proxy(function))

    def _wire(self) -> None:
        buttons: dict[str, Callable[[], None]] = {
            "new-game": self.new_game,
            "play-again": self.new_game,
            "undo": self.undo,
            "redo": self.redo,
            "hint": self.ask_hint,
            "back": lambda: self.goto(self.game.ply - 1),
            "forward": lambda: self.goto(self.game.ply + 1),
            "analysis-toggle": self.toggle_analysis,
            "setup-clear": lambda: self.setup_fill("/".join(["-" * 9] * 9) + " b"),
            "setup-start": lambda: self.setup_fill(Game().start),
        }
        for name, action in buttons.items():
            self._listen(by_id(name), "click", lambda _e, action=action: action())
        for name in ("black-player", "white-player", "level", "rules", "seed", "limit",
                     "match", "setup-mode", "setup-side"):
            self._listen(by_id(name), "change", lambda _e, name=name: self.on_setting(name))
        self._listen(by_id("settings-form"), "submit", lambda e: e.preventDefault())
        self._listen(by_id("move-list"), "click", self.on_move_list_click)
        svg = self.view.svg
        self._listen(svg, "pointerdown", self.on_pointer_down)
        self._listen(svg, "pointermove", self.on_pointer_move)
        self._listen(svg, "pointerup", self.on_pointer_up)
        self._listen(svg, "pointercancel", self.on_pointer_cancel)
        self._listen(svg, "keydown", self.on_board_key)
        self._listen(svg, "focusin", self.on_board_focus)
        self._listen(document, "keydown", self.on_page_key)

    def toggle_analysis(self) -> None:
        """Open or close the analysis panel."""
        self._set(analysis=not self.settings.analysis)
        self.sync_form()
        if self.settings.analysis:
            for name in ("eval-text", "eval-best", "eval-pv", "eval-depth"):
                by_id(name).textContent = ""
            by_id("eval-text").textContent = "Thinking…"
        self.changed()

    def on_move_list_click(self, event: Any) -> None:
        """A move of the list was clicked: show the position after it."""
        button = event.target.closest("button[data-ply]")
        if button is not None:
            self.goto(int(button.dataset.ply))

    def _square_of_event(self, event: Any) -> int | None:
        box = self.view.svg.getBoundingClientRect()
        if not box.width or not box.height:
            return None
        x = (event.clientX - box.left) / box.width * EXTENT
        y = (event.clientY - box.top) / box.height * EXTENT
        return square_at(x, y)

    def on_pointer_down(self, event: Any) -> None:
        """Press on the board: maybe the start of a drag."""
        if event.button != 0:
            return
        sq = self._square_of_event(event)
        if sq is None:
            return
        draggable = (self.setup is None and self.human_to_move()
                     and bool(self.game.board.targets(sq)))
        self.press = {"sq": sq, "x": event.clientX, "y": event.clientY,
                      "drag": False, "draggable": draggable}
        if draggable:
            # Capture keeps the drag alive when the pointer leaves the board; a nicety.
            with contextlib.suppress(Exception):
                self.view.svg.setPointerCapture(event.pointerId)

    def on_pointer_move(self, event: Any) -> None:
        """Drag the piece pressed on, once the pointer has travelled a little."""
        press = self.press
        if press is None or not press["draggable"]:
            return
        dx, dy = event.clientX - press["x"], event.clientY - press["y"]
        if not press["drag"]:
            if dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
                return
            press["drag"] = True
            self.selected = press["sq"]
            self.render_board()
        box = self.view.svg.getBoundingClientRect()
        scale = EXTENT / box.width if box.width else 1
        self.view.drag_piece(press["sq"], dx * scale, dy * scale)

    def on_pointer_up(self, event: Any) -> None:
        """Release: drop a dragged piece, or treat the press as a click."""
        press, self.press = self.press, None
        if press is None:
            return
        sq = self._square_of_event(event)
        if press["drag"]:
            if sq is not None and sq != press["sq"] and self.play((press["sq"], sq)):
                return
            self.render_board()  # back to its square, still selected
            return
        if sq is not None:
            self.activate(sq)

    def on_pointer_cancel(self, _event: Any) -> None:
        """The browser took the pointer (a scroll, say): put the piece back."""
        if self.press is not None and self.press["drag"]:
            self.render_board()
        self.press = None

    def on_board_focus(self, event: Any) -> None:
        """A square got the focus (Tab, click): it becomes the keyboard cursor."""
        name = event.target.getAttribute("data-square")
        if name:
            sq = "abcdefghi".index(name[0]) + 9 * (int(name[1]) - 1)
            self.view.set_cursor(sq, focus=False)

    def on_board_key(self, event: Any) -> None:
        """Arrow keys move the cursor over the squares; Enter or Space acts on one."""
        key = event.key
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            event.preventDefault()
            event.stopPropagation()
            self.view.set_cursor(step(self.view.cursor, key))
        elif key in ("Enter", " "):
            event.preventDefault()
            event.stopPropagation()
            self.activate(self.view.cursor)
        elif key == "Escape" and self.selected is not None:
            self.selected = None
            self.render_board()

    def on_page_key(self, event: Any) -> None:
        """Left and Right arrows step through the game, unless typing in a form control."""
        if event.defaultPrevented or event.altKey or event.ctrlKey or event.metaKey:
            return
        target = event.target
        if target is not None and str(getattr(target, "tagName", "")).upper() in TYPING_TAGS:
            return
        if event.key == "ArrowLeft":
            self.goto(self.game.ply - 1)
        elif event.key == "ArrowRight":
            self.goto(self.game.ply + 1)


def restore_state() -> tuple[PageState, str | None]:
    """The state saved in localStorage, or a fresh one and a message saying why the saved
    one could not be used (it is then kept under a backup key)."""
    try:
        raw = window.localStorage.getItem(STORAGE_KEY)
    except Exception as error:  # noqa: BLE001 - storage disabled
        return PageState(), f"This browser keeps no saved games ({error})."
    # getItem answers JavaScript null for a missing key, which is not Python's None.
    if not isinstance(raw, str):
        return PageState(), None
    try:
        return PageState.from_json(raw), None
    except StateError as error:
        key = backup_key(int(window.Date.now()))
        try:
            window.localStorage.setItem(key, raw)
            kept = f"the old record is kept in this browser's storage as {key}"
        except Exception:  # noqa: BLE001
            kept = "the old record could not be kept"
        return PageState(), (f"The saved game could not be read ({error}). A new game has "
                             f"started; {kept}.")


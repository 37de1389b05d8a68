"""Random input for the game page, and the check that the stored game is the game shown.

A :class:`PageFuzz` drives one page of the built site (``_site/``) in Chromium the way a
restless person would: clicks and drags on the board (random points, and the legal moves
of the position, so that games go on), keys on the board and beside it, every setting
(players, level, rules, seed and move limit with good and bad values, clocks, match,
set-up mode and its tools, analysis, game review), the game's buttons, the notice's
buttons, the move list, and the records panel: imports of mutated records (the files of
earlier releases in ``tests/fixtures/`` and records the page exported during the run),
files of mutated
bytes, mutated share links put in the address, saved games. The computer plays whatever
side the dice give it, at level 1 or 2, and its moves arrive whenever they arrive.

After every action (:meth:`PageFuzz.check`):

- no error was thrown in the page and nothing was logged as an error;
- the record in localStorage (``tablut.state``) reads with the page's own reader
  (:meth:`web.models.state.PageState.from_json`, natively, which replays every move) and what it
  holds is what the page shows: the pieces (``data-piece``/``data-square``), the status
  line, the move list and its current move, the settings form, and the share link in the
  address. What the page should show is worked out natively by the page's own code
  (:class:`web.models.session.Session` and :mod:`web.words.texts`).

Everything random comes from one seed: a failure names it, with the last actions, and
replays from it (``tests/e2e/test_fuzz_page.py``, ``tools/fuzz_page.py --seed``).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
for folder in (ROOT, ROOT / "tests"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from mutations import huge, mutate, nest  # noqa: E402
from records_support import settle  # noqa: E402
from v1_records import FIXTURES  # noqa: E402

from tablut import RULES, Game  # noqa: E402
from tablut.squares import shape  # noqa: E402
from web.models.clocks import PRESETS  # noqa: E402
from web.models.session import Session  # noqa: E402
from web.models.state import STORAGE_KEY, PageState, StateError  # noqa: E402
from web.records.formats import continues, share_fragment  # noqa: E402
from web.words.status import status_line  # noqa: E402
from web.words.texts import move_entries  # noqa: E402

#: Seconds a check waits for the page to show what it stored (a computer move, a file
#: being read or a link being opened arrive in tasks of their own).
SETTLE_SECONDS = 5.0

#: One atomic look at the page: what it stored and everything it shows about the game.
SNAPSHOT = """() => {
  const value = id => document.getElementById(id);
  const current = document.querySelector('#move-list button[aria-current]');
  return {
    stored: localStorage.getItem('tablut.state'),
    backups: Object.keys(localStorage).filter(k => k.includes('backup')),
    ready: document.body?.dataset.ready,
    pieces: Array.from(document.querySelectorAll('svg [data-piece]'),
                       e => [e.dataset.square, e.dataset.piece]),
    status: value('status').textContent,
    // A review's mark ("d1-4?") is not part of the game: the review is not stored.
    moves: Array.from(document.querySelectorAll('#move-list button'),
                      e => e.classList.contains('mistake') ? e.textContent.replace(/[?]$/, '')
                                                           : e.textContent),
    current: current ? Number(current.dataset.ply) : null,
    settings: {
      black: value('black-player').value, white: value('white-player').value,
      level: value('level').value, rules: value('rules').value, seed: value('seed').value,
      limit: value('limit').value, match: value('match').checked,
      setup: value('setup-mode').checked, clock: value('clock').value,
      side: value('setup-tools').hidden ? null : value('setup-side').value,
    },
    fragment: location.hash.replace(/^#/, ''),
    pyErrors: document.querySelectorAll('.py-error').length,
  };
}"""

#: What can be clicked now, read before choosing an action.
CONTROLS = """() => {
  const shown = id => { const e = document.getElementById(id); return !!e && !e.hidden
                        && e.getClientRects().length > 0; };
  const enabled = id => shown(id) && !document.getElementById(id).disabled;
  return {
    setupTools: !document.getElementById('setup-tools').hidden, playAgain: shown('end-offer'),
    noticeAction: !!document.querySelector('#notice .notice-action'),
    noticeClose: !!document.querySelector('#notice .notice-close'),
    moveButtons: document.querySelectorAll('#move-list button').length,
    saved: document.querySelectorAll('#records-saved button[data-action]').length,
    matchEnabled: !document.getElementById('match').disabled,
    dialog: !!document.querySelector('dialog[open]'),
    reviewStart: enabled('review-start'), reviewStop: enabled('review-stop'),
  };
}"""

BOARD_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Enter",
              "Space", "Escape", "Tab", "a", "1", "p", "L", "?"]

#: Keys with nothing focused: Left and Right step through the game, P and L read the
#: position, ? opens the keyboard help.
PAGE_KEYS = ["ArrowLeft", "ArrowRight", "ArrowLeft", "ArrowRight", "Escape", "Enter", "p",
             "l", "?"]

SEEDS = ["0", "7", "12345", "9007199254740991", "-1", "1.5", "1e400", "", "  ",
         "99999999999999999999999999"]
LIMITS = ["0", "1", "2", "5", "20", "60", "999", "", "-3", "1000", "2.5", "1e3"]


def fixture_texts() -> list[str]:
    """Every file that earlier releases wrote: page records, saved games, links, text
    records (``tests/fixtures/v1/`` and ``v2/``)."""
    return [path.read_text(encoding="utf-8")
            for folder in (FIXTURES, FIXTURES.parent / "v2") for path in sorted(folder.iterdir())
            if path.suffix in (".txt", ".json")]


def shown_view(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The parts of a snapshot that show the game."""
    return {key: snapshot[key] for key in ("pieces", "status", "moves", "current",
                                           "settings", "fragment")}


def expected_view(stored: str) -> dict[str, Any]:
    """What the page must show for the stored record ``stored``, worked out by the
    page's own code; StateError if the record cannot be read."""
    state = PageState.from_json(stored)
    session = Session(state)
    game = session.game
    board = session.setup if session.setup is not None else game.board
    squares = game.board.geometry.shape
    pieces = [[squares.square_name(sq), board.piece_at(sq)] for sq in squares.squares
              if board.piece_at(sq) is not None]
    s = state.settings
    return {
        "pieces": sorted(pieces),
        "status": status_line(session),
        "moves": [entry.text for entry in move_entries(game)],
        "current": game.ply if game.ply else None,
        "settings": {
            # The game's own rules, limit and clock: an imported game keeps its own.
            "black": s.black, "white": s.white, "level": str(s.level),
            "rules": game.rules.name, "seed": str(s.seed), "limit": str(game.limit or 0),
            "match": s.match or game.rules.match_games > 1,
            "setup": session.setup is not None, "clock": game.time_control or "",
            "side": session.setup.side.word if session.setup is not None else None,
        },
        "fragment": share_fragment(game),
    }


class FuzzFailure(AssertionError):
    """The page broke a promise; the message says which, with the seed and the last
    actions."""


@dataclass
class PageFuzz:
    """Random actions on one page, checked after each (see the module docs).

    Attributes:
        page: the page, loaded and ready.
        seed: the seed of every random choice.
        counts: how many actions of each kind were made, and what they led to.
        errors: errors the page threw or logged since the last check.
    """

    page: Page
    seed: int
    counts: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    records: list[str] = field(default_factory=fixture_texts)
    links: list[str] = field(default_factory=list)
    state: PageState | None = None

    def __post_init__(self) -> None:
        """Listen for the page's errors and gather the links to mutate."""
        self.rng = random.Random(self.seed)
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        self.page.on("console", self._console)
        self.links = [text.strip() for text in self.records if text.startswith("#")]

    def _console(self, message: Any) -> None:
        if message.type == "error" or (message.type == "warning" and "Tablut:" in message.text
                                       and "offline" not in message.text):
            self.errors.append(f"console {message.type}: {message.text}")

    # -- running ---------------------------------------------------------------------------

    def fail(self, problem: str) -> None:
        """Stop with ``problem``, the seed, and the last actions."""
        recent = "\n  ".join(self.log[-20:])
        raise FuzzFailure(f"{problem}\nseed {self.seed}, action {self.counts['actions']}; "
                          f"the last actions:\n  {recent}")

    def run(self, actions: int | None = None, seconds: float | None = None) -> None:
        """Make ``actions`` random actions (or as many as fit in ``seconds``), checking
        the page after each."""
        started = time.monotonic()
        self.check()
        while True:
            if actions is not None and self.counts["actions"] >= actions:
                return
            if seconds is not None and time.monotonic() - started >= seconds:
                return
            self.step()
            self.check()

    def step(self) -> None:
        """One random action."""
        controls = self.page.evaluate(CONTROLS)
        choices = self._choices(controls)
        name, action = self.rng.choices([(n, a) for n, a, _ in choices],
                                        [w for _, _, w in choices])[0]
        self.counts["actions"] += 1
        self.counts[name] += 1
        self.log.append(name)
        try:
            action()
        except PlaywrightError as error:
            # A control that went away between the look and the click (the game moved
            # on): the action did not happen; the page must still be sound.
            self.log[-1] += f" (not done: {str(error).splitlines()[0][:100]})"
            self.counts["not done"] += 1

    def _choices(self, c: dict[str, Any]) -> list[tuple[str, Callable[[], None], float]]:
        choices: list[tuple[str, Callable[[], None], float]] = [
            ("legal move", self.legal_move, 12),
            ("board click", self.board_click, 6),
            ("drag", self.drag, 4),
            ("board keys", self.board_keys, 3),
            ("page keys", self.page_keys, 2),
            ("player", self.player, 3),
            ("level", self.level, 1),
            ("rules", self.rules, 1),
            ("seed", self.seed_input, 1),
            ("limit", self.limit_input, 1.5),
            ("clock", self.clock, 1),
            ("set-up mode", lambda: self.more("#setup-mode"), 1.5),
            ("more options", lambda: self.click("#more-options summary"), 0.5),
            ("help text", lambda: self.click("#intro-toggle"), 0.3),
            ("analysis", lambda: self.click("#analysis-toggle"), 0.5),
            ("button", self.button, 8),
            ("import", self.import_text, 3),
            ("import file", self.import_file, 1),
            ("link", self.open_link, 3),
            ("export", self.export, 1),
            ("save game", self.save_game, 0.5),
        ]
        if c["reviewStart"]:
            choices.append(("review", lambda: self.click("#review-start"), 1))
        if c["reviewStop"]:
            choices.append(("stop review", lambda: self.click("#review-stop"), 1))
        if c["matchEnabled"]:
            choices.append(("match", lambda: self.more("#match"), 0.7))
        if c["dialog"]:
            # The keyboard help is modal: a person closes it before doing anything else.
            return [("close help", self.close_dialog, 1)]
        if c["setupTools"]:
            choices += [("set-up side", self.setup_side, 2),
                        ("set-up clear", lambda: self.more("#setup-clear"), 0.5),
                        ("set-up start", lambda: self.more("#setup-start"), 1)]
        if c["playAgain"]:
            choices.append(("play again", lambda: self.click("#play-again"), 4))
        if c["noticeAction"]:
            choices.append(("notice action", lambda: self.click("#notice .notice-action"), 2))
        if c["noticeClose"]:
            choices.append(("notice dismiss", lambda: self.click("#notice .notice-close"), 1))
        if c["moveButtons"]:
            choices.append(("move list", lambda: self.nth("#move-list button",
                                                           c["moveButtons"]), 2))
        if c["saved"]:
            choices.append(("saved game", lambda: self.nth("#records-saved button[data-action]",
                                                           c["saved"]), 0.5))
        return choices

    # -- the board -------------------------------------------------------------------------

    def _box(self) -> dict[str, float]:
        box = self.page.locator("svg.board-svg").bounding_box()
        if box is None:
            self.fail("the board is not on screen")
        return box  # type: ignore[return-value]

    @property
    def size(self) -> int:
        """The size of the board shown (the stored game's: 7, 9 or 11)."""
        return self.state.game.rules.size if self.state else 9

    def _square(self) -> int:
        """A square of the board shown, at random."""
        return self.rng.randrange(self.size * self.size)

    def _centre(self, sq: int) -> tuple[float, float]:
        box = self._box()
        size = self.size
        margin, cell = 5, 10  # web/board/view.py's MARGIN and CELL
        extent = 2 * margin + size * cell  # its extent(size)
        col, row = sq % size, sq // size
        x = margin + col * cell + cell / 2 + self.rng.uniform(-3.5, 3.5)
        y = margin + (size - 1 - row) * cell + cell / 2 + self.rng.uniform(-3.5, 3.5)
        return box["x"] + x / extent * box["width"], box["y"] + y / extent * box["height"]

    def _random_point(self) -> tuple[float, float]:
        box = self._box()
        return (box["x"] + self.rng.uniform(-10, box["width"] + 10),
                box["y"] + self.rng.uniform(-10, box["height"] + 10))

    def legal_move(self) -> None:
        """A legal move of the position shown, by two clicks or a drag (nothing happens
        when the computer is to move, or in set-up mode)."""
        game = self.state.game if self.state else Game()
        moves = game.legal_moves()
        if not moves:
            self.board_click()
            return
        frm, to = self.rng.choice(moves)
        name = shape(game.rules.size).square_name
        self.log[-1] += f" {name(frm)}-{name(to)}"
        if self.rng.random() < 0.7:
            for sq in (frm, to):
                self.page.mouse.click(*self._centre(sq))
        else:
            self._drag(self._centre(frm), self._centre(to))

    def board_click(self) -> None:
        """A click anywhere on or just around the board."""
        x, y = self._random_point() if self.rng.random() < 0.3 else self._centre(
            self._square())
        self.page.mouse.click(x, y)

    def drag(self) -> None:
        """A drag from a square to anywhere, sometimes given up with Escape."""
        start = self._centre(self._square())
        end = self._random_point() if self.rng.random() < 0.5 else self._centre(
            self._square())
        self._drag(start, end, escape=self.rng.random() < 0.15)

    def _drag(self, start: tuple[float, float], end: tuple[float, float],
              escape: bool = False) -> None:
        mouse = self.page.mouse
        mouse.move(*start)
        mouse.down()
        mouse.move(*end, steps=self.rng.randint(1, 6))
        if escape:
            self.page.keyboard.press("Escape")
        mouse.up()

    def board_keys(self) -> None:
        """Focus the board's tabbable square and press a few keys."""
        self.page.locator("svg.board-svg rect[tabindex='0']").focus()
        for _ in range(self.rng.randint(1, 6)):
            self.page.keyboard.press(self.rng.choice(BOARD_KEYS))

    def page_keys(self) -> None:
        """Left and Right (and some others) with nothing focused."""
        self.page.evaluate("document.activeElement && document.activeElement.blur()")
        for _ in range(self.rng.randint(1, 4)):
            self.page.keyboard.press(self.rng.choice(PAGE_KEYS))

    # -- settings and buttons ----------------------------------------------------------------

    def click(self, selector: str) -> None:
        """Click the element ``selector`` (disabled ones too: the click does nothing)."""
        self.page.locator(selector).first.click(force=True, timeout=3000)

    def more(self, selector: str) -> None:
        """Click ``selector`` among the rarer settings, opening "More options" first."""
        self.open_more_options()
        self.click(selector)

    def open_more_options(self) -> None:
        """Open "More options" if it is closed."""
        if not self.page.evaluate("document.getElementById('more-options').open"):
            self.page.locator("#more-options summary").click(timeout=3000)

    def close_dialog(self) -> None:
        """Close the keyboard help, by Escape or its Close button."""
        if self.rng.random() < 0.5:
            self.page.keyboard.press("Escape")
        else:
            self.page.locator("dialog[open] button").first.click(timeout=3000)

    def nth(self, selector: str, count: int) -> None:
        """Click one of the ``count`` elements ``selector``."""
        self.page.locator(selector).nth(self.rng.randrange(count)).click(force=True,
                                                                          timeout=3000)

    def select(self, selector: str, value: str) -> None:
        """Choose ``value`` in the menu ``selector``."""
        self.log[-1] += f" {value}"
        self.page.locator(selector).select_option(value, timeout=3000)

    def player(self) -> None:
        """A person or the computer for one side."""
        self.select(self.rng.choice(["#black-player", "#white-player"]),
                    self.rng.choice(["human", "computer"]))

    def level(self) -> None:
        """Level 1 or 2: the computer must answer quickly for the run to go on."""
        self.select("#level", self.rng.choice(["1", "1", "2"]))

    def rules(self) -> None:
        """Another rule set (a new game; the old one offered back)."""
        self.select("#rules", self.rng.choice(list(RULES)))

    def clock(self) -> None:
        """A time control, or none: the short ones run out during the run."""
        self.open_more_options()
        self.select("#clock", self.rng.choice(["", *PRESETS]))  # no clock twice as often

    def setup_side(self) -> None:
        """The side to move first from the position set up."""
        self.open_more_options()
        self.select("#setup-side", self.rng.choice(["black", "white"]))

    def _type_number(self, selector: str, text: str) -> None:
        self.log[-1] += f" {text!r}"
        self.open_more_options()
        box = self.page.locator(selector)
        box.fill(text, timeout=3000)
        box.dispatch_event("change")

    def seed_input(self) -> None:
        """A seed, good or bad."""
        self._type_number("#seed", self.rng.choice(SEEDS))

    def limit_input(self) -> None:
        """A move limit, good, bad or already reached."""
        self._type_number("#limit", self.rng.choice(LIMITS))

    def button(self) -> None:
        """New game, Undo, Redo, Hint, Back or Forward."""
        name = self.rng.choice(["new-game", "undo", "undo", "redo", "hint", "back", "back",
                                "forward", "forward"])
        self.log[-1] += f" {name}"
        self.click(f"#{name}")

    # -- records and links -------------------------------------------------------------------

    def _mutated_record(self) -> str:
        text = self.rng.choice(self.records)
        roll = self.rng.random()
        if roll < 0.15:
            return text
        if roll < 0.18:
            return huge(self.rng, text)
        if roll < 0.21:
            return nest(self.rng, text)
        return mutate(self.rng, text)

    def import_text(self) -> None:
        """Paste a record, mutated or not, and press Import."""
        text = self._mutated_record()
        self.log[-1] += f" ({len(text)} characters)"
        self.counts["records"] += 1
        self.page.locator("#records-text").fill(text, timeout=10_000)
        self.page.get_by_role("button", name="Import", exact=True).click(timeout=3000)

    def import_file(self) -> None:
        """Choose a file: a record, mutated, as bytes that may not be UTF-8."""
        data = self._mutated_record().encode("utf-8")
        if self.rng.random() < 0.3:
            spot = self.rng.randint(0, len(data))
            data = data[:spot] + bytes([self.rng.choice([0xFF, 0xC3, 0x80, 0x00])]) + data[spot:]
        self.counts["files"] += 1
        self.page.locator("#records-file").set_input_files(
            files=[{"name": "game.txt", "mimeType": "text/plain", "buffer": data}],
            timeout=3000)

    def open_link(self) -> None:
        """Put a share link, mutated or not, in the address."""
        text = self.rng.choice(self.links) if self.links else "#v=1"
        if self.rng.random() < 0.8:
            text = mutate(self.rng, text)
        if self.rng.random() < 0.03:
            text = huge(self.rng, text)
        self.counts["links"] += 1
        self.log[-1] += f" ({len(text)} characters)"
        self.page.evaluate("text => { location.hash = text; }", text)

    def export(self) -> None:
        """Copy the game's record and link, to mutate them later."""
        self.page.get_by_role("button", name="Copy record").click(timeout=3000)
        record = self.page.locator("#records-text").input_value()
        if record and record not in self.records:
            self.records.append(record)
        fragment = self.page.evaluate("location.hash")
        if fragment and fragment not in self.links:
            self.links.append(fragment)
        del self.records[:-60]
        del self.links[:-40]

    def save_game(self) -> None:
        """Save the game, under a name typed or not."""
        name = self.rng.choice(["", "Game", "ünïcödé 🙂", "x" * 80, "  "])
        self.page.locator("#records-name").fill(name, timeout=3000)
        self.page.get_by_role("button", name="Save game").click(timeout=3000)

    # -- the check -------------------------------------------------------------------------

    def check(self) -> None:
        """Fail unless the page threw nothing and shows the game it stored (see the
        module docs); wait up to :data:`SETTLE_SECONDS` for a change in flight."""
        # Every event sent so far handled first: a check that ran before the page's
        # Python had even seen the last action would pass on the old game.
        try:
            settle(self.page)
        except PlaywrightError as error:
            # The page's scripts broke (its Python failed for good, say): what it
            # reported before says why.
            self.fail(f"the page could not be checked: {str(error).splitlines()[0]}\n"
                      + "\n".join(self.errors))
        deadline = time.monotonic() + SETTLE_SECONDS
        while True:
            snapshot = self.page.evaluate(SNAPSHOT)
            problem = self._problem(snapshot)
            if problem is None or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        if self.errors:
            self.fail("the page reported errors:\n" + "\n".join(self.errors))
        if problem is not None:
            self.fail(problem)
        self.state = PageState.from_json(snapshot["stored"])
        if self.state.game.outcome() is not None:
            self.counts["positions over"] += 1

    def _problem(self, snapshot: dict[str, Any]) -> str | None:
        if snapshot["ready"] != "true":
            return "the page is not ready"
        if snapshot["pyErrors"]:
            return "the page shows a Python error"
        if snapshot["backups"]:
            return f"a stored record was found unreadable: {snapshot['backups']}"
        stored = snapshot["stored"]
        if stored is None:
            return f"nothing is stored under {STORAGE_KEY}"
        try:
            expected = expected_view(stored)
        except StateError as error:
            return f"the stored record cannot be read ({error}): {stored[:300]}"
        shown = shown_view(snapshot)
        shown["pieces"] = sorted(shown["pieces"])
        if shown != expected:
            differences = {key: (shown[key], expected[key]) for key in expected
                           if shown[key] != expected[key]}
            return f"the page shows another game than it stored: {differences}"
        return None

    def reload(self) -> None:
        """Reload the page: it must come back with the settings and the game it stored
        (the computer may have moved since), and pass :meth:`check`."""
        settle(self.page)
        before = PageState.from_json(self.page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')"))
        self.log.append("reload")
        self.page.reload()
        self.page.wait_for_function("document.body?.dataset.ready === 'true'", timeout=120_000)
        self.counts["reloads"] += 1
        after = PageState.from_json(self.page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')"))
        if after.settings != before.settings or not continues(before.game, after.game):
            self.fail("the reload brought back another game: "
                      f"settings {after.settings} instead of {before.settings}; "
                      f"{after.game.rules.name} {after.game.start} moves "
                      f"{[str(m) for m in after.game.moves]} at ply {after.game.ply} instead of "
                      f"{before.game.rules.name} {before.game.start} moves "
                      f"{[str(m) for m in before.game.moves]} at ply {before.game.ply}")
        self.check()

"""Game clocks: time controls, the two clocks, and who has run out of time.

A :class:`TimeControl` is minutes per side plus an increment per move ("5+3"), or a fixed
number of seconds for every move ("10s"). The :class:`Clocks` keep each side's time left
in milliseconds and which side's clock runs; time is measured from the caller's clock
(``now`` in milliseconds, ``performance.now()`` in the page), never counted tick by tick,
so the clocks keep exact time however late a redraw comes.

The clocks run only while a person could be thinking over the board: they stop while the
game is looked back through, in set-up mode, when the game has ended, and while the page
is closed (what is saved is the time left; a reload starts from it).

Browser-free; tested natively (``tests/test_web_clock.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tablut import Side
from web.words.catalogue import N_, _, ngettext

#: The choices of the "Clock" menu: value (as in records), and what the menu says
#: (marked for the catalogue: translate it with ``_()`` where it is shown).
PRESETS: dict[str, str] = {
    "": N_("No clock"),
    "1+1": N_("1 min + 1 s a move"),
    "3+2": N_("3 min + 2 s a move"),
    "5+3": N_("5 min + 3 s a move"),
    "15+10": N_("15 min + 10 s a move"),
    "10s": N_("10 s for every move"),
    "30s": N_("30 s for every move"),
}

_FORMAT = re.compile(r"^(?:(\d{1,3})\+(\d{1,3})|(\d{1,4})s)$")


class ClockError(ValueError):
    """A time control that cannot be read; the message says why."""


@dataclass(frozen=True)
class TimeControl:
    """Minutes per side and an increment, or seconds per move.

    Attributes:
        text: the control as written in menus and records: "5+3" or "10s".
        initial_ms: each side's time at the start.
        increment_ms: added to the mover's time after each move.
        per_move: whether every move has the whole ``initial_ms`` afresh.
    """

    text: str
    initial_ms: int
    increment_ms: int
    per_move: bool

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """The control written as ``text``; ClockError if it is not one."""
        found = _FORMAT.match(text.strip())
        if not found:
            # Translators: {text} is what was typed, quoted ('5 3'); "5+3" and "10s" are
            # time controls as written in the page and its records.
            raise ClockError(_("{text} is not a time control: write minutes+increment, "
                               "as in 5+3, or seconds per move, as in 10s").format(
                                   text=repr(text)))
        minutes, increment, seconds = found.groups()
        if seconds is not None:
            if int(seconds) < 1:
                raise ClockError(_("a move needs at least one second"))
            return cls(f"{int(seconds)}s", int(seconds) * 1000, 0, True)
        if int(minutes) < 1:
            raise ClockError(_("a side needs at least one minute"))
        return cls(f"{int(minutes)}+{int(increment)}", int(minutes) * 60_000,
                   int(increment) * 1000, False)

    def describe(self) -> str:
        """The control in words, in the installed language: "5 min + 3 s a move", "10 s
        for every move"."""
        preset = PRESETS.get(self.text)
        if preset:
            return _(preset)
        if self.per_move:
            # Translators: a time control: {seconds} seconds for each move.
            return _("{seconds} s for every move").format(seconds=self.initial_ms // 1000)
        # Translators: a time control: {minutes} minutes for each side, and {increment}
        # seconds more after each move.
        return _("{minutes} min + {increment} s a move").format(
            minutes=self.initial_ms // 60_000, increment=self.increment_ms // 1000)


def readable_control(text: str | None) -> str | None:
    """The time control ``text`` as the page writes it ("05+3" is "5+3"), or None when
    there is none or it is not one the page can keep (a record's "40/7200": its game
    then plays without a clock)."""
    if not text:
        return None
    try:
        return TimeControl.parse(text).text
    except ClockError:
        return None


@dataclass
class Clocks:
    """Both sides' time under one control.

    Attributes:
        control: the time control.
        left_ms: the time left of black and of white (indexed by Side), as of ``since``
            for the running side.
        running: the side whose clock runs, or None when both are stopped.
        since: when the running clock was last read (the caller's milliseconds).
    """

    control: TimeControl
    left_ms: list[int] = field(default_factory=list)
    running: Side | None = None
    since: float = 0.0

    def __post_init__(self) -> None:
        if not self.left_ms:
            self.left_ms = [self.control.initial_ms, self.control.initial_ms]

    def left(self, side: Side, now: float) -> int:
        """The milliseconds ``side`` has left at ``now`` (never below zero)."""
        left = self.left_ms[side]
        if self.running is side:
            left -= int(now - self.since)
        return max(0, left)

    def start(self, side: Side, now: float) -> None:
        """Run ``side``'s clock from ``now`` (the other one stops)."""
        self.stop(now)
        self.running, self.since = side, now

    def stop(self, now: float) -> None:
        """Stop the running clock at ``now``, keeping the time it has left."""
        if self.running is not None:
            self.left_ms[self.running] = self.left(self.running, now)
            self.running = None

    def moved(self, side: Side, now: float) -> None:
        """``side`` has moved at ``now``: its clock stops and gets the increment (or, with
        time per move, the whole time for its next move)."""
        self.stop(now)
        if self.control.per_move:
            self.left_ms[side] = self.control.initial_ms
        else:
            self.left_ms[side] += self.control.increment_ms

    def at(self, now: float) -> Clocks:
        """A stopped copy of the clocks as they read at ``now`` (what is saved)."""
        return Clocks(self.control, [self.left(side, now) for side in Side])

    def flagged(self, now: float) -> Side | None:
        """The side whose time has run out, if any."""
        if self.running is not None and self.left(self.running, now) <= 0:
            return self.running
        return None

    def to_dict(self) -> dict[str, object]:
        """Plain data for the saved page: the control and the time each side has left as
        of the last stop (save :meth:`at` the present moment)."""
        return {"control": self.control.text, "left_ms": list(self.left_ms)}

    @classmethod
    def from_dict(cls, data: object) -> Clocks:
        """Clocks from :meth:`to_dict`'s data; ClockError if they are damaged."""
        if not isinstance(data, dict):
            raise ClockError(_("the saved clocks are not an object"))
        control = TimeControl.parse(str(data.get("control", "")))
        left = data.get("left_ms")
        if (not isinstance(left, list) or len(left) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                           for v in left)):
            raise ClockError(_("the saved time left is damaged"))
        return cls(control, list(left))


class GameClock:
    """The clocks of the game on the board (none without a time control), and the side
    that lost on time.

    Attributes:
        clocks: both sides' clocks, or None when the game has no clock.
        time_out: the side whose time ran out, which ended the game, or None.
    """

    def __init__(self, clocks: Clocks | None = None, time_out: Side | None = None) -> None:
        """The clocks as they are, or were saved."""
        self.clocks = clocks
        self.time_out = time_out

    @classmethod
    def fresh(cls, control: str | None) -> GameClock:
        """Both clocks full under ``control`` ("5+3"; None or "" for no clock)."""
        return cls(Clocks(TimeControl.parse(control)) if control else None)

    def run(self, side: Side, now: float, running: bool) -> None:
        """Run ``side``'s clock when ``running`` (a game going on, shown where it stands,
        with a person at it); else stop both."""
        clocks = self.clocks
        if clocks is None:
            return
        if running and self.time_out is None:
            if clocks.running is not side:
                clocks.start(side, now)
        else:
            clocks.stop(now)

    def moved(self, side: Side, now: float) -> None:
        """``side`` has just moved (see :meth:`Clocks.moved`)."""
        if self.clocks is not None:
            self.clocks.moved(side, now)

    def ran_out(self, now: float) -> Side | None:
        """The side whose time has run out at ``now``, if it just did: its clock stops
        and it is :attr:`time_out` from now on."""
        if self.clocks is None or self.time_out is not None:
            return None
        side = self.clocks.flagged(now)
        if side is not None:
            self.clocks.stop(now)
            self.time_out = side
        return side

    def saved(self, now: float) -> Clocks | None:
        """The clocks as they read at ``now``, stopped (what a reload starts from)."""
        return None if self.clocks is None else self.clocks.at(now)


def shown(ms: int) -> str:
    """Time left as a clock shows it: "4:05", or with tenths under 20 seconds ("0:09.3"),
    when every tenth counts."""
    if ms < 20_000:
        tenths = ms // 100
        return f"0:{tenths // 10:02d}.{tenths % 10}"
    seconds = (ms + 999) // 1000  # a clock shows 0:20 until it reaches 19.9
    return f"{seconds // 60}:{seconds % 60:02d}"


def spoken(ms: int) -> str:
    """Time left in words, for the clocks' accessible names: "4 minutes 5 seconds"."""
    seconds = ms // 1000
    minutes, seconds = divmod(seconds, 60)
    minute_words = ngettext("{count} minute", "{count} minutes", minutes).format(count=minutes)
    second_words = ngettext("{count} second", "{count} seconds", seconds).format(count=seconds)
    if not minutes:
        return second_words
    if not seconds:
        return minute_words
    # Translators: time left on a clock: "4 minutes 5 seconds".
    return _("{minutes} {seconds}").format(minutes=minute_words, seconds=second_words)


def think_seconds(clocks: Clocks, side: Side, now: float, usual: float) -> float:
    """How long the computer may think for ``side``'s move: its usual time at its
    level, but never more than its clock allows: a share of what is left (a game lasts
    some 40 moves a side), plus most of the increment, and always a margin for the page."""
    left = clocks.left(side, now) / 1000
    control = clocks.control
    # With time per move, most of it; else a share of what is left, plus the increment.
    budget = left * 0.6 if control.per_move else left / 30 + control.increment_ms / 1250
    return max(0.05, min(usual, budget, max(0.05, left - 1.0)))

"""A long session natively: many games between two computer players in one process, with
its memory measured as the games go by; memory must stay flat.

    nice -n 10 .venv/bin/python tools/long_session.py [--games 1000] [--every 100]
        [--level 1] [--via page|text] [--tracemalloc]

``--via page`` (the default) plays through the page's own logic, as the browser runs it
but without a browser: a :class:`web.models.session.Session` with both sides the computer's, its
:class:`web.computer.turns.ComputerTurns` asking :class:`tests/local_computer.LocalComputer` (the AI
worker's code in this interpreter), the record saved after every change as the page
saves it, the status line and the move list worked out as the views do, and "Play again"
(:meth:`Session.new_game`) with a new seed between games. ``--via text`` plays through
the text interface instead (``auto black``, ``auto white``, ``seed N``, ``new``).

Every ``--every`` games it prints the games and moves so far, the time, the process's
resident memory (VmRSS), the number of objects the garbage collector tracks, and with
``--tracemalloc`` the memory Python allocated since the start and still holds (which
slows the games some twentyfold: use it for a few dozen games); at the end, the curve at
the start and after 100, 500 and 1000 games (or whichever were measured), and the kinds
of objects whose number grew after the first sample. The pause the page makes between
two computer moves is left out: it is for people watching, and only costs time here.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the engine in this interpreter, as the tests use it

from local_computer import LocalComputer  # noqa: E402

from tablut.cli import TextInterface  # noqa: E402
from web.computer import turns as computer  # noqa: E402
from web.computer.turns import ComputerTurns, carry_out  # noqa: E402
from web.models.session import Session  # noqa: E402
from web.models.state import STORAGE_KEY, PageState, Settings  # noqa: E402
from web.models.storage import MemoryStorage  # noqa: E402
from web.words.status import status_line  # noqa: E402
from web.words.texts import move_entries  # noqa: E402


def rss_mb() -> float:
    """This process's resident memory in MB (Linux; 0 elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


@dataclass
class Sample:
    """Memory after some games."""

    games: int
    plies: int
    seconds: float
    rss_mb: float
    objects: int
    traced_mb: float | None
    kinds: Counter[str]

    def line(self) -> str:
        """The sample as one line of the report."""
        traced = f", traced {self.traced_mb:.2f} MB" if self.traced_mb is not None else ""
        return (f"after {self.games:5d} games ({self.plies:6d} moves, {self.seconds:7.0f} s): "
                f"RSS {self.rss_mb:6.1f} MB, {self.objects:7d} objects{traced}")


def sample(games: int, plies: int, started: float) -> Sample:
    """Collect garbage, then measure."""
    gc.collect()
    traced = tracemalloc.get_traced_memory()[0] / 1e6 if tracemalloc.is_tracing() else None
    objects = gc.get_objects()
    kinds = Counter(type(o).__qualname__ for o in objects)
    return Sample(games, plies, time.monotonic() - started, rss_mb(), len(objects), traced,
                  kinds)


def growth(first: Sample, last: Sample, top: int = 8) -> str:
    """The kinds of objects whose number grew most from ``first`` to ``last``."""
    grown = (last.kinds - first.kinds).most_common(top)
    return ", ".join(f"{kind} +{count}" for kind, count in grown) or "none"


class PageSession:
    """Games through the page's logic, both sides the computer's (see the module docs)."""

    def __init__(self, level: int) -> None:
        """A session whose computer plays both sides at ``level``."""
        computer.SELF_PLAY_PAUSE = 0.0
        settings = Settings(black="computer", white="computer", level=level)
        self.session = Session(PageState(settings=settings))
        self.turns = ComputerTurns(self.session)
        self.storage = MemoryStorage()
        self.computer = LocalComputer()
        self.shown: tuple[str, int] = ("", 0)
        self.session.subscribe(self.refresh)

    def refresh(self) -> None:
        """What the page does after every change: save, and work out what it shows."""
        session = self.session
        self.storage.set(STORAGE_KEY, session.state().to_json())
        entries = list(move_entries(session.game))
        self.shown = (status_line(session), len(entries))
        session.match.table(session.game.rules, session.finished_game())

    def play(self, seed: int) -> int:
        """One game with the noise seed ``seed``, then "Play again"; its length."""
        self.session.change("seed", str(seed))
        asyncio.run(self._play())
        plies = self.session.game.ply
        self.session.new_game()
        return plies

    async def _play(self) -> None:
        session, turns = self.session, self.turns
        while session.game.outcome() is None:
            request = turns.next_request()
            if request is None:
                raise RuntimeError("the computer was not asked for a move")
            await carry_out(turns, request, self.computer)


class TextSession:
    """Games through the text interface, both sides automatic."""

    def __init__(self, level: int) -> None:
        """A text session whose computer plays both sides at ``level``."""
        self.sink = open("/dev/null", "w")  # noqa: SIM115 - lives as long as the session
        self.ui = TextInterface(self.sink, self.sink)
        for line in (f"level {level}", "manual white"):
            self.ui.execute(line)

    def play(self, seed: int) -> int:
        """One game with the seed ``seed``; its length."""
        ui = self.ui
        for line in (f"seed {seed}", "new", "auto black", "auto white"):
            ui.execute(line)
        ui.play_computer_moves()
        plies = ui.game.ply
        ui.execute("manual black")
        ui.execute("manual white")
        return plies


def run(games: int, every: int, play: Callable[[int], int],
        report: Callable[[str], None] = print) -> list[Sample]:
    """Play ``games`` games with ``play(seed)``, measuring every ``every`` games."""
    started = time.monotonic()
    samples = [sample(0, 0, started)]
    report(samples[0].line())
    plies = 0
    for number in range(1, games + 1):
        plies += play(number)
        if number % every == 0 or number == games:
            samples.append(sample(number, plies, started))
            report(samples[-1].line())
    return samples


def main(argv: list[str] | None = None) -> int:
    """Run the session the options ask for and print its memory curve."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--every", type=int, default=100)
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--via", choices=("page", "text"), default="page")
    parser.add_argument("--tracemalloc", action="store_true")
    args = parser.parse_args(argv)
    if args.tracemalloc:
        tracemalloc.start()
    session = (PageSession if args.via == "page" else TextSession)(args.level)
    print(f"long session: {args.games} games at level {args.level} via the {args.via}",
          flush=True)
    samples = run(args.games, args.every, session.play,
                  report=lambda line: print(line, flush=True))
    marks = {0, 100, 500, 1000, args.games}
    print("memory curve:")
    for s in samples:
        if s.games in marks:
            print("  " + s.line())
    if len(samples) > 2:
        print(f"objects that grew after the first {samples[1].games} games: "
              f"{growth(samples[1], samples[-1])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

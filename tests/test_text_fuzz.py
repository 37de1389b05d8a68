"""The text interface under random input: 10,000 lines of commands good, bad, mutated and
junk, fed to ``python -m tablut``'s interpreter (:mod:`tablut.cli`).

What must hold after every line: no traceback, every error a single ``error:`` line on
standard error, a command that was refused changed nothing (the game, its cursor, the
players, the computer's settings and the ``dump`` picture are as before), and the game
held is the one its record replays to.

The lines come from the public suite (``tests/cs61b/*.in``), from the commands of
``python -m tablut --help`` with good and bad arguments, from the legal moves of the
position at hand, from set-up positions, and from mutations of all of these
(``tests/mutations.py``), with junk, unicode and very long lines among them. The run is
seeded: the seed is printed, and ``TABLUT_FUZZ_SEED=<seed>`` replays a failure;
``TABLUT_FUZZ_LINES`` makes a longer run.

The computer's moves are kept fast by a tiny ``movetime`` at the start of each session
(the generator writes no valid long one), so games between two computer players, which
the lines set up now and then, take a fraction of a second.
"""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from mutations import huge, mutate, odd_character

from tablut.cli import TextInterface
from tablut.game import Game
from tablut.notation import dump, format_move
from tablut.rules import RULES

CS61B = sorted((Path(__file__).parent / "cs61b").glob("*.in"))

LINES = int(os.environ.get("TABLUT_FUZZ_LINES", "10000"))
SEED = int(os.environ.get("TABLUT_FUZZ_SEED", str(random.SystemRandom().randrange(10**9))))

#: The first line of every session: the computer thinks five milliseconds a move.
FAST = "movetime 0.005"

#: The second line of most sessions: a person plays white too, as in the public suite.
TWO_PEOPLE = "manual white"

#: The longest movetime the generator lets through: anything more makes games slow.
MAX_MOVETIME = 0.02

#: The commands of the help text, and how often each is drawn. The computer's moves are
#: what takes time, so ``auto`` (and ``quit``, after which white is the computer's again)
#: come seldom and ``manual`` often.
COMMAND_WORDS = {"new": 1.0, "dump": 1.0, "auto": 0.2, "manual": 1.5, "seed": 1.0,
                 "level": 1.0, "movetime": 1.0, "limit": 1.0, "undo": 1.0, "rules": 1.0,
                 "setup": 1.0, "help": 0.3, "quit": 0.2}

GOOD_ARGUMENTS = {
    "auto": ["black", "white", "BLACK", " White "],
    "manual": ["black", "white", "Black", "wHiTe"],
    "seed": ["0", "1", "42", "3959848", str(2**64), "-7"],
    "level": [str(n) for n in range(1, 8)],
    "movetime": ["0.001", "0.005", "0.01", "1e-3"],
    "limit": [str(n) for n in (1, 2, 3, 5, 9, 20, 40, 999, 10**30)],
    "rules": [*RULES, "Berkeley", "NIELSEN"],
}

BAD_ARGUMENTS = ["", "x", "-1", "0", "1.5", "nan", "inf", "-inf", "1e309", "0x10", "١٢",
                 "²", "1_0", "purple", "black white", "9" * 5000, "'", '"', "None", "true",
                 "3601", "-0", "+3"]


def session_lines(path: Path) -> list[str]:
    """The lines of a public test file, as a person would type them."""
    return path.read_text(encoding="utf-8").splitlines()


SUITE_LINES = [line for path in CS61B for line in session_lines(path)]


def too_slow(line: str) -> bool:
    """Whether ``line`` would set a movetime long enough to make the run slow."""
    words = line.split("#", 1)[0].split()
    if len(words) != 2 or words[0].lower() != "movetime":
        return False
    try:
        return float(words[1]) > MAX_MOVETIME
    except ValueError:
        return False


@dataclass
class Generator:
    """Lines for one fuzz run, some chosen from the position of the game at hand."""

    rng: random.Random
    positions: list[str] = field(default_factory=list)

    def move(self, game: Game) -> str:
        """A legal move of ``game`` (written in one of its forms), or, when there is none,
        a move shape between random squares."""
        rng = self.rng
        legal = game.legal_moves()
        board = game.board.geometry.shape
        name = board.square_name
        if not legal or rng.random() < 0.2:
            frm, to = rng.randrange(board.count), rng.randrange(board.count)
            return f"{name(frm)}-{name(to)}"
        frm, to = rng.choice(legal)
        text = format_move((frm, to), board.size) if rng.random() < 0.8 else (
            f"{name(frm)}-{name(to)}")
        return text.upper() if rng.random() < 0.1 else text

    def command(self) -> str:
        """A command of the help text with a good or a bad argument."""
        rng = self.rng
        word = rng.choices(list(COMMAND_WORDS), list(COMMAND_WORDS.values()))[0]
        if word == "setup":
            return f"setup {self.position()}"
        good = GOOD_ARGUMENTS.get(word)
        if good and rng.random() < 0.7:
            argument = rng.choice(good)
        elif good or rng.random() < 0.2:
            argument = rng.choice(BAD_ARGUMENTS)
        else:
            argument = ""
        spelled = word.upper() if rng.random() < 0.1 else word
        return f"{spelled} {argument}".rstrip()

    def position(self) -> str:
        """A position string: a known one, or one with its pieces moved about."""
        text = self.rng.choice(self.positions)
        return text if self.rng.random() < 0.3 else mutate(self.rng, text)

    def junk(self) -> str:
        """Noise: odd characters, a comment, or a very long line."""
        rng = self.rng
        kind = rng.randrange(4)
        if kind == 0:
            return "".join(odd_character(rng) for _ in range(rng.randint(1, 30)))
        if kind == 1:
            return "# " + "".join(odd_character(rng) for _ in range(rng.randint(0, 20)))
        if kind == 2:
            return huge(rng, rng.choice(["i6-g ", "dump ", "b", "setup ", "#"]))
        return rng.choice(["\ud800", "\udcff\udcfe", "ｄｕｍｐ", "ｉ６－ｇ", "dump\x00",
                           "\ufeffdump", "ＮＥＷ"])

    def line(self, game: Game) -> str:
        """The next line: the mix that the whole run is made of."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.35:
            text = self.move(game)
        elif roll < 0.6:
            text = self.command()
        elif roll < 0.7:
            text = rng.choice(SUITE_LINES)
        elif roll < 0.8:
            text = self.junk()
        else:
            text = mutate(rng, rng.choice([self.move(game), self.command(),
                                           rng.choice(SUITE_LINES)]))
        text = text.replace("\n", " ").replace("\r", " ")
        return FAST if too_slow(text) else text


def quits(line: str) -> bool:
    """Whether ``line`` is the command ``quit``."""
    words = line.split("#", 1)[0].split()
    return bool(words) and words[0].lower() == "quit"


def snapshot(ui: TextInterface) -> tuple[object, ...]:
    """Everything a command may change: the game, its picture, players and settings."""
    game = ui.game
    return (game.to_json(), dump(game.board), game.board.position(), game.limit,
            tuple(ui.auto), ui.seed, ui.level, ui.movetime, ui.engine)


def replays_to_itself(game: Game) -> bool:
    """Whether the game's record replays to the position and history it holds."""
    again = Game.from_json(game.to_json())
    return (again.board.position() == game.board.position()
            and again.board._stack == game.board._stack
            and again.board._seen == game.board._seen)


@dataclass
class Run:
    """One fuzz run of the in-process interface; what it fed, and what it counted."""

    seed: int
    lines: list[str] = field(default_factory=list)
    refused: int = 0
    sessions: int = 0
    computer_moves: int = 0

    def where(self) -> str:
        """How to replay a failure, and the lines that led to it."""
        tail = "\n".join(repr(line[:200]) for line in self.lines[-15:])
        return (f"seed {self.seed} (TABLUT_FUZZ_SEED={self.seed}), line {len(self.lines)}; "
                f"the last lines:\n{tail}")

    def feed(self, ui: TextInterface, err: io.StringIO, generator: Generator,
             count: int) -> Iterator[str]:
        """Lines for ``ui.run``, checking after each what it did."""
        yield FAST + "\n"
        if generator.rng.random() < 0.9:
            yield TWO_PEOPLE + "\n"
        while len(self.lines) < count:
            line = generator.line(ui.game)
            before, errors_before = snapshot(ui), err.tell()
            self.lines.append(line)
            yield line + "\n"
            if not ui.running:
                return
            errors = err.getvalue()[errors_before:]
            if errors:
                self.refused += 1
                assert errors.count("\n") == 1 and errors.startswith("error: "), (
                    f"not one error line: {errors!r}; {self.where()}")
                assert snapshot(ui) == before, f"a refused command changed the game; {self.where()}"
            elif snapshot(ui) != before:
                assert replays_to_itself(ui.game), f"the game is not its record; {self.where()}"

    def run(self, count: int) -> None:
        """Feed ``count`` lines to as many sessions as ``quit`` asks for."""
        rng = random.Random(self.seed)
        positions = [Game(name).start for name in RULES]
        positions += [Game.from_json(Game().to_json()).board.position()]
        generator = Generator(rng, positions)
        while len(self.lines) < count:
            out, err = io.StringIO(), io.StringIO()
            ui = TextInterface(out, err)
            self.sessions += 1
            try:
                ui.run(self.feed(ui, err, generator, count))
            except AssertionError:
                raise
            except Exception as error:  # noqa: BLE001 - a traceback a person would see
                raise AssertionError(f"{type(error).__name__}: {error}; {self.where()}") from error
            self.computer_moves += sum(line.startswith("* ") and not line.endswith("wins.")
                                       for line in out.getvalue().splitlines())
            generator.positions.append(ui.game.board.position())
            generator.positions[:] = generator.positions[-50:]


def test_ten_thousand_random_lines_never_break_the_text_interface() -> None:
    print(f"text interface fuzz: seed {SEED} (TABLUT_FUZZ_SEED={SEED} replays it)")
    run = Run(SEED)
    run.run(LINES)
    print(f"text interface fuzz: {len(run.lines)} lines, {run.refused} refused, "
          f"{run.sessions} sessions, {run.computer_moves} computer moves")
    assert len(run.lines) == LINES
    assert run.refused > LINES // 10  # the mix reaches the error paths


def test_the_real_command_takes_the_random_lines_from_a_file_and_from_standard_input(
        tmp_path: Path) -> None:
    run = Run(SEED + 1)
    run.run(1000)
    lines = [FAST, TWO_PEOPLE] + [line for line in run.lines if not quits(line)]
    # Lone surrogates stand for bytes that are not UTF-8; so does the line of \xff \xfe.
    data = "\n".join(lines).encode("utf-8", "surrogatepass") + b"\n\xff\xfe bytes\ndump\n"
    script = tmp_path / "fuzz.txt"
    script.write_bytes(data)
    for args, given in (([str(script)], None), ([], data)):
        result = subprocess.run([sys.executable, "-m", "tablut", *args], input=given,
                                capture_output=True, timeout=600,
                                env={**os.environ, "PYTHONIOENCODING": "utf-8"})
        errors = result.stderr.decode("utf-8", "replace")
        assert "Traceback" not in errors, f"seed {SEED + 1}: {errors[-2000:]}"
        assert result.returncode == 0
        assert all(line.startswith("error: ") for line in errors.splitlines())
        assert result.stdout.decode("utf-8").rstrip().endswith("===")  # the final dump

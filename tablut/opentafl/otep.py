"""Our engine speaking OTEP, the OpenTafl Engine Protocol: ``python -m tablut otep``.

OpenTafl starts an external engine as a child process and talks to it in lines of
US-ASCII text on its standard input and output (OpenTafl's
``opentafl-engine-protocol.txt``).  What OpenTafl sends, and what we answer:

=================================  =====================================================
``rules <rules string>``           set up the start position; ``error -1 <why>`` when the
                                   rules are not ours to play (:mod:`.rules_string`)
``position <record>``, ``side``    set the position (rank 1 first) and the side to move,
                                   for analysis
``clock <a>[*] <d>[*] <s> <a> <d>``  the time left: our thinking time comes from it
``opponent-move <moves> <record>``  the other side's move and the position after it
``play attackers|defenders``       ``status depth N ...`` then ``move e3-h3``
``move <record>``                  OpenTafl's copy of the position after our move
``error <code>``                   our move was refused: it is taken back
``analyze <n> <seconds>``          ``analysis <n> <moves> <eval> ...`` (evaluations from
                                   the attackers' side, in hundredths of a guard)
``finish <code>``, ``goodbye``     the game is over; leave
=================================  =====================================================

We send ``hello`` when we start.  Each line goes out in one write, flushed (OpenTafl reads
raw chunks and drops partial lines), and nothing is written to standard error, which
OpenTafl never reads.  The positions OpenTafl sends are the truth: when a move it reports
cannot be played here, or the position after it is not ours, we say so with
``error 0 <why>`` and play on from OpenTafl's position.  A command we do not know gets
``error 0``; an error of ours gets ``error -1`` (OpenTafl then ends the game as a
resignation) rather than a crash.

OTEP has no time per move: without a game clock we think ``--movetime`` seconds a move
(:func:`think_time` says how much of a clock we spend).
"""

from __future__ import annotations

import queue
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from ..ai import MATE, Analysis, Engine
from ..arguments import Parser, UsageError, fail, positive_float, positive_int
from ..board import Board, Move
from ..position import NotationError, piece_rows
from ..side import Side
from .notation import parse_move, parse_position_record, simple_move
from .rules_string import RulesStringError, read_rules

SIDE_WORDS = {"attackers": Side.BLACK, "defenders": Side.WHITE}

#: Seconds kept back from the clock for starting the search and the pipes.
CLOCK_MARGIN = 0.3


@dataclass(frozen=True)
class Clock:
    """The time left, as OTEP's ``clock`` command gives it.

    Attributes:
        millis: per side (indexed by :class:`Side`), the main time left in milliseconds,
            or the time left in the current overtime period when ``overtime`` says so.
        overtime: per side, whether ``millis`` is an overtime period's time.
        period: the length of one overtime period, in seconds (0: none).
        periods: per side, the overtime periods left.
    """

    millis: tuple[int, int]
    overtime: tuple[bool, bool]
    period: float
    periods: tuple[int, int]

    @classmethod
    def parse(cls, text: str) -> Clock:
        """The clock of ``clock``'s arguments, ``2006* 3000* 3 1000 1000``; ValueError
        if they are not that."""
        parts = text.split()
        if len(parts) != 5:
            raise ValueError("a clock is five numbers: attackers' and defenders' "
                             "milliseconds, the overtime's seconds and each side's overtimes")
        times = [part.rstrip("*") for part in parts[:2]]
        return cls((int(times[0]), int(times[1])),
                   (parts[0].endswith("*"), parts[1].endswith("*")),
                   float(parts[2]), (int(parts[3]), int(parts[4])))


def think_time(clock: Clock, side: Side) -> float:
    """Seconds to think for ``side`` on ``clock``: in main time a thirtieth of it plus
    most of an overtime period (if any are left); in an overtime period most of what is
    left of it; never less than a twentieth of a second."""
    left = clock.millis[side] / 1000
    period = clock.period if clock.periods[side] > 0 else 0.0
    if clock.overtime[side]:
        budget = left * 0.8 - CLOCK_MARGIN
    else:
        budget = min(left / 30 + period * 0.8, left / 2 + period * 0.8) - CLOCK_MARGIN
    return max(0.05, budget)


class OtepEngine:
    """One OTEP conversation: the game as OpenTafl reports it and our engine's answers.

    Args:
        send: writes one line (no newline) to OpenTafl.
        movetime: seconds per move when the game has no clock.
        nodes: if given, a node budget per move instead of any time (reproducible).
        seed: the engine's seed.
    """

    def __init__(self, send: Callable[[str], None], movetime: float = 3.0,
                 nodes: int | None = None, seed: int = 0) -> None:
        """A conversation that has not had its rules yet."""
        self.send = send
        self.movetime = movetime
        self.nodes = nodes
        self.engine = Engine(level=7, seed=seed)
        self.board: Board | None = None
        self.refusal = "no rules yet: OpenTafl sends them first"
        self.clock: Clock | None = None
        self.pending: Move | None = None
        self.running = True
        self._commands: dict[str, Callable[[str], None]] = {
            "rules": self._rules, "position": self._position, "side": self._side,
            "clock": self._clock, "play": self._play, "opponent-move": self._opponent_move,
            "move": self._confirmed, "error": self._refused, "analyze": self._analyze,
            "finish": self._finish, "goodbye": self._goodbye,
        }

    def handle(self, line: str) -> None:
        """Answer one line from OpenTafl (the errors of ours become ``error -1``)."""
        command, _, args = line.strip().partition(" ")
        if not command or command in ("hello", "simple-moves", "status", "dump"):
            return
        handler = self._commands.get(command)
        if handler is None:
            self.error(0, f"unknown command {command[:40]!r}")
            return
        try:
            handler(args.strip())
        except (ValueError, NotationError) as problem:
            # Without a move, OpenTafl would wait for ever: a play we cannot answer resigns.
            self.error(-1 if command == "play" else 0, f"{command}: {problem}")
        except Exception as failure:  # noqa: BLE001 - answer, never crash the game
            self.error(-1, f"internal error on {command}: {type(failure).__name__}: {failure}")

    def error(self, code: int, message: str) -> None:
        """Send OTEP's ``error`` (-1: we cannot go on; 0: a warning) on one line."""
        self.send(f"error {code} {' '.join(message.split())}")

    # -- setting up --------------------------------------------------------------------

    def _rules(self, text: str) -> None:
        try:
            setup = read_rules(text)
        except RulesStringError as refused:
            self.board = None
            self.refusal = f"these rules are not played here: {refused}"
            self.error(-1, self.refusal)
            return
        self.board = Board.from_position(setup.start, setup.rules)
        self.pending = None

    def _need_board(self) -> Board:
        if self.board is None:
            raise _CannotPlay(self.refusal)
        return self.board

    def _adopt(self, rows: list[str], side: Side) -> None:
        """Play on from OpenTafl's position (the history for repetitions is lost)."""
        board = self._need_board()
        text = "/".join(rows) + (" b" if side is Side.BLACK else " w")
        self.board = Board.from_position(text, board.rules)

    def _position(self, text: str) -> None:
        board = self._need_board()
        self._adopt(parse_position_record(text, inverted=False), board.side)

    def _side(self, text: str) -> None:
        side = _side_word(text)
        board = self._need_board()
        if board.side is not side:
            self._adopt(_rows(board), side)

    def _clock(self, text: str) -> None:
        self.clock = Clock.parse(text)

    def _finish(self, _text: str) -> None:
        self.clock = None
        self.pending = None

    def _goodbye(self, _text: str) -> None:
        self.running = False

    # -- the game ----------------------------------------------------------------------

    def _opponent_move(self, text: str) -> None:
        moves_text, _, record = text.partition(" ")
        board = self._need_board()
        rows = parse_position_record(record, inverted=False)
        if _rows(board) == rows:
            return  # already there (OpenTafl repeats it after refusing our move)
        problem = ""
        last: Move | None = None
        for word in moves_text.split("|"):
            try:
                last = parse_move(word, board.rules.size).move
            except NotationError as bad:
                problem = str(bad)
                break
            if not board.is_legal(last):
                problem = f"{word} is not a legal move here"
                break
            board.push(last)
        if problem or _rows(board) != rows:
            mover = _mover(rows, last)
            self._adopt(rows, mover.opponent if mover is not None else board.side)
            self.error(0, f"opponent-move {moves_text}: "
                       f"{problem or 'the position after it is not ours'}; "
                       "playing on from OpenTafl's position")

    def _play(self, text: str) -> None:
        side = _side_word(text)
        board = self._need_board()
        if board.side is not side or board.last_move_outcome is not None:
            self._adopt(_rows(board), side)
            board = self._need_board()
        if not board.legal_moves():
            self.error(-1, f"the {text} have no legal move: they have lost")
            return
        best, depth = self._think(board, self.budget(side))
        self.send(f"status depth {depth} seldepth {best.seldepth} score {best.score} "
                  f"nodes {best.nodes} nps {best.nps} time {best.elapsed:.2f} "
                  f"pv {' '.join(simple_move(m, board.rules.size) for m in best.pv)}")
        self.send(f"move {simple_move(best.move, board.rules.size)}")
        board.push(best.move)
        self.pending = best.move

    def budget(self, side: Side) -> float:
        """Seconds to think for ``side``: from the clock when the game has one, else the
        move time."""
        return self.movetime if self.clock is None else think_time(self.clock, side)

    def _think(self, board: Board, seconds: float,
               depth: int | None = None) -> tuple[Analysis, int]:
        """The search's final result and the deepest depth it completed."""
        limits = {"nodes": self.nodes} if self.nodes else {"time_limit": seconds}
        best = None
        completed = 0
        for result in self.engine.analyse(board, depth=depth, **limits):
            best = result
            if result.complete:
                completed = result.depth
        if best is None:
            raise _CannotPlay("the game is over: there is no move to choose")
        return best, completed

    def _confirmed(self, text: str) -> None:
        board = self._need_board()
        self.pending = None
        rows = parse_position_record(text, inverted=False)
        if _rows(board) != rows:
            self._adopt(rows, board.side)
            self.error(0, "the position after our move is not ours; playing on from "
                       "OpenTafl's position")

    def _refused(self, _text: str) -> None:
        if self.pending is not None and self.board is not None and self.board.ply:
            self.board.pop()
        self.pending = None

    def _analyze(self, text: str) -> None:
        parts = text.split()
        if len(parts) != 2:
            raise ValueError("analyze takes the number of moves and the seconds")
        wanted, seconds = max(1, int(parts[0])), max(0.05, float(parts[1]))
        board = self._need_board()
        if not board.legal_moves():
            raise _CannotPlay("the game is over: there is nothing to analyse")
        lines = self._analysis_lines(board, wanted, seconds)
        self.send(f"analysis {len(lines)} " + " ".join(f"{m} {v}" for m, v in lines))

    def _analysis_lines(self, board: Board, wanted: int,
                        seconds: float) -> list[tuple[str, int]]:
        """Up to ``wanted`` lines: the principal variation, then other first moves (the
        capturing ones first) each searched a ply less deep; each line's moves joined by
        ``|`` and its evaluation from the attackers' side."""
        share = 0.6 if wanted > 1 else 1.0
        best, depth = self._think(board, seconds * share)
        size = board.rules.size
        lines = [("|".join(simple_move(m, size) for m in best.pv),
                  _for_attackers(board, best.score))]
        others = sorted((m for m in board.legal_moves() if m != best.move),
                        key=lambda m: -_captures(board, m))[: wanted - 1]
        for move in others:
            board.push(move)
            outcome = board.last_move_outcome
            if outcome is not None:
                score = 0 if outcome.winner is None else MATE * (
                    1 if outcome.winner is Side.BLACK else -1)
                line: tuple[Move, ...] = (move,)
            else:
                reply, _ = self._think(board, seconds * (1 - share) / len(others),
                                       depth=max(1, depth - 1))
                score = _for_attackers(board, reply.score)
                line = (move, *reply.pv)
            board.pop()
            lines.append(("|".join(simple_move(m, size) for m in line), score))
        return lines


class _CannotPlay(ValueError):
    """A command that cannot be carried out in the state we are in."""


def _for_attackers(board: Board, score: int) -> int:
    """A score for the side to move on ``board``, seen from the attackers' side."""
    return score if board.side is Side.BLACK else -score


def _captures(board: Board, move: Move) -> int:
    """How many pieces ``move`` captures."""
    board.push(move)
    captured = board.captured.bit_count()
    board.pop()
    return captured


def _side_word(text: str) -> Side:
    side = SIDE_WORDS.get(text.strip())
    if side is None:
        raise ValueError(f"{text!r} is not a side: attackers or defenders")
    return side


def _rows(board: Board) -> list[str]:
    """The board's rows, the top rank first, as a position record read by
    :func:`~.notation.parse_position_record` gives them."""
    return piece_rows(board.black, board.white, board.king, board.rules.size)


def _mover(rows: list[str], last: Move | None) -> Side | None:
    """The side whose piece stands where the last move ended, in ``rows``."""
    if last is None:
        return None
    to = last[1]
    size = len(rows)
    char = rows[size - 1 - to // size][to % size]
    return Side.BLACK if char == "B" else Side.WHITE if char in "WK" else None


# -- the process ---------------------------------------------------------------------------

def _stdout_line(line: str) -> None:
    """One line to standard output in a single write, flushed."""
    data = (line + "\n").encode("ascii", "replace")
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def _read_lines(source: TextIO, lines: queue.Queue[str | None]) -> None:
    for line in source:
        lines.put(line)
    lines.put(None)


def run(source: TextIO, send: Callable[[str], None], **options) -> int:
    """Speak OTEP: ``hello``, then answer each line of ``source`` until ``goodbye`` or
    the end of the input; the exit status."""
    otep = OtepEngine(send, **options)
    send("hello")
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=_read_lines, args=(source, lines), daemon=True).start()
    while otep.running:
        line = lines.get()
        if line is None:
            break
        if line.startswith("play"):
            # OTEP's document has the clock follow 'play'; OpenTafl sends it just before.
            # Take a clock that has already arrived either way.
            while not lines.empty() and (lines.queue[0] or "").startswith("clock"):
                otep.handle(lines.get() or "")
        otep.handle(line)
    return 0


def otep_command(argv: list[str]) -> int:
    """``python -m tablut otep [--movetime S] [--nodes N] [--seed N]``: speak OTEP on
    standard input and output, so that OpenTafl can play against our engine."""
    parser = Parser(
        prog="python -m tablut otep",
        description="Speak the OpenTafl Engine Protocol (OTEP) on standard input and "
        "output: OpenTafl starts this as an external engine (see the README for its .ini).",
    )
    parser.add_argument("--movetime", type=positive_float, default=3.0,
                        help="seconds per move when the game has no clock (default 3)")
    parser.add_argument("--nodes", type=positive_int,
                        help="a node budget per move instead of any time (reproducible)")
    parser.add_argument("--seed", type=int, default=0, help="the engine's seed")
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        return fail(error)
    return run(sys.stdin, _stdout_line, movetime=args.movetime, nodes=args.nodes,
               seed=args.seed)


__all__ = ["Clock", "OtepEngine", "otep_command", "run", "think_time"]

"""``python -m tablut challenge white|black``: play one game on a Tablut Challenge server.

The client connects (white to port 5800, black to 5801), sends its name, then reads the
server's states until one ends the game.  On its turn it thinks, sends its move and prints
it; on the opponent's turn it works out which move the state shows (:mod:`.referee`) and
prints that.  It prints the result and exits with status 0.  A server that goes away, a
message that is not a state, or a state that our rules say cannot follow the last one
ends the game with one line on standard error and status 1.

Time: the server gives each move ``--timeout`` seconds from the moment it sends the state,
and a late move loses.  The client plans to answer :func:`safety_margin` seconds before
that, counted from the moment the state arrived: the search (in a child process) is
told to stop then, and should it not (it looks at the clock every thousand positions,
which on a loaded machine can take a while) the client, which only waits for its reports,
sends the best move found so far half a margin later.
"""

from __future__ import annotations

import argparse
import multiprocessing
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NoReturn, TextIO

from ..ai import LEVELS, Analysis, Engine
from ..ai.ordering import order_root_moves
from ..board import Board, Move
from ..notation import format_move
from ..side import Side
from .protocol import (
    ProtocolError,
    State,
    decode_state,
    encode_move,
    encode_name,
    read_frame,
    send_frame,
)
from .referee import Follower, ImpossibleState

PORTS = {Side.WHITE: 5800, Side.BLACK: 5801}
"""The server's ports, fixed in its code."""

DEFAULT_TIMEOUT = 60
"""The server's time per move unless started with another ``-t``."""

CONNECT_SECONDS = 10.0
# The server accepts white, then waits up to 300 s for black; between two states we wait
# at most for the opponent's whole time, twice over, and that.
WAIT_BEYOND_TIMEOUT = 330.0


def safety_margin(timeout: float) -> float:
    """Seconds to keep in hand of the server's ``timeout`` per move: a fifth of it, at
    least 2 s and at most 4 s, and never more than half of it.

    The search is told to stop a whole margin before the time-out and the move is sent,
    whatever the search is doing, half a margin before it.  On the 2-core development
    machine with its load average at 13 to 18 (other test runs and three busy loops), 300
    moves thought for 0.3 s each: the client woke up at the second deadline 8 ms late at
    the median, 0.2 to 0.5 s late at the 99th percentile and 0.8 s late at worst, so
    half of the smallest margin (1 s) holds; the local server's clock starts a moment
    before the state reaches us, and it looks for the move only once a second.
    """
    return min(timeout / 2, max(2.0, min(4.0, timeout / 5)))


class ChallengeError(Exception):
    """Why the game cannot go on, in one line for a person."""


@dataclass(frozen=True)
class Settings:
    """What the command line chose.

    Attributes:
        side: the side our client plays.
        host: the server's address.
        port: the server's port for that side.
        timeout: the server's time per move, in seconds.
        name: the name sent to the server.
        level: the computer's level (its node budget per move), or None to think for the
            whole time available.
        movetime: seconds to think per move (never more than the time available).
        seed: the seed of the computer's choices.
    """

    side: Side
    host: str
    port: int
    timeout: float
    name: str
    level: int | None
    movetime: float | None
    seed: int


class Thinker:
    """The computer player under a hard deadline.

    The search runs in a child process (forked, where the system can) that reports every
    depth it completes through a pipe; the client itself only waits, so it wakes at its
    deadline however busy the search keeps the processor, sends the best move reported so
    far and stops the child.  (A search thread would share the interpreter's lock with the
    client, whose waking up would then also wait for the search to let go of it.)
    """

    def __init__(self, settings: Settings) -> None:
        """A player with the settings' level, time per move and seed."""
        self.settings = settings
        self.engine = Engine(level=settings.level or max(LEVELS), seed=settings.seed)

    def limits(self, seconds: float) -> dict:
        """The search limits for a move with ``seconds`` left before the planned answer."""
        s = self.settings
        if s.level is not None and s.movetime is None:
            spec = self.engine.spec
            return {"depth": spec.depth, "nodes": spec.nodes,
                    "time_limit": min(spec.seconds, seconds)}
        return {"time_limit": min(s.movetime, seconds) if s.movetime else seconds}

    def choose(self, board: Board, soft: float, hard: float) -> tuple[Move, Analysis | None]:
        """The move to play in ``board``: the search stops itself at ``soft`` (a
        :func:`time.perf_counter` value); at ``hard`` the best move found so far is taken
        whatever the search is doing.  Also the last analysis, if a depth finished."""
        # Should not even the first depth finish in time: the quick look that puts wins
        # first and moves that lose at once last.
        fallback = order_root_moves(board.copy(), board.legal_moves())[0]
        limits = self.limits(max(0.0, soft - time.perf_counter()))
        last = _search_until(self.engine, board, limits, hard)
        return (last.move, last) if last is not None else (fallback, None)


def _search_until(engine: Engine, board: Board, limits: dict, hard: float) -> Analysis | None:
    """The last analysis that ``engine`` completes on ``board`` within ``limits`` before
    the :func:`time.perf_counter` value ``hard``."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return _search_in_thread(engine, board, limits, hard)
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_report_depths, args=(sender, engine, board, limits),
                            daemon=True)
    child.start()
    sender.close()
    last = None
    try:
        while receiver.poll(max(0.0, hard - time.perf_counter())):
            analysis = receiver.recv()
            if analysis is None:
                break
            last = analysis
    except EOFError:
        pass  # the child ended without a word: keep what it sent
    finally:
        receiver.close()
        # No wait for it to die: the move goes first.  multiprocessing reaps it later.
        child.kill()
    return last


def _report_depths(sender, engine: Engine, board: Board, limits: dict) -> None:
    """The child's work: send each analysis as it completes, then None."""
    for analysis in engine.analyse(board, **limits):
        sender.send(analysis)
    sender.send(None)


def _search_in_thread(engine: Engine, board: Board, limits: dict, hard: float
                      ) -> Analysis | None:
    """:func:`_search_until` where processes cannot be forked."""
    found: list[Analysis] = []
    done = threading.Event()

    def search() -> None:
        try:
            for analysis in engine.analyse(board.copy(), **limits):
                found.append(analysis)
        finally:
            done.set()

    threading.Thread(target=search, name="search", daemon=True).start()
    done.wait(max(0.0, hard - time.perf_counter()))
    return found[-1] if found else None


class Client:
    """One game on the server, from connecting to the result."""

    def __init__(self, settings: Settings, out: TextIO, thinker: Thinker | None = None) -> None:
        """A client with ``settings`` that prints the game on ``out`` and chooses its moves
        with ``thinker`` (default: the computer player the settings describe)."""
        self.settings = settings
        self.out = out
        self.follower = Follower()
        self.thinker = thinker or Thinker(settings)
        self.sock: socket.socket | None = None

    def say(self, text: str) -> None:
        """Print one line of the game."""
        print(text, file=self.out, flush=True)

    def play(self) -> str:
        """Play the game to its end; the result in words."""
        s = self.settings
        self.sock = _connect(s.host, s.port)
        try:
            self.sock.settimeout(2 * s.timeout + WAIT_BEYOND_TIMEOUT)
            send_frame(self.sock, encode_name(s.name))
            self.say(f"connected to {s.host}:{s.port} as {s.side.word} ({s.name})")
            state, arrived = self.read_state()
            self.follower.start(state)
            while True:
                if state.side_to_move is s.side and not state.over:
                    self.move(arrived)
                state, arrived = self.read_state()
                move = self.follower.follow(state)
                if move is not None and self.follower.board.side.opponent is not s.side:
                    self.say(f"{s.side.opponent.word} {format_move(move)}")
                if self.follower.result is not None:
                    return self.follower.result
        finally:
            self.sock.close()

    def read_state(self) -> tuple[State, float]:
        """The next state and when it arrived (:func:`time.perf_counter`)."""
        text = read_frame(self.sock)
        return decode_state(text), time.perf_counter()

    def move(self, arrived: float) -> None:
        """Think, send our move and print it.  The server's clock started when it sent the
        state we are answering, which arrived at ``arrived`` (:func:`time.perf_counter`)."""
        start = arrived
        margin = safety_margin(self.settings.timeout)
        planned = start + self.settings.timeout - margin
        board = self.follower.board
        if not board.legal_moves():
            # The server never looks for this: it waits for a move, refuses whatever it
            # gets and gives the game to the opponent.  Say so at once instead of waiting.
            self.say(f"{self.settings.side.word} has no legal move: the server will refuse "
                     "any move and end the game")
            send_frame(self.sock, '{"from":"e5","to":"e5","turn":"'
                       + ("WHITE" if self.settings.side is Side.WHITE else "BLACK") + '"}')
            return
        move, analysis = self.thinker.choose(board, planned, planned + margin / 2)
        send_frame(self.sock, encode_move(move, self.settings.side))
        self.say(f"{self.settings.side.word} {format_move(move)}"
                 f"{_how(analysis, time.perf_counter() - start)}")


def _how(analysis: Analysis | None, seconds: float) -> str:
    if analysis is None:
        return f"   (no depth finished; {seconds:.2f} s)"
    score = f"mate {analysis.mate_in}" if analysis.mate_in is not None else analysis.score
    return (f"   (depth {analysis.depth}, score {score}, {analysis.nodes} nodes, "
            f"{analysis.nps} nodes/s, {seconds:.2f} s)")


def _connect(host: str, port: int) -> socket.socket:
    try:
        return socket.create_connection((host, port), timeout=CONNECT_SECONDS)
    except OSError as error:
        raise ChallengeError(f"cannot connect to {host}:{port}: "
                             f"{error.strerror or error} (is the server running?)") from None


# -- the command -------------------------------------------------------------------------------


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: {message}")


def _number(kind: Callable[[str], float], minimum: float, what: str) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if not value >= minimum:
            raise argparse.ArgumentTypeError(f"{text!r}: must be at least {minimum}")
        return value
    return parse


def parse_settings(argv: list[str]) -> Settings:
    """The settings of ``python -m tablut challenge ARGS``; _UsageError if they are wrong."""
    parser = _Parser(
        prog="python -m tablut challenge",
        description="Play one game of Ashton Tablut on a Tablut Challenge server "
                    "(AGalassi/TablutCompetition) with the computer player.")
    parser.add_argument("side", choices=("white", "black"), help="the side to play")
    parser.add_argument("--host", default="127.0.0.1", help="the server (default 127.0.0.1)")
    parser.add_argument("--port", type=_number(int, 1, "a port number"),
                        help="the server's port (default 5800 for white, 5801 for black)")
    parser.add_argument("--timeout", type=_number(float, 1, "a number of seconds"),
                        default=DEFAULT_TIMEOUT,
                        help="the server's time per move, its -t (default 60)")
    parser.add_argument("--name", default="tablut", help="the name sent to the server")
    parser.add_argument("--level", type=int, choices=sorted(LEVELS),
                        help="think with the node budget of this level (default: use the "
                             "time per move)")
    parser.add_argument("--movetime", type=_number(float, 0.01, "a number of seconds"),
                        help="seconds to think per move (never beyond the time-out)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the computer's choices")
    args = parser.parse_args(argv)
    side = Side.parse(args.side)
    return Settings(side, args.host, args.port or PORTS[side], args.timeout, args.name,
                    args.level, args.movetime, args.seed)


def challenge_command(argv: list[str], out: TextIO = sys.stdout, err: TextIO = sys.stderr
                      ) -> int:
    """Run ``python -m tablut challenge ARGS``; the exit status."""
    try:
        settings = parse_settings(argv)
    except _UsageError as error:
        print(f"error: {error}", file=err)
        return 2
    client = Client(settings, out)
    try:
        result = client.play()
    except (ChallengeError, ProtocolError, ImpossibleState) as error:
        print(f"error: {error}", file=err, flush=True)
        return 1
    client.say(f"result: {result}")
    return 0


__all__ = ["ChallengeError", "Client", "Settings", "Thinker", "challenge_command",
           "parse_settings", "safety_margin"]

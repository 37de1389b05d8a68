"""A test host for OTEP, the OpenTafl Engine Protocol: starts ``python -m tablut otep`` as
OpenTafl does (a child process, lines on its standard input and output), and checks the
grammar of every line the engine sends."""

from __future__ import annotations

import queue
import re
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Seconds to wait for a line before calling the engine stuck (a guard against a hang,
#: not a measure: the engines of the tests think a few hundred nodes a move).
PATIENCE = 120

SQUARE = r"[a-i][1-9]"
SIMPLE_MOVE = rf"{SQUARE}-{SQUARE}"
GRAMMAR = {
    "hello": re.compile(r"^hello$"),
    "status": re.compile(r"^status \S.*$"),
    "move": re.compile(rf"^move {SIMPLE_MOVE}$"),
    "error": re.compile(r"^error (-1|0) \S.*$"),
    "analysis": re.compile(rf"^analysis \d+( {SIMPLE_MOVE}(\|{SIMPLE_MOVE})* -?\d+)+$"),
}


class EngineProcess:
    """``python -m tablut otep`` with the given options, as OpenTafl runs an engine."""

    def __init__(self, *options: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tablut", "otep", *options], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.lines.put(raw)
        self.lines.put(None)

    def send(self, line: str) -> None:
        """One line to the engine, as OpenTafl writes it."""
        assert self.process.stdin is not None
        self.process.stdin.write((line + "\n").encode("ascii"))
        self.process.stdin.flush()

    def read(self) -> str:
        """The engine's next line, checked: US-ASCII, newline-ended, a known command
        in its grammar."""
        raw = self.lines.get(timeout=PATIENCE)
        assert raw is not None, "the engine closed its output"
        assert raw.endswith(b"\n")
        line = raw.decode("ascii").rstrip("\n")
        command = line.split(" ", 1)[0]
        assert command in GRAMMAR and GRAMMAR[command].match(line), line
        self.seen.append(line)
        return line

    def read_until(self, command: str) -> list[str]:
        """Lines up to and including the first ``command`` line."""
        lines = [self.read()]
        while not lines[-1].startswith(command + " ") and lines[-1] != command:
            lines.append(self.read())
        return lines

    def close(self) -> tuple[int, list[str], str]:
        """Say goodbye; the exit status, the lines sent after it and standard error."""
        self.send("goodbye")
        assert self.process.stdin is not None
        self.process.stdin.close()
        status = self.process.wait(timeout=PATIENCE)
        rest = []
        while (raw := self.lines.get(timeout=PATIENCE)) is not None:
            rest.append(raw.decode("ascii", "replace"))
        assert self.process.stderr is not None
        return status, rest, self.process.stderr.read().decode("utf-8", "replace")

    def kill(self) -> None:
        """Stop the process if it is still running (a test failed half way)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

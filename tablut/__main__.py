"""``python -m tablut``: the text interface, or one of the engine tools.

    python -m tablut [FILE]          play by commands from FILE or standard input
    python -m tablut perft DEPTH     count move sequences (see tablut.perft)
    python -m tablut search ...      search a position (see tablut.ai.commands)
    python -m tablut match ...       play computer levels against each other
    python -m tablut challenge ...   play on a Tablut Challenge server (see tablut.challenge)
    python -m tablut convert FILE    convert a game record (ours, OpenTafl's .otg)
    python -m tablut otep            speak OpenTafl's engine protocol (see tablut.opentafl)
    python -m tablut help [TOOL]     the usage below, or a tool's options

``--help`` and ``-h`` are the same as ``help``; each tool takes ``--help`` too.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable

PROG = "python -m tablut"

#: The tools, by name: what each does, in a few words.
TOOLS = {
    "perft": "count the legal move sequences of DEPTH moves, and how fast",
    "search": "analyse a position: a line for each depth searched, then the best move",
    "match": "play games between computer levels, each taking both colours",
    "challenge": "play one game of Ashton rules on a Tablut Challenge server",
    "convert": "convert a game record: ours to OpenTafl's .otg and back; OpenTafl rules",
    "otep": "be an engine for OpenTafl: speak its engine protocol (OTEP) on stdin/stdout",
}

HELP_WORDS = ("help", "-h", "--help")


def usage() -> str:
    """The text of ``python -m tablut --help``: how to run it, the tools, the commands."""
    from .cli import HELP

    tools = "\n".join(f"  {name + (' DEPTH' if name == 'perft' else ''):<14}{text}"
                      for name, text in TOOLS.items())
    return f"""\
usage: {PROG} [FILE]
       {PROG} perft DEPTH [options]
       {PROG} search [options]
       {PROG} match [options]
       {PROG} challenge white|black [options]
       {PROG} convert [FILE] [options]
       {PROG} otep [options]
       {PROG} help [perft | search | match | challenge | convert | otep]

Tablut, the Nordic board game, in a terminal.

With no FILE, play by typing commands: a person plays black and the computer white
(change it with auto and manual). With FILE, run the commands written in it, one a line.
The board and the computer's moves are written to standard output, errors to standard
error.

Engine tools ({PROG} TOOL --help for a tool's options):
{tools}

{HELP}
"""


def _tool(name: str) -> Callable[[list[str]], int]:
    if name == "perft":
        from .perft import perft_command

        return perft_command
    if name == "challenge":
        from .challenge.client import challenge_command

        return challenge_command
    if name == "convert":
        from .convert import convert_command

        return convert_command
    if name == "otep":
        from .opentafl.otep import otep_command

        return otep_command
    from .ai.commands import match_command, search_command

    return search_command if name == "search" else match_command


def _run_tool(name: str, argv: list[str]) -> int:
    """Run tool ``name``; its ``--help`` (or an argparse error) ends in SystemExit, which
    becomes the exit status, so that ``main`` always returns one."""
    try:
        return _tool(name)(argv)
    except SystemExit as end:
        if end.code is None or isinstance(end.code, int):
            return end.code or 0
        print(end.code, file=sys.stderr)
        return 1


def main(argv: list[str] | None = None) -> int:
    """Run the command line ``argv`` (default: the process's); the exit status."""
    args = sys.argv[1:] if argv is None else argv
    first = args[0] if args else ""
    if first in TOOLS:
        return _run_tool(first, args[1:])
    if first in HELP_WORDS:
        if len(args) == 2 and args[1] in TOOLS:
            return _run_tool(args[1], ["--help"])
        if len(args) > 1:
            return _usage_error(f"help takes one of {', '.join(TOOLS)}, not {args[1]!r}")
        print(usage(), end="")
        return 0
    if len(args) > 1:
        return _usage_error(f"too many arguments: {' '.join(args)}")
    if first.startswith("-"):
        return _usage_error(f"unknown option {first}")
    from .cli import run_text_interface

    # Bytes that are not UTF-8 are read as U+FFFD: the line is then refused as an unknown
    # command, like any other typing mistake, instead of ending the session with a traceback.
    if first:
        try:
            with open(first, encoding="utf-8", errors="replace") as source:
                return run_text_interface(source, interactive=False)
        except OSError as error:
            # No such file is a usage mistake (status 2, like a bad option); the file's
            # name is checked so that a file missing deeper down is not mistaken for it.
            if isinstance(error, FileNotFoundError) and error.filename == first:
                print(f"error: {_missing_file(first)}", file=sys.stderr)
                return 2
            print(f"error: cannot read {first}: {error.strerror}", file=sys.stderr)
            return 1
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")
    return run_text_interface(sys.stdin, interactive=sys.stdin.isatty())


def _missing_file(name: str) -> str:
    """What to say when ``name``, the one argument, names no file.

    A bare word (no directory, no extension) is far more likely a mistyped tool name than
    a command file, so it is answered with the tools.
    """
    separators = ("/", os.sep, os.altsep or os.sep)
    if "." in name or any(separator in name for separator in separators):
        return f"cannot read {name}: the file does not exist"
    return (f"no tool or file named {name!r}; tools: {', '.join(TOOLS)} "
            f"({PROG} --help)")


def _usage_error(problem: str) -> int:
    print(f"error: {problem}\nusage: {PROG} [FILE | {' | '.join(TOOLS)} | help]; "
          f"{PROG} --help says more", file=sys.stderr)
    return 2


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)

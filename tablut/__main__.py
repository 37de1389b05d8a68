"""``python -m tablut``: the text interface, or one of the engine tools.

    python -m tablut [FILE]          play by commands from FILE or standard input
    python -m tablut perft DEPTH     count move sequences (see tablut.perft)
    python -m tablut search ...      search a position (see tablut.ai.commands)
    python -m tablut match ...       play computer levels against each other
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Run the command line ``argv`` (default: the process's); the exit status."""
    args = sys.argv[1:] if argv is None else argv
    tool = args[0] if args else ""
    if tool == "perft":
        from .perft import perft_command

        return perft_command(args[1:])
    if tool == "search":
        from .ai.commands import search_command

        return search_command(args[1:])
    if tool == "match":
        from .ai.commands import match_command

        return match_command(args[1:])
    from .cli import run_text_interface

    if len(args) > 1 or tool in ("-h", "--help"):
        print(__doc__, file=sys.stderr)
        return 2
    if tool:
        try:
            with open(tool, encoding="utf-8") as source:
                return run_text_interface(source, interactive=False)
        except OSError as error:
            print(f"error: cannot read {tool}: {error.strerror}", file=sys.stderr)
            return 1
    return run_text_interface(sys.stdin, interactive=sys.stdin.isatty())


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)

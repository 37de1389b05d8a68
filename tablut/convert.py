"""``python -m tablut convert``: a game record from one format to another, and our rule sets
as OpenTafl rules strings.

    python -m tablut convert game.otg                 # OpenTafl's record as our text record
    python -m tablut convert game.txt --to otg -o game.otg
    python -m tablut convert game.txt --to position   # OpenTafl's "paste position" text
    python -m tablut convert --rules-strings          # each rule set in OpenTafl's words

The formats are those of :mod:`tablut.formats`; the input's is recognised by its content.
Without ``--to``, our records become OpenTafl's and OpenTafl's become ours.  A record
that cannot be read, or whose rules we do not play, is refused with one line on standard
error saying where and why (status 1).
"""

from __future__ import annotations

import sys

from .arguments import Parser, UsageError, fail
from .formats import FORMATS, detect, read_game, write_game
from .opentafl.rules_string import RulesStringError, inexpressible, rules_string
from .rules import TABLUT_RULES


def rules_strings() -> str:
    """Each of our 9x9 rule sets as an OpenTafl rules string, and what the string cannot
    say."""
    out = []
    for rules in TABLUT_RULES.values():
        out.append(f"{rules.name}: {rules_string(rules)}")
        missing = inexpressible(rules)
        out.extend(f"  not in the string: {sentence}" for sentence in missing)
        if not missing:
            out.append("  exact: OpenTafl plays these rules as we do")
    return "\n".join(out) + "\n"


def convert_command(argv: list[str]) -> int:
    """Run ``python -m tablut convert`` with the arguments ``argv``; the exit status."""
    parser = Parser(
        prog="python -m tablut convert",
        description="Convert a game record between our text record, our saved-game JSON, "
        "OpenTafl's .otg record and OpenTafl's position text; or print our rule sets as "
        "OpenTafl rules strings.",
    )
    parser.add_argument("file", nargs="?", default="-",
                        help="the record to convert (default: standard input)")
    parser.add_argument("--to", choices=FORMATS,
                        help="the format to write (default: otg for our records, text for "
                        "OpenTafl's)")
    parser.add_argument("-o", "--output", help="write to this file (default: standard output)")
    parser.add_argument("--rules-strings", action="store_true",
                        help="print each rule set as an OpenTafl rules string, and what the "
                        "string cannot say")
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        return fail(error)
    if args.rules_strings:
        sys.stdout.write(rules_strings())
        return 0
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as source:
                text = source.read()
    except (OSError, UnicodeDecodeError) as error:
        print(f"error: cannot read {args.file}: {getattr(error, 'strerror', error)}",
              file=sys.stderr)
        return 1
    kind = detect(text)
    try:
        game = read_game(text)
    except ValueError as error:
        print(f"error: {args.file if args.file != '-' else 'the record'} ({kind}): {error}",
              file=sys.stderr)
        return 1
    target = args.to or ("otg" if kind in ("text", "json") else "text")
    try:
        output = write_game(game, target)
    except RulesStringError as error:
        print(f"error: cannot write {target}: {error}", file=sys.stderr)
        return 1
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as sink:
                sink.write(output)
        except OSError as error:
            print(f"error: cannot write {args.output}: {error.strerror}", file=sys.stderr)
            return 1
    else:
        sys.stdout.write(output)
    return 0

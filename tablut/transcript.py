"""The text record of a game, for people: export to a file or the clipboard, and import.

The form follows PGN's habits::

    [Game "Tablut"]
    [Rules "berkeley"]
    [Start "---BBB---/----B----/ ... /----B----/---BBB--- b"]
    [TimeControl "5+3"]
    [Result "White wins: the king escaped."]

    1. i6-g d5-7
    2. i4-g

Tags are ``[Name "value"]`` lines; ``Rules`` and ``Start`` may be left out (berkeley, the
rule set's usual start).  Moves follow in notation, optionally numbered (``1.``, ``1...``); ``#`` or
``;`` starts a comment.  The result tag is written for people and checked on import
against the result that the moves produce.  Every error names its line.
"""

from __future__ import annotations

import re

from .game import Game, IllegalMove
from .notation import NotationError, format_move
from .rules import DEFAULT_RULES

_TAG = re.compile(r'^\[(\w+)\s+"([^"]*)"\]$')
_MOVE_NUMBER = re.compile(r"^\d+\.(\.\.)?$")
_KNOWN_TAGS = {"Game", "Rules", "Start", "Result", "Date", "Black", "White", "Event",
               "TimeControl"}


class TranscriptError(ValueError):
    """A text record that cannot be read; the message names the line and the problem.

    Attributes:
        line: the line at fault (1-based).
        problem: what is wrong, in the text interface's English.
        code: what is wrong, as a value for other words (a key of the page's table), or
            None when ``cause`` says it.
        params: the values ``code`` names (a tag's name, the results compared...).
        cause: the error of the move or position at fault (a NotationError or an
            IllegalMove, which carry values of their own), or None.
    """

    def __init__(self, line: int, problem: str, code: str | None = None,
                 cause: Exception | None = None, **params: object) -> None:
        """An error on line ``line`` (1-based) saying ``problem``."""
        super().__init__(f"line {line}: {problem}")
        self.line = line
        self.problem = problem
        self.code = code
        self.cause = cause
        self.params = params


def result_text(game: Game) -> str:
    """The result of the whole record, as written in the Result tag ("*" while it goes on)."""
    here = game.ply
    game.goto(len(game.moves))
    outcome = game.outcome()
    game.goto(here)
    return "*" if outcome is None else outcome.describe()


def export_transcript(game: Game, tags: dict[str, str] | None = None) -> str:
    """The whole record of ``game`` (every move, not just up to the cursor) as text."""
    lines = ['[Game "Tablut"]', f'[Rules "{game.rules.name}"]', f'[Start "{game.start}"]']
    if game.time_control:
        lines.append(f'[TimeControl "{game.time_control}"]')
    for name, value in (tags or {}).items():
        lines.append(f'[{name} "{value.replace(chr(34), chr(39))}"]')
    lines.append(f'[Result "{result_text(game)}"]')
    lines.append("")
    texts = [format_move(m, game.rules.size) for m in game.moves]
    # A move number covers a move of the rule set's first side (black, or white in ashton)
    # and the reply; a game set up with the other side to move starts with a reply.
    if game.first_side is not game.rules.first_side and texts:
        texts.insert(0, "...")
    for i in range(0, len(texts), 2):
        pair = " ".join(texts[i:i + 2])
        lines.append(f"{i // 2 + 1}. {pair}")
    return "\n".join(lines) + "\n"


def import_transcript(text: str) -> Game:
    """The game written in ``text``, at its last move.

    Raises TranscriptError naming the line of the first problem: a malformed tag, unknown
    rules, a bad start position, a malformed or illegal move, or a Result tag that the
    moves do not produce.
    """
    tags, moves = _read(text)
    rules_line, rules = tags.get("Rules", (0, DEFAULT_RULES.name))
    start_line, start = tags.get("Start", (0, None))
    try:
        game = Game(rules)
    except ValueError as error:
        raise TranscriptError(rules_line, str(error)) from None
    try:
        game = Game(game.rules, start)
    except NotationError as error:
        raise TranscriptError(start_line, f"bad start position: {error}", "bad-start",
                              error) from None
    for number, word in moves:
        try:
            game.play_text(word)
        except (NotationError, IllegalMove) as error:
            raise TranscriptError(number, str(error), cause=error) from None
    if "Result" in tags:
        line, claimed = tags["Result"]
        actual = result_text(game)
        if claimed.strip() not in ("", "*", actual):
            raise TranscriptError(line, f"the moves give {actual!r}, not {claimed!r}",
                                  "result-differs", actual=actual, claimed=claimed)
    if "TimeControl" in tags:
        game.time_control = tags["TimeControl"][1].strip() or None
    return game


def _read(text: str) -> tuple[dict[str, tuple[int, str]], list[tuple[int, str]]]:
    """The tags (name to line number and value) and the moves (line number and text) of a
    transcript, checked for form only."""
    tags: dict[str, tuple[int, str]] = {}
    moves: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = re.split(r"[#;]", raw, maxsplit=1)[0].strip()
        if line.startswith("["):
            name, value = _tag(number, line)
            if moves:
                raise TranscriptError(number, "tags must come before the moves", "tags-first")
            tags[name] = (number, value)
            continue
        for word in line.split():
            if not _MOVE_NUMBER.match(word) and word != "...":
                moves.append((number, word))
    return tags, moves


def _tag(number: int, line: str) -> tuple[str, str]:
    """The name and value of the tag on line ``number``."""
    match = _TAG.match(line)
    if not match:
        raise TranscriptError(number, 'a tag must look like [Name "value"]', "tag-form")
    name, value = match.groups()
    if name not in _KNOWN_TAGS:
        raise TranscriptError(number, f"unknown tag {name!r}", "unknown-tag", name=name)
    return name, value

"""OpenTafl game records (``.otg`` files): export a game, import one.

The layout, as OpenTafl writes it::

    [date:2026.11.23]
    [result:1]
    [compiler:OpenTafl]
    [rules:dim:9 name:Tablut esc:e atkf:y ks:c ... starti:/3ttt3/4t4/.../3ttt3/]

    1. b5-b3 e3-h3
    2. d9-d7 h3-d3
    ...
    12. f3-d3xKc3

Tags are ``[name:value]`` lines, the rules string (:mod:`.rules_string`) last; after a
blank line come the turns, one a line, the first mover's move then the other's, in
OpenTafl's notation (:mod:`.notation`).  ``result`` is ``1`` when the attackers (black)
won, ``-1`` when the defenders (white) won, ``0`` for a draw, ``?`` otherwise.  OpenTafl
may put a comment line ``[...|...]`` after a turn and variations on lines numbered like
``3b.3.1a.``; both are skipped on import, which reads the main line.

**Import** replays every move under the rule set the rules string describes (it must be
one of ours: :func:`~.rules_string.read_rules`), so that a record is never half-read.
A move's written captures must be captures the move makes; captures it leaves unwritten
are made all the same, because OpenTafl leaves out its Linnaean captures (a guard taken
against the throne).  A ``result`` tag is checked when the moves end the game; a record
whose moves do not end it may say anything, since OpenTafl also records a loss on time or
by resignation (and credits a resignation to the resigner).

**Export** writes the whole record (every move, whatever the position shown), all
captures included, with the tags ``result``, ``termination`` (why the game ended),
``compiler``, ``time-control`` (when the game has one) and ``rules``.  A time control goes
both ways when OpenTafl's is one of ours (:func:`time_control_tag`); OpenTafl's clock
readings (``time-remaining``, the comments) are not read.  For a rule set that a rules
string cannot hold exactly (:func:`~.rules_string.inexpressible`), the string is the
closest one, and its name (``Tablut_berkeley``) brings the game back here under its own
rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..english import reason_text
from ..game import Game, IllegalMove
from ..notation import format_move
from ..position import NotationError
from ..rules import RULES, Rules
from ..side import Side
from ..transcript import TranscriptError
from .notation import full_move, parse_move
from .rules_string import OpenTaflSetup, RulesStringError, read_rules, rules_string

#: The name of a downloaded OpenTafl record.
OTG_FILENAME = "tablut-game.otg"

_TAG = re.compile(r"^\[([^:\]\[|]+):([^\]]*)\]$")
_TURN = re.compile(r"^(\d+)\.(?:\s+(.*))?$")
_VARIATION = re.compile(r"^\d+[a-z]\.")

# Which of our rules a field says, for the message refusing rules that are none of ours.
_FIELD_WORDS = {
    "escape": "where the king escapes",
    "king_may_reenter_throne": "whether the king may return to the throne",
    "corners_restricted": "who may stop on the corners",
    "corners_hostile": "whether the corners are hostile",
    "empty_throne_hostile": "whether the empty throne is hostile",
    "throne_hostile_to_white_when_three_black": "the capture against the king's throne (linc)",
    "king_armed": "whether the king is armed",
    "king_sides_on_throne": "how the king is captured",
    "king_sides_next_to_throne": "how the king is captured",
    "king_sides_elsewhere": "how the king is captured",
    "throne_hostile_to_king": "whether the throne counts against the king",
    "repetition_count": "what a repeated position does",
    "repetition_outcome": "what a repeated position does",
    "encirclement": "whether encircling the defenders wins (surf)",
    "first_side": "who moves first",
    "camps": "the camps",
    "camp_centres_hostile_to_black": "the camps",
    "throne_blocks": "who may pass over the throne",
    "occupied_throne_hostile_to_white": "whether the king's throne is hostile",
    "size": "the size of the board",
    "shieldwalls": "shieldwall captures (sw)",
    "edge_forts": "edge forts (efe)",
}


def result_tag(game: Game) -> tuple[str, str]:
    """OpenTafl's ``result`` of the whole record (``1``, ``-1``, ``0`` or ``?``) and the
    ``termination``: why it ended, or "" while it goes on."""
    here = game.ply
    game.goto(len(game.moves))
    outcome = game.outcome()
    game.goto(here)
    if outcome is None:
        return "?", ""
    result = "0" if outcome.winner is None else ("1" if outcome.winner is Side.BLACK else "-1")
    return result, reason_text(outcome.reason.value)


def _turn_lines(game: Game) -> Iterator[str]:
    """The moves of the whole record, a turn a line, in OpenTafl's full notation."""
    here = game.ply
    game.goto(0)
    texts = []
    for move in game.moves:
        texts.append(full_move(game.board, move))
        game.board.push(move)
    game.goto(here)
    for i in range(0, len(texts), 2):
        yield f"{i // 2 + 1}. {' '.join(texts[i:i + 2])} "


def time_control_tag(text: str | None) -> str:
    """Our time control (``5+3``: minutes and an increment; ``10s``: seconds for every
    move) as OpenTafl's ``time-control`` (``300 0/0 3i``; ``0 10/1 0i``, one overtime
    period of 10 s), or "" for none."""
    found = re.fullmatch(r"(\d+)\+(\d+)|(\d+)s", (text or "").strip())
    if not found:
        return ""
    minutes, increment, seconds = found.groups()
    if seconds is not None:
        return f"0 {int(seconds)}/1 0i"
    return f"{int(minutes) * 60} 0/0 {int(increment)}i"


def time_control_of(tag: str) -> str | None:
    """OpenTafl's ``time-control`` as ours, when we have it: a main time in whole minutes
    with an increment and no overtime, or one overtime period alone; else None."""
    found = re.fullmatch(r"\s*(\d+)(?:\s+(\d+)/(\d+))?(?:\s+(\d+)i)?\s*", tag)
    if not found:
        return None
    main, period, periods, increment = (int(part or 0) for part in found.groups())
    if main == 0 and periods == 1 and period > 0 and increment == 0:
        return f"{period}s"
    if main > 0 and main % 60 == 0 and periods == 0:
        return f"{main // 60}+{increment}"
    return None


def export_otg(game: Game, tags: dict[str, str] | None = None) -> str:
    """The whole record of ``game`` as an OpenTafl ``.otg`` file; ``tags`` (such as
    ``date``, as OpenTafl writes it: ``2026.05.01``) come first."""
    result, termination = result_tag(game)
    lines = [f"[{name}:{_tag_value(value)}]" for name, value in (tags or {}).items()]
    lines.append(f"[result:{result}]")
    if termination:
        lines.append(f"[termination:{termination}]")
    lines.append("[compiler:Tablut]")
    if time_control_tag(game.time_control):
        lines.append(f"[time-control:{time_control_tag(game.time_control)}]")
    lines.append(f"[rules:{rules_string(game.rules, game.start, inverted=True)}]")
    lines.append("")
    lines.extend(_turn_lines(game))
    return "\n".join(lines) + "\n"


def _tag_value(value: str) -> str:
    """A tag value OpenTafl reads back whole: no ``]`` (it ends the value), one line."""
    return " ".join(value.replace("]", ")").replace("[", "(").split())


def looks_like_otg(text: str) -> bool:
    """Whether ``text`` is an OpenTafl record rather than one of ours: it has a
    ``[rules:`` tag."""
    return any(line.strip().startswith("[rules:") for line in text.splitlines())


def _read(text: str) -> tuple[dict[str, tuple[int, str]], list[tuple[int, str]]]:
    """The tags (name to line number and value) and the moves (line number and text)."""
    tags: dict[str, tuple[int, str]] = {}
    moves: list[tuple[int, str]] = []
    in_moves = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or _VARIATION.match(line):
            continue
        turn = _TURN.match(line)
        if turn:
            in_moves = True
            moves.extend((number, word) for word in (turn.group(2) or "").split()
                         if not re.fullmatch(r"\.+|---", word))
        elif line.startswith("[") and in_moves:
            continue  # a comment on the turn above (clock readings, notes)
        elif line.startswith("["):
            match = _TAG.match(line)
            if not match:
                raise TranscriptError(number, "a tag must look like [name:value]",
                                      "otg-tag-form")
            tags[match.group(1)] = (number, match.group(2))
        else:
            raise TranscriptError(number, "expected a tag [name:value] or a numbered turn "
                                  "such as 1. e8-e6 e5-b5", "otg-line-form")
    return tags, moves


def _describe_difference(rules: Rules) -> str:
    """Which of our rule sets comes closest to ``rules``, and what differs."""
    def differences(known: Rules) -> list[str]:
        return [name for name in _FIELD_WORDS if getattr(known, name) != getattr(rules, name)]

    closest = min(RULES.values(), key=lambda known: len(differences(known)))
    words = list(dict.fromkeys(_FIELD_WORDS[name] for name in differences(closest)))
    return f"the closest, {closest.name}, differs in {'; '.join(words)}"


def _our_rules(tags: dict[str, tuple[int, str]]) -> tuple[Rules, str]:
    """The rule set (one of ours) and start position of a record's ``rules`` tag."""
    if "rules" not in tags:
        raise TranscriptError(1, "an OpenTafl record needs its [rules:...] tag",
                              "otg-no-rules")
    line, text = tags["rules"]
    try:
        return registered(read_rules(text))
    except RulesStringError as error:
        raise TranscriptError(line, f"we do not play these rules: {error}", "otg-rules",
                              error) from None


def registered(setup: OpenTaflSetup) -> tuple[Rules, str]:
    """The rules and start of ``setup`` when the rules are one of our rule sets (which a
    saved game, a link or a text record can name); RulesStringError saying which of ours
    comes closest, and how it differs, when they are not."""
    if setup.rules.name not in RULES:
        raise RulesStringError("", "", f"the rules of {setup.name or 'this record'!r} are "
                               f"none of ours: {_describe_difference(setup.rules)}")
    return setup.rules, setup.start


def _play(game: Game, number: int, word: str) -> None:
    """Play the move ``word`` of line ``number``; its written captures must be made."""
    try:
        written = parse_move(word, game.rules.size)
    except NotationError as error:
        raise TranscriptError(number, str(error), cause=error) from None
    try:
        game.play(written.move)
    except IllegalMove as error:
        # Quote the move as the record writes it, not in our short notation.
        reason = str(error).removeprefix(f"{format_move(written.move, game.rules.size)}: ")
        raise TranscriptError(number, f"{word}: {reason}", "otg-illegal", error,
                              move=word) from None
    missing = [sq for sq in written.captures if not game.board.captured >> sq & 1]
    if missing:
        names = ", ".join(game.board.geometry.shape.square_name(sq) for sq in missing)
        raise TranscriptError(number, f"{word}: the record says it captures {names}, which "
                              f"it does not under {game.rules.name} rules", "otg-captures",
                              move=word, squares=names, rules=game.rules.name)


def import_otg(text: str) -> Game:
    """The game of an OpenTafl record, at its last move.

    Raises :class:`tablut.transcript.TranscriptError` naming the line of the first
    problem: a malformed line, rules we do not play (and why), a malformed or illegal
    move, a capture the move does not make, or a result the moves contradict.
    """
    tags, moves = _read(text)
    rules, start = _our_rules(tags)
    game = Game(rules, start)
    if "time-control" in tags:
        game.time_control = time_control_of(tags["time-control"][1])
    for number, word in moves:
        _play(game, number, word)
    if "result" in tags:
        line, claimed = tags["result"]
        actual, _ = result_tag(game)
        if actual != "?" and claimed.strip() in ("1", "-1", "0") and claimed.strip() != actual:
            raise TranscriptError(line, f"the moves give the result {actual}, not {claimed}",
                                  "otg-result-differs", actual=actual, claimed=claimed)
    return game


__all__ = ["OTG_FILENAME", "export_otg", "import_otg", "looks_like_otg", "registered",
           "result_tag", "time_control_of", "time_control_tag"]

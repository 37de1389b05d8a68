"""Every text form of a game that we read and write, told apart by its content.

====================  ====================================================================
``text``              our text record, for people (:mod:`tablut.transcript`)
``json``              a saved game (:meth:`tablut.game.Game.to_json`)
``otg``               OpenTafl's game record (:mod:`tablut.opentafl.record`)
``position``          OpenTafl's position text, what its "copy position" gives: the rules
                      string with the position as ``starti:`` and ``atkf`` saying who
                      moves (:func:`tablut.opentafl.rules_string.pasteable_position`)
====================  ====================================================================

:func:`read_game` reads any of them; :func:`write_game` writes any of them (a position
text holds the position shown, the others the whole record).
"""

from __future__ import annotations

from .game import Game
from .opentafl.record import export_otg, import_otg, looks_like_otg, registered
from .opentafl.rules_string import pasteable_position, read_rules
from .transcript import export_transcript, import_transcript

FORMATS = ("text", "json", "otg", "position")
"""The formats' names, as :func:`detect` gives them and :func:`write_game` takes them."""


def detect(text: str) -> str:
    """The format of ``text``: ``json``, ``otg``, ``position``, else ``text``."""
    body = text.strip()
    if body.startswith("{"):
        return "json"
    if looks_like_otg(body):
        return "otg"
    if body.startswith("dim:"):
        return "position"
    return "text"


def read_game(text: str) -> Game:
    """The game written in ``text``, whatever its format, at its last move.

    Raises the reader's own error, whose message says what is wrong:
    :class:`tablut.game.RecordError` (JSON), :class:`tablut.transcript.TranscriptError`
    (a text or OpenTafl record: it names the line) or
    :class:`tablut.opentafl.rules_string.RulesStringError` (an OpenTafl position).
    """
    kind = detect(text)
    if kind == "json":
        return Game.from_json(text)
    if kind == "otg":
        return import_otg(text)
    if kind == "position":
        rules, start = registered(read_rules(" ".join(text.split())))
        return Game(rules, start)
    return import_transcript(text)


def write_game(game: Game, kind: str) -> str:
    """``game`` written in the format ``kind`` (one of :data:`FORMATS`)."""
    if kind == "json":
        return game.to_json() + "\n"
    if kind == "otg":
        return export_otg(game)
    if kind == "position":
        return pasteable_position(game.board) + "\n"
    if kind == "text":
        return export_transcript(game)
    raise ValueError(f"unknown format {kind!r}: choose one of {', '.join(FORMATS)}")


__all__ = ["FORMATS", "detect", "read_game", "write_game"]

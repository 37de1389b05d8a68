"""Game records and share links as the records panel uses them, without a browser.

- :func:`read_record`: the game in a pasted or uploaded record (the text record of
  :mod:`tablut.transcript`, the JSON record of :meth:`Game.to_json`, OpenTafl's ``.otg``
  record or its "copy position" text: :mod:`tablut.formats`), or an
  :class:`ImportProblem` whose message names the line and the problem;
- :func:`export_record`, :func:`export_opentafl_record`, :func:`opentafl_position`: the
  game as our text record, as OpenTafl's record, and its position in OpenTafl's words;
- :func:`link_game`: the game in a page URL's fragment (:mod:`tablut.links`, versioned),
  None when the fragment holds no link, :class:`tablut.links.LinkError` when it is bad;
- :func:`share_url`: the page's address with the game in its fragment, and
  :func:`shared_address`: the page's address as a link carries it, the same in every
  language;
- small texts for the panel: :func:`describe`, :func:`default_name`.

No ``pyscript`` here, so all of it is tested natively.
"""

from __future__ import annotations

import re

from tablut import Game
from tablut.formats import detect, read_game
from tablut.game import RecordError
from tablut.links import game_from_fragment, game_to_fragment
from tablut.opentafl.record import OTG_FILENAME, export_otg
from tablut.opentafl.rules_string import RulesStringError, inexpressible, pasteable_position
from tablut.transcript import TranscriptError, export_transcript
from web.words.catalogue import _, ngettext
from web.words.engine import outcome_text, rules_title, transcript_problem
from web.words.sides import side_name

#: The name of a downloaded record.
RECORD_FILENAME = "tablut-game.txt"

#: The name of a downloaded OpenTafl record.
OPENTAFL_FILENAME = OTG_FILENAME

#: Bigger files are not game records; reading them would only freeze the page.
MAX_RECORD_CHARS = 1_000_000


class ImportProblem(ValueError):
    """A record that cannot be imported; the message, for people, says where and why."""


class ExportProblem(ValueError):
    """A game that a format cannot hold (OpenTafl's rules string may not hold every rule
    set); the message, for people, says so and what to use instead."""


def export_record(game: Game) -> str:
    """The text record of the whole game (every move, whatever the cursor)."""
    return export_transcript(game)


def export_opentafl_record(game: Game, date: str = "") -> str:
    """The whole game as an OpenTafl ``.otg`` record; ``date`` (``2026.05.01``, as
    OpenTafl writes it) goes in its date tag. ExportProblem, saying so, for a game whose
    rules OpenTafl's rules string cannot hold."""
    try:
        return export_otg(game, {"date": date} if date else None)
    except RulesStringError as error:
        raise ExportProblem(_not_for_opentafl(game, error)) from None


def opentafl_position(game: Game) -> str:
    """The position shown, as OpenTafl's "copy position" text (which OpenTafl pastes);
    ExportProblem, saying so, where OpenTafl's rules string cannot hold the rules."""
    try:
        return pasteable_position(game.board)
    except RulesStringError as error:
        raise ExportProblem(_not_for_opentafl(game, error)) from None


def _not_for_opentafl(game: Game, error: RulesStringError) -> str:
    # Translators: {rules} is the rule set's title ("Copenhagen Hnefatafl (11x11)"),
    # {error} what OpenTafl's rules string cannot say. "Download record" and "Copy
    # record" are the records panel's buttons.
    return _("OpenTafl cannot play this game of {rules} ({error}): use Download record or "
             "Copy record, which keep every game.").format(rules=rules_title(game.rules),
                                                           error=error)


def opentafl_caveat(game: Game) -> str:
    """What an OpenTafl record cannot say of the game's rules, for the message after a
    download ("" when OpenTafl plays them as we do)."""
    missing = inexpressible(game.rules)
    if not missing:
        return ""
    # Translators: {rules} is the rule set's key ("ashton"), {missing} sentences saying
    # what OpenTafl's rules string cannot say.
    return _("OpenTafl has no exact {rules} rules: its rules string is the closest "
             "({missing}) Opened here again, it plays as {rules}.").format(
                 rules=game.rules.name, missing=" ".join(missing))


def read_record(text: str) -> Game:
    """The game written in ``text``, at its last move; ImportProblem if there is none.

    A text or OpenTafl record's problems name their line (``Line 7: b3-9: ...``). A JSON
    record, such as a saved game, is accepted too, and so is OpenTafl's position text.
    """
    if len(text) > MAX_RECORD_CHARS:
        raise ImportProblem(_("This is too long to be a game record."))
    if not text.strip():
        raise ImportProblem(_("The record is empty: paste a game record or choose a file."))
    try:
        return read_game(text)
    except RecordError as error:
        # Translators: {error} is what is wrong with the JSON record.
        raise ImportProblem(_("This JSON is not a game record: {error}.").format(
            error=error)) from None
    except TranscriptError as error:
        if detect(text) == "otg":
            # Translators: {line} is the number of the line of the record at fault,
            # {problem} what is wrong with it.
            problem = _("OpenTafl record, line {line}: {problem}.")
        else:
            # Translators: {line} is the number of the line of the record at fault,
            # {problem} what is wrong with it.
            problem = _("Line {line}: {problem}.")
        raise ImportProblem(problem.format(line=error.line,
                                           problem=transcript_problem(error))) from None
    except RulesStringError as error:
        # Translators: {error} is why the position cannot be played.
        raise ImportProblem(_("This OpenTafl position cannot be played here: {error}.")
                            .format(error=error)) from None


def shared_address(href: str) -> str:
    """The page's address ``href`` as a link gives it to someone else: the site's own,
    not the page of this visitor's language ("…/index.sv.html#…" is "…/#…"), so that a
    link is the same in every language and opens in its receiver's."""
    return re.sub(r"/index\.[a-z]{2,3}\.html(?=$|[?#])", "/", href, count=1)


def fragment_of(hash_text: str) -> str:
    """A URL's fragment without its ``#``."""
    return hash_text[1:] if hash_text.startswith("#") else hash_text


def link_game(hash_text: str) -> Game | None:
    """The game of a share link's fragment (``location.hash``), or None when there is no
    fragment; raises LinkError, saying why, for a fragment that is not a good link."""
    fragment = fragment_of(hash_text)
    if not fragment:
        return None
    return game_from_fragment(fragment)


def share_fragment(game: Game) -> str:
    """The fragment (without ``#``) of the link that opens ``game`` at its position."""
    return game_to_fragment(game)


def share_url(href: str, game: Game) -> str:
    """The page address ``href`` with its fragment replaced by ``game``'s link."""
    return shared_address(href.split("#", 1)[0]) + "#" + share_fragment(game)


def same_game(one: Game, other: Game) -> bool:
    """Whether two games have the same rules, start, moves and position."""
    return (one.rules.name == other.rules.name and one.start == other.start
            and one.moves == other.moves and one.ply == other.ply)


def continues(old: Game, new: Game) -> bool:
    """Whether ``new`` is ``old`` played on (or the same record): opening it loses
    nothing of ``old``, as when a correspondence partner sends back the next move."""
    return (old.rules.name == new.rules.name and old.start == new.start
            and new.moves[:len(old.moves)] == old.moves)


def describe(game: Game) -> str:
    """A few words about a game for the saved-games list: its moves, rules and state."""
    count = len(game.moves)
    here = game.ply
    game.goto(count)
    outcome = game.outcome()
    # Translators: {side} is "Black" or "White".
    state = outcome_text(outcome) if outcome else _("{side} to move.").format(
        side=side_name(game.side))
    game.goto(here)
    rules = game.rules.name
    if count == 0:
        # Translators: a game described in the saved-games list; {rules} is the rule
        # set's key ("berkeley"), left as it is.
        moves = _("no moves, {rules} rules.").format(rules=rules)
    else:
        # Translators: a game described in the saved-games list; {rules} is the rule
        # set's key ("berkeley"), left as it is.
        moves = ngettext("{count} move, {rules} rules.", "{count} moves, {rules} rules.",
                         count).format(count=count, rules=rules)
    return f"{moves} {state}"


def default_name(local_time: str) -> str:
    """The name a saved game gets when none is typed: "Game of " and the local time."""
    # Translators: a saved game's name when none is typed; {time} is the local date and
    # time ("2026-05-01 14:03").
    return _("Game of {time}").format(time=local_time)

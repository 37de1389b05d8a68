"""The page's words for what the engine reports as values: a :class:`~tablut.NotationError`'s
code and params, an :class:`~tablut.Outcome`, why a move is illegal
(:class:`~tablut.Illegal`), a rule set's name and summary, a computer level's name.

Each is said in the installed language (:mod:`web.words.catalogue`); with no catalogue it
is exactly the text interface's English (:mod:`tablut.english`), which a test keeps so.
The tables are marked with :func:`N_` and translated where they are shown: this module is
imported before the player's language is known.
"""

from __future__ import annotations

from collections.abc import Mapping

from tablut import Illegal, IllegalMove, NotationError, Outcome, Rules, Side
from tablut.links import LinkError
from tablut.transcript import TranscriptError
from web.words.catalogue import N_, _, pgettext
from web.words.sides import side_name

# -- text that is not a move or a position ------------------------------------------------------

# The params each code names: ``{text}``, ``{start}``, ``{letter}`` and ``{row}`` are what
# the player (or a file) wrote, shown in quotes as Python quotes them ('e5-e9'); a square's
# name is ``{square}``; counts and sizes are numbers.
_NOTATION_ERRORS: dict[str, str] = {
    # Translators: a position string is one line such as "---BBB---/.../---BBB--- b":
    # the rows of the board separated by "/", a blank, then the side to move. Keep the
    # characters -, B, W, K, '/', b and w as they are.
    "position-form": N_("a position is rows of -, B, W, K separated by '/', a blank, then b "
                        "or w"),
    # Translators: {size} is the board's size, 7, 9 or 11 ("9 rows of 9 squares").
    "position-rows": N_("a position needs {size} rows of {size} squares separated by '/'"),
    # Translators: {text} is what was written instead of b or w, in quotes.
    "side-to-move": N_("the side to move must be b or w, not {text}"),
    # Translators: {letter} is the character found, in quotes; {square} the square's name.
    "position-letter": N_("{letter} at {square} is not one of -, B, W, K"),
    # Translators: {count} is the number of kings found (0, 2, 3...).
    "king-count": N_("a position needs exactly one king, not {count}"),
    # Translators: {square} is the throne's square ("e5").
    "soldier-on-throne": N_("only the king may stand on the throne ({square})"),
    # Translators: {rules} is a rule set's key, not translated ("nielsen").
    "soldier-on-corner": N_("only the king may stand on a corner in {rules} rules"),
    # Translators: {square} is a camp's square ("a4"); {rules} a rule set's key ("ashton").
    "white-in-camp": N_("no white piece may stand in a camp ({square}) in {rules} rules"),
    # Translators: {square} is the king's square, one he escapes to ("a1").
    "king-escaped": N_("the king on {square} has already escaped"),
    # Translators: {text} is what the player typed, in quotes; keep "b3-6" and "b3-f"
    # (moves in the game's notation).
    "move-form": N_("{text} is not a move: write it as b3-6 or b3-f"),
    # Translators: {text} is what the player typed, in quotes; {start} its part before
    # the dash, in quotes.
    "move-start": N_("{text} is not a move: {start} is not a square"),
    # Translators: {text} is what the player typed, in quotes; {size} the board's size
    # (the last rank, 9) and {last_file} its last file ("i").
    "move-target": N_("{text} is not a move: after the dash give a rank 1-{size} or a file "
                      "a-{last_file}"),
    # Translators: {text} is the move as written, in quotes.
    "move-not-straight": N_("{text} is not a move: pieces move in straight lines"),
    # Translators: {text} is the move as written, in quotes.
    "move-standing-still": N_("{text} is not a move: the piece must leave its square"),
    # Translators: a position record is OpenTafl's one-line picture of a board; {count}
    # is the number of its rows.
    "record-rows": N_("the position record has {count} rows: we play on boards of 7x7, 9x9 "
                      "and 11x11"),
    # Translators: {letter} is a character of OpenTafl's position record, in quotes;
    # {row} the row of the record it is in, in quotes.
    "record-letter": N_("{letter} in the position record {row} is not a piece"),
    # Translators: {row} is a row of OpenTafl's position record, in quotes; {count} the
    # number of squares it gives, {size} the number of rows of the board.
    "record-row-length": N_("the row {row} of the position record has {count} squares, on "
                            "a board of {size} rows"),
    # Translators: {text} is a move in OpenTafl's notation, in quotes; {square} the
    # square it names ("j3"); {size} the board's size ("the 9x9 board").
    "opentafl-square": N_("{text}: {square} is not a square of the {size}x{size} board"),
    # Translators: {text} is what was given as a move, in quotes; keep "e3-h3" (a move
    # in OpenTafl's notation).
    "opentafl-move": N_("{text} is not a move in OpenTafl's notation, such as e3-h3"),
    # Translators: {text} is a move in OpenTafl's notation, in quotes. A jump is a move
    # of other tafl games that leaps over a piece.
    "opentafl-jump": N_("{text} is a jump, which Tablut does not have"),
    # Translators: {text} is a move in OpenTafl's notation, in quotes. A berserk move is
    # a move of other tafl games that lets a piece move again.
    "opentafl-berserk": N_("{text} is a berserk move, which Tablut does not have"),
}

# OpenTafl's pieces that Tablut does not have, refused by name ("record-other-piece").
_OTHER_PIECES: dict[str, str] = {
    # Translators: {letter} is the piece's letter in OpenTafl's position record, in
    # quotes ('c'). A commander is a piece of other tafl games.
    "c": N_("the position has an attacking commander ({letter}), which is not a piece of "
            "Tablut"),
    # Translators: {letter} is the piece's letter in OpenTafl's position record, in quotes.
    "C": N_("the position has a commander ({letter}), which is not a piece of Tablut"),
    # Translators: {letter} is the piece's letter in OpenTafl's position record, in
    # quotes. A knight is a piece of other tafl games.
    "n": N_("the position has an attacking knight ({letter}), which is not a piece of "
            "Tablut"),
    # Translators: {letter} is the piece's letter in OpenTafl's position record, in quotes.
    "N": N_("the position has a knight ({letter}), which is not a piece of Tablut"),
    # Translators: {letter} is the piece's letter in OpenTafl's position record, in
    # quotes. A mercenary is a piece of other tafl games that changes sides when captured.
    "m": N_("the position has an attacking mercenary ({letter}), which is not a piece of "
            "Tablut"),
    # Translators: {letter} is the piece's letter in OpenTafl's position record, in quotes.
    "M": N_("the position has a mercenary ({letter}), which is not a piece of Tablut"),
    # Translators: {letter} is the piece's letter in OpenTafl's position record, in
    # quotes. A guard here is a piece of other tafl games, not a white piece of Tablut.
    "g": N_("the position has an attacking guard ({letter}), which is not a piece of "
            "Tablut"),
    # Translators: {letter} is the piece's letter in OpenTafl's position record, in
    # quotes. A guard here is a piece of other tafl games, not a white piece of Tablut.
    "G": N_("the position has a guard ({letter}), which is not a piece of Tablut"),
    # Translators: {letter} is the piece's letter in OpenTafl's position record, in
    # quotes. An attacking king is a king of the attackers, which Tablut does not have.
    "k": N_("the position has an attacking king ({letter}), which is not a piece of "
            "Tablut"),
}

_QUOTED = ("text", "start", "letter", "row")
"""The params that are text as it was written, shown in quotes."""


def error_text(error: NotationError) -> str:
    """What is wrong with a move or a position the player gave, in the installed
    language: the text interface's sentence (``str(error)``) in English. An error of no
    known code (one made from a message) is its message, untranslated."""
    params: Mapping[str, object] = error.params
    values = {key: repr(value) if key in _QUOTED else value for key, value in params.items()}
    if error.code == "record-other-piece":
        return _(_OTHER_PIECES[str(params["letter"])]).format(**values)
    template = _NOTATION_ERRORS.get(error.code)
    if template is None:
        return str(error)
    return _(template).format(**values)


def error_codes() -> frozenset[str]:
    """Every code :func:`error_text` has words for."""
    return frozenset(_NOTATION_ERRORS) | {"record-other-piece"}


# -- how a game ended ---------------------------------------------------------------------------

# Why a game ended, by the code of its tablut.Reason: "{side} wins: ..." and the draw.
_WINS: dict[str, str] = {
    # Translators: {side} is the winning side's name, "Black" or "White".
    "escape": N_("{side} wins: the king escaped."),
    # Translators: {side} is the winning side's name, "Black" or "White".
    "king-captured": N_("{side} wins: the king was captured."),
    # Translators: {side} is the winning side's name, "Black" or "White".
    "encircled": N_("{side} wins: black encircled every white piece."),
    # Translators: {side} is the winning side's name, "Black" or "White". A fort is a
    # group of white pieces around the king that black cannot break.
    "edge-fort": N_("{side} wins: the king stands in a fort on the edge."),
    # Translators: {side} is the winning side's name, "Black" or "White".
    "no-moves": N_("{side} wins: the side to move had no legal move."),
    # Translators: {side} is the winning side's name, "Black" or "White".
    "repetition": N_("{side} wins: a position was repeated."),
    # Translators: {side} is the winning side's name, "Black" or "White".
    "move-limit": N_("{side} wins: the move limit was reached."),
}

_DRAWS: dict[str, str] = {
    "escape": N_("Draw: the king escaped."),
    "king-captured": N_("Draw: the king was captured."),
    "encircled": N_("Draw: black encircled every white piece."),
    # Translators: a fort is a group of white pieces around the king that black cannot
    # break.
    "edge-fort": N_("Draw: the king stands in a fort on the edge."),
    "no-moves": N_("Draw: the side to move had no legal move."),
    "repetition": N_("Draw: a position was repeated."),
    "move-limit": N_("Draw: the move limit was reached."),
}


def outcome_text(outcome: Outcome) -> str:
    """How a game ended, in one sentence of the installed language: "White wins: the
    king escaped." (the text interface's :meth:`Outcome.describe`)."""
    if outcome.winner is None:
        return _(_DRAWS[outcome.reason.value])
    return _(_WINS[outcome.reason.value]).format(side=side_name(outcome.winner))


# -- why a move is illegal ----------------------------------------------------------------------

# "{move}: why", as the text interface says it; {move} is the move in the game's notation
# ("e5-7") and {square} a square's name ("e5").
_ILLEGAL: dict[str, str] = {
    # Translators: {move} is a move ("e5-7"); {outcome} is how the game ended, a whole
    # sentence ("White wins: the king escaped.").
    "game-over": N_("{move}: the game is over ({outcome})"),
    # Translators: {move} is a move ("e5-7"); {square} the square it leaves ("e5").
    "no-piece": N_("{move}: there is no piece on {square}"),
    # Translators: {move} is a move ("e5-7"); {square} the square it leaves ("e5").
    "black-turn": N_("{move}: it is black's turn, and {square} holds a white piece"),
    # Translators: {move} is a move ("e5-7"); {square} the square it leaves ("e5").
    "white-turn": N_("{move}: it is white's turn, and {square} holds a black piece"),
    # Translators: {move} is a move ("e5-7"); {square} the square it would stop on.
    "occupied": N_("{move}: {square} is occupied"),
    # Translators: {move} is a move ("e5-7"); {square} the first piece in its way.
    "blocked": N_("{move}: the way is blocked at {square}"),
    # Translators: {move} is a move ("e5-7"); {square} the throne's square ("e5").
    "throne-blocks": N_("{move}: nobody may pass over the throne ({square}), even when it "
                        "is empty"),
    # Translators: {move} is a move ("e5-7"); {square} a square of the other camp. A camp
    # is one of the four groups of squares where black starts (Ashton rules).
    "other-camp-stop": N_("{move}: a black piece may move within its own camp, but never "
                          "into another camp ({square})"),
    # Translators: {move} is a move ("e5-7"); {square} a square of the other camp.
    "other-camp-cross": N_("{move}: a black piece may cross its own camp, but never another "
                           "camp ({square})"),
    # Translators: {move} is a move ("e5-7"); {square} a square of the camp.
    "camp-stop": N_("{move}: no piece may enter a camp ({square}) from outside it"),
    # Translators: {move} is a move ("e5-7"); {square} a square of the camp.
    "camp-cross": N_("{move}: no piece may pass over a camp ({square}) from outside it, "
                     "even where it is empty"),
    # Translators: {move} is a move ("e5-7"); {square} the square it would stop on.
    "may-not-stop": N_("{move}: that piece may not stop on {square}"),
}

# The same reasons as sentences of their own, without the move (the lessons' words).
_ILLEGAL_SENTENCES: dict[str, str] = {
    # Translators: {outcome} is how the game ended, a whole sentence ("White wins: the
    # king escaped.").
    "game-over": N_("The game is over ({outcome})."),
    # Translators: {square} is a square's name ("e5").
    "no-piece": N_("There is no piece on {square}."),
    # Translators: {square} is a square's name ("e5").
    "black-turn": N_("It is black's turn, and {square} holds a white piece."),
    # Translators: {square} is a square's name ("e5").
    "white-turn": N_("It is white's turn, and {square} holds a black piece."),
    # Translators: {square} is a square's name ("e5").
    "occupied": N_("{square} is occupied."),
    # Translators: {square} is the first piece in the way ("e5").
    "blocked": N_("The way is blocked at {square}."),
    # Translators: {square} is the throne's square ("e5").
    "throne-blocks": N_("Nobody may pass over the throne ({square}), even when it is empty."),
    # Translators: {square} is a square of the other camp. A camp is one of the four
    # groups of squares where black starts (Ashton rules).
    "other-camp-stop": N_("A black piece may move within its own camp, but never into "
                          "another camp ({square})."),
    # Translators: {square} is a square of the other camp.
    "other-camp-cross": N_("A black piece may cross its own camp, but never another camp "
                           "({square})."),
    # Translators: {square} is a square of the camp.
    "camp-stop": N_("No piece may enter a camp ({square}) from outside it."),
    # Translators: {square} is a square of the camp.
    "camp-cross": N_("No piece may pass over a camp ({square}) from outside it, even where "
                     "it is empty."),
    # Translators: {square} is the square the piece would stop on.
    "may-not-stop": N_("That piece may not stop on {square}."),
}


def _illegal_key(illegal: Illegal) -> str:
    """The table key of ``illegal``: its code, but whose turn it is for a piece of the
    side not to move."""
    if illegal.code == "not-your-piece":
        return "black-turn" if illegal.params["side"] is Side.BLACK else "white-turn"
    return illegal.code


def _illegal_values(illegal: Illegal) -> dict[str, object]:
    """The placeholders' values of ``illegal``'s sentence."""
    values: dict[str, object] = {"move": illegal.move, "square": illegal.params.get("square")}
    if illegal.code == "game-over":
        winner = illegal.params["winner"]
        reason = str(illegal.params["reason"])
        values["outcome"] = (_(_DRAWS[reason]) if not isinstance(winner, Side)
                             else _(_WINS[reason]).format(side=side_name(winner)))
    return values


def illegal_text(illegal: Illegal) -> str:
    """Why a move is illegal (:func:`tablut.illegal_reason`), in one sentence of the
    installed language that names the move: "e5-7: e7 is occupied" (the text interface's
    :func:`tablut.explain_illegal`)."""
    return _(_ILLEGAL[_illegal_key(illegal)]).format(**_illegal_values(illegal))


def illegal_sentence(illegal: Illegal) -> str:
    """Why a move is illegal, as a sentence of its own without the move: "E7 is
    occupied." is "e7 is occupied." (the text interface's reason, capitalised, with a full
    stop)."""
    return _(_ILLEGAL_SENTENCES[_illegal_key(illegal)]).format(**_illegal_values(illegal))


# -- the rule sets ------------------------------------------------------------------------------

_RULES_TITLES: dict[str, str] = {
    # Translators: the name of a rule set (after Berkeley, where it was taught).
    "berkeley": N_("Berkeley"),
    # Translators: the name of a rule set (after the BrainKing game site).
    "brainking": N_("BrainKing"),
    # Translators: the name of a rule set (after Nielsen, its author).
    "nielsen": N_("Nielsen (corner escape)"),
    # Translators: the name of a rule set (after Ashton, its author; the Tablut Challenge
    # is a contest of computer players at the University of Bologna).
    "ashton": N_("Ashton (Tablut Challenge)"),
    # Translators: the name of a rule set (as the OpenTafl program plays Tablut).
    "opentafl": N_("OpenTafl Tablut"),
    # Translators: the name of a rule set, a game on a board of 7x7 squares.
    "brandubh": N_("Brandubh (7x7)"),
    # Translators: the name of a rule set, a game on a board of 11x11 squares.
    "copenhagen": N_("Copenhagen Hnefatafl (11x11)"),
    # Translators: the name of a rule set, a game on a board of 11x11 squares.
    "fetlar": N_("Fetlar Hnefatafl (11x11)"),
}

_RULES_SUMMARIES: dict[str, str] = {
    "berkeley": N_("The king escapes to any edge. He is captured by two black pieces, or by "
                   "four hostile sides on or beside the throne. Repeating an earlier "
                   "position loses."),
    "brainking": N_("The king escapes to any edge but is unarmed, and black needs four sides "
                    "to capture him (the throne counts beside it). Once the king leaves the "
                    "throne nobody may stop there. A position seen a third time is a draw."),
    # Translators: a match is two games with the players' sides swapped.
    "nielsen": N_("The king escapes only to a corner; corners and the empty throne are "
                  "hostile. The king is armed and captured by two pieces except on his "
                  "throne. Black also wins by encircling every white piece. A match is two "
                  "games with sides swapped."),
    # Translators: camps are the four groups of squares where black starts.
    "ashton": N_("White moves first. Black starts in four camps that nobody else may enter; "
                 "nobody passes over the throne, and camps and throne capture like enemy "
                 "pieces. The king escapes to any edge; he is captured by four sides on the "
                 "throne, three beside it, two elsewhere (a camp counts as one). A repeated "
                 "position is a draw."),
    "opentafl": N_("OpenTafl's 9x9 Tablut: the king escapes to any edge, never returns to "
                   "the throne, and is captured by two black pieces, or by four hostile "
                   "sides on or beside the throne. Black also wins by encircling every white "
                   "piece. A position seen a third time is a draw."),
    "brandubh": N_("A quick game on 7x7. The king escapes to a corner. He is armed and "
                   "captured by two black pieces, even on his throne; the corners are hostile "
                   "to everyone, the throne to nobody. A position seen a third time is a "
                   "draw."),
    # Translators: a fort is a group of white pieces around the king that black cannot
    # break; a shieldwall captures a row of pieces along an edge at once.
    "copenhagen": N_("The tournament game on 11x11. The king escapes to a corner, or wins in "
                     "a fort on an edge that black cannot break. He is armed and captured "
                     "only on four sides (three and the empty throne), never on an edge. A "
                     "row on an edge is captured by a shieldwall. Black also wins by "
                     "encircling every white piece. Repeating a position a third time "
                     "loses."),
    # Translators: shieldwalls and forts are rules of Copenhagen Hnefatafl that this game
    # leaves out.
    "fetlar": N_("Hnefatafl on 11x11 without shieldwalls or forts. The king escapes to a "
                 "corner; he is armed and captured only on four sides (three and the empty "
                 "throne), never on an edge. Black also wins by encircling every white "
                 "piece. A position seen a third time is a draw."),
}


def rules_title(rules: Rules) -> str:
    """The human name of ``rules`` in the installed language ("Berkeley"); a rule set
    read from an OpenTafl rules string is called by the name the string gave it."""
    title = _RULES_TITLES.get(rules.name)
    if title is not None:
        return _(title)
    # Translators: the name of a rule set read from an OpenTafl rules string that gives
    # it no name of its own.
    return rules.variant or _("OpenTafl rules")


def rules_summary(rules: Rules) -> str:
    """Two or three plain sentences for players on ``rules``, in the installed language."""
    summary = _RULES_SUMMARIES.get(rules.name)
    if summary is not None:
        return _(summary)
    return _("Rules read from an OpenTafl rules string.")


# -- the computer's levels ----------------------------------------------------------------------


def level_name(level: int) -> str:
    """The name of the computer's level ``level`` (1-7) in the installed language:
    "Beginner" ... "Master"."""
    names = {
        1: pgettext("the computer's level", "Beginner"),
        2: pgettext("the computer's level", "Novice"),
        3: pgettext("the computer's level", "Casual"),
        4: pgettext("the computer's level", "Club"),
        5: pgettext("the computer's level", "Strong"),
        6: pgettext("the computer's level", "Expert"),
        7: pgettext("the computer's level", "Master"),
    }
    return names[level]


_LEVEL_DESCRIPTIONS: dict[int, str] = {
    # Translators: how the computer's weakest level plays. "A win in one": a move that
    # wins at once.
    1: N_("Looks one move ahead for both sides and misjudges positions badly; never misses "
          "a win in one, never allows one."),
    # Translators: how a level of the computer plays; a ply is one side's move.
    2: N_("Two plies with a rough judgement."),
    # Translators: how a level of the computer plays; a ply is one side's move.
    3: N_("Three plies with a fair judgement."),
    # Translators: how a level of the computer plays: how long it thinks.
    4: N_("About a third of a second of search."),
    # Translators: how a level of the computer plays.
    5: N_("About a second of search; finds forced wins of up to four moves in the endgame."),
    # Translators: how a level of the computer plays: how long it thinks.
    6: N_("About three seconds of search."),
    # Translators: how a level of the computer plays: how long it thinks.
    7: N_("About seven seconds of search."),
}


def level_description(level: int) -> str:
    """One sentence on how the computer's level ``level`` plays, in the installed
    language."""
    return _(_LEVEL_DESCRIPTIONS[level])


# -- a record that cannot be read ---------------------------------------------------------------

_TRANSCRIPT_PROBLEMS: dict[str, str] = {
    # Translators: {error} says what is wrong with the record's start position.
    "bad-start": N_("bad start position: {error}"),
    # Translators: {actual} is the result the moves give, {claimed} the record's.
    "result-differs": N_("the moves give {actual}, not {claimed}"),
    "tags-first": N_("tags must come before the moves"),
    # Translators: keep [Name "value"] as it is: it is how a tag is written.
    "tag-form": N_('a tag must look like [Name "value"]'),
    # Translators: {name} is the tag's name, quoted.
    "unknown-tag": N_("unknown tag {name}"),
    # Translators: keep [name:value] as it is: it is how an OpenTafl tag is written.
    "otg-tag-form": N_("a tag must look like [name:value]"),
    # Translators: keep [name:value] and the turn "1. e8-e6 e5-b5" as they are.
    "otg-line-form": N_("expected a tag [name:value] or a numbered turn such as "
                        "1. e8-e6 e5-b5"),
    # Translators: keep [rules:...] as it is: it is how the tag is written.
    "otg-no-rules": N_("an OpenTafl record needs its [rules:...] tag"),
    # Translators: {error} says which of the rules is not played here (in English).
    "otg-rules": N_("we do not play these rules: {error}"),
    # Translators: {move} is the move as the record writes it; {squares} lists squares;
    # {rules} is a rule set's key.
    "otg-captures": N_("{move}: the record says it captures {squares}, which it does not "
                       "under {rules} rules"),
    # Translators: {actual} is the result the moves give, {claimed} the record's
    # (1, -1 or 0).
    "otg-result-differs": N_("the moves give the result {actual}, not {claimed}"),
}


_LINK_PROBLEMS: dict[str, str] = {
    "not-a-game": N_("this link does not describe a game"),
    # Translators: {version} is the link's format version, a number.
    "newer": N_("this link was made by a newer version of the game (v{version})"),
    # Translators: {error} says why the game of the link cannot start.
    "bad-start": N_("the link's game cannot start: {error}"),
    # Translators: {number} is the number of the move in the link; {error} what is wrong.
    "bad-move": N_("move {number} of the link: {error}"),
    # Translators: {ply} is the position the link names, quoted ('7x').
    "bad-ply": N_("the link's position {ply} is not a move of its game"),
}


def _cause_text(cause: Exception | None) -> str:
    """The engine's error behind a record's or a link's problem, in words."""
    if isinstance(cause, NotationError):
        return error_text(cause)
    if isinstance(cause, IllegalMove) and cause.illegal is not None:
        return illegal_text(cause.illegal)
    return "" if cause is None else str(cause)


def link_problem(error: LinkError) -> str:
    """What is wrong with a link (:class:`tablut.links.LinkError`), in the installed
    language."""
    template = _LINK_PROBLEMS.get(error.code)
    if template is None:
        return str(error)
    return _(template).format(error=_cause_text(error.cause), **error.params)


def transcript_problem(error: TranscriptError) -> str:
    """What is wrong with a line of a record (:class:`tablut.transcript.TranscriptError`),
    in the installed language; its English when it has no code of ours."""
    cause = error.cause
    values: dict[str, object] = dict(error.params)
    if error.code == "otg-illegal" and isinstance(cause, IllegalMove) and cause.illegal:
        # The move as the record writes it ("e8-e6"), not in our short notation.
        return illegal_text(cause.illegal._replace(move=str(values["move"])))
    values["error"] = _cause_text(cause)
    if error.code is None:
        return values["error"] or error.problem
    if error.code == "unknown-tag":
        values["name"] = repr(values["name"])
    template = _TRANSCRIPT_PROBLEMS.get(error.code)
    return error.problem if template is None else _(template).format(**values)

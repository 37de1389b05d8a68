"""OpenTafl rules strings: read one into our :class:`~tablut.rules.Rules`, write ours as one.

A rules string is ``key:value`` entries separated by blanks, the start position last::

    dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh:
    cenhe:tcnkTCNK linc:y start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/

(one line: OpenTafl's built-in 9x9 Tablut, which is our ``opentafl`` rule set).  Each key and its
default are in ``opentafl-notation-spec.txt`` of OpenTafl; where OpenTafl's own reader
(its ``RulesSerializer``) does something else, we read as OpenTafl does, because OpenTafl
is the referee of games played under its strings:

- a value is the text after the key's first colon; unknown keys are ignored; a key given
  twice counts once, the last time; only ``y`` is yes;
- ``tfr:i`` ("ignore repetitions") is read as ``tfr:d``, a draw, and so is any other
  unknown value; an unknown ``ks`` is a strong king, an unknown ``ka`` an armed one;
- hostility (``corh``, ``cenh``, ``cenhe``) belongs to a whole side: only the letters
  ``t`` (attackers) and ``T`` (defenders, the king among them) count;
- a piece may stop on a special square only if it may also pass it and re-enter it
  (``cenp``, ``cens``, ``cenre``; the same for corners), and OpenTafl reads ``corre``
  only when ``cenre`` is given (without ``corre`` nobody re-enters a corner then).

:func:`read_rules` accepts a string only when our engine plays it exactly, and otherwise
raises :class:`RulesStringError` naming the key, its value and what we do not play (a
board other than 9x9, a throne soldiers may stop on, jumping pieces, ...).  It returns one
of our registered rule sets when the string plays like it, else an unregistered
:class:`Rules` that the engine plays all the same.  A string that :func:`rules_string`
wrote for one of our rule sets (its ``name`` says which, ``Tablut_berkeley``) reads back
as that rule set, even where the string itself can only approximate it.

:func:`rules_string` writes any of our rule sets as a string that OpenTafl reads, in the
order and with the keys OpenTafl itself writes; :func:`inexpressible` lists, in words,
what of a rule set the string cannot say.  Only ``opentafl`` is exact.  The others:

- ``berkeley``: a position repeated once loses for the player who repeats it; OpenTafl's
  ``tfr`` only knows a position's third occurrence (the string says ``tfr:w``, which
  OpenTafl judges after the turn has passed: the side to move wins).
- ``brainking``: the empty throne counts against the king but not against guards and
  attackers; OpenTafl makes a square hostile to whole sides (the string says
  ``cenhe:TCNK``, hostile to the defenders, guards included).
- ``nielsen``: the king is captured by four on his throne but by two beside it (the
  throne does not count against him there); OpenTafl's ``ks`` has no such king, and its
  ``cenhe`` cannot spare the king alone (the string says ``ks:c cenhe:tcnkTCNK``).  A
  match of two games is not a rule a string can hold either.

One rule holds for every rule set and is no part of a rules string: a side with no legal
move on its turn loses.  OpenTafl's referee gives the defenders' loss only when none of
them has an empty neighbour, and never ends a game in which the attackers cannot move.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..board import Board
from ..board import start_position as first_position
from ..position import NotationError
from ..rules import RULES, Escape, RepetitionOutcome, Rules
from ..side import Side
from ..squares import NINE, Shape, shape
from .notation import our_position, position_record

#: OpenTafl's default for each key it reads (``RulesSerializer.defaults``).
DEFAULTS = {
    "esc": "c", "surf": "y", "atkf": "y", "tfr": "d", "ka": "y", "ks": "s", "kj": "n",
    "cor": "default", "cen": "default", "afor": "", "dfor": "", "spd": "-1",
    "corh": "tcnkmTCNKM", "cenh": "tcnkm", "cenhe": "tcnkmTCNKM",
    "corp": "K", "cenp": "tcnkmTCNKM", "cors": "K", "cens": "K",
    "corre": "tcnkmTCNKM", "cenre": "tcnkmTCNKM",
    "sw": "n", "efe": "n", "linc": "n", "ber": "n",
}

_PIECE_LETTERS = set("tcnkmgTCNKMG")
_PIECES = ("t", "T", "K")  # the pieces of Tablut: attacker, defender, king
_WORDS = {"t": "the attackers", "T": "the guards", "K": "the king"}
_ALL_PIECES = "tcnkTCNK"  # how OpenTafl's own Tablut writes "every piece"


class RulesStringError(ValueError):
    """A rules string that we cannot play (or cannot read); says which key and why.

    Attributes:
        key: the key at fault ("" when the string as a whole is wrong).
        value: its value in the string.
        problem: what we do not play, in words.
    """

    def __init__(self, key: str, value: str, problem: str) -> None:
        """The error for ``key`` with ``value``: ``problem`` says why."""
        shown = value if len(value) <= 40 else value[:37] + "..."
        where = f"'{key}:{shown}': " if key else ""
        super().__init__(f"{where}{problem}")
        self.key = key
        self.value = value
        self.problem = problem


@dataclass(frozen=True)
class OpenTaflSetup:
    """What a rules string describes: the rules and the start position.

    Attributes:
        rules: the rule set (a registered one when the string plays like it).
        start: the start position as our position string, with the side that moves first.
        name: the variant's name in the string (``name:``, underscores as blanks).
    """

    rules: Rules
    start: str
    name: str


def rules_map(text: str) -> dict[str, str]:
    """The keys and values of a rules string, read as OpenTafl reads them."""
    keys: dict[str, str] = {}
    for entry in text.split():
        key, _, value = entry.partition(":")
        keys[key] = value.split(":", 1)[0]
    return keys


class _Keys:
    """A rules string's keys, with OpenTafl's defaults for the missing ones, and the
    board they are for (9x9 until ``dim`` has been checked)."""

    def __init__(self, keys: dict[str, str]) -> None:
        self.keys = keys
        self.board: Shape = NINE

    def __getitem__(self, key: str) -> str:
        value = self.keys.get(key)
        return DEFAULTS.get(key, "") if value is None else value

    def letters(self, key: str) -> set[str]:
        """The piece letters of a piece-list key."""
        value = self[key]
        unknown = set(value) - _PIECE_LETTERS
        if unknown:
            raise RulesStringError(key, value, f"{sorted(unknown)[0]!r} is not a piece letter")
        return set(value)

    def squares(self, key: str, default: int) -> int:
        """The squares of a square-list key, as a bitboard (``default`` for "default")."""
        value = self[key]
        if value == "default":
            return default
        bb = 0
        for name in value.split(","):
            if name:
                try:
                    bb |= 1 << self.board.parse_square(name)
                except ValueError:
                    size = self.board.size
                    raise RulesStringError(key, value, f"{name!r} is not a square of the "
                                           f"{size}x{size} board") from None
        return bb


def _both_or_neither(keys: _Keys, key: str, what: str) -> bool:
    """Whether a hostility key makes its square hostile to both sides; an error when it
    makes it hostile to one side only (we play no such square)."""
    letters = keys.letters(key)
    attackers, defenders = "t" in letters, "T" in letters
    if attackers != defenders:
        one = "attackers" if attackers else "defenders (the king among them)"
        raise RulesStringError(key, keys[key], f"{what} hostile to the {one} only is not "
                               "a rule we play")
    return attackers


#: The board sizes we play: Brandubh's, Tablut's and Hnefatafl's.
_DIMENSIONS = ("7", "9", "11")


def _check_board(keys: _Keys) -> None:
    """The keys we play only at some values: board size, fortresses, jumps, weak
    shieldwalls, ...; sets ``keys.board`` to the board of ``dim``."""
    if keys["dim"] not in _DIMENSIONS:
        raise RulesStringError("dim", keys["dim"], "we play on boards of 7x7, 9x9 and 11x11")
    keys.board = shape(int(keys["dim"]))
    for key, what in (("afor", "attacker fortress squares"),
                      ("dfor", "defender fortress squares")):
        if keys.squares(key, 0):
            raise RulesStringError(key, keys[key], f"{what} are not a rule we play")
    if keys["kj"] in ("c", "j", "r"):
        raise RulesStringError("kj", keys["kj"], "a jumping king is not a rule we play")
    # Copenhagen's shieldwall: corners bracket it and only a flanking move closes it.
    for key, value, what in (("sw", ("w",), "shieldwalls that corners do not close"),
                             ("swf", ("n",), "shieldwalls closed by any move"),
                             ("ber", ("c", "m"), "berserk moves")):
        if keys[key] in value:
            raise RulesStringError(key, keys[key], f"{what} are not a rule we play")
    speeds = keys["spd"].split(",")
    if any(s.strip() not in ("-1", "") for s in speeds) or not keys["spd"].strip():
        raise RulesStringError("spd", keys["spd"], "speed limits are not a rule we play")


def _corners(keys: _Keys) -> tuple[bool, bool]:
    """Whether only the king stops on the corners, and whether they are hostile."""
    board = keys.board
    corners = keys.squares("cor", board.corners)
    if not corners:
        return False, False
    if corners != board.corners:
        raise RulesStringError("cor", keys["cor"], "corner squares other than the board's "
                               "four corners are not a rule we play")
    # OpenTafl reads corre only when cenre is given: without it nobody re-enters.
    if "cenre" not in keys.keys:
        reenter = set(_PIECE_LETTERS)
    else:  # OpenTafl reads corre only along with cenre; without it, nobody re-enters
        reenter = keys.letters("corre") if "corre" in keys.keys else set()
    lists = (("corp", keys.letters("corp")), ("cors", keys.letters("cors")),
             ("corre", reenter))
    stops = {p: all(p in letters for _, letters in lists) for p in _PIECES}
    if not stops["K"]:
        key = next(key for key, letters in lists if "K" not in letters)
        raise RulesStringError(key, keys.keys.get(key, ""), "a king who may not stop on "
                               "a corner is not a rule we play")
    if stops["t"] != stops["T"]:
        key = next(key for key, letters in lists if ("t" in letters) != ("T" in letters))
        raise RulesStringError(key, keys[key], "corners that one side's soldiers may stop "
                               "on and the other's not are not a rule we play")
    hostile = _both_or_neither(keys, "corh", "a corner")
    if stops["t"] and hostile:
        raise RulesStringError("corh", keys["corh"], "hostile corners that soldiers may "
                               "stop on are not a rule we play")
    return not stops["t"], hostile


def _throne(keys: _Keys, king_armed: bool) -> tuple[bool, bool, bool]:
    """Whether the king may return to the throne, whether the empty throne is hostile
    (to both sides, the king included), and whether nobody may pass over it (``cenp:``
    empty; a throne some pieces pass and others not is not one we play)."""
    centre = keys.board.centre
    throne = keys.squares("cen", 1 << centre)
    if throne != 1 << centre:
        problem = ("a board without a throne" if not throne
                   else f"a throne elsewhere than {keys.board.square_name(centre)}")
        raise RulesStringError("cen", keys["cen"], f"{problem} is not a rule we play")
    blocks = not any(piece in keys.letters("cenp") for piece in _PIECES)
    # Every piece or none may pass the throne; every piece may pass it again.
    lists = [("cenre", "pass over again once they have left it")]
    if not blocks:
        lists.insert(0, ("cenp", "pass over when it is empty, while others may,"))
    for key, refused in lists:
        letters = keys.letters(key)
        for piece in _PIECES:
            if piece not in letters:
                raise RulesStringError(key, keys[key], f"a throne that {_WORDS[piece]} may "
                                       f"not {refused} is not a rule we play")
    stop = keys.letters("cens")
    if "t" in stop or "T" in stop:
        raise RulesStringError("cens", keys["cens"], "soldiers who may stop on the throne "
                               "are not a rule we play")
    occupied = keys.letters("cenh")
    if "T" in occupied:
        raise RulesStringError("cenh", keys["cenh"], "the king's throne hostile to his own "
                               "guards is not a rule we play")
    if "t" in occupied and not king_armed:
        raise RulesStringError("cenh", keys["cenh"], "an unarmed king's throne hostile to "
                               "the attackers is not a rule we play")
    # A piece stops on the throne only if it may also pass it: the king of a throne that
    # nobody passes never comes back to it.
    reenter = "K" in stop and not blocks
    return reenter, _both_or_neither(keys, "cenhe", "an empty throne"), blocks


_KING_SIDES = {"c": (4, 4, 2), "w": (2, 2, 2), "n": (2, 2, 2)}  # else strong: (4, 4, 4)


def _king(keys: _Keys) -> tuple[bool, tuple[int, int, int]]:
    """Whether the king is armed, and how many hostile sides capture him on the throne,
    beside it and elsewhere."""
    if keys["ka"] in ("a", "h"):
        half = "anvil" if keys["ka"] == "a" else "hammer"
        raise RulesStringError("ka", keys["ka"], f"a king who is only a {half} in captures "
                               "is not a rule we play")
    if keys["ks"] == "m":
        raise RulesStringError("ks", "m", "a middleweight king (captured against the "
                               "board's edge) is not a rule we play")
    return keys["ka"] != "n", _KING_SIDES.get(keys["ks"], (4, 4, 4))


def _repetition(keys: _Keys) -> RepetitionOutcome:
    """What the third occurrence of a position does (OpenTafl counts only the third).

    OpenTafl judges it once the turn has passed: ``tfr:w`` ("wins") wins for the side
    then to move, so the player who repeated loses (Copenhagen's rule); ``tfr:l``
    ("loses") loses for the side to move, so the repeater wins.
    """
    if keys["tfr"] == "l":
        raise RulesStringError("tfr", "l", "a third repetition that wins for the player "
                               "who makes it is not a rule we play")
    return RepetitionOutcome.MOVER_LOSES if keys["tfr"] == "w" else RepetitionOutcome.DRAW


_NOT_PLAY = {"name", "variant", "match_games", "start"}
_PLAY_FIELDS = tuple(f.name for f in fields(Rules) if f.name not in _NOT_PLAY)


def plays_like(one: Rules, other: Rules) -> bool:
    """Whether two rule sets play the same game (names, texts, matches and the usual start
    aside)."""
    return all(getattr(one, name) == getattr(other, name) for name in _PLAY_FIELDS)


def _rules(keys: _Keys, variant: str, start: str) -> Rules:
    """Our rule set for the keys: a registered one that plays like them, or a new one
    whose usual start is ``start`` (the string's, our position string's rows)."""
    armed, (on_throne, beside, elsewhere) = _king(keys)
    corners_restricted, corners_hostile = _corners(keys)
    reenter, throne_hostile, throne_blocks = _throne(keys, armed)
    escape = Escape.CORNER if keys["esc"] == "c" else Escape.EDGE
    if escape is Escape.CORNER and not corners_restricted and not corners_hostile:
        raise RulesStringError("esc", "c", "escaping to corners needs the corner squares "
                               "(the string has 'cor:' without them)")
    rules = Rules(
        name="opentafl-" + "-".join(variant.lower().split()) if variant else "opentafl-custom",
        variant=variant,
        escape=escape,
        king_may_reenter_throne=reenter,
        corners_restricted=corners_restricted,
        corners_hostile=corners_hostile,
        empty_throne_hostile=throne_hostile,
        throne_blocks=throne_blocks,
        throne_hostile_to_white_when_three_black=keys["linc"] == "y",
        king_armed=armed,
        king_sides_on_throne=on_throne,
        king_sides_next_to_throne=beside,
        king_sides_elsewhere=elsewhere,
        throne_hostile_to_king=throne_hostile,
        repetition_count=3,
        repetition_outcome=_repetition(keys),
        encirclement=keys["surf"] == "y",
        match_games=1,
        size=keys.board.size,
        start=start,
        shieldwalls=keys["sw"] == "s",
        edge_forts=keys["efe"] == "y",
    )
    return next((known for known in RULES.values() if plays_like(known, rules)), rules)


def read_rules(text: str) -> OpenTaflSetup:
    """The rules and start position of an OpenTafl rules string.

    Raises :class:`RulesStringError` naming the key and value we cannot play, or what
    is missing (``dim`` and a start position are required).
    """
    keys = _Keys(rules_map(text))
    if "dim" not in keys.keys:
        raise RulesStringError("", "", "an OpenTafl rules string needs its board size, dim:")
    key = _start_key(keys)
    variant = keys.keys.get("name", "").replace("_", " ")
    rules = _written_here(text)
    if rules is None:
        _check_board(keys)
        try:
            rows = our_position(keys[key], inverted=key == "starti", black_to_move=True)
        except NotationError as error:
            raise RulesStringError(key, keys[key], str(error)) from None
        rules = _rules(keys, variant, rows.split()[0])
    return OpenTaflSetup(rules, start_position(text, rules), variant)


def _written_here(text: str) -> Rules | None:
    """The rule set whose string :func:`rules_string` wrote ``text`` to be (its name and
    keys), whatever the start position: how our rule sets that a string cannot hold
    exactly come back from OpenTafl as themselves."""
    def keys(string: str) -> dict[str, str]:
        found = rules_map(string)
        for key in ("start", "starti", "atkf"):
            found.pop(key, None)
        # Our strings before 2026-11 wrote tfr:l for a repetition that loses for the
        # player who makes it, the reverse of what OpenTafl does with it; read them as
        # they were meant.
        if found.get("tfr") == "l":
            found["tfr"] = "w"
        return found

    given = keys(text)
    for rules in RULES.values():
        if given.get("name") == opentafl_name(rules) and given == keys(rules_string(rules)):
            return rules
    return None


def _start_key(keys: _Keys) -> str:
    """``starti`` or ``start``, whichever the string has (``starti`` wins, as in OpenTafl)."""
    for key in ("starti", "start"):
        if key in keys.keys:
            return key
    raise RulesStringError("", "", "an OpenTafl rules string needs a start position, "
                           "start: or starti:")


def start_position(text: str, rules: Rules) -> str:
    """The start position of the rules string ``text`` as our position string, with the
    side that ``atkf`` says moves first, checked on a board under ``rules``.

    Raises :class:`RulesStringError` for a missing or unplayable position.
    """
    keys = _Keys(rules_map(text))
    key = _start_key(keys)
    record = keys[key]
    try:
        start = our_position(record, inverted=key == "starti",
                             black_to_move=keys["atkf"] == "y")
        return Board.from_position(start, rules).position()
    except NotationError as error:
        raise RulesStringError(key, record, str(error)) from None


# -- writing -------------------------------------------------------------------------------

#: Our rule sets' names in OpenTafl (``name:``): OpenTafl's own for the rule sets it has.
_NAMES = {"opentafl": "Tablut", "brandubh": "Brandub", "copenhagen": "Copenhagen",
          "fetlar": "Fetlar"}

_KING_MODES = (("s", (4, 4, 4)), ("c", (4, 4, 2)), ("w", (2, 2, 2)))


def opentafl_name(rules: Rules) -> str:
    """The variant name we give ``rules`` in a rules string (no blanks)."""
    return _NAMES.get(rules.name, f"Tablut_{rules.name}")


def _king_mode(rules: Rules) -> str:
    """OpenTafl's king strength closest to ours (exact when one matches)."""
    ours = (rules.king_sides_on_throne, rules.king_sides_next_to_throne,
            rules.king_sides_elsewhere)
    return min(_KING_MODES, key=lambda mode: sum(a != b for a, b in zip(mode[1], ours,
                                                                         strict=True)))[0]


def _corner_keys(rules: Rules) -> tuple[list[str], list[str]]:
    """The corner keys before the throne's (``cor``, ``corp``) and after (``cors``, ``corh``)."""
    if not (rules.corners_restricted or rules.corners_hostile):
        return ["cor:"], []
    before, after = [], []
    if not rules.corners_restricted:
        before.append(f"corp:{_ALL_PIECES}")
        after.append(f"cors:{_ALL_PIECES}")
    if not rules.corners_hostile:
        after.append("corh:")
    return before, after


def rules_string(rules: Rules, start: str | Board | None = None, *,
                 inverted: bool = False, name: str | None = None) -> str:
    """``rules`` and the start position ``start`` (our position string, or a board; by
    default the rule set's own start) as an OpenTafl rules string: ``start:`` (rank 1
    first) or, ``inverted``, ``starti:`` (rank 9 first, as OpenTafl writes in saved
    games).  Exact for ``opentafl``; for the other rule sets the closest string, and
    :func:`inexpressible` says what it cannot say."""
    if start is None:
        start = first_position(rules)
    board = Board.from_position(start, rules) if isinstance(start, str) else start
    mode = _king_mode(rules)
    before, after = _corner_keys(rules)
    hostile_throne = ("tcnk" if rules.empty_throne_hostile else "") + (
        "TCNK" if rules.empty_throne_hostile or rules.throne_hostile_to_king else "")
    keys = [
        f"dim:{rules.size}",
        f"name:{name or opentafl_name(rules)}",
        "esc:e" if rules.escape is Escape.EDGE else "",
        "" if rules.encirclement else "surf:n",
        f"atkf:{'y' if board.side is Side.BLACK else 'n'}",
        "tfr:w" if rules.repetition_outcome is RepetitionOutcome.MOVER_LOSES else "",
        "" if rules.king_armed else "ka:n",
        "" if mode == "s" else f"ks:{mode}",
        "nj:n",
        *before,
        # Who may pass over the empty throne: everybody, or nobody where it blocks.
        "cenp:" if rules.throne_blocks else f"cenp:{_ALL_PIECES}",
        *after[:1],
        "" if rules.king_may_reenter_throne else "cens:",
        *after[1:],
        "cenh:",
        f"cenhe:{hostile_throne}",
        "linc:y" if rules.throne_hostile_to_white_when_three_black else "",
        "sw:s" if rules.shieldwalls else "",
        "efe:y" if rules.edge_forts else "",
        ("starti:" if inverted else "start:") + position_record(board, inverted=inverted),
    ]
    return " ".join(key for key in keys if key)


def pasteable_position(board: Board) -> str:
    """OpenTafl's "copy position" text for ``board``: the rules string with the position
    as ``starti:`` and ``atkf`` saying who moves next."""
    return rules_string(board.rules, board, inverted=True)


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def inexpressible(rules: Rules) -> list[str]:
    """What of ``rules`` an OpenTafl rules string cannot say, one sentence each (none for
    a rule set that :func:`rules_string` writes exactly)."""
    out = []
    if rules.repetition_count != 3:
        outcome = ("loses for the player who makes it"
                   if rules.repetition_outcome is RepetitionOutcome.MOVER_LOSES else "draws")
        out.append(f"A position's {_ordinal(rules.repetition_count)} occurrence {outcome}; "
                   "OpenTafl's tfr counts only a third occurrence.")
    if rules.empty_throne_hostile != rules.throne_hostile_to_king:
        ours = ("the king but not the guards and attackers" if rules.throne_hostile_to_king
                else "the guards and attackers but not the king")
        out.append(f"The empty throne is hostile to {ours}; OpenTafl makes a square hostile "
                   "to whole sides, the king counting as a defender.")
    mode = dict(_KING_MODES)[_king_mode(rules)]
    ours = (rules.king_sides_on_throne, rules.king_sides_next_to_throne,
            rules.king_sides_elsewhere)
    if mode != ours:
        out.append("The king is captured by {} hostile sides on the throne, {} beside it and "
                   "{} elsewhere; OpenTafl's ks has no such king.".format(*ours))
    if rules.camps:
        out.append("Black's four camps, which no other piece may enter and which capture "
                   "like enemy pieces; OpenTafl's notation has no camps.")
    if rules.occupied_throne_hostile_to_white:
        out.append("The throne captures a guard beside it with the king on it too; "
                   "OpenTafl's cenhe counts only the empty throne.")
    if rules.match_games > 1:
        out.append(f"A match is {rules.match_games} games with sides swapped; a rules "
                   "string describes one game.")
    return out


__all__ = [
    "DEFAULTS",
    "OpenTaflSetup",
    "RulesStringError",
    "inexpressible",
    "opentafl_name",
    "pasteable_position",
    "plays_like",
    "read_rules",
    "rules_map",
    "rules_string",
    "start_position",
]

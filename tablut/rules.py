"""The rule sets, each a row of parameters.

Every rule that differs between the historical sources is a field of :class:`Rules`; the
engine reads the fields and never asks which rule set it plays.  A new variant is a new
``Rules(...)`` value, not a new branch in the code.  Where a historical source is ambiguous
the choice is written beside the field.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from .english import rules_summary, rules_title
from .side import Side


class Escape(Enum):
    """Where the king must reach for white to win."""

    EDGE = "edge"
    CORNER = "corner"


class RepetitionOutcome(Enum):
    """What happens when a position recurs the rule set's number of times."""

    MOVER_LOSES = "mover loses"
    DRAW = "draw"


TABLUT_START = (
    "---BBB---/----B----/----W----/B---W---B/BBWWKWWBB/B---W---B/----W----/----B----/---BBB---"
)
"""The start of Tablut on 9x9, top rank first: black in four groups of four at the edges,
the king on the throne with his eight guards in a cross."""

BRANDUBH_START = "---B---/---B---/---W---/BBWKWBB/---W---/---B---/---B---"
"""The start of Brandubh on 7x7: a cross of black and white around the king."""

HNEFATAFL_START = ("---BBBBB---/-----B-----/-----------/B----W----B/B---WWW---B/BB-WWKWW-BB/"
                   "B---WWW---B/B----W----B/-----------/-----B-----/---BBBBB---")
"""The start of Copenhagen and Fetlar Hnefatafl on 11x11: twenty-four black pieces in four
groups, the king in a diamond of twelve guards."""


@dataclass(frozen=True)
class Rules:
    """One rule set of Tablut or of its family (Brandubh, Hnefatafl), as parameters.

    Attributes:
        name: the short name used in commands, records and links; the text interface's
            words (:mod:`tablut.english`) and the page's give the rule set's human name and
            summary by it (:attr:`title`, :attr:`summary`).
        escape: the king escapes to any edge square, or only to a corner.
        king_may_reenter_throne: whether the king may stop on the throne after leaving it.
            Nobody else ever stops there; anyone may pass over it when it is empty.
        corners_restricted: only the king may stop on a corner.
        corners_hostile: an empty corner acts as an enemy piece for captures, to both sides
            and to the king.
        empty_throne_hostile: the empty throne acts as an enemy piece to white and black.
        throne_hostile_to_white_when_three_black: the throne occupied by the king acts as an
            enemy to a white guard beside it when three of the throne's four neighbours are
            black.
        king_armed: the king helps capture, as the moving piece or as the far piece.
        king_sides_on_throne / king_sides_next_to_throne / king_sides_elsewhere: how many
            hostile sides capture the king (2: a sandwich made by a black move; 4: all four
            neighbours hostile).
        throne_hostile_to_king: the empty throne counts as a hostile side of the king.
        repetition_count: the occurrence of a position (same pieces, same side to move)
            that ends the game: 2 means the first repeat.
        repetition_outcome: whether that repeat loses for the player who made it, or draws.
        encirclement: black wins when no white piece can reach an edge without crossing a
            black piece.
        match_games: games in a match (2: sides swap; see :mod:`tablut.match`).
        first_side: the side that moves first from the start position.
        camps: the sixteen squares where black starts (a4 a5 a6 b5, d1 e1 f1 e2, i4 i5 i6
            h5, d9 e9 f9 e8) are camps: no piece enters a camp from outside or passes over
            one, but a black piece standing in a camp may move within it and out of it;
            camp squares act as an enemy piece, empty or occupied, to white guards, to the
            king and to black soldiers (see ``camp_centres_hostile_to_black``).
        camp_centres_hostile_to_black: whether the middle edge square of each camp (a5,
            e1, i5, e9) acts as an enemy to black soldiers like the other camp squares.
        throne_blocks: nobody passes over the throne, empty or not (else anyone may pass
            over it when it is empty).
        occupied_throne_hostile_to_white: the throne with the king on it acts as an enemy
            to a white guard beside it, as the empty throne does.
        size: squares a side of the board (7, 9 or 11); the throne is the middle square
            and the corners are the four corner squares, whatever the size.
        start: the start position's rows, from the top rank down, as a position string's
            first part (see :mod:`tablut.position`).
        shieldwalls: a row of pieces on an edge, each with an enemy on the square inward
            of it, is captured at once when an enemy moving onto that edge closes the row
            at its end (a corner closes it too); the king helps close one but is never
            taken in one (Copenhagen).
        edge_forts: white wins when the king stands on an edge or can reach one, can move,
            and is walled in by white pieces that black cannot capture (Copenhagen's exit
            fort), as OpenTafl judges it (see :mod:`tablut.forts`).
        variant: the name an OpenTafl rules string gave a rule set that is none of ours
            (:mod:`tablut.opentafl.rules_string`), its human name; "" for ours.

    Whatever the rule set, a side to move with no legal move has lost.
    """

    name: str
    escape: Escape
    king_may_reenter_throne: bool
    corners_restricted: bool
    corners_hostile: bool
    empty_throne_hostile: bool
    throne_hostile_to_white_when_three_black: bool
    king_armed: bool
    king_sides_on_throne: int
    king_sides_next_to_throne: int
    king_sides_elsewhere: int
    throne_hostile_to_king: bool
    repetition_count: int
    repetition_outcome: RepetitionOutcome
    encirclement: bool
    match_games: int
    # The fields below came with the Ashton rules; their defaults are the other rule
    # sets' behaviour.
    first_side: Side = Side.BLACK
    camps: bool = False
    camp_centres_hostile_to_black: bool = True
    throne_blocks: bool = False
    occupied_throne_hostile_to_white: bool = False
    # The fields below came with the boards of 7x7 and 11x11.
    size: int = 9
    start: str = TABLUT_START
    shieldwalls: bool = False
    edge_forts: bool = False
    # The name an OpenTafl rules string gave a rule set that is none of ours ("" for ours).
    variant: str = ""

    @property
    def title(self) -> str:
        """A human name, in the text interface's English (:func:`tablut.english.rules_title`;
        the page's is :func:`web.words.engine.rules_title`)."""
        return rules_title(self.name, self.variant)

    @property
    def summary(self) -> str:
        """Two or three plain sentences for players, in the text interface's English
        (:func:`tablut.english.rules_summary`; the page's is
        :func:`web.words.engine.rules_summary`)."""
        return rules_summary(self.name)


BERKELEY = Rules(
    name="berkeley",
    escape=Escape.EDGE,
    king_may_reenter_throne=True,
    corners_restricted=False,
    corners_hostile=False,
    empty_throne_hostile=True,
    throne_hostile_to_white_when_three_black=True,
    king_armed=True,
    king_sides_on_throne=4,
    king_sides_next_to_throne=4,
    king_sides_elsewhere=2,
    throne_hostile_to_king=True,
    repetition_count=2,
    repetition_outcome=RepetitionOutcome.MOVER_LOSES,
    encirclement=False,
    match_games=1,
)

BRAINKING = Rules(
    name="brainking",
    escape=Escape.EDGE,
    king_may_reenter_throne=False,
    corners_restricted=False,
    corners_hostile=False,
    # BrainKing never calls the throne hostile to guards or attackers.
    empty_throne_hostile=False,
    throne_hostile_to_white_when_three_black=False,
    king_armed=False,
    king_sides_on_throne=4,
    king_sides_next_to_throne=4,
    king_sides_elsewhere=4,
    throne_hostile_to_king=True,
    # Not stated by the source; a third occurrence drawing is our addition so games end.
    repetition_count=3,
    repetition_outcome=RepetitionOutcome.DRAW,
    encirclement=False,
    match_games=1,
)

NIELSEN = Rules(
    name="nielsen",
    escape=Escape.CORNER,
    king_may_reenter_throne=True,
    corners_restricted=True,
    corners_hostile=True,
    empty_throne_hostile=True,
    throne_hostile_to_white_when_three_black=False,
    king_armed=True,
    king_sides_on_throne=4,
    king_sides_next_to_throne=2,
    king_sides_elsewhere=2,
    throne_hostile_to_king=False,
    repetition_count=3,
    repetition_outcome=RepetitionOutcome.MOVER_LOSES,
    encirclement=True,
    match_games=2,
)

ASHTON = Rules(
    name="ashton",
    # As the referee of the University of Bologna's Tablut Challenge decides it: the
    # Ashton rules of its server (AGalassi/TablutCompetition, GameAshtonTablut.java), whose
    # code, not any description, is the reference.  The data in tests/ashton/ were made
    # with it.  Where that code is silent our engine's choice is written here:
    #  * A side to move with no legal move loses.  The server never looks for one; such a
    #    side can only send a refused move or nothing, and loses either way (an illegal
    #    move or a time-out loses), so the result is the same.
    #  * The first position of a game is counted for repetition.  The server counts only
    #    the positions after each move; from the start position this changes nothing (black
    #    leaves a camp with its first move, for good, so the start never recurs), only in a
    #    position set up by hand.
    escape=Escape.EDGE,
    king_may_reenter_throne=False,
    corners_restricted=False,
    corners_hostile=False,
    empty_throne_hostile=True,
    # Replaced by occupied_throne_hostile_to_white: one black piece suffices.
    throne_hostile_to_white_when_three_black=False,
    king_armed=True,
    king_sides_on_throne=4,
    king_sides_next_to_throne=4,
    king_sides_elsewhere=2,
    throne_hostile_to_king=True,
    repetition_count=2,
    repetition_outcome=RepetitionOutcome.DRAW,
    encirclement=False,
    # One game, as in the other rule sets; the page offers a match with sides swapped.
    match_games=1,
    first_side=Side.WHITE,
    camps=True,
    camp_centres_hostile_to_black=False,
    throne_blocks=True,
    occupied_throne_hostile_to_white=True,
)

OPENTAFL = Rules(
    name="opentafl",
    # The rules OpenTafl's built-in "Tablut 9x9" plays (tablut.opentafl.rules_string reads
    # its rules string into exactly this row).  Where OpenTafl's referee gives no verdict
    # (the attackers left without a legal move) or approximates one (it calls the
    # defenders immobile only when none of them has an empty neighbour), this row keeps
    # the rule of every row: a side with no legal move on its turn loses.
    escape=Escape.EDGE,
    king_may_reenter_throne=False,
    corners_restricted=False,
    corners_hostile=False,
    empty_throne_hostile=True,
    throne_hostile_to_white_when_three_black=True,  # OpenTafl's Linnaean capture, linc:y
    king_armed=True,
    king_sides_on_throne=4,
    king_sides_next_to_throne=4,
    king_sides_elsewhere=2,
    throne_hostile_to_king=True,
    repetition_count=3,
    repetition_outcome=RepetitionOutcome.DRAW,
    encirclement=True,
    match_games=1,
)

# The tafl family beyond 9x9, as OpenTafl's rules code (v0.4.8.0b, its Brandub, Copenhagen
# and Fetlar classes) decides them: the data in tests/fixtures/opentafl/family were made
# with it.  Where OpenTafl lets a game go on although the side to move has no legal move,
# these rows keep the rule of every row: that side loses.

BRANDUBH = Rules(
    name="brandubh",
    escape=Escape.CORNER,
    king_may_reenter_throne=True,
    corners_restricted=True,
    corners_hostile=True,
    empty_throne_hostile=False,
    throne_hostile_to_white_when_three_black=False,
    king_armed=True,
    king_sides_on_throne=2,
    king_sides_next_to_throne=2,
    king_sides_elsewhere=2,
    throne_hostile_to_king=False,
    repetition_count=3,
    repetition_outcome=RepetitionOutcome.DRAW,
    encirclement=False,
    match_games=1,
    size=7,
    start=BRANDUBH_START,
)

COPENHAGEN = Rules(
    name="copenhagen",
    escape=Escape.CORNER,
    king_may_reenter_throne=True,
    corners_restricted=True,
    corners_hostile=True,
    empty_throne_hostile=True,
    throne_hostile_to_white_when_three_black=False,
    king_armed=True,
    king_sides_on_throne=4,
    king_sides_next_to_throne=4,
    king_sides_elsewhere=4,
    throne_hostile_to_king=True,
    repetition_count=3,
    repetition_outcome=RepetitionOutcome.MOVER_LOSES,
    encirclement=True,
    match_games=1,
    size=11,
    start=HNEFATAFL_START,
    shieldwalls=True,
    edge_forts=True,
)

FETLAR = replace(
    COPENHAGEN,
    name="fetlar",
    # Copenhagen's board and captures; no shieldwalls and no forts, and a third
    # repetition draws.
    repetition_outcome=RepetitionOutcome.DRAW,
    shieldwalls=False,
    edge_forts=False,
)

RULES: dict[str, Rules] = {r.name: r for r in (BERKELEY, BRAINKING, NIELSEN, ASHTON, OPENTAFL,
                                               BRANDUBH, COPENHAGEN, FETLAR)}
TABLUT_RULES: dict[str, Rules] = {name: r for name, r in RULES.items() if r.size == 9}
"""The rule sets of Tablut itself, on the 9x9 board."""
DEFAULT_RULES = BERKELEY


def rules_named(name: str) -> Rules:
    """The rule set called ``name`` (case-insensitive); ValueError naming the choices if none."""
    try:
        return RULES[name.strip().lower()]
    except KeyError:
        choices = ", ".join(RULES)
        raise ValueError(f"unknown rules {name!r}: choose one of {choices}") from None

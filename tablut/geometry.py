"""What a rule set makes of the board's squares, computed once per rule set.

:class:`tablut.rules.Rules` says in words where the king escapes, who may stop on the throne
and which squares act as enemies; :class:`RuleGeometry` says the same as bitboards, for
the board's move generator and captures and for the computer player's threat tests alike,
so each rule is turned into squares in this one place.  :func:`geometry` caches one value
per rule set, and every :class:`tablut.board.Board` holds its own as ``board.geometry``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Escape, Rules
from .squares import (
    ALL,
    CORNERS_BB,
    EDGES_BB,
    NEXT_TO_THRONE_BB,
    RAY_MASKS,
    SQUARES,
    THRONE,
    THRONE_BB,
    Bitboard,
    Square,
)


@dataclass(frozen=True, slots=True)
class RuleGeometry:
    """The squares that a rule set makes special, as bitboards.

    Attributes:
        escape: squares the king wins by reaching (every edge square, or the corners).
        corner_escape: whether the king escapes to the corners (else to any edge square).
        soldier_forbidden: squares no piece but the king may stop on.
        soldier_ok: squares soldiers may stop on (the complement of ``soldier_forbidden``).
        king_forbidden: squares the king may not stop on once he has left the throne.
        hostile_empty: squares that, empty, act as an enemy piece to a soldier of either
            side (the empty throne, the corners, as the rule set says).
        hostile_to_king_squares: empty squares that count as hostile sides of the king.
        king_sides: for each square, how many hostile sides capture the king there
            (2: a sandwich made by a black move; 4: all four neighbours).
        king_armed: the king helps capture, as the moving piece or as the far piece.
        throne_hostile_to_white_when_three_black: the throne with the king on it acts as an
            enemy to a white guard beside it once three of its neighbours are black.
        escape_rays: for each square, the rays (north, east, south, west) from it that
            lead to an escape square: a king there escapes along one when it is empty.
    """

    escape: Bitboard
    corner_escape: bool
    soldier_forbidden: Bitboard
    soldier_ok: Bitboard
    king_forbidden: Bitboard
    hostile_empty: Bitboard
    hostile_to_king_squares: Bitboard
    king_sides: tuple[int, ...]
    king_armed: bool
    throne_hostile_to_white_when_three_black: bool
    escape_rays: tuple[tuple[Bitboard, ...], ...]

    # The far side of a sandwich.  Each answer is a bitboard for the whole board, so a
    # capture test is one AND, and the board and the computer player ask the same thing.

    def anvils_against_white(self, black: Bitboard, king: Square) -> Bitboard:
        """The squares that capture a white guard between them and a black piece arriving
        on his other side: black pieces and the hostile squares, with the king where he
        stands (``king`` is -1 once he is captured)."""
        kbit = 1 << king if king >= 0 else 0
        anvils = black | (self.hostile_empty & ~kbit)
        if (king == THRONE and self.throne_hostile_to_white_when_three_black
                and (black & NEXT_TO_THRONE_BB).bit_count() >= 3):
            anvils |= THRONE_BB
        return anvils

    def anvils_against_black(self, white: Bitboard, king: Square) -> Bitboard:
        """The squares that capture a black piece between them and a white piece arriving
        on his other side: white guards, the king if he is armed, and the hostile squares."""
        kbit = 1 << king if king >= 0 else 0
        anvils = white | (self.hostile_empty & ~kbit)
        if self.king_armed:
            anvils |= kbit
        return anvils

    def hostile_to_king(self, black: Bitboard, king: Square) -> Bitboard:
        """The squares that count as hostile sides of the king on ``king`` (he must be on
        the board): black pieces and the hostile empty squares."""
        return black | (self.hostile_to_king_squares & ~(1 << king))


def _make_geometry(rules: Rules) -> RuleGeometry:
    corner_escape = rules.escape is Escape.CORNER
    soldier_forbidden = THRONE_BB | (CORNERS_BB if rules.corners_restricted else 0)
    hostile_corners = CORNERS_BB if rules.corners_hostile else 0
    escape = CORNERS_BB if corner_escape else EDGES_BB
    return RuleGeometry(
        escape=escape,
        corner_escape=corner_escape,
        soldier_forbidden=soldier_forbidden,
        soldier_ok=ALL & ~soldier_forbidden,
        king_forbidden=0 if rules.king_may_reenter_throne else THRONE_BB,
        # Nobody but the king stops on the throne, so "the throne and not the king" is
        # "the empty throne".
        hostile_empty=(THRONE_BB if rules.empty_throne_hostile else 0) | hostile_corners,
        hostile_to_king_squares=(THRONE_BB if rules.throne_hostile_to_king else 0)
        | hostile_corners,
        king_sides=tuple(
            rules.king_sides_on_throne if sq == THRONE
            else rules.king_sides_next_to_throne if NEXT_TO_THRONE_BB >> sq & 1
            else rules.king_sides_elsewhere
            for sq in SQUARES
        ),
        king_armed=rules.king_armed,
        throne_hostile_to_white_when_three_black=rules.throne_hostile_to_white_when_three_black,
        escape_rays=tuple(tuple(rays[sq] for rays in RAY_MASKS if rays[sq] & escape)
                          for sq in SQUARES),
    )


_CACHE: dict[int, tuple[Rules, RuleGeometry]] = {}


def geometry(rules: Rules) -> RuleGeometry:
    """The special squares of ``rules``: one value per rule set, computed on first use.

    Cached by identity: hashing a frozen dataclass of enums costs more than the lookup.
    The rule set is kept with its value, so its id is never reused while cached.
    """
    cached = _CACHE.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1]
    geo = _make_geometry(rules)
    _CACHE[id(rules)] = (rules, geo)
    return geo


__all__ = ["RuleGeometry", "geometry"]

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
from .squares import NINE, Bitboard, Shape, Square, parse_square, shape

CAMP_SQUARES: tuple[tuple[str, ...], ...] = (
    ("a4", "a5", "a6", "b5"),
    ("d1", "e1", "f1", "e2"),
    ("i4", "i5", "i6", "h5"),
    ("d9", "e9", "f9", "e8"),
)
"""The four camps of the rules that have them (on 9x9), by square name: where black
starts, the middle edge square of each camp second."""


def _bits(names: tuple[str, ...]) -> Bitboard:
    bb = 0
    for name in names:
        bb |= 1 << parse_square(name)
    return bb


CAMPS: tuple[Bitboard, ...] = tuple(_bits(camp) for camp in CAMP_SQUARES)
"""The four camps as bitboards."""
CAMPS_BB: Bitboard = _bits(sum(CAMP_SQUARES, ()))
"""Every camp square."""
CAMP_CENTRES_BB: Bitboard = _bits(tuple(camp[1] for camp in CAMP_SQUARES))
"""The middle edge square of each camp: a5, e1, i5, e9."""


@dataclass(frozen=True, slots=True)
class RuleGeometry:
    """The squares that a rule set makes special, as bitboards.

    Attributes:
        shape: the board (:class:`tablut.squares.Shape`): its size, squares and fills.
        throne: the throne's square (the board's centre).
        next_to_throne: the throne's four neighbours.
        escape: squares the king wins by reaching (every edge square, or the corners).
        corner_escape: whether the king escapes to the corners (else to any edge square).
        soldier_forbidden: squares no piece but the king may stop on.
        soldier_ok: squares soldiers may stop on (the complement of ``soldier_forbidden``).
        king_forbidden: squares the king may not stop on once he has left the throne.
        hostile_empty: squares that, empty, act as an enemy piece to a soldier of either
            side (the empty throne, the corners, as the rule set says).
        hostile_to_king_squares: empty squares that count as hostile sides of the king.
        hostile_to_king_by_king: for each square of the king, ``hostile_to_king_squares``
            but that square (see :meth:`hostile_to_king`).
        king_sides: for each square, how many hostile sides capture the king there
            (2: a sandwich made by a black move; 4: all four neighbours).
        king_armed: the king helps capture, as the moving piece or as the far piece.
        throne_hostile_to_white_when_three_black: the throne with the king on it acts as an
            enemy to a white guard beside it once three of its neighbours are black.
        escape_rays: for each square, the rays (north, east, south, west) from it that
            lead to an escape square and that no camp or blocking throne closes: a king there
            escapes along one when it is empty.
        camps: every camp square (0 for rule sets without camps).
        camp_groups: the camps in groups whose pieces can slide together (no straight
            line leads from one camp of a group into another), each group as one bitboard:
            a piece in a camp may cross its own camp's squares, so the pieces of each group
            are moved in a fill of their own (empty without camps).
        barrier: the squares that block every piece standing outside them: the camps, and
            the throne where nobody passes over it.
        walls: for each square, the squares a piece starting there may neither pass over
            nor stop on whatever stands on them: the other camps (all of them from outside
            a camp) and, where the rules say so, the throne.  All 0 for rule sets without
            camps and with a throne anyone passes over.
        walls_if_any: ``walls``, or None for rule sets where every wall is 0, so that
            move generators skip the test where it can never matter.
        hostile_to_white: squares that act as an enemy to a white guard whatever stands on
            them (camps; the throne, where occupied it is hostile as well as empty).
        hostile_to_black: squares that act as an enemy to a black soldier whatever stands
            on them (camps, maybe less their middle squares).
        white_anvils_by_king: for each square of the king, and last (index -1, the
            king's square once he is captured) for no king, the squares besides the black
            pieces that capture a white guard (see :meth:`anvils_against_white`).
        black_anvils_by_king: the same for a black soldier, besides the white guards.
    """

    shape: Shape
    throne: Square
    next_to_throne: Bitboard
    escape: Bitboard
    corner_escape: bool
    soldier_forbidden: Bitboard
    soldier_ok: Bitboard
    king_forbidden: Bitboard
    hostile_empty: Bitboard
    hostile_to_king_squares: Bitboard
    hostile_to_king_by_king: tuple[Bitboard, ...]
    king_sides: tuple[int, ...]
    king_armed: bool
    throne_hostile_to_white_when_three_black: bool
    escape_rays: tuple[tuple[Bitboard, ...], ...]
    camps: Bitboard
    camp_groups: tuple[Bitboard, ...]
    barrier: Bitboard
    walls: tuple[Bitboard, ...]
    walls_if_any: tuple[Bitboard, ...] | None
    hostile_to_white: Bitboard
    hostile_to_black: Bitboard
    white_anvils_by_king: tuple[Bitboard, ...]
    black_anvils_by_king: tuple[Bitboard, ...]

    # The far side of a sandwich.  Each answer is a bitboard for the whole board, so a
    # capture test is one AND, and the board and the computer player ask the same thing.

    def anvils_against_white(self, black: Bitboard, king: Square) -> Bitboard:
        """The squares that capture a white guard between them and a black piece arriving
        on his other side: black pieces and the hostile squares, with the king where he
        stands (``king`` is -1 once he is captured)."""
        anvils = black | self.white_anvils_by_king[king]
        if (king == self.throne and self.throne_hostile_to_white_when_three_black
                and (black & self.next_to_throne).bit_count() >= 3):
            anvils |= 1 << king
        return anvils

    def anvils_against_black(self, white: Bitboard, king: Square) -> Bitboard:
        """The squares that capture a black piece between them and a white piece arriving
        on his other side: white guards, the king if he is armed, and the hostile squares."""
        return white | self.black_anvils_by_king[king]

    def soldier_reach(self, soldiers: Bitboard, empty: Bitboard) -> Bitboard:
        """The squares that the soldiers on ``soldiers`` may move to, ``empty`` being the
        empty squares: straight moves through empty squares, walled out of the camps and
        (where it blocks) the throne, except that soldiers in a camp may cross their own."""
        barrier = self.barrier
        rook_reach = self.shape.rook_reach
        if not barrier:
            return rook_reach(soldiers, empty) & self.soldier_ok
        reach = rook_reach(soldiers & ~self.camps, empty & ~barrier)
        for group in self.camp_groups:
            if soldiers & group:
                reach |= rook_reach(soldiers & group, empty & ~(barrier & ~group))
        return reach & self.soldier_ok

    def hostile_to_king(self, black: Bitboard, king: Square) -> Bitboard:
        """The squares that count as hostile sides of the king on ``king`` (he must be on
        the board): black pieces and the hostile squares (empty ones, and camps)."""
        return black | self.hostile_to_king_by_king[king]


def _camp_groups() -> tuple[Bitboard, ...]:
    """The camps grouped so that no two camps of a group share a rank or a file: then no
    piece crossing its own camp can slide on into another camp of its group, and the
    pieces of a group can be moved in one fill (west with south, east with north)."""
    groups: list[Bitboard] = []
    for camp in CAMPS:
        for i, group in enumerate(groups):
            if not _lines(group) & camp:
                groups[i] = group | camp
                break
        else:
            groups.append(camp)
    return tuple(groups)


def _lines(squares: Bitboard) -> Bitboard:
    """Every square on a rank or a file of one of ``squares`` (on 9x9, where camps are)."""
    size = NINE.size
    return sum(1 << sq for sq in NINE.squares
               if any(sq // size == other // size or sq % size == other % size
                      for other in NINE.squares if squares >> other & 1))


def _barrier(rules: Rules, board: Shape) -> Bitboard:
    return (1 << board.centre if rules.throne_blocks else 0) | (CAMPS_BB if rules.camps else 0)


def _walls(rules: Rules, board: Shape) -> tuple[Bitboard, ...]:
    """For each square, what blocks a piece starting there besides other pieces."""
    barrier = _barrier(rules, board)
    if not rules.camps:
        return (barrier,) * board.count
    # A piece in a camp may cross and stop on its own camp's empty squares.
    own = [0] * board.count
    for camp in CAMPS:
        for sq in board.squares:
            if camp >> sq & 1:
                own[sq] = camp
    return tuple(barrier & ~own[sq] for sq in board.squares)


def _anvils_by_king(board: Shape, hostile: Bitboard, hostile_empty: Bitboard,
                    king_armed: bool) -> tuple[Bitboard, ...]:
    """For each square of the king, then for no king, the squares that capture a soldier
    besides the enemy soldiers: ``hostile`` ones, ``hostile_empty`` ones unless the king
    stands there, and the king's own if he is ``king_armed``.  Looked up, not computed,
    because every capture test and every evaluation asks."""
    return tuple(hostile | (hostile_empty & ~(1 << sq)) | ((1 << sq) if king_armed else 0)
                 for sq in board.squares) + (hostile | hostile_empty,)


def _make_geometry(rules: Rules) -> RuleGeometry:
    board = shape(rules.size)
    if rules.camps and board is not NINE:
        raise ValueError("camps are squares of the 9x9 board")
    throne = board.centre
    throne_bb = 1 << throne
    next_to_throne = board.neighbour_masks[throne]
    corner_escape = rules.escape is Escape.CORNER
    soldier_forbidden = throne_bb | (board.corners if rules.corners_restricted else 0)
    hostile_corners = board.corners if rules.corners_hostile else 0
    camps = CAMPS_BB if rules.camps else 0
    # The king never enters a camp, so no camp square is an escape square.
    escape = (board.corners if corner_escape else board.edges) & ~camps
    walls = _walls(rules, board)
    # Nobody but the king stops on the throne, so "the throne and not the king" is
    # "the empty throne".
    hostile_empty = (throne_bb if rules.empty_throne_hostile else 0) | hostile_corners
    hostile_to_king = (throne_bb if rules.throne_hostile_to_king else 0) | hostile_corners | camps
    hostile_to_white = camps | (throne_bb if rules.occupied_throne_hostile_to_white else 0)
    hostile_to_black = camps & ~(0 if rules.camp_centres_hostile_to_black else CAMP_CENTRES_BB)
    barrier = _barrier(rules, board)
    return RuleGeometry(
        shape=board,
        throne=throne,
        next_to_throne=next_to_throne,
        escape=escape,
        corner_escape=corner_escape,
        soldier_forbidden=soldier_forbidden,
        soldier_ok=board.all & ~soldier_forbidden,
        king_forbidden=0 if rules.king_may_reenter_throne else throne_bb,
        hostile_empty=hostile_empty,
        hostile_to_king_squares=hostile_to_king,
        hostile_to_king_by_king=tuple(hostile_to_king & ~(1 << sq) for sq in board.squares),
        king_sides=tuple(
            rules.king_sides_on_throne if sq == throne
            else rules.king_sides_next_to_throne if next_to_throne >> sq & 1
            else rules.king_sides_elsewhere
            for sq in board.squares
        ),
        king_armed=rules.king_armed,
        throne_hostile_to_white_when_three_black=rules.throne_hostile_to_white_when_three_black,
        # A camp or a throne nobody crosses closes a line for good: such rays never open.
        escape_rays=tuple(tuple(rays[sq] for rays in board.ray_masks
                                if rays[sq] & escape and not rays[sq] & walls[sq])
                          for sq in board.squares),
        camps=camps,
        camp_groups=_camp_groups() if rules.camps else (),
        barrier=barrier,
        walls=walls,
        walls_if_any=walls if barrier else None,
        hostile_to_white=hostile_to_white,
        hostile_to_black=hostile_to_black,
        white_anvils_by_king=_anvils_by_king(board, hostile_to_white, hostile_empty, False),
        black_anvils_by_king=_anvils_by_king(board, hostile_to_black, hostile_empty,
                                             rules.king_armed),
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


__all__ = ["CAMPS", "CAMPS_BB", "CAMP_CENTRES_BB", "CAMP_SQUARES", "RuleGeometry", "geometry"]
